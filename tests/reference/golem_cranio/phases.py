"""The phases of a round (§4) and the move from one phase to the next."""

from __future__ import annotations

from .components import COLOURS
from .effects import ops_frame
from .engine import auto, decide, push
from .state import DIDX, C, ability, level

SETUP_NEXT = {
    "draft": "discard",
    "discard": "artifact",
    "artifact": "start",
    "start": "place",
}


def next_phase(s):
    """Called with an empty stack: start the phase after s["phase"]."""
    ph = s["phase"]
    if ph in SETUP_NEXT:
        start(s, SETUP_NEXT[ph])
    elif ph in ("place", "refresh"):
        start(s, "movement")
    elif ph == "movement":
        start(s, "actions")
    elif ph == "actions":
        turn_order(s)
        start(s, "influence")
    elif ph == "influence":
        start(s, "income")
    elif ph == "income":
        start(s, "development")
    elif ph == "development":
        golem_control(s)
        if s["round"] >= C(s).rules["rounds"]:
            s["phase"] = "over"
        else:
            s["round"] += 1
            start(s, "refresh")
    else:
        raise RuntimeError(f"no phase after {ph}")


def start(s, ph):
    from . import setup

    s["phase"] = ph
    n = s["n"]
    order = s["turn_order"]
    if ph in ("draft", "discard", "artifact", "start", "place"):
        setup.start_setup_phase(s, ph)
    elif ph == "movement":
        push(s, *[{"k": "movement", "seat": x} for x in order])
    elif ph == "actions":
        s["stage"] = "main"
        push(s, {"k": "actions", "ptr": 0})
    elif ph == "influence":
        push(s, *[{"k": "influence", "seat": x} for x in order])
    elif ph == "income":
        push(s, *[{"k": "income", "seat": x} for x in order])
    elif ph == "development":
        push(
            s,
            *[
                {
                    "k": "upgrade",
                    "seat": x,
                    "area": "any",
                    "discount": 0,
                    "any_resource": False,
                    "dev": True,
                }
                for x in order
            ],
        )
    elif ph == "refresh":
        push(
            s,
            {"k": "refresh_start"},
            {"k": "drop", "what": "all"},
            {"k": "tiles_discard"},
            *[{"k": "deal_tile", "i": i} for i in range(n + 1)],
            {"k": "library_shift"},
            {"k": "deal_book"},
            {"k": "to_bottom"},
        )
    else:
        raise RuntimeError(ph)


# ---- Refresh (4.1) --------------------------------------------------------------------


@auto("refresh_start")
def run_refresh_start(s):
    s["stack"].pop()  # only marks the state at rest before Refresh (§11)


@auto("tiles_discard")
def run_tiles_discard(s):
    s["stack"].pop()
    s["discards"].extend(t for t in s["tiles"] if t)
    s["tiles"] = [None] * len(s["tiles"])


@auto("library_shift")
def run_library_shift(s):
    """Refresh (c): slot 1 leaves the row; it goes under the deck after the new card is
    dealt (so an empty deck leaves the last slot empty, cl. 12; DECISIONS 23)."""
    s["stack"].pop()
    if s["row"]:
        b = s["row"].pop(0)
        for f in reversed(s["stack"]):
            if f["k"] == "to_bottom":
                f["book"] = b
                break


@auto("to_bottom")
def run_to_bottom(s):
    f = s["stack"].pop()
    b = f.get("book")
    if b:
        if s["book_deck"] is not None:
            s["book_deck"].append(b)
        else:
            s["book_bottom"].append(b)


# ---- Turn Order, Influence (4.6) -------------------------------------------------------


def turn_order(s):
    new = [x for x in s["rabbis"] if x != -1] + list(s["bottom_rabbis"])
    assert sorted(new) == list(range(s["n"])), new
    s["turn_order"] = new
    s["rabbis"] = [-1] * len(s["rabbis"])
    s["bottom_rabbis"] = []


def matches(marbles: str, colours) -> bool:
    """Two marbles pair with the card's two colours, white matching anything."""
    if len(marbles) < 2:
        return False
    a, b = marbles[0], marbles[1]
    x, y = colours

    def ok(m, c):
        return m == "w" or c == "w" or m == c

    return (ok(a, x) and ok(b, y)) or (ok(a, y) and ok(b, x))


def character(s):
    return C(s).characters[s["palace"][s["round"] - 1]]


@decide("influence")
def influence_cands(s):
    from .components import CLETTER

    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    ch = character(s)
    if not matches(p["marbles"], [CLETTER[c] for c in ch["marbles"]]):
        return []
    out = []
    if p["coin"] >= ch["cost_coins"]:
        out.append(("influence bonus", _bonus_fn))
    out.append(("influence coins", _coins_fn))
    return out


def _bonus_fn(s):
    f = s["stack"].pop()
    p = s["players"][f["seat"]]
    ch = character(s)
    p["coin"] -= ch["cost_coins"]
    s["stack"].append(ops_frame(f["seat"], ch["effect"]))


def _coins_fn(s):
    f = s["stack"].pop()
    s["players"][f["seat"]]["coin"] += C(s).rules["influence_decline_coins"]


# ---- Income (4.7) -----------------------------------------------------------------------


@auto("income")
def run_income(s):
    f = s["stack"].pop()
    seat = f["seat"]
    push(
        s,
        *[{"k": "street", "seat": seat, "d": d} for d in ("r", "y", "b")],
        *[{"k": "artifact", "seat": seat, "art": k} for k in (1, 2, 3, 4)],
        {"k": "inc_tracks", "seat": seat, "which": "study"},
        {"k": "inc_tracks", "seat": seat, "which": "golem"},
        {"k": "inc_tracks", "seat": seat, "which": "s6"},
    )


@auto("inc_tracks")
def run_inc_tracks(s):
    f = s["stack"].pop()
    comp = C(s)
    p = s["players"][f["seat"]]
    if f["which"] == "study":
        ops = comp.study_track[p["study"]]["income"]
    elif f["which"] == "golem":
        ops = comp.golem_levels[level(s, p)]["income"]
    else:
        a = ability(s, p, "income")
        ops = a[1]["ops"] if a else []
    if ops:
        s["stack"].append(ops_frame(f["seat"], ops))


# ---- Golem Control (4.8) ------------------------------------------------------------------


def control_costs(s, seat):
    p = s["players"][seat]
    cap = ability(s, p, "control_cap")
    per = C(s).rules["control_cost_per_section"]
    out = []
    for g in p["golems"]:
        c = max(0, g[1] - p["students"][DIDX[g[0]]]) * per
        if cap:
            c = min(c, cap[1]["n"])
        out.append(c)
    return out


def golem_control(s):
    r = C(s).rules
    for seat, p in enumerate(s["players"]):
        if p["ncc"]:
            p["ncc"] = False
            continue
        costs = sorted(control_costs(s, seat))
        if sum(costs) <= p["knowledge"]:
            p["knowledge"] -= sum(costs)
            continue
        unpaid = 0
        for c in costs:
            if c <= p["knowledge"]:
                p["knowledge"] -= c
            else:
                unpaid += 1
                p["knowledge"] = 0
        p["vp"] -= r["uncontrolled_golem_penalty_vp"] * unpaid


def marbles_all(s) -> dict:
    return {c: C(s).marbles[s["n"]][c] for c in COLOURS}
