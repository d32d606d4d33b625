"""A canonical, comparable view of a state (§6 fields; pending work optional)."""

from __future__ import annotations

import copy

from .components import LINES
from .engine import current_player, is_chance, is_terminal, top
from .state import gname


def phase_name(s) -> str:
    if is_terminal(s):
        return "over"
    f = top(s)
    if f is not None and f["k"] == "remove":
        return "remove"
    return s["phase"]


def snapshot(s, pending=False) -> dict:
    out = {
        "players": s["n"],
        "round": s["round"],
        "phase": phase_name(s),
        "stage": s["stage"],
        "turn_order": list(s["turn_order"]),
        "to_move": current_player(s),
        "chance": is_chance(s),
        "palace": list(s["palace"]),
        "districts": {d: list(v) for d, v in s["districts"].items()},
        "menorahs": s["menorah_board"],
        "library": {
            "row": list(s["row"]),
            "deck": s["book_deck"],
            "bottom": list(s["book_bottom"]),
        },
        "synagogue": {
            "lines": {
                ln: "".join(c * s["lines"][i][c] for c in "wkrby")
                for i, ln in enumerate(LINES)
            },
            "tiles": list(s["tiles"]),
            "rabbis": list(s["rabbis"]),
            "bottom_rabbis": list(s["bottom_rabbis"]),
            "discards": sorted(s["discards"]),
            "pile": s["pile"],
            "removed": s["removed"],
            "pass_tiles": list(s["pass_tiles"]),
            "drops": [dict(e) for e in s["drops"]],
        },
        "cemetery": {"spaces": dict(s["cemetery"]), "unlimited": list(s["unlimited"])},
        "objectives": {"deck": s["obj_deck"], "bottom": list(s["obj_bottom"])},
        "player": [],
    }
    for p in s["players"]:
        out["player"].append(
            {
                "vp": p["vp"],
                "clay": p["clay"],
                "coin": p["coin"],
                "knowledge": p["knowledge"],
                "study": p["study"],
                "golem_track": p["gt"],
                "students": list(p["students"]),
                "golems": [gname(g) for g in p["golems"]],
                "marbles": p["marbles"],
                "passes": p["passes"],
                "no_control_cost": p["ncc"],
                "menorahs": p["tokens"],
                "developments": sorted(
                    d if v is None else f"{d}/{v[0]}@{v[1]}"
                    for d, v in p["devs"].items()
                ),
                "columns": [
                    [b + ("=" + c if b and c and _black(s, b) else "") for b, c in col]
                    for col in p["columns"]
                ],
                "artifact_tile": p["atile"],
                "gold": list(p["gold"]),
                "objectives": list(p["hand"]),
                "pack": list(p["pack"]),
                "drafted": list(p["drafted"]),
                "starting_tiles": list(p["start_tiles"]),
            }
        )
    if s.get("art_offer"):
        out["setup"] = {"artifact_tiles": list(s["art_offer"])}
    out = copy.deepcopy(out)
    if pending:
        out["pending"] = copy.deepcopy(s["stack"])
    return out


def _black(s, b) -> bool:
    from .state import C

    return C(s).books[b]["colour"] == "black"
