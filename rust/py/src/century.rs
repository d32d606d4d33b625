//! Century's own methods, beside the generic ones every game's class has (`state.rs`):
//! the rows, the decks and the seats, for display and analysis.

use golem_core::games::century::cards::{golem_by_name, GOLEMS, MERCHANTS};
use golem_core::games::century::{golem_threshold, BitIter, Century, Coin, Pending};
use golem_core::Game;
use pyo3::prelude::*;

use crate::state::{state_in, Century as PyCentury};
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

fn check_seat(state: &Century, seat: usize) -> PyResult<()> {
    if seat < state.num_players() {
        Ok(())
    } else {
        Err(golem_error(
            "seat",
            format!(
                "{seat} is not a seat of a {}-player game",
                state.num_players()
            ),
        ))
    }
}

fn seat_view(state: &Century, seat: usize) -> PySeat {
    let s = state.seat(seat);
    PySeat {
        seat,
        crystals: s.crystals().to_string(),
        hand: merchant_names(BitIter(s.hand)),
        played: merchant_names(BitIter(s.played)),
        golems: golem_names(BitIter(s.golems)),
        gold: s.gold,
        silver: s.silver,
        golem_points: s.golem_points(),
        score: state.score(seat),
    }
}

/// The Century state an object of its class holds.
fn held(slf: &PyRef<'_, PyCentury>) -> Century {
    state_in::<Century>(slf.as_ref())
}

#[pymethods]
impl PyCentury {
    /// The seat about to act (after a pending deal, at a chance node; 0 once over).
    #[getter]
    fn to_move(slf: PyRef<'_, Self>) -> usize {
        held(&slf).to_move()
    }

    /// The game is finished (the same as `is_terminal()`).
    fn is_over(slf: PyRef<'_, Self>) -> bool {
        held(&slf).is_terminal()
    }

    /// Some player has reached the golem threshold: this round is the last.
    #[getter]
    fn last_round(slf: PyRef<'_, Self>) -> bool {
        held(&slf).last_round()
    }

    /// Golems that end the game (6 with 2-3 players, 5 with 4-5).
    #[getter]
    fn golem_threshold(slf: PyRef<'_, Self>) -> u32 {
        golem_threshold(held(&slf).num_players())
    }

    // -- the board, for display --

    /// Merchant row card names, slot 0 first.
    #[getter]
    fn merchant_row(slf: PyRef<'_, Self>) -> Vec<String> {
        merchant_names(held(&slf).merchant_row().iter().map(|&c| c as usize))
    }

    /// Crystals lying on each merchant row card (letter strings, slot 0 first).
    #[getter]
    fn merchant_row_crystals(slf: PyRef<'_, Self>) -> Vec<String> {
        held(&slf)
            .row_crystals()
            .iter()
            .map(|c| c.to_string())
            .collect()
    }

    /// Golem row card names, slot 0 first.
    #[getter]
    fn golem_row(slf: PyRef<'_, Self>) -> Vec<String> {
        golem_names(held(&slf).golem_row().iter().map(|&g| g as usize))
    }

    /// The coin lying above each golem row slot: "gold", "silver" or None.
    #[getter]
    fn golem_row_coins(slf: PyRef<'_, Self>) -> Vec<Option<&'static str>> {
        let state = held(&slf);
        (0..state.golem_row().len())
            .map(|slot| match state.coin_above(slot) {
                Some(Coin::Gold) => Some("gold"),
                Some(Coin::Silver) => Some("silver"),
                None => None,
            })
            .collect()
    }

    /// The merchant deck top first, or None when its order is hidden.
    #[getter]
    fn merchant_deck(slf: PyRef<'_, Self>) -> Option<Vec<String>> {
        held(&slf)
            .merchant_deck()
            .map(|d| merchant_names(d.iter().map(|&c| c as usize)))
    }

    /// The golem deck top first, or None when its order is hidden.
    #[getter]
    fn golem_deck(slf: PyRef<'_, Self>) -> Option<Vec<String>> {
        held(&slf)
            .golem_deck()
            .map(|d| golem_names(d.iter().map(|&g| g as usize)))
    }

    /// The merchant cards still in the deck (known order or not), by card id.
    #[getter]
    fn merchant_unseen(slf: PyRef<'_, Self>) -> Vec<String> {
        merchant_names(BitIter(held(&slf).merchant_unseen()))
    }

    #[getter]
    fn golem_unseen(slf: PyRef<'_, Self>) -> Vec<String> {
        golem_names(BitIter(held(&slf).golem_unseen()))
    }

    /// "merchant" or "golem" when a card is about to be dealt (chance node), else None.
    #[getter]
    fn pending_deal(slf: PyRef<'_, Self>) -> Option<&'static str> {
        match held(&slf).pending() {
            Pending::None => None,
            Pending::Merchant => Some("merchant"),
            Pending::Golem => Some("golem"),
        }
    }

    #[getter]
    fn gold_left(slf: PyRef<'_, Self>) -> u8 {
        held(&slf).gold_left()
    }

    #[getter]
    fn silver_left(slf: PyRef<'_, Self>) -> u8 {
        held(&slf).silver_left()
    }

    /// The class of the snapshots `seat()` and `seats` give.
    #[classattr]
    #[allow(non_snake_case)]
    fn Seat(py: Python<'_>) -> Py<pyo3::types::PyType> {
        py.get_type::<PySeat>().unbind()
    }

    /// Victory points of a golem card, by name.
    #[staticmethod]
    fn golem_points(name: &str) -> PyResult<u8> {
        guarded(|| {
            golem_by_name(name)
                .map(|g| GOLEMS[g as usize].points)
                .ok_or_else(|| golem_error("golem", format!("unknown golem card '{name}'")))
        })
    }

    /// A snapshot of one seat's belongings.
    fn seat(
        slf: PyRef<'_, Self>,
        #[pyo3(from_py_with = "crate::ints::seat")] seat: usize,
    ) -> PyResult<PySeat> {
        guarded(|| {
            let state = held(&slf);
            check_seat(&state, seat)?;
            Ok(seat_view(&state, seat))
        })
    }

    /// Snapshots of every seat, seat 0 first.
    #[getter]
    fn seats(slf: PyRef<'_, Self>) -> PyResult<Vec<PySeat>> {
        guarded(|| {
            let state = held(&slf);
            Ok((0..state.num_players())
                .map(|s| seat_view(&state, s))
                .collect())
        })
    }
}
