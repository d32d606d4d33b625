//! The file's header and descriptive sections: `schema`, `version`, `game`, the
//! `vocabulary` (which must be the engine's) and the `inventory` (which must state the fixed
//! counts).

use serde_json::Value;

use super::reader::{describe, Object, Reader};
use super::vocab::{
    AbilityName, BookColour, CostItemName, Counter, District, Line, MarbleColour, ObjectiveType,
    OpName, Resource, Trigger, Vocab,
};

/// The file's `vocabulary` section must name exactly the engine's words: a file cannot
/// extend the vocabulary, and one that drops a word was written for another engine.
pub(super) fn check_vocabulary(r: &mut Reader, value: &Value, path: &str) {
    let Some(map) = r.object(value, path) else {
        return;
    };
    let lists: [(&str, &[&str], &str); 11] = [
        ("resources", Resource::NAMES, "resource"),
        ("districts", District::NAMES, "district"),
        ("marble_colours", MarbleColour::NAMES, "marble colour"),
        ("book_colours", BookColour::NAMES, "book colour"),
        ("lines", Line::NAMES, "line"),
        ("counters", Counter::NAMES, "counter"),
        ("ops", OpName::NAMES, "op"),
        ("cost_items", CostItemName::NAMES, "cost item"),
        ("abilities", AbilityName::NAMES, "ability"),
        ("triggers", Trigger::NAMES, "trigger"),
        ("objective_types", ObjectiveType::NAMES, "objective type"),
    ];
    let keys: Vec<&str> = lists.iter().map(|(k, _, _)| *k).collect();
    r.only_fields(map, path, &keys, "field");
    for (key, engine_words, kind) in lists {
        r.with_field(map, path, key, |r, v, p| {
            let words: Vec<&str> = match v {
                Value::Array(items) => items.iter().map(|w| w.as_str().unwrap_or("")).collect(),
                Value::Object(m) => m.keys().map(String::as_str).collect(),
                other => {
                    r.error(
                        p,
                        format!("expected an array or an object, got {}", describe(other)),
                    );
                    return;
                }
            };
            for word in &words {
                if !engine_words.contains(word) {
                    r.error(
                        p,
                        format!("unknown {kind} \"{word}\" (the vocabulary is closed)"),
                    );
                }
            }
            for word in engine_words {
                if !words.contains(word) {
                    r.error(p, format!("{kind} \"{word}\" is missing"));
                }
            }
        });
    }
}

/// Refuses a top-level string field other than `expected` (`schema`, `game`).
pub(super) fn expect_string(r: &mut Reader, map: &Object, key: &str, expected: &str) {
    r.with_field(map, "", key, |r, v, p| {
        if v.as_str() != Some(expected) {
            r.error(p, format!("expected \"{expected}\", got {}", describe(v)));
        }
    });
}

/// The inventory restates the fixed counts of spec §2.2; a file that changes one describes
/// another game, which the fixed tables cannot hold. Counts the engine does not use
/// (resource tokens, Gold pieces: unlimited by decision) are not checked.
pub(super) fn check_inventory(r: &mut Reader, value: &Value, path: &str) {
    let Some(map) = r.object(value, path) else {
        return;
    };
    let fixed = [
        (
            "marbles",
            serde_json::json!({"white": 5, "black": 1, "red": 3, "blue": 3, "yellow": 3}),
        ),
        ("action_tiles", serde_json::json!(12)),
        (
            "characters",
            serde_json::json!({"rounds_1_3": 7, "round_4": 5}),
        ),
        ("objective_cards", serde_json::json!(27)),
        (
            "book_cards",
            serde_json::json!({"red": 8, "blue": 8, "green": 8, "yellow": 8, "black": 6}),
        ),
        (
            "neighborhood_tiles",
            serde_json::json!({"red": 10, "yellow": 10, "blue": 10}),
        ),
        ("pass_tiles", serde_json::json!(4)),
        ("starting_tiles", serde_json::json!(18)),
        ("artifact_tiles", serde_json::json!(4)),
        (
            "menorah_tokens",
            serde_json::json!({"red": 1, "yellow": 1, "blue": 1}),
        ),
    ];
    for (key, expected) in fixed {
        r.with_fact(map, path, key, |r, v, p| {
            if *v != expected {
                r.error(
                    p,
                    format!("expected {expected} (fixed by the rules, spec §2.2), got {v}"),
                );
            }
        });
    }
}
