//! Golem (Cranio)'s methods beyond the generic ones (`state.rs` makes the class).

use pyo3::prelude::*;
use pyo3::types::PyDict;

use golem_core::Game;

use crate::guarded;
use crate::state::GolemCranio as PyGolemCranio;

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

    /// The components file in use (spec §13): `source` ("builtin" or its path),
    /// `sha256`, `facts`, `placeholders` and the `line` every result prints.
    #[getter]
    fn ruleset<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        guarded(|| {
            let ruleset = self.state.ruleset().expect("Golem has components");
            let dict = PyDict::new(py);
            dict.set_item("source", &ruleset.source)?;
            dict.set_item("sha256", &ruleset.sha256)?;
            dict.set_item("facts", ruleset.facts)?;
            dict.set_item("placeholders", ruleset.placeholders)?;
            dict.set_item("line", ruleset.line())?;
            Ok(dict)
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
