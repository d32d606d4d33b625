//! The picture of a position: every position file and states of random games render as
//! well-formed XML holding exactly one shape per piece of the state.

use std::collections::BTreeMap;

use rand::seq::IndexedRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::components::Components;
use super::golems::DISTRICT_LETTERS;
use super::position::read_position;
use super::setup::{new_game_seeded, NewGame};
use super::state::{Phase, State, LINES, LINE_NAMES, NONE};
use super::svg::to_svg;
use crate::game::Turn;

fn has_class(node: &roxmltree::Node, class: &str) -> bool {
    node.attribute("class")
        .is_some_and(|c| c.split_whitespace().any(|t| t == class))
}

fn with_class<'a, 'i>(
    doc: &'a roxmltree::Document<'i>,
    class: &str,
) -> Vec<roxmltree::Node<'a, 'i>> {
    doc.descendants().filter(|n| has_class(n, class)).collect()
}

/// The document draws `expected` elements of `class` (`what` names them in a failure).
fn count(doc: &roxmltree::Document, class: &str, expected: usize, label: &str, what: &str) {
    assert_eq!(
        with_class(doc, class).len(),
        expected,
        "{label}: {what} ({class})"
    );
}

fn attr(node: &roxmltree::Node, name: &str) -> String {
    node.attribute(name).unwrap_or("").to_string()
}

/// `(seat, what)` pairs sorted, for comparing multisets.
fn sorted(mut v: Vec<(String, String)>) -> Vec<(String, String)> {
    v.sort();
    v
}

/// Renders `s`, parses it as XML and checks that every piece of the state is drawn once.
fn check(s: &State, label: &str) {
    check_svg(s, &to_svg(s), label);
}

