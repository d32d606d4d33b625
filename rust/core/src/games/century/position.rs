//! The TOML position format: one validating door from text to state, and back.
//!
//! Reading walks the TOML tree by hand so that every refusal names the exact field
//! (`player[1].hand[2]`) and says what is wrong; nothing downstream re-checks.

use std::collections::HashMap;
use std::fmt::Write as _;

use toml::{Table, Value};

use super::cards::{
    golem_by_name, merchant_by_name, ALL_GOLEMS, DECK_MERCHANTS, GOLEMS, MERCHANTS,
    STARTING_MERCHANTS,
};
use super::crystals::{Crystals, CARAVAN_LIMIT};
use super::deck::Deck;
use super::state::{
    golem_threshold, BitIter, Century, Pending, GOLEM_ROW_SLOTS, MAX_PLAYERS, MERCHANT_ROW_SLOTS,
    MIN_PLAYERS,
};

pub const GAME_NAME: &str = "century-golem";

/// A refused position: which field, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct PositionError {
    pub field: String,
    pub message: String,
}

fn refuse<T>(field: impl Into<String>, message: impl Into<String>) -> Result<T, PositionError> {
    Err(PositionError {
        field: field.into(),
        message: message.into(),
    })
}

/// Typed access to one TOML table, remembering its path for error messages.
struct Fields<'a> {
    path: String,
    table: &'a Table,
}

impl<'a> Fields<'a> {
    fn new(path: &str, table: &'a Table, allowed: &[&str]) -> Result<Self, PositionError> {
        let fields = Fields {
            path: path.to_string(),
            table,
        };
        if let Some(key) = table.keys().find(|k| !allowed.contains(&k.as_str())) {
            return refuse(
                fields.name(key),
                format!("unknown field (expected one of: {})", allowed.join(", ")),
            );
        }
        Ok(fields)
    }

    fn name(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_string()
        } else {
            format!("{}.{key}", self.path)
        }
    }

    fn optional(&self, key: &str) -> Option<&'a Value> {
        self.table.get(key)
    }

    fn required(&self, key: &str) -> Result<&'a Value, PositionError> {
        self.optional(key)
            .map_or_else(|| refuse(self.name(key), "missing field"), Ok)
    }

    fn integer(&self, key: &str, low: i64, high: i64) -> Result<i64, PositionError> {
        match self.required(key)? {
            Value::Integer(n) if (low..=high).contains(n) => Ok(*n),
            Value::Integer(n) => refuse(self.name(key), format!("{n} is outside {low}..={high}")),
            other => refuse(
                self.name(key),
                format!("expected an integer, found {}", other.type_str()),
            ),
        }
    }

    fn string(&self, key: &str) -> Result<&'a str, PositionError> {
        string_value(&self.name(key), self.required(key)?)
    }

    fn table(&self, key: &str, allowed: &[&str]) -> Result<Fields<'a>, PositionError> {
        match self.required(key)? {
            Value::Table(t) => Fields::new(&self.name(key), t, allowed),
            other => refuse(
                self.name(key),
                format!("expected a table, found {}", other.type_str()),
            ),
        }
    }

    fn strings(&self, key: &str) -> Result<Vec<(String, &'a str)>, PositionError> {
        strings_value(&self.name(key), self.required(key)?)
    }

    fn optional_strings(&self, key: &str) -> Result<Option<Vec<(String, &'a str)>>, PositionError> {
        self.optional(key)
            .map(|v| strings_value(&self.name(key), v))
            .transpose()
    }
}

fn string_value<'a>(field: &str, value: &'a Value) -> Result<&'a str, PositionError> {
    match value {
        Value::String(s) => Ok(s),
        other => refuse(
            field,
            format!("expected a string, found {}", other.type_str()),
        ),
    }
}

