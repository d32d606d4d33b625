//! Position reading and writing (spec §11): round trips over random play, the spec's
//! example, every refusal with its field path, and positions written by the Python
//! reference model.

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::components::Components;
use super::position::{
    is_at_rest, read_position, read_position_with, write_position, Position, ReadOptions,
};
use super::setup::{new_game_seeded, NewGame};
use super::state::State;
use crate::game::{Tracked, Turn};

fn comp() -> &'static Components {
    Components::builtin()
}

fn read(text: &str) -> Position {
    read_position_with(text, &ReadOptions::default())
        .unwrap_or_else(|e| panic!("{e}\n--- text ---\n{text}"))
}

/// Reads `text` back and checks it gives `state` with the same hash, and that writing
/// the result gives `text` again.
fn check_round_trip(state: &State, text: &str) {
    let p = read(text);
    // A finished compound action leaves nothing on the stack (`State::advance`), so the
    // state read back is the same state, hash included.
    assert_eq!(p.tracked.state, *state, "read(write(s)) != s\n{text}");
    assert_eq!(p.tracked.state.hash_value(), state.hash_value());
    assert_eq!(p.tracked.state.hash_value(), p.tracked.state.compute_hash());
    let again = p.tracked.to_text().unwrap();
    assert_eq!(again, text, "write(read(write(s))) != write(s)");
}

/// Plays a random game as far as the engine goes, checking the round trip at every state.
/// Returns the states at rest met (for the perft files).
fn random_game(
    players: usize,
    seed: u64,
    options: NewGame,
    seen: &mut std::collections::BTreeSet<String>,
) -> usize {
    let s = new_game_seeded(comp(), players, seed, options);
    let mut t = Tracked::new(s);
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x5eed);
    let mut checked = 0;
    for _ in 0..4000 {
        let text = t.to_text().unwrap();
        check_round_trip(&t.state, &text);
        checked += 1;
        seen.insert(format!("{:?}/{}", t.state.phase, t.since.is_empty()));
        if is_at_rest(&t.state) {
            assert_eq!(write_position(&t.state).unwrap(), text);
        }
        let action = match t.state.turn() {
            Turn::Terminal => break,
            Turn::Chance => t.state.sample_chance(&mut rng),
            Turn::Player(_) => {
                // Prefer moves that keep the game inside what the engine builds.
                let legal = t.state.legal();
                let going: Vec<_> = legal
                    .iter()
                    .copied()
                    .filter(|&a| {
                        let mut child = t.state;
                        child.apply(a);
                        child.unimplemented().is_none()
                    })
                    .collect();
                match going.choose(&mut rng).or(legal.choose(&mut rng)) {
                    Some(&a) => a,
                    None => break,
                }
            }
        };
        t.apply(action);
    }
    checked
}

#[test]
fn random_play_round_trips_at_every_state() {
    let mut total = 0;
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..48u64 {
        let players = 1 + (seed % 4) as usize;
        let options = NewGame {
            intro: seed % 3 == 1,
            hide_decks: seed % 2 == 1,
        };
        total += random_game(players, seed, options, &mut seen);
    }
    assert!(total > 1000, "{total} states checked");
    // Every rest kind the engine reaches, and states inside compound actions.
    for kind in [
        "Draft/true",
        "Discard/true",
        "Artifact/true",
        "Start/true",
        "Start/false",
        "Place/true",
        "Movement/true",
        "Actions/true",
        "Actions/false",
        "Remove/true",
        "Influence/true",
        "Influence/false",
        "Development/false",
        "Development/true",
        "Refresh/true",
        "Refresh/false",
        "Over/true",
    ] {
        assert!(
            seen.contains(kind),
            "{kind} not reached: {seen:?} ({total} states)"
        );
    }
}

#[test]
fn a_new_game_writes_and_reads_back() {
    for players in 1..=4 {
        let s = new_game_seeded(comp(), players, 3, NewGame::default());
        let text = write_position(&s).unwrap();
        check_round_trip(&s, &text);
        assert_eq!(read_position(&text).unwrap(), s);
    }
}

const EXAMPLE: &str = include_str!("../../../data/golem_cranio/positions/spec-example.toml");

/// The example with each `(from, to)` replaced once (each `from` must occur).
fn edited(edits: &[(&str, &str)]) -> String {
    let mut text = EXAMPLE.to_string();
    for (from, to) in edits {
        assert!(text.contains(from), "{from:?} is not in the example");
        text = text.replacen(from, to, 1);
    }
    text
}

