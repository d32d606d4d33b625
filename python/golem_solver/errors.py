"""The one home of the errors golem-solver raises and of the line that reports them.

Every refusal of bad input is a ``GolemError`` (the core's exception) with two
attributes: ``field``, where the input is wrong (``players``, ``bots[1].iterations``, a
file's name), and ``message``, what is wrong with it. The core raises them for positions,
options, bot specs, components files and files; Python code refuses with ``refusal``. The
command line and the board print a refusal as one line, made by ``error_line`` and by
nothing else: ``error: <field>: <message>``.
"""

from __future__ import annotations

from typing import Any, Optional, Tuple

from ._core import GolemError, IllegalActionError, InternalError, PositionError

__all__ = [
    "GolemError",
    "IllegalActionError",
    "InternalError",
    "PositionError",
    "error_line",
    "field_and_message",
    "out_of_range",
    "outside",
    "refusal",
]

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def refusal(field: str, message: str) -> GolemError:
    """A ``GolemError`` shaped like the core's: ``field`` and ``message`` attributes."""
    error = GolemError(f"{field}: {message}")
    error.field = field
    error.message = message
    return error


def _grouped(value: Any) -> str:
    """A whole number with thousands separators (``65,535``); anything else as is."""
    return (
        f"{value:,}"
        if isinstance(value, int) and not isinstance(value, bool)
        else str(value)
    )


def outside(value: Any, low: Any, high: Any) -> str:
    """``5 is outside 0–1``: a refused number as it was given and its range as a person
    writes it, worded as the core words it (``golem_core::refusal::outside``)."""
    return f"{value} is outside {_grouped(low)}–{_grouped(high)}"


def out_of_range(field: str, value: Any, low: Any, high: Any) -> GolemError:
    """The refusal of a number outside ``low``–``high``."""
    return refusal(field, outside(value, low, high))


def field_and_message(error: BaseException) -> Tuple[Optional[str], str]:
    """What an error says, as the one line needs it (``None``: it names no field)."""
    field = getattr(error, "field", None)
    message = getattr(error, "message", None) or str(error)
    return field, message


def _unsafe(ch: str) -> bool:
    code = ord(ch)
    # C0, DEL and C1 controls (ESC starts every terminal sequence), the Unicode line
    # and paragraph separators, and the bidirectional embedding, override and isolate
    # controls (U+202A-U+202E, U+2066-U+2069), which reorder how the rest of a line shows.
    return (
        code < 0x20
        or 0x7F <= code <= 0x9F
        or code in (0x2028, 0x2029)
        or 0x202A <= code <= 0x202E
        or 0x2066 <= code <= 0x2069
    )


def _escaped(ch: str) -> str:
    if ch in _NAMED:
        return _NAMED[ch]
    code = ord(ch)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def one_line(text: object) -> str:
    """``text`` with every control character escaped (``\\x1b``, ``\\r``, ``\\n``): one
    line, whatever it held, so that a file or an argument cannot move the cursor, clear
    the screen or forge a second line."""
    text = str(text)
    if not any(_unsafe(ch) for ch in text):
        return text
    return "".join(_escaped(ch) if _unsafe(ch) else ch for ch in text)


def error_line(field: Optional[str], message: str) -> str:
    """The one error line, both parts escaped. Every line names a field; an error that
    names none is the program's own (``golem-solve``)."""
    return f"error: {one_line(field or 'golem-solve')}: {one_line(message)}"
