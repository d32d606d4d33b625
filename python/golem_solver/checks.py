"""The checks of arguments that Python makes before a call reaches the core: integer
ranges (a number no machine word holds is a ``GolemError``, not an ``OverflowError``), the
game's name and its player count. Each refuses with ``golem_solver.errors.refusal``."""

from __future__ import annotations

from typing import Any, Dict, Optional, Tuple

from . import _core
from .errors import out_of_range, refusal

U32_MAX = 2**32 - 1
U64_MAX = 2**64 - 1

#: The search options as the core declares them (``_core.SEARCH_OPTIONS``), by name.
SEARCH_OPTIONS: Dict[str, Dict[str, Any]] = {o["name"]: o for o in _core.SEARCH_OPTIONS}


def _declared(name: str) -> Tuple[int, int]:
    option = SEARCH_OPTIONS[name]
    return option["low"], option["high"]


#: Every integer option of the searches, the arena and perft, with its range (inclusive);
#: the searches' own come from the core's declarations.
RANGES: Dict[str, Tuple[int, int]] = {
    "depth": tuple(_core.LIMITS["depth"]),
    "perft_depth": tuple(_core.LIMITS["perft_depth"]),
    "nodes": (1, U64_MAX),
    "movetime": (0, _declared("movetime")[1]),  # ms; 0: no time cap
    "iterations": _declared("iterations"),
    "threads": tuple(_core.LIMITS["threads"]),
    "seed": (0, U64_MAX),
    "cutoff": _declared("cutoff"),
    "report_every": (0, U64_MAX),
    "hash": tuple(_core.LIMITS["hash"]),
    "games": (1, 10_000_000),
    "max_plies": (1, 1_000_000),
}

#: The registered games: name -> state class.
GAMES: Dict[str, type] = dict(_core.GAMES)


def check_int(field: str, value: Any, key: Optional[str] = None) -> Any:
    """``value`` if it is None, not an int (the core names the type it wants) or within
    the range of ``RANGES[key or field]``; else a ``GolemError`` naming ``field``."""
    if value is None or isinstance(value, bool) or not isinstance(value, int):
        return value
    low, high = RANGES[key or field]
    if not low <= value <= high:
        raise out_of_range(field, value, low, high)
    return value


def check_game(game: str) -> str:
    """``game`` if it is registered; else a ``GolemError`` naming the choices."""
    if game not in GAMES:
        names = ", ".join(GAMES)
        raise refusal("game", f"'{game}' is not a game (expected one of: {names})")
    return game


def check_players(game: str, players: Any) -> None:
    """``players`` (None: the default) within ``game``'s range, as a ``GolemError``."""
    if players is None or isinstance(players, bool) or not isinstance(players, int):
        return
    info = GAMES[check_game(game)].INFO
    low, high = info["min_players"], info["max_players"]
    if not low <= players <= high:
        raise out_of_range("players", players, low, high)


__all__ = [
    "GAMES",
    "RANGES",
    "SEARCH_OPTIONS",
    "check_game",
    "check_int",
    "check_players",
]
