"""`new_game` (§3.1) and the setup decisions (§3.2)."""

from __future__ import annotations

import itertools
import random

from .components import COLOURS, DISTRICTS, DNAME
from .effects import ops_frame
from .engine import advance, auto, decide, push
from .state import C, empty_lines, new_player, sort_golems


def new_game(players, seed=0, intro=False, hide_decks=False, components_path=None):
    rng = random.Random(seed)
    s = {"components_path": components_path}
    comp = C(s)
    n = players
    r = comp.rules
    s.update(
        {
            "n": n,
            "round": 1,
            "phase": "setup",
            "stage": "main",
            "turn_order": list(range(n)),
        }
    )
    # 1. Palace
    if intro:
        by_num = {c["number"]: cid for cid, c in comp.characters.items()}
        s["palace"] = [by_num[x] for x in comp.setup["intro_characters_by_number"]]
    else:
        d13 = sorted(c for c, v in comp.characters.items() if v["deck"] == "1-3")
        d4 = sorted(c for c, v in comp.characters.items() if v["deck"] == "4")
        s["palace"] = rng.sample(d13, 3) + rng.sample(d4, 1)
    # 2. Neighborhoods
    s["districts"] = {}
    for d in DISTRICTS:
        tiles = sorted(
            (t for t in comp.nbh_tiles.values() if t["district"] == DNAME[d]),
            key=lambda t: t["number"],
        )
        if intro:
            nums = comp.setup["intro_neighborhoods_by_number"][DNAME[d]]
            chosen = [t for t in tiles if t["number"] in nums]
        else:
            chosen = sorted(
                rng.sample(tiles, r["neighborhood_tiles_used_per_district"]),
                key=lambda t: t["number"],
            )
        s["districts"][d] = [t["id"] for t in chosen]
    s["menorah_board"] = "ryb"
    # 3. Library
    books = sorted(comp.books)
    rng.shuffle(books)
    s["row"] = books[: r["library_slots"]]
    s["book_deck"] = None if hide_decks else books[r["library_slots"] :]
    s["book_bottom"] = []
    # 4. Action tiles
    tiles = sorted(comp.action_tiles)
    rng.shuffle(tiles)
    s["tiles"] = tiles[: n + 1]
    s["rabbis"] = [-1] * (n + 1)
    s["bottom_rabbis"] = []
    s["pile"] = None if hide_decks else tiles[n + 1 :]
    s["discards"] = []
    # 5. Marbles
    w = comp.line_weights
    lines = empty_lines()
    for c in COLOURS:
        for _ in range(comp.marbles[n][c]):
            lines[rng.choices(range(5), weights=w)[0]][c] += 1
    s["lines"] = lines
    s["removed"] = ""
    s["pass_tiles"] = [-1] * r["pass_tiles"]
    s["drops"] = []
    s["cemetery"] = {
        str(sp["id"]): -1
        for sp in comp.cemetery
        if sp["capacity"] != "unlimited" and sp["min_players"] <= n
    }
    s["unlimited"] = [0] * n
    # 6. Objectives, 7. Starting tiles and Artifact tiles, 8. players
    objs = sorted(comp.objectives)
    rng.shuffle(objs)
    s["players"] = [new_player() for _ in range(n)]
    for i, p in enumerate(s["players"]):
        k = r["objectives_dealt"]
        p["pack"] = sorted(objs[i * k : (i + 1) * k])
        p["vp"] = r["start_vp"]
        p["study"] = r["start_study_space"]
        p["gt"] = r["start_golem_track_space"]
        p["students"] = [r["start_student_section"]] * 3
        p["unplaced"] = r["golems_start_on_main_board"]
    rest = objs[n * r["objectives_dealt"] :]
    s["obj_deck"] = None if hide_decks else rest
    s["obj_bottom"] = []
    st = sorted(comp.starting)
    rng.shuffle(st)
    k = comp.setup["intro_starting_tiles_dealt"] if intro else r["starting_tiles_dealt"]
    for i, p in enumerate(s["players"]):
        p["start_tiles"] = sorted(st[i * k : (i + 1) * k])
    ats = sorted(comp.artifact_tiles)
    s["art_offer"] = sorted(f"{t}{rng.choice((1, 2))}" for t in rng.sample(ats, n))
    s["stack"] = []
    if n == 1:
        s["players"][0]["drafted"] = s["players"][0]["pack"]
        s["players"][0]["pack"] = []
        start_setup_phase(s, "discard")
    else:
        start_setup_phase(s, "draft")
    return advance(s)


