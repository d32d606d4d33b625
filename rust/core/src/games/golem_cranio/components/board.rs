//! The main board (`board`), the Cemetery, the Library and the Synagogue.

use serde_json::Value;

use super::cards::{read_action_tiles, to_array};
use super::model::{
    Board, CemeterySpace, PrintedNeighborhood, Synagogue, DISTRICTS, LIBRARY_SLOTS,
    MAX_CEMETERY_SPACES, PLAYER_COUNTS, SECTIONS, TILE_SECTIONS,
};
use super::ops::read_effect;
use super::reader::{describe, distinct_numbers, field_path, index_path, read_keyed, Reader};
use super::vocab::{District, Resource, Vocab};

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
        let districts = read_keyed(r, v, p, District::NAMES, |r, v, district_path, _| {
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
                    // Golem movement charges entry costs only onto VIII-X (spec §4.2), and
                    // g6's free step assumes the lower sections cost nothing.
                    Some(section) if section < 8 => r.error(
                        &field_path(p, key),
                        "entry costs are only for sections 8 to 10",
                    ),
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
        let districts = read_keyed(r, v, p, District::NAMES, |r, v, district_path, _| {
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
