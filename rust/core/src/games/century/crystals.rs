//! A crystal vector `[y, g, b, p]` packed as four byte lanes of a `u32`.
//!
//! Adding and subtracting vectors is one integer operation as long as no lane leaves
//! 0..=255, which the rules guarantee (callers check `covers` before subtracting).

use std::fmt;

pub const COLOUR_LETTERS: [char; 4] = ['y', 'g', 'b', 'p'];
pub const YELLOW: usize = 0;
pub const GREEN: usize = 1;
pub const BLUE: usize = 2;
pub const PINK: usize = 3;

/// The caravan limit at the end of a turn.
pub const CARAVAN_LIMIT: u32 = 10;

/// The most crystals [`Crystals::parse`] reads in one string.
pub const PARSE_LIMIT: u32 = 127;

#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Crystals(u32);

const HIGH_BITS: u32 = 0x8080_8080;

impl Crystals {
    pub const EMPTY: Crystals = Crystals(0);

    pub const fn new(y: u8, g: u8, b: u8, p: u8) -> Self {
        Crystals(y as u32 | (g as u32) << 8 | (b as u32) << 16 | (p as u32) << 24)
    }

    /// One crystal of `colour`.
    pub const fn single(colour: usize) -> Self {
        Crystals(1 << (8 * colour))
    }

    pub const fn get(self, colour: usize) -> u32 {
        (self.0 >> (8 * colour)) & 0xff
    }

    pub fn lanes(self) -> [u32; 4] {
        [self.get(0), self.get(1), self.get(2), self.get(3)]
    }

    pub fn from_lanes(lanes: [u32; 4]) -> Option<Self> {
        if lanes.iter().any(|&n| n > 127) {
            return None;
        }
        Some(Crystals::new(
            lanes[0] as u8,
            lanes[1] as u8,
            lanes[2] as u8,
            lanes[3] as u8,
        ))
    }

    /// Number of crystals (lanes summed with one multiply; totals stay below 256).
    pub const fn total(self) -> u32 {
        self.0.wrapping_mul(0x0101_0101) >> 24
    }

    pub const fn non_yellow(self) -> u32 {
        Crystals(self.0 & !0xff).total()
    }

    /// Every lane of `self` is at least that of `other` (lanes below 128).
    pub const fn covers(self, other: Crystals) -> bool {
        ((self.0 | HIGH_BITS).wrapping_sub(other.0) & HIGH_BITS) == HIGH_BITS
    }

    pub const fn plus(self, other: Crystals) -> Self {
        Crystals(self.0 + other.0)
    }

    /// Lane-wise difference; requires `self.covers(other)`.
    pub const fn minus(self, other: Crystals) -> Self {
        Crystals(self.0 - other.0)
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Packs lanes of at most 15 into nibbles (a caravan between turns holds at most 10).
    pub const fn to_nibbles(self) -> u16 {
        let x = self.0;
        ((x & 0xf) | ((x >> 4) & 0xf0) | ((x >> 8) & 0xf00) | ((x >> 12) & 0xf000)) as u16
    }

    pub const fn from_nibbles(n: u16) -> Self {
        let x = n as u32;
        Crystals((x & 0xf) | ((x & 0xf0) << 4) | ((x & 0xf00) << 8) | ((x & 0xf000) << 12))
    }

    /// Parses a letter string such as `"yyg"` (any order) of at most [`PARSE_LIMIT`]
    /// crystals, so lanes stay below 128 and totals below 256 (what the packed arithmetic
    /// needs: 127 + 127 + 2 used to read as a total of 0).
    pub fn parse(text: &str) -> Result<Self, String> {
        let mut lanes = [0u32; 4];
        for (count, ch) in text.chars().enumerate() {
            if count == PARSE_LIMIT as usize {
                return Err(format!("more than {PARSE_LIMIT} crystals"));
            }
            match COLOUR_LETTERS.iter().position(|&c| c == ch) {
                Some(colour) => lanes[colour] += 1,
                None => {
                    return Err(format!(
                        "'{ch}' is not a crystal colour (use the letters y, g, b, p)"
                    ))
                }
            }
        }
        Ok(Crystals::from_lanes(lanes).expect("at most PARSE_LIMIT crystals"))
    }
}

/// Letters in colour order, e.g. `yygb`; empty for no crystals.
impl fmt::Display for Crystals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (colour, letter) in COLOUR_LETTERS.iter().enumerate() {
            for _ in 0..self.get(colour) {
                write!(f, "{letter}")?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Crystals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Crystals(\"{self}\")")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_and_comparison() {
        let a = Crystals::new(3, 1, 0, 2);
        let b = Crystals::new(1, 1, 0, 0);
        assert_eq!(a.total(), 6);
        assert_eq!(a.non_yellow(), 3);
        assert!(a.covers(b));
        assert!(!b.covers(a));
        assert_eq!(a.minus(b), Crystals::new(2, 0, 0, 2));
        assert_eq!(a.plus(b), Crystals::new(4, 2, 0, 2));
        assert!(Crystals::EMPTY.covers(Crystals::EMPTY));
        assert!(!Crystals::new(0, 0, 0, 0).covers(Crystals::single(PINK)));
    }

    #[test]
    fn nibbles_round_trip() {
        let a = Crystals::new(10, 0, 7, 15);
        assert_eq!(Crystals::from_nibbles(a.to_nibbles()), a);
    }

    #[test]
    fn text_round_trip() {
        let a = Crystals::parse("pgyy").unwrap();
        assert_eq!(a, Crystals::new(2, 1, 0, 1));
        assert_eq!(a.to_string(), "yygp");
        assert!(Crystals::parse("yx").unwrap_err().contains("'x'"));
        let most = "y".repeat(127);
        assert_eq!(Crystals::parse(&most).unwrap().total(), 127);
        // 127 + 127 + 2 would wrap the packed total to 0.
        let wraps = format!("{most}{}bb", "g".repeat(127));
        assert_eq!(
            Crystals::parse(&wraps).unwrap_err(),
            "more than 127 crystals"
        );
        assert!(Crystals::parse(&"p".repeat(1 << 20)).is_err());
    }
}
