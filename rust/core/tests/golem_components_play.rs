//! A Golem components file the validator accepts must play: random files whose numbers
//! lie within the ranges the reader documents (each field's own `expected an integer from
//! A to B`) are either refused, every problem naming a field, or play random games to the
//! end, at every player count they allow, without a panic and without a seat left with no
//! legal move.
//!
//! Quick by default (CI); `PROPTEST_CASES=N` runs N files.

use std::sync::OnceLock;

use golem_core::games::golem_cranio::components::{Components, BUILTIN_JSON};
use golem_core::games::golem_cranio::setup::{new_game_seeded, NewGame};
use golem_core::games::golem_cranio::State;
use golem_core::testing::random_step;
use golem_core::Turn;
use proptest::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};

/// A player move count no random game of the builtin rules comes near (they take a few
/// hundred); more is a game that does not end.
const MAX_PLIES: usize = 20_000;

/// One number of the file: its JSON pointer and the range the reader accepts.
#[derive(Clone, Debug)]
struct Knob {
    pointer: String,
    min: i64,
    max: i64,
}

fn builtin() -> Value {
    serde_json::from_str(BUILTIN_JSON).unwrap()
}

/// `expected an integer from A to B, got ...` → (A, B); `expected an integer N, got ...`
/// (a fixed value) → (N, N).
fn documented_range(message: &str) -> Option<(i64, i64)> {
    let rest = message.strip_prefix("expected an integer ")?;
    let range = rest.split(',').next()?;
    match range.strip_prefix("from ") {
        Some(range) => {
            let (a, b) = range.split_once(" to ")?;
            Some((a.parse().ok()?, b.parse().ok()?))
        }
        None => {
            let n = range.parse().ok()?;
            Some((n, n))
        }
    }
}

/// Every integer of `rules`, of the marble sets and of the drop weights, each with the
/// range the reader reports when it is given a value far outside it.
fn knobs() -> &'static [Knob] {
    static KNOBS: OnceLock<Vec<Knob>> = OnceLock::new();
    KNOBS.get_or_init(|| {
        let root = builtin();
        let mut pointers = Vec::new();
        for (key, fact) in root["rules"].as_object().unwrap() {
            match &fact["value"] {
                Value::Number(_) => pointers.push(format!("/rules/{key}/value")),
                Value::Array(items) => {
                    for i in 0..items.len() {
                        pointers.push(format!("/rules/{key}/value/{i}"));
                    }
                }
                _ => {}
            }
        }
        for (players, set) in root["marbles"]["by_players"]["value"].as_object().unwrap() {
            for colour in set.as_object().unwrap().keys() {
                pointers.push(format!("/marbles/by_players/value/{players}/{colour}"));
            }
        }
        for i in 0..5 {
            pointers.push(format!("/marbles/drop_model/value/line_weights/{i}"));
        }
        pointers.push("/setup/intro_starting_tiles_dealt/value".to_string());
        pointers.push("/setup/palace/value/from_deck_1_3".to_string());
        pointers.push("/setup/palace/value/from_deck_4".to_string());
        pointers
            .into_iter()
            .filter_map(|pointer| {
                let mut value = builtin();
                *value.pointer_mut(&pointer).unwrap() = json!(1_000_000_000_000i64);
                let errors = Components::from_json(&value.to_string()).unwrap_err();
                let range = errors.0.iter().find_map(|e| documented_range(&e.message));
                let (min, max) =
                    range.unwrap_or_else(|| panic!("no range for {pointer}: {errors}"));
                (min < max).then_some(Knob { pointer, min, max })
            })
            .collect()
    })
}

/// The builtin file with each `(knob, choice)` set: the choice picks the knob's minimum,
/// its maximum or a value between.
fn edited(edits: &[(usize, u64)]) -> (String, Vec<String>) {
    let knobs = knobs();
    let mut value = builtin();
    let mut shown = Vec::new();
    for &(k, choice) in edits {
        let knob = &knobs[k % knobs.len()];
        let span = (knob.max - knob.min) as u64 + 1;
        let n = match choice % 4 {
            0 => knob.min,
            1 => knob.max,
            _ => knob.min + ((choice / 4) % span) as i64,
        };
        *value.pointer_mut(&knob.pointer).unwrap() = json!(n);
        shown.push(format!("{} = {n}", knob.pointer));
    }
    (value.to_string(), shown)
}

