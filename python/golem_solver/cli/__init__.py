"""``golem-solve``: the command line (``golem_solver.cli:app``).

Everything that prints lives in this package; the API (``golem_solver``) never prints.
"""

from . import board as _board  # noqa: F401 - registers `golem-solve board`
from .commands import app

__all__ = ["app"]
