"""Differential test: the Golem (Cranio) Rust engine against the Python reference model.

The engine plays seeded random games (`rust/core/examples/golem_trace.rs`, built and run
with cargo here) and writes, per game, its start position (TOML, §11) and every step: a
chance outcome it drew, or the full list of legal micro-action texts in its listing order
(§9) and the one it chose. The reference model (`tests/reference/golem_cranio`) loads
the start with `from_toml` and replays the trace: at every decision its `legal` list must
equal the engine's (same texts, same order), it applies the same text or chance outcome,
and at the end both must agree on whether the game is over and on the scores (§8).

The first divergence of a game is reported with the game, the step, the position (TOML)
before it and the two lists' differences. `GOLEM_FULL=1` plays many more games.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))

from reference.golem_cranio import (  # noqa: E402
    apply,
    is_chance,
    is_terminal,
    legal,
    perft,
    scores,
)
from reference.golem_cranio.position import from_toml, to_toml  # noqa: E402

FULL = os.environ.get("GOLEM_FULL") == "1"


def run_trace(*args: str) -> list[dict]:
    """The engine's games as parsed JSON lines (cargo builds the example once)."""
    cmd = [
        "cargo",
        "run",
        "--quiet",
        "-p",
        "golem-core",
        "--example",
        "golem_trace",
        "--",
        *args,
    ]
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True)
    return [json.loads(line) for line in out.stdout.splitlines() if line.strip()]


class Divergence(AssertionError):
    pass


def _diff(engine: list[str], model: list[str]) -> str:
    only_e = [t for t in engine if t not in model]
    only_m = [t for t in model if t not in engine]
    lines = [f"engine {len(engine)} texts, model {len(model)}"]
    if only_e:
        lines.append(f"  only engine: {only_e[:20]}")
    if only_m:
        lines.append(f"  only model:  {only_m[:20]}")
    if not only_e and not only_m:
        first = next(i for i, (a, b) in enumerate(zip(engine, model)) if a != b)
        lines.append(f"  same texts, order differs from index {first}:")
        lines.append(f"  engine: {engine[first : first + 8]}")
        lines.append(f"  model:  {model[first : first + 8]}")
    return "\n".join(lines)


def replay(game: dict) -> int:
    """Replays one engine game in the model; returns the decisions compared."""
    tag = f"game {game['game']} ({game['players']}p seed {game['seed']}"
    tag += f"{' intro' if game['intro'] else ''}{' hidden' if game['hidden'] else ''})"
    s = from_toml(game["start"])
    decisions = 0
    for i, step in enumerate(game["steps"]):
        where = f"{tag}, step {i}"
        if "panic" in step:
            raise Divergence(
                f"{where}: the engine panicked applying the step before: {step['panic']}\n"
                f"the model continues with {legal(s)[:10]}\nposition:\n{to_toml(s)}"
            )
        if "chance" in step:
            if not is_chance(s):
                raise Divergence(
                    f"{where}: engine at a chance node, model not\n{to_toml(s)}"
                )
            s = apply(s, step["chance"])
            continue
        if is_chance(s):
            raise Divergence(
                f"{where}: model at a chance node, engine decides\n{to_toml(s)}"
            )
        got = legal(s)
        if got != step["legal"]:
            raise Divergence(
                f"{where}: legal lists differ\n{_diff(step['legal'], got)}\n"
                f"position:\n{to_toml(s)}"
            )
        s = apply(s, step["chosen"])
        decisions += 1
    if game["over"] != is_terminal(s):
        raise Divergence(f"{tag}: engine over={game['over']}, model {is_terminal(s)}")
    if game["over"]:
        assert scores(s) == game["scores"], (
            f"{tag}: scores {game['scores']} vs {scores(s)}"
        )
    return decisions


# (players, flags, run seed, games): runs of `golem_trace` replayed without a divergence
# (36 games; docs/golem-cranio.md, "Differential testing"). A run's random choices come
# from one generator seeded with the run seed, so a game depends on the games before it.
# GOLEM_FULL=1 plays ten times as many games per run.
CASES = [
    (1, (), 1000, 6),
    (2, (), 2000, 10),  # game 9 (seed 2009) once overflowed an 8-frame effect stack
    (3, (), 3003, 2),
    (4, (), 4000, 2),
    (1, ("--hidden",), 1500, 4),
    (2, ("--hidden",), 2500, 3),
    (3, ("--hidden",), 3500, 2),
    (4, ("--hidden",), 4500, 2),
    (1, ("--intro",), 1700, 3),
    (2, ("--intro",), 2700, 2),
    (3, ("--intro",), 3700, 1),
    (4, ("--intro",), 4700, 1),
    # `active` picks one Book at a time (the engine used to offer sets): each of these
    # games takes a second Book after a first (NB10's `book_active` n = 3).
    (1, (), 60038, 1),
    (2, ("--hidden",), 60010, 1),
    (3, (), 60039, 1),
    (4, (), 60023, 1),
]


@pytest.mark.skipif(
    shutil.which("cargo") is None, reason="cargo is needed to run the engine"
)
@pytest.mark.parametrize(("players", "flags", "seed", "games"), CASES)
def test_engine_and_model_agree_on_random_games(players, flags, seed, games):
    games = games * 10 if FULL else games
    trace = run_trace(
        "--games", str(games), "--players", str(players), "--seed", str(seed), *flags
    )
    assert len(trace) == games
    for game in trace:
        assert game["stopped_at"] is None, game["stopped_at"]
        assert game["over"], f"game {game['game']} did not end within --max-plies"
        replay(game)


# (players, flags, run seed, phase, depth): the engine plays at random to the first state
# at rest in `phase`, writes it and its perft counts (§10) at depths 1..depth.
PERFT_CASES = [
    (2, (), 10, "draft", 3),
    (3, (), 11, "start", 2),
    (2, (), 12, "place", 3),
    (2, (), 13, "movement", 3),
    (2, (), 14, "actions", 3),
    (1, (), 15, "actions", 2),
    (4, (), 16, "actions", 2),
    (3, (), 17, "movement", 3),
]


@pytest.mark.skipif(
    shutil.which("cargo") is None, reason="cargo is needed to run the engine"
)
@pytest.mark.parametrize(("players", "flags", "seed", "phase", "depth"), PERFT_CASES)
def test_engine_and_model_perft_agree(players, flags, seed, phase, depth):
    lines = run_trace(
        "--games", "1", "--players", str(players), "--seed", str(seed),
        "--perft", str(depth), "--phase", phase, *flags,
    )  # fmt: skip
    assert len(lines) == 1, f"no state at rest in {phase}"
    line = lines[0]
    s = from_toml(line["start"])
    got = [perft(s, d) for d in range(1, depth + 1)]
    assert got == line["perft"], (
        f"perft from {phase}: engine {line['perft']}, model {got}"
    )
