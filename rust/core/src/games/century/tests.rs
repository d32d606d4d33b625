//! Rule tests: one or more per rule of the spec, on small hand-written positions.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::position::{read_position, write_position};
use super::*;
use crate::perft::perft;
use crate::{Game, Turn};

fn texts(state: &Century) -> Vec<String> {
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    actions.iter().map(|&a| state.action_to_text(a)).collect()
}

fn play(state: &mut Century, text: &str) {
    let action = state
        .action_from_text(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    state.apply(action);
}

#[test]
fn random_games_keep_invariants() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut actions = Vec::new();
    for game in 0..60 {
        let players = 2 + game % 4;
        let mut state = Century::new_game(players, &mut rng);
        for _ in 0..400 {
            if state.is_terminal() {
                break;
            }
            state.legal_actions(&mut actions);
            assert!(!actions.is_empty());
            let action = actions[rng.random_range(0..actions.len())];
            let text = state.action_to_text(action);
            assert_eq!(state.action_from_text(&text), Ok(action), "{text}");
            state.apply(action);
            assert_eq!(state.hash(), state.compute_hash());
            let written = write_position(&state).unwrap();
            assert_eq!(read_position(&written).unwrap(), state, "{written}");
        }
    }
}

#[test]
fn perft_smoke() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let state = Century::new_game(2, &mut rng);
    assert!(perft(&state, 2) > 0);
    assert_eq!(state.turn(), Turn::Player(0));
}