/// A list of strings, each with its own field name (`merchants.row[3]`).
fn strings_value<'a>(
    field: &str,
    value: &'a Value,
) -> Result<Vec<(String, &'a str)>, PositionError> {
    match value {
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, item)| {
                let name = format!("{field}[{i}]");
                string_value(&name, item).map(|s| (name, s))
            })
            .collect(),
        other => refuse(
            field,
            format!("expected a list of strings, found {}", other.type_str()),
        ),
    }
}

fn crystals_at(field: &str, text: &str) -> Result<Crystals, PositionError> {
    Crystals::parse(text).or_else(|message| refuse(field, message))
}

/// Where each card was seen, so a second sighting can name the first.
#[derive(Default)]
struct Sightings {
    merchants: HashMap<u8, String>,
    golems: HashMap<u8, String>,
}

impl Sightings {
    fn merchant(&mut self, field: &str, name: &str) -> Result<u8, PositionError> {
        let card = merchant_by_name(name).map_or_else(
            || refuse(field, format!("unknown merchant card '{name}'")),
            Ok,
        )?;
        if let Some(first) = self.merchants.insert(card, field.to_string()) {
            return refuse(
                field,
                format!("card '{name}' is also at {first}; every card is in one place"),
            );
        }
        Ok(card)
    }

    fn golem(&mut self, field: &str, name: &str) -> Result<u8, PositionError> {
        let golem = golem_by_name(name)
            .map_or_else(|| refuse(field, format!("unknown golem card '{name}'")), Ok)?;
        if let Some(first) = self.golems.insert(golem, field.to_string()) {
            return refuse(
                field,
                format!("golem '{name}' is also at {first}; every card is in one place"),
            );
        }
        Ok(golem)
    }
}

