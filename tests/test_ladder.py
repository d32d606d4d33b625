"""scripts/ladder.py and scripts/solo_strength.py: the Elo fit recovers known ratings, the
pairwise results of multi-player games, and both scripts resume from their results file
without playing a game twice."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPTS = Path(__file__).resolve().parent.parent / "scripts"
sys.path.insert(0, str(SCRIPTS))

import bot_names  # noqa: E402
import ladder  # noqa: E402
import sitting  # noqa: E402
import solo_strength  # noqa: E402


def elo_of(p: float) -> float:
    return 400 * math.log10(p / (1 - p))


def test_the_fit_recovers_the_ratings_of_a_chain():
    # greedy beats random 90% and loses 24% to ismcts, over many games each.
    n = 10_000
    totals = {("greedy", "random"): [0.9 * n, n], ("greedy", "ismcts"): [0.24 * n, n]}
    ratings = ladder.fit(totals, ["random", "greedy", "ismcts"])
    assert ratings["greedy"][0] == 0
    assert ratings["random"][0] == pytest.approx(-elo_of(0.9), abs=2)
    assert ratings["ismcts"][0] == pytest.approx(elo_of(0.76), abs=2)
    # The intervals shrink with the games: 10,000 games pin a rating to about +-10 Elo.
    assert 0 < ratings["ismcts"][1] < 15
    few = ladder.fit({("greedy", "ismcts"): [24, 100]}, ["greedy", "ismcts"])
    assert few["ismcts"][1] > 5 * ratings["ismcts"][1]


def test_a_pairs_score_interval_is_wilsons():
    # Newcombe (1998), table I, as the arena's own test; then a half point (a draw).
    assert ladder.score_interval(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert ladder.score_interval(15, 148) == pytest.approx((0.0624, 0.1605), abs=1e-4)
    assert (
        ladder.score_interval(0, 40)[0] == 0.0
        and ladder.score_interval(40, 40)[1] == 1.0
    )
    low, high = ladder.score_interval(100.5, 200)
    assert low < 0.5025 < high and high - low == pytest.approx(0.138, abs=0.002)


def test_a_clean_sweep_gets_a_finite_rating():
    ratings = ladder.fit({("greedy", "random"): [40, 40]}, ["random", "greedy"])
    assert -2000 < ratings["random"][0] < -400
    assert math.isfinite(ratings["random"][1])


def test_a_multiplayer_game_gives_the_orderings_between_different_bots():
    record = {"bots": ["a", "b", "a", "b"], "scores": [10, 7, 7, 12]}
    assert ladder.pairwise(record) == [
        ("a", "b", 1.0, 3.0),
        ("a", "b", 0.0, -2.0),
        ("b", "a", 0.5, 0.0),
        ("a", "b", 0.0, -5.0),
    ]


def test_the_margins_are_the_first_bots_by_sorted_name_and_old_rows_have_none():
    rows = [
        {"results": [["b", "a", 1.0], ["a", "b", 0.0]], "margins": [4.0, -2.0]},
        {"results": [["a", "b", 1.0]]},  # written before margins were kept
    ]
    assert ladder.margins(rows) == {("a", "b"): [-4.0, -2.0]}
    mean, half = ladder.mean_interval([-4.0, -2.0])
    assert mean == -3.0 and half == pytest.approx(1.96 * math.sqrt(2.0 / 2))
    assert ladder.mean_interval([5.0]) == (5.0, math.inf)
    table = ladder.margin_table({("a", "b"): [-4.0, -2.0]})
    assert "| `a` v `b` | -3.00 | -4.96 to -1.04 | 2 |" in table


def test_missing_ranges_cover_what_is_not_done_in_chunks():
    assert solo_strength.missing_ranges([], 5, 2) == [(0, 2), (2, 2), (4, 1)]
    assert solo_strength.missing_ranges([1, 2, 5], 7, 4) == [(0, 1), (3, 2), (6, 1)]
    assert solo_strength.missing_ranges(range(4), 4, 3) == []


def test_the_default_maps_are_the_games_bundled_maps():
    assert solo_strength.default_maps("merchant-explorers")[:2] == ["avenia", "aghon"]
    assert len(solo_strength.default_maps("merchant-explorers")) == 6
    assert solo_strength.default_maps("golem-cranio") == ["-"]


def solo_game(map_id: str, bot: str, index: int, score: int, won: bool) -> dict:
    return {
        "game": "merchant-explorers",
        "map": map_id,
        "bot": bot,
        "seed": 1,
        "index": index,
        "score": score,
        "won": won,
        "finished": True,
    }


def test_the_paired_table_compares_deal_by_deal():
    # b scores 2 more than a on every deal of one map and 4 more on the other, except one
    # deal of a that b never played (left out) and one deal b lost.
    rows = [solo_game("kazan", "a", i, 100 + 10 * i, False) for i in range(4)]
    rows += [solo_game("kazan", "b", i, 102 + 10 * i, i == 0) for i in range(3)]
    rows += [solo_game("aghon", "a", i, 90 - i, True) for i in range(2)]
    rows += [solo_game("aghon", "b", i, 94 - i, False) for i in range(2)]
    games = {solo_strength.key_of(row): row for row in rows}
    text = solo_strength.paired_table(
        "merchant-explorers", ["kazan", "aghon"], ["a", "b"], 1, games
    )
    lines = text.splitlines()
    assert "score minus `a`" in lines[0]
    # Every difference equal: the interval has no width.
    assert lines[2] == (
        "| kazan | `b` | 3 | +2.00 | +2.00 to +2.00 | 3 / 0 / 0 | +33.3 points |"
    )
    assert lines[3].startswith(
        "| aghon | `b` | 2 | +4.00 | +4.00 to +4.00 | 2 / 0 / 0 |"
    )
    assert "-100.0 points" in lines[3]
    pooled = lines[4]
    assert pooled.startswith("| all maps | `b` | 5 | +2.80 | ")
    low, high = pooled.split("|")[5].split(" to ")
    assert float(low) < 2.8 < float(high)
    assert "-20.0 points" in pooled


def test_the_table_without_greedy_anchors_the_first_rung():
    totals = {("a", "b"): [60.0, 100.0]}
    text = ladder.table(ladder.fit(totals, ["a", "b"]), totals)
    assert "| `a` | +0 | anchor |" in text and "| `b` | -" in text


def run_script(name: str, *args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, str(SCRIPTS / name), *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=300,
    )


def table_rows(stdout: str) -> list[str]:
    return [line for line in stdout.splitlines() if line.startswith("| avenia")]


def test_the_solo_table_resumes_and_extends_without_replaying(tmp_path):
    results = tmp_path / "solo.jsonl"
    common = ["--maps", "avenia", "--bots", "greedy", "--threads", "1"]
    first = run_script(
        "solo_strength.py",
        *common,
        "--games",
        "3",
        "--results",
        str(results),
        cwd=tmp_path,
    )
    assert first.returncode == 0, first.stderr
    assert len(results.read_text().splitlines()) == 3
    # A torn line (an interrupted write) is skipped with a warning, not fatal.
    with results.open("a") as out:
        out.write('{"game": "merch')
    more = run_script(
        "solo_strength.py",
        *common,
        "--games",
        "5",
        "--results",
        str(results),
        cwd=tmp_path,
    )
    assert more.returncode == 0, more.stderr
    assert "not a game line, ignored" in more.stderr
    assert "games 3-4 done" in more.stderr and "games 0-" not in more.stderr
    games = [json.loads(line) for line in results.read_text().splitlines()[:3]]
    games += [json.loads(line) for line in results.read_text().splitlines()[4:]]
    assert sorted(g["index"] for g in games) == [0, 1, 2, 3, 4]
    # Five games resumed are the five games of one run: greedy draws from the seed only.
    whole = run_script(
        "solo_strength.py",
        *common,
        "--games",
        "5",
        "--results",
        str(tmp_path / "whole.jsonl"),
        cwd=tmp_path,
    )
    assert (
        table_rows(more.stdout)[0].split("|")[:6]
        == (table_rows(whole.stdout)[0].split("|")[:6])
    )
    assert "| avenia | `greedy` | 5 |" in more.stdout
    assert "all three objectives" in more.stdout


def test_the_one_player_ladder_is_the_solo_table(tmp_path):
    done = run_script(
        "ladder.py",
        "--game",
        "golem-cranio",
        "--players",
        "1",
        "--bots",
        "random",
        "greedy",
        "--games",
        "2",
        "--threads",
        "1",
        "--results",
        str(tmp_path / "l.jsonl"),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert (
        "| - | `random` | 2 |" in done.stdout and "| - | `greedy` | 2 |" in done.stdout
    )
    assert "all three objectives" not in done.stdout  # Golem has no solo win
    assert "Paired by deal" not in done.stdout  # only when asked


def test_the_paired_table_is_printed_when_asked(tmp_path):
    done = run_script(
        "solo_strength.py",
        *["--maps", "avenia", "--bots", "random", "greedy", "--games", "3"],
        *["--threads", "1", "--paired", "--results", str(tmp_path / "p.jsonl")],
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    paired = done.stdout.split("Paired by deal, against `random`:")[1]
    # Greedy outscores random on every deal (about 50 coins to 15, see strength.md).
    assert "| avenia | `greedy` | 3 | +" in paired and "| 3 / 0 / 0 |" in paired


@pytest.mark.parametrize(
    "script, args, line",
    [
        (
            "ladder.py",
            ["--game", "century-golem", "--players", "1"],
            "error: players: 1 is outside 2–5",
        ),
        (
            "solo_strength.py",
            ["--game", "golem-cranio", "--maps", "kazan"],
            "error: maps: golem-cranio has no maps",
        ),
    ],
)
def test_a_game_without_a_solo_table_is_one_error_line(tmp_path, script, args, line):
    done = run_script(script, *args, cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == line
    assert not list(tmp_path.iterdir())  # no results file is made


def test_the_two_player_ladder_resumes_without_replaying(tmp_path):
    results = tmp_path / "ladder.jsonl"
    args = ["--game", "century-golem", "--bots", "random", "greedy", "--games", "2"]
    args += ["--chunk", "2", "--threads", "1", "--results", str(results)]
    first = run_script("ladder.py", *args, cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert "| `greedy` v `random` | 2 (100.0%) | 34.2-100.0% | 2 |" in first.stdout
    (row,) = [json.loads(line) for line in results.read_text().splitlines()]
    assert len(row["margins"]) == 2 and all(
        (m > 0) == (p == 1.0) for (_, _, p), m in zip(row["results"], row["margins"])
    )
    assert "points margin of the first" in first.stdout
    again = run_script("ladder.py", *args, cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert len(results.read_text().splitlines()) == 1
    assert "chunk" not in again.stderr  # nothing was played again
    assert table_rows(again.stdout) == table_rows(first.stdout)


def test_rows_from_before_the_shared_tree_default_are_read_by_todays_names(tmp_path):
    # Before, `threads=2` alone was a tree per thread and `parallel=tree` the shared tree;
    # rows of version 1 also predate the exploration default (below).
    old, now = (
        "ismcts:movetime=10,threads=2",
        "ismcts:movetime=10,exploration=0.3,threads=2,parallel=root",
    )
    shared = "ismcts:threads=2,parallel=tree,movetime=10"
    assert bot_names.current_name(old, 1) == now
    assert (
        bot_names.current_name(shared, 1)
        == "ismcts:exploration=0.3,threads=2,movetime=10"
    )
    assert bot_names.current_name(now, 1) == now
    for unchanged in [
        "ismcts:movetime=10,exploration=0.3",
        "alphabeta:threads=2",
        "greedy",
    ]:
        assert bot_names.current_name(unchanged, 1) == unchanged
    assert bot_names.current_name(old, bot_names.NAMES_VERSION) == old

    row = {"game": "century-golem", "players": 2, "chunk": 0, "stopped": False}
    results = tmp_path / "old.jsonl"
    lines = [
        {**row, "pair": ["greedy", old], "results": [["greedy", old, 0.0]]},
        {**row, "pair": ["greedy", old], "results": [[old, "greedy", 1.0]], "names": 3},
    ]
    results.write_text("".join(json.dumps(line) + "\n" for line in lines))
    first, second = ladder.read_results(str(results), "century-golem", 2)
    assert first["pair"] == ["greedy", now] and first["results"] == [
        ["greedy", now, 0.0]
    ]
    assert second["pair"] == ["greedy", old]  # written under today's names already


def test_an_old_name_gets_its_exploration_where_the_core_names_it():
    # The core's canonical name of a bot with every ISMCTS option away from its default,
    # the options given in a scrambled order; without its exploration it is a version-2
    # name, and reading it back puts the exploration where the core does.
    from golem_solver.arena import run

    scrambled = (
        "ismcts:eval=hand,chance=branch,parallel=root,threads=2,solo=win,decisive=off,"
        "widening_exponent=0.7,widening=3,prior=0.5,margin=0.5,scale=5,reward=graded,"
        "exploration=0.3,cutoff=4,rollout=random,variant=mo,iterations=3"
    )
    report = run([scrambled, "random"], game="merchant-explorers", games=1)
    canonical = report["bots"][0]["bot"]
    options = canonical.partition(":")[2].split(",")
    keys = [o.split("=")[0] for o in options]
    after = keys[keys.index("exploration") + 1 :]
    assert set(after) == bot_names.AFTER_EXPLORATION, canonical
    old = ",".join(o for o in options if o != "exploration=0.3")
    assert bot_names.current_name("ismcts:" + old, 2) == canonical


def test_rows_from_before_the_exploration_default_are_read_by_todays_names(tmp_path):
    # Before, no `exploration` meant 0.3, and 0.1 (today's default) was spelled out.
    cases = {
        "ismcts": "ismcts:exploration=0.3",
        "ismcts:movetime=100": "ismcts:movetime=100,exploration=0.3",
        "ismcts:iterations=4000,cutoff=16": "ismcts:iterations=4000,cutoff=16,exploration=0.3",
        # Put back where a canonical name has it: before the options listed after it.
        "ismcts:movetime=100,threads=2,parallel=root": (
            "ismcts:movetime=100,exploration=0.3,threads=2,parallel=root"
        ),
        "ismcts:iterations=400,exploration=0.1": "ismcts:iterations=400",
        "ismcts:iterations=400,exploration=0.10,cutoff=4": "ismcts:iterations=400,cutoff=4",
        "ismcts:iterations=400,exploration=0.03": "ismcts:iterations=400,exploration=0.03",
        "ismcts:exploration=x": "ismcts:exploration=x",
        "alphabeta:depth=3": "alphabeta:depth=3",
    }
    for old, now in cases.items():
        assert bot_names.current_name(old, 2) == now, old
        assert bot_names.current_name(old, 3) == old

    row = {"game": "century-golem", "players": 2, "chunk": 0, "stopped": False}
    results = tmp_path / "old.jsonl"
    short, tuned = "ismcts:iterations=400", "ismcts:iterations=400,exploration=0.1"
    line = {**row, "pair": [short, tuned], "results": [[short, tuned, 0.0]], "names": 2}
    results.write_text(json.dumps(line) + "\n")
    (read,) = ladder.read_results(str(results), "century-golem", 2)
    old_default = "ismcts:iterations=400,exploration=0.3"
    assert read["pair"] == [old_default, short]
    assert read["results"] == [[old_default, short, 0.0]]


def test_solo_games_from_before_the_shared_tree_default_are_read_by_todays_names(
    tmp_path,
):
    old = {"game": "golem-cranio", "map": "-", "seed": 1, "index": 0, "score": 80}
    lines = [
        {**old, "bot": "ismcts:movetime=100,threads=2"},
        {**old, "bot": "ismcts:movetime=100,threads=2", "names": 2},
        {**old, "bot": "ismcts:movetime=100,threads=2", "names": 3},
    ]
    results = tmp_path / "solo.jsonl"
    results.write_text("".join(json.dumps(line) + "\n" for line in lines))
    bots = sorted(key[2] for key in solo_strength.read_results(str(results)))
    assert bots == [
        "ismcts:movetime=100,exploration=0.3,threads=2",
        "ismcts:movetime=100,exploration=0.3,threads=2,parallel=root",
        "ismcts:movetime=100,threads=2",
    ]


def test_a_new_row_says_which_names_it_uses(tmp_path):
    results = tmp_path / "ladder.jsonl"
    args = ["--game", "century-golem", "--bots", "random", "greedy", "--games", "1"]
    args += ["--threads", "1", "--results", str(results)]
    done = run_script("ladder.py", *args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(results.read_text())["names"] == bot_names.NAMES_VERSION


def test_an_included_results_file_joins_the_fit_and_is_not_written(tmp_path):
    game = ["--game", "century-golem", "--games", "2", "--chunk", "2", "--threads", "1"]
    other = tmp_path / "other.jsonl"
    game_to_other = [*game, "--results", str(other)]
    made = run_script(
        "ladder.py", *game_to_other, "--bots", "greedy", "random", cwd=tmp_path
    )
    assert made.returncode == 0, made.stderr
    before = other.read_text()
    own = tmp_path / "own.jsonl"
    args = [*game, "--bots", "random", "greedy", "alphabeta:depth=1", "--pairs", "all"]
    args += ["--results", str(own), "--include", str(other)]
    both = run_script("ladder.py", *args, cwd=tmp_path)
    assert both.returncode == 0, both.stderr
    assert other.read_text() == before
    # Own pairs: random-greedy, random-ab1, greedy-ab1; the other file adds greedy-random.
    assert len(own.read_text().splitlines()) == 3
    assert "| `greedy` v `random` | 4 (100.0%) |" in both.stdout
    assert f"(and 1 chunk of {other})" in both.stdout


def test_an_include_that_is_missing_or_the_results_file_is_one_error_line(tmp_path):
    results = tmp_path / "own.jsonl"
    results.write_text("")
    args = ["--game", "century-golem", "--bots", "random", "greedy", "--games", "2"]
    args += ["--results", str(results), "--include"]
    missing = run_script("ladder.py", *args, str(tmp_path / "none.jsonl"), cwd=tmp_path)
    assert missing.returncode == 2
    assert (
        missing.stderr == f"error: include: {tmp_path / 'none.jsonl'}: no such file\n"
    )
    itself = run_script("ladder.py", *args, str(results), cwd=tmp_path)
    assert itself.returncode == 2
    assert itself.stderr.startswith(f"error: include: {results}: is the results file")
    assert results.read_text() == ""  # nothing was played


def test_a_pair_is_decided_only_by_a_clean_sweep_of_enough_games():
    def row(results):
        return {"pair": ["greedy", "random"], "results": results}

    sweep = [row([("greedy", "random", 1.0), ("random", "greedy", 0.0)])]
    assert ladder.swept(sweep, "greedy", "random", 2)
    assert not ladder.swept(sweep, "greedy", "random", 3)  # too few games yet
    assert not ladder.swept(sweep, "greedy", "random", 0)  # never
    assert not ladder.swept(sweep, "random", "greedy", 2)  # another pair's games
    lost_one = sweep + [row([("random", "greedy", 1.0)])]
    assert not ladder.swept(lost_one, "greedy", "random", 2)
    drawn = sweep + [row([("greedy", "random", 0.5)])]
    assert not ladder.swept(drawn, "greedy", "random", 2)
    all_lost = [row([("greedy", "random", 0.0), ("random", "greedy", 1.0)])]
    assert ladder.swept(all_lost, "greedy", "random", 2)


def test_a_swept_pair_plays_no_further_chunks(tmp_path):
    results = tmp_path / "ladder.jsonl"
    won = [["greedy", "random", 1.0], ["random", "greedy", 0.0]]
    first = {"game": "century-golem", "players": 2, "pair": ["random", "greedy"]}
    first |= {"chunk": 0, "seed": 1, "games": 2, "stopped": False, "unfinished": 0}
    first |= {"results": won, "seconds": 1.0}
    results.write_text(json.dumps(first) + "\n")
    args = ["--game", "century-golem", "--bots", "random", "greedy", "--games", "6"]
    args += ["--chunk", "2", "--threads", "1", "--decided", "2"]
    run = run_script("ladder.py", *args, "--results", str(results), cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "pair stopped" in run.stderr
    assert len(results.read_text().splitlines()) == 1  # nothing more was played


def test_two_specs_of_one_bot_are_one_error_line_and_no_row(tmp_path):
    results = tmp_path / "ladder.jsonl"
    # `chance=merge` is the default: both specs are `ismcts:iterations=5`.
    bots = ["ismcts:iterations=5", "ismcts:iterations=5,chance=merge"]
    args = ["--game", "century-golem", "--bots", *bots, "--games", "2"]
    args += ["--chunk", "2", "--threads", "1", "--results", str(results)]
    run = run_script("ladder.py", *args, cwd=tmp_path)
    assert run.returncode == 2
    assert run.stderr.splitlines()[-1] == (
        f"error: bots: {bots[0]} and {bots[1]} are the same bot (ismcts:iterations=5)"
    )
    assert not results.exists()


def test_the_paired_table_notes_rungs_played_by_different_engines():
    rows = [solo_game("kazan", "a", i, 100, False) for i in range(3)]
    rows += [
        {**solo_game("kazan", "b", i, 101, False), "engine": "abc"} for i in range(3)
    ]
    rows += [
        {**solo_game("kazan", "c", i, 99, False), "engine": None} for i in range(3)
    ]
    games = {solo_strength.key_of(row): row for row in rows}
    text = solo_strength.paired_table(
        "merchant-explorers", ["kazan"], ["a", "b", "c"], 1, games
    )
    # Old rows (no engine) against new ones: noted; two unrecorded sides: nothing to say.
    assert (
        "note: `b` (abc) and `a` (unrecorded) were played by different engines" in text
    )
    assert "note: `c`" not in text
    same = {
        key: {**row, "engine": "abc"} for key, row in games.items() if row["bot"] != "c"
    }
    quiet = solo_strength.paired_table(
        "merchant-explorers", ["kazan"], ["a", "b"], 1, same
    )
    assert "note:" not in quiet


def test_rows_record_the_sitting_they_were_played_in(tmp_path):
    results = tmp_path / "solo.jsonl"
    done = run_script(
        "solo_strength.py",
        "--game",
        "golem-cranio",
        "--bots",
        "greedy",
        "--games",
        "2",
        "--threads",
        "1",
        "--results",
        str(results),
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in results.read_text().splitlines()]
    assert {row["engine"] for row in rows} == {sitting.engine()}
    assert all(row["load"] is None or row["load"] >= 0 for row in rows)


def test_the_engine_is_the_last_commit_to_the_engines_files(tmp_path):
    def git(*args: str) -> str:
        return subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@t", *args],
            cwd=tmp_path,
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()

    def engine() -> str:
        sitting.engine.cache_clear()
        return sitting.engine(tmp_path)

    git("init", "-q")
    (tmp_path / "rust").mkdir()
    (tmp_path / "rust" / "lib.rs").write_text("fn a() {}\n")
    git("add", ".")
    git("commit", "-q", "-m", "engine")
    first = git("log", "-1", "--format=%h", "--abbrev=12")
    assert engine() == first
    # Results and docs committed between sittings leave the engine as it was.
    (tmp_path / "docs.md").write_text("figures\n")
    git("add", ".")
    git("commit", "-q", "-m", "docs")
    assert engine() == first
    (tmp_path / "rust" / "lib.rs").write_text("fn b() {}\n")
    assert engine() == first + "+dirty"
    sitting.engine.cache_clear()
    assert sitting.engine(tmp_path / "nowhere") is None
    sitting.engine.cache_clear()


def test_the_first_rung_can_come_from_another_sittings_file():
    # The same bot in two files: the replay (results) against the old row (base).
    old = {
        solo_strength.key_of(row): row
        for row in (solo_game("kazan", "a", i, 100, False) for i in range(3))
    }
    new = {
        solo_strength.key_of(row): row
        for row in (solo_game("kazan", "a", i, 103, False) for i in range(3))
    }
    text = solo_strength.paired_table(
        "merchant-explorers", ["kazan"], ["a", "a"], 1, new, old
    )
    assert "| kazan | `a` | 3 | +3.00 | +3.00 to +3.00 | 3 / 0 / 0 |" in text
