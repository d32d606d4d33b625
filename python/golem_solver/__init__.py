"""golem-solver: a fast exact solver for the Golem family of board games.

The engine is written in Rust (``golem_solver._core``); this package re-exports it, adds
game-agnostic entry points (``load``, ``new``, ``GAMES``) and the ``golem-solve`` command
line (``golem_solver.cli``, the only part that prints).
"""

from importlib import import_module

# Not `typing.TYPE_CHECKING`: importing typing alone takes longer than everything else here.
TYPE_CHECKING = False

# Names are imported on first use (PEP 562), so that `golem-solve` can install its Ctrl-C
# handling before the heavy imports (the extension, NumPy, Typer) run.
_EXPORTS = {
    **dict.fromkeys(
        [
            "Century",
            "GameState",
            "GolemCranio",
            "GolemError",
            "IllegalActionError",
            "InternalError",
            "MerchantExplorers",
            "PositionError",
            "StopToken",
            "__version__",
        ],
        "._core",
    ),
    **dict.fromkeys(["GAMES", "load", "new", "setup_options"], ".games"),
    **dict.fromkeys(["VecEnv", "batch_playouts", "batch_step"], ".rl"),
    **dict.fromkeys(["analyse", "solve"], ".search"),
}

if TYPE_CHECKING:  # pragma: no cover - what type checkers and editors see
    from ._core import (
        Century,
        GameState,
        GolemCranio,
        GolemError,
        IllegalActionError,
        InternalError,
        MerchantExplorers,
        PositionError,
        StopToken,
        __version__,
    )
    from .games import GAMES, load, new, setup_options
    from .rl import VecEnv, batch_playouts, batch_step
    from .search import analyse, solve


def __getattr__(name: str) -> object:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(module, __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list:
    return sorted(set(globals()) | set(_EXPORTS))


__all__ = [
    "GAMES",
    "Century",
    "GameState",
    "GolemCranio",
    "GolemError",
    "IllegalActionError",
    "InternalError",
    "MerchantExplorers",
    "PositionError",
    "StopToken",
    "VecEnv",
    "__version__",
    "analyse",
    "batch_playouts",
    "batch_step",
    "load",
    "new",
    "setup_options",
    "solve",
]
