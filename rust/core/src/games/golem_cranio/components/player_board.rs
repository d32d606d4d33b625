//! The player board: the Study and Golem tracks, the 18 Development tiles and the spaces
//! of the Artifact tile on which Artifact Developments are placed.

use serde_json::Value;

use super::cards::{read_id_table, to_array, IdFamily};
use super::ids::{ARTIFACT_DEVELOPMENT_IDS, GOLEM_DEVELOPMENT_IDS, STUDY_DEVELOPMENT_IDS};
use super::model::{
    ArtifactDevelopment, ArtifactDevelopmentSpace, GolemDevelopment, GolemLevel, GolemTrack,
    GolemTrackSpace, PlayerBoard, StudyDevelopment, StudySpace, ARTIFACTS, ARTIFACT_SIDES,
    MAX_COLUMN_LIMIT, MAX_GOLEM_TRACK_SPACES, MAX_STUDY_SPACES,
};
use super::ops::{read_abilities, read_effect, Ability};
use super::reader::{describe, field_path, index_path, Object, Reader};
use super::vocab::{ArtifactDevKind, Vocab};

pub(super) fn read_player_board(r: &mut Reader, value: &Value, path: &str) -> PlayerBoard {
    let Some(map) = r.object(value, path) else {
        return PlayerBoard::default();
    };
    r.only_fields(
        map,
        path,
        &[
            "study_track",
            "golem_track",
            "golem_developments",
            "study_developments",
            "artifact_developments",
            "artifact_development_spaces",
        ],
        "field",
    );
    let golem_developments = r.with_field(map, path, "golem_developments", |r, v, p| {
        read_id_table(
            r,
            v,
            p,
            IdFamily::Scheme(&GOLEM_DEVELOPMENT_IDS),
            read_golem_development,
        )
    });
    let study_developments = r.with_field(map, path, "study_developments", |r, v, p| {
        read_id_table(
            r,
            v,
            p,
            IdFamily::Scheme(&STUDY_DEVELOPMENT_IDS),
            read_study_development,
        )
    });
    let artifact_developments = r.with_field(map, path, "artifact_developments", |r, v, p| {
        read_id_table(
            r,
            v,
            p,
            IdFamily::Scheme(&ARTIFACT_DEVELOPMENT_IDS),
            read_artifact_development,
        )
    });
    PlayerBoard {
        study_track: r.with_fact(map, path, "study_track", read_study_track),
        golem_track: r.with_field(map, path, "golem_track", read_golem_track),
        golem_developments: to_array(golem_developments),
        study_developments: to_array(study_developments),
        artifact_developments: to_array(artifact_developments),
        artifact_development_spaces: r.with_fact(
            map,
            path,
            "artifact_development_spaces",
            read_artifact_spaces,
        ),
    }
}

/// Refuses track spaces not numbered consecutively from the first one.
fn consecutive(r: &mut Reader, path: &str, key: &str, numbers: &[(usize, u8)]) {
    let Some(&(_, first)) = numbers.first() else {
        return;
    };
    for (k, &(i, number)) in numbers.iter().enumerate() {
        let expected = usize::from(first) + k;
        if usize::from(number) != expected {
            r.error(
                &field_path(&index_path(path, i), key),
                format!("expected {key} {expected} (numbered consecutively), got {number}"),
            );
            return;
        }
    }
}

fn track_entries<'v>(r: &mut Reader, value: &'v Value, path: &str, max: usize) -> &'v [Value] {
    let items = r.array(value, path);
    if matches!(value, Value::Array(_)) && !(1..=max).contains(&items.len()) {
        r.error(
            path,
            format!("expected 1 to {max} spaces, got {}", items.len()),
        );
        return &[];
    }
    items
}

fn read_study_track(r: &mut Reader, value: &Value, path: &str) -> Vec<StudySpace> {
    let mut spaces = Vec::new();
    let mut numbers = Vec::new();
    for (i, item) in track_entries(r, value, path, MAX_STUDY_SPACES)
        .iter()
        .enumerate()
    {
        let p = index_path(path, i);
        let Some(map) = r.object(item, &p) else {
            continue;
        };
        r.only_fields(
            map,
            &p,
            &["space", "column_limit", "income", "final_vp"],
            "field",
        );
        let space = r.with_field(map, &p, "space", |r, v, p| r.small(v, p, 0, 99));
        if r.clean(&[&field_path(&p, "space")]) {
            numbers.push((i, space));
        }
        spaces.push(StudySpace {
            space,
            column_limit: r.with_field(map, &p, "column_limit", |r, v, p| {
                r.small(v, p, 1, MAX_COLUMN_LIMIT)
            }),
            income: r.with_field(map, &p, "income", read_effect),
            final_vp: r.with_field(map, &p, "final_vp", |r, v, p| r.small(v, p, 0, 50)),
        });
    }
    consecutive(r, path, "space", &numbers);
    spaces
}

