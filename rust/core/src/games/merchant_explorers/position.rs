//! The position format (spec §14): what a [`Setup`]'s values mean, and the way back.
//!
//! A state is written at its seat's rest point (the seat about to resolve the current
//! card, or between reveals) plus `in_progress`, the actions since then; reading replays
//! them. Every chance outcome since the rest point is written, also those a known deck
//! order decided (a trailing one could not be told apart from a pending one otherwise);
//! on reading, a text may leave those out: they are replayed from the order. `map` is a
//! bundled id; a map read from a file is recorded by its id, the file's name and its
//! text's hash (`map_file`, `map_sha256`), found again by `resolve_map`.

use super::action::Action;
use super::cards::{
    self, era_deck, explore_id, investigate_id, treasure_first, treasure_kind, treasure_kind_id,
    EXPLORE, INVESTIGATE, OBJECTIVES, PLACE_EXPLORER, TREASURE, TWO_COINS,
};
use super::cellset::CellSet;
use super::map::{self, Map, NO_REGION};
use super::pile::Pile;
use super::setup::{PileSetup, PlayerSetup, RulesSetup, Setup};
use super::state::{
    pack_route, unpack_route, Decks, Options, Phase, Player, State, MAX_PLAYERS, NO_CARD,
};
use crate::game::{PositionError, ReadContext};
use crate::util::toml_fields::refuse;
use crate::util::BitIter;
use crate::{Game, Turn};
use std::path::{Path, PathBuf};

type R<T> = Result<T, PositionError>;

pub fn read_position(text: &str) -> R<State> {
    read_position_in(text, &ReadContext::default()).map(|(state, _)| state)
}

/// [`read_position`] with the reader's context (a map file given, the position's folder)
/// and the warnings reading gave.
pub fn read_position_in(text: &str, ctx: &ReadContext) -> R<(State, Vec<String>)> {
    let setup = Setup::parse(text)?;
    let (map, warnings) = resolve_map(&setup, ctx)?;
    Ok((from_setup_on(&setup, map)?, warnings))
}

pub fn write_position(state: &State) -> R<String> {
    Ok(to_setup(state)?.write())
}

pub(super) fn load_map(name: &str) -> R<&'static Map> {
    if let Some(map) = map::bundled(name) {
        return Ok(map);
    }
    if name.contains('/') || name.contains('\\') || name.ends_with(".txt") {
        return map::load(std::path::Path::new(name))
            .map_err(|e| PositionError::new("map", e.to_string()));
    }
    refuse("map", format!("unknown map \"{name}\""))
}

/// How a position names its map: a bundled map by its id alone; any other by its id, the
/// name of the file it was read from (no folder: the position may move to another
/// machine) and the SHA-256 of its text.
fn map_fields(map: &Map) -> (String, Option<String>, Option<String>) {
    let bundled = map::bundled(&map.id).is_some_and(|b| std::ptr::eq(b, map));
    if bundled {
        return (map.id.clone(), None, None);
    }
    let file = map::source_path(map).and_then(|path| {
        Path::new(&path)
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
    });
    (map.id.clone(), file, map::text_sha256(map))
}

/// The map a position is on, and the warnings finding it gave. A map file given to the
/// reader (`rules_file`/`rules_text`: `--map FILE`) comes first; then a bundled id or a
/// path (older positions); a map recorded by its hash is one already loaded, or its
/// `map_file` beside the position or in the working directory.
fn resolve_map(setup: &Setup, ctx: &ReadContext) -> R<(&'static Map, Vec<String>)> {
    let mut warnings = Vec::new();
    let given = match (&ctx.rules_text, &ctx.rules_file) {
        (Some(given), _) => Some((given.name.clone(), map::intern(&given.text))),
        (None, Some(path)) => Some((path.display().to_string(), map::load(path))),
        (None, None) => None,
    };
    if let Some((name, loaded)) = given {
        let map = loaded.map_err(|e| PositionError::new("map", e.to_string()))?;
        let names_a_path = setup.map.contains('/') || setup.map.contains('\\');
        if map.id != setup.map && !names_a_path {
            return refuse(
                "map",
                format!(
                    "the map file {name} is map \"{}\", the position is on \"{}\"",
                    map.id, setup.map
                ),
            );
        }
        check_hash(map, &name, setup, &mut warnings);
        return Ok((map, warnings));
    }
    let Some(sha) = &setup.map_sha256 else {
        return load_map(&setup.map).map(|map| (map, warnings));
    };
    if let Some(map) = map::by_sha256(sha) {
        return Ok((map, warnings));
    }
    let file = setup.map_file.as_deref().map(|f| {
        Path::new(f)
            .file_name()
            .map_or_else(|| f.to_string(), |n| n.to_string_lossy().into_owned())
    });
    if let Some(file) = &file {
        let beside = ctx.base_dir.as_ref().map(|dir| dir.join(file));
        for path in beside.into_iter().chain([PathBuf::from(file)]) {
            if path.is_file() {
                let map = map::load(&path).map_err(|e| PositionError::new("map", e.to_string()))?;
                check_hash(map, file, setup, &mut warnings);
                return Ok((map, warnings));
            }
        }
    }
    let short: String = sha.chars().take(12).collect();
    let looked = file.map_or_else(String::new, |f| format!("; {f} is not beside the position"));
    refuse(
        "map",
        format!(
            "map \"{}\" (sha256 {short}…) is not bundled{looked}; give its file \
             (--map FILE)",
            setup.map
        ),
    )
}

