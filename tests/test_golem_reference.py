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