fn refusal(edits: &[(&str, &str)]) -> String {
    match read_position(&edited(edits)) {
        Ok(_) => "accepted".into(),
        Err(e) => e.to_string(),
    }
}

/// Each edit of the example, and the refusal it must give (spec §11 "Validation").
const REFUSALS: &[(&[(&str, &str)], &str)] = &[
    (
        &[("phase = \"actions\"", "phase = \"over\"")],
        "phase: the game ends after round 4, not in round 2",
    ),
    (&[("game = \"golem-cranio\"", "game = \"golem\"")], "game: expected \"golem-cranio\", found \"golem\""),
    (&[("round = 2\n", "")], "round: missing field"),
    (&[("round = 2\n", "round = 2\ncolour = 1\n")], "colour: unknown field (expected one of: game, components, components_sha256, players, round, phase, stage, turn_order, to_move, in_progress, palace, districts, library, synagogue, cemetery, objectives, setup, player)"),
    (&[("players = 2", "players = \"2\"")], "players: expected an integer, found string"),
    (&[("players = 2", "players = 5")], "players: players 5 is outside 1-4"),
    (&[("round = 2", "round = 5")], "round: round 5 is outside 1-4"),
    (&[("phase = \"actions\"", "phase = \"fight\"")], "phase: unknown phase \"fight\" (expected one of: draft, discard, artifact, start, place, refresh, movement, actions, remove, influence, income, development, over)"),
    (&[("stage = \"main\"", "stage = \"final\"")], "stage: unknown stage \"final\" (expected one of: main, passing1, passing2)"),
    (&[("phase = \"actions\"", "phase = \"draft\"")], "phase: setup phase \"draft\" in round 2"),
    (&[("round = 2", "round = 1"), ("phase = \"actions\"", "phase = \"refresh\"")], "phase: no refresh in round 1"),
    (&[("stage = \"main\"", "stage = \"passing1\"")], "stage: a passing stage while nobody holds a Pass tile"),
    (&[("turn_order = [1, 0]", "turn_order = [1, 1]")], "turn_order: seat 1 is listed twice"),
    (&[("round = 2", "round = 1")], "turn_order: round 1 keeps the seat order [0, 1] until Turn Order"),
    (&[("to_move = 0", "to_move = 2")], "to_move: 2 is not a seat 0-1"),
    (&[("to_move = 0", "to_move = 1")], "to_move: seat 1 has no actions left"),
    (&[("\"CH01\"", "\"CH13\"")], "palace.characters[0]: \"CH13\" is not a Character (CH01 to CH12)"),
    (&[("row = [\"B03\"", "row = [\"B05\"")], "player[0].columns[0][0]: \"B05\" is also at library.row[0]"),
    (&[("\"CH01\", \"CH05\", \"CH03\", \"CH08\"", "\"CH08\", \"CH05\", \"CH03\", \"CH01\"")], "palace.characters[0]: CH08 is a deck IV Character; this space takes deck I-III"),
    (&[("\"NR01\", \"NR02\"", "\"NR02\", \"NR01\"")], "districts.red[1]: tiles go in ascending number"),
    (&[("\"NR01\", \"NR02\"", "\"NY02\", \"NR02\"")], "districts.red[0]: NY02 is not a red tile"),
    (&[("\"B30\", \"B35\"]", "\"B30\", \"B35\", \"B36\"]")], "library.row: 6 Books for 5 slots"),
    (&[(", \"B35\"]", "]")], "library.row: 4 Books in the row while the deck has cards"),
    (&[("bottom = []\n\n[synagogue]", "deck = [\"B01\"]\n\n[synagogue]")], "library.deck: not exactly the unseen cards of its kind (missing: B02, B04, B06, B07, B08, B09, B10, B11, B12, B13, B14, B15, B16, B18, B19, B20, B21, B23, B24, B25, B26, B27, B28, B29, B31, B32, B34, B36, B37, B38)"),
    (&[("bottom = []\n\n[synagogue]", "deck = []\nbottom = []\n\n[synagogue]")], "library.bottom: given together with library.deck"),
    (&[(", \"AT09\"]", "]")], "synagogue.tiles: expected 3 Action tiles (players + 1), found 2"),
    (&[("\"AT02\", \"AT07\"", "\"AT05\", \"AT07\"")], "synagogue.discards[0]: \"AT05\" is also at synagogue.tiles[0]"),
    (&[("rabbis = [-1, 1, -1]", "rabbis = [1, 1, -1]")], "synagogue.rabbis[1]: seat 1's Rabbi is placed twice"),
    (&[("phase = \"actions\"", "phase = \"influence\"")], "synagogue.rabbis[1]: Rabbis stand on the Synagogue only in the actions and remove phases, not in influence"),
    (&[("phase = \"actions\"", "phase = \"movement\""), ("rabbis = [-1, 1, -1]", "rabbis = [-1, -1, -1]"), ("stage = \"main\"\n", "")], "player[0].marbles: no marbles are taken in phase movement"),
    (&[("\"wr\", \"kb\"", "\"wwr\", \"kb\"")], "synagogue.lines: 4 w marble(s) in the lines, taken and removed; 2 players play with 3"),
    (&[("marbles = \"w\"", "marbles = \"wrb\"")], "player[0].marbles: 3 marbles taken; a player takes at most 2"),
    (&[("w = \"142\"", "w = \"14\"")], "synagogue.drops[0].w: \"14\" gives 2 line(s) for the 3 marble(s) of this colour"),
    (&[("w = \"142\"", "w = \"162\"")], "synagogue.drops[0].w: '6' is not a line 1-5"),
    (&[("students = [3, 1, 2]", "students = [3, 1]")], "player[0].students: expected 3 sections (red, yellow, blue), found 2"),
    (&[("[[\"B05\", \"B33=r\"], [], [], [], []]", "[[\"B05\", \"B33=r\"], [], [], []]")], "player[0].columns: expected 5 columns, found 4"),
    (&[("gold = [1, 2, 0, 0]", "gold = [1, 2, 0]")], "player[0].gold: expected 4 cauldrons, found 3"),
    (&[("pass_tiles = [-1, -1, -1, -1]", "pass_tiles = [-1, 0, -1, -1]")], "synagogue.pass_tiles[1]: Pass tiles are taken lowest first"),
    (&[("pass_tiles = [-1, -1, -1, -1]", "pass_tiles = [0, -1, -1, -1]")], "player[0].passes: passes = 0 for a Pass-tile holder"),
    (&[("passes = 0", "passes = 3")], "player[0].passes: passes 3 is outside 0-2"),
    (&[("pass_tiles = [-1, -1, -1, -1]", "pass_tiles = [0, -1, -1, -1]"), ("passes = 0", "passes = 2")], "player[0].passes: passes = 2 in the main stage (a second pass happens in a passing stage)"),
    (&[("passes = 0", "passes = 1")], "player[0].passes: passes = 1 without a Pass tile"),
    (&[("students = [3, 1, 2]", "students = [11, 1, 2]")], "player[0].students[0]: section 11 is outside 1-10"),
    (&[("golems = [\"b1\", \"y1\"]", "golems = [\"b1\", \"y1\", \"r11\"]")], "player[1].golems[2]: section 11 is outside 1-10"),
    (&[("golems = [\"r1l\", \"r3\", \"y2\"]", "golems = [\"r1l\", \"r3\", \"y2\", \"y2\", \"b4\", \"b5\"]")], "player[0].golems: 6 on the board + 1 in the Cemetery is above 6"),
    (&[("golems = [\"r1l\", \"r3\", \"y2\"]", "golems = [\"r1l\", \"r3\", \"y2\", \"y2\", \"b4\", \"b5\", \"b6\"]")], "player[0].golems: more than 6 Golems"),
    (&[("spaces = [0, -1, -1]", "spaces = [0, -1, -1, -1]")], "cemetery.spaces: 2 players have 3 limited Cemetery spaces in play, found 4 entries"),
    (&[("study = 2", "study = 11")], "player[0].study: space 11 is outside the Study track 0-10"),
    (&[("golem_track = 5", "golem_track = 13")], "player[0].golem_track: space 13 is outside the Golem track 1-12"),
    (&[("[\"a3/2@4.1\", \"g4\", \"s1\"]", "[\"a3/2@4.1\", \"g4\", \"g4\"]")], "player[0].developments[2]: g4 is listed twice"),
    (&[("[\"a3/2@4.1\", \"g4\", \"s1\"]", "[\"a3/2@4.1\", \"g7\"]")], "player[0].developments[1]: \"g7\" is not a Development (a1-a6, g1-g6, s1-s6)"),
    (&[("[\"a3/2@4.1\", \"g4\", \"s1\"]", "[\"a3\", \"g4\"]")], "player[0].developments[0]: a3 needs a side and a free Artifact-tile space, like a3/2@4.1"),
    (&[("[\"a3/2@4.1\", \"g4\", \"s1\"]", "[\"a3/2@4.1\", \"a4/1@4.1\"]")], "player[0].developments[1]: space 4.1 already holds a Development"),
    (&[("[\"a3/2@4.1\", \"g4\", \"s1\"]", "[\"a3/3@4.1\"]")], "player[0].developments[0]: side \"3\" is not 1 or 2"),
    (&[("[\"a3/2@4.1\", \"g4\", \"s1\"]", "[\"a3/1@5.1\"]")], "player[0].developments[0]: \"5.1\" is not an Artifact-tile space (1.1, 1.2, 2.1, 2.2, 3.1, 3.2, 4.1, 4.2)"),
    (&[("[\"B05\", \"B33=r\"]", "[\"B05\", \"B09\"]")], "player[0].columns[0][1]: a column holds Books of one colour"),
    (&[("[[\"B05\", \"B33=r\"], []", "[[\"B05\", \"B33=r\"], [\"B01\"]")], "player[0].columns[1]: two columns of colour r"),
    (&[("[\"B05\", \"B33=r\"]", "[\"B05\", \"B33=r\", \"B01\", \"B02\", \"B04\", \"B06\"]")], "player[0].columns[0]: 6 Books; a column holds at most 5"),
    (&[("[\"B05\", \"B33=r\"]", "[\"B05\", \"B33\"]")], "player[0].columns[0][1]: black Book B33 needs its colour, like B33=r"),
    (&[("[\"B05\", \"B33=r\"]", "[\"B05=r\", \"B33=r\"]")], "player[0].columns[0][0]: only a black Book takes a colour; B05 is red"),
    (&[("gold = [1, 2, 0, 0]", "gold = [2, 2, 0, 0]")], "player[0].gold[0]: 2 Gold above the cauldron's capacity 1"),
    (&[("menorahs = \"\"\ndevelopments = [\"a3", "menorahs = \"r\"\ndevelopments = [\"a3")], "player[0].menorahs: the 'r' token is also on the board"),
    (&[("menorahs = \"ryb\"", "menorahs = \"yb\""), ("menorahs = \"\"\ndevelopments = [\"a3", "menorahs = \"r\"\ndevelopments = [\"a3"), ("menorahs = \"\"\ndevelopments = []", "menorahs = \"r\"\ndevelopments = []")], "player[1].menorahs: the 'r' token is also held by player 0"),
    (&[("students = [3, 1, 2]", "students = [8, 1, 2]")], "districts.menorahs: the 'r' token is on the board while player 0's Student is on section 8"),
    (&[("clay = 1", "clay = -1")], "player[0].clay: -1 is negative"),
    (&[("in_progress = []", "in_progress = [\"fly\"]")], "in_progress[0]: \"fly\": 'fly' is not a micro-action"),
    (&[("in_progress = []", "in_progress = [\"rabbi 2\"]")], "in_progress[0]: \"rabbi 2\": 'rabbi 2' is not legal here"),
    (&[("players = 2", "players = 2 2")], "toml: line 5, column 13: expected newline, `#`"),
    (&[("vp = 12", "vp = 12\nscore = 1")], "player[0].score: unknown field (expected one of: vp, clay, coin, knowledge, study, golem_track, students, golems, marbles, passes, no_control_cost, menorahs, developments, columns, artifact_tile, gold, objectives, pack, drafted, starting_tiles)"),
    (&[("components = \"builtin\"", "components = \"no/such/file.json\"")], "components: cannot read no/such/file.json: No such file or directory (os error 2)"),
    (&[("objectives = [\"O01\", \"O16\", \"?\"]", "objectives = [\"O01\", \"O16\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\", \"?\"]")], "player[1].objectives[2]: 26 cards are ? but only 25 Objectives are unseen"),
    (&[("objectives = [\"O01\", \"O16\", \"?\"]", "objectives = [\"O01\", \"O16\", \"?\"]\npack = [\"O02\"]")], "player[0].pack: only in the setup phases"),
    (&[("artifact_tile = \"A2\"", "artifact_tile = \"B2\"")], "player[1].artifact_tile: \"B\" is also at player[0].artifact_tile"),
    (&[("artifact_tile = \"A2\"", "artifact_tile = \"\"")], "player[1].artifact_tile: missing: the player has taken an Artifact tile by now"),
    (&[("phase = \"actions\"", "phase = \"influence\""), ("rabbis = [-1, 1, -1]", "rabbis = [-1, -1, -1]"), ("stage = \"main\"\n", ""), ("marbles = \"w\"", "marbles = \"wb\""), ("\"kb\"", "\"k\"")], "to_move: seat 0's marbles do not match the active Character CH05"),
    (&[("phase = \"actions\"", "phase = \"remove\""), ("stage = \"main\"", "stage = \"passing1\""), ("pass_tiles = [-1, -1, -1, -1]", "pass_tiles = [1, -1, -1, -1]"), ("passes = 0\nno_control_cost = false\nmenorahs = \"\"\ndevelopments = []", "passes = 1\nno_control_cost = false\nmenorahs = \"\"\ndevelopments = []")], "to_move: the holder of Pass tile 1 removes a marble"),
    (&[("phase = \"actions\"", "phase = \"movement\""), ("rabbis = [-1, 1, -1]", "rabbis = [-1, -1, -1]"), ("stage = \"main\"\n", ""), ("marbles = \"w\"", "marbles = \"\""), ("marbles = \"by\"", "marbles = \"\""), ("\"wr\", \"kb\", \"\", \"wy\"", "\"wwr\", \"kbb\", \"\", \"wyy\""), ("golems = [\"b1\", \"y1\"]", "golems = []"), ("to_move = 0", "to_move = 1")], "to_move: seat 1 has no Golem to move"),
    (&[("bottom = []\n\n[[player]]", "bottom = [\"O99\"]\n\n[[player]]")], "objectives.bottom[0]: \"O99\" is not an Objective or ? (O01 to O27)"),
    (&[("bottom = []\n\n[[player]]", "deck = [\"?\"]\n\n[[player]]")], "objectives.deck[0]: \"?\" is not an Objective (O01 to O27)"),
    (&[("objectives = [\"?\", \"?\", \"?\"]", "objectives = [\"?\", \"?\", \"?\", \"O02\"]"), ("bottom = []\n\n[[player]]", "deck = [\"O03\"]\n\n[[player]]")], "objectives.deck: not exactly the unseen Objectives (missing: O04, O05, O06, O07, O08, O09, O10, O11, O12, O13, O14, O15, O17, O18, O19, O20, O21, O22, O23, O24, O25, O26, O27)"),
    (&[("[[\"B05\", \"B33=r\"], []", "[[\"B05\", \"B33=r\"], [\"B34=r\"]")], "player[0].columns[1]: two columns of colour r"),
];

