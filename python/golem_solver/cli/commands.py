"""``golem-solve``: the commands.

Thin by design: parse the arguments, call the engine, print. The rules live in the Rust core;
nothing here decides what is legal or what a position means.

Every error from bad input (a missing file, a refused position, an illegal move, a usage
error such as an unknown option or a number out of range) prints one line
``error: <field>: <message>`` to stderr, control characters escaped, and exits with
status 2. Ctrl-C stops a long command, which prints what it has and exits with status 130.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Tuple, TypeVar

import typer
from typer.core import TyperGroup

from .. import backends
from .. import games as registry
from .. import puzzles as suites
from .. import records as game_records
from .._core import GolemError, InternalError, StopToken
from .._core import bench as run_bench
from .._files import (
    MAX_POSITION_BYTES,
    AtomicWriter,
    open_regular,
    read_capped,
    write_atomically,
)
from ..annotate import annotate_game, decisions
from ..arena import record_of
from ..records import read_records
from ..search import DEFAULT_ITERATIONS, DEFAULT_MOVETIME_MS, RANGES
from ..search import analyse as ismcts_search
from ..search import solve as alphabeta_search
from . import arena as arena_output
from . import bench as bench_output
from . import puzzles as puzzles_output
from . import records as records_output
from . import report
from .render import renderer_for
from .text import escape, escape_lines

try:  # Typer >= 0.25 vendors Click
    from typer._click import exceptions as click_errors
except ImportError:  # pragma: no cover - older Typer uses Click itself
    from click import exceptions as click_errors  # type: ignore[no-redef]

EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130
# A bug in golem-solver itself (EX_SOFTWARE of sysexits.h), told apart from bad input.
EXIT_INTERNAL_ERROR = 70
#: How a refusal to replace an existing file ends (the commands' own option).
FORCE_HINT = "use --force to overwrite it"


def _error_line(field: Optional[str], message: str) -> str:
    """The one error line: both parts escaped, so it stays one line whatever they hold.
    Every line names a field; an error that names none is the program's own."""
    return f"error: {escape(field or 'golem-solve')}: {escape(message)}"


def _usage_field(e: Exception) -> Optional[str]:
    """The option a usage error is about, as the core names options (``max_plies``)."""
    param = getattr(e, "param", None)
    if param is not None:
        longs = [o for o in param.opts if o.startswith("--")]
        name = longs[0] if longs else (param.opts[0] if param.opts else param.name)
        return name.lstrip("-").replace("-", "_")
    option = getattr(e, "option_name", None)
    return option.lstrip("-").replace("-", "_") if option else None


def _usage_message(e: Exception) -> str:
    if isinstance(e, click_errors.MissingParameter):
        return "missing"
    if isinstance(e, click_errors.NoSuchOption):
        similar = sorted(getattr(e, "possibilities", None) or [])
        hint = f" (did you mean {', '.join(similar)}?)" if similar else ""
        return f"no such option{hint}"
    if isinstance(e, click_errors.BadParameter):
        return e.message
    return e.format_message()


class OneLineErrors(TyperGroup):
    """Typer's group with usage errors (an unknown or missing option, a bad value) as one
    line ``error: <option>: <message>``, exit status 2, instead of Rich's box."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except click_errors.UsageError as e:
            if type(e).__name__ == "NoArgsIsHelpError":  # Click >= 8.2: the help
                e.show()
                code = e.exit_code
            else:
                typer.echo(_error_line(_usage_field(e), _usage_message(e)), err=True)
                code = EXIT_BAD_INPUT
        except click_errors.ClickException as e:
            typer.echo(_error_line(None, e.format_message()), err=True)
            code = e.exit_code
        except (typer.Abort, KeyboardInterrupt):
            code = EXIT_INTERRUPTED
        if not standalone_mode:
            return code
        sys.exit(code if isinstance(code, int) else 0)


app = typer.Typer(
    cls=OneLineErrors,
    name="golem-solve",
    help="Exact solver tools for Golem-family game positions (TOML files that name"
    " their game).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

F = TypeVar("F", bound=Callable[..., None])


class Failure(Exception):
    """Bad input found by the command line itself (the engine raises GolemError)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def _fail(field: Optional[str], message: str) -> typer.Exit:
    typer.echo(_error_line(field, message), err=True)
    return typer.Exit(EXIT_BAD_INPUT)


def ranged(key: str) -> Callable[[Any], Any]:
    """A Typer callback refusing a value outside ``RANGES[key]`` (a usage error: one line
    ``error: <option>: <value> is outside LOW..=HIGH``, exit status 2)."""
    low, high = RANGES[key]

    def check(value: Any) -> Any:
        if value is not None and not low <= value <= high:
            raise typer.BadParameter(f"{value} is outside {low}..={high}")
        return value

    return check


def range_text(key: str) -> str:
    low, high = RANGES[key]
    return f" [{low}..={high}]"


