//! Transposition table: a fixed-size array of entries indexed by Zobrist hash.
//!
//! It never grows past the size it was given. One entry per index, replaced when the new
//! result is for another position or searched at least as deep.

/// How a stored value relates to the true value of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub struct Entry<A> {
    pub key: u64,
    pub value: f64,
    pub depth: u16,
    pub bound: Bound,
    /// No horizon leaf was evaluated below: the value is the game's own.
    pub settled: bool,
    pub best: Option<A>,
}

pub struct TranspositionTable<A> {
    entries: Vec<Option<Entry<A>>>,
    mask: usize,
}

impl<A: Copy> TranspositionTable<A> {
    /// A table of at most `megabytes` MiB (at least one entry).
    pub fn new(megabytes: usize) -> Self {
        let slot = std::mem::size_of::<Option<Entry<A>>>();
        let budget = (megabytes << 20) / slot;
        // Largest power of two within the budget, so indexing is a mask.
        let count = if budget == 0 {
            1
        } else {
            1 << (usize::BITS - 1 - budget.leading_zeros())
        };
        TranspositionTable {
            entries: vec![None; count],
            mask: count - 1,
        }
    }

    /// Bytes held by the entries.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Option<Entry<A>>>()
    }

    pub fn clear(&mut self) {
        self.entries.fill(None);
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<&Entry<A>> {
        self.entries[key as usize & self.mask]
            .as_ref()
            .filter(|e| e.key == key)
    }

    #[inline]
    pub fn store(&mut self, entry: Entry<A>) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        let replace = match slot {
            Some(old) => old.key != entry.key || entry.depth >= old.depth,
            None => true,
        };
        if replace {
            *slot = Some(entry);
        }
    }

    /// Occupied entries per thousand, sampled over the first thousand (UCI's hashfull).
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| e.is_some())
            .count();
        (used * 1000 / sample) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: u16) -> Entry<u8> {
        Entry {
            key,
            value: 1.0,
            depth,
            bound: Bound::Exact,
            settled: false,
            best: Some(3),
        }
    }

    #[test]
    fn stays_within_its_size() {
        let table = TranspositionTable::<u8>::new(1);
        assert!(table.bytes() <= 1 << 20);
        assert!(table.bytes() > 1 << 19);
    }

    #[test]
    fn probe_finds_only_its_own_key_and_deeper_results_win() {
        let mut table = TranspositionTable::<u8>::new(1);
        table.store(entry(42, 3));
        assert_eq!(table.probe(42).unwrap().depth, 3);
        assert!(table.probe(43).is_none());
        table.store(entry(42, 2));
        assert_eq!(
            table.probe(42).unwrap().depth,
            3,
            "shallower result does not replace"
        );
        let other = 42 + table.entries.len() as u64;
        table.store(entry(other, 1));
        assert!(table.probe(42).is_none(), "another position replaces");
        assert_eq!(table.hashfull(), 1);
    }
}
