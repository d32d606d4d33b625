"""What a results row records about the sitting that played it: the commit of the
checkout (``+dirty`` with uncommitted changes) and the machine's 1-minute load average.

A timed rung's score depends on both, so rows played apart are only comparable when they
agree (docs/strength.md, "Rows played apart are not paired"). Outside a git checkout the
commit is None.
"""

from __future__ import annotations

import functools
import os
import subprocess
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parent.parent


@functools.lru_cache(maxsize=1)
def commit() -> Optional[str]:
    """The checkout's short commit, read once a process (rows of one run share it)."""

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.strip()

    try:
        head = git("rev-parse", "--short=12", "HEAD")
        dirty = git(
            "status", "--porcelain", "--untracked-files=no", "--", "rust", "python"
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    return head + ("+dirty" if dirty else "")


def load() -> Optional[float]:
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None


def sitting() -> dict:
    return {"commit": commit(), "load": load()}
