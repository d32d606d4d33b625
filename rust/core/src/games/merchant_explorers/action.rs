//! Actions and chance outcomes (spec §12), their dense numbering and their text forms.
//!
//! Spaces are space indices of the state's map; routes name cities by their index in the
//! map's city list (ascending cell index); cards by their id in `cards.rs`.

use super::cards::{
    EXPLORE, EXPLORE_COUNT, INVESTIGATE, INVESTIGATE_COUNT, TREASURE, TREASURE_KINDS,
};
use super::cellset::MAX_SPACES;
use super::map::{Map, MAX_FEATURES};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// A card placement.
    Place(u16),
    Stop,
    /// Where the village of a completed region goes.
    Village(u16),
    /// A trade route between cities `low < high` (city indices); which one gets the post.
    Route {
        low: u8,
        high: u8,
        cover_high: bool,
    },
    /// A treasure placement, or declining it.
    Free(u16),
    FreeNone,
    /// Keep one offered investigate card.
    Keep(u8),
    /// I/II/III: perform the card kept for era card I, II or III (0..3).
    Repeat(u8),
    /// Chance: the explore card revealed.
    Reveal(u8),
    /// Chance: two investigate cards offered (ids, first < second).
    Offer(u8, u8),
    /// Chance: a treasure card of this kind drawn.
    Draw(u8),
}

const SPACES: u64 = MAX_SPACES as u64;
const CITIES: u64 = MAX_FEATURES as u64;
const PLACE: u64 = 0;
const STOP: u64 = PLACE + SPACES;
const VILLAGE: u64 = STOP + 1;
const ROUTE: u64 = VILLAGE + SPACES;
const FREE: u64 = ROUTE + CITIES * CITIES * 2;
const FREE_NONE: u64 = FREE + SPACES;
const KEEP: u64 = FREE_NONE + 1;
const REPEAT: u64 = KEEP + INVESTIGATE_COUNT as u64;
const REVEAL: u64 = REPEAT + 3;
const OFFER: u64 = REVEAL + EXPLORE_COUNT as u64;
const DRAW: u64 = OFFER + (INVESTIGATE_COUNT * INVESTIGATE_COUNT) as u64;
/// Every dense index is below this.
pub const ACTION_SPACE: u64 = DRAW + TREASURE_KINDS as u64;

impl Action {
    /// Dense index below [`ACTION_SPACE`]; also the action's id.
    pub fn index(self) -> u64 {
        match self {
            Action::Place(s) => PLACE + s as u64,
            Action::Stop => STOP,
            Action::Village(s) => VILLAGE + s as u64,
            Action::Route {
                low,
                high,
                cover_high,
            } => ROUTE + (low as u64 * CITIES + high as u64) * 2 + cover_high as u64,
            Action::Free(s) => FREE + s as u64,
            Action::FreeNone => FREE_NONE,
            Action::Keep(c) => KEEP + c as u64,
            Action::Repeat(k) => REPEAT + k as u64,
            Action::Reveal(c) => REVEAL + c as u64,
            Action::Offer(a, b) => OFFER + a as u64 * INVESTIGATE_COUNT as u64 + b as u64,
            Action::Draw(k) => DRAW + k as u64,
        }
    }

    pub fn from_index(i: u64) -> Option<Action> {
        let n = INVESTIGATE_COUNT as u64;
        Some(match i {
            _ if i < STOP => Action::Place(i as u16),
            STOP => Action::Stop,
            _ if i < ROUTE => Action::Village((i - VILLAGE) as u16),
            _ if i < FREE => {
                let r = i - ROUTE;
                let (pair, cover) = (r / 2, r % 2 == 1);
                let (low, high) = (pair / CITIES, pair % CITIES);
                if low >= high {
                    return None;
                }
                Action::Route {
                    low: low as u8,
                    high: high as u8,
                    cover_high: cover,
                }
            }
            _ if i < FREE_NONE => Action::Free((i - FREE) as u16),
            FREE_NONE => Action::FreeNone,
            _ if i < REPEAT => Action::Keep((i - KEEP) as u8),
            _ if i < REVEAL => Action::Repeat((i - REPEAT) as u8),
            _ if i < OFFER => Action::Reveal((i - REVEAL) as u8),
            _ if i < DRAW => {
                let (a, b) = ((i - OFFER) / n, (i - OFFER) % n);
                if a >= b {
                    return None;
                }
                Action::Offer(a as u8, b as u8)
            }
            _ if i < ACTION_SPACE => Action::Draw((i - DRAW) as u8),
            _ => return None,
        })
    }

    /// Whether this is a chance outcome.
    pub fn is_chance(self) -> bool {
        matches!(
            self,
            Action::Reveal(_) | Action::Offer(..) | Action::Draw(_)
        )
    }

