//! The one error type of refused input: positions, setup and search options, bot specs,
//! arena settings and files. Each front end shows it as `<field>: <message>` (the
//! command line's `error: <field>: <message>`), so the field path is where a user looks.

use std::fmt::Display;

/// Refused input: `field` says where (a field path such as `player[1].hand[2]` or
/// `bots[0].iterations`, an option's name, a file's path), `message` what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct Refusal {
    pub field: String,
    pub message: String,
}

impl Refusal {
    pub fn new(field: impl Into<String>, message: impl Into<String>) -> Self {
        Refusal {
            field: field.into(),
            message: message.into(),
        }
    }

    /// The same refusal seen from one level up: `within("bots[1]")` turns the field
    /// `iterations` into `bots[1].iterations`.
    pub fn within(self, parent: impl Display) -> Self {
        Refusal {
            field: format!("{parent}.{}", self.field),
            message: self.message,
        }
    }
}

/// `Err` of a [`Refusal`], for the `return refuse(...)` of a check.
pub fn refuse<T>(field: impl Into<String>, message: impl Into<String>) -> Result<T, Refusal> {
    Err(Refusal::new(field, message))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refusal_names_its_field_and_nests_under_a_parent() {
        let refusal = Refusal::new("iterations", "0 is outside 1..=100000000");
        assert_eq!(
            refusal.to_string(),
            "iterations: 0 is outside 1..=100000000"
        );
        let nested = refusal.within("bots[1]");
        assert_eq!(nested.field, "bots[1].iterations");
        assert_eq!(nested.message, "0 is outside 1..=100000000");
        assert_eq!(
            refuse::<()>("map", "no such map"),
            Err(Refusal::new("map", "no such map"))
        );
    }
}
