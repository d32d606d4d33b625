"""Final scoring (§8) and the tie-break winner."""

from __future__ import annotations

from .state import DIDX, C, built, cemetery_count, column_colour, n_books, n_completed


def menorahs(s, seat, area) -> int:
    comp = C(s)
    p = s["players"][seat]
    n = sum(comp.devs[d]["menorahs"] for d in p["devs"] if comp.devs[d]["area"] == area)
    token = {"golem": "r", "artifact": "y", "study": "b"}[area]
    return n + (1 if token in p["tokens"] else 0)


def objective_done(s, seat, oid) -> bool:
    o = C(s).objectives[oid]
    p = s["players"][seat]
    t, th = o["type"], o["threshold"]
    if t.startswith("student_"):
        d = {"student_red": "r", "student_yellow": "y", "student_blue": "b"}[t]
        return p["students"][DIDX[d]] >= th
    value = {
        "golems_built": lambda: built(s, seat),
        "gold": lambda: sum(p["gold"]),
        "developments": lambda: len(p["devs"]),
        "study": lambda: p["study"],
        "books": lambda: n_books(p),
        "golems_killed": lambda: cemetery_count(s, seat),
    }[t]()
    return value >= th


def score_parts(s, seat) -> dict:
    comp = C(s)
    r = comp.rules
    p = s["players"][seat]
    done = [o for o in p["hand"] if objective_done(s, seat, o)]
    types = {comp.objectives[o]["type"] for o in done}
    bonus_table = {int(k): v for k, v in r["objective_set_bonus"].items()}
    bonus = 0
    for k in sorted(bonus_table):
        if len(types) >= k:
            bonus = bonus_table[k]
    return {
        "vp": p["vp"],
        "red": menorahs(s, seat, "golem") * built(s, seat),
        "yellow": menorahs(s, seat, "artifact") * n_completed(s, p),
        "blue": menorahs(s, seat, "study")
        * sum(1 for c in p["columns"] if column_colour(c)),
        "study": comp.study_track[p["study"]]["final_vp"],
        "objectives": sum(comp.objectives[o]["vp"] for o in done) + bonus,
        "resources": (p["clay"] + p["coin"] + p["knowledge"])
        // r["resources_per_final_vp"],
    }


def final_scores(s) -> list:
    return [sum(score_parts(s, i).values()) for i in range(s["n"])]


def scores(s) -> list:
    return final_scores(s)


def winner(s) -> int:
    """Highest score; ties to the earliest in the (round-4) turn order."""
    sc = final_scores(s)
    best = max(sc)
    return next(x for x in s["turn_order"] if sc[x] == best)
