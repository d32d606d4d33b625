//! The `rules` section: the fixed numbers of the rules.

use serde_json::Value;

use super::cards::to_array;
use super::model::{Rules, CAULDRONS, LIBRARY_SLOTS, PLAYER_COUNTS, SECTIONS, TILE_SECTIONS};
use super::reader::{field_path, index_path, Reader};

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
        // The engine plays one Rabbi action a round (one placed Rabbi per seat).
        rabbi_actions_per_round: n("rabbi_actions_per_round", 1, 1),
        action_spaces_extra: n("action_spaces_extra", 0, 8),
        library_slots: n("library_slots", LIBRARY_SLOTS as u8, LIBRARY_SLOTS as u8),
        neighborhood_tiles_used_per_district: n(
            "neighborhood_tiles_used_per_district",
            TILE_SECTIONS as u8,
            TILE_SECTIONS as u8,
        ),
        starting_tiles_dealt: n("starting_tiles_dealt", 1, 4),
        // The `start` action names two tiles (spec §9): the engine keeps exactly two.
        starting_tiles_kept: n("starting_tiles_kept", 2, 2),
        // The draft picks objectives_dealt - 1 cards: at least one.
        objectives_dealt: n("objectives_dealt", 2, 6),
        objectives_kept: n("objectives_kept", 0, 6),
        start_vp: n("start_vp", 0, 100),
        start_study_space: n("start_study_space", 0, 99),
        start_golem_track_space: n("start_golem_track_space", 1, 99),
        start_student_section: n("start_student_section", 1, SECTIONS as u8),
        golems_per_player: n("golems_per_player", 1, 10),
        // The `place` action names two districts (spec §9): the engine places exactly two.
        golems_start_on_main_board: n("golems_start_on_main_board", 2, 2),
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
