//! Raw position data of Golem (Cranio), as the TOML file says it (spec §11): plain values
//! that may be nonsense. [`Setup::parse`] checks only the file's shape (known keys, types);
//! what the values mean is checked by `position.rs`. Writing goes state → [`Setup`] →
//! TOML, so the file format lives in this one module.

use std::fmt::Write as _;

use toml::{Table, Value};

use crate::game::PositionError;
use crate::util::toml_fields::{refuse, syntax_error, Fields};

type R<T> = Result<T, PositionError>;

pub const GAME_KEY: &str = "golem-cranio";

/// One `drops` entry: per colour (w k r b y) the line digits, `None` when the colour is
/// left out.
pub type DropSetup = [Option<String>; 5];

/// One `[[player]]` table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayerSetup {
    pub vp: i64,
    pub clay: i64,
    pub coin: i64,
    pub knowledge: i64,
    pub study: i64,
    pub golem_track: i64,
    pub students: Vec<i64>,
    pub golems: Vec<String>,
    pub marbles: String,
    pub passes: i64,
    pub no_control_cost: bool,
    pub menorahs: String,
    pub developments: Vec<String>,
    pub columns: Vec<Vec<String>>,
    pub artifact_tile: String,
    pub gold: Vec<i64>,
    pub objectives: Vec<String>,
    /// Setup phases only.
    pub pack: Option<Vec<String>>,
    pub drafted: Option<Vec<String>>,
    pub starting_tiles: Option<Vec<String>>,
}

/// The whole file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    /// `builtin` or a path; `None` reads as builtin.
    pub components: Option<String>,
    pub components_sha256: Option<String>,
    pub players: i64,
    pub round: i64,
    pub phase: String,
    pub stage: Option<String>,
    pub turn_order: Vec<i64>,
    pub to_move: Option<i64>,
    pub in_progress: Vec<String>,
    pub palace: Vec<String>,
    /// red, yellow, blue.
    pub districts: [Vec<String>; 3],
    pub menorahs: String,
    pub row: Vec<String>,
    pub book_deck: Option<Vec<String>>,
    pub book_bottom: Option<Vec<String>>,
    pub lines: Vec<String>,
    pub tiles: Vec<String>,
    pub rabbis: Vec<i64>,
    pub bottom_rabbis: Vec<i64>,
    pub discards: Vec<String>,
    pub pile: Option<Vec<String>>,
    pub removed: String,
    pub pass_tiles: Vec<i64>,
    pub drops: Vec<DropSetup>,
    pub cemetery_spaces: Vec<i64>,
    pub cemetery_unlimited: Vec<i64>,
    pub objective_deck: Option<Vec<String>>,
    pub objective_bottom: Option<Vec<String>>,
    /// `[setup] artifact_tiles`.
    pub artifact_tiles: Option<Vec<String>>,
    pub seats: Vec<PlayerSetup>,
}

const ROOT_KEYS: &[&str] = &[
    "game",
    "components",
    "components_sha256",
    "players",
    "round",
    "phase",
    "stage",
    "turn_order",
    "to_move",
    "in_progress",
    "palace",
    "districts",
    "library",
    "synagogue",
    "cemetery",
    "objectives",
    "setup",
    "player",
];
const PALACE_KEYS: &[&str] = &["characters"];
const DISTRICT_KEYS: &[&str] = &["red", "yellow", "blue", "menorahs"];
const LIBRARY_KEYS: &[&str] = &["row", "deck", "bottom"];
const SYNAGOGUE_KEYS: &[&str] = &[
    "lines",
    "tiles",
    "rabbis",
    "bottom_rabbis",
    "discards",
    "pile",
    "removed",
    "pass_tiles",
    "drops",
];
const CEMETERY_KEYS: &[&str] = &["spaces", "unlimited"];
const OBJECTIVE_KEYS: &[&str] = &["deck", "bottom"];
const SETUP_KEYS: &[&str] = &["artifact_tiles"];
const PLAYER_KEYS: &[&str] = &[
    "vp",
    "clay",
    "coin",
    "knowledge",
    "study",
    "golem_track",
    "students",
    "golems",
    "marbles",
    "passes",
    "no_control_cost",
    "menorahs",
    "developments",
    "columns",
    "artifact_tile",
    "gold",
    "objectives",
    "pack",
    "drafted",
    "starting_tiles",
];
/// Drop entry keys: the marble colours.
pub const DROP_KEYS: [&str; 5] = ["w", "k", "r", "b", "y"];

