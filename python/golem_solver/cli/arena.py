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


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def _solo_rows(report: Report, solo_win: bool) -> List[tuple]:
    """One player: the mean score with its 95% interval, and where the game can be won
    alone, the solo-win rate with its Wilson interval."""
    head = ("bot", "games", "mean score", "95% CI")
    if solo_win:
        head += ("solo wins", "rate", "95% CI")
    rows = [head + ("mean plies",)]
    for bot in report["bots"]:
        low, high = bot["score_ci95"]
        row = (
            bot["bot"],
            str(bot["games"]),
            f"{bot['mean_score']:.2f}",
            f"{low:.2f}-{high:.2f}",
        )
        if solo_win:
            win_low, win_high = bot["ci95"]
            row += (
                str(bot["wins"]),
                _percent(bot["win_rate"]),
                f"{_percent(win_low)}-{_percent(win_high)}",
            )
        rows.append(row + (f"{bot['mean_plies']:.1f}",))
    return rows


def table(report: Report, solo_win: bool = True) -> str:
    """The report as aligned text: one line per bot. ``solo_win``: whether a 1-player
    game of this game can be won (else it is played for its score alone)."""
    if report.get("backend") == "ray":
        where = f"Ray: {report['threads']} CPUs, {report['tasks']} tasks"
    else:
        where = _count(report["threads"], "thread")
    head = (
        f"{_count(report['games'], 'game')}, {_count(report['players'], 'player')}"
        f", seed {report['seed']}"
        f", {where}, {report['seconds']:.1f} s"
    )
    rows = [("bot", "games", "wins", "win rate", "95% CI", "mean score", "mean plies")]
    for bot in report["bots"] if report["players"] > 1 else []:
        low, high = bot["ci95"]
        rows.append(
            (
                bot["bot"],
                str(bot["games"]),
                str(bot["wins"]),
                _percent(bot["win_rate"]),
                f"{_percent(low)}-{_percent(high)}",
                f"{bot['mean_score']:.2f}",
                f"{bot['mean_plies']:.1f}",
            )
        )
    if report["players"] == 1:
        rows = _solo_rows(report, solo_win)
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
