"""``golem-solve arena`` output: a progress bar while the games run, then the table.

The games, the seat rotation and the statistics are the core's; this module only shows
progress and formats the report.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from typing import Any, Callable, Dict, Iterator, List

from .. import arena as api

Report = Dict[str, Any]


def run(bots: List[str], options: Dict[str, Any]) -> Report:
    """Plays the games, with a Rich bar on stderr when a person watches it."""
    if not progress_wanted():
        return api.run(bots, **options)
    with progress_bar(options["games"]) as on_progress:
        return api.run(bots, on_progress=on_progress, **options)


@contextmanager
def progress_bar(
    total: int, description: str = "games"
) -> Iterator[Callable[[int, int], None]]:
    """A transient bar on stderr; yields the ``on_progress`` callback that moves it."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(description, total=total)
        yield lambda done, total: bar.update(task, completed=done)


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def table(report: Report) -> str:
    """The report as aligned text: one line per bot."""
    if report.get("backend") == "ray":
        where = f"Ray: {report['threads']} CPUs, {report['tasks']} tasks"
    else:
        where = f"{report['threads']} threads"
    head = (
        f"{report['games']} games, {report['players']} players, seed {report['seed']}"
        f", {where}, {report['seconds']:.1f} s"
    )
    rows = [("bot", "games", "wins", "win rate", "95% CI", "mean score", "mean plies")]
    for bot in report["bots"]:
        low, high = bot["ci95"]
        rows.append(
            (
                bot["bot"],
                str(bot["games"]),
                str(bot["wins"]),
                _percent(bot["win_rate"]),
                f"{_percent(low)}-{_percent(high)}",
                f"{bot['mean_score']:.1f}",
                f"{bot['mean_plies']:.1f}",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    if report.get("stopped"):
        head += f"; stopped after {report['played']} games (the table covers those)"
    lines = [head, ""]
    for row in rows:
        cells = [row[0].ljust(widths[0])]
        cells += [cell.rjust(width) for cell, width in zip(row[1:], widths[1:])]
        lines.append("  ".join(cells).rstrip())
    if report["unfinished"]:
        lines.append("")
        lines.append(
            f"{report['unfinished']} games unfinished after {report['max_plies']} plies"
            " (not counted above)"
        )
    return "\n".join(lines)


def progress_wanted() -> bool:
    """A bar only for a person watching: stderr is a terminal."""
    return sys.stderr.isatty()
