"""Positions in and out of the command line: reading one (a file, or standard input for
``-``), writing one without losing a file, and the game's setup options."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Dict, List, Optional

import typer

from .._files import MAX_POSITION_BYTES, read_capped
from ..errors import GolemError, refusal
from ..games import read_position, ruleset, setup_options
from .program import FORCE_HINT
from .text import escape


def load_position(pos: str, components: Optional[Path] = None):
    """A position of the game it names, from a file or from standard input for ``-``;
    ``components`` replaces the components file it names (Golem). Warnings of the
    reading (another components file than the writer's, guessed cards) go to stderr."""
    if pos == "-":
        stdin = getattr(sys.stdin, "buffer", None)
        if stdin is None:  # a text stream without bytes (a test runner's)
            text = sys.stdin.read(MAX_POSITION_BYTES + 1)
            if len(text.encode("utf-8", "surrogateescape")) > MAX_POSITION_BYTES:
                raise refusal("stdin", f"larger than {MAX_POSITION_BYTES} bytes")
        else:
            text = read_capped(stdin, "stdin")
        state, warnings = read_position(text=text, rules_file=components)
    else:
        try:
            state, warnings = read_position(path=pos, rules_file=components)
        except GolemError as e:
            if e.field != "toml":
                raise
            # Not TOML at all (a picture given for a position): say which file.
            raise refusal(pos, f"not a TOML position ({e.message})") from None
    for warning in warnings:
        typer.echo(f"warning: {escape(warning)}", err=True)
    return state


def ruleset_line(state, as_json: bool) -> None:
    """The rules line of spec section 13 (Golem: components file, sha256, placeholders)
    before a human-readable result; JSON output carries it as ``components``."""
    info = ruleset(state)
    if info is not None and not as_json:
        typer.echo(info["line"])


def with_ruleset(result: dict, state) -> dict:
    info = ruleset(state)
    if info is not None:
        result["components"] = {
            key: info[key] for key in ("source", "sha256", "facts", "placeholders")
        }
    return result


def refuse_existing(path: Path, force: bool) -> None:
    """An output file that exists is kept unless ``--force``: refused before any work."""
    if os.path.lexists(path) and not force:
        raise refusal(str(path), f"file exists; {FORCE_HINT}")


def wrote(path: Path) -> None:
    """Says on stderr that a file was written (stdout stays the command's output)."""
    typer.echo(f"wrote {path}", err=True)


def write_position(state, out: Optional[Path], force: bool) -> None:
    """The position as TOML: to ``out`` (kept if it exists, unless ``force``) or stdout."""
    text = state.to_toml()
    if out is None:
        typer.echo(text, nl=False)
        return
    refuse_existing(out, force)
    # Atomic (the core writes a synced temporary file and renames it): a failed write
    # leaves any old file, even the input of `apply`, byte-identical.
    try:
        state.save(out, overwrite=force)
    except GolemError as e:
        if e.message.startswith("file exists"):  # another writer got there first
            raise refusal(e.field, f"file exists; {FORCE_HINT}") from None
        raise
    wrote(out)


def split_moves(moves: str) -> List[str]:
    played = [m.strip() for m in moves.replace("\n", ";").split(";") if m.strip()]
    if not played:
        raise refusal("moves", "no moves given")
    return played


def parse_setup_options(
    game: str, pairs: List[str], flags: Optional[Dict[str, str]] = None
) -> Dict[str, str]:
    """The setup options of a new game: ``-O KEY=VALUE`` texts and the generated flags
    given (``--map``: ``flags``), each one the game declares, else refused by name."""
    known = setup_options(game)
    names = ", ".join(known) or "none"
    options: Dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise refusal("option", f"expected KEY=VALUE, got {pair!r}")
        if key not in known:
            raise refusal(
                f"option.{key}", f"not a setup option of {game} (options: {names})"
            )
        options[key] = value
    for key, value in (flags or {}).items():
        if key not in known:
            raise refusal(key, f"{game} has no {key} option (options: {names})")
        options[key] = value
    return options
