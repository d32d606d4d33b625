"""Puzzle suites (docs/puzzles.md): load a suite, run each puzzle with alpha-beta, score.

Orchestration only; nothing here prints (``golem_solver.cli.puzzles`` does). The search
is the core's ``solve``; the answers it is held to were found by an independent brute
force when the suite was made.

A result counts as *wrong* only when it is proven and contradicts the suite; a search
that ran out of budget before settling the question is *unsolved*, never wrong.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Dict, FrozenSet, List, Optional, Tuple

from ._core import GolemError, InternalError, StopToken
from ._files import (
    MAX_POSITION_BYTES,
    capped_lines,
    json_line,
    open_regular,
    outside_files,
    read_capped,
)
from .backends import RAY, THREADS, check_backend, ray_backend
from .checks import RANGES, check_int
from .errors import outside, refusal
from .games import from_toml
from .search import solve as alphabeta_search

RESULTS = ("win", "loss", "unproven")
MARGIN_TOLERANCE = 1e-6  # expectations come back as floats with rounding noise
KNOWN_KEYS = frozenset(
    "id position position_file objective depth result plies margin best tags note".split()
)


class SuiteError(ValueError):
    """A suite that cannot be read: ``field`` says where (``file:line.key``)."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


@dataclass(frozen=True)
class Puzzle:
    id: str
    state: Any  # any registered game's state
    objective: str  # "win" or "margin"
    depth: int
    result: Optional[str] = None  # win objective: "win", "loss" or "unproven"
    plies: Optional[int] = None  # win objective: N of "win in N" / "loss in N"
    margin: Optional[float] = None  # margin objective: the exact value
    best: Optional[FrozenSet[str]] = None  # every root move achieving the value
    tags: Tuple[str, ...] = ()

    def expected_text(self) -> str:
        if self.objective == "margin":
            value = "?" if self.margin is None else f"{self.margin:+g}"
            return f"margin {value}"
        if self.result is None:
            return "best move"
        if self.result == "unproven":
            return f"unproven within {self.depth}"
        return f"{self.result} in {self.plies}"


# ---- reading ----------------------------------------------------------------------------


def load_suite(path: Path, allow_outside: bool = False) -> List[Puzzle]:
    """Every puzzle of a JSON-lines suite, checked; raises ``SuiteError`` on the first fault.

    The file is read a line at a time, each line at most ``MAX_LINE_BYTES`` of UTF-8, so
    an endless or binary input is refused early. ``position_file`` must name a file in the
    suite's folder (or below it) unless ``allow_outside``."""
    path = Path(path)
    try:
        with open_regular(path) as stream:
            return _read_suite(path, stream, allow_outside)
    except OSError as e:
        raise SuiteError(str(path), e.strerror or str(e)) from None
    except InternalError:  # a bug: never reported as bad input
        raise
    except GolemError as e:  # a line too long or not UTF-8
        raise SuiteError(e.field, e.message) from None


def _read_suite(path: Path, stream: Any, allow_outside: bool) -> List[Puzzle]:
    puzzles: List[Puzzle] = []
    seen: Dict[str, str] = {}
    base = path.parent
    for number, line in capped_lines(stream, path.name):
        if not line.strip():
            continue
        where = f"{path.name}:{number}"
        try:
            record = json_line(line, where)
        except GolemError as e:
            raise SuiteError(e.field, e.message) from None
        if not isinstance(record, dict):
            raise SuiteError(where, "a puzzle is a JSON object")
        puzzle = puzzle_from_record(record, where, base, allow_outside)
        if puzzle.id in seen:
            raise SuiteError(
                f"{where}.id", f"'{puzzle.id}' is also at {seen[puzzle.id]}"
            )
        seen[puzzle.id] = where
        puzzles.append(puzzle)
    if not puzzles:
        raise SuiteError(str(path), "the suite has no puzzles")
    return puzzles