def int_option(default: Any, *names: str, key: str, help: str, **more: Any) -> Any:
    """An integer option whose range is checked and shown in ``--help``."""
    return typer.Option(
        default, *names, callback=ranged(key), help=help + range_text(key), **more
    )


def reports_errors(command: F) -> F:
    """Turns bad-input exceptions into a one-line message and exit status 2."""

    @functools.wraps(command)
    def run(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except InternalError as e:  # a panic in the core: a bug, not bad input
            typer.echo(_error_line(e.field, e.message), err=True)
            raise typer.Exit(EXIT_INTERNAL_ERROR) from None
        except (GolemError, Failure) as e:
            field = getattr(e, "field", None)
            message = getattr(e, "message", None) or str(e)
            raise _fail(field, message) from None
        except BrokenPipeError:
            # The reader went away (`golem-solve moves POS | head`): nothing to report.
            # Point stdout at /dev/null so the flush at exit does not fail again.
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            raise typer.Exit(0) from None
        except OSError as e:
            # A system error naming no file comes from writing the output (a full disk).
            field = str(e.filename) if e.filename else "stdout"
            raise _fail(field, e.strerror or str(e)) from None
        except (typer.Exit, typer.Abort, click_errors.ClickException):
            raise
        except Exception as e:  # a bug of ours: still one line, never a traceback
            typer.echo(
                _error_line(
                    "internal error", f"{type(e).__name__}: {e} (please report it)"
                ),
                err=True,
            )
            raise typer.Exit(EXIT_INTERNAL_ERROR) from None

    return run  # type: ignore[return-value]


def _load(pos: str, components: Optional[Path] = None):
    """A position of the game it names, from a file or from standard input for ``-``;
    ``components`` replaces the components file it names (Golem). Warnings of the
    reading (another components file than the writer's, guessed cards) go to stderr."""
    if pos == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        if stdin is None:  # a text stream without bytes (a test runner's)
            text = sys.stdin.read(MAX_POSITION_BYTES + 1)
            if len(text.encode("utf-8", "surrogateescape")) > MAX_POSITION_BYTES:
                raise Failure("stdin", f"larger than {MAX_POSITION_BYTES} bytes")
        else:
            text = read_capped(stdin, "stdin")
        state, warnings = registry.read_position(text=text, components=components)
    else:
        state, warnings = registry.read_position(path=pos, components=components)
    for warning in warnings:
        typer.echo(f"warning: {escape(warning)}", err=True)
    return state


def _ruleset_line(state, as_json: bool) -> None:
    """The rules line of spec section 13 (Golem: components file, sha256, placeholders)
    before a human-readable result; JSON output carries it as ``components``."""
    info = registry.ruleset(state)
    if info is not None and not as_json:
        typer.echo(info["line"])


def _with_ruleset(result: dict, state) -> dict:
    info = registry.ruleset(state)
    if info is not None:
        result["components"] = {
            key: info[key] for key in ("source", "sha256", "facts", "placeholders")
        }
    return result


def _write(state, out: Optional[Path], force: bool) -> None:
    """The position as TOML: to ``out`` (kept if it exists, unless ``force``) or stdout."""
    text = state.to_toml()
    if out is None:
        typer.echo(text, nl=False)
        return
    if os.path.lexists(out) and not force:
        raise Failure(str(out), "file exists; use --force to overwrite it")
    # Atomic (the core writes a synced temporary file and renames it): a failed write
    # leaves any old file, even the input of `apply`, byte-identical.
    try:
        state.save(out, overwrite=force)
    except GolemError as e:
        if e.message.startswith("file exists"):  # another writer got there first
            raise Failure(e.field, f"file exists; {FORCE_HINT}") from None
        raise


def _split_moves(moves: str) -> List[str]:
    played = [m.strip() for m in moves.replace("\n", ";").split(";") if m.strip()]
    if not played:
        raise Failure("moves", "no moves given")
    return played


# ---- commands ---------------------------------------------------------------------------

PosArg = typer.Argument(
    ..., metavar="POS", help="Position file (TOML), or - for stdin."
)
OutOpt = typer.Option(
    None, "--output", "-o", help="Write the position here (default: stdout)."
)
ForceOpt = typer.Option(False, "--force", help="Overwrite an existing output file.")
ComponentsOpt = typer.Option(
    None,
    "--components",
    help="Golem: read the game's numbers from this components JSON file instead of "
    "the one the position names.",
)
GameOpt = typer.Option(
    registry.DEFAULT_GAME, "--game", help=f"The game: {', '.join(registry.GAMES)}."
)


# A list default: built once here, not in the signature (ruff B008).
SetupOptionOpt = typer.Option(
    [],
    "--option",
    "-O",
    help="A setup option of the game as KEY=VALUE (repeatable); see `setup_options`.",
)


@app.command()
@reports_errors
def new(
    game: str = GameOpt,
    players: int = typer.Option(
        2, "--players", "-n", help="Number of players (the game's range)."
    ),
    seed: int = int_option(0, "--seed", "-s", key="seed", help="Seed of the shuffle."),
    hidden_decks: bool = typer.Option(
        False,
        "--hidden-decks",
        "--hide-decks",
        help="Leave the deck orders out: every deal is a chance event.",
    ),
    map_name: Optional[str] = typer.Option(
        None,
        "--map",
        help="The map, for games played on one (a map id, or a map file's path).",
    ),
    intro: bool = typer.Option(
        False, "--intro", help="Golem: the introductory game (spec 3.1)."
    ),
    components: Optional[Path] = ComponentsOpt,
    option: List[str] = SetupOptionOpt,
    output: Optional[Path] = OutOpt,
    force: bool = ForceOpt,
) -> None:
    """Write a fresh starting position (the decks listed in their shuffled order)."""
    _check_players(game, players)
    options = _setup_options(game, option)
    if map_name is not None:
        options["map"] = map_name
    for key, value in (
        ("intro", "true" if intro else None),
        ("components", components),
    ):
        if value is None:
            continue
        if key not in registry.setup_options(game):
            raise Failure(key, f"{game} has no {key} option")
        options[key] = str(value)
    _write(registry.new(game, players, seed, hidden_decks, options), output, force)


def _setup_options(game: str, pairs: List[str]) -> Dict[str, str]:
    """``KEY=VALUE`` texts as a dict; each key must be one of the game's setup options."""
    known = registry.setup_options(game)
    options: Dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise registry.golem_error("option", f"expected KEY=VALUE, got {pair!r}")
        if key not in known:
            names = ", ".join(known) or "none"
            raise registry.golem_error(
                f"option.{key}", f"not a setup option of {game} (options: {names})"
            )
        options[key] = value
    return options


SvgOpt = typer.Option(
    None, "--svg", help="Draw the board to this SVG file instead of printing it."
)


@app.command()
@reports_errors
def show(
    pos: str = PosArg,
    svg: Optional[Path] = SvgOpt,
    force: bool = ForceOpt,
    components: Optional[Path] = ComponentsOpt,
) -> None:
    """Show a position as a readable board (or draw it: --svg)."""
    state = _load(pos, components)
    if svg is not None:
        picture = state.to_svg()
        if picture is None:
            raise Failure("svg", f"{registry.game_of(state)} has no board picture yet")
        if os.path.lexists(svg) and not force:
            raise Failure(str(svg), "file exists; use --force to overwrite it")
        write_atomically(svg, picture, overwrite=force, exists_hint=FORCE_HINT)
        return
    renderer = renderer_for(registry.game_of(state))
    if sys.stdout.isatty():
        renderer.print_rich(state)
    else:
        typer.echo(escape_lines(renderer.render_plain(state)), nl=False)


@app.command()
@reports_errors
def moves(
    pos: str = PosArg,
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list."),
    components: Optional[Path] = ComponentsOpt,
) -> None:
    """List the legal moves (chance outcomes at a chance node), one canonical text a line."""
    texts = _load(pos, components).legal_action_texts()
    if as_json:
        typer.echo(json.dumps(texts))
    else:
        for text in texts:
            typer.echo(text)


@app.command()
@reports_errors
def perft(
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
    state = _load(pos, components)
    _ruleset_line(state, as_json)
    start = time.perf_counter()
    if divide:
        counts, _ = _run_interruptibly(
            lambda token: state.perft_divide(depth, stop=token)
        )
        nodes = None if counts is None else sum(n for _, n in counts)
    else:
        nodes, _ = _run_interruptibly(lambda token: state.perft(depth, stop=token))
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
                _with_ruleset(
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


@app.command()
@reports_errors
def apply(
    pos: str = PosArg,
    moves: str = typer.Option(
        ..., "--moves", "-m", help='Moves to play in order, separated by ";".'
    ),
    output: Optional[Path] = OutOpt,
    force: bool = ForceOpt,
    components: Optional[Path] = ComponentsOpt,
) -> None:
    """Play moves from a position and write the resulting position (TOML)."""
    state = _load(pos, components)
    played = _split_moves(moves)
    for number, text in enumerate(played, start=1):
        try:
            state.apply(text)
        except InternalError:  # a bug: never reported as bad input
            raise
        except GolemError as e:
            raise Failure(
                f"move {number} of {len(played)} '{text}'", e.message
            ) from None
    _write(state, output, force)


# ---- long work that Ctrl-C stops --------------------------------------------------------


def _run_interruptibly(run: Callable[[StopToken], Any]) -> Tuple[Any, bool]:
    """Runs long work on a worker thread so that Ctrl-C can stop it through a StopToken:
    the work then returns what it has (a search its best result so far, perft None, the
    arena and the puzzles what was finished). Returns that and whether Ctrl-C came."""
    token = StopToken()
    outcome: dict = {}
    done = threading.Event()

    def work() -> None:
        try:
            outcome["result"] = run(token)
        except BaseException as e:  # handed to the main thread below
            outcome["error"] = e
        finally:
            done.set()

    # Ctrl-C only sets a flag and the token while the work runs: a KeyboardInterrupt raised
    # inside the waiting (an Event's or a join's lock) could leave that lock held, and the
    # worker's `done.set()` and the main thread would then wait for each other for ever.
    interrupted = False

    def on_interrupt(signum: int, frame: object) -> None:
        nonlocal interrupted
        interrupted = True
        token.stop()

    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, on_interrupt) if main else None
    try:
        threading.Thread(target=work, daemon=True).start()
        while not done.wait(0.05):
            pass
    finally:
        if main:
            # After a Ctrl-C, later ones are ignored on the way out (see golem_solver.cli).
            after = signal.SIG_IGN if interrupted else previous
            signal.signal(signal.SIGINT, after if after is not None else signal.SIG_DFL)
    if "error" in outcome:
        raise outcome["error"]
    return outcome["result"], interrupted


def _check_players(game: str, players: Optional[int]) -> None:
    """``players`` within the game's range (before it reaches a machine integer)."""
    if players is None:
        return
    info = registry.GAMES[registry.check_game(game)].INFO
    low, high = info["min_players"], info["max_players"]
    if not low <= players <= high:
        raise Failure("players", f"{players} is outside {low}..={high}")


# ---- search -----------------------------------------------------------------------------


def _progress(as_json: bool, stream: bool) -> Optional[Callable[[dict], None]]:
    if as_json and not stream:
        return None

    def show(result: dict) -> None:
        line = report.json_line(result) if as_json else report.info_line(result)
        print(line, flush=True)

    return show


def _solo_fields(result: dict) -> None:
    """A 1-player result says what it played for (``score`` or ``win``) and, per move,
    ``expected_score`` and ``solo_win`` (None where the search did not measure it)."""
    if result["algorithm"] == "ismcts":
        return  # the core fills both in
    proof = result["objective"] == "win"
    result["objective"] = "win" if proof else "score"

    def fill(entry: dict) -> None:
        # The core values settled moves exactly (solo_win); a proof says 1 or 0 anyway.
        if proof:
            verdict = entry.get("result")
            entry["expected_score"] = None
            if entry.get("solo_win") is None:
                entry["solo_win"] = {"win": 1.0, "loss": 0.0}.get(verdict)
        else:
            entry["expected_score"] = entry["value"]
            entry.setdefault("solo_win", None)

    fill(result)
    for entry in result["moves"]:
        fill(entry)


def _words(state) -> report.Words:
    renderer = renderer_for(state.INFO["name"])
    return report.Words(
        solo=state.players == 1,
        score_unit=getattr(renderer, "SCORE_UNIT", "points"),
        solo_goal=getattr(renderer, "SOLO_GOAL", "chance to win"),
    )


def _finish(result: dict, interrupted: bool, as_json: bool, state) -> None:
    if interrupted:
        result["interrupted"] = True
    _with_ruleset(result, state)
    if state.players == 1:
        _solo_fields(result)
    if as_json:
        typer.echo(report.json_line(result))
    else:
        report.print_final(result, rich=sys.stdout.isatty(), words=_words(state))
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


def _check_stream(as_json: bool, stream: bool) -> None:
    if stream and not as_json:
        raise Failure("stream", "only with --json (a JSON line per progress report)")


def _solve(
    state, depth, nodes, movetime, objective, hash_mb, as_json, stream, threads=1
):
    """``movetime`` 0 lifts the time cap (``--movetime 0``, ``--infinite``)."""
    result, interrupted = _run_interruptibly(
        lambda token: alphabeta_search(
            state,
            depth=depth,
            nodes=nodes,
            movetime_ms=movetime,
            objective=objective,
            hash_mb=hash_mb,
            threads=threads,
            on_iteration=_progress(as_json, stream),
            stop=token,
        )
    )
    _finish(result, interrupted, as_json, state)


DepthOpt = int_option(
    None, "--depth", "-d", key="depth", help="Deepest iteration (plies)."
)
NodesOpt = int_option(None, "--nodes", key="nodes", help="Stop after this many nodes.")
MovetimeOpt = int_option(
    None, "--movetime", key="movetime", help="Stop after this many ms (0: no time cap)."
)
SolveMovetimeOpt = int_option(
    DEFAULT_MOVETIME_MS,
    "--movetime",
    key="movetime",
    help="Stop after this many ms, whatever other budget is given (0: no time cap).",
    show_default=True,
)
InfiniteOpt = typer.Option(
    False,
    "--infinite",
    help="No time cap: search until --depth/--nodes or Ctrl-C (like --movetime 0).",
)
ObjectiveOpt = typer.Option(
    None,
    "--objective",
    help=(
        "win: play to win (alpha-beta proves a forced win/loss); score: the score"
        " (alone: the expected score; with others: the margin, also called margin)."
        " Default: score for one player, win for more."
    ),
)
HashOpt = int_option(16, "--hash", key="hash", help="Transposition table size (MiB).")
ThreadsOpt = int_option(
    1,
    "--threads",
    "-t",
    key="threads",
    help=(
        "Threads searching together (ISMCTS: a tree each, merged at the root;"
        " alpha-beta: the root moves shared out). More than one is not reproducible."
    ),
)
JsonOpt = typer.Option(False, "--json", help="End with one JSON object (one line).")
StreamOpt = typer.Option(False, "--stream", help="With --json: a JSON line per report.")


@app.command()
@reports_errors
def solve(
    pos: str = PosArg,
    depth: Optional[int] = DepthOpt,
    nodes: Optional[int] = NodesOpt,
    movetime: int = SolveMovetimeOpt,
    infinite: bool = InfiniteOpt,
    objective: Optional[str] = ObjectiveOpt,
    hash_mb: int = HashOpt,
    threads: int = ThreadsOpt,
    as_json: bool = JsonOpt,
    stream: bool = StreamOpt,
    components: Optional[Path] = ComponentsOpt,
) -> None:
    """Alpha-beta: the best move, its proven value and the principal variation.

    Two players: minimax; three or more: paranoid (the player to move against the rest).
    It searches for at most 10 s unless --movetime or --infinite says otherwise; the
    first budget reached stops it. Ctrl-C stops it too: the best result so far is
    printed ("stopped") and the exit status is 130.
    """
    _check_stream(as_json, stream)
    if infinite:
        movetime = 0
    state = _load(pos, components)
    _ruleset_line(state, as_json)
    _solve(state, depth, nodes, movetime, objective, hash_mb, as_json, stream, threads)


@app.command()
@reports_errors
def analyse(
    ctx: typer.Context,
    pos: str = PosArg,
    algo: str = typer.Option("ismcts", "--algo", help="ismcts or alphabeta."),
    iterations: Optional[int] = int_option(
        None, "--iterations", "-i", key="iterations", help="ISMCTS iterations."
    ),
    movetime: Optional[int] = MovetimeOpt,
    nodes: Optional[int] = NodesOpt,
    threads: int = ThreadsOpt,
    seed: int = int_option(0, "--seed", "-s", key="seed", help="Seed of thread 0."),
    variant: str = typer.Option("so", "--ismcts", help="so (single observer) or mo."),
    rollout: Optional[str] = typer.Option(
        None,
        "--rollout",
        help="policy (the game's priors; default), heuristic or random.",
    ),
    epsilon: Optional[float] = typer.Option(
        None,
        "--epsilon",
        help="Policy and heuristic rollouts: chance of a random move [default: 0.1].",
    ),
    cutoff: Optional[int] = int_option(
        None,
        "--cutoff",
        key="cutoff",
        help="Evaluate rollouts after this many plies [default: 8; 0: play out].",
    ),
    exploration: Optional[float] = typer.Option(
        None, "--exploration", help="UCB exploration constant [default: 0.3]."
    ),
    report_every: int = int_option(
        0,
        "--report-every",
        key="report_every",
        help="Progress every N iterations (0: about 10 reports).",
    ),
    depth: Optional[int] = DepthOpt,
    objective: Optional[str] = ObjectiveOpt,
    hash_mb: int = HashOpt,
    as_json: bool = JsonOpt,
    stream: bool = StreamOpt,
    components: Optional[Path] = ComponentsOpt,
) -> None:
    """ISMCTS (default) or alpha-beta analysis: visits and values of every move.

    ISMCTS samples the hidden deck orders each iteration (SO-ISMCTS, Cowling et al. 2012).
    Without a budget it runs 10,000 iterations (alpha-beta: 10 s). One thread with a
    seed is reproducible. An option the chosen algorithm does not use is refused. Ctrl-C
    prints the best result so far ("stopped"); the exit status is then 130.
    """
    if algo not in ("ismcts", "alphabeta"):
        raise Failure("algo", f"'{algo}' is not an algorithm (ismcts or alphabeta)")
    _check_stream(as_json, stream)
    _refuse_unused(ctx, algo)
    state = _load(pos, components)
    _ruleset_line(state, as_json)
    if algo == "alphabeta":  # the same time cap as `solve`
        movetime = DEFAULT_MOVETIME_MS if movetime is None else movetime
        _solve(
            state, depth, nodes, movetime, objective, hash_mb, as_json, stream, threads
        )
        return
    if iterations is None and nodes is None and movetime is None:
        iterations = DEFAULT_ITERATIONS
    every = report_every or max(1, (iterations or 10 * DEFAULT_ITERATIONS) // 10)
    result, interrupted = _run_interruptibly(
        lambda token: ismcts_search(
            state,
            iterations=iterations,
            nodes=nodes,
            movetime_ms=movetime,
            threads=threads,
            seed=seed,
            variant=variant,
            rollout=rollout,
            epsilon=epsilon,
            cutoff=cutoff,
            exploration=exploration,
            report_every=every,
            objective="score" if objective == "margin" else objective,
            on_report=_progress(as_json, stream),
            stop=token,
        )
    )
    _finish(result, interrupted, as_json, state)


# Options of `analyse` that only one algorithm uses: (parameter, option).
ISMCTS_ONLY = [
    ("iterations", "iterations"),
    ("seed", "seed"),
    ("variant", "ismcts"),
    ("rollout", "rollout"),
    ("epsilon", "epsilon"),
    ("cutoff", "cutoff"),
    ("exploration", "exploration"),
    ("report_every", "report_every"),
]
ALPHABETA_ONLY = [("depth", "depth"), ("hash_mb", "hash")]


def _refuse_unused(ctx: typer.Context, algo: str) -> None:
    """An option given on the command line that ``algo`` ignores is an error: silently
    dropping it would report a search that is not the one asked for."""
    unused = ISMCTS_ONLY if algo == "alphabeta" else ALPHABETA_ONLY
    for param, option in unused:
        if _given(ctx, param):
            raise Failure(option, f"not used by --algo {algo}")
    if _given(ctx, "epsilon") and ctx.params.get("rollout") == "random":
        raise Failure("epsilon", "only with --rollout policy or heuristic")


def _given(ctx: typer.Context, param: str) -> bool:
    source = ctx.get_parameter_source(param)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


# ---- arena and bench --------------------------------------------------------------------


BotsOpt = typer.Option(
    ...,
    "--bot",
    "-b",
    help="A bot, once per bot: random, greedy, ismcts[:iterations=N,rollout=heuristic,"
    "cutoff=C,...], alphabeta[:depth=D,objective=margin|win,hash=MB].",
)


BackendOpt = typer.Option(
    backends.THREADS,
    "--backend",
    help="Where the work runs: threads (built in) or ray (a Ray cluster or a local"
    ' runtime; pip install "golem-solver[ray]"; docs/scale.md).',
)
AddressOpt = typer.Option(
    None,
    "--address",
    metavar="ADDR",
    help="With --backend ray: the cluster's head (HOST:PORT, or auto for the one started"
    " on this machine with `ray start`); without it a local runtime is started.",
)


RecordOpt = typer.Option(
    None,
    "--record",
    metavar="FILE",
    help="Write every game played to FILE (JSON lines, docs/records.md).",
)


@app.command()
@reports_errors
def arena(
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
    map_name: Optional[str] = typer.Option(
        None, "--map", help="The map, for games played on one (a map id or a file)."
    ),
    option: List[str] = SetupOptionOpt,
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    record: Optional[Path] = RecordOpt,
    force: bool = typer.Option(
        False, "--force", help="With --record: overwrite an existing FILE."
    ),
    backend: str = BackendOpt,
    address: Optional[str] = AddressOpt,
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
    _check_players(game, players)
    setup = _setup_options(game, option)
    if map_name is not None:
        setup["map"] = map_name
    if force and record is None:
        raise Failure("force", "only with --record")
    if record is not None and os.path.lexists(record) and not force:
        # Refused before the games are played, not after.
        raise Failure(str(record), "file exists; use --force to overwrite it")
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
            name = registry.check_game(game)
            options["on_record"] = lambda entry: out.write(
                (record_of(name, entry).to_line() + "\n").encode("utf-8")
            )
        results, interrupted = _run_interruptibly(
            lambda token: arena_output.run(bots, {**options, "stop": token})
        )
    if as_json:
        typer.echo(json.dumps(results))
    else:
        info = registry.GAMES[game].INFO
        typer.echo(arena_output.table(results, solo_win=info["solo_win"]))
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


PositionsOpt = typer.Option(
    None,
    "--positions",
    metavar="FILE",
    help="Search these positions instead: TOML, several separated by lines ---.",
)


@app.command()
@reports_errors
def bench(
    game: Optional[str] = typer.Option(
        None, "--game", help="Only this game's positions (default: every game's)."
    ),
    depth: Optional[int] = int_option(
        None, "--depth", "-d", key="depth", help="Search every position to this depth."
    ),
    nodes: Optional[int] = int_option(
        None, "--nodes", key="nodes", help="Search every position for this many nodes."
    ),
    positions: Optional[Path] = PositionsOpt,
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Search the bench positions with one thread; print a line per search, the node
    subtotal of each game, the total (the search signature), the time and the speed.

    The built-in run's total changes only when search does, and a change is flagged;
    an ad-hoc run (--depth, --nodes, --positions) has no recorded total to compare with.
    """
    # Only what was asked for: without options the core runs the built-in bench.
    options: Dict[str, Any] = {}
    if game is not None:
        options["game"] = registry.check_game(game)
    if depth is not None:
        options["depth"] = depth
    if nodes is not None:
        options["nodes"] = nodes
    if positions is not None:
        with open_regular(positions) as f:
            options["positions"] = read_capped(
                f, str(positions), cap=16 * MAX_POSITION_BYTES
            )

    # On a worker thread with a stop token, so Ctrl-C ends the search running at once.
    def show(line: dict) -> None:
        if not as_json:
            print(bench_output.line_text(line), flush=True)

    result, interrupted = _run_interruptibly(
        lambda token: run_bench(on_line=show, stop=token, **options)
    )
    if interrupted:  # the lines so far are printed; a stopped run has no total
        raise typer.Exit(EXIT_INTERRUPTED)
    if as_json:
        typer.echo(json.dumps(result))
        return
    for subtotal in result.get("games", []):
        typer.echo(bench_output.subtotal_text(subtotal))
    typer.echo(bench_output.summary(result))


# ---- puzzle suites ----------------------------------------------------------------------

AllowOutsideOpt = typer.Option(
    False,
    "--allow-outside",
    help="Let the positions name files (a position_file, a map, a components file)"
    " outside the folder of the suite or record file.",
)
SuiteArg = typer.Argument(..., metavar="FILE", help="Puzzle suite (JSON lines).")


@app.command()
@reports_errors
def puzzles(
    suite: Path = SuiteArg,
    depth: Optional[int] = int_option(
        None,
        "--depth",
        "-d",
        key="depth",
        help="Search depth (default: each puzzle's own).",
    ),
    nodes: Optional[int] = int_option(
        None, "--nodes", key="nodes", help="Node budget per puzzle."
    ),
    movetime: Optional[int] = int_option(
        None, "--movetime", key="movetime", help="Time budget per puzzle (ms)."
    ),
    allow_outside: bool = AllowOutsideOpt,
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    backend: str = BackendOpt,
    address: Optional[str] = AddressOpt,
    threads: Optional[int] = int_option(
        None,
        "--threads",
        "-t",
        key="threads",
        help="With --backend ray and no --address: the local runtime's CPUs (default"
        " all).",
    ),
) -> None:
    """Run a puzzle suite with alpha-beta: a line per puzzle not solved, then the totals.
    Exit status 1 on any wrong answer or bad PV. Ctrl-C prints the totals of the puzzles
    done so far ("stopped") and exits with status 130. --backend ray searches the
    puzzles as Ray tasks (docs/scale.md); the report is the same."""
    backends.check_backend(backend, address, threads)
    if backend == backends.THREADS and threads not in (None, 1):
        raise Failure("threads", "only with --backend ray")
    if backend == backends.RAY:
        backends.ray_backend()  # not installed: said before the suite is read
    try:
        loaded = suites.load_suite(suite, allow_outside=allow_outside)
    except suites.SuiteError as e:
        raise Failure(e.field, e.message) from None

    def show(outcome: suites.Outcome) -> None:
        if not as_json and outcome.status != "solved":
            print(puzzles_output.outcome_line(outcome), flush=True)

    summary, interrupted = _run_interruptibly(
        lambda token: suites.run_suite(
            loaded,
            depth,
            nodes,
            movetime,
            show,
            stop=token,
            backend=backend,
            address=address,
            threads=threads,
        )
    )
    if as_json:
        typer.echo(puzzles_output.summary_json(summary))
    else:
        typer.echo(puzzles_output.summary_line(summary))
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)
    if summary.failed:
        raise typer.Exit(1)


# ---- game records: replay and annotate ----------------------------------------------------

RecordsArg = typer.Argument(
    ..., metavar="FILE", help="Game records (JSON lines, docs/records.md)."
)
GameIndexOpt = typer.Option(
    None, "--game-index", "-g", help="The game: its line in FILE, from 0."
)


def _pick(records: List[Any], index: Optional[int]) -> List[Tuple[int, Any]]:
    """``(index, record)`` of the game asked for, or of every game without ``index``."""
    if index is None:
        return list(enumerate(records))
    if not 0 <= index < len(records):
        raise Failure("game_index", f"{index} is outside 0..={len(records) - 1}")
    return [(index, records[index])]


@app.command()
@reports_errors
def replay(
    file: Path = RecordsArg,
    game_index: Optional[int] = GameIndexOpt,
    allow_outside: bool = AllowOutsideOpt,
    ply: Optional[int] = typer.Option(
        None,
        "--ply",
        "-p",
        help="Moves to play from the start (default: all; deals count as moves).",
    ),
    output: Optional[Path] = OutOpt,
    force: bool = ForceOpt,
    as_json: bool = typer.Option(
        False, "--json", help="Print a JSON summary (with the position unless -o)."
    ),
) -> None:
    """Play a recorded game back, checking every move, and write the position at --ply
    (default: the end). An illegal move is named by game index and ply:
    record[N].moves[K]."""
    records = read_records(file, allow_outside=allow_outside)
    [(index, record)] = _pick(records, 0 if game_index is None else game_index)
    state = game_records.replay(record, ply, index=index)
    at = len(record.moves) if ply is None else ply
    if as_json:
        if output is not None:
            _write(state, output, force)
        text = None if output is not None else state.to_toml()
        summary = records_output.replay_summary(record, index, at, state, text)
        typer.echo(json.dumps(summary))
        return
    _write(state, output, force)


PlotOpt = typer.Option(
    None,
    "--plot",
    metavar="FILE.png",
    help="Draw the value over the game (one game; needs matplotlib).",
)


@app.command()
@reports_errors
def annotate(
    file: Path = RecordsArg,
    allow_outside: bool = AllowOutsideOpt,
    game_index: Optional[int] = typer.Option(
        None, "--game-index", "-g", help="Only this game (its line, from 0)."
    ),
    iterations: Optional[int] = int_option(
        None,
        "--iterations",
        "-i",
        key="iterations",
        help="ISMCTS iterations per decision (default 10000).",
    ),
    movetime: Optional[int] = int_option(
        None, "--movetime", key="movetime", help="Search time per decision (ms)."
    ),
    seed: int = int_option(0, "--seed", "-s", key="seed", help="Seed of every search."),
    as_json: bool = typer.Option(
        False, "--json", help="One JSON object per decision (JSON lines)."
    ),
    plot: Optional[Path] = PlotOpt,
    force: bool = typer.Option(False, "--force", help="Overwrite an existing plot."),
) -> None:
    """Search every decision of recorded games: the best move and its value, the value of
    the move played, the value lost and a label (inaccuracy >= 0.05, mistake >= 0.10,
    blunder >= 0.15; docs/records.md). A fixed --seed with --iterations gives the same
    output. Ctrl-C prints the decisions done so far (exit status 130)."""
    if iterations is not None and movetime is not None:
        raise Failure("movetime", "give either --iterations or --movetime")
    if movetime == 0:  # 0 lifts analyse's time cap: here it would never end
        raise Failure("movetime", "must be at least 1 ms per decision")
    if plot is not None:
        missing = records_output.matplotlib_missing()
        if missing:
            raise Failure("plot", missing)
        if os.path.lexists(plot) and not force:
            raise Failure(str(plot), "file exists; use --force to overwrite it")
    records = read_records(file, allow_outside=allow_outside)
    chosen = _pick(records, game_index)
    if plot is not None and len(chosen) != 1:
        raise Failure(
            "plot", f"one game at a time ({len(records)} in the file); use --game-index"
        )
    # Every game is replayed (and so checked, final scores included) before the first
    # search.
    for i, record in chosen:
        game_records.replay(record, index=i)
    work = [(i, record, sum(1 for _ in decisions(record, i))) for i, record in chosen]
    total = sum(count for _, _, count in work)
    budget = (
        f"{movetime} ms per decision"
        if movetime is not None
        else f"{iterations or DEFAULT_ITERATIONS} iterations per decision, seed {seed}"
    )
    notes: Dict[int, list] = {index: [] for index, _, _ in work}

    shown = set()

    def show(index: int, record: Any) -> None:
        typer.echo(records_output.table(record, index, notes[index], budget))
        typer.echo("")
        shown.add(index)

    def run(token: StopToken, on_done: Callable[[int, int], None]) -> None:
        """Prints as it goes: a JSON line per decision, or a table per game."""
        for index, record, _ in work:

            def keep(note: Any, index: int = index) -> None:
                notes[index].append(note)
                if as_json:
                    typer.echo(json.dumps(note.to_dict()))
                on_done(sum(map(len, notes.values())), total)

            annotate_game(
                record,
                index,
                iterations=iterations,
                movetime_ms=movetime,
                seed=seed,
                on_note=keep,
                stop=token,
            )
            if token.stopped:
                return
            if not as_json:
                show(index, record)

    if arena_output.progress_wanted():
        with arena_output.progress_bar(total, "decisions") as on_done:
            _, interrupted = _run_interruptibly(lambda token: run(token, on_done))
    else:
        _, interrupted = _run_interruptibly(lambda token: run(token, lambda d, t: None))
    if interrupted and not as_json:
        # The game being annotated when Ctrl-C came: its table so far.
        for index, record, _ in work:
            if notes[index] and index not in shown:
                show(index, record)
    if plot is not None and not interrupted:
        [(index, record, _)] = work
        picture = records_output.plot_png(record, index, notes[index])
        write_atomically(plot, picture, overwrite=force, exists_hint=FORCE_HINT)
    if interrupted:
        typer.echo(
            f"annotate stopped after {sum(map(len, notes.values()))} of {total} decisions",
            err=True,
        )
        raise typer.Exit(EXIT_INTERRUPTED)
