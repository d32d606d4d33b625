//! Raw position data, as the TOML file says it: plain values that may be nonsense.
//!
//! [`Setup::parse`] checks only the shape of the file (known keys, types); what the values
//! mean is checked once, by `Century::from_setup` (`validate.rs`). Writing goes the other
//! way: state → [`Setup`] → TOML, so the file format lives in this one module.

use std::fmt::Write as _;

use toml::{Table, Value};

use crate::game::PositionError;
use crate::util::toml_fields::{refuse, syntax_error, Fields};

/// The `game` key of a Century position file.
pub const GAME_NAME: &str = "century-golem";

/// One `[[player]]` table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatSetup {
    pub crystals: String,
    pub hand: Vec<String>,
    pub played: Vec<String>,
    pub golems: Vec<String>,
    pub gold: i64,
    pub silver: i64,
}

/// A whole position file. Decks are `None` when the file leaves their order out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Setup {
    pub players: i64,
    pub to_move: i64,
    pub merchant_row: Vec<String>,
    /// Crystals lying on each row card; `None` when the file omits the key (none lie there).
    pub row_crystals: Option<Vec<String>>,
    pub merchant_deck: Option<Vec<String>>,
    pub golem_row: Vec<String>,
    pub golem_deck: Option<Vec<String>>,
    /// Coins left in the supply.
    pub gold: i64,
    pub silver: i64,
    pub seats: Vec<SeatSetup>,
}

impl Setup {
    /// Reads the file's shape: every refusal names the field (`player[1].hand[2]`).
    pub fn parse(text: &str) -> Result<Setup, PositionError> {
        let root: Table = text
            .parse()
            .or_else(|e: toml::de::Error| refuse("toml", syntax_error(text, &e)))?;
        let root = Fields::new(
            "",
            &root,
            &[
                "game",
                "players",
                "to_move",
                "merchants",
                "golems",
                "player",
            ],
        )?;
        let game = root.string("game")?;
        if game != GAME_NAME {
            return refuse(
                "game",
                format!("'{game}' is not supported here (expected '{GAME_NAME}')"),
            );
        }
        let players = root.integer("players")?;
        let to_move = root.integer("to_move")?;
        let seats = match root.required("player")? {
            Value::Array(items) => items
                .iter()
                .enumerate()
                .map(|(seat, value)| seat_setup(&format!("player[{seat}]"), value))
                .collect::<Result<Vec<_>, _>>()?,
            other => {
                return refuse(
                    "player",
                    format!("expected [[player]] tables, found {}", other.type_str()),
                )
            }
        };
        let merchants = root.table("merchants", &["row", "crystals", "deck"])?;
        let golems = root.table("golems", &["row", "deck", "gold", "silver"])?;
        Ok(Setup {
            players,
            to_move,
            merchant_row: merchants.strings("row")?,
            row_crystals: merchants.optional_strings("crystals")?,
            merchant_deck: merchants.optional_strings("deck")?,
            golem_row: golems.strings("row")?,
            golem_deck: golems.optional_strings("deck")?,
            gold: golems.integer("gold")?,
            silver: golems.integer("silver")?,
            seats,
        })
    }

    /// The position file (the spec's TOML format).
    pub fn to_toml(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "game = \"{GAME_NAME}\"");
        let _ = writeln!(out, "players = {}", self.players);
        let _ = writeln!(out, "to_move = {}", self.to_move);
        let _ = writeln!(out, "\n[merchants]");
        let _ = writeln!(out, "row = {}", list(&self.merchant_row));
        let _ = writeln!(
            out,
            "crystals = {}",
            list(self.row_crystals.as_deref().unwrap_or_default())
        );
        if let Some(deck) = &self.merchant_deck {
            let _ = writeln!(out, "deck = {}", list(deck));
        }
        let _ = writeln!(out, "\n[golems]");
        let _ = writeln!(out, "row = {}", list(&self.golem_row));
        if let Some(deck) = &self.golem_deck {
            let _ = writeln!(out, "deck = {}", list(deck));
        }
        let _ = writeln!(out, "gold = {}", self.gold);
        let _ = writeln!(out, "silver = {}", self.silver);
        for seat in &self.seats {
            let _ = writeln!(out, "\n[[player]]");
            let _ = writeln!(out, "crystals = \"{}\"", seat.crystals);
            let _ = writeln!(out, "hand = {}", list(&seat.hand));
            let _ = writeln!(out, "played = {}", list(&seat.played));
            let _ = writeln!(out, "golems = {}", list(&seat.golems));
            let _ = writeln!(out, "gold = {}", seat.gold);
            let _ = writeln!(out, "silver = {}", seat.silver);
        }
        out
    }
}

fn seat_setup(path: &str, value: &Value) -> Result<SeatSetup, PositionError> {
    let table = match value {
        Value::Table(t) => Fields::new(
            path,
            t,
            &["crystals", "hand", "played", "golems", "gold", "silver"],
        )?,
        other => {
            return refuse(
                path,
                format!("expected a table, found {}", other.type_str()),
            )
        }
    };
    Ok(SeatSetup {
        crystals: table.string("crystals")?.to_string(),
        hand: table.strings("hand")?,
        played: table.strings("played")?,
        golems: table.strings("golems")?,
        gold: table.integer("gold")?,
        silver: table.integer("silver")?,
    })
}

/// A TOML array of strings on one line (names never hold quotes or backslashes: the
/// writer only writes names of the card tables and crystal letters).
fn list<S: AsRef<str>>(items: &[S]) -> String {
    let quoted: Vec<String> = items
        .iter()
        .map(|s| format!("\"{}\"", s.as_ref()))
        .collect();
    format!("[{}]", quoted.join(", "))
}
