//! Position reading and writing (spec §14): the spec's example, round trips, and every
//! validation the spec lists, each with its field path.

use super::*;

/// The spec's §14 example position.
const EXAMPLE: &str = r#"
game = "merchant-explorers"
map = "avenia"
players = 2
era = 2
to_move = 1
in_progress = []
objectives = ["avenia-2", "avenia-5", "avenia-6"]

[rules]
crystal_scoring = "cumulative"

[explore]
played = ["desert-2", "sea-3"]
current = "era-II"

[investigate]
discard = ["mix-grass4-sea1", "coinx3-desert-4", "line-sea-unlimited"]

[treasure]
discard = ["two-coins"]

[[player]]
coins = 23
explorers = ["c7r6", "c7r7"]
villages = ["c9r4"]
routes = ["c11r1-c7r3 cover c7r3"]
ruins = ["c5r3"]
towers = []
crystals = []
investigate = ["travel-sea", "sea-5"]
treasure = ["jar"]
objectives = []

[[player]]
coins = 9
explorers = ["c9r5"]
villages = ["c6r7"]
routes = []
ruins = ["c7r1"]
towers = []
crystals = []
investigate = ["region-4"]
treasure = []
objectives = []
"#;

fn read(text: &str) -> Result<State, String> {
    State::from_text(text).map_err(|e| e.to_string())
}

/// The example with `from` replaced by `to` (once), read back: the refusal.
fn refused(from: &str, to: &str) -> String {
    assert!(EXAMPLE.contains(from), "{from}");
    let text = EXAMPLE.replacen(from, to, 1);
    read(&text)
        .err()
        .unwrap_or_else(|| panic!("accepted: {from} -> {to}"))
}

#[test]
fn the_spec_example_reads_and_round_trips() {
    let state = read(EXAMPLE).unwrap();
    assert_eq!(
        state.turn(),
        Turn::Chance,
        "seat 1 is about to be offered its era-II cards"
    );
    assert_eq!(state.phase, Phase::Offer);
    assert_eq!(state.to_move, 1);
    assert_eq!(state.player[0].coins, 23);
    assert_eq!(state.player[0].posts.count_ones(), 1);
    let text = state.to_text().unwrap();
    let back = read(&text).unwrap();
    assert_eq!(back.hash(), state.hash());
    assert!(back == state, "equal after a round trip");
    assert_eq!(back.to_text().unwrap(), text);
    let mut other = back;
    other.player[0].coins += 1;
    assert!(other != state);
}

#[test]
fn in_progress_replays_and_is_written_back() {
    let mut state = read(EXAMPLE).unwrap();
    let a = cards::investigate_id("mix-d1-g1-m1-s2").unwrap() as u8;
    let b = cards::investigate_id("surround-sea").unwrap() as u8;
    state.apply(Action::Offer(a.min(b), a.max(b)));
    assert_eq!(state.turn(), Turn::Player(1));
    let text = state.to_text().unwrap();
    assert!(text.contains("in_progress = [\"offer"), "{text}");
    let back = read(&text).unwrap();
    assert_eq!(back.hash(), state.hash());
    assert_eq!(back.turn(), Turn::Player(1));
    let bad = EXAMPLE.replace(
        "in_progress = []",
        "in_progress = [\"offer mix-d1-g1-m1-s2 surround-sea\", \"keep surround-sea\", \"place c9r9\"]",
    );
    assert_eq!(
        read(&bad).unwrap_err(),
        "in_progress[2]: \"place c9r9\": not a legal placement"
    );
}

