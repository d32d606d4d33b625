// Times one alpha-beta search (margin objective) for tuning. Usage:
// cargo run --release --example abtime -- POSITION.toml DEPTH [SAMPLES]
use golem_core::games::century::position::read_position;
use golem_core::search::alphabeta::{search, AlphaBetaConfig};
use golem_core::search::objective::Objective;
use golem_core::search::{Limits, StopFlag};
use golem_core::Game;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let state = read_position(&std::fs::read_to_string(&args[0]).unwrap()).unwrap();
    let depth: u32 = args[1].parse().unwrap();
    let samples: Option<u32> = args.get(2).map(|s| s.parse().unwrap()).filter(|&k| k > 0);
    let config = AlphaBetaConfig {
        objective: Objective::Margin,
        hash_mb: 16,
        use_tt: true,
        chance_samples: samples,
        ..AlphaBetaConfig::default()
    };
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let r = search(&state, limits, &config, &StopFlag::new(), &mut |_| {});
    println!(
        "depth {} nodes {} seconds {:.3} nodes/s {:.0} best {}",
        r.depth,
        r.nodes,
        r.seconds,
        r.nodes as f64 / r.seconds,
        state.action_to_text(r.best.unwrap())
    );
}
