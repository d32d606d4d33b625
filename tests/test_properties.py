"""Property tests (hypothesis): for random positions, moves and option values the only
outcomes are a result or a ``GolemError`` (API) / exit 0 or one ``error:`` line with
exit 2 (CLI) — never another exception, a traceback or a hang.

CI runs ``GOLEM_HYPOTHESIS_EXAMPLES`` examples per property (default 150; the CLI
properties a fifth of that, in-process). For a longer run:
``GOLEM_HYPOTHESIS_EXAMPLES=5000 pytest tests/test_properties.py``.
"""

from __future__ import annotations

import math
import os
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_cli import run

import golem_solver
from golem_solver import GolemError, arena

from conftest import ROOT

EXAMPLES = int(os.environ.get("GOLEM_HYPOTHESIS_EXAMPLES", "150"))
CLI_EXAMPLES = max(10, EXAMPLES // 5)
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
CLI_SETTINGS = settings(SETTINGS, max_examples=CLI_EXAMPLES)

SOURCES = sorted((ROOT / "tests" / "perft" / "century").glob("*.toml")) + sorted(
    (ROOT / "examples").glob("*.toml")
)
TEXTS = [p.read_text() for p in SOURCES]
PLAYABLE = [
    golem_solver.load(t)
    for t in TEXTS
    if golem_solver.load(t).turn == "player" and golem_solver.load(t).legal_actions()
]

NASTY = st.sampled_from(
    ["", "\x00", "\x1b[2J", "\r\nerror: forged", "\u2028", "\xff", "'", '"', "\\", "]]"]
)
NUMBERS = st.one_of(
    st.integers(-(10**30), 10**30),
    st.sampled_from([0, -1, 127, 128, 255, 256, 2**31, 2**32, 2**63, 2**64]),
)
#: Never a valid budget: below 1 or beyond 64 bits.
INVALID = st.one_of(st.integers(-(10**30), 0), st.integers(2**64, 10**30))


def small_or_invalid(high: int):
    return st.one_of(INVALID, st.integers(1, high))


@st.composite
def mutated_position(draw) -> str:
    """A valid position with a few random edits: lines deleted, duplicated, swapped or
    truncated; numbers replaced; strings replaced; junk inserted."""
    lines = draw(st.sampled_from(TEXTS)).split("\n")
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.integers(0, 6))
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[i])
        elif kind == 2:
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif kind == 3:
            lines[i] = re.sub(r"-?\d+", str(draw(NUMBERS)), lines[i], count=1)
        elif kind == 4:
            replacement = draw(st.one_of(NASTY, st.text(max_size=12)))
            quoted = '"' + replacement.replace("\\", "\\\\").replace('"', "") + '"'
            lines[i] = re.sub(r'"[^"]*"', lambda _, q=quoted: q, lines[i], count=1)
        elif kind == 5:
            lines[i] = lines[i][: draw(st.integers(0, len(lines[i])))]
        else:
            lines.insert(i, draw(st.text(max_size=30)))
        if not lines:
            lines = [""]
    return "\n".join(lines)


@SETTINGS
@given(mutated_position())
def test_a_mutated_position_loads_or_is_a_golem_error(text):
    try:
        state = golem_solver.games.from_toml(text)
    except GolemError as e:
        assert e.field and e.message
        return
    # Accepted: it must behave (write back, list moves, score).
    again = golem_solver.games.from_toml(state.to_toml())
    assert again == state and again.hash() == state.hash()
    state.legal_action_texts()
    state.scores()


@SETTINGS
@given(st.sampled_from(PLAYABLE), st.one_of(st.text(max_size=40), NASTY))
def test_a_random_move_text_applies_or_is_a_golem_error(state, text):
    here = state.clone()
    try:
        here.apply(text)
    except GolemError:
        assert here == state  # untouched
        return
    here.legal_action_texts()


# Valid values kept cheap (a node budget always bounds the search, and no table larger
# than 32 MiB is ever allocated); invalid values of every kind.
SOLVE_OPTIONS = {
    "depth": st.one_of(st.none(), INVALID, st.integers(1, 200)),
    "nodes": small_or_invalid(2000),
    "movetime_ms": st.one_of(st.none(), INVALID, st.integers(0, 300)),
    "hash_mb": st.one_of(
        st.integers(-(10**30), 0), st.integers(1, 32), st.integers(65537, 10**30)
    ),
    "objective": st.one_of(st.sampled_from(["win", "margin"]), NASTY),
}
ANALYSE_OPTIONS = {
    "iterations": st.one_of(st.none(), small_or_invalid(200)),
    "nodes": small_or_invalid(5000),
    "movetime_ms": st.one_of(st.none(), INVALID, st.integers(0, 300)),
    "threads": st.one_of(INVALID, st.integers(1, 300)),
    "seed": NUMBERS,
    "variant": st.one_of(st.sampled_from(["so", "mo"]), NASTY),
    "rollout": st.one_of(st.sampled_from(["random", "heuristic"]), NASTY),
    "epsilon": st.floats(allow_nan=True, allow_infinity=True),
    "cutoff": st.one_of(st.none(), small_or_invalid(2**40)),
    "exploration": st.floats(allow_nan=True, allow_infinity=True),
    "report_every": NUMBERS,
}


