"""Reference model of The Guild of Merchant Explorers for differential testing.

Written from specs/merchant-explorers.md only (no engine code looked at). Deliberately
simple and slow: every legal action is found by brute force over the map, every action
is a §12 text, and `apply` works on a copy. Standard library only.

API (used by the differential tests; keep it stable):
    load_position(text, base_dir=None) -> State      (§14, in explorers_position.py)
    new_state(map_id, players, objectives=None, seed=None, rules=None) -> State
    State.turn() -> "chance" | seat | "terminal"
    State.legal() -> list[str]            canonical order (§12); [] at chance/terminal
    State.chance() -> list[(str, Fraction)]
    State.apply(text) -> State            a new state; the old one is unchanged
    State.summary() -> dict
    State.final_scores() -> list[int]     at terminal (coins + end-game cards + land bonus)
    State.winners() -> list[int]          seats sharing the most coins (no tie-breaker)
    perft(state, depth) -> int            §13
    to_position(state) -> str             §14 (explorers_position.py)

new_state: objectives=None deals 3 of the map's objectives at random with `seed`, or the
map's first three (data order) without a seed. With a seed, the era-I explore deck, the
investigate deck(s) and the treasure deck(s) get known orders (shuffled with the seed), so
the first chance events have a single outcome; the next era's explore shuffle and a refilled
treasure deck are chance again (§11). Without a seed every deck order is unknown.

Readings where the spec leaves a point open (decided like a player; the engine decides
independently and the differential tests compare):
 1. Skip rule and steps: a placement that goes to the next step empties K, then (like any
    placement) adds the lower-index spaces whose placement just before it would have been
    quiet and gone to the same step. A space that still fitted the closed step is not
    added: placed first it would have gone to that step, another split. So step 2 of
    surround/sea4 also yields one order per set, and no set is lost.
 2. K additions: a space y < x is added if it passes §4 and fits the current step and is
    quiet, whether or not it is already in K (the same thing).
 3. Treasure placements neither read nor change K; only card placements are quiet/eventful.
 4. `connected` and `path` look at every space placed by this card (all steps), as the
    field descriptions say ("placed by this card").
 5. two-villages-lines: the villages are those the seat has at the moment of the check
    (a village made during the card may start a run); runs may interleave.
 6. Solo decay: an objective that "pays nothing" is out of play: meeting it is not
    recorded as achieved (in the box the era token takes the card away).
 7. A sea space is in no land, so exploring sea reaches no land (§2: lands are non-sea).
 8. The ice-route flag and the ice objectives look at the map's ice spaces also when the
    `ice` option is false (the option only changes placement costs).
 9. A drawn place-explorer card goes to the treasure discard when drawn (before its
    placement); a drawn two-coins likewise.
10. Objectives whose decay state is "second" pay `second` even if no one achieved them.
11. perft(0) = 1 even at a chance node (no expansion at depth 0).
12. Solo decay o1, o2, o3 are the positions in the `objectives` list (with fewer than
    three in play, the ones present keep their index).

Conventions of this model (not rules):
 - summary(): cell lists in ascending cell index (towers and crystals too, not placement
   order), objectives achieved sorted by id, treasure hand sorted, `lands` a count.
 - to_position leaves single-outcome chance events out of `in_progress` except trailing
   ones (the reader applies leading single-outcome events before each text and stops
   after the last text, so a trailing one must be written to be replayed).
 - load_position requires `objectives` ([] for none); every player key and the explore,
   investigate and treasure tables are optional (empty / 0 by default).
 - State.use_skip = False switches the §12 skip rule off (tests count raw orders).

Also here: explorers_solver.best_expected (exact solo expectimax), explorers_cli (perft,
divide and legal on a position file: `cd tests; python -m reference.explorers_cli`).
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction

from .explorers_map import DATA_DIR, LAND, Map, load_map

_DATA = json.loads((DATA_DIR / "cards.json").read_text())

EXPLORE = {c["id"]: c for c in _DATA["explore_cards"]}
EXPLORE_ORDER = [c["id"] for c in _DATA["explore_cards"]]
BASIC = [c["id"] for c in _DATA["explore_cards"] if c.get("basic")]
ERA_NUM = {c["id"]: c["era_card"] for c in _DATA["explore_cards"] if "era_card" in c}
ERA_CARD = {v: k for k, v in ERA_NUM.items()}  # 1 -> "era-I", ..., 4 -> "era-I/II/III"
ROMAN = {1: "I", 2: "II", 3: "III"}
INVESTIGATE = {c["id"]: c for c in _DATA["investigate_cards"]}
INV_ORDER = [c["id"] for c in _DATA["investigate_cards"]]
TREASURE_COUNT = {c["id"]: c["count"] for c in _DATA["treasure_cards"]}
TREASURE_ORDER = [c["id"] for c in _DATA["treasure_cards"]]
IMMEDIATE = ("two-coins", "place-explorer")
TOWER_COINS = _DATA["tower_coins"]
LAND_BONUS = {k: v for k, v in _DATA["land_bonus"].items() if not k.startswith("_")}
SOLO_DECAY = _DATA["solo_decay"]
OBJECTIVES = {m: v for m, v in _DATA["objectives"].items() if not m.startswith("_")}
OBJ = {o["id"]: o for v in OBJECTIVES.values() for o in v}
TERRAIN_KEY = {"M": "mountain", "D": "desert", "G": "grassland", "S": "sea"}
KEY_TERRAIN = {v: k for k, v in TERRAIN_KEY.items()}

RULE_DEFAULTS = ("crystal_scoring", "solo_decay", "ice", "land_bonus", "shared_decks")

# §16: every objective check and its parameters (an unknown check or a missing or extra
# parameter is a data error)
CHECK_PARAMS = {
    "villages": {"n"},
    "villages_distinct_lands": {"n"},
    "villages_same_land": {"n"},
    "villages_same_terrain": {"n"},
    "villages_on_terrain": {"n", "terrain"},
    "villages_terrains": {"terrains"},
    "village_region_size_min": {"n", "size"},
    "villages_region_size_max": {"n", "size"},
    "village_adjacent_own_tower": {"n"},
    "village_adjacent_ruin_space": {"n"},
    "villages_adjacent_crystal_space": {"n"},
    "villages_adjacent_ice": {"n"},
    "villages_adjacent_own_trading_post": {"n"},
    "village_north_border": {"n"},
    "towers": {"n"},
    "tower_and_ruin": {"tower", "labels"},
    "ruins": {"n"},
    "ruins_on_border": {"n"},
    "ruins_labelled": {"labels"},
    "ruins_same_symbol": {"n"},
    "ruins_each_symbol": {"symbols"},
    "ruins_on_ice": {"n"},
    "ruins_adjacent_terrains": {"terrains"},
    "crystals": {"n"},
    "trading_posts_value_min": {"n", "value"},
    "trading_posts_terrains": {"terrains"},
    "route_value_min": {"value"},
    "route_via_ice": set(),
    "chain_cities_ruins": {"cities", "ruins"},
    "explorer_on_coin_min": {"value"},
    "land_reached": {"land_cell"},
}


def check_objective_data(objectives: dict) -> None:
    """Raise ValueError on an unknown check or a missing or extra parameter (§16)."""
    for mid, objs in objectives.items():
        for o in objs:
            want = CHECK_PARAMS.get(o["check"])
            if want is None:
                raise ValueError(f"objective {o['id']}: unknown check {o['check']!r}")
            if set(o["params"]) != want:
                raise ValueError(
                    f"objective {o['id']}: params {sorted(o['params'])}, "
                    f"expected {sorted(want)}"
                )
            if not o["id"].startswith(mid + "-"):
                raise ValueError(f"objective {o['id']}: not an objective id of {mid}")


check_objective_data(OBJECTIVES)


def era_deck(era: int) -> list[str]:
    """The explore cards of an era's deck, in data order."""
    cards = BASIC + [ERA_CARD[k] for k in range(1, min(era, 3) + 1)]
    if era == 4:
        cards.append(ERA_CARD[4])
    return cards


