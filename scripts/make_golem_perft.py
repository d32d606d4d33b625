"""Make the Golem (Cranio) perft table: tests/perft/golem-cranio/perft.txt.

Positions come from seeded random play of the reference model (tests/reference/
golem_cranio): each entry of POSITIONS names a game (players, hidden decks, seed) and the
kind of state to stop at (a phase at rest, a passing stage, a Pass-tile-1 removal, a
state inside a compound action written with `in_progress`, ...). Future marble drops are
listed in every file (spec §10: an unlisted drop multiplies counts by up to 15 M) except
the one `redrop` file, whose small Passing-phase re-drop is left to chance on purpose.

Every row (depths 1-3) is counted by the engine (`golem_trace --perft`, release build)
and by the model; the table and the files are written only if all counts agree. A row
above the engine's or the model's leaf limit is left out and named in a comment of
perft.txt. `--dry-run` counts and compares without writing.

    python scripts/make_golem_perft.py [--model-limit 1500000] [--jobs 2]

(about 20 minutes on two cores, nearly all of it the model; cargo builds the example.)
"""

from __future__ import annotations

import argparse
import json
import math
import random
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from multiprocessing import Pool
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from reference.golem_cranio import (  # noqa: E402
    apply,
    is_chance,
    is_terminal,
    legal,
    new_game,
    perft,
    sample_chance,
)
from reference.golem_cranio import engine as frames  # noqa: E402
from reference.golem_cranio.components import COLOURS  # noqa: E402
from reference.golem_cranio.engine import is_decision, top  # noqa: E402
from reference.golem_cranio.position import body, from_toml, phase_of, to_toml  # noqa: E402
from reference.golem_cranio.state import C, total_marbles  # noqa: E402

OUT = ROOT / "tests" / "perft" / "golem-cranio"
MAX_DEPTH = 3
DROPS_LISTED = 4  # more drop events than three plies can reach


# ---- which state to stop at --------------------------------------------------------------


def at_rest(s) -> bool:
    """A state at rest (§11): the file's `in_progress` is empty."""
    return not s.get("_trail") and (is_decision(s) or phase_of(s) == "refresh")


def rest(phase, stage=None, round_=None):
    def pick(s):
        if (
            at_rest(s)
            and phase_of(s) == phase
            and (stage is None or s["stage"] == stage)
            and (round_ is None or s["round"] == round_)
        ):
            return to_toml(s)
        return None

    return pick


def redrop(limit):
    """A Pass-tile-1 removal whose re-drop (left unlisted) has few outcomes."""

    def pick(s):
        if not (at_rest(s) and phase_of(s) == "remove"):
            return None
        pool = total_marbles(s["lines"])
        if max(drop_outcomes(pool, c) for c in COLOURS) <= limit:
            return to_toml(s)
        return None

    return pick


def drop_outcomes(pool, removed):
    """Outcomes of re-dropping `pool` less one marble of colour `removed` (5 lines)."""
    if pool[removed] == 0:
        return 0
    counts = [pool[c] - (c == removed) for c in COLOURS]
    return math.prod(math.comb(m + 4, 4) for m in counts)


def inside(kinds, min_trail=1):
    """A decision inside a compound action (`in_progress` non-empty, no drop in it: the
    listed drops added to the file must stay unused by the trail)."""

    def pick(s):
        trail = s.get("_trail", [])
        if (
            is_decision(s)
            and len(trail) >= min_trail
            and not any(t.startswith("drop ") for t in trail)
            and top(s)["k"] in kinds
        ):
            return to_toml(s)
        return None

    return pick


def income():
    """The start of a player's Income (§11 `phase = "income"`): the model passes through
    it without stopping when Income holds no decision, so the state is caught where the
    model records it (`capture_rest`, see `find`)."""

    def pick(s):
        caught = s.get("_income")
        return body(*caught) if caught else None

    return pick


def _recording(capture_rest):
    """`capture_rest` that also keeps the start of an Income in the state (`_` keys are
    bookkeeping: copied with the state, not part of it)."""

    def record(s, to_move):
        capture_rest(s, to_move)
        if s["_rest"][0]["phase"] == "income" and "_income" not in s:
            s["_income"] = s["_rest"]

    return record


