//! Cross-field checks (spec §12): rules that tie one part of the file to another. Each
//! runs only when the fields it compares were read without problems, so it never reports
//! a consequence of an error already reported.

use super::ids::neighborhood_tile_index;
use super::model::{
    Setup, ACTION_SPACES, CHARACTERS, DISTRICTS, OBJECTIVES, STARTING_TILES, TILE_SECTIONS,
};
use super::reader::{index_path, Reader};
use super::setup::SetupNumbers;
use super::vocab::{Deck, District, Vocab};
use super::Components;

pub(super) fn cross_check(r: &mut Reader, c: &Components, numbers: &SetupNumbers) -> Setup {
    check_rules(r, c);
    check_marble_supply(r, c);
    check_tracks(r, c);
    check_columns(r, c);
    resolve_setup(r, c, numbers)
}

fn check_rules(r: &mut Reader, c: &Components) {
    let rules = &c.rules;
    if r.clean(&["rules.players_min", "rules.players_max"]) && rules.players_min > rules.players_max
    {
        r.error(
            "rules.players_min.value",
            format!(
                "{} is above players_max ({})",
                rules.players_min, rules.players_max
            ),
        );
    }
    if r.clean(&["rules.work_cost_knowledge", "rules.work_max_golems"])
        && rules.work_cost_knowledge.len() != usize::from(rules.work_max_golems)
    {
        r.error(
            "rules.work_cost_knowledge.value",
            format!(
                "expected {} entries (one per Golem up to work_max_golems), got {}",
                rules.work_max_golems,
                rules.work_cost_knowledge.len()
            ),
        );
    }
    let golems = [
        "rules.golems_per_player",
        "rules.golems_start_on_main_board",
    ];
    if r.clean(&golems) && rules.golems_start_on_main_board > rules.golems_per_player {
        r.error(
            "rules.golems_start_on_main_board.value",
            format!(
                "{} is above golems_per_player ({})",
                rules.golems_start_on_main_board, rules.golems_per_player
            ),
        );
    }
    if r.clean(&["rules.create_track_up", golems[0], golems[1]])
        && rules.create_track_up.len() < usize::from(rules.reserve_golems())
    {
        r.error(
            "rules.create_track_up.value",
            format!(
                "expected at least {} entries (one per reserve Golem), got {}",
                rules.reserve_golems(),
                rules.create_track_up.len()
            ),
        );
    }
    let pairs = [
        (
            "starting_tiles_kept",
            rules.starting_tiles_kept,
            "starting_tiles_dealt",
            rules.starting_tiles_dealt,
        ),
        (
            "objectives_kept",
            rules.objectives_kept,
            "objectives_dealt",
            rules.objectives_dealt,
        ),
        (
            "marble_actions_per_round",
            rules.marble_actions_per_round,
            "marble_eyes",
            rules.marble_eyes,
        ),
    ];
    for (kept, kept_n, dealt, dealt_n) in pairs {
        let paths = [format!("rules.{kept}"), format!("rules.{dealt}")];
        if r.clean(&[&paths[0], &paths[1]]) && kept_n > dealt_n {
            r.error(
                &format!("rules.{kept}.value"),
                format!("{kept_n} is above {dealt} ({dealt_n})"),
            );
        }
    }
    // The draft passes packs until one card of each is left to discard (spec §3.2).
    let objectives = ["rules.objectives_kept", "rules.objectives_dealt"];
    if r.clean(&objectives) && rules.objectives_kept + 1 != rules.objectives_dealt {
        r.error(
            "rules.objectives_kept.value",
            format!(
                "expected objectives_dealt - 1 ({}): the draft discards one card, got {}",
                rules.objectives_dealt.saturating_sub(1),
                rules.objectives_kept
            ),
        );
    }
    // Deals for the largest player count must fit in the decks.
    let deals = [
        (
            "starting_tiles_dealt",
            rules.starting_tiles_dealt,
            STARTING_TILES,
            "Starting tiles",
        ),
        (
            "objectives_dealt",
            rules.objectives_dealt,
            OBJECTIVES,
            "Objectives",
        ),
    ];
    for (key, per_player, deck, what) in deals {
        let path = format!("rules.{key}");
        if r.clean(&[&path, "rules.players_max"])
            && usize::from(per_player) * usize::from(rules.players_max) > deck
        {
            r.error(
                &format!("{path}.value"),
                format!(
                    "{per_player} each for {} players needs more than the {deck} {what}",
                    rules.players_max
                ),
            );
        }
    }
    // The board has one Action space per player of the largest game plus one.
    if r.clean(&["rules.action_spaces_extra", "rules.players_max"])
        && usize::from(rules.players_max + rules.action_spaces_extra) > ACTION_SPACES
    {
        r.error(
            "rules.action_spaces_extra.value",
            format!(
                "players_max ({}) + action_spaces_extra ({}) is above the {ACTION_SPACES} \
                 Action spaces the board has",
                rules.players_max, rules.action_spaces_extra
            ),
        );
    }
}

