//! The state (spec §10): per player pieces as space sets and feature masks, the shared
//! decks and era, and the transient state of one seat's resolution. Everything is `Copy`;
//! the map is a `&'static` reference into the interner.

use super::cards::{INVESTIGATE_COUNT, TREASURE_CARDS, TREASURE_KINDS};
use super::cellset::CellSet;
use super::map::{Map, MAX_FEATURES};
use super::pile::Pile;

pub const MIN_PLAYERS: usize = 1;
pub const MAX_PLAYERS: usize = 4;
/// Marks "no card" in a card slot.
pub const NO_CARD: u8 = u8::MAX;
/// Routes a player can make: each covers one city.
pub const MAX_ROUTES: usize = MAX_FEATURES;
/// Actions and chance outcomes kept since a seat's rest point (for `to_text`).
pub const LOG_CAP: usize = 96;

/// Rule options (§1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Crystals pay the sum of all covered crystal values (cumulative) or their own.
    pub crystal_cumulative: bool,
    pub solo_decay: bool,
    pub ice: bool,
    pub land_bonus: bool,
    pub shared_decks: bool,
}

impl Options {
    /// The defaults for `players` on `map`.
    pub fn defaults(map: &Map, players: usize) -> Options {
        Options {
            crystal_cumulative: true,
            solo_decay: players == 1,
            ice: map.rules.ice,
            land_bonus: map.rules.land_bonus,
            shared_decks: true,
        }
    }
}

/// One player's belongings. Token masks index the map's feature lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Player {
    pub explorers: CellSet,
    pub villages: CellSet,
    pub ruins: u32,
    pub towers: u8,
    pub crystals: u32,
    /// Trading posts: covered cities.
    pub posts: u32,
    /// Routes in the order made: low city | high city << 5 | covered-high << 10.
    pub routes: [u16; MAX_ROUTES],
    pub route_count: u8,
    pub coins: u16,
    /// Investigate card kept for era card I, II, III.
    pub kept: [u8; 3],
    /// End-game treasure cards by kind.
    pub hand: [u8; TREASURE_KINDS],
    /// Objectives achieved, by slot in play.
    pub objectives: u8,
    /// Lands reached, by land index.
    pub lands: u32,
    pub ice_route: bool,
}

impl Default for Player {
    fn default() -> Self {
        Player {
            explorers: CellSet::EMPTY,
            villages: CellSet::EMPTY,
            ruins: 0,
            towers: 0,
            crystals: 0,
            posts: 0,
            routes: [0; MAX_ROUTES],
            route_count: 0,
            coins: 0,
            kept: [NO_CARD; 3],
            hand: [0; TREASURE_KINDS],
            objectives: 0,
            lands: 0,
            ice_route: false,
        }
    }
}

/// A route as stored: (low city, high city, covered city).
pub fn unpack_route(packed: u16) -> (usize, usize, usize) {
    let (low, high) = ((packed & 31) as usize, (packed >> 5 & 31) as usize);
    (low, high, if packed >> 10 & 1 == 1 { high } else { low })
}

pub fn pack_route(low: u8, high: u8, cover_high: bool) -> u16 {
    low as u16 | (high as u16) << 5 | (cover_high as u16) << 10
}

/// An investigate deck and a treasure deck with their discard piles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Decks {
    pub investigate: Pile<INVESTIGATE_COUNT>,
    pub investigate_discard: u32,
    pub treasure: Pile<TREASURE_CARDS>,
    pub treasure_discard: u64,
}

impl Decks {
    pub fn full_hidden() -> Decks {
        Decks {
            investigate: Pile::hidden((1u64 << INVESTIGATE_COUNT) - 1),
            investigate_discard: 0,
            treasure: Pile::hidden((1u64 << TREASURE_CARDS) - 1),
            treasure_discard: 0,
        }
    }
}

/// What the state waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Chance: the next explore card.
    Reveal,
    /// Chance: two investigate cards for the seat.
    Offer,
    Keep,
    Repeat,
    Place,
    Village,
    Route,
    /// Chance: a treasure card.
    Draw,
    Free,
    /// Internal: effects of the last placement still to resolve (never seen outside).
    Effects,
    /// Internal: the seat's card is done.
    SeatDone,
    Over,
}