fn integers_value(field: &str, value: &Value) -> R<Vec<i64>> {
    match value {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, item)| match item {
                Value::Integer(n) => Ok(*n),
                other => refuse(
                    format!("{field}[{i}]"),
                    format!("expected an integer, found {}", other.type_str()),
                ),
            })
            .collect(),
        other => refuse(
            field,
            format!("expected a list of integers, found {}", other.type_str()),
        ),
    }
}

fn integers(f: &Fields, key: &str) -> R<Vec<i64>> {
    integers_value(&f.name(key), f.required(key)?)
}

fn boolean(f: &Fields, key: &str) -> R<bool> {
    match f.required(key)? {
        Value::Boolean(b) => Ok(*b),
        other => refuse(
            f.name(key),
            format!("expected a boolean, found {}", other.type_str()),
        ),
    }
}

fn optional_string(f: &Fields, key: &str) -> R<Option<String>> {
    f.optional(key)
        .map(|_| f.string(key).map(str::to_string))
        .transpose()
}

fn table<'a>(root: &Fields<'a>, key: &str, allowed: &[&str]) -> R<Fields<'a>> {
    root.table(key, allowed)
}

fn optional_table<'a>(root: &Fields<'a>, key: &str, allowed: &[&str]) -> R<Option<Fields<'a>>> {
    root.optional(key)
        .map(|_| root.table(key, allowed))
        .transpose()
}

/// `columns`: a list of lists of strings.
fn columns(f: &Fields, key: &str) -> R<Vec<Vec<String>>> {
    let field = f.name(key);
    match f.required(key)? {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let path = format!("{field}[{i}]");
                match item {
                    Value::Array(books) => books
                        .iter()
                        .enumerate()
                        .map(|(j, b)| match b {
                            Value::String(s) => Ok(s.clone()),
                            other => refuse(
                                format!("{path}[{j}]"),
                                format!("expected a string, found {}", other.type_str()),
                            ),
                        })
                        .collect(),
                    other => refuse(
                        path,
                        format!("expected a list of strings, found {}", other.type_str()),
                    ),
                }
            })
            .collect(),
        other => refuse(
            field,
            format!("expected a list of lists, found {}", other.type_str()),
        ),
    }
}

fn drops(f: &Fields) -> R<Vec<DropSetup>> {
    let Some(value) = f.optional("drops") else {
        return Ok(Vec::new());
    };
    let field = f.name("drops");
    let Value::Array(items) = value else {
        return refuse(
            field,
            format!("expected a list of tables, found {}", value.type_str()),
        );
    };
    items
        .iter()
        .enumerate()
        .map(|(i, item)| {
            let path = format!("{field}[{i}]");
            let Value::Table(t) = item else {
                return refuse(path, format!("expected a table, found {}", item.type_str()));
            };
            let entry = Fields::new(&path, t, &DROP_KEYS)?;
            let mut out: DropSetup = Default::default();
            for (c, key) in DROP_KEYS.iter().enumerate() {
                out[c] = optional_string(&entry, key)?;
            }
            Ok(out)
        })
        .collect()
}

