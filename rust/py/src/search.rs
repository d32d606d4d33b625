//! Search entry points: alpha-beta (`solve`) and ISMCTS (`analyse`). The core runs them
//! and reports plain data (`golem_core::search::report`), which crosses into Python as
//! dicts by one converter (`pythonize`).
//!
//! The search runs with the GIL released; a progress callback, when given, takes the GIL
//! for each report. An exception raised by the callback (Ctrl-C included) stops the search
//! and is raised again once the search has returned its best result so far.

use std::time::Duration;

use golem_core::search::alphabeta::AlphaBetaConfig;
use golem_core::search::ismcts::IsmctsConfig;
use golem_core::search::objective::Objective;
use golem_core::search::options::{
    apply_alphabeta_options, check_range, GivenOptions, HASH_MB, THREADS,
};
use golem_core::search::report::{self, AnalysisAsk};
use golem_core::search::{Limits, StopFlag};
use golem_core::{with_state, Refusal};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use pythonize::pythonize;
use serde::Serialize;

use crate::reporter::Reporter;
use crate::state::PyGameState;
use crate::{golem_error, guarded, refused};

/// Lets another thread stop a running search (`token.stop()`); the search then returns
/// the best result found so far.
#[pyclass(name = "StopToken", module = "golem_solver")]
#[derive(Clone, Default)]
pub struct PyStopToken {
    pub(crate) flag: StopFlag,
}

#[pymethods]
impl PyStopToken {
    #[new]
    fn new() -> Self {
        Self::default()
    }

    fn stop(&self) {
        self.flag.stop();
    }

    #[getter]
    fn stopped(&self) -> bool {
        self.flag.is_stopped()
    }
}

fn limits(
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime_ms: Option<u64>,
    iterations: Option<u64>,
) -> Limits {
    Limits {
        depth,
        nodes,
        movetime: movetime_ms.map(Duration::from_millis),
        iterations,
    }
}

/// Runs `search` with the GIL released, sending each progress report to `callback` as a
/// dict; a callback exception stops the search and is raised once it has returned. The
/// final report comes back as a dict too.
fn run_reported<R, S>(flag: &StopFlag, callback: Option<Py<PyAny>>, search: S) -> PyResult<PyObject>
where
    R: Serialize + Send,
    S: FnOnce(&mut dyn FnMut(&R)) -> Result<R, Refusal> + Send,
{
    let mut reporter = Reporter::new(callback, flag);
    let result = Python::with_gil(|py| {
        py.allow_threads(|| {
            guarded(|| {
                search(&mut |progress| {
                    reporter.send(|py| Ok(PyTuple::new(py, [pythonize(py, progress)?])?.unbind()))
                })
                .map_err(refused)
            })
        })
    })?;
    reporter.finish()?;
    Python::with_gil(|py| Ok(pythonize(py, &result)?.unbind()))
}

/// The search options given as keywords (`**options`), checked against the options
/// `search` takes; `own` names those with a keyword of their own (`(option, keyword)`),
/// which are refused here with a pointer to it.
fn given_options<'a>(
    texts: &'a [(String, String)],
    search: &str,
    own: &[(&str, &str)],
) -> PyResult<Vec<(&'a str, &'a str)>> {
    let pairs: Vec<(&str, &str)> = texts
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    GivenOptions::new(&pairs)
        .check_names(search)
        .map_err(refused)?;
    for &(name, _) in &pairs {
        if let Some((_, keyword)) = own.iter().find(|(option, _)| *option == name) {
            return Err(golem_error(name, format!("give it as {keyword}=")));
        }
    }
    Ok(pairs)
}

