//! perft of spec §10 over the engine's own `legal`, `apply` and `chance_outcomes`.
//!
//! A ply is one micro-action; a chance node expands every distinct outcome without using
//! a ply (listed drops and known deck orders have one outcome, applied as forced steps);
//! no ply left, or a terminal position, is a leaf. The generic `crate::perft` needs the
//! `Game` trait; this walk does not, so the perft table (tests/perft/golem-cranio) can be
//! checked before the trait exists.

use super::action::Action;
use super::state::State;
use crate::game::Turn;

/// Leaves `depth` plies below `s`.
pub fn perft(s: &State, depth: u32) -> u64 {
    perft_capped(s, depth, u64::MAX).expect("no leaf budget")
}

/// [`perft`], or `None` as soon as the count passes `max_leaves` (a table maker need not
/// wait for a count it will not use).
pub fn perft_capped(s: &State, depth: u32, max_leaves: u64) -> Option<u64> {
    let mut budget = max_leaves;
    walk(s, depth, &mut budget)
}

/// perft below each root micro-action (each chance outcome at a chance root), in
/// listing order (`perft --divide`).
pub fn perft_divide(s: &State, depth: u32) -> Vec<(Action, u64)> {
    let depth_below = match s.turn() {
        Turn::Terminal => return Vec::new(),
        Turn::Chance => depth,
        Turn::Player(_) => depth.saturating_sub(1),
    };
    children(s)
        .into_iter()
        .map(|a| (a, perft(&child(s, a), depth_below)))
        .collect()
}

fn walk(s: &State, depth: u32, budget: &mut u64) -> Option<u64> {
    let depth_below = match s.turn() {
        Turn::Terminal => return spend(budget, 1),
        _ if depth == 0 => return spend(budget, 1),
        Turn::Chance => depth,
        // Each legal micro-action is one leaf: counting them is enough (bulk counting).
        Turn::Player(_) if depth == 1 => return spend(budget, s.legal().len() as u64),
        Turn::Player(_) => depth - 1,
    };
    let mut total = 0;
    for a in children(s) {
        total += walk(&child(s, a), depth_below, budget)?;
    }
    Some(total)
}

/// The legal micro-actions, or the outcomes at a chance node.
fn children(s: &State) -> Vec<Action> {
    match s.turn() {
        Turn::Chance => s.chance_outcomes().into_iter().map(|(a, _)| a).collect(),
        _ => s.legal(),
    }
}

fn spend(budget: &mut u64, leaves: u64) -> Option<u64> {
    *budget = budget.checked_sub(leaves)?;
    Some(leaves)
}

fn child(s: &State, action: Action) -> State {
    let mut next = *s;
    next.apply(action);
    next
}
