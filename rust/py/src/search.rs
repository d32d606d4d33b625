//! Search entry points: alpha-beta (`solve`) and ISMCTS (`analyse`), results as dicts.
//!
//! The search runs with the GIL released; a progress callback, when given, takes the GIL
//! for each report. An exception raised by the callback (Ctrl-C included) stops the search
//! and is raised again once the search has returned its best result so far.

use std::time::Duration;

use golem_core::games::century::{Action, Century as State};
use golem_core::search::alphabeta::{self, AlphaBetaConfig, AlphaBetaResult};
use golem_core::search::ismcts::{self, IsmctsConfig, IsmctsResult, Rollout, Variant};
use golem_core::search::objective::{verdict, Objective, Verdict};
use golem_core::search::{Limits, StopFlag};
use golem_core::{Game, Turn};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::{golem_error, guarded, PyCentury};

/// Lets another thread stop a running search (`token.stop()`); the search then returns
/// the best result found so far.
#[pyclass(name = "StopToken", module = "golem_solver")]
#[derive(Clone, Default)]
pub struct PyStopToken {
    flag: StopFlag,
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

/// The texts of `line` played from `root`, up to the first chance event (the line beyond
/// depends on the deal) or the first step that is not legal.
fn line_texts(root: &State, line: &[Action]) -> Vec<String> {
    let mut state = *root;
    let mut legal = Vec::new();
    let mut texts = Vec::new();
    for &action in line {
        if !matches!(state.turn(), Turn::Player(_)) {
            break;
        }
        state.legal_actions(&mut legal);
        if !legal.contains(&action) {
            break;
        }
        texts.push(state.action_to_text(action));
        state.apply(action);
    }
    texts
}

fn checked_root(state: &State) -> PyResult<()> {
    match state.turn() {
        Turn::Player(_) => Ok(()),
        Turn::Chance => Err(golem_error(
            "position",
            "a card is about to be dealt; apply a deal first",
        )),
        Turn::Terminal => Err(golem_error(
            "position",
            "the game is over; there is nothing to search",
        )),
    }
}

/// A number as Python shows it: an int when whole (score differences), else a float.
fn number(py: Python<'_>, value: f64) -> PyObject {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        (value as i64)
            .into_pyobject(py)
            .expect("int")
            .into_any()
            .unbind()
    } else {
        value.into_pyobject(py).expect("float").into_any().unbind()
    }
}

fn put_value<'py>(
    dict: &Bound<'py, PyDict>,
    objective: Objective,
    value: f64,
    settled: bool,
) -> PyResult<()> {
    let py = dict.py();
    match objective {
        Objective::Win => {
            let (result, plies) = match verdict(value) {
                Verdict::Win { plies } => ("win", Some(plies)),
                Verdict::Loss { plies } => ("loss", Some(plies)),
                Verdict::Unproven => ("unproven", None),
            };
            dict.set_item("result", result)?;
            dict.set_item("plies", plies)?;
        }
        Objective::Margin => {
            dict.set_item("value", number(py, value))?;
            dict.set_item("exact", settled)?;
        }
    }
    Ok(())
}

/// The fields both searches report: what ran, the answer, its cost and its line.
fn put_common(
    dict: &Bound<'_, PyDict>,
    root: &State,
    algorithm: &str,
    best: Option<Action>,
    (nodes, seconds): (u64, f64),
    pv: &[Action],
) -> PyResult<()> {
    dict.set_item("algorithm", algorithm)?;
    dict.set_item("best", best.map(|a| root.action_to_text(a)))?;
    dict.set_item("nodes", nodes)?;
    dict.set_item("seconds", seconds)?;
    dict.set_item("nps", (nodes as f64 / seconds.max(1e-9)) as u64)?;
    dict.set_item("pv", line_texts(root, pv))
}

