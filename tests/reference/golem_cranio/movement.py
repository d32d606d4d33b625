"""Moving Golems (§4.2, §5.5): one micro-action per distinct result, canonical texts."""

from __future__ import annotations

import itertools

from .components import DISTRICTS
from .effects import amounts, ops_frame  # noqa: F401
from .engine import decide
from .state import DIDX, C, ability, level, sort_golems


def entries(comp, frm, to):
    """Entry costs of the forward steps frm -> to (onto VIII-X)."""
    return [comp.entry_cost[x] for x in range(frm + 1, to + 1) if x in comp.entry_cost]


def payments(costs, knowledge):
    """Distinct (kn, vp) splits, each entry paid wholly in VP or wholly in Knowledge."""
    total = sum(costs)
    kns = set()
    for mask in itertools.product((0, 1), repeat=len(costs)):
        kn = sum(c for c, m in zip(costs, mask) if m)
        if kn <= knowledge:
            kns.add(kn)
    return [(kn, total - kn) for kn in sorted(kns, reverse=True)]


def move_text(before, after, kn, vp, ignore=False):
    """Canonical text of a result (§9): per district the multiset difference, paired in
    ascending order; standing before lying on one section (cl. 5)."""
    toks = []
    tkeys = []
    for d in DISTRICTS:
        b = sorted(
            ((g[1], g[2]) for g in before if g[0] == d), key=lambda x: (x[0], not x[1])
        )
        a = sorted(
            ((g[1], g[2]) for g in after if g[0] == d), key=lambda x: (x[0], not x[1])
        )
        rb, ra = list(b), list(a)
        for x in b:
            if x in ra:
                ra.remove(x)
                rb.remove(x)
        for (s0, st0), (s1, _) in zip(rb, ra):
            toks.append(f"{d}{s0}{'' if st0 else 'l'}>{s1}")
            tkeys.append((DIDX[d], s0, not st0, s1))
    txt = "move " + (" ".join(toks) if toks else "none")
    if kn or vp:
        txt += " pay " + amounts({"knowledge": kn, "vp": vp})
    if ignore:
        txt += " ignore"
    return txt, (0 if not toks else 1, tkeys, (-kn, -vp), ignore)


def _apply_result(after, kn, vp, penalty, target=None):
    def fn(s):
        f = s["stack"].pop()
        p = s["players"][f["seat"]]
        p["golems"] = [list(g) for g in after]
        sort_golems(p)
        p["knowledge"] -= kn
        p["vp"] -= vp + penalty
        if f["k"] == "move" and f["then_activate"]:
            s["stack"].append({"k": "then_act", "seat": f["seat"], "target": target})

    return fn


def phase_results(s, seat, steps, ignore):
    """Results of Golem Movement with S steps (4.2): [(sort key, text, after, kn, vp, penalty)]."""
    comp = C(s)
    r = comp.rules
    p = s["players"][seat]
    gs = [tuple(g) for g in p["golems"]]
    cap = sum(10 - g[1] for g in gs)
    out = []
    if steps > cap:
        penalty = min(
            r["overflow_penalty_vp_per_step"] * (steps - cap),
            r["overflow_penalty_cap_per_golem"] * len(gs),
        )
        after = [(g[0], 10, True if g[1] < 10 else g[2], g[3]) for g in gs]
        costs = [c for g in gs for c in entries(comp, g[1], 10)]
        for kn, vp in payments(costs, p["knowledge"]):
            txt, k = move_text(gs, after, kn, vp, ignore)
            out.append((k, txt, after, kn, vp, penalty))
        return out
    seen = set()
    for ks in itertools.product(*[range(10 - g[1] + 1) for g in gs]):
        if sum(ks) != steps:
            continue
        after = [(g[0], g[1] + k, True if k else g[2], g[3]) for g, k in zip(gs, ks)]
        costs = [c for g, k in zip(gs, ks) for c in entries(comp, g[1], g[1] + k)]
        sig = (tuple(sorted(after)), tuple(sorted(costs)))
        if sig in seen:
            continue
        seen.add(sig)
        for kn, vp in payments(costs, p["knowledge"]):
            txt, k = move_text(gs, after, kn, vp, ignore)
            out.append((k, txt, after, kn, vp, 0))
    return out


