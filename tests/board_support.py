"""What the board's browser tests and its benchmark share: the system Chromium (Debian's
``chromium``, started by its path; nothing is downloaded) and a ``golem-solve board``
process on a free port."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from typing import Optional

CHROMIUM: Optional[str] = (
    os.environ.get("GOLEM_CHROMIUM")
    or shutil.which("chromium")
    or shutil.which("chromium-browser")
)


def start_board(*args: str) -> subprocess.Popen:
    """``golem-solve board --no-browser --port 0 ARGS...`` with its output piped."""
    return subprocess.Popen(
        [sys.executable, "-m", "golem_solver.cli", "board", "--no-browser"]
        + ["--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


class BoardServer:
    """``golem-solve board --no-browser --port 0`` for a ``with`` block: ``url`` is the
    line it printed (token included); leaving the block presses Ctrl-C and keeps the
    exit status and standard error in ``returncode`` and ``stderr``."""

    def __enter__(self) -> "BoardServer":
        self.process = start_board()
        line = self.process.stdout.readline().strip()
        if not line.startswith("board: http://127.0.0.1:"):
            self.process.kill()
            _, err = self.process.communicate(timeout=15)
            raise RuntimeError(f"the board did not start: {line!r} {err}")
        self.url = line.split(" ", 1)[1]
        self.returncode: Optional[int] = None
        self.stderr = ""
        return self

    def __exit__(self, *_exc) -> None:
        self.process.send_signal(signal.SIGINT)
        _, self.stderr = self.process.communicate(timeout=15)
        self.returncode = self.process.returncode
