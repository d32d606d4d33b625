//! perft: counts the leaves of the action tree, the standard check of move generation.
//!
//! A ply is one player's action; chance outcomes are expanded without using a ply, and a
//! terminal state is a leaf. A chance event reached with no ply left is expanded too,
//! unless the game's perft says it is a leaf ([`Game::PERFT_EXPANDS_TRAILING_CHANCE`]).
//!
//! [`perft_with_stop`] and [`perft_divide_with_stop`] also watch a [`StopFlag`] (Ctrl-C):
//! the flag is read once every [`STOP_CHECK_NODES`] inner nodes, so a stop ends the count
//! within a few milliseconds at any depth, and the count is then `None` (a partial count
//! would be a wrong answer, not a smaller one).

use crate::search::StopFlag;
use crate::{Game, Turn};

/// Inner (expanded) nodes between two reads of the stop flag.
pub const STOP_CHECK_NODES: u64 = 4096;

/// The deepest count accepted, in plies. The walk keeps one frame (a state and its action
/// list) per open level and a game can go on forever (rests), so this bounds its memory
/// (a few MiB); no real game is this long. Callers taking a depth from a user check it.
pub const MAX_PERFT_DEPTH: u32 = 10_000;

fn check_depth(depth: u32) {
    assert!(
        depth <= MAX_PERFT_DEPTH,
        "perft depth {depth} is above the limit of {MAX_PERFT_DEPTH}"
    );
}

/// Leaves `depth` plies below `state`.
///
/// # Panics
/// When `depth` is above [`MAX_PERFT_DEPTH`] (all four functions here).
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    check_depth(depth);
    let mut watch = Watch::new(None);
    count(state, depth, &mut Vec::new(), &mut watch).expect("no stop flag")
}

/// perft below every root action (chance outcomes at a chance root), in legal-action order.
pub fn perft_divide<G: Game>(state: &G, depth: u32) -> Vec<(G::Action, u64)> {
    divide(state, depth, None).expect("no stop flag")
}

/// [`perft`], or `None` when `stop` was set before the count finished.
pub fn perft_with_stop<G: Game>(state: &G, depth: u32, stop: &StopFlag) -> Option<u64> {
    check_depth(depth);
    if stop.is_stopped() {
        return None;
    }
    let mut watch = Watch::new(Some(stop));
    count(state, depth, &mut Vec::new(), &mut watch)
}

/// [`perft_divide`], or `None` when `stop` was set before every root action was counted.
pub fn perft_divide_with_stop<G: Game>(
    state: &G,
    depth: u32,
    stop: &StopFlag,
) -> Option<Vec<(G::Action, u64)>> {
    if stop.is_stopped() {
        return None;
    }
    divide(state, depth, Some(stop))
}

fn divide<G: Game>(
    state: &G,
    depth: u32,
    stop: Option<&StopFlag>,
) -> Option<Vec<(G::Action, u64)>> {
    check_depth(depth);
    let mut root = Vec::new();
    state.legal_actions(&mut root);
    let child_depth = match state.turn() {
        Turn::Player(_) => depth.saturating_sub(1),
        _ => depth,
    };
    let mut frames = Vec::new();
    let mut watch = Watch::new(stop);
    root.into_iter()
        .map(|action| {
            let mut child = *state;
            child.apply(action);
            Some((action, count(&child, child_depth, &mut frames, &mut watch)?))
        })
        .collect()
}

/// The stop flag, when there is one, and the countdown to its next read.
struct Watch<'a> {
    stop: Option<&'a StopFlag>,
    until_check: u64,
}

impl<'a> Watch<'a> {
    fn new(stop: Option<&'a StopFlag>) -> Self {
        Watch {
            stop,
            until_check: STOP_CHECK_NODES,
        }
    }

    /// True when the count must end; the flag is read on every [`STOP_CHECK_NODES`]-th call.
    #[inline]
    fn stopped(&mut self) -> bool {
        let Some(stop) = self.stop else {
            return false;
        };
        self.until_check -= 1;
        if self.until_check > 0 {
            return false;
        }
        self.until_check = STOP_CHECK_NODES;
        stop.is_stopped()
    }
}

/// One open node of the depth-first walk: its state, its actions and the next one to try.
struct Frame<G: Game> {
    state: G,
    child_depth: u32,
    actions: Vec<G::Action>,
    next: usize,
}

/// What visiting a node found: a leaf count, or a frame to walk (the node is inner).
enum Visit {
    Leaves(u64),
    Inner,
}

/// Visits `state` with `depth` plies to go: counts it at once when it is a leaf (or a bulk
/// count), else fills `frames[level]` (creating it the first time) with its actions.
/// `None` when the watch says stop.
fn visit<G: Game>(
    state: &G,
    depth: u32,
    frames: &mut Vec<Frame<G>>,
    level: usize,
    watch: &mut Watch,
) -> Option<Visit> {
    let child_depth = match state.turn() {
        Turn::Terminal => return Some(Visit::Leaves(1)),
        Turn::Player(_) if depth == 0 => return Some(Visit::Leaves(1)),
        Turn::Chance if depth == 0 && !G::PERFT_EXPANDS_TRAILING_CHANCE => {
            return Some(Visit::Leaves(1))
        }
        Turn::Player(_) => depth - 1,
        Turn::Chance => depth,
    };
    if watch.stopped() {
        return None;
    }
    if frames.len() == level {
        frames.push(Frame {
            state: *state,
            child_depth,
            actions: Vec::new(),
            next: 0,
        });
    }
    let frame = &mut frames[level];
    state.legal_actions(&mut frame.actions);
    let leaf_children = !state.has_chance() || !G::PERFT_EXPANDS_TRAILING_CHANCE;
    if depth == 1 && child_depth == 0 && leaf_children {
        // Bulk count: every action at the last ply is exactly one leaf (no chance event
        // below, or one that counts as a leaf).
        return Some(Visit::Leaves(frame.actions.len() as u64));
    }
    frame.state = *state;
    frame.child_depth = child_depth;
    frame.next = 0;
    Some(Visit::Inner)
}

/// Leaves `depth` plies below `state`, walking the tree depth first with an explicit stack
/// (`frames`, reused between calls): a deep count needs no call stack, and each level keeps
/// its action buffer. `None` when the watch says stop.
fn count<G: Game>(
    state: &G,
    depth: u32,
    frames: &mut Vec<Frame<G>>,
    watch: &mut Watch,
) -> Option<u64> {
    let mut open = match visit(state, depth, frames, 0, watch)? {
        Visit::Leaves(n) => return Some(n),
        Visit::Inner => 1,
    };
    let mut leaves = 0;
    while open > 0 {
        let frame = &mut frames[open - 1];
        let Some(&action) = frame.actions.get(frame.next) else {
            open -= 1;
            continue;
        };
        frame.next += 1;
        let mut child = frame.state;
        child.apply(action);
        let child_depth = frame.child_depth;
        match visit(&child, child_depth, frames, open, watch)? {
            Visit::Leaves(n) => leaves += n,
            Visit::Inner => open += 1,
        }
    }
    Some(leaves)
}
