//! Playouts from the leaf of an iteration, chance sampling and the rewards they end with.

use rand::Rng;

use super::Rollout;
use crate::playout::apply_random_outcome;
use crate::{Game, Turn};

/// Scratch buffers reused by every step of every iteration of one thread.
pub(super) struct Scratch<G: Game> {
    pub legal: Vec<G::Action>,
    pub untried: Vec<G::Action>,
    pub outcomes: Vec<(G::Action, f64)>,
}

impl<G: Game> Scratch<G> {
    pub fn new() -> Self {
        Scratch {
            legal: Vec::with_capacity(64),
            untried: Vec::with_capacity(64),
            outcomes: Vec::with_capacity(64),
        }
    }
}

/// Plays `state` out with `policy` and writes every player's reward into `rewards`.
/// Returns the number of states stepped through (actions and chance outcomes applied).
///
/// After `cutoff` player moves the playout stops and the player with the highest
/// `heuristic_score` gets 1, the others 0 (a tie goes to the later seat, like the games'
/// tie rule): a cheap win/loss guess that keeps rewards in the same 0/1 scale as `returns`.
pub(super) fn playout<G: Game, R: Rng>(
    state: &mut G,
    policy: Rollout,
    cutoff: Option<u32>,
    scratch: &mut Scratch<G>,
    rewards: &mut [f64],
    rng: &mut R,
) -> u64 {
    let mut steps = 0;
    let mut plies = 0;
    loop {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                if !apply_random_outcome(state, &mut scratch.outcomes, rng) {
                    break;
                }
            }
            Turn::Player(_) => {
                if cutoff.is_some_and(|c| plies >= c) {
                    heuristic_rewards(state, rewards);
                    return steps;
                }
                state.legal_actions(&mut scratch.legal);
                if scratch.legal.is_empty() {
                    // Stuck but not terminal: scored as it stands.
                    break;
                }
                let action = pick(state, &scratch.legal, policy, rng);
                state.apply(action);
                plies += 1;
            }
        }
        steps += 1;
    }
    for (player, reward) in rewards.iter_mut().enumerate() {
        *reward = state.returns(player);
    }
    steps
}

fn pick<G: Game, R: Rng>(
    state: &G,
    legal: &[G::Action],
    policy: Rollout,
    rng: &mut R,
) -> G::Action {
    match policy {
        Rollout::Heuristic { epsilon } if epsilon < 1.0 && rng.random::<f64>() >= epsilon => {
            // Highest hint; ties drawn uniformly by reservoir sampling (one pass, no buffer).
            let mut best = legal[0];
            let mut best_hint = state.ordering_hint(best);
            let mut ties = 1u32;
            for &action in &legal[1..] {
                let hint = state.ordering_hint(action);
                if hint > best_hint {
                    (best, best_hint, ties) = (action, hint, 1);
                } else if hint == best_hint {
                    ties += 1;
                    if rng.random_range(0..ties) == 0 {
                        best = action;
                    }
                }
            }
            best
        }
        _ => legal[rng.random_range(0..legal.len())],
    }
}

pub(super) fn heuristic_rewards<G: Game>(state: &G, rewards: &mut [f64]) {
    let mut leader = 0;
    let mut top = f64::NEG_INFINITY;
    for player in 0..rewards.len() {
        let estimate = state.heuristic_score(player);
        if estimate >= top {
            (leader, top) = (player, estimate);
        }
    }
    for (player, reward) in rewards.iter_mut().enumerate() {
        *reward = if player == leader { 1.0 } else { 0.0 };
    }
}
