"""Bots against bots from Python: the core's arena plus the wall time. Prints nothing
(``golem-solve arena`` draws the progress bar and the table)."""

from __future__ import annotations

import time
from typing import Any, Callable, Dict, List, Optional

from ._core import arena as run_arena
from .games import DEFAULT_GAME, check_game

Report = Dict[str, Any]


def _no_progress(done: int, total: int) -> None:
    pass


def run(
    bots: List[str],
    *,
    game: str = DEFAULT_GAME,
    games: int = 100,
    players: Optional[int] = None,
    seed: int = 0,
    threads: int = 1,
    max_plies: int = 3000,
    on_progress: Optional[Callable[[int, int], object]] = None,
) -> Report:
    """Plays ``games`` games of ``game`` (see ``golem_solver._core.arena``) and adds
    ``threads`` and ``seconds`` to the report; neither changes the results."""
    options: Dict[str, Any] = dict(
        game=check_game(game),
        games=games,
        players=players,
        seed=seed,
        threads=threads,
        max_plies=max_plies,
    )
    start = time.perf_counter()
    # Always a callback: calling into Python now and then lets Ctrl-C through.
    report = run_arena(bots, on_progress=on_progress or _no_progress, **options)
    report["threads"] = threads
    report["seconds"] = round(time.perf_counter() - start, 3)
    return report
