//! Objective checks of `cards.json` (spec §16): each check name with the exact parameters
//! it takes. Shared by the build script (which turns objectives into `Check` constants)
//! and the engine's tests (which check that bad data is refused).

/// A parameter value as `cards.json` gives it.
#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    Int(i64),
    Str(String),
    List(Vec<String>),
}

/// How a parameter is read, and the Rust value it becomes.
#[derive(Clone, Copy)]
enum Kind {
    /// A count or value ≥ 0.
    Count,
    /// One land terrain name → its `Terrain` index.
    Terrain,
    /// Terrain names → bit mask over `Terrain` indices.
    Terrains,
    /// Ruin letters A–J → bit mask.
    Letters,
    /// Ruin symbols tri, cir, sq → bit mask.
    Symbols,
    /// A cell text `c16r2` → `(col, row)`.
    Cell,
}

/// A check's parameters: name and kind.
type Params = &'static [(&'static str, Kind)];

/// check name, `Check` variant, parameters.
const CHECKS: &[(&str, &str, Params)] = &[
    ("villages", "Villages", &[("n", Kind::Count)]),
    (
        "villages_distinct_lands",
        "VillagesDistinctLands",
        &[("n", Kind::Count)],
    ),
    (
        "villages_same_land",
        "VillagesSameLand",
        &[("n", Kind::Count)],
    ),
    (
        "villages_same_terrain",
        "VillagesSameTerrain",
        &[("n", Kind::Count)],
    ),
    (
        "villages_on_terrain",
        "VillagesOnTerrain",
        &[("n", Kind::Count), ("terrain", Kind::Terrain)],
    ),
    (
        "villages_terrains",
        "VillagesTerrains",
        &[("terrains", Kind::Terrains)],
    ),
    (
        "village_region_size_min",
        "VillageRegionSizeMin",
        &[("n", Kind::Count), ("size", Kind::Count)],
    ),
    (
        "villages_region_size_max",
        "VillagesRegionSizeMax",
        &[("n", Kind::Count), ("size", Kind::Count)],
    ),
    (
        "village_adjacent_own_tower",
        "VillageAdjacentOwnTower",
        &[("n", Kind::Count)],
    ),
    (
        "village_adjacent_ruin_space",
        "VillageAdjacentRuinSpace",
        &[("n", Kind::Count)],
    ),
    (
        "villages_adjacent_crystal_space",
        "VillagesAdjacentCrystalSpace",
        &[("n", Kind::Count)],
    ),
    (
        "villages_adjacent_ice",
        "VillagesAdjacentIce",
        &[("n", Kind::Count)],
    ),
    (
        "villages_adjacent_own_trading_post",
        "VillagesAdjacentOwnTradingPost",
        &[("n", Kind::Count)],
    ),
    (
        "village_north_border",
        "VillageNorthBorder",
        &[("n", Kind::Count)],
    ),
    ("towers", "Towers", &[("n", Kind::Count)]),
    (
        "tower_and_ruin",
        "TowerAndRuin",
        &[("tower", Kind::Cell), ("labels", Kind::Letters)],
    ),
    ("ruins", "Ruins", &[("n", Kind::Count)]),
    ("ruins_on_border", "RuinsOnBorder", &[("n", Kind::Count)]),
    (
        "ruins_labelled",
        "RuinsLabelled",
        &[("labels", Kind::Letters)],
    ),
    (
        "ruins_same_symbol",
        "RuinsSameSymbol",
        &[("n", Kind::Count)],
    ),
    (
        "ruins_each_symbol",
        "RuinsEachSymbol",
        &[("symbols", Kind::Symbols)],
    ),
    ("ruins_on_ice", "RuinsOnIce", &[("n", Kind::Count)]),
    (
        "ruins_adjacent_terrains",
        "RuinsAdjacentTerrains",
        &[("terrains", Kind::Terrains)],
    ),
    ("crystals", "Crystals", &[("n", Kind::Count)]),
    (
        "trading_posts_value_min",
        "TradingPostsValueMin",
        &[("n", Kind::Count), ("value", Kind::Count)],
    ),
    (
        "trading_posts_terrains",
        "TradingPostsTerrains",
        &[("terrains", Kind::Terrains)],
    ),
    (
        "route_value_min",
        "RouteValueMin",
        &[("value", Kind::Count)],
    ),
    ("route_via_ice", "RouteViaIce", &[]),
    (
        "chain_cities_ruins",
        "ChainCitiesRuins",
        &[("cities", Kind::Count), ("ruins", Kind::Count)],
    ),
    (
        "explorer_on_coin_min",
        "ExplorerOnCoinMin",
        &[("value", Kind::Count)],
    ),
    ("land_reached", "LandReached", &[("land_cell", Kind::Cell)]),
];

