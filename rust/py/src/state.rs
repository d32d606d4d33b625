//! The one Python state class, `GameState`, holding a state of any game (the core's
//! [`AnyState`]); each game's class (`Century`, ...) is a subclass adding the game's
//! constants and its own extras (Century's rows and seats, in its file).
//!
//! Generic entry points (search, playouts, batches) take a `GameState` and reach the
//! typed state with `with_state!`; a state goes back to Python through [`state_object`].

use std::path::{Path, PathBuf};

use golem_core::games::GameId;
use golem_core::perft::{perft_divide_with_stop, perft_with_stop, MAX_PERFT_DEPTH};
use golem_core::{with_state, AnyState, Game, GameInfo, ReadContext, Registered, RulesText, Turn};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString, PyType};

use crate::files::{read_text, write_atomically};
use crate::{golem_error, guarded, illegal, position_error, refused};

/// A move given by Python: its text or its integer id.
pub(crate) enum ActionArg {
    Text(String),
    Id(u64),
    /// An integer that no action maps to (negative or too large).
    BadInt(String),
}

pub(crate) fn action_arg(value: &Bound<'_, PyAny>) -> PyResult<ActionArg> {
    if value.is_instance_of::<PyString>() {
        return Ok(ActionArg::Text(value.extract()?));
    }
    if value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>() {
        return Ok(match value.extract::<u64>() {
            Ok(id) => ActionArg::Id(id),
            Err(_) => ActionArg::BadInt(value.str()?.to_string()),
        });
    }
    Err(PyTypeError::new_err(format!(
        "expected a move text (str) or an action (int), got {}",
        value.get_type().name()?
    )))
}

pub(crate) fn legal<G: Game>(state: &G) -> Vec<G::Action> {
    let mut actions = Vec::new();
    state.legal_actions(&mut actions);
    actions
}

/// Refuses a chance node whose outcomes are too many to list (a full marble drop of
/// Golem): its outcomes are drawn with `sample_chance`, never listed.
pub(crate) fn check_listable<G: Game>(state: &G) -> PyResult<()> {
    if state.turn() == Turn::Chance && !state.chance_listable() {
        return Err(golem_error(
            "state",
            format!(
                "this chance event has more than {} outcomes; use sample_chance",
                G::INFO.max_chance_outcomes
            ),
        ));
    }
    Ok(())
}

/// Whether `action` is legal here; at a chance node too large to list, whether it is one
/// of its outcomes (the game reads its text back without listing them).
fn is_legal<G: Game>(state: &G, action: G::Action) -> bool {
    if state.turn() == Turn::Chance && !state.chance_listable() {
        return state.action_from_text(&state.action_to_text(action)) == Ok(action);
    }
    legal(state).contains(&action)
}

/// The legal action a Python argument names, or the reason it names none.
pub(crate) fn resolve<G: Game>(state: &G, value: &Bound<'_, PyAny>) -> PyResult<G::Action> {
    let arg = action_arg(value)?;
    if state.is_terminal() {
        let what = match &arg {
            ActionArg::Text(text) => format!("'{}'", text.trim()),
            ActionArg::Id(id) => id.to_string(),
            ActionArg::BadInt(text) => text.clone(),
        };
        return Err(illegal(
            "move",
            format!("{what}: the game is over; no move is legal"),
        ));
    }
    match arg {
        ActionArg::Text(text) => state
            .action_from_text(&text)
            .map_err(|reason| illegal("move", reason)),
        ActionArg::Id(id) => G::action_from_id(id)
            .filter(|&action| is_legal(state, action))
            .ok_or_else(|| {
                illegal(
                    "action",
                    format!("{id} is not one of the legal actions of this position"),
                )
            }),
        ActionArg::BadInt(text) => Err(illegal(
            "action",
            format!("{text} is not an action (actions are integers from legal_actions())"),
        )),
    }
}

/// The reading context of a position file at `path` (relative paths inside it start at
/// its folder; without a file, at the working directory).
pub(crate) fn context(path: Option<&Path>, rules_file: Option<PathBuf>, seed: u64) -> ReadContext {
    ReadContext {
        base_dir: path.map(|p| match p.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => PathBuf::from("."),
        }),
        rules_file,
        rules_text: None,
        seed,
    }
}

