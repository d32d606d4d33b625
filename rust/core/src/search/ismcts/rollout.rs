//! Playouts from the leaf of an iteration, chance sampling and the rewards they end with.

use rand::Rng;

use super::{Reward, Rollout};
use crate::playout::random_outcome;
use crate::{EvalWeights, Game, Turn};

/// Scratch buffers reused by every step of every iteration of one thread.
pub(super) struct Scratch<G: Game> {
    pub legal: Vec<G::Action>,
    pub untried: Vec<G::Action>,
    pub outcomes: Vec<(G::Action, f64)>,
    pub weights: Vec<f32>,
    pub keys: Vec<(f32, u32, G::Action)>,
    /// A shared tree: the priors of the next node, computed before its lock is taken.
    pub early_priors: Vec<f32>,
}

impl<G: Game> Scratch<G> {
    pub fn new() -> Self {
        Scratch {
            legal: Vec::with_capacity(64),
            untried: Vec::with_capacity(64),
            outcomes: Vec::with_capacity(64),
            weights: Vec::with_capacity(64),
            keys: Vec::with_capacity(64),
            early_priors: Vec::with_capacity(64),
        }
    }
}

/// The logistic function: 1/2 at 0, towards 1 for large positive `x`.
pub(super) fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// `value(player)` minus the best `value` of the other players; alone (a solo game),
/// `value(player)` minus `baseline` (the root's own estimate), so a better score is
/// still a better reward.
fn margin(players: usize, player: usize, value: impl Fn(usize) -> f64, baseline: f64) -> f64 {
    let mine = value(player);
    if players == 1 {
        return mine - baseline;
    }
    let best_other = (0..players)
        .filter(|&q| q != player)
        .map(&value)
        .fold(f64::NEG_INFINITY, f64::max);
    if best_other.is_finite() {
        mine - best_other
    } else {
        0.0
    }
}

/// How rewards are computed: the configured kind, and for a solo player the score the
/// margin is measured from (the root's estimate).
#[derive(Clone, Copy, Debug)]
pub(super) struct Scoring {
    pub reward: Reward,
    pub eval: EvalWeights,
    pub solo_baseline: f64,
}

/// Rewards of a finished (or stuck) game.
pub(super) fn final_rewards<G: Game>(state: &G, scoring: Scoring, rewards: &mut [f64]) {
    let (reward, baseline) = (scoring.reward, scoring.solo_baseline);
    let players = rewards.len();
    for (player, r) in rewards.iter_mut().enumerate() {
        let outcome = state.returns(player);
        *r = match reward {
            Reward::WinLoss => outcome,
            Reward::Graded {
                scale,
                margin_weight,
            } => {
                let m = margin(players, player, |p| state.score(p) as f64, baseline);
                (1.0 - margin_weight) * outcome + margin_weight * logistic(m / scale)
            }
        };
    }
}

/// Plays `state` out with `policy` and writes every player's reward into `rewards`.
/// Returns the number of states stepped through (actions and chance outcomes applied).
///
/// After `cutoff` player moves the playout stops and is scored by `heuristic_score`:
/// with [`Reward::WinLoss`] the player with the highest estimate gets 1, the others 0 (a
/// tie goes to the later seat, like the games' tie rule); with [`Reward::Graded`] each
/// player gets the logistic of their estimated margin over the best other player.
pub(super) fn playout<G: Game, R: Rng>(
    state: &mut G,
    policy: Rollout,
    cutoff: Option<u32>,
    scoring: Scoring,
    scratch: &mut Scratch<G>,
    rewards: &mut [f64],
    rng: &mut R,
) -> u64 {
    let mut steps = 0;
    let mut plies = 0;
    // Whether `scratch.legal` already holds the legal actions (`Game::apply_and_list`).
    let mut listed = false;
    loop {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => match random_outcome(state, &mut scratch.outcomes, rng) {
                Some(outcome) => listed = state.apply_and_list(outcome, &mut scratch.legal),
                None => break,
            },
            Turn::Player(_) => {
                if cutoff.is_some_and(|c| plies >= c) {
                    heuristic_rewards(state, scoring, rewards);
                    return steps;
                }
                if !listed {
                    state.legal_actions(&mut scratch.legal);
                }
                if scratch.legal.is_empty() {
                    // Stuck but not terminal: scored as it stands.
                    break;
                }
                let action = pick(state, &scratch.legal, &mut scratch.weights, policy, rng);
                listed = state.apply_and_list(action, &mut scratch.legal);
                plies += 1;
            }
        }
        steps += 1;
    }
    final_rewards(state, scoring, rewards);
    steps
}

/// The index of the largest of `values` (by `key`), ties drawn uniformly by reservoir
/// sampling (one pass, no buffer).
fn argmax<T: PartialOrd + Copy, R: Rng>(values: impl Iterator<Item = T>, rng: &mut R) -> usize {
    let mut best_index = 0;
    let mut best: Option<T> = None;
    let mut ties = 0u32;
    for (index, value) in values.enumerate() {
        match best {
            Some(top) if value < top => {}
            Some(top) if value == top => {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best_index = index;
                }
            }
            _ => {
                (best, best_index, ties) = (Some(value), index, 1);
            }
        }
    }
    best_index
}

fn pick<G: Game, R: Rng>(
    state: &G,
    legal: &[G::Action],
    weights: &mut Vec<f32>,
    policy: Rollout,
    rng: &mut R,
) -> G::Action {
    match policy {
        Rollout::Heuristic { epsilon } if epsilon < 1.0 && rng.random::<f64>() >= epsilon => {
            legal[argmax(legal.iter().map(|&a| state.ordering_hint(a)), rng)]
        }
        Rollout::Policy { epsilon } if epsilon < 1.0 && rng.random::<f64>() >= epsilon => {
            state.rollout_priors(legal, weights);
            legal[argmax(weights.iter().copied(), rng)]
        }
        _ => legal[rng.random_range(0..legal.len())],
    }
}

pub(super) fn heuristic_rewards<G: Game>(state: &G, scoring: Scoring, rewards: &mut [f64]) {
    let (reward, baseline) = (scoring.reward, scoring.solo_baseline);
    let players = rewards.len();
    match reward {
        Reward::WinLoss => {
            let mut leader = 0;
            let mut top = f64::NEG_INFINITY;
            for player in 0..players {
                let estimate = state.heuristic_score_with(player, scoring.eval);
                if estimate >= top {
                    (leader, top) = (player, estimate);
                }
            }
            for (player, reward) in rewards.iter_mut().enumerate() {
                *reward = if player == leader { 1.0 } else { 0.0 };
            }
        }
        Reward::Graded { scale, .. } => {
            let mut estimates = [0.0f64; 8];
            let estimates = if players <= estimates.len() {
                &mut estimates[..players]
            } else {
                return rewards.fill(0.5);
            };
            for (player, e) in estimates.iter_mut().enumerate() {
                *e = state.heuristic_score_with(player, scoring.eval);
            }
            for (player, r) in rewards.iter_mut().enumerate() {
                *r = logistic(margin(players, player, |p| estimates[p], baseline) / scale);
            }
        }
    }
}
