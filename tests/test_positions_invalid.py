"""Every validation rule of the position format (spec: "The position file"), one test each.

Each test makes one small edit to a valid base position and checks that the engine refuses
it with a PositionError whose field names the offending TOML field.
"""

from __future__ import annotations

import pytest

from golem_solver import Century, PositionError

# A valid 2-player position with both decks hidden (they are added where a test needs them).
BASE = """\
game = "century-golem"
players = 2
to_move = 0

[merchants]
row = ["yyy>p", "U3", "+yg", "bb>ggp", "p>bb", "+gg"]
crystals = ["", "y", "", "", "", ""]

[golems]
row = ["yygg", "ggpp", "bbbb", "ygbp", "yyppp"]
gold = 3
silver = 4

[[player]]
crystals = "yyyg"
hand = ["+yy", "U2"]
played = []
golems = []
gold = 0
silver = 0

[[player]]
crystals = "yyyy"
hand = ["+yy", "U2", "gg>bb"]
played = []
golems = ["yybb"]
gold = 1
silver = 0
"""


def edit(text: str, old: str, new: str, count: int = 1) -> str:
    """Replaces the first `count` occurrences of `old`, which must be there."""
    assert text.count(old) >= count, f"{old!r} is not in the base position"
    return text.replace(old, new, count)


def quoted(names) -> str:
    return "[" + ", ".join(f'"{n}"' for n in names) + "]"


def known_decks(text: str = BASE, merchants=(), golems=()) -> str:
    """`text` with both decks listed: the unseen cards of BASE (in the engine's id order),
    plus `merchants` and `golems` (cards that an edit took out of BASE's rows)."""
    base = Century.from_toml(BASE)
    text = edit(
        text,
        'crystals = ["", "y"',
        f'deck = {quoted(base.merchant_unseen + list(merchants))}\ncrystals = ["", "y"',
    )
    golem_deck = quoted(base.golem_unseen + list(golems))
    return edit(text, "gold = 3\n", f"deck = {golem_deck}\ngold = 3\n")


def refused(text: str, field: str) -> PositionError:
    with pytest.raises(PositionError) as info:
        Century.from_toml(text)
    error = info.value
    assert error.field == field, str(error)
    assert str(error).startswith(f"{field}: "), str(error)
    assert error.message
    return error


def test_base_positions_are_valid():
    hidden = Century.from_toml(BASE)
    assert hidden.merchant_deck is None and hidden.golem_deck is None
    known = Century.from_toml(known_decks())
    assert known.merchant_deck == hidden.merchant_unseen
    assert known.golem_deck == hidden.golem_unseen


# ---- card names and places -------------------------------------------------------------


def test_unknown_merchant_card():
    error = refused(edit(BASE, '"U3"', '"U9"'), "merchants.row[1]")
    assert "U9" in error.message


def test_unknown_golem_card():
    error = refused(edit(BASE, '"bbbb"', '"bbbbz"'), "golems.row[2]")
    assert "bbbbz" in error.message


def test_unknown_card_in_hand():
    refused(edit(BASE, '"gg>bb"', '"gg>zz"'), "player[1].hand[2]")


def test_card_in_two_places():
    error = refused(edit(BASE, '"+gg"]', '"gg>bb"]'), "merchants.row[5]")
    assert "player[1].hand[2]" in error.message


def test_golem_in_two_places():
    text = edit(BASE, "golems = []", 'golems = ["yybb"]')
    error = refused(text, "player[1].golems[0]")
    assert "player[0].golems[0]" in error.message


def test_starting_card_twice_for_one_player():
    text = edit(BASE, "played = []", 'played = ["+yy"]')
    error = refused(text, "player[0].played[0]")
    assert "player[0].hand[0]" in error.message


def test_starting_card_in_the_row():
    refused(edit(BASE, '"+gg"]', '"U2"]'), "merchants.row[5]")


# ---- rows and decks --------------------------------------------------------------------


def test_more_than_six_merchant_row_cards():
    refused(edit(BASE, '"+gg"]', '"+gg", "+b"]'), "merchants.row")


def test_more_than_five_golem_row_cards():
    refused(edit(BASE, '"yyppp"]', '"yyppp", "ppppp"]'), "golems.row")


def test_short_merchant_row_while_deck_has_cards():
    text = edit(BASE, ', "+gg"]', "]")
    text = edit(
        text, 'crystals = ["", "y", "", "", "", ""]', 'crystals = ["", "y", "", "", ""]'
    )
    refused(text, "merchants.row")
    refused(known_decks(text, merchants=["+gg"]), "merchants.row")


def test_short_golem_row_while_deck_has_cards():
    text = edit(BASE, ', "yyppp"]', "]")
    refused(text, "golems.row")
    refused(known_decks(text, golems=["yyppp"]), "golems.row")


def test_deck_missing_a_card():
    text = known_decks()
    merchant_deck = Century.from_toml(BASE).merchant_unseen
    short = edit(text, f'"{merchant_deck[-1]}"]', "]")
    error = refused(short, "merchants.deck")
    assert merchant_deck[-1] in error.message


def test_golem_deck_missing_a_card():
    text = known_decks()
    golem_deck = Century.from_toml(BASE).golem_unseen
    error = refused(edit(text, f', "{golem_deck[-1]}"]', "]"), "golems.deck")
    assert golem_deck[-1] in error.message


