"""The ``show`` fallback for a game without its own renderer: the position's TOML and
how many legal moves it has. Only what every game's state offers."""

from __future__ import annotations


def render_plain(state) -> str:
    text = state.to_toml()
    if not text.endswith("\n"):
        text += "\n"
    return f"{text}\n{moves_line(state)}\n"


def print_rich(state) -> None:
    from rich.console import Console
    from rich.syntax import Syntax

    console = Console()
    console.print(Syntax(state.to_toml(), "toml"))
    console.print(moves_line(state))


def moves_line(state) -> str:
    """``4 legal moves.``, ``1 chance outcome.``: what every game's ``show`` ends with."""
    if state.is_terminal():
        return "Game over: no legal moves."
    count = len(state.legal_actions())
    if state.is_chance():
        kind = "chance outcome" if count == 1 else "chance outcomes"
    else:
        kind = "legal move" if count == 1 else "legal moves"
    return f"{count} {kind}."


def plural(count: int, one: str, many: "str | None" = None) -> str:
    """``1 player``, ``3 players``; ``many`` where adding an s is wrong (``plies``)."""
    return f"{count} {one if count == 1 else (many or one + 's')}"


def cells(values) -> str:
    """Values separated by spaces, ``-`` for none."""
    return " ".join(str(v) for v in values) if values else "-"


def detail_line(details, join: str = " ") -> "str | None":
    """``  name values | name values`` for the (name, values) pairs with values, or None."""
    shown = [
        f"{name} {join.join(str(v) for v in values)}"
        for name, values in details
        if values
    ]
    return "  " + " | ".join(shown) if shown else None


def plain_summary(lines, state) -> str:
    """A game renderer's summary lines and the moves line, for pipes and files."""
    return "\n".join(lines) + "\n" + moves_line(state) + "\n"


def print_summary(lines, state) -> None:
    """A game renderer's summary lines on a terminal: the first in bold, then the moves."""
    from rich.console import Console
    from rich.markup import escape

    console = Console()
    console.print(f"[bold]{escape(lines[0])}[/bold]")
    for line in lines[1:]:
        console.print(escape(line))
    console.print(moves_line(state))
