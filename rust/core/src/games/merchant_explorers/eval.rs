//! Merchant Explorers' evaluation (`heuristic_score`): the coins a player will likely end
//! with, for search horizons and rollout cut-offs.
//!
//! `coins + end bonus now + VILLAGE * villages * eras left + REGION * era * progress`
//! - *end bonus now*: the end-game treasure cards and the land bonus as they stand;
//! - *villages × eras left*: a village stays explored through every later era, so it is a
//!   starting point for the cards still to come (worth more early in the game);
//! - *progress*: over the player's land regions without a village that still have a blank
//!   space, the share of the region explored, squared (a region nearly done is close to
//!   paying the era's village coins; explorers vanish at the era's end, so only this era
//!   counts).
//!
//! The weights were set by hand: short arena runs against the greedy bot (docs/strength.md).

use super::state::State;

const VILLAGE: f64 = 1.5;
const REGION: f64 = 0.5;

/// Names of [`State::eval_terms`], in order.
pub(super) const TERMS: [&str; 4] = ["coins", "villages", "progress", "explored"];

/// The weights of [`TERMS`] as set by hand (`explored` is not in the hand formula: it is
/// a term for the fit to weigh).
pub(super) const HAND: [f64; 4] = [1.0, VILLAGE, REGION, 0.0];

impl State {
    /// The evaluation of `player` with the hand-set weights (module documentation).
    pub(super) fn evaluate(&self, player: usize) -> f64 {
        self.evaluate_with(player, &HAND)
    }

    /// The evaluation with `weights` for [`TERMS`]. With [`HAND`] it is the module's
    /// formula to the bit: the counts are whole numbers and `REGION` a power of two.
    pub(super) fn evaluate_with(&self, player: usize, weights: &[f64; 4]) -> f64 {
        let t = self.terms(player);
        weights[0] * t[0] + weights[1] * t[1] + weights[2] * t[2] + weights[3] * t[3]
    }

    /// The terms: coins with the end bonus now, villages times eras left, the era times
    /// the progress in unfinished regions, and the spaces explored this era (explorers
    /// vanish at its end).
    pub(super) fn terms(&self, player: usize) -> [f64; 4] {
        let map = self.map;
        let p = &self.player[player];
        let coins = f64::from(p.coins) + f64::from(self.end_bonus(player));
        let eras_left = f64::from(4u8.saturating_sub(self.era));
        let villages = p.villages.len() as f64;
        let explored = self.seat_explored(player);
        let progress: f64 = map
            .regions
            .iter()
            .filter(|r| !r.blanks.is_empty() && !r.spaces.intersects(&p.villages))
            .map(|r| {
                let share = r.spaces.intersection(explored).len() as f64 / r.spaces.len() as f64;
                share * share
            })
            .sum();
        [
            coins,
            villages * eras_left,
            f64::from(self.era) * progress,
            p.explorers.len() as f64,
        ]
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;

    use super::*;
    use crate::Game;

    #[test]
    fn villages_and_regions_near_completion_add_to_the_coins() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        let state = State::new_game(2, &mut rng);
        // At the start: no coins, no villages, no explored region.
        assert_eq!(state.evaluate(0), 0.0);
        let mut with_village = state;
        let region = &state.map.regions[0];
        let blank = region.blanks.first().expect("a region with a blank space");
        with_village.player[0].villages.insert(blank);
        // Era 1: three eras left for the village to start from.
        assert_eq!(with_village.evaluate(0), VILLAGE * 3.0);
        assert_eq!(with_village.evaluate(1), 0.0);
        let mut exploring = state;
        let half: Vec<usize> = region
            .spaces
            .iter()
            .take(region.spaces.len() / 2 + 1)
            .collect();
        for &space in &half {
            exploring.player[0].explorers.insert(space);
        }
        assert!(exploring.evaluate(0) > 0.0);
        assert!(exploring.evaluate(0) < with_village.evaluate(0) + REGION);
    }
}
