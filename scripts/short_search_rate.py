"""Iterations a short ISMCTS search completes with 1 and 2 threads, the figures
docs/strength.md ("Every core") quotes for the 10 ms ladder rungs.

    python scripts/short_search_rate.py [--movetime 10] [--calls 6] [--threads 2]

The searches run in this one process, one after the other, as the arena's bots do: a
fresh process's first searches start their threads late and count fewer. For each bundled
example position (Century's midgame, Merchant Explorers' and Golem's start) and each
setting (one thread; the threads keeping their own trees, ``parallel=root``; sharing one
tree, ``parallel=tree``), it prints the least and the most iterations over ``--calls``
searches. The machine should be otherwise idle.
"""

from __future__ import annotations

import argparse
from pathlib import Path

import golem_solver

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
POSITIONS = [
    "century-midgame.toml",
    "merchant-explorers-start.toml",
    "golem-cranio-start.toml",
]


def iterations(
    state, movetime: int, threads: int, parallel: str, calls: int
) -> list[int]:
    counts = []
    for call in range(calls):
        result = golem_solver.analyse(
            state,
            movetime_ms=movetime,
            threads=threads,
            parallel=parallel,
            seed=call + 1,
        )
        counts.append(result["iterations"])
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--movetime", type=int, default=10, help="ms per search")
    parser.add_argument("--calls", type=int, default=6, help="searches per setting")
    parser.add_argument(
        "--threads", type=int, default=2, help="threads of the parallel runs"
    )
    args = parser.parse_args()
    settings = [("1 thread", 1, "root")] + [
        (f"{args.threads} threads, {mode}", args.threads, mode)
        for mode in ("root", "tree")
    ]
    print(f"| position | {' | '.join(name for name, _, _ in settings)} |")
    print("| --- |" + " ---: |" * len(settings))
    for file in POSITIONS:
        state = golem_solver.load(EXAMPLES / file)
        # One untimed warm-up so every setting meets started threads and warm caches.
        iterations(state, args.movetime, args.threads, "root", 1)
        cells = []
        for _, threads, mode in settings:
            counts = iterations(state, args.movetime, threads, mode, args.calls)
            cells.append(f"{min(counts):,}-{max(counts):,}")
        print(f"| {file} | {' | '.join(cells)} |")


if __name__ == "__main__":
    main()
