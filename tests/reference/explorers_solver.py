"""Brute-force exact expectimax for solo Merchant Explorers positions (reference for a
future puzzle suite). Exact Fractions, a transposition table on the full state; only
practical near the end of the game (last era, few cards left, small maps)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from .explorers_model import State


def state_key(s: State) -> tuple:
    """Everything that decides the rest of the game (not the log or the at-rest copy)."""
    card = s.card
    ck = None
    if card is not None:
        ck = (
            card.id,
            card.si,
            tuple(map(tuple, card.step_spaces)),
            tuple(card.cost),
            tuple(tuple(sorted(u.items())) for u in card.used),
            tuple(card.spaces),
            tuple(sorted(card.skip)),
        )

    def deck(d):
        return (
            tuple(sorted((k, v) for k, v in d.unseen.items() if v)),
            None if d.order is None else tuple(d.order),
            tuple(sorted(d.discard)),
        )

    players = tuple(
        (
            p.coins,
            tuple(sorted(p.explorers)),
            tuple(sorted(p.villages)),
            tuple(p.routes),
            tuple(sorted(p.ruins)),
            tuple(sorted(p.towers)),
            tuple(p.crystals),
            tuple(p.investigate),
            tuple(sorted(p.treasure)),
            tuple(sorted(p.objectives)),
            tuple(sorted(p.lands)),
            p.ice_route,
        )
        for p in s.players
    )
    return (
        s.era,
        tuple(s.played),
        s.current,
        None if s.explore_order is None else tuple(s.explore_order),
        s.over,
        s.to_move,
        s.phase,
        s.offered,
        ck,
        tuple(s.tasks),
        tuple(deck(d) for d in s.inv),
        tuple(deck(d) for d in s.tre),
        players,
    )


def best_expected(state: State, memo: dict | None = None) -> Fraction:
    """Expected final score of seat 0 of a solo game under optimal play: max over
    decisions, probability-weighted mean over chance outcomes."""
    assert state.n == 1, "best_expected: solo positions only"
    memo = {} if memo is None else memo

    def rec(s: State) -> Fraction:
        if s.over:
            return Fraction(s.final_scores()[0])
        key = state_key(s)
        if key in memo:
            return memo[key]
        if s.turn() == "chance":
            v = sum((p * rec(s.apply(t)) for t, p in s.chance()), Fraction(0))
        else:
            v = max(rec(s.apply(a)) for a in s.legal())
        memo[key] = v
        return v

    return rec(state)


def best_actions(state: State) -> list:
    """[(action, expected final score)] for the seat to act, best first."""
    memo: dict = {}
    out = [(a, best_expected(state.apply(a), memo)) for a in state.legal()]
    return sorted(out, key=lambda x: -x[1])


# --- margin search (the engine's `margin` objective), for the puzzle suite ----------------


class TooBig(Exception):
    """The tree has more nodes than the search was allowed."""


@dataclass
class Answer:
    """A root's exact margin, every root move's value, the longest line to the end in
    plies and the number of decision and chance nodes searched."""

    value: Fraction
    moves: dict  # root move -> exact margin
    depth: int  # longest line (plies) from the root to the end of the game
    nodes: int

    @property
    def best(self) -> list:
        """Every root move achieving the value, in canonical (legal) order."""
        return [m for m, v in self.moves.items() if v == self.value]


def margin(scores: list, seat: int) -> int:
    """The root's margin at the end: its own score alone (solo), else its score minus
    the best other score."""
    if len(scores) == 1:
        return scores[0]
    return scores[seat] - max(v for i, v in enumerate(scores) if i != seat)


def solve_margin(state: State, limit: int | None = None, memo=None) -> Answer:
    """Exact value of a decision point under the engine's search semantics (objective
    `margin`, searched to the end): the seat to act maximises its margin, every other
    seat minimises it (minimax with 2 players, paranoid with 3-4), chance nodes take the
    expectation with exact probabilities and use no ply. Raises TooBig past `limit`
    nodes. `memo` may be shared by searches with the same root seat (then `nodes`
    counts only the nodes new to it)."""
    root = state.turn()
    assert isinstance(root, int), "solve_margin: the root must be a seat's decision"
    memo = {} if memo is None else memo
    count = 0

    def rec(s: State) -> tuple:
        nonlocal count
        if s.over:
            return Fraction(margin(s.final_scores(), root)), 0
        key = state_key(s)
        if key in memo:
            return memo[key]
        count += 1
        if limit is not None and count > limit:
            raise TooBig(count)
        if s.turn() == "chance":
            value, depth = Fraction(0), 0
            for t, p in s.chance():
                v, d = rec(s.apply(t))
                value += p * v
                depth = max(depth, d)
        else:
            kids = [rec(s.apply(a)) for a in s.legal()]
            pick = max if s.turn() == root else min
            value = pick(v for v, _ in kids)
            depth = 1 + max(d for _, d in kids)
        memo[key] = value, depth
        return value, depth

    count += 1
    moves, depth = {}, 0
    for a in state.legal():
        v, d = rec(state.apply(a))
        moves[a] = v
        depth = max(depth, d + 1)
    return Answer(max(moves.values()), moves, depth, count)
