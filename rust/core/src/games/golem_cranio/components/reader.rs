//! Walking a `serde_json::Value` with the JSON path of every node, collecting problems.
//!
//! Every read returns a plain value (the type's default when the node is wrong) and records
//! the problem, so one pass reports everything; the caller discards the result when any
//! problem was recorded. `clean` tells the cross-field checks whether their inputs were read
//! without problems, so they do not report consequences of an error already reported.

use serde_json::{Map, Value};

use super::error::ComponentsError;
use super::vocab::Vocab;

pub(super) type Object = Map<String, Value>;

/// The path of a field of the object at `path`.
pub(super) fn field_path(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

/// The path of entry `index` of the array at `path`.
pub(super) fn index_path(path: &str, index: usize) -> String {
    format!("{path}[{index}]")
}

/// A short description of a JSON value for messages: the value itself when short.
pub(super) fn describe(value: &Value) -> String {
    match value {
        Value::Array(_) => "an array".to_string(),
        Value::Object(_) => "an object".to_string(),
        _ => {
            let text = value.to_string();
            if text.chars().count() > 40 {
                let short: String = text.chars().take(37).collect();
                format!("{short}...")
            } else {
                text
            }
        }
    }
}

/// True when `path` is `prefix` or lies under it (`a.b` is under `a`, `a[1]` too, `ab` not).
fn is_under(path: &str, prefix: &str) -> bool {
    match path.strip_prefix(prefix) {
        Some(rest) => rest.is_empty() || rest.starts_with('.') || rest.starts_with('['),
        None => prefix.is_empty(),
    }
}

#[derive(Default)]
pub(super) struct Reader {
    pub errors: Vec<ComponentsError>,
}

impl Reader {
    pub fn error(&mut self, path: &str, message: impl Into<String>) {
        self.errors.push(ComponentsError::new(path, message));
    }

    /// True when no problem was recorded at, under or above any of `paths`.
    pub fn clean(&self, paths: &[&str]) -> bool {
        !self.errors.iter().any(|e| {
            paths
                .iter()
                .any(|p| is_under(&e.path, p) || is_under(p, &e.path))
        })
    }

    pub fn object<'v>(&mut self, value: &'v Value, path: &str) -> Option<&'v Object> {
        match value {
            Value::Object(map) => Some(map),
            other => {
                self.error(path, format!("expected an object, got {}", describe(other)));
                None
            }
        }
    }

    pub fn array<'v>(&mut self, value: &'v Value, path: &str) -> &'v [Value] {
        match value {
            Value::Array(items) => items,
            other => {
                self.error(path, format!("expected an array, got {}", describe(other)));
                &[]
            }
        }
    }

    /// An array of exactly `len` entries (an empty slice after reporting otherwise).
    pub fn array_of_len<'v>(&mut self, value: &'v Value, path: &str, len: usize) -> &'v [Value] {
        let Value::Array(items) = value else {
            self.error(path, format!("expected an array, got {}", describe(value)));
            return &[];
        };
        if items.len() != len {
            self.error(path, format!("expected {len} entries, got {}", items.len()));
            return &[];
        }
        items
    }

    /// The required field `key` of the object `map` at `path`.
    pub fn field<'v>(&mut self, map: &'v Object, path: &str, key: &str) -> Option<&'v Value> {
        let value = map.get(key);
        if value.is_none() {
            self.error(&field_path(path, key), "required field is missing");
        }
        value
    }

    /// Refuses the fields of `map` other than `allowed`; `noun` names them (`field`,
    /// `gain parameter`).
    pub fn only_fields(&mut self, map: &Object, path: &str, allowed: &[&str], noun: &str) {
        for key in map.keys() {
            if !allowed.contains(&key.as_str()) {
                let expected = if allowed.is_empty() {
                    "none".to_string()
                } else {
                    quoted_list(allowed, "or")
                };
                // At the top level the key itself is the field (`components.extras`), so
                // the line names one; deeper, the object holding it does.
                let at = match (path.is_empty(), key.is_empty()) {
                    (true, true) => "\"\"".to_string(),
                    (true, false) => key.clone(),
                    (false, _) => path.to_string(),
                };
                self.error(
                    &at,
                    format!("unknown {noun} \"{key}\" (expected {expected})"),
                );
            }
        }
    }

    /// The value of the fact in field `key` and the path of that value (`<key>.value`).
    /// Only the presence of `value` is checked here; the fact's provenance (source or
    /// placeholder) is checked once for the whole file by the fact walk.
    pub fn fact<'v>(
        &mut self,
        map: &'v Object,
        path: &str,
        key: &str,
    ) -> Option<(&'v Value, String)> {
        let fact_path = field_path(path, key);
        match self.field(map, path, key)? {
            Value::Object(fact) => match fact.get("value") {
                Some(value) => Some((value, field_path(&fact_path, "value"))),
                None => {
                    self.error(&fact_path, "a fact needs a \"value\"");
                    None
                }
            },
            other => {
                self.error(
                    &fact_path,
                    format!(
                        "expected a fact {{\"value\": ..., \"source\": ...}} or \
                         {{\"value\": ..., \"placeholder\": true, \"basis\": ...}}, got {}",
                        describe(other)
                    ),
                );
                None
            }
        }
    }

    /// An integer within `min..=max`.
    pub fn int(&mut self, value: &Value, path: &str, min: i64, max: i64) -> Option<i64> {
        match value.as_i64() {
            Some(n) if (min..=max).contains(&n) => Some(n),
            _ => {
                let range = if min == max {
                    format!("{min}")
                } else if max == i64::MAX {
                    format!(">= {min}")
                } else {
                    format!("from {min} to {max}")
                };
                self.error(
                    path,
                    format!("expected an integer {range}, got {}", describe(value)),
                );
                None
            }
        }
    }

    /// A small count or amount within `min..=max` (`0` after a reported problem).
    pub fn small(&mut self, value: &Value, path: &str, min: u8, max: u8) -> u8 {
        self.int(value, path, min.into(), max.into())
            .and_then(|n| u8::try_from(n).ok())
            .unwrap_or(0)
    }

    /// A positive weight (`0` after a reported problem).
    /// A positive integer up to `max`.
    pub fn positive_u32(&mut self, value: &Value, path: &str, max: u32) -> u32 {
        self.int(value, path, 1, i64::from(max))
            .map_or(0, |n| n as u32)
    }

    pub fn boolean(&mut self, value: &Value, path: &str) -> bool {
        match value {
            Value::Bool(b) => *b,
            other => {
                self.error(
                    path,
                    format!("expected true or false, got {}", describe(other)),
                );
                false
            }
        }
    }

    pub fn string<'v>(&mut self, value: &'v Value, path: &str) -> &'v str {
        match value {
            Value::String(s) => s,
            other => {
                self.error(path, format!("expected a string, got {}", describe(other)));
                ""
            }
        }
    }

    /// A word of the vocabulary `T` (`None` after a reported problem).
    pub fn word<T: Vocab>(&mut self, value: &Value, path: &str) -> Option<T> {
        match value {
            Value::String(s) => {
                let found = T::from_name(s);
                if found.is_none() {
                    // Long vocabularies are not listed: the message would drown the word.
                    let expected = if T::NAMES.len() <= 6 {
                        format!(" (expected {})", quoted_list(T::NAMES, "or"))
                    } else {
                        String::new()
                    };
                    self.error(path, format!("unknown {} \"{s}\"{expected}", T::KIND));
                }
                found
            }
            other => {
                self.error(
                    path,
                    format!("expected a {} name, got {}", T::KIND, describe(other)),
                );
                None
            }
        }
    }

    /// Field `key` of `map` read with `read` (the default when missing or wrong).
    pub fn with_field<T: Default>(
        &mut self,
        map: &Object,
        path: &str,
        key: &str,
        read: impl FnOnce(&mut Self, &Value, &str) -> T,
    ) -> T {
        match self.field(map, path, key) {
            Some(value) => read(self, value, &field_path(path, key)),
            None => T::default(),
        }
    }

    /// The value of the fact in field `key` of `map`, read with `read`.
    pub fn with_fact<T: Default>(
        &mut self,
        map: &Object,
        path: &str,
        key: &str,
        read: impl FnOnce(&mut Self, &Value, &str) -> T,
    ) -> T {
        match self.fact(map, path, key) {
            Some((value, value_path)) => read(self, value, &value_path),
            None => T::default(),
        }
    }
}

