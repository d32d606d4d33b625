//! Golem (Cranio)'s methods beyond the generic ones (`state.rs` makes the class).

use crate::guarded;
use crate::state::GolemCranio as PyGolemCranio;
use pyo3::prelude::*;

#[pymethods]
impl PyGolemCranio {
    /// Forgets the order of the Book deck, the Objective deck and the Action-tile pile:
    /// later deals become chance events, and no order is written to TOML (a known
    /// bottom under an already hidden deck stays).
    fn hide_decks(&mut self) -> PyResult<()> {
        guarded(|| {
            self.state.hide_decks();
            Ok(())
        })
    }

    /// The round, 1..4.
    #[getter]
    fn round(&self) -> u8 {
        self.state.round
    }

    /// The phase (`draft`, ..., `actions`, ..., `over`: the position file's names).
    #[getter]
    fn phase(&self) -> &'static str {
        self.state.phase.name()
    }
}
