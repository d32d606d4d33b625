"""Regenerate the strength table of docs/strength.md: a ladder of bots against greedy and
against each other.

    python scripts/strength.py [--games N] [--quick] [--skip-slow] [--threads T] [--seed S]
                               [--players K] [--json FILE]

Every pairing is an arena (``golem_solver._core.arena``, the engine behind
``golem-solve arena``) of N games with seats rotated; the table gives the first bot's
wins, win rate with its 95% Wilson interval and both mean scores, as a Markdown table on
stdout. ``--quick`` plays 10 games per pairing and skips the slow 1 s/move rows (a smoke
test of the script, not a measurement). With ``--players 3`` each row is the bot against
two greedy seats (bot, greedy, greedy).

Bots with ``movetime`` depend on the machine and its load; the count-budget rows
(random, greedy, alphabeta at fixed depths) are reproducible from the seed.
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from golem_solver import _core

ISMCTS_100 = "ismcts:movetime=100"
ISMCTS_1000 = "ismcts:movetime=1000"
# (bot, opponent, slow): slow rows are skipped by --quick.
LADDER = [
    ("greedy", "random", False),
    ("alphabeta:depth=1", "greedy", False),
    ("alphabeta:depth=2", "greedy", False),
    ("alphabeta:depth=3", "greedy", False),
    (ISMCTS_100, "greedy", False),
    (ISMCTS_1000, "greedy", True),
    (ISMCTS_100, "alphabeta:depth=2", False),
    (ISMCTS_100, "alphabeta:depth=3", False),
    (ISMCTS_1000, ISMCTS_100, True),
]


def play(bot: str, opponent: str, args: argparse.Namespace) -> dict:
    # One entry per seat: (bot, opponent, opponent, ...). The arena rotates the seats.
    bots = [bot] + [opponent] * (args.players - 1)
    start = time.monotonic()
    report = _core.arena(
        bots,
        games=args.games,
        players=args.players,
        seed=args.seed,
        threads=args.threads,
    )
    report["seconds"] = time.monotonic() - start
    return report


def row(report: dict) -> str:
    me, other = report["bots"][0], report["bots"][1]
    low, high = me["ci95"]
    unfinished = (
        f" (+{report['unfinished']} unfinished)" if report["unfinished"] else ""
    )
    return (
        f"| {me['bot']} | {other['bot']} | {me['games']}{unfinished} | {me['wins']} "
        f"| {100 * me['win_rate']:.1f}% ({100 * low:.1f}-{100 * high:.1f}%) "
        f"| {me['mean_score']:.1f} : {other['mean_score']:.1f} | {me['mean_plies']:.1f} "
        f"| {report['seconds']:.0f} s |"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--skip-slow", action="store_true", help="leave out the 1 s/move rows"
    )
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=2, choices=[2, 3, 4, 5])
    parser.add_argument("--json", help="also write every arena report to this file")
    args = parser.parse_args()
    if args.quick:
        args.games = min(args.games, 10)
    print(
        f"{args.players} players, {args.games} games per row, seed {args.seed}, "
        f"{args.threads} threads\n"
    )
    print(
        "| bot | opponent | games | bot's wins | win rate (95% CI) | mean score (bot : opp.) "
        "| mean plies | time |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    reports = []
    for bot, opponent, slow in LADDER:
        if slow and (args.quick or args.skip_slow):
            continue
        report = play(bot, opponent, args)
        reports.append(report)
        print(row(report), flush=True)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(reports, out, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
