"""The plain state (spec §6) and the small queries on it.

A state is nested dicts and lists only (JSON-able), copied with `clone`. The pending work
of a compound action is `s["stack"]`, a list of frames (dicts, top last); frames are
described in engine.py.
"""

from __future__ import annotations

import json
import marshal

from .components import COLOURS, DISTRICTS, Components, load

DIDX = {d: i for i, d in enumerate(DISTRICTS)}


def C(s) -> Components:
    return load(s.get("components_path"))


def clone(s):
    """A deep copy of the state; the `_` bookkeeping (last state at rest) is shared.
    The state is plain data (dicts, lists, strings, numbers, booleans, None), so a
    marshal round trip copies it exactly, about twice as fast as copy.deepcopy (which
    the brute force of solver.py spends most of its time in)."""
    c = marshal.loads(
        marshal.dumps({k: v for k, v in s.items() if not k.startswith("_")})
    )
    for k, v in s.items():
        if k.startswith("_"):
            c[k] = list(v) if isinstance(v, list) else v
    return c


def key(s) -> str:
    """The identity of a state (board and pending work) used to merge equal results.
    Keys starting with `_` (the position-writing trail) are not part of the state."""
    return json.dumps(
        {k: v for k, v in s.items() if not k.startswith("_")},
        sort_keys=True,
        separators=(",", ":"),
    )


def new_player():
    return {
        "vp": 0,
        "clay": 0,
        "coin": 0,
        "knowledge": 0,
        "study": 0,
        "gt": 0,
        "students": [1, 1, 1],
        "golems": [],  # [district, section, standing, fresh]
        "marbles": "",
        "passes": 0,
        "ncc": False,
        "tokens": "",
        "devs": {},  # id -> None, or [side, space] for a1-a5
        "columns": [[] for _ in range(5)],  # [book id, colour letter]
        "atile": "",
        "gold": [0, 0, 0, 0],
        "hand": [],
        "pack": [],
        "drafted": [],
        "start_tiles": [],
        "unplaced": 2,
    }


def empty_lines():
    return [{c: 0 for c in COLOURS} for _ in range(5)]


# ---- golems -----------------------------------------------------------------------


def sort_golems(p):
    p["golems"].sort(key=lambda g: (DIDX[g[0]], g[1], not g[2], g[3]))


def gname(g) -> str:
    return f"{g[0]}{g[1]}" + ("" if g[2] else "l")


def parse_gname(t: str):
    d, rest = t[0], t[1:]
    standing = not rest.endswith("l")
    return d, int(rest.rstrip("l")), standing


def find_golem(p, d, sec, standing, fresh_first=True, allow_fresh=True):
    """Index of a matching golem; fresh ones first (best for the player, DECISIONS 3)."""
    cands = [
        i
        for i, g in enumerate(p["golems"])
        if g[0] == d and g[1] == sec and g[2] == standing and (allow_fresh or not g[3])
    ]
    if not cands:
        return None
    cands.sort(
        key=lambda i: (not p["golems"][i][3]) if fresh_first else p["golems"][i][3]
    )
    return cands[0]


def cemetery_count(s, seat) -> int:
    return sum(1 for v in s["cemetery"].values() if v == seat) + s["unlimited"][seat]


def reserve(s, seat) -> int:
    p = s["players"][seat]
    return 6 - len(p["golems"]) - cemetery_count(s, seat) - p["unplaced"]


def built(s, seat) -> int:
    return (
        C(s).rules["golems_per_player"]
        - C(s).rules["golems_start_on_main_board"]
        - reserve(s, seat)
    )


# ---- tracks, developments ---------------------------------------------------------


def level(s, p) -> int:
    return C(s).level(p["gt"])


def has(p, dev) -> bool:
    return dev in p["devs"]


def ability(s, p, name):
    """The first upgraded Development (id order) with that ability, as (id, ability)."""
    comp = C(s)
    for dev in sorted(p["devs"]):
        side = p["devs"][dev][0] if p["devs"][dev] else None
        a = comp.ability(dev, name, side)
        if a:
            return dev, a
    return None


def caps(s):
    return C(s).rules["cauldron_capacity"]


def completed(s, p, k) -> bool:
    return p["gold"][k - 1] >= caps(s)[k - 1]


def n_completed(s, p) -> int:
    return sum(1 for k in range(1, 5) if completed(s, p, k))


def column_limit(s, p) -> int:
    comp = C(s)
    lim = comp.study_track[p["study"]]["column_limit"]
    for dev in p["devs"]:
        a = comp.ability(dev, "column_limit_bonus")
        if a:
            lim += a["n"]
    return min(lim, comp.rules["column_max_books"])


def column_colour(col):
    return col[0][1] if col else None


def n_books(p) -> int:
    return sum(len(c) for c in p["columns"])


def counter(s, seat, name) -> int:
    p = s["players"][seat]
    if name == "golem_level":
        return level(s, p)
    if name == "completed_artifacts":
        return n_completed(s, p)
    if name == "cemetery_golems":
        return cemetery_count(s, seat)
    if name == "upgraded_developments":
        return len(p["devs"])
    if name == "leftmost_student":
        return min(p["students"])
    raise ValueError(name)


def student_forward(s, seat, d, n=1):
    """Student of district d forward up to n sections; the Menorah token (§5.1, cl. 13)."""
    p = s["players"][seat]
    i = DIDX[d]
    p["students"][i] = min(10, p["students"][i] + n)
    if (
        p["students"][i] >= C(s).rules["menorah_token_section"]
        and d in s["menorah_board"]
    ):
        s["menorah_board"] = s["menorah_board"].replace(d, "")
        p["tokens"] = "".join(x for x in DISTRICTS if x in p["tokens"] + d)


def gt_move(s, p, delta):
    comp = C(s)
    p["gt"] = max(comp.gt_min, min(comp.gt_max, p["gt"] + delta))


def study_move(s, p, delta):
    comp = C(s)
    p["study"] = max(comp.study_min, min(comp.study_max, p["study"] + delta))


def total_marbles(lines) -> dict:
    out = {c: 0 for c in COLOURS}
    for ln in lines:
        for c in COLOURS:
            out[c] += ln[c]
    return out


def sort_marbles(txt: str) -> str:
    return "".join(sorted(txt, key=COLOURS.index))
