"""The Python API of the extension (golem_solver._core, re-exported by golem_solver)."""

from __future__ import annotations

import copy
import random
import threading

import pytest

import golem_solver
from golem_solver import Century, GolemError, IllegalActionError, PositionError

from conftest import MIDGAME, START_3P, hide_decks


def play_out(state: Century, seed: int, max_plies: int = 2000) -> Century:
    """Plays random legal moves (and deals) until the game is over."""
    rng = random.Random(seed)
    for _ in range(max_plies):
        if state.is_terminal():
            return state
        state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("the game did not end")


# ---- making, reading and writing positions ------------------------------------------------


def test_package_exports():
    assert "century-golem" in golem_solver.GAMES
    assert golem_solver.__version__
    assert issubclass(GolemError, ValueError)
    assert issubclass(PositionError, GolemError)
    assert issubclass(IllegalActionError, GolemError)


def test_load_save_round_trip(midgame, tmp_path):
    out = tmp_path / "copy.toml"
    midgame.save(out)
    again = Century.load(str(out))
    assert again == midgame
    assert again.to_toml() == midgame.to_toml()
    assert again.hash() == midgame.hash()
    assert Century.from_toml(midgame.to_toml()) == midgame


def test_new_is_reproducible_and_valid():
    for players in range(2, 6):
        state = Century.new(players, 42)
        assert state == Century.new(players, 42)
        assert state.players == players
        assert state.to_move == 0
        assert state.turn == "player"
        assert len(state.merchant_row) == 6 and len(state.golem_row) == 5
        assert state.merchant_deck is not None and len(state.merchant_deck) == 37
        assert state.golem_deck is not None and len(state.golem_deck) == 31
        assert Century.from_toml(state.to_toml()) == state
    assert Century.new(2, 1) != Century.new(2, 2)


@pytest.mark.parametrize("players", [0, 1, 6, -3])
def test_new_refuses_player_counts(players):
    with pytest.raises(GolemError) as info:
        Century.new(players, 0)
    assert info.value.field == "players"
    assert str(info.value).startswith("players: ")


def test_save_refuses_to_overwrite(midgame, tmp_path):
    out = tmp_path / "pos.toml"
    out.write_text("keep me")
    with pytest.raises(GolemError) as info:
        midgame.save(out)
    assert info.value.field == str(out)
    assert "exists" in info.value.message
    assert out.read_text() == "keep me"
    midgame.save(out, overwrite=True)
    assert Century.load(out) == midgame


def test_load_missing_file_names_the_path(tmp_path):
    missing = tmp_path / "nope.toml"
    with pytest.raises(GolemError) as info:
        Century.load(missing)
    assert info.value.field == str(missing)
    assert not isinstance(info.value, PositionError)


def test_position_error_carries_the_field():
    text = MIDGAME.read_text().replace("to_move = 0", "to_move = 7")
    with pytest.raises(PositionError) as info:
        Century.from_toml(text)
    assert info.value.field == "to_move"
    assert str(info.value) == f"to_move: {info.value.message}"


def test_examples_load():
    assert Century.load(START_3P).players == 3
    assert Century.load(MIDGAME).players == 2


# ---- moves -----------------------------------------------------------------------------


def test_actions_and_texts_agree(midgame):
    actions = midgame.legal_actions()
    texts = midgame.legal_action_texts()
    assert len(actions) == len(texts) == len(set(actions)) == len(set(texts)) > 0
    for action, text in zip(actions, texts):
        assert midgame.action_text(action) == text
        assert midgame.action_text(text) == text
        assert midgame.parse_action(text) == action


def test_apply_by_text_and_by_int(midgame):
    for action, text in zip(midgame.legal_actions(), midgame.legal_action_texts()):
        by_int, by_text = midgame.clone(), midgame.clone()
        by_int.apply(action)
        by_text.apply(text)
        assert by_int == by_text
        assert by_int == midgame.child(action) == midgame.child(text)
        assert by_int != midgame


def test_parse_accepts_equivalent_spellings():
    state = Century.new(2, 1)
    # The row's slot-3 card is taken by paying three crystals; spacing is free.
    text = state.legal_action_texts()[-1]
    assert state.parse_action(
        "  " + text.replace(" ", "   ") + " "
    ) == state.parse_action(text)


def test_clone_and_child_are_independent(midgame):
    original_toml = midgame.to_toml()
    twin = midgame.clone()
    twin.apply(twin.legal_actions()[0])
    assert twin != midgame
    assert midgame.to_toml() == original_toml
    kid = midgame.child(midgame.legal_actions()[-1])
    assert kid != midgame and midgame.to_toml() == original_toml
    for dup in (copy.copy(midgame), copy.deepcopy(midgame)):
        assert dup == midgame
        dup.apply(dup.legal_actions()[0])
        assert midgame.to_toml() == original_toml