/// A rules file's `(name, text)` as the core takes it.
fn rules_text_of(given: Option<(String, String)>) -> Option<RulesText> {
    given.map(|(name, text)| RulesText { name, text })
}

/// A game's rules file as a dict (the `ruleset` property), or None.
pub(crate) fn ruleset_dict(
    py: Python<'_>,
    ruleset: Option<golem_core::Ruleset>,
) -> PyResult<Option<Bound<'_, PyDict>>> {
    let Some(ruleset) = ruleset else {
        return Ok(None);
    };
    let dict = PyDict::new(py);
    dict.set_item("game", ruleset.game)?;
    dict.set_item("kind", ruleset.kind)?;
    dict.set_item("source", &ruleset.source)?;
    dict.set_item("sha256", &ruleset.sha256)?;
    dict.set_item("facts", ruleset.facts)?;
    dict.set_item("placeholders", ruleset.placeholders)?;
    dict.set_item("line", ruleset.line())?;
    Ok(Some(dict))
}

/// A game's description as a dict (the class attribute `INFO`).
pub(crate) fn info_dict<'py>(py: Python<'py>, info: &GameInfo) -> PyResult<Bound<'py, PyDict>> {
    Ok(pythonize::pythonize(py, info)?.downcast_into::<PyDict>()?)
}

/// The winning seat of a finished game: the one seat whose return is 1.
pub(crate) fn winner<G: Game>(state: &G) -> Option<usize> {
    if !state.is_terminal() {
        return None;
    }
    let winners: Vec<usize> = (0..state.num_players())
        .filter(|&s| state.returns(s) >= 1.0)
        .collect();
    (winners.len() == 1).then(|| winners[0])
}

/// perft depths the count can hold (a game may go on for ever, so there is a bound).
pub(crate) fn check_perft_depth(depth: u32) -> PyResult<()> {
    if depth <= MAX_PERFT_DEPTH {
        Ok(())
    } else {
        Err(golem_error(
            "depth",
            golem_core::refusal::outside(depth, 0, MAX_PERFT_DEPTH),
        ))
    }
}

/// Writes `text` to `path`; an existing file is kept unless `overwrite`.
pub(crate) fn save_text(text: &str, path: &Path, overwrite: bool) -> PyResult<()> {
    write_atomically(path, text.as_bytes(), overwrite).map_err(refused)
}

pub(crate) fn load_text(path: &Path) -> PyResult<String> {
    read_text(path).map_err(refused)
}

/// The game `cls` is the class of (its `GAME`), or None for `GameState` itself.
fn class_game(cls: &Bound<'_, PyType>) -> PyResult<Option<GameId>> {
    match cls.getattr("GAME") {
        Ok(name) => Ok(Some(
            GameId::from_name(&name.extract::<String>()?).map_err(refused)?,
        )),
        Err(_) => Ok(None),
    }
}

/// The game of `cls`, for what only a game's own class can answer.
fn class_game_needed(cls: &Bound<'_, PyType>, what: &str) -> PyResult<GameId> {
    class_game(cls)?.ok_or_else(|| {
        golem_error(
            "game",
            format!(
                "GameState.{what} needs a game: call it on a game's class (GAMES[name].{what})"
            ),
        )
    })
}

/// A position of `game` (or of the game it names, with None) from its text.
fn read_state(
    text: &str,
    ctx: &ReadContext,
    game: Option<GameId>,
) -> PyResult<(AnyState, Vec<String>)> {
    match game {
        Some(id) => golem_core::with_game!(id, G => AnyState::read_as::<G>(text, ctx)),
        None => AnyState::read(text, ctx),
    }
    .map_err(|e| position_error(&e))
}

/// A state of any game (the core's [`AnyState`]): what every game's class has. Each
/// game's class is a subclass of it; `GameState` itself is never made.
#[pyclass(name = "GameState", module = "golem_solver", subclass, eq)]
#[derive(PartialEq)]
pub struct PyGameState {
    pub(crate) state: AnyState,
}

impl PyGameState {
    /// The state of `object` (without its trail), copied out so the object is not
    /// borrowed while work runs.
    pub(crate) fn held(object: &Bound<'_, PyGameState>) -> AnyState {
        object.borrow().state.without_trail()
    }
}

