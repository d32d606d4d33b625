//! The baseline: a uniformly random legal action.

use rand::{Rng, RngCore};

use super::Bot;
use crate::Game;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> String {
        "random".to_string()
    }

    fn choose(&self, state: &G, rng: &mut dyn RngCore) -> Option<G::Action> {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        if legal.is_empty() {
            return None;
        }
        Some(legal[rng.random_range(0..legal.len())])
    }
}
