//! Draws a Golem (Cranio) position as SVG on standard output: a position file, or a
//! random game played by the engine up to a number of plies (to look at midgames).
//!
//! ```sh
//! cargo run -p golem-core --example golem_svg -- POSITION.toml > picture.svg
//! cargo run -p golem-core --example golem_svg -- --players 4 --seed 3 --plies 120 > mid.svg
//! ```

use std::process::ExitCode;

use golem_core::game::Turn;
use golem_core::games::golem_cranio::components::Components;
use golem_core::games::golem_cranio::position::read_position;
use golem_core::games::golem_cranio::setup::{new_game_seeded, NewGame};
use golem_core::games::golem_cranio::state::{Phase, State};
use golem_core::games::golem_cranio::svg::to_svg;
use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn number(args: &mut impl Iterator<Item = String>, flag: &str) -> Result<u64, String> {
    let value = args.next().ok_or(format!("{flag} needs a value"))?;
    value.parse().map_err(|e| format!("{flag}: {e}"))
}

fn run() -> Result<String, String> {
    let (mut players, mut seed, mut plies, mut path) = (2u64, 0u64, 100u64, None);
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--players" => players = number(&mut args, "--players")?,
            "--seed" => seed = number(&mut args, "--seed")?,
            "--plies" => plies = number(&mut args, "--plies")?,
            f if f.starts_with("--") => return Err(format!("unknown argument {f}")),
            p => path = Some(p.to_string()),
        }
    }
    let state: State = match path {
        Some(p) => {
            let text = std::fs::read_to_string(&p).map_err(|e| format!("{p}: {e}"))?;
            read_position(&text).map_err(|e| format!("{p}: {e}"))?
        }
        None => {
            if !(1..=4).contains(&players) {
                return Err("--players: 1-4".into());
            }
            let mut s = new_game_seeded(
                Components::builtin(),
                players as usize,
                seed,
                NewGame::default(),
            );
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut done = 0;
            while done < plies && s.phase != Phase::Over {
                if s.turn() == Turn::Chance {
                    let outcome = s.sample_chance(&mut rng);
                    s.apply(outcome);
                    continue;
                }
                let Some(&a) = s.legal().choose(&mut rng) else {
                    break;
                };
                s.apply(a);
                done += 1;
            }
            s
        }
    };
    Ok(to_svg(&state))
}

fn main() -> ExitCode {
    match run() {
        Ok(svg) => {
            print!("{svg}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}
