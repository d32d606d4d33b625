"""The op interpreter (§2.4) and the procedures of §5 (create, kill, activate, upgrade,
Books, Gold and Artifacts, triggers)."""

from __future__ import annotations

import itertools

from .components import BNAME, BOOK_COLOURS, DISTRICTS, DLETTER
from .engine import auto, decide, push
from .state import (
    DIDX,
    C,
    ability,
    built,
    caps,
    column_colour,
    column_limit,
    completed,
    counter,
    find_golem,
    gname,
    gt_move,
    has,
    reserve,
    sort_golems,
    student_forward,
    study_move,
)

RES_ABBR = {
    "clay": "clay",
    "coin": "coin",
    "knowledge": "kn",
    "vp": "vp",
    "gold": "gold",
}


def ops_frame(seat, ops):
    return {"k": "ops", "seat": seat, "ops": [dict(o) for o in ops]}


def amounts(d: dict) -> str:
    """`2clay+1coin`: amounts in the order clay coin kn vp gold, zeros left out."""
    parts = []
    for res in ("clay", "coin", "knowledge", "vp", "gold"):
        if d.get(res):
            parts.append(f"{d[res]}{RES_ABBR[res]}")
    return "+".join(parts)


# ---- the op list ------------------------------------------------------------------


@auto("ops")
def run_ops(s):
    f = s["stack"][-1]
    if not f["ops"]:
        s["stack"].pop()
        return
    op = f["ops"].pop(0)
    seat = f["seat"]
    p = s["players"][seat]
    kind = op["op"]
    if kind == "gain":
        gain(s, seat, op["res"], op["n"])
    elif kind == "gain_per":
        gain(s, seat, op["res"], op["n"] * counter(s, seat, op["per"]))
    elif kind == "study":
        study_move(s, p, op["n"])
    elif kind == "student":
        student_forward(s, seat, DLETTER[op["district"]], op["n"])
    elif kind == "student_any":
        s["stack"].append(
            {"k": "students", "seat": seat, "n": op["n"], "distinct": op["distinct"]}
        )
    elif kind == "golem_track":
        s["stack"].append({"k": "track", "seat": seat, "n": op["n"], "dir": op["dir"]})
    elif kind == "create_golem":
        s["stack"].append({"k": "create", "seat": seat, "discount": op["discount"]})
    elif kind == "kill_golem":
        s["stack"].append({"k": "kill", "seat": seat})
    elif kind == "activate":
        s["stack"].append({"k": "activate", "seat": seat, "left": op["n"]})
    elif kind == "move_golems":
        s["stack"].append(
            {
                "k": "move",
                "seat": seat,
                "steps": op["steps"],
                "dir": op["dir"],
                "golems": op["golems"],
                "then_activate": op["then_activate"],
            }
        )
    elif kind == "upgrade":
        s["stack"].append(
            {
                "k": "upgrade",
                "seat": seat,
                "area": op["area"],
                "discount": op["discount"],
                "any_resource": op["any_resource"],
            }
        )
    elif kind == "buy_book":
        s["stack"].append(
            {
                "k": "book",
                "seat": seat,
                "discount": op["discount"],
                "icc": op["ignore_card_cost"],
            }
        )
    elif kind == "book_active":
        s["stack"].append({"k": "active", "seat": seat, "left": op["n"], "after": ""})
    elif kind == "artifact_activate":
        s["stack"].append({"k": "artact", "seat": seat, "left": op["n"], "after": 0})
    elif kind == "student_income":
        push(s, *[{"k": "street", "seat": seat, "d": d} for d in DISTRICTS])
    elif kind == "draw_objectives":
        s["stack"].append(
            {"k": "draw", "seat": seat, "draw": op["draw"], "keep": op["keep"]}
        )
    elif kind == "use_neighborhood":
        s["stack"].append({"k": "use", "seat": seat})
    elif kind == "no_control_cost":
        p["ncc"] = True
    elif kind == "convert":
        s["stack"].append(
            {"k": "convert", "seat": seat, "cost": op["cost"], "then": op["then"]}
        )
    elif kind == "choice":
        s["stack"].append({"k": "choice", "seat": seat, "options": op["options"]})
    else:
        raise ValueError(f"unknown op {kind}")


