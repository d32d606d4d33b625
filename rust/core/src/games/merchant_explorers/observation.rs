//! The observation tensor (docs/merchant-explorers.md, "Observation tensor"; docs/rl.md
//! for the generic API).
//!
//! Nothing is private to a seat (deck orders are hidden from everyone alike), so the
//! tensor holds the public state: the map, every seat's pieces, the cards in play, and
//! which cards are left in each deck, never their order. Seats are rotated so that the
//! observer comes first: block k describes seat `(observer + k) % players`.

use super::cards::{
    treasure_kind, EXPLORE_COUNT, INVESTIGATE_CODE, INVESTIGATE_COUNT, OBJECTIVES, TREASURE_KINDS,
};
use super::cellset::MAX_SPACES;
use super::state::{Phase, State, MAX_PLAYERS, NO_CARD};
use crate::util::BitIter;
use crate::Game;

/// Entries per map space: exists, terrain (5, one-hot), coin value, city value, ruin,
/// tower, crystal value, capital, ice, placed by the card being resolved, then explorer
/// and village of each seat (relative order, 2 per seat).
pub const SPACE_SIZE: usize = 1 + 5 + 7 + 1 + 2 * MAX_PLAYERS;
const SEAT_PIECES_AT: usize = 14;

/// Phases in the order of the one-hot block.
const PHASES: usize = 12;

pub const PLAYERS_AT: usize = 0;
pub const TO_MOVE_AT: usize = PLAYERS_AT + MAX_PLAYERS;
pub const PHASE_AT: usize = TO_MOVE_AT + MAX_PLAYERS;
pub const ERA_AT: usize = PHASE_AT + PHASES;
pub const CURRENT_AT: usize = ERA_AT + 5;
pub const INVESTIGATE_AT: usize = CURRENT_AT + EXPLORE_COUNT;
pub const PLAYED_AT: usize = INVESTIGATE_AT + INVESTIGATE_COUNT;
pub const EXPLORE_LEFT_AT: usize = PLAYED_AT + EXPLORE_COUNT;
pub const OBJECTIVES_AT: usize = EXPLORE_LEFT_AT + EXPLORE_COUNT;
pub const OFFER_AT: usize = OBJECTIVES_AT + OBJECTIVES.len();
pub const MULTIPLIER_AT: usize = OFFER_AT + INVESTIGATE_COUNT;
pub const SEATS_AT: usize = MULTIPLIER_AT + 1;
/// Per seat: coins, score, kept investigate cards (3 one-hot blocks), treasure hand by
/// kind, objectives achieved (3 slots), towers, crystals, ruins, trading posts, routes,
/// lands reached, ice route, investigate cards left in its deck, treasure cards left by
/// kind.
pub const SEAT_SIZE: usize =
    2 + 3 * INVESTIGATE_COUNT + TREASURE_KINDS + 3 + 7 + INVESTIGATE_COUNT + TREASURE_KINDS;
pub const SPACES_AT: usize = SEATS_AT + MAX_PLAYERS * SEAT_SIZE;
pub const OBSERVATION_SIZE: usize = SPACES_AT + MAX_SPACES * SPACE_SIZE;

fn phase_number(phase: Phase) -> usize {
    match phase {
        Phase::Reveal => 0,
        Phase::Offer => 1,
        Phase::Keep => 2,
        Phase::Repeat => 3,
        Phase::Place => 4,
        Phase::Village => 5,
        Phase::Route => 6,
        Phase::Draw => 7,
        Phase::Free => 8,
        Phase::Effects => 9,
        Phase::SeatDone => 10,
        Phase::Over => 11,
    }
}

fn bits(out: &mut [f32], set: u64) {
    for i in BitIter(set) {
        out[i] = 1.0;
    }
}

fn count(set: u32) -> f32 {
    set.count_ones() as f32
}

