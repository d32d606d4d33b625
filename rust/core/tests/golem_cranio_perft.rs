//! The Golem (Cranio) perft table, tests/perft/golem-cranio/perft.txt (`FILE DEPTH LEAVES`
//! rows, spec §10), made by scripts/make_golem_perft.py and confirmed there by the
//! reference model: the engine's own walk over `legal`, `apply` and `chance_outcomes`
//! (`golem_cranio::perft`) reproduces every row small enough for a debug build, and so
//! does the generic perft over the `Game` trait (`testing::perft_file`).

use std::path::{Path, PathBuf};

use golem_core::games::golem_cranio::perft::{perft, perft_capped, perft_divide};
use golem_core::games::golem_cranio::position::read_position;
use golem_core::games::golem_cranio::state::State;

/// Rows above this many leaves are skipped (the table maker counts them all in a release
/// build). Every row of the table is below it: ~1.5 M leaves, about 5 s in a debug build.
const DEBUG_MAX_LEAVES: u64 = 2_000_000;

fn table_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/perft/golem-cranio")
}

struct Row {
    file: String,
    depth: u32,
    leaves: u64,
}

fn rows() -> Vec<Row> {
    let table = table_dir().join("perft.txt");
    let text = std::fs::read_to_string(&table).unwrap_or_else(|e| panic!("{table:?}: {e}"));
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(
            |line| match line.split_whitespace().collect::<Vec<_>>()[..] {
                [file, depth, leaves] => Row {
                    file: file.to_string(),
                    depth: depth.parse().unwrap_or_else(|e| panic!("{line}: {e}")),
                    leaves: leaves.parse().unwrap_or_else(|e| panic!("{line}: {e}")),
                },
                _ => panic!("bad row: {line}"),
            },
        )
        .collect()
}

fn position(dir: &Path, file: &str) -> State {
    let text = std::fs::read_to_string(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    read_position(&text).unwrap_or_else(|e| panic!("{file}: {e}"))
}

#[test]
fn the_engine_reproduces_the_perft_table() {
    let dir = table_dir();
    let rows = rows();
    let mut checked = 0;
    for row in rows.iter().filter(|r| r.leaves <= DEBUG_MAX_LEAVES) {
        let s = position(&dir, &row.file);
        assert_eq!(
            perft(&s, row.depth),
            row.leaves,
            "{} depth {}",
            row.file,
            row.depth
        );
        checked += 1;
    }
    // Every file's shallow rows are checked, and most of the table.
    let files: std::collections::BTreeSet<&str> = rows.iter().map(|r| r.file.as_str()).collect();
    assert!(files.len() >= 12, "{} positions", files.len());
    for file in files {
        assert!(
            rows.iter()
                .any(|r| r.file == file && r.depth == 1 && r.leaves <= DEBUG_MAX_LEAVES),
            "{file}: no depth-1 row checked"
        );
    }
    assert!(
        checked * 5 >= rows.len() * 4,
        "{checked} of {} rows",
        rows.len()
    );
}

#[test]
fn a_chance_root_divides_by_outcome_without_a_ply() {
    // Refresh with hidden decks: the root is the first Action-tile deal (the drop is
    // listed), so its divide lists deals, and each counts the same depth below it.
    let dir = table_dir();
    let s = position(&dir, "p2-r4-refresh-hidden.toml");
    let divide = perft_divide(&s, 1);
    assert!(divide.len() > 1);
    assert!(divide.iter().all(|(a, _)| a.to_text().starts_with("tile ")));
    let total: u64 = divide.iter().map(|(_, n)| n).sum();
    assert_eq!(total, perft(&s, 1));
}

#[test]
fn a_terminal_position_is_a_leaf() {
    // Round 4's last Development decision of a solo game: after it, Golem Control ends
    // the game, so deeper counts stay at one leaf per root micro-action.
    let s = position(&table_dir(), "p1-r4-development-known.toml");
    let root = perft(&s, 1);
    assert!(root >= 2);
    assert_eq!(perft(&s, 2), root);
    assert_eq!(perft(&s, 3), root);
    assert!(perft_divide(&s, 3).iter().all(|&(_, n)| n == 1));
}

#[test]
fn a_capped_count_gives_up_past_its_budget() {
    let s = position(&table_dir(), "p2-r2-actions-known.toml");
    let full = perft(&s, 2);
    assert_eq!(perft_capped(&s, 2, full), Some(full));
    assert_eq!(perft_capped(&s, 2, full - 1), None);
}

#[test]
fn the_generic_perft_walks_the_same_table() {
    let table = table_dir().join("perft.txt");
    let checked = golem_core::testing::perft_file::<State>(&table, 300_000);
    assert!(checked >= 60, "only {checked} rows checked");
}
