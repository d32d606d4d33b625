"""The analysis board's games: a tree of positions per game, bots, live analysis and
annotation, all bounded. Nothing here knows a game: every question goes to the state
(legal moves, ``apply``, ``to_toml``, ``to_svg``, ``chance_outcomes``, ``public_view``).

Errors are ``GolemError`` with ``field`` and ``message``, shaped as the command line
prints them (``move 1 of 2 'x': ...``), so the page can show the CLI's one line.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

from .. import _core
from .. import games as registry
from .._core import GolemError, StopToken
from ..annotate import annotate_game
from ..checks import check_int
from ..errors import out_of_range, outside, refusal
from ..records import GameRecord, record_from_dict
from ..search import analyse as ismcts_search
from ..search import solve as alphabeta_search

#: Games open at once; one more is refused until one is closed.
MAX_GAMES = 16
#: Positions kept per game (main line and variations together).
MAX_NODES = 4000
#: Analyses, bot searches and annotations running at once over all games.
MAX_SEARCHES = 4
#: The longest analysis the page may ask for, and its iteration and depth caps: an
#: ISMCTS tree grows with every iteration, so no budget is unbounded.
MAX_MOVETIME_MS = 600_000
MAX_ITERATIONS = 5_000_000
MAX_DEPTH = 64
#: Budgets of the bots' strength settings, and the defaults.
BOT_KINDS = ("random", "greedy", "ismcts", "alphabeta")
DEFAULT_BOT_ITERATIONS = 1000
DEFAULT_BOT_DEPTH = 3
BOT_MOVETIME_MS = 10_000
#: Chance events resolved in a row after a move before the board gives up (a loop guard).
MAX_AUTO_CHANCE = 256
#: Seconds between two stored live reports of one analysis (the page polls at 5/s).
REPORT_INTERVAL = 0.05
#: Values of setup options and position keys that name a file of the machine: the
#: board reads no path, so only these values pass for keys that could name one.
FILE_KEYS = {"components": {"builtin"}, "map": None}
#: How a value that would be read as a path looks (the cores' own tests for one).
PATH_MARKS = ("/", "\\", ".txt", ".json", ".toml")
#: Setup options whose file travels as an upload (its name and content), never a path.
UPLOAD_KEYS = ("components",)
#: Distinct components files the board takes in its life: the core keeps each one it
#: reads for good (states point at it), so their number is capped.
MAX_COMPONENTS = 8


def busy(field: str, message: str) -> GolemError:
    """A refusal of a well-formed request: the board is full or busy (HTTP 409)."""
    refused = refusal(field, message)
    refused.status = 409
    return refused


def refuse_paths(field: str, key: str, value: Any) -> None:
    """Refuses a value of ``key`` that the game would read as a file path."""
    if key not in FILE_KEYS or not isinstance(value, str):
        return
    allowed = FILE_KEYS[key]
    if (allowed is not None and value not in allowed) or any(
        mark in value for mark in PATH_MARKS
    ):
        hint = (
            "choose the components file in New game (and open the position from there)"
            if key in UPLOAD_KEYS
            else "upload a position instead"
        )
        raise refusal(
            field,
            f"'{value}' names a file; the board reads no file of the machine ({hint})",
        )


def toml_keys(text: str) -> Dict[str, Any]:
    """A position's top-level keys, or none when it is no TOML (the core then reads it
    and names the fault)."""
    import tomllib  # noqa: PLC0415 - Python >= 3.11

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return {}


def refuse_paths_in_toml(
    text: str, field: str = "position", uploaded: Tuple[str, ...] = ()
) -> None:
    """The checks of ``refuse_paths`` on a position's top-level keys; the keys in
    ``uploaded`` are read from an upload, not from the file they name."""
    data = toml_keys(text)
    for key in FILE_KEYS:
        if key in data and key not in uploaded:
            refuse_paths(f"{field}.{key}" if field else key, key, data[key])


def parse_upload(value: Any, field: str) -> Tuple[str, str]:
    """An uploaded file as the page sends it: ``{"name": ..., "text": ...}``."""
    if not isinstance(value, dict) or set(value) != {"name", "text"}:
        raise refusal(field, "an uploaded file is a JSON object with name and text")
    name, text = value["name"], value["text"]
    if not isinstance(name, str) or not isinstance(text, str):
        raise refusal(field, "an uploaded file's name and text are texts")
    return name, text


def split_moves(text: str) -> List[str]:
    """Moves as ``golem-solve apply --moves`` takes them: separated by ``;`` or lines."""
    played = [m.strip() for m in text.replace("\n", ";").split(";") if m.strip()]
    if not played:
        raise refusal("moves", "no moves given")
    return played


@dataclass
class Node:
    """A position in the game tree: ``move`` led here from ``parent``; the first child
    continues the line, the others are variations."""

    id: int
    parent: Optional[int]
    move: Optional[str]
    ply: int
    state: Any
    children: List[int] = field(default_factory=list)
    comment: Optional[str] = None


@dataclass
class Bot:
    kind: str
    budget: int  # ISMCTS iterations or alpha-beta depth; unused by random and greedy

    @property
    def spec(self) -> str:
        if self.kind == "ismcts":
            return f"ismcts:iterations={self.budget}"
        if self.kind == "alphabeta":
            return f"alphabeta:depth={self.budget}"
        return self.kind


def parse_bot(spec: Optional[str], where: str) -> Optional[Bot]:
    """``None``/``human``, ``random``, ``greedy``, ``ismcts[:iterations=N]``,
    ``alphabeta[:depth=D]``."""
    if spec is None or spec == "human":
        return None
    if not isinstance(spec, str):
        raise refusal(where, f"a bot is a text, not {spec!r}")
    kind, _, rest = spec.partition(":")
    if kind not in BOT_KINDS:
        raise refusal(where, f"'{kind}' is not a bot (human, {', '.join(BOT_KINDS)})")
    if kind in ("random", "greedy"):
        if rest:
            raise refusal(where, f"{kind} takes no settings")
        return Bot(kind, 0)
    key, default, high = (
        ("iterations", DEFAULT_BOT_ITERATIONS, MAX_ITERATIONS)
        if kind == "ismcts"
        else ("depth", DEFAULT_BOT_DEPTH, MAX_DEPTH)
    )
    budget = default
    if rest:
        name, sep, value = rest.partition("=")
        if name != key or not sep:
            raise refusal(f"{where}.{name}", f"{kind} takes {key}=N")
        if not value.isdigit() or not 1 <= int(value) <= high:
            raise refusal(f"{where}.{key}", outside(repr(value), 1, high))
        budget = int(value)
    return Bot(kind, budget)


class Searches:
    """The count of searches running over all games, capped at ``MAX_SEARCHES``; and
    the shutdown that stops them all (Ctrl-C)."""

    def __init__(self, cap: int = MAX_SEARCHES) -> None:
        self.cap = cap
        # Re-entrant: Ctrl-C's handler stops every search from the main thread, which
        # may be inside one of these methods when the signal comes.
        self.lock = threading.RLock()
        self.tokens: Dict[int, StopToken] = {}
        self.ids = itertools.count()
        self.closed = False

    def acquire(self, what: str) -> "tuple[int, StopToken]":
        with self.lock:
            if self.closed:
                raise busy(what, "the board is shutting down")
            if len(self.tokens) >= self.cap:
                raise busy(
                    what,
                    f"{self.cap} searches are running already (analyses, bots,"
                    " annotations); stop one first",
                )
            key = next(self.ids)
            token = StopToken()
            self.tokens[key] = token
            return key, token

    def release(self, key: int) -> None:
        with self.lock:
            self.tokens.pop(key, None)

    def running(self) -> int:
        with self.lock:
            return len(self.tokens)

    def stop_all(self) -> None:
        with self.lock:
            self.closed = True
            tokens = list(self.tokens.values())
        for token in tokens:
            token.stop()


def _spawn(searches: Searches, what: str, work) -> StopToken:
    """Runs ``work(token)`` on a daemon thread counted by ``searches``."""
    key, token = searches.acquire(what)

    def run() -> None:
        try:
            work(token)
        finally:
            searches.release(key)

    threading.Thread(target=run, daemon=True, name=f"board-{what}").start()
    return token


def _rounded(value: Any) -> Any:
    return round(value, 4) if isinstance(value, float) else value


def summary_of(result: Dict[str, Any], top: int = 12) -> Dict[str, Any]:
    """The fields of a search report the page shows: the best moves first."""
    moves = []
    for entry in result.get("moves", [])[:top]:
        moves.append({k: _rounded(v) for k, v in entry.items() if k != "pv_illegal"})
    keys = ("algorithm", "best", "nodes", "nps", "seconds", "pv", "value")
    out = {k: _rounded(result.get(k)) for k in keys}
    for key in (
        "iterations",
        "tree_size",
        "depth",
        "result",
        "objective",
        "exact",
        "stopped",
    ):
        if key in result:
            out[key] = result[key]
    out["moves"] = moves
    return out


class Analysis:
    """One live search of one position, on its own thread."""

    def __init__(self, node: int, algo: str, options: Dict[str, Any]) -> None:
        self.node = node
        self.algo = algo
        self.options = options
        self.started = time.monotonic()
        self.finished: Optional[float] = None
        self.latest: Optional[Dict[str, Any]] = None
        self.updates = 0
        self.error: Optional[str] = None
        self.token: Optional[StopToken] = None
        self._last = 0.0

    def keep(self, result: Dict[str, Any]) -> None:
        now = time.monotonic()
        if now - self._last >= REPORT_INTERVAL:
            self._last = now
            self.latest = summary_of(result)
            self.updates += 1

    def run(self, state: Any, token: StopToken) -> None:
        try:
            if self.algo == "alphabeta":
                result = alphabeta_search(
                    state, on_iteration=self.keep, stop=token, **self.options
                )
            else:
                result = ismcts_search(
                    state,
                    on_report=self.keep,
                    report_every=64,
                    stop=token,
                    **self.options,
                )
            self.latest = summary_of(result)
            self.updates += 1
        except GolemError as e:
            self.error = (
                f"{getattr(e, 'field', 'analysis')}: {getattr(e, 'message', str(e))}"
            )
        except Exception as e:  # a bug: still shown as one line
            self.error = f"internal error: {type(e).__name__}: {e} (please report it)"
        finally:
            self.finished = time.monotonic()

    def snapshot(self) -> Dict[str, Any]:
        end = self.finished or time.monotonic()
        return {
            "node": self.node,
            "algo": self.algo,
            "running": self.finished is None,
            "elapsed": round(end - self.started, 3),
            "updates": self.updates,
            "error": self.error,
            "report": self.latest,
        }


class Game:
    """One game on the board: its tree, its seats and what runs on it."""

    def __init__(
        self,
        game_id: str,
        start: Any,
        searches: Searches,
        *,
        seed: int = 0,
        follow: bool = False,
        labels: Optional[List[str]] = None,
        warnings: Optional[List[str]] = None,
    ) -> None:
        self.id = game_id
        # What reading the start said (as the CLI's "warning: ..." lines), shown on the
        # page: e.g. a components file whose sha256 is not the one the position names.
        self.warnings: List[str] = list(warnings or [])
        self.searches = searches
        self.lock = threading.RLock()
        self.seed = seed
        self.follow = follow
        self.start_toml = start.to_toml()
        self.nodes: Dict[int, Node] = {0: Node(0, None, None, 0, start.clone())}
        self.next_id = 1
        self.current = 0
        self.bots: List[Optional[Bot]] = [None] * start.players
        # The seat names a record is written with: a record's own names when one was
        # opened, else "human" or the bot's spec.
        self.labels: Optional[List[str]] = labels
        self.comments = False
        self.version = 0
        self.analysis: Optional[Analysis] = None
        self.bot_thinking: Optional[int] = None
        self.bot_error: Optional[str] = None
        self.annotation: Optional[Dict[str, Any]] = None
        self.annotation_token: Optional[StopToken] = None
        self.touched = time.monotonic()

    # ---- the tree ------------------------------------------------------------------

    def node(self, node_id: Any) -> Node:
        if (
            isinstance(node_id, bool)
            or not isinstance(node_id, int)
            or node_id not in self.nodes
        ):
            raise refusal("node", f"{node_id!r} is not a position of this game")
        return self.nodes[node_id]

    def _changed(self) -> None:
        self.version += 1
        self.touched = time.monotonic()

    def _child(self, parent: Node, move: str, state: Any) -> Node:
        for child_id in parent.children:
            if self.nodes[child_id].move == move:
                return self.nodes[child_id]
        if len(self.nodes) >= MAX_NODES:
            raise busy(
                "moves",
                f"this game holds {MAX_NODES} positions, the most the board keeps;"
                " take back a variation or start a new game",
            )
        node = Node(self.next_id, parent.id, move, parent.ply + 1, state)
        self.next_id += 1
        self.nodes[node.id] = node
        parent.children.append(node.id)
        return node

    def line(self, node_id: Optional[int] = None) -> List[Node]:
        """The nodes from the start to ``node_id`` (default: the current one)."""
        node = self.nodes[self.current if node_id is None else node_id]
        path = [node]
        while node.parent is not None:
            node = self.nodes[node.parent]
            path.append(node)
        return path[::-1]

    def play(self, text: str) -> None:
        """Plays ``text`` (one move or several, as ``apply --moves``) from the current
        position; all or nothing, the first illegal move named as ``apply`` names it."""
        if not isinstance(text, str):
            raise refusal("moves", f"moves are a text, not {text!r}")
        with self.lock:
            played = split_moves(text)
            state = self.nodes[self.current].state.clone()
            steps = []
            for number, move in enumerate(played, start=1):
                try:
                    canonical = state.action_text(state.parse_action(move))
                    state.apply(canonical)
                except GolemError as e:
                    raise refusal(
                        f"move {number} of {len(played)} '{move}'",
                        getattr(e, "message", None) or str(e),
                    ) from None
                steps.append((canonical, state.clone()))
            node = self.nodes[self.current]
            for canonical, after in steps:
                node = self._child(node, canonical, after)
            self.current = node.id
            self._auto_chance()
            self._changed()
        self.wake_bots()

    def sample_chance(self) -> None:
        """A random outcome of the current chance event (seeded by the game and ply)."""
        with self.lock:
            state = self.nodes[self.current].state
            if not state.is_chance():
                raise refusal("chance", "the position is not a chance event")
            self._sample(self.nodes[self.current])
            self._changed()
        self.wake_bots()

    def _sample(self, node: Node) -> Node:
        state = node.state.clone()
        seed = (self.seed * 1_000_003 + node.ply * 7919 + len(node.children)) % 2**63
        action = state.sample_chance(seed)
        move = node.state.action_text(action)
        child = self._child(node, move, state)
        self.current = child.id
        return child

    def _auto_chance(self) -> None:
        """Outside follow mode the board deals: chance events after a move are drawn
        (a known deck has one outcome; a marble drop is sampled)."""
        if self.follow:
            return
        node = self.nodes[self.current]
        for _ in range(MAX_AUTO_CHANCE):
            if not node.state.is_chance():
                return
            node = self._sample(node)

    def goto(self, node_id: Any) -> None:
        with self.lock:
            self.current = self.node(node_id).id
            self.bot_error = None  # try the bots again (a full search cap passes)
            self._changed()
        self.wake_bots()

    def take_back(self) -> None:
        """Removes the current position (and what follows it); back to its parent."""
        with self.lock:
            node = self.nodes[self.current]
            if node.parent is None:
                raise refusal("takeback", "nothing to take back at the start")
            parent = self.nodes[node.parent]
            parent.children.remove(node.id)
            stack = [node.id]
            while stack:
                gone = self.nodes.pop(stack.pop())
                stack.extend(gone.children)
            self.current = parent.id
            self._changed()

    def promote(self, node_id: Any) -> None:
        """Makes the variation through ``node_id`` its parent's main line."""
        with self.lock:
            node = self.node(node_id)
            if node.parent is None:
                raise refusal("node", "the start is on every line")
            siblings = self.nodes[node.parent].children
            siblings.remove(node.id)
            siblings.insert(0, node.id)
            self._changed()

    # ---- seats and bots ------------------------------------------------------------

    def set_seat(self, seat: Any, spec: Optional[str]) -> None:
        with self.lock:
            players = len(self.bots)
            if (
                isinstance(seat, bool)
                or not isinstance(seat, int)
                or not 0 <= seat < players
            ):
                raise out_of_range("seat", seat, 0, players - 1)
            self.bots[seat] = parse_bot(spec, f"seat[{seat}]")
            if self.labels is not None:
                self.labels = None  # the record's names no longer say who plays
            self.bot_error = None
            self._changed()
        self.wake_bots()

    def seat_labels(self) -> List[str]:
        if self.labels is not None:
            return list(self.labels)
        return [bot.spec if bot else "human" for bot in self.bots]

    def wake_bots(self) -> None:
        """Starts the bot of the seat to move, if that seat is a bot, none thinks and the
        position ends its line."""
        with self.lock:
            node = self.nodes[self.current]
            player = node.state.current_player
            # Bots play on at the end of a line only: looking back through a game
            # (or its annotation) must not start a variation under the reader.
            if player is None or node.children:
                return
            if self.bot_thinking is not None or self.bot_error:
                return
            bot = self.bots[player]
            if bot is None:
                return
            self.bot_thinking = node.id
            state = node.state.clone()
            seed = (self.seed + node.ply) % 2**63
        try:
            _spawn(
                self.searches,
                "bot",
                lambda token: self._bot_move(bot, player, node.id, state, seed, token),
            )
        except GolemError as e:
            with self.lock:
                self.bot_thinking = None
                self.bot_error = f"{e.field}: {e.message}"
                self._changed()

    def _bot_move(
        self,
        bot: Bot,
        player: int,
        node_id: int,
        state: Any,
        seed: int,
        token: StopToken,
    ) -> None:
        move = None
        try:
            move = bot_move(bot, state, player, seed, token)
        except GolemError as e:
            with self.lock:
                self.bot_error = f"{e.field}: {e.message}"
        finally:
            with self.lock:
                self.bot_thinking = None
                # The move counts only where it was asked for, by the bot still seated.
                wanted = (
                    move is not None
                    and not token.stopped
                    and self.current == node_id
                    and self.bots[player] is bot
                )
                if wanted:
                    try:
                        self.play(move)
                    except GolemError as e:
                        self.bot_error = f"{e.field}: {e.message}"
                self._changed()
        self.wake_bots()

    # ---- analysis ------------------------------------------------------------------

    def start_analysis(self, options: Dict[str, Any]) -> None:
        if not isinstance(options, dict):
            raise refusal("analysis", "options are a JSON object")
        algo = options.get("algo", "ismcts")
        if algo not in ("ismcts", "alphabeta"):
            raise refusal("algo", f"'{algo}' is not an algorithm (ismcts or alphabeta)")
        budget = search_budget(algo, options)
        with self.lock:
            if self.analysis is not None and self.analysis.finished is None:
                raise busy(
                    "analysis", "one is running on this game already; stop it first"
                )
            node = self.nodes[self.current]
            state = node.state
            if state.current_player is None:
                raise refusal(
                    "analysis", "no player is to move here (a chance event or the end)"
                )
            # Follow mode advises the seat from what that seat can see.
            if self.follow or options.get("view") == "mover":
                state = state.public_view(state.current_player)
            else:
                state = state.clone()
            analysis = Analysis(node.id, algo, budget)
            analysis.token = _spawn(
                self.searches, "analysis", lambda token: analysis.run(state, token)
            )
            self.analysis = analysis
            self._changed()

    def stop_analysis(self) -> None:
        with self.lock:
            if self.analysis is not None and self.analysis.token is not None:
                self.analysis.token.stop()

    # ---- records and annotation ----------------------------------------------------

    def record(self) -> GameRecord:
        """The line from the start to the current position as a record (the arena's)."""
        with self.lock:
            path = self.line()
            moves = [node.move for node in path[1:]]
            comments = [node.comment for node in path[1:]] if self.comments else None
            scores = list(path[-1].state.scores())
            return GameRecord(
                path[-1].state.game,
                self.start_toml,
                moves,
                scores,
                self.seat_labels(),
                comments,
            )

    def record_text(self) -> str:
        return self.record().to_line() + "\n"

    def start_annotation(self, options: Dict[str, Any]) -> None:
        if not isinstance(options, dict):
            raise refusal("annotate", "options are a JSON object")
        iterations = options.get("iterations", 300)
        if (
            isinstance(iterations, bool)
            or not isinstance(iterations, int)
            or not 1 <= iterations <= 100_000
        ):
            raise out_of_range("iterations", iterations, 1, 100_000)
        with self.lock:
            if self.annotation is not None and self.annotation["running"]:
                raise busy("annotate", "an annotation of this game is running already")
            record = self.record()
            start = self.nodes[0].state.clone()
            path = [node.id for node in self.line()]
            annotation: Dict[str, Any] = {
                "running": True,
                "iterations": iterations,
                "nodes": path,
                "notes": [],
                "error": None,
            }

            def keep(note: Any) -> None:
                entry = note.to_dict()
                entry["node"] = path[note.ply]
                annotation["notes"].append(entry)
                self._changed()

            def work(token: StopToken) -> None:
                try:
                    annotate_game(
                        record,
                        iterations=iterations,
                        seed=self.seed % 2**63,
                        on_note=keep,
                        stop=token,
                        # The start as held: its TOML may name an uploaded components
                        # file, which is no file of the machine to read again.
                        start=start,
                    )
                except GolemError as e:
                    annotation["error"] = f"{e.field}: {e.message}"
                finally:
                    annotation["running"] = False
                    self._changed()

            self.annotation_token = _spawn(self.searches, "annotate", work)
            self.annotation = annotation
            self._changed()

    def stop_all(self) -> None:
        self.stop_analysis()
        if self.annotation_token is not None:
            self.annotation_token.stop()
        self.bots = [None] * len(self.bots)

    # ---- what the page shows -------------------------------------------------------

    def view(self) -> Dict[str, Any]:
        with self.lock:
            node = self.nodes[self.current]
            state = node.state
            legal: List[str] = []
            chance: Optional[List[Dict[str, Any]]] = None
            chance_error = None
            drop = None
            if state.is_chance():
                try:
                    chance = [
                        {"move": m, "p": round(p, 6)}
                        for m, p in state.chance_outcomes()
                    ]
                    legal = [entry["move"] for entry in chance]
                except GolemError as e:
                    chance_error = f"{e.field}: {e.message}"
                    # Too many to list: a game that can say the event's shape gets a
                    # picker (Golem's marble drop: its lines, colours and marbles).
                    drop = getattr(state, "pending_drop", None)
            elif not state.is_terminal():
                legal = state.legal_action_texts()
            return {
                "id": self.id,
                "game": state.game,
                "title": type(state).INFO["title"],
                "players": state.players,
                "version": self.version,
                "follow": self.follow,
                "warnings": self.warnings,
                "seats": [b.spec if b else "human" for b in self.bots],
                "labels": self.seat_labels(),
                "current": node.id,
                "ply": node.ply,
                "turn": state.turn,
                "to_move": state.current_player,
                "terminal": state.is_terminal(),
                "scores": list(state.scores()),
                "winner": state.winner() if state.is_terminal() else None,
                "svg": state.to_svg(),
                "legal": legal,
                "chance": chance,
                "chance_error": chance_error,
                "drop": drop,
                "tree": [
                    {
                        "id": n.id,
                        "parent": n.parent,
                        "move": n.move,
                        "ply": n.ply,
                        "children": list(n.children),
                    }
                    for n in self.nodes.values()
                ],
                "line": [n.id for n in self.line()],
                "bot_thinking": self.bot_thinking is not None,
                "bot_error": self.bot_error,
                "analysis": self.analysis.snapshot() if self.analysis else None,
                "annotation": self._annotation_view(),
            }

    def _annotation_view(self) -> Optional[Dict[str, Any]]:
        # Copies: the annotating thread appends while the response is serialised.
        if self.annotation is None:
            return None
        return dict(self.annotation, notes=list(self.annotation["notes"]))

    def live(self) -> Dict[str, Any]:
        """What the event stream sends several times a second."""
        with self.lock:
            return {
                "version": self.version,
                "analysis": self.analysis.snapshot() if self.analysis else None,
            }


