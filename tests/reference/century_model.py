"""Reference model of Century: Golem Edition for differential testing.

Deliberately simple and slow: every action set is found by brute force and every
action is identified by building its successor, so the model is easy to check by eye
against specs/century-golem.md and docs/century.md. Standard library only.
"""

from __future__ import annotations

import itertools
import json
import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

COLOURS = "ygbp"
MERCHANT_ROW = 6
GOLEM_ROW = 5
CARAVAN_LIMIT = 10
UNIT = ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0), (0, 0, 0, 1))

_DATA = json.loads(
    (
        Path(__file__).resolve().parents[2] / "rust/core/data/century/cards.json"
    ).read_text()
)
MERCHANTS = {c["name"]: c for c in _DATA["merchant_cards"]}
GOLEMS = {g["name"]: g for g in _DATA["golem_cards"]}
STARTING = frozenset(n for n, c in MERCHANTS.items() if c["starting"])
DECK_MERCHANTS = frozenset(MERCHANTS) - STARTING


# --- crystal vectors: tuples (y, g, b, p) ---------------------------------------


def parse_crystals(text: str) -> tuple[int, ...]:
    assert all(ch in COLOURS for ch in text), text
    return tuple(text.count(ch) for ch in COLOURS)


def crystal_text(vec) -> str:
    return "".join(ch * n for ch, n in zip(COLOURS, vec))


def add(a, b):
    return tuple(x + y for x, y in zip(a, b))


def sub(a, b):
    return tuple(x - y for x, y in zip(a, b))


def covers(a, b) -> bool:
    return all(x >= y for x, y in zip(a, b))


def discards(caravan):
    """Every (final caravan, dropped crystals) bringing the caravan down to the limit."""
    if sum(caravan) <= CARAVAN_LIMIT:
        return [(caravan, (0, 0, 0, 0))]
    out = []
    for kept in itertools.product(*(range(n + 1) for n in caravan)):
        if sum(kept) == CARAVAN_LIMIT:
            out.append((kept, sub(caravan, kept)))
    return out


def with_drop(text: str, drop) -> str:
    return text + (f" drop {crystal_text(drop)}" if any(drop) else "")


# --- position ---------------------------------------------------------------------


@dataclass(frozen=True)
class Player:
    crystals: tuple[int, ...]
    hand: tuple[str, ...]  # sorted: order in hand carries no meaning
    played: tuple[str, ...]
    golems: tuple[str, ...]
    gold: int
    silver: int


@dataclass(frozen=True)
class Position:
    players: tuple[Player, ...]
    to_move: int
    merchant_row: tuple[str, ...]
    merchant_crystals: tuple[tuple[int, ...], ...]
    merchant_deck: tuple[str, ...] | None  # None: unknown order, deal is chance
    golem_row: tuple[str, ...]
    golem_deck: tuple[str, ...] | None
    gold: int
    silver: int
    pending: str | None = None  # "merchant"/"golem": a deal into that row awaits

    @staticmethod
    def from_toml(text: str) -> Position:
        doc = tomllib.loads(text)
        assert doc["game"] == "century-golem"
        n = doc["players"]
        assert 2 <= n <= 5 and len(doc["player"]) == n
        assert 0 <= doc["to_move"] < n
        m, g = doc["merchants"], doc["golems"]
        row = tuple(m["row"])
        crystals = tuple(parse_crystals(c) for c in m.get("crystals", [""] * len(row)))
        assert len(crystals) == len(row)
        players = tuple(
            Player(
                crystals=parse_crystals(p["crystals"]),
                hand=tuple(sorted(p["hand"])),
                played=tuple(sorted(p["played"])),
                golems=tuple(sorted(p["golems"])),
                gold=p["gold"],
                silver=p["silver"],
            )
            for p in doc["player"]
        )
        pos = Position(
            players=players,
            to_move=doc["to_move"],
            merchant_row=row,
            merchant_crystals=crystals,
            merchant_deck=tuple(m["deck"]) if "deck" in m else None,
            golem_row=tuple(g["row"]),
            golem_deck=tuple(g["deck"]) if "deck" in g else None,
            gold=g["gold"],
            silver=g["silver"],
        )
        pos._check()
        return pos

    def _check(self) -> None:
        n = len(self.players)
        seen_m = list(self.merchant_row)
        seen_g = list(self.golem_row)
        for p in self.players:
            cards = p.hand + p.played
            assert all(c in MERCHANTS for c in cards)
            for s in STARTING:  # each player's own copy, at most once
                assert cards.count(s) <= 1
            seen_m += [c for c in cards if c not in STARTING]
            seen_g += list(p.golems)
            assert sum(p.crystals) <= CARAVAN_LIMIT
            assert len(p.golems) <= threshold(n)
        assert all(c in DECK_MERCHANTS for c in self.merchant_row)
        assert all(c in GOLEMS for c in seen_g)
        assert len(seen_m) == len(set(seen_m)) and len(seen_g) == len(set(seen_g))
        _check_deck(
            self.merchant_deck, unseen_merchants(self), self.merchant_row, MERCHANT_ROW
        )
        _check_deck(self.golem_deck, unseen_golems(self), self.golem_row, GOLEM_ROW)
        assert self.gold + sum(p.gold for p in self.players) == 2 * n
        assert self.silver + sum(p.silver for p in self.players) == 2 * n


