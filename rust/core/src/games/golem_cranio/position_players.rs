//! Reading one `[[player]]` table of a Golem (Cranio) position (spec §11): resources,
//! tracks, Students, Golems, marbles, Developments, Book columns, Gold and cards, each
//! refusal naming its field.

use super::components::ids::{
    ARTIFACT_DEVELOPMENT_IDS, BOOK_IDS, GOLEM_DEVELOPMENT_IDS, STARTING_TILE_IDS,
    STUDY_DEVELOPMENT_IDS,
};
use super::components::vocab::{BookColour, Vocab};
use super::components::Components;
use super::golems::GolemRef;
use super::position::{
    districts_set, field_at, in_range, letters, marbles, parse_id, set_of, Kind, Reader,
    MAX_RESOURCE, MAX_VP, SETUP_PHASES,
};
use super::position_setup::{PlayerSetup, Setup};
use super::state::{
    Phase, State, BOOK_COLOUR_LETTERS, CAULDRONS, COLUMN_MAX, DISTRICTS, MAX_COLUMNS, NONE,
    SECTIONS,
};
use crate::game::PositionError;
use crate::util::toml_fields::refuse;

type R<T> = Result<T, PositionError>;

/// Every `[[player]]`; returns the `?` Objective slots (field, seat, which list).
pub(super) fn read_players(r: &mut Reader, s: &mut State) -> R<Vec<Unknown>> {
    let comp = r.comp;
    let n = r.n;
    let setup: &Setup = r.setup;
    let setup_phase = SETUP_PHASES.contains(&s.phase);
    let mut unknown = Vec::new();
    for seat_i in 0..n {
        let ps: &PlayerSetup = &setup.seats[seat_i];
        let path = format!("player[{seat_i}]");
        let f = |key: &str| format!("{path}.{key}");
        let p = &mut s.players[seat_i];
        p.vp = in_range(&f("vp"), ps.vp, -MAX_VP, MAX_VP, "VP")? as i16;
        for (i, (key, v)) in [
            ("clay", ps.clay),
            ("coin", ps.coin),
            ("knowledge", ps.knowledge),
        ]
        .into_iter()
        .enumerate()
        {
            if v < 0 {
                return refuse(f(key), format!("{v} is negative"));
            }
            p.res[i] = in_range(&f(key), v, 0, MAX_RESOURCE, key)? as u16;
        }
        let track = &comp.player_board;
        if track.study_space(ps.study.clamp(0, 255) as u8).is_none()
            || !(0..=255).contains(&ps.study)
        {
            let (a, b) = (
                track.study_track.first().map_or(0, |t| t.space),
                track.study_track.last().map_or(0, |t| t.space),
            );
            return refuse(
                f("study"),
                format!("space {} is outside the Study track {a}-{b}", ps.study),
            );
        }
        p.study = ps.study as u8;
        if !(0..=255).contains(&ps.golem_track)
            || track.golem_track.level_of(ps.golem_track as u8).is_none()
        {
            let sp = &track.golem_track.spaces;
            let (a, b) = (
                sp.first().map_or(0, |t| t.space),
                sp.last().map_or(0, |t| t.space),
            );
            return refuse(
                f("golem_track"),
                format!(
                    "space {} is outside the Golem track {a}-{b}",
                    ps.golem_track
                ),
            );
        }
        p.golem_track = ps.golem_track as u8;
        if ps.students.len() != DISTRICTS {
            return refuse(
                f("students"),
                format!(
                    "expected 3 sections (red, yellow, blue), found {}",
                    ps.students.len()
                ),
            );
        }
        for (d, &v) in ps.students.iter().enumerate() {
            p.students[d] = in_range(
                &field_at(&f("students"), d),
                v,
                1,
                SECTIONS as i64,
                "section",
            )? as u8;
        }
        for (i, text) in ps.golems.iter().enumerate() {
            let fi = field_at(&f("golems"), i);
            let g = parse_golem(&fi, text)?;
            if p.golems.total() >= comp.rules.golems_per_player as u32 {
                return refuse(
                    f("golems"),
                    format!("more than {} Golems", comp.rules.golems_per_player),
                );
            }
            p.golems.add(g);
        }
        p.marbles = marbles(&f("marbles"), &ps.marbles)?;
        if p.marbles.total() > comp.rules.marble_actions_per_round {
            return refuse(
                f("marbles"),
                format!(
                    "{} marbles taken; a player takes at most {}",
                    p.marbles.total(),
                    comp.rules.marble_actions_per_round
                ),
            );
        }
        if p.marbles.total() > 0 && (setup_phase || s.phase == Phase::Movement) {
            return refuse(
                f("marbles"),
                format!("no marbles are taken in phase {}", s.phase.name()),
            );
        }
        p.passes = in_range(&f("passes"), ps.passes, 0, 2, "passes")? as u8;
        p.no_control_cost = ps.no_control_cost;
        p.menorahs = districts_set(&f("menorahs"), &ps.menorahs)?;
        read_developments(comp, &f("developments"), &ps.developments, p)?;
        read_columns(comp, &f("columns"), &ps.columns, p)?;
        if ps.gold.len() != CAULDRONS {
            return refuse(
                f("gold"),
                format!("expected {CAULDRONS} cauldrons, found {}", ps.gold.len()),
            );
        }
        for (k, &v) in ps.gold.iter().enumerate() {
            let cap = comp.rules.cauldron_capacity[k] as i64;
            let fk = field_at(&f("gold"), k);
            if v < 0 {
                return refuse(fk, format!("{v} is negative"));
            }
            if v > cap {
                return refuse(fk, format!("{v} Gold above the cauldron's capacity {cap}"));
            }
            p.gold[k] = v as u8;
        }
        // Cards (checked for two places against the board).
        if !ps.artifact_tile.is_empty() {
            let bit = r.artifact_side(&f("artifact_tile"), &ps.artifact_tile)?;
            s.players[seat_i].artifact_tile = bit;
        }
        let hand = r.objectives(&f("objectives"), &ps.objectives, &mut Vec::new())?;
        let pack = r.objectives(
            &f("pack"),
            ps.pack.as_deref().unwrap_or(&[]),
            &mut Vec::new(),
        )?;
        let drafted = r.objectives(
            &f("drafted"),
            ps.drafted.as_deref().unwrap_or(&[]),
            &mut Vec::new(),
        )?;
        let starting = r.ids(
            Kind::Starting,
            &STARTING_TILE_IDS,
            &f("starting_tiles"),
            ps.starting_tiles.as_deref().unwrap_or(&[]),
        )?;
        if !setup_phase {
            for (key, list) in [
                ("pack", &ps.pack),
                ("drafted", &ps.drafted),
                ("starting_tiles", &ps.starting_tiles),
            ] {
                if list.as_ref().is_some_and(|l| !l.is_empty()) {
                    return refuse(f(key), "only in the setup phases");
                }
            }
        }
        for (list, which) in [
            (&hand, Which::Hand),
            (&pack, Which::Pack),
            (&drafted, Which::Drafted),
        ] {
            let key = match which {
                Which::Hand => "objectives",
                Which::Pack => "pack",
                Which::Drafted => "drafted",
                Which::Bottom => unreachable!(),
            };
            for (i, &o) in list.iter().enumerate() {
                if o == NONE {
                    unknown.push(Unknown {
                        field: field_at(&f(key), i),
                        seat: seat_i,
                        which,
                        index: i,
                    });
                }
            }
        }
        let p = &mut s.players[seat_i];
        p.objectives = set_of(&hand) as u32;
        p.pack = set_of(&pack) as u32;
        p.drafted = set_of(&drafted) as u32;
        p.starting = set_of(&starting) as u32;
    }
    Ok(unknown)
}

