"""Writes positions at rest with the Python reference model (tests/reference/golem_cranio), for
the Rust reader's cross-check: rust/core/data/golem_cranio/positions/python/. Run from the repository
root: python scripts/golem_positions_from_reference.py"""
import random, sys, time
sys.path.insert(0, "tests")
from reference.golem_cranio import new_game, legal, apply, is_terminal, is_chance, sample_chance
from reference.golem_cranio.position import body

out = "rust/core/data/golem_cranio/positions/python"
written = {}
t0 = time.time()
for players, seed, hide in [(2, 1, False), (3, 2, True), (4, 3, False), (1, 4, False), (2, 5, True)]:
    s = new_game(players, seed=seed, hide_decks=hide)
    rng = random.Random(seed)
    steps = 0
    while not is_terminal(s) and steps < 3000 and time.time() - t0 < 240:
        rest, to_move = s["_rest"]
        text = body(rest, to_move)
        phase = [l for l in text.splitlines() if l.startswith("phase")][0].split('"')[1]
        rnd = [l for l in text.splitlines() if l.startswith("round")][0].split()[-1]
        key = (players, rnd, phase)
        if key not in written:
            written[key] = text
        if is_chance(s):
            s = apply(s, sample_chance(s, rng))
        else:
            s = apply(s, rng.choice(legal(s)))
        steps += 1
    if is_terminal(s):
        rest, to_move = s["_rest"]
        written[(players, "4", "over")] = body(rest, to_move)
    print(players, seed, steps, is_terminal(s), round(time.time() - t0), file=sys.stderr)
for (players, rnd, phase), text in sorted(written.items()):
    name = f"{out}/p{players}-r{rnd}-{phase}.toml"
    with open(name, "w") as f:
        f.write("# Written by the Python reference model (tests/reference/golem_cranio/position.py).\n" + text)
print(len(written))