fn read_golem_track(r: &mut Reader, value: &Value, path: &str) -> GolemTrack {
    let Some(map) = r.object(value, path) else {
        return GolemTrack::default();
    };
    r.only_fields(map, path, &["spaces", "levels"], "field");
    let levels: Vec<GolemLevel> = r.with_fact(map, path, "levels", |r, v, levels_path| {
        let mut levels = Vec::new();
        let mut numbers = Vec::new();
        for (i, item) in track_entries(r, v, levels_path, MAX_GOLEM_TRACK_SPACES)
            .iter()
            .enumerate()
        {
            let p = index_path(levels_path, i);
            let Some(level_map) = r.object(item, &p) else {
                continue;
            };
            r.only_fields(level_map, &p, &["level", "steps", "income"], "field");
            let level = r.with_field(level_map, &p, "level", |r, v, p| r.small(v, p, 1, 20));
            if r.clean(&[&field_path(&p, "level")]) {
                numbers.push((i, level));
            }
            levels.push(GolemLevel {
                level,
                steps: r.with_field(level_map, &p, "steps", |r, v, p| r.small(v, p, 0, 20)),
                income: r.with_field(level_map, &p, "income", read_effect),
            });
        }
        if numbers.first().is_some_and(|&(_, first)| first != 1) {
            r.error(
                &field_path(&index_path(levels_path, 0), "level"),
                format!("expected level 1 first, got {}", numbers[0].1),
            );
        } else {
            consecutive(r, levels_path, "level", &numbers);
        }
        levels
    });
    let levels_clean = r.clean(&[&field_path(path, "levels")]);
    let spaces = r.with_fact(map, path, "spaces", |r, v, spaces_path| {
        let mut spaces = Vec::new();
        let mut numbers = Vec::new();
        for (i, item) in track_entries(r, v, spaces_path, MAX_GOLEM_TRACK_SPACES)
            .iter()
            .enumerate()
        {
            let p = index_path(spaces_path, i);
            let Some(space_map) = r.object(item, &p) else {
                continue;
            };
            r.only_fields(space_map, &p, &["space", "level"], "field");
            let space = r.with_field(space_map, &p, "space", |r, v, p| r.small(v, p, 1, 99));
            if r.clean(&[&field_path(&p, "space")]) {
                numbers.push((i, space));
            }
            let level_path = field_path(&p, "level");
            let level = r.with_field(space_map, &p, "level", |r, v, p| r.small(v, p, 1, 20));
            if levels_clean && r.clean(&[&level_path]) && !levels.iter().any(|l| l.level == level) {
                r.error(
                    &level_path,
                    format!("level {level} has no entry in golem_track.levels (no steps)"),
                );
            }
            spaces.push(GolemTrackSpace { space, level });
        }
        consecutive(r, spaces_path, "space", &numbers);
        spaces
    });
    GolemTrack { spaces, levels }
}

fn menorahs(r: &mut Reader, map: &Object, path: &str) -> u8 {
    r.with_fact(map, path, "menorahs", |r, v, p| r.small(v, p, 0, 5))
}

fn read_golem_development(
    r: &mut Reader,
    map: &Object,
    path: &str,
    index: usize,
) -> GolemDevelopment {
    r.only_fields(
        map,
        path,
        &[
            "id",
            "cost_clay",
            "menorahs",
            "text",
            "ability",
            "immediate",
        ],
        "field",
    );
    GolemDevelopment {
        id: GOLEM_DEVELOPMENT_IDS.id(index),
        cost_clay: r.with_fact(map, path, "cost_clay", |r, v, p| r.small(v, p, 0, 30)),
        menorahs: menorahs(r, map, path),
        text: r.with_field(map, path, "text", |r, v, p| r.string(v, p).to_string()),
        abilities: r.with_fact(map, path, "ability", read_abilities),
        immediate: r.with_fact(map, path, "immediate", read_effect),
    }
}

fn read_study_development(
    r: &mut Reader,
    map: &Object,
    path: &str,
    index: usize,
) -> StudyDevelopment {
    r.only_fields(
        map,
        path,
        &[
            "id",
            "column",
            "cost_knowledge",
            "menorahs",
            "text",
            "ability",
        ],
        "field",
    );
    StudyDevelopment {
        id: STUDY_DEVELOPMENT_IDS.id(index),
        column: r.with_field(map, path, "column", |r, v, p| match v {
            Value::Null => None,
            _ => r.int(v, p, 1, 5).and_then(|n| u8::try_from(n).ok()),
        }),
        cost_knowledge: r.with_fact(map, path, "cost_knowledge", |r, v, p| r.small(v, p, 0, 30)),
        menorahs: menorahs(r, map, path),
        text: r.with_field(map, path, "text", |r, v, p| r.string(v, p).to_string()),
        abilities: r.with_fact(map, path, "ability", read_abilities),
    }
}

