//! Hash keys. Explorers and villages (the large part of the state that changes with almost
//! every move) have Zobrist keys updated incrementally; the small remaining fields are
//! folded in by [`Mixer`] when the hash is read.

use super::cellset::MAX_SPACES;
use super::state::MAX_PLAYERS;

use crate::util::hash::splitmix;

const KEYS: usize = 2 * MAX_PLAYERS * MAX_SPACES;

static BOARD: [u64; KEYS] = {
    let mut keys = [0u64; KEYS];
    let mut i = 0;
    while i < KEYS {
        keys[i] = splitmix(0x6E65_7870_6C6F_7265 ^ (i as u64).wrapping_mul(0x2545_F491_4F6C_DD1D));
        i += 1;
    }
    keys
};

#[inline]
pub fn explorer(seat: usize, space: usize) -> u64 {
    BOARD[(seat * MAX_SPACES + space) % KEYS]
}

#[inline]
pub fn village(seat: usize, space: usize) -> u64 {
    BOARD[((MAX_PLAYERS + seat) * MAX_SPACES + space) % KEYS]
}

pub use crate::util::hash::Mixer;
