"""Games/s of the arena with the thread backend (1 and 2 threads) and with Ray (a local
runtime), the Ray runtime's start-up and its overhead per task: the figures of
docs/scale.md.

    python scripts/measure_scale.py [--cpus 2] [--repeat 3]

Each figure is the best of ``--repeat`` runs (the machine may be shared). The Ray runs
use one runtime started beforehand, so their games/s leave out the start-up, which is
measured on its own (``golem-solve arena --backend ray`` pays it once per command).
"""

from __future__ import annotations

import argparse
import logging
import os
import time

os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")

import ray  # noqa: E402

from golem_solver import arena, ray_backend  # noqa: E402

CONFIGS = [
    ("greedy vs random, 200 games", ["greedy", "random"], 200),
    (
        "ismcts:iterations=200 vs greedy, 40 games",
        ["ismcts:iterations=200", "greedy"],
        40,
    ),
]


def best(repeat: int, run) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


@ray.remote
def nothing() -> None:
    return None


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--cpus", type=int, default=2)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    start = time.perf_counter()
    ray.init(
        address="local",
        num_cpus=args.cpus,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.ERROR,
    )
    startup = time.perf_counter() - start
    print(f"load average before: {os.getloadavg()}")
    print(f"Ray local runtime start-up ({args.cpus} CPUs): {startup:.1f} s")
    ray.get([nothing.remote() for _ in range(20)])  # workers up
    n = 200
    per_task = best(args.repeat, lambda: ray.get([nothing.remote() for _ in range(n)]))
    print(f"Ray empty task, {n} at once: {1000 * per_task / n:.2f} ms per task")
    chunk = best(
        args.repeat,
        lambda: ray.get(
            ray_backend._play_chunk.remote(
                ["random", "random"],
                dict(
                    game="century-golem",
                    games=1,
                    players=None,
                    seed=0,
                    max_plies=3000,
                    setup=[],
                    record=False,
                ),
                0,
                1,
            )
        ),
    )
    local = best(args.repeat, lambda: arena.run(["random", "random"], games=1))
    print(
        f"one random-vs-random game: {1000 * local:.1f} ms here, "
        f"{1000 * chunk:.1f} ms as a Ray task (round trip)"
    )

    for name, bots, games in CONFIGS:
        row = [name]
        for threads in (1, 2):
            seconds = best(
                args.repeat,
                lambda b=bots, g=games, t=threads: arena.run(b, games=g, threads=t),
            )
            row.append(
                f"threads {threads}: {games / seconds:.1f} games/s ({seconds:.2f} s)"
            )
        seconds = best(
            args.repeat, lambda b=bots, g=games: arena.run(b, games=g, backend="ray")
        )
        tasks = len(ray_backend.chunks(games, args.cpus))
        row.append(
            f"ray {args.cpus} CPUs, {tasks} tasks: {games / seconds:.1f} games/s ({seconds:.2f} s)"
        )
        print(" | ".join(row), flush=True)
    print(f"load average after: {os.getloadavg()}")
    ray.shutdown()


if __name__ == "__main__":
    main()