@decide("movement")
def movement_cands(s):
    f = s["stack"][-1]
    seat = f["seat"]
    comp = C(s)
    p = s["players"][seat]
    if not p["golems"]:
        return []
    base = comp.golem_levels[level(s, p)]["steps"]
    char = comp.characters[s["palace"][s["round"] - 1]]["golem_steps"]
    res = phase_results(s, seat, base + char, False)
    if char and ability(s, p, "may_ignore_character_steps"):
        res += phase_results(s, seat, base, True)
    res.sort(key=lambda x: x[0])
    return [(t, _apply_result(a, kn, vp, pen)) for _, t, a, kn, vp, pen in res]


@decide("move")
def move_cands(s):
    """move_golems: up to `steps` steps, each Golem one direction, `one` = a single Golem."""
    f = s["stack"][-1]
    seat = f["seat"]
    comp = C(s)
    p = s["players"][seat]
    gs = [tuple(g) for g in p["golems"]]
    out = [((0,), "move none", gs, 0, 0, None)]
    per = []
    for g in gs:
        opts = [0]
        for k in range(1, f["steps"] + 1):
            if g[1] + k <= 10:
                opts.append(k)
            if f["dir"] == "either" and g[1] - k >= 1:
                opts.append(-k)
        per.append(opts)
    seen = set()
    for ks in itertools.product(*per):
        moved = [k for k in ks if k]
        if not moved or sum(abs(k) for k in ks) > f["steps"]:
            continue
        if f["golems"] == "one" and len(moved) > 1:
            continue
        after = [(g[0], g[1] + k, True if k else g[2], g[3]) for g, k in zip(gs, ks)]
        costs = [
            c for g, k in zip(gs, ks) if k > 0 for c in entries(comp, g[1], g[1] + k)
        ]
        target = None
        if f["golems"] == "one":
            g, k = next((g, k) for g, k in zip(gs, ks) if k)
            target = [g[0], g[1] + k]
        sig = (tuple(sorted(after)), tuple(sorted(costs)), tuple(target or ()))
        if sig in seen:
            continue
        seen.add(sig)
        for kn, vp in payments(costs, p["knowledge"]):
            txt, k = move_text(gs, after, kn, vp)
            out.append((k, txt, after, kn, vp, target))
    out.sort(key=lambda x: x[0])
    return [(t, _apply_result(a, kn, vp, 0, tg)) for _, t, a, kn, vp, tg in out]


def move_result(s, text):
    """The result a `move …` text denotes (any pairing of tokens, §9): (board, kn, vp,
    ignore), or None when the text does not parse or names Golems that are not there."""
    import re

    parts = text.split()
    if not parts or parts[0] != "move":
        return None
    parts = parts[1:]
    ignore = bool(parts) and parts[-1] == "ignore"
    if ignore:
        parts = parts[:-1]
    kn = vp = 0
    if "pay" in parts:
        i = parts.index("pay")
        if i != len(parts) - 2:
            return None
        for amt in parts[-1].split("+"):
            m = re.fullmatch(r"(\d+)(kn|vp)", amt)
            if not m:
                return None
            if m.group(2) == "kn":
                kn += int(m.group(1))
            else:
                vp += int(m.group(1))
        parts = parts[:i]
    f = s["stack"][-1]
    board = [(g[0], g[1], g[2]) for g in s["players"][f["seat"]]["golems"]]
    if parts == ["none"]:
        parts = []
    for tok in parts:
        m = re.fullmatch(r"([ryb])(\d+)(l?)>(\d+)", tok)
        if not m:
            return None
        g = (m.group(1), int(m.group(2)), m.group(3) == "")
        if g not in board:
            return None
        board.remove(g)
        board.append((m.group(1), int(m.group(4)), True))
    return (tuple(sorted(board)), kn, vp, ignore)