def gain(s, seat, res, n):
    if n <= 0:
        return
    p = s["players"][seat]
    if res == "gold":
        s["stack"].append({"k": "gold", "seat": seat, "n": n})
    elif res == "knowledge":
        p["knowledge"] += n
    else:
        p[res] += n


@auto("street")
def run_street(s):
    f = s["stack"].pop()
    p = s["players"][f["seat"]]
    sec = p["students"][DIDX[f["d"]]]
    ops = C(s).street_income[f["d"]][sec - 1]
    if ops:
        s["stack"].append(ops_frame(f["seat"], ops))


# ---- Gold and Artifacts (5.9, 5.10) -----------------------------------------------


@decide("gold")
def gold_cands(s):
    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    free = [c - g for c, g in zip(caps(s), p["gold"])]
    n = min(f["n"], sum(free))
    out = []
    for x in itertools.product(*[range(fr + 1) for fr in free]):
        if sum(x) != n:
            continue
        toks = [f"{k + 1}:{v}" for k, v in enumerate(x) if v]
        out.append(
            (
                tuple((k + 1, v) for k, v in enumerate(x) if v),
                "put " + " ".join(toks),
                x,
            )
        )
    out.sort(key=lambda t: t[0])
    return [(t, _put_fn(x)) for _, t, x in out] if n > 0 else []


def _put_fn(x):
    def fn(s):
        f = s["stack"].pop()
        seat = f["seat"]
        p = s["players"][seat]
        done = []
        for k, v in enumerate(x):
            if v:
                p["gold"][k] += v
                if completed(s, p, k + 1):
                    done.append(k + 1)
        push(s, *[{"k": "artifact", "seat": seat, "art": k} for k in sorted(done)])

    return fn


@auto("artifact")
def run_artifact(s):
    """Activation of Artifact k: the side's benefit, then the boosts on its spaces."""
    f = s["stack"].pop()
    seat, k = f["seat"], f["art"]
    p = s["players"][seat]
    if not completed(s, p, k) or not p["atile"]:
        return
    comp = C(s)
    tile = comp.artifact_tiles[p["atile"][0]]
    side = int(p["atile"][1:])
    ops = list(tile["sides"][side - 1]["artifacts"][k - 1])
    for sp in comp.art_spaces:
        if sp["artifact"] != k:
            continue
        for dev, val in sorted(p["devs"].items()):
            if val and val[1] == sp["id"]:
                a = comp.ability(dev, "artifact_boost", val[0])
                if a:
                    ops += a["ops"]
    if ops:
        s["stack"].append(ops_frame(seat, ops))


@auto("trigger")
def run_trigger(s):
    f = s["stack"].pop()
    seat = f["seat"]
    p = s["players"][seat]
    comp = C(s)
    for dev, val in sorted(p["devs"].items()):
        if not val:
            continue
        a = comp.ability(dev, "artifact_trigger", val[0])
        if a and a["trigger"] == f["trig"]:
            s["stack"].append(
                {"k": "artifact", "seat": seat, "art": comp.space_artifact(val[1])}
            )


# ---- Golems (5.2-5.4) ---------------------------------------------------------------


def in_work(s, seat) -> bool:
    return any(fr["k"] == "work_pick" and fr["seat"] == seat for fr in s["stack"])


def neighborhood_ops(s, d, sec):
    comp = C(s)
    if sec in comp.nbh_sections:
        tid = s["districts"][d][comp.nbh_sections.index(sec)]
        return comp.nbh_tiles[tid]["effect"]
    return comp.printed[d].get(sec, [])


def activate_at(s, seat, d, sec, lay=True, fresh_first=True, allow_fresh=True):
    """Activate a standing Golem at d/sec (5.3): lay it down, resolve the neighborhood."""
    p = s["players"][seat]
    i = find_golem(p, d, sec, True, fresh_first=fresh_first, allow_fresh=allow_fresh)
    assert i is not None
    if lay:
        p["golems"][i][2] = False
        sort_golems(p)
    ops = neighborhood_ops(s, d, sec)
    if ops:
        s["stack"].append(ops_frame(seat, ops))


def create_cost(s, seat, d, discount) -> int:
    r = C(s).rules
    own = sum(1 for g in s["players"][seat]["golems"] if g[0] == d)
    return max(
        0,
        r["create_cost_clay"]
        + r["create_extra_per_own_golem_in_district"] * own
        - discount,
    )


