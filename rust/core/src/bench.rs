//! The bench: a fixed set of searches whose total node count is the search signature.
//!
//! Like Stockfish's `bench`, it searches built-in positions (`data/bench/`: 2 to 5
//! players, known and hidden decks) with one thread and count budgets only: alpha-beta to a
//! fixed depth for both objectives, ISMCTS for a fixed number of iterations from a fixed
//! seed. The node total depends on nothing but the code, so any change that alters what
//! search does (move generation, ordering, pruning, the heuristic, ISMCTS sampling) changes
//! it. [`SIGNATURE`] records the current value; a test holds the bench to it, so such a
//! change must update it on purpose (and its commit say why).
//!
//! This is the one module outside `games/` that names a game: the positions are Century's.

use std::time::Instant;

use crate::games::century::position::read_position;
use crate::search::alphabeta::{self, AlphaBetaConfig};
use crate::search::ismcts::{self, IsmctsConfig, Rollout};
use crate::search::objective::Objective;
use crate::search::{Limits, StopFlag};

/// Total nodes of [`run`]; see the module documentation before changing it.
pub const SIGNATURE: u64 = 4_802_239;

/// Name, TOML and alpha-beta depth of each position (hidden decks search chance nodes, so
/// they get less depth).
const POSITIONS: [(&str, &str, u32); 5] = [
    (
        "2p-opening",
        include_str!("../data/bench/2p-opening.toml"),
        8,
    ),
    (
        "2p-midgame-hidden",
        include_str!("../data/bench/2p-midgame-hidden.toml"),
        2,
    ),
    (
        "3p-midgame",
        include_str!("../data/bench/3p-midgame.toml"),
        7,
    ),
    (
        "4p-midgame-hidden",
        include_str!("../data/bench/4p-midgame-hidden.toml"),
        2,
    ),
    ("5p-late", include_str!("../data/bench/5p-late.toml"), 6),
];

const HASH_MB: usize = 16;
const ISMCTS_ITERATIONS: u64 = 10_000;
const ISMCTS_SEED: u64 = 1;
const ISMCTS_CUTOFF: u32 = 20;

/// One search of the bench.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchLine {
    pub position: &'static str,
    /// What was searched, e.g. `alphabeta depth=4 objective=win`.
    pub search: String,
    pub nodes: u64,
    pub seconds: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BenchResult {
    pub lines: Vec<BenchLine>,
    /// The signature.
    pub nodes: u64,
    pub seconds: f64,
}

impl BenchResult {
    pub fn nodes_per_second(&self) -> u64 {
        (self.nodes as f64 / self.seconds.max(1e-9)) as u64
    }
}

/// Runs every search of the bench in order, calling `report` after each.
pub fn run(report: &mut dyn FnMut(&BenchLine)) -> BenchResult {
    let start = Instant::now();
    let stop = StopFlag::new();
    let mut lines = Vec::new();
    for (position, toml, depth) in POSITIONS {
        let state = read_position(toml)
            .unwrap_or_else(|e| panic!("bench position {position} is refused: {e}"));
        for objective in [Objective::Win, Objective::Margin] {
            let clock = Instant::now();
            let limits = Limits {
                depth: Some(depth),
                ..Limits::default()
            };
            let config = AlphaBetaConfig {
                objective,
                hash_mb: HASH_MB,
                use_tt: true,
                chance_samples: None,
            };
            let result = alphabeta::search(&state, limits, &config, &stop, &mut |_| {});
            let name = match objective {
                Objective::Win => "win",
                Objective::Margin => "margin",
            };
            lines.push(BenchLine {
                position,
                search: format!("alphabeta depth={depth} objective={name}"),
                nodes: result.nodes,
                seconds: clock.elapsed().as_secs_f64(),
            });
            report(lines.last().expect("just pushed"));
        }
        let clock = Instant::now();
        let limits = Limits {
            iterations: Some(ISMCTS_ITERATIONS),
            ..Limits::default()
        };
        let config = IsmctsConfig {
            rollout: Rollout::Heuristic { epsilon: 0.1 },
            rollout_cutoff: Some(ISMCTS_CUTOFF),
            threads: 1,
            seed: ISMCTS_SEED,
            ..IsmctsConfig::default()
        };
        let result = ismcts::search(&state, limits, &config, &stop, &mut |_| {});
        lines.push(BenchLine {
            position,
            search: format!(
                "ismcts iterations={ISMCTS_ITERATIONS} rollout=heuristic cutoff={ISMCTS_CUTOFF} seed={ISMCTS_SEED}"
            ),
            nodes: result.nodes,
            seconds: clock.elapsed().as_secs_f64(),
        });
        report(lines.last().expect("just pushed"));
    }
    BenchResult {
        nodes: lines.iter().map(|l| l.nodes).sum(),
        lines,
        seconds: start.elapsed().as_secs_f64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The signature: if this fails, search behaviour changed. If that was the intent,
    /// record the new total in `SIGNATURE` and say why in the commit message.
    #[test]
    fn bench_signature_is_unchanged() {
        let result = run(&mut |line| {
            eprintln!(
                "{:>18} {:>48} {:>10} nodes {:>7.3} s",
                line.position, line.search, line.nodes, line.seconds
            )
        });
        assert_eq!(result.lines.len(), 3 * POSITIONS.len());
        assert!(result.lines.iter().all(|l| l.nodes > 0));
        assert_eq!(result.nodes, SIGNATURE, "bench signature changed");
    }
}
