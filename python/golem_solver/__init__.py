"""golem-solver: a fast exact solver for the Golem family of board games.

The engine is written in Rust (``golem_solver._core``); this package re-exports it, adds
game-agnostic entry points (``load``, ``new``, ``GAMES``) and the ``golem-solve`` command
line (``golem_solver.cli``, the only part that prints).
"""

from ._core import (
    Century,
    GolemCranio,
    GolemError,
    IllegalActionError,
    InternalError,
    MerchantExplorers,
    PositionError,
    Seat,
    StopToken,
    __version__,
    golem_points,
)
from .games import GAMES, load, new, setup_options
from .rl import VecEnv, batch_playouts, batch_step
from .search import analyse, solve

__all__ = [
    "GAMES",
    "Century",
    "GolemCranio",
    "GolemError",
    "IllegalActionError",
    "InternalError",
    "MerchantExplorers",
    "PositionError",
    "Seat",
    "StopToken",
    "VecEnv",
    "__version__",
    "analyse",
    "batch_playouts",
    "batch_step",
    "golem_points",
    "load",
    "new",
    "setup_options",
    "solve",
]
