"""The Golem (Cranio) reference model (tests/reference/golem_cranio) against concrete
values the spec determines, on hand-built states; plus random playouts with invariants."""

from __future__ import annotations

import os
import random
import time
from fractions import Fraction

import pytest
from reference.golem_cranio import (
    apply,
    chance_outcomes,
    current_player,
    is_chance,
    is_terminal,
    legal,
    new_game,
    perft,
    sample_chance,
    scores,
    snapshot,
    winner,
)
from reference.golem_cranio.actions import work_cost
from reference.golem_cranio.chance import compositions, drop_probability, iter_drops
from reference.golem_cranio.components import load
from reference.golem_cranio.engine import DECIDE, advance, settle
from reference.golem_cranio.phases import golem_control, matches, turn_order
from reference.golem_cranio.position import from_toml, to_toml
from reference.golem_cranio.scoring import score_parts
from reference.golem_cranio.state import built, key, reserve

FULL = os.environ.get("GOLEM_FULL") == "1"
COMP = load()


# ---- helpers ---------------------------------------------------------------------------


def _halt(s):
    """A test-only decision at the bottom of the stack: the state rests there."""
    return [("halt a", lambda s: None), ("halt b", lambda s: None)]


DECIDE["halt"] = _halt


def base(n=2, seed=0, golems=(("r", 1), ("y", 1))):
    """A state after setup, round 1, nothing pending; two standing Golems each."""
    s = new_game(n, seed=seed)
    s["phase"] = "actions"
    s["art_offer"] = []
    for i, p in enumerate(s["players"]):
        p.update(pack=[], drafted=[], start_tiles=[], unplaced=0, atile=f"A{1 + i % 2}")
        p["hand"] = []
        p["golems"] = [[d, sec, True, False] for d, sec in golems]
        p["vp"], p["clay"], p["coin"], p["knowledge"] = 10, 0, 0, 0
    s["stack"] = [{"k": "halt", "seat": 0}]
    return s


def run(s, *frames):
    """Push frames on a halted state and settle (frames resolve first-given first)."""
    for f in reversed(frames):
        s["stack"].append(f)
    return advance(s)


def play(s, *texts):
    for t in texts:
        assert t in legal(s), (t, legal(s))
        s = apply(s, t)
    return s


def P(s, seat=0):
    return s["players"][seat]


# ---- components, setup -----------------------------------------------------------------


def test_components_counts():
    assert len(COMP.books) == 38 and len(COMP.objectives) == 27
    assert len(COMP.characters) == 12 and len(COMP.action_tiles) == 12
    assert COMP.rules["work_cost_knowledge"] == [1, 3, 5, 8]
    assert sum(COMP.marbles[2].values()) == 10 and sum(COMP.marbles[4].values()) == 14


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_new_game_setup(n):
    s = new_game(n, seed=7)
    assert len(s["tiles"]) == n + 1 and len(s["row"]) == 5
    assert len(s["book_deck"]) == 33 and len(s["pile"]) == 12 - n - 1
    assert sum(sum(ln.values()) for ln in s["lines"]) == sum(COMP.marbles[n].values())
    assert all(len(v) == 7 and v == sorted(v) for v in s["districts"].values())
    deck = [COMP.characters[c]["deck"] for c in s["palace"]]
    assert deck == ["1-3", "1-3", "1-3", "4"]
    for p in s["players"]:
        assert (
            p["vp"] == 10
            and p["study"] == 0
            and p["gt"] == 3
            and p["students"] == [1, 1, 1]
        )
        assert len(p["start_tiles"]) == 4
    assert len(s["art_offer"]) == n
    assert snapshot(s)["phase"] == ("discard" if n == 1 else "draft")
    if n == 1:
        assert len(P(s)["drafted"]) == 4 and legal(s)[0].startswith("discard ")


def test_intro_setup():
    s = new_game(2, seed=3, intro=True)
    assert s["palace"] == ["CH01", "CH05", "CH03", "CH08"]
    assert s["districts"]["r"] == [
        "NR01",
        "NR02",
        "NR04",
        "NR05",
        "NR07",
        "NR08",
        "NR09",
    ]
    assert all(len(p["start_tiles"]) == 2 for p in s["players"])


def test_draft_passes_left_and_fourth_card_automatic():
    s = new_game(3, seed=11)
    packs = [list(p["pack"]) for p in s["players"]]
    s = play(s, f"pick {packs[0][0]}", f"pick {packs[1][0]}", f"pick {packs[2][0]}")
    # seat i's pack went to seat i+1
    assert P(s, 1)["pack"] == packs[0][1:] and P(s, 0)["pack"] == packs[2][1:]
    for _ in range(2):
        for seat in range(3):
            assert current_player(s) == seat
            s = apply(s, legal(s)[0])
    # the 4th card is the single card passed last, taken without a decision
    assert snapshot(s)["phase"] == "discard"
    assert all(len(p["drafted"]) == 4 and p["pack"] == [] for p in s["players"])
    drafted = sorted(o for p in s["players"] for o in p["drafted"])
    assert drafted == sorted(o for pk in packs for o in pk)


def test_discard_artifact_start_place():
    s = new_game(2, seed=2)
    while snapshot(s)["phase"] == "draft":
        s = apply(s, legal(s)[0])
    d0 = P(s)["drafted"][0]
    s = play(s, f"discard {d0}")
    assert s["obj_deck"][-1] == d0 and len(P(s)["hand"]) == 3
    s = apply(s, legal(s)[0])
    # artifact tiles: reverse turn order, seat 1 first; seat 0 gets the last one (forced)
    assert snapshot(s)["phase"] == "artifact" and current_player(s) == 1
    offer = sorted(s["art_offer"])
    assert legal(s) == [f"artifact-tile {t}" for t in offer]
    s = apply(s, legal(s)[0])
    assert P(s, 1)["atile"] == offer[0] and P(s, 0)["atile"] == offer[1]
    assert snapshot(s)["phase"] == "start" and current_player(s) == 0
    texts = legal(s)
    assert all(t.split()[1] < t.split()[2] for t in texts)


def test_start_pairs_equal_in_total_are_one_action():
    s = base()
    s["stack"] = [{"k": "halt", "seat": 0}, {"k": "start", "seat": 0}]
    # S02+S09 = 2clay+3coin+1kn = S10+S13: the later pair is not offered (cl. 15)
    P(s)["start_tiles"] = ["S02", "S09", "S10", "S13"]
    s = settle(s)
    assert legal(s) == [
        "start S02 S09",
        "start S02 S10",
        "start S02 S13",
        "start S09 S10",
        "start S09 S13",
    ]
    s = apply(s, "start S02 S09")
    assert (P(s)["clay"], P(s)["coin"], P(s)["knowledge"]) == (2, 3, 1)
    assert P(s)["start_tiles"] == []


def test_place_texts():
    s = base()
    s["stack"] = [{"k": "halt", "seat": 0}, {"k": "place", "seat": 1}]
    P(s, 1)["golems"] = []
    assert legal(s) == ["place r y", "place r b", "place y b"]
    s = apply(s, "place r b")
    assert P(s, 1)["golems"] == [["r", 1, True, False], ["b", 1, True, False]]


