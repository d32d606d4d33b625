"""The position file (§11): write the body of a state at rest (+ `in_progress`), read it back.

Reading rebuilds the pending work of a state at rest from `phase`, `stage`, `to_move` and
the body, then replays `in_progress` (forced steps applied as by `apply`). Not supported:
`?` Objective cards, a `components` path other than builtin.
"""

from __future__ import annotations

import tomllib

from .components import COLOURS, DISTRICTS, DNAME, LINES
from .state import C, empty_lines, new_player, sort_golems, sort_marbles

SETUP_PHASES = ("draft", "discard", "artifact", "start", "place")


def _s(x) -> str:
    return '"' + str(x) + '"'


def _list(xs) -> str:
    return "[" + ", ".join(_s(x) if isinstance(x, str) else str(x) for x in xs) + "]"


def phase_of(s) -> str:
    from .engine import is_terminal, top

    if is_terminal(s):
        return "over"
    f = top(s)
    if f is not None and f["k"] == "remove":
        return "remove"
    return s["phase"]


def body(s, to_move) -> str:
    phase = phase_of(s)
    comp = C(s)
    out = [
        'game = "golem-cranio"',
        'components = "builtin"',
        f"players = {s['n']}",
        f"round = {s['round']}",
        f"phase = {_s(phase)}",
    ]
    if phase in ("actions", "remove"):
        out.append(f"stage = {_s(s['stage'])}")
    out.append(f"turn_order = {_list(s['turn_order'])}")
    if phase not in ("refresh", "over"):
        out.append(f"to_move = {to_move}")
    out.append("in_progress = []")
    out += ["", "[palace]", f"characters = {_list(s['palace'])}", "", "[districts]"]
    for d in DISTRICTS:
        out.append(f"{DNAME[d]} = {_list(s['districts'][d])}")
    out.append(f"menorahs = {_s(s['menorah_board'])}")
    out += ["", "[library]", f"row = {_list(s['row'])}"]
    if s["book_deck"] is not None:
        out.append(f"deck = {_list(s['book_deck'])}")
    else:
        out.append(f"bottom = {_list(s['book_bottom'])}")
    lines = ["".join(c * ln[c] for c in COLOURS) for ln in s["lines"]]
    out += [
        "",
        "[synagogue]",
        f"lines = {_list(lines)}",
        f"tiles = {_list(s['tiles'])}",
        f"rabbis = {_list(s['rabbis'])}",
        f"bottom_rabbis = {_list(s['bottom_rabbis'])}",
        f"discards = {_list(s['discards'])}",
    ]
    if s["pile"] is not None:
        out.append(f"pile = {_list(s['pile'])}")
    out.append(f"removed = {_s(s['removed'])}")
    out.append(f"pass_tiles = {_list(s['pass_tiles'])}")
    if s["drops"]:
        entries = []
        for e in s["drops"]:
            entries.append(
                "{ " + ", ".join(f"{c} = {_s(e.get(c, ''))}" for c in COLOURS) + " }"
            )
        out.append("drops = [" + ", ".join(entries) + "]")
    spaces = [
        s["cemetery"][str(sp["id"])]
        for sp in comp.cemetery
        if sp["capacity"] != "unlimited" and sp["min_players"] <= s["n"]
    ]
    out += [
        "",
        "[cemetery]",
        f"spaces = {_list(spaces)}",
        f"unlimited = {_list(s['unlimited'])}",
    ]
    out += ["", "[objectives]"]
    if s["obj_deck"] is not None:
        out.append(f"deck = {_list(s['obj_deck'])}")
    else:
        out.append(f"bottom = {_list(s['obj_bottom'])}")
    if phase in SETUP_PHASES:
        out += ["", "[setup]", f"artifact_tiles = {_list(sorted(s['art_offer']))}"]
    for p in s["players"]:
        golems = [f"{g[0]}{g[1]}" + ("" if g[2] else "l") for g in p["golems"]]
        devs = sorted(
            d if v is None else f"{d}/{v[0]}@{v[1]}" for d, v in p["devs"].items()
        )
        cols = []
        for col in p["columns"]:
            cols.append(
                _list(
                    [
                        b + (f"={c}" if comp.books[b]["colour"] == "black" else "")
                        for b, c in col
                    ]
                )
            )
        out += [
            "",
            "[[player]]",
            f"vp = {p['vp']}",
            f"clay = {p['clay']}",
            f"coin = {p['coin']}",
            f"knowledge = {p['knowledge']}",
            f"study = {p['study']}",
            f"golem_track = {p['gt']}",
            f"students = {_list(p['students'])}",
            f"golems = {_list(golems)}",
            f"marbles = {_s(p['marbles'])}",
            f"passes = {p['passes']}",
            f"no_control_cost = {'true' if p['ncc'] else 'false'}",
            f"menorahs = {_s(p['tokens'])}",
            f"developments = {_list(devs)}",
            "columns = [" + ", ".join(cols) + "]",
            f"artifact_tile = {_s(p['atile'])}",
            f"gold = {_list(p['gold'])}",
            f"objectives = {_list(p['hand'])}",
        ]
        if phase in SETUP_PHASES:
            out += [
                f"pack = {_list(p['pack'])}",
                f"drafted = {_list(p['drafted'])}",
                f"starting_tiles = {_list(p['start_tiles'])}",
            ]
    return "\n".join(out) + "\n"


