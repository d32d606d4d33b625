//! The builtin file: its figures and the known values of spec §14.

use serde_json::json;

use super::super::vocab::{
    Area, BookColour, Counter, Deck, District, Line, MarbleColour, ObjectiveType, Resource, Trigger,
};
use super::super::*;

#[test]
fn builtin_file_loads_with_the_fact_counts_of_the_spec() {
    let c = Components::builtin();
    // Spec §2.1: 247 confirmed and 333 placeholder facts.
    assert_eq!(c.info.facts, 580);
    assert_eq!(c.info.placeholders, 333);
    assert_eq!(c.info.facts - c.info.placeholders, 247);
    assert_eq!(c.info.source, ComponentsSource::Builtin);
    assert_eq!(c.info.sha256, sha256_hex(BUILTIN_JSON.as_bytes()));
    assert_eq!(c.info.sha256.len(), 64);
}

#[test]
fn ruleset_line_and_json_name_the_file_and_its_placeholders() {
    let info = &Components::builtin().info;
    let line = info.ruleset_line();
    let expected = format!(
        "ruleset: golem-cranio components builtin (sha256 {}…) — 333 of 580 values are placeholders",
        &info.sha256[..12]
    );
    assert_eq!(line, expected);
    assert_eq!(
        info.to_json(),
        json!({"source": "builtin", "sha256": info.sha256, "facts": 580, "placeholders": 333})
    );
}

#[test]
fn rules_numbers_match_the_spec() {
    let rules = &Components::builtin().rules;
    assert_eq!(rules.work_max_golems, 4);
    assert_eq!(rules.work_cost_knowledge, [1, 3, 5, 8]);
    assert_eq!(rules.cauldron_capacity, [1, 2, 3, 4]);
    assert_eq!(rules.create_track_up, [2, 2, 2, 2]);
    assert_eq!(rules.reserve_golems(), 4);
    assert_eq!(
        (
            rules.start_vp,
            rules.start_study_space,
            rules.start_golem_track_space
        ),
        (10, 0, 3)
    );
    assert_eq!(rules.book_columns, 5);
    assert_eq!(rules.gold_price_coins, 3);
    // 2 / 5 / 9 for 2 / 3 / ≥4 types, nothing for fewer.
    assert_eq!(rules.objective_set_bonus, [0, 0, 2, 5, 9, 9, 9, 9, 9, 9]);
    assert_eq!(Components::builtin().library_slot_costs, [0, 1, 1, 2, 3]);
}

#[test]
fn marble_sets_per_player_count_are_as_printed() {
    let marbles = &Components::builtin().marbles;
    // w k r b y
    assert_eq!(marbles.by_players[0].0, [3, 1, 2, 2, 2]);
    assert_eq!(marbles.by_players[1].0, [3, 1, 2, 2, 2]);
    assert_eq!(marbles.by_players[2].0, [5, 1, 2, 2, 2]);
    assert_eq!(marbles.by_players[3].0, [4, 1, 3, 3, 3]);
    assert_eq!(marbles.by_players[3].count(MarbleColour::Red), 3);
    assert_eq!(
        marbles.lines_top_to_bottom,
        [
            Line::Work,
            Line::Golem,
            Line::Artifacts,
            Line::Study,
            Line::Mirror
        ]
    );
    assert_eq!(marbles.drop_weights, [1; 5]);
    assert_eq!(
        marbles.student_moves[MarbleColour::Red.index()],
        StudentMove::Districts(vec![District::Red])
    );
    assert_eq!(
        marbles.student_moves[MarbleColour::White.index()],
        StudentMove::Districts(vec![])
    );
    assert_eq!(
        marbles.student_moves[MarbleColour::Black.index()],
        StudentMove::TwoDifferentDistricts
    );
}

