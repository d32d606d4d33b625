// dev: perft speed on fresh games
use golem_core::games::century::Century;
use golem_core::perft::perft;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::time::Instant;
fn main() {
    let depth: u32 = std::env::args()
        .nth(1)
        .map(|s| s.parse().unwrap())
        .unwrap_or(3);
    for players in [2, 4] {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let state = Century::new_game(players, &mut rng);
        let t = Instant::now();
        let n = perft(&state, depth);
        let s = t.elapsed().as_secs_f64();
        println!(
            "players {players} depth {depth}: {n} leaves in {s:.3}s = {:.2} M/s",
            n as f64 / s / 1e6
        );
    }
}
