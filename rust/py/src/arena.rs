//! The arena from Python: bots by spec, results as a dict.
//!
//! Games run with the GIL released; the progress callback takes the GIL for each report.
//! An exception raised by the callback (Ctrl-C included) stops the arena after the games
//! in progress and is raised again. A `StopToken` stops it too, and the report then covers
//! the games finished by then (`stopped: True`).

use golem_core::arena::{run as run_arena, ArenaConfig, ArenaError, ArenaReport};
use golem_core::bots::{self, Bot, Policies};
use golem_core::games::GameId;
use golem_core::search::options::{check_range, THREADS};
use golem_core::search::StopFlag;
use golem_core::Game;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::reporter::Reporter;
use crate::search::PyStopToken;
use crate::{golem_error, guarded};

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

fn report_dict<'py>(
    py: Python<'py>,
    game: &str,
    report: &ArenaReport,
) -> PyResult<Bound<'py, PyDict>> {
    let config = &report.config;
    let dict = PyDict::new(py);
    dict.set_item("game", game)?;
    dict.set_item("games", config.games)?;
    dict.set_item("players", config.players)?;
    dict.set_item("seed", config.seed)?;
    dict.set_item("max_plies", config.max_plies)?;
    dict.set_item("setup", config.setup.clone())?;
    dict.set_item("unfinished", report.unfinished())?;
    // After a stop: the games finished by then, which the statistics cover.
    dict.set_item("stopped", report.stopped)?;
    dict.set_item("played", report.records.len())?;
    let bots = PyList::empty(py);
    for stats in &report.bots {
        let entry = PyDict::new(py);
        entry.set_item("bot", &stats.name)?;
        entry.set_item("games", stats.games)?;
        entry.set_item("wins", stats.wins)?;
        entry.set_item("win_rate", stats.win_rate())?;
        let (low, high) = stats.interval();
        entry.set_item("ci95", (low, high))?;
        entry.set_item("mean_score", stats.mean_score())?;
        entry.set_item("mean_plies", stats.mean_plies())?;
        entry.set_item("unfinished", stats.unfinished)?;
        entry.set_item("seats", stats.seats.clone())?;
        bots.append(entry)?;
    }
    dict.set_item("bots", bots)?;
    if config.record {
        let names: Vec<&str> = report.bots.iter().map(|b| b.name.as_str()).collect();
        let records = PyList::empty(py);
        for record in &report.records {
            let entry = PyDict::new(py);
            entry.set_item("index", record.game)?;
            let seated: Vec<&str> = record.seats.iter().map(|&b| names[b]).collect();
            entry.set_item("bots", seated)?;
            entry.set_item("scores", record.scores.clone())?;
            entry.set_item("winner", record.winner)?;
            entry.set_item("plies", record.plies)?;
            entry.set_item("finished", record.finished)?;
            entry.set_item("start", record.start.as_deref())?;
            entry.set_item("moves", record.moves.clone())?;
            records.append(entry)?;
        }
        dict.set_item("records", records)?;
    }
    Ok(dict)
}

/// The number of seats: as asked (checked here only for what `usize` cannot hold; the
/// arena checks the game's range), else one per bot and at least two.
fn seats<G: Game>(players: Option<i64>, bots: usize) -> PyResult<usize> {
    match players {
        None => Ok(bots.max(G::INFO.min_players)),
        Some(n) => usize::try_from(n).map_err(|_| {
            let (low, high) = (G::INFO.min_players, G::INFO.max_players);
            golem_error("players", format!("{n} is outside {low}..={high}"))
        }),
    }
}

/// Plays `games` games of `game` (default: the first registered game) between the bots
/// (see `arena` in the stub).
#[pyfunction]
#[pyo3(signature = (bots, *, game=None, games=100, players=None, seed=0, threads=1, max_plies=3000, setup=Vec::new(), record=false, on_progress=None, stop=None))]
#[allow(clippy::too_many_arguments)]
pub fn arena(
    py: Python<'_>,
    bots: Vec<String>,
    game: Option<&str>,
    games: u32,
    players: Option<i64>,
    seed: u64,
    threads: usize,
    max_plies: u32,
    setup: Vec<(String, String)>,
    record: bool,
    on_progress: Option<Py<PyAny>>,
    stop: Option<PyStopToken>,
) -> PyResult<Py<PyDict>> {
    guarded(|| {
        let id = match game {
            Some(name) => GameId::from_name(name).map_err(|e| golem_error(&e.field, e.message))?,
            None => GameId::DEFAULT,
        };
        let threads = check_range("threads", threads, THREADS)
            .map_err(|e| golem_error(&e.field, e.message))?;
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
            let outcome = py.allow_threads(|| {
                guarded(|| Ok(run_arena(&lineup, &config, &stop, &mut progress)))
            })?;
            reporter.finish()?;
            match outcome {
                Ok(report) => Ok(report_dict(py, G::INFO.name, &report)?.unbind()),
                Err(ArenaError::Config { field, message }) => Err(golem_error(&field, message)),
                Err(e @ ArenaError::IllegalMove { game, .. }) => {
                    Err(golem_error(&format!("game {game}"), e.to_string()))
                }
                Err(e @ ArenaError::Record { game, .. }) => {
                    Err(golem_error(&format!("game {game}"), e.to_string()))
                }
                Err(ArenaError::Stopped) => Err(golem_error("arena", "stopped")),
            }
        })
    })
}
