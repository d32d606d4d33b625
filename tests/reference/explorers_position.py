"""The §14 position file (TOML) of the Merchant Explorers reference model: reading with
validation (`field: message` errors) and writing at-rest states (+ `in_progress`)."""

from __future__ import annotations

import tomllib
from collections import Counter
from pathlib import Path

from .explorers_map import DATA_DIR, MAP_IDS, MapError, load_map
from .explorers_model import (
    BASIC,
    ERA_CARD,
    ERA_NUM,
    IMMEDIATE,
    INV_ORDER,
    INVESTIGATE,
    OBJECTIVES,
    TREASURE_COUNT,
    TREASURE_ORDER,
    Deck,
    State,
    era_deck,
    resolve_rules,
)

TOP_KEYS = (
    "game",
    "map",
    "players",
    "era",
    "to_move",
    "in_progress",
    "objectives",
    "rules",
    "explore",
    "investigate",
    "treasure",
    "player",
)
PLAYER_KEYS = (
    "coins",
    "explorers",
    "villages",
    "routes",
    "ruins",
    "towers",
    "crystals",
    "investigate",
    "treasure",
    "objectives",
    "lands_reached",
    "ice_route",
)
DECK_KEYS = (
    "investigate_discard",
    "investigate_deck",
    "treasure_discard",
    "treasure_deck",
)


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _strings(field: str, v) -> list:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise ValueError(f"{field}: expected a list of strings")
    return v


def _unknown_keys(prefix: str, table: dict, allowed) -> None:
    for k in table:
        if k not in allowed:
            raise ValueError(f"{prefix}{k}: unknown key")


def load_position(text: str, base_dir=None) -> State:
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise ValueError(f"toml: {e}") from None
    _unknown_keys("", doc, TOP_KEYS)
    if doc.get("game") != "merchant-explorers":
        raise ValueError('game: expected "merchant-explorers"')
    name = doc.get("map")
    if not isinstance(name, str):
        raise ValueError("map: expected a map id or a map file path")
    if name not in MAP_IDS and not (name.endswith(".txt") or "/" in name):
        raise ValueError(f'map: unknown map "{name}"')
    try:
        m = load_map(name, base_dir)
    except MapError:
        raise
    except OSError as e:
        raise ValueError(f"map: {e}") from None
    n = doc.get("players")
    if not _int(n) or not 1 <= n <= 4:
        raise ValueError("players: must be 1..4")
    tables = doc.get("player", [])
    if not isinstance(tables, list) or len(tables) != n:
        count = len(tables) if isinstance(tables, list) else 1
        raise ValueError(f"player: {count} tables for {n} players")
    era = doc.get("era")
    if not _int(era) or not 1 <= era <= 4:
        raise ValueError("era: must be 1..4")
    rules_in = doc.get("rules", {})
    if not isinstance(rules_in, dict):
        raise ValueError("rules: expected a table")
    rules = resolve_rules(m, n, rules_in)
    # objectives
    if "objectives" not in doc:
        raise ValueError("objectives: required (use [] for none)")
    objectives = _strings("objectives", doc["objectives"])
    mine = [o["id"] for o in OBJECTIVES.get(m.id, [])]
    if len(objectives) > 3:
        raise ValueError("objectives: at most 3")
    for i, o in enumerate(objectives):
        if o not in mine:
            raise ValueError(f'objectives[{i}]: "{o}" is not an objective of {m.id}')
        if o in objectives[:i]:
            raise ValueError(f'objectives[{i}]: "{o}" listed twice')
    s = State(m, n, rules, objectives)
    s.era = era
    # explore
    explore = doc.get("explore", {})
    _unknown_keys("explore.", explore, ("played", "current", "deck"))
    deck_cards = era_deck(era)
    played = _strings("explore.played", explore.get("played", []))
    for i, c in enumerate(played):
        if c not in deck_cards:
            raise ValueError(f'explore.played[{i}]: "{c}" is not in the era {era} deck')
        if c in played[:i]:
            raise ValueError(f'explore.played[{i}]: "{c}" listed twice')
    current = explore.get("current")
    if current is not None:
        if not isinstance(current, str) or current not in deck_cards:
            raise ValueError(
                f'explore.current: "{current}" is not in the era {era} deck'
            )
        if current in played:
            raise ValueError(f'explore.current: "{current}" is also played')
    s.played = list(played)
    s.current = current
    left = s.remaining_explore()
    if "deck" in explore:
        order = _strings("explore.deck", explore["deck"])
        if sorted(order) != sorted(left):
            raise ValueError(
                "explore.deck: must list exactly the unrevealed cards of this era"
            )
        s.explore_order = list(order)
    finished = False
    if not left and current is None:
        if era < 4:
            raise ValueError(
                f"explore: era {era} deck is exhausted; store the position as era {era + 1}"
            )
        finished = True
    # to_move, in_progress
    to_move = doc.get("to_move")
    if current is not None and to_move is None:
        raise ValueError("to_move: required while explore.current is set")
    if current is None and to_move is not None:
        raise ValueError("to_move: not allowed between reveals")
    if to_move is not None and (not _int(to_move) or not 0 <= to_move < n):
        raise ValueError(f"to_move: must be 0..{n - 1}")
    in_progress = doc.get("in_progress", [])
    _strings("in_progress", in_progress)
    if in_progress and to_move is None:
        raise ValueError("in_progress: only with to_move")
    # players
    for seat, tab in enumerate(tables):
        _read_player(s, seat, tab, to_move, finished)
    _read_decks(s, doc, tables, to_move)
    # state
    if finished:
        s.over = True
    elif current is not None:
        s.to_move = to_move
        s._start_seat()
        s._settle()
        for i, t in enumerate(in_progress):
            while (
                s.turn() == "chance" and len(s.chance()) == 1 and s.chance()[0][0] != t
            ):
                s = s.apply(s.chance()[0][0])
            try:
                s = s.apply(t)
            except ValueError:
                what = "placement" if t.startswith(("place", "free")) else "action"
                raise ValueError(
                    f'in_progress[{i}]: "{t}": not a legal {what}'
                ) from None
    return s