/// Alpha-beta: see `solve` in the Python stub (`_core.pyi`) for the arguments. The other
/// alpha-beta options (`samples`, `eval`, ...) are keywords read by the core's one parser
/// of `SEARCH_OPTIONS`, the bot specs' own.
#[pyfunction]
#[pyo3(signature = (state, *, depth=None, nodes=None, movetime_ms=None, objective="win", hash_mb=16, use_tt=true, threads=1, on_iteration=None, stop=None, **options))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    state: &Bound<'_, PyGameState>,
    #[pyo3(from_py_with = "crate::ints::depth")] depth: Option<u32>,
    #[pyo3(from_py_with = "crate::ints::nodes")] nodes: Option<u64>,
    #[pyo3(from_py_with = "crate::ints::movetime_ms")] movetime_ms: Option<u64>,
    objective: &str,
    #[pyo3(from_py_with = "crate::ints::hash_mb")] hash_mb: usize,
    use_tt: bool,
    #[pyo3(from_py_with = "crate::ints::threads")] threads: usize,
    on_iteration: Option<Py<PyAny>>,
    stop: Option<PyStopToken>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyObject> {
    let options = option_texts(options)?;
    guarded(|| {
        // The options with a keyword of their own under another name.
        let own = [("movetime", "movetime_ms"), ("hash", "hash_mb")];
        let pairs = given_options(&options, "alphabeta", &own)?;
        let objective = Objective::from_name(objective).map_err(refused)?;
        if depth == Some(0) {
            return Err(golem_error("depth", "must be at least 1"));
        }
        let mut config = AlphaBetaConfig {
            objective,
            hash_mb: check_range("hash", hash_mb, HASH_MB).map_err(refused)?,
            use_tt,
            chance_samples: None,
            threads: check_range("threads", threads, THREADS).map_err(refused)?,
            ..AlphaBetaConfig::default()
        };
        apply_alphabeta_options(&mut config, &GivenOptions::new(&pairs)).map_err(refused)?;
        let limits = limits(depth, nodes, movetime_ms, None);
        let flag = stop.map(|s| s.flag).unwrap_or_default();
        with_state!(PyGameState::held(state), f, G => {
            let root = *f.state();
            run_reported(&flag, on_iteration, |progress| {
                report::solve(&root, limits, &config, &flag, progress)
            })
        })
    })
}

/// ISMCTS: see `analyse` in the Python stub (`_core.pyi`) for the arguments. The search
/// options (`rollout`, `cutoff`, `widening`, ...) are keywords read by the core's one
/// parser of `SEARCH_OPTIONS`, the bot specs' own; None leaves an option at its default.
#[pyfunction]
#[pyo3(signature = (state, *, iterations=None, nodes=None, movetime_ms=None, threads=1, seed=0, report_every=0, only=None, objective=None, on_report=None, stop=None, **options))]
#[allow(clippy::too_many_arguments)]
pub fn analyse(
    state: &Bound<'_, PyGameState>,
    #[pyo3(from_py_with = "crate::ints::iterations")] iterations: Option<u64>,
    #[pyo3(from_py_with = "crate::ints::nodes")] nodes: Option<u64>,
    #[pyo3(from_py_with = "crate::ints::movetime_ms")] movetime_ms: Option<u64>,
    #[pyo3(from_py_with = "crate::ints::threads")] threads: usize,
    #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
    #[pyo3(from_py_with = "crate::ints::report_every")] report_every: u64,
    only: Option<Vec<String>>,
    objective: Option<String>,
    on_report: Option<Py<PyAny>>,
    stop: Option<PyStopToken>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<PyObject> {
    let options = option_texts(options)?;
    guarded(|| {
        let threads = check_range("threads", threads, THREADS).map_err(refused)?;
        if iterations == Some(0) {
            return Err(golem_error("iterations", "must be at least 1"));
        }
        // The options with a keyword of their own under another name.
        let own = [("movetime", "movetime_ms"), ("solo", "objective")];
        let pairs = given_options(&options, "ismcts", &own)?;
        let config = IsmctsConfig {
            threads,
            seed,
            report_every,
            ..IsmctsConfig::default()
        };
        let ask = AnalysisAsk {
            only: only.as_deref(),
            objective: objective.as_deref(),
            options: &pairs,
        };
        let limits = limits(None, nodes, movetime_ms, iterations);
        let flag = stop.map(|s| s.flag).unwrap_or_default();
        with_state!(PyGameState::held(state), f, G => {
            let root = *f.state();
            run_reported(&flag, on_report, |progress| {
                report::analyse(&root, ask, limits, &config, &flag, progress)
            })
        })
    })
}

/// Keyword arguments as option texts: `True`/`False` as `on`/`off`, numbers as written;
/// a `None` is left out (the option keeps its default).
fn option_texts(options: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, String)>> {
    let mut texts = Vec::new();
    for (key, value) in options.into_iter().flat_map(|d| d.iter()) {
        let name: String = key.extract()?;
        if value.is_none() {
            continue;
        }
        let text = if let Ok(flag) = value.downcast::<pyo3::types::PyBool>() {
            if flag.is_true() { "on" } else { "off" }.to_string()
        } else if value.is_instance_of::<pyo3::types::PyString>()
            || value.is_instance_of::<pyo3::types::PyInt>()
            || value.is_instance_of::<pyo3::types::PyFloat>()
        {
            value.str()?.to_string()
        } else {
            return Err(golem_error(
                &name,
                format!(
                    "expected a text or a number, got {}",
                    value.get_type().name()?
                ),
            ));
        };
        texts.push((name, text));
    }
    Ok(texts)
}