def to_toml(s) -> str:
    """The position of s: its last state at rest plus the micro-actions since (§11)."""
    text = body(*s["_rest"])
    trail = s.get("_trail", [])
    if trail:
        text = text.replace(
            "in_progress = []",
            "in_progress = [" + ", ".join(_s(t) for t in trail) + "]",
            1,
        )
    return text


# ---- reading ----------------------------------------------------------------------------------


def from_toml(text: str):
    from .engine import advance, apply

    t = tomllib.loads(text)
    if t.get("game") != "golem-cranio":
        raise ValueError("game: not golem-cranio")
    s = {"components_path": None}
    comp = C(s)
    n = t["players"]
    phase = t["phase"]
    s.update(
        n=n,
        round=t["round"],
        phase="actions" if phase == "remove" else phase,
        stage=t.get("stage", "main"),
        turn_order=list(t["turn_order"]),
        palace=list(t["palace"]["characters"]),
        districts={d: list(t["districts"][DNAME[d]]) for d in DISTRICTS},
        menorah_board=t["districts"].get("menorahs", ""),
    )
    lib = t["library"]
    s["row"] = list(lib["row"])
    s["book_deck"] = list(lib["deck"]) if "deck" in lib else None
    s["book_bottom"] = list(lib.get("bottom", []))
    syn = t["synagogue"]
    lines = empty_lines()
    for li, txt in enumerate(syn["lines"]):
        for ch in txt:
            lines[li][ch] += 1
    s["lines"] = lines
    s["tiles"] = list(syn["tiles"])
    s["rabbis"] = list(syn["rabbis"])
    s["bottom_rabbis"] = list(syn["bottom_rabbis"])
    s["discards"] = list(syn["discards"])
    s["pile"] = list(syn["pile"]) if "pile" in syn else None
    s["removed"] = sort_marbles(syn.get("removed", ""))
    s["pass_tiles"] = list(syn["pass_tiles"])
    s["drops"] = [dict(e) for e in syn.get("drops", [])]
    limited = [
        sp
        for sp in comp.cemetery
        if sp["capacity"] != "unlimited" and sp["min_players"] <= n
    ]
    s["cemetery"] = {
        str(sp["id"]): v for sp, v in zip(limited, t["cemetery"]["spaces"])
    }
    s["unlimited"] = list(t["cemetery"]["unlimited"])
    ob = t["objectives"]
    s["obj_deck"] = list(ob["deck"]) if "deck" in ob else None
    s["obj_bottom"] = list(ob.get("bottom", []))
    s["art_offer"] = list(t.get("setup", {}).get("artifact_tiles", []))
    to_move = t.get("to_move")
    s["players"] = []
    for i, tp in enumerate(t["player"]):
        p = new_player()
        p.update(
            vp=tp["vp"],
            clay=tp["clay"],
            coin=tp["coin"],
            knowledge=tp["knowledge"],
            study=tp["study"],
            gt=tp["golem_track"],
            students=list(tp["students"]),
            marbles=sort_marbles(tp["marbles"]),
            passes=tp["passes"],
            ncc=tp["no_control_cost"],
            tokens=tp["menorahs"],
            atile=tp["artifact_tile"],
            gold=list(tp["gold"]),
            hand=list(tp["objectives"]),
            pack=list(tp.get("pack", [])),
            drafted=list(tp.get("drafted", [])),
            start_tiles=list(tp.get("starting_tiles", [])),
        )
        if "?" in p["hand"] + p["pack"] + p["drafted"]:
            raise ValueError(
                "`?` Objective cards are not supported by the reference model"
            )
        for gtxt in tp["golems"]:
            d, rest = gtxt[0], gtxt[1:]
            p["golems"].append(
                [d, int(rest.rstrip("l")), not rest.endswith("l"), False]
            )
        sort_golems(p)
        for dv in tp["developments"]:
            if "/" in dv:
                dev, rest = dv.split("/")
                side, space = rest.split("@")
                p["devs"][dev] = [int(side), space]
            else:
                p["devs"][dv] = None
        p["columns"] = [
            [
                [b.split("=")[0], b.split("=")[1] if "=" in b else _colour(comp, b)]
                for b in col
            ]
            for col in tp["columns"]
        ]
        p["unplaced"] = 0
        if phase in SETUP_PHASES[:4] or (
            phase == "place" and not p["golems"] and _not_yet(s, i, to_move)
        ):
            p["unplaced"] = 2
        s["players"].append(p)
    s["stack"] = []
    build_stack(s, phase, to_move)
    s = advance(s)
    for txt in t.get("in_progress", []):
        s = apply(s, txt)
    return s


