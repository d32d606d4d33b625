//! Transposition table: a fixed-size array of entries indexed by Zobrist hash;
//! [`SharedTable`] is the same for several threads searching together.
//!
//! It never grows past the size it was given. One entry per index, replaced when the new
//! result is for another position or searched at least as deep.
//!
//! The table is allocated once, up front, and fallibly: a size above [`MAX_HASH_MB`], above
//! the memory the machine has available, or one the allocator refuses is an error
//! ([`TableError`]), never an aborted process.

use std::sync::Mutex;

/// The largest table any caller may ask for, in MiB (64 GiB). Both `solve --hash` and the
/// `hash` option of bot specs are checked against it; a smaller size can still be refused
/// when the machine does not have the memory (see [`TranspositionTable::try_new`]).
pub const MAX_HASH_MB: usize = 65536;

/// Why a transposition table could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    #[error("{megabytes} MiB is above the limit of {max} MiB", max = MAX_HASH_MB)]
    AboveLimit { megabytes: usize },
    #[error("{megabytes} MiB is more than the {available} MiB of memory available; ask for less")]
    NotAvailable { megabytes: usize, available: usize },
    #[error("{megabytes} MiB could not be allocated; ask for less")]
    AllocationFailed { megabytes: usize },
}

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
    ///
    /// # Panics
    /// When [`TranspositionTable::try_new`] refuses the size (a panic, not an abort, so a
    /// panic guard can catch it). Callers taking a size from a user use `try_new`.
    pub fn new(megabytes: usize) -> Self {
        Self::try_new(megabytes).unwrap_or_else(|e| panic!("transposition table: {e}"))
    }

    /// A table of at most `megabytes` MiB (at least one entry), or why it cannot be made:
    /// `megabytes` above [`MAX_HASH_MB`], the table larger than the memory available (Linux:
    /// `MemAvailable` of `/proc/meminfo`; elsewhere not checked), or the allocation refused.
    /// The whole table is allocated and initialised here; it never grows afterwards.
    pub fn try_new(megabytes: usize) -> Result<Self, TableError> {
        let count = Self::check(megabytes)? / std::mem::size_of::<Option<Entry<A>>>();
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(count)
            .map_err(|_| TableError::AllocationFailed { megabytes })?;
        entries.resize(count, None);
        Ok(TranspositionTable {
            entries,
            mask: count - 1,
        })
    }

    /// The bytes a table of `megabytes` MiB would take, or why [`TranspositionTable::try_new`]
    /// would refuse it before allocating (the allocation itself can still fail). For
    /// checking an option early, e.g. a bot spec.
    pub fn check(megabytes: usize) -> Result<usize, TableError> {
        let bytes = Self::entry_count(megabytes)? * std::mem::size_of::<Option<Entry<A>>>();
        match available_memory() {
            Some(available) if bytes > available => Err(TableError::NotAvailable {
                megabytes,
                available: available >> 20,
            }),
            _ => Ok(bytes),
        }
    }

    fn entry_count(megabytes: usize) -> Result<usize, TableError> {
        entry_count(megabytes, std::mem::size_of::<Option<Entry<A>>>())
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

/// A table several threads search together (parallel alpha-beta): each entry behind its own lock,
/// so two threads contend only when they touch the same slot. Sized, checked and
/// allocated as [`TranspositionTable`] is (a lock makes each slot a little larger).
pub struct SharedTable<A> {
    entries: Vec<Mutex<Option<Entry<A>>>>,
    mask: usize,
}

impl<A: Copy> SharedTable<A> {
    /// A table of at most `megabytes` MiB, or why not (as [`TranspositionTable::try_new`]).
    pub fn try_new(megabytes: usize) -> Result<Self, TableError> {
        let slot = std::mem::size_of::<Mutex<Option<Entry<A>>>>();
        let count = entry_count(megabytes, slot)?;
        if let Some(available) = available_memory().filter(|&a| count * slot > a) {
            return Err(TableError::NotAvailable {
                megabytes,
                available: available >> 20,
            });
        }
        let mut entries = Vec::new();
        entries
            .try_reserve_exact(count)
            .map_err(|_| TableError::AllocationFailed { megabytes })?;
        entries.extend((0..count).map(|_| Mutex::new(None)));
        Ok(SharedTable {
            entries,
            mask: count - 1,
        })
    }

    fn slot(&self, key: u64) -> std::sync::MutexGuard<'_, Option<Entry<A>>> {
        // A thread that panicked mid-store left a whole entry or none: still usable.
        self.entries[key as usize & self.mask]
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<A>> {
        self.slot(key).filter(|e| e.key == key)
    }

    /// Stores as [`TranspositionTable::store`] does.
    #[inline]
    pub fn store(&self, entry: Entry<A>) {
        let mut slot = self.slot(entry.key);
        let replace = match &*slot {
            Some(old) => old.key != entry.key || entry.depth >= old.depth,
            None => true,
        };
        if replace {
            *slot = Some(entry);
        }
    }

    /// Occupied entries per thousand, sampled over the first thousand.
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let used = (0..sample)
            .filter(|&i| self.slot(i as u64).is_some())
            .count();
        (used * 1000 / sample) as u32
    }

    /// Bytes held by the entries.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Mutex<Option<Entry<A>>>>()
    }
}

