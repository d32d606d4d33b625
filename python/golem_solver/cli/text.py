"""Safe terminal text: control characters in anything echoed from user input or files
are shown escaped, so a file or an argument cannot move the cursor, clear the screen or
forge a second line."""

from __future__ import annotations

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escaped(ch: str) -> str:
    code = ord(ch)
    if ch in _NAMED:
        return _NAMED[ch]
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


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


def escape(text: object) -> str:
    """``text`` with every control character escaped (``\\x1b``, ``\\r``, ``\\n``): one
    line, whatever it held."""
    text = str(text)
    if not any(_unsafe(ch) for ch in text):
        return text
    return "".join(_escaped(ch) if _unsafe(ch) else ch for ch in text)


def escape_lines(text: str) -> str:
    """Multi-line output (a rendered board): each line escaped, the line breaks kept."""
    return "\n".join(escape(line) for line in text.split("\n"))
