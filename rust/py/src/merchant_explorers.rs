//! Merchant Explorers' methods beyond the generic ones (`state.rs` makes the class).

use pyo3::prelude::*;

use crate::guarded;
use crate::state::MerchantExplorers as PyMerchantExplorers;

#[pymethods]
impl PyMerchantExplorers {
    /// Forgets the order of every deck (explore, investigate, treasure): later reveals,
    /// offers and draws become chance events, and no order is written to TOML.
    fn hide_decks(&mut self) -> PyResult<()> {
        guarded(|| {
            self.state.hide_decks();
            Ok(())
        })
    }

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
}
