"""The OpenSpiel adapter registers every game in ``GAMES`` and plays it like the engine.
Skipped without OpenSpiel (``pip install "golem-solver[openspiel]"``)."""

from __future__ import annotations

import random

import pytest

from golem_solver import GAMES, GolemError

pyspiel = pytest.importorskip(
    "pyspiel", reason="the openspiel extra: pip install golem-solver[openspiel]"
)

GAME_LIST = sorted(GAMES)


def fits_openspiel(game: str) -> bool:
    """The adapter's rule (``unsupported_reason``): an action space OpenSpiel's int
    holds, and no private information."""
    info = GAMES[game].INFO
    return info["action_space"] < 2**31 and not info["hidden_information"]


OPENSPIEL_GAMES = [game for game in GAME_LIST if fits_openspiel(game)]


@pytest.fixture(scope="module")
def adapter():
    # Imported here, not at collection: a failure to register is a failed test, and
    # does not stop the rest of the suite from running.
    import golem_solver.openspiel as adapter

    return adapter


def test_century_keeps_its_openspiel_name(adapter):
    assert adapter.openspiel_name("century-golem") == "python_century_golem"
    assert adapter.GAME_NAMES["century-golem"] == "python_century_golem"


def test_games_openspiel_cannot_hold_are_refused_by_name(adapter):
    assert set(adapter.UNSUPPORTED) == set(GAME_LIST) - set(OPENSPIEL_GAMES)
    assert "golem-cranio" in adapter.UNSUPPORTED
    for game, reason in adapter.UNSUPPORTED.items():
        assert game not in adapter.GAME_NAMES
        assert adapter.openspiel_name(game) not in pyspiel.registered_names()
        with pytest.raises(GolemError) as caught:
            adapter.load_game(game, GAMES[game].INFO["min_players"])
        assert caught.value.field == "game"
        assert caught.value.message == reason
    assert "OpenSpiel's int" in adapter.UNSUPPORTED["golem-cranio"]
    loaded = adapter.load_game("century-golem", 2, seed=4)
    assert loaded.get_type().short_name == "python_century_golem"


@pytest.mark.parametrize("game", OPENSPIEL_GAMES)
def test_every_game_is_registered_with_its_info(adapter, game):
    info = GAMES[game].INFO
    name = adapter.GAME_NAMES[game]
    assert name in pyspiel.registered_names()
    loaded = pyspiel.load_game(name, {"players": info["min_players"], "seed": 3})
    game_type = loaded.get_type()
    assert game_type.short_name == name
    assert (game_type.min_num_players, game_type.max_num_players) == (
        info["min_players"],
        info["max_players"],
    )
    assert loaded.num_distinct_actions() == info["action_space"]
    assert loaded.max_chance_outcomes() == info["max_chance_outcomes"]
    assert loaded.num_players() == info["min_players"]


@pytest.mark.parametrize("game", OPENSPIEL_GAMES)
def test_a_random_game_matches_the_engine(adapter, game):
    state_class = GAMES[game]
    info = state_class.INFO
    players = info["min_players"]
    openspiel_game = pyspiel.load_game(
        adapter.GAME_NAMES[game], {"players": players, "seed": 5}
    )
    state = openspiel_game.new_initial_state()
    engine = state_class.new(players, 5)
    engine.hide_decks()
    rng = random.Random(0)
    for _ in range(400):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            action = rng.choice([a for a, _ in outcomes])
        else:
            assert state.current_player() == engine.current_player
            actions = state.legal_actions()
            assert all(0 <= a < info["action_space"] for a in actions)
            texts = sorted(state.action_to_string(a) for a in actions)
            assert texts == sorted(engine.legal_action_texts())
            action = rng.choice(actions)
        text = state.action_to_string(action)
        state.apply_action(action)
        engine.apply(text)
        assert str(state) == f"{engine.hash():016x}"
    assert state.is_terminal() == engine.is_terminal()
    if state.is_terminal():
        assert state.returns() == engine.returns()


@pytest.mark.parametrize("game", OPENSPIEL_GAMES)
def test_observation_tensors_are_the_engines(adapter, game):
    import numpy as np

    state_class = GAMES[game]
    players = state_class.INFO["min_players"]
    openspiel_game = pyspiel.load_game(
        adapter.GAME_NAMES[game], {"players": players, "seed": 2}
    )
    assert openspiel_game.get_type().provides_observation_tensor
    state = openspiel_game.new_initial_state()
    rng = random.Random(1)
    for _ in range(30):
        if state.is_terminal():
            break
        for player in range(players):
            tensor = np.asarray(state.observation_tensor(player), np.float32)
            assert tensor.shape == state_class.observation_shape()
            np.testing.assert_array_equal(tensor, state.position.observation(player))
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
