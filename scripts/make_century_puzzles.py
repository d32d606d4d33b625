"""Generate the Century endgame puzzle suite (puzzles/century-endgames.jsonl).

    python scripts/make_century_puzzles.py [--seed 1] [--per-bucket 10] [-o FILE]

Plays random and heuristic games with the engine into the last round (or just before
it), then tries each late position as a win puzzle and as a margin puzzle at a small
depth. A position is kept when its answer is interesting (see TAG_WEIGHT); its expected
answer comes from the reference brute force (tests/reference/century_solver.py), and the
engine must agree with it, move by move, before it is written. Deterministic for a seed:
games, deals and searches are all seeded or budget-free.

An engine disagreement is printed with its position and the script exits with status 1
(that is an engine bug to report, not a puzzle to drop).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the reference model and brute force

from reference import century_model as model  # noqa: E402
from reference import century_solver as ref  # noqa: E402

from golem_solver import Century, solve  # noqa: E402
from golem_solver._files import write_atomically  # noqa: E402
from golem_solver.puzzles import SuiteError, check, puzzle_from_record  # noqa: E402

PLAYERS = (2, 3, 4, 5)
DECKS = ("known", "hidden")
# The reference brute force visits ~25k nodes/s: cap the tree it is given.
MAX_LEAVES = 30_000
MAX_GAMES = 200  # per bucket: stop looking even if the bucket is not full
PICKY_GAMES = 100  # see bucket()
PER_GAME = 2  # puzzles from one game at most, for variety
# Why a puzzle is kept, and how much that reason is worth when choosing.
TAG_WEIGHT = {
    "tie-break": 6,
    "deal-decides": 5,
    "drop-decides": 5,
    "pay-decides": 5,
    "play-choice-decides": 4,
    "claim-loses": 4,
    "greedy-loses": 4,
    "forced-loss": 3,
    "unique-save": 3,
    "unique-win": 2,
    "claim-not-best": 2,
    "greedy-not-best": 2,
    "unique-best": 1,
}


# ---- games ------------------------------------------------------------------------------


def threshold(players: int) -> int:
    return 6 if players <= 3 else 5


def heuristic_move(state: Century) -> str:
    """The engine's one-ply margin choice (its horizon heuristic): a decent player."""
    return solve(state, depth=1, objective="margin")["best"]


def late_positions(players: int, seed: int) -> list:
    """The last ``2 * players`` decision positions of one seeded game, if they are late
    enough: the last round on, or some player one golem short of it."""
    rng = random.Random(seed)
    state = Century.new(players, seed)
    claim_rate, smart_rate = rng.choice(
        [(0.9, 0.5), (0.7, 0.8), (0.5, 0.3), (1.0, 0.0)]
    )
    near = threshold(players) - 1
    seen = []
    while not state.is_terminal():
        if state.last_round or max(len(s.golems) for s in state.seats) >= near:
            seen.append(state.clone())
        texts = state.legal_action_texts()
        claims = [t for t in texts if t.startswith("claim ")]
        if claims and rng.random() < claim_rate:
            move = rng.choice(claims)
        elif rng.random() < smart_rate:
            move = heuristic_move(state)
        else:
            move = rng.choice(texts)
        state.apply(move)
    return seen[-2 * players :]


def plies_to_end(state: Century):
    """Turns left in the game when the last round is on (seat N-1 plays the last)."""
    return state.players - state.to_move if state.last_round else None


def candidates(state: Century):
    """(objective, depth) pairs worth trying: margins only where every line ends."""
    left = plies_to_end(state)
    if left is None:
        pairs = [("win", 2), ("win", 3)]
    else:
        pairs = [("win", left), ("margin", left)] + (
            [("win", left - 1)] if left > 1 else []
        )
    return [(o, d) for o, d in pairs if 1 <= d <= 4]


# ---- why a puzzle is interesting --------------------------------------------------------


def klass(value) -> int:
    """Outcome class of a win-objective value: 0 loss, 1 unproven, 2 win."""
    kind = ref.verdict(value)[0]
    return {"loss": 0, "unproven": 1, "win": 2}[kind]


