//! Measures the Golem (Cranio) greedy policy (`games/golem_cranio/greedy.rs`): greedy
//! against random play and against greedy with the plain score as its evaluation, at 2, 3
//! and 4 players, the tested seat rotated over the games; prints a Markdown table with the
//! win rate (95% Wilson interval), the mean final scores and greedy's decisions per second.
//!
//! ```sh
//! cargo run --release -p golem-core --example golem_greedy -- --games 100 --seed 1 \
//!     [--players 2,3,4] [--threads 2]
//! ```
//!
//! Game i of a row starts from `new_game_seeded(players, seed + i)` (full setup, decks
//! known to the engine, chance drawn from a per-game RNG); the tested greedy sits in seat
//! `i mod players`, every other seat plays the row's opponent. A win is `winner()` (ties
//! broken by the round-4 turn order, spec §8).

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use golem_core::game::Turn;
use golem_core::games::golem_cranio::components::Components;
use golem_core::games::golem_cranio::eval::heuristic_score_at;
use golem_core::games::golem_cranio::greedy::{greedy_action_with, plain_score, Eval};
use golem_core::games::golem_cranio::setup::{new_game_seeded, NewGame};
use golem_core::games::golem_cranio::state::Phase;
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

struct Options {
    games: u64,
    seed: u64,
    players: Vec<usize>,
    threads: usize,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        games: 100,
        seed: 1,
        players: vec![2, 3, 4],
        threads: 2,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--games" => o.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => o.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--threads" => {
                o.threads = value()?.parse().map_err(|e| format!("--threads: {e}"))?;
                if o.threads == 0 {
                    return Err("--threads: at least 1".into());
                }
            }
            "--players" => {
                o.players = value()?
                    .split(',')
                    .map(|p| match p.parse::<usize>() {
                        Ok(n) if (2..=4).contains(&n) => Ok(n),
                        _ => Err(format!("--players: '{p}' is not 2, 3 or 4")),
                    })
                    .collect::<Result<_, _>>()?
            }
            other => return Err(format!("unknown argument {other}")),
        }
    }
    Ok(o)
}

/// The opponent of a row.
#[derive(Clone, Copy)]
enum Opponent {
    Random,
    Greedy(Eval),
}

/// One game's outcome for the tested seat, with greedy's thinking time.
struct Outcome {
    won: bool,
    tested_score: i32,
    others_mean: f64,
    decisions: u64,
    thinking: Duration,
}

fn play(players: usize, seed: u64, tested: usize, opponent: Opponent) -> Outcome {
    let comp = Components::builtin();
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut s = new_game_seeded(comp, players, seed, NewGame::default());
    let (mut decisions, mut thinking) = (0, Duration::ZERO);
    while s.phase != Phase::Over {
        let a = match s.turn() {
            Turn::Chance => s.sample_chance(&mut rng),
            Turn::Player(seat) => {
                let eval = match opponent {
                    _ if seat == tested => Some(heuristic_score_at as Eval),
                    Opponent::Greedy(e) => Some(e),
                    Opponent::Random => None,
                };
                match eval {
                    Some(eval) => {
                        let start = Instant::now();
                        let a = greedy_action_with(&s, &mut rng, eval);
                        if seat == tested {
                            thinking += start.elapsed();
                            decisions += 1;
                        }
                        a
                    }
                    None => *s.legal().choose(&mut rng).expect("a legal action"),
                }
            }
            Turn::Terminal => break,
        };
        s.apply(a);
    }
    let others: Vec<i32> = (0..players)
        .filter(|&seat| seat != tested)
        .map(|seat| s.final_score(seat))
        .collect();
    Outcome {
        won: s.winner() == tested,
        tested_score: s.final_score(tested),
        others_mean: others.iter().sum::<i32>() as f64 / others.len() as f64,
        decisions,
        thinking,
    }
}

/// Wilson score interval at 95% for `wins` of `n`.
fn wilson(wins: u64, n: u64) -> (f64, f64) {
    let (n, p, z) = (n as f64, wins as f64 / n as f64, 1.96f64);
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (centre - half, centre + half)
}

fn row(o: &Options, players: usize, name: &str, opponent: Opponent) -> String {
    let next = AtomicU64::new(0);
    let outcomes: Vec<Outcome> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..o.threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= o.games {
                            break mine;
                        }
                        let tested = (i % players as u64) as usize;
                        mine.push(play(players, o.seed + i, tested, opponent));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker"))
            .collect()
    });
    let n = outcomes.len() as u64;
    let wins = outcomes.iter().filter(|x| x.won).count() as u64;
    let (lo, hi) = wilson(wins, n);
    let mean = |f: &dyn Fn(&Outcome) -> f64| outcomes.iter().map(f).sum::<f64>() / n as f64;
    let tested = mean(&|x| x.tested_score as f64);
    let others = mean(&|x| x.others_mean);
    let decisions: u64 = outcomes.iter().map(|x| x.decisions).sum();
    let seconds: f64 = outcomes.iter().map(|x| x.thinking.as_secs_f64()).sum();
    format!(
        "| {players} | {name} | {n} | {:.0}% [{:.0}, {:.0}] | {:.0}% | {tested:.1} | {others:.1} | {:.0} |",
        100.0 * wins as f64 / n as f64,
        100.0 * lo,
        100.0 * hi,
        100.0 / players as f64,
        decisions as f64 / seconds.max(1e-9),
    )
}

fn main() -> ExitCode {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "| players | greedy vs | games | greedy wins [95%] | even share | greedy mean | opponents' mean | greedy decisions/s |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for &players in &o.players {
        for (name, opponent) in [
            ("random", Opponent::Random),
            ("greedy, plain score", Opponent::Greedy(plain_score)),
        ] {
            println!("{}", row(&o, players, name, opponent));
        }
    }
    ExitCode::SUCCESS
}
