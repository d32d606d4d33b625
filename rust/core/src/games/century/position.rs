//! Positions: one validating door from a [`Setup`] to a state, and the way back.
//!
//! `Setup::parse` (in `setup.rs`) reads the file's shape; [`Century::from_setup`] checks what
//! the values mean (card names, every card in one place, coin totals, rows refilled while
//! a deck lasts) and names the field of every refusal. Nothing downstream re-checks.

use std::collections::HashMap;

use super::cards::{
    golem_by_name, merchant_by_name, ALL_GOLEMS, DECK_MERCHANTS, GOLEMS, MERCHANTS,
    STARTING_MERCHANTS,
};
use super::crystals::{Crystals, CARAVAN_LIMIT};
pub use super::setup::GAME_NAME;
use super::setup::{SeatSetup, Setup};
use super::state::{
    golem_threshold, Century, Pending, GOLEM_ROW_SLOTS, MAX_PLAYERS, MERCHANT_ROW_SLOTS,
    MIN_PLAYERS,
};
pub use crate::game::PositionError;
use crate::util::toml_fields::refuse;
use crate::util::{BitIter, Deck};
use crate::Game;

/// Reads and validates a position file.
pub fn read_position(text: &str) -> Result<Century, PositionError> {
    Century::from_setup(&Setup::parse(text)?)
}

/// Writes a position in the spec's TOML format (decks listed when known).
pub fn write_position(state: &Century) -> Result<String, PositionError> {
    state.to_setup().map(|setup| setup.to_toml())
}

fn crystals_at(field: &str, text: &str) -> Result<Crystals, PositionError> {
    Crystals::parse(text).or_else(|message| refuse(field, message))
}

