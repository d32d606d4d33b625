"""Puzzle suites: the bundled suite's coverage, a sample of its answers re-derived by the
reference brute force, and `golem-solve puzzles` (totals, exit status, JSON, bad input)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from reference import century_model as model
from reference import century_solver as ref
from typer.testing import CliRunner

from golem_solver import Century, solve
from golem_solver.cli import app
from golem_solver.puzzles import check, load_suite, puzzle_from_record, pv_problem

from conftest import EXAMPLES, ROOT

SUITE = ROOT / "puzzles" / "century-endgames.jsonl"
ENDGAME = EXAMPLES / "century-endgame.toml"
# The brute force redoes sample puzzles up to this size (perft leaves; ~0.1 s each).
SAMPLE_LEAVES = 3_000


def make_runner() -> CliRunner:
    try:  # click < 8.2 mixes stderr into stdout unless told not to
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        return CliRunner()


def run(*args):
    return make_runner().invoke(app, ["puzzles", *map(str, args)])


def totals(line: str) -> dict:
    """``total 80  solved 79 ... time 0.3 s`` as a dict of the integer fields."""
    words = line.replace("bad PVs", "bad_pv").split()
    return {k: int(v) for k, v in zip(words[::2], words[1::2]) if v.isdigit()}


def records() -> list:
    return [json.loads(line) for line in SUITE.read_text().splitlines() if line.strip()]


# ---- the bundled suite ------------------------------------------------------------------


def test_suite_parses_and_covers_players_decks_and_objectives():
    puzzles = load_suite(SUITE)
    assert len(puzzles) >= 60
    kinds = {(p.state.players, p.state.merchant_deck is None) for p in puzzles}
    assert kinds == {(n, hidden) for n in (2, 3, 4, 5) for hidden in (False, True)}
    assert {p.objective for p in puzzles} == {"win", "margin"}
    assert {p.result for p in puzzles if p.objective == "win"} == {
        "win",
        "loss",
        "unproven",
    }
    assert all(p.tags and p.best for p in puzzles)
    for p, rec in zip(puzzles, records()):  # hidden: written without any deck line
        hidden = p.state.merchant_deck is None
        assert (p.state.golem_deck is None) == hidden
        assert ("deck = " in rec["position"]) != hidden


def sample(per_kind: int = 3) -> list:
    """The largest puzzles of each (objective, deck kind, one ply or deeper) that are small
    enough for the brute force to redo quickly, and the puzzles whose answer depends on
    the deal (hidden decks: proofs over every deal, expectations), up to a larger size."""
    kinds: dict = {}
    picked = {}
    for rec in records():
        state = Century.from_toml(rec["position"])
        leaves = state.perft(rec["depth"])
        key = (rec["objective"], state.merchant_deck is None, rec["depth"] > 1)
        if leaves <= SAMPLE_LEAVES:
            kinds.setdefault(key, []).append((leaves, rec["id"], rec))
        if "deal-decides" in rec["tags"] and leaves <= 3 * SAMPLE_LEAVES:
            picked[rec["id"]] = rec
    assert len(kinds) == 8, sorted(kinds)  # the suite offers every kind small enough
    for found in kinds.values():
        picked.update((pid, rec) for _, pid, rec in sorted(found)[-per_kind:])
    dealt = {r["objective"] for r in picked.values() if "deal-decides" in r["tags"]}
    assert dealt == {"win", "margin"}  # chance is checked for both objectives
    return sorted(picked.values(), key=lambda r: r["id"])


@pytest.mark.parametrize("rec", sample(), ids=lambda r: r["id"])
def test_sample_answers_match_the_reference_brute_force(rec):
    pos = model.Position.from_toml(rec["position"])
    answer = ref.solve(pos, rec["depth"], rec["objective"])
    if rec["objective"] == "win":
        assert ref.verdict(answer.value) == (rec["result"], rec.get("plies"))
    else:
        assert answer.value == Fraction(rec["margin"])
    assert sorted(answer.best) == sorted(rec["best"])


def test_suite_at_a_node_budget_has_nothing_wrong():
    out = run(SUITE, "--nodes", 200_000)
    assert out.exit_code == 0, out.stdout
    summary = totals(out.stdout.splitlines()[-1])
    assert summary["total"] == len(records())
    assert summary["wrong"] == 0 and summary["bad_pv"] == 0
    assert summary["solved"] == summary["total"]  # small puzzles: all within the budget


@pytest.mark.parametrize("depth", ["1", "5"])
def test_other_depths_are_judged_without_false_alarms(depth):
    # Depth 1 leaves most proofs unfinished (unsolved); depth 5 finds proofs beyond the
    # puzzles' depths, which must read as "nothing within the depth", not as wrong.
    out = run(SUITE, "--depth", depth, "--nodes", 200_000, "--json")
    assert out.exit_code == 0, out.stdout
    result = json.loads(out.stdout)
    assert result["wrong"] == 0 and result["bad_pv"] == 0
    if depth == "1":
        assert result["unsolved"] > 0


def test_a_small_node_budget_leaves_puzzles_unsolved_not_wrong():
    out = run(SUITE, "--nodes", 50, "--json")
    result = json.loads(out.stdout)
    assert out.exit_code == 0 and result["wrong"] == 0
    unsolved = [p for p in result["puzzles"] if p["status"] == "unsolved"]
    assert unsolved and result["solved"] + result["unsolved"] == result["total"]


# ---- a tiny hand-made suite -------------------------------------------------------------


def last_turn() -> Century:
    """Seat 0 claimed its sixth golem: seat 1 plays the last turn of the game."""
    state = Century.load(ENDGAME).child("claim yyybb")
    state.apply(state.chance_outcomes()[0][0])
    return state


def tiny_suite(tmp_path: Path, *puzzles: dict) -> Path:
    path = tmp_path / "tiny.jsonl"
    path.write_text("".join(json.dumps(p) + "\n" for p in puzzles))
    return path


def honest_puzzle(state: Century) -> dict:
    """A win puzzle whose answer is the brute force's."""
    answer = ref.solve(model.Position.from_toml(state.to_toml()), 1, "win")
    kind, plies = ref.verdict(answer.value)
    rec = {"id": "honest", "position": state.to_toml(), "objective": "win", "depth": 1}
    return {**rec, "result": kind, "plies": plies, "best": list(answer.best)}