/// Where the effect chain of the last placement stands (§6, steps 4–6 and draws).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    Village,
    Routes,
    Ruin,
    Draws,
}

/// The transient state of one seat's resolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Resolution {
    /// Performed card: explore id, or 32 + investigate id; NO_CARD before it is known.
    pub card: u8,
    pub offer: [u8; 2],
    pub step: u8,
    /// Spaces and `max` used by the current step, and its quota usage by key.
    pub step_count: u8,
    pub step_cost: u8,
    pub used: [u8; 6],
    pub region: u8,
    /// Line ends of the current step and its direction (0..6, 255 = none yet).
    pub line_ends: [u16; 2],
    pub dir: u8,
    /// Spaces placed by the card, step 1's spaces, the skip set.
    pub placed: CellSet,
    pub step1: CellSet,
    pub skip: CellSet,
    pub last: u16,
    /// Card placements in order (two-villages-lines).
    pub order: [u16; 6],
    pub order_len: u8,
    pub multiplier: u8,
    pub per_ruin: u8,
    pub effect_space: u16,
    pub stage: Stage,
    pub draws: u8,
}

impl Resolution {
    pub fn new() -> Resolution {
        Resolution {
            card: NO_CARD,
            offer: [NO_CARD; 2],
            step: 0,
            step_count: 0,
            step_cost: 0,
            used: [0; 6],
            region: u8::MAX,
            line_ends: [0; 2],
            dir: u8::MAX,
            placed: CellSet::EMPTY,
            step1: CellSet::EMPTY,
            skip: CellSet::EMPTY,
            last: 0,
            order: [0; 6],
            order_len: 0,
            multiplier: 1,
            per_ruin: 1,
            effect_space: 0,
            stage: Stage::Draws,
            draws: 0,
        }
    }

    /// A fresh current step.
    pub fn reset_step(&mut self) {
        self.step_count = 0;
        self.step_cost = 0;
        self.used = [0; 6];
        self.region = u8::MAX;
        self.dir = u8::MAX;
        self.skip = CellSet::EMPTY;
    }
}

impl Default for Resolution {
    fn default() -> Self {
        Resolution::new()
    }
}

#[derive(Clone, Copy, Debug)]
pub struct State {
    pub(super) map: &'static Map,
    pub(super) options: Options,
    pub(super) players: u8,
    pub(super) era: u8,
    pub(super) to_move: u8,
    pub(super) phase: Phase,
    pub(super) player: [Player; MAX_PLAYERS],
    /// Shared decks in slot 0, or one per seat without `shared_decks`.
    pub(super) decks: [Decks; MAX_PLAYERS],
    pub(super) explore: Pile<9>,
    /// Explore cards revealed this era, in order, and the card being resolved.
    pub(super) played: [u8; 9],
    pub(super) played_len: u8,
    pub(super) current: u8,
    /// Objectives in play by dealt slot (explicit ids; NO_CARD = empty slot).
    pub(super) objectives: [u8; 3],
    pub(super) res: Resolution,
    /// The seat's rest point: its player record and decks before its resolution began.
    pub(super) rest_player: Player,
    pub(super) rest_decks: Decks,
    /// Action indices since the rest point, chance outcomes included.
    pub(super) log: [u16; LOG_CAP],
    pub(super) log_len: u8,
    pub(super) log_full: bool,
    /// Zobrist key of the explorers and villages (the large, often-changed part).
    pub(super) board_hash: u64,
}

#[cfg(test)]
mod equality_tests {
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::{Game, Turn};

    /// A state read back from its own text equals it (the Python `==`), on random play
    /// with shared and per-seat decks: copies of one treasure kind are interchangeable.
    #[test]
    fn a_state_read_back_from_its_text_is_equal() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let mut actions = Vec::new();
        let mut checked = 0;
        for players in 1..=4 {
            let mut state = State::new_game(players, &mut rng);
            for _ in 0..300 {
                if let Ok(text) = state.to_text() {
                    let back = State::from_text(&text).unwrap();
                    assert!(back == state, "{text}");
                    checked += 1;
                }
                if state.turn() == Turn::Terminal {
                    break;
                }
                state.legal_actions(&mut actions);
                state.apply(actions[rng.random_range(0..actions.len())]);
            }
            let mut other = state;
            other.player[0].coins += 1;
            assert!(other != state);
        }
        assert!(checked > 100);
    }
}
