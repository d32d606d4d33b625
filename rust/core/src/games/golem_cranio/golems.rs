//! One player's Golems on the board: how many stand or lie on each (district, section).
//! Golems are interchangeable (spec §5), so a count per place is the whole truth.
//!
//! Layout: one `u64` per district; the 3-bit field `2 × (section − 1) + lying` holds the
//! count (0–6 Golems per player, so 3 bits suffice); bits 60–63 stay zero.

use super::state::{DISTRICTS, SECTIONS};

/// A Golem's place: district 0–2 (r, y, b), section 1–10, standing or lying.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct GolemRef {
    pub district: u8,
    pub section: u8,
    pub lying: bool,
}

impl GolemRef {
    pub const fn new(district: u8, section: u8, lying: bool) -> GolemRef {
        GolemRef {
            district,
            section,
            lying,
        }
    }

    /// The text of spec §5: `r3`, `y10l`.
    pub fn text(self) -> String {
        format!(
            "{}{}{}",
            DISTRICT_LETTERS[self.district as usize] as char,
            self.section,
            if self.lying { "l" } else { "" }
        )
    }

    /// Parses `<d><s>[l]`.
    pub fn parse(text: &str) -> Option<GolemRef> {
        let mut chars = text.chars();
        let district = district_from_letter(chars.next()?)?;
        let rest = chars.as_str();
        let (digits, lying) = match rest.strip_suffix('l') {
            Some(d) => (d, true),
            None => (rest, false),
        };
        let section = parse_section(digits)?;
        Some(GolemRef::new(district, section, lying))
    }
}

pub const DISTRICT_LETTERS: [u8; DISTRICTS] = *b"ryb";

pub fn district_from_letter(c: char) -> Option<u8> {
    DISTRICT_LETTERS
        .iter()
        .position(|&l| l as char == c)
        .map(|i| i as u8)
}

/// A section number 1–10 written without sign or leading zero.
pub fn parse_section(digits: &str) -> Option<u8> {
    if digits.is_empty() || digits.starts_with('0') || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let s: u8 = digits.parse().ok()?;
    (1..=SECTIONS as u8).contains(&s).then_some(s)
}

#[inline]
const fn shift(section: u8, lying: bool) -> u32 {
    3 * (2 * (section as u32 - 1) + lying as u32)
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Golems(pub [u64; DISTRICTS]);

impl Golems {
    pub const EMPTY: Golems = Golems([0; DISTRICTS]);

    #[inline]
    pub fn count(&self, g: GolemRef) -> u8 {
        (self.0[g.district as usize] >> shift(g.section, g.lying) & 7) as u8
    }

    #[inline]
    pub fn add(&mut self, g: GolemRef) {
        debug_assert!(self.count(g) < 7);
        self.0[g.district as usize] += 1 << shift(g.section, g.lying);
    }

    #[inline]
    pub fn remove(&mut self, g: GolemRef) {
        debug_assert!(self.count(g) > 0);
        self.0[g.district as usize] -= 1 << shift(g.section, g.lying);
    }

    /// Golems in a district, standing and lying.
    pub fn in_district(&self, district: usize) -> u32 {
        (0..2 * SECTIONS as u32)
            .map(|f| (self.0[district] >> (3 * f) & 7) as u32)
            .sum()
    }

    pub fn total(&self) -> u32 {
        (0..DISTRICTS).map(|d| self.in_district(d)).sum()
    }

    /// Every occupied place with its count, districts r y b, sections ascending, standing
    /// before lying (the listing order of §9 and §15.5).
    pub fn places(&self) -> impl Iterator<Item = (GolemRef, u8)> + '_ {
        (0..DISTRICTS as u8).flat_map(move |d| {
            // The occupied 3-bit fields, lowest first (section ascending, standing first).
            let mut word = self.0[d as usize];
            std::iter::from_fn(move || {
                if word == 0 {
                    return None;
                }
                let field = word.trailing_zeros() / 3;
                let n = (word >> (3 * field) & 7) as u8;
                word &= !(7 << (3 * field));
                Some((GolemRef::new(d, field as u8 / 2 + 1, field % 2 == 1), n))
            })
        })
    }

    /// Every Golem, one entry per piece, in [`Golems::places`] order.
    pub fn pieces(&self) -> impl Iterator<Item = GolemRef> + '_ {
        self.places()
            .flat_map(|(g, n)| std::iter::repeat_n(g, n as usize))
    }

    /// Σ (10 − section) over the Golems: the forward steps they can still take.
    pub fn capacity(&self) -> u32 {
        self.pieces()
            .map(|g| SECTIONS as u32 - g.section as u32)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_place_and_listing_order() {
        let mut g = Golems::EMPTY;
        g.add(GolemRef::new(1, 10, true));
        g.add(GolemRef::new(0, 5, true));
        g.add(GolemRef::new(0, 5, false));
        g.add(GolemRef::new(0, 5, false));
        assert_eq!(g.count(GolemRef::new(0, 5, false)), 2);
        assert_eq!(g.total(), 4);
        let texts: Vec<String> = g.pieces().map(|p| p.text()).collect();
        assert_eq!(texts, ["r5", "r5", "r5l", "y10l"]);
        assert_eq!(g.capacity(), 15);
        g.remove(GolemRef::new(0, 5, false));
        assert_eq!(g.count(GolemRef::new(0, 5, false)), 1);
        assert_eq!(g.0[0] >> 60, 0);
    }

    #[test]
    fn golem_texts_parse_back() {
        for d in 0..3 {
            for s in 1..=10 {
                for l in [false, true] {
                    let g = GolemRef::new(d, s, l);
                    assert_eq!(GolemRef::parse(&g.text()), Some(g));
                }
            }
        }
        for bad in ["", "r", "r0", "r11", "x3", "r03", "r3L", "r+3", "rl"] {
            assert_eq!(GolemRef::parse(bad), None, "{bad}");
        }
    }
}
