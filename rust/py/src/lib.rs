//! `golem_solver._core`: Python bindings for golem-core.
//!
//! This crate only converts types and errors; the rules live in golem-core. Every entry
//! point runs inside [`guarded`], so a Rust panic reaches Python as a `GolemError`
//! ("internal error: ...") and never as an abort or a `PanicException`.

mod arena;
mod bench;
mod playouts;
mod search;

use std::any::Any;
use std::fs;
use std::io::{ErrorKind, Write as _};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::PathBuf;

use golem_core::games::century::cards::{golem_by_name, GOLEMS, MERCHANTS};
use golem_core::games::century::position::{read_position, write_position};
use golem_core::games::century::{
    golem_threshold, Action, BitIter, Century as State, Coin, Pending, MAX_PLAYERS, MIN_PLAYERS,
};
use golem_core::perft::{perft, perft_divide};
use golem_core::{Game, Turn};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyInt, PyString};
use pyo3::PyTypeInfo;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

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

fn illegal(field: &str, message: impl AsRef<str>) -> PyErr {
    error::<IllegalActionError>(field, message.as_ref())
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

/// Runs one entry point; a panic becomes `GolemError("internal error: ...")`.
pub(crate) fn guarded<T>(body: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    catch_unwind(AssertUnwindSafe(body)).unwrap_or_else(|payload| {
        Err(golem_error(
            "internal error",
            format!(
                "{} (this is a bug in golem-solver; please report it)",
                panic_text(payload.as_ref())
            ),
        ))
    })
}

// ---- small conversions ----------------------------------------------------------------

fn merchant_names(cards: impl Iterator<Item = usize>) -> Vec<String> {
    cards.map(|c| MERCHANTS[c].name.to_string()).collect()
}

fn golem_names(golems: impl Iterator<Item = usize>) -> Vec<String> {
    golems.map(|g| GOLEMS[g].name.to_string()).collect()
}

/// A move given by Python: its text or its integer form (`Action::to_bits`).
enum ActionArg {
    Text(String),
    Bits(u64),
    /// An integer that no action maps to (negative or too large).
    BadInt(String),
}

fn action_arg(value: &Bound<'_, PyAny>) -> PyResult<ActionArg> {
    if value.is_instance_of::<PyString>() {
        return Ok(ActionArg::Text(value.extract()?));
    }
    if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
        return Ok(match value.extract::<u64>() {
            Ok(bits) => ActionArg::Bits(bits),
            Err(_) => ActionArg::BadInt(value.str()?.to_string()),
        });
    }
    Err(PyTypeError::new_err(format!(
        "expected a move text (str) or an action (int), got {}",
        value.get_type().name()?
    )))
}

// ---- the state ------------------------------------------------------------------------

/// A Century: Golem Edition game state.
#[pyclass(name = "Century", module = "golem_solver", eq)]
#[derive(PartialEq)]
pub(crate) struct PyCentury {
    pub(crate) state: State,
}

/// One player's belongings, a snapshot (read-only).
#[pyclass(name = "Seat", module = "golem_solver", frozen, get_all)]
struct PySeat {
    seat: usize,
    crystals: String,
    hand: Vec<String>,
    played: Vec<String>,
    golems: Vec<String>,
    gold: u8,
    silver: u8,
    golem_points: u32,
    score: i32,
}

#[pymethods]
impl PySeat {
    fn __repr__(&self) -> String {
        format!(
            "Seat({}, crystals={:?}, hand={:?}, played={:?}, golems={:?}, gold={}, silver={}, score={})",
            self.seat,
            self.crystals,
            self.hand,
            self.played,
            self.golems,
            self.gold,
            self.silver,
            self.score
        )
    }
}

impl PyCentury {
    fn wrap(state: State) -> Self {
        PyCentury { state }
    }

    fn legal(&self) -> Vec<Action> {
        let mut actions = Vec::new();
        self.state.legal_actions(&mut actions);
        actions
    }

    /// The legal action a Python argument names, or the reason it names none.
    fn resolve(&self, value: &Bound<'_, PyAny>) -> PyResult<Action> {
        let arg = action_arg(value)?;
        if self.state.is_terminal() {
            let what = match &arg {
                ActionArg::Text(text) => format!("'{}'", text.trim()),
                ActionArg::Bits(bits) => bits.to_string(),
                ActionArg::BadInt(text) => text.clone(),
            };
            return Err(illegal(
                "move",
                format!("{what}: the game is over; no move is legal"),
            ));
        }
        match arg {
            ActionArg::Text(text) => self
                .state
                .action_from_text(&text)
                .map_err(|reason| illegal("move", reason)),
            ActionArg::Bits(bits) => Action::from_bits(bits)
                .filter(|action| self.legal().contains(action))
                .ok_or_else(|| {
                    illegal(
                        "action",
                        format!("{bits} is not one of the legal actions of this position"),
                    )
                }),
            ActionArg::BadInt(text) => Err(illegal(
                "action",
                format!("{text} is not an action (actions are integers from legal_actions())"),
            )),
        }
    }

