"""Merchant Explorers speed: full solo games per second (random playouts), perft leaves/s
and ISMCTS iterations/s, single thread, from the installed package."""

from __future__ import annotations

from golem_solver import analyse, new
from golem_solver._core import random_playouts

from conftest import pick, timed

GAME = "merchant-explorers"


def solo_start(hidden: bool = True):
    return new(GAME, 1, seed=3, hidden_decks=hidden, options={"map": "avenia"})


def test_full_solo_games_per_second(benchmark, report):
    state = solo_start()
    games = pick(200, 5_000)
    plies, seconds = benchmark.pedantic(
        lambda: timed(lambda: random_playouts(state, games, seed=1)), rounds=1
    )
    report(
        "explorers: full solo games/s (random, Avenia)",
        games / seconds,
        "games/s",
        20e3,
        note=f"{plies / games:.0f} plies each",
    )


def test_perft_leaves_per_second(benchmark, report):
    state = solo_start(hidden=True)
    depth = pick(2, 3)
    leaves, seconds = benchmark.pedantic(
        lambda: timed(lambda: state.perft(depth)), rounds=1
    )
    report(
        f"explorers: perft leaves/s (solo start, hidden decks, depth {depth})",
        leaves / seconds,
        "leaves/s",
    )


def test_ismcts_iterations_per_second(benchmark, report):
    # The first card revealed (a deal decides it, not a player), then the decks hidden.
    state = new(GAME, 2, seed=3, options={"map": "kazan"})
    state.apply(state.legal_action_texts()[0])
    state.hide_decks()
    iterations = pick(300, 3_000)
    result = benchmark.pedantic(
        lambda: analyse(state, iterations=iterations, seed=1), rounds=1
    )
    report(
        "explorers: ISMCTS iterations/s (2p Kazan start)",
        result["iterations"] / result["seconds"],
        "iter/s",
    )
