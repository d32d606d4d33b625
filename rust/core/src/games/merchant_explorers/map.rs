//! Maps: the "GOME map text v1" parser (spec §15) and the geometry derived from it (§2).
//!
//! Spaces are numbered in cell-index order (cell = `r * cols + c`), so a space index orders
//! exactly like the cell index the spec's canonical orders use, and the 300 spaces of
//! Xawskil (on 364 cells) fit a [`CellSet`] of 5 words. Maps live for the whole process in
//! an interner (`&'static Map`), so a state stays `Copy` and names its map by reference.

use std::fmt;
use std::sync::{Mutex, OnceLock};

use super::cellset::{CellSet, MAX_SPACES};

/// No neighbour / no region / no feature.
pub const NONE: u16 = u16::MAX;
pub const NO_REGION: u8 = u8::MAX;
/// Limits that keep per-player token sets in one `u32` mask.
pub const MAX_FEATURES: usize = 32;
pub const MAX_TOWERS: usize = 4;
pub const MAX_LANDS: usize = 32;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Terrain {
    Mountain = 0,
    Desert = 1,
    Grassland = 2,
    Sea = 3,
    Special = 4,
}

impl Terrain {
    pub const LAND: [Terrain; 3] = [Terrain::Mountain, Terrain::Desert, Terrain::Grassland];

    pub fn is_land(self) -> bool {
        matches!(
            self,
            Terrain::Mountain | Terrain::Desert | Terrain::Grassland
        )
    }

    /// The `cards.json` name of the terrain (`grassland`).
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Mountain => "mountain",
            Terrain::Desert => "desert",
            Terrain::Grassland => "grassland",
            Terrain::Sea => "sea",
            Terrain::Special => "special",
        }
    }

    pub fn from_name(name: &str) -> Option<Terrain> {
        [
            Terrain::Mountain,
            Terrain::Desert,
            Terrain::Grassland,
            Terrain::Sea,
        ]
        .into_iter()
        .find(|t| t.name() == name)
    }
}

/// A ruin's printed label: a Kazan letter or a Cnidaria symbol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuinLabel {
    /// `A`..`J` as 0..9.
    Letter(u8),
    /// 0 = tri, 1 = cir, 2 = sq.
    Symbol(u8),
}

pub const SYMBOLS: [&str; 3] = ["tri", "cir", "sq"];

/// One space and its printed features.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Space {
    pub col: u8,
    pub row: u8,
    pub terrain: Terrain,
    pub coin: u8,
    pub city: u8,
    pub ruin: bool,
    pub label: Option<RuinLabel>,
    pub tower: bool,
    pub capital: bool,
    pub crystal: u8,
    pub ice: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    pub terrain: Terrain,
    pub spaces: CellSet,
    /// Land spaces without coin, city or ruin: where a village may stand.
    pub blanks: CellSet,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MapRules {
    pub crystals: bool,
    pub ice: bool,
    pub land_bonus: bool,
}

/// A parsed map and everything derived from it. Indices are space indices.
pub struct Map {
    /// Position in the interner (0..5 are the bundled maps).
    pub uid: u8,
    pub id: String,
    pub name: String,
    pub cols: u8,
    pub rows: u8,
    pub rules: MapRules,
    pub spaces: Vec<Space>,
    /// Cell index → space index, or [`NONE`].
    pub space_at: Vec<u16>,
    /// Neighbours in direction order N, NE, SE, S, SW, NW (opposite = (d + 3) % 6).
    pub neighbours: Vec<[u16; 6]>,
    pub adjacent: Vec<CellSet>,
    pub region_of: Vec<u8>,
    pub regions: Vec<Region>,
    pub land_of: Vec<u8>,
    pub lands: Vec<CellSet>,
    pub all: CellSet,
    /// X spaces except the capital.
    pub wild: CellSet,
    pub ice: CellSet,
    pub coins: CellSet,
    pub blanks: CellSet,
    pub border: CellSet,
    pub north_border: CellSet,
    pub by_terrain: [CellSet; 5],
    /// Feature lists, ascending; a space has at most one of ruin, tower, crystal, city.
    pub ruins: Vec<u16>,
    pub towers: Vec<u16>,
    pub crystals: Vec<u16>,
    pub cities: Vec<u16>,
    pub ruin_set: CellSet,
    pub tower_set: CellSet,
    pub crystal_set: CellSet,
    pub city_set: CellSet,
    /// Index of a space in its feature list (ruins, towers, crystals or cities).
    pub feature: Vec<u8>,
    pub capital: u16,
}

