//! The arena from Python: bots by spec, results as a dict.
//!
//! Games run with the GIL released; the progress callback takes the GIL for each report.
//! An exception raised by the callback (Ctrl-C included) stops the arena after the games
//! in progress and is raised again. A `StopToken` stops it too, and the report then covers
//! the games finished by then (`stopped: True`).
//!
//! `arena_games` plays a range of the games and returns their records; `arena_report`
//! makes the report of merged records. Both use the core's `play_games` and `report`,
//! the same two functions `arena` runs, so a run split into ranges played elsewhere (the
//! Ray backend) reports exactly what `arena` would.

use golem_core::arena::summary::{ArenaSummary, RecordSummary};
use golem_core::arena::{
    play_games, report as make_report, run as run_arena, run_streaming, ArenaConfig, ArenaError,
    ArenaReport, GameRecord,
};
use golem_core::bots::{self, Bot, Policies};
use golem_core::games::GameId;
use golem_core::refusal::outside;
use golem_core::search::options::{check_range, THREADS};
use golem_core::search::StopFlag;
use golem_core::Game;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use pythonize::pythonize;

use crate::reporter::Reporter;
use crate::search::PyStopToken;
use crate::{golem_error, guarded, refused};

/// Bots from their specs; a refusal names the bot by its position (`bot[1].iterations`).
fn parse_bots<G: Policies>(specs: &[String]) -> PyResult<Vec<Box<dyn Bot<G>>>> {
    specs
        .iter()
        .enumerate()
        .map(|(index, spec)| {
            bots::parse::<G>(spec).map_err(|e| {
                let field = if e.field == "bot" {
                    format!("bot[{index}]")
                } else {
                    format!("bot[{index}].{}", e.field)
                };
                golem_error(&field, format!("{} (in '{spec}')", e.message))
            })
        })
        .collect()
}

/// An arena's report as the dict Python sees (the core's `ArenaSummary`).
fn report_dict(py: Python<'_>, game: &str, report: &ArenaReport) -> PyResult<PyObject> {
    Ok(pythonize(py, &ArenaSummary::new(game, report))?.unbind())
}

/// One game's record as a dict (the core's `RecordSummary`).
fn record_dict<'py>(
    py: Python<'py>,
    names: &[&str],
    record: &GameRecord,
) -> PyResult<Bound<'py, PyAny>> {
    Ok(pythonize(py, &RecordSummary::new(names, record))?)
}

/// A record given back to `arena_report`, checked against the arena it belongs to, so a
/// malformed one is an error naming it (`records[3].seats`), never a panic.
fn record_from_dict(
    entry: &Bound<'_, PyAny>,
    at: usize,
    config: &ArenaConfig,
    bots: usize,
) -> PyResult<GameRecord> {
    let field = |key: &str| format!("records[{at}].{key}");
    let dict = entry
        .downcast::<PyDict>()
        .map_err(|_| golem_error(&format!("records[{at}]"), "a record is a dict"))?;
    let get = |key: &str| -> PyResult<Bound<'_, PyAny>> {
        dict.get_item(key)?
            .ok_or_else(|| golem_error(&field(key), "missing"))
    };
    let wrong = |key: &str, message: &str| golem_error(&field(key), message);
    let game: u32 = get("index")?
        .extract()
        .map_err(|_| wrong("index", "not a game index"))?;
    if game >= config.games {
        return Err(wrong(
            "index",
            &outside(game, 0, config.games.saturating_sub(1)),
        ));
    }
    let seats: Vec<usize> = get("seats")?
        .extract()
        .map_err(|_| wrong("seats", "not a list of bot indices"))?;
    if seats.len() != config.players || seats.iter().any(|&b| b >= bots) {
        return Err(wrong("seats", "not one bot index per seat"));
    }
    let scores: Vec<i32> = get("scores")?
        .extract()
        .map_err(|_| wrong("scores", "not a list of scores"))?;
    if scores.len() != config.players {
        return Err(wrong("scores", "not one score per seat"));
    }
    let winner: Option<usize> = get("winner")?
        .extract()
        .map_err(|_| wrong("winner", "not a seat"))?;
    if winner.is_some_and(|w| w >= config.players) {
        return Err(wrong("winner", "not a seat"));
    }
    let plies: u32 = get("plies")?
        .extract()
        .map_err(|_| wrong("plies", "not a count"))?;
    let finished: bool = get("finished")?
        .extract()
        .map_err(|_| wrong("finished", "not a bool"))?;
    let start: Option<String> = match dict.get_item("start")? {
        Some(v) => v.extract().map_err(|_| wrong("start", "not a string"))?,
        None => None,
    };
    let moves: Vec<String> = match dict.get_item("moves")? {
        Some(v) => v
            .extract()
            .map_err(|_| wrong("moves", "not a list of strings"))?,
        None => Vec::new(),
    };
    Ok(GameRecord {
        game,
        seats,
        scores,
        winner,
        plies,
        finished,
        start,
        moves,
    })
}