#[test]
fn cards_and_tiles_are_indexed_by_id() {
    let c = Components::builtin();
    assert_eq!(c.characters.len(), 12);
    assert_eq!(
        c.characters
            .iter()
            .filter(|ch| ch.deck == Deck::Rounds1To3)
            .count(),
        7
    );
    let ch05 = &c.characters[Components::character_index("CH05").unwrap()];
    assert_eq!(
        (ch05.id.as_str(), ch05.number, ch05.cost_coins),
        ("CH05", 43, 4)
    );
    assert_eq!(
        ch05.effect,
        [
            Op::CreateGolem { discount: 4 },
            Op::Student {
                district: District::Red,
                n: 1
            }
        ]
    );
    assert_eq!(ch05.marbles, [MarbleColour::Red, MarbleColour::Red]);
    assert_eq!(c.books.len(), 38);
    assert_eq!(
        c.books
            .iter()
            .filter(|b| b.colour == BookColour::Black)
            .count(),
        6
    );
    assert_eq!(c.books[32].cost, BookCost::StudentBackAny);
    assert_eq!(c.books[0].cost, BookCost::Knowledge(1));
    assert_eq!(c.objectives.len(), 27);
    let o27 = &c.objectives[26];
    assert_eq!(
        (o27.objective_type, o27.threshold, o27.vp),
        (ObjectiveType::GolemsKilled, 4, 4)
    );
    assert_eq!(c.starting_tiles.len(), 18);
    assert_eq!(c.artifact_tiles[0].id, "A");
    assert_eq!(
        c.artifact_tiles[0].sides[1].artifacts[3],
        [Op::Gain {
            res: Resource::Vp,
            n: 5
        }]
    );
    let ny04 = &c.neighborhood_tiles[ids::neighborhood_tile_index("NY04").unwrap()];
    assert_eq!((ny04.district, ny04.number), (District::Yellow, 4));
    let at01 = &c.synagogue.action_tiles[0];
    assert_eq!(
        at01.effect[2],
        Op::GainPer {
            res: Resource::Knowledge,
            n: 1,
            per: Counter::GolemLevel
        }
    );
    assert_eq!(
        c.synagogue.bottom_action,
        [Op::Gain {
            res: Resource::Coin,
            n: 2
        }]
    );
}

#[test]
fn board_and_cemetery_match_the_default_placeholders() {
    let c = Components::builtin();
    assert_eq!(c.board.neighborhood_sections, [1, 2, 3, 4, 5, 6, 7]);
    let red_printed: Vec<u8> = c.board.printed_neighborhoods[0]
        .iter()
        .map(|p| p.section)
        .collect();
    assert_eq!(red_printed, [8, 9, 10]);
    assert_eq!(
        c.board.printed_neighborhoods[2][2].effect,
        [Op::Gain {
            res: Resource::Vp,
            n: 5
        }]
    );
    assert_eq!(c.board.block_entry_cost, [0, 0, 0, 0, 0, 0, 0, 1, 2, 3]);
    assert_eq!(
        c.board.block_entry_currencies,
        [Resource::Vp, Resource::Knowledge]
    );
    assert!(c.board.street_income[0][0].is_empty());
    assert_eq!(
        c.board.street_income[2][9],
        [
            Op::Gain {
                res: Resource::Knowledge,
                n: 4
            },
            Op::Gain {
                res: Resource::Vp,
                n: 4
            }
        ]
    );
    assert_eq!(c.cemetery.len(), 6);
    let min_players: Vec<u8> = c.cemetery.iter().map(|s| s.min_players).collect();
    assert_eq!(min_players, [1, 1, 1, 3, 4, 1]);
    assert!(c.cemetery[5].unlimited && !c.cemetery[4].unlimited);
    assert_eq!(c.cemetery[5].id, 6);
}