#[test]
fn every_spec_validation_names_its_field() {
    let cases: &[(&str, &str, &str)] = &[
        ("game = \"merchant-explorers\"", "game = \"century\"", "game: expected \"merchant-explorers\""),
        ("map = \"avenia\"", "map = \"avenai\"", "map: unknown map \"avenai\""),
        ("villages = [\"c9r4\"]", "vilages = [\"c9r4\"]", "player[0].vilages: unknown key"),
        ("players = 2", "players = 5", "players: must be 1..4"),
        ("players = 2", "players = 3", "player: 2 tables for 3 players"),
        ("era = 2", "era = 0", "era: must be 1..4"),
        ("crystal_scoring = \"cumulative\"", "ice = true", "rules.ice: map has no ice spaces"),
        ("crystal_scoring = \"cumulative\"", "solo_decay = true", "rules.solo_decay: only for 1 player"),
        ("crystal_scoring = \"cumulative\"", "ice = 1", "rules.ice: expected a boolean, found integer"),
        ("crystal_scoring = \"cumulative\"", "crystal_scoring = \"sum\"", "rules.crystal_scoring: expected \"cumulative\" or \"face\""),
        ("\"avenia-5\", \"avenia-6\"]", "\"kazan-3\", \"avenia-6\"]", "objectives[1]: \"kazan-3\" is not an objective of avenia"),
        ("\"avenia-5\", \"avenia-6\"]", "\"avenia-2\", \"avenia-6\"]", "objectives[1]: \"avenia-2\" listed twice"),
        ("\"avenia-5\", \"avenia-6\"]", "\"avenia-5\", \"avenia-6\", \"avenia-1\"]", "objectives: more than 3"),
        ("played = [\"desert-2\", \"sea-3\"]", "played = [\"desert-2\", \"era-III\"]", "explore.played[1]: \"era-III\" is not in the era 2 deck"),
        ("played = [\"desert-2\", \"sea-3\"]", "played = [\"desert-2\", \"desert-2\"]", "explore.played[1]: \"desert-2\" listed twice"),
        ("played = [\"desert-2\", \"sea-3\"]", "played = [\"desert-2\", \"era-II\"]", "explore.current: \"era-II\" is both played and current"),
        ("current = \"era-II\"", "current = \"era-II\"\ndeck = [\"wild-2\"]", "explore.deck: must list exactly the unrevealed cards of this era"),
        ("to_move = 1\n", "", "to_move: required while explore.current is set"),
        ("to_move = 1\n", "to_move = 2\n", "to_move: must be 0..1"),
        ("explorers = [\"c9r5\"]", "explorers = [\"c7r44\"]", "player[1].explorers[0]: \"c7r44\" is off the map"),
        ("explorers = [\"c9r5\"]", "explorers = [\"c0r0\"]", "player[1].explorers[0]: \"c0r0\" is not a space"),
        ("explorers = [\"c9r5\"]", "explorers = [\"x7\"]", "player[1].explorers[0]: \"x7\" is not a cell"),
        ("explorers = [\"c9r5\"]", "explorers = [\"c9r5\", \"c9r5\"]", "player[1].explorers[1]: \"c9r5\" listed twice"),
        ("explorers = [\"c9r5\"]", "explorers = [\"c9r5\", \"c8r5\"]", "player[1].explorers[1]: explorer on the capital"),
        ("explorers = [\"c9r5\"]", "explorers = [\"c9r5\", \"c6r7\"]", "player[1].explorers[1]: explorer on a village"),
        ("explorers = [\"c9r5\"]", "explorers = [\"c12r9\"]", "player[1].explorers: c12r9 is not connected to the capital or a village"),
        ("villages = [\"c9r4\"]", "villages = [\"c9r4\", \"c10r4\"]", "player[0].villages[1]: c10r4 is not a blank space"),
        ("villages = [\"c9r4\"]", "villages = [\"c9r4\", \"c9r5\"]", "player[0].villages: two villages in the region of c9r5"),
        ("routes = [\"c11r1-c7r3 cover c7r3\"]", "routes = [\"c12r1-c7r3 cover c7r3\"]", "player[0].routes[0]: c12r1 is not a city"),
        ("routes = [\"c11r1-c7r3 cover c7r3\"]", "routes = [\"c11r1-c7r3 cover c4r2\"]", "player[0].routes[0]: cover must be one of the two cities"),
        ("routes = [\"c11r1-c7r3 cover c7r3\"]", "routes = [\"c11r1-c7r3 cover c7r3\", \"c7r3-c4r2 cover c7r3\"]", "player[0].routes[1]: route: name the cities in increasing cell order"),
        ("routes = [\"c11r1-c7r3 cover c7r3\"]", "routes = [\"c11r1-c7r3 cover c7r3\", \"c4r2-c7r3 cover c7r3\"]", "player[0].routes[1]: c7r3 was covered by an earlier route"),
        ("ruins = [\"c5r3\"]", "ruins = [\"c6r5\"]", "player[0].ruins[0]: c6r5 is not a ruin space"),
        ("towers = []", "towers = [\"c6r5\"]", "player[0].towers[0]: c6r5 is not a tower space"),
        ("explorers = [\"c9r5\"]", "explorers = [\"c9r5\", \"c7r5\", \"c6r4\", \"c5r4\", \"c5r3\"]", "player[1].explorers[4]: c5r3 is an uncovered ruin"),
        ("explorers = [\"c9r5\"]", "explorers = [\"c8r4\", \"c7r4\", \"c7r3\", \"c9r5\", \"c10r4\", \"c11r4\"]", "player[1].explorers: group of c7r3 holds 2 uncovered cities"),
        ("investigate = [\"region-4\"]", "investigate = []", "player[1].investigate: expected 1 card in era 2 before this seat resolves era-II"),
        ("investigate = [\"region-4\"]", "investigate = [\"sea-5\"]", "investigate: \"sea-5\" is kept twice"),
        ("investigate = [\"region-4\"]", "investigate = [\"mix-grass4-sea1\"]", "investigate.discard[0]: \"mix-grass4-sea1\" is in two places"),
        ("discard = [\"mix-grass4-sea1\", \"coinx3-desert-4\", \"line-sea-unlimited\"]", "discard = [\"mix-grass4-sea1\", \"coinx3-desert-4\"]", "investigate.discard: 2 cards but 3 kept"),
        ("treasure = [\"jar\"]", "treasure = [\"two-coins\"]", "player[0].treasure[0]: \"two-coins\" is never kept"),
        ("treasure = [\"jar\"]", "treasure = [\"jar\", \"jar\", \"jar\", \"jar\", \"jar\", \"jar\", \"jar\", \"jar\", \"jar\", \"jar\", \"jar\"]", "treasure: 11 jar cards but the game has 10"),
        ("discard = [\"two-coins\"]", "discard = [\"two-coins\"]\ndeck = [\"jar\"]", "treasure.deck: must list exactly the unseen cards"),
        ("coins = 9", "coins = -1", "player[1].coins: must be an integer ≥ 0"),
        ("objectives = []\n\n[[player]]", "objectives = [\"avenia-1\"]\n\n[[player]]", "player[0].objectives[0]: \"avenia-1\" is not in play"),
        ("treasure = [\"jar\"]", "treasure = [\"jar\"]\nlands_reached = [\"c9r4\", \"c10r4\"]", "player[0].lands_reached[1]: c10r4 is in the same land as c9r4"),
        ("treasure = [\"jar\"]", "treasure = [\"jar\"]\nice_route = true", "player[0].ice_route: map has no ice spaces"),
    ];
    let mut failures = Vec::new();
    for (from, to, expected) in cases {
        let got = refused(from, to);
        if got != *expected {
            failures.push(format!("{from} -> {to}\n   got: {got}\n  want: {expected}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn lands_reached_must_hold_the_lands_of_the_pieces() {
    let map = map::bundled("avenia").unwrap();
    let land = |c: &str| map.land_of[map.parse_cell(c).unwrap()] as usize;
    // Player 0's explorers, village and trading post (its covered ruin is on the sea).
    let required: u32 = ["c7r6", "c9r4", "c7r3"]
        .iter()
        .fold(0, |m, c| m | 1 << land(c));
    let state = read(EXAMPLE).unwrap();
    assert_eq!(
        state.player[0].lands, required,
        "default: the lands of the pieces"
    );
    let first_missing = required.trailing_zeros() as usize;
    let first = map.cell_name(map.lands[first_missing].first().unwrap());
    let text = EXAMPLE.replacen(
        "treasure = [\"jar\"]",
        "treasure = [\"jar\"]\nlands_reached = []",
        1,
    );
    assert_eq!(
        read(&text).unwrap_err(),
        format!("player[0].lands_reached: misses the land of {first}")
    );
    let all: Vec<String> = (0..map.lands.len())
        .map(|l| format!("\"{}\"", map.cell_name(map.lands[l].first().unwrap())))
        .collect();
    let text = EXAMPLE.replacen(
        "treasure = [\"jar\"]",
        &format!("treasure = [\"jar\"]\nlands_reached = [{}]", all.join(", ")),
        1,
    );
    let every = read(&text).unwrap();
    assert_eq!(every.player[0].lands.count_ones() as usize, map.lands.len());
    assert!(
        every.to_text().unwrap().contains("lands_reached"),
        "written when not the default"
    );
}

#[test]
fn exhausted_eras_and_finished_games() {
    let era1 = EXAMPLE
        .replace("era = 2", "era = 1")
        .replace("to_move = 1\nin_progress = []\n", "")
        .replace("played = [\"desert-2\", \"sea-3\"]\ncurrent = \"era-II\"", "played = [\"desert-2\", \"sea-3\", \"mountain-1\", \"grassland-2\", \"wild-2\", \"era-I\"]");
    assert_eq!(
        read(&era1).unwrap_err(),
        "explore: era 1 deck is exhausted; store the position as era 2"
    );
    let between = EXAMPLE.replace("current = \"era-II\"", "");
    assert_eq!(
        read(&between).unwrap_err(),
        "to_move: not allowed between reveals"
    );
}

#[test]
fn a_map_file_path_is_read_and_written_back() {
    let dir = std::env::temp_dir().join(format!("gome-pos-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = map::BUNDLED[0].1.replace("id: avenia", "id: avenia-copy");
    let path = dir.join("avenia-copy.txt");
    std::fs::write(&path, text).unwrap();
    let position = EXAMPLE
        .replace(
            "map = \"avenia\"",
            &format!("map = {:?}", path.display().to_string()),
        )
        .replace("[\"avenia-2\", \"avenia-5\", \"avenia-6\"]", "[]");
    let state = read(&position).unwrap();
    assert_eq!(state.map.id, "avenia-copy");
    let written = state.to_text().unwrap();
    assert!(written.contains("avenia-copy.txt"), "{written}");
    assert_eq!(read(&written).unwrap().hash(), state.hash());
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, map::BUNDLED[0].1.replacen("XT", "QT", 1)).unwrap();
    let message = read(&position.replace("avenia-copy.txt", "bad.txt")).unwrap_err();
    assert!(message.starts_with("map: map bad.txt:"), "{message}");
    assert!(
        message.ends_with("token 'QT': unknown terrain"),
        "{message}"
    );
}

/// A position on a map file records the map's id, the file's name and its hash, never a
/// folder; it reads again wherever its map file is: given to the reader, beside the
/// position, or already loaded. A file of another map is refused, a changed one warned of.
#[test]
fn a_map_file_is_recorded_by_id_and_hash_and_found_again_when_moved() {
    use sha2::{Digest, Sha256};
    let home = std::env::temp_dir().join(format!("gome-moved-{}", std::process::id()));
    let made = home.join("made");
    let moved = home.join("moved");
    std::fs::create_dir_all(&made).unwrap();
    std::fs::create_dir_all(&moved).unwrap();
    let text = map::BUNDLED[0].1.replace("id: avenia", "id: avenia-made");
    std::fs::write(made.join("avenia-made.txt"), &text).unwrap();
    let on_path = EXAMPLE
        .replace(
            "map = \"avenia\"",
            &format!(
                "map = {:?}",
                made.join("avenia-made.txt").display().to_string()
            ),
        )
        .replace("[\"avenia-2\", \"avenia-5\", \"avenia-6\"]", "[]");
    let written = read(&on_path).unwrap().to_text().unwrap();
    let sha: String = Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert!(written.contains("map = \"avenia-made\"\n"), "{written}");
    assert!(
        written.contains("map_file = \"avenia-made.txt\"\n"),
        "{written}"
    );
    assert!(
        written.contains(&format!("map_sha256 = \"{sha}\"\n")),
        "{written}"
    );
    assert!(!written.contains(&made.display().to_string()), "{written}");

    // The same position on a map this process has not loaded: another id, its own hash.
    let unseen = text.replace("id: avenia-made", "id: avenia-moved");
    let unseen_sha: String = Sha256::digest(unseen.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    let position = written
        .replace("avenia-made", "avenia-moved")
        .replace(&sha, &unseen_sha);
    let message = read(&position).unwrap_err();
    assert!(
        message.starts_with("map: map \"avenia-moved\" (sha256 ")
            && message.contains("avenia-moved.txt is not beside the position"),
        "{message}"
    );
    std::fs::write(moved.join("avenia-moved.txt"), &unseen).unwrap();
    let beside = ReadContext {
        base_dir: Some(moved.clone()),
        ..ReadContext::default()
    };
    let (state, warnings) = position::read_position_in(&position, &beside).unwrap();
    assert_eq!((state.map.id.as_str(), warnings.len()), ("avenia-moved", 0));

    let changed = moved.join("changed.txt");
    std::fs::write(&changed, format!("{text}\n")).unwrap();
    let given = ReadContext {
        rules_file: Some(changed.clone()),
        ..ReadContext::default()
    };
    let (_, warnings) = position::read_position_in(&written, &given).unwrap();
    assert_eq!(
        warnings,
        [format!(
            "map file {} differs from the map this position was written with",
            changed.display()
        )]
    );
    let wrong = ReadContext {
        rules_file: Some(moved.join("avenia-moved.txt")),
        ..ReadContext::default()
    };
    let message = position::read_position_in(&written, &wrong)
        .unwrap_err()
        .to_string();
    assert!(
        message.contains("is map \"avenia-moved\", the position is on \"avenia-made\""),
        "{message}"
    );
}

/// Mangled positions are refused (or read), never a panic.
#[test]
fn mangled_positions_never_panic() {
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(9);
    let mut texts = vec![EXAMPLE.to_string()];
    let mut state = State::new_game(3, &mut rng);
    let mut legal = Vec::new();
    let mut outcomes = Vec::new();
    for ply in 0..400 {
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                state.chance_outcomes(&mut outcomes);
                state.apply(outcomes[ply % outcomes.len()].0);
            }
            Turn::Player(_) => {
                state.legal_actions(&mut legal);
                state.apply(legal[ply % legal.len()]);
            }
        }
        if ply % 50 == 0 {
            if let Ok(text) = state.to_text() {
                texts.push(text);
            }
        }
    }
    let swaps = [
        ("0", "99999"),
        ("1", "-1"),
        ("c", "r"),
        ("[", "[\"c0r0\", "),
        ("\"", ""),
        ("true", "3"),
        ("era-I\"", "era-I\", \"era-I\""),
        ("jar", "two-coins"),
        ("= [", "= [\"c1r1\", \"c17r0\", "),
        ("cover", "cover c1r1 cover"),
    ];
    let mut parsed = 0;
    for text in &texts {
        let lines: Vec<&str> = text.lines().collect();
        for skip in 0..lines.len() {
            let without: Vec<&str> = lines
                .iter()
                .enumerate()
                .filter(|&(i, _)| i != skip)
                .map(|(_, l)| *l)
                .collect();
            let _ = State::from_text(&without.join("\n"));
            parsed += 1;
        }
        for (from, to) in swaps {
            for (i, _) in text.match_indices(from).take(40) {
                let mangled = format!("{}{to}{}", &text[..i], &text[i + from.len()..]);
                let _ = State::from_text(&mangled);
                parsed += 1;
            }
        }
    }
    assert!(parsed > 500);
}

#[test]
fn a_finished_game_reads_back_and_has_no_explorers() {
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(12);
    let mut state = State::new_game(1, &mut rng);
    let (mut legal, mut outcomes) = (Vec::new(), Vec::new());
    let mut ply = 0;
    while state.turn() != Turn::Terminal {
        ply += 1;
        if state.turn() == Turn::Chance {
            state.chance_outcomes(&mut outcomes);
            state.apply(outcomes[ply % outcomes.len()].0);
        } else {
            state.legal_actions(&mut legal);
            state.apply(legal[ply % legal.len()]);
        }
    }
    let text = state.to_text().unwrap();
    let back = read(&text).unwrap();
    assert_eq!(back.turn(), Turn::Terminal);
    assert_eq!(back.score(0), state.score(0));
    let with_explorer = text.replacen("explorers = []", "explorers = [\"c9r5\"]", 1);
    assert_eq!(
        read(&with_explorer).unwrap_err(),
        "player[0].explorers: a finished game has no explorers"
    );
}
