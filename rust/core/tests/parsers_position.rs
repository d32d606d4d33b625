//! Property tests of the position reader: any text gives `Ok` or `Err`, never a panic or a
//! hang, and what it accepts writes back and reads again to the same state.
//!
//! Quick by default (CI); `PROPTEST_CASES=N` runs N cases per property. The fuzz driver
//! (`cargo run --release --example fuzz`) runs millions of the same inputs.

mod fuzz_support;

use std::sync::OnceLock;
use std::time::{Duration, Instant};

use fuzz_support::{check_position, position_input, seed_positions};
use proptest::collection::vec;
use proptest::prelude::*;

fn seeds() -> &'static [String] {
    static SEEDS: OnceLock<Vec<String>> = OnceLock::new();
    SEEDS.get_or_init(seed_positions)
}

fn config(cases: u32) -> ProptestConfig {
    let mut config = ProptestConfig::default();
    if std::env::var_os("PROPTEST_CASES").is_none() {
        config.cases = cases;
    }
    config
}

/// Reads `text` under the properties; a slow read counts as a hang.
fn holds(text: &str) -> Result<(), TestCaseError> {
    let start = Instant::now();
    let outcome = check_position(text);
    let took = start.elapsed();
    prop_assert!(outcome.is_ok(), "{}\ninput:\n{text}", outcome.unwrap_err());
    prop_assert!(
        took < Duration::from_secs(5),
        "took {took:?} on a {}-byte input",
        text.len()
    );
    Ok(())
}

proptest! {
    #![proptest_config(config(3000))]

    /// Valid positions with 1-4 random edits: lines deleted, duplicated, swapped or added,
    /// numbers made huge or negative, card names changed, deep and enormous values, random
    /// characters and bytes.
    #[test]
    fn mutated_positions(seed in any::<u64>()) {
        holds(&position_input(seeds(), seed))?;
    }
}

proptest! {
    #![proptest_config(config(500))]

    #[test]
    fn random_strings(text in any::<String>()) {
        holds(&text)?;
    }

    #[test]
    fn random_bytes(bytes in vec(any::<u8>(), 0..2000)) {
        holds(&String::from_utf8_lossy(&bytes))?;
    }

    /// Line edits proptest can shrink: (operation, line, other line).
    #[test]
    fn line_edits(
        which in any::<prop::sample::Index>(),
        edits in vec((0u8..4, any::<prop::sample::Index>(), any::<prop::sample::Index>()), 1..6),
    ) {
        let mut lines: Vec<String> =
            which.get(seeds()).lines().map(str::to_string).collect();
        for (op, a, b) in edits {
            if lines.is_empty() {
                break;
            }
            let (i, j) = (a.index(lines.len()), b.index(lines.len()));
            match op {
                0 => {
                    lines.remove(i);
                }
                1 => {
                    let line = lines[i].clone();
                    lines.insert(j, line);
                }
                2 => lines.swap(i, j),
                _ => {
                    let line = lines[j].clone();
                    lines[i] = line;
                }
            }
        }
        holds(&lines.join("\n"))?;
    }

    /// Every integer value in turn replaced by any i64.
    #[test]
    fn any_integer_anywhere(
        which in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        number in any::<i64>(),
    ) {
        let text = which.get(seeds());
        let lines: Vec<&str> = text.lines().collect();
        let numbered: Vec<usize> = (0..lines.len())
            .filter(|&i| lines[i].split('=').nth(1).is_some_and(|v| v.trim().parse::<i64>().is_ok()))
            .collect();
        prop_assume!(!numbered.is_empty());
        let i = *at.get(&numbered);
        let key = lines[i].split('=').next().unwrap_or_default();
        let mut edited: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        edited[i] = format!("{key}= {number}");
        holds(&edited.join("\n"))?;
    }
}

#[test]
fn every_seed_position_round_trips() {
    for text in seeds() {
        assert_eq!(check_position(text), Ok(true), "{text}");
    }
}