impl fmt::Debug for Map {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Map({})", self.id)
    }
}

/// A map file error: `map line N: message`, or `map FILE:N: message` once named.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapError {
    pub file: Option<String>,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for MapError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.file {
            Some(file) => write!(f, "map {file}:{}: {}", self.line, self.message),
            None => write!(f, "map line {}: {}", self.line, self.message),
        }
    }
}

fn error<T>(line: usize, message: impl Into<String>) -> Result<T, MapError> {
    Err(MapError {
        file: None,
        line,
        message: message.into(),
    })
}

const LAYOUT: &str = "flat-top-columns-even-down";

impl Map {
    pub fn cell_name(&self, space: usize) -> String {
        let s = &self.spaces[space];
        format!("c{}r{}", s.col, s.row)
    }

    /// The space at column `col`, row `row`, if there is one.
    pub fn space_index(&self, col: usize, row: usize) -> Option<usize> {
        if col >= self.cols as usize || row >= self.rows as usize {
            return None;
        }
        match self.space_at[row * self.cols as usize + col] {
            NONE => None,
            space => Some(space as usize),
        }
    }

    /// The space at a cell text (`c7r4`): `Err` says why not.
    pub fn parse_cell(&self, text: &str) -> Result<usize, String> {
        let (c, r) = parse_cell_text(text).ok_or_else(|| format!("\"{text}\" is not a cell"))?;
        if c >= self.cols as usize || r >= self.rows as usize {
            return Err(format!("\"{text}\" is off the map"));
        }
        match self.space_at[r * self.cols as usize + c] {
            NONE => Err(format!("\"{text}\" is not a space")),
            space => Ok(space as usize),
        }
    }

    /// The neighbour of `space` in direction `dir` (0..6), if it is a space.
    #[inline]
    pub fn step(&self, space: usize, dir: usize) -> Option<usize> {
        match self.neighbours[space][dir] {
            NONE => None,
            n => Some(n as usize),
        }
    }

    /// The direction from `a` to its neighbour `b`.
    pub fn direction(&self, a: usize, b: usize) -> Option<usize> {
        self.neighbours[a].iter().position(|&n| n as usize == b)
    }

    pub fn is_wild(&self, space: usize) -> bool {
        self.wild.contains(space)
    }

    /// Parses a map text; errors name the line.
    pub fn parse(text: &str) -> Result<Map, MapError> {
        Parser::default().run(text)
    }
}

/// `c7r4` → (7, 4).
pub fn parse_cell_text(text: &str) -> Option<(usize, usize)> {
    let rest = text.strip_prefix('c')?;
    let (c, r) = rest.split_once('r')?;
    let digits = |s: &str| !s.is_empty() && s.len() <= 3 && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(c) || !digits(r) {
        return None;
    }
    Some((c.parse().ok()?, r.parse().ok()?))
}

#[derive(Default)]
struct Parser {
    id: Option<String>,
    name: Option<String>,
    status: bool,
    special: bool,
    layout: bool,
    cols: Option<usize>,
    rows: Option<usize>,
    rules: Option<MapRules>,
    grid: Vec<(usize, Vec<Option<Space>>)>,
}

impl Parser {
    fn run(mut self, text: &str) -> Result<Map, MapError> {
        let mut in_grid = false;
        let mut ended = false;
        let mut last_line = 0;
        for (i, raw) in text.lines().enumerate() {
            let n = i + 1;
            last_line = n;
            let line = raw.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            if ended {
                return error(n, "only comments may follow 'end'");
            }
            if in_grid {
                if line == "end" {
                    ended = true;
                    let rows = self.rows.unwrap_or(0);
                    if self.grid.len() != rows {
                        return error(
                            n,
                            format!("grid has {} lines, expected {rows}", self.grid.len()),
                        );
                    }
                } else {
                    self.grid_line(n, line)?;
                }
                continue;
            }
            let Some((key, value)) = line.split_once(':') else {
                return error(n, format!("expected 'key: value', found '{line}'"));
            };
            let (key, value) = (key.trim(), value.trim());
            self.key(n, key, value)?;
            if key == "grid" {
                in_grid = true;
            }
        }
        if !ended {
            return error(last_line + 1, "missing 'end'");
        }
        self.finish(last_line)
    }

