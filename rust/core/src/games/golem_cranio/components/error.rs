//! The errors of loading a components file: one line per problem, `components.<path>: <message>`.

use std::fmt;

/// One problem in a components file, at a JSON path (`characters[3].cost_coins.value`).
/// An empty path stands for the file as a whole (unreadable file, invalid JSON).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("components{}{}: {message}", if path.is_empty() { "" } else { "." }, path)]
pub struct ComponentsError {
    pub path: String,
    pub message: String,
}

impl ComponentsError {
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        ComponentsError {
            path: path.into(),
            message: message.into(),
        }
    }
}

/// Every problem found in a components file, in the order they were found (never empty).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct ComponentsErrors(pub Vec<ComponentsError>);

impl ComponentsErrors {
    /// The problems, one `components.<path>: <message>` line each.
    pub fn lines(&self) -> Vec<String> {
        self.0.iter().map(ToString::to_string).collect()
    }
}

impl fmt::Display for ComponentsErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, error) in self.0.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{error}")?;
        }
        Ok(())
    }
}
