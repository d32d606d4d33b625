"""Search output: progress lines, the final answer and the per-move table.

Only presentation. Progress lines follow a fixed field order, like UCI's ``info``:
``info depth D score S nodes N nps R time MS hashfull H pv m1; m2`` for alpha-beta and
``info iterations I value V nodes N nps R time MS tree T pv m1; m2`` for ISMCTS.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Dict, List

Result = Dict[str, Any]
TOP_MOVES = 10


def score_text(entry: Result, objective: str) -> str:
    """``win 3`` / ``loss 2`` / ``unproven`` or ``margin +4 exact`` / ``margin ~+2.5``."""
    if objective == "win":
        if entry["result"] == "unproven":
            return "unproven"
        return f"{entry['result']} {entry['plies']}"
    value = entry["value"]
    sign = "+" if value >= 0 else ""
    if entry["exact"]:
        return f"margin {sign}{value} exact"
    return (
        f"margin ~{sign}{value:.2f}"
        if isinstance(value, float)
        else f"margin ~{sign}{value}"
    )


def info_line(result: Result) -> str:
    millis = round(result["seconds"] * 1000)
    pv = "; ".join(result["pv"])
    if result["algorithm"] == "alphabeta":
        return (
            f"info depth {result['depth']} score {score_text(result, result['objective'])}"
            f" nodes {result['nodes']} nps {result['nps']} time {millis}"
            f" hashfull {result['hashfull']} pv {pv}"
        )
    return (
        f"info iterations {result['iterations']} value {result['value']:.3f}"
        f" nodes {result['nodes']} nps {result['nps']} time {millis}"
        f" tree {result['tree_size']} pv {pv}"
    )


def verdict_text(result: Result) -> str:
    """The answer in words."""
    if result["algorithm"] == "ismcts":
        return f"estimated win chance {result['value']:.1%} ({result['iterations']} iterations)"
    if result["objective"] == "win":
        if result["result"] == "win":
            return f"forced win in {result['plies']} plies"
        if result["result"] == "loss":
            return f"forced loss in {result['plies']} plies (every move loses)"
        return f"no forced win or loss found within {result['depth']} plies (unproven)"
    kind = "exact" if result["exact"] else "estimated at the horizon"
    return f"score margin {result['value']:+} ({kind}, depth {result['depth']})"


def shown_moves(result: Result) -> List[Result]:
    """The best moves, plus every further move proven to win or lose (worth seeing)."""
    moves = result["moves"]
    proven = [m for m in moves[TOP_MOVES:] if m.get("result") in ("win", "loss")]
    return moves[:TOP_MOVES] + proven[: 2 * TOP_MOVES]


def move_rows(result: Result) -> List[List[str]]:
    rows = []
    for entry in shown_moves(result):
        if result["algorithm"] == "ismcts":
            rows.append(
                [
                    entry["move"],
                    f"{entry['value']:.3f}",
                    str(entry["visits"]),
                    str(entry["available"]),
                ]
            )
        else:
            rows.append([entry["move"], score_text(entry, result["objective"])])
    return rows


def move_headers(result: Result) -> List[str]:
    if result["algorithm"] == "ismcts":
        return ["move", "value", "visits", "available"]
    return ["move", "score"]


def print_final(result: Result, rich: bool) -> None:
    best = result["best"]
    pv = "; ".join(result["pv"]) or "-"
    headers, rows = move_headers(result), move_rows(result)
    if result.get("interrupted"):
        stopped = " (stopped)"
    elif result.get("stopped"):
        stopped = " (stopped early: budget reached)"
    else:
        stopped = ""
    forced = "; ".join(result.get("forced") or [])
    if rich:
        from rich.console import Console
        from rich.markup import escape
        from rich.table import Table

        console = Console()
        if forced:
            console.print(f"[bold]after the forced[/bold] {escape(forced)}")
        console.print(
            f"[bold]best move:[/bold] [green]{best}[/green] — {verdict_text(result)}{stopped}"
        )
        console.print(f"[bold]principal variation:[/bold] {pv}")
        table = Table(title=f"moves (of {len(result['moves'])})")
        for header in headers:
            table.add_column(header)
        for row in rows:
            table.add_row(*row)
        console.print(table)
        return
    if forced:
        print(f"after the forced {forced}")
    print(f"best move: {best} — {verdict_text(result)}{stopped}")
    print(f"principal variation: {pv}")
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip())
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    sys.stdout.flush()


def json_line(result: Result) -> str:
    return json.dumps(result, separators=(", ", ": "))
