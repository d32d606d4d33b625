"""Every registered game that OpenSpiel can hold as an OpenSpiel Python game, so
OpenSpiel's algorithms can play the same games as the native engine. Install with
``pip install "golem-solver[openspiel]"``; importing this module registers one OpenSpiel
game per such game in ``golem_solver.GAMES``, named ``python_<name>`` with ``-`` as ``_``
(Century: ``python_century_golem``). A game OpenSpiel cannot hold is left out, with the
reason in ``UNSUPPORTED`` (``load_game`` raises it): one whose action space does not fit
OpenSpiel's C++ ``int`` (Golem (Cranio)'s exact ids need 64 bits), or one with private
information (the states below assume that only deal orders are hidden).

A state wraps the engine's with hidden decks: every deal is an explicit chance node, and
since nothing else is hidden the information state is the public state (its Zobrist hash).
OpenSpiel actions are the engine's dense action indices (``action_index``), all below the
game's ``INFO["action_space"]``; the engine owns that numbering. Observation tensors are
the engine's (``state.observation(player)``, layout in each game's doc, docs/rl.md):
``state.observation_tensor(player)`` works for every game; information-state tensors
are not provided (the engine's tensor does not recall the past).

    import pyspiel, golem_solver.openspiel
    game = pyspiel.load_game("python_century_golem", {"players": 2, "seed": 7})
"""

from __future__ import annotations

from typing import Any, Dict, Optional

import numpy as np
import pyspiel

from .errors import refusal
from .games import GAMES

MAX_GAME_LENGTH = 10_000
# OpenSpiel numbers actions with a C++ int.
MAX_OPENSPIEL_ACTIONS = 2**31 - 1


def openspiel_name(game: str) -> str:
    """The OpenSpiel short name of a golem game: ``century-golem`` -> ``python_century_golem``."""
    return "python_" + game.replace("-", "_")


def unsupported_reason(game: str) -> Optional[str]:
    """Why OpenSpiel cannot hold ``game`` through this adapter, or None if it can."""
    info = GAMES[game].INFO
    if info["action_space"] > MAX_OPENSPIEL_ACTIONS:
        return (
            f"{game} has {info['action_space']} action ids, more than OpenSpiel's int "
            f"holds ({MAX_OPENSPIEL_ACTIONS}); use the engine's own search or "
            "golem_solver.pettingzoo (its policy space)"
        )
    if info["hidden_information"]:
        return (
            f"{game} has private information, which this adapter's states do not "
            "model (they hide only deal orders)"
        )
    return None


# Golem game name -> why the adapter leaves it out.
UNSUPPORTED: Dict[str, str] = {
    game: reason for game in GAMES for reason in [unsupported_reason(game)] if reason
}

# Golem game name -> OpenSpiel short name, for every game the adapter registers.
GAME_NAMES: Dict[str, str] = {
    game: openspiel_name(game) for game in GAMES if game not in UNSUPPORTED
}


def load_game(game: str, players: int, seed: int = 0) -> pyspiel.Game:
    """The OpenSpiel game of ``game`` (a golem game name); ``GolemError`` naming
    ``game`` for one the adapter cannot register (``UNSUPPORTED``)."""
    if game in UNSUPPORTED:
        raise refusal("game", UNSUPPORTED[game])
    if game not in GAME_NAMES:
        names = ", ".join(GAME_NAMES)
        raise refusal("game", f"'{game}' is not a game (expected one of: {names})")
    return pyspiel.load_game(GAME_NAMES[game], {"players": players, "seed": seed})


def _game_type(state_class: Any) -> pyspiel.GameType:
    info = state_class.INFO
    Type = pyspiel.GameType
    return Type(
        short_name=openspiel_name(info["name"]),
        long_name=f"{info['title']} (golem-solver engine)",
        dynamics=Type.Dynamics.SIMULTANEOUS
        if info["simultaneous"]
        else Type.Dynamics.SEQUENTIAL,
        chance_mode=Type.ChanceMode.EXPLICIT_STOCHASTIC
        if info["chance"]
        else Type.ChanceMode.DETERMINISTIC,
        # A game with chance deals from a deck whose order nobody knows is declared
        # imperfect-information, as Century always was here: OpenSpiel's ISMCTS (the
        # point of the adapter) searches only such games.
        information=Type.Information.IMPERFECT_INFORMATION
        if info["hidden_information"] or info["chance"]
        else Type.Information.PERFECT_INFORMATION,
        # The engine gives 1 to the winner and 0 to the others.
        utility=Type.Utility.CONSTANT_SUM,
        reward_model=Type.RewardModel.TERMINAL,
        max_num_players=info["max_players"],
        min_num_players=info["min_players"],
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": info["min_players"], "seed": 0},
    )