# Decisions of effect ops and line actions (model frame kinds), below a line menu.
EFFECT_DECISIONS = {
    "activate", "active", "artact", "book", "choice", "convert", "create", "g6", "gold",
    "keep", "kill", "move", "students", "then_act", "track", "use", "work", "work_pick",
}  # fmt: skip

# (kind, players, hidden decks, seed, selector, matches to skip first); the file name is
# p<players>-r<round>-<kind>-<known|hidden>[-inprogress].toml.
POSITIONS = [
    ("draft", 2, False, 1, rest("draft"), 1),
    ("draft", 4, True, 2, rest("draft"), 3),
    ("discard", 1, True, 3, rest("discard"), 0),
    ("discard", 3, False, 4, rest("discard"), 1),
    ("artifact", 3, False, 5, rest("artifact"), 0),
    ("start", 4, True, 6, rest("start"), 1),
    ("place", 2, True, 7, rest("place"), 0),
    ("movement", 4, False, 8, rest("movement"), 1),
    ("movement", 3, True, 9, rest("movement", round_=2), 0),
    ("actions", 2, False, 10, rest("actions", "main", 2), 2),
    ("actions", 1, True, 11, rest("actions", "main", 2), 1),
    ("actions", 4, True, 12, rest("actions", "main", 3), 4),
    ("passing1", 3, False, 13, rest("actions", "passing1"), 0),
    ("passing2", 2, True, 14, rest("actions", "passing2"), 0),
    ("remove", 2, False, 15, rest("remove"), 0),
    ("remove-redrop", 4, False, 16, redrop(3000), 0),
    ("influence", 3, False, 17, rest("influence"), 0),
    ("income", 2, False, 18, income(), 0),
    ("development", 4, True, 19, rest("development"), 0),
    ("refresh", 2, False, 20, rest("refresh"), 1),
    ("refresh", 2, True, 21, rest("refresh", round_=4), 0),
    ("development", 1, False, 22, rest("development", round_=4), 0),
    ("influence", 3, True, 32, rest("influence", round_=4), 0),
    ("actions", 2, False, 24, inside({"menu"}, 1), 3),
    ("actions", 3, True, 25, inside(EFFECT_DECISIONS, 2), 1),
]


def find(players, hidden, seed, pick, skip):
    """The position text where seeded random play meets `pick` for the skip+1-th time."""
    s = new_game(players, seed=seed, hide_decks=hidden)
    rng = random.Random(seed)
    plain = frames.capture_rest
    frames.capture_rest = _recording(plain)
    try:
        while True:
            text = pick(s)
            if text:
                if skip == 0:
                    return text
                skip -= 1
            if is_terminal(s):
                return None
            s.pop("_income", None)
            s = apply(
                s, sample_chance(s, rng) if is_chance(s) else rng.choice(legal(s))
            )
    finally:
        frames.capture_rest = plain


def with_drops(text, players, rng, listed):
    """`text` with `listed` random full-set drop entries (§11 `drops`)."""
    if listed == 0:
        return text
    counts = C({"components_path": None}).marbles[players]
    entries = []
    for _ in range(listed):
        fields = [
            f'{c} = "' + "".join(str(rng.randint(1, 5)) for _ in range(counts[c])) + '"'
            for c in COLOURS
        ]
        entries.append("{ " + ", ".join(fields) + " }")
    lines = text.splitlines()
    at = next(i for i, x in enumerate(lines) if x.startswith("pass_tiles = "))
    lines.insert(at + 1, "drops = [" + ", ".join(entries) + "]")
    return "\n".join(lines) + "\n"


# ---- counting ------------------------------------------------------------------------------


def engine_counts(files, limit):
    cmd = [
        "cargo",
        "run",
        "--quiet",
        "--release",
        "-p",
        "golem-core",
        "--example",
        "golem_trace",
        "--",
        "--perft",
        str(MAX_DEPTH),
        "--max-leaves",
        str(limit),
        *map(str, files),
    ]
    out = subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, text=True)
    lines = [json.loads(x) for x in out.stdout.splitlines() if x.strip()]
    return {Path(x["file"]).name: x for x in lines}