/// A map file whose text is not the one the position was written with may still fit it
/// (a corrected feature): read, with a warning.
fn check_hash(map: &Map, name: &str, setup: &Setup, warnings: &mut Vec<String>) {
    if let Some(want) = &setup.map_sha256 {
        if map::text_sha256(map).as_ref() != Some(want) {
            warnings.push(format!(
                "map file {name} differs from the map this position was written with"
            ));
        }
    }
}

/// The cells of a list, as a set and in list order.
fn cell_list(map: &Map, field: &str, items: &[String]) -> R<(CellSet, Vec<usize>)> {
    let mut set = CellSet::EMPTY;
    let mut order = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let f = format!("{field}[{i}]");
        let s = map.parse_cell(item).or_else(|m| refuse(&f, m))?;
        if set.contains(s) {
            return refuse(f, format!("\"{item}\" listed twice"));
        }
        set.insert(s);
        order.push(s);
    }
    Ok((set, order))
}

/// Cells that must be features of one kind: a mask over that feature list.
fn features(map: &Map, field: &str, items: &[String], set: &CellSet, kind: &str) -> R<u32> {
    let (_, spaces) = cell_list(map, field, items)?;
    let mut mask = 0;
    for (i, &s) in spaces.iter().enumerate() {
        if !set.contains(s) {
            return refuse(
                format!("{field}[{i}]"),
                format!("{} is not a {kind} space", map.cell_name(s)),
            );
        }
        mask |= 1 << map.feature[s];
    }
    Ok(mask)
}

fn names(ids: impl Iterator<Item = usize>, table: fn(usize) -> &'static str) -> Vec<String> {
    ids.map(|i| table(i).to_string()).collect()
}

fn cell_names(map: &Map, set: CellSet) -> Vec<String> {
    set.iter().map(|s| map.cell_name(s)).collect()
}

fn rules(map: &Map, players: usize, r: &RulesSetup) -> R<Options> {
    let mut o = Options::defaults(map, players);
    if let Some(v) = &r.crystal_scoring {
        o.crystal_cumulative = match v.as_str() {
            "cumulative" => true,
            "face" => false,
            _ => {
                return refuse(
                    "rules.crystal_scoring",
                    "expected \"cumulative\" or \"face\"",
                )
            }
        };
    }
    if let Some(v) = r.solo_decay {
        if v && players > 1 {
            return refuse("rules.solo_decay", "only for 1 player");
        }
        o.solo_decay = v;
    }
    if let Some(v) = r.ice {
        if v && map.ice.is_empty() {
            return refuse("rules.ice", "map has no ice spaces");
        }
        o.ice = v;
    }
    if let Some(v) = r.land_bonus {
        o.land_bonus = v;
    }
    if let Some(v) = r.shared_decks {
        o.shared_decks = v;
    }
    Ok(o)
}

/// Options differing from the defaults, as `[rules]`.
fn rules_setup(map: &Map, players: usize, o: &Options) -> RulesSetup {
    let d = Options::defaults(map, players);
    RulesSetup {
        crystal_scoring: (o.crystal_cumulative != d.crystal_cumulative).then(|| {
            if o.crystal_cumulative {
                "cumulative"
            } else {
                "face"
            }
            .to_string()
        }),
        solo_decay: (o.solo_decay != d.solo_decay).then_some(o.solo_decay),
        ice: (o.ice != d.ice).then_some(o.ice),
        land_bonus: (o.land_bonus != d.land_bonus).then_some(o.land_bonus),
        shared_decks: (o.shared_decks != d.shared_decks).then_some(o.shared_decks),
    }
}

