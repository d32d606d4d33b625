//! perft: counts the leaves of the action tree, the standard check of move generation.
//!
//! A ply is one player's action; chance outcomes are expanded without using a ply, and a
//! terminal state is a leaf.

use crate::{Game, Turn};

/// Leaves `depth` plies below `state`.
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    count(state, depth, &mut level_buffers::<G>(depth))
}

/// perft below every root action (chance outcomes at a chance root), in legal-action order.
pub fn perft_divide<G: Game>(state: &G, depth: u32) -> Vec<(G::Action, u64)> {
    let mut root = Vec::new();
    state.legal_actions(&mut root);
    let child_depth = match state.turn() {
        Turn::Player(_) => depth.saturating_sub(1),
        _ => depth,
    };
    let mut buffers = level_buffers::<G>(depth);
    root.into_iter()
        .map(|action| {
            let mut child = *state;
            child.apply(action);
            (action, count(&child, child_depth, &mut buffers))
        })
        .collect()
}

/// One action buffer per tree level, reused across the whole count: a chance node can sit
/// between two plies, so a tree `depth` plies deep has at most `2 * depth + 1` inner levels.
fn level_buffers<G: Game>(depth: u32) -> Vec<Vec<G::Action>> {
    vec![Vec::new(); 2 * depth as usize + 2]
}

fn count<G: Game>(state: &G, depth: u32, buffers: &mut [Vec<G::Action>]) -> u64 {
    let child_depth = match state.turn() {
        Turn::Terminal => return 1,
        Turn::Player(_) if depth == 0 => return 1,
        Turn::Player(_) => depth - 1,
        Turn::Chance => depth,
    };
    if depth == 1 && child_depth == 0 && !state.has_chance() {
        // Bulk count: without chance every action at the last ply is exactly one leaf.
        let mine = &mut buffers[0];
        state.legal_actions(mine);
        return mine.len() as u64;
    }
    let (mine, deeper) = buffers
        .split_first_mut()
        .expect("level_buffers allocates one buffer per level");
    state.legal_actions(mine);
    mine.iter()
        .map(|&action| {
            let mut child = *state;
            child.apply(action);
            count(&child, child_depth, deeper)
        })
        .sum()
}