    fn key(&mut self, n: usize, key: &str, value: &str) -> Result<(), MapError> {
        let duplicate = |seen: bool| {
            if seen {
                error(n, format!("duplicate key '{key}'"))
            } else {
                Ok(())
            }
        };
        match key {
            "id" => {
                duplicate(self.id.is_some())?;
                let valid = !value.is_empty()
                    && value
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
                if !valid {
                    return error(
                        n,
                        format!("id '{value}': lowercase letters, digits and '-' only"),
                    );
                }
                self.id = Some(value.to_string());
            }
            "name" => {
                duplicate(self.name.is_some())?;
                self.name = Some(value.to_string());
            }
            "status" => {
                duplicate(self.status)?;
                self.status = true;
            }
            "special" => {
                duplicate(self.special)?;
                self.special = true;
            }
            "layout" => {
                duplicate(self.layout)?;
                if value != LAYOUT {
                    return error(
                        n,
                        format!("layout '{value}' is not supported (expected {LAYOUT})"),
                    );
                }
                self.layout = true;
            }
            "cols" | "rows" => {
                let slot = if key == "cols" {
                    &mut self.cols
                } else {
                    &mut self.rows
                };
                duplicate(slot.is_some())?;
                match value.parse::<usize>() {
                    Ok(v) if (1..=255).contains(&v) => *slot = Some(v),
                    _ => return error(n, format!("{key} '{value}': expected a positive integer")),
                }
            }
            "rules" => {
                duplicate(self.rules.is_some())?;
                let mut rules = MapRules::default();
                if value != "none" {
                    for word in value.split(',').map(str::trim) {
                        match word {
                            "crystals" => rules.crystals = true,
                            "ice" => rules.ice = true,
                            "land-bonus" => rules.land_bonus = true,
                            _ => return error(n, format!("unknown rules word '{word}'")),
                        }
                    }
                }
                self.rules = Some(rules);
            }
            "grid" => {
                if !value.is_empty() {
                    return error(n, "'grid:' takes no value");
                }
                for (name, missing) in [
                    ("id", self.id.is_none()),
                    ("name", self.name.is_none()),
                    ("layout", !self.layout),
                    ("cols", self.cols.is_none()),
                    ("rows", self.rows.is_none()),
                    ("rules", self.rules.is_none()),
                ] {
                    if missing {
                        return error(n, format!("missing key '{name}' before the grid"));
                    }
                }
            }
            _ => return error(n, format!("unknown key '{key}'")),
        }
        Ok(())
    }

    fn grid_line(&mut self, n: usize, line: &str) -> Result<(), MapError> {
        let (cols, rows) = (self.cols.unwrap_or(0), self.rows.unwrap_or(0));
        let row = self.grid.len();
        if row >= rows {
            return error(n, format!("more than {rows} grid lines"));
        }
        let tokens: Vec<&str> = line.split_whitespace().collect();
        if tokens.len() != cols {
            return error(n, format!("{} tokens, expected {cols}", tokens.len()));
        }
        let rules = self.rules.unwrap_or_default();
        let mut cells = Vec::with_capacity(cols);
        for (col, token) in tokens.iter().enumerate() {
            let space = parse_token(token, col, row, rules)
                .or_else(|message| error(n, format!("token '{token}': {message}")))?;
            cells.push(space);
        }
        self.grid.push((n, cells));
        Ok(())
    }

