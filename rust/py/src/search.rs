//! Search entry points: alpha-beta (`solve`) and ISMCTS (`analyse`), results as dicts.
//!
//! The search runs with the GIL released; a progress callback, when given, takes the GIL
//! for each report. An exception raised by the callback (Ctrl-C included) stops the search
//! and is raised again once the search has returned its best result so far.

use std::time::Duration;

use golem_core::search::alphabeta::{self, AlphaBetaConfig, AlphaBetaResult};
use golem_core::search::ismcts::{self, IsmctsConfig, IsmctsResult, Reward, SoloGoal};
use golem_core::search::objective::{verdict, Objective, Verdict};
use golem_core::search::options::{
    apply_ismcts_options, check_range, GivenOptions, HASH_MB, THREADS,
};
use golem_core::search::solo::solo_value;
use golem_core::search::{Limits, StopFlag};
use golem_core::Game;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::reporter::Reporter;
use crate::state::PyGameState;
use crate::{golem_error, guarded, refused};
use golem_core::search::root::{decision_root, line_texts, LineTexts};
use golem_core::with_state;

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

/// `pv` (the legal texts) and `pv_illegal` (None, or the first illegal step's ply and id).
fn put_line(dict: &Bound<'_, PyDict>, line: LineTexts) -> PyResult<()> {
    dict.set_item("pv", line.texts)?;
    let illegal = match line.illegal {
        Some((ply, action)) => {
            let entry = PyDict::new(dict.py());
            entry.set_item("ply", ply)?;
            entry.set_item("action", action)?;
            Some(entry)
        }
        None => None,
    };
    dict.set_item("pv_illegal", illegal)
}

/// A number as Python shows it: an int when whole (score differences), else a float.
fn number(py: Python<'_>, value: f64) -> PyObject {
    // Expectations sum probabilities: round off the float noise (-9.999999999999998).
    let rounded = (value * 1e9).round() / 1e9;
    let value = if rounded.is_finite() { rounded } else { value };
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
fn put_common<G: Game>(
    dict: &Bound<'_, PyDict>,
    root: &G,
    algorithm: &str,
    best: Option<G::Action>,
    (nodes, seconds): (u64, f64),
    pv: &[G::Action],
) -> PyResult<()> {
    dict.set_item("algorithm", algorithm)?;
    dict.set_item("best", best.map(|a| root.action_to_text(a)))?;
    dict.set_item("nodes", nodes)?;
    dict.set_item("seconds", seconds)?;
    dict.set_item("nps", (nodes as f64 / seconds.max(1e-9)) as u64)?;
    put_line(dict, line_texts(root, pv))
}

fn alphabeta_dict<'py, G: Game>(
    py: Python<'py>,
    root: &G,
    objective: Objective,
    result: &AlphaBetaResult<G::Action>,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    let cost = (result.nodes, result.seconds);
    put_common(&dict, root, "alphabeta", result.best, cost, &result.pv)?;
    dict.set_item("objective", objective.name())?;
    put_value(&dict, objective, result.value, result.settled)?;
    dict.set_item("depth", result.depth)?;
    dict.set_item("hashfull", result.hashfull)?;
    dict.set_item("stopped", result.stopped)?;
    // Draws per chance node too large to list (Golem's drops), if the search met one.
    dict.set_item("chance_sampled", result.chance_sampled)?;
    let moves = PyList::empty(py);
    for m in &result.moves {
        let entry = PyDict::new(py);
        entry.set_item("move", root.action_to_text(m.action))?;
        put_value(&entry, objective, m.value, m.settled)?;
        put_line(&entry, line_texts(root, &m.pv))?;
        moves.append(entry)?;
    }
    dict.set_item("moves", moves)?;
    Ok(dict)
}

fn ismcts_dict<'py, G: Game>(
    py: Python<'py>,
    root: &G,
    objective: &str,
    result: &IsmctsResult<G::Action>,
) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    let cost = (result.nodes, result.seconds);
    put_common(&dict, root, "ismcts", Some(result.best), cost, &result.pv)?;
    dict.set_item("objective", objective)?;
    dict.set_item("value", result.value)?;
    let solo = root.num_players() == 1;
    if solo {
        dict.set_item("expected_score", result.expected_score)?;
        dict.set_item("solo_win", result.solo_win)?;
    }
    dict.set_item("iterations", result.iterations)?;
    dict.set_item("tree_size", result.tree_size)?;
    let moves = PyList::empty(py);
    for m in &result.moves {
        let entry = PyDict::new(py);
        entry.set_item("move", root.action_to_text(m.action))?;
        entry.set_item("visits", m.visits)?;
        entry.set_item("value", m.value)?;
        entry.set_item("available", m.available)?;
        if solo {
            entry.set_item("expected_score", m.expected_score)?;
            entry.set_item("solo_win", m.solo_win)?;
        }
        moves.append(entry)?;
    }
    dict.set_item("moves", moves)?;
    Ok(dict)
}