def create_options(s, seat, discount):
    p = s["players"][seat]
    if reserve(s, seat) <= 0:
        return []
    return [d for d in DISTRICTS if p["clay"] >= create_cost(s, seat, d, discount)]


def do_create(s, seat, d, discount):
    comp = C(s)
    p = s["players"][seat]
    p["clay"] -= create_cost(s, seat, d, discount)
    k = built(s, seat)
    p["golems"].append([d, 1, True, in_work(s, seat)])
    sort_golems(p)
    ups = comp.rules["create_track_up"]
    gt_move(s, p, ups[min(k, len(ups) - 1)])
    frames = []
    if ability(s, p, "on_create"):
        frames.append({"k": "g6", "seat": seat, "d": d})
    frames.append({"k": "trigger", "seat": seat, "trig": "create_golem"})
    push(s, *frames)


@decide("create")
def create_cands(s):
    f = s["stack"][-1]
    out = [("skip", _pop)]
    for d in create_options(s, f["seat"], f["discount"]):
        out.append((f"create {d}", _create_fn(d)))
    return out


def _pop(s):
    s["stack"].pop()


def _create_fn(d):
    def fn(s):
        f = s["stack"].pop()
        do_create(s, f["seat"], d, f["discount"])

    return fn


@decide("g6")
def g6_cands(s):
    out = []
    for t, step, act in (
        ("g6 none", 0, 0),
        ("g6 step", 1, 0),
        ("g6 act", 0, 1),
        ("g6 step act", 1, 1),
    ):
        out.append((t, _g6_fn(step, act)))
    return out


def _g6_fn(step, act):
    def fn(s):
        f = s["stack"].pop()
        seat, d = f["seat"], f["d"]
        p = s["players"][seat]
        sec = 1
        if step:
            i = find_golem(p, d, 1, True)
            g = p["golems"][i]
            ab = ability(s, p, "on_create")[1]
            new = min(10, 1 + ab["step"])
            for x in range(
                2, new + 1
            ):  # an entry onto VIII-X is never reached from I in 1 step
                assert x not in C(s).entry_cost
            g[1] = new
            sort_golems(p)
            sec = new
        if act:
            activate_at(s, seat, d, sec, lay=False)

    return fn


def kill_spaces(s):
    out = []
    for sp in C(s).cemetery:
        if sp["capacity"] == "unlimited":
            out.append(sp["id"])
        elif sp["min_players"] <= s["n"] and s["cemetery"].get(str(sp["id"]), -1) == -1:
            out.append(sp["id"])
    return out


def golem_names(p, standing_only=False, allow_fresh=True):
    names = []
    for g in p["golems"]:
        if standing_only and not g[2]:
            continue
        if not allow_fresh and g[3]:
            continue
        n = gname(g)
        if n not in names:
            names.append(n)
    return names


@decide("kill")
def kill_cands(s):
    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    out = [("skip", _pop)]
    for gn in golem_names(p):
        for sp in kill_spaces(s):
            out.append((f"kill {gn} @{sp}", _kill_fn(gn, sp)))
    return out


def _kill_fn(gn, sp):
    def fn(s):
        f = s["stack"].pop()
        do_kill(s, f["seat"], gn, sp)

    return fn


def do_kill(s, seat, gn, sp):
    from .state import parse_gname

    comp = C(s)
    p = s["players"][seat]
    d, sec, st = parse_gname(gn)
    i = find_golem(p, d, sec, st)
    p["golems"].pop(i)
    space = next(x for x in comp.cemetery if x["id"] == sp)
    if space["capacity"] == "unlimited":
        s["unlimited"][seat] += 1
    else:
        s["cemetery"][str(sp)] = seat
    gt_move(s, p, -comp.rules["kill_track_down"])
    mult = ability(s, p, "cemetery_multiplier")
    times = mult[1]["n"] if mult else 1
    ops = list(space["bonus"]) * times
    if ops:
        s["stack"].append(ops_frame(seat, ops))


@decide("activate")
def activate_cands(s):
    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    out = [("done", _pop)]
    for gn in golem_names(p, standing_only=True):
        out.append((f"act {gn}", _act_fn(gn)))
    return out


