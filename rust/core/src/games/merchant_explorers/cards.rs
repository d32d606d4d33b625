//! Card facts (spec §5–§9, §16), generated at build time from
//! `data/merchant_explorers/cards.json` by `build/merchant_explorers.rs`.
//!
//! Ids are positions in these tables (data-file order): explore cards 0..9, investigate
//! cards 0..28, treasure kinds 0..8; a physical treasure card has an id 0..40, its kind's
//! cards numbered consecutively in kind order.

/// Quota keys, in the order of [`Step::quota`].
pub const KEY_LAND: usize = 4;
pub const KEY_ANY: usize = 5;
/// A limit without bound (`null` in the data).
pub const UNLIMITED: u8 = 255;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Filter {
    None,
    City,
    Coin,
}

/// One step of a card pattern (§5.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    pub max: u8,
    /// Maxima for mountain, desert, grassland, sea, land, any; 0 = key absent.
    pub quota: [u8; 6],
    pub connected: bool,
    pub line: bool,
    pub path: bool,
    pub same_region: bool,
    pub adjacent_to_prev_step: bool,
    pub filter: Filter,
    pub line_from_prev: bool,
    pub no_ice: bool,
    /// two-villages-lines: number of runs (0 = not that card) and spaces per run.
    pub village_lines: u8,
    pub per_line: u8,
}

impl Step {
    /// Whether the skip rule (§12) applies: not to path steps nor village runs.
    pub fn skips(&self) -> bool {
        !self.path && self.village_lines == 0
    }
}

#[derive(Clone, Copy, Debug)]
pub struct ExploreCard {
    pub name: &'static str,
    /// 0 = basic card; 1..3 = era card I..III; 4 = I/II/III.
    pub era_card: u8,
    pub steps: &'static [Step],
}

#[derive(Clone, Copy, Debug)]
pub struct InvestigateCard {
    pub name: &'static str,
    pub steps: &'static [Step],
    pub coin_multiplier: u8,
    pub treasure_per_ruin: u8,
}

#[derive(Clone, Copy, Debug)]
pub struct TreasureKind {
    pub name: &'static str,
    pub count: u8,
}

/// An objective's condition (§8), parameters from the data. Masks: terrains by `Terrain`
/// index, letters A..J as bits 0..9, symbols tri/cir/sq as bits 0..2; cells as (col, row).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Check {
    Villages { n: u8 },
    VillagesDistinctLands { n: u8 },
    VillagesSameLand { n: u8 },
    VillagesSameTerrain { n: u8 },
    VillagesOnTerrain { n: u8, terrain: u8 },
    VillagesTerrains { terrains: u8 },
    VillageRegionSizeMin { n: u8, size: u8 },
    VillagesRegionSizeMax { n: u8, size: u8 },
    VillageAdjacentOwnTower { n: u8 },
    VillageAdjacentRuinSpace { n: u8 },
    VillagesAdjacentCrystalSpace { n: u8 },
    VillagesAdjacentIce { n: u8 },
    VillagesAdjacentOwnTradingPost { n: u8 },
    VillageNorthBorder { n: u8 },
    Towers { n: u8 },
    TowerAndRuin { tower: (u8, u8), labels: u16 },
    Ruins { n: u8 },
    RuinsOnBorder { n: u8 },
    RuinsLabelled { labels: u16 },
    RuinsSameSymbol { n: u8 },
    RuinsEachSymbol { symbols: u8 },
    RuinsOnIce { n: u8 },
    RuinsAdjacentTerrains { terrains: u8 },
    Crystals { n: u8 },
    TradingPostsValueMin { n: u8, value: u8 },
    TradingPostsTerrains { terrains: u8 },
    RouteValueMin { value: u8 },
    RouteViaIce,
    ChainCitiesRuins { cities: u8, ruins: u8 },
    ExplorerOnCoinMin { value: u8 },
    LandReached { land_cell: (u8, u8) },
}

