"""Game records (docs/records.md): the arena writes them, replay plays them back move by
move, annotate labels the decisions. Every generic test runs for every registered game."""

from __future__ import annotations

import dataclasses
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_cli import bad, ok, run
from test_reliability import files_in, interrupt, limited_run, one_error_line

from golem_solver import GAMES, GolemError
from golem_solver import arena as arena_api
from golem_solver.annotate import THRESHOLDS, annotate_game, decisions, label
from golem_solver.games import from_toml
from golem_solver.records import (
    read_records,
    record_from_dict,
    replay,
    steps,
    write_records,
)

CLI = [sys.executable, "-m", "golem_solver.cli"]
ALL_GAMES = sorted(GAMES)
EXAMPLE = Path(__file__).parent.parent / "examples" / "greedy-vs-random.jsonl"


def arena_records(game: str, games: int = 2, seed: int = 1, bots=("random", "random")):
    report = arena_api.run(list(bots), game=game, games=games, seed=seed, record=True)
    return arena_api.records_of(report)


def own_bot(game: str) -> str:
    """The game's own policy (greedy), or random for a game without one."""
    return (GAMES[game].POLICIES or ["random"])[0]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory) -> dict:
    """Per game: a record file written by `golem-solve arena --record` (random against
    the game's own policy, two games) and the arena's JSON report."""
    folder = tmp_path_factory.mktemp("records")
    out = {}
    for game in ALL_GAMES:
        path = folder / f"{game}.jsonl"
        report = ok(
            "arena", "--game", game, "-b", "random", "-b", own_bot(game), "-g", "2",
            "--seed", "5", "--record", path, "--json",
        )  # fmt: skip
        out[game] = (path, json.loads(report))
    return out


# ---- round trips -----------------------------------------------------------------------


@pytest.mark.parametrize("game", ALL_GAMES)
def test_arena_record_replays_to_the_same_final_scores(recorded, game):
    path, report = recorded[game]
    assert "records" not in report  # the file has them, not the report
    records = read_records(path)
    assert len(records) == 2
    again = arena_records(game, seed=5, bots=("random", own_bot(game)))
    assert records == again  # the same seed records the same games
    for index, record in enumerate(records):
        assert record.game == game
        assert sorted(record.bots) == sorted(["random", own_bot(game)])
        final = replay(record, index=index)
        assert final.scores() == record.scores
        assert final.is_terminal()
        # The CLI says the same, and an intermediate ply reads back as a position.
        summary = json.loads(ok("replay", path, "--game-index", index, "--json"))
        assert summary["scores"] == record.scores
        assert summary["ply"] == summary["moves"] == len(record.moves)
        # A ply from the middle whose position the game can write (Golem's states
        # inside a compound action have no text of their own: one error line).
        middle = len(record.moves) // 2
        while not writable(replay(record, middle, index=index)):
            assert bad("replay", path, "-g", index, "--ply", middle).startswith(
                "error: in_progress: the state is inside a compound action"
            )
            middle += 1
        text = ok("replay", path, "-g", index, "--ply", middle)
        assert text == replay(record, middle, index=index).to_toml()


def writable(state) -> bool:
    try:
        state.to_toml()
    except GolemError:
        return False
    return True


@pytest.mark.parametrize("game", ALL_GAMES)
def test_write_then_read_gives_the_same_records(tmp_path, game):
    records = arena_records(game, games=1)
    records[0].comments = [None] * len(records[0].moves)
    records[0].comments[0] = "an opening"
    path = tmp_path / "games.jsonl"
    write_records(path, records)
    assert read_records(path) == records
    assert len(path.read_text().splitlines()) == 1  # one game per line
    with pytest.raises(GolemError, match="file exists"):
        write_records(path, records)


def test_a_chance_outcome_is_a_move_of_the_record():
    # Some registered game has chance in the arena (e.g. tiles revealed); its outcomes
    # are recorded as moves in play order, which is what makes the replay exact.
    chance_moves = 0
    for game in ALL_GAMES:
        for record in arena_records(game, games=1):
            state = replay(record, 0)
            for text in record.moves:
                chance_moves += state.is_chance()
                state.apply(text)
    assert chance_moves > 0


