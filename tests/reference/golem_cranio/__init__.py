"""Independent reference model of Golem (Cranio Creations), written from
specs/golem-cranio.md alone. Plain and slow on purpose; see DECISIONS.md.

API (stable, used by the differential tests):
    new_game(players, seed=0, intro=False, hide_decks=False) -> state at rest
    legal(state) -> [text]            distinct micro-actions, listing order (§9)
    apply(state, text) -> state       a new state at rest (forced steps applied)
    is_chance(state), chance_outcomes(state) -> iterator of (text, Fraction)
    sample_chance(state, rng) -> text
    is_terminal(state), current_player(state), scores(state), winner(state)
    perft(state, depth), snapshot(state)
"""

from . import actions, chance, effects, movement, phases, setup  # noqa: F401  (register frames)
from .chance import sample_outcome as sample_chance
from .engine import (
    apply,
    chance_outcomes,
    current_player,
    is_chance,
    is_terminal,
    legal,
)
from .perft import perft
from .scoring import final_scores, scores, winner
from .setup import new_game
from .snapshot import snapshot

__all__ = [
    "apply",
    "chance_outcomes",
    "current_player",
    "final_scores",
    "is_chance",
    "is_terminal",
    "legal",
    "new_game",
    "perft",
    "sample_chance",
    "scores",
    "snapshot",
    "winner",
]