    fn finish(self, last_line: usize) -> Result<Map, MapError> {
        let cols = self.cols.unwrap_or(0);
        let mut spaces = Vec::new();
        let mut space_at = vec![NONE; cols * self.rows.unwrap_or(0)];
        let mut capital = None;
        let mut letters_seen = 0u16;
        let mut towers = 0;
        for (row, (n, cells)) in self.grid.iter().enumerate() {
            for (col, cell) in cells.iter().enumerate() {
                let Some(space) = cell else { continue };
                if spaces.len() == MAX_SPACES {
                    return error(*n, format!("more than {MAX_SPACES} spaces"));
                }
                if let Some(RuinLabel::Letter(l)) = space.label {
                    if letters_seen >> l & 1 == 1 {
                        return error(*n, format!("ruin letter {} used twice", (b'A' + l) as char));
                    }
                    letters_seen |= 1 << l;
                }
                if space.tower {
                    towers += 1;
                    if towers > MAX_TOWERS {
                        return error(*n, format!("more than {MAX_TOWERS} towers"));
                    }
                }
                if space.capital {
                    if capital.is_some() {
                        return error(*n, "more than one capital");
                    }
                    capital = Some(spaces.len() as u16);
                }
                space_at[row * cols + col] = spaces.len() as u16;
                spaces.push(*space);
            }
        }
        let Some(capital) = capital else {
            return error(last_line, "no capital (K)");
        };
        let count = |f: fn(&Space) -> bool| spaces.iter().filter(|s| f(s)).count();
        for (what, k) in [
            ("ruins", count(|s| s.ruin)),
            ("cities", count(|s| s.city > 0)),
            ("crystals", count(|s| s.crystal > 0)),
        ] {
            if k > MAX_FEATURES {
                return error(last_line, format!("more than {MAX_FEATURES} {what}"));
            }
        }
        let map = derive(
            self.id.unwrap_or_default(),
            self.name.unwrap_or_default(),
            cols,
            self.rows.unwrap_or(0),
            self.rules.unwrap_or_default(),
            spaces,
            space_at,
            capital,
        );
        if map.lands.len() > MAX_LANDS || map.regions.len() >= NO_REGION as usize {
            return error(last_line, "too many lands or regions");
        }
        Ok(map)
    }
}

/// One grid token: `None` for `.`.
fn parse_token(
    token: &str,
    col: usize,
    row: usize,
    rules: MapRules,
) -> Result<Option<Space>, String> {
    if token == "." {
        return Ok(None);
    }
    let bytes = token.as_bytes();
    let terrain = match bytes[0] {
        b'M' => Terrain::Mountain,
        b'D' => Terrain::Desert,
        b'G' => Terrain::Grassland,
        b'S' => Terrain::Sea,
        b'X' => Terrain::Special,
        _ => return Err("unknown terrain".into()),
    };
    let mut space = Space {
        col: col as u8,
        row: row as u8,
        terrain,
        coin: 0,
        city: 0,
        ruin: false,
        label: None,
        tower: false,
        capital: false,
        crystal: 0,
        ice: false,
    };
    let mut i = 1;
    let value = |i: &mut usize| -> Result<u8, String> {
        let start = *i;
        while *i < bytes.len() && bytes[*i].is_ascii_digit() {
            *i += 1;
        }
        match token[start..*i].parse::<u32>() {
            Ok(v) if (1..=99).contains(&v) => Ok(v as u8),
            _ => Err("value must be 1..99".into()),
        }
    };
    let mut specials = 0;
    while i < bytes.len() {
        let feature = bytes[i];
        i += 1;
        match feature {
            b'$' => space.coin = value(&mut i)?,
            b'C' => space.city = value(&mut i)?,
            b'*' => space.crystal = value(&mut i)?,
            b'R' => {
                if space.ruin {
                    return Err("two ruins".into());
                }
                space.ruin = true;
                if bytes.get(i) == Some(&b':') {
                    let start = i + 1;
                    let mut end = start;
                    while end < bytes.len() && bytes[end].is_ascii_alphabetic() {
                        end += 1;
                    }
                    let sym = &token[start..end];
                    i = end;
                    space.label = Some(match sym {
                        s if s.len() == 1 && (b'A'..=b'J').contains(&s.as_bytes()[0]) => {
                            RuinLabel::Letter(s.as_bytes()[0] - b'A')
                        }
                        s => match SYMBOLS.iter().position(|&x| x == s) {
                            Some(k) => RuinLabel::Symbol(k as u8),
                            None => return Err(format!("unknown ruin symbol '{s}'")),
                        },
                    });
                }
            }
            b'T' => space.tower = true,
            b'K' => space.capital = true,
            b'I' => space.ice = true,
            _ => return Err(format!("unknown feature '{}'", feature as char)),
        }
        if matches!(feature, b'T' | b'K' | b'*' | b'I') {
            specials += 1;
        }
    }
    let counted = [space.coin > 0, space.city > 0, space.ruin]
        .iter()
        .filter(|&&b| b)
        .count();
    if counted > 1 || token.matches('$').count() > 1 || token.matches('C').count() > 1 {
        return Err("more than one of $ C R".into());
    }
    if terrain != Terrain::Special {
        if specials > 0 {
            return Err("T, K, * and I need an X space".into());
        }
    } else {
        if specials != 1 {
            return Err("an X space needs exactly one of T K * I".into());
        }
        if (space.coin > 0 || space.ruin) && !space.ice {
            return Err("$ or R on an X space needs I".into());
        }
        if space.city > 0 {
            return Err("a city needs a land or sea space".into());
        }
    }
    if space.crystal > 0 && !rules.crystals {
        return Err("crystal without 'crystals' in rules".into());
    }
    if space.ice && !rules.ice {
        return Err("ice without 'ice' in rules".into());
    }
    Ok(Some(space))
}

