"""Golem (Cranio) through the bindings: the class's own methods, and chance events too
large to list (full marble drops), which are sampled, never listed."""

from __future__ import annotations

import random

import pytest

from golem_solver import GAMES, GolemCranio, GolemError, new, solve


def play_to_large_drop(seed: int, before: bool = False) -> GolemCranio:
    """A random game up to its first chance event too large to list (or, with
    ``before``, up to the decision whose first move leads to one)."""
    rng = random.Random(seed)
    state = GolemCranio.new(2, seed)
    while not state.is_terminal():
        if state.is_chance():
            try:
                state.chance_outcomes()
            except GolemError:
                return state
            state.sample_chance(rng.randrange(2**32))
            continue
        moves = state.legal_actions()
        if before and len(moves) > 1:
            child = state.child(moves[0])
            if child.is_chance():
                try:
                    child.chance_outcomes()
                except GolemError:
                    return state
        state.apply(rng.choice(moves))
    raise AssertionError("no large drop met")


def test_golem_is_registered_with_its_extras():
    assert GAMES["golem-cranio"] is GolemCranio
    state = new("golem-cranio", players=3, seed=4)
    assert (state.round, state.phase) == (1, "draft")
    ruleset = state.ruleset
    assert ruleset["source"] == "builtin"
    assert ruleset["line"].startswith(
        "ruleset: golem-cranio components builtin (sha256 "
    )
    assert ruleset["line"].endswith(
        f"{ruleset['placeholders']} of {ruleset['facts']} values are placeholders"
    )
    assert len(ruleset["sha256"]) == 64
    intro = new("golem-cranio", players=2, seed=1, options={"intro": "true"})
    assert intro != new("golem-cranio", players=2, seed=1)
    with pytest.raises(GolemError) as caught:
        new("golem-cranio", players=2, options={"intro": "maybe"})
    assert caught.value.field == "intro"


def test_hide_decks_forgets_the_orders():
    state = GolemCranio.new(2, 5)
    assert "deck = [" in state.to_toml()
    hidden = new("golem-cranio", players=2, seed=5, hidden_decks=True)
    state.hide_decks()
    assert state == hidden
    assert "deck = [" not in state.to_toml()


def test_a_large_drop_is_sampled_and_refuses_listing():
    state = play_to_large_drop(3)
    for listing in (
        state.chance_outcomes,
        state.legal_actions,
        state.legal_action_texts,
    ):
        with pytest.raises(GolemError) as caught:
            listing()
        assert caught.value.field == "state"
        assert caught.value.message.endswith("outcomes; use sample_chance")
    # An outcome given by text or id is checked without listing.
    probe = state.clone()
    outcome = probe.sample_chance(7)
    text = state.action_text(outcome)
    assert text.startswith("drop ")
    assert state.parse_action(text) == outcome
    by_id = state.child(outcome)
    assert by_id == probe == state.child(text)
    with pytest.raises(GolemError):
        state.apply("drop -/-/-/-/-")
    # The same seed draws the same outcome.
    again = state.clone()
    assert again.sample_chance(7) == outcome


def test_search_says_when_drops_were_sampled():
    root = play_to_large_drop(3, before=True)
    # Depth 2: a chance node reached with no ply left is evaluated, not sampled
    # (Game::CHANCE_CHAINS), so the drop must lie inside the horizon.
    result = solve(root, depth=2, objective="margin")
    assert result["chance_sampled"] == 8
    assert result["exact"] is False
    plain = solve(GolemCranio.new(2, 1), depth=1, objective="margin")
    assert plain["chance_sampled"] is None
    with pytest.raises(GolemError) as caught:
        solve(play_to_large_drop(3), depth=1)
    assert caught.value.field == "position"
    assert "sample_chance" in caught.value.message