def _get(record: dict, key: str, kind: type, where: str, required: bool = True):
    if key not in record:
        if required:
            raise SuiteError(f"{where}.{key}", "missing")
        return None
    value = record[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise SuiteError(f"{where}.{key}", f"must be {kind.__name__}, not {value!r}")
    return value


def puzzle_from_record(
    record: dict, where: str, base: Path, allow_outside: bool = False
) -> Puzzle:
    """One puzzle from its JSON object; ``where`` prefixes error fields, ``base`` is the
    folder that ``position_file`` is relative to (and confined to unless
    ``allow_outside``)."""
    unknown = sorted(set(record) - KNOWN_KEYS)
    if unknown:
        raise SuiteError(f"{where}.{unknown[0]}", "unknown field")
    pid = _get(record, "id", str, where)
    state = _position(record, where, base, allow_outside)
    objective = _get(record, "objective", str, where)
    if objective not in ("win", "margin"):
        raise SuiteError(f"{where}.objective", f"'{objective}' is not win or margin")
    depth = _get(record, "depth", int, where)
    low, high = RANGES["depth"]
    if not low <= depth <= high:
        raise SuiteError(f"{where}.depth", outside(depth, low, high))
    result = plies = margin = None
    if objective == "win":
        if "margin" in record:
            raise SuiteError(f"{where}.margin", "only for the margin objective")
        result = _get(record, "result", str, where, required=False)
        if result is not None and result not in RESULTS:
            raise SuiteError(
                f"{where}.result", f"'{result}' is not win, loss or unproven"
            )
        plies = _get(record, "plies", int, where, required=result in ("win", "loss"))
        if plies is not None and result not in ("win", "loss"):
            raise SuiteError(f"{where}.plies", "only with result win or loss")
        if plies is not None and not 1 <= plies <= depth:
            raise SuiteError(f"{where}.plies", outside(plies, 1, depth) + " (depth)")
    else:
        for key in ("result", "plies"):
            if key in record:
                raise SuiteError(f"{where}.{key}", "only for the win objective")
        margin = _margin(record, where)
    best = _best(record, where, state)
    if result is None and margin is None and best is None:
        raise SuiteError(where, "no expected answer (result, margin or best)")
    tags = _get(record, "tags", list, where, required=False) or []
    if not all(isinstance(t, str) for t in tags):
        raise SuiteError(f"{where}.tags", "must be a list of strings")
    _get(record, "note", str, where, required=False)
    return Puzzle(
        pid, state, objective, depth, result, plies, margin, best, tuple(tags)
    )


def _inside(base: Path, file: str) -> bool:
    """``file`` (relative to ``base``) names something in ``base`` or below, symbolic
    links resolved: not absolute, no ``..`` escape."""
    if Path(file).is_absolute():
        return False
    try:
        (base / file).resolve().relative_to(base.resolve())
    except ValueError:
        return False
    return True


def _read_position_file(path: Path) -> str:
    with open_regular(path) as stream:
        return read_capped(stream, str(path), MAX_POSITION_BYTES)


def _position(record: dict, where: str, base: Path, allow_outside: bool) -> Any:
    inline = _get(record, "position", str, where, required=False)
    file = _get(record, "position_file", str, where, required=False)
    if (inline is None) == (file is None):
        raise SuiteError(
            f"{where}.position", "give exactly one of position, position_file"
        )
    key = "position" if inline is not None else "position_file"
    if file is not None and not allow_outside and not _inside(base, file):
        raise SuiteError(f"{where}.{key}", "outside the suite's folder")
    if file is not None and not (base / file).is_file():
        raise SuiteError(f"{where}.{key}", f"{file}: no such file next to the suite")
    try:
        text = inline if inline is not None else _read_position_file(base / file)
    except InternalError:  # a bug: never reported as bad input
        raise
    except GolemError as e:  # too large or not UTF-8
        raise SuiteError(f"{where}.{key}", f"{file}: {e.message}") from None
    except OSError as e:
        raise SuiteError(f"{where}.{key}", f"{file}: {e.strerror or e}") from None
    # The files the position names (a map, a components file) are confined too.
    named = None if allow_outside else outside_files(text, base)
    if named is not None:
        raise SuiteError(f"{where}.{key}.{named[0]}", "outside the suite's folder")
    try:
        state = from_toml(text)
    except InternalError:  # a bug: never reported as bad input
        raise
    except GolemError as e:
        raise SuiteError(f"{where}.{key}.{e.field}", e.message) from None
    except OSError as e:
        raise SuiteError(f"{where}.{key}", f"{file}: {e.strerror or e}") from None
    if state.turn != "player":
        raise SuiteError(f"{where}.{key}", f"not a decision to make ({state.turn})")
    return state


def _margin(record: dict, where: str) -> Optional[float]:
    if "margin" not in record:
        return None
    value = record["margin"]
    try:  # an int, a float or an exact fraction "p/q"
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            raise ValueError
        return float(Fraction(value))
    except (ValueError, ZeroDivisionError, OverflowError):
        raise SuiteError(f"{where}.margin", f"not a number: {value!r}") from None


def _best(record: dict, where: str, state: Any) -> Optional[FrozenSet[str]]:
    moves = _get(record, "best", list, where, required=False)
    if moves is None:
        return None
    if not moves:
        raise SuiteError(f"{where}.best", "an empty set of best moves")
    legal = set(state.legal_action_texts())
    for i, text in enumerate(moves):
        if text not in legal:
            raise SuiteError(f"{where}.best[{i}]", f"{text!r} is not a legal move here")
    return frozenset(moves)


# ---- checking ---------------------------------------------------------------------------


@dataclass
class Outcome:
    puzzle: Puzzle
    found: str  # the engine's answer, in words
    best_move: Optional[str]
    pv: List[str]
    depth: int  # deepest completed iteration
    nodes: int
    seconds: float
    value_ok: bool = False  # the shortest win / longest loss / exact margin expected
    solved: bool = False  # value_ok (when given) and the best move expected
    wrong: List[str] = field(default_factory=list)
    bad_pv: Optional[str] = None

    @property
    def problems(self) -> List[str]:
        """Every reason the puzzle is not solved cleanly, in words."""
        return self.wrong + ([f"bad PV: {self.bad_pv}"] if self.bad_pv else [])

    @property
    def status(self) -> str:
        if self.wrong:
            return "wrong"
        if self.bad_pv:
            return "bad-pv"
        return "solved" if self.solved else "unsolved"


def _implied_verdict(result: dict, depth: int) -> Optional[Tuple[str, Optional[int]]]:
    """What the engine's answer says about the puzzle's depth, or None if nothing.

    Iterative deepening proves the shortest win and the longest loss; a proof beyond the
    puzzle's depth means neither is forced within it, and an unproven root after a full
    iteration at the puzzle's depth means the same.
    """
    if result["result"] in ("win", "loss"):
        n = result["plies"]
        return (result["result"], n) if n <= depth else ("unproven", None)
    if result["depth"] >= depth:
        return ("unproven", None)
    return None


def _check_win(p: Puzzle, result: dict, out: Outcome) -> bool:
    """Fills ``out`` for the win objective; True when the best move can be judged."""
    implied = _implied_verdict(result, p.depth)
    if p.result is not None:
        expected = (p.result, p.plies)
        if implied is not None and implied != expected:
            out.wrong.append(f"expected {p.expected_text()}, found {out.found}")
        # A shallower unproven iteration still contradicts a shorter expected proof.
        elif implied is None and p.result != "unproven" and result["depth"] >= p.plies:
            out.wrong.append(
                f"expected {p.expected_text()}, unproven at depth {out.depth}"
            )
        out.value_ok = implied == expected
    return implied is not None


def _check_margin(p: Puzzle, result: dict, out: Outcome) -> bool:
    if not result["exact"]:
        return False
    if p.margin is not None:
        close = abs(result["value"] - p.margin) <= MARGIN_TOLERANCE * max(
            1.0, abs(p.margin)
        )
        if not close:
            out.wrong.append(f"expected {p.expected_text()}, found {out.found}")
        out.value_ok = close
    return True


def pv_problem(state: Any, pv: List[str], result: dict) -> Optional[str]:
    """Why the principal variation is bad, or None. Every move must be legal; unless a
    deal (a chance event) comes first, a proven win or loss in N must finish the game
    with that result after N moves, and an exact margin must finish it with that margin."""
    seat, here = state.current_player, state.clone()
    for i, text in enumerate(pv, start=1):
        if here.is_chance():
            return None  # the rest depends on the deal
        if here.is_terminal() or text not in here.legal_action_texts():
            return f"move {i} '{text}' is not legal"
        here.apply(text)
    if here.is_chance():
        return None
    if result.get("exact"):
        if not here.is_terminal():
            return f"the line has {len(pv)} moves and does not finish the game"
        scores = here.scores()
        others = [s for i, s in enumerate(scores) if i != seat]
        # a solo game's margin is the score itself (as the engine's margin objective)
        margin = scores[seat] - max(others) if others else scores[seat]
        if abs(margin - result["value"]) > MARGIN_TOLERANCE:
            return f"the line ends with margin {margin:+}, not {result['value']:+g}"
        return None
    if result.get("result") not in ("win", "loss"):
        return None
    n = result["plies"]
    if len(pv) != n or not here.is_terminal():
        return f"the line has {len(pv)} moves and does not finish the game in {n}"
    if (here.winner() == seat) != (result["result"] == "win"):
        return f"the line ends in a {'loss' if result['result'] == 'win' else 'win'}"
    return None


def illegal_step(result: dict) -> Optional[str]:
    """The engine's line breaks the rules: the bindings cut ``pv`` before its first step
    that is not legal and name that step in ``pv_illegal`` (``ply`` as they count it)."""
    step = result.get("pv_illegal")
    if step is None:
        return None
    return f"ply {step['ply']}: move id {step['action']} is not legal"


def _found_text(p: Puzzle, result: dict) -> str:
    if p.objective == "margin":
        exact = "exact" if result["exact"] else "estimate"
        return f"margin {result['value']:+g} {exact}"
    if result["result"] == "unproven":
        return f"unproven at depth {result['depth']}"
    return f"{result['result']} in {result['plies']}"


def check(p: Puzzle, result: dict) -> Outcome:
    """Holds one search result to the puzzle's expected answer."""
    out = Outcome(
        puzzle=p,
        found=_found_text(p, result),
        best_move=result["best"],
        pv=list(result["pv"]),
        depth=result["depth"],
        nodes=result["nodes"],
        seconds=result["seconds"],
    )
    judged = (_check_win if p.objective == "win" else _check_margin)(p, result, out)
    move_ok = p.best is None or out.best_move in p.best
    if judged and not move_ok:
        out.wrong.append(f"best move '{out.best_move}' is not one of {sorted(p.best)}")
    has_value = p.result is not None or p.margin is not None
    out.solved = (
        judged and move_ok and (out.value_ok or not has_value) and not out.wrong
    )
    # An illegal step first: the legal prefix alone would read as a line cut short.
    out.bad_pv = illegal_step(result) or pv_problem(p.state, out.pv, result)
    return out


# ---- running ----------------------------------------------------------------------------


@dataclass
class Summary:
    outcomes: List[Outcome]
    seconds: float
    #: Stopped (Ctrl-C) before every puzzle was searched: the totals are of ``outcomes``.
    stopped: bool = False

    def count(self, status: str) -> int:
        return sum(o.status == status for o in self.outcomes)

    def totals(self) -> Dict[str, object]:
        o = self.outcomes
        return {
            "total": len(o),
            "solved": sum(x.solved for x in o),
            "best": sum(x.value_ok for x in o),
            "unsolved": sum(not x.solved and not x.wrong for x in o),
            "wrong": sum(bool(x.wrong) for x in o),
            "bad_pv": sum(x.bad_pv is not None for x in o),
            "nodes": sum(x.nodes for x in o),
            "seconds": round(self.seconds, 3),
            "stopped": self.stopped,
        }

    @property
    def failed(self) -> bool:
        t = self.totals()
        return bool(t["wrong"] or t["bad_pv"])


def run_suite(
    puzzles: List[Puzzle],
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    movetime_ms: Optional[int] = None,
    on_outcome: Optional[Callable[[Outcome], None]] = None,
    stop: Optional[StopToken] = None,
    backend: str = THREADS,
    address: Optional[str] = None,
    threads: Optional[int] = None,
) -> Summary:
    """Searches every puzzle (at its own depth unless ``depth`` is given), each within
    the node or time budget. ``stop`` ends the run: the puzzle being searched is left
    out (its search was cut short) and the summary says ``stopped``.

    ``backend`` ``"threads"`` searches one puzzle at a time here; ``"ray"`` searches
    them as Ray tasks (on the cluster at ``address``, or a local runtime with ``threads``
    CPUs, default all: docs/scale.md), and checks the answers here, in file order, so
    the summary is the same (times apart). ``on_outcome`` gets the outcomes in file
    order."""
    check_backend(backend, address, threads)
    if backend == THREADS and threads not in (None, 1):
        raise refusal("threads", "the threads backend searches one puzzle at a time")
    if backend == RAY:
        return _run_on_ray(
            puzzles, depth, nodes, movetime_ms, on_outcome, stop, address, threads
        )
    start = time.perf_counter()
    outcomes = []
    for p in puzzles:
        if stop is not None and stop.stopped:
            return Summary(outcomes, time.perf_counter() - start, stopped=True)
        result = alphabeta_search(
            p.state,
            depth=depth or p.depth,
            nodes=nodes,
            movetime_ms=movetime_ms,
            objective=p.objective,
            stop=stop,
        )
        if stop is not None and stop.stopped:
            return Summary(outcomes, time.perf_counter() - start, stopped=True)
        outcome = check(p, result)
        outcomes.append(outcome)
        if on_outcome is not None:
            on_outcome(outcome)
    return Summary(outcomes, time.perf_counter() - start)


def _run_on_ray(
    puzzles: List[Puzzle],
    depth: Optional[int],
    nodes: Optional[int],
    movetime_ms: Optional[int],
    on_outcome: Optional[Callable[[Outcome], None]],
    stop: Optional[StopToken],
    address: Optional[str],
    threads: Optional[int],
) -> Summary:
    backend = ray_backend()  # not installed: said before anything runs
    for name, value, key in (
        ("depth", depth, None),
        ("nodes", nodes, None),
        ("movetime_ms", movetime_ms, "movetime"),
        ("threads", threads, None),
    ):
        check_int(name, value, key)
    start = time.perf_counter()
    outcomes: Dict[int, Outcome] = {}

    def on_result(index: int, result: dict) -> None:
        outcome = check(puzzles[index], result)
        outcomes[index] = outcome
        if on_outcome is not None:
            on_outcome(outcome)

    stopped = backend.search_puzzles(
        puzzles,
        {"depth": depth, "nodes": nodes, "movetime_ms": movetime_ms},
        address=address,
        cpus=threads,
        on_result=on_result,
        stop=stop,
    )
    done = [outcomes[i] for i in sorted(outcomes)]
    return Summary(done, time.perf_counter() - start, stopped=stopped)