# ---- validation ------------------------------------------------------------------------


def first_record(recorded, game) -> dict:
    path, _ = recorded[game]
    return json.loads(path.read_text().splitlines()[0])


@pytest.mark.parametrize("game", ALL_GAMES)
def test_an_illegal_move_is_named_by_game_index_and_ply(recorded, tmp_path, game):
    good = first_record(recorded, game)
    broken = dict(good, moves=list(good["moves"]))
    ply = len(broken["moves"]) // 3
    broken["moves"][ply] = "no such move"
    path = tmp_path / "broken.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(broken) + "\n")
    records = read_records(path)  # the structure is fine
    with pytest.raises(GolemError) as error:
        replay(records[1], index=1)
    assert error.value.field == f"record[1].moves[{ply}]"
    assert "'no such move'" in error.value.message
    line = bad("replay", path, "--game-index", 1)
    assert line.startswith(f"error: record[1].moves[{ply}]: 'no such move': ")
    # A legal-looking move played out of turn is refused the same way.
    swapped = dict(good, moves=list(good["moves"]))
    swapped["moves"][0], swapped["moves"][1] = swapped["moves"][1], swapped["moves"][0]
    if swapped["moves"] != good["moves"]:
        record = record_from_dict(swapped, 4)
        with pytest.raises(GolemError, match=r"record\[4\]\.moves\[[01]\]"):
            replay(record, index=4)


def test_wrong_scores_and_extra_moves_are_refused(recorded):
    good = first_record(recorded, ALL_GAMES[0])
    wrong = record_from_dict(dict(good, scores=[s + 1 for s in good["scores"]]), 2)
    with pytest.raises(GolemError, match=r"^record\[2\]\.scores: the record says"):
        replay(wrong, index=2)
    extra = record_from_dict(dict(good, moves=good["moves"] + ["rest"]), 0)
    with pytest.raises(GolemError, match="already over") as error:
        replay(extra)
    assert error.value.field == f"record[0].moves[{len(good['moves'])}]"


@pytest.mark.parametrize(
    "change, field, message",
    [
        (lambda r: r.pop("moves"), "record[1].moves", "missing"),
        (lambda r: r.update(game="chess"), "record[1].game", "'chess' is not a game"),
        (lambda r: r.update(moves="rest"), "record[1].moves", "must be a list"),
        (
            lambda r: r.update(moves=["rest", 3]),
            "record[1].moves[1]",
            "must be a string",
        ),
        (lambda r: r.update(scores=[1]), "record[1].scores", "1 scores for 2 seats"),
        (lambda r: r.update(scores=[1, True]), "record[1].scores", "list of integers"),
        (lambda r: r.update(bots=["a"]), "record[1].bots", "1 names for 2 seats"),
        (lambda r: r.update(comments=["x"]), "record[1].comments", "1 comments for"),
        (lambda r: r.update(colour="red"), "record[1].colour", "unknown field"),
        (lambda r: r.update(start="players = 2"), "record[1].start.game", ""),
    ],
)
def test_a_malformed_record_is_refused_with_its_field(
    recorded, tmp_path, change, field, message
):
    good = first_record(recorded, ALL_GAMES[0])
    broken = json.loads(json.dumps(good))
    change(broken)
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(good) + "\n" + json.dumps(broken) + "\n")
    with pytest.raises(GolemError) as error:
        read_records(path)
    assert error.value.field == field
    assert message in error.value.message
    assert bad("replay", path).startswith(f"error: {field}: ")


