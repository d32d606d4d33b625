"""``golem-solve replay`` and ``annotate`` output: the annotation table, its summary and
the value plot. Only presentation; the annotation itself is ``golem_solver.annotate``."""

from __future__ import annotations

import io
from typing import Any, Dict, List, Optional, Sequence

from ..annotate import THRESHOLDS, MoveNote
from ..records import GameRecord
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


def plot_png(record: GameRecord, index: int, notes: Sequence[MoveNote]) -> bytes:
    """The value over the game as a PNG: per seat, the best value at each of its
    decisions (the position as the mover saw it), with labelled moves marked."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(10, 4))
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
    axes.set_ylabel("value for the mover (best move; marks: move played)")
    axes.set_title(f"game {index}: {record.game}")
    axes.grid(alpha=0.3)
    axes.legend(fontsize="small", loc="best")
    buffer = io.BytesIO()
    figure.tight_layout()
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
