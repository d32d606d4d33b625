//! Raw position data, as the TOML file says it (spec §14): plain values that may be
//! nonsense. [`Setup::parse`] checks only the file's shape (known keys, types); what the
//! values mean is checked by `position.rs`. Writing goes state → [`Setup`] → TOML, so the
//! file format lives in this one module.

use std::fmt::Write as _;

use toml::{Table, Value};

use super::GAME_NAME;
use crate::game::PositionError;
use crate::util::toml_fields::{refuse, syntax_error, Fields};

/// `[rules]`, each option as given (or absent).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RulesSetup {
    pub crystal_scoring: Option<String>,
    pub solo_decay: Option<bool>,
    pub ice: Option<bool>,
    pub land_bonus: Option<bool>,
    pub shared_decks: Option<bool>,
}

/// A discard pile and an optional deck order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PileSetup {
    pub discard: Vec<String>,
    pub deck: Option<Vec<String>>,
}

/// One `[[player]]` table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerSetup {
    pub coins: i64,
    pub explorers: Vec<String>,
    pub villages: Vec<String>,
    pub routes: Vec<String>,
    pub ruins: Vec<String>,
    pub towers: Vec<String>,
    pub crystals: Vec<String>,
    pub investigate: Vec<String>,
    pub treasure: Vec<String>,
    pub objectives: Vec<String>,
    pub lands_reached: Option<Vec<String>>,
    pub ice_route: Option<bool>,
    /// Own decks (`shared_decks = false`); `None` when the keys are absent.
    pub investigate_pile: Option<PileSetup>,
    pub treasure_pile: Option<PileSetup>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    pub map: String,
    /// For a map that is not bundled: the name of the file it was read from (looked for
    /// beside the position) and the SHA-256 of its text (which must match).
    pub map_file: Option<String>,
    pub map_sha256: Option<String>,
    pub players: i64,
    pub era: i64,
    pub to_move: Option<i64>,
    pub in_progress: Option<Vec<String>>,
    pub objectives: Vec<String>,
    pub rules: RulesSetup,
    pub played: Vec<String>,
    pub current: Option<String>,
    pub explore_deck: Option<Vec<String>>,
    pub investigate: Option<PileSetup>,
    pub treasure: Option<PileSetup>,
    pub seats: Vec<PlayerSetup>,
}

const ROOT_KEYS: &[&str] = &[
    "game",
    "map",
    "map_file",
    "map_sha256",
    "players",
    "era",
    "to_move",
    "in_progress",
    "objectives",
    "rules",
    "explore",
    "investigate",
    "treasure",
    "player",
];
const RULE_KEYS: &[&str] = &[
    "crystal_scoring",
    "solo_decay",
    "ice",
    "land_bonus",
    "shared_decks",
];
const EXPLORE_KEYS: &[&str] = &["played", "current", "deck"];
const PILE_KEYS: &[&str] = &["discard", "deck"];
const PLAYER_KEYS: &[&str] = &[
    "coins",
    "explorers",
    "villages",
    "routes",
    "ruins",
    "towers",
    "crystals",
    "investigate",
    "treasure",
    "objectives",
    "lands_reached",
    "ice_route",
    "investigate_discard",
    "investigate_deck",
    "treasure_discard",
    "treasure_deck",
];

/// The table at `path` with only `allowed` keys (`player[0].vilages: unknown key`).
fn fields<'a>(path: &str, table: &'a Table, allowed: &[&str]) -> Result<Fields<'a>, PositionError> {
    if let Some(key) = table.keys().find(|k| !allowed.contains(&k.as_str())) {
        let name = if path.is_empty() {
            key.clone()
        } else {
            format!("{path}.{key}")
        };
        return refuse(name, "unknown key");
    }
    Fields::new(path, table, allowed)
}

fn sub_table<'a>(
    parent: &Fields<'a>,
    key: &str,
    allowed: &[&str],
) -> Result<Option<Fields<'a>>, PositionError> {
    match parent.optional(key) {
        None => Ok(None),
        Some(Value::Table(t)) => fields(&parent.name(key), t, allowed).map(Some),
        Some(other) => refuse(
            parent.name(key),
            format!("expected a table, found {}", other.type_str()),
        ),
    }
}

