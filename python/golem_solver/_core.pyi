"""Type stubs for the Rust extension ``golem_solver._core`` (rust/py/src/lib.rs)."""

from __future__ import annotations

from os import PathLike
from typing import Any, Callable, ClassVar, Literal, Optional, TypedDict, Union

import numpy as np
from numpy.typing import NDArray
from typing_extensions import Self, final

__all__ = [
    "__version__",
    "GolemError",
    "InternalError",
    "PositionError",
    "IllegalActionError",
    "LIMITS",
    "SEARCH_OPTIONS",
    "GameState",
    "Century",
    "MerchantExplorers",
    "GolemCranio",
    "GAMES",
    "Seat",
    "from_toml",
    "load",
    "read_position",
    "new_game",
    "setup_options",
    "StopToken",
    "solve",
    "analyse",
    "random_playouts",
    "arena",
    "bot_move",
    "VecEnv",
    "batch_playouts",
    "arena_games",
    "arena_report",
    "bench",
    "_panic_for_tests",
]

__version__: str

GAMES: dict[str, type[GameState]]
"""Every registered game by name (``"century-golem"``) -> its state class."""

Move = Union[int, str]
"""A move: its canonical (or any accepted) text, or its integer from ``legal_actions()``."""

class GolemError(ValueError):
    """An error from the engine; ``str(e)`` is ``"<field>: <message>"``."""

    field: str
    message: str

class PositionError(GolemError):
    """A refused position; ``field`` is the TOML field (``player[1].hand[2]``)."""

class InternalError(GolemError):
    """A bug in golem-solver (a Rust panic caught at the boundary); ``field`` is
    ``"internal error"``. The command line exits 70 on it, not 2."""

class IllegalActionError(GolemError):
    """A move that is not legal here; ``field`` is ``"move"`` (text) or ``"action"`` (int)."""

@final
class Seat:
    """A snapshot of one player's belongings."""

    @property
    def seat(self) -> int: ...
    @property
    def crystals(self) -> str: ...
    @property
    def hand(self) -> list[str]: ...
    @property
    def played(self) -> list[str]: ...
    @property
    def golems(self) -> list[str]: ...
    @property
    def gold(self) -> int: ...
    @property
    def silver(self) -> int: ...
    @property
    def golem_points(self) -> int: ...
    @property
    def score(self) -> int: ...

class GameInfo(TypedDict):
    """``INFO`` of a state class: what OpenSpiel and other frameworks need to know."""

    name: str
    title: str
    min_players: int
    max_players: int
    chance: bool
    hidden_information: bool
    simultaneous: bool
    action_space: int  # every dense action index is below it
    max_chance_outcomes: int
    solo_win: bool  # a 1-player game is won or lost (else played for its score alone)
    decks: bool  # the game has decks whose order hide_decks forgets
    rules_file: Optional[
        str
    ]  # the setup option naming its rules file (components, map)