def test_a_wrong_expected_answer_exits_1(tmp_path):
    honest = honest_puzzle(last_turn())
    assert honest["result"] == "win"
    flipped = {**honest, "id": "flipped", "result": "loss"}
    out = run(tiny_suite(tmp_path, honest, flipped))
    assert out.exit_code == 1, out.stdout
    lines = out.stdout.splitlines()
    assert lines[0].startswith("flipped") and "wrong" in lines[0]
    summary = totals(lines[-1])
    assert (summary["total"], summary["solved"], summary["wrong"]) == (2, 1, 1)


def test_a_best_move_outside_the_expected_set_is_wrong(tmp_path):
    state = last_turn()
    honest = honest_puzzle(state)
    others = [m for m in state.legal_action_texts() if m not in honest["best"]]
    moved = {**honest, "id": "moved", "best": others[:1]}
    out = run(tiny_suite(tmp_path, moved), "--json")
    assert out.exit_code == 1
    (puzzle,) = json.loads(out.stdout)["puzzles"]
    assert puzzle["status"] == "wrong" and "not one of" in puzzle["problems"][0]


def test_position_file_relative_to_the_suite_and_json_fields(tmp_path):
    state = last_turn()
    (tmp_path / "pos").mkdir()
    (tmp_path / "pos" / "last.toml").write_text(state.to_toml())
    margin = solve(state, depth=1, objective="margin")
    rec = {
        "id": "by-file",
        "position_file": "pos/last.toml",
        "objective": "margin",
        "depth": 1,
        "margin": margin["value"],
        "best": [margin["best"]],
    }
    out = run(tiny_suite(tmp_path, rec), "--json")
    assert out.exit_code == 0, out.stdout
    result = json.loads(out.stdout)
    for key in ("total", "solved", "best", "unsolved", "wrong", "bad_pv", "nodes"):
        assert isinstance(result[key], int)
    assert isinstance(result["seconds"], float)
    (puzzle,) = result["puzzles"]
    assert puzzle["id"] == "by-file" and puzzle["status"] == "solved"
    assert set(puzzle) == {
        "id",
        "status",
        "expected",
        "found",
        "best",
        "pv",
        "depth",
        "nodes",
        "seconds",
        "problems",
    }


def test_bad_pvs_are_caught():
    state = last_turn()
    winning = solve(state, depth=1)
    assert winning["result"] == "win"
    assert pv_problem(state, winning["pv"], winning) is None
    other = next(m for m in state.legal_action_texts() if m not in winning["pv"])
    assert "does not finish" in pv_problem(state, [], winning)
    assert "ends in a loss" in pv_problem(state, [other], winning)
    assert "not legal" in pv_problem(state, ["claim nothing"], winning)
    margin = solve(state, depth=1, objective="margin")
    assert margin["exact"] and pv_problem(state, margin["pv"], margin) is None
    worse = next(
        m
        for m in state.legal_action_texts()
        if state.child(m).scores()[1] - state.child(m).scores()[0] != margin["value"]
    )
    assert "ends with margin" in pv_problem(state, [worse], margin)
    assert "does not finish" in pv_problem(state, [], margin)


class OneSeatEnd:
    """A finished solo game, as much of a state as pv_problem reads."""

    current_player = 0

    def clone(self):
        return self

    def is_chance(self) -> bool:
        return False

    def is_terminal(self) -> bool:
        return True

    def scores(self) -> list:
        return [37]


def test_a_solo_pv_margin_is_the_score():
    # the engine's margin for one player is its own score (no other seat to subtract)
    exact = {"exact": True, "value": 37.0}
    assert pv_problem(OneSeatEnd(), [], exact) is None
    assert "ends with margin +37" in pv_problem(
        OneSeatEnd(), [], {**exact, "value": 36}
    )


