"""``golem-solve show`` for The Guild of Merchant Explorers: the era and the explore
cards, the objectives, and a line per player (coins, explorers, villages, routes, covered
ruins/towers/crystals, kept cards, treasure), then each seat's copy of the map as text.
Read from the position file, so it shows exactly what the file says; ``show --svg`` draws
the same maps as a picture."""

from __future__ import annotations

import sys
from typing import Any, Dict, List

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the package declares tomli for these versions
    import tomli as tomllib

from . import generic

ERAS = {1: "I", 2: "II", 3: "III", 4: "IV"}
# How search results read (cli/report.py): a solo game is won by its objectives (§9).
SCORE_UNIT = "coins"
SOLO_GOAL = "chance to achieve all three objectives"


def objectives_line(state) -> str:
    """Each objective dealt and where it stands (the picture's line, spec §8)."""
    items = []
    for entry in state.objective_status:
        seats = entry["achieved_by"]
        if seats:
            status = "achieved by seat " + ", ".join(str(s) for s in seats)
        elif entry["out_of_play"]:
            status = "no longer payable"
        else:
            status = "open"
        items.append(f"{entry['id']}: {status}")
    return "Objectives: " + ("; ".join(items) if items else "none")


def solo_line(state) -> str:
    """A solo game is won by achieving every objective (spec §9); say how it stands."""
    status = state.objective_status
    done = sum(1 for entry in status if entry["achieved_by"])
    lost = any(entry["out_of_play"] and not entry["achieved_by"] for entry in status)
    goal = f"Solo goal: achieve all {len(status)} objectives ({done} achieved)"
    return goal + ("; can no longer be won, play for coins" if lost else "")


def _summary(state) -> List[str]:
    position: Dict[str, Any] = tomllib.loads(state.to_toml())
    explore = position.get("explore", {})
    era = position.get("era", 1)
    lines = [
        f"The Guild of Merchant Explorers - map {position.get('map')}, "
        f"{generic.plural(position.get('players', 0), 'player')}, "
        f"era {ERAS.get(era, era)}",
        f"Explore: played {generic.cells(explore.get('played', []))}"
        + (f"; now {explore['current']}" if "current" in explore else "")
        + ("; deck order known" if "deck" in explore else ""),
        objectives_line(state),
    ]
    if position.get("players") == 1:
        lines.append(solo_line(state))
    if "to_move" in position:
        lines.append(f"Seat {position['to_move']} is resolving the card")
        if position.get("in_progress"):
            lines.append(f"  so far: {'; '.join(position['in_progress'])}")
    for seat, player in enumerate(position.get("player", [])):
        lines.append(
            f"Seat {seat}: {generic.plural(player.get('coins', 0), 'coin')}"
            f" | explorers {len(player.get('explorers', []))}"
            f" | villages {generic.cells(player.get('villages', []))}"
        )
        details = [
            ("routes", player.get("routes", [])),
            ("ruins", player.get("ruins", [])),
            ("towers", player.get("towers", [])),
            ("crystals", player.get("crystals", [])),
            ("kept", player.get("investigate", [])),
            ("treasure", player.get("treasure", [])),
            ("objectives", player.get("objectives", [])),
        ]
        line = generic.detail_line(details, join=", ")
        if line:
            lines.append(line)
    for seat, text in enumerate(state.map_texts()):
        lines.append("")
        lines.append(f"Seat {seat}'s map:")
        lines.extend(text.rstrip("\n").split("\n"))
    lines.append("")
    lines.extend(f"Key: {line}" for line in state.MAP_KEY)
    return lines


def render_plain(state) -> str:
    return generic.plain_summary(_summary(state), state)


def print_rich(state) -> None:
    generic.print_summary(_summary(state), state)