/// Whether seat `seat` has resolved era card `k`'s first reveal (and so kept a card).
fn kept_expected(era: u8, played: &[u8], current: u8, to_move: usize, seat: usize, k: u8) -> bool {
    let card = EXPLORE.iter().position(|c| c.era_card == k).unwrap_or(0) as u8;
    k < era || (k == era && (played.contains(&card) || (current == card && seat < to_move)))
}

/// Lands a player must have reached: those of its explorers, villages and covered spaces.
fn lands_of_pieces(map: &Map, p: &Player) -> u32 {
    let mut pieces = p.explorers.union(p.villages);
    for (list, mask) in [
        (&map.ruins, p.ruins),
        (&map.towers, p.towers as u32),
        (&map.crystals, p.crystals),
        (&map.cities, p.posts),
    ] {
        for k in BitIter(mask as u64) {
            pieces.insert(list[k] as usize);
        }
    }
    pieces
        .iter()
        .filter(|&s| map.land_of[s] != NO_REGION)
        .fold(0, |m, s| m | 1 << map.land_of[s])
}

struct Reader<'a> {
    setup: &'a Setup,
    map: &'static Map,
    players: usize,
    era: u8,
}

impl Reader<'_> {
    fn player(&self, i: usize, ps: &PlayerSetup, state: &State, to_move: usize) -> R<Player> {
        let map = self.map;
        let path = format!("player[{i}]");
        let f = |key: &str| format!("{path}.{key}");
        let mut p = Player::default();
        if ps.coins < 0 {
            return refuse(f("coins"), "must be an integer ≥ 0");
        }
        // Far above any game's total, and far from u16 overflow in play.
        if ps.coins > 30_000 {
            return refuse(f("coins"), "must be at most 30000");
        }
        p.coins = ps.coins as u16;
        let (explorers, explorer_list) = cell_list(map, &f("explorers"), &ps.explorers)?;
        let (villages, village_list) = cell_list(map, &f("villages"), &ps.villages)?;
        p.explorers = explorers;
        p.villages = villages;
        if state.phase == Phase::Over && !p.explorers.is_empty() {
            return refuse(f("explorers"), "a finished game has no explorers");
        }
        for (k, &s) in explorer_list.iter().enumerate() {
            if s == map.capital as usize {
                return refuse(
                    format!("{}[{k}]", f("explorers")),
                    "explorer on the capital",
                );
            }
            if p.villages.contains(s) {
                return refuse(format!("{}[{k}]", f("explorers")), "explorer on a village");
            }
        }
        let mut regions_seen = 0u64;
        for (k, &s) in village_list.iter().enumerate() {
            if !map.blanks.contains(s) {
                return refuse(
                    format!("{}[{k}]", f("villages")),
                    format!("{} is not a blank space", map.cell_name(s)),
                );
            }
            let region = map.region_of[s] as u32;
            if regions_seen >> (region % 64) & 1 == 1 {
                return refuse(
                    f("villages"),
                    format!("two villages in the region of {}", map.cell_name(s)),
                );
            }
            regions_seen |= 1 << (region % 64);
        }
        p.ruins = features(map, &f("ruins"), &ps.ruins, &map.ruin_set, "ruin")?;
        p.towers = features(map, &f("towers"), &ps.towers, &map.tower_set, "tower")? as u8;
        p.crystals = features(
            map,
            &f("crystals"),
            &ps.crystals,
            &map.crystal_set,
            "crystal",
        )?;
        for (k, &s) in explorer_list.iter().enumerate() {
            let bit = 1u32 << map.feature[s].min(31);
            let uncovered = [
                (map.ruin_set.contains(s) && p.ruins & bit == 0, "ruin"),
                (
                    map.tower_set.contains(s) && p.towers as u32 & bit == 0,
                    "tower",
                ),
                (
                    map.crystal_set.contains(s) && p.crystals & bit == 0,
                    "crystal",
                ),
            ];
            if let Some((_, what)) = uncovered.iter().find(|(u, _)| *u) {
                return refuse(
                    format!("{}[{k}]", f("explorers")),
                    format!("{} is an uncovered {what}", map.cell_name(s)),
                );
            }
        }
        for (k, text) in ps.routes.iter().enumerate() {
            let field = format!("{}[{k}]", f("routes"));
            let parsed =
                Action::parse(&format!("route {text}"), map).or_else(|m| refuse(&field, m))?;
            let Action::Route {
                low,
                high,
                cover_high,
            } = parsed
            else {
                return refuse(field, "expected CITY-CITY cover CITY");
            };
            let covered = if cover_high { high } else { low };
            if p.posts >> covered & 1 == 1 {
                let name = map.cell_name(map.cities[covered as usize] as usize);
                return refuse(field, format!("{name} was covered by an earlier route"));
            }
            p.posts |= 1 << covered;
            p.routes[k.min(p.routes.len() - 1)] = pack_route(low, high, cover_high);
            p.route_count = (k + 1).min(p.routes.len()) as u8;
        }
        // Every group holds the capital or a village; no effect is left pending.
        let mut explored = p.explorers.union(p.villages);
        explored.insert(map.capital as usize);
        let mut probe = *state;
        probe.player[0] = p;
        probe.to_move = 0;
        for s in p.explorers.iter() {
            let group = probe.group_of(&explored, s);
            if !group.contains(map.capital as usize) && group.intersection(p.villages).is_empty() {
                return refuse(
                    f("explorers"),
                    format!(
                        "{} is not connected to the capital or a village",
                        map.cell_name(s)
                    ),
                );
            }
        }
        for region in &map.regions {
            if !region.blanks.is_empty() && region.spaces.is_subset(&p.explorers) {
                let s = region.spaces.first().unwrap_or(0);
                return refuse(
                    f("explorers"),
                    format!(
                        "region of {} is fully explored but has no village",
                        map.cell_name(s)
                    ),
                );
            }
        }
        for s in p.explorers.iter() {
            let cities = probe.uncovered_cities(0, &probe.group_of(&explored, s));
            if cities.len() >= 2 {
                return refuse(
                    f("explorers"),
                    format!(
                        "group of {} holds {} uncovered cities",
                        map.cell_name(s),
                        cities.len()
                    ),
                );
            }
        }
        // Kept investigate cards: one per era card whose first reveal the seat resolved.
        let played: Vec<u8> = self
            .setup
            .played
            .iter()
            .filter_map(|n| explore_id(n))
            .map(|c| c as u8)
            .collect();
        let expected = (1..=3u8)
            .filter(|&k| kept_expected(self.era, &played, state.current, to_move, i, k))
            .count();
        if ps.investigate.len() != expected {
            let card = ["era-I", "era-II", "era-III"][self.era.clamp(1, 3) as usize - 1];
            return refuse(
                f("investigate"),
                format!(
                    "expected {expected} card{} in era {} before this seat resolves {card}",
                    if expected == 1 { "" } else { "s" },
                    self.era
                ),
            );
        }
        for (k, name) in ps.investigate.iter().enumerate() {
            let id = investigate_id(name).map_or_else(
                || {
                    refuse(
                        format!("{}[{k}]", f("investigate")),
                        format!("unknown card \"{name}\""),
                    )
                },
                Ok,
            )?;
            p.kept[k] = id as u8;
        }
        for (k, name) in ps.treasure.iter().enumerate() {
            let field = format!("{}[{k}]", f("treasure"));
            let kind = treasure_kind_id(name)
                .map_or_else(|| refuse(&field, format!("unknown card \"{name}\"")), Ok)?;
            if kind == TWO_COINS || kind == PLACE_EXPLORER {
                return refuse(field, format!("\"{name}\" is never kept"));
            }
            p.hand[kind] = p.hand[kind].saturating_add(1);
        }
        for (k, name) in ps.objectives.iter().enumerate() {
            let slot = state
                .objectives
                .iter()
                .position(|&o| o != NO_CARD && OBJECTIVES[o as usize].name == name)
                .map_or_else(
                    || {
                        refuse(
                            format!("{}[{k}]", f("objectives")),
                            format!("\"{name}\" is not in play"),
                        )
                    },
                    Ok,
                )?;
            p.objectives |= 1 << slot;
        }
        let required = lands_of_pieces(map, &p);
        p.lands = match &ps.lands_reached {
            None => required,
            Some(items) => {
                let mut lands = 0u32;
                let mut first_cell = [0usize; 32];
                for (k, &s) in cell_list(map, &f("lands_reached"), items)?
                    .1
                    .iter()
                    .enumerate()
                {
                    let land = map.land_of[s];
                    let field = format!("{}[{k}]", f("lands_reached"));
                    if land == NO_REGION {
                        return refuse(field, format!("{} is in no land", map.cell_name(s)));
                    }
                    if lands >> land & 1 == 1 {
                        let other = map.cell_name(first_cell[land as usize % 32]);
                        return refuse(
                            field,
                            format!("{} is in the same land as {other}", map.cell_name(s)),
                        );
                    }
                    lands |= 1 << land;
                    first_cell[land as usize % 32] = s;
                }
                if let Some(missing) = BitIter((required & !lands) as u64).next() {
                    let s = map.lands[missing].first().unwrap_or(0);
                    return refuse(
                        f("lands_reached"),
                        format!("misses the land of {}", map.cell_name(s)),
                    );
                }
                lands
            }
        };
        if let Some(ice) = ps.ice_route {
            if ice && map.ice.is_empty() {
                return refuse(f("ice_route"), "map has no ice spaces");
            }
            p.ice_route = ice;
        }
        Ok(p)
    }
}