    fn check_seat(&self, seat: usize) -> PyResult<()> {
        if seat < self.state.players() {
            Ok(())
        } else {
            Err(golem_error(
                "seat",
                format!(
                    "{seat} is not a seat of a {}-player game",
                    self.state.players()
                ),
            ))
        }
    }

    fn seat_view(&self, seat: usize) -> PySeat {
        let s = self.state.seat(seat);
        PySeat {
            seat,
            crystals: s.crystals().to_string(),
            hand: merchant_names(BitIter(s.hand)),
            played: merchant_names(BitIter(s.played)),
            golems: golem_names(BitIter(s.golems)),
            gold: s.gold,
            silver: s.silver,
            golem_points: s.golem_points(),
            score: self.state.score(seat),
        }
    }
}

fn parse(text: &str) -> PyResult<State> {
    read_position(text).map_err(|e| error::<PositionError>(&e.field, &e.message))
}

#[pymethods]
impl PyCentury {
    // -- making and saving states --

    /// Reads a position file (TOML).
    #[staticmethod]
    fn load(path: PathBuf) -> PyResult<Self> {
        guarded(|| {
            let text = fs::read_to_string(&path)
                .map_err(|e| golem_error(&path.display().to_string(), e.to_string()))?;
            parse(&text).map(Self::wrap)
        })
    }

    /// Reads a position from TOML text.
    #[staticmethod]
    fn from_toml(text: &str) -> PyResult<Self> {
        guarded(|| parse(text).map(Self::wrap))
    }

    /// A fresh game with both decks shuffled from `seed` (the decks are known).
    #[staticmethod]
    #[pyo3(signature = (players, seed = 0))]
    fn new(players: i64, seed: u64) -> PyResult<Self> {
        guarded(|| {
            if !(MIN_PLAYERS as i64..=MAX_PLAYERS as i64).contains(&players) {
                return Err(golem_error(
                    "players",
                    format!("{players} players; the game is for {MIN_PLAYERS}-{MAX_PLAYERS}"),
                ));
            }
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            Ok(Self::wrap(State::new_game(players as usize, &mut rng)))
        })
    }

    /// Forgets the order of both decks: later deals become chance events over the unseen
    /// cards, and the decks are no longer written to TOML.
    fn hide_decks(&mut self) -> PyResult<()> {
        guarded(|| {
            self.state.hide_decks();
            Ok(())
        })
    }

    /// The position as TOML (decks listed when known). Fails at a chance node.
    fn to_toml(&self) -> PyResult<String> {
        guarded(|| write_position(&self.state).map_err(|e| golem_error(&e.field, &e.message)))
    }

    /// Writes the position to `path`; an existing file is kept unless `overwrite`.
    #[pyo3(signature = (path, overwrite = false))]
    fn save(&self, path: PathBuf, overwrite: bool) -> PyResult<()> {
        guarded(|| {
            let text = self.to_toml()?;
            let name = path.display().to_string();
            let mut options = fs::OpenOptions::new();
            options.write(true);
            if overwrite {
                options.create(true).truncate(true);
            } else {
                options.create_new(true);
            }
            let mut file = options.open(&path).map_err(|e| match e.kind() {
                ErrorKind::AlreadyExists => {
                    golem_error(&name, "file exists; pass overwrite=True to replace it")
                }
                _ => golem_error(&name, e.to_string()),
            })?;
            file.write_all(text.as_bytes())
                .map_err(|e| golem_error(&name, e.to_string()))
        })
    }

    fn clone(&self) -> Self {
        Self::wrap(self.state)
    }

    fn __copy__(&self) -> Self {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
        self.clone()
    }

    fn __repr__(&self) -> String {
        let turn = match self.state.turn() {
            Turn::Player(seat) => format!("seat {seat} to move"),
            Turn::Chance => "chance".to_string(),
            Turn::Terminal => "over".to_string(),
        };
        format!(
            "<Century {} players, {turn}, hash {:#018x}>",
            self.state.players(),
            self.state.hash()
        )
    }

    // -- who acts --

