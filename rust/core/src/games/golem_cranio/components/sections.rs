//! The untitled sections of the file: rules, marbles, board, Cemetery, Library, Synagogue
//! and setup. Checks local to one section are made here, as the values are read.

use serde_json::Value;

use super::cards::{read_action_tiles, to_array};
use super::model::{
    Board, CemeterySpace, MarbleSet, Marbles, PrintedNeighborhood, Rules, StudentMove, Synagogue,
    CAULDRONS, DISTRICTS, LIBRARY_SLOTS, LINES, MARBLE_COLOURS, MAX_CEMETERY_SPACES, PLAYER_COUNTS,
    SECTIONS, TILE_SECTIONS,
};
use super::ops::read_effect;
use super::reader::{describe, field_path, index_path, quoted_list, Object, Reader};
use super::vocab::{District, Line, MarbleColour, Resource, Vocab};

/// The numbers `1..=n` as JSON keys.
fn number_keys(n: usize) -> Vec<String> {
    (1..=n).map(|k| k.to_string()).collect()
}

/// An object with exactly the keys `keys`, each value read with `read`, in `keys` order.
pub(super) fn read_keyed<T: Default>(
    r: &mut Reader,
    value: &Value,
    path: &str,
    keys: &[&str],
    mut read: impl FnMut(&mut Reader, &Value, &str) -> T,
) -> Vec<T> {
    let Some(map) = r.object(value, path) else {
        return keys.iter().map(|_| T::default()).collect();
    };
    for key in map.keys() {
        if !keys.contains(&key.as_str()) {
            r.error(
                path,
                format!(
                    "unknown key \"{key}\" (expected {})",
                    quoted_list(keys, "and")
                ),
            );
        }
    }
    keys.iter()
        .map(|key| r.with_field(map, path, key, &mut read))
        .collect()
}

/// An array of distinct integers within `min..=max`, of length `len`.
fn distinct_numbers(
    r: &mut Reader,
    value: &Value,
    path: &str,
    len: usize,
    min: u8,
    max: u8,
) -> Vec<u8> {
    let mut numbers = Vec::new();
    for (i, item) in r.array_of_len(value, path, len).iter().enumerate() {
        let p = index_path(path, i);
        let n = r.small(item, &p, min, max);
        if r.clean(&[&p]) && numbers.contains(&n) {
            r.error(&p, format!("{n} is listed twice"));
        }
        numbers.push(n);
    }
    numbers
}

const RULE_KEYS: &[&str] = &[
    "players_min",
    "players_max",
    "rounds",
    "phases_per_round",
    "marble_eyes",
    "marble_actions_per_round",
    "rabbi_actions_per_round",
    "action_spaces_extra",
    "library_slots",
    "neighborhood_tiles_used_per_district",
    "starting_tiles_dealt",
    "starting_tiles_kept",
    "objectives_dealt",
    "objectives_kept",
    "start_vp",
    "start_study_space",
    "start_golem_track_space",
    "start_student_section",
    "golems_per_player",
    "golems_start_on_main_board",
    "create_cost_clay",
    "create_extra_per_own_golem_in_district",
    "create_track_up",
    "kill_track_down",
    "work_max_golems",
    "work_cost_knowledge",
    "gold_price_coins",
    "mirror_price_coins",
    "mirror_study_price_coins",
    "mirror_study_steps",
    "influence_decline_coins",
    "control_cost_per_section",
    "uncontrolled_golem_penalty_vp",
    "overflow_penalty_vp_per_step",
    "overflow_penalty_cap_per_golem",
    "book_columns",
    "column_max_books",
    "resources_per_final_vp",
    "objective_set_bonus",
    "menorah_token_section",
    "pass_tiles",
    "cauldron_capacity",
];

fn small_list(r: &mut Reader, value: &Value, path: &str, min: u8, max: u8) -> Vec<u8> {
    let items = r.array(value, path);
    items
        .iter()
        .enumerate()
        .map(|(i, item)| r.small(item, &index_path(path, i), min, max))
        .collect()
}