/// Checks that `svg` is well-formed and draws every piece of `s` exactly once.
fn check_svg(s: &State, svg: &str, label: &str) {
    let doc = roxmltree::Document::parse(svg)
        .unwrap_or_else(|e| panic!("{label}: not well-formed XML: {e}"));
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg", "{label}");
    let n = s.num_players as usize;
    let seats = 0..n;

    // One panel per player; the player to move outlined.
    count(&doc, "player-panel", n, label, "panels");
    let outlined: Vec<String> = with_class(&doc, "to-move")
        .iter()
        .map(|p| attr(p, "data-seat"))
        .collect();
    let expected: Vec<String> = if s.chance == super::state::Chance::None
        && s.to_move != NONE
        && !matches!(s.phase, Phase::Over | Phase::Refresh)
    {
        vec![s.to_move.to_string()]
    } else {
        Vec::new()
    };
    assert_eq!(outlined, expected, "{label}: outlined panel");

    // Golems on the board: one shape per Golem, at its place, standing or lying.
    let drawn: Vec<(String, String)> = with_class(&doc, "golem")
        .iter()
        .map(|g| {
            let place = attr(g, "data-golem");
            assert_eq!(
                has_class(g, "lying"),
                place.ends_with('l'),
                "{label}: golem {place} drawn with the wrong orientation"
            );
            assert_ne!(has_class(g, "lying"), has_class(g, "standing"));
            (attr(g, "data-seat"), place)
        })
        .collect();
    let state_golems: Vec<(String, String)> = seats
        .clone()
        .flat_map(|seat| {
            s.players[seat]
                .golems
                .pieces()
                .map(move |g| (seat.to_string(), g.text()))
        })
        .collect();
    assert_eq!(sorted(drawn), sorted(state_golems), "{label}: golems");

    // Golems in the Cemetery, per seat.
    let mut dead: BTreeMap<String, u32> = BTreeMap::new();
    for g in with_class(&doc, "cemetery-golem") {
        *dead.entry(attr(&g, "data-seat")).or_default() += 1;
    }
    for seat in seats.clone() {
        assert_eq!(
            dead.get(&seat.to_string()).copied().unwrap_or(0),
            s.cemetery_golems(seat),
            "{label}: cemetery golems of seat {seat}"
        );
    }

    // Three Students per player, each on its section.
    let students: Vec<(String, String)> = with_class(&doc, "student")
        .iter()
        .map(|st| (attr(st, "data-seat"), attr(st, "data-student")))
        .collect();
    let state_students: Vec<(String, String)> = seats
        .clone()
        .flat_map(|seat| {
            (0..3).map(move |d| {
                (
                    seat.to_string(),
                    format!(
                        "{}{}",
                        DISTRICT_LETTERS[d] as char, s.players[seat].students[d]
                    ),
                )
            })
        })
        .collect();
    assert_eq!(
        sorted(students),
        sorted(state_students),
        "{label}: students"
    );

    // Marbles: each line's marbles inside its row, colour by colour.
    let lines = with_class(&doc, "line");
    assert_eq!(lines.len(), LINES, "{label}: lines");
    for (l, line) in lines.iter().enumerate() {
        assert_eq!(attr(line, "data-line"), LINE_NAMES[l]);
        let letters: String = line
            .descendants()
            .filter(|m| has_class(m, "marble"))
            .map(|m| attr(&m, "data-colour"))
            .collect();
        assert_eq!(
            if letters.is_empty() {
                "-".into()
            } else {
                letters
            },
            s.board.lines[l].text(),
            "{label}: line {}",
            LINE_NAMES[l]
        );
    }
    let taken: usize = seats
        .clone()
        .map(|seat| s.players[seat].marbles.total() as usize)
        .sum();
    count(&doc, "taken-marble", taken, label, "taken");
    count(
        &doc,
        "removed-marble",
        s.board.removed.total() as usize,
        label,
        "removed",
    );
    // Per panel, the taken marbles are that player's.
    for panel in with_class(&doc, "player-panel") {
        let seat: usize = attr(&panel, "data-seat").parse().unwrap();
        let letters: String = panel
            .descendants()
            .filter(|m| has_class(m, "taken-marble"))
            .map(|m| attr(&m, "data-colour"))
            .collect();
        let expected = s.players[seat].marbles.text();
        assert_eq!(
            if letters.is_empty() {
                "-".into()
            } else {
                letters
            },
            expected,
            "{label}: marbles of seat {seat}"
        );
    }

    // Rabbis on the action spaces and the bottom space.
    let rabbis = s.board.rabbis.iter().filter(|&&r| r != NONE).count()
        + s.board.bottom_rabbis.iter().filter(|&&r| r != NONE).count();
    count(&doc, "rabbi", rabbis, label, "rabbis");
    let spaces = n + s.comp.rules.action_spaces_extra as usize;
    count(
        &doc,
        "action-space",
        spaces + 1,
        label,
        "action spaces and the bottom space",
    );

    // Tiles, Characters, Library, Menorah tokens.
    let tiles = s
        .board
        .districts
        .iter()
        .flatten()
        .filter(|&&t| t != NONE)
        .count();
    count(&doc, "tile", tiles, label, "tiles");
    count(&doc, "section", 30, label, "sections");
    let palace = s.board.palace.iter().filter(|&&c| c != NONE).count();
    count(&doc, "character", palace, label, "palace");
    let active: Vec<_> = with_class(&doc, "active");
    assert!(active.len() <= 1, "{label}: one active Character at most");
    let row = s.board.library.iter().filter(|&&b| b != NONE).count();
    count(&doc, "library-book", row, label, "library");
    count(
        &doc,
        "menorah-token",
        s.board.menorah_tokens.count_ones() as usize,
        label,
        "menorah tokens",
    );

    // Each player's board: Books, Developments, Gold, Objectives as a count.
    let books: u32 = seats.clone().map(|seat| s.books_owned(seat)).sum();
    count(&doc, "book", books as usize, label, "books");
    let devs: u32 = seats
        .clone()
        .map(|seat| s.players[seat].developments.count_ones())
        .sum();
    count(&doc, "upgraded", devs as usize, label, "developments");
    count(&doc, "development", 18 * n, label, "tiles per board");
    let gold: u32 = seats
        .clone()
        .map(|seat| s.players[seat].gold.iter().map(|&g| g as u32).sum::<u32>())
        .sum();
    count(&doc, "gold", gold as usize, label, "gold");
    for note in with_class(&doc, "notes") {
        let text: String = note.text().unwrap_or("").to_string();
        let count = attr(&note, "data-objectives");
        assert!(text.contains(&format!("Objectives {count} (")), "{label}");
        let seat: usize = note
            .parent()
            .map(|p| attr(&p, "data-seat"))
            .unwrap()
            .parse()
            .unwrap();
        // The final score shows exactly when the game is over (the tally earlier would
        // reveal the hidden Objectives).
        if s.phase == Phase::Over {
            let score = format!("Final score {} ", s.final_score(seat));
            assert!(text.contains(&score), "{label}: {score}");
        } else {
            assert!(!text.contains("Final score"), "{label}: score too early");
        }
    }
    let studies: Vec<String> = with_class(&doc, "study-track")
        .iter()
        .map(|t| attr(t, "data-space"))
        .collect();
    let state_studies: Vec<String> = seats
        .clone()
        .map(|seat| s.players[seat].study.to_string())
        .collect();
    assert_eq!(studies, state_studies, "{label}: study markers");

    // Header: the placeholder count of the components in use.
    let comps = with_class(&doc, "components");
    assert_eq!(comps.len(), 1);
    assert_eq!(
        attr(&comps[0], "data-placeholders"),
        s.comp.info.placeholders.to_string()
    );
    let decks = with_class(&doc, "decks");
    assert_eq!(
        attr(&decks[0], "data-books"),
        s.board.book_deck.len().to_string()
    );

    // Hidden information stays hidden: an Objective id shows only on a card of the seat
    // to move (its pack, drafted cards, hand and drawn cards), once each; every hand once
    // the game is over; nobody else's card anywhere.
    let shown = shown_objectives(s);
    let mut expected: Vec<String> = shown.iter().map(|&o| objective_id(o)).collect();
    expected.sort();
    let mut cards: Vec<String> = with_class(&doc, "objective")
        .iter()
        .map(|c| attr(c, "data-card"))
        .collect();
    cards.sort();
    assert_eq!(cards, expected, "{label}: Objective cards drawn");
    for seat in seats {
        let p = &s.players[seat];
        let held = p.objectives | p.pack | p.drafted;
        for o in crate::util::BitIter(held as u64).filter(|o| !shown.contains(o)) {
            let id = objective_id(o);
            assert!(!svg.contains(&id), "{label}: objective {id} shown");
        }
    }
}

