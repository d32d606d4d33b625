"""The Merchant Explorers engine against the independent reference model (tests/reference,
written from the spec alone): random games move by move on every map, 1-4 players,
known and hidden decks. At every step the seat to act, the legal moves (texts, in the
canonical order), the chance outcomes and their probabilities, and - wherever the engine
writes the position - the whole position file (parsed) must agree."""

from __future__ import annotations

import os
import random

import pytest
from reference.explorers_model import load_position, to_position

from golem_solver import GolemError, MerchantExplorers, new

GAME = "merchant-explorers"
MAPS = ["avenia", "aghon", "kazan", "cnidaria", "north-proylia", "xawskil"]
# CI plays solo games to their end (final scores compared) and the first 100 player moves
# of the others; GOLEM_FULL=1 plays every game to its end (48 games, about 6 minutes).
FULL = os.environ.get("GOLEM_FULL") == "1"
MAX_PLIES = None if FULL else 100


def model_turn(model):
    turn = model.turn()
    return (
        ("terminal", None)
        if turn == "terminal"
        else (("chance", None) if turn == "chance" else ("player", turn))
    )


def same_position(engine, model) -> bool:
    """Each side reads the other's position text back to the same state: the model's
    summary and moves from the engine's text, the engine's own text from the model's.
    (The two writers may differ in optional keys, e.g. default rules, so the texts
    themselves are not compared.) False when the engine cannot write this state."""
    try:
        engine_text = engine.to_toml()
    except GolemError:
        return False
    read_by_model = load_position(engine_text)
    assert read_by_model.summary() == model.summary()
    assert read_by_model.legal() == model.legal()
    read_by_engine = MerchantExplorers.from_toml(to_position(model))
    assert read_by_engine.to_toml() == engine_text
    return True


def play_both(engine, seed: int, max_plies):
    model = load_position(engine.to_toml())
    rng = random.Random(seed)
    compared = plies = 0
    while True:
        assert (engine.turn, engine.current_player) == model_turn(model)
        compared += same_position(engine, model)
        if engine.turn == "terminal":
            assert engine.scores() == model.final_scores()
            break
        if engine.turn == "chance":
            ours = dict(engine.chance_outcomes())
            theirs = dict(model.chance())
            assert ours.keys() == theirs.keys()
            for text, p in theirs.items():
                assert ours[text] == pytest.approx(float(p), abs=1e-12)
            texts = list(theirs)
            weights = [float(p) for p in theirs.values()]
            pick = rng.choices(texts, weights)[0]
        else:
            legal = engine.legal_action_texts()
            assert legal == model.legal()
            if max_plies is not None and plies >= max_plies:
                break
            pick = rng.choice(legal)
            plies += 1
        engine.apply(pick)
        model = model.apply(pick)
    return compared


@pytest.mark.parametrize("map_id", MAPS)
@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("hidden", [False, True])
def test_engine_and_model_agree_on_random_games(map_id, players, hidden):
    seed = MAPS.index(map_id) * 10 + players
    engine = new(GAME, players, seed, hidden_decks=hidden, options={"map": map_id})
    max_plies = None if players == 1 else MAX_PLIES
    assert play_both(engine, seed, max_plies) > 0


# Long random games: every map, 1-4 players in turn, hidden decks, played to the end with
# the position compared every POSITION_EVERY plies. CI plays LONG_GAMES_CI per map; the
# long mode (GOLEM_EXPLORERS_GAMES=200, about an hour) the number it is given per map.
LONG_GAMES_CI = 6
LONG_GAMES = int(os.environ.get("GOLEM_EXPLORERS_GAMES", LONG_GAMES_CI))
POSITION_EVERY = 25


def play_to_the_end(engine, seed: int) -> int:
    """Moves both sides through one whole game; returns the plies played. Legal moves,
    chance laws and final scores are compared at every step, the position file every
    POSITION_EVERY plies (the comparison costs more than the moves)."""
    model = load_position(engine.to_toml())
    rng = random.Random(seed)
    steps = 0
    while True:
        assert (engine.turn, engine.current_player) == model_turn(model), (
            f"step {steps}"
        )
        if steps % POSITION_EVERY == 0:
            same_position(engine, model)
        if engine.turn == "terminal":
            assert engine.scores() == model.final_scores()
            return steps
        if engine.turn == "chance":
            theirs = dict(model.chance())
            ours = dict(engine.chance_outcomes())
            assert ours.keys() == theirs.keys(), f"step {steps}"
            texts = list(theirs)
            pick = rng.choices(texts, [float(p) for p in theirs.values()])[0]
        else:
            legal = engine.legal_action_texts()
            assert legal == model.legal(), f"step {steps}"
            pick = rng.choice(legal)
        engine.apply(pick)
        model = model.apply(pick)
        steps += 1


@pytest.mark.parametrize("map_id", MAPS)
def test_engine_and_model_agree_on_long_random_games(map_id):
    for game in range(LONG_GAMES):
        players = 1 + game % 4
        seed = 1_000 + 97 * MAPS.index(map_id) + game
        engine = new(GAME, players, seed, hidden_decks=True, options={"map": map_id})
        try:
            assert play_to_the_end(engine, seed) > 0
        except AssertionError as e:
            raise AssertionError(
                f"{map_id}, game {game} ({players} players, seed {seed})"
            ) from e
