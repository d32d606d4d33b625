"""The Actions phase (§4.3-4.5): turns, marbles, the five line menus, Rabbi, passing."""

from __future__ import annotations

from .components import COLOURS, LINES
from .effects import (
    _pop,
    activate_at,
    book_options,
    create_options,
    do_book,
    do_create,
    do_upgrade,
    golem_names,
    ops_frame,
    upgrade_options,
)
from .engine import auto, decide, push
from .state import C, ability, caps, parse_gname, sort_marbles, student_forward

MARBLE_DISTRICT = {"r": "r", "y": "y", "b": "b"}


def finished(s, seat) -> bool:
    p = s["players"][seat]
    return len(p["marbles"]) >= C(s).rules["marble_actions_per_round"] and rabbi_used(
        s, seat
    )


def rabbi_used(s, seat) -> bool:
    return seat in s["rabbis"] or seat in s["bottom_rabbis"]


def holders(s):
    return [h for h in s["pass_tiles"] if h != -1]


# ---- the driver -----------------------------------------------------------------------


@auto("actions")
def run_actions(s):
    f = s["stack"][-1]
    stage = s["stage"]
    if stage == "main":
        order = s["turn_order"]

        def elig(x):
            return s["players"][x]["passes"] == 0 and not finished(s, x)
    elif stage == "passing1":
        order = holders(s)

        def elig(x):
            return s["players"][x]["passes"] == 1 and not finished(s, x)
    else:
        order = [h for h in holders(s) if s["players"][h]["passes"] == 2]

        def elig(x):
            return not finished(s, x)

    n = len(order)
    for i in range(n):
        idx = (f["ptr"] + i) % n
        if elig(order[idx]):
            f["ptr"] = (idx + 1) % n
            s["stack"].append({"k": "turn", "seat": order[idx]})
            return
    nxt = None
    if stage == "main" and holders(s):
        nxt = "passing1"
    elif stage == "passing1" and any(
        s["players"][h]["passes"] == 2 for h in holders(s)
    ):
        nxt = "passing2"
    if nxt:
        s["stage"] = nxt
        f["ptr"] = 0
        push(
            s,
            {"k": "remove", "seat": s["pass_tiles"][0]},
            {"k": "drop", "what": "lines"},
        )
        return
    s["stack"].pop()
    s["pass_tiles"] = [-1] * len(s["pass_tiles"])
    for p in s["players"]:
        p["passes"] = 0
    s["stage"] = "main"


@decide("remove")
def remove_cands(s):
    present = [c for c in COLOURS if any(ln[c] for ln in s["lines"])]
    return [(f"remove {c}", _remove_fn(c)) for c in present]


def _remove_fn(c):
    def fn(s):
        s["stack"].pop()
        for ln in s["lines"]:
            if ln[c]:
                ln[c] -= 1
                break
        s["removed"] += c
        s["removed"] = sort_marbles(s["removed"])

    return fn


# ---- a turn ---------------------------------------------------------------------------


@decide("turn")
def turn_cands(s):
    f = s["stack"][-1]
    seat = f["seat"]
    p = s["players"][seat]
    out = []
    if len(p["marbles"]) < C(s).rules["marble_actions_per_round"]:
        for li, line in enumerate(LINES):
            for c in COLOURS:
                if s["lines"][li][c]:
                    out.append((f"marble {line} {c}", _marble_fn(li, c)))
    if not rabbi_used(s, seat):
        for i, r in enumerate(s["rabbis"]):
            if r == -1:
                out.append((f"rabbi {i + 1}", _rabbi_fn(i)))
        out.append(("rabbi bottom", _rabbi_fn(None)))
    if (s["stage"] == "main" and p["passes"] == 0) or (
        s["stage"] == "passing1" and p["passes"] == 1
    ):
        out.append(("pass", _pass_fn))
    return out


def _marble_fn(li, c):
    def fn(s):
        f = s["stack"].pop()
        seat = f["seat"]
        p = s["players"][seat]
        v = sum(s["lines"][li].values())
        s["lines"][li][c] -= 1
        p["marbles"] = sort_marbles(p["marbles"] + c)
        frames = []
        if c in MARBLE_DISTRICT:
            student_forward(s, seat, MARBLE_DISTRICT[c], 1)
        elif c == "k":
            frames.append({"k": "students", "seat": seat, "n": 2, "distinct": True})
        if c == "r":
            frames.append({"k": "trigger", "seat": seat, "trig": "marble_red"})
        if c == "b":
            frames.append({"k": "trigger", "seat": seat, "trig": "marble_blue"})
        frames.append({"k": "line", "seat": seat, "line": LINES[li], "v": v})
        push(s, *frames)

    return fn


def _rabbi_fn(i):
    def fn(s):
        f = s["stack"].pop()
        seat = f["seat"]
        if i is None:
            s["bottom_rabbis"].append(seat)
            ops = C(s).bottom_action
        else:
            s["rabbis"][i] = seat
            ops = C(s).action_tiles[s["tiles"][i]]["effect"]
        if ops:
            s["stack"].append(ops_frame(seat, ops))

    return fn


def _pass_fn(s):
    f = s["stack"].pop()
    p = s["players"][f["seat"]]
    p["passes"] += 1
    if p["passes"] == 1:
        i = s["pass_tiles"].index(-1)
        s["pass_tiles"][i] = f["seat"]


# ---- the line actions -------------------------------------------------------------------