#[test]
fn every_refusal_names_its_field() {
    for (edits, expected) in REFUSALS {
        assert_eq!(refusal(edits), *expected, "{edits:?}");
    }
}

#[test]
fn the_spec_example_reads_and_round_trips() {
    let p = read(EXAMPLE);
    let s = p.tracked.state;
    assert_eq!((s.num_players, s.round), (2, 2));
    assert_eq!(s.to_move, 0);
    assert_eq!(s.players[1].marbles.total(), 2);
    assert!(s.finished(1));
    assert_eq!(s.board.drop_count, 1);
    assert!(p.warnings.is_empty());
    // The four ? are filled from the 25 unseen Objectives, marked guessed.
    assert_eq!(p.guessed.len(), 4);
    assert_eq!(p.guessed[0].0, "player[0].objectives[2]");
    assert_eq!(s.players[0].objectives.count_ones(), 3);
    assert_eq!(s.players[1].objectives.count_ones(), 3);
    assert_eq!(s.board.objective_deck.len(), 27 - 6);
    assert!(!s.board.objective_deck.is_known());
    // Another seed guesses differently, the same seed the same.
    let other = read_position_with(
        EXAMPLE,
        &ReadOptions {
            seed: 9,
            ..Default::default()
        },
    )
    .unwrap();
    assert_ne!(other.guessed, p.guessed);
    assert_eq!(read(EXAMPLE).guessed, p.guessed);
    let text = write_position(&s).unwrap();
    check_round_trip(&s, &text);
    assert!(text.contains("components_sha256 = \""));
}

