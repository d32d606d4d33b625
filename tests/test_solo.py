"""One player: what a solo game is played for and what search reports (spec §9 of Merchant
Explorers: won only by achieving all three objectives; the coins are the score). Golem's
1-player game is played for its score alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_cli_games import bad, ok

from golem_solver import GolemCranio, MerchantExplorers, analyse, new, solve
from golem_solver.cli.report import value_text


@pytest.fixture
def solo_position(tmp_path):
    path = tmp_path / "solo.toml"
    path.write_text(new("merchant-explorers", 1, 3).to_toml())
    return path


def test_the_info_says_which_solo_games_can_be_won():
    assert MerchantExplorers.INFO["solo_win"] is True
    assert GolemCranio.INFO["solo_win"] is False


def test_solo_analysis_plays_for_score_by_default_and_reports_final_coins():
    state = new("merchant-explorers", 1, 3)
    result = analyse(state, iterations=60, seed=1)
    assert result["objective"] == "score"
    # Rollouts play to the end alone, so every one measures final coins and the win.
    assert result["solo_win"] is not None and 0.0 <= result["solo_win"] <= 1.0
    for entry in result["moves"]:
        assert entry["expected_score"] is not None and entry["expected_score"] > 0
        assert 0.0 <= entry["solo_win"] <= 1.0
    assert result["expected_score"] == result["moves"][0]["expected_score"]
    again = analyse(state, iterations=60, seed=1)
    assert again["moves"] == result["moves"], "same seed, same answer"


def test_solo_win_objective_and_golem_solo_has_none():
    win = analyse(new("merchant-explorers", 1, 3), iterations=40, objective="win")
    assert win["objective"] == "win" and win["solo_win"] is not None
    golem = new("golem-cranio", 1, 1)
    with pytest.raises(ValueError, match="objective: a 1-player .* has no win"):
        analyse(golem, iterations=10, objective="win")
    with pytest.raises(ValueError, match="objective: a 1-player .* has no win"):
        solve(golem, depth=1, objective="win")
    played = analyse(golem, iterations=10)
    assert played["objective"] == "score" and played["expected_score"] is not None
    # Its sole seat tops every game, which is no win: no chance to win is reported.
    assert "solo_win" not in played and "solo_win" not in played["moves"][0]


def test_golem_solo_analysis_text_has_no_chance_to_win(tmp_path):
    path = tmp_path / "golem.toml"
    path.write_text(new("golem-cranio", 1, 1).to_toml())
    text = ok("analyse", path, "--iterations", "20")
    assert "expected points" in text and "chance to win" not in text


def test_several_players_keep_win_as_the_default():
    result = analyse(new("merchant-explorers", 2, 3), iterations=30)
    assert result["objective"] == "win"
    assert "expected_score" not in result and "solo_win" not in result["moves"][0]


def test_analyse_text_says_expected_coins_and_the_objectives_chance(solo_position):
    out = ok("analyse", solo_position, "--iterations", "60")
    assert "expected coins" in out
    assert "chance to achieve all three objectives" in out
    assert "win chance" not in out


def test_analyse_json_carries_objective_and_per_move_solo_fields(solo_position):
    result = json.loads(ok("analyse", solo_position, "--iterations", "60", "--json"))
    assert result["objective"] == "score"
    assert {"expected_score", "solo_win"} <= set(result["moves"][0])


def test_solve_alone_defaults_to_score_and_calls_a_horizon_value_no_final_score(
    solo_position,
):
    result = json.loads(ok("solve", solo_position, "--depth", "2", "--json"))
    assert result["objective"] == "score" and not result["exact"]
    # A value at the horizon is the evaluation there, not an expected final score.
    assert result["expected_score"] is None
    for entry in result["moves"]:
        assert entry["expected_score"] is None and entry["solo_win"] is None
    text = ok("solve", solo_position, "--depth", "2")
    (verdict,) = [line for line in text.splitlines() if line.startswith("best move:")]
    assert "at the horizon" in verdict and "not the final coins" in verdict
    assert "margin" not in verdict and "expected coins" not in verdict
    (info,) = [line for line in text.splitlines() if line.startswith("info depth 2 ")]
    assert " score ~" in info and "margin" not in info


def test_solo_solve_for_the_win_gives_each_moves_exact_chance(tmp_path):
    puzzle = solo_puzzles()[0]
    path = tmp_path / "endgame.toml"
    path.write_text(puzzle["position"])
    result = json.loads(ok("solve", path, "--objective", "win", "--json"))
    assert result["objective"] == "win" and result["exact"]
    assert "result" not in result, "a chance, not a proof"
    best = result["moves"][0]
    assert best["move"] == result["best"]
    assert result["solo_win"] == best["solo_win"] == result["value"]
    # No move wins here, so the best chance is 0 and the score breaks the tie.
    assert best["expected_score"] == puzzle["margin"]
    for entry in result["moves"]:
        assert 0.0 <= entry["solo_win"] <= best["solo_win"]
        assert entry["expected_score"] is not None
    text = ok("solve", path, "--objective", "win")
    (verdict,) = [line for line in text.splitlines() if line.startswith("best move:")]
    assert "chance to achieve all three objectives 0.0%" in verdict
    assert f"expected coins {puzzle['margin']}" in verdict and "exact" in verdict


def test_solo_solve_for_the_win_says_when_the_chance_is_out_of_reach(solo_position):
    text = ok("solve", solo_position, "--objective", "win", "--depth", "2")
    (verdict,) = [line for line in text.splitlines() if line.startswith("best move:")]
    assert "unproven" in verdict and "analyse --objective win" in verdict
    result = json.loads(
        ok("solve", solo_position, "--objective", "win", "--depth", "2", "--json")
    )
    assert result["result"] == "unproven" and result["solo_win"] is None
    assert all(m["expected_score"] is None for m in result["moves"])


def test_the_python_api_carries_the_solo_fields_too():
    result = solve(new("merchant-explorers", 1, 3), depth=2)
    assert result["objective"] == "score"
    assert result["expected_score"] is None and result["solo_win"] is None
    golem = solve(new("golem-cranio", 1, 1), depth=1)
    assert golem["objective"] == "score" and "solo_win" not in golem


def test_an_unknown_objective_is_one_line(solo_position):
    line = bad("analyse", solo_position, "--iterations", "5", "--objective", "fun")
    assert line.startswith("error: objective: ")


@pytest.mark.parametrize(
    "value, exact, text",
    [
        (15.055555556, False, "+15.06"),
        (15.0, True, "+15"),
        (2.5, True, "+2.50"),
        (-3, True, "-3"),
    ],
)
def test_values_print_alike_everywhere(value, exact, text):
    assert value_text(value, exact) == text


def test_the_solo_arena_reports_mean_score_with_its_interval_and_solo_wins():
    out = ok(
        "arena",
        "--game",
        "merchant-explorers",
        "--players",
        "1",
        "--games",
        "4",
        "--bot",
        "greedy",
        "--seed",
        "1",
    )
    head, _, columns, row = out.splitlines()[:4]
    assert head.startswith("4 games, 1 player, seed 1, 1 thread,")
    assert columns.split() == [
        "bot",
        "games",
        "mean",
        "score",
        "95%",
        "CI",
        "solo",
        "wins",
        "rate",
        "95%",
        "CI",
        "mean",
        "plies",
    ]
    cells = row.split()
    low, high = (float(x) for x in cells[3].split("-"))
    assert low <= float(cells[2]) <= high


def test_golem_solo_arena_has_no_solo_win_columns():
    out = ok(
        "arena",
        "--game",
        "golem-cranio",
        "--players",
        "1",
        "--games",
        "1",
        "--bot",
        "random",
        "--seed",
        "2",
    )
    assert "mean score" in out and "solo wins" not in out


def test_show_marks_each_objective_and_the_solo_goal(solo_position):
    out = ok("show", solo_position)
    assert "Objectives: avenia-3: open; avenia-2: open; avenia-1: open" in out
    assert "Solo goal: achieve all 3 objectives (0 achieved)" in out
    golem = solo_position.parent / "golem.toml"
    golem.write_text(new("golem-cranio", 1, 1).to_toml())
    assert "Solo: played for the score alone" in ok("show", golem)


def solo_puzzles():
    suite = (
        Path(__file__).parent.parent / "puzzles" / "merchant-explorers-endgames.jsonl"
    )
    rows = [json.loads(line) for line in suite.read_text().splitlines() if line.strip()]
    return [row for row in rows if "players = 1" in row["position"]]


def test_an_exact_solo_solve_reports_the_chance_to_achieve_all_three(tmp_path):
    puzzle = solo_puzzles()[0]
    path = tmp_path / "endgame.toml"
    path.write_text(puzzle["position"])
    result = json.loads(ok("solve", path, "--depth", str(puzzle["depth"]), "--json"))
    assert result["objective"] == "score" and result["exact"]
    assert result["value"] == puzzle["margin"]
    best = next(m for m in result["moves"] if m["move"] == result["best"])
    assert result["solo_win"] == best["solo_win"] and 0.0 <= best["solo_win"] <= 1.0
    for entry in result["moves"]:
        assert entry["expected_score"] == entry["value"]
        assert entry["solo_win"] is not None and 0.0 <= entry["solo_win"] <= 1.0
    text = ok("solve", path, "--depth", str(puzzle["depth"]))
    assert "chance to achieve all three objectives" in text
