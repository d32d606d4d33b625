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
//! `--players 0` cycles 1-4 players over the games.

use std::process::ExitCode;

use golem_core::games::golem_cranio::components::Components;
use golem_core::games::golem_cranio::position::{read_position, write_position};
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

fn play(mut s: State, game: u64, o: &Options, rng: &mut ChaCha8Rng) -> Result<Value, String> {
    let start = write_position(&s).map_err(|e| format!("game {game}: {e}"))?;
    let mut steps = Vec::new();
    let mut plies = 0;
    while plies < o.max_plies {
        if s.turn() == golem_core::game::Turn::Chance {
            let outcome = s.sample_chance(rng);
            steps.push(json!({ "chance": outcome.to_text() }));
            s.apply(outcome);
            continue;
        }
        let legal = s.legal();
        if legal.is_empty() {
            break;
        }
        let chosen = *legal.choose(rng).expect("a legal action");
        let texts: Vec<String> = legal.iter().map(|a| a.to_text()).collect();
        steps.push(json!({ "legal": texts, "chosen": chosen.to_text() }));
        s.apply(chosen);
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

fn run(o: &Options) -> Result<(), String> {
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
