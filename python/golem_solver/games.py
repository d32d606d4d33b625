"""The registered games and the game-agnostic way in: ``load``, ``new`` and ``GAMES``.

A position file names its game (``game = "century-golem"``); the core reads that key and
returns the state class of that game, so callers need not know the game in advance.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from os import PathLike
from typing import Any, Dict, List, Mapping, Optional, Tuple, Union

from . import _core
from .checks import GAMES, check_game, check_int, check_players

DEFAULT_GAME = "century-golem"

from_toml = _core.from_toml
load_file = _core.load
_new_game = _core.new_game


def game_of(state: Any) -> str:
    """The name of the game ``state`` belongs to."""
    return state.game


# The `game` key opening a one-line position; a bare "game" prefix would also match
# file names such as "games/start.toml".
_GAME_KEY = re.compile(r"\s*game\s*=")


def _is_toml_text(text: str) -> bool:
    return "\n" in text or _GAME_KEY.match(text) is not None


def load(position: Union[str, PathLike]) -> Any:
    """The state of the game the position names.

    ``position`` is TOML text when it is a ``str`` that holds a newline or starts with
    the ``game =`` key; any other ``str``, and any ``pathlib.Path``, is a file to read.
    """
    if isinstance(position, str) and _is_toml_text(position):
        return from_toml(position)
    return load_file(position)


def read_position(
    path: Optional[Union[str, PathLike]] = None,
    text: Optional[str] = None,
    rules_file: Optional[Union[str, PathLike]] = None,
    seed: int = 0,
    rules_text: Optional[Tuple[str, str]] = None,
) -> Tuple[Any, List[str]]:
    """A position from a file (``path``) or from ``text``, with the warnings its reading
    gave (a components file other than the writer's, guessed hidden cards).

    ``rules_file`` replaces the rules file the position names (Golem's components
    file, ``--components``); so does ``rules_text``, a rules file's ``(name,
    content)`` (an upload: no file is read); a game without one refuses them. Relative
    paths inside the position start at the file's folder (the working directory for
    ``text``). ``seed`` fills the hidden cards written ``?``.
    """
    return _core.read_position(
        None if path is None else str(path),
        text,
        None if rules_file is None else str(rules_file),
        seed,
        rules_text,
    )


def ruleset(state: Any) -> Optional[Dict[str, Any]]:
    """The rules file a state plays by (Golem: its components file, sha256 and placeholder
    count, spec section 13), or None for a game whose rules are all built in."""
    info = state.ruleset
    return None if info is None else dict(info)


@dataclass(frozen=True)
class SetupOption:
    """A setup choice of a game beyond the player count (the core's ``SetupOption``):
    ``kind`` is ``flag`` (``true``/``false``), ``text`` (a word, e.g. a map id or a map
    file) or ``file`` (a path read when the game is made). ``choices`` are the values it
    takes by name (the bundled maps; a map file's path is taken too), empty when any
    value of its kind is."""

    name: str
    kind: str
    help: str
    choices: Tuple[str, ...] = ()


def setup_option_specs(game: str = DEFAULT_GAME) -> List[SetupOption]:
    """The setup choices ``new`` takes for ``game``, declared by the game in the core."""
    return [
        SetupOption(name, kind, help, tuple(choices))
        for name, kind, help, choices in _core.setup_options(check_game(game))
    ]


def setup_options(game: str = DEFAULT_GAME) -> Dict[str, str]:
    """The setup choices ``new`` takes for ``game`` beyond the player count: name -> help."""
    return {option.name: option.help for option in setup_option_specs(game)}


def new(
    game: str = DEFAULT_GAME,
    players: int = 2,
    seed: int = 0,
    hidden_decks: bool = False,
    options: Optional[Mapping[str, str]] = None,
    rules_text: Optional[Tuple[str, str]] = None,
) -> Any:
    """A fresh starting position of ``game``, shuffled by ``seed``; with ``hidden_decks``
    the deck orders are left out, so every deal is a chance event. ``options`` are the
    game's setup choices (``setup_options(game)``), e.g. ``{"map": "kazan"}``.
    ``rules_text`` is a rules file's ``(name, content)`` to play by (Golem's components;
    the positions written then name the file ``name``)."""
    check_players(game, players)
    check_int("seed", seed)
    pairs = [(str(k), str(v)) for k, v in (options or {}).items()]
    state = _new_game(check_game(game), players, seed, pairs, rules_text)
    if hidden_decks:
        state.hide_decks()  # refused by the core for a game without decks
    return state


__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "check_game",
    "from_toml",
    "game_of",
    "load",
    "new",
    "read_position",
    "ruleset",
    "SetupOption",
    "setup_option_specs",
    "setup_options",
]
