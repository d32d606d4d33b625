//! Seeded random games of Golem (Cranio) played by the engine, written as JSON lines for
//! the differential test against the Python reference model
//! (`tests/test_golem_differential.py`).
//!
//! ```sh
//! cargo run -p golem-core --example golem_trace -- --games 20 --players 2 --seed 1 \
//!     --max-plies 400 [--intro] [--hidden] [START.toml ...]
//! ```
//!
//! One line per game: `{"game", "players", "seed", "intro", "hidden", "start", "steps",
//! "over", "scores"}` where `start` is the start position's TOML text (`write_position`
//! of `new_game_seeded(players, seed + game)`, or the text of the files given, one game
//! each, in turn), `steps` lists `{"chance": outcome}` (an outcome drawn with
//! `sample_chance`) or `{"legal": [texts in listing order], "chosen": text}`, and
//! `scores` the final scores of §8 by seat (the current tally when `over` is false,
//! i.e. the game stopped at `--max-plies` decisions or at an unbuilt decision).
//! `--players 0` cycles 1-4 players over the games. An engine panic ends the game's
//! steps with `{"panic": message}` (its `apply` or `legal` panicked there).
//!
//! `--perft D --phase NAME` instead plays each game at random up to its first state at
//! rest in phase NAME (`draft`, `start`, `place`, `movement`, `actions`, ...) and writes
//! `{"game", "players", "seed", "start", "perft": [perft(1), ..., perft(D)]}` with `start`
//! that state's TOML text: perft of §10 over the engine's `legal`, `apply` and
//! `chance_outcomes` (chance uses no ply; `golem_cranio::perft`).
//!
//! `--perft D FILE...` without `--phase` counts each file's own position instead, one
//! line per file: `{"file", "perft": [perft(1), ...], "seconds": [...]}`, ending the list at
//! a depth whose count would pass `--max-leaves N` (given up, not finished); with
//! `--divide` it writes `{"file", "depth": D, "divide": [[text, leaves], ...]}` (§10
//! `perft --divide`). The perft table of tests/perft/golem-cranio is counted this way.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::process::ExitCode;
use std::time::Instant;

use golem_core::games::golem_cranio::action::Action;
use golem_core::games::golem_cranio::components::Components;
use golem_core::games::golem_cranio::perft::{perft, perft_capped, perft_divide};
use golem_core::games::golem_cranio::position::{is_at_rest, read_position, write_position};
use golem_core::games::golem_cranio::setup::{new_game_seeded, NewGame};
use golem_core::games::golem_cranio::state::{Phase, State};
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

struct Options {
    games: u64,
    players: usize,
    seed: u64,
    max_plies: usize,
    intro: bool,
    hidden: bool,
    starts: Vec<String>,
    perft: u32,
    phase: Option<String>,
    max_leaves: u64,
    divide: bool,
}

fn options() -> Result<Options, String> {
    let mut o = Options {
        games: 10,
        players: 2,
        seed: 0,
        max_plies: 2000,
        intro: false,
        hidden: false,
        starts: Vec::new(),
        perft: 0,
        phase: None,
        max_leaves: u64::MAX,
        divide: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let mut value = || args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--games" => o.games = value()?.parse().map_err(|e| format!("--games: {e}"))?,
            "--players" => o.players = value()?.parse().map_err(|e| format!("--players: {e}"))?,
            "--seed" => o.seed = value()?.parse().map_err(|e| format!("--seed: {e}"))?,
            "--max-plies" => {
                o.max_plies = value()?.parse().map_err(|e| format!("--max-plies: {e}"))?
            }
            "--perft" => o.perft = value()?.parse().map_err(|e| format!("--perft: {e}"))?,
            "--phase" => o.phase = Some(value()?),
            "--max-leaves" => {
                o.max_leaves = value()?.parse().map_err(|e| format!("--max-leaves: {e}"))?
            }
            "--divide" => o.divide = true,
            "--intro" => o.intro = true,
            "--hidden" => o.hidden = true,
            f if f.starts_with("--") => return Err(format!("unknown argument {f}")),
            path => o.starts.push(path.to_string()),
        }
    }
    if o.players > 4 {
        return Err("--players: 0 (cycle 1-4) or 1-4".into());
    }
    Ok(o)
}

fn panic_text(e: Box<dyn std::any::Any + Send>) -> String {
    e.downcast_ref::<&str>()
        .map(|m| m.to_string())
        .or_else(|| e.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "panic".to_string())
}

/// Applies `action`, turning an engine panic into its message (the trace then ends with a
/// `{"panic": message}` step, so that the test names the game and step).
fn apply_caught(s: &mut State, action: Action) -> Result<(), String> {
    let mut child = *s;
    catch_unwind(AssertUnwindSafe(|| child.apply(action))).map_err(panic_text)?;
    *s = child;
    Ok(())
}

