//! Property tests of the move parser (`Game::action_from_text`): any text gives `Ok` or
//! `Err`, never a panic or a hang; an accepted move is legal and its canonical text reads
//! back to it; every legal move's text parses back to that move.
//!
//! Quick by default (CI); `PROPTEST_CASES=N` runs N cases per property. The fuzz driver
//! (`cargo run --release --example fuzz -- --parser move`) runs millions.

mod fuzz_support;

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use fuzz_support::{check_move, check_moves_round_trip, move_input, move_states, seed_positions};
use golem_core::games::century::Century;
use proptest::prelude::*;

fn states() -> &'static [Century] {
    static STATES: OnceLock<Vec<Century>> = OnceLock::new();
    STATES.get_or_init(|| move_states(&seed_positions()))
}

fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config
}

fn holds(state: &Century, text: &str) -> Result<(), TestCaseError> {
    let start = Instant::now();
    let outcome = check_move(state, text);
    let took = start.elapsed();
    prop_assert!(outcome.is_ok(), "{}\ninput: {text:?}", outcome.unwrap_err());
    prop_assert!(took < Duration::from_secs(5), "took {took:?} on {text:?}");
    Ok(())
}

proptest! {
    #![proptest_config(config(3000))]

    /// Legal move texts with 1-3 word edits: words dropped, repeated or replaced by card
    /// names, keywords, huge repeat counts, long crystal strings and junk.
    #[test]
    fn mutated_moves(which in any::<prop::sample::Index>(), seed in any::<u64>()) {
        let state = which.get(states());
        holds(state, &move_input(state, seed))?;
    }
}

proptest! {
    #![proptest_config(config(500))]

    #[test]
    fn random_strings(which in any::<prop::sample::Index>(), text in any::<String>()) {
        holds(which.get(states()), &text)?;
    }

    #[test]
    fn keyword_soup(
        which in any::<prop::sample::Index>(),
        words in proptest::collection::vec(
            prop::sample::select(vec![
                "play", "take", "rest", "claim", "deal", "pay", "drop", "x2", "x0",
                "x18446744073709551616", "+yy", "U2", "U3", "yy>gg", "y>b", "yg", "pppppppppppppppp",
                "ggbbpp", ">", "", "\u{0}",
            ]),
            0..7,
        ),
    ) {
        holds(which.get(states()), &words.join(" "))?;
    }
}

#[test]
fn every_legal_move_text_reads_back() {
    for state in states() {
        if let Err(e) = check_moves_round_trip(state) {
            panic!("{e}");
        }
    }
}
