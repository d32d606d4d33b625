"""The `golem-solve` command line: each command through Typer's test runner, and the
installed entry point through a subprocess."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import golem_solver
from golem_solver import Century
from golem_solver.cli import app

from conftest import EXAMPLES, MIDGAME, hide_decks

JSON_LAST_LINE = re.compile(
    r'^\{"depth": (\d+), "nodes": (\d+), "seconds": ([0-9.e+-]+)\}$'
)


def make_runner() -> CliRunner:
    try:  # click < 8.2 mixes stderr into stdout unless told not to
        return CliRunner(mix_stderr=False)  # type: ignore[call-arg]
    except TypeError:
        return CliRunner()


def run(*args: str, input: str | None = None):
    return make_runner().invoke(app, [str(a) for a in args], input=input)


def ok(*args: str, input: str | None = None) -> str:
    result = run(*args, input=input)
    assert result.exit_code == 0, (result.stdout, result.stderr, result.exception)
    return result.stdout


def bad(*args: str, input: str | None = None) -> str:
    """Runs a command that must fail on bad input: exit 2, one `error:` line, no traceback."""
    result = run(*args, input=input)
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return lines[0]


# ---- new -------------------------------------------------------------------------------


def test_new_to_stdout():
    text = ok("new", "--players", "3", "--seed", "4")
    state = Century.from_toml(text)
    assert state == Century.new(3, 4)
    assert state.merchant_deck is not None and "deck = [" in text


def test_new_to_file_and_force(tmp_path):
    out = tmp_path / "start.toml"
    assert ok("new", "--players", "2", "--seed", "1", "-o", out) == ""
    assert Century.load(out) == Century.new(2, 1)
    line = bad("new", "--seed", "2", "-o", out)
    assert str(out) in line and "--force" in line
    assert Century.load(out) == Century.new(2, 1)
    ok("new", "--seed", "2", "-o", out, "--force")
    assert Century.load(out) == Century.new(2, 2)


def test_new_bad_player_count():
    assert bad("new", "--players", "7").startswith("error: players: ")


# ---- show ------------------------------------------------------------------------------


def test_show_board():
    out = ok("show", MIDGAME)
    assert "Seat 0 to move." in out
    assert "Seat 0 (to move): score 2" in out
    assert "Seat 1: score 12" in out
    assert "Last round: not yet" in out
    assert re.search(r"coin\s+gold x3\s+silver x4", out)
    assert re.search(r"golem\s+pppp\s+gggbb", out)
    assert re.search(r"card\s+p>bb\s+b>yyyyg", out)
    assert re.search(r"crystals\s+y\s+g\s+-", out)
    assert "order known" in out and "order hidden" not in out
    assert re.search(r"caravan\s+ygg\s+\(3/10\)", out)
    assert re.search(r"golems\s+yygg\s+\(1 golem, 6 points\)", out)
    assert "gold 1, silver 0" in out


def test_show_hidden_decks_from_stdin():
    out = ok("show", "-", input=hide_decks(MIDGAME.read_text()))
    assert out.count("order hidden") == 2


def test_show_finished_game(tmp_path):
    state = Century.load(MIDGAME)
    rng = random.Random(0)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    path = tmp_path / "end.toml"
    state.save(path)
    out = ok("show", path)
    assert f"Game over: seat {state.winner()} wins" in out
    assert "Last round: ON" in out
    assert f"Seat {state.winner()} (winner)" in out


# ---- moves -----------------------------------------------------------------------------


def test_moves_lines_and_json():
    expected = Century.load(MIDGAME).legal_action_texts()
    assert ok("moves", MIDGAME).splitlines() == expected
    assert json.loads(ok("moves", MIDGAME, "--json")) == expected


# ---- perft -----------------------------------------------------------------------------


def test_perft_json_last_line():
    out = ok("perft", MIDGAME, "--depth", "2", "--json")
    last = out.splitlines()[-1]
    match = JSON_LAST_LINE.match(last)
    assert match, last
    data = json.loads(last)
    assert list(data) == ["depth", "nodes", "seconds"]
    assert data["depth"] == 2
    assert data["nodes"] == Century.load(MIDGAME).perft(2)
    assert isinstance(data["seconds"], float) and data["seconds"] >= 0


def test_perft_plain():
    nodes = Century.load(MIDGAME).perft(3)
    out = ok("perft", MIDGAME, "-d", "3")
    assert f"perft(3) = {nodes}" in out


def test_perft_divide():
    state = Century.load(MIDGAME)
    out = ok("perft", MIDGAME, "--depth", "2", "--divide", "--json")
    lines = out.splitlines()
    data = json.loads(lines[-1])
    moves = lines[:-1]
    assert [m.rsplit(": ", 1)[0] for m in moves] == state.legal_action_texts()
    counts = [int(m.rsplit(": ", 1)[1]) for m in moves]
    assert sum(counts) == data["nodes"] == state.perft(2)
    plain = ok("perft", MIDGAME, "--depth", "2", "--divide")
    assert plain.splitlines()[: len(moves)] == moves


def test_perft_needs_a_depth():
    result = run("perft", MIDGAME)
    assert result.exit_code == 2
    assert "Traceback" not in result.stderr


# ---- apply -----------------------------------------------------------------------------


def test_apply_prints_position():
    state = Century.load(MIDGAME)
    first = state.legal_action_texts()[0]
    state.apply(first)
    second = state.legal_action_texts()[-1]
    state.apply(second)
    out = ok("apply", MIDGAME, "--moves", f"{first}; {second}")
    assert Century.from_toml(out) == state


def test_apply_to_file(tmp_path):
    out = tmp_path / "after.toml"
    ok("apply", MIDGAME, "--moves", "rest", "-o", out)
    assert Century.load(out) == Century.load(MIDGAME).child("rest")
    assert str(out) in bad("apply", MIDGAME, "--moves", "rest", "-o", out)
    ok("apply", MIDGAME, "--moves", "rest;rest", "-o", out, "--force")
    assert Century.load(out) == Century.load(MIDGAME).child("rest").child("rest")


def test_apply_bad_move_names_it():
    line = bad("apply", MIDGAME, "--moves", "rest; claim pppp; rest")
    assert line.startswith("error: move 2 of 3 'claim pppp': ")
    assert "cannot afford" in line


def test_apply_pipeline_from_stdin():
    start = ok("new", "--seed", "5")
    out = ok("apply", "-", "--moves", "play +yy", input=start)
    assert Century.from_toml(out) == Century.new(2, 5).child("play +yy")


def test_apply_ending_on_a_chance_node():
    line = bad(
        "apply", "-", "--moves", "take p>bb", input=hide_decks(MIDGAME.read_text())
    )
    assert line.startswith("error: position: ")


# ---- errors ----------------------------------------------------------------------------


@pytest.mark.parametrize("command", [["show"], ["moves"], ["perft", "-d", "1"]])
def test_missing_file(command, tmp_path):
    missing = tmp_path / "missing.toml"
    line = bad(command[0], missing, *command[1:])
    assert line.startswith(f"error: {missing}: ")


def test_bad_toml(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text("this is [not toml")
    line = bad("show", path)
    assert line.startswith(f"error: {path}: not a TOML position (line 1, column ")


def test_invalid_position_names_field(tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(
        MIDGAME.read_text().replace('crystals = "ygg"', 'crystals = "yggz"')
    )
    line = bad("moves", path)
    assert line.startswith("error: player[0].crystals: ")


def test_directory_instead_of_file(tmp_path):
    assert bad("show", tmp_path).startswith(f"error: {tmp_path}: ")


# ---- the installed entry point ---------------------------------------------------------


def entry_point() -> str:
    beside = Path(sys.executable).with_name("golem-solve")
    found = str(beside) if beside.exists() else shutil.which("golem-solve")
    if not found:
        pytest.skip("golem-solve is not installed")
    return found


def test_installed_entry_point_perft_json():
    done = subprocess.run(
        [entry_point(), "perft", str(MIDGAME), "--depth", "2", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    last = done.stdout.splitlines()[-1]
    assert JSON_LAST_LINE.match(last), last
    assert json.loads(last)["nodes"] == Century.load(MIDGAME).perft(2)


def test_installed_entry_point_error():
    done = subprocess.run(
        [entry_point(), "apply", str(MIDGAME), "--moves", "take nothing"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("error: move 1 of 1 'take nothing': ")
    assert "Traceback" not in done.stderr and len(done.stderr.splitlines()) == 1


def test_output_cut_short_by_the_reader_is_not_an_error():
    """`golem-solve moves POS | head -1`: the closed pipe ends the command quietly."""
    import subprocess
    import sys
    from pathlib import Path

    wide = Path(__file__).parent / "perft" / "century" / "overflow-3p-hidden.toml"
    process = subprocess.Popen(
        [sys.executable, "-m", "golem_solver.cli", "moves", str(wide)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    process.stdout.readline()
    process.stdout.close()
    assert process.wait(timeout=30) == 0
    assert process.stderr.read() == b""


# ---- threads ---------------------------------------------------------------------------


def test_alphabeta_searches_with_threads():
    """`solve --threads` and `analyse --algo alphabeta --threads` share the root moves
    among threads: the same depth, a legal best move, every thread's nodes counted."""
    one = json.loads(
        ok("solve", MIDGAME, "--depth", "3", "--objective", "score", "--json")
    )
    two = json.loads(
        ok(
            "solve",
            MIDGAME,
            "--depth",
            "3",
            "--objective",
            "score",
            "--threads",
            "2",
            "--json",
        )
    )
    assert two["depth"] == one["depth"] == 3
    assert two["nodes"] > 0
    legal = Century.load(MIDGAME).legal_action_texts()
    assert two["best"] in legal
    viaanalyse = json.loads(
        ok(
            "analyse",
            MIDGAME,
            "--algo",
            "alphabeta",
            "--depth",
            "2",
            "--threads",
            "2",
            "--json",
        )
    )
    assert viaanalyse["best"] in legal
    assert bad("solve", MIDGAME, "--threads", "0").startswith("error: threads: ")