def _cells(s: State, field: str, v) -> list:
    v = _strings(field, v)
    out = []
    for i, t in enumerate(v):
        try:
            c = s.map.cell(t)
        except ValueError as e:
            raise ValueError(f"{field}[{i}]: {e}") from None
        if c in out:
            raise ValueError(f'{field}[{i}]: "{t}" listed twice')
        out.append(c)
    return out


def _read_player(s: State, seat: int, tab, to_move, finished: bool) -> None:
    m = s.map
    sp = m.spaces
    pre = f"player[{seat}]"
    if not isinstance(tab, dict):
        raise ValueError(f"{pre}: expected a table")
    allowed = PLAYER_KEYS + (() if s.rules["shared_decks"] else DECK_KEYS)
    _unknown_keys(pre + ".", tab, allowed)
    p = s.players[seat]
    coins = tab.get("coins", 0)
    if not _int(coins) or coins < 0:
        raise ValueError(f"{pre}.coins: must be an integer ≥ 0")
    p.coins = coins
    # villages
    vil = _cells(s, f"{pre}.villages", tab.get("villages", []))
    regions = {}
    for i, v in enumerate(vil):
        if not sp[v].blank:
            raise ValueError(f"{pre}.villages[{i}]: {m.text(v)} is not a blank space")
        r = m.region_of[v]
        if r in regions:
            raise ValueError(
                f"{pre}.villages: two villages in the region of {m.text(regions[r])}"
            )
        regions[r] = v
    p.villages = set(vil)
    # covered things
    for key, ok, what in (
        ("ruins", lambda c: sp[c].ruin, "ruin"),
        ("towers", lambda c: sp[c].tower, "tower"),
        ("crystals", lambda c: sp[c].crystal, "crystal"),
    ):
        cells = _cells(s, f"{pre}.{key}", tab.get(key, []))
        for i, c in enumerate(cells):
            if not ok(c):
                raise ValueError(f"{pre}.{key}[{i}]: {m.text(c)} is not a {what} space")
        setattr(p, key, set(cells) if key == "ruins" else list(cells))
    # routes
    routes = _strings(f"{pre}.routes", tab.get("routes", []))
    covered: set = set()
    for i, r in enumerate(routes):
        f = f"{pre}.routes[{i}]"
        pair, sep, cover = r.partition(" cover ")
        ends = pair.split("-")
        if not sep or len(ends) != 2:
            raise ValueError(f'{f}: expected "cA-cB cover cX", got "{r}"')
        try:
            a, b, c = (m.cell(x) for x in (ends[0], ends[1], cover))
        except ValueError as e:
            raise ValueError(f"{f}: {e}") from None
        for x in (a, b):
            if not sp[x].city:
                raise ValueError(f"{f}: {m.text(x)} is not a city")
            if x in covered:
                raise ValueError(f"{f}: {m.text(x)} was covered by an earlier route")
        if a == b:
            raise ValueError(f"{f}: the two cities must differ")
        if c not in (a, b):
            raise ValueError(f"{f}: cover must be one of the two cities")
        covered.add(c)
        p.routes.append((min(a, b), max(a, b), c))
    # explorers
    ex = _cells(s, f"{pre}.explorers", tab.get("explorers", []))
    if finished and ex:
        raise ValueError(f"{pre}.explorers: a finished game has no explorers")
    for i, e in enumerate(ex):
        f = f"{pre}.explorers[{i}]"
        if e == m.capital:
            raise ValueError(f"{f}: explorer on the capital")
        if e in p.villages:
            raise ValueError(f"{f}: explorer on a village")
        if sp[e].ruin and e not in p.ruins:
            raise ValueError(f"{f}: {m.text(e)} is an uncovered ruin")
        if sp[e].tower and e not in p.towers:
            raise ValueError(f"{f}: {m.text(e)} is an uncovered tower")
        if sp[e].crystal and e not in p.crystals:
            raise ValueError(f"{f}: {m.text(e)} is an uncovered crystal")
    p.explorers = set(ex)
    for g in s.groups(seat):
        if m.capital not in g and not (g & p.villages):
            raise ValueError(
                f"{pre}.explorers: {m.text(min(g))} is not connected to the capital "
                "or a village"
            )
        if len(s.uncovered_cities(seat, g)) >= 2:
            raise ValueError(
                f"{pre}.explorers: group of {m.text(min(g))} holds "
                f"{len(s.uncovered_cities(seat, g))} uncovered cities"
            )
    for r, region in enumerate(m.regions):
        if m.region_blanks[r] and region <= p.explorers:
            raise ValueError(
                f"{pre}.explorers: region of {m.text(min(region))} is fully explored "
                "but has no village"
            )
    # investigate (kept) - checked against the era here, ids in _read_decks
    inv = _strings(f"{pre}.investigate", tab.get("investigate", []))
    for i, c in enumerate(inv):
        if c not in INVESTIGATE:
            raise ValueError(
                f'{pre}.investigate[{i}]: "{c}" is not an investigate card'
            )
    want = 0
    for k in range(1, min(s.era, 3) + 1):
        card = ERA_CARD[k]
        if k < s.era or card in s.played or (card == s.current and seat < to_move):
            want += 1
    if len(inv) != want:
        when = (
            f" before this seat resolves {s.current}"
            if s.current in ERA_NUM and ERA_NUM[s.current] == s.era and seat >= to_move
            else ""
        )
        raise ValueError(
            f"{pre}.investigate: expected {want} card{'s' if want != 1 else ''} "
            f"in era {s.era}{when}"
        )
    p.investigate = list(inv)
    # treasure hand
    hand = _strings(f"{pre}.treasure", tab.get("treasure", []))
    for i, c in enumerate(hand):
        if c not in TREASURE_COUNT:
            raise ValueError(f'{pre}.treasure[{i}]: "{c}" is not a treasure card')
        if c in IMMEDIATE:
            raise ValueError(f'{pre}.treasure[{i}]: "{c}" is never kept')
    p.treasure = list(hand)
    # objectives achieved
    objs = _strings(f"{pre}.objectives", tab.get("objectives", []))
    for i, o in enumerate(objs):
        if o not in s.objectives:
            raise ValueError(f'{pre}.objectives[{i}]: "{o}" is not in play')
        if o in objs[:i]:
            raise ValueError(f'{pre}.objectives[{i}]: "{o}" listed twice')
    p.objectives = list(objs)
    # ice route
    ice = tab.get("ice_route", False)
    if not isinstance(ice, bool):
        raise ValueError(f"{pre}.ice_route: expected a boolean")
    if ice and not m.has_ice:
        raise ValueError(f"{pre}.ice_route: map has no ice spaces")
    p.ice_route = ice
    # lands reached
    touched = sorted(
        p.explorers | p.villages | p.ruins | set(p.towers) | set(p.crystals) | p.posts
    )
    need = {}
    for c in touched:
        if c in m.land_of:
            need.setdefault(m.land_of[c], c)
    if "lands_reached" in tab:
        cells = _cells(s, f"{pre}.lands_reached", tab["lands_reached"])
        have: dict = {}
        for i, c in enumerate(cells):
            if c not in m.land_of:
                raise ValueError(f"{pre}.lands_reached[{i}]: {m.text(c)} is on no land")
            land = m.land_of[c]
            if land in have:
                raise ValueError(
                    f"{pre}.lands_reached[{i}]: {m.text(c)} is in the same land as "
                    f"{m.text(have[land])}"
                )
            have[land] = c
        for land, c in need.items():
            if land not in have:
                raise ValueError(f"{pre}.lands_reached: misses the land of {m.text(c)}")
        p.lands = set(have)
    else:
        p.lands = set(need)


