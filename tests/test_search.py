"""Search from Python and the command line: solve (alpha-beta) and analyse (ISMCTS)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from golem_solver import Century, GolemError, StopToken, analyse, solve
from golem_solver.cli import app

from conftest import EXAMPLES, MIDGAME

ENDGAME = EXAMPLES / "century-endgame.toml"
runner = CliRunner()


def replay(state: Century, line: list) -> Century:
    for text in line:
        state = state.child(text)
    return state


def last_json(output: str) -> dict:
    return json.loads(output.strip().splitlines()[-1])


def test_solve_proves_that_claiming_now_loses():
    result = solve(Century.load(ENDGAME), depth=2)
    claim = next(m for m in result["moves"] if m["move"] == "claim yyybb")
    assert (claim["result"], claim["plies"]) == ("loss", 2)
    assert result["best"] != "claim yyybb"
    assert result["objective"] == "win"


def last_turn() -> Century:
    """Seat 0 claimed its sixth golem: seat 1 plays the last turn of the game."""
    state = Century.load(ENDGAME).child("claim yyybb")
    state.apply(state.chance_outcomes()[0][0])
    return state


def test_solve_finds_a_forced_win_and_its_line():
    state = last_turn()
    result = solve(state, depth=3)
    assert (result["result"], result["plies"], result["pv"]) == (
        "win",
        1,
        ["claim ppppp"],
    )
    end = replay(state, result["pv"])
    assert end.is_terminal() and end.winner() == 1


def test_margin_objective_reports_exact_values():
    state = last_turn()
    result = solve(state, depth=2, objective="margin")
    assert result["exact"] is True
    best = max(
        state.child(move).scores()[1] - state.child(move).scores()[0]
        for move in state.legal_action_texts()
    )
    assert result["value"] == best


def test_same_budget_same_result():
    state = Century.load(MIDGAME)
    a = solve(state, nodes=20_000, objective="margin")
    b = solve(state, nodes=20_000, objective="margin")
    assert (a["best"], a["value"], a["nodes"], a["pv"]) == (
        b["best"],
        b["value"],
        b["nodes"],
        b["pv"],
    )
    x = analyse(state, iterations=300, seed=5)
    y = analyse(state, iterations=300, seed=5)
    assert (x["best"], x["nodes"], x["moves"]) == (y["best"], y["nodes"], y["moves"])


def test_analyse_reports_every_root_move_tried():
    result = analyse(Century.load(MIDGAME), iterations=500, seed=1)
    assert result["iterations"] == 500
    assert sum(m["visits"] for m in result["moves"]) == 500
    assert result["best"] == result["moves"][0]["move"]
    replay(Century.load(MIDGAME), result["pv"])  # legal


def test_progress_callbacks_and_stop_token():
    seen = []
    solve(Century.load(MIDGAME), depth=3, on_iteration=seen.append)
    assert [r["depth"] for r in seen] == [1, 2, 3]
    token = StopToken()
    token.stop()
    stopped = analyse(Century.load(MIDGAME), iterations=10_000, stop=token)
    assert stopped["iterations"] < 10_000


def test_callback_errors_stop_the_search_and_surface():
    def boom(_):
        raise RuntimeError("from the callback")

    with pytest.raises(RuntimeError, match="from the callback"):
        solve(Century.load(MIDGAME), depth=4, on_iteration=boom)


def test_bad_search_arguments_name_the_field():
    state = Century.load(MIDGAME)
    with pytest.raises(GolemError, match="^objective:"):
        solve(state, depth=2, objective="draw")
    with pytest.raises(GolemError, match="^rollout:"):
        analyse(state, iterations=10, rollout="smart")
    over = Century.load(ENDGAME)
    over.apply("claim yyybb")
    with pytest.raises(GolemError, match="^position:"):
        solve(over, depth=1)


def test_solve_reads_the_other_alphabeta_options_from_the_core_table():
    state = Century.load(MIDGAME)
    hand = solve(state, depth=2, objective="margin", eval="hand", samples=2)
    fitted = solve(state, depth=2, objective="margin", eval="fitted", samples=2)
    assert hand["depth"] == fitted["depth"] == 2
    # The weight set reaches the search: the same tree, valued by other weights.
    assert (hand["value"], hand["nodes"]) != (fitted["value"], fitted["nodes"])
    with pytest.raises(GolemError, match="^hash: give it as hash_mb="):
        solve(state, depth=1, hash=4)
    with pytest.raises(GolemError, match="^rollout:"):
        solve(state, depth=1, rollout="random")  # an ISMCTS option
    with pytest.raises(GolemError, match="^samples:"):
        solve(state, depth=1, samples=-1)


def test_cli_solve_json_last_line():
    out = runner.invoke(app, ["solve", str(ENDGAME), "--depth", "2", "--json"])
    assert out.exit_code == 0, out.output
    result = last_json(out.output)
    for key in (
        "best",
        "objective",
        "pv",
        "nodes",
        "seconds",
        "moves",
        "result",
        "plies",
    ):
        assert key in result
    margin = last_json(
        runner.invoke(
            app,
            ["solve", str(MIDGAME), "--depth", "2", "--objective", "margin", "--json"],
        ).output
    )
    assert "value" in margin and "exact" in margin


def test_cli_stream_prints_a_line_per_iteration():
    out = runner.invoke(
        app, ["solve", str(MIDGAME), "--depth", "3", "--json", "--stream"]
    )
    lines = [json.loads(line) for line in out.output.strip().splitlines()]
    assert [line["depth"] for line in lines] == [1, 2, 3, 3]


def test_cli_human_output_has_info_lines_and_an_answer():
    out = runner.invoke(app, ["solve", str(MIDGAME), "--depth", "2"])
    assert out.exit_code == 0
    assert out.output.startswith("info depth 1 score ")
    assert "best move:" in out.output and "principal variation:" in out.output
    ismcts = runner.invoke(
        app, ["analyse", str(MIDGAME), "--iterations", "200", "--json"]
    )
    result = last_json(ismcts.output)
    assert result["iterations"] == 200 and "value" in result


def test_cli_bad_budget_is_a_one_line_error():
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "golem_solver.cli",
            "solve",
            str(MIDGAME),
            "--objective",
            "draw",
        ],
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2
    assert (
        out.stderr.strip()
        == "error: objective: 'draw' is not an objective (win or margin)"
    )


def test_ctrl_c_stops_the_search_and_prints_the_best_so_far():
    import signal
    import time

    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "golem_solver.cli",
            "solve",
            str(MIDGAME),
            "--movetime",
            "60000",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(2.0)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    # Ctrl-C: the best result so far, marked "stopped" (not a budget), and status 130.
    assert process.returncode == 130, err
    assert "best move:" in out
    assert "(stopped)" in out and "budget reached" not in out
