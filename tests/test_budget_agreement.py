"""scripts/budget_agreement.py: the same budget agrees with itself (the searches are
reproducible and the script compares the right pairs), and bad input is one line."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

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


def test_a_budget_below_one_is_one_error_line():
    done = run("--budgets", "0")
    assert done.returncode == 2
    assert done.stderr == "error: budgets: positions and budgets must be at least 1\n"


def test_an_unknown_option_is_one_error_line():
    done = run("--options", "cutof=0")
    assert done.returncode == 2
    assert done.stderr.startswith("error: options: cutof: unknown option for ismcts")
    assert done.stderr.count("\n") == 1
