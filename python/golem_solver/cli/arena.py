"""``golem-solve arena``: the command, a progress bar while the games run, then the table.

The games, the seat rotation and the statistics are the core's; this module only shows
progress and formats the report.
"""

from __future__ import annotations

import contextlib
import json
import sys
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Callable, Dict, Iterator, List, Optional

import typer

from .. import backends
from .._files import AtomicWriter
from ..arena import record_of, run
from ..checks import check_game, check_players
from ..errors import refusal
from ..games import GAMES
from .inputs import parse_setup_options, refuse_existing, wrote
from .options import (
    AddressOpt,
    BackendOpt,
    GameOpt,
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

Report = Dict[str, Any]


def run_games(bots: List[str], options: Dict[str, Any]) -> Report:
    """Plays the games, with a Rich bar on stderr when a person watches it."""
    if not progress_wanted():
        return run(bots, **options)
    with progress_bar(options["games"]) as on_progress:
        return run(bots, on_progress=on_progress, **options)


@contextmanager
def progress_bar(
    total: int, description: str = "games"
) -> Iterator[Callable[[int, int], None]]:
    """A transient bar on stderr; yields the ``on_progress`` callback that moves it."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=total)
        yield lambda done, total: bar.update(task, completed=done)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _solo_rows(report: Report, solo_win: bool) -> List[tuple]:
    """One player: the mean score with its 95% interval, and where the game can be won
    alone, the solo-win rate with its Wilson interval."""
    head = ("bot", "games", "mean score", "95% CI")
    if solo_win:
        head += ("solo wins", "rate", "95% CI")
    rows = [head + ("mean plies",)]
    for bot in report["bots"]:
        low, high = bot["score_ci95"]
        row = (
            bot["bot"],
            str(bot["games"]),
            f"{bot['mean_score']:.2f}",
            f"{low:.2f}-{high:.2f}",
        )
        if solo_win:
            win_low, win_high = bot["ci95"]
            row += (
                str(bot["wins"]),
                _percent(bot["win_rate"]),
                f"{_percent(win_low)}-{_percent(win_high)}",
            )
        rows.append(row + (f"{bot['mean_plies']:.1f}",))
    return rows


def table(report: Report, solo_win: bool = True) -> str:
    """The report as aligned text: one line per bot. ``solo_win``: whether a 1-player
    game of this game can be won (else it is played for its score alone)."""
    if report.get("backend") == "ray":
        where = f"Ray: {report['threads']} CPUs, {report['tasks']} tasks"
    else:
        where = _count(report["threads"], "thread")
    head = (
        f"{_count(report['games'], 'game')}, {_count(report['players'], 'player')}"
        f", seed {report['seed']}"
        f", {where}, {report['seconds']:.1f} s"
    )
    rows = [("bot", "games", "wins", "win rate", "95% CI", "mean score", "mean plies")]
    for bot in report["bots"] if report["players"] > 1 else []:
        low, high = bot["ci95"]
        rows.append(
            (
                bot["bot"],
                str(bot["games"]),
                str(bot["wins"]),
                _percent(bot["win_rate"]),
                f"{_percent(low)}-{_percent(high)}",
                f"{bot['mean_score']:.2f}",
                f"{bot['mean_plies']:.1f}",
            )
        )
    if report["players"] == 1:
        rows = _solo_rows(report, solo_win)
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    if report.get("stopped"):
        head += f"; stopped after {report['played']} games (the table covers those)"
    lines = [head, ""]
    for row in rows:
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells).rstrip())
    if report["unfinished"]:
        lines.append("")
        lines.append(
            f"{report['unfinished']} games unfinished after {report['max_plies']} plies"
            " (not counted above)"
        )
    return "\n".join(lines)


def progress_wanted() -> bool:
    """A bar only for a person watching: stderr is a terminal."""
    return sys.stderr.isatty()


# ---- the command ----------------------------------------------------------------------

BotsOpt = typer.Option(
    ...,
    "--bot",
    "-b",
    metavar="SPEC",
    help="A bot, once per bot: random, greedy, ismcts[:iterations=N,rollout=heuristic,"
    "cutoff=C,...], alphabeta[:depth=D,objective=margin|win,hash=MB].",
)


RecordOpt = typer.Option(
    None,
    "--record",
    metavar="FILE",
    help="Write every game played to FILE (JSON lines, docs/records.md).",
)


@app.command("arena")
@reports_errors
@with_setup_flags
def arena_command(
    bots: List[str] = BotsOpt,
    game: str = GameOpt,
    games: int = int_option(100, "--games", "-g", key="games", help="Games to play."),
    players: Optional[int] = typer.Option(
        None,
        "--players",
        "-n",
        help="Seats (default: one per bot, at least the game's minimum).",
    ),
    seed: int = int_option(
        0, "--seed", "-s", key="seed", help="Seed of deals and bots."
    ),
    threads: Optional[int] = int_option(
        None,
        "--threads",
        "-t",
        key="threads",
        help="Games played at once (default 1; with --backend ray and no --address:"
        " the local runtime's CPUs, default all).",
    ),
    max_plies: int = int_option(
        3000,
        "--max-plies",
        key="max_plies",
        help="Abandon a game after this many moves (unfinished).",
    ),
    option: List[str] = SetupOptionOpt,
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    record: Optional[Path] = RecordOpt,
    force: bool = typer.Option(
        False, "--force", help="With --record: overwrite an existing FILE."
    ),
    backend: str = BackendOpt,
    address: Optional[str] = AddressOpt,
    setup_flags: Optional[Dict[str, str]] = None,
) -> None:
    """Play bots against each other from random deals; win rates with 95% intervals.

    Bots fill the seats cyclically (two bots, three seats: A B A) and the seats rotate
    every game, so over a multiple of PLAYERS games each bot holds each seat equally
    often; every PLAYERS consecutive games share a deal. Bots see no deck order. The
    results depend on the seed, not on the number of threads nor on the backend (--backend
    ray spreads the games over a Ray cluster: docs/scale.md). Ctrl-C stops within a move
    and prints the report of the games finished by then (exit status 130).
    """
    backends.check_backend(backend, address, threads)
    check_players(game, players)
    setup = parse_setup_options(game, option, setup_flags)
    if force and record is None:
        raise refusal("force", "only with --record")
    if record is not None:
        refuse_existing(record, force)  # before the games are played, not after
    options = dict(
        game=game,
        games=games,
        players=players,
        seed=seed,
        threads=threads,
        max_plies=max_plies,
        setup=setup,
        record=record is not None,
        backend=backend,
        address=address,
    )
    if backend == backends.RAY:
        backends.ray_backend()  # not installed: said before anything runs
    # Records are written as the games finish (memory does not grow with the games) to a
    # temporary file moved into place at the end: an arena stopped by Ctrl-C keeps the
    # games finished by then, and a failed write leaves no partial file.
    with contextlib.ExitStack() as stack:
        if record is not None:
            out = stack.enter_context(
                AtomicWriter(record, overwrite=force, exists_hint=FORCE_HINT)
            )
            name = check_game(game)
            options["on_record"] = lambda entry: out.write(
                (record_of(name, entry).to_line() + "\n").encode("utf-8")
            )
        results, interrupted = run_interruptibly(
            lambda token: run_games(bots, {**options, "stop": token})
        )
    if record is not None:
        wrote(record)
    if as_json:
        typer.echo(json.dumps(results))
    else:
        info = GAMES[game].INFO
        typer.echo(table(results, solo_win=info["solo_win"]))
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)