fn game_id(game: Option<&str>) -> PyResult<GameId> {
    match game {
        Some(name) => GameId::from_name(name).map_err(refused),
        None => Ok(GameId::DEFAULT),
    }
}

/// An arena that gave no report, as the `GolemError` Python sees.
fn arena_error(error: ArenaError) -> PyErr {
    match error {
        ArenaError::Config(refusal) => refused(refusal),
        e @ ArenaError::IllegalMove { game, .. } => {
            golem_error(&format!("game {game}"), e.to_string())
        }
        e @ ArenaError::Record { game, .. } => golem_error(&format!("game {game}"), e.to_string()),
        ArenaError::Stopped => golem_error("arena", "stopped"),
    }
}

/// The number of seats: as asked (checked here only for what `usize` cannot hold; the
/// arena checks the game's range), else one per bot and at least two.
fn seats<G: Game>(players: Option<i64>, bots: usize) -> PyResult<usize> {
    match players {
        None => Ok(bots.max(G::INFO.min_players)),
        Some(n) => usize::try_from(n).map_err(|_| {
            let (low, high) = (G::INFO.min_players, G::INFO.max_players);
            golem_error("players", outside(n, low, high))
        }),
    }
}

/// Plays `games` games of `game` (default: the first registered game) between the bots
/// (see `arena` in the stub).
#[pyfunction]
#[pyo3(signature = (bots, *, game=None, games=100, players=None, seed=0, threads=1, max_plies=3000, setup=Vec::new(), record=false, on_progress=None, stop=None, on_record=None))]
#[allow(clippy::too_many_arguments)]
pub fn arena(
    py: Python<'_>,
    bots: Vec<String>,
    game: Option<&str>,
    #[pyo3(from_py_with = "crate::ints::games")] games: u32,
    #[pyo3(from_py_with = "crate::ints::players")] players: Option<i64>,
    #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
    #[pyo3(from_py_with = "crate::ints::threads")] threads: usize,
    #[pyo3(from_py_with = "crate::ints::max_plies")] max_plies: u32,
    setup: Vec<(String, String)>,
    record: bool,
    on_progress: Option<Py<PyAny>>,
    stop: Option<PyStopToken>,
    on_record: Option<Py<PyAny>>,
) -> PyResult<PyObject> {
    guarded(|| {
        let id = game_id(game)?;
        let threads = check_range("threads", threads, THREADS).map_err(refused)?;
        golem_core::with_game!(id, G => {
            let lineup = parse_bots::<G>(&bots)?;
            let config = ArenaConfig {
                games,
                players: seats::<G>(players, lineup.len())?,
                seed,
                threads,
                max_plies,
                setup,
                record,
            };
            let stop: StopFlag = stop.map(|s| s.flag).unwrap_or_default();
            let mut reporter = Reporter::new(on_progress, &stop);
            let mut progress = |done: u32, total: u32| {
                reporter.send(|py| Ok(PyTuple::new(py, [done, total])?.unbind()))
            };
            // Records are kept in the report only when asked for and not streamed: an
            // arena of millions of games holds no memory per game.
            let keep = record && on_record.is_none();
            let names: Vec<String> = lineup.iter().map(|b| b.name()).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let mut records = Reporter::new(on_record, &stop);
            let mut sink = |r: GameRecord| {
                records.send(|py| Ok(PyTuple::new(py, [record_dict(py, &names, &r)?])?.unbind()))
            };
            let outcome = py.allow_threads(|| {
                guarded(|| {
                    Ok(if keep {
                        run_arena(&lineup, &config, &stop, &mut progress)
                    } else {
                        run_streaming(&lineup, &config, &stop, &mut progress, &mut sink)
                    })
                })
            })?;
            reporter.finish()?;
            records.finish()?;
            let report = outcome.map_err(arena_error)?;
            report_dict(py, G::INFO.name, &report)
        })
    })
}

