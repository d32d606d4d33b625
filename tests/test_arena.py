"""The arena and the bench from Python and the command line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from golem_solver import GolemError
from golem_solver._core import arena
from golem_solver.cli import app
from golem_solver.cli.bench import summary


def invoke(*args: str):
    try:  # click < 8.2 mixes stderr into stdout unless told not to
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        runner = CliRunner()
    return runner.invoke(app, [str(a) for a in args])


def ok(*args: str) -> str:
    result = invoke(*args)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result.stdout


def bad(*args: str) -> str:
    """Bad input: exit 2 and one line `error: <field>: <message>` on stderr."""
    result = invoke(*args)
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return lines[0]


# ---- arena -----------------------------------------------------------------------------


def test_arena_json_reports_every_bot():
    out = ok("arena", "--bot", "greedy", "--bot", "random", "--games", "6", "--json")
    report = json.loads(out)
    assert (report["games"], report["players"], report["unfinished"]) == (6, 2, 0)
    names = [b["bot"] for b in report["bots"]]
    assert names == ["greedy", "random"]
    assert sum(b["wins"] for b in report["bots"]) == 6
    for bot in report["bots"]:
        assert bot["games"] == 6
        assert bot["seats"] == [3, 3]
        low, high = bot["ci95"]
        assert 0 <= low <= bot["win_rate"] <= high <= 1
        assert bot["mean_plies"] > 0
    greedy, rand = report["bots"]
    assert greedy["mean_score"] > rand["mean_score"]


def test_arena_text_is_a_table():
    out = ok("arena", "--bot", "greedy", "--bot", "random", "--games", "2")
    lines = out.splitlines()
    assert lines[0].startswith("2 games, 2 players, seed 0, 1 thread,")
    assert lines[2].split()[:3] == ["bot", "games", "wins"]
    assert [line.split()[0] for line in lines[3:5]] == ["greedy", "random"]


def test_arena_is_reproducible_and_independent_of_threads():
    bots = ["greedy", "random", "ismcts:iterations=10,cutoff=4"]
    one = arena(bots, games=6, seed=5, threads=1)
    two = arena(bots, games=6, seed=5, threads=2)
    assert one == two
    assert arena(bots, games=6, seed=6, threads=2) != one


def test_more_seats_than_bots_are_filled_cyclically():
    report = arena(["greedy", "random"], games=6, players=3, seed=1, threads=2)
    greedy, rand = report["bots"]
    assert greedy["seats"] == [4, 4, 4] and rand["seats"] == [2, 2, 2]


def test_progress_is_reported_and_its_errors_stop_the_arena():
    seen = []
    arena(["greedy", "random"], games=5, on_progress=lambda d, t: seen.append((d, t)))
    assert seen[-1] == (5, 5)
    assert all(t == 5 for _, t in seen)

    def fail(done, total):
        raise KeyError("stop")

    with pytest.raises(KeyError):
        arena(["greedy", "random"], games=50, on_progress=fail)


@pytest.mark.parametrize(
    "args, line",
    [
        (
            ["--bot", "ismcts:iteratons=5"],
            "error: bot[0].iteratons: unknown option for ismcts (expected one of:",
        ),
        (
            ["--bot", "greedy", "--bot", "nobody"],
            "error: bot[1]: 'nobody' is not a bot",
        ),
        (["--bot", "alphabeta:depth=0"], "error: bot[0].depth: 0 is outside 1–128"),
        (["--bot", "greedy", "--players", "6"], "error: players: 6 is outside 2–5"),
        (["--bot", "greedy", "--players", "-1"], "error: players: -1 is outside 2–5"),
        (
            ["--bot", "random", "--bot", "random", "--bot", "greedy", "--players", "2"],
            "error: bot: 3 bots for 2 seats",
        ),
        (["--bot", "greedy", "--games", "0"], "error: games: 0 is outside"),
        (["--bot", "greedy", "--threads", "0"], "error: threads: 0 is outside"),
        (["--bot", "greedy", "--seed", "-3"], "error: seed: -3 is outside"),
    ],
)
def test_arena_bad_input(args, line):
    assert bad("arena", *args).startswith(line)


def test_api_errors_are_golem_errors():
    with pytest.raises(GolemError) as caught:
        arena(["ismcts:rollout=smart"])
    assert caught.value.field == "bot[0].rollout"
    assert "'smart' is not one of: random, heuristic" in caught.value.message


# ---- bench -----------------------------------------------------------------------------


def test_bench_signature_is_the_recorded_one():
    """If this fails, search behaviour changed: update golem_core::bench::SIGNATURE on
    purpose and say why in the commit."""
    result = json.loads(ok("bench", "--json"))
    assert result["nodes"] == sum(line["nodes"] for line in result["lines"])
    # Three searches (alpha-beta win and margin, ISMCTS) per bench position of each game.
    assert len(result["lines"]) == 30
    assert result["nodes"] == result["expected"]
    assert result["nps"] > 0


def test_bench_summary_is_stockfish_style():
    result = {"nodes": 1234, "expected": 1234, "seconds": 0.5, "nps": 2468}
    text = summary(result).splitlines()
    assert "Nodes searched  : 1234" in text
    assert "Nodes/second    : 2468" in text
    assert "Total time (ms) : 500" in text
    assert not any("differs" in line for line in text)
    assert "differs from the recorded 99" in summary({**result, "expected": 99})


# ---- golem_solver.arena: the non-printing API -------------------------------------------


def test_arena_api_returns_the_report_and_prints_nothing(capsys):
    from golem_solver.arena import run

    seen = []
    report = run(
        ["greedy", "random"], games=4, seed=2, on_progress=lambda d, t: seen.append(d)
    )
    assert capsys.readouterr() == ("", "")
    assert report["threads"] == 1 and report["seconds"] >= 0
    assert report["backend"] == "threads"
    assert {
        k: v for k, v in report.items() if k not in ("threads", "seconds", "backend")
    } == arena(["greedy", "random"], games=4, seed=2)
    assert seen[-1] == 4


def test_arena_api_refuses_an_unknown_game():
    from golem_solver.arena import run

    with pytest.raises(GolemError) as caught:
        run(["greedy"], game="chess")
    assert caught.value.field == "game"


def test_the_default_backend_imports_no_ray():
    # Ray is an optional extra: the package, the command line and the thread backend
    # (arena and puzzles) must work without it, and never import it.
    code = (
        "import sys, golem_solver, golem_solver.cli.commands\n"
        "from golem_solver import arena\n"
        "arena.run(['greedy', 'random'], games=2, threads=2)\n"
        "assert 'ray' not in sys.modules, 'ray was imported'\n"
    )
    import subprocess
    import sys

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_ranges_played_apart_merge_into_the_arenas_report():
    # What the Ray backend does: chunks of games, merged in order, reported by the core.
    from golem_solver._core import arena_games, arena_report

    bots = ["greedy", "random", "random"]
    options = dict(games=7, players=3, seed=4, record=True)
    whole = arena(bots, **options)
    records = []
    for first, count in ((0, 2), (2, 4), (6, 1)):
        chunk = arena_games(bots, first=first, count=count, threads=2, **options)
        assert not chunk["stopped"]
        records += chunk["records"]
    assert [r["index"] for r in records] == list(range(7))
    assert arena_report(bots, records, **options) == whole
    assert arena_games(bots, first=3, count=0, **options)["records"] == []


@pytest.mark.parametrize(
    "change, field",
    [
        ({"seats": [0, 5]}, "records[1].seats"),
        ({"scores": [1]}, "records[1].scores"),
        ({"winner": 7}, "records[1].winner"),
        ({"index": 0}, "records[1].index"),
        ({"index": 99}, "records[1].index"),
    ],
)
def test_malformed_records_are_named_not_reported(change, field):
    from golem_solver._core import arena_games, arena_report

    records = arena_games(["greedy", "random"], games=3)["records"]
    records[1] = {**records[1], **change}
    with pytest.raises(GolemError) as error:
        arena_report(["greedy", "random"], records, games=3)
    assert error.value.field == field
