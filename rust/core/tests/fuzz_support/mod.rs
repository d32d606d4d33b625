//! Inputs and checks shared by the parser property tests (`tests/parsers_*.rs`) and the
//! on-demand fuzz driver (`examples/fuzz.rs`, which includes this file by path).
//!
//! Every input is made from a seed, so a failure is reproduced by its seed alone; the
//! checks say what must hold for any input: the parser returns `Ok` or `Err` (a panic is
//! a bug), what it accepts writes back and reads again to the same state, and every legal
//! move's text parses back to that move.

#![allow(dead_code)]

use std::path::{Path, PathBuf};

use golem_core::games::century::cards::{GOLEMS, MERCHANTS};
use golem_core::games::century::position::{read_position, write_position};
use golem_core::games::century::Century;
use golem_core::{Game, Turn};
use rand::seq::IndexedRandom;
use rand::{Rng, RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The crate's own directory (`rust/core`).
pub fn core_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The regression corpus: one input per file, `position-*.toml` or `move-*.txt`.
pub fn corpus_dir() -> PathBuf {
    core_dir().join("tests/fuzz-corpus")
}

fn toml_files(dir: &Path) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files
}

/// The valid positions mutations start from: the perft table's positions, the bench's, and
/// positions written from random games (every player count, known and hidden decks).
pub fn seed_positions() -> Vec<String> {
    let mut texts: Vec<String> = [
        core_dir().join("../../tests/perft/century"),
        core_dir().join("data/bench/century"),
    ]
    .iter()
    .flat_map(|dir| {
        let files = toml_files(dir);
        // A moved data folder must not quietly shrink what the fuzzer starts from.
        assert!(files.len() >= 5, "{}: no seed positions", dir.display());
        files
    })
    .map(|file| std::fs::read_to_string(&file).expect("readable position"))
    .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for players in 2..=5 {
        for _ in 0..3 {
            let state = random_game_state(players, &mut rng);
            texts.push(write_position(&state).expect("a decision or terminal state"));
        }
    }
    for text in &texts {
        assert!(
            read_position(text).is_ok(),
            "seed position refused:\n{text}"
        );
    }
    texts
}

/// A state some random number of plies into a random game (decks hidden half the time),
/// never a chance node.
pub fn random_game_state(players: usize, rng: &mut ChaCha8Rng) -> Century {
    let mut state = Century::new_game(players, rng);
    if rng.random_bool(0.5) {
        state = state.public_view(0);
    }
    let plies = rng.random_range(0..120);
    let mut actions = Vec::new();
    let mut outcomes = Vec::new();
    for _ in 0..plies {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Player(_) => {
                state.legal_actions(&mut actions);
                match actions.choose(rng) {
                    Some(&a) => state.apply(a),
                    None => break,
                }
            }
            Turn::Chance => {
                state.chance_outcomes(&mut outcomes);
                let &(a, _) = outcomes.choose(rng).expect("a chance node has outcomes");
                state.apply(a);
            }
        }
    }
    settle(&mut state, rng);
    state
}

/// Deals until the state is not a chance node.
fn settle(state: &mut Century, rng: &mut ChaCha8Rng) {
    let mut outcomes = Vec::new();
    while state.turn() == Turn::Chance {
        state.chance_outcomes(&mut outcomes);
        let &(a, _) = outcomes.choose(rng).expect("a chance node has outcomes");
        state.apply(a);
    }
}

// ---- position mutations -----------------------------------------------------------------

const NUMBERS: &[&str] = &[
    "0",
    "1",
    "-1",
    "2",
    "5",
    "6",
    "10",
    "11",
    "127",
    "128",
    "255",
    "256",
    "65535",
    "65536",
    "4294967296",
    "9223372036854775807",
    "-9223372036854775808",
    "99999999999999999999999",
    "-99999999999999999999999",
    "1.5",
    "-0.0",
    "nan",
    "inf",
    "1e999",
    "0x10",
    "0b11",
    "0o7",
    "1_000",
    "true",
    "\"3\"",
    "[]",
    "{}",
    "1979-05-27T07:32:00Z",
];