#[derive(Clone, Copy, Debug)]
pub struct Objective {
    pub map: &'static str,
    pub name: &'static str,
    pub first: u8,
    pub second: u8,
    pub check: Check,
}

include!(concat!(env!("OUT_DIR"), "/merchant_explorers_cards.rs"));

pub const EXPLORE_COUNT: usize = EXPLORE.len();
pub const INVESTIGATE_COUNT: usize = INVESTIGATE.len();
pub const TREASURE_KINDS: usize = TREASURE.len();
/// Treasure kinds by effect (§7), by position in the data.
pub const TWO_COINS: usize = 0;
pub const PLACE_EXPLORER: usize = 1;
pub const JAR: usize = 2;
pub const DESERT_VILLAGES: usize = 3;
pub const GRASSLAND_VILLAGES: usize = 4;
pub const MOUNTAIN_VILLAGES: usize = 5;
pub const VILLAGES_PAIRS: usize = 6;
pub const TOWERS: usize = 7;

/// All treasure cards.
pub const TREASURE_CARDS: usize = {
    let mut total = 0;
    let mut i = 0;
    while i < TREASURE.len() {
        total += TREASURE[i].count as usize;
        i += 1;
    }
    total
};

/// The first card id of each kind (cards of a kind are consecutive).
pub const fn treasure_first(kind: usize) -> usize {
    let mut first = 0;
    let mut i = 0;
    while i < kind {
        first += TREASURE[i].count as usize;
        i += 1;
    }
    first
}

/// The kind of treasure card `card`.
pub fn treasure_kind(card: usize) -> usize {
    (0..TREASURE_KINDS)
        .find(|&k| card < treasure_first(k + 1))
        .unwrap_or(TREASURE_KINDS - 1)
}

/// The card ids of `kind` as a mask.
pub fn treasure_mask(kind: usize) -> u64 {
    let first = treasure_first(kind);
    ((1u64 << TREASURE[kind].count) - 1) << first
}

/// Explore cards in the era-`era` deck (§3), as a mask over explore ids.
pub fn era_deck(era: u8) -> u16 {
    let mut mask = 0;
    for (i, card) in EXPLORE.iter().enumerate() {
        let inside = match card.era_card {
            0 => true,
            4 => era == 4,
            e => e <= era,
        };
        if inside {
            mask |= 1 << i;
        }
    }
    mask
}

pub fn explore_id(name: &str) -> Option<usize> {
    EXPLORE.iter().position(|c| c.name == name)
}

pub fn investigate_id(name: &str) -> Option<usize> {
    INVESTIGATE.iter().position(|c| c.name == name)
}

pub fn treasure_kind_id(name: &str) -> Option<usize> {
    TREASURE.iter().position(|c| c.name == name)
}

pub fn objective_id(name: &str) -> Option<usize> {
    OBJECTIVES.iter().position(|o| o.name == name)
}

/// The objective ids of a map, in data order.
pub fn objectives_of(map_id: &str) -> impl Iterator<Item = usize> + '_ {
    (0..OBJECTIVES.len()).filter(move |&o| OBJECTIVES[o].map == map_id)
}

/// Land bonus for `lands` reached (§9).
pub fn land_bonus(lands: usize) -> u16 {
    LAND_BONUS[lands.min(13)]
}

/// Explore ids are below this in a performed-card code; investigate cards follow.
pub const INVESTIGATE_CODE: u8 = 32;

/// The steps of a performed card (explore id, or `INVESTIGATE_CODE` + investigate id).
pub fn card_steps(code: u8) -> &'static [Step] {
    match code {
        c if (c as usize) < EXPLORE_COUNT => EXPLORE[c as usize].steps,
        c if c >= INVESTIGATE_CODE && ((c - INVESTIGATE_CODE) as usize) < INVESTIGATE_COUNT => {
            INVESTIGATE[(c - INVESTIGATE_CODE) as usize].steps
        }
        _ => &[],
    }
}