/// Reads a deck's discard and order: `players` are the seats drawing from it.
fn read_decks(
    field: (&str, &str),
    investigate: &PileSetup,
    treasure: &PileSetup,
    hands: &[Player],
) -> R<Decks> {
    let (inv_field, tre_field) = field;
    let mut taken = 0u64;
    let mut kept = 0;
    for p in hands {
        for &c in p.kept.iter().filter(|&&c| c != NO_CARD) {
            if taken >> c & 1 == 1 {
                return refuse(
                    inv_field,
                    format!("\"{}\" is kept twice", INVESTIGATE[c as usize].name),
                );
            }
            taken |= 1 << c;
            kept += 1;
        }
    }
    let mut discard = 0u32;
    for (k, name) in investigate.discard.iter().enumerate() {
        let f = format!("{inv_field}.discard[{k}]");
        let id = investigate_id(name)
            .map_or_else(|| refuse(&f, format!("unknown card \"{name}\"")), Ok)?;
        if taken >> id & 1 == 1 {
            return refuse(f, format!("\"{name}\" is in two places"));
        }
        taken |= 1 << id;
        discard |= 1 << id;
    }
    if investigate.discard.len() != kept {
        return refuse(
            format!("{inv_field}.discard"),
            format!("{} cards but {kept} kept", investigate.discard.len()),
        );
    }
    let unseen = ((1u64 << cards::INVESTIGATE_COUNT) - 1) & !taken;
    let investigate_pile = match &investigate.deck {
        None => Pile::hidden(unseen),
        Some(order) => {
            let mut ids = Vec::new();
            for name in order {
                match investigate_id(name) {
                    Some(id) => ids.push(id as u8),
                    None => {
                        return refuse(
                            format!("{inv_field}.deck"),
                            format!("unknown card \"{name}\""),
                        )
                    }
                }
            }
            let pile = Pile::known(&ids);
            if ids.len() != unseen.count_ones() as usize || pile.cards() != unseen {
                return refuse(
                    format!("{inv_field}.deck"),
                    "must list exactly the unseen cards",
                );
            }
            pile
        }
    };
    // Treasure: count each kind in hands, discard and deck.
    let mut counts = [0usize; cards::TREASURE_KINDS];
    for p in hands {
        for (kind, &n) in p.hand.iter().enumerate() {
            counts[kind] += n as usize;
        }
    }
    let mut discard_ids = 0u64;
    for (k, name) in treasure.discard.iter().enumerate() {
        let f = format!("{tre_field}.discard[{k}]");
        let kind = treasure_kind_id(name)
            .map_or_else(|| refuse(&f, format!("unknown card \"{name}\"")), Ok)?;
        if kind != TWO_COINS && kind != PLACE_EXPLORER {
            return refuse(f, format!("\"{name}\" is never discarded"));
        }
        discard_ids |= 1 << (treasure_first(kind) + counts[kind]).min(63);
        counts[kind] += 1;
    }
    for (kind, &n) in counts.iter().enumerate() {
        if n > TREASURE[kind].count as usize {
            return refuse(
                tre_field,
                format!(
                    "{n} {} cards but the game has {}",
                    TREASURE[kind].name, TREASURE[kind].count
                ),
            );
        }
    }
    // Unseen cards of a kind: the ids after those in hands and the discard pile.
    let mut unseen = 0u64;
    for (kind, &n) in counts.iter().enumerate() {
        for k in n..TREASURE[kind].count as usize {
            unseen |= 1 << (treasure_first(kind) + k);
        }
    }
    let treasure_pile = match &treasure.deck {
        None => Pile::hidden(unseen),
        Some(order) => {
            let mut next = counts;
            let mut ids = Vec::new();
            for name in order {
                let Some(kind) = treasure_kind_id(name) else {
                    return refuse(
                        format!("{tre_field}.deck"),
                        format!("unknown card \"{name}\""),
                    );
                };
                if next[kind] >= TREASURE[kind].count as usize {
                    return refuse(
                        format!("{tre_field}.deck"),
                        "must list exactly the unseen cards",
                    );
                }
                ids.push((treasure_first(kind) + next[kind]) as u8);
                next[kind] += 1;
            }
            let pile = Pile::known(&ids);
            if pile.cards() != unseen {
                return refuse(
                    format!("{tre_field}.deck"),
                    "must list exactly the unseen cards",
                );
            }
            pile
        }
    };
    Ok(Decks {
        investigate: investigate_pile,
        investigate_discard: discard,
        treasure: treasure_pile,
        treasure_discard: discard_ids,
    })
}

