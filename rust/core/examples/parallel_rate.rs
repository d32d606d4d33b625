//! Search rates with one thread and with several, on each game's bench positions
//! (docs/strength.md, "Every core"): ISMCTS iterations per second, the threads keeping
//! their own trees (`parallel=root`) or sharing one (`parallel=tree`); then alpha-beta
//! (root moves shared out) nodes per second, the depth completed in the same time, and
//! the time to complete one thread's depth.
//!
//! `cargo run --release --example parallel_rate -- [MS_PER_SEARCH] [THREADS]` (1000, 2)

use std::time::Duration;

use golem_core::games::GameId;
use golem_core::search::alphabeta::{self, AlphaBetaConfig};
use golem_core::search::ismcts::{self, IsmctsConfig, Parallel};
use golem_core::search::objective::Objective;
use golem_core::search::{Limits, StopFlag};
use golem_core::{with_game, Game, Turn};

fn rate<G: Game>(root: &G, ms: u64, threads: usize, parallel: Parallel) -> (f64, u64) {
    let limits = Limits {
        movetime: Some(Duration::from_millis(ms)),
        ..Limits::default()
    };
    let config = IsmctsConfig {
        threads,
        parallel,
        seed: 1,
        ..IsmctsConfig::default()
    };
    let result = ismcts::search(root, limits, &config, &StopFlag::new(), &mut |_| {});
    (result.iterations as f64 / result.seconds, result.tree_size)
}

/// Nodes per second and the depth completed within `ms`; or, with `depth`, the seconds
/// to complete that depth.
fn alphabeta_rate<G: Game>(root: &G, ms: u64, threads: usize, depth: Option<u32>) -> (f64, u32) {
    let limits = match depth {
        None => Limits {
            movetime: Some(Duration::from_millis(ms)),
            ..Limits::default()
        },
        Some(d) => Limits {
            depth: Some(d),
            ..Limits::default()
        },
    };
    let config = AlphaBetaConfig {
        objective: Objective::Margin,
        hash_mb: 64,
        threads,
        ..AlphaBetaConfig::default()
    };
    let result = alphabeta::search(root, limits, &config, &StopFlag::new(), &mut |_| {});
    match depth {
        None => (result.nodes as f64 / result.seconds, result.depth),
        Some(_) => (result.seconds, result.depth),
    }
}

fn alphabeta_positions<G: Game>(ms: u64, threads: usize) {
    for position in G::BENCH_POSITIONS {
        let root = G::from_text(position.text).expect("a bench position reads");
        if !matches!(root.turn(), Turn::Player(_)) {
            continue;
        }
        let (one, one_depth) = alphabeta_rate(&root, ms, 1, None);
        let (many, many_depth) = alphabeta_rate(&root, ms, threads, None);
        // The time to complete the depth one thread completed.
        let (one_time, _) = alphabeta_rate(&root, ms, 1, Some(one_depth));
        let (many_time, _) = alphabeta_rate(&root, ms, threads, Some(one_depth));
        println!(
            "| {} | {} | {:.2} M, depth {one_depth} | {:.2} M, depth {many_depth}, {:.2}x | {:.2} s | {:.2} s, {:.2}x |",
            G::INFO.name,
            position.name,
            one / 1e6,
            many / 1e6,
            many / one,
            one_time,
            many_time,
            one_time / many_time,
        );
    }
}

fn positions<G: Game>(ms: u64, threads: usize) {
    for position in G::BENCH_POSITIONS {
        let root = G::from_text(position.text).expect("a bench position reads");
        if !matches!(root.turn(), Turn::Player(_)) {
            continue;
        }
        let (one, one_size) = rate(&root, ms, 1, Parallel::Root);
        let (tree, tree_size) = rate(&root, ms, threads, Parallel::Tree);
        let (own, own_size) = rate(&root, ms, threads, Parallel::Root);
        println!(
            "| {} | {} | {:.0} ({one_size}) | {:.0} ({tree_size}), {:.2}x | {:.0} ({own_size}), {:.2}x |",
            G::INFO.name,
            position.name,
            one,
            tree,
            tree / one,
            own,
            own / one,
        );
    }
}

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("a number"))
        .collect();
    let ms = args.first().copied().unwrap_or(1000);
    let threads = args.get(1).copied().unwrap_or(2) as usize;
    println!(
        "| game | position | ISMCTS, 1 thread: iterations/s (tree nodes) | {threads} threads, one tree | {threads} threads, own trees |"
    );
    println!("| --- | --- | ---: | ---: | ---: |");
    for &id in GameId::ALL {
        with_game!(id, G => positions::<G>(ms, threads));
    }
    println!();
    println!(
        "| game | position | alpha-beta, 1 thread: nodes/s | {threads} threads | time to that depth, 1 thread | {threads} threads, speed-up |"
    );
    println!("| --- | --- | ---: | ---: | ---: | ---: |");
    for &id in GameId::ALL {
        with_game!(id, G => alphabeta_positions::<G>(ms, threads));
    }
}
