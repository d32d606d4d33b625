"""Generate the Golem (Cranio) endgame puzzle suite (puzzles/golem-cranio-endgames.jsonl).

    python scripts/make_golem_puzzles.py [--seed 1] [-j 1] [-o FILE]

(each kept puzzle is printed with its tree size; see docs/puzzles.md for the time.)

Plays seeded random games in the reference model (tests/reference/golem_cranio) into
round 4, then walks back from the end of each game over the decision points of the last
round (Development, Income, Influence, the last Actions turns and their menus) and
solves each exactly with the reference brute force (golem_cranio.solver.solve_margin:
the engine's `margin` objective searched to the end of the game, exact fractions). A
position is kept when its root decision matters (the best and the worst root move
differ), preferring a unique or non-obvious best move; the puzzle's depth is the longest
line to the end, so the engine's answer must be exact.

No position needs an unlisted marble drop: at the start of round 4 (after its Refresh
drop) the game is given two seeded full-set `drops` entries, which the Passing-phase
re-drops use (spec §11), and the positions list what is left of them. Deck kinds:
*known* (every deck order written) and *hidden* (no deck order: a Book bought or an
Objective drawn is a chance event, the answer the best expected margin).

Every kept position is written with the model's `to_toml`, read back with `from_toml`
(the same state, the same legal moves) and solved again from that state with a fresh
table before it goes into the suite. Deterministic for a seed: games, drops and the
search are all seeded or budget-free (the node limits count nodes, never time), and the
buckets are independent, so the suite does not depend on the number of jobs. No engine
code is used (the engine for golem-cranio is not registered yet).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the reference model and brute force

from reference.golem_cranio import (  # noqa: E402
    apply,
    current_player,
    is_chance,
    is_terminal,
    legal,
    new_game,
    sample_chance,
)
from reference.golem_cranio.chance import drop_pool  # noqa: E402
from reference.golem_cranio.components import COLOURS  # noqa: E402
from reference.golem_cranio.engine import advance, children  # noqa: E402
from reference.golem_cranio.position import from_toml, phase_of, to_toml  # noqa: E402
from reference.golem_cranio.scoring import final_scores  # noqa: E402
from reference.golem_cranio.solver import TooBig, solve_margin  # noqa: E402
from reference.golem_cranio.state import clone, key  # noqa: E402

# (players, decks) -> puzzles wanted.
BUCKETS = {
    (1, "known"): 8,
    (1, "hidden"): 3,
    (2, "known"): 8,
    (2, "hidden"): 3,
    (3, "known"): 8,
    (3, "hidden"): 3,
    (4, "known"): 8,
    (4, "hidden"): 3,
}
# The reference brute force visits a few hundred nodes/s: small trees only.
LIMIT = 2500  # nodes of one puzzle's tree (a fresh search)
GAME_LIMIT = 3000  # nodes spent on one game's walk back (a table per root seat)
MAX_GAMES = 40  # per bucket
PER_GAME = 2  # puzzles from one game at most (different seats to act), for variety
DECLINING = ("skip", "done", "no", "move none", "g6 none", "work 0")
CHANCE_TEXTS = ("drop ", "deal ", "tile ", "draw ")
TAG_WEIGHT = {
    "unique-best": 3,
    "greedy-not-best": 3,
    "deal-decides": 3,
    "deals": 2,
    "decline-best": 1,
    "actions": 1,
    "passing": 1,
    "income": 1,
}


# ---- games ------------------------------------------------------------------------------


def pick(rng: random.Random, s) -> str:
    """A random micro-action or chance outcome; `pass` is rarely chosen when there is
    anything else to do, as a player would."""
    if is_chance(s):
        return sample_chance(s, rng)
    acts = legal(s)
    if "pass" in acts and len(acts) > 1 and rng.random() < 0.85:
        acts = [a for a in acts if a != "pass"]
    return rng.choice(acts)


def list_drops(s, rng: random.Random) -> None:
    """Two seeded full-set drop entries for the re-drops still to come (spec §11), in
    the state and in the state at rest that its position is written from."""
    pool = drop_pool(s, "all")
    s["drops"] = [
        {c: "".join(str(rng.randrange(1, 6)) for _ in range(pool[c])) for c in COLOURS}
        for _ in range(2)
    ]
    body, to_move = s["_rest"]
    body = clone(body)
    body["drops"] = [dict(e) for e in s["drops"]]
    s["_rest"] = (body, to_move)


def round4_decisions(players: int, decks: str, seed: int) -> list:
    """The decision points of one seeded game's round 4, in order."""
    rng = random.Random(seed)
    s = new_game(players, seed=seed, hide_decks=decks == "hidden")
    seen = []
    listed = False
    while not is_terminal(s):
        if s["round"] == 4 and not is_chance(s):
            if not listed:
                listed = True
                list_drops(s, rng)
            seen.append(s)
        s = apply(s, pick(rng, s))
    return seen


