//! The bench from Python: the search signature, its time and speed, per game.

use golem_core::bench::{run_with_stop as run_bench, BenchLine, BenchOptions};
use golem_core::games::GameId;
use golem_core::search::StopFlag;
use pyo3::prelude::*;
use pyo3::types::PyTuple;
use pythonize::pythonize;

use crate::reporter::Reporter;
use crate::search::PyStopToken;
use crate::{golem_error, guarded, refused};

/// Runs the bench with the GIL released, calling `on_line(dict)` after each search.
/// Returns `{"nodes", "seconds", "nps", "expected", "lines", "games"}`: `expected` is the
/// signature recorded in the code for the standard bench, None for an ad-hoc run
/// (`game`, `depth`, `nodes` or `positions`, TOML texts separated by lines `---`).
/// `stop` ends it at once: the result then has the searches finished and `stopped: True`.
#[pyfunction]
#[pyo3(signature = (*, game=None, depth=None, nodes=None, positions=None, on_line=None, stop=None))]
pub fn bench(
    py: Python<'_>,
    game: Option<&str>,
    #[pyo3(from_py_with = "crate::ints::depth")] depth: Option<u32>,
    #[pyo3(from_py_with = "crate::ints::nodes")] nodes: Option<u64>,
    positions: Option<&str>,
    on_line: Option<Py<PyAny>>,
    stop: Option<PyStopToken>,
) -> PyResult<PyObject> {
    guarded(|| {
        let games = match game {
            Some(name) => {
                vec![GameId::from_name(name).map_err(refused)?]
            }
            None => Vec::new(),
        };
        if depth == Some(0) {
            return Err(golem_error("depth", "must be at least 1"));
        }
        if nodes == Some(0) {
            return Err(golem_error("nodes", "must be at least 1"));
        }
        let positions = positions.map(split_positions).unwrap_or_default();
        let options = BenchOptions {
            games,
            depth,
            nodes,
            positions,
        };
        let stop: StopFlag = stop.map(|s| s.flag).unwrap_or_default();
        let mut reporter = Reporter::new(on_line, &stop);
        let mut report = |line: &BenchLine| {
            reporter.send(|py| Ok(PyTuple::new(py, [pythonize(py, line)?])?.unbind()))
        };
        let result =
            py.allow_threads(|| guarded(|| Ok(run_bench(&options, &stop, &mut report))))?;
        reporter.finish()?;
        let result = result.map_err(|e| crate::position_error(&e))?;
        Ok(pythonize(py, &result.summary())?.unbind())
    })
}

/// Position texts separated by lines holding only `---`.
fn split_positions(text: &str) -> Vec<String> {
    let mut positions = vec![String::new()];
    for line in text.lines() {
        if line.trim() == "---" {
            positions.push(String::new());
        } else {
            let current = positions.last_mut().expect("never empty");
            current.push_str(line);
            current.push('\n');
        }
    }
    positions.retain(|p| !p.trim().is_empty());
    positions
}