#[test]
fn in_progress_is_replayed_and_written_back() {
    let text = edited(&[("in_progress = []", "in_progress = [\"marble work w\"]")]);
    let p = read(&text);
    assert_eq!(p.tracked.since.len(), 1);
    assert!(!is_at_rest(&p.tracked.state), "inside the Work action");
    assert!(write_position(&p.tracked.state).is_err());
    let written = p.tracked.to_text().unwrap();
    assert!(
        written.contains("in_progress = [\"marble work w\"]"),
        "{written}"
    );
    check_round_trip(&p.tracked.state, &written);
    // One more micro-action inside the same action.
    let next = p.tracked.state.legal()[0].to_text();
    let two = format!("in_progress = [\"marble work w\", \"{next}\"]");
    let text = edited(&[("in_progress = []", &two)]);
    let p = read(&text);
    assert_eq!(p.tracked.since.len(), 2);
    let written = p.tracked.to_text().unwrap();
    check_round_trip(&p.tracked.state, &written);
    // A micro-action that is not legal names its entry.
    let text = edited(&[(
        "in_progress = []",
        "in_progress = [\"marble work w\", \"fly\"]",
    )]);
    assert_eq!(
        read_position(&text).unwrap_err().to_string(),
        "in_progress[1]: \"fly\": 'fly' is not a micro-action"
    );
    // A later phase: the Development decision replays too.
    let development =
        include_str!("../../../data/golem_cranio/positions/python/p2-r1-development.toml")
            .replace("in_progress = []", "in_progress = [\"skip\"]");
    let p = read(&development);
    assert_eq!(p.tracked.since, vec![super::action::Action::Skip]);
}