/// `"a", "b" or "c"`.
pub(super) fn quoted_list(words: &[&str], last_joiner: &str) -> String {
    let quoted: Vec<String> = words.iter().map(|w| format!("\"{w}\"")).collect();
    match quoted.split_last() {
        None => String::new(),
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} {last_joiner} {last}", rest.join(", ")),
    }
}

/// An object with exactly the keys `keys`, in `keys` order, each value read with `read`,
/// which is also given the key's position in `keys`.
pub(super) fn read_keyed<T: Default>(
    r: &mut Reader,
    value: &Value,
    path: &str,
    keys: &[&str],
    mut read: impl FnMut(&mut Reader, &Value, &str, usize) -> T,
) -> Vec<T> {
    let Some(map) = r.object(value, path) else {
        return keys.iter().map(|_| T::default()).collect();
    };
    for key in map.keys() {
        if !keys.contains(&key.as_str()) {
            r.error(
                path,
                format!(
                    "unknown key \"{key}\" (expected {})",
                    quoted_list(keys, "and")
                ),
            );
        }
    }
    keys.iter()
        .enumerate()
        .map(|(i, key)| r.with_field(map, path, key, |r, v, p| read(r, v, p, i)))
        .collect()
}

/// An array of distinct integers within `min..=max`, of length `len`.
pub(super) fn distinct_numbers(
    r: &mut Reader,
    value: &Value,
    path: &str,
    len: usize,
    min: u8,
    max: u8,
) -> Vec<u8> {
    let mut numbers = Vec::new();
    for (i, item) in r.array_of_len(value, path, len).iter().enumerate() {
        let p = index_path(path, i);
        let n = r.small(item, &p, min, max);
        if r.clean(&[&p]) && numbers.contains(&n) {
            r.error(&p, format!("{n} is listed twice"));
        }
        numbers.push(n);
    }
    numbers
}
