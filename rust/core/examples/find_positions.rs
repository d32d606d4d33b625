// Finds random-play positions with a given feature and prints them as TOML: how the
// positions of tests/perft/ were picked (their counts were then confirmed by the reference
// model). Usage: cargo run --release --example find_positions -- FEATURE PLAYERS known|hidden
use golem_core::games::century::position::write_position;
use golem_core::games::century::Century;
use golem_core::{Game, Turn};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn hide(state: &Century) -> Century {
    let mut hidden = *state;
    hidden.hide_decks();
    hidden
}

fn main() {
    let feature = std::env::args().nth(1).unwrap();
    let players: usize = std::env::args().nth(2).unwrap().parse().unwrap();
    let hidden = std::env::args().nth(3).unwrap() == "hidden";
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut actions = Vec::new();
    for _ in 0..2000 {
        let mut state = Century::new_game(players, &mut rng);
        while !state.is_terminal() {
            let ok = match feature.as_str() {
                "overflow" => {
                    state.seat(state.to_move()).crystals().total() >= 9 && state.gold_left() > 0
                }
                "nogold" => state.gold_left() == 0 && !state.last_round(),
                "emptydeck" => state.merchant_row().len() < 6 && !state.last_round(),
                "lastround" => {
                    state.last_round() && state.to_move() != 0 && state.turn() != Turn::Terminal
                }
                "terminal" => false,
                "start" => true,
                "mid" => state.seat(0).golems.count_ones() == 2 && state.to_move() == 1,
                _ => panic!(),
            };
            if ok && state.turn() != Turn::Chance {
                let out = if hidden { hide(&state) } else { state };
                print!("{}", write_position(&out).unwrap());
                return;
            }
            state.legal_actions(&mut actions);
            let claims: Vec<_> = actions
                .iter()
                .copied()
                .filter(|a| a.kind == golem_core::games::century::ActionKind::Claim)
                .collect();
            let a = if !claims.is_empty() && rng.random_bool(0.9) {
                claims[0]
            } else {
                actions[rng.random_range(0..actions.len())]
            };
            state.apply(a);
        }
        if feature == "terminal" {
            print!(
                "{}",
                write_position(&if hidden { hide(&state) } else { state }).unwrap()
            );
            return;
        }
    }
    eprintln!("not found");
}
