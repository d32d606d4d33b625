//! Century's own methods, beside the generic ones every game's class has (`state.rs`):
//! the rows, the decks and the seats, for display and analysis.

use golem_core::games::century::cards::{golem_by_name, GOLEMS, MERCHANTS};
use golem_core::games::century::{golem_threshold, BitIter, Coin, Pending};
use golem_core::Game;
use pyo3::prelude::*;

use crate::state::Century as PyCentury;
use crate::{golem_error, guarded};

fn merchant_names(cards: impl Iterator<Item = usize>) -> Vec<String> {
    cards.map(|c| MERCHANTS[c].name.to_string()).collect()
}

fn golem_names(golems: impl Iterator<Item = usize>) -> Vec<String> {
    golems.map(|g| GOLEMS[g].name.to_string()).collect()
}

/// One player's belongings, a snapshot (read-only).
#[pyclass(name = "Seat", module = "golem_solver", frozen, get_all)]
pub(crate) struct PySeat {
    seat: usize,
    crystals: String,
    hand: Vec<String>,
    played: Vec<String>,
    golems: Vec<String>,
    gold: u8,
    silver: u8,
    golem_points: u32,
    score: i32,
}

#[pymethods]
impl PySeat {
    fn __repr__(&self) -> String {
        format!(
            "Seat({}, crystals={:?}, hand={:?}, played={:?}, golems={:?}, gold={}, silver={}, score={})",
            self.seat,
            self.crystals,
            self.hand,
            self.played,
            self.golems,
            self.gold,
            self.silver,
            self.score
        )
    }
}

impl PyCentury {
    fn check_seat(&self, seat: usize) -> PyResult<()> {
        if seat < self.state.num_players() {
            Ok(())
        } else {
            Err(golem_error(
                "seat",
                format!(
                    "{seat} is not a seat of a {}-player game",
                    self.state.num_players()
                ),
            ))
        }
    }

    fn seat_view(&self, seat: usize) -> PySeat {
        let s = self.state.seat(seat);
        PySeat {
            seat,
            crystals: s.crystals().to_string(),
            hand: merchant_names(BitIter(s.hand)),
            played: merchant_names(BitIter(s.played)),
            golems: golem_names(BitIter(s.golems)),
            gold: s.gold,
            silver: s.silver,
            golem_points: s.golem_points(),
            score: self.state.score(seat),
        }
    }
}

#[pymethods]
impl PyCentury {
    /// The seat about to act (after a pending deal, at a chance node; 0 once over).
    #[getter]
    fn to_move(&self) -> usize {
        self.state.to_move()
    }

    /// The game is finished (the same as `is_terminal()`).
    fn is_over(&self) -> bool {
        self.state.is_terminal()
    }

    /// Some player has reached the golem threshold: this round is the last.
    #[getter]
    fn last_round(&self) -> bool {
        self.state.last_round()
    }

    /// Golems that end the game (6 with 2-3 players, 5 with 4-5).
    #[getter]
    fn golem_threshold(&self) -> u32 {
        golem_threshold(self.state.num_players())
    }

    // -- the board, for display --

    /// Merchant row card names, slot 0 first.
    #[getter]
    fn merchant_row(&self) -> Vec<String> {
        merchant_names(self.state.merchant_row().iter().map(|&c| c as usize))
    }

    /// Crystals lying on each merchant row card (letter strings, slot 0 first).
    #[getter]
    fn merchant_row_crystals(&self) -> Vec<String> {
        self.state
            .row_crystals()
            .iter()
            .map(|c| c.to_string())
            .collect()
    }

    /// Golem row card names, slot 0 first.
    #[getter]
    fn golem_row(&self) -> Vec<String> {
        golem_names(self.state.golem_row().iter().map(|&g| g as usize))
    }

    /// The coin lying above each golem row slot: "gold", "silver" or None.
    #[getter]
    fn golem_row_coins(&self) -> Vec<Option<&'static str>> {
        (0..self.state.golem_row().len())
            .map(|slot| match self.state.coin_above(slot) {
                Some(Coin::Gold) => Some("gold"),
                Some(Coin::Silver) => Some("silver"),
                None => None,
            })
            .collect()
    }

    /// The merchant deck top first, or None when its order is hidden.
    #[getter]
    fn merchant_deck(&self) -> Option<Vec<String>> {
        self.state
            .merchant_deck()
            .map(|d| merchant_names(d.iter().map(|&c| c as usize)))
    }

    /// The golem deck top first, or None when its order is hidden.
    #[getter]
    fn golem_deck(&self) -> Option<Vec<String>> {
        self.state
            .golem_deck()
            .map(|d| golem_names(d.iter().map(|&g| g as usize)))
    }

    /// The merchant cards still in the deck (known order or not), by card id.
    #[getter]
    fn merchant_unseen(&self) -> Vec<String> {
        merchant_names(BitIter(self.state.merchant_unseen()))
    }

    #[getter]
    fn golem_unseen(&self) -> Vec<String> {
        golem_names(BitIter(self.state.golem_unseen()))
    }

    /// "merchant" or "golem" when a card is about to be dealt (chance node), else None.
    #[getter]
    fn pending_deal(&self) -> Option<&'static str> {
        match self.state.pending() {
            Pending::None => None,
            Pending::Merchant => Some("merchant"),
            Pending::Golem => Some("golem"),
        }
    }

    #[getter]
    fn gold_left(&self) -> u8 {
        self.state.gold_left()
    }

    #[getter]
    fn silver_left(&self) -> u8 {
        self.state.silver_left()
    }

    /// A snapshot of one seat's belongings.
    fn seat(&self, #[pyo3(from_py_with = "crate::ints::seat")] seat: usize) -> PyResult<PySeat> {
        guarded(|| {
            self.check_seat(seat)?;
            Ok(self.seat_view(seat))
        })
    }

    /// Snapshots of every seat, seat 0 first.
    #[getter]
    fn seats(&self) -> PyResult<Vec<PySeat>> {
        guarded(|| {
            Ok((0..self.state.num_players())
                .map(|s| self.seat_view(s))
                .collect())
        })
    }
}

/// Victory points of a golem card, by name.
#[pyfunction]
pub(crate) fn golem_points(name: &str) -> PyResult<u8> {
    guarded(|| {
        golem_by_name(name)
            .map(|g| GOLEMS[g as usize].points)
            .ok_or_else(|| golem_error("golem", format!("unknown golem card '{name}'")))
    })
}
