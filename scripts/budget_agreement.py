"""How often ISMCTS changes its move when it gets ten times the iterations.

A diagnostic for a flat rung of the ladder (docs/strength.md): if a tenfold budget buys
no rating, either the longer search mostly plays what the shorter one plays (the search
has converged on what its evaluation and rollouts can tell apart), or it plays other
moves that are no better. This script tells the two apart on positions from real games.

Positions: the decisions of games the ``--player`` bot plays against itself (every
``--every``-th one, from the mover's public view). At each position and for each budget in
``--budgets`` it runs ISMCTS (one thread, count budget; the default configuration, or
the one ``--options`` gives) with two seeds and reports, per budget:

- *stable*: the share of positions where both seeds choose the same move (the noise of
  the search at that budget);
- *agrees with next*: the share where the first seed's move is the first-seed move of the
  next budget;
- *gap when not*: where the two budgets disagree, how much the next budget's own values
  (mean reward, 0-1) put its move above the shorter budget's (it chooses by visits, so
  the gap can be below zero), and the visits it gave the shorter budget's move as a share
  of its own move's (a move the longer search never tried adds a share of 0 and no gap):
  a small gap and a large share say the longer search sees the two moves as alike.

Count budgets, so the output depends only on the arguments. Usage::

    python scripts/budget_agreement.py --game century-golem --positions 60 \\
        --budgets 400 4000 40000
"""

from __future__ import annotations

import argparse
import sys
from typing import Dict, List, Optional

from ladder import score_interval

import golem_solver
from golem_solver import _core


def percent(successes: int, n: int) -> str:
    """A share with its Wilson 95% interval, in whole percent."""
    low, high = score_interval(successes, n)
    return f"{100 * successes / n:.0f}% ({100 * low:.0f}-{100 * high:.0f}%)"


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


class Tally:
    """Per budget: positions searched, seeds agreeing, agreement with the next budget,
    and where not, the longer search's value gap and visits share."""

    def __init__(self, budgets: List[int]) -> None:
        self.budgets = budgets
        self.positions = 0
        self.stable = {b: 0 for b in budgets}
        self.agree = {b: 0 for b in budgets}
        self.gaps: Dict[int, List[float]] = {b: [] for b in budgets}
        self.shares: Dict[int, List[float]] = {b: [] for b in budgets}

    def add(self, results: Dict[int, List[dict]]) -> None:
        self.positions += 1
        for shorter, longer in zip(self.budgets, self.budgets[1:] + [None]):
            first, second = results[shorter]
            self.stable[shorter] += first["best"] == second["best"]
            if longer is None:
                continue
            long_first = results[longer][0]
            if long_first["best"] == first["best"]:
                self.agree[shorter] += 1
                continue
            moves = {m["move"]: m for m in long_first["moves"]}
            chosen, other = moves[long_first["best"]], moves.get(first["best"])
            if other is None:
                self.shares[shorter].append(0.0)
                continue
            self.gaps[shorter].append(chosen["value"] - other["value"])
            self.shares[shorter].append(other["visits"] / max(1, chosen["visits"]))

    def table(self) -> str:
        n = self.positions
        lines = [
            "| budget (iterations) | stable over two seeds | agrees with the next budget "
            "| where not: value gap | where not: visits share |",
            "| ---: | ---: | ---: | ---: | ---: |",
        ]
        for b, nxt in zip(self.budgets, self.budgets[1:] + [None]):
            gaps, shares = self.gaps[b], self.shares[b]
            gap = f"{sum(gaps) / len(gaps):+.4f}" if gaps else "-"
            share = f"{100 * sum(shares) / len(shares):.0f}%" if shares else "-"
            agrees = f"{percent(self.agree[b], n)} (v {nxt:,})" if nxt else "-"
            lines.append(
                f"| {b:,} | {percent(self.stable[b], n)} | {agrees} | {gap} | {share} |"
            )
        return "\n".join(lines)


def refusal(args: argparse.Namespace, options: Dict[str, str]) -> Optional[str]:
    """The one error line for arguments the run cannot use, or None."""
    if args.positions < 1:
        return "positions: must be at least 1"
    if args.every < 1:
        return "every: must be at least 1"
    if any(b < 1 for b in args.budgets):
        return "budgets: every budget must be at least 1 iteration"
    if args.game not in golem_solver.GAMES:
        return f"game: unknown game {args.game!r}"
    try:
        state = golem_solver.new(args.game, args.players, args.seed)
    except golem_solver.GolemError as error:
        return f"players: {error}"
    while state.turn == "chance":
        state.apply(state.sample_chance(args.seed))
    try:
        golem_solver.analyse(state, iterations=1, **options)
    except golem_solver.GolemError as error:
        return f"options: {error}"
    try:
        _core.bot_move(state, args.player, seed=args.seed)
    except golem_solver.GolemError as error:
        return f"player: {error}"
    return None


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
    options = dict(option.partition("=")[::2] for option in args.options)
    problem = refusal(args, options)
    if problem:
        print(f"error: {problem}", file=sys.stderr)
        return 2

    tally = Tally(args.budgets)
    interrupted = False
    try:
        found = positions(args)
        for view in found:
            tally.add(
                {
                    b: [
                        golem_solver.analyse(view, iterations=b, seed=s, **options)
                        for s in (1, 2)
                    ]
                    for b in args.budgets
                }
            )
            print(f"position {tally.positions} of {len(found)}", file=sys.stderr)
    except KeyboardInterrupt:
        interrupted = True
        print(
            "stopped: the table covers the positions searched so far", file=sys.stderr
        )
    if tally.positions:
        searched = ", ".join(args.options) or "default options"
        print(
            f"{args.game}, {args.players} players, {tally.positions} positions (every "
            f"{args.every}th decision of `{args.player}` self-play, seed {args.seed}); "
            f"ISMCTS with {searched}\n"
        )
        print(tally.table())
    return 130 if interrupted else 0


if __name__ == "__main__":
    sys.exit(main())