fn objective_id(o: usize) -> String {
    super::components::ids::OBJECTIVE_IDS.id(o)
}

/// The Objectives the picture of `s` may show: the seat to move's own cards at a
/// decision, every hand at the end.
fn shown_objectives(s: &State) -> Vec<usize> {
    let n = s.num_players as usize;
    let set = if s.phase == Phase::Over {
        (0..n).fold(0u32, |m, seat| m | s.players[seat].objectives)
    } else if s.chance == super::state::Chance::None
        && s.to_move != NONE
        && s.phase != Phase::Refresh
    {
        let p = &s.players[s.to_move as usize];
        p.objectives | p.pack | p.drafted | s.stack.drawn
    } else {
        0
    };
    crate::util::BitIter(set as u64).collect()
}

fn position_files() -> Vec<std::path::PathBuf> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("data/golem_cranio/positions");
    let mut files: Vec<_> = std::fs::read_dir(dir.join("python"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    files.push(dir.join("spec-example.toml"));
    files
}

#[test]
fn every_position_file_draws_every_piece_once() {
    let files = position_files();
    assert!(files.len() >= 95, "{} files", files.len());
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        let state = read_position(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        check(&state, &path.display().to_string());
    }
}

/// Plays `s` to its end (at most 3000 plies) by random moves and chance, calling
/// `decide(state, ply)` before each move.
fn play_randomly(s: &mut State, rng: &mut ChaCha8Rng, mut decide: impl FnMut(&State, u32)) {
    let mut plies = 0;
    while s.phase != Phase::Over && plies < 3000 {
        if s.turn() == Turn::Chance {
            let outcome = s.sample_chance(rng);
            s.apply(outcome);
            continue;
        }
        decide(s, plies);
        let Some(&a) = s.legal().choose(rng) else {
            break;
        };
        s.apply(a);
        plies += 1;
    }
}

/// Random games for 1–4 players, drawn every few plies through to the end.
#[test]
fn random_games_draw_at_every_stage() {
    let comp = Components::builtin();
    let mut drawn = 0;
    for game in 0..8u64 {
        let players = 1 + (game % 4) as usize;
        let options = NewGame {
            intro: game % 3 == 0,
            hide_decks: game % 2 == 1,
        };
        let mut s = new_game_seeded(comp, players, 700 + game, options);
        let mut rng = ChaCha8Rng::seed_from_u64(game);
        play_randomly(&mut s, &mut rng, |s, plies| {
            if plies % 9 == 0 {
                check(s, &format!("game {game} ply {plies}"));
                drawn += 1;
            }
        });
        assert_eq!(s.phase, Phase::Over, "game {game} reached the end");
        check(&s, &format!("game {game} over"));
        let svg = to_svg(&s);
        assert!(svg.contains(&format!("seat {} wins", s.winner())));
    }
    assert!(drawn > 100, "{drawn} pictures");
}

/// No bonus is cut: the Artifact bonuses under the cauldrons and the Library's Book
/// bonuses are drawn whole (wrapped) in random games of 1–4 players, and the text
/// that holds the Starting tiles is not the Objectives line, which runs up to the Book
/// columns' heading.
#[test]
fn bonuses_are_drawn_whole_and_the_starting_tiles_stay_clear_of_the_book_columns() {
    let comp = Components::builtin();
    let mut artifacts_drawn = 0;
    for game in 0..8u64 {
        let players = 1 + (game % 4) as usize;
        let mut s = new_game_seeded(comp, players, 900 + game, NewGame::default());
        let starting = to_svg(&s);
        let doc = roxmltree::Document::parse(&starting).unwrap();
        for notes in doc.descendants().filter(|n| has_class(n, "notes")) {
            let text: String = notes.descendants().filter_map(|n| n.text()).collect();
            assert!(!text.contains("Starting tiles"), "game {game}: {text}");
        }
        assert!(starting.contains("Starting tiles S"), "game {game}");
        let mut rng = ChaCha8Rng::seed_from_u64(game);
        play_randomly(&mut s, &mut rng, |s, plies| {
            if plies % 7 == 0 {
                let svg = to_svg(s);
                assert!(
                    !svg.contains('\u{2026}'),
                    "game {game} ply {plies}: a text cut"
                );
                artifacts_drawn += svg.matches("<title>Artifact ").count();
            }
        });
    }
    assert!(
        artifacts_drawn > 50,
        "{artifacts_drawn} artifact bonuses drawn"
    );
}

/// The check is not vacuous: the picture of a state is refused for a state with one
/// Golem, one marble or one Student more.
#[test]
fn the_check_catches_a_missing_piece() {
    let text = std::fs::read_to_string(position_files()[0].clone()).unwrap();
    let state = read_position(&text).unwrap();
    let svg = to_svg(&state);
    check_svg(&state, &svg, "unchanged");
    let mut golem = state;
    golem.add_golem(0, super::golems::GolemRef::new(1, 9, true));
    let mut student = state;
    student.players[0].students[2] += 1;
    let mut marble = state;
    let mut line = marble.board.lines[4];
    line.add(0, 1);
    marble.board.lines[4] = line;
    for (what, changed) in [("golem", golem), ("student", student), ("marble", marble)] {
        let caught = std::panic::catch_unwind(|| check_svg(&changed, &svg, what));
        assert!(caught.is_err(), "a missing {what} is noticed");
    }
}

#[test]
fn standing_and_lying_golems_are_drawn_differently() {
    let text = include_str!("../../../data/golem_cranio/positions/spec-example.toml");
    let state = read_position(text).unwrap();
    let svg = to_svg(&state);
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let standing = with_class(&doc, "standing");
    let lying = with_class(&doc, "lying");
    assert!(!standing.is_empty() && !lying.is_empty());
    let shape = |g: &roxmltree::Node| {
        let r = g.children().find(|c| c.has_tag_name("rect")).unwrap();
        let w: f64 = r.attribute("width").unwrap().parse().unwrap();
        let h: f64 = r.attribute("height").unwrap().parse().unwrap();
        (w, h, r.attribute("stroke-dasharray").is_some())
    };
    for g in &standing {
        let (w, h, dashed) = shape(g);
        assert!(h > w && !dashed, "a standing Golem is upright and solid");
    }
    for g in &lying {
        let (w, h, dashed) = shape(g);
        assert!(w > h && dashed, "a lying Golem is on its side and dashed");
    }
}

#[test]
fn texts_are_escaped_and_cut() {
    use super::svg::{escape, fit, wrap};
    assert_eq!(escape(r#"a<b & "c">"#), "a&lt;b &amp; &quot;c&quot;&gt;");
    assert_eq!(fit("abcdef", 4), "abc\u{2026}");
    assert_eq!(fit("abc", 4), "abc");
    assert_eq!(wrap("+2 clay, +1 VP", 8, 2), ["+2 clay,", "+1 VP"]);
    let long = wrap("one two three four five six", 9, 2);
    assert_eq!(long.len(), 2);
    assert!(long[1].ends_with('\u{2026}') && long[1].chars().count() <= 9);
    use super::svg::pack_parts;
    let parts = ["+1 clay", "+1 coin", "+2 VP"].map(String::from);
    assert_eq!(pack_parts(&parts, 16), ["+1 clay, +1 coin", "+2 VP"]);
    assert_eq!(pack_parts(&parts, 6), ["+1 clay", "+1 coin", "+2 VP"]);
}

#[test]
fn a_components_text_with_markup_stays_well_formed() {
    // A user file may hold any text; the picture escapes it.
    let json =
        super::components::BUILTIN_JSON.replace("Take 2 Clay", "Take <2> Clay & \\\"more\\\"");
    assert_ne!(json, super::components::BUILTIN_JSON);
    let comp: &'static Components = Box::leak(Box::new(Components::from_json(&json).unwrap()));
    let s = new_game_seeded(
        comp,
        2,
        5,
        NewGame {
            intro: true,
            hide_decks: false,
        },
    );
    let svg = to_svg(&s);
    roxmltree::Document::parse(&svg).expect("well formed");
    assert!(svg.contains("Take &lt;2&gt; Clay &amp; &quot;more&quot;"));
    check(&s, "markup");
}

/// A blank state (nothing dealt, every slot empty) and a crowded one (every Golem of
/// every seat on one section, many in the Cemetery) still draw well-formed pictures.
#[test]
fn empty_and_crowded_states_draw() {
    let comp = Components::builtin();
    for players in 1..=4 {
        check(&State::blank(comp, players), &format!("blank {players}"));
        let mut s = new_game_seeded(comp, players, 9, NewGame::default());
        for seat in 0..players {
            for k in 0..3 {
                s.add_golem(seat, super::golems::GolemRef::new(2, 5, k == 2));
            }
            // The two set-aside Golems are among these six.
            s.players[seat].unplaced = 0;
            s.board.cemetery_unlimited[seat] = 3;
        }
        check(&s, &format!("crowded {players}"));
    }
}

/// The Objective ids a move names (`pick O04`, `discard O05`, `keep O03 O07`).
fn named_objectives(text: &str) -> Vec<String> {
    text.split_whitespace()
        .skip(1)
        .filter(|w| super::components::ids::OBJECTIVE_IDS.index(w).is_some())
        .map(str::to_string)
        .collect()
}

/// Golem's draft on the board: every card a `pick`, `discard` or `keep` move names is drawn
/// as an Objective card tagged `data-card` with its id (what the analysis board matches
/// against move texts), and only the seat to move's cards are drawn face up.
#[test]
fn the_draft_and_kept_objectives_are_drawn_as_cards() {
    let comp = Components::builtin();
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut verbs = std::collections::BTreeSet::new();
    for game in 0..6u64 {
        let players = 2 + (game % 3) as usize;
        let mut s = new_game_seeded(comp, players, 40 + game, NewGame::default());
        assert_eq!(s.phase, Phase::Draft, "game {game} starts with the draft");
        play_randomly(&mut s, &mut rng, |s, plies| {
            let legal = s.legal();
            let named: Vec<(String, String)> = legal
                .iter()
                .map(|a| a.to_text())
                .flat_map(|t| {
                    let verb = t.split(' ').next().unwrap_or("").to_string();
                    named_objectives(&t)
                        .into_iter()
                        .map(move |id| (verb.clone(), id))
                })
                .collect();
            if !named.is_empty() {
                let svg = to_svg(s);
                let doc = roxmltree::Document::parse(&svg).unwrap();
                let cards: Vec<String> = with_class(&doc, "objective")
                    .iter()
                    .map(|c| attr(c, "data-card"))
                    .collect();
                for (verb, id) in &named {
                    assert!(
                        cards.contains(id),
                        "game {game} ply {plies}: {verb} {id} not drawn"
                    );
                    verbs.insert(verb.clone());
                }
                // The other seats' packs and hands stay face down.
                let mover = s.to_move as usize;
                for seat in (0..players).filter(|&p| p != mover) {
                    let p = &s.players[seat];
                    for o in crate::util::BitIter((p.objectives | p.pack | p.drafted) as u64) {
                        assert!(
                            !cards.contains(&objective_id(o)),
                            "game {game}: seat {seat}"
                        );
                    }
                }
            }
        });
        // At the end every hand is shown, the completed cards marked.
        assert_eq!(s.phase, Phase::Over);
        let svg = to_svg(&s);
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let hands: u32 = (0..players)
            .map(|p| s.players[p].objectives.count_ones())
            .sum();
        assert_eq!(
            with_class(&doc, "objective").len(),
            hands as usize,
            "game {game}"
        );
        let done: usize = (0..players)
            .map(|seat| {
                crate::util::BitIter(s.players[seat].objectives as u64)
                    .filter(|&o| s.objective_done(seat, o))
                    .count()
            })
            .sum();
        let completed = with_class(&doc, "objective")
            .iter()
            .filter(|c| has_class(c, "completed"))
            .count();
        assert_eq!(completed, done, "game {game}");
    }
    // The draft's two moves and the kept draws were all met.
    for verb in ["pick", "discard", "keep"] {
        assert!(verbs.contains(verb), "{verb} met: {verbs:?}");
    }
}