#[pymethods]
impl PyGameState {
    // -- the game --

    /// The game's short name (the class's `GAME`).
    #[getter]
    fn game(&self) -> &'static str {
        self.state.id().name()
    }

    // -- making and saving states --

    /// Reads a position file (TOML); on `GameState`, of whichever game it names.
    #[classmethod]
    fn load(cls: &Bound<'_, PyType>, path: PathBuf) -> PyResult<PyObject> {
        guarded(|| {
            let text = load_text(&path)?;
            let (state, _) = read_state(&text, &context(Some(&path), None, 0), class_game(cls)?)?;
            state_object(cls.py(), state)
        })
    }

    /// Reads a position from TOML text; on `GameState`, of whichever game it names.
    #[classmethod]
    fn from_toml(cls: &Bound<'_, PyType>, text: &str) -> PyResult<PyObject> {
        guarded(|| {
            let (state, _) = read_state(text, &ReadContext::default(), class_game(cls)?)?;
            state_object(cls.py(), state)
        })
    }

    /// A fresh game, every shuffle drawn from `seed`.
    #[classmethod]
    #[pyo3(name = "new", signature = (players, seed = 0))]
    fn new_game(
        cls: &Bound<'_, PyType>,
        #[pyo3(from_py_with = "crate::ints::players")] players: i64,
        #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
    ) -> PyResult<PyObject> {
        guarded(|| {
            let game = class_game_needed(cls, "new")?;
            let state = AnyState::new_game(game, players, seed, &[], None).map_err(refused)?;
            state_object(cls.py(), state)
        })
    }

    /// The position drawn as an SVG document, or None if the game draws none.
    fn to_svg(&self) -> PyResult<Option<String>> {
        guarded(|| with_state!(&self.state, f, G => Ok(f.state().to_svg())))
    }

    /// The picture Jupyter shows for a state (as python-chess boards do): the
    /// SVG of `to_svg`, or None so Jupyter falls back to the text repr.
    fn _repr_svg_(&self) -> PyResult<Option<String>> {
        self.to_svg()
    }

    /// Forgets every deck order: later deals, reveals and draws become chance
    /// events over the unseen cards, and no order is written to TOML. A game with
    /// no decks (`INFO["decks"]` false) refuses it.
    fn hide_decks(&mut self) -> PyResult<()> {
        guarded(|| {
            let info = self.state.id().info();
            if !info.decks {
                let message = format!("{} has no decks to hide", info.name);
                return Err(golem_error("hidden_decks", message));
            }
            with_state!(&mut self.state, f, G => f.hide_decks());
            Ok(())
        })
    }

    /// The position as TOML (inside a compound action: its last state at rest and
    /// the moves since). Fails where the format cannot say the state.
    fn to_toml(&self) -> PyResult<String> {
        guarded(|| self.state.to_text().map_err(|e| position_error(&e)))
    }

    /// The rules file the state plays by (Golem's components: `source`,
    /// `sha256`, `facts`, `placeholders` and the `line` results print), or None
    /// for a game whose rules are all built in.
    #[getter]
    fn ruleset<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        guarded(|| ruleset_dict(py, with_state!(&self.state, f, G => f.state().ruleset())))
    }

    /// Writes the position to `path` (a temporary file renamed into place, so a
    /// failed write leaves nothing behind); an existing file is kept unless
    /// `overwrite`.
    #[pyo3(signature = (path, overwrite = false))]
    fn save(&self, path: PathBuf, overwrite: bool) -> PyResult<()> {
        guarded(|| save_text(&self.to_toml()?, &path, overwrite))
    }

    fn clone(&self, py: Python<'_>) -> PyResult<PyObject> {
        state_object(py, self.state.clone())
    }

    fn __copy__(&self, py: Python<'_>) -> PyResult<PyObject> {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.clone(py)
    }

    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let class = slf.get_type().name()?;
        let this = slf.borrow();
        let (players, turn, hash) = with_state!(&this.state, f, G => {
            let state = f.state();
            (state.num_players(), state.turn(), state.hash())
        });
        let turn = match turn {
            Turn::Player(seat) => format!("seat {seat} to move"),
            Turn::Chance => "chance".to_string(),
            Turn::Terminal => "over".to_string(),
        };
        Ok(format!(
            "<{class} {players} players, {turn}, hash {hash:#018x}>"
        ))
    }

    // -- who acts --

    #[getter]
    fn players(&self) -> usize {
        with_state!(&self.state, f, G => f.state().num_players())
    }

    /// "player", "chance" or "terminal".
    #[getter]
    fn turn(&self) -> &'static str {
        match with_state!(&self.state, f, G => f.state().turn()) {
            Turn::Player(_) => "player",
            Turn::Chance => "chance",
            Turn::Terminal => "terminal",
        }
    }

    /// The seat choosing an action, or None at a chance node or once over.
    #[getter]
    fn current_player(&self) -> Option<usize> {
        match with_state!(&self.state, f, G => f.state().turn()) {
            Turn::Player(seat) => Some(seat),
            _ => None,
        }
    }

    /// What `seat` knows of this state: everything hidden from that seat is hidden
    /// again (for Century, the deck orders), so later deals are chance events.
    fn public_view(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = "crate::ints::seat")] seat: usize,
    ) -> PyResult<PyObject> {
        guarded(|| {
            let view = with_state!(&self.state, f, G => {
                let state = f.state();
                if seat >= state.num_players() {
                    return Err(golem_error(
                        "seat",
                        format!("{seat} is not a seat of a {}-player game", state.num_players()),
                    ));
                }
                AnyState::of(state.public_view(seat))
            });
            state_object(py, view)
        })
    }

    fn is_terminal(&self) -> bool {
        with_state!(&self.state, f, G => f.state().is_terminal())
    }

    fn is_chance(&self) -> bool {
        with_state!(&self.state, f, G => f.state().turn() == Turn::Chance)
    }

    // -- moves --

    /// Legal actions (chance outcomes at a chance node) as stable integers;
    /// refused at a chance node too large to list (use `sample_chance`).
    fn legal_actions(&self) -> PyResult<Vec<u64>> {
        guarded(|| {
            with_state!(&self.state, f, G => {
                check_listable(f.state())?;
                Ok(legal(f.state()).into_iter().map(G::action_id).collect())
            })
        })
    }

    /// Canonical texts of the legal actions, in the same order as `legal_actions()`.
    fn legal_action_texts(&self) -> PyResult<Vec<String>> {
        guarded(|| {
            with_state!(&self.state, f, G => {
                let state = f.state();
                check_listable(state)?;
                Ok(legal(state).into_iter().map(|a| state.action_to_text(a)).collect())
            })
        })
    }

    /// Canonical text of a legal action (int or text).
    fn action_text(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        guarded(|| {
            with_state!(&self.state, f, G => {
                let action = resolve(f.state(), action)?;
                Ok(f.state().action_to_text(action))
            })
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
            with_state!(&self.state, f, G => Ok(G::action_id(resolve(f.state(), text)?)))
        })
    }

    /// The dense index (below `INFO["action_space"]`) of an action id.
    #[classmethod]
    fn action_index(
        cls: &Bound<'_, PyType>,
        #[pyo3(from_py_with = "crate::ints::action")] action: u64,
    ) -> PyResult<u64> {
        guarded(|| {
            let game = class_game_needed(cls, "action_index")?;
            golem_core::with_game!(game, G => G::action_from_id(action).map(G::action_index))
                .ok_or_else(|| illegal("action", format!("{action} is not an action")))
        })
    }

    /// The action id of a dense index.
    #[classmethod]
    fn action_from_index(
        cls: &Bound<'_, PyType>,
        #[pyo3(from_py_with = "crate::ints::index")] index: u64,
    ) -> PyResult<u64> {
        guarded(|| {
            let game = class_game_needed(cls, "action_from_index")?;
            golem_core::with_game!(game, G => G::action_from_index(index).map(G::action_id))
                .ok_or_else(|| illegal("index", format!("{index} is not the index of an action")))
        })
    }

    /// Applies a legal move (int or text) to this state.
    fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
        guarded(|| {
            with_state!(&mut self.state, f, G => {
                let action = resolve(f.state(), action)?;
                f.apply(action);
            });
            Ok(())
        })
    }

    /// The state after a legal move (int or text); `self` is unchanged.
    fn child(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        guarded(|| {
            let mut next = self.state.clone();
            with_state!(&mut next, f, G => {
                let action = resolve(f.state(), action)?;
                f.apply(action);
            });
            state_object(py, next)
        })
    }

    // -- tensors for learning (docs/rl.md) --

    /// Length of the observation tensor, as a numpy shape: `(OBSERVATION_SIZE,)`.
    #[classmethod]
    fn observation_shape(cls: &Bound<'_, PyType>) -> PyResult<(usize,)> {
        let game = class_game_needed(cls, "observation_shape")?;
        Ok((golem_core::with_game!(game, G => G::OBSERVATION_SIZE),))
    }

    /// Size of the policy action space: every `legal_mask()` has this length.
    #[classmethod]
    fn num_distinct_actions(cls: &Bound<'_, PyType>) -> PyResult<usize> {
        let game = class_game_needed(cls, "num_distinct_actions")?;
        Ok(golem_core::with_game!(game, G => G::POLICY_ACTIONS))
    }

    /// What `player` (default: the seat to move) may see, as a float32 array of
    /// `observation_shape()`; the layout is in the game's doc.
    #[pyo3(signature = (player = None))]
    fn observation<'py>(
        &self,
        py: Python<'py>,
        #[pyo3(from_py_with = "crate::ints::player")] player: Option<usize>,
    ) -> PyResult<Bound<'py, numpy::PyArray1<f32>>> {
        guarded(|| with_state!(&self.state, f, G => crate::rl::observation(py, f.state(), player)))
    }

    /// A bool array of `num_distinct_actions()` entries, true at the policy index
    /// of every legal action; all false at a chance node or once over.
    fn legal_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, numpy::PyArray1<bool>>> {
        guarded(|| with_state!(&self.state, f, G => crate::rl::legal_mask(py, f.state())))
    }

    /// The policy index (the position in `legal_mask()`) of a legal action.
    fn policy_index(&self, action: &Bound<'_, PyAny>) -> PyResult<usize> {
        guarded(|| {
            with_state!(&self.state, f, G => {
                let state = f.state();
                let action = resolve(state, action)?;
                crate::rl::player_action(state)?;
                Ok(state.policy_index(action))
            })
        })
    }

    /// The action id that the policy index `index` plays here (the first legal
    /// action in `legal_actions()` order with that index).
    fn action_from_policy_index(
        &self,
        #[pyo3(from_py_with = "crate::ints::index")] index: i64,
    ) -> PyResult<u64> {
        guarded(|| {
            with_state!(&self.state, f, G => {
                crate::rl::from_policy_index(f.state(), index).map(G::action_id)
            })
        })
    }

    /// Applies the legal action with policy index `index` (see
    /// `action_from_policy_index`); refuses an index whose mask entry is false.
    fn apply_index(
        &mut self,
        #[pyo3(from_py_with = "crate::ints::index")] index: i64,
    ) -> PyResult<()> {
        guarded(|| {
            with_state!(&mut self.state, f, G => {
                let action = crate::rl::from_policy_index(f.state(), index)?;
                f.apply(action);
            });
            Ok(())
        })
    }

    /// At a chance node, applies one outcome drawn by its probability from a
    /// generator seeded with `seed`, and returns its action id.
    fn sample_chance(
        &mut self,
        #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
    ) -> PyResult<u64> {
        guarded(|| {
            with_state!(&mut self.state, f, G => {
                let action = crate::rl::sample_chance(f.state(), seed)?;
                f.apply(action);
                Ok(G::action_id(action))
            })
        })
    }

    /// Chance outcomes as (text, probability); empty unless `is_chance()`;
    /// refused where there are too many to list (use `sample_chance`).
    fn chance_outcomes(&self) -> PyResult<Vec<(String, f64)>> {
        guarded(|| {
            with_state!(&self.state, f, G => {
                let state = f.state();
                check_listable(state)?;
                let mut outcomes = Vec::new();
                <G as Game>::chance_outcomes(state, &mut outcomes);
                Ok(outcomes.into_iter().map(|(a, p)| (state.action_to_text(a), p)).collect())
            })
        })
    }

    // -- results --

    /// Current score of every seat (final once the game is over).
    fn scores(&self) -> PyResult<Vec<i32>> {
        guarded(|| {
            with_state!(&self.state, f, G => {
                let state = f.state();
                Ok((0..state.num_players()).map(|s| state.score(s)).collect())
            })
        })
    }

    /// 1.0 for the winner and 0.0 for the others once over; all 0.0 before.
    fn returns(&self) -> PyResult<Vec<f64>> {
        guarded(|| {
            with_state!(&self.state, f, G => {
                let state = f.state();
                Ok((0..state.num_players()).map(|s| state.returns(s)).collect())
            })
        })
    }

    /// The winning seat once the game is over, else None.
    fn winner(&self) -> PyResult<Option<usize>> {
        guarded(|| Ok(with_state!(&self.state, f, G => winner(f.state()))))
    }

    /// Zobrist hash of the state (64-bit).
    fn hash(&self) -> u64 {
        with_state!(&self.state, f, G => f.state().hash())
    }

    // -- perft --

    /// Leaves of the action tree `depth` plies deep (the GIL is released meanwhile);
    /// None if `stop` was set before the count finished.
    #[pyo3(signature = (depth, stop = None))]
    fn perft(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = "crate::ints::depth")] depth: u32,
        stop: Option<crate::search::PyStopToken>,
    ) -> PyResult<Option<u64>> {
        guarded(|| {
            check_perft_depth(depth)?;
            let flag = stop.map(|s| s.flag).unwrap_or_default();
            with_state!(&self.state, f, G => {
                let state = *f.state();
                py.allow_threads(move || guarded(|| Ok(perft_with_stop(&state, depth, &flag))))
            })
        })
    }

    /// perft under each root action, as (text, count), in legal-action order; None
    /// if `stop` was set before the count finished.
    #[pyo3(signature = (depth, stop = None))]
    fn perft_divide(
        &self,
        py: Python<'_>,
        #[pyo3(from_py_with = "crate::ints::depth")] depth: u32,
        stop: Option<crate::search::PyStopToken>,
    ) -> PyResult<Option<Vec<(String, u64)>>> {
        guarded(|| {
            check_perft_depth(depth)?;
            let flag = stop.map(|s| s.flag).unwrap_or_default();
            with_state!(&self.state, f, G => {
                let state = *f.state();
                let counts = py.allow_threads(move || {
                    guarded(|| Ok(perft_divide_with_stop(&state, depth, &flag)))
                })?;
                Ok(counts.map(|counts| {
                    counts.into_iter().map(|(a, n)| (state.action_to_text(a), n)).collect()
                }))
            })
        })
    }
}