fn play(mut s: State, game: u64, o: &Options, rng: &mut ChaCha8Rng) -> Result<Value, String> {
    let start = write_position(&s).map_err(|e| format!("game {game}: {e}"))?;
    let mut steps = Vec::new();
    let mut plies = 0;
    while plies < o.max_plies {
        if s.turn() == golem_core::game::Turn::Chance {
            let outcome = s.sample_chance(rng);
            steps.push(json!({ "chance": outcome.to_text() }));
            if let Err(message) = apply_caught(&mut s, outcome) {
                steps.push(json!({ "panic": message }));
                break;
            }
            continue;
        }
        let legal = match catch_unwind(AssertUnwindSafe(|| s.legal())) {
            Ok(legal) => legal,
            Err(e) => {
                steps.push(json!({ "panic": panic_text(e) }));
                break;
            }
        };
        if legal.is_empty() {
            break;
        }
        let chosen = *legal.choose(rng).expect("a legal action");
        let texts: Vec<String> = legal.iter().map(|a| a.to_text()).collect();
        steps.push(json!({ "legal": texts, "chosen": chosen.to_text() }));
        if let Err(message) = apply_caught(&mut s, chosen) {
            steps.push(json!({ "panic": message }));
            break;
        }
        plies += 1;
    }
    let n = s.num_players as usize;
    let scores: Vec<i32> = (0..n).map(|seat| s.final_score(seat)).collect();
    Ok(json!({
        "game": game,
        "players": n,
        "intro": o.intro,
        "hidden": o.hidden,
        "start": start,
        "steps": steps,
        "over": s.phase == Phase::Over,
        "stopped_at": s.unimplemented(),
        "scores": scores,
    }))
}

/// Plays at random to the first state at rest in phase `o.phase`, then counts perft.
fn perft_line(
    mut s: State,
    game: u64,
    phase: &str,
    o: &Options,
    rng: &mut ChaCha8Rng,
) -> Option<Value> {
    for _ in 0..o.max_plies {
        if s.turn() == golem_core::game::Turn::Chance {
            let outcome = s.sample_chance(rng);
            s.apply(outcome);
            continue;
        }
        if s.phase.name() == phase && is_at_rest(&s) {
            let start = write_position(&s).ok()?;
            let counts: Vec<u64> = (1..=o.perft).map(|d| perft(&s, d)).collect();
            return Some(json!({
                "game": game,
                "players": s.num_players,
                "start": start,
                "perft": counts,
            }));
        }
        let legal = s.legal();
        let chosen = *legal.choose(rng)?;
        s.apply(chosen);
    }
    None
}

/// perft of the position in `path` itself: depths 1..=D (a depth above `--max-leaves`
/// is not finished, and ends the list), or the divide at depth D.
fn perft_file(path: &str, o: &Options) -> Result<Value, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let s = read_position(&text).map_err(|e| format!("{path}: {e}"))?;
    if o.divide {
        let rows: Vec<Value> = perft_divide(&s, o.perft)
            .into_iter()
            .map(|(a, n)| json!([a.to_text(), n]))
            .collect();
        return Ok(json!({ "file": path, "depth": o.perft, "divide": rows }));
    }
    let mut counts = Vec::new();
    let mut seconds = Vec::new();
    for depth in 1..=o.perft {
        let start = Instant::now();
        let leaves = perft_capped(&s, depth, o.max_leaves);
        seconds.push(start.elapsed().as_secs_f64());
        match leaves {
            Some(leaves) => counts.push(leaves),
            None => break,
        }
    }
    Ok(json!({ "file": path, "perft": counts, "seconds": seconds }))
}

fn run(o: &Options) -> Result<(), String> {
    if o.perft > 0 && o.phase.is_none() && !o.starts.is_empty() {
        for path in &o.starts {
            println!("{}", perft_file(path, o)?);
        }
        return Ok(());
    }
    let phase = o.phase.as_deref().unwrap_or("draft");
    let comp = Components::builtin();
    let mut rng = ChaCha8Rng::seed_from_u64(o.seed);
    for game in 0..o.games {
        let s = if o.starts.is_empty() {
            let players = if o.players == 0 {
                1 + (game % 4) as usize
            } else {
                o.players
            };
            let options = NewGame {
                intro: o.intro,
                hide_decks: o.hidden,
            };
            new_game_seeded(comp, players, o.seed.wrapping_add(game), options)
        } else {
            let path = &o.starts[game as usize % o.starts.len()];
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            read_position(&text).map_err(|e| format!("{path}: {e}"))?
        };
        if o.perft > 0 {
            if let Some(mut line) = perft_line(s, game, phase, o, &mut rng) {
                line["seed"] = json!(o.seed.wrapping_add(game));
                println!("{line}");
            }
            continue;
        }
        let mut line = play(s, game, o, &mut rng)?;
        line["seed"] = json!(o.seed.wrapping_add(game));
        println!("{line}");
    }
    Ok(())
}

fn main() -> ExitCode {
    match options().and_then(|o| run(&o)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("golem_trace: {e}");
            ExitCode::FAILURE
        }
    }
}