def model_count(job):
    path, depth = job
    s = from_toml(Path(path).read_text())
    start = time.perf_counter()
    leaves = perft(s, depth)
    return Path(path).name, depth, leaves, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--engine-limit", type=int, default=5_000_000)
    parser.add_argument("--model-limit", type=int, default=1_500_000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--only", nargs="*", help="count these file names only (writes nothing)"
    )
    parser.add_argument("--dry-run", action="store_true", help="count, write nothing")
    parser.add_argument(
        "--engine-only", action="store_true", help="print the engine's counts only"
    )
    args = parser.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="golem-perft-"))
    files = []
    names = []
    for kind, players, hidden, seed, pick, skip in POSITIONS:
        text = find(players, hidden, seed, pick, skip)
        if text is None:
            sys.exit(
                f"{kind} {players}p seed {seed}: never reaches the state asked for"
            )
        head = tomllib.loads(text)
        name = f"p{players}-r{head['round']}-{kind}-{'hidden' if hidden else 'known'}"
        name += "-inprogress.toml" if head["in_progress"] else ".toml"
        if name in names:
            sys.exit(f"{name}: two positions of that name")
        names.append(name)
        if args.only and name not in args.only:
            continue
        listed = 0 if kind == "remove-redrop" else DROPS_LISTED
        text = with_drops(text, players, random.Random(seed), listed)
        from_toml(text)  # the model reads it back
        (tmp / name).write_text(text)
        files.append(tmp / name)
        print(f"{name}: seed {seed}, {len(head['in_progress'])} in progress")
    counted = engine_counts(files, args.engine_limit)
    if args.engine_only:
        for f in files:
            print(f.name, counted[f.name]["perft"], counted[f.name]["seconds"])
        shutil.rmtree(tmp)
        return
    jobs, rows, omitted = [], {}, []
    for f in files:
        counts = counted[f.name]["perft"]
        for depth, leaves in enumerate(counts, start=1):
            if leaves > args.model_limit:
                omitted.append(
                    f"{f.name} {depth}: {leaves} leaves, above the model limit"
                )
            else:
                rows[(f.name, depth)] = leaves
                jobs.append((str(f), depth))
        if len(counts) < MAX_DEPTH:
            omitted.append(
                f"{f.name} {len(counts) + 1}: more than {args.engine_limit} leaves "
                "(the engine gave up)"
            )
    jobs.sort(key=lambda j: -rows[(Path(j[0]).name, j[1])])  # longest first
    bad, model_seconds = [], 0.0
    with Pool(args.jobs) as pool:
        for name, depth, leaves, seconds in pool.imap_unordered(model_count, jobs):
            want = rows[(name, depth)]
            mark = "ok" if leaves == want else f"MODEL {leaves}"
            print(f"{name} {depth} {want} {mark} ({seconds:.1f} s)", flush=True)
            model_seconds += seconds
            if leaves != want:
                bad.append(f"{name} depth {depth}: engine {want}, model {leaves}")
    for line in omitted:
        print("omitted:", line)
    total = sum(rows.values())
    engine_seconds = sum(counted[name]["seconds"][depth - 1] for name, depth in rows)
    print(
        f"{len(rows)} rows, {total} leaves: engine {engine_seconds:.2f} s "
        f"({total / engine_seconds:,.0f} leaves/s), model {model_seconds:.0f} s "
        f"({total / model_seconds:,.0f} leaves/s)"
    )
    if bad:
        sys.exit(f"engine and model disagree (files in {tmp}):\n" + "\n".join(bad))
    if args.dry_run or args.only:
        shutil.rmtree(tmp)
        return
    OUT.mkdir(parents=True, exist_ok=True)
    for f in files:
        shutil.copy(f, OUT / f.name)
    header = [
        "# FILE DEPTH LEAVES: perft of spec §10 (a ply is one micro-action; chance uses no",
        "# ply; a terminal position is a leaf), counted by the engine",
        "# (golem_cranio::perft) and by the reference model (tests/reference/golem_cranio),",
        "# which agreed on every row when the table was made: scripts/make_golem_perft.py.",
        "# Files list their future drops, except *-redrop-*, whose re-drops are chance.",
    ]
    header += [f"# omitted: {line}" for line in omitted]
    order = {name: i for i, name in enumerate(names)}
    table = [
        f"{name} {depth} {rows[(name, depth)]}"
        for name, depth in sorted(rows, key=lambda r: (order[r[0]], r[1]))
    ]
    (OUT / "perft.txt").write_text("\n".join(header + table) + "\n")
    shutil.rmtree(tmp)
    print(f"{len(table)} rows written to {OUT / 'perft.txt'}")


if __name__ == "__main__":
    main()
