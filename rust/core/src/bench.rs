//! The bench: a fixed set of searches whose total node count is the search signature.
//!
//! Like Stockfish's `bench`, it searches built-in positions (each game's
//! [`crate::Game::BENCH_POSITIONS`], from its `data/bench/<game>/` folder) with one thread
//! and count budgets only: alpha-beta to a fixed depth for both objectives, ISMCTS for a
//! fixed number of iterations from a fixed seed. The node total depends on nothing but the
//! code, so any change that alters what search does (move generation, ordering, pruning,
//! the heuristic, ISMCTS sampling) changes it. [`SIGNATURE`] records the current value; a
//! test holds the bench to it, so such a change must update it on purpose (and its commit
//! say why).
//!
//! Ad-hoc runs ([`BenchOptions`]) search other positions, or with another depth or node
//! budget; their total is not the signature.

use std::time::Instant;

use serde::Serialize;

pub use crate::game::BenchPosition;
use crate::game::PositionError;
use crate::games::GameId;
use crate::search::alphabeta::{self, AlphaBetaConfig};
use crate::search::ismcts::{self, IsmctsConfig, Rollout};
use crate::search::objective::Objective;
use crate::search::{Limits, StopFlag};
use crate::Game;

/// Total nodes of the standard bench (every game, built-in positions, default budgets);
/// see the module documentation before changing it.
pub const SIGNATURE: u64 = 6_800_337;

const HASH_MB: usize = 16;
const ISMCTS_ITERATIONS: u64 = 10_000;
const ISMCTS_SEED: u64 = 1;
const ISMCTS_CUTOFF: u32 = 20;
/// Alpha-beta depth of an ad-hoc position when none is given.
pub const AD_HOC_DEPTH: u32 = 4;

/// What to search; the default is the standard bench.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BenchOptions {
    /// Only these games (empty: every registered game).
    pub games: Vec<GameId>,
    /// Alpha-beta depth instead of each position's own.
    pub depth: Option<u32>,
    /// A node budget for every search (alpha-beta without a depth limit, ISMCTS without an
    /// iteration limit).
    pub nodes: Option<u64>,
    /// Positions to search instead of the built-in ones: position files' texts, each of
    /// any registered game.
    pub positions: Vec<String>,
}

impl BenchOptions {
    /// The standard bench, whose total is the signature.
    pub fn is_standard(&self) -> bool {
        self.depth.is_none() && self.nodes.is_none() && self.positions.is_empty() && {
            let mut games = self.games.clone();
            games.dedup();
            games.is_empty() || games == GameId::ALL
        }
    }
}

/// One search of the bench.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchLine {
    pub game: &'static str,
    pub position: String,
    /// What was searched, e.g. `alphabeta depth=4 objective=win`.
    pub search: String,
    pub nodes: u64,
    pub seconds: f64,
}

/// The nodes and time of one game's searches.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct GameTotal {
    pub game: &'static str,
    pub nodes: u64,
    pub seconds: f64,
}

#[derive(Clone, Debug, PartialEq)]
pub struct BenchResult {
    pub lines: Vec<BenchLine>,
    /// Per game, in registry order (games with no search left out).
    pub games: Vec<GameTotal>,
    /// The total: the signature for the standard bench.
    pub nodes: u64,
    pub seconds: f64,
    /// Whether this was the standard bench (so `nodes` is comparable with [`SIGNATURE`]).
    pub standard: bool,
    /// Stopped before every search was done ([`run_with_stop`]).
    pub stopped: bool,
}

impl BenchResult {
    pub fn nodes_per_second(&self) -> u64 {
        (self.nodes as f64 / self.seconds.max(1e-9)) as u64
    }

    /// The result as front ends show it ([`BenchSummary`]).
    pub fn summary(&self) -> BenchSummary<'_> {
        BenchSummary {
            nodes: self.nodes,
            seconds: self.seconds,
            nps: self.nodes_per_second(),
            expected: self.standard.then_some(SIGNATURE),
            stopped: self.stopped,
            lines: &self.lines,
            games: &self.games,
        }
    }
}

/// A bench result as plain data (serde): the total and its speed, `expected` (the
/// signature recorded in the code, for the standard bench alone), each search and each
/// game's subtotal.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BenchSummary<'a> {
    pub nodes: u64,
    pub seconds: f64,
    pub nps: u64,
    pub expected: Option<u64>,
    pub stopped: bool,
    pub lines: &'a [BenchLine],
    pub games: &'a [GameTotal],
}

