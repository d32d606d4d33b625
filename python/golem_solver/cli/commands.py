"""``golem-solve``: every command, registered on one app.

Thin by design: parse the arguments, call the engine, print. The rules live in the Rust
core; nothing here decides what is legal or what a position means. The commands live by
concern: ``position`` (new, show, moves, perft, apply), ``analysis`` (solve, analyse),
``arena`` (arena), ``bench``, ``puzzles``, ``records`` (replay, annotate) and ``board``;
``program`` holds the app, its one-line errors and Ctrl-C.
"""

from __future__ import annotations

from . import analysis, arena, bench, board, position, puzzles, records
from .program import EXIT_BAD_INPUT, EXIT_INTERNAL_ERROR, EXIT_INTERRUPTED, app

COMMAND_MODULES = (position, analysis, arena, bench, puzzles, records, board)

__all__ = [
    "COMMAND_MODULES",
    "EXIT_BAD_INPUT",
    "EXIT_INTERNAL_ERROR",
    "EXIT_INTERRUPTED",
    "app",
]