def test_deck_with_an_extra_card():
    text = known_decks()
    # U3 lies in the row: listing it in the deck as well puts it in two places.
    error = refused(edit(text, "deck = [", 'deck = ["U3", '), "merchants.deck[0]")
    assert "merchants.row[1]" in error.message
    # A deck card listed twice: the second listing is the extra one.
    first = Century.from_toml(BASE).merchant_unseen[0]
    error = refused(edit(text, "deck = [", f'deck = ["{first}", '), "merchants.deck[1]")
    assert "merchants.deck[0]" in error.message


def test_golem_deck_with_an_extra_card():
    text = known_decks()
    merchants, golems = text.split("[golems]")
    # yygg lies in the golem row.
    golems = edit(golems, "deck = [", 'deck = ["yygg", ')
    error = refused(merchants + "[golems]" + golems, "golems.deck[0]")
    assert "golems.row[0]" in error.message


def test_starting_card_in_the_deck():
    text = known_decks()
    refused(edit(text, "deck = [", 'deck = ["U2", ', 1), "merchants.deck[0]")


# ---- players' belongings ---------------------------------------------------------------


def test_caravan_over_ten():
    error = refused(
        edit(BASE, 'crystals = "yyyg"', 'crystals = "yyyyyyyyggg"'),
        "player[0].crystals",
    )
    assert "11" in error.message


def test_caravan_of_ten_is_fine():
    Century.from_toml(edit(BASE, 'crystals = "yyyg"', 'crystals = "yyyyyyyggg"'))


def test_gold_not_adding_up():
    error = refused(edit(BASE, "gold = 3\n", "gold = 4\n"), "golems.gold")
    assert "4" in error.message


def test_silver_not_adding_up():
    refused(edit(BASE, "silver = 4\n", "silver = 2\n"), "golems.silver")


def test_player_coins_out_of_range():
    refused(edit(BASE, "gold = 0\n", "gold = -1\n"), "player[0].gold")


def test_more_golems_than_the_threshold():
    unseen = Century.from_toml(BASE).golem_unseen
    seven = quoted(unseen[:7])  # 2 players: the game ends at 6 golems
    error = refused(edit(BASE, "golems = []", f"golems = {seven}"), "player[0].golems")
    assert "6" in error.message


def test_threshold_number_of_golems_is_fine():
    six = quoted(Century.from_toml(BASE).golem_unseen[:6])
    Century.from_toml(edit(BASE, "golems = []", f"golems = {six}"))


# ---- players and seats -----------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 1, 6, 9])
def test_players_outside_two_to_five(players):
    refused(edit(BASE, "players = 2", f"players = {players}"), "players")


def test_player_table_count_mismatch():
    refused(edit(BASE, "players = 2", "players = 3"), "player")
    one_table = BASE[: BASE.rindex("[[player]]")]
    refused(one_table, "player")


@pytest.mark.parametrize("seat", [2, 5, -1])
def test_to_move_outside_the_seats(seat):
    refused(edit(BASE, "to_move = 0", f"to_move = {seat}"), "to_move")


# ---- the file format -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "field"),
    [
        ('game = "century-golem"\n', "game"),
        ("players = 2\n", "players"),
        ("to_move = 0\n", "to_move"),
        ('row = ["yyy>p", "U3", "+yg", "bb>ggp", "p>bb", "+gg"]\n', "merchants.row"),
        ("silver = 4\n", "golems.silver"),
        ('crystals = "yyyg"\n', "player[0].crystals"),
        ('hand = ["+yy", "U2", "gg>bb"]\n', "player[1].hand"),
        ("played = []\n", "player[0].played"),
    ],
)
def test_missing_field(line, field):
    error = refused(edit(BASE, line, ""), field)
    assert "missing" in error.message


def test_missing_table():
    start = BASE.index("[golems]")
    end = BASE.index("[[player]]")
    refused(BASE[:start] + BASE[end:], "golems")


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("players = 2", 'players = "2"', "players"),
        ("to_move = 0", "to_move = 0.0", "to_move"),
        ('hand = ["+yy", "U2"]', 'hand = "+yy U2"', "player[0].hand"),
        ('crystals = "yyyg"', "crystals = 4", "player[0].crystals"),
        ('row = ["yygg"', "row = [5", "golems.row[0]"),
        ("gold = 3", "gold = true", "golems.gold"),
    ],
)
def test_mistyped_field(old, new, field):
    error = refused(edit(BASE, old, new), field)
    assert "expected" in error.message


@pytest.mark.parametrize(
    ("old", "new", "field"),
    [
        ("players = 2\n", 'players = 2\ncolour = "red"\n', "colour"),
        ("played = []\n", "played = []\nscore = 3\n", "player[0].score"),
        ("[merchants]\n", "[merchants]\ndiscard = []\n", "merchants.discard"),
        ("gold = 3\n", "gold = 3\ncoins = 1\n", "golems.coins"),
    ],
)
def test_unknown_field(old, new, field):
    error = refused(edit(BASE, old, new), field)
    assert "unknown field" in error.message


def test_bad_crystal_letter_in_caravan():
    error = refused(
        edit(BASE, 'crystals = "yyyg"', 'crystals = "yyxg"'), "player[0].crystals"
    )
    assert "'x'" in error.message


def test_bad_crystal_letter_on_the_row():
    refused(
        edit(BASE, 'crystals = ["", "y"', 'crystals = ["", "r"'),
        "merchants.crystals[1]",
    )


def test_row_crystals_length_mismatch():
    text = edit(BASE, 'crystals = ["", "y", "", "", "", ""]', 'crystals = ["", "y"]')
    refused(text, "merchants.crystals")


def test_not_toml():
    refused(BASE + "\nthis is not = = toml\n", "toml")


def test_other_game():
    refused(edit(BASE, '"century-golem"', '"spice-road"'), "game")