def test_version_prints_the_package_version():
    assert ok("--version").strip() == f"golem-solve {golem_solver.__version__}"


def test_every_help_writes_placeholders_in_one_style_and_ranges_in_words():
    import typer.main

    commands = typer.main.get_command(app).commands
    assert {"solve", "analyse", "arena", "new"} <= set(commands)
    for name in commands:
        out = ok(name, "--help")
        for raw in ("<bool>", "<int>", "<float>", "..=18446744073709551615"):
            assert raw not in out, (name, raw)
    assert "[1–128]" in ok("solve", "--help")
    wide = " ".join(ok("analyse", "--help").split())
    assert "[1 or more]" in wide  # --nodes: no bound worth writing
    # Rich markup would eat a bracketed word of a help text.
    assert "golem-solver[ray]" in "".join(ok("arena", "--help").split())


def test_a_cut_move_table_says_so_and_counts_read_as_words():
    from golem_solver.cli.report import plural

    out = ok("solve", MIDGAME, "--depth", "1")
    total = json.loads(ok("solve", MIDGAME, "--depth", "1", "--json").splitlines()[-1])
    shown = re.search(r"^(\d+) of (\d+) moves shown; --json for all$", out, re.M)
    assert shown, out
    assert int(shown.group(2)) == len(total["moves"]) > int(shown.group(1))
    assert "no forced win or loss found within 1 ply (unproven)" in out
    assert (plural(1, "ply", "plies"), plural(2, "ply", "plies")) == (
        "1 ply",
        "2 plies",
    )