# ---- Golem Movement (4.2, 5.5) -----------------------------------------------------------


def movement_state(golems, gt=3, knowledge=0, devs=()):
    s = base()
    p = P(s)
    p["golems"] = [[d, sec, st, False] for d, sec, st in golems]
    p["gt"], p["knowledge"] = gt, knowledge
    for d in devs:
        p["devs"][d] = None
    s["palace"][0] = "CH01"  # golem_steps 1
    s["stack"].append({"k": "movement", "seat": 0})
    return settle(s)


def test_movement_steps_and_distinct_results():
    # level 1 (2 steps) + Character 1 = 3 steps; two Golems on r1, one lying
    s = movement_state([("r", 1, True), ("r", 1, False)])
    assert legal(s) == ["move r1>2 r1l>3", "move r1>4", "move r1l>4"]
    s2 = apply(s, "move r1l>4")
    assert P(s2)["golems"][:2] == [["r", 1, True, False], ["r", 4, True, False]]


def test_movement_overflow_capped_at_5_per_golem():
    # one Golem on IX, 3 steps, capacity 1: 2 unusable steps, but at most 5 VP per Golem
    s = movement_state([("r", 9, True)])  # a single result: forced, already applied
    assert P(s)["golems"] == [["r", 10, True, False]]
    assert P(s)["vp"] == 10 - 3 - 5


def test_movement_overflow_two_golems_and_entry_payment_choice():
    s = movement_state([("r", 9, False), ("y", 10, False)], knowledge=5)
    assert legal(s) == ["move r9l>10 pay 3kn", "move r9l>10 pay 3vp"]
    s = apply(s, "move r9l>10 pay 3kn")
    # 3 steps, capacity 1: 2 unusable steps = 10 VP (cap 2 x 5); y10 stays lying
    assert P(s)["vp"] == 0 and P(s)["knowledge"] == 2
    assert P(s)["golems"] == [["r", 10, True, False], ["y", 10, False, False]]


def test_movement_all_on_x_still_pays_the_penalty():
    s = movement_state([("r", 10, True), ("b", 10, False)])  # forced `move none`
    assert P(s)["golems"] == [["r", 10, True, False], ["b", 10, False, False]]
    assert P(s)["vp"] == 10 - 10  # 3 steps, capped at 2 Golems x 5


def test_entry_costs_onto_viii_to_x_each_wholly_vp_or_knowledge():
    # level 2 (gt 4: 3 steps) + 1 = 4 steps: r6 -> X enters VIII, IX, X = 1 + 2 + 3
    s = movement_state([("r", 6, True)], gt=4, knowledge=3)
    assert legal(s) == [
        "move r6>10 pay 3kn+3vp",
        "move r6>10 pay 2kn+4vp",
        "move r6>10 pay 1kn+5vp",
        "move r6>10 pay 6vp",
    ]
    s = apply(s, "move r6>10 pay 2kn+4vp")
    assert P(s)["knowledge"] == 1 and P(s)["vp"] == 6


def test_g5_ignore_only_when_the_result_changes():
    s = movement_state([("r", 8, True)], devs=["g5"])
    # 3 steps, capacity 2: overflow 5 VP; ignoring the Character: 2 steps, no penalty
    assert legal(s) == ["move r8>10 pay 5vp", "move r8>10 pay 5vp ignore"]
    assert P(apply(s, "move r8>10 pay 5vp"))["vp"] == 0
    assert P(apply(s, "move r8>10 pay 5vp ignore"))["vp"] == 5
    s = movement_state([("r", 1, True)], devs=["g5"])
    assert legal(s) == ["move r1>3 ignore", "move r1>4"]


def test_movement_phase_in_turn_order_skips_players_without_golems():
    s = base(3)
    s["turn_order"] = [2, 0, 1]
    P(s, 0)["golems"] = []
    s["stack"] = [{"k": "halt", "seat": 0}] + [
        {"k": "movement", "seat": x} for x in reversed(s["turn_order"])
    ]
    s = settle(s)
    assert current_player(s) == 2
    s = apply(s, legal(s)[0])
    assert current_player(s) == 1


def test_move_golems_either_direction_and_then_activate():
    s = base(golems=(("r", 3),))
    s = run(
        s,
        {
            "k": "move",
            "seat": 0,
            "steps": 2,
            "dir": "either",
            "golems": "any",
            "then_activate": False,
        },
    )
    assert legal(s) == ["move none", "move r3>1", "move r3>2", "move r3>4", "move r3>5"]
    s = base(golems=(("r", 3), ("y", 7)))
    P(s)["golems"][0][2] = False
    s = run(
        s,
        {
            "k": "move",
            "seat": 0,
            "steps": 4,
            "dir": "forward",
            "golems": "one",
            "then_activate": True,
        },
    )
    texts = legal(s)
    assert texts[0] == "move none" and "move y7>9 pay 3vp" in texts
    assert "move r3l>4 y7>8 pay 1vp" not in texts  # one Golem only
    s = apply(s, "move r3l>7")
    assert legal(s) == ["skip", "act r7"]
    s = apply(s, "act r7")
    assert ["r", 7, False, False] in P(s)["golems"]


def test_move_two_golems_canonical_pairing():
    s = base(golems=(("r", 3), ("r", 4)))
    s = run(
        s,
        {
            "k": "move",
            "seat": 0,
            "steps": 2,
            "dir": "either",
            "golems": "any",
            "then_activate": False,
        },
    )
    texts = legal(s)
    # r3 -> 4 and r4 -> 5 is written as the multiset difference: r3>5
    assert "move r3>5" in texts and "move r3>4 r4>5" not in texts
    # swapping places (r3 -> 4, r4 -> 3) changes nothing and is not offered
    assert texts.count("move none") == 1 and len(texts) == len(set(texts))


# ---- Actions: turns, marbles, lines (4.3-4.5) ---------------------------------------------


def lines_of(*specs):
    out = []
    for spec in specs:
        ln = {c: 0 for c in "wkrby"}
        for ch in spec:
            ln[ch] += 1
        out.append(ln)
    return out


def turn_state(n=2, lines=("wr", "kb", "", "wy", "r"), **kw):
    s = base(n, **kw)
    s["lines"] = lines_of(*lines)
    s["stack"].append({"k": "turn", "seat": 0})
    return settle(s)


def test_turn_listing_order():
    s = turn_state()
    assert legal(s) == [
        "marble work w",
        "marble work r",
        "marble golem k",
        "marble golem b",
        "marble study w",
        "marble study y",
        "marble mirror r",
        "rabbi 1",
        "rabbi 2",
        "rabbi 3",
        "rabbi bottom",
        "pass",
    ]


