//! Golem (Cranio)'s methods beyond the generic ones (`state.rs` makes the class).

use crate::state::state_in;
use crate::state::GolemCranio as PyGolemCranio;

/// The GolemState state an object of its class holds.
fn held(slf: &PyRef<'_, PyGolemCranio>) -> GolemState {
    state_in::<GolemState>(slf.as_ref())
}
use golem_core::games::golem_cranio::state::{Chance, COLOURS, COLOUR_LETTERS, LINE_NAMES};
use golem_core::games::golem_cranio::State as GolemState;
use pyo3::prelude::*;
use pyo3::types::PyDict;

#[pymethods]
impl PyGolemCranio {
    /// The round, 1..4.
    #[getter]
    fn round(slf: PyRef<'_, Self>) -> u8 {
        held(&slf).round
    }

    /// The phase (`draft`, ..., `actions`, ..., `over`: the position file's names).
    #[getter]
    fn phase(slf: PyRef<'_, Self>) -> &'static str {
        held(&slf).phase.name()
    }

    /// The marble drop pending, or None when the state is not at one: `lines`, the five
    /// lines in the notation's order (`drop <work>/<golem>/<artifacts>/<study>/<mirror>`),
    /// `colours`, the colour letters in their order (w k r b y), and `marbles`, how many
    /// marbles of each colour fall (spec 7.1).
    #[getter]
    fn pending_drop<'py>(
        slf: PyRef<'_, Self>,
        py: Python<'py>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        if held(&slf).chance != Chance::Drop {
            return Ok(None);
        }
        let marbles = held(&slf).drop_marbles();
        let dict = PyDict::new(py);
        dict.set_item("lines", LINE_NAMES.to_vec())?;
        let letters: Vec<String> = COLOUR_LETTERS
            .iter()
            .map(|&c| (c as char).to_string())
            .collect();
        dict.set_item("colours", letters)?;
        let counts: Vec<u32> = (0..COLOURS as u8)
            .map(|c| u32::from(marbles.count(c)))
            .collect();
        dict.set_item("marbles", counts)?;
        Ok(Some(dict))
    }
}
