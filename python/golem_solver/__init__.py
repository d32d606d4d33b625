"""golem-solver: a fast exact solver for the Golem family of board games.

The engine is written in Rust (``golem_solver._core``); this package re-exports it and adds
the ``golem-solve`` command line (``golem_solver.cli``).
"""

from ._core import (
    GAME_NAME,
    Century,
    GolemError,
    IllegalActionError,
    PositionError,
    Seat,
    StopToken,
    __version__,
    analyse,
    golem_points,
    solve,
)

__all__ = [
    "GAME_NAME",
    "Century",
    "GolemError",
    "IllegalActionError",
    "PositionError",
    "Seat",
    "StopToken",
    "__version__",
    "analyse",
    "golem_points",
    "solve",
]