class GameState:
    """A state of any registered game: what every game's class has. Each game's class
    (``Century``, ...) is a subclass; states are mutable (``apply`` changes one in
    place)."""

    GAME: ClassVar[str]
    INFO: ClassVar[GameInfo]
    POLICIES: ClassVar[list[str]]
    """The game's own bot policies (``greedy``), beside random, ismcts and alphabeta."""
    @property
    def game(self) -> str:
        """The game's name (``"century-golem"``)."""

    @classmethod
    def action_index(cls, action: int) -> int:
        """The dense index (below ``INFO["action_space"]``) of an action id."""

    @classmethod
    def action_from_index(cls, index: int) -> int:
        """The action id of a dense index; ``GolemError`` if no action maps to it."""

    @classmethod
    def load(cls, path: Union[str, PathLike[str]]) -> Self:
        """Reads a position file; on ``GameState`` itself, of the game it names."""
    @classmethod
    def from_toml(cls, text: str) -> Self:
        """Reads a position text; on ``GameState`` itself, of the game it names."""
    @classmethod
    def new(cls, players: int, seed: int = 0) -> Self:
        """A fresh game (on a game's class; ``GameState.new`` names no game)."""
    def to_toml(self) -> str: ...
    def hide_decks(self) -> None:
        """Forgets every deck order: later deals become chance events over the unseen
        cards. ``GolemError`` (``hidden_decks``) where ``INFO["decks"]`` is false."""
    @property
    def ruleset(self) -> Optional[dict[str, Any]]:
        """The rules file the state plays by (Golem's components: ``game``, ``kind``,
        ``source``, ``sha256``, ``facts``, ``placeholders`` and the ``line`` printed with
        every result), or None for a game whose rules are all built in."""
    def to_svg(self) -> Optional[str]: ...
    def _repr_svg_(self) -> Optional[str]: ...
    def save(
        self, path: Union[str, PathLike[str]], overwrite: bool = False
    ) -> None: ...
    def clone(self) -> Self: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: object) -> Self: ...
    def __eq__(self, other: object, /) -> bool: ...
    @property
    def players(self) -> int: ...
    @property
    def turn(self) -> Literal["player", "chance", "terminal"]: ...
    @property
    def current_player(self) -> Optional[int]:
        """The seat choosing an action, or None at a chance node or once over."""
    def public_view(self, seat: int) -> Self: ...
    def is_terminal(self) -> bool: ...
    def is_chance(self) -> bool: ...
    def legal_actions(self) -> list[int]:
        """Legal actions (chance outcomes at a chance node) as integers; ``GolemError``
        at a chance node with too many outcomes to list (use ``sample_chance``)."""
    def legal_action_texts(self) -> list[str]: ...
    def action_text(self, action: Move) -> str: ...
    def parse_action(self, text: str) -> int: ...
    def apply(self, action: Move) -> None: ...
    def child(self, action: Move) -> Self: ...
    def chance_outcomes(self) -> list[tuple[str, float]]:
        """(text, probability) of every outcome; ``GolemError`` (field ``state``) where
        there are more than ``INFO["max_chance_outcomes"]`` (use ``sample_chance``)."""
    def scores(self) -> list[int]: ...
    def returns(self) -> list[float]: ...
    def winner(self) -> Optional[int]: ...
    def hash(self) -> int: ...
    def perft(self, depth: int, stop: Optional[StopToken] = None) -> Optional[int]:
        """Leaves ``depth`` plies deep (``depth`` in ``LIMITS["perft_depth"]``); None
        when ``stop`` was set before the count finished."""
    def perft_divide(
        self, depth: int, stop: Optional[StopToken] = None
    ) -> Optional[list[tuple[str, int]]]: ...
    # -- tensors for learning (docs/rl.md) --
    @classmethod
    def observation_shape(cls) -> tuple[int]:
        """``(OBSERVATION_SIZE,)``: every observation of the game has this shape."""
    @classmethod
    def num_distinct_actions(cls) -> int:
        """Size of the policy action space (the length of every ``legal_mask()``)."""
    def observation(self, player: Optional[int] = None) -> NDArray[np.float32]:
        """What ``player`` (default: the seat to move) may see; layout in the game's doc."""
    def legal_mask(self) -> NDArray[np.bool_]:
        """True at the policy index of every legal action; all False at a chance node
        or once over."""
    def policy_index(self, action: Move) -> int:
        """The policy index (position in ``legal_mask()``) of a legal action."""
    def action_from_policy_index(self, index: int) -> int:
        """The action id the policy index plays here (the first legal one with it)."""
    def apply_index(self, index: int) -> None:
        """Applies the legal action of a policy index; IllegalActionError otherwise."""
    def sample_chance(self, seed: int) -> int:
        """At a chance node: applies an outcome drawn from ``seed``; returns its id."""

@final
class Century(GameState):
    """A Century: Golem Edition game state (mutable; ``apply`` changes it in place)."""

    @property
    def to_move(self) -> int: ...
    def is_over(self) -> bool: ...
    @property
    def last_round(self) -> bool: ...
    @property
    def golem_threshold(self) -> int: ...
    @property
    def merchant_row(self) -> list[str]: ...
    @property
    def merchant_row_crystals(self) -> list[str]: ...
    @property
    def golem_row(self) -> list[str]: ...
    @property
    def golem_row_coins(self) -> list[Optional[Literal["gold", "silver"]]]: ...
    @property
    def merchant_deck(self) -> Optional[list[str]]: ...
    @property
    def golem_deck(self) -> Optional[list[str]]: ...
    @property
    def merchant_unseen(self) -> list[str]: ...
    @property
    def golem_unseen(self) -> list[str]: ...
    @property
    def pending_deal(self) -> Optional[Literal["merchant", "golem"]]: ...
    @property
    def gold_left(self) -> int: ...
    @property
    def silver_left(self) -> int: ...
    def seat(self, seat: int) -> Seat: ...
    @property
    def seats(self) -> list[Seat]: ...
    Seat: ClassVar[type[Seat]]
    """The class of the snapshots ``seat()`` and ``seats`` give."""
    @staticmethod
    def golem_points(name: str) -> int:
        """Victory points of a golem card, by name."""

