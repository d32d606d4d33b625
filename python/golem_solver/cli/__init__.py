"""``golem-solve``: the command line (``golem_solver.cli:main``, which runs
``golem_solver.cli.commands.app``).

Everything that prints lives in this package; the API (``golem_solver``) never prints.
"""

from __future__ import annotations

import signal
import sys

EXIT_INTERRUPTED = 130


def _quiet_interrupts() -> None:
    """The first Ctrl-C raises KeyboardInterrupt (each command turns it into its report so
    far and exit status 130); any later one is ignored, so a second Ctrl-C cannot cut the
    way out short (a traceback, or the process killed while a worker thread still runs)."""

    def on_interrupt(signum: int, frame: object) -> None:
        # Ignored from now on, also by the OS: Python's finalisation puts back the default
        # action (death by SIGINT) for a handler of its own, but keeps an ignored signal.
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, on_interrupt)


def _app() -> object:
    """The Typer app, with every command registered."""
    from .commands import app

    return app


def main() -> None:
    """The ``golem-solve`` program: Ctrl-C handling first, then the (slow) imports."""
    _quiet_interrupts()
    try:
        app = _app()
    except KeyboardInterrupt:
        sys.exit(EXIT_INTERRUPTED)
    try:
        app()
    except KeyboardInterrupt:  # one landing on the way out, after the command's own
        sys.exit(EXIT_INTERRUPTED)


def __getattr__(name: str) -> object:
    if name == "app":
        return _app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["app", "main"]
