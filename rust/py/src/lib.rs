//! `golem_solver._core`: Python bindings for golem-core.
//!
//! This crate only converts types and errors; the rules live in golem-core. Every entry
//! point runs inside [`guarded`], so a Rust panic reaches Python as a `GolemError`
//! ("internal error: ...") and never as an abort or a `PanicException`.

#[macro_use]
mod state;
mod arena;
mod bench;
mod bot_move;
mod century;
mod files;
mod golem_cranio;
mod ints;
mod merchant_explorers;
mod playouts;
mod reporter;
mod rl;
mod search;

use std::any::Any;
use std::panic::{catch_unwind, AssertUnwindSafe};

use golem_core::PositionError as CorePositionError;
use golem_core::Refusal;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::PyTypeInfo;

create_exception!(
    golem_solver,
    GolemError,
    PyValueError,
    "An error from the engine. `.field` names what is wrong, `.message` says why."
);
create_exception!(
    golem_solver,
    PositionError,
    GolemError,
    "A position that breaks the rules or the file format; `.field` is the TOML field."
);
create_exception!(
    golem_solver,
    InternalError,
    GolemError,
    "A bug in golem-solver (a Rust panic caught at the boundary); `.field` is \"internal error\"."
);
create_exception!(
    golem_solver,
    IllegalActionError,
    GolemError,
    "A move or action that is not legal in the position."
);

// ---- errors and the panic guard -------------------------------------------------------

/// An exception of type `E` whose text is `field: message`, with both as attributes.
fn error<E: PyTypeInfo>(field: &str, message: &str) -> PyErr {
    Python::with_gil(|py| {
        let err = PyErr::new::<E, _>(format!("{field}: {message}"));
        let value = err.value(py);
        // Setting an attribute on a fresh exception instance cannot fail in practice.
        let _ = value.setattr("field", field);
        let _ = value.setattr("message", message);
        err
    })
}

pub(crate) fn golem_error(field: &str, message: impl AsRef<str>) -> PyErr {
    error::<GolemError>(field, message.as_ref())
}

pub(crate) fn illegal(field: &str, message: impl AsRef<str>) -> PyErr {
    error::<IllegalActionError>(field, message.as_ref())
}

pub(crate) fn position_error(e: &CorePositionError) -> PyErr {
    error::<PositionError>(&e.field, &e.message)
}

/// The core's one refusal type as the `GolemError` Python sees (`field`, `message`).
pub(crate) fn refused(e: Refusal) -> PyErr {
    golem_error(&e.field, e.message)
}

thread_local! {
    /// Where the last panic on this thread happened, recorded by the panic hook.
    static PANIC_LOCATION: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Replaces the default panic hook (which prints to stderr) by one that records where the
/// panic happened, for [`guarded`] to put into the error. With `RUST_BACKTRACE` set the
/// default hook runs as well, for debugging.
fn install_panic_hook() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let location = info
            .location()
            .map(|l| format!("{}:{}", l.file(), l.line()));
        PANIC_LOCATION.with(|slot| *slot.borrow_mut() = location);
        if std::env::var_os("RUST_BACKTRACE").is_some_and(|v| v != "0") {
            default(info);
        }
    }));
}

fn panic_text(payload: &(dyn Any + Send)) -> String {
    let message = if let Some(text) = payload.downcast_ref::<&str>() {
        (*text).to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        "a Rust panic".to_string()
    };
    match PANIC_LOCATION.with(|slot| slot.borrow_mut().take()) {
        Some(location) => format!("{message} at {location}"),
        None => message,
    }
}

/// Runs one entry point; a panic becomes `InternalError("internal error: ...")` (a
/// `GolemError`, so callers catching the package's errors still catch it).
pub(crate) fn guarded<T>(body: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|payload| {
        Err(error::<InternalError>(
            "internal error",
            &format!(
                "{} (this is a bug in golem-solver; please report it)",
                panic_text(payload.as_ref())
            ),
        ))
    })
}