def card_steps(card_id: str) -> list[dict]:
    card = EXPLORE.get(card_id) or INVESTIGATE[card_id]
    return card["steps"]


def jar_score(k: int) -> int:
    return 16 * (k // 4) + (k % 4) ** 2


def land_bonus(n: int) -> int:
    if n < 6:
        return 0
    return LAND_BONUS["13+"] if n >= 13 else LAND_BONUS[str(n)]


def resolve_rules(m: Map, n: int, given=None) -> dict:
    """Rule options with their defaults (§1); errors as ValueError('rules.x: ...')."""
    rules = {
        "crystal_scoring": "cumulative",
        "solo_decay": n == 1,
        "ice": "ice" in m.rules,
        "land_bonus": "land-bonus" in m.rules,
        "shared_decks": True,
    }
    for key, value in (given or {}).items():
        if key not in rules:
            raise ValueError(f"rules.{key}: unknown key")
        if key == "crystal_scoring":
            if value not in ("cumulative", "face"):
                raise ValueError(f'rules.{key}: expected "cumulative" or "face"')
        elif not isinstance(value, bool):
            raise ValueError(f"rules.{key}: expected a boolean")
        rules[key] = value
    if rules["solo_decay"] and n != 1:
        raise ValueError("rules.solo_decay: only for 1 player")
    if rules["ice"] and not m.has_ice:
        raise ValueError("rules.ice: map has no ice spaces")
    return rules


# --- state pieces -------------------------------------------------------------------


@dataclass
class Player:
    coins: int = 0
    explorers: set = field(default_factory=set)
    villages: set = field(default_factory=set)
    routes: list = field(default_factory=list)  # (a, b, cover), a < b, in order made
    ruins: set = field(default_factory=set)  # covered ruins
    towers: list = field(default_factory=list)  # in order placed
    crystals: list = field(default_factory=list)  # in order covered
    investigate: list = field(default_factory=list)  # kept ids, era I first
    treasure: list = field(default_factory=list)  # end-game cards in hand
    objectives: list = field(default_factory=list)  # achieved, in order achieved
    lands: set = field(default_factory=set)  # land numbers reached
    ice_route: bool = False

    def copy(self) -> Player:
        return Player(
            self.coins,
            set(self.explorers),
            set(self.villages),
            list(self.routes),
            set(self.ruins),
            list(self.towers),
            list(self.crystals),
            list(self.investigate),
            list(self.treasure),
            list(self.objectives),
            set(self.lands),
            self.ice_route,
        )

    @property
    def posts(self) -> set:
        return {c for _, _, c in self.routes}


@dataclass
class Deck:
    """A deck whose order is hidden unless `order` is known. `unseen` is a Counter."""

    unseen: Counter
    order: list | None = None  # known order of all unseen cards, top first
    discard: list = field(default_factory=list)

    def copy(self) -> Deck:
        return Deck(
            Counter(self.unseen),
            None if self.order is None else list(self.order),
            list(self.discard),
        )


@dataclass
class CardPlay:
    """A card being performed by the seat to act (transient, §10)."""

    id: str
    steps: list
    si: int = 0  # current step
    step_spaces: list = field(default_factory=list)  # per step, in order placed
    cost: list = field(default_factory=list)  # per step: used of `max`
    used: list = field(default_factory=list)  # per step: Counter of quota keys
    spaces: list = field(default_factory=list)  # all card placements, in order
    skip: set = field(default_factory=set)
    mult: int = 1
    per_ruin: int = 1

    @classmethod
    def start(cls, card_id: str) -> CardPlay:
        steps = card_steps(card_id)
        bonus = (INVESTIGATE.get(card_id) or {}).get("bonus", {})
        return cls(
            card_id,
            steps,
            0,
            [[] for _ in steps],
            [0 for _ in steps],
            [Counter() for _ in steps],
            [],
            set(),
            bonus.get("coin_multiplier", 1),
            bonus.get("treasure_per_ruin", 1),
        )

    def copy(self) -> CardPlay:
        return CardPlay(
            self.id,
            self.steps,
            self.si,
            [list(x) for x in self.step_spaces],
            list(self.cost),
            [Counter(x) for x in self.used],
            list(self.spaces),
            set(self.skip),
            self.mult,
            self.per_ruin,
        )


# --- the state ----------------------------------------------------------------------


class State:
    """A position plus, while a seat resolves a card, its transient resolution state."""

    use_skip = True  # the §12 skip rule; tests switch it off to count raw orders

    def __init__(self, m: Map, n: int, rules: dict, objectives: list):
        self.map = m
        self.n = n
        self.rules = rules
        self.objectives = list(objectives)
        self.era = 1
        self.played: list = []
        self.current: str | None = None
        self.explore_order: list | None = (
            None  # known order of the rest of the era deck
        )
        decks = 1 if rules["shared_decks"] else n
        self.inv = [Deck(Counter(INV_ORDER)) for _ in range(decks)]
        self.tre = [Deck(Counter(TREASURE_COUNT)) for _ in range(decks)]
        self.players = [Player() for _ in range(n)]
        self.over = False
        # resolution of the seat to act
        self.to_move: int | None = None
        self.phase: str | None = None  # start offer keep repeat card
        self.offered: tuple | None = None
        self.card: CardPlay | None = None
        self.tasks: list = []  # stack, top last: (kind, cell)
        self.log: list = []  # (text, needed in in_progress) since the at-rest point
        self.rest: State | None = None  # that at-rest point (None when at rest)

    # --- copying ---------------------------------------------------------------------
    def copy(self) -> State:
        s = State.__new__(State)
        s.__dict__.update(self.__dict__)
        s.objectives = list(self.objectives)
        s.played = list(self.played)
        s.explore_order = (
            None if self.explore_order is None else list(self.explore_order)
        )
        s.inv = [d.copy() for d in self.inv]
        s.tre = [d.copy() for d in self.tre]
        s.players = [p.copy() for p in self.players]
        s.card = None if self.card is None else self.card.copy()
        s.tasks = list(self.tasks)
        s.log = list(self.log)
        return s

    # --- small helpers ---------------------------------------------------------------
    def ideck(self, seat: int) -> Deck:
        return self.inv[0 if self.rules["shared_decks"] else seat]

    def tdeck(self, seat: int) -> Deck:
        return self.tre[0 if self.rules["shared_decks"] else seat]

    def explored(self, seat: int) -> set:
        p = self.players[seat]
        return p.explorers | p.villages | {self.map.capital}

    def remaining_explore(self) -> list:
        gone = set(self.played) | {self.current}
        return [c for c in era_deck(self.era) if c not in gone]

    def cells(self, cells) -> list:
        return [self.map.text(i) for i in sorted(cells)]

    def group(self, seat: int, start: int, extra=()) -> set:
        """The group of explored spaces (plus `extra`) holding `start`."""
        ok = self.explored(seat) | set(extra) | {start}
        seen = {start}
        todo = [start]
        while todo:
            i = todo.pop()
            for j in self.map.neighbours[i]:
                if j in ok and j not in seen:
                    seen.add(j)
                    todo.append(j)
        return seen

    def groups(self, seat: int) -> list:
        left = set(self.explored(seat))
        out = []
        while left:
            g = self.group(seat, min(left))
            out.append(g)
            left -= g
        return out

    def uncovered_cities(self, seat: int, cells) -> list:
        posts = self.players[seat].posts
        return sorted(c for c in cells if self.map.spaces[c].city and c not in posts)

    def targets(self, seat: int) -> list:
        """Spaces allowed by §4: not explored, adjacent to an explored space."""
        ex = self.explored(seat)
        return [
            i
            for i in self.map.order
            if i not in ex and any(j in ex for j in self.map.neighbours[i])
        ]

    def quiet(self, seat: int, y: int) -> bool:
        """§12: y covers no ruin or crystal and joins a group with <= 1 uncovered city."""
        p = self.players[seat]
        sp = self.map.spaces[y]
        if sp.ruin and y not in p.ruins:
            return False
        if sp.crystal and y not in p.crystals:
            return False
        return len(self.uncovered_cities(seat, self.group(seat, y, extra=(y,)))) <= 1

    # --- turn, chance ----------------------------------------------------------------
    def chance_kind(self):
        if self.over:
            return None
        if self.to_move is None:
            return "reveal"
        if self.phase == "offer":
            return "offer"
        if self.phase == "card" and self.tasks and self.tasks[-1][0] == "draw":
            return "draw"
        return None

    def turn(self):
        if self.over:
            return "terminal"
        if self.chance_kind():
            return "chance"
        return self.to_move

    def chance(self) -> list:
        kind = self.chance_kind()
        if kind == "reveal":
            if self.explore_order:
                return [(f"reveal {self.explore_order[0]}", Fraction(1))]
            left = self.remaining_explore()
            return [(f"reveal {c}", Fraction(1, len(left))) for c in left]
        if kind == "offer":
            deck = self.ideck(self.to_move)
            if deck.order:
                pair = sorted(deck.order[:2], key=INV_ORDER.index)
                return [(f"offer {pair[0]} {pair[1]}", Fraction(1))]
            cards = [c for c in INV_ORDER if deck.unseen[c]]
            pairs = list(itertools.combinations(cards, 2))
            return [(f"offer {a} {b}", Fraction(1, len(pairs))) for a, b in pairs]
        if kind == "draw":
            deck = self.tdeck(self.to_move)
            if deck.order:
                return [(f"draw {deck.order[0]}", Fraction(1))]
            total = sum(deck.unseen.values())
            return [
                (f"draw {k}", Fraction(deck.unseen[k], total))
                for k in TREASURE_ORDER
                if deck.unseen[k]
            ]
        return []

    # --- legal actions ---------------------------------------------------------------
    def legal(self) -> list:
        if self.over or self.chance_kind():
            return []
        seat = self.to_move
        p = self.players[seat]
        if self.phase == "keep":
            return [f"keep {c}" for c in sorted(self.offered, key=INV_ORDER.index)]
        if self.phase == "repeat":
            return [f"repeat {ROMAN[k + 1]}" for k in range(len(p.investigate))]
        assert self.phase == "card"
        if self.tasks:
            kind, x = self.tasks[-1]
            if kind == "village":
                return [
                    f"village {t}" for t in self.cells(self.village_blanks(seat, x))
                ]
            if kind == "routes":
                return self.route_actions(seat, x)
            if kind == "free":
                return [f"free {t}" for t in self.cells(self.targets(seat))] + [
                    "free none"
                ]
            raise AssertionError(kind)
        moves = self.card_moves()
        return [f"place {self.map.text(y)}" for y, _ in moves] + ["stop"]

    def route_actions(self, seat: int, x: int) -> list:
        cities = self.uncovered_cities(seat, self.group(seat, x))
        t = self.map.text
        out = []
        for a, b in itertools.combinations(cities, 2):
            for c in (a, b):
                out.append(f"route {t(a)}-{t(b)} cover {t(c)}")
        return out

    def village_blanks(self, seat: int, x: int) -> list:
        """Blank spaces offered for a village after placing on x (§6.4)."""
        m = self.map
        p = self.players[seat]
        r = m.region_of.get(x)
        if r is None:
            return []
        region = m.regions[r]
        if any(v in region for v in p.villages):
            return []
        if not region <= p.explorers:
            return []
        return list(m.region_blanks[r])

    # --- card placements (§5.2, §5.4, §12) ---------------------------------------------
    def quota_key(self, quota: dict, terrain: str):
        keys = [TERRAIN_KEY.get(terrain), "land" if terrain in LAND else None, "any"]
        fit = [k for k in keys if k in quota]
        assert len(fit) <= 1, (quota, terrain)
        return fit[0] if fit else None

    def placement_cost(self, s: int, y: int):
        """(quota key or None, cost against max) of y in step s, or None if y never fits
        the terrain side of the step."""
        step = self.card.steps[s]
        sp = self.map.spaces[y]
        quota = step["quota"]
        if sp.wild:
            ice = self.rules["ice"] and sp.ice
            if ice and step.get("no_ice"):
                return None
            if step.get("same_region"):
                return None
            return None, (2 if ice and "any" not in quota else 1)
        key = self.quota_key(quota, sp.terrain)
        if key is None:
            return None
        return key, 1

    def fits(self, s: int, y: int) -> bool:
        """Does y fit step s of the card now (filter, terrain, max, shape)? §4 aside."""
        card = self.card
        step = card.steps[s]
        m = self.map
        sp = m.spaces[y]
        mine = card.step_spaces[s]
        flt = step.get("filter")
        if flt == "city" and not sp.city:
            return False
        if flt == "coin" and not sp.coin:
            return False
        kc = self.placement_cost(s, y)
        if kc is None:
            return False
        key, cost = kc
        if key is not None:
            limit = step["quota"][key]
            if limit is not None and card.used[s][key] >= limit:
                return False
        if step["max"] is not None and card.cost[s] + cost > step["max"]:
            return False
        if step.get("same_region"):
            r = m.region_of.get(y)
            if r is None:
                return False
            if mine and m.region_of[mine[0]] != r:
                return False
        if step.get("connected") and card.spaces:
            if not any(j in card.spaces for j in m.neighbours[y]):
                return False
        if step.get("path") and card.spaces:
            if card.spaces[-1] not in m.neighbours[y]:
                return False
        if step.get("adjacent_to_prev_step"):
            prev = card.step_spaces[s - 1] if s > 0 else []
            if not any(j in prev for j in m.neighbours[y]):
                return False
        if step.get("line"):
            if step.get("line_from_prev"):
                prev = card.step_spaces[s - 1] if s > 0 else []
                if len(prev) != 1:
                    return False
                if not m.is_line(prev + mine + [y], ordered=True):
                    return False
            elif not m.is_line(mine + [y], ordered=False):
                return False
        if step.get("village_lines"):
            if not self.village_runs_ok(mine + [y], step["village_lines"]):
                return False
        return True

    def village_runs_ok(self, seq: list, spec: dict) -> bool:
        """Can seq (in placement order) be split into <= spec.lines runs V+d, V+2d, ...
        (<= per_line each, placed outward), each leaving a different village V?"""
        m = self.map
        villages = sorted(self.players[self.to_move].villages)

        def rec(i: int, runs: tuple) -> bool:
            if i == len(seq):
                return True
            y = seq[i]
            for k, (v, d, last, n) in enumerate(runs):
                if n < spec["per_line"] and m.step_index(last, d) == y:
                    new = runs[:k] + ((v, d, y, n + 1),) + runs[k + 1 :]
                    if rec(i + 1, new):
                        return True
            if len(runs) < spec["lines"]:
                used = {r[0] for r in runs}
                for v in villages:
                    if v in used:
                        continue
                    d = m.direction(v, y)
                    if d is not None and rec(i + 1, runs + ((v, d, y, 1),)):
                        return True
            return False

        return rec(0, ())

    def skip_applies(self, s: int) -> bool:
        if not self.use_skip:
            return False
        step = self.card.steps[s]
        return not step.get("path") and not step.get("village_lines")

    def target_step(self, y: int):
        card = self.card
        if self.fits(card.si, y):
            return card.si
        if card.si + 1 < len(card.steps) and self.fits(card.si + 1, y):
            return card.si + 1
        return None

    def card_moves(self) -> list:
        """Legal card placements as (cell, step), by cell index."""
        seat = self.to_move
        card = self.card
        out = []
        for y in self.targets(seat):
            t = self.target_step(y)
            if t is None:
                continue
            if (
                t == card.si
                and self.skip_applies(t)
                and y in card.skip
                and self.quiet(seat, y)
            ):
                continue
            out.append((y, t))
        return out

    # --- applying ------------------------------------------------------------------
    def apply(self, text: str) -> State:
        kind = self.chance_kind()
        if kind:
            outcomes = [t for t, _ in self.chance()]
            if text not in outcomes:
                raise ValueError(f'"{text}": not a possible {kind}')
        elif self.over:
            raise ValueError(f'"{text}": the game is over')
        elif text not in self.legal():
            raise ValueError(f'"{text}": not a legal action')
        s = self.copy()
        # in_progress (§14) leaves out single-outcome chance events (flag False)
        s._do(text, log=not (kind and len(outcomes) == 1))
        s._settle()
        return s

    def _do(self, text: str, log: bool = True) -> None:
        word, _, arg = text.partition(" ")
        m = self.map
        seat = self.to_move
        if word == "reveal":
            if self.explore_order:
                self.explore_order.pop(0)
            self.current = arg
            self.to_move = 0
            self._start_seat()
            return
        self.log.append((text, log))
        p = self.players[seat]
        if word == "offer":
            pair = tuple(arg.split())
            deck = self.ideck(seat)
            for c in pair:
                deck.unseen[c] -= 1
                if deck.unseen[c] == 0:
                    del deck.unseen[c]
            if deck.order:
                deck.order = deck.order[2:]
            self.offered = pair
            self.phase = "keep"
        elif word == "keep":
            other = [c for c in self.offered if c != arg][0]
            p.investigate.append(arg)
            self.ideck(seat).discard.append(other)
            self.offered = None
            self._begin_card(arg)
        elif word == "repeat":
            k = {"I": 0, "II": 1, "III": 2}[arg]
            self._begin_card(p.investigate[k])
        elif word == "place":
            self._place(m.cell(arg))
        elif word == "stop":
            self._end_card()
        elif word == "village":
            self.tasks.pop()
            self._make_village(seat, m.cell(arg))
        elif word == "route":
            pair, _, cover = arg.partition(" cover ")
            a, b = (m.cell(x) for x in pair.split("-"))
            c = m.cell(cover)
            x = self.tasks[-1][1]
            grp = self.group(seat, x)
            p.coins += m.spaces[a].city * m.spaces[b].city
            p.routes.append((a, b, c))
            if any(m.spaces[g].ice for g in grp):
                p.ice_route = True
        elif word == "draw":
            self.tasks.pop()
            deck = self.tdeck(seat)
            deck.unseen[arg] -= 1
            if deck.unseen[arg] == 0:
                del deck.unseen[arg]
            if deck.order:
                deck.order.pop(0)
            if arg == "two-coins":
                p.coins += 2
                deck.discard.append(arg)
            elif arg == "place-explorer":
                deck.discard.append(arg)
                self.tasks.append(("free", None))
            else:
                p.treasure.append(arg)
        elif word == "free":
            self.tasks.pop()
            if arg != "none":
                y = m.cell(arg)
                p.explorers.add(y)
                self._effects(seat, y, 1)
        else:
            raise ValueError(f'"{text}": unknown action')

    def _start_seat(self) -> None:
        self.phase = "start"
        self.log = []
        self.rest = None
        self.rest = self.copy()

    def _begin_card(self, card_id: str) -> None:
        self.card = CardPlay.start(card_id)
        self.phase = "card"
        self.tasks = []

    def _place(self, y: int) -> None:
        seat = self.to_move
        card = self.card
        t = self.target_step(y)
        # K's new members are judged now, before y: the quiet spaces below y whose own
        # placement would go to y's step (a space that fits the current step while y
        # opens the next one would land in the current step: not the same set).
        peers = set()
        if self.skip_applies(t):
            for z in self.targets(seat):
                if z < y and self.target_step(z) == t and self.quiet(seat, z):
                    peers.add(z)
        if t != card.si:
            card.si = t
            card.skip = set()
        card.skip |= peers
        eventful = not self.quiet(seat, y)
        key, cost = self.placement_cost(t, y)
        card.cost[t] += cost
        if key is not None:
            card.used[t][key] += 1
        card.step_spaces[t].append(y)
        card.spaces.append(y)
        self.players[seat].explorers.add(y)
        if eventful:
            card.skip = set()
        self._effects(seat, y, card.mult)

    def _effects(self, seat: int, x: int, mult: int) -> None:
        """§6 steps 1-3 now; villages, routes and the ruin as tasks (village on top)."""
        m = self.map
        p = self.players[seat]
        sp = m.spaces[x]
        if x in m.land_of:
            p.lands.add(m.land_of[x])
        if sp.coin:
            p.coins += sp.coin * mult
        if sp.tower and x not in p.towers:
            p.towers.append(x)
            p.coins += TOWER_COINS[len(p.towers) - 1]
        if sp.crystal and x not in p.crystals:
            p.crystals.append(x)
            if self.rules["crystal_scoring"] == "cumulative":
                p.coins += sum(m.spaces[c].crystal for c in p.crystals)
            else:
                p.coins += sp.crystal
        self.tasks += [("ruin", x), ("routes", x), ("village", x)]

    def _make_village(self, seat: int, b: int) -> None:
        p = self.players[seat]
        p.explorers.discard(b)
        p.villages.add(b)
        p.coins += self.era

    def _end_card(self) -> None:
        self.card = None
        self.tasks = []
        self.to_move += 1
        if self.to_move < self.n:
            self._start_seat()
            return
        self._objective_check()
        self.played.append(self.current)
        self.current = None
        self.to_move = None
        self.phase = None
        self.log = []
        self.rest = None
        if not self.remaining_explore():
            for p in self.players:
                p.explorers = set()
            if self.era == 4:
                self.over = True
            else:
                self.era += 1
                self.played = []
                self.explore_order = None

    def _settle(self) -> None:
        """Run automatic steps until a decision, a chance event or the end."""
        while not self.over and self.to_move is not None:
            seat = self.to_move
            p = self.players[seat]
            if self.phase == "start":
                cur = self.current
                if cur in BASIC:
                    self._begin_card(cur)
                elif ERA_NUM[cur] == 4:
                    self.phase = "repeat"
                    return
                elif ERA_NUM[cur] == self.era:
                    self.phase = "offer"
                    return
                else:
                    self._begin_card(p.investigate[ERA_NUM[cur] - 1])
                continue
            if self.phase in ("offer", "keep", "repeat"):
                return
            if self.tasks:
                kind, x = self.tasks[-1]
                if kind == "village":
                    blanks = self.village_blanks(seat, x)
                    if len(blanks) > 1:
                        return
                    self.tasks.pop()
                    if blanks:
                        self._make_village(seat, blanks[0])
                elif kind == "routes":
                    if len(self.uncovered_cities(seat, self.group(seat, x))) >= 2:
                        return
                    self.tasks.pop()
                elif kind == "ruin":
                    self.tasks.pop()
                    if self.map.spaces[x].ruin and x not in p.ruins:
                        p.ruins.add(x)
                        self.tasks += [("draw", None)] * self.card.per_ruin
                elif kind == "draw":
                    deck = self.tdeck(seat)
                    if not deck.unseen and deck.discard:
                        deck.unseen = Counter(deck.discard)
                        deck.discard = []
                        deck.order = None
                    if deck.unseen:
                        return
                    self.tasks.pop()
                elif kind == "free":
                    if self.targets(seat):
                        return
                    self.tasks.pop()
                continue
            if self.card_moves():
                return
            self._end_card()

    # --- objectives (§8) --------------------------------------------------------------
    def revealed(self, card: str) -> bool:
        """Has era card `card` had its first reveal (in its era) by now?"""
        k = ERA_NUM[card]
        return self.era > k or (self.era == k and card in self.played + [self.current])

    def decay(self, idx: int) -> int:
        """0 full, 1 second only, 2 nothing (solo decay of the idx-th objective)."""
        if not self.rules["solo_decay"]:
            return 0
        d = SOLO_DECAY[f"o{idx + 1}"]
        if d["nothing_from"] and self.revealed(d["nothing_from"]):
            return 2
        if self.revealed(d["second_only_from"]):
            return 1
        return 0

    def _objective_check(self) -> None:
        before = {o for p in self.players for o in p.objectives}
        gains = []
        for idx, oid in enumerate(self.objectives):
            obj = OBJ[oid]
            state = self.decay(idx)
            if state == 2:
                continue
            for seat, p in enumerate(self.players):
                if oid in p.objectives or not self.meets(seat, obj):
                    continue
                pay = (
                    obj["first"] if oid not in before and state == 0 else obj["second"]
                )
                gains.append((seat, oid, pay))
        for seat, oid, pay in gains:
            self.players[seat].coins += pay
            self.players[seat].objectives.append(oid)

    def meets(self, seat: int, obj: dict) -> bool:
        m = self.map
        sp = m.spaces
        p = self.players[seat]
        q = obj["params"]
        check = obj["check"]
        vil = sorted(p.villages)
        nbs = m.neighbours
        posts = p.posts

        def count(pred, cells):
            return sum(1 for c in cells if pred(c))

        n = q.get("n", 0)
        if check == "villages":
            return len(vil) >= n
        if check == "villages_distinct_lands":
            return len({m.land_of[v] for v in vil}) >= n
        if check == "villages_same_land":
            return max(Counter(m.land_of[v] for v in vil).values(), default=0) >= n
        if check == "villages_same_terrain":
            return max(Counter(sp[v].terrain for v in vil).values(), default=0) >= n
        if check == "villages_on_terrain":
            t = KEY_TERRAIN[q["terrain"]]
            return count(lambda v: sp[v].terrain == t, vil) >= n
        if check == "villages_terrains":
            return all(
                any(sp[v].terrain == KEY_TERRAIN[t] for v in vil) for t in q["terrains"]
            )
        if check == "village_region_size_min":
            size = q["size"]
            return count(lambda v: len(m.regions[m.region_of[v]]) >= size, vil) >= n
        if check == "villages_region_size_max":
            size = q["size"]
            return count(lambda v: len(m.regions[m.region_of[v]]) <= size, vil) >= n
        if check == "village_adjacent_own_tower":
            return count(lambda v: any(j in p.towers for j in nbs[v]), vil) >= n
        if check == "village_adjacent_ruin_space":
            return count(lambda v: any(sp[j].ruin for j in nbs[v]), vil) >= n
        if check == "villages_adjacent_crystal_space":
            return count(lambda v: any(sp[j].crystal for j in nbs[v]), vil) >= n
        if check == "villages_adjacent_ice":
            return count(lambda v: any(sp[j].ice for j in nbs[v]), vil) >= n
        if check == "villages_adjacent_own_trading_post":
            return count(lambda v: any(j in posts for j in nbs[v]), vil) >= n
        if check == "village_north_border":
            return count(lambda v: v in m.north_border, vil) >= n
        if check == "towers":
            return len(p.towers) >= n
        if check == "tower_and_ruin":
            labels = {m.ruin_label.get(r) for r in p.ruins}
            return m.cell(q["tower"]) in p.towers and all(
                x in labels for x in q["labels"]
            )
        if check == "ruins":
            return len(p.ruins) >= n
        if check == "ruins_on_border":
            return count(lambda r: r in m.border, p.ruins) >= n
        if check == "ruins_labelled":
            labels = {m.ruin_label.get(r) for r in p.ruins}
            return all(x in labels for x in q["labels"])
        if check == "ruins_same_symbol":
            syms = Counter(m.ruin_label[r] for r in p.ruins if r in m.ruin_label)
            return max(syms.values(), default=0) >= n
        if check == "ruins_each_symbol":
            labels = {m.ruin_label.get(r) for r in p.ruins}
            return all(x in labels for x in q["symbols"])
        if check == "ruins_on_ice":
            return count(lambda r: sp[r].ice, p.ruins) >= n
        if check == "ruins_adjacent_terrains":
            near = {sp[j].terrain for r in p.ruins for j in nbs[r]}
            return all(KEY_TERRAIN[t] in near for t in q["terrains"])
        if check == "crystals":
            return len(p.crystals) >= n
        if check == "trading_posts_value_min":
            return count(lambda c: sp[c].city >= q["value"], posts) >= n
        if check == "trading_posts_terrains":
            return all(
                any(sp[c].terrain == KEY_TERRAIN[t] for c in posts)
                for t in q["terrains"]
            )
        if check == "route_value_min":
            return any(sp[a].city * sp[b].city >= q["value"] for a, b, _ in p.routes)
        if check == "route_via_ice":
            return p.ice_route
        if check == "chain_cities_ruins":
            return any(
                count(lambda c: sp[c].city, g) >= q["cities"]
                and count(lambda c: sp[c].ruin, g) >= q["ruins"]
                for g in self.groups(seat)
            )
        if check == "explorer_on_coin_min":
            return any(sp[e].coin >= q["value"] for e in p.explorers)
        if check == "land_reached":
            return m.land_of[m.cell(q["land_cell"])] in p.lands
        raise ValueError(f"unknown objective check {check!r}")

    # --- scoring, summary -----------------------------------------------------------
    def end_bonus(self, seat: int) -> int:
        m = self.map
        p = self.players[seat]
        hand = Counter(p.treasure)
        terr = Counter(m.spaces[v].terrain for v in p.villages)
        total = jar_score(hand["jar"])
        total += hand["desert-villages"] * terr["D"]
        total += hand["grassland-villages"] * terr["G"]
        total += hand["mountain-villages"] * terr["M"]
        total += hand["villages-pairs"] * (len(p.villages) // 2)
        total += hand["towers"] * len(p.towers)
        if self.rules["land_bonus"]:
            total += land_bonus(len(p.lands))
        return total

    def final_scores(self) -> list:
        assert self.over, "final_scores: the game is not over"
        return [p.coins + self.end_bonus(s) for s, p in enumerate(self.players)]

    def winners(self) -> list:
        """Seats with the most coins at the end; no tie-breaker (§9)."""
        scores = self.final_scores()
        return [s for s, v in enumerate(scores) if v == max(scores)]

    def summary(self) -> dict:
        t = self.map.text
        return {
            "era": self.era,
            "played": list(self.played),
            "current": self.current,
            "to_move": self.to_move,
            "over": self.over,
            "players": [
                {
                    "coins": p.coins,
                    "explorers": self.cells(p.explorers),
                    "villages": self.cells(p.villages),
                    "routes": [f"{t(a)}-{t(b)} cover {t(c)}" for a, b, c in p.routes],
                    "ruins": self.cells(p.ruins),
                    "towers": self.cells(p.towers),
                    "crystals": self.cells(p.crystals),
                    "investigate": list(p.investigate),
                    "treasure": sorted(p.treasure),
                    "objectives": sorted(p.objectives),
                    "lands": len(p.lands),
                    "ice_route": p.ice_route,
                }
                for p in self.players
            ],
        }


# --- construction, perft ------------------------------------------------------------


def new_state(map_id, players, objectives=None, seed=None, rules=None) -> State:
    m = map_id if isinstance(map_id, Map) else load_map(map_id)
    if not 1 <= players <= 4:
        raise ValueError("players: must be 1..4")
    r = resolve_rules(m, players, rules)
    rng = random.Random(seed) if seed is not None else None
    if objectives is None:
        ids = [o["id"] for o in OBJECTIVES.get(m.id, [])]
        objectives = rng.sample(ids, 3) if rng else ids[:3]
    s = State(m, players, r, objectives)
    if rng:
        s.explore_order = era_deck(1)
        rng.shuffle(s.explore_order)
        for d in s.inv:
            d.order = list(INV_ORDER)
            rng.shuffle(d.order)
        for d in s.tre:
            d.order = [k for k in TREASURE_ORDER for _ in range(TREASURE_COUNT[k])]
            rng.shuffle(d.order)
    return s


def perft(state: State, depth: int) -> int:
    if state.over:
        return 1
    if depth == 0:
        return 1
    if state.chance_kind():
        return sum(perft(state.apply(t), depth) for t, _ in state.chance())
    return sum(perft(state.apply(a), depth - 1) for a in state.legal())


def divide(state: State, depth: int) -> dict:
    if state.chance_kind():
        return {t: perft(state.apply(t), depth) for t, _ in state.chance()}
    return {a: perft(state.apply(a), depth - 1) for a in state.legal()}


def load_position(text: str, base_dir=None) -> State:
    from .explorers_position import load_position as _load

    return _load(text, base_dir)


def to_position(state: State) -> str:
    from .explorers_position import to_position as _to

    return _to(state)