pub(super) fn read_rules(r: &mut Reader, value: &Value, path: &str) -> Rules {
    let Some(map) = r.object(value, path) else {
        return Rules::default();
    };
    r.only_fields(map, path, RULE_KEYS, "field");
    let create_track_up = r.with_fact(map, path, "create_track_up", |r, v, p| {
        small_list(r, v, p, 0, 19)
    });
    let work_cost_knowledge = r.with_fact(map, path, "work_cost_knowledge", |r, v, p| {
        small_list(r, v, p, 0, 50)
    });
    let objective_set_bonus = r.with_fact(map, path, "objective_set_bonus", read_set_bonus);
    let cauldron_capacity = r.with_fact(map, path, "cauldron_capacity", |r, v, p| {
        let capacities: Vec<u8> = r
            .array_of_len(v, p, CAULDRONS)
            .iter()
            .enumerate()
            .map(|(i, c)| r.small(c, &index_path(p, i), 1, 10))
            .collect();
        to_array(capacities)
    });
    let mut n = |key: &str, min: u8, max: u8| -> u8 {
        r.with_fact(map, path, key, |r, v, p| r.small(v, p, min, max))
    };
    Rules {
        players_min: n("players_min", 1, PLAYER_COUNTS as u8),
        players_max: n("players_max", 1, PLAYER_COUNTS as u8),
        rounds: n("rounds", 1, 4),
        phases_per_round: n("phases_per_round", 7, 7),
        marble_eyes: n("marble_eyes", 1, 5),
        marble_actions_per_round: n("marble_actions_per_round", 1, 5),
        rabbi_actions_per_round: n("rabbi_actions_per_round", 0, 3),
        action_spaces_extra: n("action_spaces_extra", 0, 8),
        library_slots: n("library_slots", LIBRARY_SLOTS as u8, LIBRARY_SLOTS as u8),
        neighborhood_tiles_used_per_district: n(
            "neighborhood_tiles_used_per_district",
            TILE_SECTIONS as u8,
            TILE_SECTIONS as u8,
        ),
        starting_tiles_dealt: n("starting_tiles_dealt", 1, 4),
        starting_tiles_kept: n("starting_tiles_kept", 0, 4),
        objectives_dealt: n("objectives_dealt", 1, 6),
        objectives_kept: n("objectives_kept", 0, 6),
        start_vp: n("start_vp", 0, 100),
        start_study_space: n("start_study_space", 0, 99),
        start_golem_track_space: n("start_golem_track_space", 1, 99),
        start_student_section: n("start_student_section", 1, SECTIONS as u8),
        golems_per_player: n("golems_per_player", 1, 10),
        golems_start_on_main_board: n("golems_start_on_main_board", 0, DISTRICTS as u8),
        create_cost_clay: n("create_cost_clay", 0, 30),
        create_extra_per_own_golem_in_district: n("create_extra_per_own_golem_in_district", 0, 30),
        create_track_up,
        kill_track_down: n("kill_track_down", 0, 19),
        work_max_golems: n("work_max_golems", 1, 6),
        work_cost_knowledge,
        gold_price_coins: n("gold_price_coins", 1, 30),
        mirror_price_coins: n("mirror_price_coins", 0, 30),
        mirror_study_price_coins: n("mirror_study_price_coins", 0, 30),
        mirror_study_steps: n("mirror_study_steps", 1, 20),
        influence_decline_coins: n("influence_decline_coins", 0, 30),
        control_cost_per_section: n("control_cost_per_section", 0, 10),
        uncontrolled_golem_penalty_vp: n("uncontrolled_golem_penalty_vp", 0, 50),
        overflow_penalty_vp_per_step: n("overflow_penalty_vp_per_step", 0, 50),
        overflow_penalty_cap_per_golem: n("overflow_penalty_cap_per_golem", 0, 50),
        book_columns: n("book_columns", 1, 5),
        column_max_books: n("column_max_books", 1, 5),
        resources_per_final_vp: n("resources_per_final_vp", 1, 30),
        objective_set_bonus,
        menorah_token_section: n("menorah_token_section", 1, SECTIONS as u8),
        pass_tiles: n("pass_tiles", 4, 4),
        cauldron_capacity,
    }
}

/// `{"2": 2, "3": 5, "4": 9}` read as the bonus for 0..=9 completed types: each count
/// takes the bonus of the largest key not above it.
fn read_set_bonus(r: &mut Reader, value: &Value, path: &str) -> [u8; 10] {
    let mut by_count: [Option<u8>; 10] = [None; 10];
    if let Some(map) = r.object(value, path) {
        for (key, amount) in map {
            let key_path = field_path(path, key);
            let count = key.parse::<usize>().ok().filter(|k| (1..=9).contains(k));
            let vp = r.small(amount, &key_path, 0, 50);
            match count {
                Some(count) => by_count[count] = Some(vp),
                None => r.error(
                    path,
                    format!("unknown key \"{key}\" (expected a number of Objective types, 1 to 9)"),
                ),
            }
        }
    }
    let mut bonus = [0; 10];
    let mut current = 0;
    for (count, slot) in bonus.iter_mut().enumerate() {
        if let Some(vp) = by_count[count] {
            current = vp;
        }
        *slot = current;
    }
    bonus
}