def _act_fn(gn):
    from .state import parse_gname

    def fn(s):
        f = s["stack"][-1]
        f["left"] -= 1
        if f["left"] <= 0:
            s["stack"].pop()
        d, sec, _ = parse_gname(gn)
        activate_at(s, f["seat"], d, sec)

    return fn


@decide("then_act")
def then_act_cands(s):
    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    out = [("skip", _pop)]
    if f["target"]:
        names = [f"{f['target'][0]}{f['target'][1]}"]
    else:
        names = golem_names(p, standing_only=True)
    for gn in names:
        out.append((f"act {gn}", _then_act_fn(gn)))
    return out


def _then_act_fn(gn):
    from .state import parse_gname

    def fn(s):
        f = s["stack"].pop()
        d, sec, _ = parse_gname(gn)
        activate_at(s, f["seat"], d, sec)

    return fn


@decide("use")
def use_cands(s):
    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    out = [("skip", _pop)]
    secs = []
    for g in p["golems"]:
        if (g[0], g[1]) not in secs:
            secs.append((g[0], g[1]))
    for d, sec in secs:
        out.append((f"use {d}{sec}", _use_fn(d, sec)))
    return out


def _use_fn(d, sec):
    def fn(s):
        f = s["stack"].pop()
        ops = neighborhood_ops(s, d, sec)
        if ops:
            s["stack"].append(ops_frame(f["seat"], ops))

    return fn


# ---- Students, tracks ---------------------------------------------------------------


@decide("students")
def students_cands(s):
    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    room = {d: 10 - p["students"][DIDX[d]] for d in DISTRICTS}
    if f["distinct"]:
        movable = [d for d in DISTRICTS if room[d] > 0]
        m = min(f["n"], len(movable))
        combos = list(itertools.combinations(movable, m))
    else:
        m = min(f["n"], sum(room.values()))
        combos = [
            c
            for c in itertools.combinations_with_replacement(DISTRICTS, m)
            if all(c.count(d) <= room[d] for d in DISTRICTS)
        ]
    if m == 0:
        return []
    out = []
    for c in combos:
        t = ("student " if m == 1 else "students ") + " ".join(c)
        out.append((t, _students_fn(c)))
    return out


def _students_fn(c):
    def fn(s):
        f = s["stack"].pop()
        for d in c:
            student_forward(s, f["seat"], d, 1)

    return fn


@decide("track")
def track_cands(s):
    f = s["stack"][-1]
    out = [("skip", _pop)]
    if f["dir"] in ("up", "either"):
        out.append(("track up", _track_fn(f["n"])))
    if f["dir"] in ("down", "either"):
        out.append(("track down", _track_fn(-f["n"])))
    return out


def _track_fn(delta):
    def fn(s):
        f = s["stack"].pop()
        gt_move(s, s["players"][f["seat"]], delta)

    return fn


# ---- convert, choice ----------------------------------------------------------------


@decide("convert")
def convert_cands(s):
    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    comp = C(s)
    fixed_ok = True
    any_back = False
    for item in f["cost"]:
        if "res" in item:
            if item["res"] != "vp" and p[item["res"]] < item["n"]:
                fixed_ok = False
        elif "student_back" in item:
            if item["student_back"] == "any":
                any_back = True
            elif p["students"][DIDX[DLETTER[item["student_back"]]]] < 2:
                fixed_ok = False
        elif "study_down" in item:
            if p["study"] - item["study_down"] < comp.study_min:
                fixed_ok = False
    if not fixed_ok:
        return []
    out = [("no", _pop)]
    if any_back:
        for d in DISTRICTS:
            if p["students"][DIDX[d]] >= 2:
                out.append((f"yes {d}", _convert_fn(d)))
        if len(out) == 1:
            return []
    else:
        out.append(("yes", _convert_fn(None)))
    return out


def _convert_fn(d_any):
    def fn(s):
        f = s["stack"].pop()
        p = s["players"][f["seat"]]
        for item in f["cost"]:
            if "res" in item:
                p[item["res"]] -= item["n"]
            elif "student_back" in item:
                d = (
                    d_any
                    if item["student_back"] == "any"
                    else DLETTER[item["student_back"]]
                )
                p["students"][DIDX[d]] -= 1
            elif "study_down" in item:
                p["study"] -= item["study_down"]
        if f["then"]:
            s["stack"].append(ops_frame(f["seat"], f["then"]))

    return fn


