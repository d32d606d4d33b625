//! Merchant Explorers' methods beyond the generic ones (`state.rs` makes the class).

use golem_core::games::merchant_explorers::cards::OBJECTIVES;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::state::MerchantExplorers as PyMerchantExplorers;

#[pymethods]
impl PyMerchantExplorers {
    /// The map's id (`avenia`, ...).
    #[getter]
    fn map(&self) -> String {
        self.state.map().id.clone()
    }

    /// The current era, 1..4.
    #[getter]
    fn era(&self) -> u8 {
        self.state.era()
    }

    /// Each objective dealt, in dealt order: ``{"id", "achieved_by": [seats],
    /// "out_of_play": bool}`` (``out_of_play``: solo decay took it away; it can no longer
    /// be achieved, so the solo game can no longer be won).
    #[getter]
    fn objective_status<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for (id, achieved, out_of_play) in self.state.objective_status() {
            let entry = PyDict::new(py);
            entry.set_item("id", OBJECTIVES[id].name)?;
            entry.set_item("achieved_by", achieved)?;
            entry.set_item("out_of_play", out_of_play)?;
            list.append(entry)?;
        }
        Ok(list)
    }
}
