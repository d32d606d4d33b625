//! Century: Golem Edition.

mod action;
pub mod cards;
pub mod crystals;
mod movegen;
mod notation;
pub mod position;
mod state;
mod zobrist;

#[cfg(test)]
mod tests;

pub use action::{Action, ActionKind};
pub use state::{golem_threshold, BitIter, Century, Pending, Seat, MAX_PLAYERS, MIN_PLAYERS};

use rand::RngCore;

use crate::{Game, Turn};

impl Game for Century {
    type Action = Action;
    const NAME: &'static str = "century-golem";
    const MAX_PLAYERS: usize = MAX_PLAYERS;

    fn num_players(&self) -> usize {
        self.players()
    }

    fn turn(&self) -> Turn {
        if self.pending() != Pending::None {
            Turn::Chance
        } else if self.is_over() {
            Turn::Terminal
        } else {
            Turn::Player(self.to_move())
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        self.generate(out);
    }

    fn has_chance(&self) -> bool {
        self.pending() != Pending::None || !self.decks_known()
    }

    fn chance_outcomes(&self, out: &mut Vec<(Action, f64)>) {
        out.clear();
        let cards = match self.pending() {
            Pending::None => return,
            Pending::Merchant => self.merchant_unseen(),
            Pending::Golem => self.golem_unseen(),
        };
        let probability = 1.0 / cards.count_ones() as f64;
        let deal = match self.pending() {
            Pending::Merchant => Action::deal_merchant,
            _ => Action::deal_golem,
        };
        out.extend(BitIter(cards).map(|card| (deal(card as u8), probability)));
    }

    fn apply(&mut self, action: Action) {
        self.apply_action(action);
    }

    fn score(&self, player: usize) -> i32 {
        self.score_of(player)
    }

    fn returns(&self, player: usize) -> f64 {
        if self.is_over() && self.leader() == player {
            1.0
        } else {
            0.0
        }
    }

    fn hash(&self) -> u64 {
        self.zobrist()
    }

    fn resample_hidden(&self, _observer: usize, rng: &mut dyn RngCore) -> Self {
        // Only the deck orders are hidden, and they are hidden from everyone alike.
        self.determinize(rng)
    }

    fn action_to_text(&self, action: Action) -> String {
        self.action_text(action)
    }

    fn action_from_text(&self, text: &str) -> Result<Action, String> {
        self.parse_action(text)
    }
}
