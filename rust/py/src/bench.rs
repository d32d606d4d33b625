//! The bench from Python: the search signature, its time and speed.

use golem_core::bench::{run as run_bench, BenchLine, SIGNATURE};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::guarded;

fn line_dict<'py>(py: Python<'py>, line: &BenchLine) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("position", line.position)?;
    dict.set_item("search", &line.search)?;
    dict.set_item("nodes", line.nodes)?;
    dict.set_item("seconds", line.seconds)?;
    Ok(dict)
}

/// Runs the bench with the GIL released, calling `on_line(dict)` after each search.
/// Returns `{"nodes", "seconds", "nps", "expected", "lines"}`; `expected` is the signature
/// recorded in the code.
#[pyfunction]
#[pyo3(signature = (*, on_line=None))]
pub fn bench(py: Python<'_>, on_line: Option<Py<PyAny>>) -> PyResult<Py<PyDict>> {
    guarded(|| {
        let mut error: Option<PyErr> = None;
        let mut report = |line: &BenchLine| {
            let Some(callback) = &on_line else {
                return;
            };
            if error.is_none() {
                let outcome = Python::with_gil(|py| {
                    line_dict(py, line).and_then(|d| callback.call1(py, (d,)).map(drop))
                });
                error = outcome.err();
            }
        };
        let result = py.allow_threads(|| guarded(|| Ok(run_bench(&mut report))))?;
        if let Some(e) = error {
            return Err(e);
        }
        let dict = PyDict::new(py);
        dict.set_item("nodes", result.nodes)?;
        dict.set_item("seconds", result.seconds)?;
        dict.set_item("nps", result.nodes_per_second())?;
        dict.set_item("expected", SIGNATURE)?;
        let lines = PyList::empty(py);
        for line in &result.lines {
            lines.append(line_dict(py, line)?)?;
        }
        dict.set_item("lines", lines)?;
        Ok(dict.unbind())
    })
}