    #[getter]
    fn players(&self) -> usize {
        self.state.players()
    }

    /// The seat about to act (after a pending deal, at a chance node; 0 once over).
    #[getter]
    fn to_move(&self) -> usize {
        self.state.to_move()
    }

    /// "player", "chance" or "terminal".
    #[getter]
    fn turn(&self) -> &'static str {
        match self.state.turn() {
            Turn::Player(_) => "player",
            Turn::Chance => "chance",
            Turn::Terminal => "terminal",
        }
    }

    fn is_terminal(&self) -> bool {
        self.state.is_terminal()
    }

    fn is_chance(&self) -> bool {
        self.state.turn() == Turn::Chance
    }

    /// The game is finished (the same as `is_terminal()`).
    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    /// Some player has reached the golem threshold: this round is the last.
    #[getter]
    fn last_round(&self) -> bool {
        self.state.last_round()
    }

    /// Golems that end the game (6 with 2-3 players, 5 with 4-5).
    #[getter]
    fn golem_threshold(&self) -> u32 {
        golem_threshold(self.state.players())
    }

    // -- moves --

    /// Legal actions (chance outcomes at a chance node) as stable integers.
    fn legal_actions(&self) -> PyResult<Vec<u64>> {
        guarded(|| Ok(self.legal().into_iter().map(Action::to_bits).collect()))
    }

    /// Canonical texts of the legal actions, in the same order as `legal_actions()`.
    fn legal_action_texts(&self) -> PyResult<Vec<String>> {
        guarded(|| {
            Ok(self
                .legal()
                .into_iter()
                .map(|a| self.state.action_to_text(a))
                .collect())
        })
    }

    /// Canonical text of a legal action (int or text).
    fn action_text(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        guarded(|| {
            let action = self.resolve(action)?;
            Ok(self.state.action_to_text(action))
        })
    }

    /// The integer form of a legal move given as text.
    fn parse_action(&self, text: &Bound<'_, PyAny>) -> PyResult<u64> {
        guarded(|| {
            if !text.is_instance_of::<PyString>() {
                return Err(PyTypeError::new_err(
                    "parse_action expects a move text (str)",
                ));
            }
            Ok(self.resolve(text)?.to_bits())
        })
    }

    /// Applies a legal move (int or text) to this state.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        guarded(|| {
            let action = self.resolve(action)?;
            // Work on a copy, so that `self` is untouched if anything goes wrong.
            let mut next = self.state;
            next.apply(action);
            self.state = next;
            Ok(())
        })
    }

    /// The state after a legal move (int or text); `self` is unchanged.
    fn child(&self, action: &Bound<'_, PyAny>) -> PyResult<Self> {
        guarded(|| {
            let action = self.resolve(action)?;
            let mut next = self.state;
            next.apply(action);
            Ok(Self::wrap(next))
        })
    }

    /// Chance outcomes as (text, probability); empty unless `is_chance()`.
    fn chance_outcomes(&self) -> PyResult<Vec<(String, f64)>> {
        guarded(|| {
            let mut outcomes = Vec::new();
            self.state.chance_outcomes(&mut outcomes);
            Ok(outcomes
                .into_iter()
                .map(|(a, p)| (self.state.action_to_text(a), p))
                .collect())
        })
    }

    // -- results --

    /// Current score of every seat (final once the game is over).
    fn scores(&self) -> PyResult<Vec<i32>> {
        guarded(|| {
            Ok((0..self.state.players())
                .map(|s| self.state.score(s))
                .collect())
        })
    }

    /// 1.0 for the winner and 0.0 for the others once over; all 0.0 before.
    fn returns(&self) -> PyResult<Vec<f64>> {
        guarded(|| {
            Ok((0..self.state.players())
                .map(|s| self.state.returns(s))
                .collect())
        })
    }

    /// The winning seat once the game is over, else None.
    fn winner(&self) -> PyResult<Option<usize>> {
        guarded(|| Ok(self.state.is_over().then(|| self.state.leader())))
    }

    /// Zobrist hash of the state (64-bit).
    fn hash(&self) -> u64 {
        self.state.hash()
    }

    // -- perft --

    /// Leaves of the action tree `depth` plies deep (the GIL is released meanwhile).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        guarded(|| {
            let state = self.state;
            py.allow_threads(move || guarded(|| Ok(perft(&state, depth))))
        })
    }

    /// perft under each root action, as (text, count), in legal-action order.
    fn perft_divide(&self, py: Python<'_>, depth: u32) -> PyResult<Vec<(String, u64)>> {
        guarded(|| {
            let state = self.state;
            let counts = py.allow_threads(move || guarded(|| Ok(perft_divide(&state, depth))))?;
            Ok(counts
                .into_iter()
                .map(|(a, n)| (state.action_to_text(a), n))
                .collect())
        })
    }

    // -- the board, for display --

    /// Merchant row card names, slot 0 first.
    #[getter]
    fn merchant_row(&self) -> Vec<String> {
        merchant_names(self.state.merchant_row().iter().map(|&c| c as usize))
    }

    /// Crystals lying on each merchant row card (letter strings, slot 0 first).
    #[getter]
    fn merchant_row_crystals(&self) -> Vec<String> {
        self.state
            .row_crystals()
            .iter()
            .map(|c| c.to_string())
            .collect()
    }

    /// Golem row card names, slot 0 first.
    #[getter]
    fn golem_row(&self) -> Vec<String> {
        golem_names(self.state.golem_row().iter().map(|&g| g as usize))
    }

    /// The coin lying above each golem row slot: "gold", "silver" or None.
    #[getter]
    fn golem_row_coins(&self) -> Vec<Option<&'static str>> {
        (0..self.state.golem_row().len())
            .map(|slot| match self.state.coin_above(slot) {
                Some(Coin::Gold) => Some("gold"),
                Some(Coin::Silver) => Some("silver"),
                None => None,
            })
            .collect()
    }

    /// The merchant deck top first, or None when its order is hidden.
    #[getter]
    fn merchant_deck(&self) -> Option<Vec<String>> {
        self.state
            .merchant_deck()
            .map(|d| merchant_names(d.iter().map(|&c| c as usize)))
    }

    /// The golem deck top first, or None when its order is hidden.
    #[getter]
    fn golem_deck(&self) -> Option<Vec<String>> {
        self.state
            .golem_deck()
            .map(|d| golem_names(d.iter().map(|&g| g as usize)))
    }

    /// The merchant cards still in the deck (known order or not), by card id.
    #[getter]
    fn merchant_unseen(&self) -> Vec<String> {
        merchant_names(BitIter(self.state.merchant_unseen()))
    }

    #[getter]
    fn golem_unseen(&self) -> Vec<String> {
        golem_names(BitIter(self.state.golem_unseen()))
    }

    /// "merchant" or "golem" when a card is about to be dealt (chance node), else None.
    #[getter]
    fn pending_deal(&self) -> Option<&'static str> {
        match self.state.pending() {
            Pending::None => None,
            Pending::Merchant => Some("merchant"),
            Pending::Golem => Some("golem"),
        }
    }

    #[getter]
    fn gold_left(&self) -> u8 {
        self.state.gold_left()
    }

    #[getter]
    fn silver_left(&self) -> u8 {
        self.state.silver_left()
    }

    /// A snapshot of one seat's belongings.
    fn seat(&self, seat: usize) -> PyResult<PySeat> {
        guarded(|| {
            self.check_seat(seat)?;
            Ok(self.seat_view(seat))
        })
    }

    /// Snapshots of every seat, seat 0 first.
    #[getter]
    fn seats(&self) -> PyResult<Vec<PySeat>> {
        guarded(|| {
            Ok((0..self.state.players())
                .map(|s| self.seat_view(s))
                .collect())
        })
    }
}