impl Setup {
    /// Reads the file's shape: every refusal names the field.
    pub fn parse(text: &str) -> R<Setup> {
        let root: Table = text
            .parse()
            .or_else(|e: toml::de::Error| refuse("toml", syntax_error(text, &e)))?;
        let root = Fields::new("", &root, ROOT_KEYS)?;
        let game = root.string("game")?;
        if game != GAME_KEY {
            return refuse("game", format!("expected \"{GAME_KEY}\", found \"{game}\""));
        }
        let mut s = Setup {
            components: optional_string(&root, "components")?,
            components_sha256: optional_string(&root, "components_sha256")?,
            players: root.integer("players")?,
            round: root.integer("round")?,
            phase: root.string("phase")?.to_string(),
            stage: optional_string(&root, "stage")?,
            turn_order: integers(&root, "turn_order")?,
            to_move: root
                .optional("to_move")
                .map(|_| root.integer("to_move"))
                .transpose()?,
            in_progress: root.optional_strings("in_progress")?.unwrap_or_default(),
            ..Setup::default()
        };
        s.palace = table(&root, "palace", PALACE_KEYS)?.strings("characters")?;
        let d = table(&root, "districts", DISTRICT_KEYS)?;
        s.districts = [d.strings("red")?, d.strings("yellow")?, d.strings("blue")?];
        s.menorahs = d.string("menorahs")?.to_string();
        let l = table(&root, "library", LIBRARY_KEYS)?;
        s.row = l.strings("row")?;
        s.book_deck = l.optional_strings("deck")?;
        s.book_bottom = l.optional_strings("bottom")?;
        let y = table(&root, "synagogue", SYNAGOGUE_KEYS)?;
        s.lines = y.strings("lines")?;
        s.tiles = y.strings("tiles")?;
        s.rabbis = integers(&y, "rabbis")?;
        s.bottom_rabbis = integers(&y, "bottom_rabbis")?;
        s.discards = y.strings("discards")?;
        s.pile = y.optional_strings("pile")?;
        s.removed = y.string("removed")?.to_string();
        s.pass_tiles = integers(&y, "pass_tiles")?;
        s.drops = drops(&y)?;
        let c = table(&root, "cemetery", CEMETERY_KEYS)?;
        s.cemetery_spaces = integers(&c, "spaces")?;
        s.cemetery_unlimited = integers(&c, "unlimited")?;
        let o = table(&root, "objectives", OBJECTIVE_KEYS)?;
        s.objective_deck = o.optional_strings("deck")?;
        s.objective_bottom = o.optional_strings("bottom")?;
        if let Some(setup) = optional_table(&root, "setup", SETUP_KEYS)? {
            s.artifact_tiles = Some(setup.strings("artifact_tiles")?);
        }
        let tables = match root.required("player")? {
            Value::Array(items) => items,
            other => {
                return refuse(
                    "player",
                    format!("expected [[player]] tables, found {}", other.type_str()),
                )
            }
        };
        for (i, item) in tables.iter().enumerate() {
            let path = format!("player[{i}]");
            let Value::Table(t) = item else {
                return refuse(path, format!("expected a table, found {}", item.type_str()));
            };
            let f = Fields::new(&path, t, PLAYER_KEYS)?;
            s.seats.push(PlayerSetup {
                vp: f.integer("vp")?,
                clay: f.integer("clay")?,
                coin: f.integer("coin")?,
                knowledge: f.integer("knowledge")?,
                study: f.integer("study")?,
                golem_track: f.integer("golem_track")?,
                students: integers(&f, "students")?,
                golems: f.strings("golems")?,
                marbles: f.string("marbles")?.to_string(),
                passes: f.integer("passes")?,
                no_control_cost: boolean(&f, "no_control_cost")?,
                menorahs: f.string("menorahs")?.to_string(),
                developments: f.strings("developments")?,
                columns: columns(&f, "columns")?,
                artifact_tile: f.string("artifact_tile")?.to_string(),
                gold: integers(&f, "gold")?,
                objectives: f.strings("objectives")?,
                pack: f.optional_strings("pack")?,
                drafted: f.optional_strings("drafted")?,
                starting_tiles: f.optional_strings("starting_tiles")?,
            });
        }
        Ok(s)
    }