/// Runs every search of the bench in order, calling `report` after each. Fails only on an
/// ad-hoc position that is refused (the field names the position: `positions[2].players`).
pub fn run(
    options: &BenchOptions,
    report: &mut dyn FnMut(&BenchLine),
) -> Result<BenchResult, PositionError> {
    run_with_stop(options, &StopFlag::new(), report)
}

/// [`run`], ending as soon as `stop` is set: the search running then returns at once (its
/// line is left out, being cut short) and no further search starts; the result holds the
/// searches finished and says `stopped` (its total is then no signature).
pub fn run_with_stop(
    options: &BenchOptions,
    stop: &StopFlag,
    report: &mut dyn FnMut(&BenchLine),
) -> Result<BenchResult, PositionError> {
    let start = Instant::now();
    let games: Vec<GameId> = if options.games.is_empty() {
        GameId::ALL.to_vec()
    } else {
        options.games.clone()
    };
    // Ad-hoc positions are read up front, so a bad one fails before any search.
    let mut ad_hoc: Vec<(GameId, usize, &str)> = Vec::new();
    for (index, text) in options.positions.iter().enumerate() {
        let named = |e: PositionError| e.within(format_args!("positions[{index}]"));
        let game = GameId::detect(text).map_err(named)?;
        with_game!(game, G => G::from_text(text).map(drop)).map_err(named)?;
        ad_hoc.push((game, index, text));
    }
    let mut lines = Vec::new();
    for game in games {
        if options.positions.is_empty() {
            with_game!(game, G => {
                for position in G::BENCH_POSITIONS {
                    let state = G::from_text(position.text).unwrap_or_else(|e| {
                        panic!("bench position {} is refused: {e}", position.name)
                    });
                    let depth = options.depth.unwrap_or(position.depth);
                    let searched = (position.name, depth, options);
                    search_position(&state, searched, stop, &mut lines, report);
                }
            });
        } else {
            for &(_, index, text) in ad_hoc.iter().filter(|(g, ..)| *g == game) {
                with_game!(game, G => {
                    let state = G::from_text(text).expect("checked above");
                    let depth = options.depth.unwrap_or(AD_HOC_DEPTH);
                    let name = format!("position {index}");
                    search_position(&state, (&name, depth, options), stop, &mut lines, report);
                });
            }
        }
    }
    let games = totals(&lines);
    let stopped = stop.is_stopped();
    Ok(BenchResult {
        nodes: lines.iter().map(|l| l.nodes).sum(),
        lines,
        games,
        seconds: start.elapsed().as_secs_f64(),
        standard: options.is_standard() && !stopped,
        stopped,
    })
}

/// Per-game sums of the lines, in the order the games first appear.
fn totals(lines: &[BenchLine]) -> Vec<GameTotal> {
    let mut totals: Vec<GameTotal> = Vec::new();
    for line in lines {
        match totals.iter_mut().find(|t| t.game == line.game) {
            Some(total) => {
                total.nodes += line.nodes;
                total.seconds += line.seconds;
            }
            None => totals.push(GameTotal {
                game: line.game,
                nodes: line.nodes,
                seconds: line.seconds,
            }),
        }
    }
    totals
}

/// The three searches of one position: alpha-beta for both objectives, then ISMCTS.
/// Skipped, and a search cut short left out, once `stop` is set.
fn search_position<G: Game>(
    state: &G,
    (name, depth, options): (&str, u32, &BenchOptions),
    stop: &StopFlag,
    lines: &mut Vec<BenchLine>,
    report: &mut dyn FnMut(&BenchLine),
) {
    let mut push = |search: String, nodes: u64, seconds: f64| {
        if stop.is_stopped() {
            return;
        }
        lines.push(BenchLine {
            game: G::INFO.name,
            position: name.to_string(),
            search,
            nodes,
            seconds,
        });
        report(lines.last().expect("just pushed"));
    };
    let depth_limit = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let (limits, budget) = node_budget_or(options.nodes, depth_limit, format!("depth={depth}"));
    for objective in [Objective::Win, Objective::Margin] {
        if stop.is_stopped() {
            return;
        }
        let clock = Instant::now();
        let config = AlphaBetaConfig {
            objective,
            hash_mb: HASH_MB,
            use_tt: true,
            chance_samples: None,
            threads: 1,
            ..AlphaBetaConfig::default()
        };
        let result = alphabeta::search(state, limits, &config, stop, &mut |_| {});
        push(
            format!("alphabeta {budget} objective={}", objective.name()),
            result.nodes,
            clock.elapsed().as_secs_f64(),
        );
    }
    let clock = Instant::now();
    let iteration_limit = Limits {
        iterations: Some(ISMCTS_ITERATIONS),
        ..Limits::default()
    };
    let (limits, budget) = node_budget_or(
        options.nodes,
        iteration_limit,
        format!("iterations={ISMCTS_ITERATIONS}"),
    );
    let config = IsmctsConfig {
        rollout: Rollout::Heuristic { epsilon: 0.1 },
        rollout_cutoff: Some(ISMCTS_CUTOFF),
        threads: 1,
        seed: ISMCTS_SEED,
        ..IsmctsConfig::default()
    };
    if stop.is_stopped() {
        return;
    }
    let result = ismcts::search(state, limits, &config, stop, &mut |_| {});
    push(
        format!("ismcts {budget} rollout=heuristic cutoff={ISMCTS_CUTOFF} seed={ISMCTS_SEED}"),
        result.nodes,
        clock.elapsed().as_secs_f64(),
    );
}