/// Connected components of `members` (flood fill over `adjacent`).
fn components(
    members: &CellSet,
    adjacent: &[CellSet],
    same: impl Fn(usize, usize) -> bool,
) -> Vec<CellSet> {
    let mut left = *members;
    let mut out = Vec::new();
    while let Some(seed) = left.first() {
        let mut comp = CellSet::single(seed);
        let mut stack = vec![seed];
        left.remove(seed);
        while let Some(s) = stack.pop() {
            for n in adjacent[s].intersection(left).iter() {
                if same(s, n) {
                    left.remove(n);
                    comp.insert(n);
                    stack.push(n);
                }
            }
        }
        out.push(comp);
    }
    out
}

#[allow(clippy::too_many_arguments)]
fn derive(
    id: String,
    name: String,
    cols: usize,
    rows: usize,
    rules: MapRules,
    spaces: Vec<Space>,
    space_at: Vec<u16>,
    capital: u16,
) -> Map {
    let at = |c: isize, r: isize| -> u16 {
        if c < 0 || r < 0 || c >= cols as isize || r >= rows as isize {
            NONE
        } else {
            space_at[r as usize * cols + c as usize]
        }
    };
    let neighbours: Vec<[u16; 6]> = spaces
        .iter()
        .map(|s| {
            let (c, r) = (s.col as isize, s.row as isize);
            if c % 2 == 0 {
                [
                    at(c, r - 1),
                    at(c + 1, r),
                    at(c + 1, r + 1),
                    at(c, r + 1),
                    at(c - 1, r + 1),
                    at(c - 1, r),
                ]
            } else {
                [
                    at(c, r - 1),
                    at(c + 1, r - 1),
                    at(c + 1, r),
                    at(c, r + 1),
                    at(c - 1, r),
                    at(c - 1, r - 1),
                ]
            }
        })
        .collect();
    let adjacent: Vec<CellSet> = neighbours
        .iter()
        .map(|ns| {
            let mut set = CellSet::EMPTY;
            ns.iter()
                .filter(|&&n| n != NONE)
                .for_each(|&n| set.insert(n as usize));
            set
        })
        .collect();
    let set_of = |f: &dyn Fn(&Space) -> bool| {
        let mut set = CellSet::EMPTY;
        spaces
            .iter()
            .enumerate()
            .filter(|(_, s)| f(s))
            .for_each(|(i, _)| set.insert(i));
        set
    };
    let all = set_of(&|_| true);
    let by_terrain = [
        Terrain::Mountain,
        Terrain::Desert,
        Terrain::Grassland,
        Terrain::Sea,
        Terrain::Special,
    ]
    .map(|t| set_of(&|s| s.terrain == t));
    let wild = set_of(&|s| s.terrain == Terrain::Special && !s.capital);
    let blanks = set_of(&|s| s.terrain.is_land() && s.coin == 0 && s.city == 0 && !s.ruin);
    let land_spaces = set_of(&|s| s.terrain.is_land());
    let region_sets = components(&land_spaces, &adjacent, |a, b| {
        spaces[a].terrain == spaces[b].terrain
    });
    let mut region_of = vec![NO_REGION; spaces.len()];
    let regions: Vec<Region> = region_sets
        .into_iter()
        .enumerate()
        .map(|(i, set)| {
            set.iter().for_each(|s| region_of[s] = i.min(254) as u8);
            Region {
                terrain: spaces[set.first().unwrap_or(0)].terrain,
                spaces: set,
                blanks: set.intersection(blanks),
            }
        })
        .collect();
    let non_sea = all.minus(by_terrain[Terrain::Sea as usize]);
    let lands = components(&non_sea, &adjacent, |_, _| true);
    let mut land_of = vec![NO_REGION; spaces.len()];
    for (i, land) in lands.iter().enumerate() {
        land.iter().for_each(|s| land_of[s] = i.min(254) as u8);
    }
    let border = set_of(&|s| {
        let i = space_at[s.row as usize * cols + s.col as usize] as usize;
        adjacent[i].len() < 6
    });
    let north_border = set_of(&|s| at(s.col as isize, s.row as isize - 1) == NONE);
    let list = |f: fn(&Space) -> bool| -> Vec<u16> {
        spaces
            .iter()
            .enumerate()
            .filter(|(_, s)| f(s))
            .map(|(i, _)| i as u16)
            .collect()
    };
    let (ruins, towers, crystals, cities) = (
        list(|s| s.ruin),
        list(|s| s.tower),
        list(|s| s.crystal > 0),
        list(|s| s.city > 0),
    );
    let mut feature = vec![u8::MAX; spaces.len()];
    for features in [&ruins, &towers, &crystals, &cities] {
        for (k, &s) in features.iter().enumerate() {
            feature[s as usize] = k as u8;
        }
    }
    let to_set = |l: &[u16]| {
        let mut set = CellSet::EMPTY;
        l.iter().for_each(|&s| set.insert(s as usize));
        set
    };
    Map {
        uid: 0,
        id,
        name,
        cols: cols as u8,
        rows: rows as u8,
        rules,
        ice: set_of(&|s| s.ice),
        coins: set_of(&|s| s.coin > 0),
        ruin_set: to_set(&ruins),
        tower_set: to_set(&towers),
        crystal_set: to_set(&crystals),
        city_set: to_set(&cities),
        spaces,
        space_at,
        neighbours,
        adjacent,
        region_of,
        regions,
        land_of,
        lands,
        all,
        wild,
        blanks,
        border,
        north_border,
        by_terrain,
        ruins,
        towers,
        crystals,
        cities,
        feature,
        capital,
    }
}