pub(super) fn read_marbles(r: &mut Reader, value: &Value, path: &str) -> Marbles {
    let Some(map) = r.object(value, path) else {
        return Marbles::default();
    };
    r.only_fields(
        map,
        path,
        &[
            "by_players",
            "lines_top_to_bottom",
            "student_moves",
            "drop_model",
        ],
        "field",
    );
    let player_keys = number_keys(PLAYER_COUNTS);
    let player_keys: Vec<&str> = player_keys.iter().map(String::as_str).collect();
    let by_players = r.with_fact(map, path, "by_players", |r, v, p| {
        let sets = read_keyed(r, v, p, &player_keys, read_marble_set);
        for (i, set) in sets.iter().enumerate() {
            let players = i + 1;
            let set_path = field_path(p, player_keys[i]);
            // Every owed marble action must find a marble, even after Pass tile 1 removes
            // one marble in each of the two Passing phases.
            let needed = 2 * players + 2;
            if r.clean(&[&set_path]) && (set.total() as usize) < needed {
                r.error(
                    &set_path,
                    format!(
                        "expected at least {needed} marbles for {players} players (2N + 2), got {}",
                        set.total()
                    ),
                );
            }
        }
        to_array(sets)
    });
    let lines_top_to_bottom = r.with_fact(map, path, "lines_top_to_bottom", |r, v, p| {
        let mut lines: Vec<Line> = Vec::new();
        for (i, item) in r.array_of_len(v, p, LINES).iter().enumerate() {
            let item_path = index_path(p, i);
            if let Some(line) = r.word::<Line>(item, &item_path) {
                if lines.contains(&line) {
                    r.error(
                        &item_path,
                        format!("line \"{}\" is listed twice", line.name()),
                    );
                }
                lines.push(line);
            }
        }
        to_array(lines)
    });
    let student_moves = r.with_fact(map, path, "student_moves", |r, v, p| {
        let moves = read_keyed(r, v, p, MarbleColour::NAMES, read_student_move);
        to_array(moves)
    });
    let drop_weights = r.with_fact(map, path, "drop_model", |r, v, p| {
        let Some(model) = r.object(v, p) else {
            return [0; LINES];
        };
        r.only_fields(model, p, &["kind", "line_weights"], "field");
        r.with_field(model, p, "kind", |r, v, kind_path| {
            if v.as_str() != Some("independent") {
                r.error(
                    kind_path,
                    format!(
                        "unknown drop model {} (expected \"independent\")",
                        describe(v)
                    ),
                );
            }
        });
        r.with_field(model, p, "line_weights", |r, v, weights_path| {
            let weights: Vec<u32> = r
                .array_of_len(v, weights_path, LINES)
                .iter()
                .enumerate()
                .map(|(i, w)| r.positive_u32(w, &index_path(weights_path, i)))
                .collect();
            to_array(weights)
        })
    });
    Marbles {
        by_players,
        lines_top_to_bottom,
        student_moves,
        drop_weights,
    }
}

fn read_marble_set(r: &mut Reader, value: &Value, path: &str) -> MarbleSet {
    let counts = read_keyed(r, value, path, MarbleColour::NAMES, |r, v, p| {
        r.small(v, p, 0, 15)
    });
    MarbleSet(to_array::<u8, MARBLE_COLOURS>(counts))
}

fn read_student_move(r: &mut Reader, value: &Value, path: &str) -> StudentMove {
    match value {
        Value::String(s) if s == "two different districts" => StudentMove::TwoDifferentDistricts,
        Value::Array(items) => StudentMove::Districts(
            items
                .iter()
                .enumerate()
                .filter_map(|(i, d)| r.word::<District>(d, &index_path(path, i)))
                .collect(),
        ),
        other => {
            r.error(
                path,
                format!(
                    "expected a list of districts or \"two different districts\", got {}",
                    describe(other)
                ),
            );
            StudentMove::default()
        }
    }
}