const KEYS: &[&str] = &[
    "game",
    "players",
    "to_move",
    "merchants",
    "golems",
    "player",
    "row",
    "crystals",
    "deck",
    "hand",
    "played",
    "gold",
    "silver",
    "extra",
    "",
];

const LINES: &[&str] = &[
    "[merchants]",
    "[golems]",
    "[[player]]",
    "[player]",
    "[[merchants]]",
    "[merchants.row]",
    "players = 2",
    "players = 5",
    "to_move = 4",
    "crystals = \"yyyyyyyyyyyy\"",
    "crystals = \"pppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp\"",
    "crystals = [\"ppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppppp\", \"\", \"\", \"\", \"\"]",
    "row = []",
    "deck = []",
    "golems = [\"yyybb\", \"bbbbb\", \"ppppp\", \"ggggg\", \"yyybbb\", \"ggpp\"]",
    "hand = [\"+yy\", \"U2\", \"+yy\"]",
    "gold = 99",
    "silver = -1",
    "game = \"century-golem\"",
    "game = \"golem\"",
    "a.b.c.d = 1",
    "x = { y = [1, [2, [3]]] }",
    "\"\\u0000\" = \"\\u0000\"",
    "=",
    "[",
    "\"",
    "'''",
    "\"\"\"",
    "#",
];

/// Crystal letters, mostly of one colour, in counts around every limit (10 in a caravan,
/// 15 in a nibble, 127/255 in a lane, 256 in a total).
pub fn crystal_string(rng: &mut ChaCha8Rng) -> String {
    let mut letters = String::new();
    for letter in ['y', 'g', 'b', 'p'] {
        if rng.random_bool(0.5) {
            let n = match rng.random_range(0..4) {
                0 => rng.random_range(0..12),
                1 => *[15, 16, 42, 43, 44, 63, 64, 117, 118, 127, 128, 255, 256]
                    .choose(rng)
                    .expect("counts"),
                2 => rng.random_range(100..=127),
                _ => rng.random_range(0..300),
            };
            letters.extend(std::iter::repeat_n(letter, n));
        }
    }
    letters
}

/// A string value for a card list or a crystal string: a real card name most of the time.
fn random_name(rng: &mut ChaCha8Rng) -> String {
    match rng.random_range(0..11) {
        0..=3 => MERCHANTS.choose(rng).expect("cards").name.to_string(),
        4 => crystal_string(rng),
        5..=6 => GOLEMS.choose(rng).expect("golems").name.to_string(),
        7 => {
            let letters = ['y', 'g', 'b', 'p', '>', '+', 'U', 'x', '2', '3'];
            let n = rng.random_range(0..40);
            (0..n)
                .map(|_| *letters.choose(rng).expect("letters"))
                .collect()
        }
        8 => random_text(rng, 12),
        _ => String::new(),
    }
}

/// Random characters, weighted towards the awkward ones (controls, quotes, brackets,
/// non-ASCII, the replacement character).
pub fn random_text(rng: &mut ChaCha8Rng, max_len: usize) -> String {
    let n = rng.random_range(0..=max_len);
    (0..n)
        .map(|_| match rng.random_range(0..8) {
            0 => char::from(rng.random_range(0u8..0x20)),
            1 => *[
                '"', '\'', '[', ']', '{', '}', '=', '\\', '#', '.', ',', '\n', '\r', '\u{7f}',
            ]
            .choose(rng)
            .expect("chars"),
            2 => char::from_u32(rng.random_range(0x80..0x11_0000)).unwrap_or('\u{fffd}'),
            3 => *[
                '\u{fffd}', '\u{feff}', '\u{200b}', '\u{2028}', 'ß', '√', '🙂',
            ]
            .choose(rng)
            .expect("chars"),
            _ => char::from(rng.random_range(0x20u8..0x7f)),
        })
        .collect()
}

