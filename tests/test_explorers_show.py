"""``show`` for Merchant Explorers in the terminal: the summary, then each seat's copy of
the map as text, where the pieces stand on the cells moves name."""

from __future__ import annotations

import random
import sys

from test_cli_games import ok

from golem_solver import MerchantExplorers, new

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib


def played(players: int, plies: int, seed: int = 5) -> MerchantExplorers:
    state = new("merchant-explorers", players=players, seed=seed)
    chooser = random.Random(seed)
    for _ in range(plies):
        if state.is_terminal():
            break
        if state.is_chance():
            state.sample_chance(chooser.randrange(2**32))
        else:
            state.apply(chooser.choice(state.legal_actions()))
    return state


def cell_at(map_text: str, cell: str) -> str:
    """The two characters ``map_text`` shows for ``cell`` (``c4r2``)."""
    col, row = (int(part) for part in cell[1:].split("r"))
    line = map_text.splitlines()[1 + 2 * row + (1 if col % 2 == 0 else 0)]
    return line[4 + 3 * col : 6 + 3 * col]


def test_each_seats_map_shows_its_explorers_and_villages_where_the_position_says():
    state = played(2, 60)
    position = tomllib.loads(state.to_toml())
    texts = state.map_texts()
    assert len(texts) == 2
    for seat, player in enumerate(position["player"]):
        villages = set(player.get("villages", []))
        assert player["explorers"], "the random game placed explorers"
        for cell in player["explorers"]:
            expected = "V" if cell in villages else "#"
            assert cell_at(texts[seat], cell)[0] in (expected, "P", "o"), cell
        # No other cell shows an explorer.
        shown = sum(line.count("#") for line in texts[seat].splitlines()[1:])
        assert shown <= len(player["explorers"])


def test_show_prints_the_maps_with_their_key_and_right_plurals(tmp_path):
    state = played(1, 30)
    path = tmp_path / "solo.toml"
    path.write_text(state.to_toml())
    out = ok("show", str(path))
    assert ", 1 player, era " in out and "player(s)" not in out
    assert "Seat 0's map:" in out
    assert state.map_texts()[0].rstrip("\n") in out
    for line in MerchantExplorers.MAP_KEY:
        assert f"Key: {line}" in out
    coins = state.scores()[0]
    assert f"Seat 0: {coins} coin{'' if coins == 1 else 's'} |" in out
