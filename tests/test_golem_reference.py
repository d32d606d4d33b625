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
from reference.golem_cranio.scoring import score_parts
from reference.golem_cranio.state import built, reserve

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
        assert p["vp"] == 10 and p["study"] == 0 and p["gt"] == 3 and p["students"] == [1, 1, 1]
        assert len(p["start_tiles"]) == 4
    assert len(s["art_offer"]) == n
    assert snapshot(s)["phase"] == ("discard" if n == 1 else "draft")
    if n == 1:
        assert len(P(s)["drafted"]) == 4 and legal(s)[0].startswith("discard ")


def test_intro_setup():
    s = new_game(2, seed=3, intro=True)
    assert s["palace"] == ["CH01", "CH05", "CH03", "CH08"]
    assert s["districts"]["r"] == ["NR01", "NR02", "NR04", "NR05", "NR07", "NR08", "NR09"]
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
    s = run(s, {"k": "move", "seat": 0, "steps": 2, "dir": "either", "golems": "any",
                "then_activate": False})
    assert legal(s) == ["move none", "move r3>1", "move r3>2", "move r3>4", "move r3>5"]
    s = base(golems=(("r", 3), ("y", 7)))
    P(s)["golems"][0][2] = False
    s = run(s, {"k": "move", "seat": 0, "steps": 4, "dir": "forward", "golems": "one",
                "then_activate": True})
    texts = legal(s)
    assert texts[0] == "move none" and "move y7>9 pay 3vp" in texts
    assert "move r3l>4 y7>8 pay 1vp" not in texts  # one Golem only
    s = apply(s, "move r3l>7")
    assert legal(s) == ["skip", "act r7"]
    s = apply(s, "act r7")
    assert ["r", 7, False, False] in P(s)["golems"]


def test_move_two_golems_canonical_pairing():
    s = base(golems=(("r", 3), ("r", 4)))
    s = run(s, {"k": "move", "seat": 0, "steps": 2, "dir": "either", "golems": "any",
                "then_activate": False})
    texts = legal(s)
    # r3 -> 4 and r4 -> 5 is written as the multiset difference: r3>5
    assert "move r3>5" in texts and "move r3>4 r4>5" not in texts
    # swapping places (r3 -> 4, r4 -> 3) changes nothing and is not offered
    assert texts.count("move none") == 1 and len(texts) == len(set(texts))