fn progress_args(py: Python<'_>, dict: PyResult<Bound<'_, PyDict>>) -> PyResult<Py<PyTuple>> {
    Ok(PyTuple::new(py, [dict?])?.unbind())
}

/// Runs `search` with the GIL released, sending each progress result to `callback` as a
/// dict; a callback exception stops the search and is raised once it has returned. The
/// final result comes back as a dict too.
fn run_reported<R: Send, S, D>(
    flag: &StopFlag,
    callback: Option<Py<PyAny>>,
    search: S,
    dict: D,
) -> PyResult<Py<PyDict>>
where
    S: FnOnce(&mut dyn FnMut(&R)) -> PyResult<R> + Send,
    D: for<'py> Fn(Python<'py>, &R) -> PyResult<Bound<'py, PyDict>> + Sync,
{
    let mut reporter = Reporter::new(callback, flag);
    let result = Python::with_gil(|py| {
        py.allow_threads(|| {
            guarded(|| {
                search(&mut |progress| reporter.send(|py| progress_args(py, dict(py, progress))))
            })
        })
    })?;
    reporter.finish()?;
    Python::with_gil(|py| Ok(dict(py, &result)?.unbind()))
}

/// Alpha-beta on any game's state.
struct Solve {
    limits: Limits,
    config: AlphaBetaConfig,
    flag: StopFlag,
    on_iteration: Option<Py<PyAny>>,
}

impl Solve {
    fn run<G: Game>(self, state: G) -> PyResult<Py<PyDict>> {
        let (root, forced) = decision_root(&state).map_err(refused)?;
        let objective = self.config.objective;
        run_reported(
            &self.flag,
            self.on_iteration,
            |report| {
                alphabeta::try_search(&root, self.limits, &self.config, &self.flag, report)
                    .map_err(|e| golem_error("hash", e.to_string()))
            },
            |py, result| {
                let dict = alphabeta_dict(py, &root, objective, result)?;
                dict.set_item("forced", &forced)?;
                Ok(dict)
            },
        )
        .and_then(|dict| {
            if root.num_players() == 1 {
                Python::with_gil(|py| put_solo_values(&root, dict.bind(py)))?;
            }
            Ok(dict)
        })
    }
}

/// States an exact solo valuation may visit per root move before it gives up.
const SOLO_VALUE_NODES: u64 = 1_000_000;

/// A solo `solve`: per root move whose value is exact (searched to the end), its exact
/// expected score and chance to win under best play for score (`solo_win`, None where
/// the move is not settled or the rest of the game is too large to value), and the best
/// move's at the top.
fn put_solo_values<G: Game>(root: &G, dict: &Bound<'_, PyDict>) -> PyResult<()> {
    let best: Option<String> = dict.get_item("best")?.and_then(|b| b.extract().ok());
    let mut top = None;
    if let Some(moves) = dict.get_item("moves")? {
        for entry in moves.downcast::<PyList>()?.iter() {
            let entry = entry.downcast::<PyDict>()?;
            let text: String = entry
                .get_item("move")?
                .map_or(Ok(String::new()), |m| m.extract())?;
            let exact = entry
                .get_item("exact")?
                .is_some_and(|e| e.extract::<bool>().unwrap_or(false));
            let proven = entry
                .get_item("result")?
                .is_some_and(|r| r.extract::<String>().is_ok_and(|r| r != "unproven"));
            let value = match root.action_from_text(&text) {
                Ok(action) if exact || proven => {
                    let mut child = *root;
                    child.apply(action);
                    solo_value(&child, SOLO_VALUE_NODES)
                }
                _ => None,
            };
            entry.set_item("solo_win", value.map(|v| v.win_chance))?;
            if best.as_deref() == Some(text.as_str()) {
                top = value;
            }
        }
    }
    dict.set_item("solo_win", top.map(|v| v.win_chance))?;
    Ok(())
}

/// Alpha-beta: see `solve` in the Python stub (`_core.pyi`) for the arguments.
#[pyfunction]
#[pyo3(signature = (state, *, depth=None, nodes=None, movetime_ms=None, objective="win", hash_mb=16, use_tt=true, threads=1, on_iteration=None, stop=None))]
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
) -> PyResult<Py<PyDict>> {
    guarded(|| {
        let objective = Objective::from_name(objective).map_err(refused)?;
        if depth == Some(0) {
            return Err(golem_error("depth", "must be at least 1"));
        }
        let hash_mb = check_range("hash", hash_mb, HASH_MB).map_err(refused)?;
        let threads = check_range("threads", threads, THREADS).map_err(refused)?;
        let visitor = Solve {
            limits: limits(depth, nodes, movetime_ms, None),
            config: AlphaBetaConfig {
                objective,
                hash_mb,
                use_tt,
                chance_samples: None,
                threads,
                ..AlphaBetaConfig::default()
            },
            flag: stop.map(|s| s.flag).unwrap_or_default(),
            on_iteration,
        };
        with_state!(PyGameState::held(state), f, G => visitor.run(*f.state()))
    })
}

