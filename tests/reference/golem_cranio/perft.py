"""perft (§10): leaves of the micro-action tree; chance uses no ply."""

from __future__ import annotations

from .engine import CHANCE, advance, apply, children, is_chance, is_terminal, top


def perft(s, depth: int) -> int:
    if depth == 0 or is_terminal(s):
        return 1
    if is_chance(s):
        total = 0
        for text, _ in CHANCE[top(s)["k"]].outcomes(s):
            total += perft(apply(s, text), depth)
        return total
    if depth == 1:
        # Each distinct child is one leaf: no need to advance it (bulk counting, about
        # four times faster, since advancing looks one decision further).
        return len(children(s))
    return sum(perft(advance(c), depth - 1) for _, c in children(s))


def divide(s, depth: int) -> dict:
    from .engine import legal

    return {t: perft(apply(s, t), depth - 1) for t in legal(s)}