def _game_info(state_class: Any, players: int) -> pyspiel.GameInfo:
    info = state_class.INFO
    return pyspiel.GameInfo(
        num_distinct_actions=info["action_space"],
        max_chance_outcomes=info["max_chance_outcomes"],
        num_players=players,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=1.0,
        max_game_length=MAX_GAME_LENGTH,
    )


class GolemGame(pyspiel.Game):
    """Starts from ``new(players, seed)`` with the deck orders hidden. Subclassed once
    per registered game (``state_class`` says which)."""

    state_class: Any = None
    game_type: pyspiel.GameType = None

    def __init__(self, params=None):
        params = params or {}
        players = int(params.get("players", self.state_class.INFO["min_players"]))
        info = _game_info(self.state_class, players)
        super().__init__(self.game_type, info, params)
        self.players = players
        self.seed = int(params.get("seed", 0))

    def new_initial_state(self):
        return self.state_from(self.state_class.new(self.players, self.seed))

    def state_from(self, position: Any) -> "GolemState":
        """An OpenSpiel state for an engine position of this game. Decks a game can hide
        are hidden, so every deal is an explicit chance node."""
        position = position.clone()
        if position.INFO["decks"]:
            position.hide_decks()
        return GolemState(self, position)

    def make_py_observer(self, iig_obs_type=None, params=None):
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            return PublicObserver()
        return TensorObserver(self.state_class)


class GolemState(pyspiel.State):
    def __init__(self, game: GolemGame, position: Any):
        super().__init__(game)
        self.position = position
        self._index = game.state_class.action_index
        self._action = game.state_class.action_from_index

    def current_player(self):
        turn = self.position.turn
        if turn == "terminal":
            return pyspiel.PlayerId.TERMINAL
        if turn == "chance":
            return pyspiel.PlayerId.CHANCE
        return self.position.current_player

    def _legal_actions(self, player):
        return sorted(self._index(action) for action in self.position.legal_actions())

    def chance_outcomes(self):
        parse = self.position.parse_action
        return [
            (self._index(parse(text)), p) for text, p in self.position.chance_outcomes()
        ]

    def _apply_action(self, action):
        self.position.apply(self._action(action))

    def _action_to_string(self, player, action):
        return self.position.action_text(self._action(action))

    def is_terminal(self):
        return self.position.is_terminal()

    def returns(self):
        return self.position.returns()

    def resample_from_infostate(self, player_id, probability_sampler):
        # Only future deals are hidden, from everyone alike: the state is its own sample.
        return self.clone()

    def __str__(self):
        return f"{self.position.hash():016x}"


class PublicObserver:
    """Every player sees the whole public state; the hash names it."""

    def __init__(self):
        self.tensor = None
        self.dict = {}

    def set_from(self, state, player):
        pass

    def string_from(self, state, player):
        return str(state)


class TensorObserver(PublicObserver):
    """The engine's observation tensor of the player (``state.observation``)."""

    def __init__(self, state_class: Any):
        super().__init__()
        self.tensor = np.zeros(state_class.observation_shape(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        self.tensor[:] = state.position.observation(player)


def _register(state_class: Any) -> type:
    game_type = _game_type(state_class)
    fields = {"state_class": state_class, "game_type": game_type}
    game_class = type(f"{state_class.__name__}Game", (GolemGame,), fields)
    pyspiel.register_game(game_type, game_class)
    return game_class


# OpenSpiel game class of every game the adapter registers, by golem game name.
GAME_CLASSES: Dict[str, type] = {game: _register(GAMES[game]) for game in GAME_NAMES}
