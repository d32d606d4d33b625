"""``golem-solve``: the command line.

Thin by design: parse the arguments, call the engine, print. The rules live in the Rust core;
nothing here decides what is legal or what a position means.

Every error from bad input (a missing file, a refused position, an illegal move) prints one
line ``error: <field>: <message>`` to stderr and exits with status 2.
"""

from __future__ import annotations

import functools
import json
import sys
import time
from pathlib import Path
from typing import Callable, List, Optional, TypeVar

import typer

from ._core import Century, GolemError

app = typer.Typer(
    name="golem-solve",
    help="Exact solver tools for Century: Golem Edition positions (TOML files).",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_BAD_INPUT = 2

F = TypeVar("F", bound=Callable[..., None])


class Failure(Exception):
    """Bad input found by the command line itself (the engine raises GolemError)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


def _fail(field: Optional[str], message: str) -> typer.Exit:
    line = f"error: {field}: {message}" if field else f"error: {message}"
    typer.echo(line, err=True)
    return typer.Exit(EXIT_BAD_INPUT)


def reports_errors(command: F) -> F:
    """Turns bad-input exceptions into a one-line message and exit status 2."""

    @functools.wraps(command)
    def run(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except (GolemError, Failure) as e:
            field = getattr(e, "field", None)
            message = getattr(e, "message", None) or str(e)
            raise _fail(field, message) from None
        except OSError as e:
            raise _fail(e.filename and str(e.filename), e.strerror or str(e)) from None

    return run  # type: ignore[return-value]


def _load(pos: str) -> Century:
    """A position from a file, or from standard input for ``-``."""
    if pos == "-":
        return Century.from_toml(sys.stdin.read())
    return Century.load(pos)


def _write(state: Century, out: Optional[Path], force: bool) -> None:
    """The position as TOML: to ``out`` (kept if it exists, unless ``force``) or stdout."""
    text = state.to_toml()
    if out is None:
        typer.echo(text, nl=False)
        return
    if out.exists() and not force:
        raise Failure(str(out), "file exists; use --force to overwrite it")
    state.save(out, overwrite=force)


def _split_moves(moves: str) -> List[str]:
    return [m.strip() for m in moves.replace("\n", ";").split(";") if m.strip()]


# ---- commands ---------------------------------------------------------------------------

PosArg = typer.Argument(
    ..., metavar="POS", help="Position file (TOML), or - for stdin."
)
OutOpt = typer.Option(
    None, "--output", "-o", help="Write the position here (default: stdout)."
)
ForceOpt = typer.Option(False, "--force", help="Overwrite an existing output file.")


@app.command()
@reports_errors
def new(
    players: int = typer.Option(2, "--players", "-n", help="Number of players (2-5)."),
    seed: int = typer.Option(
        0, "--seed", "-s", min=0, help="Seed of the deck shuffle."
    ),
    output: Optional[Path] = OutOpt,
    force: bool = ForceOpt,
) -> None:
    """Write a fresh starting position (both decks listed in their shuffled order)."""
    _write(Century.new(players, seed), output, force)


@app.command()
@reports_errors
def show(pos: str = PosArg) -> None:
    """Show a position as a readable board."""
    from . import board

    state = _load(pos)
    if sys.stdout.isatty():
        board.print_rich(state)
    else:
        typer.echo(board.render_plain(state), nl=False)


@app.command()
@reports_errors
def moves(
    pos: str = PosArg,
    as_json: bool = typer.Option(False, "--json", help="Print a JSON list."),
) -> None:
    """List the legal moves (chance outcomes at a chance node), one canonical text a line."""
    texts = _load(pos).legal_action_texts()
    if as_json:
        typer.echo(json.dumps(texts))
    else:
        for text in texts:
            typer.echo(text)


@app.command()
@reports_errors
def perft(
    pos: str = PosArg,
    depth: int = typer.Option(..., "--depth", "-d", min=0, help="Plies to count."),
    divide: bool = typer.Option(
        False, "--divide", help="Print the count under each root move."
    ),
    as_json: bool = typer.Option(
        False,
        "--json",
        help='End with one line {"depth": D, "nodes": N, "seconds": T}.',
    ),
) -> None:
    """Count the leaves of the canonical action tree DEPTH plies deep."""
    state = _load(pos)
    start = time.perf_counter()
    if divide:
        counts = state.perft_divide(depth)
        nodes = sum(n for _, n in counts)
    else:
        counts = []
        nodes = state.perft(depth)
    seconds = time.perf_counter() - start
    for text, count in counts:
        typer.echo(f"{text}: {count}")
    if as_json:
        typer.echo(
            json.dumps({"depth": depth, "nodes": nodes, "seconds": round(seconds, 6)})
        )
    else:
        if divide:
            typer.echo("")
        rate = f" ({nodes / seconds:,.0f} nodes/s)" if seconds > 0 else ""
        typer.echo(f"perft({depth}) = {nodes} in {seconds:.3f} s{rate}")


@app.command()
@reports_errors
def apply(
    pos: str = PosArg,
    moves: str = typer.Option(
        ..., "--moves", "-m", help='Moves to play in order, separated by ";".'
    ),
    output: Optional[Path] = OutOpt,
    force: bool = ForceOpt,
) -> None:
    """Play moves from a position and write the resulting position (TOML)."""
    state = _load(pos)
    played = _split_moves(moves)
    for number, text in enumerate(played, start=1):
        try:
            state.apply(text)
        except GolemError as e:
            raise Failure(
                f"move {number} of {len(played)} '{text}'", e.message
            ) from None
    _write(state, output, force)


if __name__ == "__main__":  # pragma: no cover
    app()
