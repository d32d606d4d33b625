"""Golem (Cranio) from the command line: issue 10's "new user" path, the ruleset line of
spec section 13 on every result, `--components` and `--intro`, a broken components file
refused with its JSON path, and positions inside a compound action written back."""

from __future__ import annotations

import json
from pathlib import Path

from test_cli_games import bad, invoke, ok

from golem_solver import GolemCranio

COMPONENTS = (
    Path(__file__).resolve().parent.parent
    / "rust"
    / "core"
    / "data"
    / "golem_cranio"
    / "golem-cranio-components.json"
)
PLACEHOLDERS = "333 of 580 values are placeholders"


def components_file(tmp_path: Path, name: str, cost: int) -> Path:
    data = json.loads(COMPONENTS.read_text())
    data["characters"][3]["cost_coins"]["value"] = cost
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return path


def test_a_new_user_makes_shows_and_analyses_a_game(tmp_path):
    position = tmp_path / "g.toml"
    ok("new", "--game", "golem-cranio", "--players", "3", "--seed", "1", "-o", position)
    shown = ok("show", position)
    assert shown.startswith("Golem - 3 players, round 1, phase draft")
    assert PLACEHOLDERS in shown.splitlines()[1]
    analysed = ok("analyse", position, "--iterations", "300")
    assert analysed.splitlines()[0].startswith(
        "ruleset: golem-cranio components builtin"
    )
    assert "best move: pick O" in analysed
    result = json.loads(ok("analyse", position, "--iterations", "100", "--json"))
    assert result["components"]["placeholders"] == 333
    assert result["components"]["facts"] == 580
    assert len(result["components"]["sha256"]) == 64


def test_perft_and_solve_report_the_components(tmp_path):
    position = tmp_path / "g.toml"
    ok("new", "--game", "golem-cranio", "--players", "2", "--seed", "2", "-o", position)
    assert PLACEHOLDERS in ok("perft", position, "-d", "1").splitlines()[0]
    counted = json.loads(ok("perft", position, "-d", "2", "--json"))
    assert counted["components"]["source"] == "builtin"
    assert counted["nodes"] == GolemCranio.load(position).perft(2)
    solved = json.loads(ok("solve", position, "--depth", "2", "--json"))
    assert solved["components"]["placeholders"] == 333


def test_a_broken_components_file_is_refused_with_its_json_path(tmp_path):
    broken = components_file(tmp_path, "broken.json", -2)
    expected = "error: components.characters[3].cost_coins.value: "
    line = bad("new", "--game", "golem-cranio", "--components", broken)
    assert line.startswith(expected), line
    position = tmp_path / "g.toml"
    ok("new", "--game", "golem-cranio", "--seed", "3", "-o", position)
    assert bad("show", position, "--components", broken).startswith(expected)
    assert bad("analyse", position, "--components", broken).startswith(expected)
    assert not (tmp_path / "never.toml").exists()


def test_components_the_engine_cannot_play_are_refused_naming_the_field(tmp_path):
    # Each of these once validated, then panicked or left a seat with no legal move.
    cases = [
        ({"action_spaces_extra": 2}, "rules.action_spaces_extra.value", "players_max"),
        (
            {"starting_tiles_kept": 3},
            "rules.starting_tiles_kept.value",
            "an integer 2,",
        ),
        (
            {"marble_eyes": 5, "marble_actions_per_round": 5},
            "rules.marble_actions_per_round.value",
            "marbles.by_players",
        ),
    ]
    for rules, field, hint in cases:
        data = json.loads(COMPONENTS.read_text())
        for key, value in rules.items():
            data["rules"][key]["value"] = value
        path = tmp_path / "mine.json"
        path.write_text(json.dumps(data))
        line = bad("new", "--game", "golem-cranio", "--components", path)
        assert line.startswith(f"error: components.{field}: "), line
        assert hint in line, line


def test_a_corrected_components_file_is_used_and_named(tmp_path):
    mine = components_file(tmp_path, "mine.json", 4)
    position = tmp_path / "g.toml"
    ok("new", "--game", "golem-cranio", "--intro", "--components", mine, "-o", position)
    text = position.read_text()
    assert f'components = "{mine}"' in text and "components_sha256" in text
    shown = ok("show", position)
    assert f"components {mine}" in shown
    # The builtin file read over a position written with another: a warning, not a refusal.
    plain = tmp_path / "plain.toml"
    ok("new", "--game", "golem-cranio", "--seed", "5", "-o", plain)
    text = plain.read_text()
    sha = GolemCranio.load(plain).ruleset["sha256"]
    assert sha in text
    plain.write_text(text.replace(sha, "0" * 64))
    result = invoke("show", plain)
    assert result.exit_code == 0, result.stderr
    assert "components builtin" in result.stdout
    assert result.stderr.startswith("warning: ") and "0" * 12 in result.stderr


def test_intro_and_components_are_refused_for_other_games():
    assert bad("new", "--intro") == (
        "error: intro: century-golem has no intro option (options: none)"
    )
    assert bad("new", "--game", "merchant-explorers", "--components", "x.json") == (
        "error: components: merchant-explorers has no components option (options: map)"
    )


def test_moves_inside_a_compound_action_are_written_back(tmp_path):
    position = tmp_path / "g.toml"
    ok("new", "--game", "golem-cranio", "--players", "2", "--seed", "7", "-o", position)
    state = GolemCranio.load(position)
    played = []
    # Play until the state is inside a compound action (a written `in_progress`).
    while "in_progress = []" in state.to_toml():
        if state.is_chance():
            state.sample_chance(len(played))
            continue
        move = state.legal_action_texts()[0]
        state.apply(move)
        played.append(move)
    written = tmp_path / "mid.toml"
    state.save(written)
    again = GolemCranio.load(written)
    assert again == state
    assert again.to_toml() == state.to_toml()
    shown = ok("show", written)
    assert "in progress: " in shown


def test_hiding_the_decks_inside_a_compound_action_hides_them_in_the_file():
    # The file is the tracked rest point plus the moves since: hiding the decks must
    # reach the rest point too, or the written position would still name the orders.
    state = GolemCranio.new(2, seed=7)
    step = 0
    while "in_progress = []" in state.to_toml():
        if state.is_chance():
            state.sample_chance(step)
        else:
            state.apply(state.legal_action_texts()[0])
        step += 1
    state.hide_decks()
    again = GolemCranio.from_toml(state.to_toml())
    assert again == state
    assert "in_progress = []" not in state.to_toml()
