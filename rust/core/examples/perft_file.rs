// dev: perft of a position file at depths 1..=D
use golem_core::games::century::position::read_position;
use golem_core::perft::perft;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let depth: u32 = std::env::args().nth(2).unwrap().parse().unwrap();
    let state = read_position(&std::fs::read_to_string(&path).unwrap()).unwrap();
    for d in 1..=depth {
        let t = std::time::Instant::now();
        println!(
            "{path} {d} {} ({:.2}s)",
            perft(&state, d),
            t.elapsed().as_secs_f64()
        );
    }
}
