//! Replays every input in `tests/fuzz-corpus/`: inputs that once crashed a parser (found by
//! the fuzz driver, `examples/fuzz.rs`) and must now give `Ok` or `Err` under the same
//! properties. `position-*.toml` files go to the position reader; `move-*.txt` files hold
//! a position, a line `# move:` and the move text on the rest of the file; `map-*.txt`
//! and `components-*.json` go to the map and components readers. A quick run of the
//! driver's map and components inputs is here too.

mod fuzz_support;

use fuzz_support::{
    check_components, check_map, check_move, check_position, components_input, corpus_dir,
    map_input,
};
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
        } else if name.starts_with("map-") {
            if let Err(e) = check_map(&text) {
                panic!("{name}: {e}");
            }
        } else if name.starts_with("components-") {
            if let Err(e) = check_components(&text) {
                panic!("{name}: {e}");
            }
        } else {
            continue;
        }
        replayed += 1;
    }
    println!("{replayed} corpus inputs replayed");
}

/// The fuzz driver's map and components inputs, a few of each (CI); the driver runs
/// millions.
#[test]
fn map_and_components_inputs_give_ok_or_err() {
    let cases: u64 = std::env::var("FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300);
    let (mut maps, mut components) = (0, 0);
    for seed in 0..cases {
        let map = map_input(seed);
        maps += check_map(&map).unwrap_or_else(|e| panic!("map seed {seed}: {e}\n{map}")) as u32;
        let text = components_input(seed);
        components += check_components(&text)
            .unwrap_or_else(|e| panic!("components seed {seed}: {e}")) as u32;
    }
    println!("{maps} maps and {components} components files of {cases} accepted");
}