/// The marble lines must never run dry within a round: every seat takes
/// `marble_actions_per_round` marbles (no turn may be left with nothing to take), even
/// after Pass tile 1 removes two, so each player count's set holds at least that many per
/// player plus two (the marbles section checks 2N + 2, for two actions).
fn check_marble_supply(r: &mut Reader, c: &Components) {
    let rules = &c.rules;
    let paths = [
        "rules.marble_actions_per_round",
        "rules.players_min",
        "rules.players_max",
        "marbles.by_players",
    ];
    if !r.clean(&paths) || rules.players_min > rules.players_max {
        return;
    }
    for players in rules.players_min..=rules.players_max {
        let set = c.marbles.by_players[usize::from(players) - 1].total();
        let needed = u32::from(players) * u32::from(rules.marble_actions_per_round) + 2;
        if set < needed {
            r.error(
                "rules.marble_actions_per_round.value",
                format!(
                    "{players} players taking {} marbles each need {needed} (two more \
                     for Pass tile 1), more than the {set} of marbles.by_players.{players}",
                    rules.marble_actions_per_round
                ),
            );
            return;
        }
    }
}

fn check_tracks(r: &mut Reader, c: &Components) {
    let board = &c.player_board;
    if r.clean(&["rules.start_study_space", "player_board.study_track"])
        && board.study_space(c.rules.start_study_space).is_none()
    {
        let spaces: Vec<u8> = board.study_track.iter().map(|s| s.space).collect();
        r.error(
            "rules.start_study_space.value",
            format!(
                "space {} is not on the Study track ({})",
                c.rules.start_study_space,
                span(&spaces)
            ),
        );
    }
    if r.clean(&["rules.start_golem_track_space", "player_board.golem_track"])
        && board
            .golem_track
            .level_of(c.rules.start_golem_track_space)
            .is_none()
    {
        let spaces: Vec<u8> = board.golem_track.spaces.iter().map(|s| s.space).collect();
        r.error(
            "rules.start_golem_track_space.value",
            format!(
                "space {} is not on the Golem track ({})",
                c.rules.start_golem_track_space,
                span(&spaces)
            ),
        );
    }
}

/// `spaces 0 to 10`.
fn span(spaces: &[u8]) -> String {
    match (spaces.first(), spaces.last()) {
        (Some(first), Some(last)) => format!("spaces {first} to {last}"),
        _ => "no spaces".to_string(),
    }
}

/// Each Book column 1..=`book_columns` sits under exactly one Study Development.
fn check_columns(r: &mut Reader, c: &Components) {
    let path = "player_board.study_developments";
    if !r.clean(&[path, "rules.book_columns"]) {
        return;
    }
    let columns = c.rules.book_columns;
    let developments = &c.player_board.study_developments;
    for (i, development) in developments.iter().enumerate() {
        let Some(column) = development.column else {
            continue;
        };
        if column > columns {
            r.error(
                path,
                format!(
                    "{} is on column {column}, beyond book_columns ({columns})",
                    development.id
                ),
            );
        } else if let Some(other) = developments[..i].iter().find(|d| d.column == Some(column)) {
            r.error(
                path,
                format!(
                    "{} and {} are both on column {column}",
                    other.id, development.id
                ),
            );
        }
    }
    for column in 1..=columns {
        if !developments.iter().any(|d| d.column == Some(column)) {
            r.error(path, format!("no Study Development is on column {column}"));
        }
    }
}