#[test]
fn player_board_tracks_and_developments() {
    let board = &Components::builtin().player_board;
    let limits: Vec<u8> = board.study_track.iter().map(|s| s.column_limit).collect();
    assert_eq!(limits, [1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 5]);
    let final_vp: Vec<u8> = board.study_track.iter().map(|s| s.final_vp).collect();
    assert_eq!(final_vp, [0, 0, 0, 0, 0, 0, 0, 0, 3, 6, 10]);
    assert_eq!(board.golem_track.spaces.len(), 12);
    let steps: Vec<u8> = board.golem_track.levels.iter().map(|l| l.steps).collect();
    assert_eq!(steps, [2, 3, 4, 5]);
    assert_eq!(board.golem_track.level_of(3).map(|l| l.level), Some(1));
    assert_eq!(board.golem_track.level_of(10).map(|l| l.level), Some(4));
    assert_eq!(board.golem_track.level_of(13), None);
    let costs: Vec<u8> = board
        .golem_developments
        .iter()
        .map(|d| d.cost_clay)
        .collect();
    assert_eq!(costs, [4, 5, 6, 8, 6, 7]);
    assert_eq!(board.golem_developments[1].immediate, [Op::KillGolem]);
    assert_eq!(
        board.golem_developments[0].abilities,
        [Ability::ControlCap { n: 2 }]
    );
    let columns: Vec<Option<u8>> = board.study_developments.iter().map(|d| d.column).collect();
    assert_eq!(columns, [Some(1), Some(2), Some(3), Some(4), Some(5), None]);
    assert_eq!(
        board.artifact_developments[1].sides[1],
        [Ability::ArtifactTrigger {
            trigger: Trigger::CreateGolem
        }]
    );
    assert_eq!(board.artifact_developments[5].cost_coins, 8);
    assert_eq!(board.artifact_development_spaces.len(), 8);
    assert_eq!(board.artifact_development_spaces[7].id, "4.2");
}

#[test]
fn intro_setup_is_resolved_to_cards() {
    let setup = &Components::builtin().setup;
    let palace: Vec<String> = setup
        .intro_characters
        .iter()
        .map(|&i| ids::CHARACTER_IDS.id(usize::from(i)))
        .collect();
    assert_eq!(palace, ["CH01", "CH05", "CH03", "CH08"]);
    let red: Vec<String> = setup.intro_neighborhoods[0]
        .iter()
        .map(|&i| ids::neighborhood_tile_id(usize::from(i)))
        .collect();
    assert_eq!(
        red,
        ["NR01", "NR02", "NR04", "NR05", "NR07", "NR08", "NR09"]
    );
    assert_eq!(
        ids::neighborhood_tile_id(usize::from(setup.intro_neighborhoods[2][0])),
        "NB01"
    );
    assert_eq!(
        (setup.palace_from_deck_1_3, setup.palace_from_deck_4),
        (3, 1)
    );
    assert_eq!(setup.intro_starting_tiles_dealt, 2);
}

#[test]
fn ops_parse_with_typed_parameters() {
    let c = Components::builtin();
    let every_op: Vec<&Op> = c
        .synagogue
        .action_tiles
        .iter()
        .flat_map(|t| t.effect.iter())
        .chain(c.characters.iter().flat_map(|ch| ch.effect.iter()))
        .collect();
    assert!(every_op.contains(&&Op::Upgrade {
        area: Area::Any,
        discount: 3,
        any_resource: true
    }));
    assert!(every_op.contains(&&Op::DrawObjectives { draw: 2, keep: 1 }));
    let nr08 = &c.neighborhood_tiles[ids::neighborhood_tile_index("NR08").unwrap()];
    assert!(
        matches!(&nr08.effect[0], Op::Convert { cost, then } if !cost.is_empty() && !then.is_empty())
    );
}

#[test]
fn a_parse_of_the_builtin_file_is_fast() {
    let start = std::time::Instant::now();
    let parsed = Components::from_json(BUILTIN_JSON).expect("valid");
    let elapsed = start.elapsed();
    println!("builtin components parsed and validated in {elapsed:?}");
    assert_eq!(parsed.info.source, ComponentsSource::Inline);
    // Same tables as the builtin, only the source differs.
    assert_eq!(parsed.books, Components::builtin().books);
}

// ---------------------------------------------------------------- source, hash, files

