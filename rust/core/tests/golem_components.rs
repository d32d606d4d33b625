//! The Golem (Cranio) components layer through the crate's public API, as a front end will
//! use it: the builtin file, a user's corrected file, and a user's broken file.

use golem_core::games::golem_cranio::components::{Components, ComponentsSource, BUILTIN_JSON};
use serde_json::{json, Value};

/// The builtin file with the node at JSON pointer `pointer` replaced, as JSON text.
fn edited(edits: &[(&str, Value)]) -> String {
    let mut value: Value = serde_json::from_str(BUILTIN_JSON).unwrap();
    for (pointer, new) in edits {
        *value.pointer_mut(pointer).unwrap() = new.clone();
    }
    serde_json::to_string_pretty(&value).unwrap()
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("golem-components-it-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn builtin_components_report_their_placeholders() {
    let c = Components::builtin();
    assert_eq!((c.info.facts, c.info.placeholders), (580, 333));
    assert!(c
        .info
        .ruleset_line()
        .ends_with("— 333 of 580 values are placeholders"));
}

#[test]
fn an_owner_corrects_a_placeholder_without_recompiling() {
    // The Library slot costs are a placeholder; an owner of the game prints the real ones.
    let corrected = edited(&[(
        "/library/slot_costs_knowledge/value",
        json!([0, 0, 1, 1, 2]),
    )]);
    let path = temp_file("corrected.json", &corrected);
    let c = Components::from_file(&path).unwrap();
    assert_eq!(c.library_slot_costs, [0, 0, 1, 1, 2]);
    assert_eq!(
        c.info.source,
        ComponentsSource::Path(path.display().to_string())
    );
    assert_ne!(c.info.sha256, Components::builtin().info.sha256);
    std::fs::remove_file(path).unwrap();
}

#[test]
fn a_broken_user_file_is_refused_with_every_problem() {
    let broken = edited(&[
        ("/characters/0/cost_coins/value", json!(-2)),
        ("/schema", json!("golem")),
    ]);
    let path = temp_file("broken.json", &broken);
    let errors = Components::from_file(&path).unwrap_err();
    assert_eq!(
        errors.lines(),
        [
            "components.schema: expected \"golem-cranio-components\", got \"golem\"",
            "components.characters[0].cost_coins.value: expected an integer from 0 to 30, got -2",
        ]
    );
    assert_eq!(errors.to_string(), errors.lines().join("\n"));
    std::fs::remove_file(path).unwrap();
}
