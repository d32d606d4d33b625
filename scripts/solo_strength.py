"""The solo strength of bots: per rung (bot spec) and map, the mean final score of solo
games with its 95% interval and, for Merchant Explorers, the rate of achieving all three
objectives (the solo win, spec §9) with its Wilson interval, as a Markdown table on stdout
(the tables of docs/merchant-explorers.md and docs/strength.md).

    python scripts/solo_strength.py [--game merchant-explorers] [--games N]
                                    [--bots B [B ...]] [--maps M [M ...]] [--chunk C]
                                    [--threads T] [--seed S] [--results FILE] [--quick]
                                    [--paired]

Every row plays games ``0..N`` of one arena (the engine behind ``golem-solve arena``)
with the same seed for every bot, so the rows of one map play the same deals. The games
are played ``--chunk`` at a time, and every finished game is appended to the results file
(JSON lines, one game a line) at once: Ctrl-C loses only the games being played, prints
the table of what is there, and the same command resumes where it stopped. Asking for
more games later plays only the new ones. ``--quick`` plays 4 games of greedy and ISMCTS
at 10 ms a decision (a smoke test of the script, not a measurement).

``--paired`` adds a second table: each rung after the first against the first, deal by
deal (every row of a map plays the same deals), with the mean difference of the scores
and its 95% interval, how many deals each side scored more, and the difference of the
solo-win rates; an "all maps" line pools the deals of every map. A paired difference is a
sharper test than two intervals side by side: the deal's own luck cancels.

Rows with ``movetime`` depend on the machine and its load; the others are reproducible
from the seed.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Dict, Iterable, List, Optional, Tuple

from bot_names import NAMES_VERSION, current_name
from sitting import sitting

from golem_solver import GolemError, StopToken, _core
from golem_solver.checks import check_players
from golem_solver.games import GAMES, setup_option_specs

BOTS = ["greedy", "ismcts:movetime=100", "ismcts:movetime=1000"]
QUICK_BOTS = ["greedy", "ismcts:movetime=10"]

# (game, map, bot, seed, game index) -> the game's line in the results file
Key = Tuple[str, str, str, int, int]


def has_solo_win(game: str) -> bool:
    """Whether the game's solo goal goes beyond the score (``INFO["solo_win"]``)."""
    return bool(GAMES[game].INFO["solo_win"])


def default_maps(game: str) -> List[str]:
    """Every bundled map of a game with a ``map`` setup option, else the one setup."""
    for option in setup_option_specs(game):
        if option.name == "map" and option.choices:
            return list(option.choices)
    return ["-"]


def key_of(row: dict) -> Key:
    return (row["game"], row["map"], row["bot"], row["seed"], row["index"])


def read_results(path: str) -> Dict[Key, dict]:
    """Every game already in the results file; a torn last line is skipped, not fatal."""
    games: Dict[Key, dict] = {}
    if not os.path.exists(path):
        return games
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
                version = row.get("names", 1)
                row = {
                    **row,
                    "names": NAMES_VERSION,
                    "bot": current_name(row["bot"], version),
                }
                games[key_of(row)] = row
            except (json.JSONDecodeError, KeyError, TypeError):
                print(f"{path}:{number}: not a game line, ignored", file=sys.stderr)
    return games


def append_lines(path: str, lines: List[str]) -> None:
    """Appends lines to a results file, starting on a new line if an interrupted write
    left the last one torn (so no finished game is glued onto it and lost)."""
    torn = False
    if os.path.exists(path) and os.path.getsize(path) > 0:
        with open(path, "rb") as f:
            f.seek(-1, os.SEEK_END)
            torn = f.read(1) != b"\n"
    with open(path, "a", encoding="utf-8") as out:
        out.write(("\n" if torn else "") + "".join(line + "\n" for line in lines))


def missing_ranges(
    done: Iterable[int], games: int, chunk: int
) -> List[Tuple[int, int]]:
    """(first, count) runs of at most ``chunk`` games covering the indices not done."""
    done = set(done)
    ranges: List[Tuple[int, int]] = []
    for index in range(games):
        if index in done:
            continue
        if ranges and ranges[-1][0] + ranges[-1][1] == index and ranges[-1][1] < chunk:
            ranges[-1] = (ranges[-1][0], ranges[-1][1] + 1)
        else:
            ranges.append((index, 1))
    return ranges


def play_range(
    args: argparse.Namespace, map_id: str, bot: str, first: int, count: int, stop
) -> Tuple[List[dict], bool]:
    """Games ``first..first + count`` of the row's arena: their result lines, and
    whether the arena was stopped."""
    setup = [] if map_id == "-" else [("map", map_id)]
    start = time.monotonic()
    out = _core.arena_games(
        [bot],
        game=args.game,
        games=args.games,
        players=1,
        seed=args.seed,
        threads=args.threads,
        setup=setup,
        first=first,
        count=count,
        stop=stop,
    )
    seconds = (time.monotonic() - start) / max(1, len(out["records"]))
    played_in = sitting()
    rows = [
        {
            "game": args.game,
            "map": map_id,
            "names": NAMES_VERSION,
            "bot": bot,
            "seed": args.seed,
            "index": record["index"],
            "score": record["scores"][0],
            "won": record["winner"] == 0,
            "finished": record["finished"],
            "plies": record["plies"],
            "seconds": round(seconds, 3),
            **played_in,
        }
        for record in out["records"]
    ]
    return rows, out["stopped"]