    /// Text form on `map` (§12): `place c7r4`, `route c11r1-c7r3 cover c7r3`, `offer a b`.
    pub fn text(self, map: &Map) -> String {
        let cell = |s: u16| map.cell_name(s as usize);
        let city = |c: u8| map.cell_name(map.cities[c as usize] as usize);
        match self {
            Action::Place(s) => format!("place {}", cell(s)),
            Action::Stop => "stop".into(),
            Action::Village(s) => format!("village {}", cell(s)),
            Action::Route {
                low,
                high,
                cover_high,
            } => format!(
                "route {}-{} cover {}",
                city(low),
                city(high),
                city(if cover_high { high } else { low })
            ),
            Action::Free(s) => format!("free {}", cell(s)),
            Action::FreeNone => "free none".into(),
            Action::Keep(c) => format!("keep {}", INVESTIGATE[c as usize].name),
            Action::Repeat(k) => format!("repeat {}", ["I", "II", "III"][k as usize % 3]),
            Action::Reveal(c) => format!("reveal {}", EXPLORE[c as usize].name),
            Action::Offer(a, b) => format!(
                "offer {} {}",
                INVESTIGATE[a as usize].name, INVESTIGATE[b as usize].name
            ),
            Action::Draw(k) => format!("draw {}", TREASURE[k as usize].name),
        }
    }

    /// Reads any text form on `map` (legality is the caller's business).
    pub fn parse(text: &str, map: &Map) -> Result<Action, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let space = |t: &str| map.parse_cell(t).map(|s| s as u16);
        let city = |t: &str| -> Result<u8, String> {
            let s = map.parse_cell(t)?;
            map.cities
                .iter()
                .position(|&c| c as usize == s)
                .map(|i| i as u8)
                .ok_or_else(|| format!("{t} is not a city"))
        };
        let investigate = |t: &str| {
            super::cards::investigate_id(t)
                .map(|i| i as u8)
                .ok_or_else(|| format!("unknown investigate card '{t}'"))
        };
        match words[..] {
            ["place", c] => Ok(Action::Place(space(c)?)),
            ["stop"] => Ok(Action::Stop),
            ["village", c] => Ok(Action::Village(space(c)?)),
            ["free", "none"] => Ok(Action::FreeNone),
            ["free", c] => Ok(Action::Free(space(c)?)),
            ["route", pair, "cover", covered] => {
                let (a, b) = pair
                    .split_once('-')
                    .ok_or_else(|| format!("'{pair}': expected CITY-CITY"))?;
                let (a, b, c) = (city(a)?, city(b)?, city(covered)?);
                if a >= b {
                    return Err("route: name the cities in increasing cell order".into());
                }
                if c != a && c != b {
                    return Err("cover must be one of the two cities".into());
                }
                Ok(Action::Route {
                    low: a,
                    high: b,
                    cover_high: c == b,
                })
            }
            ["keep", c] => Ok(Action::Keep(investigate(c)?)),
            ["repeat", k] => match k {
                "I" => Ok(Action::Repeat(0)),
                "II" => Ok(Action::Repeat(1)),
                "III" => Ok(Action::Repeat(2)),
                _ => Err(format!("repeat '{k}': expected I, II or III")),
            },
            ["reveal", c] => super::cards::explore_id(c)
                .map(|i| Action::Reveal(i as u8))
                .ok_or_else(|| format!("unknown explore card '{c}'")),
            ["offer", a, b] => {
                let (a, b) = (investigate(a)?, investigate(b)?);
                if a >= b {
                    return Err("offer: name the cards in data-file order".into());
                }
                Ok(Action::Offer(a, b))
            }
            ["draw", k] => super::cards::treasure_kind_id(k)
                .map(|i| Action::Draw(i as u8))
                .ok_or_else(|| format!("unknown treasure card '{k}'")),
            _ => Err(format!("'{text}' is not a move")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_dense_index_reads_back_and_texts_parse() {
        let mut count = 0;
        for i in 0..ACTION_SPACE {
            if let Some(a) = Action::from_index(i) {
                assert_eq!(a.index(), i);
                count += 1;
            }
        }
        assert!(count > 1000);
        assert_eq!(Action::from_index(ACTION_SPACE), None);
        let map = super::super::map::bundled("avenia").unwrap();
        for text in [
            "place c7r4",
            "stop",
            "village c3r2",
            "route c11r1-c4r2 cover c4r2",
            "free c9r5",
            "free none",
            "keep sea-5",
            "repeat II",
            "reveal era-I/II/III",
            "offer region-4 sea-5",
            "draw jar",
        ] {
            let action = Action::parse(text, map).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(action.text(map), text);
        }
        assert!(Action::parse("offer sea-5 region-4", map).is_err());
        assert!(Action::parse("route c4r2-c11r1 cover c11r1", map).is_err());
        assert!(Action::parse("place c0r0", map).is_err());
    }
}
