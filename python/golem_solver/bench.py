"""``golem-solve bench``: the fixed bench searches, printed Stockfish-style.

``Nodes searched`` is the search signature: it depends only on the code, and
``golem_core::bench::SIGNATURE`` records its current value.
"""

from __future__ import annotations

from typing import Any, Callable, Dict

from ._core import bench as run_bench

Line = Dict[str, Any]


def line_text(line: Line) -> str:
    return (
        f"{line['position']:<18} {line['search']:<60}"
        f" {line['nodes']:>10} nodes {line['seconds']:>7.3f} s"
    )


def run(on_line: Callable[[Line], None] = lambda line: None) -> Dict[str, Any]:
    return run_bench(on_line=on_line)


def summary(result: Dict[str, Any]) -> str:
    lines = [
        "=" * 27,
        f"Total time (ms) : {round(result['seconds'] * 1000)}",
        f"Nodes searched  : {result['nodes']}",
        f"Nodes/second    : {result['nps']}",
    ]
    if result["nodes"] != result["expected"]:
        lines.append(
            f"signature differs from the recorded {result['expected']}:"
            " search behaviour changed"
        )
    return "\n".join(lines)