def test_marble_value_student_and_golem_line():
    s = turn_state(lines=("", "wwr", "", "", ""))
    s = apply(s, "marble golem r")
    p = P(s)
    # value 3 (marbles in the line before taking): 3 Clay; red Student +1
    assert p["clay"] == 3 and p["students"] == [2, 1, 1] and p["marbles"] == "r"
    assert s["lines"][1]["r"] == 0
    # create r: 3 + 3 x 1 own Golem in red = 6 > 3 Clay; create b costs 3
    assert legal(s) == ["done", "create b"]
    s = apply(s, "create b")
    assert ["b", 1, True, False] in P(s)["golems"] and P(s)["clay"] == 0
    assert P(s)["gt"] == 5 and built(s, 0) == 1 and reserve(s, 0) == 3


def test_black_marble_moves_two_different_students():
    s = turn_state(lines=("k", "", "", "", ""))
    P(s)["students"] = [10, 3, 4]
    s = apply(s, "marble work k")  # only y and b can move: forced
    assert P(s)["students"] == [10, 4, 5]
    s = turn_state(lines=("k", "", "", "", ""))
    s = apply(s, "marble work k")
    assert legal(s) == ["students r y", "students r b", "students y b"]


def test_menorah_token_to_first_student_on_viii():
    s = turn_state(lines=("", "", "b", "", ""))
    P(s)["students"] = [1, 1, 7]
    P(s, 1)["students"] = [1, 1, 9]  # beyond VIII already, but the token is still there
    s = apply(s, "marble artifacts b")
    assert P(s)["tokens"] == "b" and s["menorah_board"] == "ry"


def test_work_cost_formula():
    s = base()
    p = P(s)
    # cost 1/3/5/8 for 1-4 Golems minus the value, not below 0
    assert [work_cost(s, p, n, 1) for n in range(5)] == [0, 0, 2, 4, 7]
    assert [work_cost(s, p, n, 3) for n in range(5)] == [0, 0, 0, 2, 5]
    p["devs"]["g3"] = None  # one free activation per Work action
    assert [work_cost(s, p, n, 0) for n in range(6)] == [0, 0, 1, 3, 5, 8]


def test_work_action_count_paid_first_then_picks():
    s = turn_state(lines=("ww", "", "", "", ""), golems=(("r", 1), ("y", 2), ("b", 3)))
    P(s)["knowledge"] = 2
    s = apply(s, "marble work w")  # value 2
    # 1 Golem: 0, 2 Golems: 1, 3 Golems: 3 > 2 Knowledge
    assert legal(s) == ["work 0", "work 1", "work 2"]
    s = apply(s, "work 2")
    assert P(s)["knowledge"] == 1
    assert legal(s) == ["act r1", "act y2", "act b3"]
    s = apply(s, "act y2")  # NY tile on section II
    assert ["y", 2, False, False] in P(s)["golems"]


def test_golem_created_during_work_cannot_be_picked():
    s = base(golems=(("r", 2), ("r", 3)))
    s["districts"]["r"][1] = "NR05"  # section II: create a Golem with a discount of 3
    s["districts"]["r"][0] = "NR01"
    P(s)["knowledge"] = 5
    s = run(s, {"k": "work", "seat": 0, "v": 0})
    s = apply(s, "work 2")  # 1 + 3 = ... cost[2] = 3
    s = apply(s, "act r2")
    assert legal(s) == ["skip", "create y", "create b"]  # create r: 3 + 6 - 3 = 6 Clay
    s = apply(s, "create y")  # 3 - 3 = 0 Clay
    # the fresh y1 cannot be picked; the remaining pick is r3 (forced)
    assert all(g[3] is False for g in P(s)["golems"])
    assert ["y", 1, True, False] in P(s)["golems"] and ["r", 3, False, False] in P(s)[
        "golems"
    ]


def test_artifacts_line_gold_purchase_and_completion():
    s = turn_state(lines=("", "", "wy", "", ""))
    P(s)["coin"] = 5
    P(s)["atile"] = "A1"
    s = apply(s, "marble artifacts y")  # +2 Coins = 7
    assert P(s)["coin"] == 7
    texts = legal(s)
    assert "gold 1" in texts and "gold 2" in texts and "gold 3" not in texts
    s = apply(s, "gold 2")
    assert legal(s)[:3] == ["put 1:1 2:1", "put 1:1 3:1", "put 1:1 4:1"]
    s = apply(s, "put 1:1 2:1")
    # cauldron 1 (capacity 1) completes: A1 artifact 1 gives 2 Coins
    assert P(s)["gold"] == [1, 1, 0, 0] and P(s)["coin"] == 1 + 2


def test_gold_beyond_free_spaces_is_lost_and_depth_first_completion():
    s = base()
    P(s)["atile"] = "D1"  # artifact 3 of D1: 1 Gold + 2 VP
    P(s)["gold"] = [1, 2, 2, 3]
    s = run(s, {"k": "gold", "seat": 0, "n": 2})  # 2 Gold, 2 free spaces: forced
    assert P(s)["gold"] == [1, 2, 3, 4]
    s = base()
    P(s)["atile"] = "D1"
    P(s)["gold"] = [1, 2, 2, 3]
    s = run(s, {"k": "gold", "seat": 0, "n": 1})
    assert legal(s) == ["put 3:1", "put 4:1"]
    s = apply(s, "put 3:1")
    # cauldron 3 completes -> 1 Gold + 2 VP -> the Gold completes cauldron 4 (A: 4 VP + 1 Clay)
    assert P(s)["gold"] == [1, 2, 3, 4]
    assert P(s)["vp"] == 10 + 2 + 4 and P(s)["clay"] == 1


def test_study_line_books():
    s = turn_state(lines=("", "", "", "ww", ""))
    s["row"] = ["B01", "B33", "B17", "B25", "B09"]
    s["book_deck"] = ["B02", "B03"]
    P(s)["knowledge"] = 1
    P(s)["students"] = [1, 3, 1]
    s = apply(s, "marble study w")  # +2 Knowledge = 3
    texts = legal(s)
    # B01 red costs 1 + slot 0; black B33 costs a Student back + slot cost 1
    assert "book 1 col1" in texts and "book 2 col1 as r back y" in texts
    assert "book 2 col5 as k back y" in texts and "book 2 col1 as r back r" not in texts
    # B17 blue: 1 + 1 = 2; B25 green: 1 + 2 = 3; B09 yellow: 1 + 3 = 4 > 3
    assert (
        "book 3 col2" in texts and "book 4 col3" in texts and "book 5 col1" not in texts
    )
    s = apply(s, "book 1 col2")
    p = P(s)
    assert (
        p["columns"][1] == [["B01", "r"]] and p["knowledge"] == 2 and p["clay"] == 2 + 1
    )
    assert s["row"] == ["B33", "B17", "B25", "B09", "B02"] and s["book_deck"] == ["B03"]


def test_book_column_rules():
    s = base()
    p = P(s)
    p["knowledge"] = 20
    p["columns"][0] = [["B02", "r"]]
    s["row"] = ["B04", "B17", "B34", "B26", "B10"]
    s["book_deck"] = []
    s = run(s, {"k": "book", "seat": 0, "discount": 0, "icc": False})
    texts = legal(s)
    # column limit 1 at Study 0: column 1 is full; red cannot open a second column
    assert not any(t.startswith("book 1 ") for t in texts)
    assert "book 2 col1" not in texts and "book 2 col2" in texts
    assert "book 3 col2 as k back r" not in texts  # Students on I cannot go back
    assert texts[0] == "skip"
    s = apply(s, "book 2 col3")
    assert s["row"] == ["B04", "B34", "B26", "B10"]  # empty deck: the row gets shorter


