"""scripts/fit_eval.py: the Texel-style fit recovers weights it is given data for."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "fit_eval.py"


def load():
    spec = importlib.util.spec_from_file_location("fit_eval", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


fit_eval = load()


def synthetic_csv(path: Path, weights: list[float], games: int = 300, seed: int = 1):
    """Two seats per position; the first seat finishes ahead with the chance the model
    gives its term differences under `weights` (scale 1 per point)."""
    rng = np.random.default_rng(seed)
    lines = [
        "# hand," + ",".join(["1"] + ["0.5"] * (len(weights) - 1)),
        "# fitted," + ",".join(["1"] * len(weights)),
        "game,ply,seat,to_move,final,won,"
        + ",".join(f"t{i}" for i in range(len(weights))),
    ]
    for game in range(games):
        for ply in range(10):
            a, b = rng.normal(size=len(weights)), rng.normal(size=len(weights))
            ahead = rng.random() < 1 / (1 + np.exp(-np.dot(weights, a - b)))
            finals = (60, 50) if ahead else (50, 60)
            for seat, terms in enumerate((a, b)):
                row = [
                    game,
                    ply,
                    seat,
                    int(seat == ply % 2),
                    finals[seat],
                    int(finals[seat] == 60),
                ]
                lines.append(",".join(map(str, row + [f"{t:.6f}" for t in terms])))
    path.write_text("\n".join(lines) + "\n")


def test_newton_recovers_the_coefficients_of_logistic_data():
    rng = np.random.default_rng(3)
    truth = np.array([0.8, -0.4, 1.5])
    x = rng.normal(size=(20000, 3))
    y = (rng.random(20000) < 1 / (1 + np.exp(-(x @ truth)))).astype(float)
    assert np.allclose(fit_eval.newton(x, y), truth, atol=0.08)


def test_a_strong_pull_gives_back_the_hand_weights():
    rng = np.random.default_rng(4)
    x = rng.normal(size=(5000, 3))
    y = (rng.random(5000) < 1 / (1 + np.exp(-(x @ np.array([1.0, 2.0, -1.0]))))).astype(
        float
    )
    hand = np.array([1.0, 0.5, 0.5])
    beta = fit_eval.newton(x, y, fit_eval.toward(hand, 1e6))
    assert np.allclose(beta / beta[0], hand, atol=1e-3)
    free = fit_eval.newton(x, y)
    assert abs(free[1] / free[0] - 2.0) < 0.3


def test_the_command_fits_known_weights_and_beats_the_hand_set_on_held_out_games(
    tmp_path,
):
    data = tmp_path / "data.csv"
    synthetic_csv(data, [1.0, 2.0, -1.0])
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "century-golem", str(data)],
        capture_output=True,
        text=True,
        check=True,
    )
    rows = {
        line.split()[0]: [float(v) for v in line.split()[1:]]
        for line in result.stdout.splitlines()
        if line[:2] in ("t0", "t1", "t2")
    }
    assert rows["t0"] == [1.0, 1.0]
    assert abs(rows["t1"][1] - 2.0) < 0.3 and abs(rows["t2"][1] + 1.0) < 0.3
    losses = result.stdout.splitlines()[-1]
    hand, fitted = (float(v) for v in losses.split("hand ")[1].split(", fitted "))
    assert fitted < hand


@pytest.mark.parametrize("tie", ["t1=t1", "t0=t1", "t1=nope"])
def test_a_tie_must_name_two_other_terms(tmp_path, tie):
    data = tmp_path / "data.csv"
    synthetic_csv(data, [1.0, 2.0, -1.0], games=20)
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "century-golem", str(data), "--tie", tie],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 1
    assert result.stderr.startswith(f"error: tie: '{tie}'")


def test_tied_terms_get_one_weight(tmp_path):
    data = tmp_path / "data.csv"
    synthetic_csv(data, [1.0, 0.7, 0.7], games=200)
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "century-golem", str(data), "--tie", "t1=t2"],
        capture_output=True,
        text=True,
        check=True,
    )
    weights = [
        float(line.split()[2])
        for line in result.stdout.splitlines()
        if line[:2] in ("t0", "t1", "t2")
    ]
    assert weights[1] == weights[2] and abs(weights[1] - 0.7) < 0.2
