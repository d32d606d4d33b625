"""``golem-solve bench``, Stockfish-style: a line per search, a subtotal per game,
then the totals.

``Nodes searched`` of the built-in run is the search signature: it depends only on the
code, and the core records its current value (``expected``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Dict, Optional

import typer

from .. import _core
from .._files import MAX_POSITION_BYTES, open_regular, read_capped
from ..checks import check_game
from .options import int_option
from .program import EXIT_INTERRUPTED, app, reports_errors, run_interruptibly

Line = Dict[str, Any]


def line_text(line: Line) -> str:
    return (
        f"{line['position']:<18} {line['search']:<60}"
        f" {line['nodes']:>10} nodes {line['seconds']:>7.3f} s"
    )


def subtotal_text(game: Line) -> str:
    """A game's share of the total, aligned with the search lines."""
    label = f"{game['game']} subtotal"
    return f"{label:<79} {game['nodes']:>10} nodes {game['seconds']:>7.3f} s"


def summary(result: Dict[str, Any]) -> str:
    lines = [
        "=" * 27,
        f"Total time (ms) : {round(result['seconds'] * 1000)}",
        f"Nodes searched  : {result['nodes']}",
        f"Nodes/second    : {result['nps']}",
    ]
    # An ad-hoc run (expected None) has no recorded signature to hold it to.
    if result["expected"] is not None and result["nodes"] != result["expected"]:
        lines.append(
            f"signature differs from the recorded {result['expected']}:"
            " search behaviour changed"
        )
    return "\n".join(lines)


# ---- the command ----------------------------------------------------------------------

PositionsOpt = typer.Option(
    None,
    "--positions",
    metavar="FILE",
    help="Search these positions instead: TOML, several separated by lines ---.",
)


@app.command("bench")
@reports_errors
def bench_command(
    game: Optional[str] = typer.Option(
        None, "--game", help="Only this game's positions (default: every game's)."
    ),
    depth: Optional[int] = int_option(
        None, "--depth", "-d", key="depth", help="Search every position to this depth."
    ),
    nodes: Optional[int] = int_option(
        None, "--nodes", key="nodes", help="Search every position for this many nodes."
    ),
    positions: Optional[Path] = PositionsOpt,
    as_json: bool = typer.Option(False, "--json", help="Print one JSON object."),
) -> None:
    """Search the bench positions with one thread; print a line per search, the node
    subtotal of each game, the total (the search signature), the time and the speed.

    The built-in run's total changes only when search does, and a change is flagged;
    an ad-hoc run (--depth, --nodes, --positions) has no recorded total to compare with.
    """
    # Only what was asked for: without options the core runs the built-in bench.
    options: Dict[str, Any] = {}
    if game is not None:
        options["game"] = check_game(game)
    if depth is not None:
        options["depth"] = depth
    if nodes is not None:
        options["nodes"] = nodes
    if positions is not None:
        with open_regular(positions) as f:
            options["positions"] = read_capped(
                f, str(positions), cap=16 * MAX_POSITION_BYTES
            )

    # On a worker thread with a stop token, so Ctrl-C ends the search running at once.
    def show(line: dict) -> None:
        if not as_json:
            print(line_text(line), flush=True)

    result, interrupted = run_interruptibly(
        lambda token: _core.bench(on_line=show, stop=token, **options)
    )
    if interrupted:  # the lines so far are printed; a stopped run has no total
        raise typer.Exit(EXIT_INTERRUPTED)
    if as_json:
        typer.echo(json.dumps(result))
        return
    for subtotal in result.get("games", []):
        typer.echo(subtotal_text(subtotal))
    typer.echo(summary(result))
