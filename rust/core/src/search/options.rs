//! Names and ranges of search options, once for every front end (bot specs, the bindings,
//! the command line): each check refuses with the option's name and what is wrong.

use std::ops::RangeInclusive;

use super::ismcts::{Rollout, Variant};
use super::objective::Objective;
use crate::refusal::{refuse, Refusal};

/// A refused option value.
pub type OptionError = Refusal;

/// Transposition table sizes, in MiB (a size the machine cannot give is refused when the
/// table is made: `tt::TableError`).
pub const HASH_MB: RangeInclusive<usize> = 1..=super::tt::MAX_HASH_MB;
/// Root-parallel ISMCTS trees, or arena games played at once.
pub const THREADS: RangeInclusive<usize> = 1..=256;

/// A whole number within `range`, named `field` when refused.
pub fn check_range<T>(field: &str, value: T, range: RangeInclusive<T>) -> Result<T, OptionError>
where
    T: PartialOrd + std::fmt::Display + Copy,
{
    if range.contains(&value) {
        Ok(value)
    } else {
        refuse(
            field,
            format!("{value} is outside {}..={}", range.start(), range.end()),
        )
    }
}

impl Objective {
    pub const NAMES: [&'static str; 2] = ["win", "margin"];

    pub fn name(self) -> &'static str {
        match self {
            Objective::Win => "win",
            Objective::Margin => "margin",
        }
    }

    pub fn from_name(name: &str) -> Result<Self, OptionError> {
        match name {
            "win" => Ok(Objective::Win),
            "margin" => Ok(Objective::Margin),
            other => refuse(
                "objective",
                format!("'{other}' is not an objective (win or margin)"),
            ),
        }
    }
}

impl Variant {
    pub fn name(self) -> &'static str {
        match self {
            Variant::So => "so",
            Variant::Mo => "mo",
        }
    }

    pub fn from_name(name: &str) -> Result<Self, OptionError> {
        match name {
            "so" => Ok(Variant::So),
            "mo" => Ok(Variant::Mo),
            other => refuse("variant", format!("'{other}' is not a variant (so or mo)")),
        }
    }
}

impl Rollout {
    /// The rollout policy called `name`; `epsilon` (the chance of a random move) is used by
    /// `heuristic` and `policy` and must be within 0..=1.
    pub fn from_name(name: &str, epsilon: f64) -> Result<Self, OptionError> {
        match name {
            "random" => Ok(Rollout::Random),
            "heuristic" => Ok(Rollout::Heuristic {
                epsilon: check_epsilon(epsilon)?,
            }),
            "policy" => Ok(Rollout::Policy {
                epsilon: check_epsilon(epsilon)?,
            }),
            other => refuse(
                "rollout",
                format!("'{other}' is not a rollout (random, heuristic or policy)"),
            ),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Rollout::Random => "random",
            Rollout::Heuristic { .. } => "heuristic",
            Rollout::Policy { .. } => "policy",
        }
    }
}

/// A probability of a random rollout move.
pub fn check_epsilon(epsilon: f64) -> Result<f64, OptionError> {
    if (0.0..=1.0).contains(&epsilon) {
        Ok(epsilon)
    } else {
        refuse("epsilon", format!("{epsilon} is outside 0..=1"))
    }
}

/// The UCB exploration constant.
pub fn check_exploration(exploration: f64) -> Result<f64, OptionError> {
    if exploration.is_finite() && exploration >= 0.0 {
        Ok(exploration)
    } else {
        refuse(
            "exploration",
            format!("{exploration} is not a finite number >= 0"),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_and_bad_values_name_their_option() {
        for name in Objective::NAMES {
            assert_eq!(Objective::from_name(name).unwrap().name(), name);
        }
        assert_eq!(Variant::from_name("mo").unwrap().name(), "mo");
        assert_eq!(
            Rollout::from_name("heuristic", 0.5).unwrap().name(),
            "heuristic"
        );
        assert_eq!(Objective::from_name("draw").unwrap_err().field, "objective");
        assert_eq!(
            Rollout::from_name("heuristic", 1.5).unwrap_err().field,
            "epsilon"
        );
        assert_eq!(
            Rollout::from_name("heuristic", f64::NAN).unwrap_err().field,
            "epsilon"
        );
        assert_eq!(
            check_exploration(f64::INFINITY).unwrap_err().field,
            "exploration"
        );
        let error = check_range("hash", 0, HASH_MB).unwrap_err();
        assert_eq!(error.to_string(), "hash: 0 is outside 1..=65536");
        assert_eq!(check_range("threads", 2, THREADS), Ok(2));
    }
}
