"""How often ISMCTS changes its move when it gets ten times the iterations.

A diagnostic for a flat rung of the ladder (docs/strength.md): if a tenfold budget buys
no rating, either the longer search mostly plays what the shorter one plays (the search
has converged on what its evaluation and rollouts can tell apart), or it plays other
moves that are no better. This script tells the two apart on positions from real games.

Positions: the decisions of games the ``--player`` bot plays against itself (every
``--every``-th one, from the mover's public view). At each position and for each budget in
``--budgets`` it runs ISMCTS (the default configuration, one thread, count budget) with
two seeds and reports, per budget:

- *stable*: the share of positions where both seeds choose the same move (the noise of
  the search at that budget);
- *agrees with next*: the share where the first seed's move is the first-seed move of the
  next budget;
- *gap when not*: where the two budgets disagree, how much the next budget's own values
  (mean reward, 0-1) put its move above the shorter budget's (it chooses by visits, so
  the gap can be below zero), and the visits it gave the shorter budget's move as a share
  of its own move's: a small gap and a large share say the longer search sees the two
  moves as alike.

Count budgets, so the output depends only on the arguments. Usage::

    python scripts/budget_agreement.py --game century-golem --positions 60 \\
        --budgets 400 4000 40000
"""

from __future__ import annotations

import argparse
import math
import sys
from typing import Dict, List

import golem_solver
from golem_solver import _core


def wilson(successes: int, n: int) -> str:
    if n == 0:
        return "-"
    z = 1.96
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    low, high = max(0.0, centre - half), min(1.0, centre + half)
    return f"{100 * p:.0f}% ({100 * low:.0f}-{100 * high:.0f}%)"


def positions(args: argparse.Namespace) -> List[object]:
    """Public views of the mover at every ``every``-th decision of self-play games."""
    found: List[object] = []
    game_seed = args.seed
    while len(found) < args.positions:
        state = golem_solver.new(args.game, args.players, game_seed)
        decision = 0
        while not state.is_terminal() and len(found) < args.positions:
            if state.turn == "chance":
                state.apply(state.sample_chance(game_seed * 7919 + decision))
                continue
            if len(state.legal_actions()) > 1:
                if decision % args.every == 0:
                    found.append(state.public_view(state.current_player))
                decision += 1
            move = _core.bot_move(state, args.player, seed=game_seed * 1009 + decision)
            state.apply(state.parse_action(move))
        game_seed += 1
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="century-golem")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--every", type=int, default=5, help="keep every Nth decision")
    parser.add_argument("--budgets", type=int, nargs="+", default=[400, 4000, 40000])
    parser.add_argument(
        "--player", default="ismcts:iterations=1000", help="self-play bot"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--options",
        nargs="*",
        default=[],
        metavar="KEY=VALUE",
        help="ISMCTS options for the searches (cutoff=0, prior=0, ...), as bot specs read them",
    )
    args = parser.parse_args()
    if args.positions < 1 or any(b < 1 for b in args.budgets):
        print(
            "error: budgets: positions and budgets must be at least 1", file=sys.stderr
        )
        return 2
    options = dict(option.partition("=")[::2] for option in args.options)

    stable = {b: 0 for b in args.budgets}
    agree = {b: 0 for b in args.budgets}
    gaps: Dict[int, List[float]] = {b: [] for b in args.budgets}
    shares: Dict[int, List[float]] = {b: [] for b in args.budgets}
    try:
        golem_solver.analyse(
            golem_solver.new(args.game, args.players, args.seed),
            iterations=1,
            **options,
        )
    except golem_solver.GolemError as error:
        print(f"error: options: {error}", file=sys.stderr)
        return 2
    try:
        found = positions(args)
        for index, view in enumerate(found):
            results = {
                b: [
                    golem_solver.analyse(view, iterations=b, seed=s, **options)
                    for s in (1, 2)
                ]
                for b in args.budgets
            }
            for shorter, longer in zip(args.budgets, args.budgets[1:] + [None]):
                first, second = results[shorter]
                stable[shorter] += first["best"] == second["best"]
                if longer is None:
                    continue
                long_first = results[longer][0]
                if long_first["best"] == first["best"]:
                    agree[shorter] += 1
                else:
                    moves = {m["move"]: m for m in long_first["moves"]}
                    chosen, other = moves[long_first["best"]], moves.get(first["best"])
                    gaps[shorter].append(chosen["value"] - (other or chosen)["value"])
                    shares[shorter].append(
                        (other["visits"] if other else 0) / max(1, chosen["visits"])
                    )
            print(f"position {index + 1} of {len(found)}", file=sys.stderr)
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
        return 130

    n = len(found)
    searched = ", ".join(args.options) or "default options"
    print(
        f"{args.game}, {args.players} players, {n} positions (every {args.every}th "
        f"decision of `{args.player}` self-play, seed {args.seed}); ISMCTS with "
        f"{searched}\n"
    )
    print(
        "| budget (iterations) | stable over two seeds | agrees with the next budget "
        "| where not: value gap | where not: visits share |"
    )
    print("| ---: | ---: | ---: | ---: | ---: |")
    for b, nxt in zip(args.budgets, args.budgets[1:] + [None]):
        gap = f"{sum(gaps[b]) / len(gaps[b]):+.4f}" if gaps[b] else "-"
        share = f"{100 * sum(shares[b]) / len(shares[b]):.0f}%" if shares[b] else "-"
        agrees = f"{wilson(agree[b], n)} (v {nxt:,})" if nxt else "-"
        print(f"| {b:,} | {wilson(stable[b], n)} | {agrees} | {gap} | {share} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
