//! Writing a Golem (Cranio) position (spec §11): a state at rest → [`Setup`] → TOML. The
//! canonical text: ids of sets in ascending order, Golems r y b by section (standing
//! first), Developments in string order, decks in full when their order is known.

use super::components::ids::{
    neighborhood_tile_id, IdScheme, ACTION_TILE_IDS, ARTIFACT_DEVELOPMENT_IDS,
    ARTIFACT_TILE_LETTERS, BOOK_IDS, CHARACTER_IDS, GOLEM_DEVELOPMENT_IDS, OBJECTIVE_IDS,
    STARTING_TILE_IDS, STUDY_DEVELOPMENT_IDS,
};
use super::components::vocab::BookColour;
use super::components::Components;
use super::position::{components_name, text_of_district, SETUP_PHASES, STAGE_NAMES};
use super::position_setup::{DropSetup, PlayerSetup, Setup};
use super::setup::marble_set;
use super::state::{Marbles, Phase, State, BOOK_COLOUR_LETTERS, DISTRICTS, NONE};
use crate::util::BitIter;

fn marbles_text(m: Marbles) -> String {
    let t = m.text();
    if t == "-" {
        String::new()
    } else {
        t
    }
}

fn districts_text(set: u8) -> String {
    (0..DISTRICTS as u8)
        .filter(|&d| set >> d & 1 == 1)
        .map(text_of_district)
        .collect()
}

fn ids_of(set: u64, scheme: &IdScheme) -> Vec<String> {
    BitIter(set).map(|i| scheme.id(i)).collect()
}

fn artifact_side_text(bit: u8) -> String {
    format!("{}{}", ARTIFACT_TILE_LETTERS[bit as usize / 2], bit % 2 + 1)
}

fn seat_value(t: u8) -> i64 {
    if t == NONE {
        -1
    } else {
        t as i64
    }
}

/// The body of a state at rest.
pub fn to_setup(s: &State) -> Setup {
    let comp = s.comp.0;
    let n = s.num_players as usize;
    let b = &s.board;
    let setup_phase = SETUP_PHASES.contains(&s.phase);
    let in_actions = matches!(s.phase, Phase::Actions | Phase::Remove);
    let spaces = n + comp.rules.action_spaces_extra as usize;
    let deck_text = |pile_known: bool, ids: Vec<u8>, scheme: &IdScheme| {
        let ids: Vec<String> = ids.iter().map(|&i| scheme.id(i as usize)).collect();
        if pile_known {
            (Some(ids), None)
        } else {
            (None, Some(ids))
        }
    };
    let (book_deck, book_bottom) = deck_text(
        b.book_deck.is_known(),
        b.book_deck.known_top_first(),
        &BOOK_IDS,
    );
    let (objective_deck, objective_bottom) = deck_text(
        b.objective_deck.is_known(),
        b.objective_deck.known_top_first(),
        &OBJECTIVE_IDS,
    );
    let set = marble_set(comp, n);
    let drops = b.drops[..b.drop_count as usize]
        .iter()
        .map(|&bits| {
            let mut entry: DropSetup = Default::default();
            let mut offset = 0;
            for (c, e) in entry.iter_mut().enumerate() {
                let m = set.count(c as u8) as usize;
                let digits: String = (0..m)
                    .map(|i| (b'1' + (bits >> (3 * (offset + i)) & 7) as u8) as char)
                    .collect();
                *e = Some(digits);
                offset += m;
            }
            entry
        })
        .collect();
    let in_play: Vec<usize> = (0..comp.cemetery.len())
        .filter(|&i| !comp.cemetery[i].unlimited && comp.cemetery[i].min_players as usize <= n)
        .collect();
    Setup {
        components: Some(components_name(comp)),
        components_sha256: Some(comp.info.sha256.clone()),
        players: n as i64,
        round: s.round as i64,
        phase: s.phase.name().to_string(),
        stage: in_actions.then(|| STAGE_NAMES[s.stage as usize].to_string()),
        turn_order: s.order().iter().map(|&t| t as i64).collect(),
        to_move: (!matches!(s.phase, Phase::Refresh | Phase::Over)).then_some(s.to_move as i64),
        in_progress: Vec::new(),
        palace: b
            .palace
            .iter()
            .map(|&c| CHARACTER_IDS.id(c as usize))
            .collect(),
        districts: std::array::from_fn(|d| {
            b.districts[d]
                .iter()
                .map(|&t| neighborhood_tile_id(t as usize))
                .collect()
        }),
        menorahs: districts_text(b.menorah_tokens),
        row: b
            .library
            .iter()
            .filter(|&&c| c != NONE)
            .map(|&c| BOOK_IDS.id(c as usize))
            .collect(),
        book_deck,
        book_bottom,
        lines: b.lines.iter().map(|&m| marbles_text(m)).collect(),
        tiles: b.tiles[..spaces]
            .iter()
            .map(|&t| ACTION_TILE_IDS.id(t as usize))
            .collect(),
        rabbis: b.rabbis[..spaces].iter().map(|&t| seat_value(t)).collect(),
        bottom_rabbis: b
            .bottom_rabbis
            .iter()
            .filter(|&&t| t != NONE)
            .map(|&t| t as i64)
            .collect(),
        discards: ids_of(b.tile_discards as u64, &ACTION_TILE_IDS),
        // An empty pile reads back the same written or not; the reference model leaves
        // it out.
        pile: (b.tile_pile.is_known() && !b.tile_pile.is_empty()).then(|| {
            b.tile_pile
                .known_top_first()
                .iter()
                .map(|&t| ACTION_TILE_IDS.id(t as usize))
                .collect()
        }),
        removed: marbles_text(b.removed),
        pass_tiles: b.pass_tiles[..comp.rules.pass_tiles as usize]
            .iter()
            .map(|&t| seat_value(t))
            .collect(),
        drops,
        cemetery_spaces: (0..in_play.len())
            .map(|i| seat_value(b.cemetery[i]))
            .collect(),
        cemetery_unlimited: b.cemetery_unlimited[..n]
            .iter()
            .map(|&k| k as i64)
            .collect(),
        objective_deck,
        objective_bottom,
        artifact_tiles: setup_phase.then(|| {
            BitIter(b.artifact_offer as u64)
                .map(|bit| artifact_side_text(bit as u8))
                .collect()
        }),
        seats: (0..n).map(|i| player_setup(s, i, setup_phase)).collect(),
    }
}

