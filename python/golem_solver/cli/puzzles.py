"""``golem-solve puzzles``: the command, a line per puzzle not solved, then the totals."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Optional

import typer

from .. import backends
from ..errors import refusal
from ..puzzles import Outcome, SuiteError, Summary, load_suite, run_suite
from .options import AddressOpt, AllowOutsideOpt, BackendOpt, int_option
from .program import EXIT_INTERRUPTED, app, reports_errors, run_interruptibly
from .text import escape


def outcome_line(o: Outcome) -> str:
    """One line per puzzle: id, status, expected and found answers, and any problem."""
    tail = f" ({'; '.join(o.problems)})" if o.problems else ""
    # The id comes from the suite file: escaped, so it cannot forge or clear lines.
    return escape(
        f"{o.puzzle.id:<14} {o.status:<8} expected {o.puzzle.expected_text()},"
        f" found {o.found}, best {o.best_move} nodes {o.nodes}{tail}"
    )


def summary_line(s: Summary) -> str:
    t = s.totals()
    return (
        f"total {t['total']}  solved {t['solved']}  best {t['best']}"
        f"  unsolved {t['unsolved']}  wrong {t['wrong']}  bad PVs {t['bad_pv']}"
        f"  nodes {t['nodes']}  time {t['seconds']:.2f} s"
        + ("  stopped" if t["stopped"] else "")
    )


def summary_json(s: Summary) -> str:
    puzzles = [
        {
            "id": o.puzzle.id,
            "status": o.status,
            "expected": o.puzzle.expected_text(),
            "found": o.found,
            "best": o.best_move,
            "pv": o.pv,
            "depth": o.depth,
            "nodes": o.nodes,
            "seconds": round(o.seconds, 6),
            "problems": o.problems,
        }
        for o in s.outcomes
    ]
    return json.dumps({**s.totals(), "puzzles": puzzles})


# ---- the command ----------------------------------------------------------------------

SuiteArg = typer.Argument(..., metavar="FILE", help="Puzzle suite (JSON lines).")


@app.command("puzzles")
@reports_errors
def puzzles_command(
    suite: Path = SuiteArg,
    depth: Optional[int] = int_option(
        None,
        "--depth",
        "-d",
        key="depth",
        help="Search depth (default: each puzzle's own).",
    ),
    nodes: Optional[int] = int_option(
        None, "--nodes", key="nodes", help="Node budget per puzzle."
    ),
    movetime: Optional[int] = int_option(
        None, "--movetime", key="movetime", help="Time budget per puzzle (ms)."
    ),
    allow_outside: bool = AllowOutsideOpt,
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
    backend: str = BackendOpt,
    address: Optional[str] = AddressOpt,
    threads: Optional[int] = int_option(
        None,
        "--threads",
        "-t",
        key="threads",
        help="With --backend ray and no --address: the local runtime's CPUs (default"
        " all).",
    ),
) -> None:
    """Run a puzzle suite with alpha-beta: a line per puzzle not solved, then the totals.
    Exit status 1 on any wrong answer or bad PV. Ctrl-C prints the totals of the puzzles
    done so far ("stopped") and exits with status 130. --backend ray searches the
    puzzles as Ray tasks (docs/scale.md); the report is the same."""
    backends.check_backend(backend, address, threads)
    if backend == backends.THREADS and threads not in (None, 1):
        raise refusal("threads", "only with --backend ray")
    if backend == backends.RAY:
        backends.ray_backend()  # not installed: said before the suite is read
    try:
        loaded = load_suite(suite, allow_outside=allow_outside)
    except SuiteError as e:
        raise refusal(e.field, e.message) from None

    def show(outcome: Outcome) -> None:
        if not as_json and outcome.status != "solved":
            print(outcome_line(outcome), flush=True)

    summary, interrupted = run_interruptibly(
        lambda token: run_suite(
            loaded,
            depth,
            nodes,
            movetime,
            show,
            stop=token,
            backend=backend,
            address=address,
            threads=threads,
        )
    )
    if as_json:
        typer.echo(summary_json(summary))
    else:
        typer.echo(summary_line(summary))
    if interrupted:
        raise typer.Exit(EXIT_INTERRUPTED)
    if summary.failed:
        raise typer.Exit(1)