pub fn from_setup(setup: &Setup) -> R<State> {
    from_setup_on(setup, resolve_map(setup, &ReadContext::default())?.0)
}

fn from_setup_on(setup: &Setup, map: &'static Map) -> R<State> {
    if !(1..=MAX_PLAYERS as i64).contains(&setup.players) {
        return refuse("players", "must be 1..4");
    }
    let players = setup.players as usize;
    if setup.seats.len() != players {
        return refuse(
            "player",
            format!("{} tables for {players} players", setup.seats.len()),
        );
    }
    if !(1..=4).contains(&setup.era) {
        return refuse("era", "must be 1..4");
    }
    let era = setup.era as u8;
    let options = rules(map, players, &setup.rules)?;
    // Objectives in play.
    if setup.objectives.len() > 3 {
        return refuse("objectives", "more than 3");
    }
    let mut dealt = Vec::new();
    for (i, name) in setup.objectives.iter().enumerate() {
        let f = format!("objectives[{i}]");
        match cards::objective_id(name) {
            Some(o) if OBJECTIVES[o].map == map.id => {
                if dealt.contains(&o) {
                    return refuse(f, format!("\"{name}\" listed twice"));
                }
                dealt.push(o);
            }
            _ => return refuse(f, format!("\"{name}\" is not an objective of {}", map.id)),
        }
    }
    let mut state = State::start(map, players, options, &dealt);
    state.era = era;
    // The explore deck of this era.
    let deck = era_deck(era);
    let mut seen = 0u16;
    for (i, name) in setup.played.iter().enumerate() {
        let f = format!("explore.played[{i}]");
        let id = explore_id(name)
            .filter(|&c| deck >> c & 1 == 1)
            .map_or_else(
                || refuse(&f, format!("\"{name}\" is not in the era {era} deck")),
                Ok,
            )?;
        if seen >> id & 1 == 1 {
            return refuse(f, format!("\"{name}\" listed twice"));
        }
        seen |= 1 << id;
        state.played[i] = id as u8;
    }
    state.played_len = setup.played.len() as u8;
    if let Some(name) = &setup.current {
        let id = explore_id(name)
            .filter(|&c| deck >> c & 1 == 1)
            .map_or_else(
                || {
                    refuse(
                        "explore.current",
                        format!("\"{name}\" is not in the era {era} deck"),
                    )
                },
                Ok,
            )?;
        if seen >> id & 1 == 1 {
            return refuse(
                "explore.current",
                format!("\"{name}\" is both played and current"),
            );
        }
        seen |= 1 << id;
        state.current = id as u8;
    }
    let unrevealed = deck & !seen;
    state.explore = match &setup.explore_deck {
        None => Pile::hidden(unrevealed as u64),
        Some(order) => {
            let ids: Vec<u8> = order
                .iter()
                .filter_map(|n| explore_id(n))
                .map(|c| c as u8)
                .collect();
            let pile = Pile::known(&ids);
            if ids.len() != order.len()
                || ids.len() != unrevealed.count_ones() as usize
                || pile.cards() != unrevealed as u64
            {
                return refuse(
                    "explore.deck",
                    "must list exactly the unrevealed cards of this era",
                );
            }
            pile
        }
    };
    let finished = unrevealed == 0 && setup.current.is_none();
    if finished && era < 4 {
        return refuse(
            "explore",
            format!(
                "era {era} deck is exhausted; store the position as era {}",
                era + 1
            ),
        );
    }
    let to_move = match (setup.to_move, &setup.current) {
        (None, Some(_)) => return refuse("to_move", "required while explore.current is set"),
        (Some(_), None) => return refuse("to_move", "not allowed between reveals"),
        (Some(t), Some(_)) if !(0..players as i64).contains(&t) => {
            return refuse("to_move", format!("must be 0..{}", players - 1))
        }
        (Some(t), Some(_)) => t as usize,
        (None, None) => 0,
    };
    if setup.in_progress.is_some() && setup.to_move.is_none() {
        return refuse("in_progress", "only with to_move");
    }
    state.phase = if finished { Phase::Over } else { Phase::Reveal };
    let reader = Reader {
        setup,
        map,
        players,
        era,
    };
    for (i, ps) in setup.seats.iter().enumerate() {
        let p = reader.player(i, ps, &state, to_move)?;
        state.player[i] = p;
    }
    let _ = reader.players;
    // Decks: shared tables, or per-player keys.
    let empty = PileSetup::default();
    if options.shared_decks {
        if let Some(i) = setup
            .seats
            .iter()
            .position(|p| p.investigate_pile.is_some() || p.treasure_pile.is_some())
        {
            return refuse(
                format!("player[{i}]"),
                "own decks need rules.shared_decks = false",
            );
        }
        let decks = read_decks(
            ("investigate", "treasure"),
            setup.investigate.as_ref().unwrap_or(&empty),
            setup.treasure.as_ref().unwrap_or(&empty),
            &state.player[..players],
        )?;
        state.decks = [decks; MAX_PLAYERS];
    } else {
        if setup.investigate.is_some() {
            return refuse("investigate", "not used with rules.shared_decks = false");
        }
        if setup.treasure.is_some() {
            return refuse("treasure", "not used with rules.shared_decks = false");
        }
        for (i, ps) in setup.seats.iter().enumerate() {
            let decks = read_decks(
                (
                    &format!("player[{i}].investigate"),
                    &format!("player[{i}].treasure"),
                ),
                ps.investigate_pile.as_ref().unwrap_or(&empty),
                ps.treasure_pile.as_ref().unwrap_or(&empty),
                &state.player[i..i + 1],
            )
            .map_err(|e| {
                PositionError::new(
                    e.field
                        .replace(".investigate.", ".investigate_")
                        .replace(".treasure.", ".treasure_"),
                    e.message,
                )
            })?;
            state.decks[i] = decks;
        }
    }
    state.refresh_hash();
    if setup.current.is_some() {
        state.begin_seat(to_move);
        state.settle();
    }
    for (i, text) in setup.in_progress.iter().flatten().enumerate() {
        replay(&mut state, text)
            .or_else(|m| refuse(format!("in_progress[{i}]"), format!("\"{text}\": {m}")))?;
    }
    Ok(state)
}

