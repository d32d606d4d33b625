//! Hash keys. Explorers and villages (the large part of the state that changes with almost
//! every move) have Zobrist keys updated incrementally; the small remaining fields are
//! folded in by [`Mixer`] when the hash is read.

use super::cellset::MAX_SPACES;
use super::state::MAX_PLAYERS;

const fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

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

/// A fast, deterministic 64-bit hasher (the same value in every process, unlike std's).
#[derive(Default)]
pub struct Mixer(u64);

impl std::hash::Hasher for Mixer {
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.0 = splitmix(self.0 ^ u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, v: u64) {
        self.0 = splitmix(self.0 ^ v);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}
