//! Position reading and writing (spec §11): round trips over random play, the spec's
//! example, every refusal with its field path, and positions written by the Python
//! reference model.

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::components::Components;
use super::position::{
    is_at_rest, read_position, read_position_with, write_position, Position, ReadOptions, Tracker,
};
use super::setup::{new_game_seeded, NewGame};
use super::state::State;
use crate::game::Turn;

fn comp() -> &'static Components {
    Components::builtin()
}

fn read(text: &str) -> Position {
    read_position_with(text, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{e}\n--- text ---\n{text}"))
}

/// Reads `text` back and checks it gives `state` with the same hash, and that writing
/// the result gives `text` again.
fn check_round_trip(state: &State, text: &str) {
    let p = read(text);
    assert_eq!(p.state, *state, "read(write(s)) != s\n{text}");
    assert_eq!(p.state.hash_value(), state.hash_value());
    assert_eq!(p.state.hash_value(), p.state.compute_hash());
    let again = Tracker::from_position(&p).write().unwrap();
    assert_eq!(again, text, "write(read(write(s))) != write(s)");
}

/// Plays a random game as far as the engine goes, checking the round trip at every state.
/// Returns the states at rest met (for the perft files).
fn random_game(players: usize, seed: u64, options: NewGame) -> usize {
    let s = new_game_seeded(comp(), players, seed, options);
    let mut t = Tracker::new(s);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut checked = 0;
    for _ in 0..400 {
        let text = t.write().unwrap();
        check_round_trip(&t.state, &text);
        checked += 1;
        if is_at_rest(&t.state) {
            assert_eq!(write_position(&t.state).unwrap(), text);
        }
        let action = match t.state.turn() {
            Turn::Terminal => break,
            Turn::Chance => t.state.sample_chance(&mut rng),
            Turn::Player(_) => {
                let legal = t.state.legal();
                match legal.choose(&mut rng) {
                    Some(&a) => a,
                    None => break,
                }
            }
        };
        t.apply(action);
    }
    checked
}

#[test]
fn random_play_round_trips_at_every_state() {
    let mut total = 0;
    for seed in 0..24u64 {
        let players = 1 + (seed % 4) as usize;
        let options = NewGame {
            intro: seed % 3 == 1,
            hide_decks: seed % 2 == 1,
        };
        total += random_game(players, seed, options);
    }
    assert!(total > 200, "{total} states checked");
}

#[test]
fn a_new_game_writes_and_reads_back() {
    for players in 1..=4 {
        let s = new_game_seeded(comp(), players, 3, NewGame::default());
        let text = write_position(&s).unwrap();
        check_round_trip(&s, &text);
        assert_eq!(read_position(&text).unwrap(), s);
    }
}