@auto("line")
def run_line(s):
    f = s["stack"].pop()
    seat, line, v = f["seat"], f["line"], f["v"]
    p = s["players"][seat]
    if line == "work":
        s["stack"].append({"k": "work", "seat": seat, "v": v})
        return
    if line == "golem":
        p["clay"] += v
    elif line == "artifacts":
        p["coin"] += v
    elif line == "study":
        p["knowledge"] += v
    s["stack"].append({"k": "menu", "seat": seat, "line": line, "v": v, "used": []})


def work_free(s, p, n) -> int:
    a = ability(s, p, "work_free_activations")
    return a[1]["n"] if a and n >= 1 else 0


def work_cost(s, p, n, v) -> int:
    """max(0, cost[n - free] - v) Knowledge (4.5); cost[0] = 0."""
    costs = [0] + list(C(s).rules["work_cost_knowledge"])
    paid = max(0, n - work_free(s, p, n))
    return max(0, costs[paid] - v)


@decide("work")
def work_cands(s):
    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    standing = sum(1 for g in p["golems"] if g[2])
    out = [("work 0", _pop)]
    a = ability(s, p, "work_free_activations")
    top_n = C(s).rules["work_max_golems"] + (a[1]["n"] if a else 0)
    for n in range(1, min(top_n, standing) + 1):
        cost = work_cost(s, p, n, f["v"])
        if cost <= p["knowledge"]:
            out.append((f"work {n}", _work_fn(n, cost)))
    return out


def _work_fn(n, cost):
    def fn(s):
        f = s["stack"].pop()
        s["players"][f["seat"]]["knowledge"] -= cost
        s["stack"].append({"k": "work_pick", "seat": f["seat"], "left": n})

    return fn


def clear_fresh(p):
    for g in p["golems"]:
        g[3] = False


@decide("work_pick")
def work_pick_cands(s):
    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    names = golem_names(p, standing_only=True, allow_fresh=False)
    if not names:
        return [("(picks lost)", _picks_lost)]  # forced, never written
    return [(f"act {gn}", _pick_fn(gn)) for gn in names]


def _picks_lost(s):
    f = s["stack"].pop()
    clear_fresh(s["players"][f["seat"]])


def _pick_fn(gn):
    def fn(s):
        f = s["stack"][-1]
        p = s["players"][f["seat"]]
        f["left"] -= 1
        last = f["left"] <= 0
        if last:
            s["stack"].pop()
        d, sec, _ = parse_gname(gn)
        # picks use an older Golem (cl. 9)
        activate_at(s, f["seat"], d, sec, fresh_first=False, allow_fresh=False)
        if last:
            clear_fresh(p)

    return fn


AREA = {"golem": "golem", "artifacts": "artifact", "study": "study"}


@decide("menu")
def menu_cands(s):
    f = s["stack"][-1]
    seat, line = f["seat"], f["line"]
    p = s["players"][seat]
    r = C(s).rules
    out = [("done", _pop)]
    used = f["used"]
    if line in AREA and "up" not in used:
        for _, t, args in upgrade_options(s, seat, AREA[line], 0, False):
            out.append((t, _menu_up_fn(args)))
    if line == "golem" and "create" not in used:
        for d in create_options(s, seat, 0):
            out.append((f"create {d}", _menu_create_fn(d)))
    if line == "artifacts" and "gold" not in used:
        free = sum(c - g for c, g in zip(caps(s), p["gold"]))
        for n in range(1, free + 1):
            if r["gold_price_coins"] * n <= p["coin"]:
                out.append((f"gold {n}", _menu_gold_fn(n)))
    if line == "study" and "book" not in used:
        for t, args in book_options(s, seat, 0, False):
            out.append((t, _menu_book_fn(args)))
    if line == "mirror":
        if "mirror" not in used and p["coin"] >= r["mirror_price_coins"]:
            for ln in LINES[:4]:
                out.append((f"mirror {ln}", _mirror_fn(ln)))
        if "track" not in used and p["coin"] >= r["mirror_study_price_coins"]:
            out.append(("mirror track", _mirror_track_fn))
    return out


def _menu_up_fn(args):
    def fn(s):
        f = s["stack"][-1]
        f["used"] = sorted(f["used"] + ["up"])
        do_upgrade(s, f["seat"], *args)

    return fn


def _menu_create_fn(d):
    def fn(s):
        f = s["stack"][-1]
        f["used"] = sorted(f["used"] + ["create"])
        do_create(s, f["seat"], d, 0)

    return fn


def _menu_gold_fn(n):
    def fn(s):
        f = s["stack"][-1]
        f["used"] = sorted(f["used"] + ["gold"])
        s["players"][f["seat"]]["coin"] -= C(s).rules["gold_price_coins"] * n
        s["stack"].append({"k": "gold", "seat": f["seat"], "n": n})

    return fn


def _menu_book_fn(args):
    def fn(s):
        f = s["stack"][-1]
        f["used"] = sorted(f["used"] + ["book"])
        do_book(s, f["seat"], *args)

    return fn


def _mirror_fn(line):
    def fn(s):
        f = s["stack"][-1]
        f["used"] = sorted(f["used"] + ["mirror"])
        s["players"][f["seat"]]["coin"] -= C(s).rules["mirror_price_coins"]
        s["stack"].append({"k": "line", "seat": f["seat"], "line": line, "v": f["v"]})

    return fn


def _mirror_track_fn(s):
    from .state import study_move

    f = s["stack"][-1]
    f["used"] = sorted(f["used"] + ["track"])
    r = C(s).rules
    p = s["players"][f["seat"]]
    p["coin"] -= r["mirror_study_price_coins"]
    study_move(s, p, r["mirror_study_steps"])
