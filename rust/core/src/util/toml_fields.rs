//! Typed, path-aware access to a TOML table, for position readers: every refusal names the
//! exact field (`player[1].hand[2]`) and says what is wrong.

use toml::{Table, Value};

use crate::game::PositionError;
pub use crate::refusal::refuse;

/// One TOML table and its path.
pub struct Fields<'a> {
    path: String,
    table: &'a Table,
}

impl<'a> Fields<'a> {
    /// The table at `path`; a key outside `allowed` is refused.
    pub fn new(path: &str, table: &'a Table, allowed: &[&str]) -> Result<Self, PositionError> {
        let fields = Fields {
            path: path.to_string(),
            table,
        };
        if let Some(key) = table.keys().find(|k| !allowed.contains(&k.as_str())) {
            return refuse(
                fields.name(key),
                format!("unknown field (expected one of: {})", allowed.join(", ")),
            );
        }
        Ok(fields)
    }

    /// The full name of `key` in this table.
    pub fn name(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    pub fn optional(&self, key: &str) -> Option<&'a Value> {
        self.table.get(key)
    }

    pub fn required(&self, key: &str) -> Result<&'a Value, PositionError> {
        self.optional(key)
            .map_or_else(|| refuse(self.name(key), "missing field"), Ok)
    }

    pub fn integer(&self, key: &str) -> Result<i64, PositionError> {
        match self.required(key)? {
            Value::Integer(n) => Ok(*n),
            other => refuse(
                self.name(key),
                format!("expected an integer, found {}", other.type_str()),
            ),
        }
    }

    pub fn string(&self, key: &str) -> Result<&'a str, PositionError> {
        string_value(&self.name(key), self.required(key)?)
    }

    pub fn table(&self, key: &str, allowed: &[&str]) -> Result<Fields<'a>, PositionError> {
        match self.required(key)? {
            Value::Table(t) => Fields::new(&self.name(key), t, allowed),
            other => refuse(
                self.name(key),
                format!("expected a table, found {}", other.type_str()),
            ),
        }
    }

    pub fn strings(&self, key: &str) -> Result<Vec<String>, PositionError> {
        strings_value(&self.name(key), self.required(key)?)
    }

    pub fn optional_strings(&self, key: &str) -> Result<Option<Vec<String>>, PositionError> {
        self.optional(key)
            .map(|v| strings_value(&self.name(key), v))
            .transpose()
    }
}

fn string_value<'a>(field: &str, value: &'a Value) -> Result<&'a str, PositionError> {
    match value {
        Value::String(s) => Ok(s),
        other => refuse(
            field,
            format!("expected a string, found {}", other.type_str()),
        ),
    }
}

/// A list of strings; a bad item is named by its index (`merchants.row[3]`).
fn strings_value(field: &str, value: &Value) -> Result<Vec<String>, PositionError> {
    match value {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, item)| string_value(&format!("{field}[{i}]"), item).map(str::to_string))
            .collect(),
        other => refuse(
            field,
            format!("expected a list of strings, found {}", other.type_str()),
        ),
    }
}

/// A TOML syntax error with the line and column it was found at.
pub fn syntax_error(text: &str, error: &toml::de::Error) -> String {
    let message = error.message().trim();
    match error.span() {
        Some(span) => {
            let before = text.get(..span.start).unwrap_or(text);
            let line = before.matches('\n').count() + 1;
            let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            format!("line {line}, column {column}: {message}")
        }
        None => message.to_string(),
    }
}

/// The `game = "..."` key of a position file, for choosing its reader.
pub fn game_key(text: &str) -> Result<String, PositionError> {
    let root: Table = text
        .parse()
        .or_else(|e: toml::de::Error| refuse("toml", syntax_error(text, &e)))?;
    match root.get("game") {
        Some(Value::String(name)) => Ok(name.clone()),
        Some(other) => refuse(
            "game",
            format!("expected a string, found {}", other.type_str()),
        ),
        None => refuse("game", "missing field"),
    }
}
