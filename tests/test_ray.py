"""The Ray backend (``--backend ray``) on a real local Ray runtime with 2 CPUs: the same
reports as the thread backend, the same exit statuses, one-line errors.

Skipped as a whole only when the ``ray`` extra is not installed (CI installs it). Ray's
start-up takes seconds, so one runtime serves most tests (the CLI uses an initialised
Ray as it is); one test lets the CLI start and stop its own, in a subprocess.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import golem_solver
from golem_solver import StopToken
from golem_solver import arena as arena_api
from golem_solver.cli import app

ray = pytest.importorskip(
    "ray", reason='the ray extra is not installed (pip install "golem-solver[ray]")'
)

ROOT = Path(__file__).resolve().parent.parent
# No usage report, no network call for one.
os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
WALL_CLOCK = ("seconds",)
# What says where the games ran rather than what they gave.
WHERE = ("backend", "tasks")


def invoke(*args: object):
    try:  # click < 8.2 mixes stderr into stdout unless told not to
        runner = CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        runner = CliRunner()
    return runner.invoke(app, [str(a) for a in args])


def cli(*args: object) -> subprocess.CompletedProcess:
    """The real command in a process of its own."""
    command = [sys.executable, "-m", "golem_solver.cli", *map(str, args)]
    return subprocess.run(command, capture_output=True, text=True, timeout=120)


def arena_json(out: str) -> dict:
    report = json.loads(out)
    for key in WALL_CLOCK + WHERE:
        report.pop(key, None)
    return report


def puzzles_json(out: str) -> dict:
    summary = json.loads(out)
    summary.pop("seconds")
    for puzzle in summary["puzzles"]:
        puzzle.pop("seconds")
    return summary


ARENA = ("arena", "--bot", "greedy", "--bot", "random", "--games", "6", "--seed", "5")


# First, before the shared runtime exists: the CLI starts a local runtime and stops it.
def test_the_command_starts_and_stops_a_local_runtime():
    threads = cli(*ARENA, "--threads", "2", "--json")
    on_ray = cli(*ARENA, "--backend", "ray", "--threads", "2", "--json")
    assert threads.returncode == 0, threads.stderr
    assert on_ray.returncode == 0, on_ray.stderr
    assert json.loads(on_ray.stdout)["backend"] == "ray"
    assert arena_json(on_ray.stdout) == arena_json(threads.stdout)
    assert not ray.is_initialized()


def test_an_unreachable_address_is_one_line_and_no_hang():
    # Loopback port 1: nothing listens there; refused at once, never a hang.
    out = cli(*ARENA, "--backend", "ray", "--address", "127.0.0.1:1")
    assert out.returncode == 2, out.stderr
    lines = out.stderr.splitlines()
    assert lines == ["error: address: cannot reach 127.0.0.1:1: Connection refused"]


def test_auto_is_checked_like_an_address():
    # auto stands for RAY_ADDRESS (else the cluster `ray start` recorded here).
    command = [sys.executable, "-m", "golem_solver.cli", *ARENA, "--backend", "ray"]
    env = {**os.environ, "RAY_ADDRESS": "127.0.0.1:1"}
    out = subprocess.run(
        [*command, "--address", "auto"],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
    )
    assert out.returncode == 2, out.stderr
    # Ray spells this machine by its node address: (127.0.0.1:1) or (<node IP>:1).
    [line] = out.stderr.splitlines()
    assert line.startswith("error: address: cannot reach auto (") and line.endswith(
        ":1): Connection refused"
    ), line


@pytest.fixture(scope="module")
def runtime():
    ray.init(
        address="local",
        num_cpus=2,
        include_dashboard=False,
        log_to_driver=False,
        logging_level=logging.ERROR,
    )
    yield
    ray.shutdown()


@pytest.mark.parametrize("game", sorted(golem_solver.GAMES))
def test_arena_report_and_records_equal_the_thread_backend(runtime, game, tmp_path):
    common = (*ARENA, "--game", game, "--json")
    threads = invoke(*common, "--threads", "2", "--record", tmp_path / "t.jsonl")
    on_ray = invoke(*common, "--backend", "ray", "--record", tmp_path / "r.jsonl")
    assert threads.exit_code == 0, threads.stderr
    assert on_ray.exit_code == 0, (on_ray.stderr, on_ray.exception)
    report = json.loads(on_ray.stdout)
    assert (report["backend"], report["threads"], report["played"]) == ("ray", 2, 6)
    assert arena_json(on_ray.stdout) == arena_json(threads.stdout)
    # Every game, move by move.
    assert (tmp_path / "r.jsonl").read_text() == (tmp_path / "t.jsonl").read_text()


def test_the_table_says_where_the_games_ran(runtime):
    out = invoke(*ARENA, "--backend", "ray")
    assert out.exit_code == 0, out.stderr
    assert "Ray: 2 CPUs, 6 tasks" in out.stdout.splitlines()[0]


def test_three_seats_two_bots_and_more_games_than_tasks(runtime):
    options = dict(games=17, players=3, seed=9, record=True)
    bots = ["greedy", "random"]
    threads = arena_api.run(bots, threads=2, **options)
    on_ray = arena_api.run(bots, backend="ray", **options)
    assert on_ray["tasks"] == 8  # four per CPU, sizes 3 and 2
    for report in (threads, on_ray):
        for key in ("seconds", "backend", "tasks"):
            report.pop(key, None)
    assert on_ray == threads


def test_a_stop_reports_the_games_finished(runtime):
    token = StopToken()

    def stop_after_the_first(done: int, total: int) -> None:
        if done:
            token.stop()

    report = arena_api.run(
        ["ismcts:iterations=30", "random"],
        games=16,  # 8 tasks of 2 games, a second or so each
        backend="ray",
        on_progress=stop_after_the_first,
        stop=token,
    )
    assert report["stopped"] and 0 < report["played"] < 16
    assert sum(b["games"] for b in report["bots"]) == 2 * report["played"]


def test_bad_bots_are_refused_before_any_task(runtime):
    out = invoke(
        "arena", "--bot", "greedy", "--bot", "ismcts:iteratons=5", "--backend", "ray"
    )
    assert out.exit_code == 2
    assert out.stderr.startswith("error: bot[1].iteratons: unknown option")


def small_suite(tmp_path: Path, flip: bool = False) -> Path:
    lines = []
    for name, count in (("century-endgames", 6), ("merchant-explorers-endgames", 3)):
        suite = (ROOT / "puzzles" / f"{name}.jsonl").read_text().splitlines()
        lines += [line for line in suite if line.strip()][:count]
    if flip:  # an expected answer that the search contradicts
        record = json.loads(lines[0])
        assert record["result"] in ("win", "loss"), record
        record["result"] = "loss" if record["result"] == "win" else "win"
        lines[0] = json.dumps(record)
    path = tmp_path / "suite.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return path


@pytest.mark.parametrize("flip", [False, True])
def test_puzzles_report_and_status_equal_the_thread_backend(runtime, tmp_path, flip):
    suite = small_suite(tmp_path, flip)
    threads = invoke("puzzles", suite, "--nodes", "200000", "--json")
    on_ray = invoke("puzzles", suite, "--nodes", "200000", "--json", "--backend", "ray")
    assert threads.exit_code == on_ray.exit_code == (1 if flip else 0), on_ray.stderr
    assert puzzles_json(on_ray.stdout) == puzzles_json(threads.stdout)
    assert puzzles_json(on_ray.stdout)["wrong"] == int(flip)
    # The text report too: the same lines, in file order.
    text = [invoke("puzzles", suite, *more) for more in ((), ("--backend", "ray"))]
    assert text[0].stdout.splitlines()[:-1] == text[1].stdout.splitlines()[:-1]


def one_line_error(*args: object) -> str:
    out = invoke(*args)
    assert out.exit_code == 2, (out.stdout, out.stderr, out.exception)
    lines = out.stderr.splitlines()
    assert len(lines) == 1, out.stderr
    return lines[0]


def test_usage_errors_are_one_line():
    assert one_line_error(*ARENA, "--backend", "spark") == (
        "error: backend: 'spark' is not one of threads, ray"
    )
    assert one_line_error(*ARENA, "--address", "auto") == (
        "error: address: only with the ray backend"
    )
    assert one_line_error(
        *ARENA, "--backend", "ray", "--address", "auto", "--threads", "2"
    ).startswith("error: threads: not with an address")
    assert one_line_error(*ARENA, "--backend", "ray", "--address", "nowhere") == (
        "error: address: 'nowhere' is not HOST:PORT, auto or local"
    )
    suite = ROOT / "puzzles" / "century-endgames.jsonl"
    assert one_line_error("puzzles", suite, "--threads", "2") == (
        "error: threads: only with --backend ray"
    )


def test_without_ray_installed_the_error_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails
    expected = 'error: backend: ray is not installed (pip install "golem-solver[ray]")'
    assert one_line_error(*ARENA, "--backend", "ray") == expected
    suite = ROOT / "puzzles" / "century-endgames.jsonl"
    assert one_line_error("puzzles", suite, "--backend", "ray") == expected
