"""An Elo ladder for one game and player count: a round robin of bot specs with paired
seeds and rotated seats, fitted with Bradley-Terry (Elo) and 95% intervals, anchored at
greedy = 0.

    python scripts/ladder.py --game century-golem [--players 2] [--bots B [B ...]]
                             [--games 200] [--pairs adjacent|all] [--results FILE]
                             [--threads 2] [--seed 1] [--backend ray] [--quick]
                             [--include FILE [FILE ...]]

Games are played by the arena (``golem_solver.arena.run``) in chunks of ``--chunk`` games
(each chunk one arena with its own seed, seats rotated within it). Every finished chunk
is appended to the results file (JSON lines) at once, so Ctrl-C loses at most the chunk
being played, and a later run with the same file resumes: chunks already there are not
played again. With 2 players a chunk is the two bots; with 3 or 4 players every game of
a chunk seats the pair and fills the other seats with the pair again, in turn (a, b, a,
b), and each game gives its pairwise orderings between seats of different bots.

A pairwise result: the higher final score wins the pair; equal scores are a draw (half a
win each). The fit maximises the Bradley-Terry likelihood (Hunter's MM iteration) with a
quarter of a win added each way for every pair played, so that a rung that won every
game still gets a finite rating; the intervals come from the inverse Fisher information
with greedy's rating fixed at 0. Elo = 400 log10(strength).

With one player (``--players 1``) there is no pairing: each rung plays the same solo
deals on each map (``--maps``, every Merchant Explorers map by default), and the table is
the mean score with its 95% interval per rung and map, with the rate of achieving all
three objectives for Merchant Explorers (``scripts/solo_strength.py`` plays it, one game
a line in the results file, resumed the same way).

A pair stops early once one bot has won every one of its first ``--decided`` games (40
by default): further games of a clean sweep would only narrow an interval that the fit
already bounds by its prior.

``--include FILE...`` adds the pairs of other results files (of the same game and player
count) to the fit and the tables, without writing to them or playing their pairs: one
table for rungs measured by different ladders.

``--pairs adjacent`` (the default) plays each rung against the next one and against
greedy; ``all`` plays every pair. ``--quick``: 4 games a pair, fast rungs only (a smoke
test of the script, not a measurement).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from typing import Dict, List, Tuple

import solo_strength
from bot_names import NAMES_VERSION, current_name
from sitting import sitting

from golem_solver import GolemError, StopToken
from golem_solver.arena import run

DEFAULT_RUNGS = [
    "random",
    "greedy",
    "alphabeta:depth=1",
    "alphabeta:depth=2",
    "ismcts:movetime=10",
    "ismcts:movetime=100",
    # A second thread at equal wall time (play with --threads 1: the rung takes 2 cores).
    "ismcts:movetime=100,threads=2",
    "ismcts:movetime=1000",
]
QUICK_RUNGS = ["random", "greedy", "alphabeta:depth=1", "ismcts:iterations=50"]
ANCHOR = "greedy"
PSEUDO_WINS = 0.25
ELO = 400.0 / math.log(10.0)

Tally = Dict[Tuple[str, str], List[float]]  # (a, b) -> [a's points, games]


def pairs_to_play(rungs: List[str], mode: str) -> List[Tuple[str, str]]:
    if mode == "all":
        return [(a, b) for i, a in enumerate(rungs) for b in rungs[i + 1 :]]
    pairs = list(zip(rungs, rungs[1:]))
    if ANCHOR in rungs:
        for r in rungs:
            if r != ANCHOR and (ANCHOR, r) not in pairs and (r, ANCHOR) not in pairs:
                pairs.append((ANCHOR, r))
    return pairs


def seats_for(a: str, b: str, players: int) -> List[str]:
    return [a if i % 2 == 0 else b for i in range(players)]


def pairwise(record: dict) -> List[Tuple[str, str, float, float]]:
    """(bot i, bot j, points of i, score of i minus score of j) for every pair of seats
    held by different bots."""
    bots, scores = record["bots"], record["scores"]
    out = []
    for i in range(len(bots)):
        for j in range(i + 1, len(bots)):
            if bots[i] == bots[j]:
                continue
            points = (
                1.0 if scores[i] > scores[j] else 0.0 if scores[i] < scores[j] else 0.5
            )
            out.append((bots[i], bots[j], points, float(scores[i] - scores[j])))
    return out


def swept(rows: List[dict], a: str, b: str, after: int) -> bool:
    """Whether one bot of the pair has won every game of the first ``after`` or more:
    more games would only narrow an interval the fit already pins at its prior."""
    points = games = 0.0
    for row in rows:
        if row["pair"] != [a, b]:
            continue
        for x, _, p in row["results"]:
            points += p if x == a else 1.0 - p
            games += 1.0
    return games >= after > 0 and points in (0.0, games)


class SameBot(ValueError):
    """The two specs of a pair name one bot."""


def play_chunk(args, a: str, b: str, chunk: int, stop: StopToken) -> dict:
    seed = args.seed + 1_000_003 * chunk + sum(map(ord, a + "|" + b))
    report = run(
        seats_for(a, b, args.players),
        game=args.game,
        games=args.chunk,
        players=args.players,
        seed=seed,
        threads=args.threads,
        record=True,
        stop=stop,
        backend=args.backend,
    )
    # The records name bots canonically (defaults spelled out); the ladder by their specs.
    spec_of = {entry["bot"]: spec for entry, spec in zip(report["bots"], (a, b))}
    if len(spec_of) < 2:
        # One canonical name for both: no game would count for the pair, so say so
        # rather than write a chunk of nothing.
        raise SameBot(f"{a} and {b} are the same bot ({report['bots'][0]['bot']})")
    compared = [
        (spec_of.get(x, x), spec_of.get(y, y), p, margin)
        for rec in report["records"]
        if rec["finished"]
        for x, y, p, margin in pairwise(rec)
    ]
    return {
        "game": args.game,
        "players": args.players,
        "names": NAMES_VERSION,
        "pair": [a, b],
        "chunk": chunk,
        "seed": seed,
        "games": report["played"],
        "stopped": report["stopped"],
        "unfinished": report["unfinished"],
        "results": [(x, y, p) for x, y, p, _ in compared],
        # Parallel to `results`: the first bot's final score minus the second's, a finer
        # measure than the win (a search that gains points it does not convert to wins).
        "margins": [margin for *_, margin in compared],
        "seconds": report["seconds"],
        **sitting(),
    }


def current_row(row: dict) -> dict:
    """A results row with its bot names as they are named now."""
    version = row.get("names", 1)
    if version >= NAMES_VERSION:
        return row

    def name(spec: str) -> str:
        return current_name(spec, version)

    return {
        **row,
        "names": NAMES_VERSION,
        "pair": [name(b) for b in row["pair"]],
        "results": [[name(x), name(y), p] for x, y, p in row["results"]],
    }


def read_results(path: str, game: str, players: int) -> List[dict]:
    if not os.path.exists(path):
        return []
    rows = []
    with open(path) as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                print(
                    f"{path}:{number}: not JSON, ignored (an interrupted write?)",
                    file=sys.stderr,
                )
                continue
            if row.get("game") == game and row.get("players") == players:
                rows.append(current_row(row))
    return rows


def tally(rows: List[dict]) -> Tally:
    totals: Tally = {}
    for row in rows:
        for x, y, points in row["results"]:
            key, points = ((x, y), points) if x < y else ((y, x), 1.0 - points)
            entry = totals.setdefault(key, [0.0, 0.0])
            entry[0] += points
            entry[1] += 1.0
    return totals


def fit(totals: Tally, rungs: List[str]) -> Dict[str, Tuple[float, float, int]]:
    """Elo and its 95% half-width per rung (greedy = 0), and the games it played."""
    names = [r for r in rungs if any(r in key for key in totals)]
    index = {n: i for i, n in enumerate(names)}
    k = len(names)
    wins = [[0.0] * k for _ in range(k)]
    games = [[0.0] * k for _ in range(k)]
    for (x, y), (points, n) in totals.items():
        if x not in index or y not in index:
            continue
        i, j = index[x], index[y]
        wins[i][j] += points + PSEUDO_WINS
        wins[j][i] += n - points + PSEUDO_WINS
        games[i][j] += n + 2 * PSEUDO_WINS
        games[j][i] += n + 2 * PSEUDO_WINS
    strength = [1.0] * k
    for _ in range(10_000):
        new = []
        for i in range(k):
            w = sum(wins[i])
            d = sum(
                games[i][j] / (strength[i] + strength[j]) for j in range(k) if j != i
            )
            new.append(w / d if d > 0 else strength[i])
        norm = math.exp(sum(math.log(s) for s in new) / k)
        new = [s / norm for s in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, strength)) < 1e-10
        strength = new
        if done:
            break
    theta = [math.log(s) for s in strength]
    anchor = index.get(ANCHOR, 0)
    theta = [t - theta[anchor] for t in theta]
    # Fisher information of theta, greedy's row and column removed.
    info = [[0.0] * k for _ in range(k)]
    for i in range(k):
        for j in range(k):
            if i == j or games[i][j] == 0:
                continue
            p = 1.0 / (1.0 + math.exp(theta[j] - theta[i]))
            v = games[i][j] * p * (1.0 - p)
            info[i][i] += v
            info[i][j] -= v
    free = [i for i in range(k) if i != anchor]
    covariance = invert([[info[i][j] for j in free] for i in free])
    played = {n: 0 for n in names}
    for (x, y), (_, n) in totals.items():
        if x in played and y in played:
            played[x] += int(n)
            played[y] += int(n)
    out = {}
    for n in names:
        i = index[n]
        if i == anchor:
            half = 0.0
        else:
            f = free.index(i)
            half = 1.96 * math.sqrt(max(covariance[f][f], 0.0))
        out[n] = (ELO * theta[i], ELO * half, played[n])
    return out


def invert(matrix: List[List[float]]) -> List[List[float]]:
    """Gauss-Jordan inverse of a small symmetric positive definite matrix."""
    n = len(matrix)
    a = [
        row[:] + [1.0 if i == j else 0.0 for j in range(n)]
        for i, row in enumerate(matrix)
    ]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        if abs(a[c][c]) < 1e-300:
            return [[math.inf] * n for _ in range(n)]
        scale = a[c][c]
        a[c] = [x / scale for x in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                factor = a[r][c]
                a[r] = [x - factor * y for x, y in zip(a[r], a[c])]
    return [row[n:] for row in a]


def score_interval(points: float, games: float) -> Tuple[float, float]:
    """The Wilson 95% interval of a pair's score (draws are half points, so the count is
    fractional; the arena's `wilson` takes whole wins)."""
    z = 1.96
    p = points / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    half /= 1 + z * z / games
    # Clamped: at a score of 0 or 1 rounding leaves a bound a hair outside (a "-0.0%").
    return max(0.0, centre - half), min(1.0, centre + half)