fn boolean(f: &Fields, key: &str) -> Result<Option<bool>, PositionError> {
    match f.optional(key) {
        None => Ok(None),
        Some(Value::Boolean(b)) => Ok(Some(*b)),
        Some(other) => refuse(
            f.name(key),
            format!("expected a boolean, found {}", other.type_str()),
        ),
    }
}

fn optional_integer(f: &Fields, key: &str) -> Result<Option<i64>, PositionError> {
    f.optional(key).map(|_| f.integer(key)).transpose()
}

fn optional_string(f: &Fields, key: &str) -> Result<Option<String>, PositionError> {
    f.optional(key)
        .map(|_| f.string(key).map(str::to_string))
        .transpose()
}

fn list(f: &Fields, key: &str) -> Result<Vec<String>, PositionError> {
    Ok(f.optional_strings(key)?.unwrap_or_default())
}

fn pile(f: &Fields) -> Result<PileSetup, PositionError> {
    Ok(PileSetup {
        discard: list(f, "discard")?,
        deck: f.optional_strings("deck")?,
    })
}

impl Setup {
    /// Reads the file's shape: every refusal names the field.
    pub fn parse(text: &str) -> Result<Setup, PositionError> {
        let root: Table = text
            .parse()
            .or_else(|e: toml::de::Error| refuse("toml", syntax_error(text, &e)))?;
        let root = fields("", &root, ROOT_KEYS)?;
        let game = root.string("game")?;
        if game != GAME_NAME {
            return refuse("game", format!("expected \"{GAME_NAME}\""));
        }
        let mut setup = Setup {
            map: root.string("map")?.to_string(),
            map_file: optional_string(&root, "map_file")?,
            map_sha256: optional_string(&root, "map_sha256")?,
            players: root.integer("players")?,
            era: root.integer("era")?,
            to_move: optional_integer(&root, "to_move")?,
            in_progress: root.optional_strings("in_progress")?,
            objectives: root.strings("objectives")?,
            ..Setup::default()
        };
        if let Some(rules) = sub_table(&root, "rules", RULE_KEYS)? {
            setup.rules = RulesSetup {
                crystal_scoring: rules
                    .optional("crystal_scoring")
                    .map(|_| rules.string("crystal_scoring").map(str::to_string))
                    .transpose()?,
                solo_decay: boolean(&rules, "solo_decay")?,
                ice: boolean(&rules, "ice")?,
                land_bonus: boolean(&rules, "land_bonus")?,
                shared_decks: boolean(&rules, "shared_decks")?,
            };
        }
        let explore = sub_table(&root, "explore", EXPLORE_KEYS)?
            .map_or_else(|| refuse("explore", "missing field"), Ok)?;
        setup.played = list(&explore, "played")?;
        setup.current = explore
            .optional("current")
            .map(|_| explore.string("current").map(str::to_string))
            .transpose()?;
        setup.explore_deck = explore.optional_strings("deck")?;
        setup.investigate = sub_table(&root, "investigate", PILE_KEYS)?
            .map(|f| pile(&f))
            .transpose()?;
        setup.treasure = sub_table(&root, "treasure", PILE_KEYS)?
            .map(|f| pile(&f))
            .transpose()?;
        let tables = match root.optional("player") {
            None => Vec::new(),
            Some(Value::Array(items)) => items.clone(),
            Some(other) => {
                return refuse(
                    "player",
                    format!("expected tables, found {}", other.type_str()),
                )
            }
        };
        for (i, item) in tables.iter().enumerate() {
            let path = format!("player[{i}]");
            let Value::Table(table) = item else {
                return refuse(path, "expected a table");
            };
            let f = fields(&path, table, PLAYER_KEYS)?;
            let own = |discard: &str, deck: &str| -> Result<Option<PileSetup>, PositionError> {
                if f.optional(discard).is_none() && f.optional(deck).is_none() {
                    return Ok(None);
                }
                Ok(Some(PileSetup {
                    discard: list(&f, discard)?,
                    deck: f.optional_strings(deck)?,
                }))
            };
            setup.seats.push(PlayerSetup {
                coins: f.integer("coins")?,
                explorers: list(&f, "explorers")?,
                villages: list(&f, "villages")?,
                routes: list(&f, "routes")?,
                ruins: list(&f, "ruins")?,
                towers: list(&f, "towers")?,
                crystals: list(&f, "crystals")?,
                investigate: list(&f, "investigate")?,
                treasure: list(&f, "treasure")?,
                objectives: list(&f, "objectives")?,
                lands_reached: f.optional_strings("lands_reached")?,
                ice_route: boolean(&f, "ice_route")?,
                investigate_pile: own("investigate_discard", "investigate_deck")?,
                treasure_pile: own("treasure_discard", "treasure_deck")?,
            });
        }
        Ok(setup)
    }

