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

/// `"{value} is outside {low}–{high}"`: a refused number as it was given and its range as
/// a person writes it (`5 is outside 0–1`, `70000 is outside 0–65,535`), the spelling of
/// every front end.
pub fn outside(value: impl Display, low: impl Display, high: impl Display) -> String {
    format!("{value} is outside {}", range_text(low, high))
}

/// A range as a person writes it: `1–128`, `0–4,294,967,295`.
pub fn range_text(low: impl Display, high: impl Display) -> String {
    format!(
        "{}–{}",
        grouped(&low.to_string()),
        grouped(&high.to_string())
    )
}

/// Whole numbers of four digits or more with thousands separators; anything else as is.
fn grouped(text: &str) -> String {
    let (sign, digits) = text.strip_prefix('-').map_or(("", text), |d| ("-", d));
    if digits.len() < 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return text.to_string();
    }
    let mut out = String::from(sign);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_reads_as_a_person_writes_it() {
        assert_eq!(outside(5, 0, 1), "5 is outside 0–1");
        assert_eq!(outside(70000, 0, 65535), "70000 is outside 0–65,535");
        assert_eq!(outside(-1, 0, 1.5), "-1 is outside 0–1.5");
        assert_eq!(outside(-12345, 0, 999), "-12345 is outside 0–999");
        assert_eq!(grouped("-12345"), "-12,345");
        assert_eq!(range_text(1, u64::MAX), "1–18,446,744,073,709,551,615");
        assert_eq!(range_text(1000, 100000), "1,000–100,000");
    }

    #[test]
    fn a_refusal_names_its_field_and_nests_under_a_parent() {
        let refusal = Refusal::new("iterations", outside(0, 1, 100_000_000));
        assert_eq!(
            refusal.to_string(),
            "iterations: 0 is outside 1–100,000,000"
        );
        let nested = refusal.within("bots[1]");
        assert_eq!(nested.field, "bots[1].iterations");
        assert_eq!(nested.message, "0 is outside 1–100,000,000");
        assert_eq!(
            refuse::<()>("map", "no such map"),
            Err(Refusal::new("map", "no such map"))
        );
    }
}
