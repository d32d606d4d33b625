"""Map files (GOME map text v1) and hex geometry for the Merchant Explorers reference model.

Written from specs/merchant-explorers.md §2 and §15 only. Slow and literal on purpose.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

DATA_DIR = Path(__file__).resolve().parents[2] / "rust/core/data/merchant_explorers"
MAP_IDS = ("avenia", "aghon", "kazan", "cnidaria", "north-proylia", "xawskil")

# Directions in the order of the spec's neighbour table: N, NE, SE, S, SW, NW.
DIRS = ("N", "NE", "SE", "S", "SW", "NW")
_EVEN = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))
_ODD = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))

LAND = "MDG"
TERRAINS = "MDGSX"
RULE_WORDS = ("crystals", "ice", "land-bonus")
SYMBOLS = ("tri", "cir", "sq")
KEYS = ("id", "name", "status", "special", "layout", "cols", "rows", "rules", "grid")
OPTIONAL_KEYS = ("status", "special")


class MapError(ValueError):
    pass


def step(c: int, r: int, d: int) -> tuple[int, int]:
    """The cell one step from (c, r) in direction d (may be off the grid)."""
    dc, dr = (_ODD if c & 1 else _EVEN)[d]
    return c + dc, r + dr


@dataclass
class Space:
    terrain: str  # M D G S X
    coin: int = 0
    city: int = 0
    ruin: bool = False
    ruin_sym: str | None = None  # A-J, tri, cir, sq or None
    tower: bool = False
    capital: bool = False
    crystal: int = 0
    ice: bool = False

    @property
    def wild(self) -> bool:
        return self.terrain == "X" and not self.capital

    @property
    def blank(self) -> bool:
        return self.terrain in LAND and not (self.coin or self.city or self.ruin)


@dataclass
class Map:
    id: str
    name: str
    cols: int
    rows: int
    rules: frozenset
    spaces: dict = field(default_factory=dict)  # cell index -> Space
    path: str | None = None

    def __deepcopy__(self, memo):  # maps are immutable once built
        return self

    # --- cells -----------------------------------------------------------------
    def index(self, c: int, r: int) -> int:
        return r * self.cols + c

    def cr(self, i: int) -> tuple[int, int]:
        return i % self.cols, i // self.cols

    def text(self, i: int) -> str:
        c, r = self.cr(i)
        return f"c{c}r{r}"

    def cell(self, text: str) -> int:
        """Parse `c7r4` into a cell index; ValueError('...') with a short message."""
        m = re.fullmatch(r"c(\d+)r(\d+)", text) if isinstance(text, str) else None
        if not m:
            raise ValueError(f"{text!r} is not a cell".replace("'", '"'))
        c, r = int(m.group(1)), int(m.group(2))
        if not (0 <= c < self.cols and 0 <= r < self.rows):
            raise ValueError(f'"{text}" is off the map')
        i = self.index(c, r)
        if i not in self.spaces:
            raise ValueError(f'"{text}" is not a space')
        return i

    def step_index(self, i: int, d: int):
        """Index of the space one step from i in direction d, or None if not a space."""
        c, r = step(*self.cr(i), d)
        if not (0 <= c < self.cols and 0 <= r < self.rows):
            return None
        j = self.index(c, r)
        return j if j in self.spaces else None

    def direction(self, a: int, b: int):
        """Direction d with b = a + d, or None if not adjacent."""
        for d in range(6):
            if self.step_index(a, d) == b:
                return d
        return None

    # --- derived tables (built by finish()) --------------------------------------
    def finish(self) -> None:
        self.order = sorted(self.spaces)
        self.neighbours = {
            i: [j for d in range(6) if (j := self.step_index(i, d)) is not None]
            for i in self.order
        }
        self.capital = next(i for i, s in self.spaces.items() if s.capital)
        # regions: connected same land terrain, wild and sea excluded
        self.region_of: dict[int, int] = {}
        self.regions: list[frozenset] = []
        for i in self.order:
            s = self.spaces[i]
            if s.terrain not in LAND or i in self.region_of:
                continue
            comp = self._component(
                i, lambda j, t=s.terrain: self.spaces[j].terrain == t
            )
            for j in comp:
                self.region_of[j] = len(self.regions)
            self.regions.append(frozenset(comp))
        self.region_blanks = [
            sorted(j for j in reg if self.spaces[j].blank) for reg in self.regions
        ]
        # lands: connected non-sea spaces
        self.land_of: dict[int, int] = {}
        self.lands: list[frozenset] = []
        for i in self.order:
            if self.spaces[i].terrain == "S" or i in self.land_of:
                continue
            comp = self._component(i, lambda j: self.spaces[j].terrain != "S")
            for j in comp:
                self.land_of[j] = len(self.lands)
            self.lands.append(frozenset(comp))
        self.border = frozenset(i for i in self.order if len(self.neighbours[i]) < 6)
        self.north_border = frozenset(
            i for i in self.order if self.step_index(i, 0) is None
        )
        self.ruin_label = {
            i: s.ruin_sym for i, s in self.spaces.items() if s.ruin and s.ruin_sym
        }

    def _component(self, start: int, ok) -> set:
        seen = {start}
        todo = [start]
        while todo:
            i = todo.pop()
            for j in self.neighbours[i]:
                if j not in seen and ok(j):
                    seen.add(j)
                    todo.append(j)
        return seen

    @property
    def has_ice(self) -> bool:
        return any(s.ice for s in self.spaces.values())

    def is_line(self, cells, ordered: bool) -> bool:
        """`cells` form one straight contiguous line (p(i+1) - p(i) the same direction).
        ordered: in the given order; else in some order."""
        cells = list(cells)
        if len(cells) <= 1:
            return True
        if ordered:
            d = self.direction(cells[0], cells[1])
            if d is None:
                return False
            return all(self.step_index(a, d) == b for a, b in zip(cells, cells[1:]))
        want = set(cells)
        if len(want) != len(cells):
            return False
        for start in cells:
            for d in range(6):
                run = [start]
                while len(run) < len(cells):
                    nxt = self.step_index(run[-1], d)
                    if nxt is None:
                        break
                    run.append(nxt)
                if set(run) == want:
                    return True
        return False


# --- parser -------------------------------------------------------------------------

_TOKEN = re.compile(r"\$(\d+)|C(\d+)|R(?::(tri|cir|sq|[A-Z]))?|T|K|\*(\d+)|I")


def _err(line: int, msg: str) -> MapError:
    return MapError(f"map line {line}: {msg}")


def parse_token(tok: str):
    """Parse one grid token; returns None for '.', a Space, or raises ValueError(msg)."""
    if tok == ".":
        return None
    if tok[0] not in TERRAINS:
        raise ValueError(f"bad token {tok!r}: unknown terrain")
    sp = Space(tok[0])
    rest = tok[1:]
    seen = []
    pos = 0
    while pos < len(rest):
        m = _TOKEN.match(rest, pos)
        if not m:
            raise ValueError(f"bad token {tok!r}")
        kind = m.group(0)[0]
        if kind in seen:
            raise ValueError(f"bad token {tok!r}: feature {kind} twice")
        seen.append(kind)
        if kind in "$C*":
            v = int(m.group(1) or m.group(2) or m.group(4))
            if not 1 <= v <= 99:
                raise ValueError(f"bad token {tok!r}: value not in 1..99")
            if kind == "$":
                sp.coin = v
            elif kind == "C":
                sp.city = v
            else:
                sp.crystal = v
        elif kind == "R":
            sp.ruin = True
            sym = m.group(3)
            if sym is not None:
                if not (sym in SYMBOLS or re.fullmatch(r"[A-J]", sym)):
                    raise ValueError(f"bad token {tok!r}: ruin symbol {sym!r}")
                sp.ruin_sym = sym
        elif kind == "T":
            sp.tower = True
        elif kind == "K":
            sp.capital = True
        elif kind == "I":
            sp.ice = True
        pos = m.end()
    if sum(k in seen for k in "$CR") > 1:
        raise ValueError(f"bad token {tok!r}: more than one of $ C R")
    specials = [k for k in "TK*I" if k in seen]
    if sp.terrain != "X":
        if specials:
            raise ValueError(f"bad token {tok!r}: {specials[0]} on a non-X space")
    else:
        if len(specials) != 1:
            raise ValueError(
                f"bad token {tok!r}: an X space needs exactly one of T K * I"
            )
        if ("$" in seen or "R" in seen) and not sp.ice:
            raise ValueError(f"bad token {tok!r}: $ or R on an X space needs I")
    return sp


def parse_map(text: str, path: str | None = None) -> Map:
    header: dict[str, str] = {}
    header_line: dict[str, int] = {}
    lines = text.split("\n")
    n = 0
    grid_start = None
    while n < len(lines):
        raw = lines[n]
        n += 1
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        if ":" not in body:
            raise _err(n, f"expected 'key: value', got {body!r}")
        key, value = (x.strip() for x in body.split(":", 1))
        if key not in KEYS:
            raise _err(n, f"unknown key {key!r}")
        if key in header:
            raise _err(n, f"duplicate key {key!r}")
        header[key] = value
        header_line[key] = n
        if key == "grid":
            if value:
                raise _err(n, "grid: takes no value")
            grid_start = n
            break
    for key in KEYS:
        if key not in header and key not in OPTIONAL_KEYS:
            raise _err(n, f"missing key {key!r}")
    if not re.fullmatch(r"[a-z0-9-]+", header["id"]):
        raise _err(header_line["id"], "id: lowercase letters, digits and '-' only")
    if header["layout"] != "flat-top-columns-even-down":
        raise _err(header_line["layout"], f"unsupported layout {header['layout']!r}")
    dims = {}
    for key in ("cols", "rows"):
        v = header[key]
        if not re.fullmatch(r"\d+", v) or int(v) <= 0:
            raise _err(header_line[key], f"{key}: must be a positive integer")
        dims[key] = int(v)
    words = [w.strip() for w in header["rules"].split(",")]
    if words == ["none"]:
        rules = frozenset()
    else:
        for w in words:
            if w not in RULE_WORDS:
                raise _err(header_line["rules"], f"unknown rules word {w!r}")
        rules = frozenset(words)
    m = Map(header["id"], header["name"], dims["cols"], dims["rows"], rules, path=path)
    # grid rows
    r = 0
    letters: dict[str, int] = {}
    while r < m.rows:
        if n >= len(lines):
            raise _err(n, f"expected {m.rows} grid lines, got {r}")
        raw = lines[n]
        n += 1
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        if body == "end":
            raise _err(n, f"expected {m.rows} grid lines, got {r}")
        toks = body.split()
        if len(toks) != m.cols:
            raise _err(n, f"expected {m.cols} tokens, got {len(toks)}")
        for c, tok in enumerate(toks):
            try:
                sp = parse_token(tok)
            except ValueError as e:
                raise _err(n, str(e)) from None
            if sp is None:
                continue
            if sp.crystal and "crystals" not in rules:
                raise _err(n, "crystal space without 'crystals' in rules")
            if sp.ice and "ice" not in rules:
                raise _err(n, "ice space without 'ice' in rules")
            if sp.ruin_sym and sp.ruin_sym not in SYMBOLS:
                if sp.ruin_sym in letters:
                    raise _err(n, f"ruin letter {sp.ruin_sym} used twice")
                letters[sp.ruin_sym] = n
            m.spaces[m.index(c, r)] = sp
        r += 1
    # end
    found_end = False
    while n < len(lines):
        raw = lines[n]
        n += 1
        body = raw.split("#", 1)[0].strip()
        if not body:
            continue
        if not found_end and body == "end":
            found_end = True
            continue
        if found_end:
            raise _err(n, "only comments may follow 'end'")
        raise _err(n, "expected 'end'")
    if not found_end:
        raise _err(n, "missing 'end'")
    caps = [i for i, s in m.spaces.items() if s.capital]
    if len(caps) != 1:
        raise _err(grid_start, f"expected exactly one capital, got {len(caps)}")
    if sum(s.tower for s in m.spaces.values()) > 4:
        raise _err(grid_start, "more than 4 towers")
    m.finish()
    return m


_CACHE: dict = {}


def load_map(name_or_path: str, base_dir=None) -> Map:
    """A map by id (data directory) or by file path (relative to base_dir)."""
    if name_or_path in MAP_IDS:
        path = DATA_DIR / f"map_{name_or_path}.txt"
    else:
        path = Path(name_or_path)
        if base_dir is not None and not path.is_absolute():
            path = Path(base_dir) / path
        if not path.exists():
            raise ValueError(f'map: unknown map "{name_or_path}"')
    key = str(path.resolve())
    if key not in _CACHE:
        _CACHE[key] = parse_map(path.read_text(), path=str(path))
    return _CACHE[key]