fn alphabeta_dict<'py>(
    py: Python<'py>,
    root: &State,
    objective: Objective,
    result: &AlphaBetaResult<Action>,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    let cost = (result.nodes, result.seconds);
    put_common(&dict, root, "alphabeta", result.best, cost, &result.pv)?;
    let name = if objective == Objective::Win {
        "win"
    } else {
        "margin"
    };
    dict.set_item("objective", name)?;
    put_value(&dict, objective, result.value, result.settled)?;
    dict.set_item("depth", result.depth)?;
    dict.set_item("hashfull", result.hashfull)?;
    dict.set_item("stopped", result.stopped)?;
    let moves = PyList::empty(py);
    for m in &result.moves {
        let entry = PyDict::new(py);
        entry.set_item("move", root.action_to_text(m.action))?;
        put_value(&entry, objective, m.value, m.settled)?;
        entry.set_item("pv", line_texts(root, &m.pv))?;
        moves.append(entry)?;
    }
    dict.set_item("moves", moves)?;
    Ok(dict)
}

fn ismcts_dict<'py>(
    py: Python<'py>,
    root: &State,
    result: &IsmctsResult<Action>,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    let cost = (result.nodes, result.seconds);
    put_common(&dict, root, "ismcts", Some(result.best), cost, &result.pv)?;
    dict.set_item("objective", "win")?;
    dict.set_item("value", result.value)?;
    dict.set_item("iterations", result.iterations)?;
    dict.set_item("tree_size", result.tree_size)?;
    let moves = PyList::empty(py);
    for m in &result.moves {
        let entry = PyDict::new(py);
        entry.set_item("move", root.action_to_text(m.action))?;
        entry.set_item("visits", m.visits)?;
        entry.set_item("value", m.value)?;
        entry.set_item("available", m.available)?;
        moves.append(entry)?;
    }
    dict.set_item("moves", moves)?;
    Ok(dict)
}

/// Calls the Python progress callback; on an exception, stops the search and keeps the
/// exception to raise after it returns.
struct Reporter<'a> {
    callback: Option<Py<PyAny>>,
    stop: &'a StopFlag,
    error: Option<PyErr>,
}

impl Reporter<'_> {
    fn send(&mut self, make: impl FnOnce(Python<'_>) -> PyResult<Py<PyDict>>) {
        let Some(callback) = &self.callback else {
            return;
        };
        if self.error.is_some() {
            return;
        }
        let outcome =
            Python::with_gil(|py| make(py).and_then(|dict| callback.call1(py, (dict,)).map(drop)));
        if let Err(err) = outcome {
            self.error = Some(err);
            self.stop.stop();
        }
    }

    fn finish(self) -> PyResult<()> {
        self.error.map_or(Ok(()), Err)
    }
}

/// Alpha-beta: see `golem_solver.Century.solve` in the Python stub for the arguments.
#[pyfunction]
#[pyo3(signature = (state, *, depth=None, nodes=None, movetime_ms=None, objective="win", hash_mb=16, use_tt=true, on_iteration=None, stop=None))]
#[allow(clippy::too_many_arguments)]
pub fn solve(
    py: Python<'_>,
    state: &PyCentury,
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime_ms: Option<u64>,
    objective: &str,
    hash_mb: usize,
    use_tt: bool,
    on_iteration: Option<Py<PyAny>>,
    stop: Option<PyStopToken>,
) -> PyResult<Py<PyDict>> {
    guarded(|| {
        let root = state.state;
        checked_root(&root)?;
        let objective = match objective {
            "win" => Objective::Win,
            "margin" => Objective::Margin,
            other => {
                return Err(golem_error(
                    "objective",
                    format!("'{other}' is not an objective (win or margin)"),
                ))
            }
        };
        if depth == Some(0) {
            return Err(golem_error("depth", "must be at least 1"));
        }
        if !(1..=65536).contains(&hash_mb) {
            return Err(golem_error(
                "hash",
                format!("{hash_mb} MiB is outside 1..=65536"),
            ));
        }
        let limits = limits(depth, nodes, movetime_ms, None);
        let config = AlphaBetaConfig {
            objective,
            hash_mb,
            use_tt,
            chance_samples: None,
        };
        let flag = stop.map(|s| s.flag).unwrap_or_default();
        let mut reporter = Reporter {
            callback: on_iteration,
            stop: &flag,
            error: None,
        };
        let result = py.allow_threads(|| {
            guarded(|| {
                Ok(alphabeta::search(
                    &root,
                    limits,
                    &config,
                    &flag,
                    &mut |progress| {
                        reporter.send(|py| {
                            alphabeta_dict(py, &root, objective, progress).map(Bound::unbind)
                        })
                    },
                ))
            })
        })?;
        reporter.finish()?;
        Ok(alphabeta_dict(py, &root, objective, &result)?.unbind())
    })
}