def test_book_bonus_order_and_double_immediate():
    s = base()
    p = P(s)
    p["knowledge"] = 10
    p["study"] = 4  # column limit 3
    p["devs"]["s3"] = None  # column 3: double the immediate bonus
    p["columns"][2] = [["B01", "r"]]
    s["row"] = ["B02", "B17", "B33", "B26", "B10"]
    s = run(s, {"k": "book", "seat": 0, "discount": 0, "icc": False})
    s = apply(
        s, "book 1 col3"
    )  # B02: 3 Clay immediate (x2), actives B01 + B02 (1 Clay each)
    assert P(s)["clay"] == 6 + 2 and P(s)["knowledge"] == 10 - 2


def test_mirror_menu():
    s = turn_state(lines=("", "", "", "", "ww"))
    P(s)["coin"] = 4
    s = apply(s, "marble mirror w")
    assert legal(s) == [
        "done",
        "mirror work",
        "mirror golem",
        "mirror artifacts",
        "mirror study",
        "mirror track",
    ]
    s = apply(s, "mirror track")
    assert P(s)["coin"] == 1 and P(s)["study"] == 1
    s = apply(s, "mirror golem")  # pay 1 Coin, gain 2 Clay, then the Golem menu
    assert P(s)["coin"] == 0 and P(s)["clay"] == 2


def test_mirror_line_that_changes_nothing_is_not_offered():
    s = turn_state(lines=("", "", "", "", "w"))
    P(s)["coin"] = 1
    s = apply(
        s, "marble mirror w"
    )  # value 1: mirror artifacts pays 1 Coin, gains 1 Coin
    assert "mirror artifacts" not in legal(s)
    assert "mirror golem" in legal(s)


def test_rabbi_action_tile_and_bottom():
    s = turn_state()
    s["tiles"] = ["AT02", "AT12", "AT11"]
    s = apply(s, "rabbi bottom")
    assert s["bottom_rabbis"] == [0] and P(s)["coin"] == 2
    s = turn_state()
    s["tiles"] = ["AT12", "AT02", "AT11"]
    s = apply(s, "rabbi 1")
    assert s["rabbis"] == [0, -1, -1]
    assert legal(s) == ["student r", "student y", "student b"]
    s = apply(s, "student y")
    assert P(s)["vp"] == 10 + 1  # leftmost Student still on I


# ---- Passing (4.4) -----------------------------------------------------------------------


def test_pass_tiles_and_passing_stages():
    s = base(3)
    s["lines"] = lines_of("", "", "", "", "wwwwwwww")
    s["drops"] = [{"w": "55555555"}, {"w": "55555555"}]
    s["stack"].append({"k": "actions", "ptr": 0})
    s = settle(s)
    assert current_player(s) == 0 and legal(s)[-1] == "pass"
    s = play(s, "pass")
    assert s["pass_tiles"] == [0, -1, -1, -1]
    s = play(s, "marble mirror w")  # no Coins: the Mirror menu is empty (forced done)
    assert current_player(s) == 2
    s = play(s, "pass")
    assert s["pass_tiles"] == [0, 2, -1, -1]
    # seat 1 alone in the main stage until finished
    s = play(s, "marble mirror w", "rabbi bottom")
    # first Passing phase: seat 0 (tile 1) removed the only colour (forced), re-drop listed
    assert s["stage"] == "passing1" and s["removed"] == "w" and len(s["drops"]) == 1
    assert sum(s["lines"][4].values()) == 5
    assert current_player(s) == 0 and "pass" in legal(s)
    s = play(s, "pass")  # a second pass takes no tile
    assert P(s, 0)["passes"] == 2 and s["pass_tiles"] == [0, 2, -1, -1]
    assert current_player(s) == 2
    s = play(s, "marble mirror w")
    assert current_player(s) == 2  # the only one still in the first Passing phase
    s = play(s, "marble mirror w", "rabbi bottom")
    # final Passing phase: tile-1 holder removes again (forced), re-drop, seat 0 plays all
    assert s["stage"] == "passing2" and s["removed"] == "ww" and not s["drops"]
    assert current_player(s) == 0 and "pass" not in legal(s)
    s = play(s, "marble mirror w", "marble mirror w", "rabbi bottom")
    assert s["bottom_rabbis"] == [1, 2, 0]
    # end of the Actions phase: tiles return, passes reset, back to the halt frame
    assert s["pass_tiles"] == [-1, -1, -1, -1] and s["stage"] == "main"
    assert [p["passes"] for p in s["players"]] == [0, 0, 0]
    assert s["stack"][-1]["k"] == "halt"


def test_no_pass_means_no_passing_phase():
    s = base(2)
    s["lines"] = lines_of("", "", "", "", "wwww")
    s["stack"].append({"k": "actions", "ptr": 0})
    s = settle(s)
    for t in [
        "marble mirror w",
        "marble mirror w",
        "marble mirror w",
        "marble mirror w",
        "rabbi bottom",
        "rabbi bottom",
    ]:
        s = play(s, t)
    assert s["stack"][-1]["k"] == "halt" and s["removed"] == ""


# ---- Turn Order, Influence, Income, Development, Control (4.6-4.8) -------------------------


def test_turn_order_from_rabbis():
    s = base(4)
    s["rabbis"] = [-1, 3, -1, 1, -1]
    s["bottom_rabbis"] = [2, 0]
    turn_order(s)
    assert s["turn_order"] == [3, 1, 2, 0]
    assert s["rabbis"] == [-1] * 5 and s["bottom_rabbis"] == []


def test_influence_matching_with_white():
    assert matches("rb", ["b", "r"]) and matches("wb", ["r", "b"])
    assert matches("ry", ["w", "y"]) and not matches("rr", ["r", "b"])
    assert not matches("r", ["r", "b"])
    s = base(2)
    s["palace"][0] = "CH06"  # blue blue, 3 Coins: Study +1, blue Student +1
    P(s, 0)["marbles"], P(s, 0)["coin"] = "bw", 3
    P(s, 1)["marbles"], P(s, 1)["coin"] = "by", 9
    s["turn_order"] = [1, 0]
    s = run(s, *[{"k": "influence", "seat": x} for x in s["turn_order"]])
    assert current_player(s) == 0  # seat 1 does not match: skipped
    assert legal(s) == ["influence bonus", "influence coins"]
    s2 = apply(s, "influence bonus")
    assert P(s2)["coin"] == 0 and P(s2)["study"] == 1 and P(s2)["students"] == [1, 1, 2]
    assert P(apply(s, "influence coins"))["coin"] == 6