/// The state of game `G` inside an object of that game's class (`Century` holds a
/// Century state: the class is chosen by the state's game in [`state_object`]).
pub(crate) fn state_in<G: Registered>(object: &PyGameState) -> G {
    *G::from_any(&object.state)
        .expect("a game's class holds a state of its game")
        .state()
}

/// Defines each registered game's class (a subclass of `GameState` with the game's
/// constants) and the functions that reach them generically.
macro_rules! define_games {
    ($($variant:ident => $state:ty),* $(,)?) => {
        $(
            #[pyclass(extends = PyGameState, module = "golem_solver")]
            pub struct $variant;

            #[pymethods]
            impl $variant {
                /// The game's short name.
                #[classattr]
                #[allow(non_snake_case)]
                fn GAME() -> &'static str {
                    <$state as Game>::INFO.name
                }

                /// Name, player range and nature of the game, and the size of its
                /// action space.
                #[classattr]
                #[allow(non_snake_case)]
                fn INFO(py: Python<'_>) -> PyResult<Py<PyDict>> {
                    Ok(info_dict(py, &<$state as Game>::INFO)?.unbind())
                }

                /// The game's own bot policies (Century's `greedy`), beside the generic
                /// `random`, `ismcts` and `alphabeta` every game has.
                #[classattr]
                #[allow(non_snake_case)]
                fn POLICIES() -> Vec<&'static str> {
                    <$state as golem_core::bots::Policies>::POLICIES.to_vec()
                }
            }
        )*

        /// `state` as an object of its game's class.
        pub(crate) fn state_object(py: Python<'_>, state: AnyState) -> PyResult<PyObject> {
            let id = state.id();
            let base = PyClassInitializer::from(PyGameState { state });
            Ok(match id {
                $(GameId::$variant => Py::new(py, base.add_subclass($variant))?.into_any(),)*
            })
        }

        /// Adds `GameState`, every game's class and the `GAMES` dict (name -> class).
        pub(crate) fn add_classes(module: &Bound<'_, PyModule>) -> PyResult<()> {
            module.add_class::<PyGameState>()?;
            let games = PyDict::new(module.py());
            $(
                module.add_class::<$variant>()?;
                games.set_item(<$state as Game>::INFO.name, module.py().get_type::<$variant>())?;
            )*
            module.add("GAMES", games)
        }
    };
}

