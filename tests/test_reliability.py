"""Reliability of the command line and the Python API (docs/reliability.md): bad input is
one clean error line, a failed write loses nothing, input is bounded, long commands stop
on Ctrl-C with what they have, and nothing echoed can drive the terminal."""

from __future__ import annotations

import json
import os
import re
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from test_cli import bad, ok, run

import golem_solver
from golem_solver import Century, GolemCranio, GolemError, StopToken, _core, search
from golem_solver import arena as arena_api
from golem_solver._files import capped_lines, read_capped, write_atomically
from golem_solver.cli import analysis

from conftest import MIDGAME

CLI = [sys.executable, "-m", "golem_solver.cli"]
HUGE = str(10**30)


def files_in(folder: Path) -> list:
    return sorted(p.name for p in folder.iterdir())


# ---- 1. nothing lost on a failed write ------------------------------------------------


def limited_run(args, limit_bytes: int, **kwargs) -> subprocess.CompletedProcess:
    """The command with files capped at ``limit_bytes`` (SIGXFSZ ignored, so a write past
    the cap fails with EFBIG instead of killing the process)."""

    def limit() -> None:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit_bytes, limit_bytes))

    return subprocess.run(
        args, preexec_fn=limit, capture_output=True, text=True, timeout=60, **kwargs
    )


def one_error_line(done: subprocess.CompletedProcess) -> str:
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), done.stderr
    return lines[0]


def test_a_failed_overwrite_keeps_the_old_file(tmp_path):
    out = tmp_path / "kept.toml"
    old = b"# the old file, which must survive\n" + MIDGAME.read_bytes()
    out.write_bytes(old)
    done = limited_run([*CLI, "new", "--seed", "3", "-o", str(out), "--force"], 200)
    assert str(out) in one_error_line(done)
    assert out.read_bytes() == old
    assert files_in(tmp_path) == ["kept.toml"]  # no partial or temporary file


def test_apply_onto_its_own_input_keeps_it_when_the_write_fails(tmp_path):
    pos = tmp_path / "pos.toml"
    pos.write_bytes(MIDGAME.read_bytes())
    args = [*CLI, "apply", str(pos), "--moves", "rest", "-o", str(pos), "--force"]
    one_error_line(limited_run(args, 200))
    assert pos.read_bytes() == MIDGAME.read_bytes()
    assert files_in(tmp_path) == ["pos.toml"]
    # Without the cap the same command replaces it.
    assert subprocess.run(args, capture_output=True, timeout=60).returncode == 0
    assert Century.load(pos) == Century.load(MIDGAME).child("rest")


