"""``golem-solve bench`` output, Stockfish-style: a line per search, a subtotal per game,
then the totals.

``Nodes searched`` of the built-in run is the search signature: it depends only on the
code, and the core records its current value (``expected``).
"""

from __future__ import annotations

from typing import Any, Dict

Line = Dict[str, Any]


def line_text(line: Line) -> str:
    return (
        f"{line['position']:<18} {line['search']:<60}"
        f" {line['nodes']:>10} nodes {line['seconds']:>7.3f} s"
    )


def subtotal_text(game: Line) -> str:
    """A game's share of the total, aligned with the search lines."""
    label = f"{game['game']} subtotal"
    return f"{label:<79} {game['nodes']:>10} nodes {game['seconds']:>7.3f} s"


def summary(result: Dict[str, Any]) -> str:
    lines = [
        "=" * 27,
        f"Total time (ms) : {round(result['seconds'] * 1000)}",
        f"Nodes searched  : {result['nodes']}",
        f"Nodes/second    : {result['nps']}",
    ]
    # An ad-hoc run (expected None) has no recorded signature to hold it to.
    if result["expected"] is not None and result["nodes"] != result["expected"]:
        lines.append(
            f"signature differs from the recorded {result['expected']}:"
            " search behaviour changed"
        )
    return "\n".join(lines)
