//! The `setup` section, read as printed numbers; `validate` resolves them to cards.

use serde_json::Value;

use super::cards::to_array;
use super::model::{DISTRICTS, TILE_SECTIONS};
use super::reader::{distinct_numbers, read_keyed, Reader};
use super::vocab::{District, Vocab};

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
        let lists = read_keyed(r, v, p, District::NAMES, |r, v, p, _| {
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