#[test]
fn influence_needs_matching_marbles() {
    let text = edited(&[
        ("phase = \"actions\"", "phase = \"influence\""),
        ("rabbis = [-1, 1, -1]", "rabbis = [-1, -1, -1]"),
        ("stage = \"main\"\n", ""),
        ("marbles = \"w\"", "marbles = \"wr\""),
        ("\"wr\", \"kb\"", "\"w\", \"kb\""),
    ]);
    let s = read(&text).tracked.state;
    assert_eq!(s.phase, super::state::Phase::Influence);
    check_round_trip(&s, &write_position(&s).unwrap());
}

#[test]
fn a_different_components_hash_warns() {
    let text = edited(&[(
        "components = \"builtin\"",
        "components = \"builtin\"\ncomponents_sha256 = \"00ff\"",
    )]);
    let p = read(&text);
    assert_eq!(p.warnings.len(), 1);
    assert!(p.warnings[0].starts_with("components_sha256: the position was written with components sha256 00ff, read with builtin (sha256 "), "{}", p.warnings[0]);
}

/// At the start of Refresh the engine writes every marble returned (its first step), the
/// model where they were: the model's lines, taken and removed marbles read as returned.
fn refresh_returned(text: &str, line: &str) -> String {
    if !text.contains("phase = \"refresh\"") {
        return line.to_string();
    }
    if line.starts_with("lines = ") {
        "lines = [\"\", \"\", \"\", \"\", \"\"]".into()
    } else if line.starts_with("marbles = ") {
        "marbles = \"\"".into()
    } else if line.starts_with("removed = ") {
        "removed = \"\"".into()
    } else {
        line.to_string()
    }
}

