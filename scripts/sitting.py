"""What a results row records about the sitting that played it: the engine it ran (the
last commit that changed the engine's files, ``+dirty`` with uncommitted changes to them)
and the machine's 1-minute load average.

A timed rung's score depends on both, so rows played apart are only comparable when they
agree (docs/strength.md, "Rows played apart are not paired"). Commits of results files
and docs leave the engine as it was. Outside a git checkout the engine is None.
"""

from __future__ import annotations

import functools
import os
import subprocess
from pathlib import Path
from typing import Optional

ROOT = Path(__file__).resolve().parent.parent
# What the bots' play depends on: the core, the bindings and the package.
ENGINE_PATHS = ("rust", "python", "Cargo.toml", "Cargo.lock", "pyproject.toml")


@functools.lru_cache(maxsize=None)
def engine(root: Path = ROOT) -> Optional[str]:
    """The last commit that changed the engine in the checkout at ``root``, read once a
    process (rows of one run share it)."""

    def git(*args: str) -> str:
        return subprocess.run(
            ["git", *args], cwd=root, capture_output=True, text=True, check=True
        ).stdout.strip()

    try:
        last = git("log", "-1", "--format=%h", "--abbrev=12", "--", *ENGINE_PATHS)
        dirty = git(
            "status", "--porcelain", "--untracked-files=no", "--", *ENGINE_PATHS
        )
    except (OSError, subprocess.CalledProcessError):
        return None
    if not last:
        return None
    return last + ("+dirty" if dirty else "")


def load() -> Optional[float]:
    try:
        return round(os.getloadavg()[0], 2)
    except OSError:
        return None


def sitting() -> dict:
    return {"engine": engine(), "load": load()}