def test_income_order_and_sources():
    s = base()
    p = P(s)
    p["students"] = [
        5,
        2,
        1,
    ]  # red V: 2 Clay + 1 VP; yellow II: 1 Coin; blue I: nothing
    p["study"] = 4  # 2 Knowledge
    p["gt"] = 7  # level 3: 2 Clay
    p["atile"] = "A1"
    p["gold"] = [1, 0, 0, 0]  # artifact 1 complete: 2 Coins
    p["devs"]["s6"] = None  # +1 Knowledge
    s = run(s, {"k": "income", "seat": 0})
    assert (p := P(s))["clay"] == 4 and p["coin"] == 3 and p["knowledge"] == 3
    assert p["vp"] == 11


def test_development_phase_upgrade_or_skip():
    s = base()
    P(s)["clay"] = 4
    s = run(
        s,
        {
            "k": "upgrade",
            "seat": 0,
            "area": "any",
            "discount": 0,
            "any_resource": False,
        },
    )
    assert legal(s) == ["skip", "up g1"]
    s = apply(s, "up g1")
    assert "g1" in P(s)["devs"] and P(s)["clay"] == 0


def test_golem_control_cheapest_first():
    s = base(golems=(("r", 4), ("y", 6), ("b", 3)))
    p = P(s)
    p["students"] = [3, 3, 1]  # costs 1, 3, 2
    p["knowledge"] = 4
    golem_control(s)
    assert p["knowledge"] == 0 and p["vp"] == 10 - 5  # paid 1 + 2, the 3 not fully
    s = base(golems=(("r", 4), ("y", 6), ("b", 3)))
    p = P(s)
    p["students"], p["knowledge"] = [3, 3, 1], 6
    golem_control(s)
    assert p["knowledge"] == 0 and p["vp"] == 10
    s = base(golems=(("r", 9), ("y", 6)))
    p = P(s)
    p["devs"]["g1"] = None  # at most 2 per Golem: 2 + 2
    p["knowledge"] = 3
    golem_control(s)
    assert p["knowledge"] == 0 and p["vp"] == 5
    s = base(golems=(("r", 9),))
    P(s)["ncc"] = True
    golem_control(s)
    assert P(s)["vp"] == 10 and P(s)["ncc"] is False


# ---- Procedures: create, kill, g6, convert, tracks (5.x) ------------------------------------


def test_create_cost_and_track():
    s = base(golems=(("r", 1), ("r", 5)))
    P(s)["clay"] = 9
    s = run(s, {"k": "create", "seat": 0, "discount": 0})
    assert legal(s) == ["skip", "create r", "create y", "create b"]
    s = apply(s, "create r")  # 3 + 3 x 2 = 9
    assert P(s)["clay"] == 0 and P(s)["gt"] == 5 and built(s, 0) == 1


def test_create_needs_a_reserve_golem():
    s = base(golems=(("r", 1), ("r", 2), ("y", 1), ("y", 2), ("b", 1), ("b", 2)))
    P(s)["clay"] = 99
    assert reserve(s, 0) == 0
    s = run(s, {"k": "create", "seat": 0, "discount": 0})
    assert s["stack"][-1]["k"] == "halt"  # nothing possible: the op does nothing


def test_g6_step_and_act_without_laying_down():
    s = base(golems=())
    P(s)["devs"]["g6"] = None
    P(s)["clay"] = 3
    s["districts"]["y"][1] = "NY01"  # section II: 2 Coins
    s = run(s, {"k": "create", "seat": 0, "discount": 0})
    s = apply(s, "create y")
    assert legal(s) == ["g6 none", "g6 step", "g6 act", "g6 step act"]
    s = apply(s, "g6 step act")
    assert P(s)["golems"] == [["y", 2, True, False]] and P(s)["coin"] == 2


def test_kill_track_down_and_doubled_bonus():
    s = base(golems=(("r", 4), ("y", 2)))
    P(s)["golems"][1][2] = False
    P(s)["gt"] = 1
    s = run(s, {"k": "kill", "seat": 0})
    assert legal(s) == [
        "skip",
        "kill r4 @1",
        "kill r4 @2",
        "kill r4 @3",
        "kill r4 @6",
        "kill y2l @1",
        "kill y2l @2",
        "kill y2l @3",
        "kill y2l @6",
    ]
    s = apply(s, "kill y2l @2")  # 2 Coins + 2 VP; the track stays on space 1
    assert P(s)["coin"] == 2 and P(s)["vp"] == 12 and P(s)["gt"] == 1
    assert s["cemetery"]["2"] == 0 and reserve(s, 0) == 4 - 0 and built(s, 0) == 0
    # g2: immediately kill, the bonus already doubled
    s = base(golems=(("r", 4),))
    P(s)["clay"] = 5
    s = run(
        s,
        {
            "k": "upgrade",
            "seat": 0,
            "area": "golem",
            "discount": 0,
            "any_resource": False,
        },
    )
    s = apply(s, "up g2")
    s = apply(s, "kill r4 @1")
    assert P(s)["clay"] == 4 and P(s)["vp"] == 14 and P(s)["gt"] == 2


def test_cemetery_spaces_by_player_count():
    s = base(4, golems=(("r", 4),))
    s = run(s, {"k": "kill", "seat": 0})
    assert [t.split()[-1] for t in legal(s)[1:]] == ["@1", "@2", "@3", "@4", "@5", "@6"]


def test_convert_and_student_back():
    s = base()
    s["districts"]["r"][0] = "NR08"  # red Student back 1: 4 VP + 3 Clay
    s["stack"].append({"k": "use", "seat": 0})
    s = settle(s)
    # red Student on I: the conversion cannot be paid, so `use r1` changes nothing (cl. 15)
    assert legal(s) == ["skip", "use y1"]
    P(s)["students"] = [4, 1, 1]
    assert legal(s) == ["skip", "use r1", "use y1"]
    s = apply(s, "use r1")
    assert legal(s) == ["no", "yes"]
    s = apply(s, "yes")
    assert P(s)["students"] == [3, 1, 1] and P(s)["vp"] == 14 and P(s)["clay"] == 3


def test_golem_track_either_last_space_not_offered():
    s = base()
    P(s)["gt"] = 12
    s = run(s, {"k": "track", "seat": 0, "n": 1, "dir": "either"})
    assert legal(s) == ["skip", "track down"]


def test_upgrade_any_resource_mixes():
    s = base()
    P(s).update(clay=1, coin=1, knowledge=2)
    s = run(
        s,
        {
            "k": "upgrade",
            "seat": 0,
            "area": "golem",
            "discount": 3,
            "any_resource": True,
        },
    )
    texts = legal(s)
    # g1 costs 4 - 3 = 1: three mixes, Clay descending then Coins descending
    assert texts[:4] == ["skip", "up g1 pay 1clay", "up g1 pay 1coin", "up g1 pay 1kn"]
    # g4 costs 8 - 3 = 5 > 4 resources
    assert not any(t.startswith("up g4") for t in texts)


