//! One test per refusal of spec §12: each edits the builtin JSON and asserts the complete
//! list of messages, so a spurious follow-on error fails as surely as a missing one.

use serde_json::json;

use super::super::*;
use super::{assert_refused, at, problems_after, remove, set};

#[test]
fn refuses_invalid_json_with_line_and_column() {
    let errors = Components::from_json("{\n  \"schema\": ,\n}")
        .unwrap_err()
        .lines();
    assert_eq!(
        errors,
        ["components: invalid JSON: expected value at line 2 column 13"]
    );
    let errors = Components::from_json(&BUILTIN_JSON[..1000])
        .unwrap_err()
        .lines();
    assert!(
        errors[0].starts_with("components: invalid JSON: EOF while parsing"),
        "{errors:?}"
    );
    assert_eq!(
        Components::from_json("[1]").unwrap_err().lines(),
        ["components: expected an object, got an array"]
    );
}

#[test]
fn refuses_a_wrong_schema_or_version() {
    assert_refused(
        set("/schema", json!("golem-components")),
        &[r#"components.schema: expected "golem-cranio-components", got "golem-components""#],
    );
    assert_refused(
        set("/version", json!(2)),
        &["components.version: expected 1, got 2"],
    );
    assert_refused(
        remove("", "version"),
        &["components.version: required field is missing"],
    );
    assert_refused(
        set("/game", json!("century-golem")),
        &[r#"components.game: expected "golem-cranio", got "century-golem""#],
    );
}

#[test]
fn refuses_unknown_top_level_fields() {
    let problems = problems_after(|v| {
        v.as_object_mut().unwrap().insert("extras".into(), json!(1));
    });
    assert_eq!(problems.len(), 1);
    assert!(
        problems[0].starts_with(r#"components.extras: unknown field "extras" (expected "schema""#)
    );
}

#[test]
fn refuses_a_fact_without_value() {
    assert_refused(
        remove("/characters/3/cost_coins", "value"),
        &[r#"components.characters[3].cost_coins: a fact needs a "value""#],
    );
    assert_refused(
        set("/characters/3/cost_coins", json!(3)),
        &[
            r#"components.characters[3].cost_coins: expected a fact {"value": ..., "source": ...} or {"value": ..., "placeholder": true, "basis": ...}, got 3"#,
        ],
    );
}

#[test]
fn refuses_a_fact_without_exactly_one_provenance() {
    assert_refused(
        set("/characters/3/cost_coins/placeholder", json!(true)),
        &[
            r#"components.characters[3].cost_coins: a fact has "source" (confirmed) or "placeholder": true with "basis", not both"#,
        ],
    );
    assert_refused(
        remove("/rules/rounds", "source"),
        &[
            r#"components.rules.rounds: a fact needs "source" (confirmed) or "placeholder": true with "basis""#,
        ],
    );
    assert_refused(
        remove("/rules/book_columns", "basis"),
        &[r#"components.rules.book_columns: a placeholder needs a "basis""#],
    );
    assert_refused(
        set("/rules/book_columns/placeholder", json!(false)),
        &[
            r#"components.rules.book_columns.placeholder: expected true (a confirmed fact gives "source" instead), got false"#,
        ],
    );
    assert_refused(
        set("/rules/rounds/basis", json!("why")),
        &[r#"components.rules.rounds: a confirmed fact has no "basis" (placeholders do)"#],
    );
    assert_refused(
        set("/meta/year/source", json!("")),
        &[r#"components.meta.year.source: expected a non-empty string, got """#],
    );
    assert_refused(
        set("/meta/year/sauce", json!("x")),
        &[
            r#"components.meta.year: unknown fact field "sauce" (expected "value", "source", "placeholder", "basis" or "note")"#,
        ],
    );
}

#[test]
fn refuses_a_source_not_listed_in_sources() {
    assert_refused(
        set("/rules/rounds/source", json!("rulebook; rulbook")),
        &[r#"components.rules.rounds.source: unknown source "rulbook" (not in "sources")"#],
    );
    assert_refused(
        set("/sources/rulebook", json!(1)),
        &["components.sources.rulebook: expected a description, got 1"],
    );
}

#[test]
fn refuses_missing_duplicated_and_renamed_ids() {
    assert_refused(
        |v| {
            at(v, "/characters").as_array_mut().unwrap().pop();
        },
        &[r#"components.characters: missing id "CH12""#],
    );
    assert_refused(
        set("/characters/3/id", json!("CH01")),
        &[
            r#"components.characters[3].id: duplicate id "CH01" (also characters[0])"#,
            r#"components.characters: missing id "CH04""#,
        ],
    );
    assert_refused(
        set("/books/12/id", json!("B39")),
        &[
            r#"components.books[12].id: unknown id "B39" (expected B01 to B38)"#,
            r#"components.books: missing id "B13""#,
        ],
    );
    assert_refused(
        set("/objectives/0/id", json!("O1")),
        &[
            r#"components.objectives[0].id: unknown id "O1" (expected O01 to O27)"#,
            r#"components.objectives: missing id "O01""#,
        ],
    );
    assert_refused(
        set("/player_board/golem_developments/0/id", json!("g7")),
        &[
            r#"components.player_board.golem_developments[0].id: unknown id "g7" (expected g1 to g6)"#,
            r#"components.player_board.golem_developments: missing id "g1""#,
        ],
    );
    assert_refused(
        set("/artifact_tiles/3/id", json!("E")),
        &[
            r#"components.artifact_tiles[3].id: unknown id "E" (expected A, B, C or D)"#,
            r#"components.artifact_tiles: missing id "D""#,
        ],
    );
}

#[test]
fn refuses_neighborhood_tiles_of_the_wrong_district_or_number() {
    assert_refused(
        set("/neighborhood_tiles/3/district", json!("blue")),
        &[
            r#"components.neighborhood_tiles[3].district: tile NR04 belongs to the red district, got "blue""#,
        ],
    );
    assert_refused(
        set("/neighborhood_tiles/3/number/value", json!(11)),
        &["components.neighborhood_tiles[3].number.value: expected an integer from 1 to 10, got 11"],
    );
    assert_refused(
        set("/neighborhood_tiles/3/number/value", json!(1)),
        &["components.neighborhood_tiles: Neighborhood tiles NR04 and NR01 both have number 1"],
    );
}

#[test]
fn refuses_a_character_deck_count_other_than_7_and_5() {
    assert_refused(
        set("/characters/7/deck/value", json!("1-3")),
        &[
            r#"components.characters: expected 7 Characters in deck "1-3" and 5 in deck "4", got 8 and 4"#,
        ],
    );
    assert_refused(
        set("/characters/7/deck/value", json!("5")),
        &[r#"components.characters[7].deck.value: unknown deck "5" (expected "1-3" or "4")"#],
    );
}

#[test]
fn refuses_book_colour_counts_other_than_8_and_6() {
    assert_refused(
        set("/books/0/colour/value", json!("blue")),
        &[
            "components.books: expected 8 red Books, got 7",
            "components.books: expected 8 blue Books, got 9",
        ],
    );
}

#[test]
fn refuses_wrong_fixed_counts() {
    assert_refused(
        |v| {
            at(v, "/artifact_tiles/0/sides")
                .as_array_mut()
                .unwrap()
                .pop();
        },
        &["components.artifact_tiles[0].sides: expected 2 entries, got 1"],
    );
    assert_refused(
        |v| {
            at(v, "/artifact_tiles/0/sides/1/artifacts")
                .as_array_mut()
                .unwrap()
                .pop();
        },
        &["components.artifact_tiles[0].sides[1].artifacts: expected 4 entries, got 3"],
    );
    assert_refused(
        set("/artifact_tiles/0/sides/1/side", json!(1)),
        &["components.artifact_tiles[0].sides[1].side: side 1 is listed twice"],
    );
    assert_refused(
        set("/rules/cauldron_capacity/value", json!([1, 2, 3])),
        &["components.rules.cauldron_capacity.value: expected 4 entries, got 3"],
    );
    assert_refused(
        set("/library/slot_costs_knowledge/value", json!([0, 1, 1, 2])),
        &["components.library.slot_costs_knowledge.value: expected 5 entries, got 4"],
    );
    assert_refused(
        set("/rules/library_slots/value", json!(6)),
        &["components.rules.library_slots.value: expected an integer 5, got 6"],
    );
    assert_refused(
        set("/board/sections/value", json!(9)),
        &["components.board.sections.value: expected an integer 10, got 9"],
    );
}

#[test]
fn refuses_an_unknown_op() {
    assert_refused(
        set("/books/12/immediate/value/0/op", json!("gian")),
        &[r#"components.books[12].immediate.value[0].op: unknown op "gian""#],
    );
}

#[test]
fn refuses_unknown_words_of_every_vocabulary() {
    assert_refused(
        set(
            "/player_board/golem_developments/0/ability/value/0/ability",
            json!("fly"),
        ),
        &[
            r#"components.player_board.golem_developments[0].ability.value[0].ability: unknown ability "fly""#,
        ],
    );
    assert_refused(
        set(
            "/player_board/artifact_developments/0/sides/value/0/0/trigger",
            json!("marble_green"),
        ),
        &[
            r#"components.player_board.artifact_developments[0].sides.value[0][0].trigger: unknown trigger "marble_green" (expected "marble_red", "marble_blue", "first_book_in_column" or "create_golem")"#,
        ],
    );
    assert_refused(
        set(
            "/synagogue/action_tiles/0/effect/value/1/per",
            json!("golems"),
        ),
        &[
            r#"components.synagogue.action_tiles[0].effect.value[1].per: unknown counter "golems" (expected "golem_level", "completed_artifacts", "cemetery_golems", "upgraded_developments" or "leftmost_student")"#,
        ],
    );
    assert_refused(
        set("/objectives/4/type/value", json!("student_green")),
        &[r#"components.objectives[4].type.value: unknown objective type "student_green""#],
    );
    assert_refused(
        set("/starting_tiles/0/effect/value/0/res", json!("stone")),
        &[
            r#"components.starting_tiles[0].effect.value[0].res: unknown resource "stone" (expected "clay", "coin", "knowledge", "gold" or "vp")"#,
        ],
    );
    assert_refused(
        set("/characters/4/effect/value/1/district", json!("green")),
        &[
            r#"components.characters[4].effect.value[1].district: unknown district "green" (expected "red", "yellow" or "blue")"#,
        ],
    );
}

#[test]
fn refuses_missing_unknown_and_out_of_range_parameters() {
    assert_refused(
        remove("/books/0/immediate/value/0", "n"),
        &["components.books[0].immediate.value[0].n: required field is missing"],
    );
    assert_refused(
        set("/books/0/immediate/value/0/times", json!(2)),
        &[
            r#"components.books[0].immediate.value[0]: unknown gain parameter "times" (expected "op", "res" or "n")"#,
        ],
    );
    assert_refused(
        set("/characters/1/effect/value/0/n", json!(0)),
        &["components.characters[1].effect.value[0].n: expected an integer from 1 to 20, got 0"],
    );
    assert_refused(
        set("/characters/0/effect/value/0/discount", json!(-1)),
        &["components.characters[0].effect.value[0].discount: expected an integer from 0 to 30, got -1"],
    );
    assert_refused(
        set("/characters/0/effect/value/0/any_resource", json!("no")),
        &[
            r#"components.characters[0].effect.value[0].any_resource: expected true or false, got "no""#,
        ],
    );
    assert_refused(
        set("/synagogue/action_tiles/10/effect/value/3/keep", json!(3)),
        &["components.synagogue.action_tiles[10].effect.value[3].keep: keeps more cards than it draws (3 > 2)"],
    );
    assert_refused(
        set("/characters/3/cost_coins/value", json!(-2)),
        &["components.characters[3].cost_coins.value: expected an integer from 0 to 30, got -2"],
    );
    assert_refused(
        set("/synagogue/bottom_action/value", json!([{"op": "choice", "options": [[]]}])),
        &[
            "components.synagogue.bottom_action.value[0].options: expected at least 2 options, got 1",
            "components.synagogue.bottom_action.value[0].options[0]: expected at least 1 op",
        ],
    );
}

#[test]
fn refuses_bad_cost_items() {
    assert_refused(
        set(
            "/synagogue/bottom_action/value",
            json!([{"op": "convert", "cost": [{"res": "gold", "n": 1}], "then": [{"op": "study", "n": 1}]}]),
        ),
        &[
            r#"components.synagogue.bottom_action.value[0].cost[0].res: Gold cannot be paid (expected "clay", "coin", "knowledge" or "vp")"#,
        ],
    );
    assert_refused(
        set(
            "/synagogue/bottom_action/value",
            json!([{"op": "convert", "cost": [{"student_back": "red", "study_down": 1}], "then": [{"op": "study", "n": 1}]}]),
        ),
        &[
            r#"components.synagogue.bottom_action.value[0].cost[0]: expected a cost item: {"res", "n"}, {"student_back"} or {"study_down"}"#,
        ],
    );
}

#[test]
fn refuses_track_spaces_not_numbered_consecutively() {
    assert_refused(
        set("/player_board/study_track/value/3/space", json!(4)),
        &["components.player_board.study_track.value[3].space: expected space 3 (numbered consecutively), got 4"],
    );
    assert_refused(
        set("/player_board/golem_track/spaces/value/5/space", json!(7)),
        &["components.player_board.golem_track.spaces.value[5].space: expected space 6 (numbered consecutively), got 7"],
    );
}

#[test]
fn refuses_tracks_that_are_too_long() {
    assert_refused(
        |v| {
            let track = at(v, "/player_board/study_track/value")
                .as_array_mut()
                .unwrap();
            for space in 11..22 {
                track
                    .push(json!({"space": space, "column_limit": 5, "income": [], "final_vp": 10}));
            }
        },
        &["components.player_board.study_track.value: expected 1 to 21 spaces, got 22"],
    );
    assert_refused(
        |v| {
            let track = at(v, "/player_board/golem_track/spaces/value")
                .as_array_mut()
                .unwrap();
            for space in 13..22 {
                track.push(json!({"space": space, "level": 4}));
            }
        },
        &["components.player_board.golem_track.spaces.value: expected 1 to 20 spaces, got 21"],
    );
}

#[test]
fn refuses_column_limits_outside_1_to_5() {
    assert_refused(
        set("/player_board/study_track/value/10/column_limit", json!(6)),
        &["components.player_board.study_track.value[10].column_limit: expected an integer from 1 to 5, got 6"],
    );
    assert_refused(
        set("/player_board/study_track/value/0/column_limit", json!(0)),
        &["components.player_board.study_track.value[0].column_limit: expected an integer from 1 to 5, got 0"],
    );
}

#[test]
fn refuses_a_start_space_off_its_track() {
    assert_refused(
        set("/rules/start_study_space/value", json!(11)),
        &["components.rules.start_study_space.value: space 11 is not on the Study track (spaces 0 to 10)"],
    );
    assert_refused(
        set("/rules/start_golem_track_space/value", json!(13)),
        &["components.rules.start_golem_track_space.value: space 13 is not on the Golem track (spaces 1 to 12)"],
    );
}

#[test]
fn refuses_a_golem_track_level_without_steps() {
    assert_refused(
        set("/player_board/golem_track/spaces/value/11/level", json!(5)),
        &["components.player_board.golem_track.spaces.value[11].level: level 5 has no entry in golem_track.levels (no steps)"],
    );
    assert_refused(
        remove("/player_board/golem_track/levels/value/1", "steps"),
        &["components.player_board.golem_track.levels.value[1].steps: required field is missing"],
    );
    assert_refused(
        set("/player_board/golem_track/levels/value/0/level", json!(2)),
        &["components.player_board.golem_track.levels.value[0].level: expected level 1 first, got 2"],
    );
}

#[test]
fn refuses_more_than_8_cemetery_spaces_or_a_limited_last_space() {
    assert_refused(
        |v| {
            let spaces = at(v, "/cemetery/spaces/value").as_array_mut().unwrap();
            for id in 7..10 {
                spaces.insert(
                    0,
                    json!({"id": id, "min_players": 1, "capacity": 1, "bonus": []}),
                );
            }
        },
        &["components.cemetery.spaces.value: expected 1 to 8 spaces, got 9"],
    );
    assert_refused(
        set("/cemetery/spaces/value/5/capacity", json!(1)),
        &[
            r#"components.cemetery.spaces.value[5].capacity: the last space must be "unlimited", got 1"#,
        ],
    );
    assert_refused(
        set("/cemetery/spaces/value/2/capacity", json!("unlimited")),
        &[
            r#"components.cemetery.spaces.value[2].capacity: expected 1 (only the last space is unlimited), got "unlimited""#,
        ],
    );
}

#[test]
fn refuses_too_few_marbles_for_a_player_count() {
    assert_refused(
        set("/marbles/by_players/value/2", json!({"white": 0, "black": 1, "red": 0, "blue": 2, "yellow": 2})),
        &["components.marbles.by_players.value.2: expected at least 6 marbles for 2 players (2N + 2), got 5"],
    );
    assert_refused(
        remove("/marbles/by_players/value", "4"),
        &["components.marbles.by_players.value.4: required field is missing"],
    );
}

#[test]
fn refuses_more_marbles_of_a_colour_than_the_box_holds() {
    assert_refused(
        set("/marbles/by_players/value/3/white", json!(6)),
        &["components.marbles.by_players.value.3.white: 6 white marbles, but the game has 5"],
    );
    // A missing colour does not shift the others.
    assert_refused(
        remove("/marbles/by_players/value/4", "white"),
        &["components.marbles.by_players.value.4.white: required field is missing"],
    );
}

#[test]
fn refuses_an_inventory_other_than_the_fixed_counts() {
    assert_refused(
        set("/inventory/action_tiles/value", json!(13)),
        &["components.inventory.action_tiles.value: expected 12 (fixed by the rules, spec §2.2), got 13"],
    );
    assert_refused(
        set("/inventory/characters/value/round_4", json!(6)),
        &[
            r#"components.inventory.characters.value: expected {"round_4":5,"rounds_1_3":7} (fixed by the rules, spec §2.2), got {"round_4":6,"rounds_1_3":7}"#,
        ],
    );
}

#[test]
fn refuses_drop_weights_that_are_not_positive() {
    assert_refused(
        set("/marbles/drop_model/value/line_weights/2", json!(0)),
        &["components.marbles.drop_model.value.line_weights[2]: expected an integer from 1 to 1000000, got 0"],
    );
    // Five weights of u32::MAX once passed, and their total overflowed at the first drop.
    assert_refused(
        set("/marbles/drop_model/value/line_weights/2", json!(u32::MAX)),
        &["components.marbles.drop_model.value.line_weights[2]: expected an integer from 1 to 1000000, got 4294967295"],
    );
    assert_refused(
        set("/marbles/drop_model/value/kind", json!("chute")),
        &[
            r#"components.marbles.drop_model.value.kind: unknown drop model "chute" (expected "independent")"#,
        ],
    );
}

#[test]
fn refuses_neighborhood_sections_not_7_distinct() {
    assert_refused(
        set(
            "/board/neighborhood_sections/value",
            json!([1, 2, 3, 4, 5, 6]),
        ),
        &["components.board.neighborhood_sections.value: expected 7 entries, got 6"],
    );
    assert_refused(
        set(
            "/board/neighborhood_sections/value",
            json!([1, 2, 3, 4, 5, 6, 6]),
        ),
        &["components.board.neighborhood_sections.value[6]: 6 is listed twice"],
    );
}

#[test]
fn refuses_printed_neighborhoods_not_on_the_other_3_sections() {
    assert_refused(
        set("/board/neighborhood_sections/value", json!([1, 2, 3, 4, 5, 6, 8])),
        &[
            "components.board.printed_neighborhoods.value.red: expected sections 7, 9, 10 (those without a Neighborhood tile), got 8, 9, 10",
            "components.board.printed_neighborhoods.value.yellow: expected sections 7, 9, 10 (those without a Neighborhood tile), got 8, 9, 10",
            "components.board.printed_neighborhoods.value.blue: expected sections 7, 9, 10 (those without a Neighborhood tile), got 8, 9, 10",
        ],
    );
    assert_refused(
        remove("/board/printed_neighborhoods/value/yellow", "9"),
        &["components.board.printed_neighborhoods.value.yellow: expected sections 8, 9, 10 (those without a Neighborhood tile), got 8, 10"],
    );
}

#[test]
fn refuses_street_income_without_10_entries_per_district() {
    assert_refused(
        |v| {
            at(v, "/board/street_income/value/blue")
                .as_array_mut()
                .unwrap()
                .pop();
        },
        &["components.board.street_income.value.blue: expected 10 entries, got 9"],
    );
    assert_refused(
        set("/board/street_income/value/green", json!([])),
        &[
            r#"components.board.street_income.value: unknown key "green" (expected "red", "yellow" and "blue")"#,
        ],
    );
}

#[test]
fn refuses_create_track_up_shorter_than_the_reserve() {
    assert_refused(
        set("/rules/create_track_up/value", json!([2, 2, 2])),
        &["components.rules.create_track_up.value: expected at least 4 entries (one per reserve Golem), got 3"],
    );
}

#[test]
fn refuses_work_costs_not_one_per_golem() {
    assert_refused(
        set("/rules/work_cost_knowledge/value", json!([1, 3, 5])),
        &["components.rules.work_cost_knowledge.value: expected 4 entries (one per Golem up to work_max_golems), got 3"],
    );
}

#[test]
fn refuses_a_cauldron_capacity_below_1() {
    assert_refused(
        set("/rules/cauldron_capacity/value/0", json!(0)),
        &["components.rules.cauldron_capacity.value[0]: expected an integer from 1 to 10, got 0"],
    );
}

#[test]
fn refuses_an_artifact_development_space_on_no_artifact() {
    assert_refused(
        set("/player_board/artifact_development_spaces/value/7/artifact", json!(5)),
        &["components.player_board.artifact_development_spaces.value[7].artifact: the space is on no Artifact (expected 1 to 4), got 5"],
    );
}

#[test]
fn refuses_study_columns_not_1_to_book_columns_once_each() {
    assert_refused(
        set("/player_board/study_developments/1/column", json!(1)),
        &[
            "components.player_board.study_developments: s1 and s2 are both on column 1",
            "components.player_board.study_developments: no Study Development is on column 2",
        ],
    );
    assert_refused(
        set("/rules/book_columns/value", json!(4)),
        &["components.player_board.study_developments: s5 is on column 5, beyond book_columns (4)"],
    );
}

#[test]
fn refuses_book_costs_of_neither_form() {
    assert_refused(
        set("/books/0/cost/value", json!([{"student_back": "any"}])),
        &[r#"components.books[0].cost.value: a red Book costs [{"res": "knowledge", "n": N}]"#],
    );
    assert_refused(
        set(
            "/books/32/cost/value",
            json!([{"res": "knowledge", "n": 2}]),
        ),
        &[r#"components.books[32].cost.value: a black Book costs [{"student_back": "any"}]"#],
    );
    assert_refused(
        set(
            "/books/1/cost/value",
            json!([{"res": "knowledge", "n": 2}, {"res": "coin", "n": 1}]),
        ),
        &[r#"components.books[1].cost.value: a red Book costs [{"res": "knowledge", "n": N}]"#],
    );
}

#[test]
fn refuses_a_character_colour_that_is_not_a_marble_colour() {
    assert_refused(
        set("/characters/0/marbles/value/1", json!("green")),
        &[
            r#"components.characters[0].marbles.value[1]: unknown marble colour "green" (expected "white", "black", "red", "blue" or "yellow")"#,
        ],
    );
    assert_refused(
        set("/characters/0/marbles/value", json!(["red"])),
        &["components.characters[0].marbles.value: expected 2 entries, got 1"],
    );
}

#[test]
fn refuses_intro_numbers_naming_no_card_or_the_wrong_deck() {
    assert_refused(
        set("/setup/intro_characters_by_number/value/3", json!(60)),
        &["components.setup.intro_characters_by_number.value[3]: no Character has number 60"],
    );
    assert_refused(
        set(
            "/setup/intro_characters_by_number/value",
            json!([39, 43, 46, 41]),
        ),
        &[
            r#"components.setup.intro_characters_by_number.value[2]: Character CH08 (number 46) is in deck "4", this Palace space takes deck "1-3""#,
            r#"components.setup.intro_characters_by_number.value[3]: Character CH03 (number 41) is in deck "1-3", this Palace space takes deck "4""#,
        ],
    );
    assert_refused(
        set("/setup/intro_neighborhoods_by_number/value/blue/0", json!(11)),
        &["components.setup.intro_neighborhoods_by_number.value.blue[0]: expected an integer from 1 to 10, got 11"],
    );
}

#[test]
fn refuses_a_vocabulary_section_other_than_the_engines() {
    assert_refused(
        set("/vocabulary/ops/teleport", json!("move anywhere")),
        &[r#"components.vocabulary.ops: unknown op "teleport" (the vocabulary is closed)"#],
    );
    assert_refused(
        remove("/vocabulary/triggers", "marble_red"),
        &[r#"components.vocabulary.triggers: trigger "marble_red" is missing"#],
    );
}

#[test]
fn reports_every_problem_at_once() {
    let problems = problems_after(|v| {
        *at(v, "/characters/3/cost_coins/value") = json!(-2);
        *at(v, "/books/12/immediate/value/0/op") = json!("gian");
        *at(v, "/rules/cauldron_capacity/value/2") = json!(0);
        *at(v, "/version") = json!(3);
        at(v, "/meta/year")
            .as_object_mut()
            .unwrap()
            .remove("source");
    });
    assert_eq!(
        problems,
        [
            "components.version: expected 1, got 3",
            r#"components.meta.year: a fact needs "source" (confirmed) or "placeholder": true with "basis""#,
            "components.rules.cauldron_capacity.value[2]: expected an integer from 1 to 10, got 0",
            "components.characters[3].cost_coins.value: expected an integer from 0 to 30, got -2",
            r#"components.books[12].immediate.value[0].op: unknown op "gian""#,
        ]
    );
}

#[test]
fn refuses_more_student_steps_than_the_notation_can_write() {
    assert_refused(
        set("/synagogue/action_tiles/11/effect/value/0/n", json!(3)),
        &["components.synagogue.action_tiles[11].effect.value[0].n: expected an integer from 1 to 2, got 3"],
    );
}

#[test]
fn refuses_conversions_and_choices_nested_more_than_2_deep() {
    let gain = |res: &str| json!([{"op": "gain", "res": res, "n": 1}]);
    let inner = json!({"op": "choice", "options": [gain("vp"), gain("coin")]});
    let middle = json!({"op": "convert", "cost": [{"res": "coin", "n": 1}], "then": [inner]});
    let outer = json!({"op": "choice", "options": [[middle.clone()], gain("vp")]});
    assert_refused(
        set("/synagogue/bottom_action/value", json!([outer])),
        &["components.synagogue.bottom_action.value[0]: conversions and choices nest at most 2 deep"],
    );
    // Two levels are fine.
    assert_refused(set("/synagogue/bottom_action/value", json!([middle])), &[]);
}

#[test]
fn refuses_entry_costs_below_section_8() {
    assert_refused(
        set("/board/block_entry_cost/value/7", json!(1)),
        &["components.board.block_entry_cost.value.7: entry costs are only for sections 8 to 10"],
    );
}

#[test]
fn refuses_an_artifact_space_id_not_naming_its_artifact() {
    assert_refused(
        set(
            "/player_board/artifact_development_spaces/value/0/id",
            json!("1-1"),
        ),
        &[
            r#"components.player_board.artifact_development_spaces.value[0].id: a space id is "1.<k>" (its Artifact, a dot, k >= 1), got "1-1""#,
        ],
    );
}
