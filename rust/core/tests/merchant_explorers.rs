//! The Guild of Merchant Explorers through the public API: the conformance kit on every
//! map and player count, and the spec's §13 counts from position files.

use std::path::PathBuf;

use golem_core::games::merchant_explorers::{map, Options, State};
use golem_core::testing::{check_random_games, perft_file};
use golem_core::{Game, Turn};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn perft_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/perft/merchant-explorers")
}

/// perft as the spec's §13 defines it: no ply left means a leaf, chance or not.
fn spec_perft(state: &State, depth: u32) -> u64 {
    let children: Vec<(<State as Game>::Action, u32)> = match state.turn() {
        Turn::Terminal => return 1,
        _ if depth == 0 => return 1,
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            outcomes.into_iter().map(|(a, _)| (a, depth)).collect()
        }
        Turn::Player(_) => {
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            legal.into_iter().map(|a| (a, depth - 1)).collect()
        }
    };
    children
        .into_iter()
        .map(|(a, d)| {
            let mut next = *state;
            next.apply(a);
            spec_perft(&next, d)
        })
        .sum()
}

fn position(file: &str) -> State {
    let text = std::fs::read_to_string(perft_dir().join(file)).unwrap();
    State::from_text(&text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

#[test]
fn spec_perft_counts() {
    // The project's perft follows §13 (a chance event with no ply left is a leaf), so it
    // agrees with the literal walk above and with the spec's numbers.
    let hidden = position("avenia-1p-start-hidden.toml");
    assert_eq!(spec_perft(&hidden, 1), 773);
    assert_eq!(golem_core::perft::perft(&hidden, 1), 773);
    assert_eq!(golem_core::perft::perft(&hidden, 2), spec_perft(&hidden, 2));
    let known = position("avenia-1p-start-desert-first.toml");
    assert_eq!(spec_perft(&known, 1), 2);
    assert_eq!(spec_perft(&known, 2), 6);
    assert!(perft_file::<State>(&perft_dir().join("perft.txt"), u64::MAX) >= 24);
}

#[test]
fn conformance_on_every_map_and_player_count() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut starts = Vec::new();
    for (id, _) in map::BUNDLED {
        let map = map::bundled(id).unwrap();
        for players in 1..=4 {
            let state = State::new_with(map, players, &mut rng, Options::defaults(map, players));
            starts.push(state);
        }
    }
    // The same starts as players see them: every deck order unknown.
    starts.extend(starts.clone().iter().map(|s| s.public_view(0)));
    let checked = check_random_games(&starts, 1, 100_000, 5);
    assert_eq!(checked.finished, starts.len(), "every game reaches its end");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let defaults: Vec<State> = (1..=4).map(|p| State::new_game(p, &mut rng)).collect();
    check_random_games(&defaults, 1, 100_000, 9);
}

#[test]
fn separate_decks_per_player_round_trip() {
    let map = map::bundled("kazan").unwrap();
    let mut options = Options::defaults(map, 3);
    options.shared_decks = false;
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let start = State::new_with(map, 3, &mut rng, options);
    let text = start.to_text().unwrap();
    assert!(text.contains("shared_decks = false") && text.contains("treasure_deck"));
    let checked = check_random_games(&[start, start.public_view(1)], 1, 100_000, 2);
    assert_eq!(checked.finished, 2);
}

#[test]
fn search_bots_play_a_few_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for spec in [
        "ismcts:iterations=40",
        "alphabeta:depth=2",
        "greedy",
        "random",
    ] {
        let bot = golem_core::bots::parse::<State>(spec).unwrap_or_else(|e| panic!("{spec}: {e}"));
        let mut state = State::new_game(2, &mut rng).public_view(0);
        let mut outcomes = Vec::new();
        let mut moves = 0;
        while moves < 6 && state.turn() != Turn::Terminal {
            if state.turn() == Turn::Chance {
                state.chance_outcomes(&mut outcomes);
                state.apply(outcomes[0].0);
                continue;
            }
            let action = bot
                .choose(&state, &mut rng)
                .unwrap_or_else(|| panic!("{spec}: no move"));
            let mut legal = Vec::new();
            state.legal_actions(&mut legal);
            assert!(legal.contains(&action), "{spec} chose an illegal move");
            state.apply(action);
            moves += 1;
        }
    }
}

/// Invariants on long random games, every map, 1-4 players: coins never fall, a region
/// holds at most one village of a player, trading posts and routes are never lost, and
/// when an era ends every explorer has left the map.
#[test]
fn invariants_hold_on_long_random_games() {
    use rand::Rng;
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    let mut eras_ended = 0;
    for (id, _) in map::BUNDLED {
        let map = map::bundled(id).unwrap();
        for players in 1..=4 {
            let mut state =
                State::new_with(map, players, &mut rng, Options::defaults(map, players));
            state = state.public_view(0);
            loop {
                let before = state;
                match state.turn() {
                    Turn::Terminal => break,
                    Turn::Chance => {
                        state.chance_outcomes(&mut outcomes);
                        let pick = rng.random_range(0..outcomes.len());
                        state.apply(outcomes[pick].0);
                    }
                    Turn::Player(_) => {
                        state.legal_actions(&mut actions);
                        state.apply(actions[rng.random_range(0..actions.len())]);
                    }
                }
                for seat in 0..players {
                    let (was, now) = (before.player(seat), state.player(seat));
                    assert!(now.coins >= was.coins, "{id}: coins fell");
                    assert_eq!(
                        now.posts & was.posts,
                        was.posts,
                        "{id}: a trading post was lost"
                    );
                    assert!(now.route_count >= was.route_count, "{id}: a route was lost");
                    for region in &map.regions {
                        let villages = region.spaces.intersection(now.villages).len();
                        assert!(villages <= 1, "{id}: two villages in one region");
                    }
                    if state.era() > before.era() || state.is_terminal() {
                        assert!(now.explorers.is_empty(), "{id}: explorers left at era end");
                    }
                }
                if state.era() > before.era() {
                    eras_ended += 1;
                }
            }
            assert_eq!(state.era(), 4, "{id}: the game ends in era 4");
        }
    }
    assert_eq!(eras_ended, 6 * 4 * 3, "every game went through four eras");
}
