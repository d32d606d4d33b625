//! The id'd tables: Characters, Action tiles, Neighborhood tiles, Books, Objectives,
//! Starting tiles and Artifact tiles. Each list must hold every id of its family once.

use serde_json::Value;

use super::ids::{
    artifact_tile_index, neighborhood_tile_id, neighborhood_tile_index, IdScheme, ACTION_TILE_IDS,
    ARTIFACT_TILE_LETTERS, BOOK_IDS, CHARACTER_IDS, NEIGHBORHOOD_TILE_IDS, OBJECTIVE_IDS,
    STARTING_TILE_IDS,
};
use super::model::{
    ActionTile, ArtifactSide, ArtifactTile, Book, BookCost, Character, NeighborhoodTile, Objective,
    StartingTile, ARTIFACTS, ARTIFACT_SIDES, BOOKS_PER_COLOUR, CHARACTERS_ROUNDS_1_3,
    NEIGHBORHOOD_TILES_PER_DISTRICT,
};
use super::ops::{read_cost, read_effect, CostItem};
use super::reader::{field_path, index_path, Object, Reader};
use super::vocab::{
    BookColour, Deck, District, MarbleColour, ObjectiveType, Resource, StudentChoice, Vocab,
};

/// How the ids of one list are recognised and written.
#[derive(Clone, Copy)]
pub(super) enum IdFamily {
    Scheme(&'static IdScheme),
    NeighborhoodTiles,
    ArtifactTiles,
}

impl IdFamily {
    fn count(self) -> usize {
        match self {
            IdFamily::Scheme(scheme) => scheme.count,
            IdFamily::NeighborhoodTiles => {
                NEIGHBORHOOD_TILE_IDS.len() * NEIGHBORHOOD_TILES_PER_DISTRICT
            }
            IdFamily::ArtifactTiles => ARTIFACT_TILE_LETTERS.len(),
        }
    }

    fn index(self, id: &str) -> Option<usize> {
        match self {
            IdFamily::Scheme(scheme) => scheme.index(id),
            IdFamily::NeighborhoodTiles => neighborhood_tile_index(id),
            IdFamily::ArtifactTiles => artifact_tile_index(id),
        }
    }

    fn id(self, index: usize) -> String {
        match self {
            IdFamily::Scheme(scheme) => scheme.id(index),
            IdFamily::NeighborhoodTiles => neighborhood_tile_id(index),
            IdFamily::ArtifactTiles => {
                ARTIFACT_TILE_LETTERS[index % ARTIFACT_TILE_LETTERS.len()].to_string()
            }
        }
    }