def _check_deck(deck, unseen, row, full) -> None:
    # A listed deck is exactly the unseen cards; a row is short only once they are gone.
    if deck is not None:
        assert sorted(deck) == sorted(unseen)
    assert len(row) <= full and (len(row) == full or not unseen)


def threshold(n_players: int) -> int:
    return 6 if n_players <= 3 else 5


def unseen_merchants(pos: Position) -> frozenset[str]:
    seen = set(pos.merchant_row)
    for p in pos.players:
        seen.update(p.hand, p.played)
    return DECK_MERCHANTS - seen


def unseen_golems(pos: Position) -> frozenset[str]:
    seen = set(pos.golem_row)
    for p in pos.players:
        seen.update(p.golems)
    return frozenset(GOLEMS) - seen


def last_round(pos: Position) -> bool:
    return any(len(p.golems) >= threshold(len(pos.players)) for p in pos.players)


def is_chance(pos: Position) -> bool:
    return pos.pending is not None


def is_terminal(pos: Position) -> bool:
    # The last round ends when play comes back to seat 0.
    return not is_chance(pos) and last_round(pos) and pos.to_move == 0


def to_move(pos: Position) -> int:
    return pos.to_move


def scores(pos: Position) -> list[int]:
    return [
        sum(GOLEMS[g]["points"] for g in p.golems)
        + 3 * p.gold
        + p.silver
        + sum(p.crystals[1:])
        for p in pos.players
    ]


def winner(pos: Position) -> int:
    s = scores(pos)
    # max over (score, seat): a tie goes to the higher seat.
    return max(range(len(s)), key=lambda i: (s[i], i))


# --- actions ------------------------------------------------------------------------


def _finish(pos: Position, player: Player, **changes) -> Position:
    """Store the mover's new state, pass the turn, and deal into a shortened row."""
    players = list(pos.players)
    players[pos.to_move] = player
    nxt = replace(
        pos, players=tuple(players), to_move=(pos.to_move + 1) % len(players), **changes
    )
    if len(nxt.merchant_row) < len(pos.merchant_row):
        return _deal_or_wait(nxt, "merchant")
    if len(nxt.golem_row) < len(pos.golem_row):
        return _deal_or_wait(nxt, "golem")
    return nxt


def _deal_or_wait(pos: Position, kind: str) -> Position:
    deck = pos.merchant_deck if kind == "merchant" else pos.golem_deck
    if deck is not None:
        return _deal(pos, kind, deck[0]) if deck else pos
    unseen = unseen_merchants(pos) if kind == "merchant" else unseen_golems(pos)
    # docs/century.md: no unknown-deck deal once the game is over.
    if not unseen or is_terminal(pos):
        return pos
    return replace(pos, pending=kind)


