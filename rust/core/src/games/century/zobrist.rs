//! Zobrist keys: one pseudo-random 64-bit key per (feature, value), XORed into the hash.
//!
//! Keys come from splitmix64 over a feature index, built at compile time, so the hash of a
//! position is the same in every build and on every machine.

use super::cards::{GOLEM_COUNT, MERCHANT_COUNT};
use super::state::{GOLEM_ROW_SLOTS, MAX_PLAYERS, MERCHANT_ROW_SLOTS};

/// Row-crystal counts up to this have table keys; larger (rare) counts are mixed on the fly.
const ROW_CRYSTAL_TABLE: usize = 32;
/// Caravan counts between turns are at most 10; coins at most 2 * 5.
const COUNT_TABLE: usize = 16;

const TO_MOVE: usize = 0;
const PENDING: usize = TO_MOVE + MAX_PLAYERS;
const HAND: usize = PENDING + 3;
const PLAYED: usize = HAND + MAX_PLAYERS * MERCHANT_COUNT;
const CLAIMED: usize = PLAYED + MAX_PLAYERS * MERCHANT_COUNT;
const CARAVAN: usize = CLAIMED + MAX_PLAYERS * GOLEM_COUNT;
const GOLD: usize = CARAVAN + MAX_PLAYERS * 4 * COUNT_TABLE;
const SILVER: usize = GOLD + MAX_PLAYERS * COUNT_TABLE;
const MERCHANT_ROW: usize = SILVER + MAX_PLAYERS * COUNT_TABLE;
const ROW_CRYSTALS: usize = MERCHANT_ROW + MERCHANT_ROW_SLOTS * MERCHANT_COUNT;
const GOLEM_ROW: usize = ROW_CRYSTALS + MERCHANT_COUNT * 4 * ROW_CRYSTAL_TABLE;
const KEY_COUNT: usize = GOLEM_ROW + GOLEM_ROW_SLOTS * GOLEM_COUNT;

const fn splitmix64(index: u64) -> u64 {
    let mut z = index
        .wrapping_add(0x9e37_79b9_7f4a_7c15)
        .wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

static KEYS: [u64; KEY_COUNT] = {
    let mut keys = [0u64; KEY_COUNT];
    let mut i = 0;
    while i < KEY_COUNT {
        keys[i] = splitmix64(i as u64);
        i += 1;
    }
    keys
};

#[inline]
pub fn to_move(seat: usize) -> u64 {
    KEYS[TO_MOVE + seat]
}

/// `kind` is 1 for a pending merchant deal, 2 for a pending golem deal.
#[inline]
pub fn pending(kind: usize) -> u64 {
    KEYS[PENDING + kind]
}

#[inline]
pub fn hand(seat: usize, card: usize) -> u64 {
    KEYS[HAND + seat * MERCHANT_COUNT + card]
}

#[inline]
pub fn played(seat: usize, card: usize) -> u64 {
    KEYS[PLAYED + seat * MERCHANT_COUNT + card]
}

#[inline]
pub fn claimed(seat: usize, golem: usize) -> u64 {
    KEYS[CLAIMED + seat * GOLEM_COUNT + golem]
}

#[inline]
pub fn caravan(seat: usize, colour: usize, count: u32) -> u64 {
    KEYS[CARAVAN + (seat * 4 + colour) * COUNT_TABLE + count as usize]
}

#[inline]
pub fn gold(seat: usize, count: u32) -> u64 {
    KEYS[GOLD + seat * COUNT_TABLE + count as usize]
}

#[inline]
pub fn silver(seat: usize, count: u32) -> u64 {
    KEYS[SILVER + seat * COUNT_TABLE + count as usize]
}

#[inline]
pub fn merchant_row(slot: usize, card: usize) -> u64 {
    KEYS[MERCHANT_ROW + slot * MERCHANT_COUNT + card]
}

/// Crystals of one colour on merchant `card` in the row (keyed by card: they move with it).
#[inline]
pub fn row_crystals(card: usize, colour: usize, count: u32) -> u64 {
    let feature = (card * 4 + colour) * ROW_CRYSTAL_TABLE;
    match KEYS.get(ROW_CRYSTALS + feature + count as usize) {
        Some(&key) if (count as usize) < ROW_CRYSTAL_TABLE => key,
        _ => splitmix64(((KEY_COUNT + feature) as u64) << 16 | count as u64),
    }
}

#[inline]
pub fn golem_row(slot: usize, golem: usize) -> u64 {
    KEYS[GOLEM_ROW + slot * GOLEM_COUNT + golem]
}

/// [`row_crystals`] of every colour at count 0, XORed, per merchant card: the hash of a
/// card with no crystals on it, which every deal adds.
static NO_ROW_CRYSTALS: [u64; MERCHANT_COUNT] = {
    let mut keys = [0u64; MERCHANT_COUNT];
    let mut card = 0;
    while card < MERCHANT_COUNT {
        let mut colour = 0;
        while colour < 4 {
            keys[card] ^= KEYS[ROW_CRYSTALS + (card * 4 + colour) * ROW_CRYSTAL_TABLE];
            colour += 1;
        }
        card += 1;
    }
    keys
};

#[inline]
pub fn no_row_crystals(card: usize) -> u64 {
    NO_ROW_CRYSTALS[card]
}

#[cfg(test)]
#[test]
fn no_row_crystals_is_the_four_zero_counts() {
    for card in 0..MERCHANT_COUNT {
        let plain = (0..4).fold(0, |h, colour| h ^ row_crystals(card, colour, 0));
        assert_eq!(no_row_crystals(card), plain);
    }
}
