"""``golem-solve arena``: run the Rust arena with a progress bar and print its results.

The games, the seat rotation and the statistics are the core's (``golem_core::arena``);
this module only shows progress and formats the report.
"""

from __future__ import annotations

import sys
import time
from typing import Any, Dict, List, Optional

from ._core import arena as run_arena

Report = Dict[str, Any]


def run(
    bots: List[str],
    games: int,
    players: Optional[int],
    seed: int,
    threads: int,
    max_plies: int,
    progress: bool,
) -> Report:
    """Plays the games; with ``progress`` a Rich bar on stderr. Adds ``seconds`` and
    ``threads`` to the core's report (they do not change the results)."""
    start = time.perf_counter()
    options = dict(
        games=games, players=players, seed=seed, threads=threads, max_plies=max_plies
    )
    if progress:
        report = _with_progress_bar(bots, options)
    else:
        # The callback still matters: calling into Python lets Ctrl-C through.
        report = run_arena(bots, on_progress=lambda done, total: None, **options)
    report["threads"] = threads
    report["seconds"] = round(time.perf_counter() - start, 3)
    return report


def _with_progress_bar(bots: List[str], options: Dict[str, Any]) -> Report:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    columns = (
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("games", total=options["games"])
        return run_arena(
            bots,
            on_progress=lambda done, total: bar.update(task, completed=done),
            **options,
        )


def _percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def table(report: Report) -> str:
    """The report as aligned text: one line per bot."""
    head = (
        f"{report['games']} games, {report['players']} players, seed {report['seed']}"
        f", {report['threads']} threads, {report['seconds']:.1f} s"
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