fn in_range(field: &str, value: i64, low: i64, high: i64) -> Result<i64, PositionError> {
    if (low..=high).contains(&value) {
        Ok(value)
    } else {
        refuse(field, crate::refusal::outside(value, low, high))
    }
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

impl Century {
    /// The state a setup describes, or the first thing wrong with it.
    pub fn from_setup(setup: &Setup) -> Result<Century, PositionError> {
        let players = setup.players;
        if !(MIN_PLAYERS as i64..=MAX_PLAYERS as i64).contains(&players) {
            return refuse(
                "players",
                format!("{players} players; the game is for {MIN_PLAYERS}-{MAX_PLAYERS}"),
            );
        }
        let players = players as usize;
        let to_move = setup.to_move;
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

        if setup.seats.len() != players {
            return refuse(
                "player",
                format!(
                    "{} [[player]] tables for players = {players}",
                    setup.seats.len()
                ),
            );
        }
        let (mut gold_held, mut silver_held) = (0, 0);
        for (seat, seat_setup) in setup.seats.iter().enumerate() {
            state.read_seat(seat, seat_setup, &mut seen)?;
            gold_held += seat_setup.gold;
            silver_held += seat_setup.silver;
        }

        state.read_merchant_row(setup, &mut seen)?;
        state.read_golem_row(setup, &mut seen)?;
        let coins = 2 * players as i64;
        for (key, supply, held) in [
            ("gold", setup.gold, gold_held),
            ("silver", setup.silver, silver_held),
        ] {
            let field = format!("golems.{key}");
            let supply = in_range(&field, supply, 0, coins)?;
            if supply + held != coins {
                return refuse(
                    field,
                    format!("{supply} left + {held} held by players = {}, but {players} players share {coins} {key} coins", supply + held),
                );
            }
        }
        state.gold = setup.gold as u8;
        state.silver = setup.silver as u8;

        // Decks: the unseen cards, in the listed order when given.
        let seen_merchants = seen.merchants.keys().fold(0u64, |set, &c| set | 1 << c);
        let seen_golems = seen.golems.keys().fold(0u64, |set, &g| set | 1 << g);
        let merchant_unseen = DECK_MERCHANTS & !seen_merchants;
        let golem_unseen = ALL_GOLEMS & !seen_golems;
        let merchant_order = read_deck(
            "merchants.deck",
            setup.merchant_deck.as_deref(),
            &mut seen,
            merchant_unseen,
            false,
        )?;
        let golem_order = read_deck(
            "golems.deck",
            setup.golem_deck.as_deref(),
            &mut seen,
            golem_unseen,
            true,
        )?;
        state.merchant_deck =
            merchant_order.map_or(Deck::hidden(merchant_unseen), |o| Deck::known(&o));
        state.golem_deck = golem_order.map_or(Deck::hidden(golem_unseen), |o| Deck::known(&o));
        state.refresh_derived();

        // A short row is only possible once its deck is empty (or, with a hidden deck, when
        // the game ended on the turn that emptied the slot: no card is dealt then).
        for (field, len, slots, unseen) in [
            (
                "merchants.row",
                setup.merchant_row.len(),
                MERCHANT_ROW_SLOTS,
                merchant_unseen,
            ),
            (
                "golems.row",
                setup.golem_row.len(),
                GOLEM_ROW_SLOTS,
                golem_unseen,
            ),
        ] {
            let hidden_end = state.is_terminal() && len + 1 == slots;
            if len < slots && unseen != 0 && !hidden_end {
                return refuse(
                    field,
                    format!("{len} cards but the deck still has {} card(s); the row is refilled while the deck lasts", unseen.count_ones()),
                );
            }
        }
        Ok(state)
    }

    /// One `[[player]]` table into seat `seat`.
    fn read_seat(
        &mut self,
        seat: usize,
        setup: &SeatSetup,
        seen: &mut Sightings,
    ) -> Result<(), PositionError> {
        let path = format!("player[{seat}]");
        let players = self.players as usize;
        let field = format!("{path}.crystals");
        let caravan = crystals_at(&field, &setup.crystals)?;
        if caravan.total() > CARAVAN_LIMIT {
            return refuse(
                field,
                format!(
                    "{} crystals; a caravan holds at most {CARAVAN_LIMIT} at the start of a turn",
                    caravan.total()
                ),
            );
        }
        let s = &mut self.seats[seat];
        s.caravan = caravan.to_nibbles();
        // Starting cards are each player's own copies, so they are tracked apart.
        let mut own_starting: HashMap<u8, String> = HashMap::new();
        for (key, names, pile) in [
            ("hand", &setup.hand, &mut s.hand),
            ("played", &setup.played, &mut s.played),
        ] {
            for (i, name) in names.iter().enumerate() {
                let field = format!("{path}.{key}[{i}]");
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
        for (i, name) in setup.golems.iter().enumerate() {
            s.golems |= 1 << seen.golem(&format!("{path}.golems[{i}]"), name)?;
        }
        let threshold = golem_threshold(players);
        if s.golems.count_ones() > threshold {
            return refuse(
                format!("{path}.golems"),
                format!(
                    "{} golems; with {players} players the game ends at {threshold}",
                    s.golems.count_ones()
                ),
            );
        }
        let coins = 2 * players as i64;
        s.gold = in_range(&format!("{path}.gold"), setup.gold, 0, coins)? as u8;
        s.silver = in_range(&format!("{path}.silver"), setup.silver, 0, coins)? as u8;
        Ok(())
    }

    fn read_merchant_row(
        &mut self,
        setup: &Setup,
        seen: &mut Sightings,
    ) -> Result<(), PositionError> {
        let row = &setup.merchant_row;
        if row.len() > MERCHANT_ROW_SLOTS {
            return refuse(
                "merchants.row",
                format!(
                    "{} cards; the row has {MERCHANT_ROW_SLOTS} slots",
                    row.len()
                ),
            );
        }
        for (slot, name) in row.iter().enumerate() {
            let field = format!("merchants.row[{slot}]");
            let card = seen.merchant(&field, name)?;
            if STARTING_MERCHANTS & (1 << card) != 0 {
                return refuse(
                    field,
                    format!("'{name}' is a starting card; it is never in the row"),
                );
            }
            self.merchant_row[slot] = card;
        }
        self.merchant_row_len = row.len() as u8;
        if let Some(crystals) = &setup.row_crystals {
            if crystals.len() != row.len() {
                return refuse(
                    "merchants.crystals",
                    format!(
                        "{} entries for {} row cards (one string per card)",
                        crystals.len(),
                        row.len()
                    ),
                );
            }
            // Each acquisition puts at most one crystal on a card, and there are only so
            // many cards to acquire; the bound also keeps caravan arithmetic within its
            // byte lanes.
            let most = DECK_MERCHANTS.count_ones();
            for (slot, text) in crystals.iter().enumerate() {
                let field = format!("merchants.crystals[{slot}]");
                let on_card = crystals_at(&field, text)?;
                if on_card.total() > most {
                    return refuse(
                        field,
                        format!("{} crystals on one card; a card collects at most {most} (one per card acquired)", on_card.total()),
                    );
                }
                self.row_crystals[slot] = on_card;
            }
        }
        Ok(())
    }

    fn read_golem_row(&mut self, setup: &Setup, seen: &mut Sightings) -> Result<(), PositionError> {
        let row = &setup.golem_row;
        if row.len() > GOLEM_ROW_SLOTS {
            return refuse(
                "golems.row",
                format!("{} cards; the row has {GOLEM_ROW_SLOTS} slots", row.len()),
            );
        }
        for (slot, name) in row.iter().enumerate() {
            self.golem_row[slot] = seen.golem(&format!("golems.row[{slot}]"), name)?;
        }
        self.golem_row_len = row.len() as u8;
        Ok(())
    }

    /// The setup of this state (decks listed when known). Fails at a chance node, which
    /// the file format cannot say.
    pub fn to_setup(&self) -> Result<Setup, PositionError> {
        if self.pending() != Pending::None {
            return refuse(
                "position",
                "a card is about to be dealt (chance node); apply a deal first",
            );
        }
        let merchants = |cards: &mut dyn Iterator<Item = usize>| {
            cards.map(|c| MERCHANTS[c].name.to_string()).collect()
        };
        let golems = |cards: &mut dyn Iterator<Item = usize>| {
            cards.map(|g| GOLEMS[g].name.to_string()).collect()
        };
        let seats = (0..self.num_players())
            .map(|seat| {
                let s = self.seat(seat);
                SeatSetup {
                    crystals: s.crystals().to_string(),
                    hand: merchants(&mut BitIter(s.hand)),
                    played: merchants(&mut BitIter(s.played)),
                    golems: golems(&mut BitIter(s.golems)),
                    gold: s.gold.into(),
                    silver: s.silver.into(),
                }
            })
            .collect();
        Ok(Setup {
            players: self.num_players() as i64,
            to_move: self.to_move() as i64,
            merchant_row: merchants(&mut self.merchant_row().iter().map(|&c| c as usize)),
            row_crystals: Some(self.row_crystals().iter().map(|c| c.to_string()).collect()),
            merchant_deck: self
                .merchant_deck()
                .map(|d| merchants(&mut d.iter().map(|&c| c as usize))),
            golem_row: golems(&mut self.golem_row().iter().map(|&g| g as usize)),
            golem_deck: self
                .golem_deck()
                .map(|d| golems(&mut d.iter().map(|&g| g as usize))),
            gold: self.gold_left().into(),
            silver: self.silver_left().into(),
            seats,
        })
    }
}

/// Reads an optional deck list, which must be exactly the unseen cards of its kind.
fn read_deck(
    field: &str,
    listed: Option<&[String]>,
    seen: &mut Sightings,
    unseen: u64,
    golems: bool,
) -> Result<Option<Vec<u8>>, PositionError> {
    let Some(listed) = listed else {
        return Ok(None);
    };
    let mut order = Vec::with_capacity(listed.len());
    for (i, name) in listed.iter().enumerate() {
        let item = format!("{field}[{i}]");
        let card = if golems {
            seen.golem(&item, name)?
        } else {
            seen.merchant(&item, name)?
        };
        if !golems && STARTING_MERCHANTS & (1 << card) != 0 {
            return refuse(
                item,
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
            field,
            format!("'{name}' is not listed but is nowhere else; a deck lists every unseen card ({} here)", unseen.count_ones()),
        );
    }
    Ok(Some(order))
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
