//! Measures the Golem (Cranio) greedy policy (`games/golem_cranio/greedy.rs`): greedy
//! against random play and against greedy with the plain score as its evaluation, at 2, 3
//! and 4 players, the tested seat rotated over the games; prints a Markdown table with the
//! win rate (95% Wilson interval), the mean final scores and greedy's decisions per second.
//!
//! ```sh
//! cargo run --release -p golem-core --example golem_greedy -- --games 100 --seed 1 \
//!     [--players 2,3,4] [--threads 2] [--calibrate-games 40] \
//!     [--variant worth_per_round=0.1 standing=0.3 ...]
//! ```
//!
//! A second table checks the evaluation: in greedy self-play (`--calibrate-games` games
//! per player count, 0 to skip), at each round's first turn, the mean of `heuristic_score`
//! less the seat's final score, and how well `heuristic_score` and the plain current score
//! correlate with the final score (Pearson, over seats and games).
//!
//! `--variant name=value ...` (fields of `eval::Weights`) instead plays greedy with those
//! weights against greedy with the defaults, paired: game i is seed `seed + i / players`
//! with the variant in seat `i mod players`, so every deal is played from every seat;
//! identical weights give exactly 0 VP and an even share.
//!
//! Game i of a row starts from `new_game_seeded(players, seed + i)` (full setup, decks
//! known to the engine, chance drawn from a per-game RNG); the tested greedy sits in seat
//! `i mod players`, every other seat plays the row's opponent. A win is `winner()` (ties
//! broken by the round-4 turn order, spec §8).

use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

use golem_core::game::Turn;
use golem_core::games::golem_cranio::components::Components;
use golem_core::games::golem_cranio::eval::{heuristic_score_at, heuristic_score_with, Weights};
use golem_core::games::golem_cranio::greedy::{greedy_action_with, plain_score, Eval};
use golem_core::games::golem_cranio::setup::{new_game_seeded, NewGame};
use golem_core::games::golem_cranio::state::{Phase, State};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