/// Reads and validates a position.
pub fn read_position(text: &str) -> Result<Century, PositionError> {
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
    let players = root.integer("players", i64::MIN, i64::MAX)?;
    if !(MIN_PLAYERS as i64..=MAX_PLAYERS as i64).contains(&players) {
        return refuse(
            "players",
            format!("{players} players; the game is for {MIN_PLAYERS}-{MAX_PLAYERS}"),
        );
    }
    let players = players as usize;
    let to_move = root.integer("to_move", i64::MIN, i64::MAX)?;
    if !(0..players as i64).contains(&to_move) {
        return refuse(
            "to_move",
            format!(
                "{to_move} is not a seat of a {players}-player game (0-{})",
                players - 1
            ),
        );
    }

    let mut state = Century::empty(players);
    state.to_move = to_move as u8;
    let mut seen = Sightings::default();

    // Players first: their starting cards are their own copies, so they are tracked apart.
    let seats = match root.required("player")? {
        Value::Array(items) => items,
        other => {
            return refuse(
                "player",
                format!("expected [[player]] tables, found {}", other.type_str()),
            )
        }
    };
    if seats.len() != players {
        return refuse(
            "player",
            format!("{} [[player]] tables for players = {players}", seats.len()),
        );
    }
    let threshold = golem_threshold(players);
    let (mut gold_held, mut silver_held) = (0, 0);
    for (seat, value) in seats.iter().enumerate() {
        let path = format!("player[{seat}]");
        let table = match value {
            Value::Table(t) => Fields::new(
                &path,
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
        let caravan = crystals_at(&table.name("crystals"), table.string("crystals")?)?;
        if caravan.total() > CARAVAN_LIMIT {
            return refuse(
                table.name("crystals"),
                format!(
                    "{} crystals; a caravan holds at most {CARAVAN_LIMIT} at the start of a turn",
                    caravan.total()
                ),
            );
        }
        let s = &mut state.seats[seat];
        s.caravan = caravan.to_nibbles();
        let mut own_starting: HashMap<u8, String> = HashMap::new();
        for (key, pile) in [("hand", &mut s.hand), ("played", &mut s.played)] {
            for (field, name) in table.strings(key)? {
                let card = match merchant_by_name(name) {
                    Some(card) if STARTING_MERCHANTS & (1 << card) != 0 => {
                        if let Some(first) = own_starting.insert(card, field.clone()) {
                            return refuse(
                                field,
                                format!("player {seat} has one '{name}', already at {first}"),
                            );
                        }
                        card
                    }
                    _ => seen.merchant(&field, name)?,
                };
                *pile |= 1 << card;
            }
        }
        for (field, name) in table.strings("golems")? {
            s.golems |= 1 << seen.golem(&field, name)?;
        }
        if s.golems.count_ones() > threshold {
            return refuse(
                table.name("golems"),
                format!(
                    "{} golems; with {players} players the game ends at {threshold}",
                    s.golems.count_ones()
                ),
            );
        }
        s.gold = table.integer("gold", 0, 2 * players as i64)? as u8;
        s.silver = table.integer("silver", 0, 2 * players as i64)? as u8;
        gold_held += s.gold as i64;
        silver_held += s.silver as i64;
    }

    let merchants = root.table("merchants", &["row", "crystals", "deck"])?;
    let row = merchants.strings("row")?;
    if row.len() > MERCHANT_ROW_SLOTS {
        return refuse(
            merchants.name("row"),
            format!(
                "{} cards; the row has {MERCHANT_ROW_SLOTS} slots",
                row.len()
            ),
        );
    }
    for (slot, (field, name)) in row.iter().enumerate() {
        let card = seen.merchant(field, name)?;
        if STARTING_MERCHANTS & (1 << card) != 0 {
            return refuse(
                field,
                format!("'{name}' is a starting card; it is never in the row"),
            );
        }
        state.merchant_row[slot] = card;
    }
    state.merchant_row_len = row.len() as u8;
    if let Some(crystals) = merchants.optional_strings("crystals")? {
        if crystals.len() != row.len() {
            return refuse(
                merchants.name("crystals"),
                format!(
                    "{} entries for {} row cards (one string per card)",
                    crystals.len(),
                    row.len()
                ),
            );
        }
        // Each acquisition puts at most one crystal on a card, and there are only so many
        // cards to acquire; the bound also keeps caravan arithmetic within its byte lanes.
        let most = DECK_MERCHANTS.count_ones();
        for (slot, (field, text)) in crystals.iter().enumerate() {
            let on_card = crystals_at(field, text)?;
            if on_card.total() > most {
                return refuse(
                    field.as_str(),
                    format!("{} crystals on one card; a card collects at most {most} (one per card acquired)", on_card.total()),
                );
            }
            state.row_crystals[slot] = on_card;
        }
    }

    let golems = root.table("golems", &["row", "deck", "gold", "silver"])?;
    let golem_row = golems.strings("row")?;
    if golem_row.len() > GOLEM_ROW_SLOTS {
        return refuse(
            golems.name("row"),
            format!(
                "{} cards; the row has {GOLEM_ROW_SLOTS} slots",
                golem_row.len()
            ),
        );
    }
    for (slot, (field, name)) in golem_row.iter().enumerate() {
        state.golem_row[slot] = seen.golem(field, name)?;
    }
    state.golem_row_len = golem_row.len() as u8;
    let coins = 2 * players as i64;
    for (key, held) in [("gold", gold_held), ("silver", silver_held)] {
        let supply = golems.integer(key, 0, coins)?;
        if supply + held != coins {
            return refuse(
                golems.name(key),
                format!("{supply} left + {held} held by players = {}, but {players} players share {coins} {key} coins", supply + held),
            );
        }
        if key == "gold" {
            state.gold = supply as u8;
        } else {
            state.silver = supply as u8;
        }
    }

    // Decks: the unseen cards, in the listed order when given.
    let seen_merchants = seen.merchants.keys().fold(0u64, |set, &c| set | 1 << c);
    let seen_golems = seen.golems.keys().fold(0u64, |set, &g| set | 1 << g);
    let merchant_unseen = DECK_MERCHANTS & !seen_merchants;
    let golem_unseen = ALL_GOLEMS & !seen_golems;
    let merchant_order = read_deck(&merchants, &mut seen, merchant_unseen, false)?;
    let golem_order = read_deck(&golems, &mut seen, golem_unseen, true)?;
    state.merchant_deck = merchant_order.map_or(Deck::hidden(merchant_unseen), |o| Deck::known(&o));
    state.golem_deck = golem_order.map_or(Deck::hidden(golem_unseen), |o| Deck::known(&o));
    state.refresh_derived();

    // A short row is only possible once its deck is empty (or, with a hidden deck, when the
    // game ended on the turn that emptied the slot: no card is dealt then).
    for (field, len, slots, unseen) in [
        (
            merchants.name("row"),
            row.len(),
            MERCHANT_ROW_SLOTS,
            merchant_unseen,
        ),
        (
            golems.name("row"),
            golem_row.len(),
            GOLEM_ROW_SLOTS,
            golem_unseen,
        ),
    ] {
        let hidden_end = state.is_over() && len + 1 == slots;
        if len < slots && unseen != 0 && !hidden_end {
            return refuse(
                field,
                format!("{len} cards but the deck still has {} card(s); the row is refilled while the deck lasts", unseen.count_ones()),
            );
        }
    }
    Ok(state)
}

/// A TOML syntax error with the line and column it was found at.
fn syntax_error(text: &str, error: &toml::de::Error) -> String {
    let message = error.message().trim();
    match error.span() {
        Some(span) => {
            let before = text.get(..span.start).unwrap_or(text);
            let line = before.matches('\n').count() + 1;
            let column = before.len() - before.rfind('\n').map_or(0, |i| i + 1) + 1;
            format!("line {line}, column {column}: {message}")
        }
        None => message.to_string(),
    }
}

/// Reads an optional deck list, which must be exactly the unseen cards of its kind.
fn read_deck(
    fields: &Fields,
    seen: &mut Sightings,
    unseen: u64,
    golems: bool,
) -> Result<Option<Vec<u8>>, PositionError> {
    let Some(listed) = fields.optional_strings("deck")? else {
        return Ok(None);
    };
    let mut order = Vec::with_capacity(listed.len());
    for (field, name) in &listed {
        let card = if golems {
            seen.golem(field, name)?
        } else {
            seen.merchant(field, name)?
        };
        if !golems && STARTING_MERCHANTS & (1 << card) != 0 {
            return refuse(
                field.as_str(),
                format!("'{name}' is a starting card; it is never in the deck"),
            );
        }
        order.push(card);
    }
    let listed_set = order.iter().fold(0u64, |set, &c| set | 1 << c);
    if let Some(missing) = BitIter(unseen & !listed_set).next() {
        let name = if golems {
            GOLEMS[missing].name
        } else {
            MERCHANTS[missing].name
        };
        return refuse(
            fields.name("deck"),
            format!("'{name}' is not listed but is nowhere else; a deck lists every unseen card ({} here)", unseen.count_ones()),
        );
    }
    Ok(Some(order))
}

/// Writes a position in the spec's TOML format (decks listed when known).
pub fn write_position(state: &Century) -> Result<String, PositionError> {
    if state.pending() != Pending::None {
        return refuse(
            "position",
            "a card is about to be dealt (chance node); apply a deal first",
        );
    }
    let merchant_names = |cards: &mut dyn Iterator<Item = usize>| -> String {
        list(cards.map(|c| MERCHANTS[c].name))
    };
    let golem_names = |golems: &mut dyn Iterator<Item = usize>| -> String {
        list(golems.map(|g| GOLEMS[g].name))
    };
    let mut out = String::new();
    let _ = writeln!(out, "game = \"{GAME_NAME}\"");
    let _ = writeln!(out, "players = {}", state.players());
    let _ = writeln!(out, "to_move = {}", state.to_move());
    let _ = writeln!(out, "\n[merchants]");
    let _ = writeln!(
        out,
        "row = {}",
        merchant_names(&mut state.merchant_row().iter().map(|&c| c as usize))
    );
    let _ = writeln!(
        out,
        "crystals = {}",
        list(state.row_crystals().iter().map(|c| c.to_string()))
    );
    if let Some(deck) = state.merchant_deck() {
        let _ = writeln!(
            out,
            "deck = {}",
            merchant_names(&mut deck.iter().map(|&c| c as usize))
        );
    }
    let _ = writeln!(out, "\n[golems]");
    let _ = writeln!(
        out,
        "row = {}",
        golem_names(&mut state.golem_row().iter().map(|&g| g as usize))
    );
    if let Some(deck) = state.golem_deck() {
        let _ = writeln!(
            out,
            "deck = {}",
            golem_names(&mut deck.iter().map(|&g| g as usize))
        );
    }
    let _ = writeln!(out, "gold = {}", state.gold_left());
    let _ = writeln!(out, "silver = {}", state.silver_left());
    for seat in 0..state.players() {
        let s = state.seat(seat);
        let _ = writeln!(out, "\n[[player]]");
        let _ = writeln!(out, "crystals = \"{}\"", s.crystals());
        let _ = writeln!(out, "hand = {}", merchant_names(&mut BitIter(s.hand)));
        let _ = writeln!(out, "played = {}", merchant_names(&mut BitIter(s.played)));
        let _ = writeln!(out, "golems = {}", golem_names(&mut BitIter(s.golems)));
        let _ = writeln!(out, "gold = {}", s.gold);
        let _ = writeln!(out, "silver = {}", s.silver);
    }
    Ok(out)
}

/// A TOML array of strings on one line.
fn list<S: AsRef<str>>(items: impl Iterator<Item = S>) -> String {
    let quoted: Vec<String> = items.map(|s| format!("\"{}\"", s.as_ref())).collect();
    format!("[{}]", quoted.join(", "))
}

/// One seat of a [`sketch`]: caravan letters, hand, played cards, golems, gold, silver.
#[derive(Clone, Copy, Debug)]
pub struct SeatSketch<'a>(
    pub &'a str,
    pub &'a [&'a str],
    pub &'a [&'a str],
    pub &'a [&'a str],
    pub u8,
    pub u8,
);

