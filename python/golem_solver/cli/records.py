"""``golem-solve replay`` and ``annotate``: the commands, the annotation table, its summary
and the value plot. Only presentation; the annotation itself is ``golem_solver.annotate``."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

import typer

from .._core import StopToken
from .._files import write_atomically
from ..annotate import THRESHOLDS, MoveNote, annotate_game, decisions
from ..errors import out_of_range, refusal
from ..records import GameRecord, read_records, replay
from ..search import DEFAULT_ITERATIONS
from .arena import progress_bar, progress_wanted
from .inputs import refuse_existing, write_position, wrote
from .options import AllowOutsideOpt, ForceOpt, OutOpt, int_option
from .program import (
    EXIT_INTERRUPTED,
    FORCE_HINT,
    app,
    reports_errors,
    run_interruptibly,
)
from .report import percent
from .text import escape


def seat_name(record: GameRecord, seat: int) -> str:
    """``seat:bot`` (the name from the file, escaped: it may hold anything)."""
    if record.bots:
        return f"{seat}:{escape(record.bots[seat])}"
    return str(seat)


def game_head(record: GameRecord, index: int, budget: str) -> str:
    seats = ", ".join(
        f"{seat_name(record, s)} {score}" for s, score in enumerate(record.scores)
    )
    return (
        f"game {index}: {record.game}, {len(record.moves)} moves; final scores {seats}"
        f"; values: the mover's ISMCTS value in [0, 1] ({budget})"
    )


def table(
    record: GameRecord, index: int, notes: Sequence[MoveNote], budget: str
) -> str:
    """One game's notes as aligned text, then a line per seat with its counts."""
    rows = [("ply", "seat", "played", "value", "best", "value", "loss", "label")]
    for note in notes:
        rows.append(
            (
                str(note.ply),
                seat_name(record, note.player),
                note.played,
                percent(note.played_value),
                "=" if note.played == note.best else note.best,
                percent(note.best_value),
                percent(note.loss),
                note.label or "",
            )
        )
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    numeric = {0, 3, 5, 6}
    lines = [game_head(record, index, budget), ""]
    for row in rows:
        cells = [
            cell.rjust(w) if i in numeric else cell.ljust(w)
            for i, (cell, w) in enumerate(zip(row, widths))
        ]
        lines.append("  ".join(cells).rstrip())
    lines.append("")
    lines.extend(summary(record, notes))
    return "\n".join(lines)


def summary(record: GameRecord, notes: Sequence[MoveNote]) -> List[str]:
    """Per seat: decisions, each label's count and the mean value lost."""
    lines = []
    for seat in range(len(record.scores)):
        mine = [n for n in notes if n.player == seat]
        if not mine:
            continue
        counts = ", ".join(
            _count(sum(n.label == name for n in mine), name) for name, _ in THRESHOLDS
        )
        mean = sum(n.loss for n in mine) / len(mine)
        lines.append(
            f"{seat_name(record, seat)}: {len(mine)} decisions, {counts}"
            f", mean value lost {percent(mean)}"
        )
    return lines


def _count(n: int, name: str) -> str:
    if n == 1:
        return f"1 {name}"
    return f"{n} {name[:-1]}ies" if name.endswith("y") else f"{n} {name}s"