/// Plays the games `first..first + count` (default: to the last) of the arena that
/// `arena` would play with the same arguments, each exactly as `arena` plays it; returns
/// `{"records": [...], "stopped": bool}` with every finished game's record (as in
/// `arena`'s `records`, plus `seats`), in game order.
#[pyfunction]
#[pyo3(signature = (bots, *, game=None, games=100, players=None, seed=0, threads=1, max_plies=3000, setup=Vec::new(), record=false, first=0, count=None, on_progress=None, stop=None))]
#[allow(clippy::too_many_arguments)]
pub fn arena_games(
    py: Python<'_>,
    bots: Vec<String>,
    game: Option<&str>,
    #[pyo3(from_py_with = "crate::ints::games")] games: u32,
    #[pyo3(from_py_with = "crate::ints::players")] players: Option<i64>,
    #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
    #[pyo3(from_py_with = "crate::ints::threads")] threads: usize,
    #[pyo3(from_py_with = "crate::ints::max_plies")] max_plies: u32,
    setup: Vec<(String, String)>,
    record: bool,
    #[pyo3(from_py_with = "crate::ints::first")] first: u32,
    #[pyo3(from_py_with = "crate::ints::count")] count: Option<u32>,
    on_progress: Option<Py<PyAny>>,
    stop: Option<PyStopToken>,
) -> PyResult<Py<PyDict>> {
    guarded(|| {
        let id = game_id(game)?;
        let threads = check_range("threads", threads, THREADS).map_err(refused)?;
        golem_core::with_game!(id, G => {
            let lineup = parse_bots::<G>(&bots)?;
            let config = ArenaConfig {
                games,
                players: seats::<G>(players, lineup.len())?,
                seed,
                threads,
                max_plies,
                setup,
                record,
            };
            let end = match count {
                Some(count) => first.saturating_add(count),
                None => games,
            };
            let stop: StopFlag = stop.map(|s| s.flag).unwrap_or_default();
            let mut reporter = Reporter::new(on_progress, &stop);
            let mut progress = |done: u32, total: u32| {
                reporter.send(|py| Ok(PyTuple::new(py, [done, total])?.unbind()))
            };
            let outcome = py.allow_threads(|| {
                guarded(|| Ok(play_games(&lineup, &config, first..end, &stop, &mut progress)))
            })?;
            reporter.finish()?;
            let played = outcome.map_err(arena_error)?;
            let names: Vec<String> = lineup.iter().map(|b| b.name()).collect();
            let names: Vec<&str> = names.iter().map(String::as_str).collect();
            let records = PyList::empty(py);
            for record in &played.records {
                records.append(record_dict(py, &names, record)?)?;
            }
            let dict = PyDict::new(py);
            dict.set_item("records", records)?;
            dict.set_item("stopped", played.stopped)?;
            Ok(dict.unbind())
        })
    })
}

/// The report `arena` gives for these records (finished games, in game order, as
/// `arena_games` returns them, merged): the same statistics, made by the same code.
/// `stopped` says that some games of the arena are missing from `records`.
#[pyfunction]
#[pyo3(signature = (bots, records, *, game=None, games=100, players=None, seed=0, max_plies=3000, setup=Vec::new(), record=false, stopped=false))]
#[allow(clippy::too_many_arguments)]
pub fn arena_report(
    py: Python<'_>,
    bots: Vec<String>,
    records: Vec<Bound<'_, PyAny>>,
    game: Option<&str>,
    #[pyo3(from_py_with = "crate::ints::games")] games: u32,
    #[pyo3(from_py_with = "crate::ints::players")] players: Option<i64>,
    #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
    #[pyo3(from_py_with = "crate::ints::max_plies")] max_plies: u32,
    setup: Vec<(String, String)>,
    record: bool,
    stopped: bool,
) -> PyResult<PyObject> {
    guarded(|| {
        let id = game_id(game)?;
        golem_core::with_game!(id, G => {
            let lineup = parse_bots::<G>(&bots)?;
            let config = ArenaConfig {
                games,
                players: seats::<G>(players, lineup.len())?,
                seed,
                threads: 1,
                max_plies,
                setup,
                record,
            };
            let mut merged = Vec::with_capacity(records.len());
            for (at, entry) in records.iter().enumerate() {
                let parsed = record_from_dict(entry, at, &config, lineup.len())?;
                if merged.last().is_some_and(|r: &GameRecord| r.game >= parsed.game) {
                    return Err(golem_error(
                        &format!("records[{at}].index"),
                        "records must be in increasing game order",
                    ));
                }
                merged.push(parsed);
            }
            let names = lineup.iter().map(|b| b.name()).collect();
            let report = make_report(names, &config, merged, stopped);
            report_dict(py, G::INFO.name, &report)
        })
    })
}