/// Plays one `in_progress` text, first letting known deck orders decide chance events.
fn replay(state: &mut State, text: &str) -> Result<(), String> {
    loop {
        let action = Action::parse(text, state.map)?;
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        if legal.contains(&action) {
            state.apply(action);
            return Ok(());
        }
        if state.turn() == Turn::Chance && state.outcome_known() {
            if let Some(&only) = legal.first() {
                state.apply(only);
                continue;
            }
        }
        let what = match action {
            Action::Place(_) => "not a legal placement",
            _ => "not legal here",
        };
        return Err(what.to_string());
    }
}

fn player_setup(state: &State, p: &Player, seat: usize) -> PlayerSetup {
    let map = state.map;
    let feature_names = |list: &[u16], mask: u32| -> Vec<String> {
        BitIter(mask as u64)
            .map(|k| map.cell_name(list[k] as usize))
            .collect()
    };
    let routes = (0..p.route_count as usize)
        .map(|i| {
            let (low, high, cover) = unpack_route(p.routes[i]);
            let city = |c: usize| map.cell_name(map.cities[c] as usize);
            format!("{}-{} cover {}", city(low), city(high), city(cover))
        })
        .collect();
    let mut treasure = Vec::new();
    for (kind, &n) in p.hand.iter().enumerate() {
        treasure.extend((0..n).map(|_| TREASURE[kind].name.to_string()));
    }
    let default_lands = lands_of_pieces(map, p);
    let lands_reached = (p.lands != default_lands).then(|| {
        BitIter(p.lands as u64)
            .map(|l| map.cell_name(map.lands[l].first().unwrap_or(0)))
            .collect()
    });
    let own = |d: &Decks, investigate: bool| -> PileSetup { pile_setup(d, investigate) };
    let decks = &state.decks[seat];
    PlayerSetup {
        coins: p.coins as i64,
        explorers: cell_names(map, p.explorers),
        villages: cell_names(map, p.villages),
        routes,
        ruins: feature_names(&map.ruins, p.ruins),
        towers: feature_names(&map.towers, p.towers as u32),
        crystals: feature_names(&map.crystals, p.crystals),
        investigate: names(
            p.kept
                .iter()
                .filter(|&&c| c != NO_CARD)
                .map(|&c| c as usize),
            |c| INVESTIGATE[c].name,
        ),
        treasure,
        objectives: BitIter(p.objectives as u64)
            .filter(|&slot| state.objectives[slot] != NO_CARD)
            .map(|slot| OBJECTIVES[state.objectives[slot] as usize].name.to_string())
            .collect(),
        lands_reached,
        ice_route: p.ice_route.then_some(true),
        investigate_pile: (!state.options.shared_decks).then(|| own(decks, true)),
        treasure_pile: (!state.options.shared_decks).then(|| own(decks, false)),
    }
}

