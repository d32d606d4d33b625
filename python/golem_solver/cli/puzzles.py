"""``golem-solve puzzles`` output: a line per puzzle not solved, then the totals."""

from __future__ import annotations

import json

from ..puzzles import Outcome, Summary
from .text import escape


def outcome_line(o: Outcome) -> str:
    """One line per puzzle: id, status, expected and found answers, and any problem."""
    tail = f" ({'; '.join(o.problems)})" if o.problems else ""
    # The id comes from the suite file: escaped, so it cannot forge or clear lines.
    return escape(
        f"{o.puzzle.id:<14} {o.status:<8} expected {o.puzzle.expected_text()},"
        f" found {o.found}, best {o.best_move} nodes {o.nodes}{tail}"
    )


def summary_line(s: Summary) -> str:
    t = s.totals()
    return (
        f"total {t['total']}  solved {t['solved']}  best {t['best']}"
        f"  unsolved {t['unsolved']}  wrong {t['wrong']}  bad PVs {t['bad_pv']}"
        f"  nodes {t['nodes']}  time {t['seconds']:.2f} s"
        + ("  stopped" if t["stopped"] else "")
    )


def summary_json(s: Summary) -> str:
    puzzles = [
        {
            "id": o.puzzle.id,
            "status": o.status,
            "expected": o.puzzle.expected_text(),
            "found": o.found,
            "best": o.best_move,
            "pv": o.pv,
            "depth": o.depth,
            "nodes": o.nodes,
            "seconds": round(o.seconds, 6),
            "problems": o.problems,
        }
        for o in s.outcomes
    ]
    return json.dumps({**s.totals(), "puzzles": puzzles})