    /// `CH01 to CH12`, for messages.
    fn expected(self) -> String {
        match self {
            IdFamily::Scheme(scheme) => scheme.range(),
            IdFamily::NeighborhoodTiles => "NR01 to NR10, NY01 to NY10 or NB01 to NB10".to_string(),
            IdFamily::ArtifactTiles => "A, B, C or D".to_string(),
        }
    }
}

/// Reads a list of entries with ids of `family` into a table indexed by dense id:
/// reports unknown, duplicated and missing ids; `read` reads one entry's other fields.
pub(super) fn read_id_table<T: Default>(
    r: &mut Reader,
    value: &Value,
    path: &str,
    family: IdFamily,
    mut read: impl FnMut(&mut Reader, &Object, &str, usize) -> T,
) -> Vec<T> {
    let mut table: Vec<Option<T>> = (0..family.count()).map(|_| None).collect();
    let mut first_at: Vec<Option<usize>> = vec![None; family.count()];
    for (i, item) in r.array(value, path).iter().enumerate() {
        let entry_path = index_path(path, i);
        let Some(map) = r.object(item, &entry_path) else {
            continue;
        };
        let Some(id_value) = r.field(map, &entry_path, "id") else {
            continue;
        };
        let id_path = field_path(&entry_path, "id");
        let id = r.string(id_value, &id_path);
        let Some(index) = family.index(id) else {
            if matches!(id_value, Value::String(_)) {
                r.error(
                    &id_path,
                    format!("unknown id \"{id}\" (expected {})", family.expected()),
                );
            }
            continue;
        };
        if let Some(first) = first_at[index] {
            r.error(
                &id_path,
                format!("duplicate id \"{id}\" (also {})", index_path(path, first)),
            );
            continue;
        }
        first_at[index] = Some(i);
        table[index] = Some(read(r, map, &entry_path, index));
    }
    for (index, seen) in first_at.iter().enumerate() {
        if seen.is_none() && matches!(value, Value::Array(_)) {
            r.error(path, format!("missing id \"{}\"", family.id(index)));
        }
    }
    table.into_iter().map(Option::unwrap_or_default).collect()
}

/// A `Vec` of the fixed length `N` as an array (the default for a wrong length, which
/// the readers above never produce).
pub(super) fn to_array<T: Default, const N: usize>(items: Vec<T>) -> [T; N] {
    let mut items = items.into_iter();
    std::array::from_fn(|_| items.next().unwrap_or_default())
}

fn text(r: &mut Reader, map: &Object, path: &str) -> String {
    r.with_field(map, path, "text", |r, v, p| r.string(v, p).to_string())
}

fn effect(r: &mut Reader, map: &Object, path: &str, key: &str) -> super::ops::Effect {
    r.with_fact(map, path, key, read_effect)
}

fn small_fact(r: &mut Reader, map: &Object, path: &str, key: &str, min: u8, max: u8) -> u8 {
    r.with_fact(map, path, key, |r, v, p| r.small(v, p, min, max))
}

fn word_fact<T: Vocab + Default>(r: &mut Reader, map: &Object, path: &str, key: &str) -> T {
    r.with_fact(map, path, key, |r, v, p| {
        r.word::<T>(v, p).unwrap_or_default()
    })
}

/// Refuses two entries of one table with the same printed `number`.
fn refuse_shared_numbers(r: &mut Reader, path: &str, what: &str, numbers: &[(u8, String)]) {
    for (i, (number, id)) in numbers.iter().enumerate() {
        if *number == 0 {
            continue;
        }
        if let Some((_, other)) = numbers[..i].iter().find(|(n, _)| n == number) {
            r.error(
                path,
                format!("{what} {id} and {other} both have number {number}"),
            );
        }
    }
}

pub(super) fn read_characters(r: &mut Reader, value: &Value, path: &str) -> Vec<Character> {
    let characters = read_id_table(
        r,
        value,
        path,
        IdFamily::Scheme(&CHARACTER_IDS),
        |r, map, p, index| {
            r.only_fields(
                map,
                p,
                &[
                    "id",
                    "text",
                    "number",
                    "deck",
                    "cost_coins",
                    "effect",
                    "marbles",
                    "golem_steps",
                ],
                "field",
            );
            Character {
                id: CHARACTER_IDS.id(index),
                text: text(r, map, p),
                number: small_fact(r, map, p, "number", 1, 99),
                deck: word_fact(r, map, p, "deck"),
                cost_coins: small_fact(r, map, p, "cost_coins", 0, 30),
                effect: effect(r, map, p, "effect"),
                marbles: r.with_fact(map, p, "marbles", |r, v, p| {
                    let items = r.array_of_len(v, p, 2);
                    let colours: Vec<MarbleColour> = items
                        .iter()
                        .enumerate()
                        .map(|(i, c)| r.word(c, &index_path(p, i)).unwrap_or_default())
                        .collect();
                    to_array(colours)
                }),
                golem_steps: small_fact(r, map, p, "golem_steps", 0, 10),
            }
        },
    );
    if r.clean(&[path]) {
        let early = characters
            .iter()
            .filter(|c| c.deck == Deck::Rounds1To3)
            .count();
        if early != CHARACTERS_ROUNDS_1_3 {
            r.error(
                path,
                format!(
                    "expected {CHARACTERS_ROUNDS_1_3} Characters in deck \"1-3\" and {} in \
                     deck \"4\", got {early} and {}",
                    characters.len() - CHARACTERS_ROUNDS_1_3,
                    characters.len() - early
                ),
            );
        }
        let numbers: Vec<(u8, String)> = characters
            .iter()
            .map(|c| (c.number, c.id.clone()))
            .collect();
        refuse_shared_numbers(r, path, "Characters", &numbers);
    }
    characters
}

pub(super) fn read_action_tiles(r: &mut Reader, value: &Value, path: &str) -> Vec<ActionTile> {
    let family = IdFamily::Scheme(&ACTION_TILE_IDS);
    let tiles = read_id_table(r, value, path, family, |r, map, p, index| {
        r.only_fields(map, p, &["id", "text", "effect", "number"], "field");
        ActionTile {
            id: ACTION_TILE_IDS.id(index),
            text: text(r, map, p),
            number: small_fact(r, map, p, "number", 1, 99),
            effect: effect(r, map, p, "effect"),
        }
    });
    if r.clean(&[path]) {
        let numbers: Vec<(u8, String)> = tiles.iter().map(|t| (t.number, t.id.clone())).collect();
        refuse_shared_numbers(r, path, "Action tiles", &numbers);
    }
    tiles
}

pub(super) fn read_neighborhood_tiles(
    r: &mut Reader,
    value: &Value,
    path: &str,
) -> Vec<NeighborhoodTile> {
    let family = IdFamily::NeighborhoodTiles;
    let tiles = read_id_table(r, value, path, family, |r, map, p, index| {
        r.only_fields(
            map,
            p,
            &["id", "district", "text", "number", "effect"],
            "field",
        );
        let id = neighborhood_tile_id(index);
        let district_path = field_path(p, "district");
        let district: District = r
            .with_field(map, p, "district", |r, v, p| r.word(v, p))
            .unwrap_or_default();
        let id_district = index / NEIGHBORHOOD_TILES_PER_DISTRICT;
        if r.clean(&[&district_path]) && district.index() != id_district {
            r.error(
                &district_path,
                format!(
                    "tile {id} belongs to the {} district, got \"{}\"",
                    District::ALL[id_district].name(),
                    district.name()
                ),
            );
        }
        NeighborhoodTile {
            id,
            district,
            text: text(r, map, p),
            number: small_fact(
                r,
                map,
                p,
                "number",
                1,
                NEIGHBORHOOD_TILES_PER_DISTRICT as u8,
            ),
            effect: effect(r, map, p, "effect"),
        }
    });
    if r.clean(&[path]) {
        for district in tiles.chunks(NEIGHBORHOOD_TILES_PER_DISTRICT) {
            let numbers: Vec<(u8, String)> =
                district.iter().map(|t| (t.number, t.id.clone())).collect();
            refuse_shared_numbers(r, path, "Neighborhood tiles", &numbers);
        }
    }
    tiles
}

pub(super) fn read_books(r: &mut Reader, value: &Value, path: &str) -> Vec<Book> {
    let family = IdFamily::Scheme(&BOOK_IDS);
    let books = read_id_table(r, value, path, family, |r, map, p, index| {
        r.only_fields(
            map,
            p,
            &["id", "colour", "cost", "immediate", "active"],
            "field",
        );
        let colour: BookColour = word_fact(r, map, p, "colour");
        let colour_clean = r.clean(&[&field_path(p, "colour")]);
        let cost = r.with_fact(map, p, "cost", |r, v, cost_path| {
            let items = read_cost(r, v, cost_path);
            if !r.clean(&[cost_path]) || !colour_clean {
                return BookCost::default();
            }
            match (colour, &items[..]) {
                (BookColour::Black, [CostItem::StudentBack(StudentChoice::Any)]) => {
                    BookCost::StudentBackAny
                }
                (BookColour::Black, _) => {
                    r.error(
                        cost_path,
                        "a black Book costs [{\"student_back\": \"any\"}]",
                    );
                    BookCost::default()
                }
                (
                    _,
                    [CostItem::Res {
                        res: Resource::Knowledge,
                        n,
                    }],
                ) => BookCost::Knowledge(*n),
                (colour, _) => {
                    r.error(
                        cost_path,
                        format!(
                            "a {} Book costs [{{\"res\": \"knowledge\", \"n\": N}}]",
                            colour.name()
                        ),
                    );
                    BookCost::default()
                }
            }
        });
        Book {
            id: BOOK_IDS.id(index),
            colour,
            cost,
            immediate: effect(r, map, p, "immediate"),
            active: effect(r, map, p, "active"),
        }
    });
    if r.clean(&[path]) {
        for (colour, &expected) in BookColour::ALL.iter().zip(BOOKS_PER_COLOUR.iter()) {
            let got = books.iter().filter(|b| b.colour == *colour).count();
            if got != expected {
                r.error(
                    path,
                    format!("expected {expected} {} Books, got {got}", colour.name()),
                );
            }
        }
    }
    books
}

pub(super) fn read_objectives(r: &mut Reader, value: &Value, path: &str) -> Vec<Objective> {
    let family = IdFamily::Scheme(&OBJECTIVE_IDS);
    read_id_table(r, value, path, family, |r, map, p, index| {
        r.only_fields(map, p, &["id", "type", "threshold", "vp"], "field");
        let objective_type: ObjectiveType = word_fact(r, map, p, "type");
        let max_threshold = match objective_type {
            ObjectiveType::StudentRed
            | ObjectiveType::StudentYellow
            | ObjectiveType::StudentBlue => 10,
            _ => 50,
        };
        Objective {
            id: OBJECTIVE_IDS.id(index),
            objective_type,
            threshold: small_fact(r, map, p, "threshold", 1, max_threshold),
            vp: small_fact(r, map, p, "vp", 0, 30),
        }
    })
}

pub(super) fn read_starting_tiles(r: &mut Reader, value: &Value, path: &str) -> Vec<StartingTile> {
    let family = IdFamily::Scheme(&STARTING_TILE_IDS);
    read_id_table(r, value, path, family, |r, map, p, index| {
        r.only_fields(map, p, &["id", "effect"], "field");
        StartingTile {
            id: STARTING_TILE_IDS.id(index),
            effect: effect(r, map, p, "effect"),
        }
    })
}

pub(super) fn read_artifact_tiles(r: &mut Reader, value: &Value, path: &str) -> Vec<ArtifactTile> {
    let family = IdFamily::ArtifactTiles;
    read_id_table(r, value, path, family, |r, map, p, index| {
        r.only_fields(map, p, &["id", "sides"], "field");
        let sides = r.with_field(map, p, "sides", |r, v, sides_path| {
            let mut sides: [Option<ArtifactSide>; ARTIFACT_SIDES] = Default::default();
            for (i, side) in r
                .array_of_len(v, sides_path, ARTIFACT_SIDES)
                .iter()
                .enumerate()
            {
                let side_path = index_path(sides_path, i);
                let Some(side_map) = r.object(side, &side_path) else {
                    continue;
                };
                r.only_fields(side_map, &side_path, &["side", "artifacts"], "field");
                let number = r.with_field(side_map, &side_path, "side", |r, v, p| {
                    r.small(v, p, 1, ARTIFACT_SIDES as u8)
                });
                let artifacts = r.with_field(side_map, &side_path, "artifacts", |r, v, p| {
                    let effects: Vec<_> = r
                        .array_of_len(v, p, ARTIFACTS)
                        .iter()
                        .enumerate()
                        .map(|(k, fact)| {
                            let fact_path = index_path(p, k);
                            read_fact_value(r, fact, &fact_path, read_effect)
                        })
                        .collect();
                    to_array(effects)
                });
                if number == 0 {
                    continue;
                }
                let slot = &mut sides[usize::from(number) - 1];
                if slot.is_some() {
                    r.error(
                        &field_path(&side_path, "side"),
                        format!("side {number} is listed twice"),
                    );
                }
                *slot = Some(ArtifactSide { artifacts });
            }
            sides.map(Option::unwrap_or_default)
        });
        ArtifactTile {
            id: ARTIFACT_TILE_LETTERS[index].to_string(),
            sides,
        }
    })
}

/// The value of a fact given directly (an array entry) rather than as an object field.
pub(super) fn read_fact_value<T: Default>(
    r: &mut Reader,
    fact: &Value,
    path: &str,
    read: impl FnOnce(&mut Reader, &Value, &str) -> T,
) -> T {
    match fact {
        Value::Object(map) if map.contains_key("value") => {
            let value_path = field_path(path, "value");
            read(r, &map["value"], &value_path)
        }
        Value::Object(_) => {
            r.error(path, "a fact needs a \"value\"");
            T::default()
        }
        other => {
            r.error(
                path,
                format!(
                    "expected a fact {{\"value\": ..., \"source\": ...}}, got {}",
                    super::reader::describe(other)
                ),
            );
            T::default()
        }
    }
}