golem_core::for_each_game!(define_games);

/// A state of the game a position file names (its `game` key).
#[pyfunction]
pub(crate) fn from_toml(py: Python<'_>, text: &str) -> PyResult<PyObject> {
    guarded(|| Ok(read_any(py, text, &ReadContext::default())?.0))
}

/// Reads a position file of any game.
#[pyfunction]
pub(crate) fn load(py: Python<'_>, path: PathBuf) -> PyResult<PyObject> {
    guarded(|| {
        let text = load_text(&path)?;
        Ok(read_any(py, &text, &context(Some(&path), None, 0))?.0)
    })
}

/// A position of any game from a file (`path`) or from `text`, with the warnings its
/// reading gave; `rules_file` overrides the rules file it names, as does `rules_text`, a
/// rules file's `(name, content)`; `seed` fills its `?` cards.
#[pyfunction]
#[pyo3(signature = (path = None, text = None, rules_file = None, seed = 0, rules_text = None))]
pub(crate) fn read_position(
    py: Python<'_>,
    path: Option<PathBuf>,
    text: Option<String>,
    rules_file: Option<PathBuf>,
    #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
    rules_text: Option<(String, String)>,
) -> PyResult<(PyObject, Vec<String>)> {
    guarded(|| {
        let text = match (&path, text) {
            (Some(path), None) => load_text(path)?,
            (None, Some(text)) => text,
            _ => {
                return Err(golem_error(
                    "position",
                    "give exactly one of a path and a text",
                ))
            }
        };
        let ctx = ReadContext {
            rules_text: rules_text_of(rules_text),
            ..context(path.as_deref(), rules_file, seed)
        };
        read_any(py, &text, &ctx)
    })
}