# ---- why a puzzle is interesting --------------------------------------------------------


def trail(s) -> list:
    return list(s.get("_trail", []))


def storable(s) -> bool:
    """A position whose `in_progress` holds decisions only (no chance outcome), and at
    most a few of them."""
    t = trail(s)
    return len(t) <= 3 and not any(x.startswith(CHANCE_TEXTS) for x in t)


def immediate_scores(s) -> dict:
    """The root player's own score (§8, counted now) right after each root move."""
    seat = current_player(s)
    return {t: final_scores(advance(c))[seat] for t, c in children(s)}


def tags_of(s, answer, fresh=None) -> list:
    """Why a position is interesting. `fresh` is a search of it with a fresh table (its
    chance-node count covers the whole tree)."""
    tags = {phase_of(s)}
    best = set(answer.best)
    if len(best) == 1 and len(answer.moves) >= 3:
        tags.add("unique-best")
    now = immediate_scores(s)
    high = max(now.values())
    if not best & {m for m, v in now.items() if v == high}:
        tags.add("greedy-not-best")
    if best & set(DECLINING) and set(answer.moves) - set(DECLINING):
        tags.add("decline-best")
    if any(v.denominator != 1 for v in answer.moves.values()):
        tags.add("deal-decides")
    if (fresh or answer).chance_nodes:
        tags.add("deals")
    if s["stage"] != "main" and phase_of(s) in ("actions", "remove"):
        tags.add("passing")
    if trail(s):
        tags.add("in-progress")
    return sorted(tags)


def weight(tags, answer, s) -> float:
    w = sum(TAG_WEIGHT.get(t, 0) for t in tags)
    w += min(answer.depth, 8) * 0.25
    if answer.depth == 1:
        w -= 2  # the root move ends the game: a scoring check only
    if trail(s):
        w -= 1.5  # prefer positions at rest
    return w


def number(v: Fraction):
    return int(v) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


def describe(s, decks, answer, tags) -> str:
    n = s["n"]
    who = (
        "solo: the margin is the final score"
        if n == 1
        else f"{n} players, seat {current_player(s)} to act"
    )
    phase = phase_of(s)
    if phase in ("actions", "remove"):
        phase += f" ({s['stage']})"
    steps = trail(s)
    mid = f", {len(steps)} micro-action(s) into the turn" if steps else ""
    order = (
        "known deck orders: the best possible"
        if decks == "known"
        else "hidden decks: the best expected"
    )
    value = "score" if n == 1 else "margin"
    best = answer.best
    head = best[0] if len(best) == 1 else f"{len(best)} moves: " + ", ".join(best)
    return (
        f"{who}; round 4, {phase}{mid}; {order} {value} is {number(answer.value)} "
        f"({head}; the worst move gives {number(answer.worst)}); longest line "
        f"{answer.depth} plies" + (f"; {', '.join(tags)}" if tags else "")
    )


# ---- the search -------------------------------------------------------------------------