const TERRAINS: [&str; 4] = ["mountain", "desert", "grassland", "sea"];
const SYMBOLS: [&str; 3] = ["tri", "cir", "sq"];

fn mask(
    name: &str,
    items: &[String],
    index: impl Fn(&str) -> Option<usize>,
) -> Result<String, String> {
    let mut mask = 0u32;
    for item in items {
        let i = index(item).ok_or_else(|| format!("param '{name}': unknown '{item}'"))?;
        mask |= 1 << i;
    }
    Ok(mask.to_string())
}

fn value(name: &str, kind: Kind, param: &Param) -> Result<String, String> {
    let wrong = || Err(format!("param '{name}': wrong type"));
    match (kind, param) {
        (Kind::Count, Param::Int(n)) if (0..=255).contains(n) => Ok(n.to_string()),
        (Kind::Terrain, Param::Str(t)) => TERRAINS
            .iter()
            .position(|x| x == t)
            .map(|i| i.to_string())
            .ok_or_else(|| format!("param '{name}': unknown terrain '{t}'")),
        (Kind::Terrains, Param::List(ts)) => {
            mask(name, ts, |t| TERRAINS.iter().position(|x| *x == t))
        }
        (Kind::Letters, Param::List(ls)) => mask(name, ls, |l| {
            let b = l.as_bytes();
            (b.len() == 1 && (b'A'..=b'J').contains(&b[0])).then(|| (b[0] - b'A') as usize)
        }),
        (Kind::Symbols, Param::List(ss)) => {
            mask(name, ss, |s| SYMBOLS.iter().position(|x| *x == s))
        }
        (Kind::Cell, Param::Str(cell)) => {
            let parsed = cell
                .strip_prefix('c')
                .and_then(|rest| rest.split_once('r'))
                .and_then(|(c, r)| Some((c.parse::<u8>().ok()?, r.parse::<u8>().ok()?)));
            match parsed {
                Some((c, r)) => Ok(format!("({c}, {r})")),
                None => Err(format!("param '{name}': '{cell}' is not a cell")),
            }
        }
        _ => wrong(),
    }
}

/// The `Check` expression (Rust source) of a check with its parameters; an unknown check,
/// a missing or extra parameter or a bad value is an error.
pub fn check_expr(check: &str, params: &[(String, Param)]) -> Result<String, String> {
    let (_, variant, wanted) = CHECKS
        .iter()
        .find(|(name, _, _)| *name == check)
        .ok_or_else(|| format!("unknown check '{check}'"))?;
    if let Some((extra, _)) = params
        .iter()
        .find(|(k, _)| !wanted.iter().any(|(w, _)| w == k))
    {
        return Err(format!("check '{check}': unexpected param '{extra}'"));
    }
    let mut fields = Vec::new();
    for (name, kind) in wanted.iter() {
        let param = params
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, p)| p)
            .ok_or_else(|| format!("check '{check}': missing param '{name}'"))?;
        fields.push(format!("{name}: {}", value(name, *kind, param)?));
    }
    Ok(if fields.is_empty() {
        format!("Check::{variant}")
    } else {
        format!("Check::{variant} {{ {} }}", fields.join(", "))
    })
}