/// Panics inside the guard: lets the tests check that a panic becomes a GolemError.
#[pyfunction]
fn _panic_for_tests() -> PyResult<()> {
    guarded(|| panic!("deliberate panic (test of the panic guard)"))
}

/// The ranges of the integer arguments the core bounds itself, by option name (the
/// command line and the Python wrappers check against these, so each bound has one home).
fn limits(py: Python<'_>) -> PyResult<Bound<'_, pyo3::types::PyDict>> {
    use golem_core::search::options::{HASH_MB, THREADS};
    let dict = pyo3::types::PyDict::new(py);
    dict.set_item("hash", (*HASH_MB.start(), *HASH_MB.end()))?;
    dict.set_item("threads", (*THREADS.start(), *THREADS.end()))?;
    dict.set_item("depth", (1u32, golem_core::search::alphabeta::MAX_DEPTH))?;
    dict.set_item("perft_depth", (0u32, golem_core::perft::MAX_PERFT_DEPTH))?;
    // The widest legal mask (a game's `num_distinct_actions()`).
    dict.set_item(
        "policy_actions",
        (1usize, golem_core::testing::MAX_POLICY_ACTIONS),
    )?;
    Ok(dict)
}

/// `SEARCH_OPTIONS`: every search option as the core declares it, for the Python checks
/// and the command line's options (`name`, `kind` count/real/choice, `low`/`high` or
/// `choices`, `default`, `help`, `searches`).
fn search_options(py: Python<'_>) -> PyResult<Bound<'_, pyo3::types::PyList>> {
    use golem_core::search::options::{Values, SEARCH_OPTIONS};
    let list = pyo3::types::PyList::empty(py);
    for option in SEARCH_OPTIONS {
        let dict = pyo3::types::PyDict::new(py);
        dict.set_item("name", option.name)?;
        match option.values {
            Values::Count { low, high } => {
                dict.set_item("kind", "count")?;
                dict.set_item("low", low)?;
                dict.set_item("high", high)?;
            }
            Values::Real { low, high } => {
                dict.set_item("kind", "real")?;
                dict.set_item("low", low)?;
                dict.set_item("high", high)?;
            }
            Values::Choice(words) => {
                dict.set_item("kind", "choice")?;
                dict.set_item("choices", words.to_vec())?;
            }
        }
        dict.set_item("default", option.default)?;
        dict.set_item("help", option.help)?;
        let mut searches = Vec::new();
        if option.ismcts {
            searches.push("ismcts");
        }
        if option.alphabeta {
            searches.push("alphabeta");
        }
        dict.set_item("searches", searches)?;
        list.append(dict)?;
    }
    Ok(list)
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    install_panic_hook();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("GolemError", py.get_type::<GolemError>())?;
    m.add("InternalError", py.get_type::<InternalError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add("LIMITS", limits(py)?)?;
    m.add("SEARCH_OPTIONS", search_options(py)?)?;
    state::add_classes(m)?;
    m.add_class::<century::PySeat>()?;
    m.add_function(wrap_pyfunction!(state::from_toml, m)?)?;
    m.add_function(wrap_pyfunction!(state::load, m)?)?;
    m.add_function(wrap_pyfunction!(state::read_position, m)?)?;
    m.add_function(wrap_pyfunction!(state::new_game, m)?)?;
    m.add_function(wrap_pyfunction!(state::setup_options, m)?)?;
    m.add_class::<search::PyStopToken>()?;
    m.add_function(wrap_pyfunction!(search::solve, m)?)?;
    m.add_function(wrap_pyfunction!(search::analyse, m)?)?;
    m.add_function(wrap_pyfunction!(playouts::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena, m)?)?;
    m.add_function(wrap_pyfunction!(bot_move::bot_move, m)?)?;
    m.add_class::<rl::PyVecEnv>()?;
    m.add_function(wrap_pyfunction!(rl::batch_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena_games, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena_report, m)?)?;
    m.add_function(wrap_pyfunction!(bench::bench, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    Ok(())
}
