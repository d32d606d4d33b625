"""The position commands: ``new``, ``show``, ``moves``, ``perft`` and ``apply``."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Dict, List, Optional

import typer

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the package declares tomli for these versions
    import tomli as tomllib

from .. import games
from .._files import write_atomically
from ..checks import check_players
from ..errors import GolemError, InternalError, refusal
from .inputs import (
    load_position,
    parse_setup_options,
    refuse_existing,
    ruleset_line,
    split_moves,
    with_ruleset,
    write_position,
    wrote,
)
from .options import (
    ComponentsOpt,
    ForceOpt,
    GameOpt,
    OutOpt,
    PosArg,
    SetupOptionOpt,
    int_option,
    with_setup_flags,
)
from .program import (
    EXIT_INTERRUPTED,
    FORCE_HINT,
    app,
    reports_errors,
    run_interruptibly,
)
from .render import renderer_for
from .text import escape_lines

PLAYERS_HELP = "Number of players: " + ", ".join(
    f"{name} {cls.INFO['min_players']}–{cls.INFO['max_players']}"
    for name, cls in games.GAMES.items()
)


@app.command("new")
@reports_errors
@with_setup_flags
def new_command(
    game: str = GameOpt,
    players: int = typer.Option(2, "--players", "-n", help=PLAYERS_HELP),
    seed: int = int_option(0, "--seed", "-s", key="seed", help="Seed of the shuffle."),
    hidden_decks: bool = typer.Option(
        False,
        "--hidden-decks",
        "--hide-decks",
        help="Leave the deck orders out: every deal is a chance event.",
    ),
    option: List[str] = SetupOptionOpt,
    output: Optional[Path] = OutOpt,
    force: bool = ForceOpt,
    setup_flags: Optional[Dict[str, str]] = None,
) -> None:
    """Write a fresh starting position (the decks listed in their shuffled order)."""
    check_players(game, players)
    options = parse_setup_options(game, option, setup_flags)
    write_position(games.new(game, players, seed, hidden_decks, options), output, force)


SvgOpt = typer.Option(
    None, "--svg", help="Draw the board to this SVG file instead of printing it."
)


@app.command("show")
@reports_errors
def show_command(
    pos: str = PosArg,
    svg: Optional[Path] = SvgOpt,
    force: bool = ForceOpt,
    as_json: bool = typer.Option(
        False,
        "--json",
        help="Print one JSON object: the position as its file says, whose turn, the"
        " scores and the legal moves.",
    ),
    components: Optional[Path] = ComponentsOpt,
) -> None:
    """Show a position as a readable board (or draw it: --svg)."""
    state = load_position(pos, components)
    if as_json and svg is not None:
        raise refusal("json", "--json and --svg are two outputs; give one")
    if as_json:
        typer.echo(json.dumps(with_ruleset(position_summary(state), state)))
        return
    if svg is not None:
        picture = state.to_svg()
        if picture is None:
            raise refusal("svg", f"{state.game} has no board picture yet")
        refuse_existing(svg, force)
        write_atomically(svg, picture, overwrite=force, exists_hint=FORCE_HINT)
        wrote(svg)
        return
    renderer = renderer_for(state.game)
    if sys.stdout.isatty():
        renderer.print_rich(state)
    else:
        typer.echo(escape_lines(renderer.render_plain(state)), nl=False)


def position_summary(state) -> dict:
    """What ``show --json`` prints: the position's own TOML as data, and what the rules
    derive from it (whose turn, the scores, the moves or chance outcomes due)."""
    summary = {
        "game": state.game,
        "players": state.players,
        "turn": state.turn,
        "to_move": state.current_player,
        "scores": state.scores(),
        "winner": state.winner() if state.is_terminal() else None,
    }
    if state.is_chance():
        summary["chance_outcomes"] = [
            {"outcome": text, "probability": p} for text, p in state.chance_outcomes()
        ]
    else:
        summary["legal_moves"] = state.legal_action_texts()
    summary["position"] = tomllib.loads(state.to_toml())
    return summary


@app.command("moves")
@reports_errors
def moves_command(
    pos: str = PosArg,
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list."),
    components: Optional[Path] = ComponentsOpt,
) -> None:
    """List the legal moves (chance outcomes at a chance node), one canonical text a line."""
    texts = load_position(pos, components).legal_action_texts()
    if as_json:
        typer.echo(json.dumps(texts))
    else:
        for text in texts:
            typer.echo(text)


@app.command("perft")
@reports_errors
def perft_command(
    pos: str = PosArg,
    depth: int = int_option(
        ..., "--depth", "-d", key="perft_depth", help="Plies to count."
    ),
    divide: bool = typer.Option(
        False, "--divide", help="Print the count under each root move."
    ),
    as_json: bool = typer.Option(
        False,
        "--json",
        help='End with one line {"depth": D, "nodes": N, "seconds": T}.',
    ),
    components: Optional[Path] = ComponentsOpt,
) -> None:
    """Count the leaves of the canonical action tree DEPTH plies deep (Ctrl-C stops the
    count: "perft stopped", exit status 130)."""
    state = load_position(pos, components)
    ruleset_line(state, as_json)
    start = time.perf_counter()
    if divide:
        counts, _ = run_interruptibly(
            lambda token: state.perft_divide(depth, stop=token)
        )
        nodes = None if counts is None else sum(n for _, n in counts)
    else:
        nodes, _ = run_interruptibly(lambda token: state.perft(depth, stop=token))
        counts = []
    seconds = time.perf_counter() - start
    if nodes is None:  # stopped: a partial count would be a wrong answer
        typer.echo("perft stopped", err=True)
        raise typer.Exit(EXIT_INTERRUPTED)
    for text, count in counts:
        typer.echo(f"{text}: {count}")
    if as_json:
        typer.echo(
            json.dumps(
                with_ruleset(
                    {"depth": depth, "nodes": nodes, "seconds": round(seconds, 6)},
                    state,
                )
            )
        )
    else:
        if divide:
            typer.echo("")
        rate = f" ({nodes / seconds:,.0f} nodes/s)" if seconds > 0 else ""
        typer.echo(f"perft({depth}) = {nodes} in {seconds:.3f} s{rate}")


def chance_due(state, shown: int = 3) -> str:
    """At a chance node a player's move cannot be played: say what is due instead
    (``; a reveal is due: one of reveal desert-2, ... (5 outcomes; see `moves`)``)."""
    if not state.is_chance():
        return ""
    outcomes = [text for text, _ in state.chance_outcomes()]
    kind = outcomes[0].split()[0] if outcomes else "chance event"
    article = "an" if kind[0] in "aeiou" else "a"
    listed = ", ".join(outcomes[:shown]) + (", ..." if len(outcomes) > shown else "")
    count = f"{len(outcomes)} outcome" + ("" if len(outcomes) == 1 else "s")
    return f"; {article} {kind} is due: one of {listed} ({count}; see `moves`)"


@app.command("apply")
@reports_errors
def apply_command(
    pos: str = PosArg,
    moves: str = typer.Option(
        ..., "--moves", "-m", help='Moves to play in order, separated by ";".'
    ),
    output: Optional[Path] = OutOpt,
    force: bool = ForceOpt,
    components: Optional[Path] = ComponentsOpt,
) -> None:
    """Play moves from a position and write the resulting position (TOML)."""
    state = load_position(pos, components)
    played = split_moves(moves)
    for number, text in enumerate(played, start=1):
        try:
            state.apply(text)
        except InternalError:  # a bug: never reported as bad input
            raise
        except GolemError as e:
            hint = " (moves are separated by ';')" if "," in text else ""
            hint += chance_due(state)
            raise refusal(
                f"move {number} of {len(played)} '{text}'", e.message + hint
            ) from None
    write_position(state, output, force)
