"""``golem-solve``: the commands.

Thin by design: parse the arguments, call the engine, print. The rules live in the Rust core;
nothing here decides what is legal or what a position means.

Every error from bad input (a missing file, a refused position, an illegal move) prints one
line ``error: <field>: <message>`` to stderr and exits with status 2.
"""

from __future__ import annotations

import functools
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, TypeVar

import typer

from .. import games as registry
from .. import puzzles as suites
from .._core import GolemError, StopToken
from .._core import analyse as ismcts_search
from .._core import bench as run_bench
from .._core import solve as alphabeta_search
from . import arena as arena_output
from . import bench as bench_output
from . import puzzles as puzzles_output
from . import report
from .render import renderer_for

app = typer.Typer(
    name="golem-solve",
    help="Exact solver tools for Golem-family game positions (TOML files that name"
    " their game).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_BAD_INPUT = 2

F = TypeVar("F", bound=Callable[..., None])


class Failure(Exception):
    """Bad input found by the command line itself (the engine raises GolemError)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def _fail(field: Optional[str], message: str) -> typer.Exit:
    line = f"error: {field}: {message}" if field else f"error: {message}"
    typer.echo(line, err=True)
    return typer.Exit(EXIT_BAD_INPUT)


def reports_errors(command: F) -> F:
    """Turns bad-input exceptions into a one-line message and exit status 2."""

    @functools.wraps(command)
    def run(*args, **kwargs):
        try:
            return command(*args, **kwargs)
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
            raise _fail(e.filename and str(e.filename), e.strerror or str(e)) from None

    return run  # type: ignore[return-value]


def _load(pos: str):
    """A position of the game it names, from a file or from standard input for ``-``."""
    if pos == "-":
        return registry.from_toml(sys.stdin.read())
    return registry.load_file(pos)


def _write(state, out: Optional[Path], force: bool) -> None:
    """The position as TOML: to ``out`` (kept if it exists, unless ``force``) or stdout."""
    text = state.to_toml()
    if out is None:
        typer.echo(text, nl=False)
        return
    if out.exists() and not force:
        raise Failure(str(out), "file exists; use --force to overwrite it")
    state.save(out, overwrite=force)


def _split_moves(moves: str) -> List[str]:
    return [m.strip() for m in moves.replace("\n", ";").split(";") if m.strip()]


# ---- commands ---------------------------------------------------------------------------

PosArg = typer.Argument(
    ..., metavar="POS", help="Position file (TOML), or - for stdin."
)
OutOpt = typer.Option(
    None, "--output", "-o", help="Write the position here (default: stdout)."
)
ForceOpt = typer.Option(False, "--force", help="Overwrite an existing output file.")
GameOpt = typer.Option(
    registry.DEFAULT_GAME, "--game", help=f"The game: {', '.join(registry.GAMES)}."
)


@app.command()
@reports_errors
def new(
    game: str = GameOpt,
    players: int = typer.Option(2, "--players", "-n", help="Number of players."),
    seed: int = typer.Option(
        0, "--seed", "-s", min=0, help="Seed of the deck shuffle."
    ),
    hidden_decks: bool = typer.Option(
        False,
        "--hidden-decks",
        help="Leave the deck orders out: every deal is a chance event.",
    ),
    output: Optional[Path] = OutOpt,
    force: bool = ForceOpt,
) -> None:
    """Write a fresh starting position (both decks listed in their shuffled order)."""
    _write(registry.new(game, players, seed, hidden_decks), output, force)


@app.command()
@reports_errors
def show(pos: str = PosArg) -> None:
    """Show a position as a readable board."""
    state = _load(pos)
    renderer = renderer_for(registry.game_of(state))
    if sys.stdout.isatty():
        renderer.print_rich(state)
    else:
        typer.echo(renderer.render_plain(state), nl=False)


@app.command()
@reports_errors
def moves(
    pos: str = PosArg,
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list."),
) -> None:
    """List the legal moves (chance outcomes at a chance node), one canonical text a line."""
    texts = _load(pos).legal_action_texts()
    if as_json:
        typer.echo(json.dumps(texts))
    else:
        for text in texts:
            typer.echo(text)


@app.command()
@reports_errors
def perft(
    pos: str = PosArg,
    depth: int = typer.Option(..., "--depth", "-d", min=0, help="Plies to count."),
    divide: bool = typer.Option(
        False, "--divide", help="Print the count under each root move."
    ),
    as_json: bool = typer.Option(
        False,
        "--json",
        help='End with one line {"depth": D, "nodes": N, "seconds": T}.',
    ),
) -> None:
    """Count the leaves of the canonical action tree DEPTH plies deep."""
    state = _load(pos)
    start = time.perf_counter()
    if divide:
        counts = state.perft_divide(depth)
        nodes = sum(n for _, n in counts)
    else:
        counts = []
        nodes = state.perft(depth)
    seconds = time.perf_counter() - start
    for text, count in counts:
        typer.echo(f"{text}: {count}")
    if as_json:
        typer.echo(
            json.dumps({"depth": depth, "nodes": nodes, "seconds": round(seconds, 6)})
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
) -> None:
    """Play moves from a position and write the resulting position (TOML)."""
    state = _load(pos)
    played = _split_moves(moves)
    for number, text in enumerate(played, start=1):
        try:
            state.apply(text)
        except GolemError as e:
            raise Failure(
                f"move {number} of {len(played)} '{text}'", e.message
            ) from None
    _write(state, output, force)


# ---- search -----------------------------------------------------------------------------

DEFAULT_MOVETIME_MS = 10_000
DEFAULT_ITERATIONS = 10_000


def _run_interruptibly(run: Callable[[StopToken], dict]) -> dict:
    """Runs a search on a worker thread so that Ctrl-C can stop it: the search then
    returns its best result so far, which is printed as usual."""
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

    # An Event, not Thread.join: a join interrupted by Ctrl-C can report a live thread as
    # finished on CPython 3.11, and the process would then exit under the running search.
    threading.Thread(target=work, daemon=True).start()
    try:
        while not done.wait(0.05):
            pass
    except KeyboardInterrupt:
        token.stop()
        done.wait()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["result"]


def _progress(as_json: bool, stream: bool) -> Optional[Callable[[dict], None]]:
    if as_json and not stream:
        return None

    def show(result: dict) -> None:
        line = report.json_line(result) if as_json else report.info_line(result)
        print(line, flush=True)

    return show


def _finish(result: dict, as_json: bool) -> None:
    if as_json:
        typer.echo(report.json_line(result))
    else:
        report.print_final(result, rich=sys.stdout.isatty())


def _solve(state, depth, nodes, movetime, objective, hash_mb, as_json, stream):
    if depth is None and nodes is None and movetime is None:
        movetime = DEFAULT_MOVETIME_MS
    result = _run_interruptibly(
        lambda token: alphabeta_search(
            state,
            depth=depth,
            nodes=nodes,
            movetime_ms=movetime,
            objective=objective,
            hash_mb=hash_mb,
            on_iteration=_progress(as_json, stream),
            stop=token,
        )
    )
    _finish(result, as_json)


DepthOpt = typer.Option(None, "--depth", "-d", min=1, help="Deepest iteration (plies).")
NodesOpt = typer.Option(None, "--nodes", min=1, help="Stop after this many nodes.")
MovetimeOpt = typer.Option(None, "--movetime", min=1, help="Stop after this many ms.")
ObjectiveOpt = typer.Option(
    "win", "--objective", help="win: prove a forced win/loss; margin: score difference."
)
HashOpt = typer.Option(16, "--hash", min=1, help="Transposition table size (MiB).")
JsonOpt = typer.Option(False, "--json", help="End with one JSON object (one line).")
StreamOpt = typer.Option(False, "--stream", help="With --json: a JSON line per report.")


@app.command()
@reports_errors
def solve(
    pos: str = PosArg,
    depth: Optional[int] = DepthOpt,
    nodes: Optional[int] = NodesOpt,
    movetime: Optional[int] = MovetimeOpt,
    objective: str = ObjectiveOpt,
    hash_mb: int = HashOpt,
    as_json: bool = JsonOpt,
    stream: bool = StreamOpt,
) -> None:
    """Alpha-beta: the best move, its proven value and the principal variation.

    Two players: minimax; three or more: paranoid (the player to move against the rest).
    Without a budget it searches for 10 s; the first budget reached stops it, and so does
    Ctrl-C (the best result so far is printed).
    """
    _solve(_load(pos), depth, nodes, movetime, objective, hash_mb, as_json, stream)


@app.command()
@reports_errors
def analyse(
    pos: str = PosArg,
    algo: str = typer.Option("ismcts", "--algo", help="ismcts or alphabeta."),
    iterations: Optional[int] = typer.Option(
        None, "--iterations", "-i", min=1, help="ISMCTS iterations."
    ),
    movetime: Optional[int] = MovetimeOpt,
    nodes: Optional[int] = NodesOpt,
    threads: int = typer.Option(
        1, "--threads", "-t", min=1, help="Root-parallel trees."
    ),
    seed: int = typer.Option(0, "--seed", "-s", min=0, help="Seed of thread 0."),
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
    cutoff: Optional[int] = typer.Option(
        None,
        "--cutoff",
        min=0,
        help="Evaluate rollouts after this many plies [default: 8; 0: play out].",
    ),
    exploration: Optional[float] = typer.Option(
        None, "--exploration", help="UCB exploration constant [default: 0.3]."
    ),
    report_every: int = typer.Option(
        0,
        "--report-every",
        min=0,
        help="Progress every N iterations (0: about 10 reports).",
    ),
    depth: Optional[int] = DepthOpt,
    objective: str = ObjectiveOpt,
    hash_mb: int = HashOpt,
    as_json: bool = JsonOpt,
    stream: bool = StreamOpt,
) -> None:
    """ISMCTS (default) or alpha-beta analysis: visits and values of every move.

    ISMCTS samples the hidden deck orders each iteration (SO-ISMCTS, Cowling et al. 2012).
    Without a budget it runs 10,000 iterations. One thread with a seed is reproducible.
    """
    state = _load(pos)
    if algo == "alphabeta":
        _solve(state, depth, nodes, movetime, objective, hash_mb, as_json, stream)
        return
    if algo != "ismcts":
        raise Failure("algo", f"'{algo}' is not an algorithm (ismcts or alphabeta)")
    if iterations is None and nodes is None and movetime is None:
        iterations = DEFAULT_ITERATIONS
    every = report_every or max(1, (iterations or 10 * DEFAULT_ITERATIONS) // 10)
    result = _run_interruptibly(
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
            on_report=_progress(as_json, stream),
            stop=token,
        )
    )
    _finish(result, as_json)


# ---- arena and bench --------------------------------------------------------------------


def _in_range(field: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise Failure(field, f"{value} is outside {low}..={high}")


BotsOpt = typer.Option(
    ...,
    "--bot",
    "-b",
    help="A bot, once per bot: random, greedy, ismcts[:iterations=N,rollout=heuristic,"
    "cutoff=C,...], alphabeta[:depth=D,objective=margin|win,hash=MB].",
)


@app.command()
@reports_errors
def arena(
    bots: List[str] = BotsOpt,
    game: str = GameOpt,
    games: int = typer.Option(100, "--games", "-g", help="Games to play."),
    players: Optional[int] = typer.Option(
        None, "--players", "-n", help="Seats (default: one per bot, at least 2)."
    ),
    seed: int = typer.Option(0, "--seed", "-s", help="Seed of deals and bots."),
    threads: int = typer.Option(1, "--threads", "-t", help="Games played at once."),
    max_plies: int = typer.Option(
        3000, "--max-plies", help="Abandon a game after this many moves (unfinished)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Play bots against each other from random deals; win rates with 95% intervals.

    Bots fill the seats cyclically (two bots, three seats: A B A) and the seats rotate
    every game, so over a multiple of PLAYERS games each bot holds each seat equally
    often; every PLAYERS consecutive games share a deal. Bots see no deck order. The
    results depend on the seed, not on the number of threads.
    """
    _in_range("games", games, 1, 10_000_000)
    _in_range("seed", seed, 0, 2**64 - 1)
    _in_range("threads", threads, 1, 256)
    _in_range("max_plies", max_plies, 1, 1_000_000)
    options = dict(
        game=game,
        games=games,
        players=players,
        seed=seed,
        threads=threads,
        max_plies=max_plies,
    )
    results = arena_output.run(bots, options)
    if as_json:
        typer.echo(json.dumps(results))
    else:
        typer.echo(arena_output.table(results))


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
    depth: Optional[int] = typer.Option(
        None, "--depth", "-d", min=1, help="Search every position to this depth."
    ),
    nodes: Optional[int] = typer.Option(
        None, "--nodes", min=1, help="Search every position for this many nodes."
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
        options["positions"] = positions.read_text()
    if as_json:
        typer.echo(json.dumps(run_bench(**options)))
        return
    result = run_bench(
        on_line=lambda line: print(bench_output.line_text(line), flush=True),
        **options,
    )
    for subtotal in result.get("games", []):
        typer.echo(bench_output.subtotal_text(subtotal))
    typer.echo(bench_output.summary(result))


# ---- puzzle suites ----------------------------------------------------------------------

SuiteArg = typer.Argument(..., metavar="FILE", help="Puzzle suite (JSON lines).")


@app.command()
@reports_errors
def puzzles(
    suite: Path = SuiteArg,
    depth: Optional[int] = typer.Option(
        None, "--depth", "-d", min=1, help="Search depth (default: each puzzle's own)."
    ),
    nodes: Optional[int] = typer.Option(
        None, "--nodes", min=1, help="Node budget per puzzle."
    ),
    movetime: Optional[int] = typer.Option(
        None, "--movetime", min=1, help="Time budget per puzzle (ms)."
    ),
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Run a puzzle suite with alpha-beta: a line per puzzle not solved, then the totals.
    Exit status 1 on any wrong answer or bad PV."""
    try:
        loaded = suites.load_suite(suite)
    except suites.SuiteError as e:
        raise Failure(e.field, e.message) from None

    def show(outcome: suites.Outcome) -> None:
        if not as_json and outcome.status != "solved":
            print(puzzles_output.outcome_line(outcome), flush=True)

    summary = suites.run_suite(loaded, depth, nodes, movetime, show)
    if as_json:
        typer.echo(puzzles_output.summary_json(summary))
    else:
        typer.echo(puzzles_output.summary_line(summary))
    if summary.failed:
        raise typer.Exit(1)