/// ISMCTS on any game's state.
struct Analyse {
    limits: Limits,
    config: IsmctsConfig,
    flag: StopFlag,
    on_report: Option<Py<PyAny>>,
    /// Root moves (texts) to restrict the search to; `None`: every legal move.
    only: Option<Vec<String>>,
    /// `"score"` or `"win"`; `None`: score for one player, win for more.
    objective: Option<String>,
    /// The search options given as keywords, as `(name, text)` (`SEARCH_OPTIONS`).
    options: Vec<(String, String)>,
}

/// What an analysis plays for: `"win"` (the default with several players) or `"score"`
/// (the default alone, and the only goal of a solo game that cannot be won).
fn ismcts_objective<G: Game>(
    root: &G,
    asked: Option<&str>,
    config: &mut IsmctsConfig,
) -> PyResult<&'static str> {
    let solo = root.num_players() == 1;
    let objective = match asked {
        None if solo => "score",
        None => "win",
        Some("score") => "score",
        Some("win") => "win",
        Some(other) => {
            return Err(golem_error(
                "objective",
                format!("'{other}' is not one of score, win"),
            ))
        }
    };
    if solo {
        if objective == "win" && !G::INFO.solo_win {
            return Err(golem_error(
                "objective",
                format!(
                    "a 1-player {} game has no win; it is played for its score",
                    G::INFO.title
                ),
            ));
        }
        config.solo_goal = if objective == "win" {
            SoloGoal::Win
        } else {
            SoloGoal::Score
        };
    } else if objective == "score" {
        // Several players, for score: the margin alone, not the win.
        if let Reward::Graded { scale, .. } = config.reward {
            config.reward = Reward::Graded {
                scale,
                margin_weight: 1.0,
            };
        }
    }
    Ok(objective)
}

/// The root moves named by `texts` (`only[i]` names a refused one).
fn root_moves<G: Game>(root: &G, texts: &[String]) -> PyResult<Vec<G::Action>> {
    if texts.is_empty() {
        return Err(golem_error("only", "give at least one move"));
    }
    texts
        .iter()
        .enumerate()
        .map(|(i, text)| {
            root.action_from_text(text)
                .map_err(|e| golem_error(&format!("only[{i}]"), format!("'{text}': {e}")))
        })
        .collect()
}

impl Analyse {
    fn run<G: Game>(self, state: G) -> PyResult<Py<PyDict>> {
        let (root, forced) = decision_root(&state).map_err(refused)?;
        let mut legal = Vec::new();
        root.legal_actions(&mut legal);
        if legal.is_empty() {
            return Err(golem_error(
                "position",
                "the player to move has no legal move",
            ));
        }
        let only = match &self.only {
            Some(texts) => Some(root_moves(&root, texts)?),
            None => None,
        };
        let mut config = self.config;
        let pairs: Vec<(&str, &str)> = self
            .options
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        apply_ismcts_options(&mut config, &GivenOptions::new(&pairs), &G::INFO).map_err(refused)?;
        let objective = ismcts_objective(&root, self.objective.as_deref(), &mut config)?;
        run_reported(
            &self.flag,
            self.on_report,
            |report| {
                Ok(ismcts::search_among(
                    &root,
                    only.as_deref(),
                    self.limits,
                    &config,
                    &self.flag,
                    report,
                ))
            },
            |py, result| {
                let dict = ismcts_dict(py, &root, objective, result)?;
                dict.set_item("forced", &forced)?;
                Ok(dict)
            },
        )
    }
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
) -> PyResult<Py<PyDict>> {
    let options = option_texts(options)?;
    guarded(|| {
        let threads = check_range("threads", threads, THREADS).map_err(refused)?;
        if iterations == Some(0) {
            return Err(golem_error("iterations", "must be at least 1"));
        }
        let pairs: Vec<(&str, &str)> = options
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        // The budget and the threads have keywords of their own.
        GivenOptions::new(&pairs)
            .check_names("ismcts")
            .map_err(refused)?;
        for &(name, _) in &pairs {
            if matches!(name, "iterations" | "movetime" | "threads" | "solo") {
                let own = match name {
                    "movetime" => "movetime_ms",
                    "solo" => "objective",
                    other => other,
                };
                return Err(golem_error(name, format!("give it as {own}=")));
            }
        }
        let visitor = Analyse {
            limits: limits(None, nodes, movetime_ms, iterations),
            config: IsmctsConfig {
                threads,
                seed,
                report_every,
                ..IsmctsConfig::default()
            },
            flag: stop.map(|s| s.flag).unwrap_or_default(),
            on_report,
            only,
            objective,
            options,
        };
        with_state!(PyGameState::held(state), f, G => visitor.run(*f.state()))
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