/// Victory points of a golem card, by name.
#[pyfunction]
fn golem_points(name: &str) -> PyResult<u8> {
    guarded(|| {
        golem_by_name(name)
            .map(|g| GOLEMS[g as usize].points)
            .ok_or_else(|| golem_error("golem", format!("unknown golem card '{name}'")))
    })
}

/// Panics inside the guard: lets the tests check that a panic becomes a GolemError.
#[pyfunction]
fn _panic_for_tests() -> PyResult<()> {
    guarded(|| panic!("deliberate panic (test of the panic guard)"))
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    install_panic_hook();
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("GAME_NAME", State::NAME)?;
    m.add("GolemError", py.get_type::<GolemError>())?;
    m.add("PositionError", py.get_type::<PositionError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    m.add_class::<PyCentury>()?;
    m.add_class::<PySeat>()?;
    m.add_class::<search::PyStopToken>()?;
    m.add_function(wrap_pyfunction!(search::solve, m)?)?;
    m.add_function(wrap_pyfunction!(search::analyse, m)?)?;
    m.add_function(wrap_pyfunction!(playouts::random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(arena::arena, m)?)?;
    m.add_function(wrap_pyfunction!(bench::bench, m)?)?;
    m.add_function(wrap_pyfunction!(golem_points, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    Ok(())
}