/// ISMCTS: see `golem_solver.Century.analyse` in the Python stub for the arguments.
#[pyfunction]
#[pyo3(signature = (state, *, iterations=None, nodes=None, movetime_ms=None, threads=1, seed=0, variant="so", rollout="random", epsilon=0.1, cutoff=None, exploration=0.7, report_every=0, on_report=None, stop=None))]
#[allow(clippy::too_many_arguments)]
pub fn analyse(
    py: Python<'_>,
    state: &PyCentury,
    iterations: Option<u64>,
    nodes: Option<u64>,
    movetime_ms: Option<u64>,
    threads: usize,
    seed: u64,
    variant: &str,
    rollout: &str,
    epsilon: f64,
    cutoff: Option<u32>,
    exploration: f64,
    report_every: u64,
    on_report: Option<Py<PyAny>>,
    stop: Option<PyStopToken>,
) -> PyResult<Py<PyDict>> {
    guarded(|| {
        let root = state.state;
        checked_root(&root)?;
        let variant = match variant {
            "so" => Variant::So,
            "mo" => Variant::Mo,
            other => {
                return Err(golem_error(
                    "ismcts",
                    format!("'{other}' is not a variant (so or mo)"),
                ))
            }
        };
        let rollout = match rollout {
            "random" => Rollout::Random,
            "heuristic" if (0.0..=1.0).contains(&epsilon) => Rollout::Heuristic { epsilon },
            "heuristic" => {
                return Err(golem_error(
                    "epsilon",
                    format!("{epsilon} is outside 0..=1"),
                ))
            }
            other => {
                return Err(golem_error(
                    "rollout",
                    format!("'{other}' is not a rollout (random or heuristic)"),
                ))
            }
        };
        if !(1..=256).contains(&threads) {
            return Err(golem_error(
                "threads",
                format!("{threads} is outside 1..=256"),
            ));
        }
        if !(exploration.is_finite() && exploration >= 0.0) {
            return Err(golem_error("exploration", "must be a finite number >= 0"));
        }
        let mut legal = Vec::new();
        root.legal_actions(&mut legal);
        if legal.is_empty() {
            return Err(golem_error(
                "position",
                "the player to move has no legal move",
            ));
        }
        let limits = limits(None, nodes, movetime_ms, iterations);
        let config = IsmctsConfig {
            variant,
            exploration,
            rollout,
            rollout_cutoff: cutoff,
            threads,
            seed,
            report_every,
            ..IsmctsConfig::default()
        };
        let flag = stop.map(|s| s.flag).unwrap_or_default();
        let mut reporter = Reporter {
            callback: on_report,
            stop: &flag,
            error: None,
        };
        let result = py.allow_threads(|| {
            guarded(|| {
                Ok(ismcts::search(
                    &root,
                    limits,
                    &config,
                    &flag,
                    &mut |progress| {
                        reporter.send(|py| ismcts_dict(py, &root, progress).map(Bound::unbind))
                    },
                ))
            })
        })?;
        reporter.finish()?;
        Ok(ismcts_dict(py, &root, &result)?.unbind())
    })
}
