"""Hand-checked unit tests of the reference model itself."""

import pytest

from .century_model import (
    DECK_MERCHANTS,
    GOLEMS,
    MERCHANTS,
    Position,
    apply_text,
    is_chance,
    is_terminal,
    legal_texts,
    perft,
    scores,
    to_move,
    to_toml,
    winner,
)

MROW = ["+b", "U3", "+yg", "bb>ggp", "p>bb", "+gg"]
GROW = ["yygg", "ggpp", "bbbb", "ygbp", "yyppp"]


def quoted(names) -> str:
    return "[" + ", ".join(f'"{n}"' for n in names) + "]"


def position(*players, mrow=MROW, mcrystals=None, grow=GROW, known=True, to_move=0):
    """A valid position as TOML text; decks list the unseen cards (id order) or are
    omitted (unknown), coins not held by players lie in the supply."""
    n = len(players)
    players = [
        {"crystals": "", "hand": [], "played": [], "golems": [], "gold": 0, "silver": 0}
        | p
        for p in players
    ]
    held = {c for p in players for c in p["hand"] + p["played"]}
    mdeck = [c for c in MERCHANTS if c in DECK_MERCHANTS and c not in held | set(mrow)]
    claimed = {g for p in players for g in p["golems"]}
    gdeck = [g for g in GOLEMS if g not in claimed | set(grow)]
    text = f"""
game = "century-golem"
players = {n}
to_move = {to_move}

[merchants]
row = {quoted(mrow)}
crystals = {quoted(mcrystals or [""] * len(mrow))}
{f"deck = {quoted(mdeck)}" if known else ""}

[golems]
row = {quoted(grow)}
{f"deck = {quoted(gdeck)}" if known else ""}
gold = {2 * n - sum(p["gold"] for p in players)}
silver = {2 * n - sum(p["silver"] for p in players)}
"""
    for p in players:
        text += f"""
[[player]]
crystals = "{p["crystals"]}"
hand = {quoted(p["hand"])}
played = {quoted(p["played"])}
golems = {quoted(p["golems"])}
gold = {p["gold"]}
silver = {p["silver"]}
"""
    return Position.from_toml(text)


def plays(pos, card):
    return [t for t in legal_texts(pos) if t.split()[:2] == ["play", card]]


def test_upgrade_u2_on_yg():
    # yg -> gg, yb (1 step); gb, yp (2 steps); plus 0 steps.
    pos = position({"crystals": "yg", "hand": ["U2"]}, {})
    assert plays(pos, "U2") == [
        "play U2",
        "play U2 g>b",
        "play U2 g>p",
        "play U2 y>b",
        "play U2 y>g",
    ]


def test_upgrade_cannot_touch_pink():
    pos = position(
        {"crystals": "p", "hand": ["U3"]}, {}, mrow=["+b", "+yyy"] + MROW[2:]
    )
    assert plays(pos, "U3") == ["play U3"]


def test_trade_repeats_while_payable():
    pos = position({"crystals": "yyyyy", "hand": ["yy>b"]}, {})
    assert plays(pos, "yy>b") == ["play yy>b", "play yy>b x2"]
    after = apply_text(pos, "play yy>b x2")
    assert after.players[0].crystals == (1, 0, 2, 0)
    assert after.players[0].played == ("yy>b",)


def test_trade_overflow_names_smallest_k():
    # 5y3g, g>yyy: k=1 gives 8y2g; k=2 gives 11y1g (drop yg or yy); k=3 gives 14y,
    # whose only final 10y was already reached at k=2.
    pos = position({"crystals": "yyyyyggg", "hand": ["g>yyy"]}, {})
    assert plays(pos, "g>yyy") == [
        "play g>yyy",
        "play g>yyy x2 drop yg",
        "play g>yyy x2 drop yy",
    ]


def test_crystal_card_overflow():
    pos = position({"crystals": "yyyyyyyyyg", "hand": ["+yy"]}, {})
    assert plays(pos, "+yy") == ["play +yy drop yg", "play +yy drop yy"]


def test_acquire_placement_and_overflow():
    # 9y1g, take slot 1 which holds bb: pay y -> 8y1g2b (drop y, g or b),
    # pay g -> 9y2b (drop y or b).
    pos = position({"crystals": "yyyyyyyyyg"}, {}, mcrystals=["", "bb", "", "", "", ""])
    assert [t for t in legal_texts(pos) if t.startswith("take U3")] == [
        "take U3 pay g drop b",
        "take U3 pay g drop y",
        "take U3 pay y drop b",
        "take U3 pay y drop g",
        "take U3 pay y drop y",
    ]
    after = apply_text(pos, "take U3 pay g drop b")
    assert after.players[0].crystals == (9, 0, 1, 0)
    assert after.players[0].hand == ("U3",)
    # The paid green stays on +b (slot 0); the deck's top card fills slot 5.
    assert after.merchant_row == ("+b", "+yg", "bb>ggp", "p>bb", "+gg", "yyy>p")
    assert after.merchant_crystals[0] == (0, 1, 0, 0)
    assert after.merchant_deck[0] == "g>yyy"