/// Byte offsets of every run of ASCII digits (a leading '-' included).
fn number_spans(text: &str) -> Vec<(usize, usize)> {
    let bytes = text.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = if i > 0 && bytes[i - 1] == b'-' {
                i - 1
            } else {
                i
            };
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            spans.push((start, i));
        } else {
            i += 1;
        }
    }
    spans
}

/// Byte offsets of the contents of every `"..."` string without escapes.
fn string_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut open = None;
    for (i, b) in text.bytes().enumerate() {
        match (b, open) {
            (b'"', None) => open = Some(i + 1),
            (b'"', Some(start)) => {
                spans.push((start, i));
                open = None;
            }
            (b'\n', _) => open = None,
            _ => {}
        }
    }
    spans
}

/// A char boundary at or below `i`.
fn boundary(text: &str, mut i: usize) -> usize {
    i = i.min(text.len());
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// A deeply nested or enormous TOML value. Sizes are mostly small; one in a few hundred is
/// huge, so a million cases still run in minutes.
fn big_value(rng: &mut ChaCha8Rng) -> String {
    let size = if rng.random_ratio(1, 300) {
        rng.random_range(1_000..100_000)
    } else {
        rng.random_range(1..200)
    };
    match rng.random_range(0..5) {
        0 => format!("{}{}", "[".repeat(size), "]".repeat(size)),
        1 => format!("{}1{}", "[".repeat(size), "]".repeat(size)),
        2 => {
            let name = random_name(rng);
            let items = vec![format!("\"{name}\""); size];
            format!("[{}]", items.join(", "))
        }
        3 => format!("[{}]", vec!["1"; size].join(",")),
        _ => format!("{}{}", "{ a = ".repeat(size), "}".repeat(size)),
    }
}

/// One random edit of a position text.
fn mutate_once(text: &mut String, rng: &mut ChaCha8Rng) {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    match rng.random_range(0..16) {
        // Line edits: delete, duplicate, swap, insert a known line.
        0 if !lines.is_empty() => {
            let i = rng.random_range(0..lines.len());
            lines.remove(i);
        }
        1 if !lines.is_empty() => {
            let i = rng.random_range(0..lines.len());
            let j = rng.random_range(0..=lines.len());
            let line = lines[i].clone();
            lines.insert(j, line);
        }
        2 if lines.len() > 1 => {
            let i = rng.random_range(0..lines.len());
            let j = rng.random_range(0..lines.len());
            lines.swap(i, j);
        }
        3 => {
            let j = rng.random_range(0..=lines.len());
            let line = LINES.choose(rng).expect("lines").to_string();
            lines.insert(j, line);
        }
        // A number changed (huge, negative, another type).
        4..=6 => {
            let spans = number_spans(text);
            if let Some(&(a, b)) = spans.choose(rng) {
                let number = if rng.random_bool(0.7) {
                    NUMBERS.choose(rng).expect("numbers").to_string()
                } else {
                    rng.random_range(-20i64..20).to_string()
                };
                text.replace_range(a..b, &number);
            }
            return;
        }
        // A string changed: a random card name, letters, junk.
        7..=9 => {
            let spans = string_spans(text);
            if let Some(&(a, b)) = spans.choose(rng) {
                let name = random_name(rng).replace(['"', '\\', '\n', '\r'], "");
                text.replace_range(a..b, &name);
            }
            return;
        }
        // A key renamed.
        10 => {
            if !lines.is_empty() {
                let i = rng.random_range(0..lines.len());
                if let Some(eq) = lines[i].find('=') {
                    let key = KEYS.choose(rng).expect("keys");
                    lines[i] = format!("{key} {}", &lines[i][eq..]);
                }
            }
        }
        // A value replaced by a deep or enormous one.
        11 => {
            if !lines.is_empty() {
                let i = rng.random_range(0..lines.len());
                let key = match lines[i].find('=') {
                    Some(eq) => lines[i][..eq].to_string(),
                    None => format!("{} ", KEYS.choose(rng).expect("keys")),
                };
                lines[i] = format!("{key}= {}", big_value(rng));
            }
        }
        // Random characters inserted, a character replaced, the text cut short.
        12 => {
            let at = boundary(text, rng.random_range(0..=text.len()));
            let junk = random_text(rng, 8);
            text.insert_str(at, &junk);
            return;
        }
        13 if !text.is_empty() => {
            let at = boundary(text, rng.random_range(0..text.len()));
            let end = text[at..].chars().next().map_or(at, |c| at + c.len_utf8());
            let junk = random_text(rng, 1);
            text.replace_range(at..end, &junk);
            return;
        }
        14 => {
            let at = boundary(text, rng.random_range(0..=text.len()));
            text.truncate(at);
            return;
        }
        // Random bytes (made valid UTF-8 the lossy way: the reader takes &str).
        _ => {
            let mut bytes = text.clone().into_bytes();
            for _ in 0..rng.random_range(1..4) {
                if bytes.is_empty() {
                    break;
                }
                let i = rng.random_range(0..bytes.len());
                bytes[i] = rng.random();
            }
            *text = String::from_utf8_lossy(&bytes).into_owned();
            return;
        }
    }
    *text = lines.join("\n");
}

/// A position text made from `seed`: mostly a valid position with 1-4 random edits,
/// sometimes pure random text.
pub fn position_input(seeds: &[String], seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if rng.random_ratio(1, 50) {
        return random_text(&mut rng, 200);
    }
    let mut text = seeds.choose(&mut rng).expect("seed positions").clone();
    for _ in 0..rng.random_range(1..=4) {
        mutate_once(&mut text, &mut rng);
    }
    text
}

/// What must hold for any position text; `Err` says what broke (a panic is caught by the
/// caller). Returns whether the reader accepted it.
pub fn check_position(text: &str) -> Result<bool, String> {
    let Ok(state) = read_position(text) else {
        return Ok(false);
    };
    let written = write_position(&state).map_err(|e| format!("accepted but not written: {e}"))?;
    let again =
        read_position(&written).map_err(|e| format!("written position refused: {e}\n{written}"))?;
    if again.hash() != state.hash() || again != state {
        return Err(format!("read(write(state)) differs from state\n{written}"));
    }
    check_moves_round_trip(&state)?;
    Ok(true)
}

/// Every legal move's text parses back to that move (at most [`ROUND_TRIPS`] of them,
/// spread evenly: parsing one move generates all of them, so checking every move of a
/// position with thousands is quadratic).
pub fn check_moves_round_trip(state: &Century) -> Result<(), String> {
    if state.turn() == Turn::Chance {
        return Ok(());
    }
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let step = legal.len().div_ceil(ROUND_TRIPS).max(1);
    for &action in legal.iter().step_by(step) {
        let text = state.action_to_text(action);
        match state.action_from_text(&text) {
            Ok(back) if back == action => {}
            Ok(back) => return Err(format!("'{text}' parses to another move {back:?}")),
            Err(e) => return Err(format!("'{text}' of a legal move is refused: {e}")),
        }
    }
    Ok(())
}

/// Legal moves whose text is read back per position.
pub const ROUND_TRIPS: usize = 64;

// ---- move mutations -----------------------------------------------------------------------

/// States to parse moves in: the seed positions and random games.
pub fn move_states(seeds: &[String]) -> Vec<Century> {
    let mut states: Vec<Century> = seeds
        .iter()
        .map(|t| read_position(t).expect("seed position"))
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for players in 2..=5 {
        for _ in 0..25 {
            states.push(random_game_state(players, &mut rng));
        }
    }
    states
}

const MOVE_WORDS: &[&str] = &[
    "play",
    "take",
    "rest",
    "claim",
    "deal",
    "pay",
    "drop",
    "x0",
    "x1",
    "x2",
    "x3",
    "x-1",
    "x99999999999",
    "x4294967295",
    "x4294967296",
    "x",
    ">",
    "y>",
    ">y",
    "yy>gg",
    "U2",
    "U3",
    "",
];

/// A move text made from `seed`: mostly a legal move's text with 1-3 edits.
pub fn move_input(state: &Century, seed: u64) -> String {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut legal = Vec::new();
    if state.turn() != Turn::Chance {
        state.legal_actions(&mut legal);
    }
    let mut words: Vec<String> = match legal.choose(&mut rng) {
        Some(&a) if !rng.random_ratio(1, 20) => state
            .action_to_text(a)
            .split(' ')
            .map(str::to_string)
            .collect(),
        _ => return random_text(&mut rng, 40),
    };
    for _ in 0..rng.random_range(1..=3) {
        let i = rng.random_range(0..=words.len());
        match rng.random_range(0..9) {
            0 if i < words.len() => {
                words.remove(i);
            }
            1 => words.insert(i, MOVE_WORDS.choose(&mut rng).expect("words").to_string()),
            2 => words.insert(i, random_name(&mut rng)),
            3 if i < words.len() => words[i] = random_name(&mut rng),
            4 => {
                // A long crystal string (overflowing any lane).
                let letter = ['y', 'g', 'b', 'p'].choose(&mut rng).expect("letters");
                let n = rng.random_range(1..2000);
                words.insert(i, letter.to_string().repeat(n));
            }
            5 if i < words.len() => words[i] = random_text(&mut rng, 6),
            6 => words.insert(i, random_text(&mut rng, 6)),
            7 if i < words.len() => {
                let w = words[i].clone();
                words.insert(i, w);
            }
            _ => {
                if let Some(w) = words.get_mut(i) {
                    let letter = *['y', 'g', 'b', 'p'].choose(&mut rng).expect("letters");
                    w.push(letter);
                }
            }
        }
    }
    let sep = if rng.random_ratio(1, 10) {
        "\t \n"
    } else {
        " "
    };
    words.join(sep)
}

/// What must hold for any move text: an accepted move is legal and its own text reads back
/// to it.
pub fn check_move(state: &Century, text: &str) -> Result<bool, String> {
    let Ok(action) = state.action_from_text(text) else {
        return Ok(false);
    };
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    if !legal.contains(&action) {
        return Err(format!("'{text}' accepted as an illegal move {action:?}"));
    }
    let canonical = state.action_to_text(action);
    match state.action_from_text(&canonical) {
        Ok(back) if back == action => Ok(true),
        other => Err(format!("'{text}' -> '{canonical}' reads back as {other:?}")),
    }
}

/// A fresh RNG for callers that only need a stream of seeds.
pub fn seed_stream(seed: u64) -> impl RngCore {
    ChaCha8Rng::seed_from_u64(seed)
}

// ---- map and components readers -------------------------------------------------------

/// A Merchant Explorers map text made from `seed`: a bundled map with 1-4 random edits
/// (the same line, number, string, cut and byte edits as positions), sometimes random text.
pub fn map_input(seed: u64) -> String {
    use golem_core::games::merchant_explorers::map::BUNDLED;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if rng.random_ratio(1, 50) {
        return random_text(&mut rng, 200);
    }
    let mut text = BUNDLED
        .choose(&mut rng)
        .expect("bundled maps")
        .1
        .to_string();
    for _ in 0..rng.random_range(1..=4) {
        mutate_once(&mut text, &mut rng);
    }
    text
}

/// What must hold for any map text: `Ok` or an `Err` naming a line, and a text accepted
/// once is accepted again the same. Returns whether the parser accepted it.
pub fn check_map(text: &str) -> Result<bool, String> {
    use golem_core::games::merchant_explorers::map::Map;
    match Map::parse(text) {
        Err(e) if e.to_string().is_empty() => Err("an error with no message".to_string()),
        Err(_) => Ok(false),
        Ok(map) => {
            let again = Map::parse(text).map_err(|e| format!("accepted, then refused: {e}"))?;
            if again.id != map.id || again.cols != map.cols || again.rows != map.rows {
                return Err("the same text parsed to another map".to_string());
            }
            Ok(true)
        }
    }
}

/// A random JSON value: extremes of numbers, strings with controls, deep or wide nesting.
fn json_value(rng: &mut ChaCha8Rng) -> serde_json::Value {
    use serde_json::{json, Value};
    match rng.random_range(0..10) {
        0 => json!(null),
        1 => json!(rng.random_bool(0.5)),
        2 => json!(rng.random_range(-3i64..40)),
        3 => json!([-1i64, 0, 255, 256, 65536, i64::MAX, i64::MIN][rng.random_range(0..7)]),
        4 => json!(u64::MAX),
        5 => json!(1.5e300),
        6 => json!(random_text(rng, 12)),
        7 => {
            let depth = [2usize, 50, 2_000][rng.random_range(0..3)];
            let mut v = json!(1);
            for _ in 0..depth {
                v = Value::Array(vec![v]);
            }
            v
        }
        8 => Value::Array((0..rng.random_range(0..2_000)).map(|i| json!(i)).collect()),
        _ => json!({ random_text(rng, 6): rng.random_range(0..10) }),
    }
}

/// A node of `value` picked at random: its JSON pointer.
fn random_pointer(value: &serde_json::Value, rng: &mut ChaCha8Rng) -> String {
    let mut pointer = String::new();
    let mut node = value;
    loop {
        let children: Vec<(String, &serde_json::Value)> = match node {
            serde_json::Value::Object(map) => map.iter().map(|(k, v)| (k.clone(), v)).collect(),
            serde_json::Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(i, v)| (i.to_string(), v))
                .collect(),
            _ => Vec::new(),
        };
        if children.is_empty() || (!pointer.is_empty() && rng.random_ratio(1, 4)) {
            return pointer;
        }
        let (key, child) = &children[rng.random_range(0..children.len())];
        pointer.push('/');
        pointer.push_str(&key.replace('~', "~0").replace('/', "~1"));
        node = child;
    }
}

