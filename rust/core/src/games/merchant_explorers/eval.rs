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
//!
//! Two more terms are not in the hand formula; they are there for the fit to weigh
//! (`scripts/fit_eval.py`): *reach*, the coins and tokens on the unexplored spaces next to
//! the seat's explored ones (what the era's next cards can collect), and *frontier*, how
//! many such spaces there are.

use super::state::State;

const VILLAGE: f64 = 1.5;
const REGION: f64 = 0.5;

/// Names of [`State::eval_terms`], in order.
pub(super) const TERMS: [&str; 6] = [
    "coins", "villages", "progress", "explored", "reach", "frontier",
];

/// The weights of [`TERMS`] as set by hand (`explored`, `reach` and `frontier` are not in
/// the hand formula: they are terms for the fit to weigh).
pub(super) const HAND: [f64; 6] = [1.0, VILLAGE, REGION, 0.0, 0.0, 0.0];

impl State {
    /// The evaluation of `player` with the hand-set weights (module documentation).
    pub(super) fn evaluate(&self, player: usize) -> f64 {
        self.evaluate_with(player, &HAND)
    }

    /// The evaluation with `weights` for [`TERMS`]. With [`HAND`] it is the module's
    /// formula to the bit: the counts are whole numbers and `REGION` a power of two.
    pub(super) fn evaluate_with(&self, player: usize, weights: &[f64; 6]) -> f64 {
        let t = self.terms(player);
        let mut value =
            weights[0] * t[0] + weights[1] * t[1] + weights[2] * t[2] + weights[3] * t[3];
        // The frontier costs a pass over the explored spaces: only a set that weighs it pays.
        if weights[4] != 0.0 || weights[5] != 0.0 {
            let (reach, frontier) = self.reach(player);
            value += weights[4] * reach + weights[5] * frontier;
        }
        value
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

    /// Every term of [`TERMS`], in order (what the fit reads).
    pub(super) fn all_terms(&self, player: usize) -> [f64; 6] {
        let [coins, villages, progress, explored] = self.terms(player);
        let (reach, frontier) = self.reach(player);
        [coins, villages, progress, explored, reach, frontier]
    }

    /// The `reach` and `frontier` terms: over the unexplored spaces adjacent to the
    /// seat's explored ones, their coins plus what an uncovered token there would pay now
    /// (the seat's next tower, a crystal's value, a ruin's treasure), and their number.
    pub(super) fn reach(&self, player: usize) -> (f64, f64) {
        let frontier = self.frontier_of(&self.seat_explored(player));
        let reach: i32 = frontier
            .iter()
            .map(|s| i32::from(self.map.spaces[s].coin) + self.token_coins(player, s))
            .sum();
        (f64::from(reach), frontier.len() as f64)
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

    #[test]
    fn reach_counts_the_payoffs_next_to_the_explored_spaces() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
        let state = State::new_game(2, &mut rng);
        let map = state.map;
        // At the start only the capital is explored: its neighbours are the frontier.
        let around = map.adjacent[map.capital as usize];
        let (reach, frontier) = state.reach(0);
        assert_eq!(frontier, around.len() as f64);
        let coins: f64 = around.iter().map(|s| f64::from(map.spaces[s].coin)).sum();
        assert!(reach >= coins);
        // Exploring a neighbour moves the frontier past it.
        let step = around.first().expect("the capital has neighbours");
        let mut moved = state;
        moved.player[0].explorers.insert(step);
        let (_, wider) = moved.reach(0);
        let mut near = around;
        near = near.union(map.adjacent[step]);
        near.remove(step);
        near.remove(map.capital as usize);
        assert_eq!(wider, near.len() as f64);
        assert_eq!(
            moved.reach(1),
            state.reach(1),
            "another seat's frontier is its own"
        );
        // Every weight set is the weighted sum of all the terms; the hand set's new terms
        // weigh nothing, so its value is the first four terms' alone.
        let all = moved.all_terms(0);
        let weights = [1.0, 1.5, 0.5, 0.25, 0.5, 2.0];
        let sum: f64 = all.iter().zip(weights).map(|(t, w)| t * w).sum();
        assert!((moved.evaluate_with(0, &weights) - sum).abs() < 1e-9);
        let hand: f64 = all.iter().zip(HAND).map(|(t, w)| t * w).sum();
        assert_eq!(moved.evaluate(0), hand);
    }
}