def test_illegal_move_raises_with_reason_and_leaves_state(midgame):
    before = midgame.to_toml()
    with pytest.raises(IllegalActionError) as info:
        midgame.apply("claim pppp")
    assert info.value.field == "move"
    assert "cannot afford" in info.value.message
    with pytest.raises(IllegalActionError) as info:
        midgame.apply("take U3")
    assert "not in the merchant row" in info.value.message
    with pytest.raises(IllegalActionError):
        midgame.apply("fly away")
    with pytest.raises(IllegalActionError) as info:
        midgame.apply(12345)
    assert info.value.field == "action"
    assert midgame.to_toml() == before


def test_non_action_values():
    state = Century.new(2, 3)
    for bad in (-1, 2**64, 2**200, 7 << 40):
        with pytest.raises(IllegalActionError):
            state.apply(bad)
        with pytest.raises(IllegalActionError):
            state.action_text(bad)
    for wrong_type in (1.5, None, b"rest", ["rest"]):
        with pytest.raises(TypeError):
            state.apply(wrong_type)
    with pytest.raises(TypeError):
        state.parse_action(5)


def test_errors_never_panic():
    """Garbage in, GolemError (or TypeError) out: never a panic or a crash."""
    rng = random.Random(5)
    state = Century.new(3, 9)
    legal = set(state.legal_actions())
    for _ in range(3000):
        bits = rng.choice(
            [
                rng.getrandbits(64),
                rng.getrandbits(44),
                rng.randrange(6) << 40 | rng.getrandbits(40),
            ]
        )
        if bits in legal:
            continue
        with pytest.raises(IllegalActionError):
            state.child(bits)
    words = [
        "play",
        "take",
        "rest",
        "claim",
        "deal",
        "pay",
        "drop",
        "x2",
        "x0",
        "U2",
        "+yy",
    ]
    words += [
        "yy",
        "yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy",
        "g>p",
        ">",
        "p>ygb",
        "yygg",
        "é",
    ]
    for _ in range(3000):
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 5)))
        try:
            state.child(text)
        except GolemError:
            pass
    toml = state.to_toml()
    for _ in range(500):
        cut = rng.randrange(len(toml))
        mangled = (
            toml[:cut] + rng.choice(["", "x", "\n", '"', "[", "9"]) + toml[cut + 1 :]
        )
        try:
            Century.from_toml(mangled)
        except PositionError as e:
            assert e.field and e.message


def test_a_panic_becomes_golem_error():
    with pytest.raises(GolemError) as info:
        golem_solver._core._panic_for_tests()
    assert info.value.field == "internal error"
    assert "deliberate panic" in info.value.message
    assert isinstance(info.value, golem_solver.InternalError)


def test_seat_index_checked(midgame):
    with pytest.raises(GolemError) as info:
        midgame.seat(2)
    assert info.value.field == "seat"
    with pytest.raises(GolemError) as info:  # not PyO3's OverflowError
        midgame.seat(-1)
    assert info.value.field == "seat"


# ---- perft -----------------------------------------------------------------------------


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_perft_divide_sums_to_perft(midgame, depth):
    divide = midgame.perft_divide(depth)
    assert [text for text, _ in divide] == midgame.legal_action_texts()
    assert sum(n for _, n in divide) == midgame.perft(depth)


def test_perft_small_depths(midgame):
    assert midgame.perft(0) == 1
    assert midgame.perft(1) == len(midgame.legal_actions())


