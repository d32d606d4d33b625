//! Objectives (spec §8) and final scoring (§9).

use super::cards::{
    Check, DESERT_VILLAGES, GRASSLAND_VILLAGES, JAR, MOUNTAIN_VILLAGES, OBJECTIVES, SOLO_DECAY,
    TOWERS, VILLAGES_PAIRS,
};
use super::cellset::CellSet;
use super::map::{RuinLabel, Terrain, NO_REGION};
use super::state::{State, NO_CARD};
use crate::util::BitIter;

impl State {
    /// Whether era card `k` (1..4) has had its first reveal, this reveal included.
    fn era_card_revealed(&self, k: u8) -> bool {
        let this_era = self.played[..self.played_len as usize]
            .iter()
            .chain(std::iter::once(&self.current))
            .any(|&c| c != NO_CARD && super::cards::EXPLORE[c as usize % 9].era_card == k);
        self.era > k || (self.era == k && this_era)
    }

    /// Solo decay has taken objective slot `slot` away: it pays nothing and can no
    /// longer be achieved (in the box the era token covers the card).
    pub fn out_of_play(&self, slot: usize) -> bool {
        let (_, nothing_from) = SOLO_DECAY[slot];
        self.options.solo_decay && nothing_from != 0 && self.era_card_revealed(nothing_from)
    }

    /// A solo game is won when every objective in play has been achieved (spec §9: the
    /// printed game deals three); the coins are its score.
    pub fn solo_won(&self) -> bool {
        (0..3)
            .filter(|&slot| self.objectives[slot] != NO_CARD)
            .all(|slot| self.player[0].objectives >> slot & 1 == 1)
    }

    /// What objective slot `slot` pays now: first (if unclaimed), second, or after solo
    /// decay less.
    pub(super) fn reward(&self, slot: usize, first_open: bool) -> u16 {
        let o = OBJECTIVES[self.objectives[slot] as usize];
        let (second_from, _) = SOLO_DECAY[slot];
        if self.options.solo_decay {
            if self.out_of_play(slot) {
                return 0;
            }
            if second_from != 0 && self.era_card_revealed(second_from) {
                return o.second as u16;
            }
        }
        if first_open {
            o.first as u16
        } else {
            o.second as u16
        }
    }

    /// The objective check after every reveal: every new achiever at one check is paid as
    /// first when nobody achieved it before.
    pub(super) fn check_objectives(&mut self) {
        for slot in 0..3 {
            let id = self.objectives[slot];
            if id == NO_CARD || self.out_of_play(slot) {
                continue;
            }
            let bit = 1u8 << slot;
            let players = self.players as usize;
            let first_open = self.player[..players]
                .iter()
                .all(|p| p.objectives & bit == 0);
            let reward = self.reward(slot, first_open);
            let check = OBJECTIVES[id as usize].check;
            for seat in 0..players {
                if self.player[seat].objectives & bit == 0 && self.meets(seat, check) {
                    self.player[seat].objectives |= bit;
                    self.player[seat].coins += reward;
                }
            }
        }
    }

    fn count_if(&self, set: CellSet, f: impl Fn(usize) -> bool) -> usize {
        set.iter().filter(|&s| f(s)).count()
    }

    fn covered(&self, list: &[u16], mask: u32) -> CellSet {
        let mut set = CellSet::EMPTY;
        for k in BitIter(mask as u64) {
            if let Some(&s) = list.get(k) {
                set.insert(s as usize);
            }
        }
        set
    }

