//! Bit-set helpers shared by the games.

/// Iterates the set bits of a `u64`, lowest first.
#[derive(Clone, Copy)]
pub struct BitIter(pub u64);

impl Iterator for BitIter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let bit = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(bit)
    }
}
