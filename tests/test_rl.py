"""Tensors for learning, for every registered game (docs/rl.md): observations, legal
masks over the policy action space, apply_index, chance sampling, the batch API and the
PettingZoo environment."""

from __future__ import annotations

import random
import re

import numpy as np
import pytest

import golem_solver
from golem_solver import GAMES, Century, IllegalActionError, VecEnv, batch_playouts, new

from conftest import MIDGAME

GAME_NAMES = sorted(GAMES)


def random_states(game, games=3, plies=40, seed=0):
    """States met on short random games (chance resolved by sample_chance), every
    player count of the game up to 3 seats; every other game with its decks hidden."""
    rng = random.Random(seed)
    cls = GAMES[game]
    low, high = cls.INFO["min_players"], min(cls.INFO["max_players"], 3)
    for g in range(games):
        players = low + g % (high - low + 1)
        hidden = g % 2 == 1 and hasattr(cls, "hide_decks")
        state = new(game, players=players, seed=seed + g, hidden_decks=hidden)
        for _ in range(plies):
            yield state
            if state.is_terminal():
                break
            if state.is_chance():
                state.sample_chance(rng.getrandbits(63))
                continue
            legal = state.legal_actions()
            if not legal:
                break
            state.apply(rng.choice(legal))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_observation_has_the_fixed_shape_and_hides_nothing_public_view_keeps(game):
    cls = GAMES[game]
    shape = cls.observation_shape()
    assert len(shape) == 1 and shape[0] > 0
    for state in random_states(game):
        for seat in range(state.players):
            obs = state.observation(seat)
            assert obs.dtype == np.float32 and obs.shape == shape
            assert np.isfinite(obs).all()
            view = state.public_view(seat)
            np.testing.assert_array_equal(view.observation(seat), obs)
        if state.current_player is not None:
            np.testing.assert_array_equal(
                state.observation(), state.observation(state.current_player)
            )


@pytest.mark.parametrize("game", GAME_NAMES)
def test_mask_agrees_with_legal_actions_and_apply_index_with_apply(game):
    cls = GAMES[game]
    actions = cls.num_distinct_actions()
    dense = actions == cls.INFO["action_space"]
    checked = 0
    for state in random_states(game, seed=1):
        mask = state.legal_mask()
        assert mask.dtype == np.bool_ and mask.shape == (actions,)
        if state.current_player is None:
            assert not mask.any()
            continue
        legal = state.legal_actions()
        indices = [state.policy_index(a) for a in legal]
        assert set(np.flatnonzero(mask).tolist()) == set(indices)
        if dense:
            # The policy space is the dense action space itself.
            assert indices == [cls.action_index(a) for a in legal]
        for action, index in zip(legal, indices):
            played = state.action_from_policy_index(index)
            # The first legal action with this index is the one apply_index plays.
            assert played == legal[indices.index(index)]
            if played == action:
                by_index = state.clone()
                by_index.apply_index(index)
                assert by_index == state.child(action)
        checked += 1
    assert checked > 10


@pytest.mark.parametrize("game", GAME_NAMES)
def test_illegal_indices_and_chance_nodes_are_refused(game):
    cls = GAMES[game]
    state = new(game, players=cls.INFO["min_players"], seed=3)
    while state.is_chance():
        state.sample_chance(1)
    mask = state.legal_mask()
    illegal = int(np.flatnonzero(~mask)[0])
    for index in (illegal, -1, cls.num_distinct_actions()):
        with pytest.raises(IllegalActionError, match=r"^index: "):
            state.apply_index(index)
    chance = next((s for s in random_states(game, seed=4) if s.is_chance()), None)
    # Every registered game deals or draws at random, so a sample of its play meets one.
    assert chance is not None, f"{game}: no chance node met in the sample"
    assert not chance.legal_mask().any()
    with pytest.raises(IllegalActionError, match="chance node"):
        chance.apply_index(0)
    with pytest.raises(golem_solver.GolemError, match="^player: "):
        chance.observation()
    a, b = chance.clone(), chance.clone()
    assert a.sample_chance(9) == b.sample_chance(9) and a == b
    with pytest.raises(IllegalActionError, match="not a chance node"):
        state.sample_chance(0)


def test_century_observation_ignores_the_deck_order():
    text = MIDGAME.read_text()
    deck = re.search(r"^deck = \[(.*)\]$", text, re.M)
    cards = deck.group(1).split(", ")
    shuffled = text.replace(deck.group(1), ", ".join(reversed(cards)), 1)
    a, b = Century.from_toml(text), Century.from_toml(shuffled)
    assert a.merchant_deck != b.merchant_deck
    for seat in range(a.players):
        np.testing.assert_array_equal(a.observation(seat), b.observation(seat))