@decide("choice")
def choice_cands(s):
    f = s["stack"][-1]
    return [(f"option {i + 1}", _choice_fn(i)) for i in range(len(f["options"]))]


def _choice_fn(i):
    def fn(s):
        f = s["stack"].pop()
        if f["options"][i]:
            s["stack"].append(ops_frame(f["seat"], f["options"][i]))

    return fn


# ---- Upgrades (5.6, 5.8) --------------------------------------------------------------


def _space_key(sp):
    a, b = sp.split(".")
    return (int(a), int(b))


def upgrade_options(s, seat, area, discount, any_resource):
    """[(sort key, text, (dev, side, space, payment dict))] affordable upgrades."""
    comp = C(s)
    p = s["players"][seat]
    used_spaces = {v[1] for v in p["devs"].values() if v}
    out = []
    for dev in sorted(comp.devs):
        t = comp.devs[dev]
        if dev in p["devs"] or (area != "any" and t["area"] != area):
            continue
        variants = []  # (label, side, space, base cost, resource)
        if t["area"] == "golem":
            variants.append((dev, None, None, t["cost_clay"], "clay", ()))
        elif t["area"] == "study":
            variants.append((dev, None, None, t["cost_knowledge"], "knowledge", ()))
        elif "sides" in t:
            for side in (1, 2):
                for sp in sorted((x["id"] for x in comp.art_spaces), key=_space_key):
                    if sp in used_spaces:
                        continue
                    variants.append(
                        (
                            f"{dev}/{side}@{sp}",
                            side,
                            sp,
                            comp.space_cost(sp),
                            "coin",
                            (side, _space_key(sp)),
                        )
                    )
        else:
            variants.append((dev, None, None, t["cost_coins"], "coin", ()))
        for label, side, sp, base, res, vkey in variants:
            rest = max(0, base - discount)
            if not any_resource:
                if p[res] >= rest:
                    out.append(
                        ((dev, vkey, 0), f"up {label}", (dev, side, sp, {res: rest}))
                    )
                continue
            mixes = []
            for clay in range(min(rest, p["clay"]), -1, -1):
                for coin in range(min(rest - clay, p["coin"]), -1, -1):
                    kn = rest - clay - coin
                    if kn <= p["knowledge"]:
                        mixes.append({"clay": clay, "coin": coin, "knowledge": kn})
            for i, mix in enumerate(mixes):
                txt = f"up {label}" + (f" pay {amounts(mix)}" if rest else "")
                out.append(((dev, vkey, i), txt, (dev, side, sp, mix)))
    out.sort(key=lambda x: x[0])
    return out


def do_upgrade(s, seat, dev, side, sp, pay):
    comp = C(s)
    p = s["players"][seat]
    for res, n in pay.items():
        p[res] -= n
    p["devs"][dev] = [side, sp] if side else None
    imm = comp.devs[dev].get("immediate") or []
    if imm:
        s["stack"].append(ops_frame(seat, imm))


def _up_fn(args, pop=True):
    def fn(s):
        f = s["stack"].pop() if pop else s["stack"][-1]
        do_upgrade(s, f["seat"], *args)

    return fn


@decide("upgrade")
def upgrade_cands(s):
    f = s["stack"][-1]
    out = [("skip", _pop)]
    for _, t, args in upgrade_options(
        s, f["seat"], f["area"], f["discount"], f["any_resource"]
    ):
        out.append((t, _up_fn(args)))
    return out


# ---- Books (5.7) -----------------------------------------------------------------------


def book_options(s, seat, discount, icc):
    comp = C(s)
    p = s["players"][seat]
    lim = column_limit(s, p)
    colours = [column_colour(c) for c in p["columns"]]
    out = []
    for slot, bid in enumerate(s["row"], start=1):
        b = comp.books[bid]
        bcol = b["colour"]
        black = bcol == "black"
        slot_cost = comp.slot_costs[slot - 1]
        if black:
            price = max(0, slot_cost - discount)
            backs = (
                [None] if icc else [d for d in DISTRICTS if p["students"][DIDX[d]] >= 2]
            )
        else:
            card = (
                0
                if icc
                else sum(i["n"] for i in b["cost"] if i.get("res") == "knowledge")
            )
            price = max(0, card + slot_cost - discount)
            backs = [None]
        if price > p["knowledge"]:
            continue
        as_opts = (
            BOOK_COLOURS if black else [next(k for k, v in BNAME.items() if v == bcol)]
        )
        for col in range(5):
            if len(p["columns"][col]) >= lim:
                continue
            for colour in as_opts:
                cc = colours[col]
                if cc is None:
                    if colour in [x for i, x in enumerate(colours) if i != col]:
                        continue
                elif cc != colour:
                    continue
                for back in backs:
                    t = f"book {slot} col{col + 1}"
                    if black:
                        t += f" as {colour}" + (f" back {back}" if back else "")
                    out.append((t, (slot, col, colour, back, price)))
    return out


