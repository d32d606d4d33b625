"""Search output: progress lines, the final answer and the per-move table.

Only presentation. Progress lines follow a fixed field order, like UCI's ``info``:
``info depth D score S nodes N nps R time MS hashfull H pv m1; m2`` for alpha-beta and
``info iterations I value V nodes N nps R time MS tree T pv m1; m2`` for ISMCTS. Alone,
alpha-beta's score reads ``score S`` (not a margin) and ISMCTS's ``value V`` is
``expected E``, the expected final score (not the search's internal reward).
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


def score_text(entry: Result, objective: str, solo: bool = False) -> str:
    """``win 3`` / ``loss 2`` / ``unproven``, ``margin +4 exact`` / ``margin ~+2.5``;
    alone ``score 45 exact`` / ``score ~2.28``, or ``chance 40.0% exact`` for the exact
    chance to win of a solo ``win``."""
    if objective == "win" and "result" in entry:
        if entry["result"] == "unproven":
            return "unproven"
        return f"{entry['result']} {entry['plies']}"
    value = entry["value"]
    if objective == "win":
        return f"chance {percent(value)} exact"
    name = "score" if solo else "margin"
    if entry["exact"]:
        return f"{name} {value_text(value, True, sign=not solo)} exact"
    return f"{name} ~{value_text(value, False, sign=not solo)}"


def info_line(result: Result, words: Words = PLAIN) -> str:
    millis = round(result["seconds"] * 1000)
    pv = "; ".join(result["pv"])
    if result["algorithm"] == "alphabeta":
        score = score_text(result, result["objective"], words.solo)
        return (
            f"info depth {result['depth']} score {score}"
            f" nodes {result['nodes']} nps {result['nps']} time {millis}"
            f" hashfull {result['hashfull']} pv {pv}"
        )
    if result.get("expected_score") is not None:
        # Alone, the expected final score, not the search's internal reward.
        value = f"expected {value_text(result['expected_score'], False, sign=False)}"
    else:
        value = f"value {result['value']:.3f}"
    return (
        f"info iterations {result['iterations']} {value}"
        f" nodes {result['nodes']} nps {result['nps']} time {millis}"
        f" tree {result['tree_size']} pv {pv}"
    )


def solo_text(result: Result, words: Words) -> str:
    """A solo answer: expected score, and the solo-win chance where known."""
    text = f"expected {words.score_unit} {value_text(result['expected_score'], False, sign=False)}"
    if result.get("solo_win") is not None:
        text += f", {words.solo_goal} {percent(result['solo_win'])}"
    return text


#: What a solo alpha-beta value at a horizon is, and where the final score is estimated.
HORIZON_NOTE = "the evaluation where the depth ran out, not the final {unit}: analyse estimates those"


def _solo_alphabeta_verdict(result: Result, words: Words) -> str:
    depth = plural(result["depth"], "ply", "plies")
    if result["objective"] == "win" and "result" not in result:
        score = value_text(result["expected_score"], True, sign=False)
        return (
            f"{words.solo_goal} {percent(result['solo_win'])}, expected"
            f" {words.score_unit} {score} (exact: every line to the end, {depth})"
        )
    if result["objective"] == "win":
        proof = _proof_verdict(result)
        if result["result"] != "unproven":
            return proof
        return (
            f"{proof}; the rest of the game is too large to give the exact"
            f" {words.solo_goal}: analyse --objective win estimates it"
        )
    if result["exact"]:
        text = f"expected {words.score_unit} {value_text(result['value'], True, sign=False)}"
        if result.get("solo_win") is not None:
            text += f", {words.solo_goal} {percent(result['solo_win'])}"
        return f"{text} (exact, depth {result['depth']})"
    value = value_text(result["value"], False, sign=False)
    note = HORIZON_NOTE.format(unit=words.score_unit)
    return f"evaluation {value} at the horizon (depth {result['depth']}; {note})"


def _proof_verdict(result: Result) -> str:
    if result["result"] == "win":
        return f"forced win in {plural(result['plies'], 'ply', 'plies')}"
    if result["result"] == "loss":
        plies = plural(result["plies"], "ply", "plies")
        return f"forced loss in {plies} (every move loses)"
    depth = plural(result["depth"], "ply", "plies")
    return f"no forced win or loss found within {depth} (unproven)"


def verdict_text(result: Result, words: Words = PLAIN) -> str:
    """The answer in words."""
    if result["algorithm"] == "ismcts":
        iterations = f"({plural(result['iterations'], 'iteration', 'iterations')})"
        if result.get("expected_score") is not None:
            return f"{solo_text(result, words)} {iterations}"
        return f"estimated win chance {percent(result['value'])} {iterations}"
    if words.solo:
        return _solo_alphabeta_verdict(result, words)
    if result["objective"] == "win":
        return _proof_verdict(result)
    kind = "exact" if result["exact"] else "estimated at the horizon"
    value = value_text(result["value"], result["exact"])
    return f"score margin {value} ({kind}, depth {result['depth']})"


def shown_moves(result: Result) -> List[Result]:
    """The best moves, plus every further move proven to win or lose (worth seeing)."""
    moves = result["moves"]
    proven = [m for m in moves[TOP_MOVES:] if m.get("result") in ("win", "loss")]
    return moves[:TOP_MOVES] + proven[: 2 * TOP_MOVES]


def _solo_kind(result: Result) -> str:
    """Which table a solo alpha-beta answer gets: ``chance`` (the exact chance to win),
    ``proof``, ``final`` (exact scores) or ``horizon`` (estimates at the horizon)."""
    if result["objective"] == "win":
        return "proof" if "result" in result else "chance"
    return "final" if result["exact"] else "horizon"


def move_rows(result: Result, words: Words = PLAIN) -> List[List[str]]:
    rows = []
    solo_ismcts = result["algorithm"] == "ismcts" and "expected_score" in result
    solo_kind = (
        _solo_kind(result)
        if words.solo and result["algorithm"] == "alphabeta"
        else None
    )
    for entry in shown_moves(result):
        win = entry.get("solo_win")
        if solo_ismcts:
            row = [
                entry["move"],
                value_text(entry["expected_score"] or 0.0, False, sign=False),
            ]
            if "solo_win" in result:  # a game that can be won alone
                row.append("-" if win is None else percent(win))
            rows.append(row + [str(entry["visits"]), str(entry["available"])])
        elif result["algorithm"] == "ismcts":
            rows.append(
                [
                    entry["move"],
                    percent(entry["value"]),
                    str(entry["visits"]),
                    str(entry["available"]),
                ]
            )
        elif solo_kind == "chance":
            score = value_text(entry["expected_score"], True, sign=False)
            rows.append([entry["move"], percent(win), score])
        elif solo_kind == "final":
            row = [entry["move"], value_text(entry["value"], True, sign=False)]
            if "solo_win" in result:  # a game that can be won alone
                row.append("-" if win is None else percent(win))
            rows.append(row)
        elif solo_kind == "horizon":
            value = value_text(entry["value"], entry["exact"], sign=False)
            rows.append([entry["move"], value if entry["exact"] else f"~{value}"])
        else:
            rows.append([entry["move"], score_text(entry, result["objective"])])
    return rows


def move_headers(result: Result, words: Words = PLAIN) -> List[str]:
    if result["algorithm"] == "ismcts" and "expected_score" in result:
        chance = [words.solo_goal] if "solo_win" in result else []
        return ["move", f"expected {words.score_unit}", *chance, "visits", "available"]
    if result["algorithm"] == "ismcts":
        return ["move", "win chance", "visits", "available"]
    if words.solo:
        kind = _solo_kind(result)
        if kind == "chance":
            return ["move", words.solo_goal, f"expected {words.score_unit}"]
        if kind == "final":
            headers = ["move", f"expected {words.score_unit}"]
            return headers + ([words.solo_goal] if "solo_win" in result else [])
        if kind == "horizon":
            return [
                "move",
                f"evaluation at the horizon (~) or final {words.score_unit}",
            ]
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
