"""A random agent against the engine (ISMCTS with a small budget) in the PettingZoo
environment of each registered game; prints every game's result and the tally.

    pip install ".[rl]"
    python examples/pettingzoo_random_vs_engine.py [GAMES] [ITERATIONS]

The engine searches its own seat's view (``public_view``: no deck order), picks a move
text, and plays it through the environment by its policy index. Nothing is trained.
"""

from __future__ import annotations

import sys

import numpy as np

import golem_solver
from golem_solver.pettingzoo import env, random_policy


def engine_move(state, seat: int, iterations: int, seed: int) -> int:
    """The policy index of the engine's move for ``seat`` (ISMCTS on its view)."""
    result = golem_solver.analyse(
        state.public_view(seat), iterations=iterations, seed=seed
    )
    return state.policy_index(result["best"])


def play(game: str, games: int, iterations: int) -> None:
    rng = np.random.default_rng(0)
    wins = {"random": 0.0, "engine": 0.0}
    e = env(game=game, players=2, seed=1)
    for g in range(games):
        e.reset(seed=100 + g)
        engine = e.possible_agents[g % 2]  # the engine alternates seats
        moves = 0
        for agent in e.agent_iter():
            obs, _, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            if agent == engine:
                seat = e.possible_agents.index(agent)
                action = engine_move(e.state, seat, iterations, seed=moves)
            else:
                action = random_policy(obs, rng)
            e.step(action)
            moves += 1
        scores = e.state.scores()
        returns = e.state.returns()
        for agent, r in zip(e.possible_agents, returns):
            wins["engine" if agent == engine else "random"] += r
        print(
            f"{game} game {g + 1}: engine is {engine}, {moves} moves, "
            f"scores {scores}, returns {returns}"
        )
    print(f"{game}: engine {wins['engine']:g}, random {wins['random']:g} wins\n")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    iterations = int(sys.argv[2]) if len(sys.argv) > 2 else 100
    for game in golem_solver.GAMES:
        play(game, games, iterations)


if __name__ == "__main__":
    main()