def test_every_file_written_is_said_on_stderr(tmp_path):
    start, picture, record = (tmp_path / n for n in ("s.toml", "s.svg", "r.jsonl"))
    steps = [
        (["new", "--players", "2", "-o", start], start),
        (["show", start, "--svg", picture], picture),
        (
            [
                "arena",
                "--bot",
                "random",
                "--bot",
                "random",
                "--games",
                "2",
                "--record",
                record,
            ],
            record,
        ),
    ]
    for args, path in steps:
        result = run(*args)
        assert result.exit_code == 0, result.stderr
        assert result.stderr.strip().splitlines()[-1] == f"wrote {path}"
        assert path.exists()


def test_a_comma_between_moves_hints_at_the_semicolon():
    line = bad("apply", MIDGAME, "--moves", "rest, rest")
    assert line.endswith("(moves are separated by ';')")
    assert "separated" not in bad("apply", MIDGAME, "--moves", "frobnicate")


@pytest.mark.parametrize("example", sorted(EXAMPLES.glob("*.toml")), ids=str)
def test_show_ends_with_the_move_count_for_every_game(example):
    state = golem_solver.load(example)
    count = len(state.legal_actions())
    last = ok("show", example).rstrip().splitlines()[-1]
    assert re.fullmatch(r"\d+ (legal moves?|chance outcomes?)\.", last), last
    assert last.startswith(f"{count} ")
    assert (count == 1) == (not last.split()[-1].rstrip(".").endswith("s"))