pub(super) fn read_board(r: &mut Reader, value: &Value, path: &str) -> Board {
    let Some(map) = r.object(value, path) else {
        return Board::default();
    };
    r.only_fields(
        map,
        path,
        &[
            "sections",
            "neighborhood_sections",
            "printed_neighborhoods",
            "block_entry_currencies",
            "block_entry_cost",
            "street_income",
        ],
        "field",
    );
    let sections = r.with_fact(map, path, "sections", |r, v, p| {
        r.small(v, p, SECTIONS as u8, SECTIONS as u8)
    });
    let mut neighborhood_sections: [u8; TILE_SECTIONS] =
        r.with_fact(map, path, "neighborhood_sections", |r, v, p| {
            to_array(distinct_numbers(r, v, p, TILE_SECTIONS, 1, SECTIONS as u8))
        });
    neighborhood_sections.sort_unstable();
    let tiles_clean = r.clean(&[&field_path(path, "neighborhood_sections")]);
    let printed_sections: Vec<u8> = (1..=SECTIONS as u8)
        .filter(|s| !neighborhood_sections.contains(s))
        .collect();
    let printed_neighborhoods = r.with_fact(map, path, "printed_neighborhoods", |r, v, p| {
        let districts = read_keyed(r, v, p, District::NAMES, |r, v, district_path| {
            read_printed(
                r,
                v,
                district_path,
                tiles_clean.then_some(&printed_sections[..]),
            )
        });
        to_array(districts)
    });
    let block_entry_currencies = r.with_fact(map, path, "block_entry_currencies", |r, v, p| {
        let mut currencies: Vec<Resource> = Vec::new();
        let items = r.array(v, p);
        if matches!(v, Value::Array(_)) && items.is_empty() {
            r.error(p, "expected at least 1 resource");
        }
        for (i, item) in items.iter().enumerate() {
            let item_path = index_path(p, i);
            match r.word::<Resource>(item, &item_path) {
                Some(Resource::Gold) => r.error(&item_path, "Gold cannot be paid"),
                Some(res) if currencies.contains(&res) => {
                    r.error(&item_path, format!("\"{}\" is listed twice", res.name()))
                }
                Some(res) => currencies.push(res),
                None => {}
            }
        }
        currencies
    });
    let block_entry_cost = r.with_fact(map, path, "block_entry_cost", |r, v, p| {
        let mut costs = [0u8; SECTIONS];
        if let Some(by_section) = r.object(v, p) {
            for (key, cost) in by_section {
                match section_key(key) {
                    Some(section) => {
                        costs[usize::from(section) - 1] = r.small(cost, &field_path(p, key), 0, 20)
                    }
                    None => r.error(
                        p,
                        format!("unknown key \"{key}\" (expected a section, 1 to 10)"),
                    ),
                }
            }
        }
        costs
    });
    let street_income = r.with_fact(map, path, "street_income", |r, v, p| {
        let districts = read_keyed(r, v, p, District::NAMES, |r, v, district_path| {
            let effects: Vec<_> = r
                .array_of_len(v, district_path, SECTIONS)
                .iter()
                .enumerate()
                .map(|(i, e)| read_effect(r, e, &index_path(district_path, i)))
                .collect();
            to_array::<_, SECTIONS>(effects)
        });
        to_array::<_, DISTRICTS>(districts)
    });
    Board {
        sections,
        neighborhood_sections,
        printed_neighborhoods,
        block_entry_currencies,
        block_entry_cost,
        street_income,
    }
}

fn section_key(key: &str) -> Option<u8> {
    key.parse::<u8>()
        .ok()
        .filter(|s| (1..=SECTIONS as u8).contains(s))
}

/// One district's printed neighborhoods; with `expected` (the sections without a tile, when
/// known) the keys must be exactly those sections.
fn read_printed(
    r: &mut Reader,
    value: &Value,
    path: &str,
    expected: Option<&[u8]>,
) -> [PrintedNeighborhood; SECTIONS - TILE_SECTIONS] {
    let mut printed = Vec::new();
    let Some(map) = r.object(value, path) else {
        return Default::default();
    };
    for (key, effect) in map {
        match section_key(key) {
            Some(section) => printed.push(PrintedNeighborhood {
                section,
                effect: read_effect(r, effect, &field_path(path, key)),
            }),
            None => r.error(
                path,
                format!("unknown key \"{key}\" (expected a section, 1 to 10)"),
            ),
        }
    }
    printed.sort_by_key(|p| p.section);
    if let Some(expected) = expected {
        let got: Vec<u8> = printed.iter().map(|p| p.section).collect();
        if r.clean(&[path]) && got != expected {
            let list = |s: &[u8]| s.iter().map(u8::to_string).collect::<Vec<_>>().join(", ");
            r.error(
                path,
                format!(
                    "expected sections {} (those without a Neighborhood tile), got {}",
                    list(expected),
                    if got.is_empty() {
                        "none".to_string()
                    } else {
                        list(&got)
                    }
                ),
            );
        }
    }
    to_array(printed)
}