#[test]
fn sha256_changes_with_one_byte() {
    let changed = BUILTIN_JSON.replacen("components and numbers", "components and Numbers", 1);
    assert_ne!(changed, BUILTIN_JSON);
    let a = Components::from_json(BUILTIN_JSON).unwrap();
    let b = Components::from_json(&changed).unwrap();
    assert_ne!(a.info.sha256, b.info.sha256);
    // The known digest of the empty input guards the hex encoding.
    assert_eq!(
        sha256_hex(b""),
        "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
    );
}

#[test]
fn a_user_file_is_loaded_with_its_path_as_source() {
    let dir = std::env::temp_dir().join(format!("golem-components-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("mine.json");
    std::fs::write(&path, BUILTIN_JSON).unwrap();
    let c = Components::from_file(&path).unwrap();
    let shown = path.display().to_string();
    assert_eq!(c.info.source, ComponentsSource::Path(shown.clone()));
    assert_eq!(c.info.to_json()["source"], json!(shown));
    assert!(c
        .info
        .ruleset_line()
        .contains(&format!("components {shown} (sha256 ")));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn an_unreadable_file_is_reported() {
    let errors = Components::from_file("/nonexistent/golem.json")
        .unwrap_err()
        .lines();
    assert_eq!(errors.len(), 1);
    assert!(
        errors[0].starts_with("components: cannot read /nonexistent/golem.json: "),
        "{errors:?}"
    );
}

#[test]
fn spec_14_placeholder_values_are_those_of_the_default_file() {
    let c = Components::builtin();
    // §14.1: extra Golem steps 1 in rounds I-III, 2 in round IV; numbers 39-50.
    let steps: Vec<u8> = c.characters.iter().map(|ch| ch.golem_steps).collect();
    assert_eq!(steps, [1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2]);
    let numbers: Vec<u8> = c.characters.iter().map(|ch| ch.number).collect();
    assert_eq!(numbers, (39..=50).collect::<Vec<u8>>());
    // §14.7: Study Development costs; §2.3: Menorahs of the 18 Development tiles.
    let study_costs: Vec<u8> = c
        .player_board
        .study_developments
        .iter()
        .map(|d| d.cost_knowledge)
        .collect();
    assert_eq!(study_costs, [4, 5, 6, 6, 5, 8]);
    let menorahs: Vec<u8> = c
        .player_board
        .golem_developments
        .iter()
        .map(|d| d.menorahs)
        .chain(c.player_board.study_developments.iter().map(|d| d.menorahs))
        .chain(
            c.player_board
                .artifact_developments
                .iter()
                .map(|d| d.menorahs),
        )
        .collect();
    assert_eq!(
        menorahs,
        [1, 1, 1, 3, 1, 1, 1, 1, 1, 1, 1, 3, 1, 1, 1, 1, 1, 3]
    );
    let space_costs: Vec<u8> = c
        .player_board
        .artifact_development_spaces
        .iter()
        .map(|s| s.cost_coins)
        .collect();
    assert_eq!(space_costs, [2, 3, 3, 4, 4, 5, 5, 6]);
    // §14.12: per colour, Book costs 1,2,2,3,3,4,4,5 Knowledge.
    for colour in [
        BookColour::Red,
        BookColour::Blue,
        BookColour::Green,
        BookColour::Yellow,
    ] {
        let costs: Vec<BookCost> = c
            .books
            .iter()
            .filter(|b| b.colour == colour)
            .map(|b| b.cost)
            .collect();
        let expected: Vec<BookCost> = [1, 2, 2, 3, 3, 4, 4, 5].map(BookCost::Knowledge).to_vec();
        assert_eq!(costs, expected, "{colour:?}");
    }
    // §14.9: the Cemetery's third space gives 2 Knowledge and 2 VP.
    assert_eq!(
        c.cemetery[2].bonus,
        [
            Op::Gain {
                res: Resource::Knowledge,
                n: 2
            },
            Op::Gain {
                res: Resource::Vp,
                n: 2
            }
        ]
    );
}