def load_suite_record(record: dict):
    return puzzle_from_record(record, "test", ROOT)


def with_illegal_step(result: dict) -> dict:
    """A solve result as the bindings give it when the engine's line breaks the rules:
    ``pv`` holds the legal prefix, ``pv_illegal`` names the first illegal step."""
    return {**result, "pv": [], "pv_illegal": {"ply": 1, "action": 12345}}


def test_an_illegal_pv_step_is_reported_as_such():
    state = last_turn()
    puzzle = load_suite_record(honest_puzzle(state))
    result = solve(state, depth=1)
    assert result.get("pv_illegal") is None  # today's engine plays legal lines
    assert check(puzzle, result).bad_pv is None
    outcome = check(puzzle, with_illegal_step(result))
    assert outcome.status == "bad-pv"
    assert outcome.bad_pv == "ply 1: move id 12345 is not legal"


def test_the_runner_reports_an_illegal_pv_step(tmp_path, monkeypatch):
    import golem_solver.puzzles as suites

    def lying_search(state, **options):
        return with_illegal_step(solve(state, **options))

    monkeypatch.setattr(suites, "alphabeta_search", lying_search)
    out = run(tiny_suite(tmp_path, honest_puzzle(last_turn())), "--json")
    assert out.exit_code == 1, out.stdout
    (puzzle,) = json.loads(out.stdout)["puzzles"]
    assert puzzle["status"] == "bad-pv"
    assert puzzle["problems"] == ["bad PV: ply 1: move id 12345 is not legal"]
    line = run(tiny_suite(tmp_path, honest_puzzle(last_turn()))).stdout.splitlines()[0]
    assert line.endswith("(bad PV: ply 1: move id 12345 is not legal)")
    assert "does not finish" not in line


# ---- bad suites -------------------------------------------------------------------------


def bad(path) -> str:
    out = run(path)
    assert out.exit_code == 2, out.stdout
    assert out.stdout == ""
    (line,) = out.stderr.splitlines()
    return line


@pytest.mark.parametrize(
    "change, message",
    [
        ({"depth": None}, "error: tiny.jsonl:1.depth: missing"),
        ({"depth": 0}, "error: tiny.jsonl:1.depth: 0 is outside 1–128"),
        ({"objective": "draw"}, "error: tiny.jsonl:1.objective: 'draw' is not"),
        ({"result": "draw"}, "error: tiny.jsonl:1.result: 'draw' is not"),
        ({"plies": None}, "error: tiny.jsonl:1.plies: missing"),
        ({"plies": 2}, "error: tiny.jsonl:1.plies: 2 is outside 1–1 (depth)"),
        ({"result": "unproven"}, "error: tiny.jsonl:1.plies: only with result win"),
        (
            {"margin": "x/y", "objective": "margin", "result": None, "plies": None},
            "error: tiny.jsonl:1.margin: not a number",
        ),
        ({"best": []}, "error: tiny.jsonl:1.best: an empty set"),
        ({"best": ["claim nothing"]}, "error: tiny.jsonl:1.best[0]: 'claim nothing'"),
        ({"colour": "red"}, "error: tiny.jsonl:1.colour: unknown field"),
        ({"margin": 3}, "error: tiny.jsonl:1.margin: only for the margin objective"),
        ({"position": "game = 1"}, "error: tiny.jsonl:1.position."),
        ({"position_file": "x.toml"}, "error: tiny.jsonl:1.position: give exactly one"),
        (
            {"position": None, "position_file": "x.toml"},
            "error: tiny.jsonl:1.position_file: x.toml: no such file",
        ),
    ],
)
def test_bad_suites_give_one_error_line(tmp_path, change, message):
    rec = honest_puzzle(last_turn())
    for key, value in change.items():
        if value is None:
            del rec[key]
        else:
            rec[key] = value
    assert bad(tiny_suite(tmp_path, rec)).startswith(message)


def test_bad_files_give_one_error_line(tmp_path):
    assert bad(tmp_path / "none.jsonl").startswith("error: ")
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    assert bad(broken).startswith("error: broken.jsonl:1: not JSON")
    rec = honest_puzzle(last_turn())
    twice = tiny_suite(tmp_path, rec, rec)
    assert bad(twice) == "error: tiny.jsonl:2.id: 'honest' is also at tiny.jsonl:1"
    over = dict(rec, position=last_turn().child(rec["best"][0]).to_toml())
    assert "not a decision" in bad(tiny_suite(tmp_path, over))


EXPLORERS_SUITE = ROOT / "puzzles" / "merchant-explorers-endgames.jsonl"


def test_the_explorers_suite_is_solved_exactly_by_the_engine():
    """Every answer of the Merchant Explorers suite came from the reference model's brute
    force; the engine's alpha-beta must reproduce each margin and best move exactly."""
    out = run(EXPLORERS_SUITE)
    assert out.exit_code == 0, out.stdout
    summary = totals(out.stdout.splitlines()[-1])
    assert summary["total"] >= 40
    assert summary["wrong"] == 0 and summary["bad_pv"] == 0
    assert summary["solved"] == summary["total"]
