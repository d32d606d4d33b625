"""The solo strength of the bots per Merchant Explorers map: mean final coins with a 95%
interval, and the rate of achieving all three objectives (the solo win, spec §9) with its
Wilson interval, as a Markdown table on stdout (the table of docs/merchant-explorers.md).

    python scripts/solo_strength.py [--games N] [--bots B [B ...]] [--maps M [M ...]]
                                    [--threads T] [--seed S] [--quick]

Every row is an arena of N solo games (``golem_solver.arena.run``, the engine behind
``golem-solve arena``) with the same seeds for every bot, so the rows of one map play the
same deals. ``--quick`` plays 4 games of greedy and ISMCTS at 10 ms a decision (a smoke
test of the script, not a measurement). Ctrl-C prints the rows finished so far.

Rows with ``movetime`` depend on the machine and its load; ``greedy`` is reproducible from
the seed.
"""

from __future__ import annotations

import argparse
import sys
import time

from golem_solver import StopToken
from golem_solver.arena import run

MAPS = ["avenia", "aghon", "kazan", "cnidaria", "north-proylia", "xawskil"]
BOTS = ["greedy", "ismcts:movetime=100", "ismcts:movetime=1000"]


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def row(map_id: str, report: dict) -> str:
    bot = report["bots"][0]
    low, high = bot["score_ci95"]
    win_low, win_high = bot["ci95"]
    return (
        f"| {map_id} | `{bot['bot']}` | {bot['games']} | {bot['mean_score']:.2f}"
        f" | {low:.2f}–{high:.2f} | {bot['wins']} | {percent(bot['win_rate'])}"
        f" | {percent(win_low)}–{percent(win_high)} | {report['seconds']:.0f} s |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--bots", nargs="+", default=BOTS)
    parser.add_argument("--maps", nargs="+", default=MAPS)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.quick:
        args.games, args.bots = 4, ["greedy", "ismcts:movetime=10"]
    print(
        "| map | bot | games | mean coins | 95% CI | all three objectives | rate"
        " | 95% CI (Wilson) | time |"
    )
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    stop = StopToken()
    try:
        for map_id in args.maps:
            for bot in args.bots:
                start = time.monotonic()
                report = run(
                    [bot],
                    game="merchant-explorers",
                    games=args.games,
                    players=1,
                    seed=args.seed,
                    threads=args.threads,
                    setup={"map": map_id},
                    stop=stop,
                )
                report["seconds"] = time.monotonic() - start
                print(row(map_id, report), flush=True)
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
