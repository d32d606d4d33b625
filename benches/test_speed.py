"""Engine speed: perft, playouts, alpha-beta, ISMCTS, Python overhead, peak memory.

Positions: the perft table's and the bundled examples. Figures are single-thread, from
the installed package (a release build with LTO when installed with pip).
"""

from __future__ import annotations

import json
import subprocess
import sys
import time

from golem_solver import Century, analyse, solve
from golem_solver._core import random_playouts

from conftest import ROOT, pick

PERFT = ROOT / "tests" / "perft" / "century"
MIDGAME = ROOT / "examples" / "century-midgame.toml"


def hidden_midgame() -> Century:
    state = Century.load(MIDGAME)
    state.hide_decks()
    return state


def timed(run):
    start = time.perf_counter()
    value = run()
    return value, time.perf_counter() - start


def test_perft_leaves_per_second(benchmark, report):
    state = Century.load(PERFT / "empty-deck-2p.toml")
    depth = 3
    leaves, seconds = benchmark.pedantic(
        lambda: timed(lambda: state.perft(depth)), rounds=1
    )
    report(
        "perft leaves/s (empty-deck-2p, depth 3)", leaves / seconds, "leaves/s", 20e6
    )


def test_engine_against_reference_model_perft(benchmark, report):
    sys.path.insert(0, str(ROOT / "tests"))
    from reference import century_model as model

    text = (PERFT / "start-5p-hidden.toml").read_text()
    engine = Century.from_toml(text)
    reference = model.Position.from_toml(text)
    depth = 2
    native, native_s = timed(lambda: engine.perft(depth))
    python, python_s = benchmark.pedantic(
        lambda: timed(lambda: model.perft(reference, depth)), rounds=1
    )
    assert native == python
    report("reference model perft leaves/s", python / python_s, "leaves/s")
    report(
        "engine / reference model (perft)",
        (native / native_s) / (python / python_s),
        "x",
    )


def test_random_playouts_per_second(benchmark, report):
    state = hidden_midgame()
    games = pick(60, 600)
    plies, seconds = benchmark.pedantic(
        lambda: timed(lambda: random_playouts(state, games, seed=1)), rounds=1
    )
    report(
        "random playouts/s (2p midgame, hidden decks)", games / seconds, "playouts/s"
    )
    report(
        "random playout plies/s",
        plies / seconds,
        "plies/s",
        note=f"{plies / games:.0f} plies each",
    )


def test_alphabeta_nodes_per_second(benchmark, report):
    state = Century.load(MIDGAME)
    depth = pick(5, 6)
    # A depth-6 search takes about 25 ms, so one run reads the machine's jitter as much
    # as the code: the best of five (full mode) is the figure, as for `abtime`.
    runs = [
        benchmark.pedantic(
            lambda: solve(state, depth=depth, objective="margin", hash_mb=64), rounds=1
        )
        if i == 0
        else solve(state, depth=depth, objective="margin", hash_mb=64)
        for i in range(pick(1, 5))
    ]
    report(
        f"alpha-beta nodes/s (2p midgame, depth {depth}, best of {len(runs)})",
        max(r["nps"] for r in runs),
        "nodes/s",
        5e6,
        note="issue 12's target",
    )


def test_ismcts_iterations_per_second(benchmark, report):
    state = hidden_midgame()
    iterations = pick(1_000, 10_000)
    result = benchmark.pedantic(
        lambda: analyse(state, iterations=iterations, seed=1), rounds=1
    )
    rate = result["iterations"] / result["seconds"]
    report("ISMCTS iterations/s (random rollouts)", rate, "iter/s", 30e3)
    fast = analyse(state, iterations=iterations, seed=1, rollout="heuristic", cutoff=40)
    report(
        "ISMCTS iterations/s (heuristic, cut-off 40)",
        fast["iterations"] / fast["seconds"],
        "iter/s",
    )


def test_python_api_overhead_per_step(benchmark, report):
    """A playout driven from Python (legal_actions + apply per step) against the same
    number of steps inside the engine."""
    state = hidden_midgame()
    games = pick(5, 30)

    def python_playouts():
        import random

        rng = random.Random(3)
        steps = 0
        for _ in range(games):
            game = state.clone()
            while not game.is_terminal():
                if game.is_chance():
                    game.apply(rng.choice(game.chance_outcomes())[0])
                else:
                    game.apply(rng.choice(game.legal_actions()))
                    steps += 1
        return steps

    steps, python_s = benchmark.pedantic(lambda: timed(python_playouts), rounds=1)
    native_steps, native_s = timed(lambda: random_playouts(state, games, seed=3))
    per_python = python_s / steps * 1e6
    per_native = native_s / native_steps * 1e6
    report("Python API time per step (legal + apply)", per_python, "us")
    report(
        "Python API overhead per step",
        per_python - per_native,
        "us",
        note=f"native {per_native:.2f} us",
    )


MEMORY_PROBE = """
import json, sys
from golem_solver import Century, analyse, solve


def high_water_kib():
    # VmHWM: this process's peak resident memory (ru_maxrss would include the parent
    # process image from before exec on Linux).
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1])


state = Century.load(sys.argv[1])
state.hide_decks()
base = high_water_kib()
if sys.argv[2] == "ismcts":
    analyse(state, iterations=int(sys.argv[3]), rollout="heuristic", cutoff=20)
else:
    solve(Century.load(sys.argv[1]), hash_mb=64, depth=int(sys.argv[3]), objective="margin")
print(json.dumps({"base_kib": base, "peak_kib": high_water_kib()}))
"""


def peak_memory(kind: str, amount: int) -> dict:
    out = subprocess.run(
        [sys.executable, "-c", MEMORY_PROBE, str(MIDGAME), kind, str(amount)],
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(out.stdout)


def test_peak_memory(benchmark, report):
    iterations = pick(100_000, 1_000_000)
    ismcts = benchmark.pedantic(lambda: peak_memory("ismcts", iterations), rounds=1)
    report(
        f"ISMCTS peak memory ({iterations:,} iterations)",
        ismcts["peak_kib"] / 1024,
        "MiB",
        note=f"process before search {ismcts['base_kib'] / 1024:.0f} MiB",
    )
    alphabeta = peak_memory("alphabeta", pick(4, 5))
    report(
        "alpha-beta peak memory (--hash 64)",
        alphabeta["peak_kib"] / 1024,
        "MiB",
        note=f"process before search {alphabeta['base_kib'] / 1024:.0f} MiB",
    )
    assert alphabeta["peak_kib"] - alphabeta["base_kib"] < 80 * 1024, (
        "table stays within 64 MiB"
    )