def arena_summary(game: str, map_id: str, bot: str, seed: int, rows: List[dict]):
    """The arena's own statistics (``_core.arena_report``: mean score and its 95%
    interval, solo wins and their Wilson interval) for these finished games."""
    records = [
        {
            "index": r["index"],
            "seats": [0],
            "bots": [bot],
            "scores": [r["score"]],
            "winner": 0 if r["won"] else None,
            "plies": r["plies"],
            "finished": True,
        }
        for r in rows
    ]
    report = _core.arena_report(
        [bot],
        records,
        game=game,
        games=max(r["index"] for r in rows) + 1,
        players=1,
        seed=seed,
        setup=[] if map_id == "-" else [("map", map_id)],
    )
    return report["bots"][0]


def percent(x: float) -> str:
    return f"{100 * x:.1f}%"


def header(game: str) -> List[str]:
    columns = ["map", "bot", "games", "mean score", "95% CI"]
    if has_solo_win(game):
        columns += ["all three objectives", "rate", "95% CI (Wilson)"]
    columns.append("wall time a game")
    return markdown_header(columns)


def markdown_header(columns: List[str]) -> List[str]:
    """A Markdown table's two header lines: two text columns, the rest numbers."""
    align = ["---", "---"] + ["---:"] * (len(columns) - 2)
    return ["| " + " | ".join(columns) + " |", "| " + " | ".join(align) + " |"]


def row_line(game: str, map_id: str, bot: str, seed: int, rows: List[dict]) -> str:
    finished = [r for r in rows if r["finished"]]
    if not finished:
        return f"| {map_id} | `{bot}` | 0 | | |"
    summary = arena_summary(game, map_id, bot, seed, finished)
    low, high = summary["score_ci95"]
    cells = [map_id, f"`{bot}`", str(summary["games"])]
    cells += [f"{summary['mean_score']:.2f}", f"{low:.2f}–{high:.2f}"]
    if has_solo_win(game):
        win_low, win_high = summary["ci95"]
        cells += [str(summary["wins"]), percent(summary["win_rate"])]
        cells.append(f"{percent(win_low)}–{percent(win_high)}")
    seconds = sum(r["seconds"] for r in finished) / len(finished)
    cells.append(f"{seconds:.1f} s")
    line = "| " + " | ".join(cells) + " |"
    unfinished = len(rows) - len(finished)
    return line + (f" ({unfinished} unfinished, left out)" if unfinished else "")


def table(
    game: str, maps: List[str], bots: List[str], seed: int, games: Dict[Key, dict]
) -> str:
    lines = header(game)
    for map_id in maps:
        for bot in bots:
            rows = [
                row
                for (g, m, b, s, _), row in sorted(games.items())
                if (g, m, b, s) == (game, map_id, bot, seed)
            ]
            if rows:
                lines.append(row_line(game, map_id, bot, seed, rows))
    return "\n".join(lines)


def mean_interval(values: List[float]) -> Tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation, as the arena's)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, mean, mean
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * (variance / n) ** 0.5
    return mean, mean - half, mean + half


def paired_line(game: str, label: str, bot: str, pairs: List[Tuple[dict, dict]]) -> str:
    """One line of the paired table: ``bot`` (the second of each pair) minus the base."""
    diffs = [float(b["score"] - a["score"]) for a, b in pairs]
    mean, low, high = mean_interval(diffs)
    cells = [label, f"`{bot}`", str(len(pairs))]
    cells += [f"{mean:+.2f}", f"{low:+.2f} to {high:+.2f}"]
    cells.append(" / ".join(str(n) for n in sign_counts(diffs)))
    if has_solo_win(game):
        wins = sum(int(b["won"]) - int(a["won"]) for a, b in pairs)
        cells.append(f"{100 * wins / len(pairs):+.1f} points")
    return "| " + " | ".join(cells) + " |"


def sign_counts(diffs: List[float]) -> Tuple[int, int, int]:
    """How many deals the rung scored more, as much, and less than the base."""
    more = sum(d > 0 for d in diffs)
    less = sum(d < 0 for d in diffs)
    return more, len(diffs) - more - less, less