def plot_figure(record: GameRecord, index: int, notes: Sequence[MoveNote]) -> Any:
    """The value over the game: per seat, the best value at each of its decisions (the
    position as the mover saw it), with labelled moves marked. A matplotlib Figure, laid
    out so that every label is inside it."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(10, 4.5))
    markers: Dict[str, str] = {"inaccuracy": "o", "mistake": "s", "blunder": "X"}
    for seat in range(len(record.scores)):
        mine = [n for n in notes if n.player == seat]
        if not mine:
            continue
        (line,) = axes.plot(
            [n.ply for n in mine],
            [n.best_value for n in mine],
            label=seat_name(record, seat),
        )
        for name, marker in markers.items():
            hits = [n for n in mine if n.label == name]
            if hits:
                axes.scatter(
                    [n.ply for n in hits],
                    [n.played_value for n in hits],
                    marker=marker,
                    color=line.get_color(),
                    label=f"{seat_name(record, seat)} {name}",
                )
    axes.set_ylim(0, 1)
    axes.set_xlabel("ply (index in the record's moves)")
    # Two short lines: one long line is taller than the axes and was cut at both ends.
    axes.set_ylabel("value for the mover\n(line: best move; marks: move played)")
    axes.set_title(f"game {index}: {record.game}")
    axes.grid(alpha=0.3)
    axes.legend(fontsize="small", loc="best")
    figure.tight_layout()
    return figure


def plot_png(record: GameRecord, index: int, notes: Sequence[MoveNote]) -> bytes:
    """``plot_figure`` as PNG bytes."""
    from matplotlib import pyplot

    figure = plot_figure(record, index, notes)
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=100)
    pyplot.close(figure)
    return buffer.getvalue()


def matplotlib_missing() -> Optional[str]:
    """None if matplotlib can be imported, else the message to print."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return 'matplotlib is not installed (pip install "golem-solver[plot]")'
    return None


def replay_summary(
    record: GameRecord, index: int, ply: int, state: Any, text: Optional[str]
) -> Dict[str, Any]:
    """``replay --json``: where the position is in the record."""
    return {
        "game_index": index,
        "game": record.game,
        "ply": ply,
        "moves": len(record.moves),
        "next_move": record.moves[ply] if ply < len(record.moves) else None,
        "turn": state.turn,
        "to_move": state.current_player,
        "scores": state.scores(),
        "record_scores": record.scores,
        "position": text,
    }


# ---- the commands ---------------------------------------------------------------------

RecordsArg = typer.Argument(
    ..., metavar="FILE", help="Game records (JSON lines, docs/records.md)."
)
GameIndexOpt = typer.Option(
    None, "--game-index", "-g", help="The game: its line in FILE, from 0."
)


def _pick(records: List[Any], index: Optional[int]) -> List[Tuple[int, Any]]:
    """``(index, record)`` of the game asked for, or of every game without ``index``."""
    if index is None:
        return list(enumerate(records))
    if not 0 <= index < len(records):
        raise out_of_range("game_index", index, 0, len(records) - 1)
    return [(index, records[index])]


@app.command("replay")
@reports_errors
def replay_command(
    file: Path = RecordsArg,
    game_index: Optional[int] = GameIndexOpt,
    allow_outside: bool = AllowOutsideOpt,
    ply: Optional[int] = typer.Option(
        None,
        "--ply",
        "-p",
        help="Moves to play from the start (default: all; deals count as moves).",
    ),
    output: Optional[Path] = OutOpt,
    force: bool = ForceOpt,
    as_json: bool = typer.Option(
        False, "--json", help="Print a JSON summary (with the position unless -o)."
    ),
) -> None:
    """Play a recorded game back, checking every move, and write the position at --ply
    (default: the end). An illegal move is named by game index and ply:
    record[N].moves[K]."""
    records = read_records(file, allow_outside=allow_outside)
    [(index, record)] = _pick(records, 0 if game_index is None else game_index)
    state = replay(record, ply, index=index)
    at = len(record.moves) if ply is None else ply
    if as_json:
        if output is not None:
            write_position(state, output, force)
        text = None if output is not None else state.to_toml()
        summary = replay_summary(record, index, at, state, text)
        typer.echo(json.dumps(summary))
        return
    write_position(state, output, force)


PlotOpt = typer.Option(
    None,
    "--plot",
    metavar="FILE.png",
    help="Draw the value over the game (one game; needs matplotlib).",
)


