"""``golem-solve show`` for Golem (Cranio Creations): the round and phase, the Synagogue's
action lines, the Palace, Library and Cemetery, then a block per player (track, resources,
Students and Golems by district, Developments, Book columns, Artifact tile and Gold,
Objectives). Read from the position file, so it shows exactly what the file says; the
board itself is drawn by ``show --svg``."""

from __future__ import annotations

import sys
from typing import Any, Dict, List

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - the package declares tomli for these versions
    import tomli as tomllib

from . import generic

LINE_NAMES = ("work", "golem", "artifacts", "study", "mirror")
# How search results read (cli/report.py): the 1-player game is played for its score.
SCORE_UNIT = "points"
SOLO_NOTE = (
    "Solo: played for the score alone (the printed solo automa's cards are in no public"
    " source; docs/golem-cranio.md)"
)
DISTRICTS = ("red", "yellow", "blue")
ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X")


def _section(n: int) -> str:
    return ROMAN[n - 1] if 1 <= n <= len(ROMAN) else str(n)


def _ruleset(state) -> List[str]:
    info = state.ruleset
    return [info["line"]] if isinstance(info, dict) and "line" in info else []


def _summary(state) -> List[str]:
    p: Dict[str, Any] = tomllib.loads(state.to_toml())
    stage = p.get("stage")
    phase = p.get("phase", "?")
    if stage and stage != "main":
        phase = f"{phase} ({stage})"
    lines = [
        f"Golem - {generic.plural(p.get('players', 0), 'player')}, "
        f"round {p.get('round')}, phase {phase}",
        *_ruleset(state),
    ]
    if p.get("players") == 1:
        lines.append(SOLO_NOTE)
    if "to_move" in p and not state.is_terminal():
        lines.append(
            f"Seat {p['to_move']} to move; turn order {generic.cells(p.get('turn_order', []))}"
        )
    if p.get("in_progress"):
        lines.append(f"  in progress: {'; '.join(p['in_progress'])}")
    synagogue = p.get("synagogue", {})
    marbles = synagogue.get("lines", [])
    tiles = synagogue.get("tiles", [])
    lines.append(
        "Synagogue: "
        + " | ".join(
            f"{name} {marbles[i] or '-'}"
            for i, name in enumerate(LINE_NAMES)
            if i < len(marbles)
        )
    )
    if tiles:
        lines.append(f"  action tiles {generic.cells(tiles)}")
    lines.append(f"Palace: {generic.cells(p.get('palace', {}).get('characters', []))}")
    library = p.get("library", {})
    lines.append(
        f"Library: {generic.cells(library.get('row', []))}"
        + ("; deck order known" if "deck" in library else "")
    )
    menorahs = p.get("districts", {}).get("menorahs", "")
    if menorahs:
        lines.append(f"Menorah tokens on the board: {menorahs}")
    for seat, player in enumerate(p.get("player", [])):
        lines.append(
            f"Seat {seat}: {player.get('vp', 0)} VP | clay {player.get('clay', 0)}"
            f" coin {player.get('coin', 0)} knowledge {player.get('knowledge', 0)}"
            f" | study {player.get('study', 0)} golem track {player.get('golem_track', 0)}"
        )
        students = player.get("students", [])
        placed = " ".join(
            f"{DISTRICTS[d][0]}{_section(s)}" for d, s in enumerate(students) if s
        )
        lines.append(
            f"  students {placed or '-'} | golems {generic.cells(player.get('golems', []))}"
            f" | marbles {player.get('marbles') or '-'}"
        )
        details = [
            ("developments", player.get("developments", [])),
            ("books", [b for column in player.get("columns", []) for b in column]),
            ("objectives", player.get("objectives", [])),
        ]
        if player.get("artifact_tile"):
            tile = f"{player['artifact_tile']} gold {generic.cells(player.get('gold', []))}"
            details.append(("artifact tile", [tile]))
        line = generic.detail_line(details)
        if line:
            lines.append(line)
    return lines


def render_plain(state) -> str:
    return generic.plain_summary(_summary(state), state)


def print_rich(state) -> None:
    generic.print_summary(_summary(state), state)
