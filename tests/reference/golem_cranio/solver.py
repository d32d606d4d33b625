"""Exact brute force for the engine's `margin` objective on the reference model (the
answers of the puzzle suite, puzzles/golem-cranio-endgames.jsonl).

The value of a decision point, searched to the end of the game as the engine's
alpha-beta does (docs/search.md, rust/core/src/search/objective.rs):
- at the end (§8), the root player's final score minus the best other final score; with
  one player the score itself;
- the root player maximises; every other seat minimises the root's margin (minimax with
  two players, paranoid with three or four);
- chance takes the expectation over `chance_outcomes` with exact Fractions and uses no
  ply; forced steps (one legal micro-action) are applied by the model and use no ply.

Plain depth-first search over the model's distinct children, with a transposition table
keyed by the model's canonical state key (board and pending work; the position-writing
trail is not part of it). Only practical near the end of the game: a marble drop that is
not listed in the position has up to 15 M outcomes.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .engine import (
    CHANCE,
    advance,
    children,
    current_player,
    is_chance,
    is_terminal,
    top,
)
from .scoring import final_scores
from .state import clone, key


class TooBig(Exception):
    """The tree has more nodes than the search was allowed."""


@dataclass
class Answer:
    """A root's exact margin, every root move's value, the longest line to the end in
    plies, the nodes searched (decision and chance nodes new to the table) and the chance
    nodes with more than one outcome among them."""

    value: Fraction
    moves: dict  # root move -> exact margin, in listing order
    depth: int  # longest line (plies) from the root to the end of the game
    nodes: int
    chance_nodes: int = 0

    @property
    def best(self) -> list:
        """Every root move achieving the value, in listing order."""
        return [m for m, v in self.moves.items() if v == self.value]

    @property
    def worst(self) -> Fraction:
        return min(self.moves.values())


def margin(scores: list, seat: int) -> int:
    """The root's margin at the end: its own score alone (solo), else its score minus
    the best other score."""
    if len(scores) == 1:
        return scores[0]
    return scores[seat] - max(v for i, v in enumerate(scores) if i != seat)


def solve_margin(state, limit: int | None = None, memo: dict | None = None) -> Answer:
    """Exact `margin` value of a decision point (see the module text). Raises TooBig past
    `limit` nodes. `memo` may be shared by searches with the same root seat (then
    `nodes` counts only the nodes new to it)."""
    root = current_player(state)
    if root is None:
        raise ValueError("solve_margin: the root must be a seat's decision")
    memo = {} if memo is None else memo
    count = 0
    chance_count = 0

    def rec(c) -> tuple:
        """The value and longest line of a child state `c` not yet advanced (its key
        is looked up first, so a transposition costs no forced-step replay)."""
        nonlocal count, chance_count
        k0 = key(c)
        hit = memo.get(k0)
        if hit is not None:
            return hit
        s = advance(c)
        if is_terminal(s):
            return Fraction(margin(final_scores(s), root)), 0
        k = key(s)
        hit = memo.get(k)
        if hit is not None:
            memo[k0] = hit
            return hit
        count += 1
        if limit is not None and count > limit:
            raise TooBig(count)
        if is_chance(s):
            chance_count += 1
            value, depth = Fraction(0), 0
            for text, p in CHANCE[top(s)["k"]].outcomes(s):
                child = clone(s)
                CHANCE[top(s)["k"]].apply(child, text)
                v, d = rec(child)
                value += p * v
                depth = max(depth, d)
        else:
            kids = [rec(c) for _, c in children(s)]
            pick = max if current_player(s) == root else min
            value = pick(v for v, _ in kids)
            depth = 1 + max(d for _, d in kids)
        memo[k] = memo[k0] = value, depth
        return value, depth

    count += 1
    moves, depth = {}, 0
    for text, c in children(state):
        v, d = rec(c)
        moves[text] = v
        depth = max(depth, d + 1)
    if not moves:
        raise ValueError("solve_margin: no legal move at the root")
    return Answer(max(moves.values()), moves, depth, count, chance_count)
