//! Facts (spec §2.1): every game datum is `{"value": V, "source": "..."}` (confirmed) or
//! `{"value": V, "placeholder": true, "basis": "..."}`. This walk checks the shape of every
//! fact in the file and counts them; it does not look inside a fact's value, which holds
//! plain data (a fact inside a fact is not a fact). A confirmed fact must name its public
//! sources, each listed in the file's `sources` section.

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

/// Checks and counts every fact of the file; a confirmed fact's `source` must name sources
/// of the file's `sources` section (several joined by `; `).
pub(super) fn count_facts(r: &mut Reader, root: &Value) -> FactCounts {
    let mut walk = Walk {
        sources: source_names(r, root),
        counts: FactCounts::default(),
    };
    walk.visit(r, root, "");
    walk.counts
}

/// The names of the `sources` section (`None` when it is missing or not an object, which
/// the walk then cannot check against).
fn source_names(r: &mut Reader, root: &Value) -> Option<Vec<String>> {
    let sources = root.get("sources")?;
    let map = r.object(sources, "sources")?;
    for (name, description) in map {
        if !matches!(description, Value::String(d) if !d.trim().is_empty()) {
            r.error(
                &field_path("sources", name),
                format!("expected a description, got {}", describe(description)),
            );
        }
    }
    Some(map.keys().cloned().collect())
}

struct Walk {
    sources: Option<Vec<String>>,
    counts: FactCounts,
}

impl Walk {
    fn visit(&mut self, r: &mut Reader, value: &Value, path: &str) {
        match value {
            // The file itself is never a fact (a top-level "value" is an unknown field,
            // reported as such).
            Value::Object(map) if map.contains_key("value") && !path.is_empty() => {
                self.check_fact(r, map, path)
            }
            Value::Object(map) => {
                for (key, child) in map {
                    self.visit(r, child, &field_path(path, key));
                }
            }
            Value::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    self.visit(r, child, &index_path(path, i));
                }
            }
            _ => {}
        }
    }

    fn check_fact(&mut self, r: &mut Reader, fact: &Object, path: &str) {
        check_fact(r, fact, path, &mut self.counts);
        if let (Some(known), Some(Value::String(source))) = (&self.sources, fact.get("source")) {
            for name in source.split("; ").filter(|n| !n.trim().is_empty()) {
                if !known.iter().any(|k| k == name) {
                    r.error(
                        &field_path(path, "source"),
                        format!("unknown source \"{name}\" (not in \"sources\")"),
                    );
                }
            }
        }
    }
}

fn check_fact(r: &mut Reader, fact: &Object, path: &str, counts: &mut FactCounts) {
    r.only_fields(fact, path, FACT_FIELDS, "fact field");
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