fn read_any(py: Python<'_>, text: &str, ctx: &ReadContext) -> PyResult<(PyObject, Vec<String>)> {
    let (state, warnings) = read_state(text, ctx, None)?;
    Ok((state_object(py, state)?, warnings))
}

/// A fresh game of `game` (its name) for `players` seats, shuffled from `seed`; with
/// `rules_text`, a rules file's `(name, content)`, played by those rules.
#[pyfunction]
#[pyo3(signature = (game, players, seed = 0, options = Vec::new(), rules_text = None))]
pub(crate) fn new_game(
    py: Python<'_>,
    game: &str,
    #[pyo3(from_py_with = "crate::ints::players")] players: i64,
    #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
    options: Vec<(String, String)>,
    rules_text: Option<(String, String)>,
) -> PyResult<PyObject> {
    guarded(|| {
        let id = GameId::from_name(game).map_err(refused)?;
        let rules = rules_text_of(rules_text);
        let state =
            AnyState::new_game(id, players, seed, &options, rules.as_ref()).map_err(refused)?;
        state_object(py, state)
    })
}

/// One setup option: name, kind (`flag`, `text` or `file`: `SetupKind`), help, and the
/// values it takes by name (`SetupOption::choices`).
type SetupOptionRow = (&'static str, &'static str, &'static str, Vec<&'static str>);

/// The setup options of `game` (its name), one [`SetupOptionRow`] each.
#[pyfunction]
pub(crate) fn setup_options(game: &str) -> PyResult<Vec<SetupOptionRow>> {
    let id = GameId::from_name(game).map_err(refused)?;
    let options = golem_core::with_game!(id, G => G::SETUP_OPTIONS);
    Ok(options
        .iter()
        .map(|o| (o.name, o.kind.name(), o.help, o.choices.to_vec()))
        .collect())
}