pub(super) fn observe(state: &State, observer: usize, out: &mut [f32]) {
    out.fill(0.0);
    let players = state.players as usize;
    let relative = |seat: usize| (seat + players - observer % players) % players;
    out[PLAYERS_AT + players - 1] = 1.0;
    if !matches!(state.phase, Phase::Over) {
        out[TO_MOVE_AT + relative(state.to_move as usize)] = 1.0;
    }
    out[PHASE_AT + phase_number(state.phase)] = 1.0;
    out[ERA_AT + (state.era as usize).min(4)] = 1.0;
    if state.current != NO_CARD {
        out[CURRENT_AT + state.current as usize % EXPLORE_COUNT] = 1.0;
    }
    let code = state.res.card;
    if code != NO_CARD
        && code >= INVESTIGATE_CODE
        && !matches!(state.phase, Phase::Reveal | Phase::Over)
    {
        out[INVESTIGATE_AT + (code - INVESTIGATE_CODE) as usize % INVESTIGATE_COUNT] = 1.0;
    }
    for &card in &state.played[..state.played_len as usize] {
        out[PLAYED_AT + card as usize % EXPLORE_COUNT] = 1.0;
    }
    bits(
        &mut out[EXPLORE_LEFT_AT..OBJECTIVES_AT],
        state.explore.cards(),
    );
    for &objective in state.objectives.iter().filter(|&&o| o != NO_CARD) {
        out[OBJECTIVES_AT + objective as usize % OBJECTIVES.len()] = 1.0;
    }
    if state.phase == Phase::Keep {
        for card in state.res.offer {
            out[OFFER_AT + card as usize % INVESTIGATE_COUNT] = 1.0;
        }
    }
    // The resolution is stale between seats (equal states may differ there).
    let resolving = !matches!(state.phase, Phase::Reveal | Phase::Over);
    if resolving {
        out[MULTIPLIER_AT] = state.res.multiplier as f32;
    }

    for seat in 0..players {
        let p = &state.player[seat];
        let at = SEATS_AT + relative(seat) * SEAT_SIZE;
        let block = &mut out[at..at + SEAT_SIZE];
        block[0] = p.coins as f32;
        block[1] = state.score(seat) as f32;
        let mut i = 2;
        for kept in p.kept {
            if kept != NO_CARD {
                block[i + kept as usize % INVESTIGATE_COUNT] = 1.0;
            }
            i += INVESTIGATE_COUNT;
        }
        for (k, &n) in p.hand.iter().enumerate() {
            block[i + k] = n as f32;
        }
        i += TREASURE_KINDS;
        bits(&mut block[i..i + 3], p.objectives as u64 & 7);
        i += 3;
        let counts = [
            count(p.towers as u32),
            count(p.crystals),
            count(p.ruins),
            count(p.posts),
            p.route_count as f32,
            count(p.lands),
            f32::from(u8::from(p.ice_route)),
        ];
        block[i..i + 7].copy_from_slice(&counts);
        i += 7;
        let decks = state.decks(seat);
        bits(
            &mut block[i..i + INVESTIGATE_COUNT],
            decks.investigate.cards(),
        );
        i += INVESTIGATE_COUNT;
        for card in BitIter(decks.treasure.cards()) {
            block[i + treasure_kind(card) % TREASURE_KINDS] += 1.0;
        }
    }

    let map = state.map;
    for (space, s) in map.spaces.iter().enumerate().take(MAX_SPACES) {
        let at = SPACES_AT + space * SPACE_SIZE;
        let block = &mut out[at..at + SPACE_SIZE];
        block[0] = 1.0;
        block[1 + s.terrain as usize] = 1.0;
        block[6] = s.coin as f32;
        block[7] = s.city as f32;
        block[8] = f32::from(u8::from(s.ruin));
        block[9] = f32::from(u8::from(s.tower));
        block[10] = s.crystal as f32;
        block[11] = f32::from(u8::from(s.capital));
        block[12] = f32::from(u8::from(s.ice));
        block[13] = f32::from(u8::from(resolving && state.res.placed.contains(space)));
        for seat in 0..players {
            let p = &state.player[seat];
            let at = SEAT_PIECES_AT + 2 * relative(seat);
            block[at] = f32::from(u8::from(p.explorers.contains(space)));
            block[at + 1] = f32::from(u8::from(p.villages.contains(space)));
        }
    }
}