/// Entries of `slot` bytes in at most `megabytes` MiB: the largest power of two within the
/// budget (so indexing is a mask), at least one.
fn entry_count(megabytes: usize, slot: usize) -> Result<usize, TableError> {
    if megabytes > MAX_HASH_MB {
        return Err(TableError::AboveLimit { megabytes });
    }
    let budget = megabytes
        .checked_mul(1 << 20)
        .ok_or(TableError::AllocationFailed { megabytes })?
        / slot;
    Ok(if budget == 0 {
        1
    } else {
        1 << (usize::BITS - 1 - budget.leading_zeros())
    })
}

/// Bytes of memory the system can still hand out without swapping, when it says.
#[cfg(target_os = "linux")]
fn available_memory() -> Option<usize> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

#[cfg(not(target_os = "linux"))]
fn available_memory() -> Option<usize> {
    None
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
    fn refuses_sizes_above_the_limit_or_the_memory() {
        let err = TranspositionTable::<u8>::try_new(MAX_HASH_MB + 1)
            .err()
            .unwrap();
        assert_eq!(err, TableError::AboveLimit { megabytes: 65537 });
        assert_eq!(err.to_string(), "65537 MiB is above the limit of 65536 MiB");
        assert!(TranspositionTable::<u8>::try_new(usize::MAX).is_err());
        // No machine this runs on has 64 GiB to spare for a test; either check refuses it
        // (the allocation is never attempted when MemAvailable is smaller).
        if available_memory().is_some_and(|a| a < MAX_HASH_MB << 20) {
            let err = TranspositionTable::<u8>::try_new(MAX_HASH_MB)
                .err()
                .unwrap();
            assert!(matches!(err, TableError::NotAvailable { .. }), "{err}");
            assert!(err.to_string().contains("of memory available"), "{err}");
        }
    }

    #[test]
    #[should_panic(expected = "transposition table: 65537 MiB is above the limit")]
    fn new_panics_instead_of_aborting() {
        TranspositionTable::<u8>::new(MAX_HASH_MB + 1);
    }

    #[test]
    fn never_grows() {
        let mut table = TranspositionTable::<u8>::new(1);
        let (bytes, capacity) = (table.bytes(), table.entries.capacity());
        assert_eq!(capacity, table.entries.len(), "allocated exactly");
        for key in 0..200_000u64 {
            table.store(entry(
                key.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                (key % 7) as u16,
            ));
        }
        table.clear();
        assert_eq!(table.bytes(), bytes);
        assert_eq!(table.entries.capacity(), capacity);
    }

    #[test]
    fn a_shared_table_stays_within_its_size_and_keeps_the_same_rule() {
        let table = SharedTable::<u8>::try_new(1).unwrap();
        assert!(table.bytes() <= 1 << 20 && table.bytes() > 1 << 19);
        assert!(SharedTable::<u8>::try_new(MAX_HASH_MB + 1).is_err());
        std::thread::scope(|s| {
            for t in 0..2u64 {
                let table = &table;
                s.spawn(move || {
                    for key in (t..4000).step_by(2) {
                        table.store(entry(key, 1));
                    }
                });
            }
        });
        assert!((0..4000).all(|key| table.probe(key).is_some_and(|e| e.key == key)));
        table.store(entry(42, 0));
        assert_eq!(
            table.probe(42).unwrap().depth,
            1,
            "shallower does not replace"
        );
        table.store(entry(42 + table.entries.len() as u64, 0));
        assert!(table.probe(42).is_none(), "another position replaces");
        assert!(table.hashfull() > 0);
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
