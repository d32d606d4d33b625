//! The `marbles` section: the marble set per player count, the lines, the Student moves of
//! each colour and the drop model.

use serde_json::Value;

use super::cards::to_array;
use super::model::{
    MarbleSet, Marbles, StudentMove, LINES, MARBLES_IN_BOX, MARBLE_COLOURS, PLAYER_COUNTS,
};
use super::reader::{describe, field_path, index_path, read_keyed, Reader};
use super::vocab::{District, Line, MarbleColour, Vocab};

/// The largest weight of a line in the drop model: five of them add up without overflow,
/// and a weight of one in a million is already a line that never fills.
pub const MAX_DROP_WEIGHT: u32 = 1_000_000;

/// The numbers `1..=n` as JSON keys.
fn number_keys(n: usize) -> Vec<String> {
    (1..=n).map(|k| k.to_string()).collect()
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
        let sets = read_keyed(r, v, p, &player_keys, |r, v, p, _| read_marble_set(r, v, p));
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
        let moves = read_keyed(r, v, p, MarbleColour::NAMES, |r, v, p, _| {
            read_student_move(r, v, p)
        });
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
                .map(|(i, w)| r.positive_u32(w, &index_path(weights_path, i), MAX_DROP_WEIGHT))
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
    let counts = read_keyed(r, value, path, MarbleColour::NAMES, |r, v, p, i| {
        let colour = MarbleColour::ALL[i];
        let in_box = MARBLES_IN_BOX[i];
        let n = r.small(v, p, 0, 15);
        if n > in_box {
            r.error(
                p,
                format!("{n} {} marbles, but the game has {in_box}", colour.name()),
            );
        }
        n
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