def test_artifact_development_side_and_space():
    s = base()
    P(s)["coin"] = 2
    s = run(
        s,
        {
            "k": "upgrade",
            "seat": 0,
            "area": "artifact",
            "discount": 0,
            "any_resource": False,
        },
    )
    # only space 1.1 costs 2 Coins
    assert legal(s) == ["skip"] + [
        f"up a{i}/{side}@1.1" for i in range(1, 6) for side in (1, 2)
    ]
    s = apply(s, "up a3/2@1.1")
    assert P(s)["devs"]["a3"] == [2, "1.1"]
    # the boost acts once the Artifact is complete: A1 artifact 1 (2 Coins) + 1 Kn + 1 VP
    s = run(s, {"k": "gold", "seat": 0, "n": 1})
    s = apply(s, "put 1:1")
    assert P(s)["coin"] == 2 and P(s)["knowledge"] == 1 and P(s)["vp"] == 11


def test_trigger_marble_red_activates_complete_artifact():
    s = turn_state(lines=("", "", "", "", "r"))
    p = P(s)
    p["devs"]["a1"] = [1, "1.1"]  # side 1: red marble
    p["gold"] = [1, 0, 0, 0]
    p["atile"] = "A1"
    s = apply(s, "marble mirror r")
    assert P(s)["coin"] == 2  # A1 artifact 1: 2 Coins


def test_book_active_and_artifact_activate_ascending():
    s = base()
    P(s)["columns"][0] = [["B01", "r"], ["B02", "r"]]
    P(s)["columns"][1] = [["B25", "g"]]
    s = run(s, {"k": "active", "seat": 0, "left": 3, "after": ""})
    assert legal(s) == ["done", "active B01", "active B02", "active B25"]
    s = apply(s, "active B02")
    assert legal(s) == ["done", "active B25"]


def test_draw_objectives_known_deck_and_keep():
    s = base()
    s["obj_deck"] = ["O09", "O03", "O20"]
    s = run(s, {"k": "draw", "seat": 0, "draw": 2, "keep": 1})
    assert legal(s) == ["keep O03", "keep O09"]
    s = apply(s, "keep O09")
    assert P(s)["hand"] == ["O09"] and s["obj_deck"] == ["O20", "O03"]


def test_draw_objectives_hidden_deck_is_chance():
    s = base()
    s["obj_deck"] = None
    for p in s["players"]:
        p["hand"] = []
    s = run(s, {"k": "draw", "seat": 0, "draw": 2, "keep": 1})
    assert is_chance(s)
    outs = list(chance_outcomes(s))
    assert len(outs) == 27 * 26 // 2 and sum(p for _, p in outs) == 1
    assert outs[0][0] == "draw O01 O02"
    s = apply(s, "draw O05 O07")
    assert legal(s) == ["keep O05", "keep O07"]


# ---- Scoring (8) ---------------------------------------------------------------------------


def test_final_score_parts():
    s = base(golems=(("r", 1), ("y", 1), ("b", 2), ("r", 3)))
    p = P(s)
    p["vp"] = 20
    p["devs"] = {"g4": None, "a6": None, "s1": None}
    p["tokens"] = "r"
    p["gold"] = [1, 2, 0, 0]
    p["columns"][0] = [["B01", "r"]]
    p["columns"][3] = [["B33", "k"], ["B34", "k"]]
    p["study"] = 9
    p["students"] = [5, 1, 1]
    p["hand"] = ["O01", "O10", "O13", "O19"]
    p.update(clay=7, coin=6, knowledge=1)
    assert built(s, 0) == 2
    parts = score_parts(s, 0)
    assert parts == {
        "vp": 20,
        "red": 4 * 2,  # g4 (3) + token, x 2 Golems built
        "yellow": 3 * 2,  # a6, x 2 completed Artifacts
        "blue": 1 * 2,  # s1, x 2 columns with Books
        "study": 6,
        "objectives": 2 + 2 + 2 + 5,  # O01, O10, O19 completed: 3 types -> 5
        "resources": 2,
    }
    assert scores(s)[0] == 55


def test_objective_set_bonus_2_5_9():
    s = base()
    p = P(s)
    p["students"] = [7, 7, 7]
    p["hand"] = ["O01", "O04"]
    assert score_parts(s, 0)["objectives"] == 2 + 2 + 2
    p["hand"] = ["O01", "O04", "O07", "O03"]  # 3 types (two red cards)
    assert score_parts(s, 0)["objectives"] == 2 + 2 + 2 + 4 + 5
    p["study"] = 5
    p["hand"] += ["O19"]
    assert score_parts(s, 0)["objectives"] == 2 + 2 + 2 + 4 + 2 + 9  # 4 types


def test_killed_golems_count_as_built_and_tie_break():
    s = base(golems=(("r", 1),))
    s["unlimited"][0] = 2
    assert reserve(s, 0) == 3 and built(s, 0) == 1
    s = base(3)
    s["turn_order"] = [2, 0, 1]
    for p in s["players"]:
        p["vp"] = 30
    assert winner(s) == 2
    P(s, 1)["vp"] = 31
    assert winner(s) == 1


# ---- Chance (7) -----------------------------------------------------------------------------


def test_drop_outcome_counts():
    def count(pool):
        n = 1
        for m in pool.values():
            n *= sum(1 for _ in compositions(m))
        return n

    assert count(COMP.marbles[2]) == 590_625
    assert count(COMP.marbles[4]) == 15_006_250


def test_drop_probabilities_sum_to_one_exactly():
    s = base()
    pool = {"w": 2, "k": 1, "r": 0, "b": 0, "y": 0}
    outs = list(iter_drops(s, pool))
    assert len(outs) == 15 * 5
    assert sum(p for _, p in outs) == 1
    texts = dict(outs)
    assert texts["drop ww/k/-/-/-"] == Fraction(1, 25) * Fraction(1, 5)
    assert texts["drop wk/w/-/-/-"] == Fraction(2, 25) * Fraction(1, 5)
    s["lines"] = lines_of("w", "", "k", "", "w")
    from reference.golem_cranio.chance import parse_drop

    assert drop_probability(s, parse_drop("drop wwk/-/-/-/-"), pool) == Fraction(1, 125)


def test_redrop_is_chance_and_listed_drops_use_first_digits():
    s = base()
    s["lines"] = lines_of("w", "", "k", "", "")
    s["stack"].append({"k": "drop", "what": "lines"})
    s = settle(s)
    assert is_chance(s) and sum(p for _, p in chance_outcomes(s)) == 1
    s = apply(s, "drop -/-/wk/-/-")
    assert s["lines"][2] == {"w": 1, "k": 1, "r": 0, "b": 0, "y": 0}
    s = base()
    s["lines"] = lines_of("w", "", "k", "", "")
    s["drops"] = [{"w": "345", "k": "2", "r": "11", "b": "22", "y": "33"}]
    s = run(s, {"k": "drop", "what": "lines"})
    assert snapshot(s)["synagogue"]["lines"] == {
        "work": "",
        "golem": "k",
        "artifacts": "w",
        "study": "",
        "mirror": "",
    }
    assert s["drops"] == []