fn development_texts(comp: &Components, p: &super::state::Player) -> Vec<String> {
    let mut out: Vec<String> = BitIter(p.developments as u64)
        .map(|bit| {
            let (area, k) = (bit / 6, bit % 6);
            let id = [
                ARTIFACT_DEVELOPMENT_IDS,
                GOLEM_DEVELOPMENT_IDS,
                STUDY_DEVELOPMENT_IDS,
            ][area]
                .id(k);
            if bit < 5 && p.artifact_devs[bit] != NONE {
                let a = p.artifact_devs[bit];
                let space = &comp.player_board.artifact_development_spaces[(a & 0x7F) as usize].id;
                format!("{id}/{}@{space}", (a >> 7) + 1)
            } else {
                id
            }
        })
        .collect();
    out.sort();
    out
}

fn player_setup(s: &State, i: usize, setup_phase: bool) -> PlayerSetup {
    let comp = s.comp.0;
    let p = &s.players[i];
    let columns = (0..comp.rules.book_columns as usize)
        .map(|c| {
            p.columns[c]
                .iter()
                .take_while(|&&b| b != NONE)
                .map(|&b| {
                    let id = BOOK_IDS.id(b as usize);
                    if comp.books[b as usize].colour == BookColour::Black {
                        format!(
                            "{id}={}",
                            BOOK_COLOUR_LETTERS[p.column_colour[c] as usize] as char
                        )
                    } else {
                        id
                    }
                })
                .collect()
        })
        .collect();
    PlayerSetup {
        vp: p.vp as i64,
        clay: p.res[0] as i64,
        coin: p.res[1] as i64,
        knowledge: p.res[2] as i64,
        study: p.study as i64,
        golem_track: p.golem_track as i64,
        students: p.students.iter().map(|&x| x as i64).collect(),
        golems: p.golems.pieces().map(|g| g.text()).collect(),
        marbles: marbles_text(p.marbles),
        passes: p.passes as i64,
        no_control_cost: p.no_control_cost,
        menorahs: districts_text(p.menorahs),
        developments: development_texts(comp, p),
        columns,
        artifact_tile: if p.artifact_tile == NONE {
            String::new()
        } else {
            artifact_side_text(p.artifact_tile)
        },
        gold: p.gold.iter().map(|&g| g as i64).collect(),
        objectives: ids_of(p.objectives as u64, &OBJECTIVE_IDS),
        pack: setup_phase.then(|| ids_of(p.pack as u64, &OBJECTIVE_IDS)),
        drafted: setup_phase.then(|| ids_of(p.drafted as u64, &OBJECTIVE_IDS)),
        starting_tiles: setup_phase.then(|| ids_of(p.starting as u64, &STARTING_TILE_IDS)),
    }
}