fn read_artifact_development(
    r: &mut Reader,
    map: &Object,
    path: &str,
    index: usize,
) -> ArtifactDevelopment {
    r.only_fields(
        map,
        path,
        &["id", "kind", "menorahs", "sides", "cost_coins"],
        "field",
    );
    let kind: ArtifactDevKind = r
        .with_field(map, path, "kind", |r, v, p| r.word(v, p))
        .unwrap_or_default();
    let mut development = ArtifactDevelopment {
        id: ARTIFACT_DEVELOPMENT_IDS.id(index),
        kind,
        menorahs: menorahs(r, map, path),
        ..ArtifactDevelopment::default()
    };
    if !r.clean(&[&field_path(path, "kind")]) {
        return development;
    }
    // The large tile has one side and its own price; the others are placed on a space,
    // which sets the price, and show one ability of their kind on each side.
    let (needed, refused) = match kind {
        ArtifactDevKind::Large => ("cost_coins", "sides"),
        _ => ("sides", "cost_coins"),
    };
    if map.contains_key(refused) {
        r.error(
            &field_path(path, refused),
            format!("a {} tile has no \"{refused}\"", kind.name()),
        );
    }
    if kind == ArtifactDevKind::Large {
        development.cost_coins = r.with_fact(map, path, needed, |r, v, p| r.small(v, p, 0, 30));
        return development;
    }
    let sides = r.with_fact(map, path, needed, |r, v, sides_path| {
        let sides: Vec<Vec<Ability>> = r
            .array_of_len(v, sides_path, ARTIFACT_SIDES)
            .iter()
            .enumerate()
            .map(|(i, side)| {
                let side_path = index_path(sides_path, i);
                let abilities = read_abilities(r, side, &side_path);
                let fits = |a: &Ability| match kind {
                    ArtifactDevKind::Trigger => matches!(a, Ability::ArtifactTrigger { .. }),
                    _ => matches!(a, Ability::ArtifactBoost { .. }),
                };
                if r.clean(&[&side_path]) && !(abilities.len() == 1 && fits(&abilities[0])) {
                    let expected = match kind {
                        ArtifactDevKind::Trigger => "artifact_trigger",
                        _ => "artifact_boost",
                    };
                    r.error(
                        &side_path,
                        format!(
                            "a {} tile's side is one \"{expected}\" ability",
                            kind.name()
                        ),
                    );
                }
                abilities
            })
            .collect();
        to_array(sides)
    });
    development.sides = sides;
    development
}

/// The most Artifact-tile spaces a components file may list.
pub const MAX_ARTIFACT_SPACES: usize = 32;

fn read_artifact_spaces(
    r: &mut Reader,
    value: &Value,
    path: &str,
) -> Vec<ArtifactDevelopmentSpace> {
    let mut spaces: Vec<ArtifactDevelopmentSpace> = Vec::new();
    let items = r.array(value, path);
    // The engine keeps a player's free spaces as a 32-bit set.
    if items.len() > MAX_ARTIFACT_SPACES {
        r.error(
            path,
            format!(
                "expected at most {MAX_ARTIFACT_SPACES} spaces, got {}",
                items.len()
            ),
        );
        return spaces;
    }
    for (i, item) in items.iter().enumerate() {
        let p = index_path(path, i);
        let Some(map) = r.object(item, &p) else {
            continue;
        };
        r.only_fields(map, &p, &["id", "artifact", "cost_coins"], "field");
        let id = r.with_field(map, &p, "id", |r, v, p| r.string(v, p).to_string());
        let artifact = r.with_field(map, &p, "artifact", |r, v, p| {
            match v.as_u64().and_then(|a| u8::try_from(a).ok()) {
                Some(a) if (1..=ARTIFACTS as u8).contains(&a) => a,
                _ => {
                    r.error(
                        p,
                        format!(
                            "the space is on no Artifact (expected 1 to {ARTIFACTS}), got {}",
                            describe(v)
                        ),
                    );
                    0
                }
            }
        });
        // The notation names a space `<artifact>.<k>` (`up a3/2@4.1`, spec §5.8).
        let k = id
            .split_once('.')
            .filter(|(a, _)| a.parse::<u8>().is_ok_and(|a| a == artifact))
            .and_then(|(_, k)| k.parse::<u8>().ok())
            .filter(|&k| k >= 1);
        let on_artifact = k.is_some();
        if !id.is_empty() && artifact != 0 && !on_artifact {
            r.error(
                &field_path(&p, "id"),
                format!(
                    "a space id is \"{artifact}.<k>\" (its Artifact, a dot, k >= 1), got \"{id}\""
                ),
            );
        }
        if !id.is_empty() && spaces.iter().any(|s| s.id == id) {
            r.error(
                &field_path(&p, "id"),
                format!("duplicate space id \"{id}\""),
            );
        }
        spaces.push(ArtifactDevelopmentSpace {
            id,
            artifact,
            k: k.unwrap_or(0),
            cost_coins: r.with_field(map, &p, "cost_coins", |r, v, p| r.small(v, p, 0, 30)),
        });
    }
    spaces
}