def margins(rows: List[dict]) -> Dict[Tuple[str, str], List[float]]:
    """Per pair (names sorted), the score margins of the first bot in the rows that
    record them (rows written before margins were kept have none)."""
    out: Dict[Tuple[str, str], List[float]] = {}
    for row in rows:
        for (x, y, _), margin in zip(row["results"], row.get("margins", [])):
            key, margin = ((x, y), margin) if x < y else ((y, x), -margin)
            out.setdefault(key, []).append(margin)
    return out


def mean_interval(values: List[float]) -> Tuple[float, float]:
    """The mean and the half-width of its normal 95% interval."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, math.inf
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(variance / n)


def margin_table(by_pair: Dict[Tuple[str, str], List[float]]) -> str:
    lines = [
        "| pair | points margin of the first | 95% CI | games |",
        "| --- | ---: | ---: | ---: |",
    ]
    for (x, y), values in sorted(by_pair.items()):
        mean, half = mean_interval(values)
        lines.append(
            f"| `{x}` v `{y}` | {mean:+.2f} | {mean - half:+.2f} to {mean + half:+.2f} "
            f"| {len(values)} |"
        )
    return "\n".join(lines)


def table(ratings: Dict[str, Tuple[float, float, int]], totals: Tally) -> str:
    lines = ["| rung | Elo | 95% CI | pairwise games |", "| --- | ---: | ---: | ---: |"]
    # fit anchors greedy, or the first rung (its first key) when greedy does not play.
    anchor = ANCHOR if ANCHOR in ratings else next(iter(ratings), None)
    for name, (elo, half, games) in sorted(ratings.items(), key=lambda kv: kv[1][0]):
        ci = "anchor" if name == anchor else f"{elo - half:+.0f} to {elo + half:+.0f}"
        lines.append(f"| `{name}` | {elo:+.0f} | {ci} | {games} |")
    lines.append("")
    lines.append("| pair | score of the first | 95% CI (Wilson) | games |")
    lines.append("| --- | ---: | ---: | ---: |")
    for (x, y), (points, n) in sorted(totals.items()):
        low, high = score_interval(points, n)
        lines.append(
            f"| `{x}` v `{y}` | {points:g} ({100 * points / n:.1f}%) "
            f"| {100 * low:.1f}-{100 * high:.1f}% | {n:g} |"
        )
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="century-golem")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--bots", nargs="+", default=None)
    parser.add_argument("--games", type=int, default=200, help="games per pair")
    parser.add_argument("--chunk", type=int, default=20, help="games per arena")
    parser.add_argument("--pairs", choices=["adjacent", "all"], default="adjacent")
    parser.add_argument("--results", default=None, help="JSON lines file (resumed)")
    parser.add_argument(
        "--include",
        nargs="+",
        default=[],
        metavar="FILE",
        help="more results files, read for the fit and never written (other ladders' pairs)",
    )
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--decided",
        type=int,
        default=40,
        help="stop a pair once one bot has won all of its first N games (0: never)",
    )
    parser.add_argument("--backend", default="threads")
    parser.add_argument("--maps", nargs="+", default=None, help="solo maps")
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    if args.players == 1:
        return solo(args)
    rungs = args.bots or (QUICK_RUNGS if args.quick else DEFAULT_RUNGS)
    if args.quick:
        args.games, args.chunk = 4, 4
    args.chunk = max(1, min(args.chunk, args.games))
    results = args.results or f"ladder-{args.game}-{args.players}p.jsonl"
    for path in args.include:
        problem = None
        if not os.path.isfile(path):
            problem = "no such file"
        elif os.path.abspath(path) == os.path.abspath(results):
            problem = "is the results file (its pairs would count twice)"
        if problem:
            print(f"error: include: {path}: {problem}", file=sys.stderr)
            return 2
    rows = read_results(results, args.game, args.players)
    done = {(tuple(r["pair"]), r["chunk"]) for r in rows if not r["stopped"]}
    stop = StopToken()
    interrupted = False
    try:
        for a, b in pairs_to_play(rungs, args.pairs):
            for chunk in range(math.ceil(args.games / args.chunk)):
                if ((a, b), chunk) in done:
                    continue
                if swept(rows, a, b, args.decided):
                    print(
                        f"{a} v {b}: one bot won every game, pair stopped",
                        file=sys.stderr,
                    )
                    break
                start = time.monotonic()
                row = play_chunk(args, a, b, chunk, stop)
                row["seconds"] = time.monotonic() - start
                if row["stopped"]:
                    raise KeyboardInterrupt
                solo_strength.append_lines(results, [json.dumps(row)])
                rows.append(row)
                print(
                    f"{a} v {b}: chunk {chunk}, {row['games']} games, {row['seconds']:.0f} s",
                    file=sys.stderr,
                )
    except KeyboardInterrupt:
        interrupted = True
        print("stopped: the table covers the chunks finished so far", file=sys.stderr)
    except SameBot as error:
        print(f"error: bots: {error}", file=sys.stderr)
        return 2
    included = [
        row
        for path in args.include
        for row in read_results(path, args.game, args.players)
    ]
    totals = tally(rows + included)
    if totals:
        chunks = f"{len(included)} chunk{'' if len(included) == 1 else 's'}"
        also = f" (and {chunks} of {', '.join(args.include)})" if included else ""
        print(
            f"{args.game}, {args.players} players, {len(rows)} chunks, results in {results}"
            f"{also}\n"
        )
        print(table(fit(totals, rungs), totals))
        by_pair = margins(rows + included)
        if by_pair:
            print()
            print(margin_table(by_pair))
    return 130 if interrupted else 0


def solo(args: argparse.Namespace) -> int:
    """The one-player ladder: a table of mean scores per rung and map."""
    if args.results is None:
        args.results = f"ladder-{args.game}-1p.jsonl"
    args.chunk = min(args.chunk, 4)
    bots = args.bots or (solo_strength.QUICK_BOTS if args.quick else DEFAULT_RUNGS)
    try:
        maps, bots = solo_strength.prepare(args, bots)
    except (ValueError, GolemError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return solo_strength.solo_ladder(args, maps, bots)


if __name__ == "__main__":
    sys.exit(main())
