"""The ``show`` board of Century: Golem Edition, as plain text or with Rich.

Only presentation: every fact comes from the engine's accessors.
"""

from __future__ import annotations

from typing import List, Optional, Sequence

from ..._core import Century
from .generic import moves_line, plural

CRYSTAL_STYLES = {
    "y": "bold yellow",
    "g": "bold green",
    "b": "bold blue",
    "p": "bold magenta",
}
NONE = "-"


def status_line(state: Century) -> str:
    """Who acts, or who won."""
    players = f"Century: Golem Edition, {state.players} players."
    if state.is_over():
        scores = ", ".join(str(s) for s in state.scores())
        return f"{players} Game over: seat {state.winner()} wins (scores {scores})."
    if state.is_chance():
        return (
            f"{players} Chance: a {state.pending_deal} card is dealt next, "
            f"then seat {state.to_move} moves."
        )
    return f"{players} Seat {state.to_move} to move."


def last_round_line(state: Century) -> str:
    threshold = state.golem_threshold
    if state.last_round:
        return (
            f"Last round: ON (a player has {threshold} golems; the game ends after seat "
            f"{state.players - 1})."
        )
    return f"Last round: not yet (it starts when a player has {threshold} golems)."


def deck_line(deck: Optional[List[str]], unseen: List[str]) -> str:
    if not unseen:
        return "deck: empty"
    if deck is None:
        return f"deck: {len(unseen)} cards, order hidden (each deal is a chance event)"
    return f"deck: {len(deck)} cards, order known (top: {deck[0]})"


def coin_text(state: Century, coin: Optional[str]) -> str:
    if coin == "gold":
        return f"gold x{state.gold_left}"
    if coin == "silver":
        return f"silver x{state.silver_left}"
    return NONE


def golem_rows(state: Century) -> List[List[str]]:
    """Columns are slots (0 first); rows: coin above the slot, golem, points."""
    row = state.golem_row
    return [
        ["coin"] + [coin_text(state, c) for c in state.golem_row_coins],
        ["golem"] + row,
        ["points"] + [str(Century.golem_points(g)) for g in row],
    ]


def merchant_rows(state: Century) -> List[List[str]]:
    """Columns are slots (0 first); rows: card, crystals lying on it."""
    return [
        ["card"] + state.merchant_row,
        ["crystals"] + [c or NONE for c in state.merchant_row_crystals],
    ]


def names(items: Sequence[str]) -> str:
    return ", ".join(items) if items else NONE


def seat_rows(state: Century, seat: int) -> List[List[str]]:
    s = state.seat(seat)
    count = plural(len(s.golems), "golem")
    return [
        ["caravan", f"{s.crystals or NONE}  ({len(s.crystals)}/10)"],
        ["hand", names(s.hand)],
        ["played", names(s.played)],
        ["golems", f"{names(s.golems)}  ({count}, {s.golem_points} points)"],
        ["coins", f"gold {s.gold}, silver {s.silver}"],
    ]


def seat_title(state: Century, seat: int) -> str:
    s = state.seat(seat)
    mark = " (to move)" if not state.is_terminal() and state.to_move == seat else ""
    if state.is_over() and state.winner() == seat:
        mark = " (winner)"
    return f"Seat {seat}{mark}: score {s.score}"


# ---- plain text -----------------------------------------------------------------------


def aligned(rows: List[List[str]], indent: str = "  ") -> List[str]:
    widths = [
        max(len(r[i]) for r in rows if i < len(r)) for i in range(max(map(len, rows)))
    ]
    return [
        (indent + "  ".join(cell.ljust(widths[i]) for i, cell in enumerate(r))).rstrip()
        for r in rows
    ]


def render_plain(state: Century) -> str:
    slots = len(state.golem_row)
    lines = [status_line(state), last_round_line(state), ""]
    lines.append("Golem row (slot 0 first)")
    lines += aligned([["slot"] + [str(i) for i in range(slots)]] + golem_rows(state))
    lines.append("  " + deck_line(state.golem_deck, state.golem_unseen))
    lines.append("")
    lines.append("Merchant row (slot 0 first)")
    slots = len(state.merchant_row)
    lines += aligned([["slot"] + [str(i) for i in range(slots)]] + merchant_rows(state))
    lines.append("  " + deck_line(state.merchant_deck, state.merchant_unseen))
    for seat in range(state.players):
        lines.append("")
        lines.append(seat_title(state, seat))
        lines += aligned(seat_rows(state, seat))
    lines += ["", moves_line(state)]
    return "\n".join(lines) + "\n"


# ---- Rich -----------------------------------------------------------------------------


def print_rich(state: Century) -> None:
    from rich import box
    from rich.console import Console, Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    def crystals(text: str) -> Text:
        out = Text()
        for letter in text:
            out.append(letter, style=CRYSTAL_STYLES.get(letter, ""))
        return out or Text(NONE, style="dim")

    def slot_table(
        title: str, rows: List[List[str]], crystal_row: Optional[str]
    ) -> Table:
        table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left")
        table.add_column("slot", style="dim")
        for i in range(len(rows[0]) - 1):
            table.add_column(str(i), justify="center")
        for r in rows:
            cells = [
                crystals(c) if r[0] == crystal_row and c != NONE else c for c in r[1:]
            ]
            table.add_row(r[0], *cells)
        return table

    console = Console()
    console.print(Text(status_line(state), style="bold"))
    console.print(
        Text(last_round_line(state), style="red" if state.last_round else "dim")
    )
    golems = slot_table("Golem row", golem_rows(state), crystal_row="golem")
    console.print(golems)
    console.print("  " + deck_line(state.golem_deck, state.golem_unseen), style="dim")
    merchants = slot_table("Merchant row", merchant_rows(state), crystal_row="crystals")
    console.print(merchants)
    console.print(
        "  " + deck_line(state.merchant_deck, state.merchant_unseen), style="dim"
    )
    panels = []
    for seat in range(state.players):
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="dim")
        grid.add_column()
        for label, value in seat_rows(state, seat):
            if label == "caravan":
                s = state.seat(seat)
                grid.add_row(
                    label, crystals(s.crystals) + Text(f"  ({len(s.crystals)}/10)")
                )
            else:
                grid.add_row(label, value)
        to_move = not state.is_terminal() and state.to_move == seat
        panels.append(
            Panel(
                Group(grid),
                title=seat_title(state, seat),
                title_align="left",
                border_style="bold cyan" if to_move else "dim",
                expand=False,
            )
        )
    for panel in panels:
        console.print(panel)
    console.print(moves_line(state))
