"""Generate the Merchant Explorers endgame puzzle suite
(puzzles/merchant-explorers-endgames.jsonl).

    python scripts/make_explorers_puzzles.py [--seed 1] [-j 2] [-o FILE]

(about 35 minutes with two jobs; each kept puzzle is printed with its tree size.)

Plays seeded random games in the reference model (tests/reference/explorers_model.py)
into the last era, then walks back from the end of each game over the decision points
of its last reveals and solves each exactly with the reference brute force
(explorers_solver.solve_margin: the engine's `margin` objective searched to the end of
the game, exact fractions). A position is kept when its root decision matters (the best
and the worst root move differ), preferring a unique or non-obvious best move; the
puzzle's depth is the longest line to the end, so the engine's answer must be exact.

Every kept position is written with the model's `to_position`, read back and solved
again from that text (a fresh search) before it goes into the suite. Deterministic for
a seed: games, deck orders and the search are all seeded or budget-free (the node
limits count nodes, never time). No engine code is used.
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

from reference.explorers_map import MAP_IDS  # noqa: E402
from reference.explorers_model import (  # noqa: E402
    TREASURE_ORDER,
    load_position,
    new_state,
    to_position,
)
from reference.explorers_solver import TooBig, solve_margin  # noqa: E402

# (players, decks) -> puzzles wanted. "known": the era-4 explore deck and the treasure
# deck have a given order (the best possible score from here); "unknown": no order
# (the best expected score).
BUCKETS = {
    (1, "known"): 7,
    (1, "unknown"): 7,
    (2, "known"): 6,
    (2, "unknown"): 6,
    (3, "known"): 5,
    (3, "unknown"): 5,
    (4, "known"): 5,
    (4, "unknown"): 5,
}
# The reference model searches ~150 nodes/s on a loaded machine: small trees only.
LIMIT = 2500  # nodes of one puzzle's tree (a fresh search)
GAME_LIMIT = 5000  # nodes spent on one game's walk back (shared table)
MAX_GAMES = 40  # per bucket
LAST_REVEALS = 3  # decision points of the last three reveals of era 4 are candidates
DECISIONS = ("place", "stop", "village", "route", "free", "repeat", "keep")
TAG_WEIGHT = {
    "unique-best": 3,
    "greedy-not-best": 3,
    "stop-best": 2,
    "village": 2,
    "route": 2,
    "treasure": 2,
    "deal-decides": 2,
    "objective-race": 2,
    "reveal-order": 2,
}


# ---- games ------------------------------------------------------------------------------


def pick(rng: random.Random, s):
    """A random move or chance outcome (chance by its probability); placing is preferred
    to stopping, as a player would."""
    if s.turn() == "chance":
        outs = s.chance()
        return rng.choices([o for o, _ in outs], weights=[float(p) for _, p in outs])[0]
    acts = s.legal()
    if acts[-1] == "stop" and len(acts) > 1 and rng.random() < 0.8:
        return rng.choice(acts[:-1])
    return rng.choice(acts)


def fix_orders(s, rng: random.Random) -> None:
    """Give the rest of the era's explore deck and the treasure deck(s) a seeded order
    (the position then writes them: every draw is known)."""
    s.explore_order = s.remaining_explore()
    rng.shuffle(s.explore_order)
    for d in s.tre:
        d.order = [k for k in TREASURE_ORDER for _ in range(d.unseen[k])]
        rng.shuffle(d.order)


def late_decisions(mid: str, players: int, decks: str, seed: int) -> list:
    """The decision points of one seeded game's last LAST_REVEALS reveals, in order."""
    rng = random.Random(seed)
    s = new_state(mid, players, seed=seed)  # known era-I orders: varied, reproducible
    seen = []
    fixed = False
    while s.turn() != "terminal":
        if s.era == 4 and not fixed:
            fixed = True
            for d in s.inv + s.tre:
                d.order = None  # what earlier eras knew does not matter now
            if decks == "known":
                fix_orders(s, rng)
        if (
            s.era == 4
            and len(s.played) >= 9 - LAST_REVEALS
            and s.turn() != "chance"
            and len(s.legal()) >= 2
        ):
            seen.append(s)
        s = s.apply(pick(rng, s))
    return seen


# ---- why a puzzle is interesting --------------------------------------------------------


def storable(s) -> bool:
    """A position text that any reader replays the same way: its `in_progress`, if any,
    holds decisions only (no chance outcome), and at most a few of them."""
    texts = [t for t, _ in s.log]
    return len(texts) <= 3 and all(t.split()[0] in DECISIONS for t in texts)


def tags_of(s, answer) -> list:
    seat = s.turn()
    me = s.players[seat]
    kids = {m: s.apply(m) for m in answer.moves}
    best = set(answer.best)
    tags = set()
    if len(best) == 1 and len(answer.moves) >= 3:
        tags.add("unique-best")
    coins = {m: k.players[seat].coins for m, k in kids.items()}
    if not best & {m for m, c in coins.items() if c == max(coins.values())}:
        tags.add("greedy-not-best")
    if "stop" in best and len(answer.moves) >= 2:
        tags.add("stop-best")

    def has(m, what) -> bool:
        k = kids[m].players[seat]
        pending = kids[m].tasks[-1][0] if kids[m].tasks else None
        if what == "village":
            return m.startswith("village") or len(k.villages) > len(me.villages)
        if what == "route":
            return (
                m.startswith("route")
                or len(k.routes) > len(me.routes)
                or pending == "routes"
            )
        return m.startswith("free") or len(k.ruins) > len(me.ruins)

    for what in ("village", "route", "treasure"):
        hits = {m for m in answer.moves if has(m, what)}
        if hits & best and hits != set(answer.moves):
            tags.add(what)
    if s.explore_order is None and len(s.remaining_explore()) >= 2:
        tags.add("reveal-order")  # the order of the reveals still to come is unknown
    if any(v.denominator != 1 for v in answer.moves.values()):
        tags.add("deal-decides")
    if s.n > 1 and any(o not in p.objectives for o in s.objectives for p in s.players):
        # some root move changes which objectives the root gets at the next check
        got = {
            m: tuple(k.players[seat].objectives)
            for m, k in kids.items()
            if k.to_move is None
        }
        if len(set(got.values())) > 1:
            tags.add("objective-race")
    return sorted(tags)


