"""The command line with more than one game in mind: ``--game`` on new, arena and bench,
the game read from the position everywhere else, the ``show`` renderer registry, and
the bench's ad-hoc options and per-game subtotals (with a faked core bench)."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

import golem_solver.cli.commands as commands
import golem_solver.cli.inputs as inputs
import golem_solver.games as games_module
from golem_solver import GAMES, Century, _core, load, new
from golem_solver.cli import render
from golem_solver.cli.bench import subtotal_text, summary
from golem_solver.cli.render import century, generic, renderer_for

from conftest import MIDGAME

UNKNOWN_GAME = (
    f"error: game: 'chess' is not a game (expected one of: {', '.join(GAMES)})"
)


def invoke(*args: str, input: str | None = None):
    try:  # click < 8.2 mixes stderr into stdout unless told not to
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        runner = CliRunner()
    return runner.invoke(commands.app, [str(a) for a in args], input=input)


def ok(*args: str, input: str | None = None) -> str:
    result = invoke(*args, input=input)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result.stdout


def bad(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    (line,) = result.stderr.splitlines()
    return line


def chess_position(tmp_path):
    path = tmp_path / "chess.toml"
    path.write_text(
        MIDGAME.read_text().replace('game = "century-golem"', 'game = "chess"')
    )
    return path


# ---- --game -----------------------------------------------------------------------------


@pytest.mark.parametrize("game", sorted(GAMES))
def test_new_writes_a_start_of_the_named_game(game):
    text = ok("new", "--game", game, "--players", "3", "--seed", "7")
    assert load(text) == new(game, players=3, seed=7)
    hidden = ok(
        "new", "--game", game, "--players", "3", "--seed", "7", "--hidden-decks"
    )
    assert hidden == new(game, players=3, seed=7, hidden_decks=True).to_toml()


def test_new_defaults_to_century():
    assert ok("new", "--seed", "2") == Century.new(2, 2).to_toml()


@pytest.mark.parametrize(
    "args",
    [
        ["new", "--game", "chess"],
        ["arena", "--game", "chess", "--bot", "greedy"],
        ["bench", "--game", "chess"],
    ],
)
def test_an_unknown_game_is_one_error_line(args):
    assert bad(*args) == UNKNOWN_GAME


@pytest.mark.parametrize("game", sorted(GAMES))
def test_arena_plays_the_named_game(game):
    # The game's own policy (greedy) where it has one.
    own = (GAMES[game].POLICIES or ["random"])[0]
    out = ok("arena", "--game", game, "--bot", own, "--bot", "random", "-g", "2")
    report = json.loads(
        ok("arena", "--game", game, "-b", "random", "-g", "2", "--json")
    )
    assert report["games"] == 2 and out.startswith("2 games, 2 players")


# ---- the game comes from the position ---------------------------------------------------


@pytest.mark.parametrize(
    "command", [["show"], ["moves"], ["perft", "-d", "1"], ["apply", "-m", "rest"]]
)
def test_commands_read_the_game_from_the_position(command, tmp_path):
    line = bad(command[0], chess_position(tmp_path), *command[1:])
    assert line.startswith("error: game: 'chess' is not")


def test_commands_load_through_the_game_registry(monkeypatch):
    seen = []
    real = inputs.read_position

    def spy(path=None, **more):
        seen.append(str(path))
        return real(path, **more)

    monkeypatch.setattr(inputs, "read_position", spy)
    expected = Century.load(MIDGAME).legal_action_texts()
    assert ok("moves", MIDGAME).splitlines() == expected
    assert seen == [str(MIDGAME)]


def test_show_picks_the_renderer_of_the_positions_game():
    assert renderer_for("century-golem") is century
    assert renderer_for("no-such-game") is generic
    assert "Golem row (slot 0 first)" in ok("show", MIDGAME)


def test_show_falls_back_to_toml_and_the_move_count(monkeypatch):
    monkeypatch.setattr(render, "RENDERERS", {})
    state = Century.load(MIDGAME)
    out = ok("show", MIDGAME)
    assert out.startswith(state.to_toml())
    assert out.splitlines()[-1] == f"{len(state.legal_actions())} legal moves."
    assert "Golem row" not in out


def test_the_fallback_says_when_the_game_is_over():
    state = Century.load(MIDGAME)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    assert generic.render_plain(state).endswith("\nGame over: no legal moves.\n")


# ---- bench ------------------------------------------------------------------------------


def fake_bench(expected):
    """A stand-in for ``_core.bench`` that records its keywords."""
    calls = []
    lines = [
        {"game": "century-golem", "position": "start-2p", "search": "alphabeta d=2",
         "nodes": 100, "seconds": 0.25},
        {"game": "century-golem", "position": "mid-3p", "search": "ismcts i=50",
         "nodes": 50, "seconds": 0.25},
        {"game": "other-game", "position": "start", "search": "alphabeta d=3",
         "nodes": 30, "seconds": 0.5},
    ]  # fmt: skip

    def bench(*, on_line=None, stop=None, **options):
        assert stop is not None, "the bench runs with a stop token (Ctrl-C)"
        calls.append(options)
        for line in lines:
            if on_line is not None:
                on_line(line)
        return {
            "nodes": 180,
            "seconds": 1.0,
            "nps": 180,
            "expected": expected,
            "lines": lines,
            "games": [
                {"game": "century-golem", "nodes": 150, "seconds": 0.5},
                {"game": "other-game", "nodes": 30, "seconds": 0.5},
            ],
        }

    return bench, calls


def test_bench_prints_a_subtotal_per_game(monkeypatch):
    bench, calls = fake_bench(expected=180)
    monkeypatch.setattr(_core, "bench", bench)
    lines = ok("bench").splitlines()
    assert calls == [{}]  # no option: the built-in bench, held to its signature
    assert [line.split()[0] for line in lines[:3]] == ["start-2p", "mid-3p", "start"]
    assert lines[3].split() == [
        "century-golem",
        "subtotal",
        "150",
        "nodes",
        "0.500",
        "s",
    ]
    assert lines[4].split() == ["other-game", "subtotal", "30", "nodes", "0.500", "s"]
    assert lines[5] == "=" * 27 and "Nodes searched  : 180" in lines
    assert not any("differs" in line for line in lines)
    # Subtotals line up with the searches: the node counts end in the same column.
    assert len(lines[3].split(" nodes")[0]) == len(lines[0].split(" nodes")[0])


def test_bench_flags_a_changed_signature(monkeypatch):
    bench, _ = fake_bench(expected=999)
    monkeypatch.setattr(_core, "bench", bench)
    assert "signature differs from the recorded 999" in ok("bench")


def test_bench_ad_hoc_options_reach_the_core(monkeypatch, tmp_path):
    bench, calls = fake_bench(expected=None)
    monkeypatch.setattr(_core, "bench", bench)
    positions = tmp_path / "mine.toml"
    text = MIDGAME.read_text() + "---\n" + MIDGAME.read_text()
    positions.write_text(text)
    args = ["--game", "century-golem", "--depth", "3", "--nodes", "5000"]
    out = ok("bench", *args, "--positions", positions)
    assert calls == [
        {"game": "century-golem", "depth": 3, "nodes": 5000, "positions": text}
    ]
    assert "Nodes searched  : 180" in out and "differs" not in out
    result = json.loads(ok("bench", "--depth", "2", "--json"))
    assert calls[-1] == {"depth": 2} and result["expected"] is None


def test_bench_positions_file_must_exist(tmp_path):
    missing = tmp_path / "none.toml"
    assert bad("bench", "--positions", missing).startswith(f"error: {missing}: ")


def test_bench_summary_without_a_signature():
    result = {"nodes": 10, "expected": None, "seconds": 0.1, "nps": 100}
    assert "differs" not in summary(result)
    text = subtotal_text({"game": "century-golem", "nodes": 7, "seconds": 0.125})
    assert text.split() == ["century-golem", "subtotal", "7", "nodes", "0.125", "s"]


def test_new_refuses_setup_options_the_game_does_not_have(tmp_path):
    """`--map` and `--option` are checked against the options the game declares."""
    target = tmp_path / "c.toml"
    assert bad("new", "--map", "kazan", "-o", target) == (
        "error: map: century-golem has no map option (options: none)"
    )
    assert bad("new", "--option", "colour=red", "-o", target).startswith(
        "error: option.colour: not a setup option of century-golem"
    )
    assert bad("new", "--option", "nonsense", "-o", target).startswith(
        "error: option: expected KEY=VALUE"
    )
    assert not target.exists()


def test_hide_decks_is_an_alias_of_hidden_decks():
    assert ok("new", "--hide-decks") == ok("new", "--hidden-decks")
    assert ok("new", "--hide-decks") != ok("new")


def test_show_svg_draws_century(tmp_path):
    target = tmp_path / "board.svg"
    assert ok("show", MIDGAME, "--svg", target) == ""
    picture = target.read_text()
    assert picture.startswith("<svg ") and picture == load(MIDGAME)._repr_svg_()
    assert bad("show", MIDGAME, "--svg", target) == (
        f"error: {target}: file exists; use --force to overwrite it"
    )


def test_arena_passes_setup_options_to_the_game():
    assert bad("arena", "--bot", "random", "--bot", "greedy", "--map", "kazan") == (
        "error: map: century-golem has no map option (options: none)"
    )


def test_an_internal_error_is_one_line_not_a_traceback(monkeypatch):
    def broken(*args, **kwargs):
        raise AttributeError("'State' object has no attribute 'to_move'")

    monkeypatch.setattr(games_module, "new", broken)
    result = invoke("new")
    assert result.exit_code == commands.EXIT_INTERNAL_ERROR
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: internal error: AttributeError:")
    assert "Traceback" not in result.stdout + result.stderr


def test_a_panic_in_the_core_exits_70_not_2(monkeypatch):
    # A caught Rust panic is a bug of ours, like a Python error: never "bad input".
    from golem_solver import _core

    def panics(*args, **kwargs):
        _core._panic_for_tests()

    monkeypatch.setattr(games_module, "new", panics)
    result = invoke("new")
    assert result.exit_code == commands.EXIT_INTERNAL_ERROR
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: internal error: deliberate panic")
    assert line.endswith("please report it)")