class ObjectiveStatus(TypedDict):
    id: str
    achieved_by: list[int]
    out_of_play: bool

@final
class MerchantExplorers(GameState):
    """A Guild of Merchant Explorers game state."""

    @property
    def map(self) -> str: ...
    @property
    def era(self) -> int: ...
    @property
    def objective_status(self) -> list[ObjectiveStatus]:
        """Each objective of the game: ``id``, ``achieved_by`` (the seats, in order) and
        ``out_of_play`` (no seat can be paid for it any more)."""
    def map_texts(self) -> list[str]:
        """Each seat's copy of the map as text (two characters a space, two lines a row);
        ``MAP_KEY`` says what the characters mean."""
    MAP_KEY: ClassVar[list[str]]

@final
class GolemCranio(GameState):
    """A Golem (Cranio Creations) game state; its numbers come from a components file
    (builtin by default, spec §13)."""

    @property
    def round(self) -> int: ...
    @property
    def phase(self) -> str: ...
    @property
    def pending_drop(self) -> Optional[dict[str, Any]]:
        """The pending marble drop's ``lines``, ``colours`` and ``marbles`` per colour,
        or None."""

def from_toml(text: str) -> GameState:
    """The state of the game named by the text's ``game`` key (``PositionError`` with
    ``field == "game"`` for an unknown one)."""

def load(path: Union[str, PathLike[str]]) -> GameState:
    """The state of the game named by the file's ``game`` key."""

def read_position(
    path: Optional[str] = None,
    text: Optional[str] = None,
    rules_file: Optional[str] = None,
    seed: int = 0,
    rules_text: Optional[tuple[str, str]] = None,
) -> tuple[GameState, list[str]]:
    """A position of any game from a file or a text, with the warnings its reading gave;
    ``rules_file`` overrides the rules file it names (Golem's components), as does
    ``rules_text`` (a rules file's ``(name, content)``); ``seed`` fills its ``?`` cards."""

def new_game(
    game: str,
    players: int,
    seed: int = 0,
    options: list[tuple[str, str]] = ...,
    rules_text: Optional[tuple[str, str]] = None,
) -> GameState:
    """A fresh starting position of ``game`` with its decks shuffled by ``seed``;
    ``options`` are the game's setup choices as ``(name, value)`` pairs;
    ``rules_text`` a rules file's ``(name, content)`` to play by."""

def setup_options(game: str) -> list[tuple[str, str, str, list[str]]]:
    """The setup choices ``new_game`` takes for ``game``: ``(name, kind, help,
    choices)``, kind ``flag`` (true/false), ``text`` or ``file`` (a path); ``choices``
    the values taken by name (empty when any is)."""

@final
class StopToken:
    """Lets another thread stop a running search (``token.stop()``); the search then
    returns the best result found so far."""

    def __init__(self) -> None: ...
    def stop(self) -> None: ...
    @property
    def stopped(self) -> bool: ...

SearchResult = dict[str, Any]
"""A search result: ``algorithm``, ``best``, ``nodes``, ``seconds``, ``nps``, ``pv``
(texts of the legal prefix of the engine's line), ``pv_illegal`` (None, or ``{"ply": k,
"action": id}``: the first step of that line that is not legal), ``objective``,
``moves`` and the algorithm's own fields (``depth``, ``result``, ``plies``, ``value``,
``exact``, ``hashfull``, ``stopped``, ``chance_sampled`` (None, or the outcomes drawn
at each chance node too large to list); ``iterations``, ``tree_size``)."""

