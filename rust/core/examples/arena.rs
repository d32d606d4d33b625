// A quick native arena for tuning (no Python build needed); `golem-solve arena` is the
// real command. Usage (GAME defaults to Century):
// cargo run --release --example arena -- [GAME] GAMES PLAYERS SEED THREADS BOT BOT [BOT...]
use golem_core::arena::{self, ArenaConfig};
use golem_core::bots::{self, Policies};
use golem_core::games::GameId;
use golem_core::search::StopFlag;
use golem_core::with_game;

const USAGE: &str = "usage: arena [GAME] GAMES PLAYERS SEED THREADS BOT BOT [BOT...]";

/// One line on stderr and exit status 2, the project's answer to bad input.
fn fail(message: &str) -> ! {
    eprintln!("error: {message}\n{USAGE}");
    std::process::exit(2)
}

fn play<G: Policies>(config: &ArenaConfig, specs: &[String]) {
    let bots: Vec<_> = specs
        .iter()
        .map(|s| bots::parse::<G>(s).unwrap_or_else(|e| fail(&format!("{s}: {e}"))))
        .collect();
    let start = std::time::Instant::now();
    let report = arena::run(&bots, config, &StopFlag::new(), &mut |_, _| {}).expect("arena");
    for b in &report.bots {
        let (low, high) = b.interval();
        println!(
            "{:<60} games {:>4} wins {:>4} {:>5.1}% ({:.1}-{:.1}%) score {:>5.1} plies {:>5.1}",
            b.name,
            b.games,
            b.wins,
            100.0 * b.win_rate(),
            100.0 * low,
            100.0 * high,
            b.mean_score(),
            b.mean_plies()
        );
    }
    println!(
        "unfinished {} seconds {:.1}",
        report.unfinished(),
        start.elapsed().as_secs_f64()
    );
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let id = match args.first().map(|a| a.parse::<u64>()) {
        Some(Err(_)) => GameId::from_name(&args.remove(0)).unwrap_or_else(|e| fail(&e.to_string())),
        _ => GameId::DEFAULT,
    };
    if args.len() < 6 {
        fail("too few arguments");
    }
    let names = ["GAMES", "PLAYERS", "SEED", "THREADS"];
    let number = |i: usize| {
        args[i]
            .parse::<u64>()
            .unwrap_or_else(|_| fail(&format!("{}: '{}' is not a number", names[i], args[i])))
    };
    let config = ArenaConfig {
        games: number(0) as u32,
        players: number(1) as usize,
        seed: number(2),
        threads: number(3) as usize,
        ..ArenaConfig::default()
    };
    with_game!(id, G => play::<G>(&config, &args[4..]));
}
