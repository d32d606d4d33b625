"""Bots against bots from Python: the core's arena plus the wall time. Prints nothing
(``golem-solve arena`` draws the progress bar and the table)."""

from __future__ import annotations

import time
from typing import Any, Callable, Dict, List, Optional

from ._core import StopToken
from ._core import arena as run_arena
from .backends import THREADS, check_backend, ray_backend
from .checks import check_game, check_int, check_players
from .games import DEFAULT_GAME
from .records import GameRecord

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
    threads: Optional[int] = None,
    max_plies: int = 3000,
    setup: Optional[Dict[str, str]] = None,
    record: bool = False,
    on_progress: Optional[Callable[[int, int], object]] = None,
    stop: Optional[StopToken] = None,
    backend: str = THREADS,
    address: Optional[str] = None,
    on_record: Optional[Callable[[Dict[str, Any]], object]] = None,
) -> Report:
    """Plays ``games`` games of ``game`` (see ``golem_solver._core.arena``) and adds
    ``threads`` and ``seconds`` to the report; neither changes the results. ``stop``
    ends the arena within a move: the report then covers the games finished by then
    (``stopped`` True, ``played`` of them). ``setup`` holds the game's setup options
    (``golem_solver.setup_options``), e.g. ``{"map": "kazan"}``, for every game. With
    ``record`` the report also has ``records``: per game played (in game order) its
    ``index``, ``bots`` (by seat), ``scores``, ``winner``, ``plies``, ``finished``, ``start``
    (TOML) and ``moves`` (every action applied, chance outcomes included); ``records_of``
    turns them into ``golem_solver.records.GameRecord``. With ``on_record`` as well, each
    record is handed to it instead, in game order as the games finish, and the report
    has no ``records``: memory then does not grow with the games (the threads backend;
    Ray's records arrive in chunks).

    ``backend`` is where the games run: ``"threads"`` (the core's pool of ``threads``
    threads, default 1) or ``"ray"`` (Ray tasks, each a range of games: on the cluster at
    ``address``, or on a local runtime with ``threads`` CPUs, default all; needs the
    ``ray`` extra; docs/scale.md). The results are the same with either; the report says
    ``backend`` and, for Ray, ``threads`` is the CPUs Ray had and ``tasks`` the chunks."""
    for field in ("games", "seed", "threads", "max_plies"):
        check_int(field, locals()[field])
    check_backend(backend, address, threads)
    check_players(game, players)
    options: Dict[str, Any] = dict(
        game=check_game(game),
        games=games,
        players=players,
        seed=seed,
        max_plies=max_plies,
        setup=[(str(k), str(v)) for k, v in (setup or {}).items()],
        record=bool(record),
    )
    start = time.perf_counter()
    if backend == THREADS:
        threads = 1 if threads is None else threads
        # Always a callback: calling into Python now and then lets Ctrl-C through.
        report = run_arena(
            bots,
            on_progress=on_progress or _no_progress,
            stop=stop,
            threads=threads,
            on_record=on_record,
            **options,
        )
        report["threads"] = threads
    else:
        report = ray_backend().run_arena(
            bots,
            options,
            address=address,
            cpus=threads,
            on_progress=on_progress,
            stop=stop,
        )
        if on_record is not None:
            for entry in report.pop("records", []):
                on_record(entry)
    report["backend"] = backend
    report["seconds"] = round(time.perf_counter() - start, 3)
    return report


def record_of(game: str, entry: Dict[str, Any]) -> Any:
    """One game of an arena of ``game`` made with ``record=True`` (an entry of its
    ``records``, or what ``on_record`` is handed), as a ``GameRecord``."""
    return GameRecord(
        game, entry["start"], entry["moves"], entry["scores"], entry["bots"]
    )


def records_of(report: Report) -> List[Any]:
    """The games of a report made with ``record=True``, as ``GameRecord``s."""
    return [record_of(report["game"], r) for r in report["records"]]