/// Positions at rest written by the Python reference model over whole random games
/// (`scripts/golem_positions_from_reference.py`): every phase of every round, 1-4
/// players, known and hidden decks. Rust reads each and writes it back to the same text
/// (apart from the `components_sha256` line, which the model does not write).
#[test]
fn positions_written_by_the_reference_model_read_and_write_back() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/golem_cranio/positions/python");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    assert!(files.len() >= 90, "{} files", files.len());
    let mut failures = Vec::new();
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        // The discard pile is a set: the engine writes it in ascending id, the model in
        // discard order. An empty tile pile is left out (the model writes `pile = []` when
        // it knew the pile's order).
        let body: String = text
            .lines()
            .filter(|l| !l.starts_with('#') && *l != "pile = []")
            .map(|l| refresh_returned(&text, l))
            .map(|l| match l.strip_prefix("discards = [") {
                Some(rest) => {
                    let mut ids: Vec<&str> = rest
                        .trim_end_matches(']')
                        .split(", ")
                        .filter(|s| !s.is_empty())
                        .collect();
                    ids.sort();
                    format!("discards = [{}]\n", ids.join(", "))
                }
                None => format!("{l}\n"),
            })
            .collect();
        let written = match read_position(&text) {
            Ok(s) => write_position(&s).unwrap(),
            Err(e) => {
                failures.push(format!("{}: {e}", path.display()));
                continue;
            }
        };
        let ours: String = written
            .lines()
            .filter(|l| !l.starts_with("components_sha256"))
            .map(|l| format!("{l}\n"))
            .collect();
        if ours != body {
            let diff: Vec<String> = ours
                .lines()
                .zip(body.lines())
                .filter(|(a, b)| a != b)
                .take(3)
                .map(|(a, b)| format!("rust {a:?} / model {b:?}"))
                .collect();
            failures.push(format!("{}: {}", path.display(), diff.join("; ")));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Every line of the example left out, and every number replaced by odd values: a
/// refusal or a position, never a panic.
#[test]
fn mangled_positions_never_panic() {
    let lines: Vec<&str> = EXAMPLE.lines().collect();
    let mut texts = Vec::new();
    for i in 0..lines.len() {
        let mut l = lines.clone();
        l.remove(i);
        texts.push(l.join("\n"));
        for odd in ["-1", "0", "7", "99", "300", "-40000", "\"x\"", "[]", "[[]]"] {
            if let Some((key, _)) = lines[i].split_once(" = ") {
                let mut l = lines.clone();
                let changed = format!("{key} = {odd}");
                l[i] = &changed;
                texts.push(l.join("\n"));
            }
        }
    }
    for text in &texts {
        let result = std::panic::catch_unwind(|| read_position(text).map(|_| ()));
        assert!(result.is_ok(), "panicked on:\n{text}");
    }
}

/// A components file given by a path relative to the position's directory is loaded once
/// (so the states read with it compare equal), written back by its path with its hash,
/// and a broken one is refused under `components.<json path>`.
#[test]
fn a_components_path_is_loaded_relative_to_the_base_directory() {
    let dir = std::env::temp_dir().join(format!("golem-position-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let json = super::components::BUILTIN_JSON.replacen("\"players\"", "\"players\" ", 1);
    std::fs::write(dir.join("owner.json"), &json).unwrap();
    let text = edited(&[("components = \"builtin\"", "components = \"owner.json\"")]);
    let options = ReadOptions {
        base_dir: Some(dir.clone()),
        ..Default::default()
    };
    let a = read_position_with(&text, &options).unwrap();
    let b = read_position_with(&text, &options).unwrap();
    assert!(
        std::ptr::eq(a.tracked.state.comp.0, b.tracked.state.comp.0),
        "loaded once"
    );
    assert_eq!(a.tracked.state, b.tracked.state);
    assert!(!std::ptr::eq(a.tracked.state.comp.0, comp()));
    let written = write_position(&a.tracked.state).unwrap();
    let path = std::fs::canonicalize(dir.join("owner.json")).unwrap();
    assert!(
        written.contains(&format!("components = {:?}", path.display().to_string())),
        "{written}"
    );
    assert!(written.contains(&a.tracked.state.comp.info.sha256));
    // The written path is absolute: it reads back from anywhere.
    let again = read_position(&written).unwrap();
    assert_eq!(again, a.tracked.state);
    // A broken file: every problem, the first naming the field.
    std::fs::write(dir.join("broken.json"), BROKEN).unwrap();
    let text = edited(&[("components = \"builtin\"", "components = \"broken.json\"")]);
    let e = read_position_with(&text, &options).unwrap_err();
    assert_eq!(e.field, "components");
    assert!(e.message.starts_with("invalid JSON"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

const BROKEN: &str = "{ not json";

/// From every reference-model position the engine can decide, each legal micro-action is
/// applied and the child (at rest or inside its action) written and read back: the later
/// rounds' states the engine's own random play does not reach yet.
#[test]
fn children_of_the_reference_model_positions_round_trip() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/golem_cranio/positions/python");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    let mut children = 0;
    for path in &files {
        let p = read(&std::fs::read_to_string(path).unwrap());
        if p.tracked.state.turn() == Turn::Chance || p.tracked.state.unimplemented().is_some() {
            continue;
        }
        for a in p.tracked.state.legal() {
            let mut t = p.tracked.clone();
            t.apply(a);
            let text = t.to_text().unwrap();
            check_round_trip(&t.state, &text);
            children += 1;
        }
    }
    assert!(children > 300, "{children} children");
}

#[test]
fn a_solo_game_has_no_draft() {
    let text = include_str!("../../../data/golem_cranio/positions/python/p1-r1-discard.toml")
        .replace("phase = \"discard\"", "phase = \"draft\"");
    assert_eq!(
        read_position(&text).unwrap_err().to_string(),
        "phase: a solo game has no draft (it starts with the discard)"
    );
}

/// Spec §15.15: "two texts that reach the same state (board and pending work, after forced
/// steps) are one action". With two standing Golems and `work 2`, picking `act y4` then
/// `act b1` or `act b1` then `act y4` reaches one state, so the picks are forced and the
/// next turn follows (found by the differential test against the reference model, which
/// reads it so; the engine used to compare children before their forced steps).
#[test]
fn work_picks_with_one_result_in_either_order_are_forced() {
    let mut s = read(WORK_TWO).tracked.state;
    for text in ["marble work y", "work 2"] {
        let a = s
            .parse_action(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        s.apply(a);
    }
    let texts: Vec<String> = s.legal().iter().map(|a| a.to_text()).collect();
    assert!(texts.iter().all(|t| !t.starts_with("act ")), "{texts:?}");
    assert!(texts.iter().any(|t| t.starts_with("marble ")), "{texts:?}");
}

/// A 2-player round-1 Actions turn written by the reference model (trace seed 2000).
const WORK_TWO: &str = r#"
game = "golem-cranio"
components = "builtin"
players = 2
round = 1
phase = "actions"
stage = "main"
turn_order = [0, 1]
to_move = 1
in_progress = []

[palace]
characters = ["CH02", "CH04", "CH05", "CH11"]

[districts]
red = ["NR01", "NR03", "NR04", "NR05", "NR06", "NR07", "NR08"]
yellow = ["NY01", "NY03", "NY04", "NY05", "NY07", "NY09", "NY10"]
blue = ["NB01", "NB02", "NB05", "NB06", "NB07", "NB08", "NB10"]
menorahs = "ryb"

[library]
row = ["B03", "B38", "B07", "B15", "B01"]
deck = ["B11", "B14", "B18", "B02", "B34", "B29", "B06", "B10", "B05", "B23", "B31", "B20", "B19", "B25", "B24", "B27", "B12", "B17", "B22", "B04", "B28", "B32", "B08", "B37", "B13", "B16", "B35", "B26", "B09", "B21", "B30", "B33", "B36"]

[synagogue]
lines = ["ryy", "k", "r", "wwb", "w"]
tiles = ["AT12", "AT04", "AT09"]
rabbis = [-1, -1, -1]
bottom_rabbis = []
discards = []
pile = ["AT02", "AT05", "AT03", "AT08", "AT10", "AT07", "AT11", "AT01", "AT06"]
removed = ""
pass_tiles = [-1, -1, -1, -1]

[cemetery]
spaces = [-1, -1, -1]
unlimited = [0, 0]

[objectives]
deck = ["O25", "O08", "O26", "O07", "O27", "O06", "O10", "O05", "O03", "O14", "O21", "O16", "O15", "O12", "O23", "O01", "O02", "O19", "O22", "O20", "O11"]

[[player]]
vp = 13
clay = 1
coin = 0
knowledge = 0
study = 0
golem_track = 3
students = [2, 1, 2]
golems = ["r4", "y1"]
marbles = "b"
passes = 0
no_control_cost = false
menorahs = ""
developments = ["a2/2@1.1"]
columns = [[], [], [], [], []]
artifact_tile = "C2"
gold = [0, 0, 0, 0]
objectives = ["O04", "O13", "O17"]

[[player]]
vp = 10
clay = 2
coin = 0
knowledge = 4
study = 0
golem_track = 3
students = [1, 1, 1]
golems = ["y4", "b1"]
marbles = ""
passes = 0
no_control_cost = false
menorahs = ""
developments = []
columns = [[], [], [], [], []]
artifact_tile = "D1"
gold = [0, 0, 0, 0]
objectives = ["O09", "O18", "O24"]
"#;
