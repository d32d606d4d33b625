"""Fit a game's evaluation weights to self-play results, in the manner of Texel tuning.

The data: positions from self-play with their final results, one CSV row per seat and
position, written by the `eval_data` example (the recipe is in docs/strength.md,
"Fitted evaluations"):

    cargo run --release -p golem-core --example eval_data -- \\
        century-golem 400 20261202 2 ismcts:iterations=1000 > century-golem.csv
    python scripts/fit_eval.py century-golem century-golem.csv [--write]

The model: for two seats i and j of one position, the chance that i finishes ahead of j
is `logistic(k * (eval_i - eval_j))`, where `eval = sum(w_t * term_t)` over the terms the
game exports (`Game::eval_terms`). The first term is in points and keeps weight 1, so a
fitted evaluation stays on the scale of final scores; `k` (logits per point) is fitted
with the weights. That is a logistic regression on the term differences without an
intercept, solved by Newton's method. Games are split 80/20 into a fitting and a
held-out set, so the log-losses printed for the hand and the fitted weights are measured
on positions the fit did not see.

`--write` writes the weights into the game's `fitted.rs`, which the engine compiles in
(the bot spec key `eval=fitted` uses them).
"""

from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = {
    "century-golem": "century",
    "merchant-explorers": "merchant_explorers",
    "golem-cranio": "golem_cranio",
}
HELD_OUT = 5  # every fifth game is held out


Positions = dict[tuple[int, int], list[tuple[int, np.ndarray]]]


def read(path: Path) -> tuple[list[str], dict[str, np.ndarray], Positions]:
    """The term names, the engine's weight sets (`# hand,...` lines) and, per (game, ply),
    each seat's final score and terms."""
    positions: Positions = {}
    sets: dict[str, np.ndarray] = {}
    with path.open(newline="") as f:
        rows = csv.reader(f)
        header = next(rows)
        while header and header[0].startswith("#"):
            sets[header[0].lstrip("# ")] = np.array([float(v) for v in header[1:]])
            header = next(rows)
        terms = header[6:]
        for row in rows:
            key = (int(row[0]), int(row[1]))
            values = np.array([float(v) for v in row[6:]])
            positions.setdefault(key, []).append((int(row[4]), values))
    return terms, sets, positions


def pairs(positions, keep) -> tuple[np.ndarray, np.ndarray]:
    """Term differences of every pair of seats that finished apart, and whether the first
    finished ahead."""
    xs, ys = [], []
    for (game, _), seats in positions.items():
        if not keep(game):
            continue
        for a in range(len(seats)):
            for b in range(a + 1, len(seats)):
                (fa, ta), (fb, tb) = seats[a], seats[b]
                if fa == fb:
                    continue
                xs.append(ta - tb)
                ys.append(1.0 if fa > fb else 0.0)
    if not xs:
        sys.exit("error: data: no pair of seats with different final scores")
    return np.array(xs), np.array(ys)


def log_loss(z: np.ndarray, y: np.ndarray) -> float:
    """Mean negative log-likelihood of `y` under `logistic(z)`."""
    return float(np.mean(np.logaddexp(0.0, z) - y * z))


def newton(
    x: np.ndarray, y: np.ndarray, penalty: np.ndarray | None = None
) -> np.ndarray:
    """Logistic regression without intercept: the coefficients maximising the likelihood
    less `beta @ penalty @ beta / 2` (a tiny ridge keeps constant-zero terms finite)."""
    size = x.shape[1]
    penalty = 1e-6 * np.eye(size) + (0 if penalty is None else penalty)
    beta = np.zeros(size)
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-(x @ beta)))
        gradient = x.T @ (p - y) / len(y) + penalty @ beta
        hessian = (x * (p * (1 - p))[:, None]).T @ x / len(y) + penalty
        step = np.linalg.solve(hessian, gradient)
        beta -= step
        if np.max(np.abs(step)) < 1e-10:
            break
    return beta


def toward(hand: np.ndarray, strength: float) -> np.ndarray:
    """The penalty `strength * sum_t (beta_t - hand_t * beta_0)^2` over the terms after
    the first: it pulls the weights `beta_t / beta_0` toward the hand weights, whatever
    the scale."""
    rows = np.eye(len(hand))[1:]
    rows[:, 0] = -hand[1:]
    return strength * rows.T @ rows


def fit_scale(z: np.ndarray, y: np.ndarray) -> float:
    """The `k` that fits `logistic(k * z)` best (weights held fixed)."""
    return float(newton(z[:, None], y)[0])