def paired_table(
    game: str,
    maps: List[str],
    bots: List[str],
    seed: int,
    games: Dict[Key, dict],
    base_games: Optional[Dict[Key, dict]] = None,
) -> str:
    """Every rung after the first against the first, on the deals both finished; the
    first rung's games are looked up in ``base_games`` when given (another file)."""
    base = bots[0]
    base_games = games if base_games is None else base_games
    columns = ["map", "rung", "deals", f"score minus `{base}`", "95% CI"]
    columns.append("deals more / equal / less")
    if has_solo_win(game):
        columns.append("solo-win rate difference")
    lines = markdown_header(columns)
    notes: List[str] = []
    for bot in bots[1:]:
        pooled: List[Tuple[dict, dict]] = []
        for map_id in maps:
            pairs = [
                (row, games[(game, map_id, bot, seed, index)])
                for (g, m, b, s, index), row in sorted(base_games.items())
                if (g, m, b, s) == (game, map_id, base, seed)
                and (game, map_id, bot, seed, index) in games
            ]
            pairs = [(a, b) for a, b in pairs if a["finished"] and b["finished"]]
            if pairs:
                lines.append(paired_line(game, map_id, bot, pairs))
                pooled += pairs
        if pooled and len(maps) > 1:
            lines.append(paired_line(game, "all maps", bot, pooled))
        note = sitting_note(base, bot, pooled)
        if note:
            notes.append(note)
    return "\n".join(lines + ([""] + notes if notes else []))


def sitting_note(base: str, bot: str, pairs: List[Tuple[dict, dict]]) -> str:
    """A warning when the two rungs' games were played by different engines (or one
    side's engine was not recorded): their difference then includes the sittings'."""

    def engines(side: int) -> List[str]:
        return sorted({str(pair[side].get("engine") or "unrecorded") for pair in pairs})

    mine, theirs = engines(0), engines(1)
    if mine == theirs:
        return ""
    return (
        f"note: `{bot}` ({', '.join(theirs)}) and `{base}` ({', '.join(mine)}) were "
        "played by different engines: the difference includes the sittings' (code, "
        "machine load); play both again together to compare them."
    )


def solo_ladder(
    args: argparse.Namespace, maps: List[str], bots: List[str], paired: bool = False
) -> int:
    """Plays what the results file lacks, then prints the table (and with ``paired`` the
    deal-by-deal table against the first rung); 130 after Ctrl-C."""
    games = read_results(args.results)
    # The first rung from another file: a row of another sitting, compared, not played.
    base_results = getattr(args, "base_results", None)
    base_games = read_results(base_results) if base_results else games
    played = bots[1:] if base_results else bots
    stop = StopToken()
    interrupted = False
    try:
        for map_id in maps:
            for bot in played:
                done = [
                    k[4] for k in games if k[:4] == (args.game, map_id, bot, args.seed)
                ]
                for first, count in missing_ranges(done, args.games, args.chunk):
                    rows, stopped = play_range(args, map_id, bot, first, count, stop)
                    append_lines(args.results, [json.dumps(row) for row in rows])
                    for row in rows:
                        games[key_of(row)] = row
                    if stopped:
                        raise KeyboardInterrupt
                    print(
                        f"{map_id} {bot}: games {first}-{first + count - 1} done",
                        file=sys.stderr,
                    )
    except KeyboardInterrupt:
        interrupted = True
        print("stopped: the table covers the games finished so far", file=sys.stderr)
    print(f"{args.game}, 1 player, seed {args.seed}, results in {args.results}\n")
    print(table(args.game, maps, played, args.seed, games))
    if paired and len(bots) > 1:
        source = f" of {base_results}" if base_results else ""
        print(f"\nPaired by deal, against `{bots[0]}`{source}:\n")
        print(paired_table(args.game, maps, bots, args.seed, games, base_games))
    return 130 if interrupted else 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="merchant-explorers")
    parser.add_argument("--games", type=int, default=100, help="games per row")
    parser.add_argument("--bots", nargs="+", default=None)
    parser.add_argument("--maps", nargs="+", default=None)
    parser.add_argument("--chunk", type=int, default=4, help="games per arena")
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--results", default=None, help="JSON lines file (resumed)")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument(
        "--paired",
        action="store_true",
        help="also compare every rung with the first, deal by deal",
    )
    parser.add_argument(
        "--base-results",
        default=None,
        help="with --paired: the first rung's games from this file (another sitting's "
        "row), not played",
    )


def prepare(args: argparse.Namespace, bots: Optional[List[str]]) -> Tuple[list, list]:
    """The maps and rungs to play, after ``--quick`` and the defaults; ValueError or
    GolemError for a game without a solo game or without maps."""
    check_players(args.game, 1)
    if args.quick:
        args.games, bots = 4, QUICK_BOTS
    args.chunk = max(1, min(args.chunk, args.games))
    if args.results is None:
        args.results = f"solo-{args.game}.jsonl"
    maps = args.maps or default_maps(args.game)
    has_maps = any(option.name == "map" for option in setup_option_specs(args.game))
    if maps != ["-"] and not has_maps:
        raise ValueError(f"maps: {args.game} has no maps")
    return maps, bots or BOTS


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_arguments(parser)
    args = parser.parse_args()
    try:
        maps, bots = prepare(args, args.bots)
    except (ValueError, GolemError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return solo_ladder(args, maps, bots, paired=args.paired)


if __name__ == "__main__":
    sys.exit(main())