def weight(tags, answer, s) -> float:
    w = sum(TAG_WEIGHT.get(t, 0) for t in tags)
    w += min(answer.depth, 8) * 0.25
    if s.log:
        w -= 1.5  # prefer positions at the start of a seat's resolution
    return w


def number(v: Fraction):
    return int(v) if v.denominator == 1 else f"{v.numerator}/{v.denominator}"


def describe(s, decks, answer, tags) -> str:
    left = 9 - len(s.played)
    who = (
        "solo: the margin is the final score"
        if s.n == 1
        else f"{s.n} players, seat {s.turn()} to act"
    )
    order = (
        "known deck orders: the best possible"
        if decks == "known"
        else "unknown deck orders: the best expected"
    )
    value = "score" if s.n == 1 else "margin"
    mid = f", {len(s.log)} action(s) into {s.current}" if s.log else ""
    worst = min(answer.moves.values())
    best = answer.best
    head = best[0] if len(best) == 1 else f"{len(best)} moves"
    return (
        f"{s.map.id}, {who}; era 4, {left} reveal(s) left incl. {s.current}{mid}; "
        f"{order} {value} is {number(answer.value)} ({head}; the worst move gives "
        f"{number(worst)}); longest line {answer.depth} plies"
        + (f"; {', '.join(tags)}" if tags else "")
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
        memo = memos.setdefault(s.turn(), {})
        try:
            answer = solve_margin(s, limit=min(LIMIT, GAME_LIMIT - spent), memo=memo)
        except TooBig:
            break
        spent += answer.nodes
        if min(answer.moves.values()) == answer.value:
            continue  # every move is as good
        if len(answer.best) > 3:
            continue
        tags = tags_of(s, answer)
        out.append((weight(tags, answer, s), s, answer, tags))
    return out


def confirmed(s, decks):
    """The position text and a fresh search of it (read back from the text)."""
    text = to_position(s)
    back = load_position(text)
    assert to_position(back) == text, "to_position does not read back the same"
    assert back.turn() == s.turn() and back.legal() == s.legal()
    if decks == "known":
        assert "deck = " in text.split("[investigate]")[0]
    try:
        answer = solve_margin(back, limit=LIMIT)
    except TooBig:
        return None
    return text, answer


def log(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def bucket(key, seed) -> list:
    """The puzzles of one (players, decks) bucket (independent of the other buckets)."""
    players, decks = key
    want = BUCKETS[key]
    seen: set = set()
    kept = []
    for game in range(MAX_GAMES):
        if len(kept) >= want:
            break
        game_seed = seed * 1_000_000 + players * 10_000 + (decks == "known") * 5_000
        game_seed += game
        mid = MAP_IDS[(game + players) % len(MAP_IDS)]
        states = late_decisions(mid, players, decks, game_seed)
        picks = sorted(candidates(states), key=lambda c: -c[0])
        if not picks:
            log(f"{players}p-{decks}: game {game_seed} ({mid}): nothing kept")
        for _, s, _, _ in picks:
            got = confirmed(s, decks)
            if got is None:
                continue
            text, answer = got
            if text in seen:
                continue
            seen.add(text)
            tags = tags_of(load_position(text), answer)
            if s.log:
                tags.append("in-progress")
            pid = f"{players}p-{decks}-{len(kept) + 1:02d}"
            rec = {
                "id": pid,
                "objective": "margin",
                "depth": answer.depth,
                "margin": number(answer.value),
                "best": answer.best,
                "tags": [decks] + sorted(tags),
                "note": describe(s, decks, answer, tags),
                "position": text,
            }
            kept.append(rec)
            log(f"{pid}: {rec['note']} [{answer.nodes} nodes, game {game_seed}]")
            break
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
        default=ROOT / "puzzles/merchant-explorers-endgames.jsonl",
    )
    parser.add_argument(
        "-j", "--jobs", type=int, default=2, help="buckets solved at once (processes)"
    )
    args = parser.parse_args()

    start = time.perf_counter()
    suite: list = []
    # Buckets are independent and each is deterministic: the suite does not depend on
    # the number of jobs. The biggest (4 players) go first.
    keys = sorted(BUCKETS, key=lambda k: -k[0])
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        done = dict(
            zip(keys, pool.map(functools.partial(bucket, seed=args.seed), keys))
        )
    for key in BUCKETS:
        suite += done[key]
    args.output.parent.mkdir(parents=True, exist_ok=True)
    write_atomically(args.output, "".join(json.dumps(r) + "\n" for r in suite))
    log(f"{len(suite)} puzzles in {time.perf_counter() - start:.0f} s -> {args.output}")


if __name__ == "__main__":
    main()