def _colour(comp, b):
    from .components import BLETTER

    return BLETTER[comp.books[b]["colour"]]


def _not_yet(s, seat, to_move):
    order = s["turn_order"]
    return order.index(seat) >= order.index(to_move)


def build_stack(s, phase, to_move):
    """The pending work of a state at rest (frames pushed so the first listed runs first)."""
    from .engine import push
    from .phases import start

    n = s["n"]
    order = s["turn_order"]

    def from_idx(seq):
        return seq[seq.index(to_move) :]

    if phase == "draft":
        r = len(s["players"][to_move]["drafted"])
        rounds = C(s).rules["objectives_dealt"] - 1
        frames = [{"k": "draft", "seat": x} for x in range(to_move, n)] + [
            {"k": "pass_packs"}
        ]
        for _ in range(r + 1, rounds):
            frames += [{"k": "draft", "seat": x} for x in range(n)] + [
                {"k": "pass_packs"}
            ]
        frames.append({"k": "draft_last"})
        push(s, *frames)
    elif phase == "discard":
        push(s, *[{"k": "discard", "seat": x} for x in range(to_move, n)])
    elif phase == "artifact":
        push(
            s,
            *[
                {"k": "artifact_tile", "seat": x}
                for x in from_idx(list(reversed(order)))
            ],
        )
    elif phase == "start":
        push(s, *[{"k": "start", "seat": x} for x in from_idx(order)])
    elif phase == "place":
        push(s, *[{"k": "place", "seat": x} for x in from_idx(order)])
    elif phase == "movement":
        push(s, *[{"k": "movement", "seat": x} for x in from_idx(order)])
    elif phase == "actions":
        seq = _stage_order(s)
        push(s, {"k": "actions", "ptr": seq.index(to_move)})
    elif phase == "remove":
        push(s, {"k": "actions", "ptr": 0})
        push(s, {"k": "remove", "seat": to_move}, {"k": "drop", "what": "lines"})
    elif phase == "influence":
        push(s, *[{"k": "influence", "seat": x} for x in from_idx(order)])
    elif phase == "income":
        push(s, *[{"k": "income", "seat": x} for x in from_idx(order)])
    elif phase == "development":
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
                for x in from_idx(order)
            ],
        )
    elif phase == "refresh":
        start(s, "refresh")
    elif phase == "over":
        s["phase"] = "over"
    else:
        raise ValueError(f"phase: unknown phase {phase!r}")


def _stage_order(s):
    holders = [h for h in s["pass_tiles"] if h != -1]
    if s["stage"] == "main":
        return s["turn_order"]
    if s["stage"] == "passing1":
        return holders
    return [h for h in holders if s["players"][h]["passes"] == 2]


__all__ = ["body", "from_toml", "to_toml", "LINES"]