/// Builds a position in code (tests, puzzles) through the same validating reader as files.
/// Decks are hidden (every unseen card is in them); the coins in supply are whatever the
/// seats do not hold.
pub fn sketch(
    to_move: usize,
    merchant_row: &[&str],
    row_crystals: &[&str],
    golem_row: &[&str],
    seats: &[SeatSketch],
) -> Result<Century, PositionError> {
    let players = seats.len();
    let coins = 2 * players as i64;
    let gold = coins - seats.iter().map(|s| s.4 as i64).sum::<i64>();
    let silver = coins - seats.iter().map(|s| s.5 as i64).sum::<i64>();
    let mut text = format!(
        "game = \"{GAME_NAME}\"\nplayers = {players}\nto_move = {to_move}\n[merchants]\nrow = {}\n",
        list(merchant_row.iter())
    );
    if !row_crystals.is_empty() {
        text += &format!("crystals = {}\n", list(row_crystals.iter()));
    }
    text += &format!(
        "[golems]\nrow = {}\ngold = {gold}\nsilver = {silver}\n",
        list(golem_row.iter())
    );
    for s in seats {
        text += &format!(
            "[[player]]\ncrystals = \"{}\"\nhand = {}\nplayed = {}\ngolems = {}\ngold = {}\nsilver = {}\n",
            s.0,
            list(s.1.iter()),
            list(s.2.iter()),
            list(s.3.iter()),
            s.4,
            s.5
        );
    }
    read_position(&text)
}