def search_budget(algo: str, options: Dict[str, Any]) -> Dict[str, Any]:
    """The search options of an analysis request, checked and capped."""
    allowed = {"algo", "view", "movetime_ms", "threads"}
    allowed |= {"iterations", "seed"} if algo == "ismcts" else {"depth", "objective"}
    for key in options:
        if key not in allowed:
            raise refusal(key, f"not an option of {algo} analysis")
    caps = {
        "movetime_ms": (1, MAX_MOVETIME_MS),
        "iterations": (1, MAX_ITERATIONS),
        "depth": (1, MAX_DEPTH),
        "threads": (1, 8),
        "seed": (0, 2**63 - 1),
    }
    budget: Dict[str, Any] = {}
    for key, (low, high) in caps.items():
        if key not in options or options[key] is None:
            continue
        value = options[key]
        if isinstance(value, bool) or not isinstance(value, int):
            raise refusal(key, f"must be an integer, not {value!r}")
        if not low <= value <= high:
            raise out_of_range(key, value, low, high)
        budget[key] = value
    if algo == "alphabeta":
        budget.pop("threads", None)
        # win: prove a forced win or loss; margin: the score difference (the expected
        # score where the game's objective is a score, as Merchant Explorers' solo game).
        objective = options.get("objective", "win")
        if objective not in ("win", "margin"):
            raise refusal(
                "objective", f"{objective!r} is not an objective (win or margin)"
            )
        budget["objective"] = objective
    # No budget, or one with no time cap: the page's time cap, never an endless search.
    budget.setdefault("movetime_ms", MAX_MOVETIME_MS)
    return budget