def card_of(text: str) -> str:
    return " ".join(text.split()[:2])  # "take +yg", "play U3", "claim yygg"


def part(text: str, word: str) -> str:
    words = text.split()
    return words[words.index(word) + 1] if word in words else ""


def choice_tag(better: str, worse: str) -> str:
    if part(better, "pay") != part(worse, "pay"):
        return "pay-decides"
    if part(better, "drop") != part(worse, "drop"):
        return "drop-decides"
    return "play-choice-decides"


def reasons(objective: str, values: dict, immediate: dict) -> list:
    """Why a position's answer is interesting, from every root move's value and the root
    player's score right after each move. Empty: not worth a puzzle."""
    top = max(values.values())
    best = {m for m, v in values.items() if abs(v - top) <= 1e-6}
    claims = [m for m in values if m.startswith("claim ")]
    high = max(immediate.values())
    greedy = [m for m in values if immediate[m] == high]
    tags = set()
    many = len(values) >= 3
    if objective == "win":
        kind = klass(top)
        if kind == 2 and len(best) == 1 and many:
            tags.add("unique-win")
        if kind == 1 and len(best) == 1 and many:
            tags.add("unique-save")
        if kind == 0 and len(values) >= 2 and ref.verdict(top)[1] >= 2:
            tags.add("forced-loss")  # not on the last turn: the others must play it out
        if kind > 0 and any(klass(values[m]) == 0 for m in claims):
            tags.add("claim-loses")
        if kind > 0 and all(klass(values[m]) == 0 for m in greedy):
            tags.add("greedy-loses")
        worse = [m for m in values if klass(values[m]) < kind]
        for good in best:
            for other in worse:
                if card_of(other) == card_of(good):
                    tags.add(choice_tag(good, other))
    else:
        if len(best) == 1 and many:
            tags.add("unique-best")
        if claims and not best & set(claims):
            tags.add("claim-not-best")
        if not best & set(greedy):
            tags.add("greedy-not-best")
    return sorted(tags)


def deal_decides(objective: str, values: dict, every_line_ends: bool) -> bool:
    """Hidden decks: some root move's value depends on the card dealt. A margin that is not
    a whole number is an expectation over deals that differ; a move unproven where every
    line ends is one whose deals disagree (a proof needs every deal)."""
    if objective == "margin":
        return any(abs(v - round(v)) > 1e-6 for v in values.values())
    return every_line_ends and any(klass(v) == 1 for v in values.values())


def weight(tags) -> int:
    return sum(TAG_WEIGHT.get(t, 0) for t in tags)


# ---- answers: engine to screen, reference to decide -------------------------------------


def engine_values(result: dict) -> dict:
    """The engine's per-move table in the reference's numbers (win: WIN -/+ plies)."""
    table = {}
    for m in result["moves"]:
        if result["objective"] == "margin":
            table[m["move"]] = m["value"]
        elif m["result"] == "unproven":
            table[m["move"]] = 0
        else:
            sign = 1 if m["result"] == "win" else -1
            table[m["move"]] = sign * (ref.WIN - m["plies"])
    return table


def immediate_scores(pos: model.Position) -> dict:
    me = model.to_move(pos)
    return {t: model.scores(c)[me] for t, c in model.successors(pos).items()}


def number(value: Fraction):
    return (
        int(value)
        if value.denominator == 1
        else f"{value.numerator}/{value.denominator}"
    )


def record(pid, state, objective, depth, answer, tags, note) -> dict:
    rec = {"id": pid, "objective": objective, "depth": depth}
    if objective == "win":
        kind, plies = ref.verdict(answer.value)
        rec["result"] = kind
        if plies is not None:
            rec["plies"] = plies
    else:
        rec["margin"] = number(answer.value)
    rec.update(best=list(answer.best), tags=tags, note=note, position=state.to_toml())
    return rec