pub(super) fn read_cemetery(r: &mut Reader, value: &Value, path: &str) -> Vec<CemeterySpace> {
    let Some(map) = r.object(value, path) else {
        return Vec::new();
    };
    r.only_fields(map, path, &["spaces"], "field");
    r.with_fact(map, path, "spaces", |r, v, p| {
        let items = r.array(v, p);
        if matches!(v, Value::Array(_)) && !(1..=MAX_CEMETERY_SPACES).contains(&items.len()) {
            r.error(
                p,
                format!(
                    "expected 1 to {MAX_CEMETERY_SPACES} spaces, got {}",
                    items.len()
                ),
            );
            return Vec::new();
        }
        let mut spaces: Vec<CemeterySpace> = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let space_path = index_path(p, i);
            let Some(space) = r.object(item, &space_path) else {
                continue;
            };
            r.only_fields(
                space,
                &space_path,
                &["id", "min_players", "capacity", "bonus"],
                "field",
            );
            let id = r.with_field(space, &space_path, "id", |r, v, p| {
                r.small(v, p, 1, MAX_CEMETERY_SPACES as u8)
            });
            if id != 0 && spaces.iter().any(|s| s.id == id) {
                r.error(
                    &field_path(&space_path, "id"),
                    format!("space id {id} is listed twice"),
                );
            }
            let is_last = i + 1 == items.len();
            // Position files give one occupant per limited space, so capacity is 1.
            let unlimited = r.with_field(space, &space_path, "capacity", |r, v, cap_path| {
                match (v, is_last) {
                    (Value::String(s), true) if s == "unlimited" => true,
                    (_, true) => {
                        r.error(
                            cap_path,
                            format!("the last space must be \"unlimited\", got {}", describe(v)),
                        );
                        false
                    }
                    (v, false) if v.as_u64() == Some(1) => false,
                    (v, false) => {
                        r.error(
                            cap_path,
                            format!(
                                "expected 1 (only the last space is unlimited), got {}",
                                describe(v)
                            ),
                        );
                        false
                    }
                }
            });
            let max_players = if is_last { 1 } else { PLAYER_COUNTS as u8 };
            spaces.push(CemeterySpace {
                id,
                // The unlimited space must be in play at every player count.
                min_players: r.with_field(space, &space_path, "min_players", |r, v, p| {
                    r.small(v, p, 1, max_players)
                }),
                unlimited,
                bonus: r.with_field(space, &space_path, "bonus", read_effect),
            });
        }
        spaces
    })
}

pub(super) fn read_library(r: &mut Reader, value: &Value, path: &str) -> [u8; LIBRARY_SLOTS] {
    let Some(map) = r.object(value, path) else {
        return [0; LIBRARY_SLOTS];
    };
    r.only_fields(map, path, &["slot_costs_knowledge"], "field");
    r.with_fact(map, path, "slot_costs_knowledge", |r, v, p| {
        let costs: Vec<u8> = r
            .array_of_len(v, p, LIBRARY_SLOTS)
            .iter()
            .enumerate()
            .map(|(i, c)| r.small(c, &index_path(p, i), 0, 20))
            .collect();
        to_array(costs)
    })
}

pub(super) fn read_synagogue(r: &mut Reader, value: &Value, path: &str) -> Synagogue {
    let Some(map) = r.object(value, path) else {
        return Synagogue::default();
    };
    r.only_fields(map, path, &["bottom_action", "action_tiles"], "field");
    Synagogue {
        bottom_action: r.with_fact(map, path, "bottom_action", read_effect),
        action_tiles: to_array(r.with_field(map, path, "action_tiles", read_action_tiles)),
    }
}

/// The setup section as printed numbers; `validate` resolves them to cards.
#[derive(Default)]
pub(super) struct SetupNumbers {
    pub palace_from_deck_1_3: u8,
    pub palace_from_deck_4: u8,
    pub intro_characters: Vec<u8>,
    pub intro_neighborhoods: [Vec<u8>; DISTRICTS],
    pub intro_starting_tiles_dealt: u8,
}

