"""scripts/short_search_rate.py: the table of short-search iteration counts docs/strength.md
quotes has a row per example position and a count range per setting."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "short_search_rate.py"


def test_the_table_has_a_positive_range_per_position_and_setting():
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--movetime", "2", "--calls", "2"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    rows = [
        line for line in out.splitlines() if line.startswith("| ") and ".toml" in line
    ]
    assert [row.split(" | ")[0] for row in rows] == [
        "| century-midgame.toml",
        "| merchant-explorers-start.toml",
        "| golem-cranio-start.toml",
    ]
    for row in rows:
        cells = [c.strip() for c in row.strip("| ").split(" | ")[1:]]
        assert len(cells) == 3, row
        for cell in cells:
            low, high = (
                int(x.replace(",", ""))
                for x in re.fullmatch(r"([\d,]+)-([\d,]+)", cell).groups()
            )
            assert 0 < low <= high, row