/// A Golem components file made from `seed`: the builtin file with 1-4 values replaced
/// (a number, a string, a list, an object anywhere in it, or a key removed), or with the
/// text edits of [`mutate_once`] on its JSON, sometimes random text.
pub fn components_input(seed: u64) -> String {
    use golem_core::games::golem_cranio::components::BUILTIN_JSON;
    static BUILTIN: std::sync::OnceLock<serde_json::Value> = std::sync::OnceLock::new();
    let builtin = BUILTIN.get_or_init(|| serde_json::from_str(BUILTIN_JSON).expect("JSON"));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    if rng.random_ratio(1, 50) {
        return random_text(&mut rng, 200);
    }
    let mut value = builtin.clone();
    for _ in 0..rng.random_range(1..=4) {
        let pointer = random_pointer(&value, &mut rng);
        if rng.random_ratio(1, 6) {
            if let Some((parent, key)) = pointer.rsplit_once('/') {
                if let Some(serde_json::Value::Object(map)) = value.pointer_mut(parent) {
                    map.remove(key);
                    continue;
                }
            }
        }
        if let Some(node) = value.pointer_mut(&pointer) {
            *node = json_value(&mut rng);
        }
    }
    let mut text = serde_json::to_string_pretty(&value).expect("JSON");
    if rng.random_ratio(1, 4) {
        mutate_once(&mut text, &mut rng);
    }
    text
}

/// What must hold for any components text: `Ok`, or every problem with a message (and a
/// path, but for the file as a whole: unreadable, not JSON). Returns whether it was
/// accepted. (That an accepted file plays is `tests/golem_components_play.rs`.)
pub fn check_components(text: &str) -> Result<bool, String> {
    use golem_core::games::golem_cranio::components::Components;
    match Components::from_json(text) {
        Ok(_) => Ok(true),
        Err(errors) if errors.0.is_empty() => Err("refused with no problem".to_string()),
        Err(errors) => {
            for e in &errors.0 {
                if e.message.is_empty() {
                    return Err(format!("a problem with no message at {}", e.path));
                }
                // Only a problem of the file as a whole names no field.
                let whole = ["invalid JSON", "expected an object"]
                    .iter()
                    .any(|p| e.message.starts_with(p));
                if e.path.is_empty() && !whole {
                    return Err(format!("no field: {e}"));
                }
            }
            Ok(false)
        }
    }
}
