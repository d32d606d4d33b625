//! Facts (spec §2.1): every game datum is `{"value": V, "source": "..."}` (confirmed) or
//! `{"value": V, "placeholder": true, "basis": "..."}`. This walk checks the shape of every
//! fact in the file and counts them; it does not look inside a fact's value, which holds
//! plain data (a fact inside a fact is not a fact).

use serde_json::Value;

use super::reader::{describe, field_path, index_path, Object, Reader};

/// How many facts the file holds, by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FactCounts {
    pub confirmed: u32,
    pub placeholders: u32,
}

impl FactCounts {
    pub fn total(&self) -> u32 {
        self.confirmed + self.placeholders
    }
}

const FACT_FIELDS: &[&str] = &["value", "source", "placeholder", "basis", "note"];

pub(super) fn count_facts(r: &mut Reader, root: &Value) -> FactCounts {
    let mut counts = FactCounts::default();
    walk(r, root, "", &mut counts);
    counts
}

fn walk(r: &mut Reader, value: &Value, path: &str, counts: &mut FactCounts) {
    match value {
        Value::Object(map) if map.contains_key("value") => check_fact(r, map, path, counts),
        Value::Object(map) => {
            for (key, child) in map {
                walk(r, child, &field_path(path, key), counts);
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                walk(r, child, &index_path(path, i), counts);
            }
        }
        _ => {}
    }
}

fn check_fact(r: &mut Reader, fact: &Object, path: &str, counts: &mut FactCounts) {
    r.only_fields(fact, path, FACT_FIELDS, "field of a fact");
    let text = |r: &mut Reader, key: &str| -> bool {
        match fact.get(key) {
            None => false,
            Some(Value::String(s)) if !s.trim().is_empty() => true,
            Some(other) => {
                r.error(
                    &field_path(path, key),
                    format!("expected a non-empty string, got {}", describe(other)),
                );
                true
            }
        }
    };
    let has_source = text(r, "source");
    let has_basis = text(r, "basis");
    text(r, "note");
    let placeholder = match fact.get("placeholder") {
        None => false,
        Some(Value::Bool(true)) => true,
        Some(other) => {
            r.error(
                &field_path(path, "placeholder"),
                format!(
                    "expected true (a confirmed fact gives \"source\" instead), got {}",
                    describe(other)
                ),
            );
            true
        }
    };
    match (has_source, placeholder, has_basis) {
        (true, false, false) => counts.confirmed += 1,
        (false, true, true) => counts.placeholders += 1,
        (true, true, _) => r.error(
            path,
            "a fact has \"source\" (confirmed) or \"placeholder\": true with \"basis\", not both",
        ),
        (true, false, true) => r.error(path, "a confirmed fact has no \"basis\" (placeholders do)"),
        (false, true, false) => r.error(path, "a placeholder needs a \"basis\""),
        (false, false, _) => r.error(
            path,
            "a fact needs \"source\" (confirmed) or \"placeholder\": true with \"basis\"",
        ),
    }
}
