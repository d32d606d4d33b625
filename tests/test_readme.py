"""The README's examples are true: every command block marked as an example is run, and
its output compared with the README's after normalising what a run cannot repeat (times
and speeds). A line ``...`` in the README stands for any number of lines."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MARK = "<!-- example: tests/test_readme.py runs this and compares its output -->"
BLOCK = re.compile(re.escape(MARK) + r"\n```text\n(.*?)```", re.S)

#: What differs between runs of the same command: speeds and times (and so the width
#: of the columns that hold them: runs of spaces count as one).
VOLATILE = [
    (re.compile(r"\s+"), " "),
    (re.compile(r"\bnps \d+"), "nps N"),
    (re.compile(r"\btime \d+"), "time T"),
    (re.compile(r"\b\d+\.\d+ s\b"), "T s"),
    (re.compile(r"\(ms\) : \d+"), "(ms) : T"),
    (re.compile(r"Nodes/second : \d+"), "Nodes/second : N"),
]


def examples() -> list[str]:
    return BLOCK.findall((ROOT / "README.md").read_text(encoding="utf-8"))


def normalise(line: str) -> str:
    for pattern, replacement in VOLATILE:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def shown_as(expected: list[str], actual: list[str]) -> bool:
    """Whether ``actual`` reads as ``expected``, each ``...`` line standing for any run of
    lines (none included)."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(shown_as(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return (
        bool(actual) and actual[0] == expected[0] and shown_as(expected[1:], actual[1:])
    )


def test_the_readme_marks_its_examples():
    commands = [block.splitlines()[0] for block in examples()]
    assert any(c.startswith("$ golem-solve solve") for c in commands)
    assert any(c.startswith("$ golem-solve arena") for c in commands)
    assert any(c.startswith("$ golem-solve bench") for c in commands)


def test_a_stale_figure_would_be_caught():
    assert shown_as(["a", "...", "d"], ["a", "b", "c", "d"])
    assert not shown_as(["a", "...", "d"], ["a", "b", "c", "e"])
    assert normalise("nodes 607385 nps 9942897 time 61") == "nodes 607385 nps N time T"
    assert normalise("nodes 607385") != normalise("nodes 607591")


@pytest.mark.parametrize("block", examples(), ids=lambda b: b.splitlines()[0][2:40])
def test_a_readme_example_prints_what_the_readme_shows(block):
    command, *expected = block.rstrip("\n").splitlines()
    words = shlex.split(command.removeprefix("$ "))
    assert words[0] == "golem-solve"
    done = subprocess.run(
        [sys.executable, "-m", "golem_solver.cli", *words[1:]],
        cwd=ROOT,
        capture_output=True,
        encoding="utf-8",
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    actual = [normalise(line) for line in done.stdout.splitlines()]
    wanted = [normalise(line) for line in expected]
    assert shown_as(wanted, actual), "\n".join(actual)