def _deal(pos: Position, kind: str, card: str) -> Position:
    if kind == "merchant":
        deck = pos.merchant_deck[1:] if pos.merchant_deck is not None else None
        return replace(
            pos,
            merchant_row=pos.merchant_row + (card,),
            merchant_crystals=pos.merchant_crystals + ((0, 0, 0, 0),),
            merchant_deck=deck,
            pending=None,
        )
    deck = pos.golem_deck[1:] if pos.golem_deck is not None else None
    return replace(
        pos, golem_row=pos.golem_row + (card,), golem_deck=deck, pending=None
    )


def _upgrade_results(caravan, steps: int):
    """All caravans reachable with 0..steps single upgrades (breadth-first)."""
    reached = {caravan}
    frontier = {caravan}
    for _ in range(steps):
        nxt = set()
        for c in frontier:
            for i in range(3):  # pink (index 3) cannot be upgraded
                if c[i]:
                    step = list(c)
                    step[i] -= 1
                    step[i + 1] += 1
                    nxt.add(tuple(step))
        reached |= nxt
        frontier = nxt
    return reached


def _play_actions(pos: Position, me: Player):
    for name in sorted(set(me.hand)):
        card = MERCHANTS[name]
        hand = list(me.hand)
        hand.remove(name)
        moved = replace(me, hand=tuple(hand), played=tuple(sorted(me.played + (name,))))
        results = {}  # final caravan -> text
        if card["kind"] == "crystals":
            for final, drop in discards(add(me.crystals, tuple(card["gain"]))):
                results[final] = with_drop(f"play {name}", drop)
        elif card["kind"] == "upgrade":
            for final in _upgrade_results(me.crystals, card["upgrades"]):
                down = tuple(max(0, -d) for d in sub(final, me.crystals))
                up = tuple(max(0, d) for d in sub(final, me.crystals))
                results[final] = (
                    f"play {name} {crystal_text(down)}>{crystal_text(up)}"
                    if any(up)
                    else f"play {name}"
                )
        else:
            pay, get = tuple(card["pay"]), tuple(card["get"])
            caravan, k = me.crystals, 0
            while covers(caravan, pay):  # each repetition must be payable in turn
                caravan, k = add(sub(caravan, pay), get), k + 1
                times = f" x{k}" if k > 1 else ""
                for final, drop in discards(caravan):
                    # Smallest k reaching a caravan names it: keep the first one.
                    results.setdefault(final, with_drop(f"play {name}{times}", drop))
        for final, text in results.items():
            yield text, _finish(pos, replace(moved, crystals=final))


def _take_actions(pos: Position, me: Player):
    for slot, name in enumerate(pos.merchant_row):
        for placed in itertools.product(range(4), repeat=slot):
            cost = tuple(placed.count(i) for i in range(4))
            if not covers(me.crystals, cost):
                continue
            row_crystals = list(pos.merchant_crystals)
            for s, colour in enumerate(placed):
                row_crystals[s] = add(row_crystals[s], UNIT[colour])
            collected = add(sub(me.crystals, cost), pos.merchant_crystals[slot])
            pay = "".join(COLOURS[i] for i in placed)
            text = f"take {name}" + (f" pay {pay}" if pay else "")
            # Cards right of the slot slide left, keeping their crystals.
            del row_crystals[slot]
            row = pos.merchant_row[:slot] + pos.merchant_row[slot + 1 :]
            hand = tuple(sorted(me.hand + (name,)))
            for final, drop in discards(collected):
                nxt = _finish(
                    pos,
                    replace(me, crystals=final, hand=hand),
                    merchant_row=row,
                    merchant_crystals=tuple(row_crystals),
                )
                yield with_drop(text, drop), nxt


