//! Hash keys: splitmix64 over (feature index, value), computed on the fly so any value of
//! a counter (VP can go below 0, resources are unlimited) has its own key.

use super::golems::GolemRef;
use super::state::{CAULDRONS, DISTRICTS, MAX_PLAYERS, SECTIONS};

use crate::util::hash::splitmix;

/// A hashed feature of the state.
#[derive(Clone, Copy, Debug)]
pub enum Feature {
    /// Golems of a seat at one place (value: the count).
    Golems(usize, GolemRef),
    Student(usize, usize),
    Vp(usize),
    Res(usize, usize),
    Study(usize),
    GolemTrack(usize),
    /// Marbles taken by a seat (value: the packed counts).
    Taken(usize),
    Gold(usize, usize),
    Line(usize),
}

const GOLEM_FIELDS: usize = DISTRICTS * SECTIONS * 2;
const PER_SEAT: usize = GOLEM_FIELDS + DISTRICTS + 1 + 3 + 1 + 1 + 1 + CAULDRONS;

impl Feature {
    /// A dense index, distinct per feature.
    pub fn index(self) -> u64 {
        let (seat, local) = match self {
            Feature::Golems(seat, g) => (
                seat,
                (g.district as usize * SECTIONS + g.section as usize - 1) * 2 + g.lying as usize,
            ),
            Feature::Student(seat, d) => (seat, GOLEM_FIELDS + d),
            Feature::Vp(seat) => (seat, GOLEM_FIELDS + DISTRICTS),
            Feature::Res(seat, r) => (seat, GOLEM_FIELDS + DISTRICTS + 1 + r),
            Feature::Study(seat) => (seat, GOLEM_FIELDS + DISTRICTS + 4),
            Feature::GolemTrack(seat) => (seat, GOLEM_FIELDS + DISTRICTS + 5),
            Feature::Taken(seat) => (seat, GOLEM_FIELDS + DISTRICTS + 6),
            Feature::Gold(seat, c) => (seat, GOLEM_FIELDS + DISTRICTS + 7 + c),
            Feature::Line(line) => return (MAX_PLAYERS * PER_SEAT + line) as u64,
        };
        (seat * PER_SEAT + local) as u64
    }
}

/// The key of `feature` holding `value`.
#[inline]
pub fn key(feature: Feature, value: i64) -> u64 {
    splitmix(
        0x676F_6C65_6D5F_6372
            ^ feature.index().wrapping_mul(0x2545_F491_4F6C_DD1D)
            ^ (value as u64).rotate_left(40),
    )
}

pub use crate::util::hash::Mixer;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feature_indices_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for seat in 0..MAX_PLAYERS {
            for d in 0..DISTRICTS as u8 {
                for s in 1..=SECTIONS as u8 {
                    for l in [false, true] {
                        assert!(seen.insert(Feature::Golems(seat, GolemRef::new(d, s, l)).index()));
                    }
                }
                assert!(seen.insert(Feature::Student(seat, d as usize).index()));
            }
            for f in [
                Feature::Vp(seat),
                Feature::Study(seat),
                Feature::GolemTrack(seat),
                Feature::Taken(seat),
            ] {
                assert!(seen.insert(f.index()));
            }
            for r in 0..3 {
                assert!(seen.insert(Feature::Res(seat, r).index()));
            }
            for c in 0..CAULDRONS {
                assert!(seen.insert(Feature::Gold(seat, c).index()));
            }
        }
        for line in 0..5 {
            assert!(seen.insert(Feature::Line(line).index()));
        }
        assert_ne!(key(Feature::Vp(0), -1), key(Feature::Vp(0), 1));
    }
}