/// The introductory setup's printed numbers as cards, each checked against its deck.
fn resolve_setup(r: &mut Reader, c: &Components, numbers: &SetupNumbers) -> Setup {
    let mut setup = Setup {
        palace_from_deck_1_3: numbers.palace_from_deck_1_3,
        palace_from_deck_4: numbers.palace_from_deck_4,
        intro_starting_tiles_dealt: numbers.intro_starting_tiles_dealt,
        ..Setup::default()
    };
    let palace =
        usize::from(numbers.palace_from_deck_1_3) + usize::from(numbers.palace_from_deck_4);
    if r.clean(&["setup.palace", "rules.rounds"]) && palace != usize::from(c.rules.rounds) {
        r.error(
            "setup.palace.value",
            format!(
                "expected {} Characters in all (one per round), got {palace}",
                c.rules.rounds
            ),
        );
    }
    if r.clean(&[
        "setup.intro_starting_tiles_dealt",
        "rules.starting_tiles_dealt",
    ]) && numbers.intro_starting_tiles_dealt > c.rules.starting_tiles_dealt
    {
        r.error(
            "setup.intro_starting_tiles_dealt.value",
            format!(
                "{} is above starting_tiles_dealt ({})",
                numbers.intro_starting_tiles_dealt, c.rules.starting_tiles_dealt
            ),
        );
    }
    if r.clean(&[
        "setup.intro_starting_tiles_dealt",
        "rules.starting_tiles_kept",
    ]) && numbers.intro_starting_tiles_dealt < c.rules.starting_tiles_kept
    {
        r.error(
            "setup.intro_starting_tiles_dealt.value",
            format!(
                "{} is below starting_tiles_kept ({}): each player keeps that many",
                numbers.intro_starting_tiles_dealt, c.rules.starting_tiles_kept
            ),
        );
    }
    let path = "setup.intro_characters_by_number.value";
    if r.clean(&[path, "setup.palace", "characters"]) {
        for (i, &number) in numbers.intro_characters.iter().enumerate() {
            let entry_path = index_path(path, i);
            let Some(index) = c.characters.iter().position(|ch| ch.number == number) else {
                r.error(&entry_path, format!("no Character has number {number}"));
                continue;
            };
            let character = &c.characters[index];
            let deck = if i < usize::from(numbers.palace_from_deck_1_3) {
                Deck::Rounds1To3
            } else {
                Deck::Round4
            };
            if character.deck != deck {
                r.error(
                    &entry_path,
                    format!(
                        "Character {} (number {number}) is in deck \"{}\", this Palace space takes deck \"{}\"",
                        character.id,
                        character.deck.name(),
                        deck.name()
                    ),
                );
            }
            setup.intro_characters.push(index.min(CHARACTERS - 1) as u8);
        }
    }
    let path = "setup.intro_neighborhoods_by_number.value";
    if r.clean(&[path, "neighborhood_tiles"]) {
        for (d, district) in District::ALL.iter().enumerate().take(DISTRICTS) {
            let list = &numbers.intro_neighborhoods[d];
            for (i, &number) in list.iter().enumerate().take(TILE_SECTIONS) {
                let found = c
                    .neighborhood_tiles
                    .iter()
                    .find(|t| t.district == *district && t.number == number)
                    .and_then(|t| neighborhood_tile_index(&t.id));
                match found {
                    Some(index) => setup.intro_neighborhoods[d][i] = index as u8,
                    None => r.error(
                        &index_path(&format!("{path}.{}", district.name()), i),
                        format!(
                            "no {} Neighborhood tile has number {number}",
                            district.name()
                        ),
                    ),
                }
            }
        }
    }
    setup
}
