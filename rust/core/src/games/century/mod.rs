//! Century: Golem Edition.

mod action;
pub mod cards;
pub mod crystals;
mod eval;
mod fitted;
pub mod greedy;
mod movegen;
mod notation;
pub mod observation;
pub mod position;
pub mod setup;
mod state;
pub mod svg;
mod zobrist;

#[cfg(test)]
mod tests;

pub use crate::util::BitIter;
pub use action::{Action, ActionKind};
pub use state::{golem_threshold, Century, Coin, Pending, Seat, MAX_PLAYERS, MIN_PLAYERS};

use rand::RngCore;

use crystals::Crystals;

use crate::game::{BenchPosition, GameInfo, PositionError};
use crate::util::BitIter as Bits;
use crate::{EvalWeights, Game, Turn};

/// A bench position from `data/bench/century/NAME.toml`, searched to `depth` by alpha-beta
/// (hidden decks search chance nodes, so they get less depth).
macro_rules! bench_position {
    ($name:literal, $depth:literal) => {
        BenchPosition {
            name: $name,
            text: include_str!(concat!("../../../data/bench/century/", $name, ".toml")),
            depth: $depth,
        }
    };
}

/// Value of a caravan in yellow-crystal units (y 1, g 2, b 3, p 4).
fn caravan_worth(caravan: Crystals) -> i32 {
    let [y, g, b, p] = caravan.lanes();
    (y + 2 * g + 3 * b + 4 * p) as i32
}

impl Game for Century {
    type Action = Action;
    const INFO: GameInfo = GameInfo {
        name: setup::GAME_NAME,
        title: "Century: Golem Edition",
        min_players: MIN_PLAYERS,
        max_players: MAX_PLAYERS,
        chance: true,
        // Deck orders are hidden from everyone alike: chance, not private knowledge.
        hidden_information: false,
        simultaneous: false,
        action_space: action::DENSE_ACTIONS,
        max_chance_outcomes: cards::MERCHANT_COUNT,
        solo_win: false,
        decks: true,
        rules_file: None,
    };

    fn hide_decks(&mut self) {
        Century::hide_decks(self);
    }

    fn new_game(players: usize, rng: &mut dyn RngCore) -> Self {
        Century::new_game(players, rng)
    }

    fn from_text(text: &str) -> Result<Self, PositionError> {
        position::read_position(text)
    }

    fn to_text(&self) -> Result<String, PositionError> {
        position::write_position(self)
    }

    fn num_players(&self) -> usize {
        self.players as usize
    }

    fn turn(&self) -> Turn {
        if self.pending() != Pending::None {
            Turn::Chance
        } else if self.game_over() {
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
        out.extend(Bits(cards).map(|card| (deal(card as u8), probability)));
    }

    fn apply(&mut self, action: Action) {
        self.apply_action(action);
    }

    fn score(&self, player: usize) -> i32 {
        self.score_of(player)
    }

    fn returns(&self, player: usize) -> f64 {
        if self.game_over() && self.leader() == player {
            1.0
        } else {
            0.0
        }
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn resample_hidden(&self, _observer: usize, rng: &mut dyn RngCore) -> Self {
        // Only the deck orders are hidden, and they are hidden from everyone alike.
        self.determinize(rng)
    }

    fn public_view(&self, _observer: usize) -> Self {
        // Players know which cards are in each deck but not their order.
        let mut view = *self;
        view.hide_decks();
        view
    }

    fn action_id(action: Action) -> u64 {
        action.to_bits()
    }

    fn action_from_id(id: u64) -> Option<Action> {
        Action::from_bits(id)
    }

    fn action_index(action: Action) -> u64 {
        action.dense_index()
    }

    fn action_from_index(index: u64) -> Option<Action> {
        Action::from_dense_index(index)
    }

    const OBSERVATION_SIZE: usize = observation::OBSERVATION_SIZE;

    fn observation(&self, player: usize, out: &mut [f32]) {
        observation::observe(self, player, out);
    }

    const POLICY_ACTIONS: usize = observation::POLICY_ACTIONS;

    fn policy_index(&self, action: Action) -> usize {
        observation::policy_index(action)
    }

    #[inline]
    fn ordering_hint(&self, action: Action) -> i32 {
        match action.kind {
            // Points now are worth most; a richer golem first.
            ActionKind::Claim => 1000 + cards::GOLEMS[action.index as usize].points as i32,
            // Cheap acquisitions next, then plays that end with a more valuable caravan.
            ActionKind::Take => 200 - 10 * self.merchant_slot(action.index) as i32,
            ActionKind::Play => 100 + caravan_worth(Crystals::from_nibbles(action.caravan)),
            ActionKind::Rest => 50,
            ActionKind::DealMerchant | ActionKind::DealGolem => 0,
        }
    }

    fn check_legal(&self, action: Action) -> Option<bool> {
        Some(self.is_legal(action))
    }

    fn heuristic_score(&self, player: usize) -> f64 {
        eval::evaluate(self, player)
    }

    fn heuristic_score_with(&self, player: usize, weights: EvalWeights) -> f64 {
        match weights {
            EvalWeights::Default | EvalWeights::Hand => eval::evaluate(self, player),
            EvalWeights::Fitted => eval::evaluate_with(self, player, &fitted::WEIGHTS),
        }
    }

    const EVAL_TERMS: &'static [&'static str] = &eval::TERMS;
    const EVAL_HAND: &'static [f64] = &eval::HAND;
    const EVAL_FITTED: &'static [f64] = &fitted::WEIGHTS;

    fn eval_terms(&self, player: usize, out: &mut [f64]) {
        out.copy_from_slice(&eval::terms(self, player));
    }

    fn heuristic_changes_only_mover(&self, action: Action) -> bool {
        // Another seat's evaluation reads its own seat, the golem row, the coins and the
        // golem counts: only a claim touches those (a take deals merchants only).
        matches!(
            action.kind,
            ActionKind::Play | ActionKind::Take | ActionKind::Rest
        )
    }

    const BENCH_POSITIONS: &'static [BenchPosition] = &[
        bench_position!("2p-opening", 8),
        bench_position!("2p-midgame-hidden", 2),
        bench_position!("3p-midgame", 7),
        bench_position!("4p-midgame-hidden", 2),
        bench_position!("5p-late", 6),
    ];

    fn action_to_text(&self, action: Action) -> String {
        self.action_text(action)
    }

    fn action_from_text(&self, text: &str) -> Result<Action, String> {
        self.parse_action(text)
    }

    fn action_priors(&self, actions: &[Action], out: &mut Vec<f32>) {
        eval::priors(self, actions, out);
    }

    fn to_svg(&self) -> Option<String> {
        Some(svg::state_svg(self))
    }

    fn end_is_near(&self) -> bool {
        eval::end_is_near(self)
    }
}
