//! Times Golem (Cranio) random playouts and perft in the engine alone, for profiling the
//! hot paths (`benches/test_golem_speed.py` measures the same through the bindings).
//!
//! ```sh
//! cargo run --release -p golem-core --example golem_speed -- [GAMES] [PERFT.toml DEPTH]
//! BY_DECISION=1 cargo run --release -p golem-core --example golem_speed -- 1000
//! ```
//!
//! GAMES (default 300) random 2-player games with hidden decks from seed 3, the playouts
//! of the bench; then perft of the position file at DEPTH. `BY_DECISION=1` also plays the
//! games step by step and prints, per decision kind (ops and menus by name, chance events
//! by kind), how often it came, the time spent listing and applying, and the options.

use std::collections::BTreeMap;
use std::time::Instant;

use golem_core::game::Turn;
use golem_core::games::golem_cranio::components::Components;
use golem_core::games::golem_cranio::flow::Decision;
use golem_core::games::golem_cranio::ops::current_op;
use golem_core::games::golem_cranio::position::read_position;
use golem_core::games::golem_cranio::setup::{new_game_seeded, NewGame};
use golem_core::games::golem_cranio::state::State;
use golem_core::playout::random_playout;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let games: u64 = args.first().map_or(300, |g| g.parse().expect("GAMES"));
    if games > 0 {
        let start = start();
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

/// The bench's start: 2 players, seed 3, hidden decks.
fn start() -> State {
    let options = NewGame {
        hide_decks: true,
        ..NewGame::default()
    };
    new_game_seeded(Components::builtin(), 2, 3, options)
}

/// The decision's kind, ops and menus by name and chance events by kind.
fn kind(s: &State) -> String {
    match s.decision() {
        Decision::Chance => format!("Chance:{:?}", s.chance),
        d @ (Decision::Op | Decision::Menu) => {
            let name = current_op(s)
                .map(|(op, _)| format!("{op:?}"))
                .or_else(|| s.stack.top().map(|f| format!("{:?}", f.list.kind)))
                .unwrap_or_default();
            format!("{d:?}:{}", name.split([' ', '{', '(']).next().unwrap_or(""))
        }
        d => format!("{d:?}"),
    }
}

/// Time spent listing and applying, per decision kind, over random playouts.
fn by_decision(games: u64) {
    let start = start();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // kind -> (count, seconds listing, seconds applying, options)
    let mut table: BTreeMap<String, (u64, f64, f64, u64)> = BTreeMap::new();
    for _ in 0..games {
        let mut s = start;
        loop {
            let kind = kind(&s);
            let clock = Instant::now();
            let (action, options) = match s.turn() {
                Turn::Terminal => break,
                Turn::Chance => (Some(s.sample_chance(&mut rng)), 1),
                Turn::Player(_) => {
                    let legal = s.legal();
                    let pick = (!legal.is_empty()).then(|| legal[rng.random_range(0..legal.len())]);
                    (pick, legal.len() as u64)
                }
            };
            let listed = clock.elapsed().as_secs_f64();
            let Some(action) = action else { break };
            let clock = Instant::now();
            s.apply(action);
            let applied = clock.elapsed().as_secs_f64();
            let row = table.entry(kind).or_default();
            row.0 += 1;
            row.1 += listed;
            row.2 += applied;
            row.3 += options;
        }
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