def test_a_line_that_is_not_a_record_is_refused(tmp_path):
    path = tmp_path / "bad.jsonl"
    for text, message in [
        ("{not json\n", "record[0]: not JSON"),
        ("[1, 2]\n", "record[0]: a record is a JSON object"),
        ("", "no records"),
    ]:
        path.write_text(text)
        assert message in bad("replay", path)
    other = GAMES[ALL_GAMES[1]]  # a start of another game than the record says
    record = arena_records(ALL_GAMES[0], games=1)[0].to_dict()
    record["start"] = other.new(2, 0).to_toml()
    path.write_text(json.dumps(record) + "\n")
    assert bad("replay", path).startswith("error: record[0].game: ")


# ---- the command line ------------------------------------------------------------------


def test_replay_cli_errors_are_one_line(recorded, tmp_path):
    path, _ = recorded[ALL_GAMES[0]]
    moves = len(read_records(path)[0].moves)
    assert bad("replay", path, "--ply", moves + 1).startswith("error: ply: ")
    assert bad("replay", path, "--ply", -1).startswith("error: ply: ")
    assert bad("replay", path, "-g", 2) == "error: game_index: 2 is outside 0–1"
    assert "no_such.jsonl" in bad("replay", tmp_path / "no_such.jsonl")
    out = tmp_path / "pos.toml"
    ok("replay", path, "-o", out)
    assert "file exists" in bad("replay", path, "-o", out)
    ok("replay", path, "-o", out, "--force", "--ply", 0)
    assert out.read_text() == replay(read_records(path)[0], 0).to_toml()


