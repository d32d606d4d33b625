//! Times Golem (Cranio) random playouts and perft in the engine alone, for profiling the
//! hot paths (`benches/test_golem_speed.py` measures the same through the bindings).
//!
//! ```sh
//! cargo run --release -p golem-core --example golem_speed -- [GAMES] [PERFT.toml DEPTH]
//! ```

use std::time::Instant;

use golem_core::games::golem_cranio::components::Components;
use golem_core::games::golem_cranio::position::read_position;
use golem_core::games::golem_cranio::setup::{new_game_seeded, NewGame};
use golem_core::games::golem_cranio::state::State;
use golem_core::playout::random_playout;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().map_or(300, |g| g.parse().expect("GAMES"));
    if games > 0 {
        let start = new_game_seeded(
            Components::builtin(),
            2,
            3,
            NewGame {
                hide_decks: true,
                ..NewGame::default()
            },
        );
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
        let clock = Instant::now();
        let plies: u64 = (0..games)
            .map(|_| random_playout(&mut start.clone(), &mut rng, &mut actions, &mut outcomes))
            .sum();
        let seconds = clock.elapsed().as_secs_f64();
        println!(
            "playouts: {games} games, {plies} plies, {seconds:.3} s, {:.0} plies/s",
            plies as f64 / seconds
        );
    }
    if std::env::var_os("BY_DECISION").is_some() {
        by_decision(games.max(1));
    }
    if let (Some(path), Some(depth)) = (args.get(1), args.get(2)) {
        let state: State =
            read_position(&std::fs::read_to_string(path).expect("read")).expect("position");
        let depth: u32 = depth.parse().expect("DEPTH");
        let clock = Instant::now();
        let leaves = golem_core::perft::perft(&state, depth);
        let seconds = clock.elapsed().as_secs_f64();
        println!(
            "perft {depth}: {leaves} leaves, {seconds:.3} s, {:.0} leaves/s",
            leaves as f64 / seconds
        );
    }
}

/// Time spent listing and applying, per decision kind, over random playouts.
fn by_decision(games: u64) {
    use golem_core::game::Turn;
    use rand::Rng;
    use std::collections::BTreeMap;
    let start = new_game_seeded(
        Components::builtin(),
        2,
        3,
        NewGame {
            hide_decks: true,
            ..NewGame::default()
        },
    );
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut table: BTreeMap<String, (u64, f64, f64, u64)> = BTreeMap::new();
    let mut merged: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    for _ in 0..games {
        let mut s = start;
        loop {
            let mut kind = format!("{:?}", s.decision());
            if kind == "Chance" {
                kind = format!("Chance:{:?}", s.chance);
            }
            if kind == "Op" || kind == "Menu" {
                let top = s.stack.top().map(|f| format!("{:?}", f.list.kind));
                let op = golem_core::games::golem_cranio::ops::current_op(&s)
                    .map(|(op, _)| format!("{op:?}"));
                let name = op.or(top).unwrap_or_default();
                kind = format!("{kind}:{}", name.split([' ', '{', '(']).next().unwrap());
            }
            let clock = Instant::now();
            let action = match s.turn() {
                Turn::Terminal => break,
                Turn::Chance => Some(s.sample_chance(&mut rng)),
                Turn::Player(_) => {
                    let legal = s.legal();
                    (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())])
                }
            };
            let listed = clock.elapsed().as_secs_f64();
            let Some(action) = action else { break };
            let n = s.legal().len() as u64;
            if std::env::var_os("MERGES").is_some() && kind.starts_with("Op") {
                let raw = s.op_options().len();
                if raw != n as usize {
                    *merged.entry(kind.clone()).or_insert((0, 0)) = {
                        let e = merged.get(&kind).copied().unwrap_or((0, 0));
                        (e.0 + raw, e.1 + n as usize)
                    };
                }
            }
            let clock = Instant::now();
            s.apply(action);
            let applied = clock.elapsed().as_secs_f64();
            let e = table.entry(kind).or_default();
            e.0 += 1;
            e.1 += listed;
            e.2 += applied;
            e.3 += n;
        }
    }
    for (kind, (raw, kept)) in &merged {
        println!("merged {kind}: {raw} options -> {kept}");
    }
    let total: f64 = table.values().map(|e| e.1 + e.2).sum();
    for (kind, (count, listed, applied, options)) in &table {
        println!(
            "{kind:<28} {count:>7} list {:>7.2} us apply {:>7.2} us options {:>5.1} share {:>5.1}%",
            listed / *count as f64 * 1e6,
            applied / *count as f64 * 1e6,
            *options as f64 / *count as f64,
            (listed + applied) / total * 100.0
        );
    }
}
