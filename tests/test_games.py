"""The game-agnostic API: ``GAMES``, ``load`` (path, ``Path`` or TOML text), ``new`` and
each state's ``game``, ``GAME`` and ``INFO``; and the stub covering the whole module."""

from __future__ import annotations

import copy
import subprocess
import sys
from pathlib import Path

import pytest

import golem_solver
from golem_solver import GAMES, Century, GolemError, PositionError, load, new

from conftest import MIDGAME, hide_decks


def test_games_registry_names_every_state_class():
    assert "century-golem" in GAMES
    assert GAMES["century-golem"] is Century
    assert "GAME_NAME" not in golem_solver.__all__
    assert {"GAMES", "load", "new"} <= set(golem_solver.__all__)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_state_classes_describe_their_game(game):
    state_class = GAMES[game]
    assert state_class.GAME == game
    info = state_class.INFO
    assert info["name"] == game and info["title"]
    assert 1 <= info["min_players"] <= info["max_players"]
    for flag in ("chance", "hidden_information", "simultaneous"):
        assert isinstance(info[flag], bool)
    assert info["action_space"] > 0 and info["max_chance_outcomes"] >= 0


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_class_is_a_game_state(game, tmp_path):
    state_class = GAMES[game]
    assert issubclass(state_class, golem_solver.GameState)
    state = state_class.new(state_class.INFO["min_players"], seed=5)
    assert isinstance(state, golem_solver.GameState)
    # A method of the one base class gives back an object of the game's own class.
    for other in (state.clone(), copy.copy(state), copy.deepcopy(state)):
        assert type(other) is state_class and other == state
    assert type(state.public_view(0)) is state_class
    assert repr(state).startswith(f"<{state_class.__name__} ")
    # GameState itself reads whichever game a position names.
    path = tmp_path / "position.toml"
    state.save(path)
    again = golem_solver.GameState.load(path)
    assert type(again) is state_class and again == state
    assert type(golem_solver.GameState.from_toml(state.to_toml())) is state_class


def test_states_of_different_games_are_never_equal():
    century, golem = new("century-golem", 2, seed=1), new("golem-cranio", 2, seed=1)
    assert century != golem and century == century.clone()


def test_game_state_alone_names_no_game():
    for call in (
        lambda: golem_solver.GameState.new(2),
        lambda: golem_solver.GameState.action_index(0),
        lambda: golem_solver.GameState.num_distinct_actions(),
    ):
        with pytest.raises(GolemError) as e:
            call()
        assert e.value.field == "game"
        assert "call it on a game's class" in e.value.message


@pytest.mark.parametrize("game", sorted(GAMES))
def test_new_makes_a_start_of_the_game(game):
    state = new(game, players=2, seed=3)
    assert type(state) is GAMES[game]
    assert state.game == game
    assert state == new(game, players=2, seed=3)
    assert state != new(game, players=2, seed=4)


def test_new_defaults_to_century_and_hides_decks_on_request():
    assert new() == Century.new(2, 0)
    assert new(players=3, seed=7) == Century.new(3, 7)
    hidden = new(players=3, seed=7, hidden_decks=True)
    assert hidden.merchant_deck is None and hidden.golem_deck is None


def test_new_refuses_an_unknown_game():
    with pytest.raises(GolemError) as caught:
        new("chess")
    assert caught.value.field == "game"
    assert caught.value.message == (
        f"'chess' is not a game (expected one of: {', '.join(GAMES)})"
    )


@pytest.mark.parametrize("players", [0, 1, 6])
def test_new_refuses_player_counts(players):
    with pytest.raises(GolemError) as caught:
        new(players=players)
    assert caught.value.field == "players"


def test_load_from_a_path_string_a_path_and_text():
    expected = Century.load(MIDGAME)
    assert load(str(MIDGAME)) == expected
    assert load(MIDGAME) == expected
    assert load(MIDGAME.read_text()) == expected
    hidden = load(hide_decks(MIDGAME.read_text()))
    assert hidden.merchant_deck is None


def test_load_reads_one_line_text_starting_with_game():
    # A one-line text is a path unless it starts with the `game` key.
    with pytest.raises(PositionError) as caught:
        load('game = "century-golem"')
    assert caught.value.field != "game"  # read as TOML and refused for what it lacks


def test_load_reads_a_file_whose_name_starts_with_game(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "start.toml").write_text(MIDGAME.read_text())
    (tmp_path / "game1.toml").write_text(MIDGAME.read_text())
    assert load("games/start.toml") == load("game1.toml") == Century.load(MIDGAME)


def test_load_treats_a_path_object_as_a_path_even_if_it_looks_like_text(tmp_path):
    odd = tmp_path / "game.toml"
    odd.write_text(MIDGAME.read_text())
    assert load(odd) == Century.load(MIDGAME)
    with pytest.raises(GolemError) as caught:
        load(Path("game = 1"))
    assert caught.value.field == "game = 1"  # the file it looked for


def test_load_names_the_missing_file(tmp_path):
    missing = tmp_path / "none.toml"
    for path in (missing, str(missing)):
        with pytest.raises(GolemError) as caught:
            load(path)
        assert caught.value.field == str(missing)


def test_load_refuses_an_unknown_game_in_the_file():
    text = MIDGAME.read_text().replace('game = "century-golem"', 'game = "chess"')
    with pytest.raises(PositionError) as caught:
        load(text)
    assert caught.value.field == "game"


def test_state_game_is_read_only(midgame):
    assert midgame.game == "century-golem"
    with pytest.raises(AttributeError):
        midgame.game = "chess"


def test_dense_action_indices_round_trip(midgame, hidden_midgame):
    space = Century.INFO["action_space"]
    chance = [hidden_midgame.child("take p>bb")]
    actions = midgame.legal_actions() + [
        s.parse_action(text) for s in chance for text, _ in s.chance_outcomes()
    ]
    indices = [Century.action_index(a) for a in actions]
    assert len(set(indices)) == len(indices)
    assert all(0 <= i < space for i in indices)
    assert [Century.action_from_index(i) for i in indices] == actions


def test_an_index_no_action_maps_to_is_an_error():
    space = Century.INFO["action_space"]
    with pytest.raises(GolemError):
        Century.action_from_index(space)


def test_the_stub_matches_the_extension():
    # mypy.stubtest compares _core.pyi with the built module: every name, signature,
    # property and class is checked, not only that the names exist.
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy.stubtest",
            "golem_solver._core",
            "--ignore-disjoint-bases",
            "--allowlist",
            str(Path(__file__).with_name("stubtest-allowlist.txt")),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
