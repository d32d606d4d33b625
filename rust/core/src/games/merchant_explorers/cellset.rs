//! A fixed-width set of map spaces: bit i = space index i (spaces numbered in cell-index
//! order, see `map.rs`), so set operations on a whole map are a few word operations.

use crate::util::BitIter;

/// Words of a [`CellSet`]; 5 words hold [`MAX_SPACES`] spaces (Xawskil has 300).
pub const WORDS: usize = 5;
/// The most spaces a map may have.
pub const MAX_SPACES: usize = WORDS * 64;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellSet(pub [u64; WORDS]);

impl CellSet {
    pub const EMPTY: CellSet = CellSet([0; WORDS]);

    pub fn single(space: usize) -> CellSet {
        let mut set = CellSet::EMPTY;
        set.insert(space);
        set
    }

    #[inline]
    pub fn contains(&self, space: usize) -> bool {
        space < MAX_SPACES && self.0[space / 64] >> (space % 64) & 1 == 1
    }

    #[inline]
    pub fn insert(&mut self, space: usize) {
        self.0[space / 64] |= 1 << (space % 64);
    }

    #[inline]
    pub fn remove(&mut self, space: usize) {
        self.0[space / 64] &= !(1 << (space % 64));
    }

    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    #[inline]
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    #[inline]
    pub fn union(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] | other.0[i]))
    }

    #[inline]
    pub fn intersection(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & other.0[i]))
    }

    #[inline]
    pub fn minus(self, other: CellSet) -> CellSet {
        CellSet(std::array::from_fn(|i| self.0[i] & !other.0[i]))
    }

    #[inline]
    pub fn intersects(&self, other: &CellSet) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }

    /// Whether every space of `self` is in `other`.
    #[inline]
    pub fn is_subset(&self, other: &CellSet) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }

    /// The lowest space, if any.
    pub fn first(&self) -> Option<usize> {
        self.iter().next()
    }

    /// Spaces below `space` (by index).
    pub fn below(space: usize) -> CellSet {
        let mut set = CellSet::EMPTY;
        for (i, word) in set.0.iter_mut().enumerate() {
            let low = i * 64;
            if space >= low + 64 {
                *word = u64::MAX;
            } else if space > low {
                *word = (1u64 << (space - low)) - 1;
            }
        }
        set
    }

    /// The spaces, lowest first.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0
            .iter()
            .enumerate()
            .flat_map(|(i, &w)| BitIter(w).map(move |b| i * 64 + b))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_hold_spaces_across_words_and_below_cuts_by_index() {
        let mut set = CellSet::EMPTY;
        for space in [0, 63, 64, 200, 319] {
            set.insert(space);
        }
        assert_eq!(set.iter().collect::<Vec<_>>(), vec![0, 63, 64, 200, 319]);
        assert_eq!(set.len(), 5);
        assert!(set.contains(319) && !set.contains(318) && !set.contains(400));
        assert_eq!(
            set.intersection(CellSet::below(200))
                .iter()
                .collect::<Vec<_>>(),
            vec![0, 63, 64]
        );
        set.remove(63);
        assert!(!set.contains(63));
        assert!(CellSet::single(64).is_subset(&set));
        assert_eq!(CellSet::below(0), CellSet::EMPTY);
    }
}
