"""Differential tests: the Rust engine against the independent reference model.

Random games (2-5 players, known and hidden decks) are played move by move in both; at
every decision the sets of legal move texts must be equal, every applied move (and deal)
must give the same position, and on a sample of positions perft(2) must agree. The model
shares no code with the engine (tests/reference/century_model.py).
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from reference import century_model as model

from golem_solver import Century

PERFT_TABLE = Path(__file__).resolve().parent / "perft" / "century"


def same_position(engine: Century, reference: model.Position) -> bool:
    return model.Position.from_toml(engine.to_toml()) == reference


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("hidden", [False, True], ids=["known", "hidden"])
def test_random_games_agree_move_by_move(players: int, hidden: bool):
    rng = random.Random(players * 10 + hidden)
    decisions = 0
    for game in range(2):
        engine = Century.new(players, seed=1000 * players + game + 17 * hidden)
        if hidden:
            engine.hide_decks()
        reference = model.Position.from_toml(engine.to_toml())
        for _ in range(160):
            texts = engine.legal_action_texts()
            assert sorted(texts) == model.legal_texts(reference), engine.to_toml()
            if engine.is_terminal():
                assert model.is_terminal(reference)
                break
            decisions += 1
            move = rng.choice(texts)
            engine.apply(move)
            reference = model.apply_text(reference, move)
            if engine.is_chance():
                deals = [text for text, _ in engine.chance_outcomes()]
                assert sorted(deals) == model.legal_texts(reference)
                deal = rng.choice(deals)
                engine.apply(deal)
                reference = model.apply_text(reference, deal)
            assert same_position(engine, reference), f"after {move}"
    assert decisions > 100


@pytest.mark.parametrize("seed", range(12))
def test_perft_two_agrees_on_random_positions(seed: int):
    rng = random.Random(seed)
    players = 2 + seed % 4
    engine = Century.new(players, seed=seed)
    if seed % 2:
        engine.hide_decks()
    # Walk a random game; keep the last position narrow enough for the model to count
    # two plies of quickly (the start always is).
    chosen = engine.clone()
    for _ in range(rng.randrange(5, 60)):
        if engine.is_terminal():
            break
        engine.apply(rng.choice(engine.legal_action_texts()))
        if engine.is_chance():
            engine.apply(rng.choice([text for text, _ in engine.chance_outcomes()]))
        if engine.perft(1) <= 400:
            chosen = engine.clone()
    reference = model.Position.from_toml(chosen.to_toml())
    assert chosen.perft(2) == model.perft(reference, 2)


def perft_rows():
    for line in (PERFT_TABLE / "perft.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            file, depth, count = line.split()
            yield file, int(depth), int(count)


@pytest.mark.parametrize("file,depth,count", list(perft_rows()))
def test_perft_table(file: str, depth: int, count: int):
    text = (PERFT_TABLE / file).read_text()
    assert Century.from_toml(text).perft(depth) == count
    if count <= 30_000:
        assert model.perft(model.Position.from_toml(text), depth) == count