pub(super) fn read_setup(r: &mut Reader, value: &Value, path: &str) -> SetupNumbers {
    let Some(map) = r.object(value, path) else {
        return SetupNumbers::default();
    };
    r.only_fields(
        map,
        path,
        &[
            "palace",
            "intro_characters_by_number",
            "intro_neighborhoods_by_number",
            "intro_starting_tiles_dealt",
        ],
        "field",
    );
    let (palace_from_deck_1_3, palace_from_deck_4) = r.with_fact(map, path, "palace", |r, v, p| {
        let Some(palace) = r.object(v, p) else {
            return (0, 0);
        };
        r.only_fields(palace, p, &["from_deck_1_3", "from_deck_4"], "field");
        (
            r.with_field(palace, p, "from_deck_1_3", |r, v, p| r.small(v, p, 0, 7)),
            r.with_field(palace, p, "from_deck_4", |r, v, p| r.small(v, p, 0, 5)),
        )
    });
    let intro_characters = r.with_fact(map, path, "intro_characters_by_number", |r, v, p| {
        let len = usize::from(palace_from_deck_1_3 + palace_from_deck_4);
        distinct_numbers(r, v, p, len, 1, 99)
    });
    let intro_neighborhoods = r.with_fact(map, path, "intro_neighborhoods_by_number", |r, v, p| {
        let lists = read_keyed(r, v, p, District::NAMES, |r, v, p| {
            distinct_numbers(r, v, p, TILE_SECTIONS, 1, 10)
        });
        to_array(lists)
    });
    SetupNumbers {
        palace_from_deck_1_3,
        palace_from_deck_4,
        intro_characters,
        intro_neighborhoods,
        intro_starting_tiles_dealt: r.with_fact(
            map,
            path,
            "intro_starting_tiles_dealt",
            |r, v, p| r.small(v, p, 1, 4),
        ),
    }
}

/// The file's `vocabulary` section must name exactly the engine's words: a file cannot
/// extend the vocabulary, and one that drops a word was written for another engine.
pub(super) fn check_vocabulary(r: &mut Reader, value: &Value, path: &str) {
    let Some(map) = r.object(value, path) else {
        return;
    };
    let lists: [(&str, &[&str], &str); 11] = [
        ("resources", Resource::NAMES, "resource"),
        ("districts", District::NAMES, "district"),
        ("marble_colours", MarbleColour::NAMES, "marble colour"),
        (
            "book_colours",
            super::vocab::BookColour::NAMES,
            "book colour",
        ),
        ("lines", Line::NAMES, "line"),
        ("counters", super::vocab::Counter::NAMES, "counter"),
        ("ops", super::vocab::OpName::NAMES, "op"),
        ("cost_items", super::vocab::CostItemName::NAMES, "cost item"),
        ("abilities", super::vocab::AbilityName::NAMES, "ability"),
        ("triggers", super::vocab::Trigger::NAMES, "trigger"),
        (
            "objective_types",
            super::vocab::ObjectiveType::NAMES,
            "objective type",
        ),
    ];
    let keys: Vec<&str> = lists.iter().map(|(k, _, _)| *k).collect();
    r.only_fields(map, path, &keys, "field");
    for (key, engine_words, kind) in lists {
        r.with_field(map, path, key, |r, v, p| {
            let words: Vec<&str> = match v {
                Value::Array(items) => items.iter().map(|w| w.as_str().unwrap_or("")).collect(),
                Value::Object(m) => m.keys().map(String::as_str).collect(),
                other => {
                    r.error(
                        p,
                        format!("expected an array or an object, got {}", describe(other)),
                    );
                    return;
                }
            };
            for word in &words {
                if !engine_words.contains(word) {
                    r.error(
                        p,
                        format!("unknown {kind} \"{word}\" (the vocabulary is closed)"),
                    );
                }
            }
            for word in engine_words {
                if !words.contains(word) {
                    r.error(p, format!("{kind} \"{word}\" is missing"));
                }
            }
        });
    }
}

/// Refuses a top-level string field other than `expected` (`schema`, `game`).
pub(super) fn expect_string(r: &mut Reader, map: &Object, key: &str, expected: &str) {
    r.with_field(map, "", key, |r, v, p| {
        if v.as_str() != Some(expected) {
            r.error(p, format!("expected \"{expected}\", got {}", describe(v)));
        }
    });
}
