//! Plain full-width minimax (paranoid for more than two players, expectimax or
//! all-outcomes at chance nodes as the objective says): no pruning, no table, no
//! ordering. Slow and obviously right; tests hold alpha-beta to it.

use super::objective::Objective;
use crate::{EvalWeights, Game, Turn};

/// Value of `state` searched `depth` plies deep, for `root`; `plies` moves were made so far.
pub fn minimax<G: Game>(
    state: &G,
    depth: u32,
    objective: Objective,
    root: usize,
    plies: u32,
) -> f64 {
    match state.turn() {
        Turn::Terminal => objective.terminal(state, root, plies),
        Turn::Chance => {
            let mut outcomes = Vec::new();
            state.chance_outcomes(&mut outcomes);
            let values: Vec<(f64, f64)> = outcomes
                .iter()
                .map(|&(outcome, p)| {
                    let mut child = *state;
                    child.apply(outcome);
                    (p, minimax(&child, depth, objective, root, plies))
                })
                .collect();
            objective.chance(values.into_iter())
        }
        Turn::Player(_) if depth == 0 => objective.horizon(state, root, EvalWeights::Default),
        Turn::Player(mover) => {
            let mut actions = Vec::new();
            state.legal_actions(&mut actions);
            if actions.is_empty() {
                return objective.horizon(state, root, EvalWeights::Default);
            }
            let values = actions.iter().map(|&action| {
                let mut child = *state;
                child.apply(action);
                minimax(&child, depth - 1, objective, root, plies + 1)
            });
            if mover == root {
                values.fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.fold(f64::INFINITY, f64::min)
            }
        }
    }
}