#[cfg(test)]
#[path = "../../../build/merchant_explorers_checks.rs"]
mod data_checks;

#[cfg(test)]
mod tests {
    use super::data_checks::{check_expr, Param};
    use super::*;

    #[test]
    fn tables_match_the_spec_counts() {
        assert_eq!(EXPLORE_COUNT, 9);
        assert_eq!(INVESTIGATE_COUNT, 28);
        assert_eq!(TREASURE_CARDS, 40);
        assert_eq!(TREASURE[JAR].name, "jar");
        assert_eq!(TREASURE[TOWERS].name, "towers");
        assert_eq!(TREASURE[PLACE_EXPLORER].name, "place-explorer");
        assert_eq!(treasure_kind(treasure_first(JAR)), JAR);
        assert_eq!(treasure_mask(TWO_COINS), 0xff);
        assert_eq!(TOWER_COINS, [6, 8, 10, 14]);
        assert_eq!(
            (land_bonus(5), land_bonus(6), land_bonus(12), land_bonus(20)),
            (0, 3, 32, 40)
        );
        assert_eq!(era_deck(1).count_ones(), 6);
        assert_eq!(era_deck(4).count_ones(), 9);
        assert_eq!(SOLO_DECAY, [(2, 3), (3, 4), (4, 0)]);
        for map in [
            "avenia",
            "aghon",
            "kazan",
            "cnidaria",
            "north-proylia",
            "xawskil",
        ] {
            assert_eq!(objectives_of(map).count(), 6, "{map}");
        }
        let xawskil3 = OBJECTIVES[objective_id("xawskil-3").unwrap()];
        assert_eq!((xawskil3.first, xawskil3.second), (14, 7));
        assert_eq!(xawskil3.check, Check::Towers { n: 3 });
        let kazan2 = OBJECTIVES[objective_id("kazan-2").unwrap()].check;
        assert_eq!(
            kazan2,
            Check::TowerAndRuin {
                tower: (16, 2),
                labels: 1 << 2
            }
        );
        let sea3 = EXPLORE[explore_id("sea-3").unwrap()].steps[0];
        assert!(sea3.connected && sea3.line && sea3.quota[3] == 3);
        let line = INVESTIGATE[investigate_id("line-land-unlimited").unwrap()].steps[0];
        assert_eq!(
            (line.max, line.quota[KEY_LAND], line.no_ice),
            (UNLIMITED, UNLIMITED, true)
        );
        let coinx = INVESTIGATE[investigate_id("coinx3-grass-4").unwrap()];
        assert_eq!(coinx.coin_multiplier, 3);
    }

    #[test]
    fn bad_objective_data_is_refused() {
        let n = |v| ("n".to_string(), Param::Int(v));
        assert_eq!(
            check_expr("towers", &[n(2)]),
            Ok("Check::Towers { n: 2 }".into())
        );
        assert_eq!(
            check_expr("route_via_ice", &[]),
            Ok("Check::RouteViaIce".into())
        );
        assert_eq!(
            check_expr("tower", &[n(2)]),
            Err("unknown check 'tower'".into())
        );
        assert_eq!(
            check_expr("towers", &[]),
            Err("check 'towers': missing param 'n'".into())
        );
        assert_eq!(
            check_expr("towers", &[n(2), ("size".into(), Param::Int(3))]),
            Err("check 'towers': unexpected param 'size'".into())
        );
        assert_eq!(
            check_expr("towers", &[("n".into(), Param::Str("2".into()))]),
            Err("param 'n': wrong type".into())
        );
        let terrains = ("terrains".to_string(), Param::List(vec!["lava".into()]));
        assert_eq!(
            check_expr("villages_terrains", &[terrains]),
            Err("param 'terrains': unknown 'lava'".into())
        );
    }
}
