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