def _read_decks(s: State, doc: dict, tables: list, to_move) -> None:
    """Investigate and treasure decks: shared tables or per-player keys."""
    shared = s.rules["shared_decks"]
    if shared:
        for key in ("investigate", "treasure"):
            if key in doc and not isinstance(doc[key], dict):
                raise ValueError(f"{key}: expected a table")
            _unknown_keys(f"{key}.", doc.get(key, {}), ("discard", "deck"))
        groups = [
            (
                "investigate",
                "treasure",
                doc.get("investigate", {}),
                doc.get("treasure", {}),
                list(range(s.n)),
            )
        ]
    else:
        for key in ("investigate", "treasure"):
            if key in doc:
                raise ValueError(f"{key}: not allowed with shared_decks = false")
        groups = []
        for seat, tab in enumerate(tables):
            pre = f"player[{seat}]."
            groups.append(
                (
                    pre + "investigate",
                    pre + "treasure",
                    {
                        k: tab[f"investigate_{k}"]
                        for k in ("discard", "deck")
                        if f"investigate_{k}" in tab
                    },
                    {
                        k: tab[f"treasure_{k}"]
                        for k in ("discard", "deck")
                        if f"treasure_{k}" in tab
                    },
                    [seat],
                )
            )
    sep = "." if shared else "_"
    for d, (ipre, tpre, itab, ttab, seats) in enumerate(groups):
        # investigate
        kept = [c for seat in seats for c in s.players[seat].investigate]
        disc = _strings(f"{ipre}{sep}discard", itab.get("discard", []))
        seen: dict = {}
        for seat in seats:
            for i, c in enumerate(s.players[seat].investigate):
                if c in seen:
                    raise ValueError(
                        f'player[{seat}].investigate[{i}]: "{c}" is in two places'
                    )
                seen[c] = 1
        for i, c in enumerate(disc):
            if c not in INVESTIGATE:
                raise ValueError(
                    f'{ipre}{sep}discard[{i}]: "{c}" is not an investigate card'
                )
            if c in seen:
                raise ValueError(f'{ipre}{sep}discard[{i}]: "{c}" is in two places')
            seen[c] = 1
        if len(disc) != len(kept):
            raise ValueError(
                f"{ipre}{sep}discard: {len(disc)} cards but {len(kept)} kept"
            )
        unseen = Counter(c for c in INV_ORDER if c not in seen)
        deck = Deck(unseen, None, list(disc))
        if "deck" in itab:
            order = _strings(f"{ipre}{sep}deck", itab["deck"])
            if Counter(order) != unseen:
                raise ValueError(f"{ipre}{sep}deck: must list exactly the unseen cards")
            deck.order = list(order)
        s.inv[d] = deck
        # treasure
        tdisc = _strings(f"{tpre}{sep}discard", ttab.get("discard", []))
        for i, c in enumerate(tdisc):
            if c not in IMMEDIATE:
                raise ValueError(
                    f'{tpre}{sep}discard[{i}]: "{c}" is not a two-coins or place-explorer card'
                )
        held = Counter(c for seat in seats for c in s.players[seat].treasure)
        held.update(tdisc)
        for k in TREASURE_ORDER:
            if held[k] > TREASURE_COUNT[k]:
                raise ValueError(
                    f"{tpre}: {held[k]} {k} cards but the game has {TREASURE_COUNT[k]}"
                )
        unseen = Counter({k: TREASURE_COUNT[k] - held[k] for k in TREASURE_ORDER})
        unseen = +unseen
        tdeck = Deck(unseen, None, list(tdisc))
        if "deck" in ttab:
            order = _strings(f"{tpre}{sep}deck", ttab["deck"])
            if Counter(order) != unseen:
                raise ValueError(f"{tpre}{sep}deck: must list exactly the unseen cards")
            tdeck.order = list(order)
        s.tre[d] = tdeck


