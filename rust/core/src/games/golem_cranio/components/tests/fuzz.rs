//! No input makes the loader panic: mutated, truncated and corrupted files are refused.

use std::sync::OnceLock;

use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{json, Value};

use super::super::{Components, BUILTIN_JSON};
use super::builtin_value;

/// JSON pointers of every node of the builtin file.
fn pointers() -> &'static [String] {
    static POINTERS: OnceLock<Vec<String>> = OnceLock::new();
    POINTERS.get_or_init(|| {
        fn walk(value: &Value, pointer: String, out: &mut Vec<String>) {
            match value {
                Value::Object(map) => {
                    for (key, child) in map {
                        let key = key.replace('~', "~0").replace('/', "~1");
                        walk(child, format!("{pointer}/{key}"), out);
                    }
                }
                Value::Array(items) => {
                    for (i, child) in items.iter().enumerate() {
                        walk(child, format!("{pointer}/{i}"), out);
                    }
                }
                _ => {}
            }
            out.push(pointer);
        }
        let mut out = Vec::new();
        walk(&builtin_value(), String::new(), &mut out);
        out
    })
}

/// Values that are wrong in many places and right in some.
fn replacement(k: usize) -> Option<Value> {
    let values = [
        Value::Null,
        json!(true),
        json!(-1),
        json!(0),
        json!(1),
        json!(2),
        json!(300),
        json!(3.5),
        json!(""),
        json!("unlimited"),
        json!([]),
        json!({}),
        json!([1]),
        json!({"value": 1}),
        json!({"op": "gain"}),
        json!([{"op": "choice", "options": [[], [{"op": "kill_golem"}]]}]),
    ];
    values.get(k).cloned()
}

fn assert_well_formed(text: &str) {
    if let Err(errors) = Components::from_json(text) {
        assert!(!errors.0.is_empty());
        for line in errors.lines() {
            assert!(line.starts_with("components"), "{line}");
        }
    }
}

// 256 cases by default; `PROPTEST_CASES=5000` for a longer hunt.
proptest! {
    #[test]
    fn mutated_files_are_refused_without_panicking(
        edits in prop::collection::vec((any::<Index>(), 0usize..17), 1..4)
    ) {
        let mut value = builtin_value();
        for (index, k) in edits {
            let pointer = index.get(pointers());
            match replacement(k) {
                Some(new) => {
                    if let Some(node) = value.pointer_mut(pointer) {
                        *node = new;
                    }
                }
                // Past the list: remove the node from its parent.
                None => {
                    if let Some((parent, key)) = pointer.rsplit_once('/') {
                        match value.pointer_mut(parent) {
                            Some(Value::Object(map)) => {
                                map.remove(&key.replace("~1", "/").replace("~0", "~"));
                            }
                            Some(Value::Array(items)) => {
                                if let Ok(i) = key.parse::<usize>() {
                                    if i < items.len() {
                                        items.remove(i);
                                    }
                                }
                            }
                            _ => {}
                        }
                    }
                }
            }
        }
        assert_well_formed(&value.to_string());
    }

    #[test]
    fn truncated_or_corrupted_text_is_refused_without_panicking(
        cut in 0usize..BUILTIN_JSON.len(),
        at in 0usize..BUILTIN_JSON.len(),
        byte in any::<u8>(),
    ) {
        if let Some(prefix) = BUILTIN_JSON.get(..cut) {
            assert_well_formed(prefix);
        }
        let mut bytes = BUILTIN_JSON.as_bytes().to_vec();
        bytes[at] = byte;
        assert_well_formed(&String::from_utf8_lossy(&bytes));
    }
}