def test_help_names_arguments_once_and_reflows_docstrings():
    """An argument is its placeholder alone (no ``<str>``; ``POS`` in the usage line, not
    Typer's ``{POS}``), every player range is given, and a command's help is the
    docstring's paragraphs reflowed, not its source line breaks."""
    out = ok("apply", "--help")
    assert "<str>" not in out and "{POS}" not in out
    assert re.search(r"Usage: golem-solve apply \[OPTIONS\] POS\b", out)
    players = " ".join(ok("new", "--help").split())
    for name, cls in golem_solver.GAMES.items():
        info = cls.INFO
        assert f"{name} {info['min_players']}–{info['max_players']}" in players
    for name in ("bench", "puzzles", "perft"):
        help_text = run(name, "--help").stdout
        for line in help_text.splitlines():
            # a source line break shows as a short line inside a paragraph
            assert not re.fullmatch(r" \S.{0,40}[a-z,]", line.rstrip()), (name, line)
    listing = ok("--help")
    assert "Exit status 1" not in listing  # the list shows a command's first sentence


def test_show_json_is_the_position_and_what_the_rules_derive():
    out = json.loads(ok("show", MIDGAME, "--json"))
    state = golem_solver.load(MIDGAME)
    assert out["game"] == state.game and out["players"] == state.players
    assert out["turn"] == "player" and out["to_move"] == state.current_player
    assert out["legal_moves"] == state.legal_action_texts()
    assert out["scores"] == state.scores() and out["winner"] is None
    assert out["position"]["game"] == "century-golem"
    golem = json.loads(ok("show", EXAMPLES / "golem-cranio-start.toml", "--json"))
    assert set(golem["components"]) == {"source", "sha256", "facts", "placeholders"}
    assert bad("show", MIDGAME, "--json", "--svg", "x.svg").startswith("error: json: ")


def test_a_move_at_a_chance_node_says_what_is_due(tmp_path):
    start = tmp_path / "s.toml"
    ok("new", "--game", "merchant-explorers", "--hide-decks", "-o", start)
    state = golem_solver.load(start)
    assert state.is_chance()
    first = state.chance_outcomes()[0][0]
    line = bad("apply", start, "--moves", "place c9r5")
    assert f"; a reveal is due: one of {first}, " in line
    assert line.endswith(f"({len(state.chance_outcomes())} outcomes; see `moves`)")


def test_a_position_on_a_map_file_moves_with_its_map(tmp_path):
    """A position records a custom map by id, file name and hash: it reads beside a copy
    of the map, with --map FILE, and is refused in one line without either."""
    made, moved = tmp_path / "made", tmp_path / "moved"
    made.mkdir()
    moved.mkdir()
    # The checkout's copy: CI imports the package from site-packages, not from here.
    data = Path(__file__).resolve().parents[1] / "rust" / "core" / "data"
    text = (data / "merchant_explorers" / "map_kazan.txt").read_text()
    (made / "mine.txt").write_text(text.replace("id: kazan", "id: kazan-mine", 1))
    position = made / "p.toml"
    ok(
        "new",
        "--game",
        "merchant-explorers",
        "--map",
        made / "mine.txt",
        "-o",
        position,
    )
    written = position.read_text()
    assert 'map = "kazan-mine"' in written and 'map_file = "mine.txt"' in written
    assert str(made) not in written
    (moved / "p.toml").write_text(written)
    # A fresh process: this one has the map loaded, which reading also accepts.
    fresh = subprocess.run(
        [sys.executable, "-m", "golem_solver.cli", "moves", moved / "p.toml"],
        capture_output=True,
        text=True,
    )
    assert fresh.returncode == 2 and fresh.stdout == "", fresh
    line = fresh.stderr.strip()
    assert line.startswith('error: map: map "kazan-mine" (sha256 ') and "--map" in line
    expected = ok("moves", position)
    assert ok("moves", moved / "p.toml", "--map", made / "mine.txt") == expected
    (moved / "mine.txt").write_text((made / "mine.txt").read_text())
    assert ok("moves", moved / "p.toml") == expected