def test_century_observation_puts_the_observer_first():
    state = Century.from_toml(MIDGAME.read_text())
    first, second = state.observation(0), state.observation(1)
    assert not np.array_equal(first, second)
    # Seat 0's caravan opens seat block 0 of its own view and block 1 of seat 1's.
    size = (first.shape[0] - SEATS_AT) // 5
    caravan = [state.seat(0).crystals.count(c) for c in "ygbp"]
    assert first[SEATS_AT : SEATS_AT + 4].tolist() == caravan
    assert second[SEATS_AT + size : SEATS_AT + size + 4].tolist() == caravan


# Where the seat blocks start in Century's tensor (docs/century.md).
SEATS_AT = 5 + 5 + 2 + 1 + 1 + 2 + 2 + 6 * 49 + 5 * 36 + 45 + 36


@pytest.mark.parametrize("game", GAME_NAMES)
def test_batch_playouts_shapes_and_seeds(game):
    states = [s for s in random_states(game, games=1, plies=6, seed=5)]
    states = [s for s in states if not s.is_terminal()][:3]
    result = batch_playouts(states, 2, seed=7)
    players = states[0].players
    assert result["returns"].shape == (3, 2, players)
    assert result["scores"].shape == (3, 2, players)
    assert result["plies"].shape == (3, 2)
    assert result["returns"].dtype == np.float64 and result["plies"].dtype == np.int64
    assert (result["returns"].sum(axis=2) >= 1).all() or (result["plies"] >= 0).all()
    again = batch_playouts(states, 2, seed=7, threads=2)
    for key in result:
        np.testing.assert_array_equal(result[key], again[key])
    other = next(g for g in GAME_NAMES if g != game)
    stranger = new(other, players=GAMES[other].INFO["min_players"])
    with pytest.raises(golem_solver.GolemError, match=r"^states\[1\]: not a "):
        batch_playouts([states[0], stranger], 1)


def run_batch(game, seed, steps=30):
    env = VecEnv(game, num_envs=8, players=2, seed=seed)
    obs, masks, rewards, dones = env.observe()
    rng = np.random.default_rng(seed)
    seen = []
    for _ in range(steps):
        actions = np.array([rng.choice(np.flatnonzero(row)) for row in masks])
        obs, masks, rewards, dones = golem_solver.batch_step(env, actions)
        seen.append((obs.copy(), masks.copy(), rewards.copy(), dones.copy()))
    return env, seen


@pytest.mark.parametrize("game", GAME_NAMES)
def test_vec_env_shapes_masks_and_reproducibility(game):
    cls = GAMES[game]
    env, seen = run_batch(game, seed=11)
    obs, masks, rewards, dones = seen[-1]
    assert obs.shape == (8,) + cls.observation_shape() and obs.dtype == np.float32
    assert masks.shape == (8, cls.num_distinct_actions()) and masks.dtype == np.bool_
    assert rewards.shape == (8, 2) and dones.shape == (8,)
    # Every game is at a player's turn, and the arrays are those of the states.
    states = env.states()
    for i, state in enumerate(states):
        seat = int(env.current_players()[i])
        assert state.current_player == seat
        np.testing.assert_array_equal(masks[i], state.legal_mask())
        np.testing.assert_array_equal(obs[i], state.observation(seat))
    _, again = run_batch(game, seed=11)
    for a, b in zip(seen, again):
        for x, y in zip(a, b):
            np.testing.assert_array_equal(x, y)


def test_vec_env_refuses_an_illegal_index_before_moving():
    env = VecEnv("century-golem", num_envs=3, seed=1)
    obs, masks, _, _ = env.observe()
    before = [s.hash() for s in env.states()]
    actions = masks.argmax(axis=1)
    actions[2] = int(np.flatnonzero(~masks[2])[0])
    with pytest.raises(IllegalActionError, match=r"^actions\[2\]: ") as error:
        env.step(actions)
    assert error.value.field == "actions[2]"
    assert [s.hash() for s in env.states()] == before
    with pytest.raises(IllegalActionError, match=r"^actions: "):
        env.step(actions[:2])


def test_vec_env_from_states_plays_on_and_finishes_games():
    state = new("merchant-explorers", players=1, seed=2)
    env = VecEnv(states=[state, state.clone()], seed=3)
    assert env.game == "merchant-explorers" and env.players == 1
    finished = 0
    obs, masks, rewards, dones = env.observe()
    for _ in range(400):
        obs, masks, rewards, dones = env.step(masks.argmax(axis=1))
        finished += int(dones.sum())
        # A finished solo game is won (1) only with all three objectives, else lost (0):
        # always playing the first legal move achieves none of them here.
        assert (rewards[dones] == 0.0).all()
    assert finished > 0 and env.episodes == finished


