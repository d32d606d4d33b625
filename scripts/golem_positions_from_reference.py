"""Write positions at rest with the Python reference model of Golem (Cranio).

The files go to rust/core/data/golem_cranio/positions/python/, where the Rust position
tests read them back (a cross-check of the two readings of spec section 11). Run from the
repository root: python scripts/golem_positions_from_reference.py
"""

import random
import sys
import time

sys.path.insert(0, "tests")

from reference.golem_cranio import (  # noqa: E402
    apply,
    is_chance,
    is_terminal,
    legal,
    new_game,
    sample_chance,
)
from reference.golem_cranio.position import body  # noqa: E402

OUT = "rust/core/data/golem_cranio/positions/python"
GAMES = [(2, 1, False), (3, 2, True), (4, 3, False), (1, 4, False), (2, 5, True)]


def value(text: str, key: str) -> str:
    """The value of a top-level `key = value` line, without quotes."""
    line = next(x for x in text.splitlines() if x.startswith(key + " "))
    return line.split(" = ", 1)[1].strip('"')


def main() -> None:
    written = {}
    start = time.time()
    for players, seed, hide in GAMES:
        s = new_game(players, seed=seed, hide_decks=hide)
        rng = random.Random(seed)
        steps = 0
        while not is_terminal(s) and steps < 3000 and time.time() - start < 240:
            text = body(*s["_rest"])
            key = (players, value(text, "round"), value(text, "phase"))
            written.setdefault(key, text)
            s = apply(
                s, sample_chance(s, rng) if is_chance(s) else rng.choice(legal(s))
            )
            steps += 1
        if is_terminal(s):
            written[(players, "4", "over")] = body(*s["_rest"])
    header = "# Written by the Python reference model (tests/reference/golem_cranio/position.py).\n"
    for (players, rnd, phase), text in sorted(written.items()):
        with open(f"{OUT}/p{players}-r{rnd}-{phase}.toml", "w") as f:
            f.write(header + text)
    print(f"{len(written)} positions")


if __name__ == "__main__":
    main()
