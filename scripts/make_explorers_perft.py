"""Make the Merchant Explorers perft table: tests/perft/merchant-explorers/perft.txt.

Positions: a start on each of the six maps (solo and multiplayer, deck orders known and
hidden) and a few mid-game positions reached by seeded random play, written next to the
table. Each row is counted by the engine and confirmed by the independent reference
model (tests/reference) before it is written; a row the model cannot confirm within
--model-limit leaves is left out, so every row in the table is confirmed.

    python scripts/make_explorers_perft.py [--max-depth 4] [--model-limit 200000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from reference import explorers_model as model  # noqa: E402

from golem_solver import MerchantExplorers, new  # noqa: E402

OUT = ROOT / "tests" / "perft" / "merchant-explorers"
GAME = "merchant-explorers"
# (map, players, hidden, random plies played first); the name says all four.
POSITIONS = [
    ("avenia", 1, False, 0),
    ("aghon", 2, False, 0),
    ("kazan", 3, False, 0),
    ("cnidaria", 4, False, 0),
    ("north-proylia", 1, False, 0),
    ("xawskil", 2, False, 0),
    ("kazan", 1, True, 0),
    ("xawskil", 1, True, 0),
    ("avenia", 2, True, 25),
    ("aghon", 1, True, 40),
    ("cnidaria", 3, False, 30),
    ("north-proylia", 2, True, 20),
    ("kazan", 4, True, 60),
    ("xawskil", 3, False, 45),
]


def played_into(state, plies: int, seed: int):
    """`state` after `plies` random moves (chance by its probabilities), stopped at a
    decision or chance node that the position format can write."""
    rng = random.Random(seed)
    moves = 0
    while moves < plies and state.turn != "terminal":
        if state.turn == "chance":
            texts, weights = zip(*state.chance_outcomes())
            state.apply(rng.choices(texts, weights)[0])
        else:
            state.apply(rng.choice(state.legal_action_texts()))
            moves += 1
    return state


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max-depth", type=int, default=4)
    parser.add_argument("--engine-limit", type=int, default=3_000_000)
    parser.add_argument("--model-limit", type=int, default=200_000)
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    rows = []
    for index, (map_id, players, hidden, plies) in enumerate(POSITIONS):
        state = new(
            GAME, players, seed=index + 1, hidden_decks=hidden, options={"map": map_id}
        )
        state = played_into(state, plies, seed=index + 1)
        kind = "hidden" if hidden else "known"
        name = f"{map_id}-{players}p-{kind}-{'start' if plies == 0 else f'ply{plies}'}.toml"
        text = state.to_toml()
        (OUT / name).write_text(text)
        engine = MerchantExplorers.from_toml(text)
        reference = model.load_position(text, base_dir=str(OUT))
        for depth in range(1, args.max_depth + 1):
            leaves = engine.perft(depth)
            if leaves > args.engine_limit:
                break
            if leaves > args.model_limit:
                print(f"{name} {depth}: {leaves} leaves, above the model limit; stop")
                break
            start = time.perf_counter()
            confirmed = model.perft(reference, depth)
            seconds = time.perf_counter() - start
            if confirmed != leaves:
                sys.exit(f"{name} depth {depth}: engine {leaves}, model {confirmed}")
            print(f"{name} {depth} {leaves}  (model {seconds:.1f} s)", flush=True)
            rows.append(f"{name} {depth} {leaves}")
    header = [
        "# FILE DEPTH LEAVES, counted by golem_core::perft (spec §13: a chance event reached",
        "# with no ply left is a leaf) and each confirmed by the reference model",
        "# (tests/reference) when the table was made: scripts/make_explorers_perft.py.",
        "# The spec's own checks: the §13 start, hidden and with desert-2 first.",
        "avenia-1p-start-hidden.toml 1 773",
        "avenia-1p-start-desert-first.toml 1 2",
        "avenia-1p-start-desert-first.toml 2 6",
    ]
    (OUT / "perft.txt").write_text("\n".join(header + rows) + "\n")
    print(f"{len(rows)} rows written to {OUT / 'perft.txt'}")


if __name__ == "__main__":
    main()