def test_arena_record_refuses_an_existing_file_before_playing(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text("mine\n")
    line = bad("arena", "-b", "random", "-g", "1", "--record", path)
    assert "file exists; use --force" in line
    assert path.read_text() == "mine\n"
    ok("arena", "-b", "random", "-g", "1", "--record", path, "--force")
    assert len(read_records(path)) == 1
    assert bad("arena", "-b", "random", "-g", "1", "--force") == (
        "error: force: only with --record"
    )


def test_record_never_leaves_a_half_written_file(tmp_path):
    path = tmp_path / "games.jsonl"
    args = [*CLI, "arena", "-b", "random", "-g", "4", "--record", str(path)]
    assert str(path) in one_error_line(limited_run(args, 3000))
    assert files_in(tmp_path) == []  # no partial or temporary file
    # Over an old file with --force: the old file survives a failed write.
    path.write_text("old\n")
    one_error_line(limited_run([*args, "--force"], 3000))
    assert path.read_text() == "old\n"
    assert files_in(tmp_path) == ["games.jsonl"]
    done = subprocess.run([*args, "--force"], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert len(read_records(path)) == 4


# ---- annotate --------------------------------------------------------------------------


def test_labels_follow_the_thresholds():
    assert [name for name, _ in THRESHOLDS] == ["blunder", "mistake", "inaccuracy"]
    assert label(0.0) is None and label(0.049) is None
    assert label(0.05) == "inaccuracy" and label(0.1) == "mistake"
    assert label(0.149) == "mistake"
    assert label(0.15) == "blunder" and label(0.9) == "blunder"


def check_label(note) -> None:
    expected = None
    for name, threshold in THRESHOLDS:  # largest first
        if note.loss >= threshold:
            expected = name
            break
    assert note.label == expected, note
    assert note.loss == round(max(0.0, note.best_value - note.played_value), 6)
    assert 0.0 <= note.played_value <= 1.0 and 0.0 <= note.best_value <= 1.0


def test_annotate_greedy_against_random_finds_randoms_blunders():
    # Seed 4: random's first move plays an upgrade card that upgrades nothing, a lost
    # turn worth about 0.17 of win chance at any budget (0.23 at 200 iterations).
    [record] = arena_records(
        "century-golem", games=1, seed=4, bots=("greedy", "random")
    )
    notes = annotate_game(record, iterations=200, seed=0)
    assert len(notes) == len(list(decisions(record)))
    random_seat = record.bots.index("random")
    blunders = [n for n in notes if n.player == random_seat and n.label == "blunder"]
    assert len(blunders) >= 1
    for note in notes:
        check_label(note)
        assert note.bot == record.bots[note.player]
        assert note.source in ("best", "root", "search")
        assert (note.played == note.best) == (note.source == "best")
    # Reproducible: the same seed and iterations, the same notes (times aside); checked
    # on the opening, where the searches are the longest.
    opening = dataclasses.replace(record, moves=record.moves[:16])
    again = annotate_game(opening, iterations=200, seed=0)
    strip = [dict(n.to_dict(), seconds=0) for n in notes[: len(again)]]
    assert len(again) >= 10
    assert strip == [dict(n.to_dict(), seconds=0) for n in again]


@pytest.mark.parametrize("game", ALL_GAMES)
def test_annotate_cli_json_is_one_object_per_decision(recorded, game):
    path, _ = recorded[game]
    record = read_records(path)[0]
    out = ok("annotate", path, "-g", 0, "--iterations", 30, "--json")
    notes = [json.loads(line) for line in out.splitlines()]
    assert [n["ply"] for n in notes] == [p for p, _, _ in decisions(record)]
    assert all(n["game_index"] == 0 for n in notes)
    table = ok("annotate", path, "-g", 0, "--iterations", 30)
    assert table.startswith(f"game 0: {game}")
    assert "decisions" in table.strip().splitlines()[-1]


def test_annotate_cli_errors_are_one_line(recorded, tmp_path, monkeypatch):
    path, _ = recorded[ALL_GAMES[0]]
    line = bad("annotate", path, "--iterations", 5, "--movetime", 5)
    assert line == "error: movetime: give either --iterations or --movetime"
    assert bad("annotate", path, "-g", 9).startswith("error: game_index: ")
    assert bad("annotate", path, "--iterations", 0).startswith("error: iterations: ")
    assert bad("annotate", path, "--movetime", 0) == (
        "error: movetime: must be at least 1 ms per decision"
    )
    # Without matplotlib, --plot says how to get it.
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    line = bad("annotate", path, "-g", 0, "--plot", tmp_path / "v.png")
    assert line == (
        'error: plot: matplotlib is not installed (pip install "golem-solver[plot]")'
    )
    assert files_in(tmp_path) == []


def test_annotate_plot(recorded, tmp_path):
    pytest.importorskip(
        "matplotlib", reason="the plot extra: pip install golem-solver[plot]"
    )
    path, _ = recorded[ALL_GAMES[0]]
    picture = tmp_path / "values.png"
    assert "one game at a time" in bad("annotate", path, "--plot", picture)
    ok("annotate", path, "-g", 1, "-i", 20, "--plot", picture)
    assert picture.read_bytes().startswith(b"\x89PNG")
    assert "file exists" in bad("annotate", path, "-g", 1, "--plot", picture)


def test_the_plot_keeps_every_label_inside_the_picture(recorded):
    pytest.importorskip(
        "matplotlib", reason="the plot extra: pip install golem-solver[plot]"
    )
    from matplotlib import pyplot

    from golem_solver.cli.records import plot_figure

    record = record_from_dict(first_record(recorded, ALL_GAMES[0]))
    notes = annotate_game(record, 0, iterations=20)
    figure = plot_figure(record, 0, notes)
    renderer = figure.canvas.get_renderer()
    frame = figure.bbox
    axes = figure.axes[0]
    for caption in (axes.yaxis.label, axes.xaxis.label, axes.title):
        box = caption.get_window_extent(renderer)
        assert frame.x0 <= box.x0 and box.x1 <= frame.x1, caption.get_text()
        assert frame.y0 <= box.y0 and box.y1 <= frame.y1, caption.get_text()
    pyplot.close(figure)


def test_annotate_of_a_bad_record_names_the_move(recorded, tmp_path):
    good = first_record(recorded, ALL_GAMES[0])
    good["moves"][3] = "rest rest"
    path = tmp_path / "bad.jsonl"
    path.write_text(json.dumps(good) + "\n")
    assert bad("annotate", path, "-i", 10).startswith("error: record[0].moves[3]: ")
    assert run("annotate", path, "-i", 10).stdout == ""
    good = first_record(recorded, ALL_GAMES[0])
    good["scores"] = [s + 1 for s in good["scores"]]
    path.write_text(json.dumps(good) + "\n")
    assert bad("annotate", path, "-i", 10).startswith("error: record[0].scores: ")


def test_record_paths_are_reported_as_given(tmp_path):
    missing = Path(tmp_path / "none.jsonl")
    assert str(missing) in bad("annotate", missing)


def test_ctrl_c_prints_the_decisions_annotated_so_far(recorded):
    path, _ = recorded[ALL_GAMES[0]]
    # A budget far beyond the wait: the interrupted search's note is dropped.
    args = ["annotate", str(path), "-g", "0", "--movetime", "300", "--json"]
    done = interrupt(args, 4.0)
    assert done.returncode == 130, done.stderr
    notes = [json.loads(line) for line in done.stdout.splitlines()]
    assert 1 <= len(notes) < len(list(decisions(read_records(path)[0])))
    assert done.stderr.startswith(f"annotate stopped after {len(notes)} of ")


def test_the_example_records_replay_and_every_ply_writes_back():
    records = read_records(EXAMPLE)
    # One greedy-against-random game of every game that has a greedy bot.
    with_greedy = [game for game in ALL_GAMES if "greedy" in GAMES[game].POLICIES]
    assert sorted(r.game for r in records) == with_greedy
    for index, record in enumerate(records):
        assert replay(record, index=index).is_terminal()
        # `replay -o` at any ply, chance nodes and the inside of a Golem compound action
        # included (written as its last state at rest and `in_progress`), writes a
        # position that reads back.
        for _, state, _ in steps(record, index):
            assert from_toml(state.to_toml()) == state


def test_a_restricted_analysis_values_only_the_move_given():
    from golem_solver import analyse

    for game in ALL_GAMES:
        state = GAMES[game].new(2, 0)
        while state.turn != "player":  # a decision to search
            state.apply(state.legal_action_texts()[0])
        moves = state.legal_action_texts()
        result = analyse(state, iterations=50, only=[moves[-1]])
        assert [m["move"] for m in result["moves"]] == [moves[-1]]
        assert result["best"] == moves[-1] and result["iterations"] == 50
        with pytest.raises(GolemError) as error:
            analyse(state, iterations=5, only=[moves[0], "no such move"])
        assert error.value.field == "only[1]"
        with pytest.raises(GolemError, match="at least one move"):
            analyse(state, iterations=5, only=[])


def test_ctrl_c_on_a_recording_arena_writes_the_games_finished(tmp_path):
    path = tmp_path / "games.jsonl"
    args = ["arena", "-b", "greedy", "-b", "random", "--games", "1000000"]
    done = interrupt([*args, "--record", path, "--json"], 3.0)
    assert done.returncode == 130, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    assert report["stopped"] is True and "records" not in report
    records = read_records(path)
    assert 0 < len(records) == report["played"]
    assert replay(records[-1], index=len(records) - 1).scores() == records[-1].scores


# ---- any input: a record or a GolemError, nothing else ------------------------------------

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)


@settings(max_examples=150, deadline=None)
@given(
    line=st.integers(0, 1),
    key=st.sampled_from(["game", "start", "moves", "scores", "bots", "comments", "x"]),
    value=JSON_VALUES,
    move=st.one_of(st.none(), st.tuples(st.integers(0, 300), st.text(max_size=30))),
)
def test_a_changed_record_reads_and_replays_or_is_refused(line, key, value, move):
    data = json.loads(EXAMPLE.read_text().splitlines()[line])
    data[key] = value
    if move is not None and isinstance(data.get("moves"), list) and data["moves"]:
        at, text = move
        data["moves"][at % len(data["moves"])] = text
    try:
        record = record_from_dict(data, line)
        replay(record, index=line)
    except GolemError as e:
        assert e.field.startswith((f"record[{line}]", "ply")), e