    /// Whether `seat` meets `check` now.
    pub fn meets(&self, seat: usize, check: Check) -> bool {
        let map = self.map;
        let p = &self.player[seat];
        let villages = p.villages;
        let ruins = self.covered(&map.ruins, p.ruins);
        let towers = self.covered(&map.towers, p.towers as u32);
        let posts = self.covered(&map.cities, p.posts);
        let terrain = |s: usize| map.spaces[s].terrain as usize;
        let near = |s: usize, set: &CellSet| map.adjacent[s].intersects(set);
        let per = |set: CellSet, key: &dyn Fn(usize) -> usize| -> usize {
            let mut counts = [0usize; 64];
            set.iter().for_each(|s| counts[key(s) % 64] += 1);
            counts.into_iter().max().unwrap_or(0)
        };
        let terrains_of = |set: CellSet| -> u8 {
            set.iter()
                .filter(|&s| !map.wild.contains(s) && s != map.capital as usize)
                .fold(0, |m, s| m | 1 << terrain(s))
        };
        let labels = |f: fn(RuinLabel) -> Option<u8>| -> u16 {
            ruins
                .iter()
                .filter_map(|s| map.spaces[s].label.and_then(f))
                .fold(0, |m, l| m | 1 << l)
        };
        let letter = |l: RuinLabel| match l {
            RuinLabel::Letter(x) => Some(x),
            _ => None,
        };
        let symbol = |l: RuinLabel| match l {
            RuinLabel::Symbol(x) => Some(x),
            _ => None,
        };
        let region_size = |s: usize| match map.region_of[s] {
            NO_REGION => 0,
            r => map.regions[r as usize].spaces.len(),
        };
        let cell =
            |(c, r): (u8, u8)| -> Option<usize> { map.parse_cell(&format!("c{c}r{r}")).ok() };
        let n_ok = |count: usize, n: u8| count >= n as usize;
        match check {
            Check::Villages { n } => n_ok(villages.len(), n),
            Check::VillagesDistinctLands { n } => {
                let lands = villages
                    .iter()
                    .fold(0u64, |m, s| m | 1 << (map.land_of[s] % 64));
                n_ok(lands.count_ones() as usize, n)
            }
            Check::VillagesSameLand { n } => n_ok(per(villages, &|s| map.land_of[s] as usize), n),
            Check::VillagesSameTerrain { n } => n_ok(per(villages, &terrain), n),
            Check::VillagesOnTerrain { n, terrain: t } => {
                n_ok(self.count_if(villages, |s| terrain(s) == t as usize), n)
            }
            Check::VillagesTerrains { terrains } => terrains_of(villages) & terrains == terrains,
            Check::VillageRegionSizeMin { n, size } => n_ok(
                self.count_if(villages, |s| region_size(s) >= size as usize),
                n,
            ),
            Check::VillagesRegionSizeMax { n, size } => n_ok(
                self.count_if(villages, |s| region_size(s) <= size as usize),
                n,
            ),
            Check::VillageAdjacentOwnTower { n } => {
                n_ok(self.count_if(villages, |s| near(s, &towers)), n)
            }
            Check::VillageAdjacentRuinSpace { n } => {
                n_ok(self.count_if(villages, |s| near(s, &map.ruin_set)), n)
            }
            Check::VillagesAdjacentCrystalSpace { n } => {
                n_ok(self.count_if(villages, |s| near(s, &map.crystal_set)), n)
            }
            Check::VillagesAdjacentIce { n } => {
                n_ok(self.count_if(villages, |s| near(s, &map.ice)), n)
            }
            Check::VillagesAdjacentOwnTradingPost { n } => {
                n_ok(self.count_if(villages, |s| near(s, &posts)), n)
            }
            Check::VillageNorthBorder { n } => {
                n_ok(villages.intersection(map.north_border).len(), n)
            }
            Check::Towers { n } => n_ok(towers.len(), n),
            Check::TowerAndRuin {
                tower,
                labels: want,
            } => cell(tower).is_some_and(|t| towers.contains(t)) && labels(letter) & want == want,
            Check::Ruins { n } => n_ok(ruins.len(), n),
            Check::RuinsOnBorder { n } => n_ok(ruins.intersection(map.border).len(), n),
            Check::RuinsLabelled { labels: want } => labels(letter) & want == want,
            Check::RuinsSameSymbol { n } => n_ok(
                per(ruins.intersection(self.symbol_ruins()), &|s| {
                    map.spaces[s].label.and_then(symbol).unwrap_or(0) as usize
                }),
                n,
            ),
            Check::RuinsEachSymbol { symbols } => labels(symbol) & symbols as u16 == symbols as u16,
            Check::RuinsOnIce { n } => n_ok(ruins.intersection(map.ice).len(), n),
            Check::RuinsAdjacentTerrains { terrains } => {
                let mut around = CellSet::EMPTY;
                ruins
                    .iter()
                    .for_each(|s| around = around.union(map.adjacent[s]));
                terrains_of(around) & terrains == terrains
            }
            Check::Crystals { n } => n_ok(p.crystals.count_ones() as usize, n),
            Check::TradingPostsValueMin { n, value } => {
                n_ok(self.count_if(posts, |s| map.spaces[s].city >= value), n)
            }
            Check::TradingPostsTerrains { terrains } => terrains_of(posts) & terrains == terrains,
            Check::RouteValueMin { value } => (0..p.route_count as usize).any(|i| {
                let (a, b, _) = super::state::unpack_route(p.routes[i]);
                let v =
                    |c: usize| map.spaces[map.cities[c % map.cities.len()] as usize].city as u16;
                v(a) * v(b) >= value as u16
            }),
            Check::RouteViaIce => p.ice_route,
            Check::ChainCitiesRuins {
                cities,
                ruins: want,
            } => {
                let explored = self.seat_explored(seat);
                let mut left = explored;
                while let Some(seed) = left.first() {
                    let group = self.group_of(&explored, seed);
                    left = left.minus(group);
                    if group.intersection(map.city_set).len() >= cities as usize
                        && group.intersection(map.ruin_set).len() >= want as usize
                    {
                        return true;
                    }
                }
                false
            }
            Check::ExplorerOnCoinMin { value } => p
                .explorers
                .intersection(map.coins)
                .iter()
                .any(|s| map.spaces[s].coin >= value),
            Check::LandReached { land_cell } => cell(land_cell)
                .is_some_and(|s| map.land_of[s] != NO_REGION && p.lands >> map.land_of[s] & 1 == 1),
        }
    }

    fn symbol_ruins(&self) -> CellSet {
        let map = self.map;
        let mut set = CellSet::EMPTY;
        for &s in &map.ruins {
            if matches!(map.spaces[s as usize].label, Some(RuinLabel::Symbol(_))) {
                set.insert(s as usize);
            }
        }
        set
    }

    /// End-game coins (§7, §9): treasure cards in hand and the land bonus.
    pub fn end_bonus(&self, seat: usize) -> i32 {
        let map = self.map;
        let p = &self.player[seat];
        let on = |t: Terrain| p.villages.intersection(map.by_terrain[t as usize]).len() as i32;
        let jars = p.hand[JAR] as i32;
        let mut bonus = 16 * (jars / 4) + (jars % 4) * (jars % 4);
        bonus += p.hand[DESERT_VILLAGES] as i32 * on(Terrain::Desert);
        bonus += p.hand[GRASSLAND_VILLAGES] as i32 * on(Terrain::Grassland);
        bonus += p.hand[MOUNTAIN_VILLAGES] as i32 * on(Terrain::Mountain);
        bonus += p.hand[VILLAGES_PAIRS] as i32 * (p.villages.len() as i32 / 2);
        bonus += p.hand[TOWERS] as i32 * p.towers.count_ones() as i32;
        if self.options.land_bonus {
            bonus += super::cards::land_bonus(p.lands.count_ones() as usize) as i32;
        }
        bonus
    }
}