def solve(
    state: GameState,
    *,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    movetime_ms: Optional[int] = None,
    objective: Literal["win", "margin"] = "win",
    hash_mb: int = 16,
    use_tt: bool = True,
    threads: int = 1,
    on_iteration: Optional[Callable[[SearchResult], object]] = None,
    stop: Optional[StopToken] = None,
    **options: SearchOptionValue,
) -> SearchResult:
    """Alpha-beta with iterative deepening (minimax for two players, paranoid for more)
    until the first budget is reached; ``on_iteration`` gets each iteration's result.
    With ``threads`` above 1 the threads share each iteration's root moves on one table
    (settled values and proofs are those of one thread; estimates and node counts can
    vary). ``options`` are the other alpha-beta options of ``SEARCH_OPTIONS``
    (``samples``, ``eval``), read as bot specs read them."""

class SearchOptionInfo(TypedDict, total=False):
    name: str
    kind: Literal["count", "real", "choice"]
    low: Union[int, float]
    high: Union[int, float]
    choices: list[str]
    default: str
    help: str
    searches: list[str]

SEARCH_OPTIONS: list[SearchOptionInfo]
"""Every search option as the core declares it: the bot specs, ``analyse``'s keywords
and the command line's options read this one table."""

def analyse(
    state: GameState,
    *,
    iterations: Optional[int] = None,
    nodes: Optional[int] = None,
    movetime_ms: Optional[int] = None,
    threads: int = 1,
    seed: int = 0,
    report_every: int = 0,
    only: Optional[list[str]] = None,
    objective: Optional[Literal["score", "win"]] = None,
    on_report: Optional[Callable[[SearchResult], object]] = None,
    stop: Optional[StopToken] = None,
    **options: SearchOptionValue,
) -> SearchResult:
    """ISMCTS (``threads`` share one tree; ``parallel="root"``: a tree each); ``only``
    restricts the root player's first move to these moves (texts; the search below them
    is the full one);
    ``objective`` is ``"win"`` (the default with several players) or ``"score"`` (the
    default for one player: the expected final score; ``"win"`` alone, where the game can
    be won, is the chance to win, every rollout played to the end). A 1-player result
    carries ``expected_score`` and ``solo_win`` (None where no rollout reached the end),
    for the best move and per move. ``on_report`` gets a result every
    ``report_every`` iterations. ``options`` are the ISMCTS options of
    ``SEARCH_OPTIONS`` (``rollout="random"``, ``cutoff=0``, ``widening=0``, ...), read
    as bot specs read them; left out (or None) they take the tuned defaults
    (docs/search.md)."""

def random_playouts(state: GameState, games: int, seed: int = 0) -> int:
    """Plays ``games`` uniformly random games from ``state``; returns the player moves
    made in all."""

class PlayoutArrays(TypedDict):
    returns: NDArray[np.float64]
    scores: NDArray[np.int32]
    plies: NDArray[np.int64]

def batch_playouts(
    states: list[GameState], games: int, seed: int = 0, threads: int = 1
) -> PlayoutArrays:
    """``games`` random playouts from each state (one game, one player count): arrays
    ``returns`` [S, games, players], ``scores`` [S, games, players], ``plies`` [S, games].
    Playouts of state i draw from stream i of ``seed`` (the same on any thread count)."""

StepArrays = tuple[
    NDArray[np.float32], NDArray[np.bool_], NDArray[np.float32], NDArray[np.bool_]
]

@final
class VecEnv:
    """Many games of one kind stepped together in Rust (docs/rl.md)."""

    def __new__(
        cls,
        game: Optional[str] = None,
        num_envs: int = 1,
        players: Optional[int] = None,
        seed: int = 0,
        options: list[tuple[str, str]] = ...,
        states: Optional[list[GameState]] = None,
    ) -> Self: ...
    @property
    def game(self) -> str: ...
    @property
    def num_envs(self) -> int: ...
    @property
    def players(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int]: ...
    @property
    def num_distinct_actions(self) -> int: ...
    @property
    def episodes(self) -> int: ...
    def observe(self) -> StepArrays:
        """(observations [B, obs], masks [B, A], rewards [B, players], dones [B])."""
    def step(self, actions: NDArray[np.int64]) -> StepArrays:
        """Plays one policy index per game, resolves chance, restarts finished games."""
    def current_players(self) -> NDArray[np.int64]: ...
    def states(self) -> list[GameState]: ...