def do_book(s, seat, slot, col, colour, back, price):
    comp = C(s)
    p = s["players"][seat]
    p["knowledge"] -= price
    if back:
        p["students"][DIDX[back]] -= 1
    bid = s["row"].pop(slot - 1)
    b = comp.books[bid]
    older = list(p["columns"][col])
    was_empty = not older
    p["columns"][col].append([bid, colour])
    ops = list(b["immediate"])
    tile = next((d for d, t in comp.devs.items() if t.get("column") == col + 1), None)
    if tile and has(p, tile):
        dbl = comp.ability(tile, "double_immediate_here")
        if dbl and not (b["colour"] == "black" and dbl["except_black"]):
            ops += b["immediate"]
        here = comp.ability(tile, "on_book_here")
        if here:
            ops += here["ops"]
    for ob, _ in older:
        ops += comp.books[ob]["active"]
    ops += b["active"]
    frames = [{"k": "deal_book"}, ops_frame(seat, ops)]
    if was_empty:
        frames.append({"k": "trigger", "seat": seat, "trig": "first_book_in_column"})
    push(s, *frames)


@decide("book")
def book_cands(s):
    f = s["stack"][-1]
    out = [("skip", _pop)]
    for t, args in book_options(s, f["seat"], f["discount"], f["icc"]):
        out.append((t, _book_fn(args)))
    return out


def _book_fn(args):
    def fn(s):
        f = s["stack"].pop()
        do_book(s, f["seat"], *args)

    return fn


@decide("active")
def active_cands(s):
    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    ids = sorted(b for col in p["columns"] for b, _ in col if b > f["after"])
    return [("done", _pop)] + [(f"active {b}", _active_fn(b)) for b in ids]


def _active_fn(b):
    def fn(s):
        f = s["stack"][-1]
        f["left"] -= 1
        f["after"] = b
        if f["left"] <= 0:
            s["stack"].pop()
        s["stack"].append(ops_frame(f["seat"], C(s).books[b]["active"]))

    return fn


@decide("artact")
def artact_cands(s):
    f = s["stack"][-1]
    p = s["players"][f["seat"]]
    ks = [k for k in range(1, 5) if k > f["after"] and completed(s, p, k)]
    return [("skip", _pop)] + [(f"artifact {k}", _artact_fn(k)) for k in ks]


def _artact_fn(k):
    def fn(s):
        f = s["stack"][-1]
        f["left"] -= 1
        f["after"] = k
        if f["left"] <= 0:
            s["stack"].pop()
        s["stack"].append({"k": "artifact", "seat": f["seat"], "art": k})

    return fn


@decide("keep")
def keep_cands(s):
    f = s["stack"][-1]
    cards = sorted(c for c in f["cards"] if c > f["after"])
    # ascending picks: leave enough higher cards for the picks still owed
    return [
        (f"keep {o}", _keep_fn(o))
        for i, o in enumerate(cards)
        if len(cards) - i >= f["left"]
    ]


def _keep_fn(o):
    def fn(s):
        f = s["stack"][-1]
        p = s["players"][f["seat"]]
        p["hand"].append(o)
        p["hand"].sort()
        f["cards"].remove(o)
        f["after"] = o
        f["left"] -= 1
        if f["left"] <= 0 or not [c for c in f["cards"] if c > o]:
            s["stack"].pop()
            to_objective_bottom(s, sorted(f["cards"]))

    return fn


def to_objective_bottom(s, cards):
    if s["obj_deck"] is not None:
        s["obj_deck"].extend(cards)
    else:
        s["obj_bottom"].extend(cards)
