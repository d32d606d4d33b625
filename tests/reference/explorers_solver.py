"""Brute-force exact expectimax for solo Merchant Explorers positions (reference for a
future puzzle suite). Exact Fractions, a transposition table on the full state; only
practical near the end of the game (last era, few cards left, small maps)."""

from __future__ import annotations

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
