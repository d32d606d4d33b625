"""Reference brute force for puzzle answers, on the reference model only.

Plain full-width minimax with the meaning of the engine's objectives (docs/puzzles.md):
the root player maximises, every other player minimises (paranoid for 3+ players);
chance nodes do not use a ply. A table of already-valued (position, depth, plies)
triples saves repeated work without changing any value. Exact arithmetic
(``Fraction``) so that expectations compare without rounding. Slow on purpose: keep
depths at 1-4 plies and positions narrow.

- ``win``: a finished game is ``WIN - plies`` when the root player won, else
  ``-(WIN - plies)``; the horizon is 0 (unproven). A chance node is a win only if every
  deal is (then the longest of those wins), a loss only if every deal is (the longest
  loss), else 0.
- ``margin``: a finished game is the root player's score minus the best other score; a
  chance node is the expectation. A line cut by the horizon has no exact value: it makes
  every node above it ``None``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from . import century_model as model

WIN = 1_000_000
PROVEN = WIN - 10_000
OBJECTIVES = ("win", "margin")


@dataclass(frozen=True)
class Answer:
    objective: str
    depth: int
    value: int | Fraction | None  # None: a margin the horizon cut (not exact)
    moves: dict[str, int | Fraction | None]  # every root move's value
    best: tuple[str, ...]  # every root move achieving the value (sorted)
    nodes: int


def verdict(value: int) -> tuple[str, int | None]:
    """``("win", n)``, ``("loss", n)`` or ``("unproven", None)`` for a win value."""
    if value > PROVEN:
        return "win", WIN - value
    if value < -PROVEN:
        return "loss", WIN + value
    return "unproven", None


def chance_value(objective: str, values: list):
    """A chance node's value from its outcomes' values (every deal is equally likely)."""
    if objective == "margin":
        if any(v is None for v in values):
            return None
        return sum(values, Fraction(0)) / len(values)
    if all(v > PROVEN for v in values):
        return min(values)  # the longest win
    if all(v < -PROVEN for v in values):
        return max(values)  # the longest loss
    return 0


class _Search:
    def __init__(self, objective: str, root: int) -> None:
        assert objective in OBJECTIVES, objective
        self.objective = objective
        self.root = root
        self.table: dict = {}
        self.nodes = 0

    def terminal(self, pos: model.Position, plies: int):
        if self.objective == "win":
            won = model.winner(pos) == self.root
            return WIN - plies if won else -(WIN - plies)
        s = model.scores(pos)
        return Fraction(
            s[self.root] - max(v for i, v in enumerate(s) if i != self.root)
        )

    def horizon(self):
        return 0 if self.objective == "win" else None

    def value(self, pos: model.Position, depth: int, plies: int):
        key = (pos, depth, plies)
        if key in self.table:
            return self.table[key]
        self.nodes += 1
        if model.is_terminal(pos):
            v = self.terminal(pos, plies)
        elif model.is_chance(pos):
            kids = model.successors(pos).values()
            v = chance_value(
                self.objective, [self.value(c, depth, plies) for c in kids]
            )
        elif depth == 0:
            v = self.horizon()
        else:
            kids = model.successors(pos).values()
            values = [self.value(c, depth - 1, plies + 1) for c in kids]
            v = self.pick(values, model.to_move(pos) == self.root)
        self.table[key] = v
        return v

    def pick(self, values: list, maximising: bool):
        if not values:  # no legal move: the engine values it like the horizon
            return self.horizon()
        if any(v is None for v in values):
            return None
        return max(values) if maximising else min(values)


def solve(pos: model.Position, depth: int, objective: str) -> Answer:
    """The value of a decision position ``depth`` plies deep, and every best root move."""
    assert depth >= 1 and not model.is_terminal(pos) and not model.is_chance(pos)
    search = _Search(objective, model.to_move(pos))
    moves = {
        text: search.value(child, depth - 1, 1)
        for text, child in model.successors(pos).items()
    }
    value = search.pick(list(moves.values()), True)
    best = (
        ()
        if value is None
        else tuple(sorted(t for t, v in moves.items() if v == value))
    )
    return Answer(objective, depth, value, moves, best, search.nodes)
