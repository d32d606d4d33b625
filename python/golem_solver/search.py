"""``solve`` and ``analyse``: the core's searches with their default budgets and their
integer arguments checked, so that no call runs for ever by accident and a number no
machine word holds is a ``GolemError``, not an ``OverflowError``.

- ``solve`` with no budget at all (no ``depth``, ``nodes`` or ``movetime_ms``) searches
  for ``DEFAULT_MOVETIME_MS`` (10 s); ``movetime_ms=0`` means no time cap.
- ``analyse`` with no budget at all runs ``DEFAULT_ITERATIONS`` (10,000) iterations;
  ``movetime_ms=0`` means no time cap.

Everything else (option names, the other ranges, the search) is the core's.
"""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional

from . import _core
from .checks import check_int
from .errors import refusal

DEFAULT_MOVETIME_MS = 10_000
DEFAULT_ITERATIONS = 10_000

Result = Dict[str, Any]


def alphabeta_objective(state: Any, objective: Optional[str]) -> str:
    """The alpha-beta objective: ``win`` (proof) by default with several players; alone,
    ``score`` (the expected final score, the core's ``margin``) by default, and ``win``
    (every outcome achieves the game's solo goal) only where a solo game can be won."""
    solo = state.players == 1
    if objective is None:
        objective = "score" if solo else "win"
    if objective == "score":
        return "margin"
    if objective == "win" and solo and not type(state).INFO["solo_win"]:
        raise refusal(
            "objective",
            f"a 1-player {type(state).INFO['title']} game has no win; "
            "it is played for its score",
        )
    return objective


def solve(
    state: Any,
    *,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    movetime_ms: Optional[int] = None,
    objective: Optional[str] = None,
    hash_mb: int = 16,
    use_tt: bool = True,
    threads: int = 1,
    on_iteration: Optional[Callable[[Result], object]] = None,
    stop: Optional[_core.StopToken] = None,
    **options: Any,
) -> Result:
    """Alpha-beta (see ``golem_solver._core.solve``); with no budget at all it searches
    for 10 s, and ``movetime_ms=0`` lifts the time cap. ``options`` are the other
    alpha-beta options the core declares (``golem_solver.checks.SEARCH_OPTIONS``:
    ``samples``, ``eval``), read as bot specs read them."""
    check_int("depth", depth)
    check_int("nodes", nodes)
    check_int("movetime_ms", movetime_ms, "movetime")
    check_int("hash_mb", hash_mb, "hash")
    if depth is None and nodes is None and movetime_ms is None:
        movetime_ms = DEFAULT_MOVETIME_MS
    objective = alphabeta_objective(state, objective)
    return _core.solve(
        state,
        depth=depth,
        nodes=nodes,
        movetime_ms=movetime_ms or None,
        objective=objective,
        hash_mb=hash_mb,
        use_tt=use_tt,
        threads=threads,
        on_iteration=on_iteration,
        stop=stop,
        **options,
    )


def analyse(
    state: Any,
    *,
    iterations: Optional[int] = None,
    nodes: Optional[int] = None,
    movetime_ms: Optional[int] = None,
    threads: int = 1,
    seed: int = 0,
    report_every: int = 0,
    only: Optional[List[str]] = None,
    objective: Optional[str] = None,
    on_report: Optional[Callable[[Result], object]] = None,
    stop: Optional[_core.StopToken] = None,
    **options: Any,
) -> Result:
    """ISMCTS (see ``golem_solver._core.analyse``); with no budget at all it runs 10,000
    iterations, and ``movetime_ms=0`` lifts the time cap. ``options`` are the ISMCTS
    options the core declares (``golem_solver.checks.SEARCH_OPTIONS``: ``rollout``,
    ``epsilon``, ``cutoff``, ``exploration``, ``widening``, ...), read as bot specs read
    them; those left out take the tuned defaults (docs/search.md). ``cutoff=0`` plays
    every rollout out (the default for one player, whose expected final score is the
    answer). ``only`` restricts the root player's first move to these moves (texts), to
    value a move the full search hardly tries; the search below them is the full one."""
    check_int("iterations", iterations)
    check_int("nodes", nodes)
    check_int("movetime_ms", movetime_ms, "movetime")
    check_int("threads", threads)
    check_int("seed", seed)
    check_int("report_every", report_every)
    if iterations is None and nodes is None and movetime_ms is None:
        iterations = DEFAULT_ITERATIONS
    if options.get("cutoff") is None and state.players == 1:
        # Alone, the answer is the expected final score: rollouts play to the end (a
        # cut-off would report the evaluation part-way through the game).
        options["cutoff"] = 0
    return _core.analyse(
        state,
        iterations=iterations,
        nodes=nodes,
        movetime_ms=movetime_ms or None,
        threads=threads,
        seed=seed,
        report_every=report_every,
        only=only,
        objective=objective,
        on_report=on_report,
        stop=stop,
        **options,
    )