struct Options {
    games: u64,
    seed: u64,
    players: Vec<usize>,
    threads: usize,
    calibrate: u64,
    variant: Vec<(String, f64)>,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        games: 100,
        seed: 1,
        players: vec![2, 3, 4],
        threads: 2,
        calibrate: 40,
        variant: Vec::new(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--games" => o.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--seed" => o.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--calibrate-games" => {
                o.calibrate = value()?
                    .parse()
                    .map_err(|e| format!("--calibrate-games: {e}"))?
            }
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
            "--variant" => {
                // Every following `name=value`.
                for kv in args.by_ref() {
                    let (k, v) = kv
                        .split_once('=')
                        .ok_or(format!("--variant: '{kv}' is not name=value"))?;
                    let v: f64 = v.parse().map_err(|e| format!("--variant: {k}: {e}"))?;
                    o.variant.push((k.to_string(), v));
                }
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

/// The weights of `--variant`, for [`variant_score`] (an `Eval` is a plain function).
static VARIANT: OnceLock<Weights> = OnceLock::new();

fn variant_score(s: &State, seat: usize, clock: &State) -> f64 {
    heuristic_score_with(s, seat, clock, VARIANT.get().expect("variant weights"))
}

/// The default weights with `changes` applied.
fn weights(changes: &[(String, f64)]) -> Result<Weights, String> {
    let mut w = Weights::DEFAULT;
    for (k, v) in changes {
        let field = match k.as_str() {
            "worth_end" => &mut w.worth_end,
            "worth_per_round" => &mut w.worth_per_round,
            "action" => &mut w.action,
            "standing" => &mut w.standing,
            "lying" => &mut w.lying,
            "later_control" => &mut w.later_control,
            "cauldron" => &mut w.cauldron,
            "cauldron_prior" => &mut w.cauldron_prior,
            "objective" => &mut w.objective,
            "menorah" => &mut w.menorah,
            "growth" => &mut w.growth,
            "match_one" => &mut w.match_one,
            "study_potential" => &mut w.study_potential,
            "step" => &mut w.step,
            "track" => &mut w.track,
            "create" => &mut w.create,
            "kill" => &mut w.kill,
            "activate" => &mut w.activate,
            "move_step" => &mut w.move_step,
            "upgrade" => &mut w.upgrade,
            "book" => &mut w.book,
            "book_active" => &mut w.book_active,
            "artifact" => &mut w.artifact,
            "draw" => &mut w.draw,
            "use_neighborhood" => &mut w.use_neighborhood,
            "no_control" => &mut w.no_control,
            other => return Err(format!("--variant: '{other}' is not a weight")),
        };
        *field = *v;
    }
    Ok(w)
}

/// Plays game `seed` with the tested seat's greedy under `tested_eval`.
fn play(
    players: usize,
    seed: u64,
    tested: usize,
    tested_eval: Eval,
    opponent: Opponent,
) -> Outcome {
    let comp = Components::builtin();
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut s = new_game_seeded(comp, players, seed, NewGame::default());
    let (mut decisions, mut thinking) = (0, Duration::ZERO);
    while s.phase != Phase::Over {
        let a = match s.turn() {
            Turn::Chance => s.sample_chance(&mut rng),
            Turn::Player(seat) => {
                let eval = match opponent {
                    _ if seat == tested => Some(tested_eval),
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

/// Plays `o.games` games at `players` on `o.threads` threads. Game i: seed `o.seed + i`,
/// or `o.seed + i / players` when `paired` (every deal from every seat); the tested seat
/// is `i mod players`.
fn games(
    o: &Options,
    players: usize,
    tested_eval: Eval,
    opponent: Opponent,
    paired: bool,
) -> Vec<Outcome> {
    in_parallel(o.threads, o.games, |i| {
        let tested = (i % players as u64) as usize;
        let seed = o.seed + if paired { i / players as u64 } else { i };
        vec![play(players, seed, tested, tested_eval, opponent)]
    })
}

/// `job(0) .. job(count - 1)` on `threads` threads, each taking the next index; the
/// results concatenated (in no fixed order).
fn in_parallel<T: Send>(threads: usize, count: u64, job: impl Fn(u64) -> Vec<T> + Sync) -> Vec<T> {
    let next = AtomicU64::new(0);
    std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= count {
                            break mine;
                        }
                        mine.extend(job(i));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a worker"))
            .collect()
    })
}

/// Wins with their interval, and the tested seat's mean lead over the others' mean with
/// its 95% half-width.
fn summary(outcomes: &[Outcome]) -> (u64, f64, f64, f64, f64) {
    let n = outcomes.len() as u64;
    let wins = outcomes.iter().filter(|x| x.won).count() as u64;
    let (lo, hi) = wilson(wins, n);
    let leads: Vec<f64> = outcomes
        .iter()
        .map(|x| x.tested_score as f64 - x.others_mean)
        .collect();
    let mean = leads.iter().sum::<f64>() / n as f64;
    let var = leads.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / (n as f64 - 1.0).max(1.0);
    (wins, lo, hi, mean, 1.96 * (var / n as f64).sqrt())
}

fn row(o: &Options, players: usize, name: &str, opponent: Opponent) -> String {
    let outcomes = games(o, players, heuristic_score_at, opponent, false);
    let n = outcomes.len() as u64;
    let (wins, lo, hi, _, _) = summary(&outcomes);
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

/// `--variant`: greedy with the variant weights against greedy with the defaults.
fn variant_rows(o: &Options) {
    let text: Vec<String> = o.variant.iter().map(|(k, v)| format!("{k}={v}")).collect();
    println!("variant: {}", text.join(" "));
    println!("| players | games | variant wins [95%] | even share | variant lead over the others, VP [95%] |");
    println!("|---|---|---|---|---|");
    for &players in &o.players {
        let outcomes = games(
            o,
            players,
            variant_score,
            Opponent::Greedy(heuristic_score_at),
            true,
        );
        let (wins, lo, hi, lead, half) = summary(&outcomes);
        println!(
            "| {players} | {} | {:.1}% [{:.0}, {:.0}] | {:.0}% | {lead:+.2} ± {half:.2} |",
            outcomes.len(),
            100.0 * wins as f64 / outcomes.len() as f64,
            100.0 * lo,
            100.0 * hi,
            100.0 / players as f64,
        );
    }
}

/// Pearson correlation of `(x, y)` pairs.
fn correlation(pairs: &[(f64, f64)]) -> f64 {
    let n = pairs.len() as f64;
    let (mx, my) = (
        pairs.iter().map(|p| p.0).sum::<f64>() / n,
        pairs.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let cov: f64 = pairs.iter().map(|p| (p.0 - mx) * (p.1 - my)).sum();
    let vx: f64 = pairs.iter().map(|p| (p.0 - mx).powi(2)).sum();
    let vy: f64 = pairs.iter().map(|p| (p.1 - my).powi(2)).sum();
    cov / (vx * vy).sqrt()
}

/// Greedy self-play: per round, (estimate, current score, final score) of every seat at
/// the round's first turn.
fn calibration_game(players: usize, seed: u64) -> Vec<(usize, f64, f64, f64)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15));
    let mut s = new_game_seeded(Components::builtin(), players, seed, NewGame::default());
    let mut seen = Vec::new();
    let mut round = 0;
    while s.phase != Phase::Over {
        if s.phase == Phase::Actions && s.round != round {
            round = s.round;
            for seat in 0..players {
                let h = heuristic_score_at(&s, seat, &s);
                seen.push((round as usize, seat, h, s.final_score(seat) as f64));
            }
        }
        let a = match s.turn() {
            Turn::Chance => s.sample_chance(&mut rng),
            _ => greedy_action_with(&s, &mut rng, heuristic_score_at),
        };
        s.apply(a);
    }
    seen.into_iter()
        .map(|(r, seat, h, now)| (r, h, now, s.final_score(seat) as f64))
        .collect()
}

fn calibration(o: &Options) {
    println!();
    println!("| players | round | estimate − final (mean) | corr(estimate, final) | corr(score now, final) |");
    println!("|---|---|---|---|---|");
    for &players in &o.players {
        let rows: Vec<(usize, f64, f64, f64)> = in_parallel(o.threads, o.calibrate, |i| {
            calibration_game(players, o.seed + i)
        });
        for round in 1..=4 {
            let r: Vec<_> = rows.iter().filter(|x| x.0 == round).collect();
            let bias = r.iter().map(|x| x.1 - x.3).sum::<f64>() / r.len() as f64;
            let h: Vec<(f64, f64)> = r.iter().map(|x| (x.1, x.3)).collect();
            let now: Vec<(f64, f64)> = r.iter().map(|x| (x.2, x.3)).collect();
            println!(
                "| {players} | {round} | {bias:+.1} | {:.2} | {:.2} |",
                correlation(&h),
                correlation(&now)
            );
        }
    }
}

fn main() -> ExitCode {
    let o = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::FAILURE;
        }
    };
    if !o.variant.is_empty() {
        match weights(&o.variant) {
            Ok(w) => {
                VARIANT.set(w).expect("set once");
                variant_rows(&o);
                return ExitCode::SUCCESS;
            }
            Err(e) => {
                eprintln!("error: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
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
    if o.calibrate > 0 {
        calibration(&o);
    }
    ExitCode::SUCCESS
}