# api_test's two warnings are about the dict observation that action masks need (the
# form of PettingZoo's own classic games).
@pytest.mark.filterwarnings("ignore:Observation space for each agent")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("count", ["fewest", "two", "most"])
def test_pettingzoo_api_test(game, count):
    pytest.importorskip(
        "pettingzoo", reason="the rl extra (pettingzoo) is not installed"
    )
    from pettingzoo.test import api_test

    from golem_solver.pettingzoo import env

    info = GAMES[game].INFO
    players = {"fewest": info["min_players"], "two": 2, "most": info["max_players"]}
    api_test(env(game=game, players=players[count], seed=1), num_cycles=300)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_pettingzoo_episode_ends_with_the_returns(game):
    pytest.importorskip(
        "pettingzoo", reason="the rl extra (pettingzoo) is not installed"
    )
    from golem_solver.pettingzoo import env, random_policy

    e = env(game=game, players=2, seed=4)
    e.reset(seed=4)
    rng = np.random.default_rng(0)
    totals = {agent: 0.0 for agent in e.possible_agents}
    for agent in e.agent_iter(max_iter=20000):
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        assert obs["observation"].shape == GAMES[game].observation_shape()
        e.step(None if terminated or truncated else random_policy(obs, rng))
    returns = e.state.returns()
    assert e.state.is_terminal()
    assert [totals[a] for a in e.possible_agents] == returns
    ansi = env(game=game, players=2, seed=4, render_mode="ansi")
    ansi.reset()
    assert f'game = "{game}"' in ansi.render()


def test_the_pettingzoo_example_runs():
    pytest.importorskip(
        "pettingzoo", reason="the rl extra (pettingzoo) is not installed"
    )
    import subprocess
    import sys
    from pathlib import Path

    example = Path(__file__).parents[1] / "examples" / "pettingzoo_random_vs_engine.py"
    run = subprocess.run(
        [sys.executable, str(example), "1", "20"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr
    for game in GAME_NAMES:
        assert f"{game} game 1: engine is player_0" in run.stdout


def test_explorers_observation_follows_its_documented_layout():
    # docs/merchant-explorers.md, "Observation tensor".
    state = new("merchant-explorers", players=2, seed=1)
    obs = state.observation(0)
    assert obs.shape == (7745,)
    assert obs[0:4].tolist() == [0, 1, 0, 0]  # two players
    assert np.flatnonzero(obs[8:20]).tolist() == [0]  # phase reveal
    assert np.flatnonzero(obs[20:25]).tolist() == [1]  # era 1
    assert obs[705] == 1  # space 0 exists
    state.sample_chance(1)
    obs = state.observation(state.current_player)
    assert np.flatnonzero(obs[8:20]).tolist() == [4]  # phase place
    assert obs[25:34].sum() == 1  # the explore card revealed


def test_vec_env_takes_any_integer_sequence_and_checks_its_setup():
    env = VecEnv("merchant-explorers", num_envs=2, seed=5)
    _, masks, _, _ = env.observe()
    first = masks.argmax(axis=1)
    a = VecEnv("merchant-explorers", num_envs=2, seed=5)
    a.observe()
    np.testing.assert_array_equal(
        env.step(first.astype(np.int32))[0], a.step(first.tolist())[0]
    )
    with pytest.raises(TypeError, match="^actions: "):
        env.step("0 1")
    with pytest.raises(golem_solver.GolemError, match="^players: "):
        VecEnv("century-golem", num_envs=2, players=9)
    with pytest.raises(golem_solver.GolemError, match="^game: "):
        VecEnv("chess", num_envs=2)
    with pytest.raises(golem_solver.GolemError, match="^num_envs: "):
        VecEnv("century-golem", num_envs=0)


def test_pettingzoo_env_checks_its_game_and_players():
    pytest.importorskip(
        "pettingzoo", reason="the rl extra (pettingzoo) is not installed"
    )
    from golem_solver.pettingzoo import env

    with pytest.raises(golem_solver.GolemError, match="^game: "):
        env(game="chess")
    with pytest.raises(golem_solver.GolemError, match="^players: "):
        env(game="century-golem", players=7)
    e = env(game="merchant-explorers")
    assert e.possible_agents == ["player_0"]  # the fewest players the game allows


def test_every_game_fits_the_mask_bound():
    widest = golem_solver._core.LIMITS["policy_actions"][1]
    for cls in GAMES.values():
        assert 0 < cls.num_distinct_actions() <= widest


def test_a_batch_too_large_is_refused_before_it_is_allocated():
    # 10**8 games once asked for 32 GB up front and aborted the process.
    for game in golem_solver.GAMES:
        with pytest.raises(golem_solver.GolemError) as info:
            golem_solver.VecEnv(game, num_envs=10**8)
        assert info.value.field == "num_envs"
        assert "above the limit of 4096 MiB (at most " in info.value.message
    state = golem_solver.new("century-golem")
    with pytest.raises(golem_solver.GolemError) as info:
        golem_solver.batch_playouts([state], 10**12)
    assert info.value.field == "games" and "limit of 4096 MiB" in info.value.message
    # A batch within the limit is made as before.
    assert golem_solver.VecEnv("century-golem", num_envs=8).num_envs == 8
