"""Every registered game as a PettingZoo AEC environment (docs/rl.md).

Install with ``pip install "golem-solver[rl]"``; ``import golem_solver`` never needs
PettingZoo, only this module does.

    from golem_solver.pettingzoo import env
    e = env(game="century-golem", players=2, seed=7)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        mask = obs["action_mask"]
        action = None if terminated or truncated else int(mask.nonzero()[0][0])
        e.step(action)

Agents are ``player_0`` ... in seat order. An observation is
``{"observation": float32 [OBSERVATION_SIZE], "action_mask": int8 [A]}``: the seat's own
view (``state.observation(seat)``) and, for the agent to act, its legal mask over the
policy action space (``state.legal_mask()``; zeros for the others). Actions are policy
indices (``Discrete(A)``, ``A = num_distinct_actions()``). Chance events (deals, draws)
are resolved inside ``step`` from the environment's seed. Rewards come once, at the end:
the game's returns (1 for each winner, 0 for the others). A live position with no legal
move (which the rules allow in rare corners) truncates the episode with zero rewards.
"""

from __future__ import annotations

import random
from typing import Any, Dict, Optional, Sequence, Tuple

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import _core
from .checks import check_game, check_players
from .errors import refusal
from .games import GAMES, new

# Observation entries are counts, scores and flags: these bounds hold for every game.
OBSERVATION_BOUND = 1.0e4


class GolemEnv(AECEnv):
    """A game of ``golem_solver.GAMES`` as an AEC environment (see the module doc)."""

    metadata = {
        "render_modes": ["human", "ansi"],
        "name": "golem_v0",
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str = "century-golem",
        players: Optional[int] = None,
        seed: int = 0,
        options: Optional[Dict[str, str]] = None,
        render_mode: Optional[str] = None,
    ):
        super().__init__()
        self.game = check_game(game)
        check_players(game, players)
        cls = GAMES[game]
        self.num_players = int(
            players if players is not None else cls.INFO["min_players"]
        )
        self.setup_options = dict(options or {})
        self.seed = int(seed)
        self.render_mode = render_mode
        self.metadata = dict(self.metadata, name=f"golem_{game.replace('-', '_')}_v0")
        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        shape: Tuple[int, ...] = tuple(cls.observation_shape())
        actions = cls.num_distinct_actions()
        widest = _core.LIMITS["policy_actions"][1]
        if actions > widest:
            raise refusal(
                "num_distinct_actions",
                f"{game} has {actions} policy actions, more than a mask may have ({widest})",
            )
        observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    -OBSERVATION_BOUND, OBSERVATION_BOUND, shape, np.float32
                ),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = {a: observation_space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._no_mask = np.zeros(actions, dtype=np.int8)
        self.state: Any = None
        self._chance = random.Random(self.seed)
        self._games = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the episode --

    def reset(self, seed: Optional[int] = None, options: Optional[dict] = None) -> None:
        """A new game: from ``seed`` if given, else the next game of the env's seed."""
        if seed is not None:
            self.seed = int(seed)
            self._games = 0
        game_seed = self.seed + self._games
        self._games += 1
        self._chance = random.Random(game_seed)
        # Deck orders hidden: every deal is a chance event the env draws.
        self.state = new(
            self.game,
            players=self.num_players,
            seed=game_seed,
            hidden_decks=GAMES[self.game].INFO["decks"],
            options=self.setup_options,
        )
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._settle()

    def _settle(self) -> None:
        """Resolves chance, then sets whose turn it is and the end of the game."""
        state = self.state
        while state.is_chance():
            state.sample_chance(self._chance.getrandbits(63))
        if state.is_terminal():
            returns = state.returns()
            for agent in self.agents:
                self.rewards[agent] = float(returns[self._seat[agent]])
                self.terminations[agent] = True
            return
        if not state.legal_actions():
            for agent in self.agents:
                self.truncations[agent] = True
            return
        self.agent_selection = self.possible_agents[state.current_player]

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        seat = self._seat[agent]
        acting = (
            self.state.current_player == seat
            and not self.terminations.get(agent, True)
            and not self.truncations.get(agent, True)
        )
        mask = (
            self.state.legal_mask().astype(np.int8) if acting else self._no_mask.copy()
        )
        return {"observation": self.state.observation(seat), "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.state.apply_index(int(action))
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self._settle()
        if self.terminations[agent] or self.truncations[agent]:
            # Every seat is done: the next agent to report is the first still listed.
            self.agent_selection = self.agents[0]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> Optional[str]:
        """The position text (TOML), printed (``human``) or returned (``ansi``)."""
        if self.state is None:
            return None
        try:
            text = self.state.to_toml()
        except Exception:  # a state the text format cannot say
            text = repr(self.state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass


def env(
    game: str = "century-golem",
    players: Optional[int] = None,
    seed: int = 0,
    options: Optional[Dict[str, str]] = None,
    render_mode: Optional[str] = None,
) -> GolemEnv:
    """A PettingZoo AEC environment of ``game`` for ``players`` seats (default: the fewest
    the game allows), its games and chance drawn from ``seed``."""
    return GolemEnv(game, players, seed, options, render_mode)


def random_policy(observation: Dict[str, np.ndarray], rng: np.random.Generator) -> int:
    """A uniformly random legal action from an observation's mask."""
    legal: Sequence[int] = np.flatnonzero(observation["action_mask"])
    return int(rng.choice(legal))