fn pile_setup(d: &Decks, investigate: bool) -> PileSetup {
    if investigate {
        PileSetup {
            discard: names(BitIter(d.investigate_discard as u64), |c| {
                INVESTIGATE[c].name
            }),
            deck: d.investigate.is_known().then(|| {
                d.investigate
                    .top_first()
                    .map(|c| INVESTIGATE[c as usize].name.to_string())
                    .collect()
            }),
        }
    } else {
        PileSetup {
            discard: names(BitIter(d.treasure_discard), |c| {
                TREASURE[treasure_kind(c)].name
            }),
            deck: d.treasure.is_known().then(|| {
                d.treasure
                    .top_first()
                    .map(|c| TREASURE[treasure_kind(c as usize)].name.to_string())
                    .collect()
            }),
        }
    }
}

/// The state's rest point and the texts played since (spec §14).
pub fn to_setup(state: &State) -> R<Setup> {
    let mut rest = *state;
    let mut in_progress = None;
    if !matches!(state.phase, Phase::Reveal | Phase::Over) {
        if state.log_full {
            return refuse(
                "in_progress",
                "too many actions since the rest point to write",
            );
        }
        let seat = state.to_move as usize;
        rest.player[seat] = state.rest_player;
        let slot = state.deck_slot(seat);
        rest.decks[slot] = state.rest_decks;
        in_progress = Some(
            state.log[..state.log_len as usize]
                .iter()
                .filter_map(|&entry| Action::from_index(entry as u64))
                .map(|a| a.text(state.map))
                .collect::<Vec<_>>(),
        );
    }
    let map = state.map;
    let players = state.players as usize;
    let between = matches!(state.phase, Phase::Reveal | Phase::Over);
    let shared = state.options.shared_decks;
    let (map_id, map_file, map_sha256) = map_fields(map);
    Ok(Setup {
        map: map_id,
        map_file,
        map_sha256,
        players: players as i64,
        era: state.era as i64,
        to_move: (!between).then_some(state.to_move as i64),
        in_progress: in_progress.filter(|l| !l.is_empty()),
        objectives: state
            .objectives()
            .map(|o| OBJECTIVES[o].name.to_string())
            .collect(),
        rules: rules_setup(map, players, &state.options),
        played: names(
            state.played[..state.played_len as usize]
                .iter()
                .map(|&c| c as usize),
            |c| EXPLORE[c].name,
        ),
        current: (state.current != NO_CARD)
            .then(|| EXPLORE[state.current as usize].name.to_string()),
        explore_deck: state.explore.is_known().then(|| {
            state
                .explore
                .top_first()
                .map(|c| EXPLORE[c as usize].name.to_string())
                .collect()
        }),
        investigate: shared.then(|| pile_setup(&rest.decks[0], true)),
        treasure: shared.then(|| pile_setup(&rest.decks[0], false)),
        seats: (0..players)
            .map(|i| player_setup(&rest, &rest.player[i], i))
            .collect(),
    })
}
