"""Safe terminal text: control characters in anything echoed from user input or files
are shown escaped, so a file or an argument cannot move the cursor, clear the screen or
forge a second line (the rule is ``golem_solver.errors.one_line``)."""

from __future__ import annotations

from ..errors import one_line


def escape(text: object) -> str:
    """``text`` as one safe line (``golem_solver.errors.one_line``)."""
    return one_line(text)


def escape_lines(text: str) -> str:
    """Multi-line output (a rendered board): each line escaped, the line breaks kept."""
    return "\n".join(escape(line) for line in text.split("\n"))