def test_refresh_with_known_orders():
    s = base(2)
    s["round"] = 2
    s["tiles"] = ["AT01", "AT02", "AT03"]
    s["pile"] = ["AT09", "AT04", "AT05", "AT06"]
    s["row"] = ["B01", "B02", "B03", "B04", "B05"]
    s["book_deck"] = ["B10", "B11"]
    s["removed"] = "w"
    P(s)["marbles"] = "rb"
    s["drops"] = [{"w": "111", "k": "1", "r": "11", "b": "11", "y": "11"}]
    from reference.golem_cranio.phases import start

    s["stack"] = [{"k": "halt", "seat": 0}]
    start(s, "refresh")
    s = advance(s)
    assert s["tiles"] == ["AT09", "AT04", "AT05"] and s["pile"] == ["AT06"]
    assert s["discards"] == ["AT01", "AT02", "AT03"]
    assert s["row"] == ["B02", "B03", "B04", "B05", "B10"] and s["book_deck"] == [
        "B11",
        "B01",
    ]
    assert (
        sum(s["lines"][0].values()) == 10
        and P(s)["marbles"] == ""
        and s["removed"] == ""
    )


def test_refresh_reshuffles_the_discards_when_the_pile_runs_out():
    s = base(2)
    s["tiles"] = ["AT01", "AT02", "AT03"]
    s["pile"] = ["AT09"]
    s["discards"] = ["AT10", "AT11", "AT12", "AT04", "AT05", "AT06", "AT07", "AT08"]
    s["drops"] = [{"w": "111", "k": "1", "r": "11", "b": "11", "y": "11"}]
    from reference.golem_cranio.phases import start

    start(s, "refresh")
    s = advance(s)
    assert s["tiles"][0] == "AT09" and s["pile"] is None and s["discards"] == []
    outs = list(chance_outcomes(s))
    assert [t for t, _ in outs] == [f"tile AT{i:02d}" for i in range(1, 13) if i != 9]
    s = apply(s, "tile AT03")
    assert len(list(chance_outcomes(s))) == 10


def test_hidden_library_deal_is_uniform_over_unseen_books():
    s = base()
    s["book_deck"] = None
    s["row"] = ["B01", "B02", "B03", "B04"]
    P(s)["columns"][0] = [["B05", "r"]]
    s["book_bottom"] = ["B06"]
    s["stack"].append({"k": "deal_book"})
    outs = list(chance_outcomes(s))
    assert len(outs) == 38 - 6 and outs[0] == ("deal B07", Fraction(1, 32))


# ---- perft (10) ------------------------------------------------------------------------------


def test_perft_draft():
    s = new_game(2, seed=4)
    assert perft(s, 0) == 1
    assert perft(s, 1) == len(legal(s)) == 4
    assert perft(s, 2) == 16
    assert perft(s, 4) == 4 * 4 * 3 * 3


# ---- random playouts -------------------------------------------------------------------------


def invariants(s):
    comp = COMP
    for seat, p in enumerate(s["players"]):
        for res in ("clay", "coin", "knowledge"):
            assert p[res] >= 0, (res, p[res])
        assert reserve(s, seat) >= 0
        assert (
            len(p["golems"])
            + sum(1 for v in s["cemetery"].values() if v == seat)
            + s["unlimited"][seat]
            + reserve(s, seat)
            + p["unplaced"]
            == 6
        )
        assert all(
            0 <= g <= c for g, c in zip(p["gold"], comp.rules["cauldron_capacity"])
        )
        assert all(1 <= x <= 10 for x in p["students"])
        assert all(1 <= g[1] <= 10 for g in p["golems"])
    books = list(s["row"]) + list(s["book_bottom"]) + list(s["book_deck"] or [])
    books += [b for p in s["players"] for col in p["columns"] for b, _ in col]
    assert len(books) == len(set(books))
    if s["book_deck"] is not None:
        assert sorted(books) == sorted(comp.books)
    objs = list(s["obj_bottom"]) + list(s["obj_deck"] or [])
    objs += [o for p in s["players"] for o in p["hand"] + p["pack"] + p["drafted"]]
    objs += [o for f in s["stack"] if f["k"] == "keep" for o in f["cards"]]
    assert len(objs) == len(set(objs))
    if s["obj_deck"] is not None:
        assert sorted(objs) == sorted(comp.objectives)
    marbles = {c: 0 for c in "wkrby"}
    for ln in s["lines"]:
        for c in marbles:
            marbles[c] += ln[c]
    for c in s["removed"] + "".join(p["marbles"] for p in s["players"]):
        marbles[c] += 1
    assert marbles == COMP.marbles[s["n"]]


def random_game(n, seed, hide=False, check_all=False):
    rng = random.Random(seed * 10 + n)
    s = new_game(n, seed=seed, hide_decks=hide)
    plies = 0
    while not is_terminal(s):
        invariants(s)
        if is_chance(s):
            s = apply(s, sample_chance(s, rng))
            continue
        texts = legal(s)
        assert len(texts) >= 2, texts
        assert len(set(texts)) == len(texts)
        sample = texts if check_all else rng.sample(texts, min(2, len(texts)))
        for t in sample:
            apply(s, t)
        s = apply(s, rng.choice(texts))
        plies += 1
    invariants(s)
    assert s["round"] == 4 and snapshot(s)["phase"] == "over"
    sc = scores(s)
    assert len(sc) == n and winner(s) in range(n)
    return plies


@pytest.mark.parametrize(
    "n,seed,hide",
    [
        (1, 0, False),
        (1, 1, True),
        (2, 0, False),
        (2, 1, True),
        (3, 0, False),
        (4, 0, True),
    ]
    + (
        [(n, seed, seed % 2 == 1) for n in (1, 2, 3, 4) for seed in range(2, 8)]
        if FULL
        else []
    ),
)
def test_random_playout_to_the_end(n, seed, hide):
    t0 = time.time()
    plies = random_game(n, seed, hide)
    assert plies > 30
    assert time.time() - t0 < 60


# ---- position file (11) ----------------------------------------------------------------------


def test_position_round_trip_along_a_game():
    rng = random.Random(5)
    s = new_game(3, seed=5)
    steps = 0
    seen_progress = False
    while not is_terminal(s) and steps < (10_000 if FULL else 120):
        text = to_toml(s)
        r = from_toml(text)
        assert key(r) == key(s), text.split("[palace]")[0]
        assert to_toml(r) == text or 'in_progress = ["' in text
        seen_progress |= 'in_progress = ["' in text
        s = (
            apply(s, sample_chance(s, rng))
            if is_chance(s)
            else apply(s, rng.choice(legal(s)))
        )
        steps += 1
    assert seen_progress


def test_position_in_progress_and_hidden_decks():
    s = new_game(2, seed=8, hide_decks=True)
    text = to_toml(s)
    assert (
        "deck = [" not in text and "pile = [" not in text and 'phase = "draft"' in text
    )
    s = base()
    s["lines"] = lines_of("", "wwr", "", "", "")
    s["stack"] = [{"k": "actions", "ptr": 0}]
    s = advance(s)  # seat 0's turn: a state at rest
    s = apply(s, "marble golem r")
    text = to_toml(s)
    assert 'in_progress = ["marble golem r"]' in text and 'phase = "actions"' in text
    r = from_toml(text)
    assert key(r) == key(s) and legal(r) == ["done", "create b"]


