//! Replays every input in `tests/fuzz-corpus/`: inputs that once crashed a parser (found by
//! the fuzz driver, `examples/fuzz.rs`) and must now give `Ok` or `Err` under the same
//! properties. `position-*.toml` files go to the position reader; `move-*.txt` files hold
//! a position, a line `# move:` and the move text on the rest of the file.

mod fuzz_support;

use fuzz_support::{check_move, check_position, corpus_dir};
use golem_core::games::century::position::read_position;

#[test]
fn every_corpus_input_gives_ok_or_err() {
    let mut files: Vec<_> = std::fs::read_dir(corpus_dir())
        .expect("tests/fuzz-corpus")
        .map(|e| e.expect("entry").path())
        .collect();
    files.sort();
    let mut replayed = 0;
    for file in files {
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let bytes = std::fs::read(&file).expect("readable");
        let text = String::from_utf8_lossy(&bytes);
        if name.starts_with("position-") {
            if let Err(e) = check_position(&text) {
                panic!("{name}: {e}");
            }
        } else if name.starts_with("move-") {
            let (position, moves) = text
                .split_once("\n# move:\n")
                .unwrap_or_else(|| panic!("{name}: no '# move:' line"));
            let state = read_position(position).unwrap_or_else(|e| panic!("{name}: {e}"));
            if let Err(e) = check_move(&state, moves) {
                panic!("{name}: {e}");
            }
        } else {
            continue;
        }
        replayed += 1;
    }
    println!("{replayed} corpus inputs replayed");
}
