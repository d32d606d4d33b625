"""scripts/budget_agreement.py: the same budget agrees with itself (the searches are
reproducible and the script compares the right pairs), and bad input is one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "budget_agreement.py"


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPT), *args],
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_a_budget_agrees_with_itself_on_every_position():
    done = run("--positions", "4", "--budgets", "30", "30", "--player", "greedy")
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if line.startswith("| 30 |")]
    assert len(rows) == 2
    # Seed 1 at 30 iterations against seed 1 at 30 iterations: the same move every time.
    assert "| 100% (51-100%) (v 30) | - | - |" in rows[0]
    assert rows[1].endswith("| - | - | - |")


def test_bad_arguments_are_one_error_line_each():
    cases = {
        ("--budgets", "0"): "error: budgets: every budget must be at least 1 iteration",
        ("--every", "0"): "error: every: must be at least 1",
        ("--positions", "0"): "error: positions: must be at least 1",
        ("--game", "chess"): "error: game: unknown game 'chess'",
        ("--player", "grady"): "error: player: ",
        ("--players", "9"): "error: players: ",
    }
    for args, start in cases.items():
        done = run(*args)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.startswith(start), (args, done.stderr)
        assert done.stderr.count("\n") == 1, (args, done.stderr)


def test_an_unknown_option_is_one_error_line():
    done = run("--options", "cutof=0")
    assert done.returncode == 2
    assert done.stderr.startswith("error: options: cutof: unknown option for ismcts")
    assert done.stderr.count("\n") == 1


def test_where_budgets_disagree_the_longer_searchs_own_statistics_are_tallied():
    sys.path.insert(0, str(SCRIPT.parent))
    import budget_agreement

    def result(best, moves):
        return {
            "best": best,
            "moves": [{"move": m, "visits": v, "value": x} for m, v, x in moves],
        }

    tally = budget_agreement.Tally([10, 100])
    short = result("a", [("a", 6, 0.5), ("b", 4, 0.4)])
    long_ = result("b", [("b", 80, 0.6), ("a", 20, 0.55)])
    tally.add({10: [short, short], 100: [long_, result("a", [("a", 1, 0.5)])]})
    assert tally.positions == 1
    assert tally.stable == {10: 1, 100: 0}
    assert tally.agree[10] == 0
    assert tally.gaps[10] == [pytest.approx(0.05)]
    assert tally.shares[10] == [pytest.approx(0.25)]
    rows = tally.table().splitlines()
    assert rows[2] == "| 10 | 100% (21-100%) | 0% (0-79%) (v 100) | +0.0500 | 25% |"
    assert rows[3] == "| 100 | 0% (0-79%) | - | - | - |"


def test_a_move_the_longer_search_never_tried_has_no_value_gap():
    sys.path.insert(0, str(SCRIPT.parent))
    import budget_agreement

    tally = budget_agreement.Tally([10, 100])
    short = {"best": "a", "moves": [{"move": "a", "visits": 9, "value": 0.5}]}
    long_ = {"best": "b", "moves": [{"move": "b", "visits": 99, "value": 0.6}]}
    tally.add({10: [short, short], 100: [long_, long_]})
    assert tally.gaps[10] == [] and tally.shares[10] == [0.0]
