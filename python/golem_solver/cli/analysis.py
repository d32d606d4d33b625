"""The search commands: ``solve`` (alpha-beta) and ``analyse`` (ISMCTS or alpha-beta)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, Callable, Dict, Optional

import typer

from ..checks import SEARCH_OPTIONS
from ..errors import refusal
from ..search import DEFAULT_ITERATIONS, DEFAULT_MOVETIME_MS, analyse, solve
from . import report
from .inputs import load_position, ruleset_line, with_ruleset
from .options import (
    ComponentsOpt,
    DepthOpt,
    HashOpt,
    InfiniteOpt,
    JsonOpt,
    MovetimeOpt,
    NodesOpt,
    ObjectiveOpt,
    PosArg,
    SolveMovetimeOpt,
    StreamOpt,
    ThreadsOpt,
    int_option,
    with_search_options,
)
from .program import EXIT_INTERRUPTED, app, reports_errors, run_interruptibly
from .render import renderer_for


def _progress(as_json: bool, stream: bool, state) -> Optional[Callable[[dict], None]]:
    if as_json and not stream:
        return None
    words = _words(state)

    def show(result: dict) -> None:
        line = report.json_line(result) if as_json else report.info_line(result, words)
        print(line, flush=True)

    return show


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
    with_ruleset(result, state)
    if as_json:
        typer.echo(report.json_line(result))
    else:
        report.print_final(result, rich=sys.stdout.isatty(), words=_words(state))
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)


def _check_stream(as_json: bool, stream: bool) -> None:
    if stream and not as_json:
        raise refusal("stream", "only with --json (a JSON line per progress report)")


def _solve(
    state,
    *,
    depth,
    nodes,
    movetime,
    objective,
    hash_mb,
    threads,
    search_options,
    as_json,
    stream,
):
    """Alpha-beta for `solve` and `analyse --algo alphabeta`, printed; ``movetime`` 0
    lifts the time cap (``--movetime 0``, ``--infinite``)."""
    result, interrupted = run_interruptibly(
        lambda token: solve(
            state,
            depth=depth,
            nodes=nodes,
            movetime_ms=movetime,
            objective=objective,
            hash_mb=hash_mb,
            threads=threads,
            on_iteration=_progress(as_json, stream, state),
            stop=token,
            **(search_options or {}),
        )
    )
    _finish(result, interrupted, as_json, state)


#: Where `solve` differs from an alpha-beta bot: it searches every chance outcome.
SOLVE_DEFAULTS = {"samples": "0"}


@app.command("solve")
@reports_errors
@with_search_options("alphabeta", defaults=SOLVE_DEFAULTS)
def solve_command(
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
    search_options: Optional[Dict[str, Any]] = None,
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
    state = load_position(pos, components)
    ruleset_line(state, as_json)
    _solve(
        state,
        depth=depth,
        nodes=nodes,
        movetime=movetime,
        objective=objective,
        hash_mb=hash_mb,
        threads=threads,
        search_options=search_options,
        as_json=as_json,
        stream=stream,
    )


@app.command("analyse")
@reports_errors
@with_search_options("ismcts", "alphabeta", defaults=SOLVE_DEFAULTS)
def analyse_command(
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
    search_options: Optional[Dict[str, Any]] = None,
) -> None:
    """ISMCTS (default) or alpha-beta analysis: visits and values of every move.

    ISMCTS samples the hidden deck orders each iteration (SO-ISMCTS, Cowling et al. 2012).
    Without a budget it runs 10,000 iterations (alpha-beta: 10 s). One thread with a
    seed is reproducible. An option the chosen algorithm does not use is refused. Ctrl-C
    prints the best result so far ("stopped"); the exit status is then 130.
    """
    if algo not in ("ismcts", "alphabeta"):
        raise refusal("algo", f"'{algo}' is not an algorithm (ismcts or alphabeta)")
    _check_stream(as_json, stream)
    _refuse_unused(ctx, algo, search_options or {})
    state = load_position(pos, components)
    ruleset_line(state, as_json)
    if algo == "alphabeta":  # the same time cap as `solve`
        movetime = DEFAULT_MOVETIME_MS if movetime is None else movetime
        _solve(
            state,
            depth=depth,
            nodes=nodes,
            movetime=movetime,
            objective=objective,
            hash_mb=hash_mb,
            threads=threads,
            search_options=search_options,
            as_json=as_json,
            stream=stream,
        )
        return
    if iterations is None and nodes is None and movetime is None:
        iterations = DEFAULT_ITERATIONS
    every = report_every or max(1, (iterations or 10 * DEFAULT_ITERATIONS) // 10)
    result, interrupted = run_interruptibly(
        lambda token: analyse(
            state,
            iterations=iterations,
            nodes=nodes,
            movetime_ms=movetime,
            threads=threads,
            seed=seed,
            report_every=every,
            objective="score" if objective == "margin" else objective,
            on_report=_progress(as_json, stream, state),
            stop=token,
            **(search_options or {}),
        )
    )
    _finish(result, interrupted, as_json, state)


# Options of `analyse` that only one algorithm uses, beside the declared search options
# (`with_search_options`): (parameter, option).
ISMCTS_ONLY = [
    ("iterations", "iterations"),
    ("seed", "seed"),
    ("report_every", "report_every"),
]
ALPHABETA_ONLY = [("depth", "depth"), ("hash_mb", "hash")]


def _refuse_unused(
    ctx: typer.Context, algo: str, search_options: Dict[str, Any]
) -> None:
    """An option given on the command line that ``algo`` ignores is an error: silently
    dropping it would report a search that is not the one asked for."""
    unused = ISMCTS_ONLY if algo == "alphabeta" else ALPHABETA_ONLY
    for param, option in unused:
        if _given(ctx, param):
            raise refusal(option, f"not used by --algo {algo}")
    for name in search_options:
        if algo not in SEARCH_OPTIONS[name]["searches"]:
            raise refusal(name, f"not used by --algo {algo}")


def _given(ctx: typer.Context, param: str) -> bool:
    source = ctx.get_parameter_source(param)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")
