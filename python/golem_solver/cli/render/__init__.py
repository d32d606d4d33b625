"""``golem-solve show``: one renderer per game, chosen by the position's game.

A renderer is a module with ``render_plain(state) -> str`` (for pipes and files) and
``print_rich(state)`` (for a terminal). A game without one is shown by ``generic``.
"""

from __future__ import annotations

from types import ModuleType
from typing import Dict

from . import century, generic, golem_cranio, merchant_explorers

RENDERERS: Dict[str, ModuleType] = {
    "century-golem": century,
    "merchant-explorers": merchant_explorers,
    "golem-cranio": golem_cranio,
}


def renderer_for(game: str) -> ModuleType:
    return RENDERERS.get(game, generic)
