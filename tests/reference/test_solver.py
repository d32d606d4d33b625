"""Hand-checked tests of the reference brute force (century_solver)."""

from fractions import Fraction

from .century_model import apply_text, legal_texts, scores, winner
from .century_solver import WIN, chance_value, solve, verdict
from .test_model import position

SEAT0 = {"golems": ["yygg", "yyygg", "gggg", "yybb", "yyggg", "yygp"]}  # 46 points


def last_turn(crystals: str):
    """Two players, seat 0 has ended the game at 46 points; seat 1 (32 points in golems)
    plays the last turn. Claiming yybbb (11 + a gold coin) ties at 46 exactly."""
    seat1 = {"crystals": crystals, "golems": ["ggggg", "yypp", "bbbb"]}
    grow = ["yybbb", "ggbb", "bbbbb", "ggpp", "pppp"]
    return position(SEAT0, seat1, grow=grow, to_move=1)


def test_the_tie_break_wins_on_the_last_turn():
    pos = last_turn("yybbb")
    win = solve(pos, 1, "win")
    assert verdict(win.value) == ("win", 1) and win.best == ("claim yybbb",)
    margin = solve(pos, 1, "margin")
    assert margin.value == 0 and margin.best == ("claim yybbb",)
    assert all(v < 0 for m, v in margin.moves.items() if m != "claim yybbb")


def test_last_turn_values_are_the_final_scores():
    pos = last_turn("yyybb")  # cannot claim: every move loses
    margin = solve(pos, 1, "margin")
    for text in legal_texts(pos):
        s = scores(apply_text(pos, text))
        assert margin.moves[text] == s[1] - s[0]
        assert winner(apply_text(pos, text)) == 0
    win = solve(pos, 1, "win")
    assert verdict(win.value) == ("loss", 1) and len(win.best) == len(legal_texts(pos))


def test_the_horizon_is_unproven_and_inexact():
    pos = position({"crystals": "yyy", "hand": ["+yy", "U2"]}, {"crystals": "yyyy"})
    assert verdict(solve(pos, 2, "win").value) == ("unproven", None)
    assert solve(pos, 2, "margin").value is None  # nothing ends: no exact margin


def test_chance_nodes_need_every_deal_to_agree():
    assert chance_value("win", [WIN - 2, WIN - 3]) == WIN - 3
    assert chance_value("win", [WIN - 2, 0]) == 0
    assert chance_value("win", [WIN - 2, -(WIN - 2)]) == 0
    assert chance_value("win", [-(WIN - 1), -(WIN - 3)]) == -(WIN - 3)
    assert chance_value("margin", [Fraction(1), Fraction(2), Fraction(0)]) == 1
    assert chance_value("margin", [Fraction(1), None]) is None
