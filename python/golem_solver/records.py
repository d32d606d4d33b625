"""Game records (docs/records.md): one game per line of a JSON-lines file.

A record holds the game's name, its starting position as TOML text, every move in
notation (chance outcomes included, as the game writes them: ``deal ...``, ``reveal ...``),
the final scores and, optionally, the bot or player name of each seat and a comment per
move. ``golem-solve arena --record`` writes them; ``replay`` plays one back, checking
every move against the rules. Nothing here prints.

Errors are ``GolemError`` with ``field`` naming the place: ``record[3].moves[17]`` is the
18th move of the 4th line (both counted from 0), ``record[0].start.player[1].hand`` a
field of the starting position.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple, Union

from ._core import GolemError, InternalError
from ._files import (
    capped_lines,
    json_line,
    open_regular,
    outside_files,
    write_atomically,
)
from .errors import outside, refusal
from .games import GAMES, from_toml

PathLike = Union[str, "os.PathLike[str]"]

REQUIRED = ("game", "start", "moves", "scores")
OPTIONAL = ("bots", "comments")


@dataclass
class GameRecord:
    """One game: ``moves[k]`` is applied to the position after ``moves[:k]``; ``scores``
    are by seat at the end; ``bots`` (one name per seat) and ``comments`` (one per move,
    ``None`` for none) are optional."""

    game: str
    start: str
    moves: List[str]
    scores: List[int]
    bots: Optional[List[str]] = None
    comments: Optional[List[Optional[str]]] = field(default=None)

    def to_dict(self) -> Dict[str, Any]:
        out: Dict[str, Any] = {
            "game": self.game,
            "start": self.start,
            "moves": list(self.moves),
            "scores": list(self.scores),
        }
        if self.bots is not None:
            out["bots"] = list(self.bots)
        if self.comments is not None:
            out["comments"] = list(self.comments)
        return out

    def to_line(self) -> str:
        """The record as one line of JSON (no line break inside: TOML's are escaped)."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))


def _fail(field: str, message: str) -> GolemError:
    return refusal(field, message)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _string_list(value: Any, where: str, allow_none: bool = False) -> List[Any]:
    if not isinstance(value, list):
        raise _fail(where, f"must be a list, not {type(value).__name__}")
    for i, item in enumerate(value):
        if isinstance(item, str) or (allow_none and item is None):
            continue
        kind = "a string or null" if allow_none else "a string"
        raise _fail(f"{where}[{i}]", f"must be {kind}, not {item!r}")
    return value


def record_from_dict(
    data: Any, index: int = 0, read_start: Optional[Callable[[str], Any]] = None
) -> GameRecord:
    """A record from its JSON object, checked: every field's type, the game registered,
    the starting position readable and of that game, one score (and bot) per seat, one
    comment per move. The moves themselves are checked by ``replay``. ``read_start``
    reads the start's TOML instead of ``from_toml`` (with an uploaded components file)."""
    where = f"record[{index}]"
    if not isinstance(data, dict):
        raise _fail(where, f"a record is a JSON object, not {type(data).__name__}")
    unknown = sorted(set(data) - set(REQUIRED) - set(OPTIONAL))
    if unknown:
        raise _fail(f"{where}.{unknown[0]}", "unknown field")
    for key in REQUIRED:
        if key not in data:
            raise _fail(f"{where}.{key}", "missing")
    game = data["game"]
    if not isinstance(game, str):
        raise _fail(f"{where}.game", f"must be a string, not {game!r}")
    if game not in GAMES:
        names = ", ".join(GAMES)
        raise _fail(
            f"{where}.game", f"'{game}' is not a game (expected one of: {names})"
        )
    start = data["start"]
    if not isinstance(start, str):
        raise _fail(f"{where}.start", f"must be TOML text, not {start!r}")
    state = _start_state(start, f"{where}.start", read_start)
    if state.game != game:
        raise _fail(
            f"{where}.game", f"'{game}', but the starting position is {state.game}"
        )
    moves = _string_list(data["moves"], f"{where}.moves")
    scores = data["scores"]
    if not isinstance(scores, list) or not all(_is_int(s) for s in scores):
        raise _fail(f"{where}.scores", f"must be a list of integers, not {scores!r}")
    players = state.players
    if len(scores) != players:
        raise _fail(f"{where}.scores", f"{len(scores)} scores for {players} seats")
    bots = data.get("bots")
    if bots is not None:
        _string_list(bots, f"{where}.bots")
        if len(bots) != players:
            raise _fail(f"{where}.bots", f"{len(bots)} names for {players} seats")
    comments = data.get("comments")
    if comments is not None:
        _string_list(comments, f"{where}.comments", allow_none=True)
        if len(comments) != len(moves):
            raise _fail(
                f"{where}.comments", f"{len(comments)} comments for {len(moves)} moves"
            )
    return GameRecord(game, start, list(moves), list(scores), bots, comments)


def _start_state(
    text: str, where: str, read: Optional[Callable[[str], Any]] = None
) -> Any:
    try:
        return (read or from_toml)(text)
    except InternalError:  # a bug: never reported as bad input
        raise
    except GolemError as e:
        inner = getattr(e, "field", None)
        message = getattr(e, "message", None) or str(e)
        raise _fail(f"{where}.{inner}" if inner else where, message) from None


def read_records(path: PathLike, allow_outside: bool = False) -> List[GameRecord]:
    """Every record of a JSON-lines file, checked (``record_from_dict``); the first fault
    is raised as ``GolemError`` with ``field`` ``record[<index>].<field>`` (the index is
    the line's, from 0). Lines are read one at a time, each at most 1 MiB of UTF-8. A
    file a record's start names (a map, a components file) must be in the record file's
    folder or below it unless ``allow_outside`` (as a puzzle suite's files)."""
    records: List[GameRecord] = []
    name = str(path)
    base = Path(path).parent
    with open_regular(path) as stream:
        for number, line in capped_lines(stream, name):
            index = number - 1
            if not line.strip():
                raise _fail(f"record[{index}]", "empty line; one game per line")
            data = json_line(line, f"record[{index}]")
            start = data.get("start") if isinstance(data, dict) else None
            if isinstance(start, str) and not allow_outside:
                named = outside_files(start, base)
                if named is not None:
                    where = f"record[{index}].start.{named[0]}"
                    raise _fail(where, "outside the record file's folder")
            records.append(record_from_dict(data, index))
    if not records:
        raise _fail(name, "no records")
    return records


def write_records(
    path: PathLike, records: Iterable[GameRecord], overwrite: bool = False
) -> None:
    """The records as JSON lines, written atomically: a failed write leaves no partial
    file (and any old one untouched); an existing file is refused unless ``overwrite``."""
    text = "".join(record.to_line() + "\n" for record in records)
    write_atomically(path, text, overwrite=overwrite)


def _apply_checked(state: Any, text: str, index: int, ply: int) -> None:
    where = f"record[{index}].moves[{ply}]"
    if state.is_terminal():
        raise _fail(where, f"'{text}': the game is already over")
    try:
        state.apply(text)
    except InternalError:  # a bug: never reported as bad input
        raise
    except GolemError as e:
        message = getattr(e, "message", None) or str(e)
        raise _fail(where, f"'{text}': {message}") from None


def steps(
    record: GameRecord, index: int = 0, start: Any = None
) -> Iterator[Tuple[int, Any, str]]:
    """``(ply, state, move)`` for every move of the record: ``state`` is the position the
    move is played in (a copy the caller may keep). Each move is checked against the rules
    before it is applied; an illegal one raises ``GolemError`` with field
    ``record[<index>].moves[<ply>]``. ``start`` is the record's start as a state, for a
    caller that holds it (nothing is read again: the analysis board, whose uploaded
    components file is no file of the machine)."""
    if start is not None:
        state = start.clone()
    else:
        state = _start_state(record.start, f"record[{index}].start")
    for ply, text in enumerate(record.moves):
        before = state.clone()
        _apply_checked(state, text, index, ply)
        yield ply, before, text


def replay(record: GameRecord, ply: Optional[int] = None, *, index: int = 0) -> Any:
    """The position after the first ``ply`` moves (every move by default: the final
    position). Every move of the record is checked, even those after ``ply``, and the
    final position's scores must be the record's; errors name ``record[<index>]``."""
    total = len(record.moves)
    if ply is not None and (not _is_int(ply) or not 0 <= ply <= total):
        raise _fail("ply", outside(ply, 0, total) + " (the record's moves)")
    state = _start_state(record.start, f"record[{index}].start")
    at_ply = state.clone() if ply == 0 else None
    for number, text in enumerate(record.moves):
        _apply_checked(state, text, index, number)
        if ply is not None and number + 1 == ply:
            at_ply = state.clone()
    if list(state.scores()) != list(record.scores):
        raise _fail(
            f"record[{index}].scores",
            f"the record says {record.scores}, the moves give {state.scores()}",
        )
    return state if ply is None else at_ply