def arena(
    bots: list[str],
    *,
    game: Optional[str] = None,
    games: int = 100,
    players: Optional[int] = None,
    seed: int = 0,
    threads: int = 1,
    max_plies: int = 3000,
    setup: list[tuple[str, str]] = ...,
    record: bool = False,
    on_progress: Optional[Callable[[int, int], object]] = None,
    stop: Optional[StopToken] = None,
    on_record: Optional[Callable[[dict], object]] = None,
) -> dict:
    """Plays ``games`` games of ``game`` between bots given by spec (``random``, ``greedy``,
    ``ismcts:iterations=1000,...``, ``alphabeta:depth=2,...``). ``players`` defaults to
    the number of bots (at least the game's minimum); seats are filled with the bots cyclically and rotated
    every game. Results depend only on the arguments, not on ``threads``. A bad spec raises
    ``GolemError`` with ``field`` like ``bot[1].iterations``. ``stop`` ends the arena
    within a move; the report (``stopped`` True) then covers the ``played`` games
    finished by then. With ``record`` the report has ``records``: per game played its
    ``index``, ``seats`` (lineup indices) and ``bots`` (names) by seat, ``scores``, ``winner``, ``plies``, ``finished``, ``start``
    (TOML) and ``moves`` (every action applied, chance outcomes included, in notation).
    With ``on_record`` each record goes to it instead, in game order as the games
    finish, and the report has no ``records`` (memory does not grow with the games)."""

def arena_games(
    bots: list[str],
    *,
    game: Optional[str] = None,
    games: int = 100,
    players: Optional[int] = None,
    seed: int = 0,
    threads: int = 1,
    max_plies: int = 3000,
    setup: list[tuple[str, str]] = ...,
    record: bool = False,
    first: int = 0,
    count: Optional[int] = None,
    on_progress: Optional[Callable[[int, int], object]] = None,
    stop: Optional[StopToken] = None,
) -> dict:
    """Plays only the games ``first..first + count`` (default: to the last) of the arena
    ``arena`` would play with the same arguments, each exactly as ``arena`` plays it;
    returns ``{"records": [...], "stopped": bool}``: every finished game's record (as
    ``arena``'s ``records``, plus ``seats``, the lineup index holding each seat), in game
    order. ``count=0`` only checks the arguments."""

def bot_move(state: GameState, spec: str, *, seed: int = 0) -> Optional[str]:
    """The move (text) the bot ``spec`` (an arena bot spec: ``greedy``, ``ismcts:...``)
    makes for the player to move, from that seat's ``public_view``, its randomness drawn
    from ``seed``; None if that player has no legal move."""

def arena_report(
    bots: list[str],
    records: list[dict],
    *,
    game: Optional[str] = None,
    games: int = 100,
    players: Optional[int] = None,
    seed: int = 0,
    max_plies: int = 3000,
    setup: list[tuple[str, str]] = ...,
    record: bool = False,
    stopped: bool = False,
) -> dict:
    """The report ``arena`` gives for these records (``arena_games``' records, merged in
    increasing game order), made by the same code; ``stopped`` says some games are
    missing. A malformed record raises ``GolemError`` naming it (``records[3].seats``)."""

def bench(
    *,
    game: Optional[str] = None,
    depth: Optional[int] = None,
    nodes: Optional[int] = None,
    positions: Optional[str] = None,
    on_line: Optional[Callable[[dict], object]] = None,
    stop: Optional[StopToken] = None,
) -> dict:
    """Runs the bench searches (every game's built-in positions, or ``game``'s; or the
    TOML ``positions``, separated by lines ``---``): ``{"nodes", "seconds", "nps",
    "expected", "lines", "games"}``. ``lines`` has ``game``, ``position``, ``search``,
    ``nodes``, ``seconds`` per search, ``games`` the subtotals per game. For the built-in
    run ``nodes`` is the signature and ``expected`` the value recorded in the code;
    ``expected`` is None for an ad-hoc run. ``stop`` ends it at once: ``stopped`` is then
    True, the search cut short is left out and ``expected`` is None."""

SearchOptionValue = Union[str, int, float, bool, None]
"""A search option's value: its text, a number, or True/False for ``on``/``off``."""

LIMITS: dict[str, tuple[int, int]]
"""Ranges the core bounds itself, inclusive: ``hash`` (MiB), ``threads``, ``depth``
(alpha-beta), ``perft_depth`` and ``policy_actions`` (the widest legal mask)."""

def _panic_for_tests() -> None: ...