    /// The position file text.
    pub fn write(&self) -> String {
        let list = |items: &[String]| -> String {
            let quoted: Vec<String> = items.iter().map(|s| format!("\"{s}\"")).collect();
            format!("[{}]", quoted.join(", "))
        };
        let mut out = String::new();
        let w = &mut out;
        let _ = writeln!(w, "game = \"{GAME_NAME}\"");
        let _ = writeln!(w, "map = \"{}\"", self.map);
        if let Some(file) = &self.map_file {
            let _ = writeln!(w, "map_file = {file:?}");
        }
        if let Some(sha) = &self.map_sha256 {
            let _ = writeln!(w, "map_sha256 = \"{sha}\"");
        }
        let _ = writeln!(w, "players = {}", self.players);
        let _ = writeln!(w, "era = {}", self.era);
        if let Some(to_move) = self.to_move {
            let _ = writeln!(w, "to_move = {to_move}");
        }
        if let Some(moves) = &self.in_progress {
            let _ = writeln!(w, "in_progress = {}", list(moves));
        }
        let _ = writeln!(w, "objectives = {}", list(&self.objectives));
        let r = &self.rules;
        if *r != RulesSetup::default() {
            let _ = writeln!(w, "\n[rules]");
            if let Some(v) = &r.crystal_scoring {
                let _ = writeln!(w, "crystal_scoring = \"{v}\"");
            }
            for (key, value) in [
                ("solo_decay", r.solo_decay),
                ("ice", r.ice),
                ("land_bonus", r.land_bonus),
                ("shared_decks", r.shared_decks),
            ] {
                if let Some(v) = value {
                    let _ = writeln!(w, "{key} = {v}");
                }
            }
        }
        let _ = writeln!(w, "\n[explore]\nplayed = {}", list(&self.played));
        if let Some(current) = &self.current {
            let _ = writeln!(w, "current = \"{current}\"");
        }
        if let Some(deck) = &self.explore_deck {
            let _ = writeln!(w, "deck = {}", list(deck));
        }
        for (name, pile) in [
            ("investigate", &self.investigate),
            ("treasure", &self.treasure),
        ] {
            if let Some(pile) = pile {
                let _ = writeln!(w, "\n[{name}]\ndiscard = {}", list(&pile.discard));
                if let Some(deck) = &pile.deck {
                    let _ = writeln!(w, "deck = {}", list(deck));
                }
            }
        }
        for p in &self.seats {
            let _ = writeln!(w, "\n[[player]]\ncoins = {}", p.coins);
            for (key, items) in [
                ("explorers", &p.explorers),
                ("villages", &p.villages),
                ("routes", &p.routes),
                ("ruins", &p.ruins),
                ("towers", &p.towers),
                ("crystals", &p.crystals),
                ("investigate", &p.investigate),
                ("treasure", &p.treasure),
                ("objectives", &p.objectives),
            ] {
                let _ = writeln!(w, "{key} = {}", list(items));
            }
            if let Some(lands) = &p.lands_reached {
                let _ = writeln!(w, "lands_reached = {}", list(lands));
            }
            if let Some(ice) = p.ice_route {
                let _ = writeln!(w, "ice_route = {ice}");
            }
            for (name, pile) in [
                ("investigate", &p.investigate_pile),
                ("treasure", &p.treasure_pile),
            ] {
                if let Some(pile) = pile {
                    let _ = writeln!(w, "{name}_discard = {}", list(&pile.discard));
                    if let Some(deck) = &pile.deck {
                        let _ = writeln!(w, "{name}_deck = {}", list(deck));
                    }
                }
            }
        }
        out
    }
}