    /// The position file text (the layout `write_position` promises: one key per line, the
    /// tables in the order of spec §11).
    pub fn write(&self) -> String {
        let mut out = String::new();
        let w = &mut out;
        let _ = writeln!(w, "game = \"{GAME_KEY}\"");
        if let Some(c) = &self.components {
            let _ = writeln!(w, "components = {}", quote(c));
        }
        if let Some(sha) = &self.components_sha256 {
            let _ = writeln!(w, "components_sha256 = {}", quote(sha));
        }
        let _ = writeln!(w, "players = {}", self.players);
        let _ = writeln!(w, "round = {}", self.round);
        let _ = writeln!(w, "phase = {}", quote(&self.phase));
        if let Some(stage) = &self.stage {
            let _ = writeln!(w, "stage = {}", quote(stage));
        }
        let _ = writeln!(w, "turn_order = {}", ints(&self.turn_order));
        if let Some(t) = self.to_move {
            let _ = writeln!(w, "to_move = {t}");
        }
        let _ = writeln!(w, "in_progress = {}", strs(&self.in_progress));
        let _ = writeln!(w, "\n[palace]\ncharacters = {}", strs(&self.palace));
        let _ = writeln!(w, "\n[districts]");
        for (name, tiles) in ["red", "yellow", "blue"].iter().zip(&self.districts) {
            let _ = writeln!(w, "{name} = {}", strs(tiles));
        }
        let _ = writeln!(w, "menorahs = {}", quote(&self.menorahs));
        let _ = writeln!(w, "\n[library]\nrow = {}", strs(&self.row));
        if let Some(deck) = &self.book_deck {
            let _ = writeln!(w, "deck = {}", strs(deck));
        }
        if let Some(bottom) = &self.book_bottom {
            let _ = writeln!(w, "bottom = {}", strs(bottom));
        }
        let _ = writeln!(w, "\n[synagogue]\nlines = {}", strs(&self.lines));
        let _ = writeln!(w, "tiles = {}", strs(&self.tiles));
        let _ = writeln!(w, "rabbis = {}", ints(&self.rabbis));
        let _ = writeln!(w, "bottom_rabbis = {}", ints(&self.bottom_rabbis));
        let _ = writeln!(w, "discards = {}", strs(&self.discards));
        if let Some(pile) = &self.pile {
            let _ = writeln!(w, "pile = {}", strs(pile));
        }
        let _ = writeln!(w, "removed = {}", quote(&self.removed));
        let _ = writeln!(w, "pass_tiles = {}", ints(&self.pass_tiles));
        if !self.drops.is_empty() {
            let entries: Vec<String> = self
                .drops
                .iter()
                .map(|e| {
                    let parts: Vec<String> = DROP_KEYS
                        .iter()
                        .zip(e)
                        .filter_map(|(k, v)| v.as_ref().map(|v| format!("{k} = {}", quote(v))))
                        .collect();
                    format!("{{ {} }}", parts.join(", "))
                })
                .collect();
            let _ = writeln!(w, "drops = [{}]", entries.join(", "));
        }
        let _ = writeln!(
            w,
            "\n[cemetery]\nspaces = {}\nunlimited = {}",
            ints(&self.cemetery_spaces),
            ints(&self.cemetery_unlimited)
        );
        let _ = writeln!(w, "\n[objectives]");
        if let Some(deck) = &self.objective_deck {
            let _ = writeln!(w, "deck = {}", strs(deck));
        }
        if let Some(bottom) = &self.objective_bottom {
            let _ = writeln!(w, "bottom = {}", strs(bottom));
        }
        if let Some(tiles) = &self.artifact_tiles {
            let _ = writeln!(w, "\n[setup]\nartifact_tiles = {}", strs(tiles));
        }
        for p in &self.seats {
            let _ = writeln!(w, "\n[[player]]");
            for (key, n) in [
                ("vp", p.vp),
                ("clay", p.clay),
                ("coin", p.coin),
                ("knowledge", p.knowledge),
                ("study", p.study),
                ("golem_track", p.golem_track),
            ] {
                let _ = writeln!(w, "{key} = {n}");
            }
            let _ = writeln!(w, "students = {}", ints(&p.students));
            let _ = writeln!(w, "golems = {}", strs(&p.golems));
            let _ = writeln!(w, "marbles = {}", quote(&p.marbles));
            let _ = writeln!(w, "passes = {}", p.passes);
            let _ = writeln!(w, "no_control_cost = {}", p.no_control_cost);
            let _ = writeln!(w, "menorahs = {}", quote(&p.menorahs));
            let _ = writeln!(w, "developments = {}", strs(&p.developments));
            let cols: Vec<String> = p.columns.iter().map(|c| strs(c)).collect();
            let _ = writeln!(w, "columns = [{}]", cols.join(", "));
            let _ = writeln!(w, "artifact_tile = {}", quote(&p.artifact_tile));
            let _ = writeln!(w, "gold = {}", ints(&p.gold));
            let _ = writeln!(w, "objectives = {}", strs(&p.objectives));
            for (key, list) in [
                ("pack", &p.pack),
                ("drafted", &p.drafted),
                ("starting_tiles", &p.starting_tiles),
            ] {
                if let Some(list) = list {
                    let _ = writeln!(w, "{key} = {}", strs(list));
                }
            }
        }
        out
    }
}

/// A TOML basic string (ids, phase names and paths; quotes and backslashes escaped).
fn quote(s: &str) -> String {
    Value::String(s.to_string()).to_string()
}

fn strs(items: &[String]) -> String {
    let quoted: Vec<String> = items.iter().map(|s| quote(s)).collect();
    format!("[{}]", quoted.join(", "))
}

fn ints(items: &[i64]) -> String {
    let parts: Vec<String> = items.iter().map(i64::to_string).collect();
    format!("[{}]", parts.join(", "))
}
