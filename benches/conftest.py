"""Speed benchmarks: each prints its figure (and the target, where the issue names one).

Quick mode (``GOLEM_BENCH_QUICK=1``, what CI runs) uses small budgets so the whole set
takes about a minute; the full mode measures longer. Figures are collected and printed
at the end of the run, one line each, so they show without ``-s``.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

QUICK = os.environ.get("GOLEM_BENCH_QUICK", "") not in ("", "0")
ROOT = Path(__file__).resolve().parent.parent
FIGURES: list[str] = []


def pick(quick, full):
    """A budget: the small one in quick mode."""
    return quick if QUICK else full


def timed(run):
    """``run()``'s value and the seconds it took."""
    start = time.perf_counter()
    value = run()
    return value, time.perf_counter() - start


@pytest.fixture
def report():
    def add(
        name: str, value: float, unit: str, target: float | None = None, note: str = ""
    ):
        line = f"{name:<44} {value:>14,.1f} {unit}"
        if target is not None:
            verdict = (
                "met"
                if value >= target
                else f"MISSED by {target / max(value, 1e-9):.1f}x"
            )
            line += f"   (target >= {target:,.0f}: {verdict})"
        if note:
            line += f"   {note}"
        FIGURES.append(line)

    return add


def pytest_terminal_summary(terminalreporter):
    if FIGURES:
        mode = "quick" if QUICK else "full"
        terminalreporter.section(f"golem-solver figures ({mode} mode)")
        for line in FIGURES:
            terminalreporter.write_line(line)