def disagreements(rec: dict, answer: ref.Answer, state: Century) -> list:
    """Where the engine's full search disagrees with the reference brute force."""
    try:
        puzzle = puzzle_from_record(rec, rec["id"], ROOT)
    except SuiteError as e:
        return [f"suite record refused: {e}"]
    result = solve(state, depth=rec["depth"], objective=rec["objective"])
    out = check(puzzle, result)
    problems = out.wrong + ([f"bad PV: {out.bad_pv}"] if out.bad_pv else [])
    if not out.solved:
        problems.append(f"not solved: found {out.found}")
    table = engine_values(result)
    if set(table) != set(answer.moves):
        return problems + ["the engine and the reference list different moves"]
    for move, value in table.items():
        truth = answer.moves[move]
        if rec["objective"] == "margin":  # every root move's value is exact
            if abs(value - truth) > 1e-6:
                problems.append(f"{move}: margin {value}, reference {truth}")
            continue
        # A proof holds at any depth; an unproven move at the engine's last iteration
        # must not have a proof that short in the reference.
        kind, n = ref.verdict(truth)
        if value != 0 and value != truth:
            problems.append(f"{move}: {ref.verdict(value)}, reference {(kind, n)}")
        elif value == 0 and n is not None and n <= result["depth"]:
            problems.append(
                f"{move}: unproven at depth {result['depth']}, reference {kind} in {n}"
            )
    return problems


def tie_breaks(win: ref.Answer, margin) -> bool:
    """Some root move's proven result turns on seat order: best play from it ends level
    on score (exact margin 0), and the tie-break gives the win to one side."""
    if margin is None or margin.value is None:
        return False
    return any(margin.moves[m] == 0 and klass(v) != 1 for m, v in win.moves.items())


def try_position(state: Century, fits):
    """Confirmed puzzles of a position, best first: (weight, objective, depth, answer,
    tags); ``fits(objective, depth, tags, last_round)`` says what the bucket wants."""
    last, hidden = state.last_round, state.merchant_deck is None
    pos = immediate = None
    answers: dict = {}  # (objective, depth) -> reference answer

    def reference(objective, depth):
        if (objective, depth) not in answers:
            answers[objective, depth] = ref.solve(pos, depth, objective)
        return answers[objective, depth]

    found = []
    for objective, depth in candidates(state):
        if state.perft(depth) > MAX_LEAVES:
            continue
        result = solve(state, depth=depth, objective=objective)
        if objective == "margin" and not result["exact"]:
            continue
        if immediate is None:
            me = state.to_move
            immediate = {
                m: state.child(m).scores()[me] for m in state.legal_action_texts()
            }
        screened = reasons(objective, engine_values(result), immediate)
        ends = plies_to_end(state) == depth  # every line finishes the game
        if objective == "win" and ends:
            margins = solve(state, depth=depth, objective="margin")["moves"]
            if any(abs(m["value"]) < 1e-6 for m in margins):
                screened.append("tie-break")
            if hidden and deal_decides(
                "margin", engine_values({"objective": "margin", "moves": margins}), ends
            ):
                screened.append("deal-decides")
        if hidden and deal_decides(objective, engine_values(result), ends):
            screened.append("deal-decides")
        screened = sorted(set(screened))
        if not screened or not fits(objective, depth, screened, last):
            continue
        pos = pos or model.Position.from_toml(state.to_toml())
        answer = reference(objective, depth)
        if answer.value is None:
            continue
        tags = reasons(objective, answer.moves, immediate_scores(pos))
        if (
            objective == "win"
            and ends
            and tie_breaks(answer, reference("margin", depth))
        ):
            tags.append("tie-break")
        if hidden and deal_decides(objective, answer.moves, ends):
            tags.append("deal-decides")
        if tags and fits(objective, depth, tags, last):
            found.append((weight(tags), objective, depth, answer, tags))
    return sorted(found, key=lambda f: -f[0])


def confirmed(state, pid, pick, log) -> dict:
    """The suite record of a pick, after the engine agreed with the reference."""
    _, objective, depth, answer, tags = pick
    note = describe(objective, depth, answer, tags, plies_to_end(state))
    rec = record(pid, state, objective, depth, answer, tags, note)
    problems = disagreements(rec, answer, state)
    if problems:
        log(f"ENGINE DISAGREES with the reference on {pid}:")
        for p in problems:
            log(f"  {p}")
        log(state.to_toml())
        raise SystemExit(1)
    return rec