// ---- the interner ------------------------------------------------------------------------

/// The ids of the bundled maps, in [`BUNDLED`]'s order (the `map` setup option's choices).
pub const BUNDLED_IDS: [&str; 6] = [
    "avenia",
    "aghon",
    "kazan",
    "cnidaria",
    "north-proylia",
    "xawskil",
];

/// The bundled maps, in this order: their interner ids are 0..6.
pub const BUNDLED: [(&str, &str); 6] = [
    (
        BUNDLED_IDS[0],
        include_str!("../../../data/merchant_explorers/map_avenia.txt"),
    ),
    (
        BUNDLED_IDS[1],
        include_str!("../../../data/merchant_explorers/map_aghon.txt"),
    ),
    (
        BUNDLED_IDS[2],
        include_str!("../../../data/merchant_explorers/map_kazan.txt"),
    ),
    (
        BUNDLED_IDS[3],
        include_str!("../../../data/merchant_explorers/map_cnidaria.txt"),
    ),
    (
        BUNDLED_IDS[4],
        include_str!("../../../data/merchant_explorers/map_north-proylia.txt"),
    ),
    (
        BUNDLED_IDS[5],
        include_str!("../../../data/merchant_explorers/map_xawskil.txt"),
    ),
];

/// A loaded map, the text it came from (to reuse a map read twice; `None` for a bundled
/// map, which is found by its id, never by its text) and the file it was read from, if
/// any (positions on it name that file).
type Entry = (&'static Map, Option<String>, Option<String>);

/// Every map loaded so far.
fn interner() -> &'static Mutex<Vec<Entry>> {
    static MAPS: OnceLock<Mutex<Vec<Entry>>> = OnceLock::new();
    MAPS.get_or_init(|| {
        let maps = BUNDLED
            .iter()
            .enumerate()
            .map(|(uid, (file, text))| {
                let mut map =
                    Map::parse(text).unwrap_or_else(|e| panic!("bundled map {file}: {e}"));
                map.uid = uid as u8;
                (&*Box::leak(Box::new(map)), None, None)
            })
            .collect();
        Mutex::new(maps)
    })
}