def test_then_activate_any_standing_golem_when_none_moved():
    s = base(golems=(("r", 2), ("y", 3)))
    s = run(
        s,
        {
            "k": "move",
            "seat": 0,
            "steps": 4,
            "dir": "forward",
            "golems": "one",
            "then_activate": True,
        },
    )
    s = apply(s, "move none")
    assert legal(s) == ["skip", "act r2", "act y3"]


def test_kill_during_work_takes_the_fresh_golem_first():
    s = base(golems=(("y", 1), ("r", 5)))
    s["districts"]["r"][4] = "NR05"  # create with a discount of 3
    s["districts"]["y"][0] = "NY04"  # kill 1 Golem; 3 Coins
    P(s)["knowledge"], P(s)["clay"] = 9, 3
    s = run(s, {"k": "work", "seat": 0, "v": 0})
    s = apply(s, "work 2")
    s = apply(s, "act r5")
    s = apply(s, "create y")  # a fresh y1 next to the older y1
    # the last pick must take the older y1 (cl. 9); its neighborhood kills: fresh first
    assert s["stack"][-1]["k"] == "kill"
    s = apply(s, "kill y1 @1")
    assert P(s)["golems"] == [["r", 5, False, False], ["y", 1, False, False]]


def test_refresh_with_an_empty_book_deck_shortens_the_row():
    s = base()
    s["row"] = ["B01", "B02", "B03", "B04", "B05"]
    s["book_deck"] = []
    s["stack"] += [{"k": "to_bottom"}, {"k": "deal_book"}, {"k": "library_shift"}]
    s = advance(s)
    # cl. 12: the row shifts, the last slot stays empty; B01 goes under the (empty) deck
    assert s["row"] == ["B02", "B03", "B04", "B05"] and s["book_deck"] == ["B01"]
    s = base()
    s["row"] = ["B01", "B02", "B03", "B04", "B05"]
    s["book_deck"] = None
    s["book_bottom"] = []
    for p in s["players"]:
        p["columns"] = [[]] * 5
    # every other Book is in someone's columns: nothing unseen, the bottom deals in order
    P(s, 1)["columns"] = [[[b, "r"] for b in sorted(COMP.books)[5:]]] + [[]] * 4
    s["stack"] += [{"k": "to_bottom"}, {"k": "deal_book"}, {"k": "library_shift"}]
    s = advance(s)
    assert s["row"] == ["B02", "B03", "B04", "B05"] and s["book_bottom"] == ["B01"]


def test_work_with_g3_allows_five_golems():
    golems = (("r", 1), ("r", 2), ("y", 1), ("y", 2), ("b", 1))
    s = base(golems=golems)
    P(s)["devs"]["g3"] = None
    P(s)["knowledge"] = 8
    s = run(s, {"k": "work", "seat": 0, "v": 0})
    assert legal(s) == ["work 0", "work 1", "work 2", "work 3", "work 4", "work 5"]
    P(s)["knowledge"] = 4
    assert legal(s)[-1] == "work 3"  # 5 Golems cost cost[4] = 8


def test_full_drop_enumeration_is_lazy():
    import itertools

    s = new_game(2, seed=1)
    s["stack"].append({"k": "drop", "what": "all"})
    first = list(itertools.islice(chance_outcomes(s), 3))
    assert first[0][0] == "drop wwwkrrbbyy/-/-/-/-"
    assert first[0][1] == Fraction(1, 5**10)
    assert all(p > 0 for _, p in first)


def test_perft_counts_through_chance_without_a_ply():
    s = base()
    s["obj_deck"] = None
    s["obj_bottom"] = []
    for p in s["players"]:
        p["hand"] = [
            "O01",
            "O02",
            "O03",
            "O04",
            "O05",
            "O06",
            "O07",
            "O08",
            "O09",
            "O10",
        ][: 10 if p is P(s) else 0]
    P(s, 1)["hand"] = [f"O{i}" for i in range(11, 25)]
    s = run(s, {"k": "draw", "seat": 0, "draw": 2, "keep": 1})
    # unseen: O25 O26 O27 -> 3 draws of 2, each a 2-way keep
    assert is_chance(s) and len(list(chance_outcomes(s))) == 3
    assert perft(s, 0) == 1 and perft(s, 1) == 3 * 2


def naive_movement_results(golems, steps, knowledge):
    """Every way to spend the steps one at a time (each step: a Golem not on X; each entry
    onto VIII-X paid in VP or Knowledge); results as (board, kn, vp, penalty)."""
    cost = COMP.entry_cost
    out = set()

    def rec(gs, left, kn, vp):
        movable = [i for i, g in enumerate(gs) if g[1] < 10]
        if left == 0 or not movable:
            pen = min(5 * left, 5 * len(gs))
            if kn <= knowledge:
                out.add((tuple(sorted(gs)), kn, vp, pen))
            return
        for i in movable:
            d, sec, _ = gs[i]
            new = list(gs)
            new[i] = (d, sec + 1, True)
            c = cost.get(sec + 1, 0)
            if c:
                rec(new, left - 1, kn + c, vp)
                rec(new, left - 1, kn, vp + c)
            else:
                rec(new, left - 1, kn, vp)

    rec([tuple(g) for g in golems], steps, 0, 0)
    return out


@pytest.mark.parametrize("seed", range(12))
def test_movement_results_match_step_by_step_enumeration(seed):
    rng = random.Random(seed)
    golems = [
        (rng.choice("ryb"), rng.choice([1, 2, 5, 7, 8, 9, 10]), rng.random() < 0.5)
        for _ in range(rng.randint(1, 3))
    ]
    knowledge = rng.randint(0, 4)
    gt = rng.choice([1, 4, 7])
    s = movement_state(golems, gt=gt, knowledge=knowledge)
    steps = COMP.golem_levels[COMP.level(gt)]["steps"] + 1
    want = naive_movement_results(golems, steps, knowledge)
    if len(want) == 1:  # forced: already applied
        ((board, kn, vp, pen),) = want
        got_board = tuple(sorted((g[0], g[1], g[2]) for g in P(s)["golems"]))
        assert got_board == board and P(s)["vp"] == 10 - vp - pen
        return
    got = set()
    for t in legal(s):
        c = apply(s, t)
        p = P(c)
        board = tuple(sorted((g[0], g[1], g[2]) for g in p["golems"]))
        got.add((board, knowledge - p["knowledge"], 10 - p["vp"]))
    assert got == {(b, kn, vp + pen) for b, kn, vp, pen in want}
    assert len(got) == len(legal(s))


def test_move_parser_accepts_any_text_of_a_legal_result():
    s = base(golems=(("r", 3), ("r", 4)))
    s = run(
        s,
        {
            "k": "move",
            "seat": 0,
            "steps": 2,
            "dir": "either",
            "golems": "any",
            "then_activate": False,
        },
    )
    a = apply(s, "move r3>5")
    assert key(apply(s, "move r3>4 r4>5")) == key(a)
    assert key(apply(s, "move r4>5 r3>4")) == key(a)
    with pytest.raises(ValueError):
        apply(s, "move r3>6")
    with pytest.raises(ValueError):
        apply(s, "move y3>4")
