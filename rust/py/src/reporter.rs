//! Calls a Python callback from running work (a search, an arena, the bench): the first
//! exception (Ctrl-C included) stops the work, and is raised once the work has returned
//! what it has.

use golem_core::search::StopFlag;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

pub(crate) struct Reporter<'a> {
    callback: Option<Py<PyAny>>,
    stop: &'a StopFlag,
    error: Option<PyErr>,
}

impl<'a> Reporter<'a> {
    pub(crate) fn new(callback: Option<Py<PyAny>>, stop: &'a StopFlag) -> Self {
        Reporter {
            callback,
            stop,
            error: None,
        }
    }

    /// Calls the callback with the arguments `make` builds (with the GIL held); does
    /// nothing without a callback or after a first error.
    pub(crate) fn send(&mut self, make: impl FnOnce(Python<'_>) -> PyResult<Py<PyTuple>>) {
        let Some(callback) = &self.callback else {
            return;
        };
        if self.error.is_some() {
            return;
        }
        let outcome = Python::with_gil(|py| {
            make(py).and_then(|args| callback.call1(py, args.bind(py).clone()).map(drop))
        });
        if let Err(err) = outcome {
            self.error = Some(err);
            self.stop.stop();
        }
    }

    /// The callback's exception, if it raised one.
    pub(crate) fn finish(self) -> PyResult<()> {
        self.error.map_or(Ok(()), Err)
    }
}