/// A bundled map by its id (`avenia`).
pub fn bundled(id: &str) -> Option<&'static Map> {
    let maps = interner().lock().unwrap_or_else(|e| e.into_inner());
    maps[..BUNDLED.len()]
        .iter()
        .map(|(m, _, _)| *m)
        .find(|m| m.id == id)
}

/// The map with interner id `uid`.
pub fn by_uid(uid: u8) -> Option<&'static Map> {
    let maps = interner().lock().unwrap_or_else(|e| e.into_inner());
    maps.get(uid as usize).map(|(m, _, _)| *m)
}

/// The file a map was loaded from (`None` for bundled maps and maps given as text).
pub fn source_path(map: &Map) -> Option<String> {
    let maps = interner().lock().unwrap_or_else(|e| e.into_inner());
    maps.get(map.uid as usize)
        .and_then(|(_, _, path)| path.clone())
}

/// The SHA-256 (hex) of the text a map was read from; `None` for a bundled map, which
/// its id names. A position on any other map records it, so that the file can be found
/// and checked wherever the position is read.
pub fn text_sha256(map: &Map) -> Option<String> {
    let maps = interner().lock().unwrap_or_else(|e| e.into_inner());
    maps.get(map.uid as usize)
        .and_then(|(_, text, _)| text.as_deref().map(sha256_hex))
}

/// The map loaded in this process whose text has SHA-256 `hex`.
pub fn by_sha256(hex: &str) -> Option<&'static Map> {
    let maps = interner().lock().unwrap_or_else(|e| e.into_inner());
    maps.iter()
        .find(|(_, text, _)| text.as_deref().is_some_and(|t| sha256_hex(t) == hex))
        .map(|(m, _, _)| *m)
}

fn sha256_hex(text: &str) -> String {
    use sha2::{Digest, Sha256};
    Sha256::digest(text.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Parses and interns a map text (the same text twice gives the same map). At most 256
/// maps per process.
pub fn intern(text: &str) -> Result<&'static Map, MapError> {
    let mut maps = interner().lock().unwrap_or_else(|e| e.into_inner());
    if let Some((map, _, _)) = maps.iter().find(|(_, t, _)| t.as_deref() == Some(text)) {
        return Ok(map);
    }
    let mut map = Map::parse(text)?;
    if maps.len() > u8::MAX as usize {
        return error(0, "too many maps loaded in this process");
    }
    map.uid = maps.len() as u8;
    let map: &'static Map = Box::leak(Box::new(map));
    maps.push((map, Some(text.to_string()), None));
    Ok(map)
}

/// Reads a map file; errors carry the file name (`map avenia.txt:7: ...`).
pub fn load(path: &std::path::Path) -> Result<&'static Map, MapError> {
    let file = path.file_name().map_or_else(
        || path.display().to_string(),
        |f| f.to_string_lossy().into_owned(),
    );
    let text = crate::util::files::read_text(path, crate::util::files::MAX_FILE_BYTES).map_err(
        |message| MapError {
            file: Some(file.clone()),
            line: 0,
            message,
        },
    )?;
    let map = intern(&text).map_err(|e| MapError {
        file: Some(file),
        ..e
    })?;
    // Remember where it came from, as an absolute path when the file system says one.
    let absolute = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let mut maps = interner().lock().unwrap_or_else(|e| e.into_inner());
    if let Some(entry) = maps.get_mut(map.uid as usize) {
        if entry.2.is_none() && map.uid as usize >= BUNDLED.len() {
            entry.2 = Some(absolute.to_string_lossy().into_owned());
        }
    }
    Ok(map)
}

#[cfg(test)]
#[path = "map_tests.rs"]
mod tests;
