"""Load the components file and unwrap every fact into plain data (spec §2.1).

No validation beyond what the model needs: the file is the engine's builtin one.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
DEFAULT = (
    ROOT / "rust" / "core" / "data" / "golem_cranio" / "golem-cranio-components.json"
)

DISTRICTS = ["r", "y", "b"]
DNAME = {"r": "red", "y": "yellow", "b": "blue"}
DLETTER = {"red": "r", "yellow": "y", "blue": "b"}
COLOURS = ["w", "k", "r", "b", "y"]  # marble colours, listing order
CNAME = {"w": "white", "k": "black", "r": "red", "b": "blue", "y": "yellow"}
CLETTER = {v: k for k, v in CNAME.items()}
BOOK_COLOURS = ["r", "b", "g", "y", "k"]
BNAME = {"r": "red", "b": "blue", "g": "green", "y": "yellow", "k": "black"}
BLETTER = {v: k for k, v in BNAME.items()}
LINES = ["work", "golem", "artifacts", "study", "mirror"]


def unwrap(x):
    """A fact {"value": V, ...} becomes V, recursively."""
    if isinstance(x, dict):
        if "value" in x and ("source" in x or "placeholder" in x):
            return unwrap(x["value"])
        return {k: unwrap(v) for k, v in x.items()}
    if isinstance(x, list):
        return [unwrap(v) for v in x]
    return x


class Components:
    def __init__(self, raw: dict):
        d = unwrap(raw)
        self.raw = d
        self.rules = d["rules"]
        self.marbles = {
            int(n): {CLETTER[c]: k for c, k in m.items()}
            for n, m in d["marbles"]["by_players"].items()
        }
        self.line_weights = d["marbles"]["drop_model"]["line_weights"]
        board = d["board"]
        self.nbh_sections = board["neighborhood_sections"]
        self.printed = {
            DLETTER[dn]: {int(s): ops for s, ops in v.items()}
            for dn, v in board["printed_neighborhoods"].items()
        }
        self.entry_cost = {int(s): c for s, c in board["block_entry_cost"].items()}
        self.street_income = {
            DLETTER[dn]: v for dn, v in board["street_income"].items()
        }
        self.cemetery = d["cemetery"]["spaces"]
        self.slot_costs = d["library"]["slot_costs_knowledge"]
        self.bottom_action = d["synagogue"]["bottom_action"]
        self.action_tiles = {t["id"]: t for t in d["synagogue"]["action_tiles"]}
        self.characters = {c["id"]: c for c in d["characters"]}
        self.nbh_tiles = {t["id"]: t for t in d["neighborhood_tiles"]}
        self.books = {b["id"]: b for b in d["books"]}
        self.objectives = {o["id"]: o for o in d["objectives"]}
        self.starting = {t["id"]: t for t in d["starting_tiles"]}
        self.artifact_tiles = {t["id"]: t for t in d["artifact_tiles"]}
        pb = d["player_board"]
        self.study_track = {sp["space"]: sp for sp in pb["study_track"]}
        self.study_min = min(self.study_track)
        self.study_max = max(self.study_track)
        self.golem_track = {
            sp["space"]: sp["level"] for sp in pb["golem_track"]["spaces"]
        }
        self.golem_levels = {lv["level"]: lv for lv in pb["golem_track"]["levels"]}
        self.gt_min = min(self.golem_track)
        self.gt_max = max(self.golem_track)
        self.devs = {}
        for t in pb["golem_developments"]:
            self.devs[t["id"]] = dict(t, area="golem")
        for t in pb["study_developments"]:
            self.devs[t["id"]] = dict(t, area="study")
        for t in pb["artifact_developments"]:
            self.devs[t["id"]] = dict(t, area="artifact")
        self.art_spaces = pb["artifact_development_spaces"]
        self.setup = d["setup"]

    # small helpers -------------------------------------------------------------
    def ability(self, dev_id: str, name: str, side: int | None = None):
        t = self.devs[dev_id]
        if "sides" in t:
            if side is None:
                return None
            abil = t["sides"][side - 1]
        else:
            abil = t.get("ability", [])
        for a in abil:
            if a["ability"] == name:
                return a
        return None

    def level(self, space: int) -> int:
        return self.golem_track[space]

    def space_cost(self, space_id: str) -> int:
        for sp in self.art_spaces:
            if sp["id"] == space_id:
                return sp["cost_coins"]
        raise KeyError(space_id)

    def space_artifact(self, space_id: str) -> int:
        for sp in self.art_spaces:
            if sp["id"] == space_id:
                return sp["artifact"]
        raise KeyError(space_id)


@functools.lru_cache(maxsize=None)
def load(path: str | None = None) -> Components:
    p = Path(path) if path else DEFAULT
    return Components(json.loads(p.read_text()))
