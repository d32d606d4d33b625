"""Speed of the learning API (docs/rl.md), every registered game, from the installed
package: one observation and one legal mask per call, VecEnv batch steps for a batch of
256 (the first legal index of every game), and batch_playouts."""

from __future__ import annotations

import time

import numpy as np
import pytest

from golem_solver import GAMES, VecEnv, batch_playouts, new

from conftest import pick

BATCH = 256


def a_player_state(game):
    state = new(game, players=2, seed=3)
    while state.is_chance():
        state.sample_chance(1)
    return state


def per_call(run, calls):
    start = time.perf_counter()
    for _ in range(calls):
        run()
    return (time.perf_counter() - start) / calls


@pytest.mark.parametrize("game", sorted(GAMES))
def test_observation_and_mask_call_cost(game, report):
    state = a_player_state(game)
    calls = pick(2_000, 20_000)
    report(
        f"{game}: observation() call",
        per_call(state.observation, calls) * 1e6,
        "us",
        note=f"{GAMES[game].observation_shape()[0]} floats",
    )
    report(
        f"{game}: legal_mask() call",
        per_call(state.legal_mask, calls) * 1e6,
        "us",
        note=f"{GAMES[game].num_distinct_actions()} entries",
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_vec_env_steps_per_second(game, report):
    env = VecEnv(game, num_envs=BATCH, players=2, seed=1)
    _, masks, _, _ = env.observe()
    steps = pick(50, 500)
    spent = 0.0
    for _ in range(steps):
        actions = masks.argmax(axis=1).astype(np.int64)
        start = time.perf_counter()
        _, masks, _, _ = env.step(actions)
        spent += time.perf_counter() - start
    report(
        f"{game}: VecEnv.step, batch {BATCH}",
        steps / spent,
        "steps/s",
        note=f"{steps * BATCH / spent:,.0f} game moves/s",
    )


@pytest.mark.parametrize("game", sorted(GAMES))
def test_batch_playouts_per_second(game, report):
    states = [a_player_state(game) for _ in range(8)]
    games = pick(4, 40)
    start = time.perf_counter()
    result = batch_playouts(states, games, seed=1)
    seconds = time.perf_counter() - start
    report(
        f"{game}: batch_playouts (8 states, 1 thread)",
        result["plies"].size / seconds,
        "playouts/s",
        note=f"{result['plies'].mean():.0f} plies each",
    )
