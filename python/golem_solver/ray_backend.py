"""The Ray backend: arena games and puzzle searches as Ray tasks (docs/scale.md).

Ray is the distributed engine; this module only cuts the work into chunks, submits them
and gathers the results in order. An arena's chunk is a range of game indices played by
the core's ``arena_games`` (each game seeded by its index, as the thread backend plays
it); the driver merges the records in game order and the core's ``arena_report`` makes
the report, so a seed gives the same report with either backend. A puzzle chunk searches
a few puzzles; the driver checks each answer, in file order, as ``puzzles.run_suite``
does.

Importing this module imports Ray (``golem_solver.backends.ray_backend`` says so
cleanly when it is not installed). Every node of a cluster needs golem_solver installed
(the same virtual environment on every node, or a ``runtime_env`` given to your own
``ray.init``: an initialised Ray is used as it is and left running).
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from contextlib import contextmanager
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, Tuple

import ray

from . import _core
from .errors import refusal

#: Tasks per CPU: enough that a slow chunk does not leave CPUs idle at the end, few
#: enough that the per-task overhead (a few ms) stays small against the games.
TASKS_PER_CPU = 4
#: Seconds to wait for a TCP connection to an explicit address, then for ``ray.init``.
CONNECT_TIMEOUT_S = 10.0
INIT_TIMEOUT_S = 60.0
#: How often the driver looks at the stop token and moves the progress bar.
POLL_S = 0.2


# ---- the runtime ------------------------------------------------------------------------


def _host_port(address: str) -> Optional[Tuple[str, int]]:
    """``(host, port)`` of an explicit address (``HOST:PORT`` or ``ray://HOST:PORT``);
    None for ``auto``/``local`` (Ray finds those itself)."""
    if address in ("auto", "local"):
        return None
    rest = address.split("://", 1)[1] if "://" in address else address
    host, sep, port = rest.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise refusal("address", f"'{address}' is not HOST:PORT, auto or local")
    return host.strip("[]"), int(port)


def _auto_address() -> Optional[str]:
    """What ``auto`` stands for (``RAY_ADDRESS``, else the last cluster ``ray start``
    recorded on this machine), or None if that cannot be told. Ray's own lookup, which
    is private: any failure just skips the early check."""
    try:
        from ray._private.services import canonicalize_bootstrap_address

        return canonicalize_bootstrap_address("auto")
    except Exception:  # no cluster recorded (ray.init says so), or the API moved
        return None


def _check_reachable(address: str) -> None:
    target = _host_port(address)
    shown = address
    if address == "auto":
        resolved = _auto_address()
        # A stale record of a stopped cluster would otherwise cost the whole deadline.
        target = _host_port(resolved) if resolved else None
        shown = f"auto ({resolved})"
    if target is None:
        return
    try:
        socket.create_connection(target, timeout=CONNECT_TIMEOUT_S).close()
    except OSError as e:
        reason = e.strerror or type(e).__name__
        raise refusal("address", f"cannot reach {shown}: {reason}") from None


def _connect(address: str, **kwargs: Any) -> None:
    """``ray.init(address=...)`` with a deadline: a head that accepts the connection but
    never answers is an error after ``INIT_TIMEOUT_S``, not a hang. (On a thread of its
    own: connecting starts no process. A local runtime is started on the caller's thread,
    since Ray's processes die with the thread that started them.)"""
    outcome: Dict[str, BaseException] = {}

    def connect() -> None:
        try:
            ray.init(address=address, **kwargs)
        except BaseException as e:  # handed to the caller below
            outcome["error"] = e

    worker = threading.Thread(target=connect, daemon=True)
    worker.start()
    worker.join(INIT_TIMEOUT_S)
    if worker.is_alive():
        raise refusal(
            "address", f"no answer from Ray at {address} in {INIT_TIMEOUT_S:.0f} s"
        )
    if "error" in outcome:
        hint = ""
        message = _first_line(outcome["error"])
        if "Failed to connect" in message and os.environ.get("RAY_AUTH_MODE") is None:
            # A recent Ray's head (2.60 here) enables token authentication, which a
            # driver given an explicit address uses only when told to (auto does).
            hint = " (a head with token authentication needs RAY_AUTH_MODE=token here)"
        raise refusal("address", message + hint)


def _first_line(error: BaseException) -> str:
    text = str(error).strip()
    return text.splitlines()[0] if text else type(error).__name__


@contextmanager
def session(address: Optional[str] = None, cpus: Optional[int] = None) -> Iterator[int]:
    """A Ray runtime for the work; yields its CPU count. An initialised Ray (the caller's
    own ``ray.init``) is used as it is and left running; otherwise ``address`` is
    connected to (``auto``: the cluster started on this machine with ``ray start``), or
    without one a local runtime with ``cpus`` CPUs (default: all) is started, and either
    is shut down at the end."""
    if address is not None:
        _host_port(address)  # a malformed address is refused even then
    if ray.is_initialized():
        yield _cpus()
        return
    # No usage report (and no network call for it) unless the user asked for one.
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    quiet: Dict[str, Any] = dict(logging_level=logging.ERROR, log_to_driver=False)
    if address is not None:
        _check_reachable(address)
        _connect(address, **quiet)
    else:
        try:
            # "local": a new runtime even when a cluster runs on this machine (plain
            # ray.init() would join that one, or fail on a stale record of it).
            ray.init(
                address="local",
                num_cpus=cpus or os.cpu_count() or 1,
                include_dashboard=False,
                **quiet,
            )
        except Exception as e:  # e.g. no room for the object store
            raise refusal("backend", f"Ray did not start: {_first_line(e)}") from None
    try:
        yield _cpus()
    finally:
        ray.shutdown()


def _cpus() -> int:
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


def chunks(total: int, cpus: int) -> List[Tuple[int, int]]:
    """``(first, count)`` ranges covering ``0..total`` in order: about ``TASKS_PER_CPU``
    per CPU, sizes differing by at most one."""
    tasks = max(1, min(total, TASKS_PER_CPU * cpus))
    size, extra = divmod(total, tasks)
    ranges, first = [], 0
    for i in range(tasks):
        count = size + (i < extra)
        ranges.append((first, count))
        first += count
    return ranges


def _cause(error: BaseException) -> BaseException:
    """The exception a task raised (a ``GolemError`` for bad input or a bot's bug)
    rather than Ray's wrapper around it."""
    cause = getattr(error, "cause", None)
    return cause if isinstance(cause, BaseException) else error


def _gather(
    refs: Sequence[Any],
    on_result: Callable[[int, Any], None],
    stop: Optional[Any],
) -> Tuple[Dict[int, Any], bool]:
    """Waits for the tasks, handing each result to ``on_result(index, result)`` as it
    comes. A stop (``stop.stopped``) cancels the tasks still running. Returns the
    results by index and whether some are missing (because of a stop). The failure of the
    earliest task that failed is raised (the later ones are cancelled), as the thread
    backend reports the earliest game's error; after a stop, only a ``GolemError`` is:
    Ctrl-C in a terminal reaches the local workers too, and their interrupted tasks are
    just missing."""
    pending = {ref: i for i, ref in enumerate(refs)}
    results: Dict[int, Any] = {}
    failed: Optional[Tuple[int, BaseException]] = None
    try:
        while pending and not (stop is not None and stop.stopped):
            ready, _ = ray.wait(list(pending), num_returns=1, timeout=POLL_S)
            for ref in ready:
                index = pending.pop(ref)
                try:
                    results[index] = ray.get(ref)
                except Exception as e:  # the task's own error, reported below
                    if failed is None or index < failed[0]:
                        failed = (index, _cause(e))
                    continue
                on_result(index, results[index])
            if failed is not None:
                # Only earlier tasks can still change which error is reported.
                for ref, index in list(pending.items()):
                    if index > failed[0]:
                        ray.cancel(ref)
                        del pending[ref]
    finally:
        for ref in pending:
            ray.cancel(ref)
    stopped = stop is not None and stop.stopped
    if failed is not None and (not stopped or isinstance(failed[1], _core.GolemError)):
        raise failed[1]
    return results, len(results) < len(refs)


# ---- the arena ----------------------------------------------------------------------------


def _no_progress(done: int, total: int) -> None:
    pass


@ray.remote(num_cpus=1)
def _play_chunk(
    bots: List[str], options: Dict[str, Any], first: int, count: int
) -> Dict[str, Any]:
    # A progress callback, as in the driver: calling into Python now and then lets a
    # cancel's KeyboardInterrupt through.
    return _core.arena_games(
        bots, first=first, count=count, threads=1, on_progress=_no_progress, **options
    )


def run_arena(
    bots: List[str],
    options: Dict[str, Any],
    *,
    address: Optional[str] = None,
    cpus: Optional[int] = None,
    on_progress: Optional[Callable[[int, int], object]] = None,
    stop: Optional[Any] = None,
) -> Dict[str, Any]:
    """The arena of ``golem_solver.arena.run`` on Ray. ``options`` are the core's
    (``game``, ``games``, ``players``, ``seed``, ``max_plies``, ``setup``, ``record``).
    Returns the core's report plus ``threads`` (the CPUs Ray had) and ``tasks``."""
    # Checked here first, so a bad bot or option is reported before Ray starts.
    _core.arena_games(bots, first=0, count=0, **options)
    games = options["games"]
    progress = on_progress or _no_progress
    with session(address, cpus) as total_cpus:
        ranges = chunks(games, total_cpus)
        refs = [_play_chunk.remote(bots, options, f, n) for f, n in ranges]
        done = [0]

        def count(index: int, result: Dict[str, Any]) -> None:
            done[0] += len(result["records"])
            progress(done[0], games)

        results, cancelled = _gather(refs, count, stop)
    records = [r for i in sorted(results) for r in results[i]["records"]]
    stopped = cancelled or any(r["stopped"] for r in results.values())
    report = _core.arena_report(bots, records, stopped=stopped, **options)
    report["threads"] = total_cpus
    report["tasks"] = len(ranges)
    return report


# ---- puzzles ------------------------------------------------------------------------------


@ray.remote(num_cpus=1)
def _search_chunk(
    items: List[Tuple[str, int, str]], search: Dict[str, Any]
) -> List[Dict[str, Any]]:
    from .games import from_toml
    from .search import solve

    return [
        solve(
            from_toml(toml),
            depth=search["depth"] or depth,
            objective=objective,
            nodes=search["nodes"],
            movetime_ms=search["movetime_ms"],
        )
        for toml, depth, objective in items
    ]


def search_puzzles(
    puzzles: List[Any],
    search: Dict[str, Any],
    *,
    address: Optional[str] = None,
    cpus: Optional[int] = None,
    on_result: Callable[[int, Dict[str, Any]], None],
    stop: Optional[Any] = None,
) -> bool:
    """Searches every puzzle on Ray (``search``: ``depth``, ``nodes``, ``movetime_ms``,
    as ``puzzles.run_suite`` takes them); ``on_result(index, result)`` gets each search
    result, in file order. Returns whether a stop left some puzzles out."""
    with session(address, cpus) as total_cpus:
        ranges = chunks(len(puzzles), total_cpus)
        refs = [
            _search_chunk.remote(
                [(p.state.to_toml(), p.depth, p.objective) for p in puzzles[f : f + n]],
                search,
            )
            for f, n in ranges
        ]
        # In file order: a chunk's results wait for the chunks before it.
        ready: Dict[int, List[Dict[str, Any]]] = {}
        shown = [0]

        def in_order(index: int, results: List[Dict[str, Any]]) -> None:
            ready[index] = results
            while shown[0] in ready:
                first, _ = ranges[shown[0]]
                for offset, result in enumerate(ready.pop(shown[0])):
                    on_result(first + offset, result)
                shown[0] += 1

        _, stopped = _gather(refs, in_order, stop)
        # After a stop, what finished beyond a gap is kept too, still in file order.
        for index in sorted(ready):
            first, _ = ranges[index]
            for offset, result in enumerate(ready[index]):
                on_result(first + offset, result)
    return stopped
