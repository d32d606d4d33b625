"""Search output: progress lines, the final answer and the per-move table.

Only presentation. Progress lines follow a fixed field order, like UCI's ``info``:
``info depth D score S nodes N nps R time MS hashfull H pv m1; m2`` for alpha-beta and
``info iterations I value V nodes N nps R time MS tree T pv m1; m2`` for ISMCTS.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Dict, List

from .render.generic import plural

Result = Dict[str, Any]
TOP_MOVES = 10


class Words:
    """How a result reads: whether it is a solo game's, the score's unit and what a solo
    win means (a game's renderer may set ``SCORE_UNIT`` and ``SOLO_GOAL``)."""

    def __init__(
        self,
        solo: bool = False,
        score_unit: str = "points",
        solo_goal: str = "chance to win",
    ) -> None:
        self.solo = solo
        self.score_unit = score_unit
        self.solo_goal = solo_goal


PLAIN = Words()


def value_text(value: Any, exact: bool, sign: bool = True) -> str:
    """Every value printed the same way: an exact one as an integer where it is one,
    an expected or estimated one with two decimals."""
    if exact and float(value).is_integer():
        number = int(value)
        return f"{number:+d}" if sign else str(number)
    return f"{value:+.2f}" if sign else f"{value:.2f}"


def percent(p: float) -> str:
    return f"{p:.1%}"


def score_text(entry: Result, objective: str) -> str:
    """``win 3`` / ``loss 2`` / ``unproven`` or ``margin +4 exact`` / ``margin ~+2.5``."""
    if objective == "win":
        if entry["result"] == "unproven":
            return "unproven"
        return f"{entry['result']} {entry['plies']}"
    value = entry["value"]
    if entry["exact"]:
        return f"margin {value_text(value, True)} exact"
    return f"margin ~{value_text(value, False)}"


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


def solo_text(result: Result, words: Words) -> str:
    """A solo ISMCTS answer: expected score, and the solo-win chance where measured."""
    text = f"expected {words.score_unit} {value_text(result['expected_score'], False, sign=False)}"
    if result.get("solo_win") is not None:
        text += f", {words.solo_goal} {percent(result['solo_win'])}"
    return text


def verdict_text(result: Result, words: Words = PLAIN) -> str:
    """The answer in words."""
    if result["algorithm"] == "ismcts":
        iterations = f"({plural(result['iterations'], 'iteration', 'iterations')})"
        if result.get("expected_score") is not None:
            return f"{solo_text(result, words)} {iterations}"
        return f"estimated win chance {percent(result['value'])} {iterations}"
    if result["objective"] == "win":
        if result["result"] == "win":
            return f"forced win in {plural(result['plies'], 'ply', 'plies')}"
        if result["result"] == "loss":
            plies = plural(result["plies"], "ply", "plies")
            return f"forced loss in {plies} (every move loses)"
        depth = plural(result["depth"], "ply", "plies")
        return f"no forced win or loss found within {depth} (unproven)"
    kind = "exact" if result["exact"] else "estimated at the horizon"
    value = value_text(result["value"], result["exact"], sign=not words.solo)
    if words.solo:
        text = f"expected {words.score_unit} {value}"
        if result.get("solo_win") is not None:
            text += f", {words.solo_goal} {percent(result['solo_win'])}"
        return f"{text} ({kind}, depth {result['depth']})"
    return f"score margin {value} ({kind}, depth {result['depth']})"


def shown_moves(result: Result) -> List[Result]:
    """The best moves, plus every further move proven to win or lose (worth seeing)."""
    moves = result["moves"]
    proven = [m for m in moves[TOP_MOVES:] if m.get("result") in ("win", "loss")]
    return moves[:TOP_MOVES] + proven[: 2 * TOP_MOVES]


def move_rows(result: Result, words: Words = PLAIN) -> List[List[str]]:
    rows = []
    solo_ismcts = result["algorithm"] == "ismcts" and "expected_score" in result
    for entry in shown_moves(result):
        if solo_ismcts:
            win = entry.get("solo_win")
            rows.append(
                [
                    entry["move"],
                    value_text(entry["expected_score"] or 0.0, False, sign=False),
                    "-" if win is None else percent(win),
                    str(entry["visits"]),
                    str(entry["available"]),
                ]
            )
        elif result["algorithm"] == "ismcts":
            rows.append(
                [
                    entry["move"],
                    percent(entry["value"]),
                    str(entry["visits"]),
                    str(entry["available"]),
                ]
            )
        elif words.solo and result["objective"] == "score":
            rows.append(
                [entry["move"], value_text(entry["value"], entry["exact"], sign=False)]
            )
        else:
            rows.append([entry["move"], score_text(entry, result["objective"])])
    return rows


def move_headers(result: Result, words: Words = PLAIN) -> List[str]:
    if result["algorithm"] == "ismcts" and "expected_score" in result:
        return [
            "move",
            f"expected {words.score_unit}",
            words.solo_goal,
            "visits",
            "available",
        ]
    if result["algorithm"] == "ismcts":
        return ["move", "win chance", "visits", "available"]
    if words.solo and result["objective"] == "score":
        return ["move", f"expected {words.score_unit}"]
    return ["move", "score"]


def cut_note(result: Result, rows: List[List[str]]) -> str:
    """What a move table cut for space says below it, or nothing."""
    total = len(result["moves"])
    return (
        f"{len(rows)} of {total} moves shown; --json for all"
        if len(rows) < total
        else ""
    )


def print_final(result: Result, rich: bool, words: Words = PLAIN) -> None:
    best = result["best"]
    pv = "; ".join(result["pv"]) or "-"
    headers, rows = move_headers(result, words), move_rows(result, words)
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
            f"[bold]best move:[/bold] [green]{best}[/green] — {verdict_text(result, words)}{stopped}"
        )
        console.print(f"[bold]principal variation:[/bold] {pv}")
        table = Table(title=f"moves (of {len(result['moves'])})")
        for header in headers:
            table.add_column(header)
        for row in rows:
            table.add_row(*row)
        console.print(table)
        if cut_note(result, rows):
            console.print(cut_note(result, rows))
        return
    if forced:
        print(f"after the forced {forced}")
    print(f"best move: {best} — {verdict_text(result, words)}{stopped}")
    print(f"principal variation: {pv}")
    widths = [max(len(h), *(len(r[i]) for r in rows)) for i, h in enumerate(headers)]
    print("  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip())
    for row in rows:
        print("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip())
    if cut_note(result, rows):
        print(cut_note(result, rows))
    sys.stdout.flush()


def json_line(result: Result) -> str:
    return json.dumps(result, separators=(", ", ": "))
