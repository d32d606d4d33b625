"""``golem-solve show`` for The Guild of Merchant Explorers: the era and the explore
cards, the objectives, and a line per player (coins, explorers, villages, routes, covered
ruins/towers/crystals, kept cards, treasure). Read from the position file, so it shows
exactly what the file says; the hex map itself is drawn by ``show --svg``."""

from __future__ import annotations

import sys
from typing import Any, Dict, List

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the package declares tomli for these versions
    import tomli as tomllib

from . import generic

ERAS = {1: "I", 2: "II", 3: "III", 4: "IV"}


def _summary(state) -> List[str]:
    position: Dict[str, Any] = tomllib.loads(state.to_toml())
    explore = position.get("explore", {})
    era = position.get("era", 1)
    lines = [
        f"The Guild of Merchant Explorers - map {position.get('map')}, "
        f"{position.get('players')} player(s), era {ERAS.get(era, era)}",
        f"Explore: played {generic.cells(explore.get('played', []))}"
        + (f"; now {explore['current']}" if "current" in explore else "")
        + ("; deck order known" if "deck" in explore else ""),
        f"Objectives: {generic.cells(position.get('objectives', []))}",
    ]
    if "to_move" in position:
        lines.append(f"Seat {position['to_move']} is resolving the card")
        if position.get("in_progress"):
            lines.append(f"  so far: {'; '.join(position['in_progress'])}")
    for seat, player in enumerate(position.get("player", [])):
        lines.append(
            f"Seat {seat}: {player.get('coins', 0)} coins"
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
    return lines


def render_plain(state) -> str:
    return generic.plain_summary(_summary(state), state)


def print_rich(state) -> None:
    generic.print_summary(_summary(state), state)