def candidates(states: list) -> list:
    """(weight, state, answer, tags) for the decision points of one game whose decision
    matters, walking back from the end (a table per root seat carries over)."""
    memos: dict = {}
    spent = 0
    out = []
    for s in reversed(states):
        if not storable(s):
            continue
        memo = memos.setdefault(current_player(s), {})
        try:
            answer = solve_margin(s, limit=min(LIMIT, GAME_LIMIT - spent), memo=memo)
        except TooBig:
            break
        spent += answer.nodes
        if answer.worst == answer.value:
            continue  # every move is as good
        if len(answer.best) > 3:
            continue
        tags = tags_of(s, answer)
        out.append((weight(tags, answer, s), s, answer, tags))
    return out


def confirmed(s):
    """The position text, the state read back from it and a fresh search of it."""
    text = to_toml(s)
    back = from_toml(text)
    if key(back) != key(s) or legal(back) != legal(s):
        raise AssertionError(f"from_toml(to_toml(s)) is not s:\n{text}")
    if current_player(back) != current_player(s):
        raise AssertionError(f"another seat to act after reading:\n{text}")
    try:
        answer = solve_margin(back, limit=LIMIT)
    except TooBig:
        return None
    return text, back, answer


def log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def bucket(bkey, seed) -> list:
    """The puzzles of one (players, decks) bucket (independent of the other buckets)."""
    players, decks = bkey
    want = BUCKETS[bkey]
    seen: set = set()
    kept = []
    for game in range(MAX_GAMES):
        if len(kept) >= want:
            break
        game_seed = seed * 1_000_000 + players * 10_000 + (decks == "hidden") * 5_000
        game_seed += game
        t0 = time.perf_counter()
        picks = sorted(
            candidates(round4_decisions(players, decks, game_seed)),
            key=lambda c: -c[0],
        )
        seats: set = set()
        for _, s, _, _ in picks:
            if len(kept) >= want or len(seats) >= PER_GAME:
                break
            if current_player(s) in seats:
                continue
            got = confirmed(s)
            if got is None:
                continue
            text, back, answer = got
            if text in seen:
                continue
            if decks == "hidden" and not answer.chance_nodes and seats:
                continue  # a second puzzle of a hidden game must have deals in it
            seen.add(text)
            seats.add(current_player(s))
            tags = tags_of(back, answer, fresh=answer)
            pid = f"{players}p-{decks}-{len(kept) + 1:02d}"
            rec = {
                "id": pid,
                "objective": "margin",
                "depth": answer.depth,
                "margin": number(answer.value),
                "best": answer.best,
                "tags": [decks] + tags,
                "note": describe(back, decks, answer, tags),
                "position": text,
            }
            kept.append(rec)
            log(f"{pid}: {rec['note']} [{answer.nodes} nodes, game {game_seed}]")
        if not seats:
            log(f"{players}p-{decks}: game {game_seed}: nothing kept")
        log(f"  (game {game_seed}: {time.perf_counter() - t0:.0f} s)")
    if len(kept) < want:
        log(f"{players}p-{decks}: only {len(kept)} of {want} after {MAX_GAMES} games")
    return kept


def write_atomically(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    with os.fdopen(fd, "w") as f:
        f.write(text)
    os.replace(tmp, path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "-o",
        "--output",
        type=Path,
        default=ROOT / "puzzles/golem-cranio-endgames.jsonl",
    )
    parser.add_argument(
        "-j", "--jobs", type=int, default=1, help="buckets solved at once (processes)"
    )
    args = parser.parse_args()

    start = time.perf_counter()
    keys = sorted(BUCKETS, key=lambda k: -k[0])  # the biggest (4 players) first
    run = functools.partial(bucket, seed=args.seed)
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            done = dict(zip(keys, pool.map(run, keys)))
    else:
        done = {k: run(k) for k in keys}
    suite: list = []
    for k in BUCKETS:
        suite += done[k]
    args.output.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(args.output, "".join(json.dumps(r) + "\n" for r in suite))
    log(f"{len(suite)} puzzles in {time.perf_counter() - start:.0f} s -> {args.output}")


if __name__ == "__main__":
    main()