@app.command("annotate")
@reports_errors
def annotate_command(
    file: Path = RecordsArg,
    allow_outside: bool = AllowOutsideOpt,
    game_index: Optional[int] = typer.Option(
        None, "--game-index", "-g", help="Only this game (its line, from 0)."
    ),
    iterations: Optional[int] = int_option(
        None,
        "--iterations",
        "-i",
        key="iterations",
        help="ISMCTS iterations per decision (default 10000).",
    ),
    movetime: Optional[int] = int_option(
        None, "--movetime", key="movetime", help="Search time per decision (ms)."
    ),
    seed: int = int_option(0, "--seed", "-s", key="seed", help="Seed of every search."),
    as_json: bool = typer.Option(
        False, "--json", help="One JSON object per decision (JSON lines)."
    ),
    plot: Optional[Path] = PlotOpt,
    force: bool = typer.Option(False, "--force", help="Overwrite an existing plot."),
) -> None:
    """Search every decision of recorded games: the best move and its value, the value of
    the move played, the value lost and a label (inaccuracy >= 0.05, mistake >= 0.10,
    blunder >= 0.15; docs/records.md). A fixed --seed with --iterations gives the same
    output. Ctrl-C prints the decisions done so far (exit status 130)."""
    if iterations is not None and movetime is not None:
        raise refusal("movetime", "give either --iterations or --movetime")
    if movetime == 0:  # 0 lifts analyse's time cap: here it would never end
        raise refusal("movetime", "must be at least 1 ms per decision")
    if plot is not None:
        missing = matplotlib_missing()
        if missing:
            raise refusal("plot", missing)
        refuse_existing(plot, force)
    records = read_records(file, allow_outside=allow_outside)
    chosen = _pick(records, game_index)
    if plot is not None and len(chosen) != 1:
        raise refusal(
            "plot", f"one game at a time ({len(records)} in the file); use --game-index"
        )
    # Every game is replayed (and so checked, final scores included) before the first
    # search.
    for i, record in chosen:
        replay(record, index=i)
    work = [(i, record, sum(1 for _ in decisions(record, i))) for i, record in chosen]
    total = sum(count for _, _, count in work)
    budget = (
        f"{movetime} ms per decision"
        if movetime is not None
        else f"{iterations or DEFAULT_ITERATIONS} iterations per decision, seed {seed}"
    )
    notes: Dict[int, list] = {index: [] for index, _, _ in work}

    shown = set()

    def show(index: int, record: Any) -> None:
        typer.echo(table(record, index, notes[index], budget))
        typer.echo("")
        shown.add(index)

    def run(token: StopToken, on_done: Callable[[int, int], None]) -> None:
        """Prints as it goes: a JSON line per decision, or a table per game."""
        for index, record, _ in work:

            def keep(note: Any, index: int = index) -> None:
                notes[index].append(note)
                if as_json:
                    typer.echo(json.dumps(note.to_dict()))
                on_done(sum(map(len, notes.values())), total)

            annotate_game(
                record,
                index,
                iterations=iterations,
                movetime_ms=movetime,
                seed=seed,
                on_note=keep,
                stop=token,
            )
            if token.stopped:
                return
            if not as_json:
                show(index, record)

    if progress_wanted():
        with progress_bar(total, "decisions") as on_done:
            _, interrupted = run_interruptibly(lambda token: run(token, on_done))
    else:
        _, interrupted = run_interruptibly(lambda token: run(token, lambda d, t: None))
    if interrupted and not as_json:
        # The game being annotated when Ctrl-C came: its table so far.
        for index, record, _ in work:
            if notes[index] and index not in shown:
                show(index, record)
    if plot is not None and not interrupted:
        [(index, record, _)] = work
        picture = plot_png(record, index, notes[index])
        write_atomically(plot, picture, overwrite=force, exists_hint=FORCE_HINT)
        wrote(plot)
    if interrupted:
        typer.echo(
            f"annotate stopped after {sum(map(len, notes.values()))} of {total} decisions",
            err=True,
        )
        raise typer.Exit(EXIT_INTERRUPTED)