/// Random games to the end at every player count, from a dealt and an introductory setup.
fn plays(comp: &'static Components, seed: u64) -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    for players in comp.rules.players_min as usize..=comp.rules.players_max as usize {
        for intro in [false, true] {
            let options = NewGame {
                intro,
                hide_decks: seed % 2 == 1,
            };
            let mut state: State = new_game_seeded(comp, players, seed, options);
            let mut plies = 0;
            while state.turn() != Turn::Terminal {
                if !random_step(&mut state, &mut rng, &mut legal) {
                    return Err(format!(
                        "{players} players (intro {intro}): {:?} has no legal move at ply {plies}",
                        state.turn()
                    ));
                }
                plies += 1;
                if plies > MAX_PLIES {
                    return Err(format!("{players} players: no end after {MAX_PLIES} steps"));
                }
            }
        }
    }
    Ok(())
}

fn config() -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = 256;
    }
    // The failing file and seed are in the message; there is no source file to save to.
    config.failure_persistence = None;
    config
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn a_components_file_that_validates_plays(
        edits in proptest::collection::vec((0usize..1000, any::<u64>()), 1..5),
        seed in any::<u64>(),
    ) {
        let (text, shown) = edited(&edits);
        match Components::from_json(&text) {
            Err(errors) => {
                for e in &errors.0 {
                    prop_assert!(!e.path.is_empty(), "no field in {e} ({shown:?})");
                }
            }
            Ok(comp) => {
                let comp: &'static Components = Box::leak(Box::new(comp));
                let played = std::panic::catch_unwind(|| plays(comp, seed))
                    .map_err(|panic| {
                        panic
                            .downcast_ref::<String>()
                            .cloned()
                            .or_else(|| panic.downcast_ref::<&str>().map(|s| s.to_string()))
                            .unwrap_or_default()
                    });
                prop_assert!(
                    matches!(played, Ok(Ok(()))),
                    "{played:?} with {shown:?} (seed {seed})"
                );
            }
        }
    }
}

#[test]
fn every_knob_has_a_range() {
    // The rules' integers, 4 x 5 marble counts and 5 weights, less the fixed ones.
    assert!(knobs().len() > 40, "{}", knobs().len());
}

/// The cases the issue reported, each refused naming its field.
#[test]
fn combinations_the_engine_cannot_play_are_refused() {
    let rules = |key: &str, n: i64| (format!("/rules/{key}/value"), json!(n));
    let cases = [
        (
            vec![rules("action_spaces_extra", 2)],
            "rules.action_spaces_extra.value",
        ),
        (
            vec![rules("starting_tiles_kept", 1)],
            "rules.starting_tiles_kept.value",
        ),
        (
            vec![rules("starting_tiles_kept", 3)],
            "rules.starting_tiles_kept.value",
        ),
        (
            vec![
                rules("marble_eyes", 5),
                rules("marble_actions_per_round", 5),
            ],
            "rules.marble_actions_per_round.value",
        ),
        (
            vec![rules("rabbi_actions_per_round", 2)],
            "rules.rabbi_actions_per_round.value",
        ),
        (
            vec![rules("objectives_kept", 2)],
            "rules.objectives_kept.value",
        ),
        (
            vec![(
                "/setup/intro_starting_tiles_dealt/value".to_string(),
                json!(1),
            )],
            "setup.intro_starting_tiles_dealt.value",
        ),
    ];
    for (edits, field) in cases {
        let mut value = builtin();
        for (pointer, n) in &edits {
            *value.pointer_mut(pointer).unwrap() = n.clone();
        }
        let errors = Components::from_json(&value.to_string()).unwrap_err();
        assert_eq!(errors.0[0].path, field, "{edits:?}: {errors}");
    }
}

/// Past the validator (components built in code), a seat left with no legal move is a
/// reported bug, never a silent stop: listing its moves panics with what happened, which
/// the bindings turn into an internal error.
#[test]
fn a_seat_with_no_legal_move_is_reported() {
    let mut comp = Components::builtin().clone();
    comp.rules.marble_eyes = 5;
    comp.rules.marble_actions_per_round = 5;
    let comp: &'static Components = Box::leak(Box::new(comp));
    let outcome = std::panic::catch_unwind(|| plays(comp, 1));
    let message = outcome
        .expect_err("4 players taking 5 marbles each empty the lines")
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    assert!(message.contains("has no legal move"), "{message}");
}