/// An ad-hoc node budget, or the bench's own limit; with its text for the report.
fn node_budget_or(nodes: Option<u64>, own: Limits, own_text: String) -> (Limits, String) {
    match nodes {
        Some(nodes) => (
            Limits {
                nodes: Some(nodes),
                ..Limits::default()
            },
            format!("nodes={nodes}"),
        ),
        None => (own, own_text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stop_ends_the_bench_within_moments() {
        // A node budget no position finishes in a few seconds; the stop must reach it.
        let options = BenchOptions {
            nodes: Some(u64::MAX),
            ..BenchOptions::default()
        };
        let stop = StopFlag::new();
        let stopper = stop.clone();
        let timer = std::thread::spawn(move || {
            std::thread::sleep(std::time::Duration::from_millis(300));
            stopper.stop();
        });
        let clock = Instant::now();
        let result = run_with_stop(&options, &stop, &mut |_| {}).unwrap();
        timer.join().unwrap();
        assert!(clock.elapsed().as_secs_f64() < 2.0, "{:?}", clock.elapsed());
        assert!(result.stopped && !result.standard);
        assert!(result.lines.is_empty(), "the search cut short is left out");
    }

    /// The signature: if this fails, search behaviour changed. If that was the intent,
    /// record the new total in `SIGNATURE` and say why in the commit message.
    #[test]
    fn bench_signature_is_unchanged() {
        let result = run(&BenchOptions::default(), &mut |line| {
            eprintln!(
                "{:>13} {:>18} {:>48} {:>10} nodes {:>7.3} s",
                line.game, line.position, line.search, line.nodes, line.seconds
            )
        })
        .expect("the built-in positions are valid");
        let positions: usize = GameId::ALL
            .iter()
            .map(|&g| with_game!(g, G => G::BENCH_POSITIONS.len()))
            .sum();
        assert_eq!(result.lines.len(), 3 * positions);
        assert!(result.lines.iter().all(|l| l.nodes > 0));
        assert!(result.standard);
        assert_eq!(
            result.games.iter().map(|g| g.nodes).sum::<u64>(),
            result.nodes,
            "the per-game subtotals add up to the total"
        );
        assert_eq!(result.nodes, SIGNATURE, "bench signature changed");
    }

    #[test]
    fn ad_hoc_runs_are_not_the_signature_and_refuse_bad_positions() {
        let text = crate::games::century::Century::BENCH_POSITIONS[4]
            .text
            .to_string();
        let options = BenchOptions {
            depth: Some(2),
            positions: vec![text.clone()],
            ..BenchOptions::default()
        };
        let result = run(&options, &mut |_| {}).expect("a valid position");
        assert!(!result.standard);
        assert_eq!(result.lines.len(), 3);
        assert_eq!(result.lines[0].search, "alphabeta depth=2 objective=win");
        let bad = BenchOptions {
            positions: vec![text, "game = \"century-golem\"\nplayers = 9\n".to_string()],
            ..BenchOptions::default()
        };
        let error = run(&bad, &mut |_| panic!("no search runs")).unwrap_err();
        assert!(error.field.starts_with("positions[1]."), "{error}");
        let unknown = BenchOptions {
            positions: vec!["game = \"chess\"".to_string()],
            ..BenchOptions::default()
        };
        let error = run(&unknown, &mut |_| {}).unwrap_err();
        assert_eq!(error.field, "positions[0].game");
    }
}