def _claim_actions(pos: Position, me: Player):
    gold, silver = pos.gold, pos.silver
    for slot, name in enumerate(pos.golem_row):
        cost = tuple(GOLEMS[name]["cost"])
        if not covers(me.crystals, cost):
            continue
        take_gold = slot == 0 and gold > 0
        # Silver lies above slot 1 while gold lasts, above slot 0 once it is gone.
        take_silver = silver > 0 and (slot == 1 if gold > 0 else slot == 0)
        player = replace(
            me,
            crystals=sub(me.crystals, cost),
            golems=tuple(sorted(me.golems + (name,))),
            gold=me.gold + take_gold,
            silver=me.silver + take_silver,
        )
        row = pos.golem_row[:slot] + pos.golem_row[slot + 1 :]
        nxt = _finish(
            pos,
            player,
            golem_row=row,
            gold=gold - take_gold,
            silver=silver - take_silver,
        )
        yield f"claim {name}", nxt


def successors(pos: Position) -> dict[str, Position]:
    """Canonical text -> successor position, for every legal action or deal."""
    if is_terminal(pos):
        return {}
    if is_chance(pos):
        unseen = (
            unseen_merchants(pos) if pos.pending == "merchant" else unseen_golems(pos)
        )
        return {f"deal {c}": _deal(pos, pos.pending, c) for c in unseen}
    me = pos.players[pos.to_move]
    out: dict[str, Position] = {}
    generators = [
        _play_actions(pos, me),
        _take_actions(pos, me),
        _claim_actions(pos, me),
    ]
    if me.played:
        rest = replace(me, hand=tuple(sorted(me.hand + me.played)), played=())
        generators.append([("rest", _finish(pos, rest))])
    for text, nxt in itertools.chain(*generators):
        assert out.setdefault(text, nxt) == nxt, f"one text, two successors: {text}"
    # The spec's canonical set: no two actions share a successor.
    assert len(set(out.values())) == len(out)
    return out


def legal_texts(pos: Position) -> list[str]:
    return sorted(successors(pos))


def apply_text(pos: Position, text: str) -> Position:
    try:
        return successors(pos)[text]
    except KeyError:
        raise ValueError(f"not a canonical legal action: {text!r}") from None


def perft(pos: Position, depth: int) -> int:
    if is_terminal(pos):
        return 1
    if is_chance(pos):  # a deal does not use a ply
        return sum(perft(c, depth) for c in successors(pos).values())
    if depth == 0:
        return 1
    return sum(perft(c, depth - 1) for c in successors(pos).values())


# --- writing ------------------------------------------------------------------------


def _strings(items) -> str:
    return "[" + ", ".join(f'"{s}"' for s in items) + "]"


def to_toml(pos: Position) -> str:
    assert not is_chance(pos), "a chance node has no TOML form"
    lines = [
        'game = "century-golem"',
        f"players = {len(pos.players)}",
        f"to_move = {pos.to_move}",
        "",
        "[merchants]",
        f"row = {_strings(pos.merchant_row)}",
        f"crystals = {_strings(crystal_text(c) for c in pos.merchant_crystals)}",
    ]
    if pos.merchant_deck is not None:
        lines.append(f"deck = {_strings(pos.merchant_deck)}")
    lines += ["", "[golems]", f"row = {_strings(pos.golem_row)}"]
    if pos.golem_deck is not None:
        lines.append(f"deck = {_strings(pos.golem_deck)}")
    lines += [f"gold = {pos.gold}", f"silver = {pos.silver}"]
    for p in pos.players:
        lines += [
            "",
            "[[player]]",
            f'crystals = "{crystal_text(p.crystals)}"',
            f"hand = {_strings(p.hand)}",
            f"played = {_strings(p.played)}",
            f"golems = {_strings(p.golems)}",
            f"gold = {p.gold}",
            f"silver = {p.silver}",
        ]
    return "\n".join(lines) + "\n"