def test_acquire_pay_is_ordered():
    pos = position({"crystals": "yg"}, {})
    takes = [t for t in legal_texts(pos) if t.startswith("take +yg")]
    assert takes == ["take +yg pay gy", "take +yg pay yg"]
    after = apply_text(pos, "take +yg pay gy")
    assert after.merchant_crystals[:2] == ((0, 1, 0, 0), (1, 0, 0, 0))


def test_coins_when_gold_runs_out():
    # Two gold left: slot 0 gives gold, slot 1 silver.
    rich = position({"crystals": "yyggpp"}, {}, grow=["yygg", "ggpp"] + GROW[2:])
    assert apply_text(rich, "claim yygg").players[0].gold == 1
    assert apply_text(rich, "claim ggpp").players[0].silver == 1
    # Gold gone: silver moves to slot 0 and slot 1 pays nothing.
    poor = position(
        {"crystals": "yyggpp", "gold": 2},
        {"gold": 2},
        grow=["yygg", "ggpp"] + GROW[2:],
    )
    first = apply_text(poor, "claim yygg").players[0]
    assert (first.gold, first.silver) == (2, 1)
    second = apply_text(poor, "claim ggpp").players[0]
    assert (second.gold, second.silver) == (2, 0)


def test_game_ends_after_last_seat():
    five = ["yyygg", "gggg", "yybb", "yyggg", "yyybb"]
    pos = position({"crystals": "yygg", "golems": five}, {}, known=False)
    after = apply_text(pos, "claim yygg")
    # Seat 0 triggered: a deal is due and seat 1 still plays its last turn.
    assert is_chance(after) and not is_terminal(after)
    after = apply_text(after, "deal ppppp")
    assert to_move(after) == 1 and not is_terminal(after)
    # Seat 1 takes +b; the game is over, so the unknown deck deals nothing.
    done = apply_text(after, "take +b")
    assert len(done.merchant_row) == 5
    assert is_terminal(done) and legal_texts(done) == [] and perft(done, 3) == 1


def test_last_seat_trigger_ends_at_once_without_deal():
    five = ["yyygg", "gggg", "yybb", "yyggg", "yyybb"]
    pos = position({}, {"crystals": "yygg", "golems": five}, known=False, to_move=1)
    done = apply_text(pos, "claim yygg")
    assert is_terminal(done) and not is_chance(done)
    assert done.golem_row == tuple(GROW[1:])


def test_scores_and_tie_to_later_seat():
    pos = position(
        {"crystals": "ygbp", "golems": ["gggg"], "gold": 1, "silver": 1},
        {"crystals": "yyyyggg", "golems": ["yyybb"], "gold": 1},
    )
    # 8 + 3 + 1 + 3 = 15 and 9 + 3 + 0 + 3 = 15: the tie goes to seat 1.
    assert scores(pos) == [15, 15]
    assert winner(pos) == 1


def test_perft_tiny_position_by_hand():
    # Seat 0: play +yy, rest, take +b, take U3 pay y. Seat 1: take +b, take U3 pay y.
    pos = position(
        {"crystals": "y", "hand": ["+yy"], "played": ["U2"]}, {"crystals": "y"}
    )
    assert legal_texts(pos) == ["play +yy", "rest", "take +b", "take U3 pay y"]
    assert perft(pos, 1) == 4
    assert perft(pos, 2) == 8


def test_unknown_deck_deals_are_chance():
    # Only action: take +b; the unknown deck then deals one of 43 - 6 unseen cards.
    pos = position({}, {}, known=False)
    assert legal_texts(pos) == ["take +b"]
    dealt = apply_text(pos, "take +b")
    assert is_chance(dealt) and len(legal_texts(dealt)) == 37
    assert perft(pos, 1) == 37
    after = apply_text(dealt, "deal +yyy")
    assert after.merchant_row[-1] == "+yyy" and to_move(after) == 1


def test_toml_round_trip_and_bad_text():
    pos = position({"crystals": "yyy", "hand": ["+yy", "U2"]}, {"crystals": "yyyy"})
    after = apply_text(pos, "take U3 pay y")
    assert Position.from_toml(to_toml(after)) == after
    with pytest.raises(ValueError):
        apply_text(pos, "play U2 yy>b")