fn parse_golem(field: &str, text: &str) -> R<GolemRef> {
    if let Some(g) = GolemRef::parse(text) {
        return Ok(g);
    }
    // Name a section out of range as such.
    let digits: String = text
        .chars()
        .skip(1)
        .filter(|c| c.is_ascii_digit())
        .collect();
    if text.chars().next().is_some_and(|c| "ryb".contains(c)) && !digits.is_empty() {
        if let Ok(sec) = digits.parse::<u64>() {
            if !(1..=SECTIONS as u64).contains(&sec) {
                return refuse(field, format!("section {sec} is outside 1-10"));
            }
        }
    }
    refuse(
        field,
        format!("\"{text}\" is not a Golem (like r3 or y10l)"),
    )
}

fn read_developments(
    comp: &Components,
    field: &str,
    items: &[String],
    p: &mut super::state::Player,
) -> R<()> {
    let spaces = &comp.player_board.artifact_development_spaces;
    for (i, text) in items.iter().enumerate() {
        let fi = field_at(field, i);
        let (tile_text, placement) = match text.split_once('/') {
            Some((t, pl)) => (t, Some(pl)),
            None => (text.as_str(), None),
        };
        let bit = [
            ARTIFACT_DEVELOPMENT_IDS,
            GOLEM_DEVELOPMENT_IDS,
            STUDY_DEVELOPMENT_IDS,
        ]
        .iter()
        .enumerate()
        .find_map(|(area, scheme)| scheme.index(tile_text).map(|k| area * 6 + k))
        .ok_or_else(|| {
            PositionError::new(
                &fi,
                format!("\"{text}\" is not a Development (a1-a6, g1-g6, s1-s6)"),
            )
        })?;
        if p.developments >> bit & 1 == 1 {
            return refuse(fi, format!("{tile_text} is listed twice"));
        }
        p.developments |= 1 << bit;
        if bit < 5 {
            let bad = || {
                PositionError::new(
                    &fi,
                    format!("{tile_text} needs a side and a free Artifact-tile space, like {tile_text}/2@4.1"),
                )
            };
            let (side, space) = placement
                .and_then(|pl| pl.split_once('@'))
                .ok_or_else(bad)?;
            let side = match side {
                "1" => 0u8,
                "2" => 1,
                _ => return refuse(fi, format!("side \"{side}\" is not 1 or 2")),
            };
            let k = spaces.iter().position(|sp| sp.id == space).ok_or_else(|| {
                PositionError::new(
                    &fi,
                    format!(
                        "\"{space}\" is not an Artifact-tile space ({})",
                        spaces
                            .iter()
                            .map(|s| s.id.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    ),
                )
            })? as u8;
            if p.artifact_devs.iter().any(|&a| a != NONE && a & 0x7F == k) {
                return refuse(fi, format!("space {space} already holds a Development"));
            }
            p.artifact_devs[bit] = side << 7 | k;
        } else if placement.is_some() {
            return refuse(
                fi,
                format!("only a1-a5 take a side and a space, not {tile_text}"),
            );
        }
    }
    Ok(())
}

fn read_columns(
    comp: &Components,
    field: &str,
    columns: &[Vec<String>],
    p: &mut super::state::Player,
) -> R<()> {
    let count = comp.rules.book_columns as usize;
    if columns.len() != count {
        return refuse(
            field,
            format!("expected {count} columns, found {}", columns.len()),
        );
    }
    for (c, books) in columns.iter().enumerate().take(MAX_COLUMNS) {
        let fc = field_at(field, c);
        if books.len() > (comp.rules.column_max_books as usize).min(COLUMN_MAX) {
            return refuse(
                fc,
                format!(
                    "{} Books; a column holds at most {}",
                    books.len(),
                    comp.rules.column_max_books
                ),
            );
        }
        let mut colour = NONE;
        for (i, text) in books.iter().enumerate() {
            let fi = field_at(&fc, i);
            let (id_text, chosen) = match text.split_once('=') {
                Some((id, c)) => (id, Some(c)),
                None => (text.as_str(), None),
            };
            let b = parse_id(&BOOK_IDS, &fi, id_text, "a Book")?;
            let black = comp.books[b as usize].colour == BookColour::Black;
            let this = match (black, chosen) {
                (true, None) => {
                    return refuse(
                        fi,
                        format!("black Book {id_text} needs its colour, like {id_text}=r"),
                    )
                }
                (false, Some(_)) => {
                    return refuse(
                        fi,
                        format!(
                            "only a black Book takes a colour; {id_text} is {}",
                            comp.books[b as usize].colour.name()
                        ),
                    )
                }
                (true, Some(letter)) => {
                    let l = letters(
                        &fi,
                        letter,
                        &BOOK_COLOUR_LETTERS,
                        "book colour (r, b, g, y, k)",
                    )?;
                    if l.len() != 1 {
                        return refuse(
                            fi,
                            format!("\"{letter}\" is not one book colour (r, b, g, y, k)"),
                        );
                    }
                    l[0]
                }
                (false, None) => comp.books[b as usize].colour.index() as u8,
            };
            if colour != NONE && colour != this {
                return refuse(fi, "a column holds Books of one colour");
            }
            colour = this;
            p.columns[c][i] = b;
        }
        if colour != NONE && p.column_colour.contains(&colour) {
            return refuse(
                fc,
                format!(
                    "two columns of colour {}",
                    BOOK_COLOUR_LETTERS[colour as usize] as char
                ),
            );
        }
        p.column_colour[c] = colour;
    }
    Ok(())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Which {
    Hand,
    Pack,
    Drafted,
    Bottom,
}

/// A `?` Objective slot.
pub(super) struct Unknown {
    pub(super) field: String,
    pub(super) seat: usize,
    pub(super) which: Which,
    pub(super) index: usize,
}