def write_weights(game: str, weights: np.ndarray, note: list[str]) -> Path:
    path = ROOT / "rust" / "core" / "src" / "games" / FOLDERS[game] / "fitted.rs"
    body = ", ".join(f"{w:.4}" if w != 1.0 else "1.0" for w in weights)
    lines = [
        "//! The evaluation's weights fitted to self-play results; written by",
        '//! `scripts/fit_eval.py` (docs/strength.md, "Fitted evaluations"), not by hand.',
        "//!",
        *(f"//! {line}" for line in note),
        "",
        "/// Weights of `eval::TERMS`, in order.",
        f"pub(super) const WEIGHTS: [f64; {len(weights)}] = [{body}];",
        "",
    ]
    tmp = path.with_suffix(".rs.tmp")
    tmp.write_text("\n".join(lines))
    tmp.replace(path)
    return path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", choices=sorted(FOLDERS))
    parser.add_argument("data", type=Path, help="CSV from the eval_data example")
    parser.add_argument(
        "--write", action="store_true", help="write the game's fitted.rs"
    )
    parser.add_argument(
        "--tie",
        action="append",
        default=[],
        metavar="A=B",
        help="fit terms A and B with one weight (terms the data cannot tell apart)",
    )
    args = parser.parse_args()
    terms, sets, positions = read(args.data)
    hand = sets.get("hand")
    if hand is None or len(hand) != len(terms):
        sys.exit(
            f"error: data: no '# hand,...' line with a weight for each of {len(terms)} terms"
        )
    # Every fifth game is the test set. The rest choose, by 4-fold cross-validation over
    # games, how hard the weights are pulled toward the hand weights (positions of one
    # game are alike, so an unpulled fit can learn its games rather than the game).
    test = lambda g: g % HELD_OUT == 0  # noqa: E731
    x_fit, y_fit = pairs(positions, lambda g: not test(g))
    x_out, y_out = pairs(positions, test)
    games = len({g for g, _ in positions})
    print(
        f"{args.game}: {games} games, {len(positions)} positions, {len(y_fit)} seat pairs"
        f" to fit, {len(y_out)} held out"
    )

    # Tied terms share a weight: the fit sees their sum. `tie[t, g]` is 1 where term t
    # has free weight g.
    group = list(range(len(terms)))
    for pair in args.tie:
        a, _, b = pair.partition("=")
        if (
            a not in terms
            or b not in terms
            or a == b
            or 0 in (terms.index(a), terms.index(b))
        ):
            sys.exit(
                f"error: tie: '{pair}' does not name two terms after the first of {terms}"
            )
        old, new = group[terms.index(b)], group[terms.index(a)]
        group = [new if g == old else g for g in group]
    free = sorted(set(group))
    tie = np.array([[1.0 if g == f else 0.0 for f in free] for g in group])
    tied_hand = np.linalg.lstsq(tie, hand, rcond=None)[0]

    def fit(x, y, strength):
        beta = newton(x @ tie, y, toward(tied_hand, strength))
        return tie @ (beta / beta[0]), float(beta[0])

    folds = []
    for fold in range(4):
        within = lambda g, fold=fold: (g // HELD_OUT) % 4 == fold  # noqa: E731
        train = pairs(positions, lambda g, w=within: not test(g) and not w(g))
        check = pairs(positions, lambda g, w=within: not test(g) and w(g))
        folds.append((train, check))
    strengths = [0.0, 1e-2, 1e-1, 1.0, 10.0, 100.0, 1e3, 1e4]
    losses = []
    for strength in strengths:
        total = 0.0
        for (x_train, y_train), (x_check, y_check) in folds:
            weights, k = fit(x_train, y_train, strength)
            total += log_loss(k * (x_check @ weights), y_check) * len(y_check)
        losses.append(total / sum(len(check[1]) for _, check in folds))
    strength = strengths[int(np.argmin(losses))]
    print(
        "pull toward hand: "
        + ", ".join(f"{s:g} {v:.4f}" for s, v in zip(strengths, losses))
    )

    # Hand weights with their best scale; the fitted weights with theirs.
    k_hand = fit_scale(x_fit @ hand, y_fit)
    fitted, k_fitted = fit(x_fit, y_fit, strength)
    if k_fitted <= 0:
        sys.exit(
            f"error: fit: the points term has weight {k_fitted:.4} (must be positive)"
        )
    baseline = log_loss(np.zeros(len(y_out)), y_out)
    loss_hand = log_loss(k_hand * (x_out @ hand), y_out)
    loss_fitted = log_loss(k_fitted * (x_out @ fitted), y_out)
    print(f"{'term':<12} {'hand':>8} {'fitted':>8}")
    for name, h, f in zip(terms, hand, fitted):
        print(f"{name:<12} {h:>8.3f} {f:>8.3f}")
    print(f"scale k (logits per point): hand {k_hand:.4f}, fitted {k_fitted:.4f}")
    print(
        f"held-out log-loss: coin flip {baseline:.4f}, hand {loss_hand:.4f}, fitted {loss_fitted:.4f}"
    )
    if args.write:
        note = [
            f"Fit: {games} self-play games ({args.data.name}), {len(y_fit)} seat pairs,",
            f"pulled toward the hand weights at {strength:g}"
            + "".join(f", {pair} tied" for pair in args.tie)
            + ";",
            f"held-out log-loss {loss_hand:.4f} with the hand weights, {loss_fitted:.4f} fitted.",
        ]
        print(f"wrote {write_weights(args.game, fitted, note).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