def bounded(nodes) -> bool:
    return isinstance(nodes, int) and 1 <= nodes <= 5000


@SETTINGS
@given(st.sampled_from(PLAYABLE), st.fixed_dictionaries(SOLVE_OPTIONS))
def test_solve_with_random_options_answers_or_is_a_golem_error(state, options):
    try:
        result = golem_solver.solve(state, **options)
    except GolemError as e:
        assert e.field and e.message
        return
    assert bounded(options["nodes"])
    assert result["pv_illegal"] is None


@SETTINGS
@given(st.sampled_from(PLAYABLE), st.fixed_dictionaries(ANALYSE_OPTIONS))
def test_analyse_with_random_options_answers_or_is_a_golem_error(state, options):
    try:
        result = golem_solver.analyse(state, **options)
    except GolemError as e:
        assert e.field and e.message
        return
    assert bounded(options["nodes"])
    assert math.isfinite(result["value"])


@SETTINGS
@given(
    st.lists(
        st.one_of(st.sampled_from(["random", "greedy", "alphabeta:depth=1"]), NASTY),
        min_size=0,
        max_size=3,
    ),
    st.one_of(
        st.integers(-(10**30), 0), st.integers(1, 8), st.integers(10**7 + 1, 10**30)
    ),
    st.one_of(st.none(), NUMBERS),
    NUMBERS,
)
def test_arena_with_random_options_answers_or_is_a_golem_error(
    bots, games, players, seed
):
    try:
        report = arena.run(bots, games=games, players=players, seed=seed, max_plies=20)
    except GolemError as e:
        assert e.field and e.message
        return
    assert 1 <= games <= 10_000_000
    assert report["played"] == report["games"]


# ---- the command line, in process ------------------------------------------------------

INT_OPTIONS = [
    ("solve", "--depth"),
    ("solve", "--nodes"),
    ("solve", "--movetime"),
    ("solve", "--hash"),
    ("analyse", "--iterations"),
    ("analyse", "--threads"),
    ("analyse", "--seed"),
    ("analyse", "--cutoff"),
    ("analyse", "--report-every"),
    ("perft", "--depth"),
    ("new", "--players"),
    ("new", "--seed"),
]
VALUES = st.one_of(
    NUMBERS.map(str), NASTY, st.text(max_size=10), st.sampled_from(["1e9", "-0", " 3"])
)


def clean(result) -> None:
    """Exit 0, or exit 2 with one `error:` line and nothing on stdout."""
    assert "Traceback" not in (result.stderr or "")
    if result.exit_code == 0:
        return
    assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "\x1b" not in lines[0] and "\r" not in lines[0]


def cheap(command: str, option: str, value: str) -> bool:
    """Whether this value could make the command run long (not generated as valid)."""
    try:
        number = int(value)
    except ValueError:
        return True
    if command == "perft":
        return number <= 2
    if option == "--hash":
        return number <= 32 or number > 65536
    if option == "--threads":
        return number <= 8
    return True


@CLI_SETTINGS
@given(st.sampled_from(INT_OPTIONS), VALUES)
def test_cli_integer_options_answer_or_fail_in_one_line(command_option, value):
    command, option = command_option
    if not cheap(command, option, value):
        return
    midgame = str(ROOT / "examples" / "century-midgame.toml")
    budget = {
        "solve": [midgame, "--nodes", "300"] if option != "--nodes" else [midgame],
        "analyse": [midgame, "--nodes", "300"],
        "perft": [midgame],
        "new": [],
    }[command]
    if command == "solve" and option == "--nodes":
        budget += ["--depth", "3"]
    clean(run(command, *budget, f"{option}={value}"))


@CLI_SETTINGS
@given(st.text(max_size=60))
def test_cli_random_moves_answer_or_fail_in_one_line(moves):
    midgame = str(ROOT / "examples" / "century-midgame.toml")
    clean(run("apply", midgame, "--moves", moves))


@CLI_SETTINGS
@given(mutated_position())
def test_cli_mutated_positions_show_or_fail_in_one_line(text):
    result = run("show", "-", input=text)
    clean(result)
    assert "\x1b" not in result.stdout


def test_the_sources_exist():
    assert len(SOURCES) >= 10 and all(Path(p).exists() for p in SOURCES)