def start_setup_phase(s, ph):
    from .actions import _pop  # noqa: F401

    s["phase"] = ph
    n = s["n"]
    order = s["turn_order"]
    if ph == "draft":
        frames = []
        for _ in range(C(s).rules["objectives_dealt"] - 1):
            frames += [{"k": "draft", "seat": x} for x in range(n)]
            frames.append({"k": "pass_packs"})
        frames.append({"k": "draft_last"})
        push(s, *frames)
    elif ph == "discard":
        push(s, *[{"k": "discard", "seat": x} for x in range(n)])
    elif ph == "artifact":
        push(s, *[{"k": "artifact_tile", "seat": x} for x in reversed(order)])
    elif ph == "start":
        push(s, *[{"k": "start", "seat": x} for x in order])
    elif ph == "place":
        push(s, *[{"k": "place", "seat": x} for x in order])


@decide("draft")
def draft_cands(s):
    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    return [(f"pick {o}", _pick_fn(o)) for o in sorted(p["pack"])]


def _pick_fn(o):
    def fn(s):
        f = s["stack"].pop()
        p = s["players"][f["seat"]]
        p["pack"].remove(o)
        p["drafted"] = sorted(p["drafted"] + [o])

    return fn


@auto("pass_packs")
def run_pass_packs(s):
    """Every pack passes to the left: seat i's pack goes to seat i+1."""
    s["stack"].pop()
    packs = [p["pack"] for p in s["players"]]
    n = s["n"]
    for i in range(n):
        s["players"][(i + 1) % n]["pack"] = packs[i]


@auto("draft_last")
def run_draft_last(s):
    s["stack"].pop()
    for p in s["players"]:
        p["drafted"] = sorted(p["drafted"] + p["pack"])
        p["pack"] = []


@decide("discard")
def discard_cands(s):
    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    return [(f"discard {o}", _discard_fn(o)) for o in sorted(p["drafted"])]


def _discard_fn(o):
    def fn(s):
        from .effects import to_objective_bottom

        f = s["stack"].pop()
        p = s["players"][f["seat"]]
        p["drafted"].remove(o)
        p["hand"] = sorted(p["hand"] + p["drafted"])
        p["drafted"] = []
        to_objective_bottom(s, [o])

    return fn


@decide("artifact_tile")
def artifact_tile_cands(s):
    return [(f"artifact-tile {t}", _atile_fn(t)) for t in sorted(s["art_offer"])]


def _atile_fn(t):
    def fn(s):
        f = s["stack"].pop()
        s["players"][f["seat"]]["atile"] = t
        s["art_offer"].remove(t)

    return fn


@decide("start")
def start_cands(s):
    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    kept = C(s).rules["starting_tiles_kept"]
    return [
        ("start " + " ".join(c), _start_fn(c))
        for c in itertools.combinations(
            sorted(p["start_tiles"]), min(kept, len(p["start_tiles"]))
        )
    ]


def _start_fn(c):
    def fn(s):
        f = s["stack"].pop()
        comp = C(s)
        s["players"][f["seat"]]["start_tiles"] = []
        ops = [o for t in c for o in comp.starting[t]["effect"]]
        if ops:
            s["stack"].append(ops_frame(f["seat"], ops))

    return fn


@decide("place")
def place_cands(s):
    return [
        (f"place {a} {b}", _place_fn(a, b))
        for a, b in itertools.combinations(DISTRICTS, 2)
    ]


def _place_fn(a, b):
    def fn(s):
        f = s["stack"].pop()
        p = s["players"][f["seat"]]
        p["golems"] += [[a, 1, True, False], [b, 1, True, False]]
        p["unplaced"] = 0
        sort_golems(p)

    return fn
