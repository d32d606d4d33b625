"""Century as an OpenSpiel Python game, so OpenSpiel's algorithms (its C++ ISMCTS among
them) can play the same game as the native engine. Install with ``pip install
"golem-solver[openspiel]"``; importing this module registers the game.

The state wraps the engine's ``Century`` with hidden decks: every deal is an explicit chance
node, and since nothing else is hidden the information state is the public state (its
Zobrist hash). Actions are the engine's, packed into dense integers below 2**29.

    import pyspiel, golem_solver.openspiel
    game = pyspiel.load_game("python_century_golem", {"players": 2, "seed": 7})
"""

from __future__ import annotations

import itertools

import pyspiel

from ._core import Century

GAME_NAME = "python_century_golem"
MAX_GAME_LENGTH = 10_000

# Engine action bits: kind << 40 | card << 32 | placement << 16 | caravan nibbles.
# Caravans between turns hold at most 10 crystals: 1001 of them, numbered densely.
_CARAVANS = [
    y | g << 4 | b << 8 | p << 12
    for y, g, b, p in itertools.product(range(11), repeat=4)
    if y + g + b + p <= 10
]
_CARAVAN_INDEX = {nibbles: i for i, nibbles in enumerate(_CARAVANS)}


def encode(bits: int) -> int:
    """An engine action (``Century.legal_actions`` int) as a dense OpenSpiel action."""
    kind, card = bits >> 40, (bits >> 32) & 0xFF
    placement, caravan = (bits >> 16) & 0xFFFF, bits & 0xFFFF
    return kind << 26 | card << 20 | placement << 10 | _CARAVAN_INDEX[caravan]


def decode(action: int) -> int:
    kind, card = action >> 26, (action >> 20) & 0x3F
    placement, caravan = (action >> 10) & 0x3FF, _CARAVANS[action & 0x3FF]
    return kind << 40 | card << 32 | placement << 16 | caravan


_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Century: Golem Edition (golem-solver engine)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=5,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=False,
    parameter_specification={"players": 2, "seed": 0},
)


def _game_info(players: int) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=1 << 29,
        max_chance_outcomes=64,
        num_players=players,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=1.0,
        max_game_length=MAX_GAME_LENGTH,
    )


class CenturyGame(pyspiel.Game):
    """Starts from ``Century.new(players, seed)`` with the deck orders hidden."""

    def __init__(self, params=None):
        params = params or {}
        players = int(params.get("players", 2))
        super().__init__(_GAME_TYPE, _game_info(players), params)
        self.players = players
        self.seed = int(params.get("seed", 0))

    def new_initial_state(self):
        start = Century.new(self.players, self.seed)
        start.hide_decks()
        return CenturyState(self, start)

    def state_from(self, position: Century) -> "CenturyState":
        """An OpenSpiel state for an engine position (decks hidden)."""
        position = position.clone()
        position.hide_decks()
        return CenturyState(self, position)

    def make_py_observer(self, iig_obs_type=None, params=None):
        return PublicObserver()


class CenturyState(pyspiel.State):
    def __init__(self, game: CenturyGame, position: Century):
        super().__init__(game)
        self.position = position

    def current_player(self):
        turn = self.position.turn
        if turn == "terminal":
            return pyspiel.PlayerId.TERMINAL
        if turn == "chance":
            return pyspiel.PlayerId.CHANCE
        return self.position.to_move

    def _legal_actions(self, player):
        return sorted(encode(bits) for bits in self.position.legal_actions())

    def chance_outcomes(self):
        outcomes = self.position.chance_outcomes()
        return [(encode(self.position.parse_action(text)), p) for text, p in outcomes]

    def _apply_action(self, action):
        self.position.apply(decode(action))

    def _action_to_string(self, player, action):
        return self.position.action_text(decode(action))

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


pyspiel.register_game(_GAME_TYPE, CenturyGame)
