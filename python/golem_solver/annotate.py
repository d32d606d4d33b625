"""Game annotation (docs/records.md): every decision of a recorded game searched with
ISMCTS, as chess sites do: the best move and its value, the value of the move played,
the value lost and a label. Nothing here prints (``golem-solve annotate`` does).

- **Value scale**: ISMCTS's value (``golem_solver.analyse`` with its tuned defaults) for
  the player to move, in [0, 1]: the mean graded reward (docs/search.md), an estimated
  win chance: a playout that ends scores 0.8 x won + 0.2 x sigmoid(score margin / 8), one
  cut off (after 8 moves by default) sigmoid(evaluation margin / 8).
- **Which plies**: a player's decision with at least two legal moves; chance outcomes
  and forced moves are skipped. The position searched is what the mover saw
  (``public_view``): hidden deck orders are chance to the search, as they were to the
  player.
- **The played move's value**: from the same search's root statistics when the move got
  at least ``ROOT_SHARE`` of the iterations; otherwise (a move the search hardly tried,
  usually a bad one) a second search with the same budget restricted to that move
  (``analyse(..., only=[move])``): the tree below it is the full one.
- **Loss** = best value - played value, at least 0; **labels** by ``THRESHOLDS``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any, Callable, Iterator, List, Optional, Tuple

from ._core import StopToken
from .errors import refusal
from .records import GameRecord, steps
from .search import DEFAULT_ITERATIONS as SEARCH_DEFAULT_ITERATIONS
from .search import analyse

#: Labels by value lost (win-chance units), the largest first: a loss of at least the
#: threshold gets the label. Lichess's thresholds (0.1 / 0.2 / 0.3 of winning chances in
#: [-1, 1]) on our [0, 1] scale. Defined here only; docs/records.md quotes them.
THRESHOLDS: Tuple[Tuple[str, float], ...] = (
    ("blunder", 0.15),
    ("mistake", 0.10),
    ("inaccuracy", 0.05),
)
#: The played move's value comes from the root statistics when it got at least this
#: share of the search's iterations, else from a search restricted to it.
ROOT_SHARE = 0.10
#: Iterations per decision when no budget is given (``golem-solve analyse``'s default).
DEFAULT_ITERATIONS = SEARCH_DEFAULT_ITERATIONS


def label(loss: float) -> Optional[str]:
    """``blunder``, ``mistake``, ``inaccuracy`` or None for a value lost."""
    for name, threshold in THRESHOLDS:
        if loss >= threshold:
            return name
    return None


@dataclass
class MoveNote:
    """One annotated decision."""

    game_index: int
    ply: int  # index of the move in the record's moves
    player: int  # seat to move
    bot: Optional[str]
    played: str
    played_value: float
    best: str
    best_value: float
    loss: float
    label: Optional[str]
    legal: int  # legal moves in the position
    source: str  # where played_value comes from: "best", "root" or "search"
    iterations: int  # of the search(es) behind this note, summed
    seconds: float

    def to_dict(self) -> dict:
        return asdict(self)


def decisions(
    record: GameRecord, index: int = 0, start: Any = None
) -> Iterator[Tuple[int, Any, str]]:
    """``(ply, state, move)`` for each decision of the record: a player to move with at
    least two legal moves (the record is checked move by move, as ``replay`` does).
    ``start``: the record's start as a state, if the caller holds it (``steps``)."""
    for ply, state, text in steps(record, index, start):
        if state.turn == "player" and len(state.legal_actions()) >= 2:
            yield ply, state, text


def annotate_move(
    state: Any,
    played: str,
    *,
    game_index: int = 0,
    ply: int = 0,
    bot: Optional[str] = None,
    iterations: Optional[int] = None,
    movetime_ms: Optional[int] = None,
    seed: int = 0,
    stop: Optional[StopToken] = None,
) -> MoveNote:
    """The note of ``played`` in ``state`` (a player's decision)."""
    if iterations is None and movetime_ms is None:
        iterations = DEFAULT_ITERATIONS
    if movetime_ms == 0:  # analyse's "no time cap": a search that would never end
        raise refusal("movetime_ms", "must be at least 1 ms per decision")
    player = state.current_player
    view = state.public_view(player)
    # The record's text is canonical in the true state; name it the same in the view.
    played = view.action_text(view.parse_action(played))
    budget = dict(iterations=iterations, movetime_ms=movetime_ms, seed=seed, stop=stop)
    result = analyse(view, **budget)
    best, best_value = result["best"], result["value"]
    spent, seconds = result["iterations"], result["seconds"]
    stats = {m["move"]: m for m in result["moves"]}
    entry = stats.get(played)
    if played == best:
        played_value, source = best_value, "best"
    elif entry is not None and entry["visits"] >= ROOT_SHARE * result["iterations"]:
        played_value, source = entry["value"], "root"
    else:
        alone = analyse(view, only=[played], **budget)
        played_value, source = alone["value"], "search"
        spent += alone["iterations"]
        seconds += alone["seconds"]
    # Rounded once, so that the label follows from the numbers reported.
    best_value, played_value = round(best_value, 6), round(played_value, 6)
    loss = round(max(0.0, best_value - played_value), 6)
    return MoveNote(
        game_index=game_index,
        ply=ply,
        player=player,
        bot=bot,
        played=played,
        played_value=played_value,
        best=best,
        best_value=best_value,
        loss=loss,
        label=label(loss),
        legal=len(state.legal_actions()),
        source=source,
        iterations=spent,
        seconds=round(seconds, 3),
    )


def annotate_game(
    record: GameRecord,
    index: int = 0,
    *,
    iterations: Optional[int] = None,
    movetime_ms: Optional[int] = None,
    seed: int = 0,
    on_note: Optional[Callable[[MoveNote], object]] = None,
    stop: Optional[StopToken] = None,
    start: Any = None,
) -> List[MoveNote]:
    """Notes for every decision of ``record`` (``decisions``), in play order. Each
    search is seeded with ``seed``, so a fixed ``iterations`` gives the same notes.
    ``stop`` ends it within one search: the notes finished by then are returned (the one
    in progress is dropped). ``start`` is the record's start as a state, for a caller
    that holds it (``steps``)."""
    notes: List[MoveNote] = []
    for ply, state, text in decisions(record, index, start):
        if stop is not None and stop.stopped:
            break
        seat = state.current_player
        note = annotate_move(
            state,
            text,
            game_index=index,
            ply=ply,
            bot=record.bots[seat] if record.bots else None,
            iterations=iterations,
            movetime_ms=movetime_ms,
            seed=seed,
            stop=stop,
        )
        if stop is not None and stop.stopped:
            break
        notes.append(note)
        if on_note is not None:
            on_note(note)
    return notes