def test_a_failed_new_leaves_no_file_so_a_retry_works(tmp_path):
    out = tmp_path / "start.toml"
    one_error_line(limited_run([*CLI, "new", "-o", str(out)], 200))
    assert files_in(tmp_path) == []
    done = subprocess.run(
        [*CLI, "new", "-o", str(out)], capture_output=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert Century.load(out) == Century.new(2, 0)


def test_write_atomically_keeps_the_old_file_on_failure(tmp_path):
    out = tmp_path / "suite.jsonl"
    out.write_text("old\n")
    code = (
        "import sys; from golem_solver._files import write_atomically;"
        f"write_atomically({str(out)!r}, 'x' * 100000, overwrite=True)"
    )
    done = limited_run([sys.executable, "-c", code], 1000)
    assert done.returncode != 0 and "GolemError" in done.stderr
    assert out.read_text() == "old\n"
    assert files_in(tmp_path) == ["suite.jsonl"]


def test_write_atomically_refuses_an_existing_file_without_overwrite(tmp_path):
    out = tmp_path / "a.txt"
    write_atomically(out, "one", overwrite=False)
    with pytest.raises(GolemError, match="file exists"):
        write_atomically(out, "two", overwrite=False)
    assert out.read_text() == "one"
    write_atomically(out, "three", overwrite=True)
    assert out.read_text() == "three"
    assert files_in(tmp_path) == ["a.txt"]


# ---- 2. huge integers -----------------------------------------------------------------


@pytest.mark.parametrize(
    "args, field",
    [
        (["solve", MIDGAME, "--depth", HUGE], "depth"),
        (["solve", MIDGAME, "--nodes", HUGE], "nodes"),
        (["solve", MIDGAME, "--movetime", HUGE], "movetime"),
        (["solve", MIDGAME, "--hash", HUGE], "hash"),
        (["analyse", MIDGAME, "--iterations", HUGE], "iterations"),
        (["analyse", MIDGAME, "--seed", HUGE], "seed"),
        (["analyse", MIDGAME, "--threads", HUGE], "threads"),
        (["analyse", MIDGAME, "--cutoff", HUGE], "cutoff"),
        (["analyse", MIDGAME, "--report-every", HUGE], "report_every"),
        (["perft", MIDGAME, "--depth", HUGE], "depth"),
        (["new", "--players", HUGE], "players"),
        (["new", "--seed", HUGE], "seed"),
        (["arena", "-b", "random", "--games", HUGE], "games"),
        (["arena", "-b", "random", "--players", HUGE], "players"),
        (["arena", "-b", "random", "--threads", HUGE], "threads"),
        (["arena", "-b", "random", "--max-plies", HUGE], "max_plies"),
        (["arena", "-b", "random", "--seed", "-" + HUGE], "seed"),
        (["bench", "--depth", HUGE], "depth"),
        (["puzzles", "x.jsonl", "--nodes", HUGE], "nodes"),
    ],
)
def test_a_huge_integer_option_is_out_of_range(args, field):
    line = bad(*args)
    assert line.startswith(f"error: {field}: "), line
    assert " is outside " in line and "–" in line and "..=" not in line


def test_a_huge_integer_in_the_api_is_a_golem_error(midgame):
    calls = [
        lambda: golem_solver.solve(midgame, depth=10**30),
        lambda: golem_solver.solve(midgame, nodes=-1),
        lambda: golem_solver.solve(midgame, hash_mb=10**30),
        lambda: golem_solver.analyse(midgame, iterations=10**30),
        lambda: golem_solver.analyse(midgame, seed=-1),
        lambda: golem_solver.analyse(midgame, cutoff=10**30),
        lambda: golem_solver.new(players=10**30),
        lambda: golem_solver.new(seed=10**30),
        lambda: arena_api.run(["random"], games=10**30),
        lambda: arena_api.run(["random"], players=10**30),
        lambda: arena_api.run(["random"], max_plies=10**30),
    ]
    for call in calls:
        with pytest.raises(GolemError, match=r"is outside [\d,]+–[\d,]+"):
            call()


RAW_CALLS = {
    "depth": [
        lambda s: s.perft(2**64),
        lambda s: s.perft(-1),
        lambda s: s.perft_divide(2**64),
        lambda s: _core.solve(s, depth=2**64),
        lambda s: _core.bench(depth=-1),
    ],
    "player": [lambda s: s.observation(-1)],
    "seat": [lambda s: s.public_view(-1), lambda s: s.seat(2**64)],
    "seed": [
        lambda s: s.sample_chance(2**64),
        lambda s: _core.new_game("century-golem", 2, -5),
        lambda s: _core.analyse(s, seed=-1),
    ],
    "index": [
        lambda s: type(s).action_from_index(-1),
        lambda s: s.apply_index(2**63),
        lambda s: s.action_from_policy_index(-(2**63) - 1),
    ],
    "action": [lambda s: type(s).action_index(2**64)],
    "cutoff": [lambda s: _core.analyse(s, cutoff=-1)],
    "nodes": [lambda s: _core.solve(s, nodes=-1)],
    "hash_mb": [lambda s: _core.solve(s, hash_mb=-1)],
    "num_envs": [lambda s: golem_solver.VecEnv(num_envs=2**64)],
    "players": [lambda s: type(s).new(2**64)],
    "games": [
        lambda s: _core.arena(["random"], games=2**40),
        lambda s: _core.random_playouts(s, -1),
        lambda s: _core.batch_playouts([s], -1),
    ],
    "threads": [lambda s: _core.arena(["random"], threads=-1)],
    "max_plies": [lambda s: _core.arena(["random"], max_plies=-1)],
}


@pytest.mark.parametrize("field", sorted(RAW_CALLS))
def test_no_overflow_error_escapes_the_raw_api(midgame, field):
    # PyO3 used to raise OverflowError before the entry point ran.
    for call in RAW_CALLS[field]:
        with pytest.raises(GolemError) as info:
            call(midgame)
        assert info.value.field == field
        assert re.fullmatch(r"-?\d+ is outside -?[\d,]+–[\d,]+", info.value.message)


def test_a_golem_action_index_is_in_the_action_space_or_refused():
    space = GolemCranio.INFO["action_space"]
    for action in (2**63, 2**63 + 1, 2**62, 2**64 - 1):
        try:
            index = GolemCranio.action_index(action)
        except GolemError:
            continue
        assert 0 <= index < space
        assert GolemCranio.action_from_index(index) == action


def test_a_huge_depth_in_a_suite_is_one_error_line(tmp_path):
    record = {
        "id": "deep",
        "position_file": "pos.toml",
        "objective": "win",
        "depth": 10**30,
        "best": ["rest"],
    }
    (tmp_path / "pos.toml").write_bytes(MIDGAME.read_bytes())
    suite = tmp_path / "s.jsonl"
    suite.write_text(json.dumps(record) + "\n")
    assert bad("puzzles", suite).startswith(f"error: s.jsonl:1.depth: {10**30} is")


# ---- 3. non-UTF-8 and unbounded input -------------------------------------------------


def test_stdin_not_utf8_is_one_error_line():
    done = subprocess.run(
        [*CLI, "show", "-"], input=b"\xff\xfe", capture_output=True, timeout=60
    )
    assert done.returncode == 2
    assert done.stderr.decode() == "error: stdin: not UTF-8 text (byte 0)\n"


def test_endless_stdin_is_refused_at_the_cap():
    yes = subprocess.Popen(["yes"], stdout=subprocess.PIPE)
    try:
        done = subprocess.run(
            [*CLI, "show", "-"], stdin=yes.stdout, capture_output=True, timeout=60
        )
    finally:
        yes.kill()
        yes.wait()
    assert done.returncode == 2
    assert done.stderr.decode().startswith("error: stdin: larger than 1048576 bytes")


def test_an_endless_file_is_refused_at_the_cap():
    # Refused as a device before a byte is read (it once read up to the cap).
    assert bad("show", "/dev/zero") == "error: /dev/zero: not a regular file"


def test_capped_reads():
    import io

    assert read_capped(io.BytesIO(b"abc"), "x", cap=3) == "abc"
    with pytest.raises(GolemError, match="larger than 3 bytes"):
        read_capped(io.BytesIO(b"abcd"), "x", cap=3)
    lines = list(capped_lines(io.BytesIO(b"ab\ncd\r\n\nlast"), "f", cap=4))
    assert lines == [(1, "ab"), (2, "cd"), (3, ""), (4, "last")]
    with pytest.raises(GolemError, match="f:2: longer than 4 bytes"):
        list(capped_lines(io.BytesIO(b"ab\nabcdef\n"), "f", cap=4))
    with pytest.raises(GolemError, match=r"f:1: not UTF-8 text \(byte 1\)"):
        list(capped_lines(io.BytesIO(b"a\xff\n"), "f", cap=4))


def test_a_suite_not_utf8_or_endless_is_one_error_line(tmp_path):
    suite = tmp_path / "bin.jsonl"
    suite.write_bytes(b"\n\x80\x81 not text\n")
    assert bad("puzzles", suite) == "error: bin.jsonl:2: not UTF-8 text (byte 0)"
    # Devices and FIFOs are refused before they are opened (a FIFO once hung).
    assert bad("puzzles", "/dev/zero") == "error: /dev/zero: not a regular file"
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for args in (["puzzles", fifo], ["replay", fifo], ["bench", "--positions", fifo]):
        assert bad(*args) == f"error: {fifo}: not a regular file", args
    for args in (["new", "--game", "merchant-explorers", "--map", fifo],):
        assert bad(*args).endswith("not a regular file"), args
    golem = ["new", "--game", "golem-cranio", "--components", fifo]
    assert bad(*golem).endswith("not a regular file")


# ---- 4. usage errors ------------------------------------------------------------------


@pytest.mark.parametrize(
    "args, line",
    [
        (["solve", MIDGAME, "--depth", "0"], "error: depth: 0 is outside 1–128"),
        (["perft", MIDGAME, "--depth", "-1"], "error: depth: -1 is outside 0–10,000"),
        (["solve", MIDGAME, "--frobnicate"], "error: frobnicate: no such option"),
        (["apply", MIDGAME], "error: moves: missing (give --moves/-m)"),
        (["show"], "error: pos: missing"),
        (["perft", MIDGAME], "error: depth: missing (give --depth/-d)"),
        (["solve", MIDGAME, "--depth", "x"], "error: depth: "),
        (["nosuchcommand"], "error: "),
    ],
)
def test_usage_errors_are_one_line(args, line):
    assert bad(*args).startswith(line)


def test_usage_error_from_the_installed_command_is_one_line():
    done = subprocess.run(
        [*CLI, "solve", str(MIDGAME), "--depth", "0"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert one_error_line(done) == "error: depth: 0 is outside 1–128"


def test_help_is_still_rich_and_shows_ranges_and_the_time_cap():
    out = ok("solve", "--help")
    assert "Usage" in out and "--infinite" in out
    assert "10000" in out and "[1–128]" in out


# ---- 5. Ctrl-C stops long commands with what they have --------------------------------


def interrupt(args, after: float) -> subprocess.CompletedProcess:
    process = subprocess.Popen(
        [*CLI, *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    time.sleep(after)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=30)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def test_ctrl_c_stops_perft():
    start = time.monotonic()
    done = interrupt(["perft", MIDGAME, "--depth", "1000"], 2.0)
    assert done.returncode == 130, done.stderr
    assert done.stderr == "perft stopped\n" and done.stdout == ""
    assert time.monotonic() - start < 20


def test_ctrl_c_stops_perft_divide():
    done = interrupt(["perft", MIDGAME, "--depth", "1000", "--divide"], 2.0)
    assert done.returncode == 130 and done.stderr == "perft stopped\n"


def test_ctrl_c_prints_the_arena_games_finished():
    args = ["arena", "-b", "greedy", "-b", "random", "--games", "1000000", "--json"]
    done = interrupt(args, 3.0)
    assert done.returncode == 130, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["stopped"] is True
    assert 0 < report["played"] < 1000000
    finished = report["played"] - report["unfinished"]
    assert sum(sum(b["seats"]) for b in report["bots"]) == 2 * finished


def test_ctrl_c_prints_the_puzzle_totals_so_far(tmp_path):
    # Twenty deep midgame puzzles of about a second each (every move counts as best).
    (tmp_path / "pos.toml").write_bytes(MIDGAME.read_bytes())
    legal = Century.load(MIDGAME).legal_action_texts()
    suite = tmp_path / "slow.jsonl"
    with suite.open("w") as f:
        for i in range(20):
            record = {
                "id": f"p{i}",
                "position_file": "pos.toml",
                "objective": "margin",
                "depth": 40,
                "best": legal,
            }
            f.write(json.dumps(record) + "\n")
    done = interrupt(["puzzles", suite, "--movetime", "700", "--json"], 4.0)
    assert done.returncode == 130, done.stderr
    totals = json.loads(done.stdout.splitlines()[-1])
    assert totals["stopped"] is True
    assert 1 <= totals["total"] < 20 and totals["wrong"] == 0
    plain = interrupt(["puzzles", suite, "--movetime", "700"], 2.0)
    assert plain.returncode == 130
    assert plain.stdout.splitlines()[-1].endswith("  stopped")


def test_a_stopped_arena_from_python_reports_the_games_finished():
    token = StopToken()

    def progress(done: int, total: int) -> None:
        if done >= 3:
            token.stop()

    report = arena_api.run(
        ["greedy", "random"], games=10000, seed=1, on_progress=progress, stop=token
    )
    assert report["stopped"] and 3 <= report["played"] < 10000
    whole = arena_api.run(["greedy", "random"], games=4, seed=1)
    assert not whole["stopped"] and whole["played"] == 4


def interrupt_at(args, *times: float, program=CLI) -> tuple:
    """Sends SIGINT at each of ``times`` (seconds after the start); returns the finished
    process and how long it took to exit after the first signal."""
    process = subprocess.Popen(
        [*program, *map(str, args)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    start = time.monotonic()
    first = None
    for at in times:
        time.sleep(max(0.0, start + at - time.monotonic()))
        if process.poll() is not None:
            break
        process.send_signal(signal.SIGINT)
        first = first if first is not None else time.monotonic()
    out, err = process.communicate(timeout=60)
    took = time.monotonic() - (first if first is not None else start)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err), took


@pytest.mark.parametrize(
    "bot", ["ismcts:iterations=100000000", "alphabeta:depth=30,hash=1"]
)
def test_ctrl_c_stops_an_arena_inside_a_long_search(bot):
    # One move of these bots takes minutes: the stop must reach the search itself.
    args = ["arena", "-b", bot, "-b", "random", "--games", "2", "--json"]
    done, took = interrupt_at(args, 4.0)
    assert done.returncode == 130, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["stopped"] is True
    assert took < 2.5, f"{took:.2f} s after Ctrl-C"


def test_a_second_ctrl_c_on_the_way_out_does_not_abort():
    args = ["arena", "-b", "ismcts:iterations=100000000", "-b", "random", "--json"]
    for second in (0.0, 0.05, 0.3):
        done, _ = interrupt_at(args, 4.0, 4.0 + second, 4.0 + 2 * second)
        assert done.returncode == 130, (second, done.returncode, done.stderr)
        assert json.loads(done.stdout.splitlines()[-1])["stopped"] is True
        assert "Traceback" not in done.stderr


def test_ctrl_c_at_any_moment_never_hangs():
    # A KeyboardInterrupt raised inside the wait for the worker (an Event's lock) could
    # leave that lock held: the worker's last step and the main thread then waited for
    # each other for ever (seen once in perft's Ctrl-C test under load). Ctrl-C now only
    # sets the stop while the work runs.
    for at in (0.25, 0.4, 0.55, 0.7, 0.85, 1.0, 1.3, 1.6):
        done, took = interrupt_at(["perft", MIDGAME, "--depth", "1000"], at, at + 0.01)
        assert done.returncode == 130, (at, done.stderr)
        assert took < 10 and "Traceback" not in done.stderr, at


def test_ctrl_c_during_start_up_is_exit_130_without_a_traceback():
    # The installed command, whose first step is the Ctrl-C handling, interrupted in the
    # middle of its slow imports: as soon as one of the libraries they load is mapped (seen
    # in /proc/PID/maps). Before its first line, the interpreter's own start-up is Python's.
    script = Path(sys.executable).with_name("golem-solve")
    assert script.exists(), "golem-solve is installed next to this Python"
    for library in ("golem_solver/_core", "lib-dynload/_json", "pydantic_core"):
        process = subprocess.Popen(
            [str(script), "perft", str(MIDGAME), "--depth", "1000"],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        maps = Path(f"/proc/{process.pid}/maps")
        deadline = time.monotonic() + 30
        while library not in maps.read_text():
            assert time.monotonic() < deadline, f"{library} never loaded"
            time.sleep(0.001)
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        assert process.returncode == 130, (library, process.returncode, err)
        assert "Traceback" not in err and out == "", library


def test_ctrl_c_stops_bench_within_two_seconds():
    done, took = interrupt_at(["bench", "--nodes", HUGE[:19]], 2.0)
    assert done.returncode == 130, done.stderr
    assert took < 2.0, f"{took:.2f} s after Ctrl-C"
    assert "Traceback" not in done.stderr and "total" not in done.stdout


# ---- 5b. memory: bounded by the threads, not by the games -----------------------------


def peak_rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM")


@pytest.mark.parametrize("record", [False, True])
def test_a_huge_arena_holds_no_memory_per_game(tmp_path, record):
    # 10,000,000 games once took ~127 bytes each before the first game (1.2 GB), and
    # every record was kept until the end (an abort at ~3 GB, with no file and no report).
    path = tmp_path / "games.jsonl"
    args = ["arena", "-b", "random", "-b", "random", "--games", "10000000"]
    args += ["--threads", "2", "--json"] + (["--record", str(path)] if record else [])
    process = subprocess.Popen(
        [*CLI, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    time.sleep(6.0)
    peak = peak_rss_mib(process.pid)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    report = json.loads(out.splitlines()[-1])
    assert report["stopped"] and report["played"] > 100
    assert peak < 250, f"peak RSS {peak:.0f} MiB"
    if record:
        from golem_solver.records import read_records

        assert len(read_records(path)) == report["played"]


def test_streamed_records_are_the_kept_ones():
    streamed: list = []
    kept = arena_api.run(["greedy", "random"], games=6, seed=3, record=True)
    report = arena_api.run(
        ["greedy", "random"], games=6, seed=3, record=True, on_record=streamed.append
    )
    assert "records" not in report and streamed == kept["records"]
    assert report["bots"] == kept["bots"] and report["played"] == 6


# ---- 6. time caps ---------------------------------------------------------------------


def capture_solve(monkeypatch) -> dict:
    seen: dict = {}

    def fake(state, **kwargs):
        seen.update(kwargs)
        return golem_solver.solve(state, depth=1)

    monkeypatch.setattr(analysis, "solve", fake)
    return seen


def test_solve_with_a_depth_keeps_the_time_cap(monkeypatch):
    seen = capture_solve(monkeypatch)
    ok("solve", MIDGAME, "--depth", "30")
    assert seen["depth"] == 30 and seen["movetime_ms"] == search.DEFAULT_MOVETIME_MS


@pytest.mark.parametrize("flag", [["--infinite"], ["--movetime", "0"]])
def test_solve_without_a_time_cap_when_asked(monkeypatch, flag):
    seen = capture_solve(monkeypatch)
    ok("solve", MIDGAME, "--depth", "30", *flag)
    assert seen["movetime_ms"] == 0


def test_the_api_has_default_budgets(monkeypatch, midgame):
    monkeypatch.setattr(search, "DEFAULT_MOVETIME_MS", 300)
    start = time.monotonic()
    result = golem_solver.solve(midgame)
    assert time.monotonic() - start < 10 and result["stopped"]
    monkeypatch.setattr(search, "DEFAULT_ITERATIONS", 40)
    assert golem_solver.analyse(midgame)["iterations"] == 40


# ---- 7. nothing silently accepted -----------------------------------------------------


@pytest.mark.parametrize(
    "args, line",
    [
        (["apply", MIDGAME, "--moves", ""], "error: moves: no moves given"),
        (["apply", MIDGAME, "--moves", ";;;"], "error: moves: no moves given"),
        (
            ["apply", MIDGAME, "--moves", "rest, rest"],
            "error: move 1 of 1 'rest, rest': unknown move 'rest,'",
        ),
        (["solve", MIDGAME, "--stream"], "error: stream: only with --json"),
        (["analyse", MIDGAME, "--stream"], "error: stream: only with --json"),
        (
            ["analyse", MIDGAME, "--algo", "alphabeta", "--iterations", "5"],
            "error: iterations: not used by --algo alphabeta",
        ),
        (
            ["analyse", MIDGAME, "--algo", "alphabeta", "--rollout", "heuristic"],
            "error: rollout: not used by --algo alphabeta",
        ),
        (
            ["analyse", MIDGAME, "--depth", "3"],
            "error: depth: not used by --algo ismcts",
        ),
        (
            ["slove", MIDGAME],
            "error: command: no such command 'slove' (did you mean solve",
        ),
        (
            ["solve", MIDGAME, "extra"],
            "error: arguments: unexpected extra argument(s): extra",
        ),
        (
            ["analyse", MIDGAME, "--samples", "2"],
            "error: samples: not used by --algo ismcts",
        ),
        (
            ["solve", MIDGAME, "--samples", "-1"],
            "error: samples: -1 is outside 0–1,000",
        ),
        (["analyse", MIDGAME, "--epsilon", "-1"], "error: epsilon: "),
        (
            ["analyse", MIDGAME, "--rollout", "heuristic", "--epsilon", "-1"],
            "error: epsilon: -1 is outside 0–1",
        ),
    ],
)
def test_nothing_is_silently_accepted(args, line):
    assert bad(*args).startswith(line)


# ---- 8. escaping and suite confinement ------------------------------------------------


def test_a_move_text_with_escapes_prints_escaped():
    line = bad("apply", MIDGAME, "--moves", "play \x1b[2J")
    assert "\x1b" not in line and "\\x1b[2J" in line


def test_a_card_name_forging_a_line_stays_one_line(tmp_path):
    text = MIDGAME.read_text().replace('"p>bb"', '"\\r\\nerror: forged\\u001b[2J"', 1)
    assert text != MIDGAME.read_text()
    path = tmp_path / "forged.toml"
    path.write_text(text)
    line = bad("show", path)
    assert "\\r\\nerror: forged\\x1b[2J" in line
    assert "\r" not in line and "\x1b" not in line


def test_errors_and_show_output_escape_control_characters():
    line = bad("show", "no\x1b]0;title\x07such.toml")
    assert "\\x1b]0;title\\x07" in line and "\x07" not in line
    from golem_solver.cli.text import escape, escape_lines

    assert escape("a\x00b\x7f\x9b\u2028") == "a\\x00b\\x7f\\x9b\\u2028"
    assert escape_lines("a\x1b\nb") == "a\\x1b\nb"


def test_bidirectional_controls_are_escaped():
    # U+202E (right-to-left override) once reached the terminal and reversed the rest.
    from golem_solver.cli.text import escape

    controls = [chr(c) for c in [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]]
    for ch in controls:
        assert escape(f"a{ch}b") == f"a\\u{ord(ch):04x}b"
    assert escape("\u200e\u05d0") == "\u200e\u05d0"  # letters and marks are text
    line = bad("show", "evil\u202etxt.toml")
    assert "\\u202e" in line and "\u202e" not in line


def test_every_error_line_names_a_field(tmp_path):
    assert bad("show", "") == "error: path: empty"
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [*CLI, "show", str(MIDGAME)], stdout=full, stderr=subprocess.PIPE, text=True
        )
    assert done.returncode == 2
    assert done.stderr == "error: stdout: No space left on device\n"


def test_the_loser_of_a_concurrent_write_is_told_about_force(tmp_path, monkeypatch):
    # Another writer creates the file between the command's check and its write.
    target = tmp_path / "new.toml"
    real = os.path.lexists

    def created_meanwhile(path):
        if Path(path) == target:
            target.write_text("the other writer's\n")
            return False
        return real(path)

    monkeypatch.setattr(os.path, "lexists", created_meanwhile)
    line = bad("new", "-o", target)
    assert line == f"error: {target}: file exists; use --force to overwrite it"
    assert target.read_text() == "the other writer's\n"


def write_suite(folder: Path, position_file: str) -> Path:
    record = {
        "id": "p",
        "position_file": position_file,
        "objective": "win",
        "depth": 1,
        "best": ["rest"],
    }
    suite = folder / "suite.jsonl"
    suite.write_text(json.dumps(record) + "\n")
    return suite


def test_a_suite_position_file_must_stay_in_the_suite_folder(tmp_path):
    inner = tmp_path / "suites"
    inner.mkdir()
    (tmp_path / "pos.toml").write_bytes(MIDGAME.read_bytes())
    expected = "error: suite.jsonl:1.position_file: outside the suite's folder"
    for name in ["../pos.toml", str(tmp_path / "pos.toml"), "/etc/passwd"]:
        assert bad("puzzles", write_suite(inner, name)) == expected
    suite = write_suite(inner, "../pos.toml")
    result = run("puzzles", suite, "--allow-outside", "--depth", "1")
    assert result.exit_code in (0, 1), result.stderr
    assert result.stdout.splitlines()[-1].startswith("total 1 ")


def test_a_suite_position_file_inside_the_folder_is_fine(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "pos.toml").write_bytes(MIDGAME.read_bytes())
    result = run("puzzles", write_suite(tmp_path, "sub/pos.toml"), "--depth", "1")
    assert result.exit_code in (0, 1), result.stderr
    assert os.path.exists(tmp_path / "sub" / "pos.toml")


MAPS = (
    Path(__file__).resolve().parent.parent
    / "rust"
    / "core"
    / "data"
    / "merchant_explorers"
)


def test_files_named_inside_a_suite_or_record_are_confined_too(tmp_path):
    # `map = "/etc/passwd"` in an inline position was read, its first line echoed.
    text = golem_solver.new("merchant-explorers", players=2).to_toml()
    for key, value in [("map", "/etc/passwd"), ("components", "../mine.json")]:
        inline = f'{key} = "{value}"\n' + "\n".join(
            line for line in text.splitlines() if not line.startswith(f"{key} =")
        )
        record = {"id": "p", "position": inline, "objective": "win", "best": ["x"]}
        suite = tmp_path / "suite.jsonl"
        suite.write_text(json.dumps(record) + "\n")
        expected = f"error: suite.jsonl:1.position.{key}: outside the suite's folder"
        assert bad("puzzles", suite) == expected
        game = {"game": "merchant-explorers", "start": inline, "moves": []}
        game["scores"] = [0, 0]
        records = tmp_path / "games.jsonl"
        records.write_text(json.dumps(game) + "\n")
        line = bad("replay", records)
        assert line == f"error: record[0].start.{key}: outside the record file's folder"
        assert "root:" not in line
        # Unless asked for: then the file is read (and here refused for what it is).
        allowed = bad("replay", records, "--allow-outside")
        assert "outside" not in allowed and allowed.startswith("error: record[0]")


def test_an_empty_or_cut_map_file_is_a_map_error_not_avenia(tmp_path):
    # The bundled maps were interned with an empty text, so an empty file was Avenia.
    whole = (MAPS / "map_avenia.txt").read_text()
    for name, text in [("empty.txt", ""), ("cut.txt", whole[:200])]:
        path = tmp_path / name
        path.write_text(text)
        line = bad("new", "--game", "merchant-explorers", "--map", path)
        assert line.startswith(f"error: map: map {name}:"), line
    line = bad("new", "--game", "merchant-explorers", "--map", "/dev/null")
    assert line == "error: map: map null:0: not a regular file"


def test_a_deeply_nested_line_is_an_error_naming_the_line(tmp_path):
    deep = tmp_path / "deep.jsonl"
    deep.write_text("[" * 100_000 + "\n")
    message = "not JSON this reader takes: nested too deeply"
    assert bad("puzzles", deep) == f"error: deep.jsonl:1: {message}"
    assert bad("replay", deep) == f"error: record[0]: {message}"


def test_a_long_legal_output_name_is_written(tmp_path):
    # 250 bytes is a legal name; the temporary name once added a suffix past 255.
    name = "n" * 245 + ".toml"
    ok("new", "-o", tmp_path / name)
    records = tmp_path / ("r" * 244 + ".jsonl")
    ok("arena", "-b", "random", "-g", "1", "--record", records)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([name, records.name])
