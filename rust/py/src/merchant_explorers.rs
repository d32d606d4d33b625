//! Merchant Explorers' methods beyond the generic ones (`state.rs` makes the class).

use golem_core::games::merchant_explorers::cards::OBJECTIVES;
use golem_core::games::merchant_explorers::State as ExplorersState;
use golem_core::games::merchant_explorers::{svg, text_map};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::state::state_in;
use crate::state::MerchantExplorers as PyMerchantExplorers;

/// The ExplorersState state an object of its class holds.
fn held(slf: &PyRef<'_, PyMerchantExplorers>) -> ExplorersState {
    state_in::<ExplorersState>(slf.as_ref())
}

#[pymethods]
impl PyMerchantExplorers {
    /// The map's id (`avenia`, ...).
    #[getter]
    fn map(slf: PyRef<'_, Self>) -> String {
        held(&slf).map().id.clone()
    }

    /// The current era, 1..4.
    #[getter]
    fn era(slf: PyRef<'_, Self>) -> u8 {
        held(&slf).era()
    }

    /// Each objective dealt, in dealt order: ``{"id", "achieved_by": [seats],
    /// "out_of_play": bool}`` (``out_of_play``: solo decay took it away; it can no longer
    /// be achieved, so the solo game can no longer be won).
    #[getter]
    fn objective_status<'py>(
        slf: PyRef<'_, Self>,
        py: Python<'py>,
    ) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for (id, achieved, out_of_play) in held(&slf).objective_status() {
            let entry = PyDict::new(py);
            entry.set_item("id", OBJECTIVES[id].name)?;
            entry.set_item("achieved_by", achieved)?;
            entry.set_item("out_of_play", out_of_play)?;
            list.append(entry)?;
        }
        Ok(list)
    }

    /// Each seat's copy of the map as text, seat by seat: two characters a space (what
    /// stands on it, then its printed feature), two lines a row; ``MAP_KEY`` says what
    /// the characters mean.
    fn map_texts(slf: PyRef<'_, Self>) -> Vec<String> {
        let state = held(&slf);
        svg::panels(&state)
            .iter()
            .map(|panel| text_map::map_text(state.map(), panel))
            .collect()
    }

    /// What the characters of ``map_texts`` mean, one line per kind.
    #[classattr]
    #[allow(non_snake_case)]
    fn MAP_KEY() -> Vec<&'static str> {
        text_map::KEY.to_vec()
    }
}