def primary(tags) -> str:
    return max(tags, key=lambda t: TAG_WEIGHT.get(t, 0))


def describe(objective, depth, answer, tags, left) -> str:
    when = "last round" if left is not None else "one golem from the last round"
    if objective == "win":
        kind, n = ref.verdict(answer.value)
        what = f"{kind} in {n}" if n else f"nothing forced within {depth}"
    else:
        what = f"exact margin {number(answer.value)}"
    return f"{when}; {what}; kept for {', '.join(tags)}"


class Quotas:
    """What one (player count, deck kind) bucket still takes, to keep it varied: neither
    objective over 60%; at most half before the last round; no reason (the weightiest
    tag) over 40%; with 3+ players at most 40% at depth 1 (one move and the game is over;
    with 2 players every last-round puzzle is so). For the first PICKY_GAMES games the
    common reasons (weight 3 or less) are held to two each, and with hidden decks and 3+
    players 30% is kept for puzzles whose answer depends on the deal, so that rarer
    puzzles get a chance to turn up."""

    def __init__(self, players: int, hidden: bool, want: int) -> None:
        self.players, self.want = players, want
        self.reserved = want * 3 // 10 if hidden and players > 2 else 0
        self.kept: list = []  # (record, last round on)
        self.game = 0

    def full(self) -> bool:
        return len(self.kept) >= self.want

    def count(self, test) -> int:
        return sum(1 for rec, last in self.kept if test(rec, last))

    def fits(self, objective, depth, tags, last_round) -> bool:
        reason, picky = primary(tags), self.game < PICKY_GAMES
        common = picky and TAG_WEIGHT[reason] <= 3
        cap = 2 if common else -(-self.want * 4 // 10)
        dealt = "deal-decides" in tags
        others = self.count(lambda r, _: "deal-decides" not in r["tags"])
        return (
            self.count(lambda r, _: r["objective"] == objective)
            < -(-self.want * 6 // 10)
            and self.count(lambda r, _: primary(r["tags"]) == reason) < cap
            and (last_round or self.count(lambda _, last: not last) < self.want // 2)
            and (
                depth > 1
                or self.players == 2
                or self.count(lambda r, _: r["depth"] == 1) < self.want * 4 // 10
            )
            and (dealt or not picky or others < self.want - self.reserved)
        )


def bucket(players, decks, seed, want, log):
    """``want`` puzzles of one player count and deck kind (see Quotas)."""
    quotas = Quotas(players, decks == "hidden", want)
    seen = set()
    for game in range(MAX_GAMES):
        if quotas.full():
            break
        quotas.game = game
        game_seed = (
            seed * 1_000_000 + players * 10_000 + (decks == "hidden") * 5_000 + game
        )
        kept = 0
        for state in late_positions(players, game_seed):
            if kept >= PER_GAME or quotas.full():
                break
            if decks == "hidden":
                state.hide_decks()
            if state.hash() in seen:
                continue
            picks = try_position(state, quotas.fits)
            if not picks:
                continue
            pid = f"{players}p-{decks}-{len(quotas.kept) + 1:02d}"
            rec = confirmed(state, pid, picks[0], log)
            seen.add(state.hash())
            quotas.kept.append((rec, state.last_round))
            kept += 1
            log(f"{pid}: {rec['note']}")
    return [rec for rec, _ in quotas.kept]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--per-bucket", type=int, default=10, help="puzzles per (players, decks)"
    )
    parser.add_argument(
        "-o", "--output", type=Path, default=ROOT / "puzzles/century-endgames.jsonl"
    )
    args = parser.parse_args()

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    start = time.perf_counter()
    suite = []
    for players in PLAYERS:
        for decks in DECKS:
            suite += bucket(players, decks, args.seed, args.per_bucket, log)
    args.output.parent.mkdir(parents=True, exist_ok=True)
    # Atomic: an interrupted or failed write keeps the old suite whole.
    text = "".join(json.dumps(rec) + "\n" for rec in suite)
    write_atomically(args.output, text, overwrite=True)
    log(f"{len(suite)} puzzles in {time.perf_counter() - start:.0f} s -> {args.output}")


if __name__ == "__main__":
    main()