def test_perft_from_threads(midgame):
    """perft releases the GIL; several threads may count at once."""
    expected = midgame.perft(3)
    results = []
    threads = [
        threading.Thread(target=lambda: results.append(midgame.perft(3)))
        for _ in range(3)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [expected] * 3


# ---- hashing ---------------------------------------------------------------------------


def test_hash_changes_and_matches(midgame):
    a, b = midgame.clone(), Century.load(MIDGAME)
    assert a.hash() == b.hash()
    seen = {a.hash()}
    rng = random.Random(1)
    for _ in range(20):
        move = rng.choice(a.legal_action_texts())
        a.apply(move)
        b.apply(move)
        assert a.hash() == b.hash()
        assert a.hash() not in seen
        seen.add(a.hash())
        assert Century.from_toml(a.to_toml()).hash() == a.hash()


def test_hash_of_a_transposition():
    """Seat 0 plays +yy and U2 (no upgrade) in either order: same state, same hash."""
    start = Century.new(2, 1)
    one = start.child("play +yy")
    one.apply("play +yy")
    one.apply("play U2")
    two = start.child("play U2")
    two.apply("play +yy")
    two.apply("play +yy")
    assert one == two
    assert one.hash() == two.hash()
    assert one.hash() != start.hash()
    assert one.hash() != start.child("play +yy").hash()


# ---- chance, end of game, results ------------------------------------------------------


def test_hidden_decks_make_chance_nodes(hidden_midgame):
    state = hidden_midgame
    assert state.merchant_deck is None and state.golem_deck is None
    take = next(t for t in state.legal_action_texts() if t.startswith("take"))
    state.apply(take)
    assert state.is_chance() and state.turn == "chance"
    assert state.pending_deal == "merchant"
    outcomes = state.chance_outcomes()
    assert len(outcomes) == len(state.merchant_unseen)
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    assert [t for t, _ in outcomes] == state.legal_action_texts()
    with pytest.raises(GolemError) as info:
        state.to_toml()
    assert info.value.field == "position"
    state.apply(outcomes[0][0])
    assert state.turn == "player" and state.pending_deal is None
    assert Century.from_toml(state.to_toml()) == state


def test_hidden_perft_divide_sums(hidden_midgame):
    for depth in (1, 2):
        divide = hidden_midgame.perft_divide(depth)
        assert sum(n for _, n in divide) == hidden_midgame.perft(depth)


def test_a_whole_game(midgame):
    assert midgame.winner() is None
    assert midgame.returns() == [0.0, 0.0]
    end = play_out(midgame.clone(), seed=3)
    assert end.is_terminal() and end.is_over() and end.turn == "terminal"
    assert end.legal_actions() == [] and end.legal_action_texts() == []
    assert end.last_round
    winner = end.winner()
    assert winner in (0, 1)
    assert end.returns()[winner] == 1.0 and sum(end.returns()) == 1.0
    scores = end.scores()
    assert scores[winner] == max(scores)
    assert scores == [s.score for s in end.seats]
    assert any(len(s.golems) >= end.golem_threshold for s in end.seats)
    with pytest.raises(IllegalActionError) as info:
        end.apply("rest")
    assert "over" in info.value.message
    assert Century.from_toml(end.to_toml()) == end


def test_games_with_hidden_decks_end(hidden_midgame):
    for seed in range(3):
        end = play_out(hidden_midgame.clone(), seed=seed)
        assert end.winner() is not None


# ---- board accessors -------------------------------------------------------------------


def test_board_accessors(midgame):
    assert midgame.merchant_row[:2] == ["p>bb", "b>yyyyg"]
    assert midgame.merchant_row_crystals[:3] == ["y", "g", ""]
    assert len(midgame.merchant_row_crystals) == len(midgame.merchant_row)
    assert midgame.golem_row[0] == "pppp"
    assert midgame.golem_row_coins == ["gold", "silver", None, None, None]
    assert (midgame.gold_left, midgame.silver_left) == (3, 4)
    assert midgame.merchant_deck is not None
    assert sorted(midgame.merchant_deck) == sorted(midgame.merchant_unseen)
    assert sorted(midgame.golem_deck) == sorted(midgame.golem_unseen)
    assert not midgame.last_round and midgame.golem_threshold == 6
    seat = midgame.seat(1)
    assert seat.seat == 1 and seat.golems == ["yygg"] and seat.gold == 1
    assert seat.golem_points == golem_solver.Century.golem_points("yygg") == 6
    assert seat.score == midgame.scores()[1]
    assert "+yy" in seat.played
    assert [s.seat for s in midgame.seats] == [0, 1]
    assert repr(midgame).startswith("<Century 2 players")


def test_silver_moves_to_slot_zero_when_gold_is_gone(midgame):
    text = MIDGAME.read_text()
    # Seat 1 holds all the gold (4 = 2N) with the supply's gold at 0.
    text = text.replace("gold = 3\n", "gold = 0\n", 1).replace(
        "gold = 1\n", "gold = 4\n", 1
    )
    state = Century.from_toml(text)
    assert state.gold_left == 0
    assert state.golem_row_coins == ["silver", None, None, None, None]


def test_golem_points_unknown_name():
    with pytest.raises(GolemError):
        golem_solver.Century.golem_points("zzz")


def test_hidden_helper_keeps_everything_else():
    text = hide_decks(MIDGAME.read_text())
    assert "deck =" not in text
    assert Century.from_toml(text).merchant_row == Century.load(MIDGAME).merchant_row