def bot_move(
    bot: Bot, state: Any, player: int, seed: int, token: StopToken
) -> Optional[str]:
    """The move of ``bot`` for seat ``player``; searches see only that seat's view."""
    if bot.kind == "random":
        return random.Random(seed).choice(state.legal_action_texts())
    if bot.kind == "greedy":
        # The arena's greedy bot, which reads only the seat's public view.
        return _core.bot_move(state, "greedy", seed=check_int("seed", seed))
    view = state.public_view(player)
    if bot.kind == "ismcts":
        result = ismcts_search(
            view,
            iterations=bot.budget,
            movetime_ms=BOT_MOVETIME_MS,
            seed=check_int("seed", seed),
            stop=token,
        )
    else:
        result = alphabeta_search(
            view, depth=bot.budget, movetime_ms=BOT_MOVETIME_MS, stop=token
        )
    best = result.get("best")
    if best is None:
        return None
    # The view's notation, named as the true state names it.
    return state.action_text(state.parse_action(best))


class Store:
    """The open games, at most ``MAX_GAMES``."""

    def __init__(
        self,
        max_games: int = MAX_GAMES,
        max_searches: int = MAX_SEARCHES,
        max_components: int = MAX_COMPONENTS,
    ) -> None:
        self.max_games = max_games
        self.max_components = max_components
        self.games: Dict[str, Game] = {}
        self.lock = threading.RLock()  # re-entrant for Ctrl-C's stop_all, as Searches'
        self.searches = Searches(max_searches)
        self.ids = itertools.count(1)
        # Components files uploaded, by sha256: (name, text). A position uploaded later
        # that names one by its sha256 is read with it.
        self.components: Dict[str, Tuple[str, str]] = {}

    def get(self, game_id: str) -> Game:
        with self.lock:
            game = self.games.get(game_id)
        if game is None:
            raise refusal(
                "game",
                f"'{game_id}' is not an open game (closed, or the board restarted)",
            )
        return game

    def add(self, start: Any, **kwargs: Any) -> Game:
        with self.lock:
            if len(self.games) >= self.max_games:
                raise busy(
                    "game",
                    f"the board holds at most {self.max_games} open games; close one first",
                )
            game_id = f"g{next(self.ids)}"
            game = Game(game_id, start, self.searches, **kwargs)
            self.games[game_id] = game
        game.wake_bots()
        return game

    def close(self, game_id: str) -> None:
        game = self.get(game_id)
        with self.lock:
            self.games.pop(game_id, None)
        game.stop_all()

    def uploaded_components(self, value: Any, field: str) -> Tuple[str, str]:
        """An uploaded components file as ``(name, text)`` for the core, counted against
        ``MAX_COMPONENTS`` (the core checks its name and content)."""
        name, text = parse_upload(value, field)
        sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
        with self.lock:
            known = sha in self.components
            if not known and len(self.components) >= self.max_components:
                raise busy(
                    field,
                    f"the board takes at most {self.max_components} components files"
                    " in its life; restart it",
                )
        return name, text

    def remember_components(self, upload: Tuple[str, str]) -> None:
        """Keeps a components file the core accepted, for positions naming it later."""
        sha = hashlib.sha256(upload[1].encode("utf-8")).hexdigest()
        with self.lock:
            self.components.setdefault(sha, upload)

    def components_for(
        self, text: str, upload: Optional[Tuple[str, str]]
    ) -> Optional[Tuple[str, str]]:
        """The components to read a position with: the upload sent with it, else one
        uploaded before whose sha256 the position names, else None (the position is then
        read as is, and one naming a file is refused)."""
        if upload is not None:
            return upload
        data = toml_keys(text)
        named = data.get("components")
        if not isinstance(named, str) or named == "builtin":
            return None
        with self.lock:
            return self.components.get(str(data.get("components_sha256", "")))

    def read_start(
        self,
        text: str,
        field: str,
        upload: Optional[Tuple[str, str]],
        warnings: Optional[List[str]] = None,
    ) -> Any:
        """A position's state, read with its components (``components_for``); a key
        naming a file of the machine is refused. What the reading warns of is added to
        ``warnings``."""
        components = self.components_for(text, upload)
        refuse_paths_in_toml(text, field, UPLOAD_KEYS if components else ())
        state, said = registry.read_position(text=text, rules_text=components)
        if warnings is not None:
            warnings.extend(said)
        if components is not None:
            self.remember_components(components)
        return state

    def new_game(self, request: Dict[str, Any]) -> Game:
        """A fresh game from the new-game form: game, players, seed, hidden_decks,
        follow (hidden decks by default), options (the game's setup options), uploads
        (``{"components": {"name", "text"}}``: a file an option names, uploaded)."""
        if not isinstance(request, dict):
            raise refusal("new", "the request is a JSON object")
        name = request.get("game", registry.DEFAULT_GAME)
        if not isinstance(name, str):
            raise refusal("game", f"must be a text, not {name!r}")
        registry.check_game(name)
        info = registry.GAMES[name].INFO
        players = request.get("players", max(2, info["min_players"]))
        if isinstance(players, bool) or not isinstance(players, int):
            raise refusal("players", f"must be an integer, not {players!r}")
        low, high = info["min_players"], info["max_players"]
        if not low <= players <= high:
            raise out_of_range("players", players, low, high)
        seed = request.get("seed", 0)
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise refusal("seed", f"must be an integer, not {seed!r}")
        check_int("seed", seed)
        follow = bool(request.get("follow", False))
        hidden = request.get("hidden_decks", follow)
        options = request.get("options") or {}
        if not isinstance(options, dict):
            raise refusal("options", "a JSON object of the game's setup options")
        known = registry.setup_options(name)
        clean: Dict[str, str] = {}
        for key, value in options.items():
            if key not in known:
                names = ", ".join(known) or "none"
                raise refusal(
                    f"option.{key}", f"not a setup option of {name} (options: {names})"
                )
            if value is None or value == "":
                continue
            value = str(value).lower() if isinstance(value, bool) else str(value)
            refuse_paths(f"option.{key}", key, value)
            clean[key] = value
        uploads = request.get("uploads") or {}
        if not isinstance(uploads, dict):
            raise refusal("uploads", "a JSON object of uploaded files by option")
        components = None
        for key, value in uploads.items():
            if key not in UPLOAD_KEYS or key not in known:
                raise refusal(f"upload.{key}", f"{name} takes no uploaded {key} file")
            components = self.uploaded_components(value, f"upload.{key}")
        state = registry.new(
            name, players, seed, bool(hidden), clean, rules_text=components
        )
        if components is not None:
            self.remember_components(components)
        game = self.add(state, seed=seed, follow=follow)
        with game.lock:
            game._auto_chance()
        return game

    def open_upload(self, name: Any, text: Any, uploads: Any = None) -> Game:
        """An uploaded position (TOML) or record file (JSON lines: its first game);
        ``uploads`` may hold the components file it names (``{"components": {"name",
        "text"}}``), read instead of the file."""
        if not isinstance(text, str):
            raise refusal("file", "the upload is a text")
        label = name if isinstance(name, str) and name else "upload"
        uploads = uploads or {}
        if not isinstance(uploads, dict):
            raise refusal("uploads", "a JSON object of uploaded files by option")
        components = None
        for key, value in uploads.items():
            if key not in UPLOAD_KEYS:
                raise refusal(f"upload.{key}", f"no uploaded {key} file is read")
            components = self.uploaded_components(value, f"upload.{key}")
        stripped = text.lstrip()
        if stripped.startswith("{"):
            return self._open_record(label, text, components)
        warnings: List[str] = []
        state = self.read_start(text, label, components, warnings)
        return self.add(state, warnings=warnings)

    def _open_record(
        self, label: str, text: str, components: Optional[Tuple[str, str]] = None
    ) -> Game:
        first = text.split("\n", 1)[0].rstrip("\r")
        try:
            data = json.loads(first)
        except json.JSONDecodeError as e:
            raise refusal(
                "record[0]", f"not JSON: {e.msg} (column {e.colno})"
            ) from None
        starts: List[Any] = []
        warnings: List[str] = []

        def read(start: str) -> Any:
            # Its refusals are named under record[0].start by record_from_dict.
            starts.append(self.read_start(start, "", components, warnings))
            return starts[-1]

        record = record_from_dict(data, 0, read_start=read)
        game = self.open_record(record, starts[-1].clone())
        game.warnings = warnings
        return game

    def open_record(self, record: GameRecord, start: Any = None) -> Game:
        """A game at the start of ``record`` (``start``: its state, if read already),
        its moves the main line (checked)."""
        if start is None:
            start = registry.from_toml(record.start)
        game = self.add(start, labels=list(record.bots) if record.bots else None)
        # The record's start as written, so a download gives the same bytes back.
        game.start_toml = record.start
        with game.lock:
            node = game.nodes[0]
            for ply, move in enumerate(record.moves):
                state = node.state.clone()
                try:
                    state.apply(move)
                except GolemError as e:
                    self.close(game.id)
                    raise refusal(
                        f"record[0].moves[{ply}]", f"'{move}': {e.message}"
                    ) from None
                node = game._child(node, move, state)
                if record.comments is not None:
                    node.comment = record.comments[ply]
            game.comments = record.comments is not None
        return game

    def stop_all(self) -> None:
        self.searches.stop_all()
        with self.lock:
            games = list(self.games.values())
        for game in games:
            game.stop_all()