# --- writing ------------------------------------------------------------------------


def _q(items) -> str:
    return "[" + ", ".join(f'"{x}"' for x in items) + "]"


def to_position(state: State) -> str:
    """The §14 TOML of a state: at rest, or its at-rest point plus `in_progress`."""
    s = state.rest if state.rest is not None else state
    m = s.map
    lines = ['game = "merchant-explorers"']
    builtin = m.id in MAP_IDS and (
        m.path is None
        or Path(m.path).resolve() == (DATA_DIR / f"map_{m.id}.txt").resolve()
    )
    lines.append(f'map = "{m.id}"' if builtin else f'map = "{m.path}"')
    lines.append(f"players = {s.n}")
    lines.append(f"era = {s.era}")
    if s.to_move is not None:
        lines.append(f"to_move = {s.to_move}")
        # single-outcome chance events are left out, except trailing ones (the
        # reader does not run past the last text)
        log = state.log
        texts = [
            t
            for i, (t, need) in enumerate(log)
            if need or not any(n for _, n in log[i:])
        ]
        if state.rest is not None and texts:
            lines.append(f"in_progress = {_q(texts)}")
    lines.append(f"objectives = {_q(s.objectives)}")
    lines.append("")
    lines.append("[rules]")
    for k, v in s.rules.items():
        lines.append(
            f'{k} = "{v}"' if isinstance(v, str) else f"{k} = {str(v).lower()}"
        )
    lines.append("")
    lines.append("[explore]")
    lines.append(f"played = {_q(s.played)}")
    if s.current is not None:
        lines.append(f'current = "{s.current}"')
    if s.explore_order is not None and not s.over:
        lines.append(f"deck = {_q(s.explore_order)}")
    shared = s.rules["shared_decks"]

    def deck_lines(deck: Deck, prefix: str, sep: str) -> list:
        out = [f"{prefix}{sep}discard = {_q(deck.discard)}"]
        if deck.order is not None:
            out.append(f"{prefix}{sep}deck = {_q(deck.order)}")
        return out

    if shared:
        lines += ["", "[investigate]"] + [x[1:] for x in deck_lines(s.inv[0], "", ".")]
        lines += ["", "[treasure]"] + [x[1:] for x in deck_lines(s.tre[0], "", ".")]
    for seat, p in enumerate(s.players):
        lines += ["", "[[player]]"]
        lines.append(f"coins = {p.coins}")
        lines.append(f"explorers = {_q(s.cells(p.explorers))}")
        lines.append(f"villages = {_q(s.cells(p.villages))}")
        t = m.text
        lines.append(
            f"routes = {_q(f'{t(a)}-{t(b)} cover {t(c)}' for a, b, c in p.routes)}"
        )
        lines.append(f"ruins = {_q(s.cells(p.ruins))}")
        lines.append(f"towers = {_q(s.cells(p.towers))}")
        lines.append(f"crystals = {_q(s.cells(p.crystals))}")
        lines.append(f"investigate = {_q(p.investigate)}")
        lines.append(f"treasure = {_q(sorted(p.treasure))}")
        lines.append(f"objectives = {_q(p.objectives)}")
        lands = sorted(min(m.lands[x]) for x in p.lands)
        lines.append(f"lands_reached = {_q(s.cells(lands))}")
        lines.append(f"ice_route = {str(p.ice_route).lower()}")
        if not shared:
            lines += deck_lines(s.inv[seat], "investigate", "_")
            lines += deck_lines(s.tre[seat], "treasure", "_")
    return "\n".join(lines) + "\n"


__all__ = ["load_position", "to_position", "BASIC"]
