//! Positions from self-play with their final results, for fitting a game's evaluation
//! (`scripts/fit_eval.py`; docs/strength.md, "Fitted evaluations").
//!
//! `cargo run --release -p golem-core --example eval_data -- GAME GAMES SEED THREADS BOT [KEY=VALUE ...]`
//!
//! Every seat is played by `BOT` (a bot spec); `KEY=VALUE` are the game's setup options
//! (`players=N` sets the player count, 2 by default). The arena plays the games; each is
//! then replayed and every position with a player to move is written as one CSV row per
//! seat (after two `# hand,...` and `# fitted,...` lines with the engine's weight sets):
//! the game, the ply, the seat, whether it is the seat to move, its final score,
//! whether it won, and the unweighted terms of its evaluation (`Game::eval_terms`).

use std::io::Write;

use golem_core::arena::{self, ArenaConfig};
use golem_core::bots::{self, Policies};
use golem_core::games::GameId;
use golem_core::search::StopFlag;
use golem_core::{with_game, Turn};

fn record<G: Policies>(config: &ArenaConfig, spec: &str) {
    let bot = bots::parse::<G>(spec).unwrap_or_else(|e| fail(&format!("{spec}: {e}")));
    let bots: Vec<_> = (0..config.players)
        .map(|_| bots::parse::<G>(&bot.name()).expect("a bot's name reads back"))
        .collect();
    let mut shown = 0;
    let report = arena::run(&bots, config, &StopFlag::new(), &mut |done, total| {
        if done >= shown + 20 {
            shown = done;
            eprintln!("{done} of {total} games played");
        }
    })
    .expect("the arena runs");
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let terms = G::EVAL_TERMS;
    // The weight sets the engine has, for the fit to compare with.
    let weights = |w: &[f64]| w.iter().map(f64::to_string).collect::<Vec<_>>().join(",");
    writeln!(out, "# hand,{}", weights(G::EVAL_HAND)).unwrap();
    writeln!(out, "# fitted,{}", weights(G::EVAL_FITTED)).unwrap();
    writeln!(out, "game,ply,seat,to_move,final,won,{}", terms.join(",")).unwrap();
    let mut values = vec![0.0; terms.len()];
    for record in report.records.iter().filter(|r| r.finished) {
        let mut state: G = arena::starting_position(config, record.game);
        let mut ply = 0;
        for text in &record.moves {
            if let Turn::Player(to_move) = state.turn() {
                for seat in 0..config.players {
                    state.eval_terms(seat, &mut values);
                    let row: Vec<String> = values.iter().map(|v| format!("{v:.6}")).collect();
                    writeln!(
                        out,
                        "{},{ply},{seat},{},{},{},{}",
                        record.game,
                        (seat == to_move) as u8,
                        record.scores[seat],
                        (record.winner == Some(seat)) as u8,
                        row.join(",")
                    )
                    .unwrap();
                }
                ply += 1;
            }
            let action = state
                .action_from_text(text)
                .unwrap_or_else(|e| panic!("game {}: {text}: {e}", record.game));
            state.apply(action);
        }
        assert!(
            state.is_terminal(),
            "game {} replays to its end",
            record.game
        );
    }
    eprintln!(
        "{} games, {} finished",
        report.records.len(),
        report.records.iter().filter(|r| r.finished).count()
    );
}

const USAGE: &str = "usage: eval_data GAME GAMES SEED THREADS BOT [KEY=VALUE ...]";

/// One line on stderr and exit status 2, the project's answer to bad input.
fn fail(message: &str) -> ! {
    eprintln!("error: {message}\n{USAGE}");
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() < 5 {
        fail("too few arguments");
    }
    let id = GameId::from_name(&args[0]).unwrap_or_else(|e| fail(&e.to_string()));
    let names = ["GAME", "GAMES", "SEED", "THREADS"];
    let number = |i: usize| {
        args[i]
            .parse::<u64>()
            .unwrap_or_else(|_| fail(&format!("{}: '{}' is not a number", names[i], args[i])))
    };
    let mut config = ArenaConfig {
        games: number(1) as u32,
        seed: number(2),
        threads: number(3) as usize,
        record: true,
        ..ArenaConfig::default()
    };
    for option in &args[5..] {
        let (key, value) = option
            .split_once('=')
            .unwrap_or_else(|| fail(&format!("'{option}' is not KEY=VALUE")));
        if key == "players" {
            config.players = value
                .parse()
                .unwrap_or_else(|_| fail(&format!("players: '{value}' is not a number")));
        } else {
            config.setup.push((key.to_string(), value.to_string()));
        }
    }
    with_game!(id, G => record::<G>(&config, &args[4]));
}
