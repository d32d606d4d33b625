"""Chance events (§7): marble drops as count matrices, Library/Action-tile/Objective deals."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from .components import COLOURS
from .engine import chance
from .state import C, empty_lines, total_marbles

# ---- marble drop (7.1) ------------------------------------------------------------------


def drop_pool(s, what) -> dict:
    if what == "all":
        return {c: C(s).marbles[s["n"]][c] for c in COLOURS}
    return total_marbles(s["lines"])


def compositions(m, parts=5):
    """All vectors of `parts` non-negative ints summing to m (lexicographic, descending first)."""
    if parts == 1:
        yield (m,)
        return
    for first in range(m, -1, -1):
        for rest in compositions(m - first, parts - 1):
            yield (first,) + rest


def drop_text(matrix) -> str:
    """matrix[line][colour] counts -> `drop wr/b/-/wwy/k`."""
    parts = []
    for ln in matrix:
        t = "".join(c * ln[c] for c in COLOURS)
        parts.append(t or "-")
    return "drop " + "/".join(parts)


def parse_drop(text):
    if not text.startswith("drop "):
        raise ValueError(f"not a drop: {text!r}")
    parts = text[5:].split("/")
    if len(parts) != 5:
        raise ValueError(f"a drop names 5 lines: {text!r}")
    out = []
    for part in parts:
        ln = {c: 0 for c in COLOURS}
        if part != "-":
            for ch in part:
                if ch not in ln:
                    raise ValueError(f"bad colour in {text!r}")
                ln[ch] += 1
            if part != "".join(sorted(part, key=COLOURS.index)):
                raise ValueError(f"colours out of order in {text!r}")
        out.append(ln)
    return out


def drop_probability(s, matrix, pool) -> Fraction:
    w = C(s).line_weights
    tot = sum(w)
    p = [Fraction(x, tot) for x in w]
    prob = Fraction(1)
    for c in COLOURS:
        ns = [matrix[li][c] for li in range(5)]
        if sum(ns) != pool[c]:
            return Fraction(0)
        coef = math.factorial(pool[c])
        denom = 1
        for n in ns:
            denom *= math.factorial(n)
        term = Fraction(coef, denom)
        for li, n in enumerate(ns):
            term *= p[li] ** n
        prob *= term
    return prob


def iter_drops(s, pool):
    """Lazily every count matrix with its probability."""
    per_colour = [list(compositions(pool[c])) for c in COLOURS]
    for combo in itertools.product(*per_colour):
        matrix = [{c: combo[ci][li] for ci, c in enumerate(COLOURS)} for li in range(5)]
        yield drop_text(matrix), drop_probability(s, matrix, pool)


def listed_drop_text(s, entry, pool) -> str:
    matrix = empty_lines()
    for c in COLOURS:
        digits = entry.get(c, "")[: pool[c]]
        for dch in digits:
            matrix[int(dch) - 1][c] += 1
    return drop_text(matrix)


def sample_drop(s, pool, rng):
    w = C(s).line_weights
    matrix = empty_lines()
    for c in COLOURS:
        for _ in range(pool[c]):
            li = rng.choices(range(5), weights=w)[0]
            matrix[li][c] += 1
    return drop_text(matrix)


@chance("drop")
class Drop:
    def single(self, s):
        pool = drop_pool(s, s["stack"][-1]["what"])
        if s["drops"]:
            return listed_drop_text(s, s["drops"][0], pool)
        if sum(pool.values()) == 0:
            return drop_text(empty_lines())
        return None

    def outcomes(self, s):
        pool = drop_pool(s, s["stack"][-1]["what"])
        known = self.single(s)
        if known is not None:
            yield known, Fraction(1)
            return
        yield from iter_drops(s, pool)

    def sample(self, s, rng):
        known = self.single(s)
        if known is not None:
            return known
        return sample_drop(s, drop_pool(s, s["stack"][-1]["what"]), rng)

    def apply(self, s, text):
        f = s["stack"][-1]
        pool = drop_pool(s, f["what"])
        matrix = parse_drop(text)
        known = self.single(s)
        if known is not None and text != known:
            raise ValueError(f"the drop is known: {known!r}, not {text!r}")
        if drop_probability(s, matrix, pool) == 0:
            raise ValueError(f"impossible drop {text!r}")
        s["stack"].pop()
        if s["drops"]:
            s["drops"].pop(0)
        if f["what"] == "all":
            for p in s["players"]:
                p["marbles"] = ""
            s["removed"] = ""
        s["lines"] = matrix


# ---- deals (7.2) ----------------------------------------------------------------------------


def unseen_books(s):
    comp = C(s)
    placed = set(s["row"]) | set(s["book_bottom"])
    placed |= {f["book"] for f in s["stack"] if f["k"] == "to_bottom" and f.get("book")}
    for p in s["players"]:
        for col in p["columns"]:
            placed |= {b for b, _ in col}
    return sorted(b for b in comp.books if b not in placed)


@chance("deal_book")
class DealBook:
    def _cands(self, s):
        if s["book_deck"] is not None:
            return s["book_deck"][:1]
        u = unseen_books(s)
        if u:
            return u
        return s["book_bottom"][:1]

    def single(self, s):
        c = self._cands(s)
        if len(c) == 1:
            return f"deal {c[0]}"
        if not c:
            return "deal none"
        return None

    def outcomes(self, s):
        c = self._cands(s)
        if not c:
            yield "deal none", Fraction(1)
        for b in c:
            yield f"deal {b}", Fraction(1, len(c))

    def sample(self, s, rng):
        return self.single(s) or f"deal {rng.choice(self._cands(s))}"

    def apply(self, s, text):
        c = self._cands(s)
        s["stack"].pop()
        if text == "deal none" and not c:
            return
        b = text.split()[1] if text.startswith("deal ") else None
        if b not in c:
            raise ValueError(f"illegal deal {text!r}")
        if s["book_deck"] is not None:
            s["book_deck"].pop(0)
        elif b in s["book_bottom"]:
            s["book_bottom"].remove(b)
        s["row"].append(b)


def tile_candidates(s):
    comp = C(s)
    if s["pile"] is not None:
        if s["pile"]:
            return s["pile"][:1]
        return None  # reshuffle first
    shown = {t for t in s["tiles"] if t}
    cands = sorted(
        t for t in comp.action_tiles if t not in shown and t not in s["discards"]
    )
    return cands or None


@chance("deal_tile")
class DealTile:
    def _prepare(self, s):
        """An empty pile: the discards are shuffled into a new pile of unknown order."""
        if tile_candidates(s) is None:
            s["pile"] = None
            s["discards"] = []
        return tile_candidates(s) or []

    def single(self, s):
        c = self._prepare(s)
        if len(c) == 1:
            return f"tile {c[0]}"
        return None

    def outcomes(self, s):
        c = self._prepare(s)
        for t in c:
            yield f"tile {t}", Fraction(1, len(c))

    def sample(self, s, rng):
        return self.single(s) or f"tile {rng.choice(self._prepare(s))}"

    def apply(self, s, text):
        c = self._prepare(s)
        t = text.split()[1] if text.startswith("tile ") else None
        if t not in c:
            raise ValueError(f"illegal tile deal {text!r}")
        f = s["stack"].pop()
        if s["pile"] is not None:
            s["pile"].pop(0)
        s["tiles"][f["i"]] = t


def unseen_objectives(s):
    comp = C(s)
    placed = set(s["obj_bottom"])
    for p in s["players"]:
        placed |= set(p["hand"]) | set(p["pack"]) | set(p["drafted"])
    for f in s["stack"]:
        if f["k"] == "keep":
            placed |= set(f["cards"])
    return sorted(o for o in comp.objectives if o not in placed)


@chance("draw")
class Draw:
    def _fixed(self, s):
        """The drawn set when it is determined, else None."""
        f = s["stack"][-1]
        if s["obj_deck"] is not None:
            return sorted(s["obj_deck"][: f["draw"]])
        u = unseen_objectives(s)
        if len(u) <= f["draw"]:
            return sorted(u + s["obj_bottom"][: f["draw"] - len(u)])
        return None

    def single(self, s):
        fx = self._fixed(s)
        return None if fx is None else "draw" + "".join(" " + o for o in fx)

    def outcomes(self, s):
        fx = self.single(s)
        if fx is not None:
            yield fx, Fraction(1)
            return
        u = unseen_objectives(s)
        k = s["stack"][-1]["draw"]
        tot = math.comb(len(u), k)
        for combo in itertools.combinations(u, k):
            yield "draw " + " ".join(combo), Fraction(1, tot)

    def sample(self, s, rng):
        fx = self.single(s)
        if fx is not None:
            return fx
        u = unseen_objectives(s)
        return "draw " + " ".join(sorted(rng.sample(u, s["stack"][-1]["draw"])))

    def apply(self, s, text):
        f = s["stack"][-1]
        cards = text.split()[1:]
        fx = self._fixed(s)
        if fx is not None:
            if sorted(cards) != fx:
                raise ValueError(f"the draw is known: {fx}")
        else:
            u = unseen_objectives(s)
            if (
                len(cards) != f["draw"]
                or len(set(cards)) != len(cards)
                or not set(cards) <= set(u)
            ):
                raise ValueError(f"illegal draw {text!r}")
            if cards != sorted(cards):
                raise ValueError(f"draw lists ascending ids: {text!r}")
        s["stack"].pop()
        for c in cards:
            if s["obj_deck"] is not None and c in s["obj_deck"]:
                s["obj_deck"].remove(c)
            elif c in s["obj_bottom"]:
                s["obj_bottom"].remove(c)
        seat = f["seat"]
        if len(cards) <= f["keep"]:
            s["players"][seat]["hand"] = sorted(s["players"][seat]["hand"] + cards)
            return
        s["stack"].append(
            {
                "k": "keep",
                "seat": seat,
                "cards": sorted(cards),
                "left": f["keep"],
                "after": "",
            }
        )


def sample_outcome(s, rng):
    from .engine import CHANCE

    return CHANCE[s["stack"][-1]["k"]].sample(s, rng)
