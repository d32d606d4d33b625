//! Walks the perft table in `tests/perft/perft.txt` (positions beside it).

use std::path::PathBuf;

use golem_core::games::century::position::read_position;
use golem_core::perft::{perft, perft_divide};

fn table_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/perft")
}

#[test]
fn perft_table_matches() {
    let table = std::fs::read_to_string(table_dir().join("perft.txt")).expect("perft table");
    let mut rows = 0;
    for line in table
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [file, depth, expected] = fields[..] else {
            panic!("bad row: {line}")
        };
        let text = std::fs::read_to_string(table_dir().join(file)).expect(file);
        let state = read_position(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let depth: u32 = depth.parse().unwrap();
        assert_eq!(
            perft(&state, depth),
            expected.parse::<u64>().unwrap(),
            "{line}"
        );
        rows += 1;
    }
    assert!(rows >= 8);
}

#[test]
fn divide_sums_to_perft() {
    let text = std::fs::read_to_string(table_dir().join("midgame-2p-hidden.toml")).unwrap();
    let state = read_position(&text).unwrap();
    let parts = perft_divide(&state, 3);
    assert_eq!(parts.iter().map(|(_, n)| n).sum::<u64>(), perft(&state, 3));
}
