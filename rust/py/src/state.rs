//! The Python class of every game: one macro writes the methods every game has, from the
//! `Game` trait alone; a game's own extras (Century's rows and seats) live in its file.
//!
//! Generic entry points (search, arena, playouts) take a state of any game through
//! [`visit_state`], and return one through [`PyGame::into_py`].

use std::path::{Path, PathBuf};

use golem_core::games::GameId;
use golem_core::perft::{perft_divide_with_stop, perft_with_stop, MAX_PERFT_DEPTH};
use golem_core::{Game, GameInfo, ReadContext, RulesText, Traced, Tracked, Turn};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyString};
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::files::{read_text, write_atomically};
use crate::{golem_error, guarded, illegal, position_error, refused};

/// A game state type with its Python class.
pub(crate) trait PyGame: Game + golem_core::bots::Policies {
    /// Wraps a state in its Python class.
    fn into_py(self, py: Python<'_>) -> PyResult<PyObject>;

    /// The state inside `object`, if it is of this game's class.
    fn from_py(object: &Bound<'_, PyAny>) -> Option<Self>;

    /// Wraps a read position, tracked from its rest point (see [`Game::read_traced`]).
    fn traced_into_py(traced: golem_core::Traced<Self>, py: Python<'_>) -> PyResult<PyObject>;
}

/// Generic code over a state of any game (a generic closure, which Rust lacks).
pub(crate) trait StateVisitor {
    type Output;
    fn visit<G: PyGame>(self, state: G) -> Self::Output;
}

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

/// A position read with its context, tracked from its rest point.
pub(crate) fn read<G: Game>(text: &str, ctx: &ReadContext) -> PyResult<Traced<G>> {
    G::read_traced(text, ctx).map_err(|e| position_error(&e))
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
fn rules_text(given: Option<(String, String)>) -> Option<RulesText> {
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
    dict.set_item("source", &ruleset.source)?;
    dict.set_item("sha256", &ruleset.sha256)?;
    dict.set_item("facts", ruleset.facts)?;
    dict.set_item("placeholders", ruleset.placeholders)?;
    dict.set_item("line", ruleset.line())?;
    Ok(Some(dict))
}

/// A game's description as a dict (the class attribute `INFO`).
pub(crate) fn info_dict<'py>(py: Python<'py>, info: &GameInfo) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("name", info.name)?;
    dict.set_item("title", info.title)?;
    dict.set_item("min_players", info.min_players)?;
    dict.set_item("max_players", info.max_players)?;
    dict.set_item("chance", info.chance)?;
    dict.set_item("hidden_information", info.hidden_information)?;
    dict.set_item("simultaneous", info.simultaneous)?;
    dict.set_item("action_space", info.action_space)?;
    dict.set_item("max_chance_outcomes", info.max_chance_outcomes)?;
    dict.set_item("solo_win", info.solo_win)?;
    dict.set_item("decks", info.decks)?;
    Ok(dict)
}

/// A fresh game from a seed, the player count checked against the game's range.
pub(crate) fn new_state<G: Game>(players: i64, seed: u64) -> PyResult<G> {
    new_state_with(players, seed, &[])
}

/// [`new_state`] with the game's setup options (`Game::SETUP_OPTIONS`).
pub(crate) fn new_state_with<G: Game>(
    players: i64,
    seed: u64,
    options: &[(String, String)],
) -> PyResult<G> {
    new_state_in(players, seed, options, None)
}

/// [`new_state_with`] with the rules read from a rules file's content (Golem's
/// components uploaded to the board).
pub(crate) fn new_state_in<G: Game>(
    players: i64,
    seed: u64,
    options: &[(String, String)],
    rules: Option<&RulesText>,
) -> PyResult<G> {
    let (low, high) = (G::INFO.min_players, G::INFO.max_players);
    if !(low as i64..=high as i64).contains(&players) {
        return Err(golem_error(
            "players",
            format!("{players} players; the game is for {low}-{high}"),
        ));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    G::new_game_in(players as usize, &mut rng, options, rules).map_err(refused)
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
            format!("{depth} is outside 0..={MAX_PERFT_DEPTH}"),
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

/// Defines the Python class of one game: `game_class!(Century, path::to::State)` makes
/// the class `Century` with every generic method.
macro_rules! game_class {
    ($class:ident, $state:ty) => {
        #[pyclass(module = "golem_solver", eq)]
        pub struct $class {
            pub(crate) state: $state,
            /// The state with its last state at rest and the actions since, while they
            /// are known, so a state inside a compound action (Golem) can still be
            /// written; `tracked.state` is always `state`.
            pub(crate) tracked: Option<Box<Tracked<$state>>>,
        }

        /// Two objects are equal when their states are: the rest point is how we got there.
        impl PartialEq for $class {
            fn eq(&self, other: &Self) -> bool {
                self.state == other.state
            }
        }

        impl $class {
            /// An object for `state`, its own rest point when it is at rest.
            pub(crate) fn of(state: $state) -> Self {
                let tracked = state.at_rest().then(|| Box::new(Tracked::new(state)));
                $class { state, tracked }
            }

            /// An object for a read position, with the moves it was written with.
            pub(crate) fn from_traced(traced: golem_core::Traced<$state>) -> Self {
                $class {
                    state: traced.tracked.state,
                    tracked: Some(Box::new(traced.tracked)),
                }
            }

            /// Plays `action` on the state, following it from its rest point.
            pub(crate) fn advance(&mut self, action: <$state as Game>::Action) {
                self.state.apply(action);
                match &mut self.tracked {
                    Some(tracked) => tracked.apply(action),
                    None if self.state.at_rest() => {
                        self.tracked = Some(Box::new(Tracked::new(self.state)));
                    }
                    None => {}
                }
            }
        }

        impl $crate::state::PyGame for $state {
            fn into_py(self, py: Python<'_>) -> PyResult<PyObject> {
                Ok(Py::new(py, $class::of(self))?.into_any())
            }

            fn from_py(object: &Bound<'_, PyAny>) -> Option<Self> {
                object.downcast::<$class>().ok().map(|c| c.borrow().state)
            }

            fn traced_into_py(
                traced: golem_core::Traced<Self>,
                py: Python<'_>,
            ) -> PyResult<PyObject> {
                Ok(Py::new(py, $class::from_traced(traced))?.into_any())
            }
        }

        #[pymethods]
        impl $class {
            // -- the game --

            /// The game's short name.
            #[classattr]
            #[allow(non_snake_case)]
            fn GAME() -> &'static str {
                <$state as Game>::INFO.name
            }

            /// Name, player range and nature of the game, and the size of its action space.
            #[classattr]
            #[allow(non_snake_case)]
            fn INFO(py: Python<'_>) -> PyResult<Py<PyDict>> {
                Ok($crate::state::info_dict(py, &<$state as Game>::INFO)?.unbind())
            }

            /// The game's own bot policies (Century's `greedy`), beside the generic
            /// `random`, `ismcts` and `alphabeta` every game has.
            #[classattr]
            #[allow(non_snake_case)]
            fn POLICIES() -> Vec<&'static str> {
                <$state as golem_core::bots::Policies>::POLICIES.to_vec()
            }

            /// The game's short name (the class's `GAME`).
            #[getter]
            fn game(&self) -> &'static str {
                <$state as Game>::INFO.name
            }

            // -- making and saving states --

            /// Reads a position file (TOML).
            #[staticmethod]
            fn load(path: PathBuf) -> PyResult<Self> {
                guarded(|| {
                    let text = $crate::state::load_text(&path)?;
                    let ctx = $crate::state::context(Some(&path), None, 0);
                    $crate::state::read::<$state>(&text, &ctx).map(|t| Self::from_traced(t))
                })
            }

            /// Reads a position from TOML text.
            #[staticmethod]
            fn from_toml(text: &str) -> PyResult<Self> {
                guarded(|| {
                    let ctx = golem_core::ReadContext::default();
                    $crate::state::read::<$state>(text, &ctx).map(|t| Self::from_traced(t))
                })
            }

            /// A fresh game, every shuffle drawn from `seed`.
            #[staticmethod]
            #[pyo3(signature = (players, seed = 0))]
            fn new(
                #[pyo3(from_py_with = "crate::ints::players")] players: i64,
                #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
            ) -> PyResult<Self> {
                guarded(|| $crate::state::new_state(players, seed).map(Self::of))
            }

            /// The position drawn as an SVG document, or None if the game draws none.
            fn to_svg(&self) -> PyResult<Option<String>> {
                guarded(|| Ok(self.state.to_svg()))
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
                    let info = <$state as Game>::INFO;
                    if !info.decks {
                        let message = format!("{} has no decks to hide", info.name);
                        return Err($crate::golem_error("hidden_decks", message));
                    }
                    <$state as Game>::hide_decks(&mut self.state);
                    // The written position is the tracked one: forget its orders too.
                    if let Some(tracked) = &mut self.tracked {
                        <$state as Game>::hide_decks(&mut tracked.state);
                        <$state as Game>::hide_decks(&mut tracked.rest);
                    }
                    Ok(())
                })
            }

            /// The position as TOML (inside a compound action: its last state at rest and
            /// the moves since). Fails where the format cannot say the state.
            fn to_toml(&self) -> PyResult<String> {
                guarded(|| {
                    let text = match &self.tracked {
                        Some(tracked) => tracked.to_text(),
                        None => self.state.to_text(),
                    };
                    text.map_err(|e| $crate::position_error(&e))
                })
            }

            /// The rules file the state plays by (Golem's components: `source`,
            /// `sha256`, `facts`, `placeholders` and the `line` results print), or None
            /// for a game whose rules are all built in.
            #[getter]
            fn ruleset<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
                guarded(|| $crate::state::ruleset_dict(py, self.state.ruleset()))
            }

            /// Writes the position to `path` (a temporary file renamed into place, so a
            /// failed write leaves nothing behind); an existing file is kept unless
            /// `overwrite`.
            #[pyo3(signature = (path, overwrite = false))]
            fn save(&self, path: PathBuf, overwrite: bool) -> PyResult<()> {
                guarded(|| {
                    let text = self.to_toml()?;
                    $crate::state::save_text(&text, &path, overwrite)
                })
            }

            fn clone(&self) -> Self {
                Self {
                    state: self.state,
                    tracked: self.tracked.clone(),
                }
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
                    "<{} {} players, {turn}, hash {:#018x}>",
                    stringify!($class),
                    self.state.num_players(),
                    self.state.hash()
                )
            }

            // -- who acts --

            #[getter]
            fn players(&self) -> usize {
                self.state.num_players()
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

            /// The seat choosing an action, or None at a chance node or once over.
            #[getter]
            fn current_player(&self) -> Option<usize> {
                match self.state.turn() {
                    Turn::Player(seat) => Some(seat),
                    _ => None,
                }
            }

            /// What `seat` knows of this state: everything hidden from that seat is hidden
            /// again (for Century, the deck orders), so later deals are chance events.
            fn public_view(
                &self,
                #[pyo3(from_py_with = "crate::ints::seat")] seat: usize,
            ) -> PyResult<Self> {
                guarded(|| {
                    if seat >= self.state.num_players() {
                        return Err(golem_error(
                            "seat",
                            format!(
                                "{seat} is not a seat of a {}-player game",
                                self.state.num_players()
                            ),
                        ));
                    }
                    Ok(Self::of(self.state.public_view(seat)))
                })
            }

            fn is_terminal(&self) -> bool {
                self.state.is_terminal()
            }

            fn is_chance(&self) -> bool {
                self.state.turn() == Turn::Chance
            }

            // -- moves --

            /// Legal actions (chance outcomes at a chance node) as stable integers;
            /// refused at a chance node too large to list (use `sample_chance`).
            fn legal_actions(&self) -> PyResult<Vec<u64>> {
                guarded(|| {
                    $crate::state::check_listable(&self.state)?;
                    Ok($crate::state::legal(&self.state)
                        .into_iter()
                        .map(<$state as Game>::action_id)
                        .collect())
                })
            }

            /// Canonical texts of the legal actions, in the same order as `legal_actions()`.
            fn legal_action_texts(&self) -> PyResult<Vec<String>> {
                guarded(|| {
                    $crate::state::check_listable(&self.state)?;
                    Ok($crate::state::legal(&self.state)
                        .into_iter()
                        .map(|a| self.state.action_to_text(a))
                        .collect())
                })
            }

            /// Canonical text of a legal action (int or text).
            fn action_text(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
                guarded(|| {
                    let action = $crate::state::resolve(&self.state, action)?;
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
                    let action = $crate::state::resolve(&self.state, text)?;
                    Ok(<$state as Game>::action_id(action))
                })
            }

            /// The dense index (below `INFO["action_space"]`) of an action id.
            #[staticmethod]
            fn action_index(
                #[pyo3(from_py_with = "crate::ints::action")] action: u64,
            ) -> PyResult<u64> {
                guarded(|| {
                    <$state as Game>::action_from_id(action)
                        .map(<$state as Game>::action_index)
                        .ok_or_else(|| {
                            $crate::illegal("action", format!("{action} is not an action"))
                        })
                })
            }

            /// The action id of a dense index.
            #[staticmethod]
            fn action_from_index(
                #[pyo3(from_py_with = "crate::ints::index")] index: u64,
            ) -> PyResult<u64> {
                guarded(|| {
                    <$state as Game>::action_from_index(index)
                        .map(<$state as Game>::action_id)
                        .ok_or_else(|| {
                            $crate::illegal(
                                "index",
                                format!("{index} is not the index of an action"),
                            )
                        })
                })
            }

            /// Applies a legal move (int or text) to this state.
            fn apply(&mut self, action: &Bound<'_, PyAny>) -> PyResult<()> {
                guarded(|| {
                    let action = $crate::state::resolve(&self.state, action)?;
                    self.advance(action);
                    Ok(())
                })
            }

            /// The state after a legal move (int or text); `self` is unchanged.
            fn child(&self, action: &Bound<'_, PyAny>) -> PyResult<Self> {
                guarded(|| {
                    let action = $crate::state::resolve(&self.state, action)?;
                    let mut next = self.clone();
                    next.advance(action);
                    Ok(next)
                })
            }

            // -- tensors for learning (docs/rl.md) --

            /// Length of the observation tensor, as a numpy shape: `(OBSERVATION_SIZE,)`.
            #[staticmethod]
            fn observation_shape() -> (usize,) {
                (<$state as Game>::OBSERVATION_SIZE,)
            }

            /// Size of the policy action space: every `legal_mask()` has this length.
            #[staticmethod]
            fn num_distinct_actions() -> usize {
                <$state as Game>::POLICY_ACTIONS
            }

            /// What `player` (default: the seat to move) may see, as a float32 array of
            /// `observation_shape()`; the layout is in the game's doc.
            #[pyo3(signature = (player = None))]
            fn observation<'py>(
                &self,
                py: Python<'py>,
                #[pyo3(from_py_with = "crate::ints::player")] player: Option<usize>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<f32>>> {
                guarded(|| $crate::rl::observation(py, &self.state, player))
            }

            /// A bool array of `num_distinct_actions()` entries, true at the policy index
            /// of every legal action; all false at a chance node or once over.
            fn legal_mask<'py>(
                &self,
                py: Python<'py>,
            ) -> PyResult<Bound<'py, numpy::PyArray1<bool>>> {
                guarded(|| $crate::rl::legal_mask(py, &self.state))
            }

            /// The policy index (the position in `legal_mask()`) of a legal action.
            fn policy_index(&self, action: &Bound<'_, PyAny>) -> PyResult<usize> {
                guarded(|| {
                    let action = $crate::state::resolve(&self.state, action)?;
                    $crate::rl::player_action(&self.state)?;
                    Ok(self.state.policy_index(action))
                })
            }

            /// The action id that the policy index `index` plays here (the first legal
            /// action in `legal_actions()` order with that index).
            fn action_from_policy_index(
                &self,
                #[pyo3(from_py_with = "crate::ints::index")] index: i64,
            ) -> PyResult<u64> {
                guarded(|| {
                    $crate::rl::from_policy_index(&self.state, index)
                        .map(<$state as Game>::action_id)
                })
            }

            /// Applies the legal action with policy index `index` (see
            /// `action_from_policy_index`); refuses an index whose mask entry is false.
            fn apply_index(
                &mut self,
                #[pyo3(from_py_with = "crate::ints::index")] index: i64,
            ) -> PyResult<()> {
                guarded(|| {
                    let action = $crate::rl::from_policy_index(&self.state, index)?;
                    self.advance(action);
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
                    let action = $crate::rl::sample_chance(&self.state, seed)?;
                    self.advance(action);
                    Ok(<$state as Game>::action_id(action))
                })
            }

            /// Chance outcomes as (text, probability); empty unless `is_chance()`;
            /// refused where there are too many to list (use `sample_chance`).
            fn chance_outcomes(&self) -> PyResult<Vec<(String, f64)>> {
                guarded(|| {
                    $crate::state::check_listable(&self.state)?;
                    let mut outcomes = Vec::new();
                    <$state as Game>::chance_outcomes(&self.state, &mut outcomes);
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
                    Ok((0..self.state.num_players())
                        .map(|s| self.state.score(s))
                        .collect())
                })
            }

            /// 1.0 for the winner and 0.0 for the others once over; all 0.0 before.
            fn returns(&self) -> PyResult<Vec<f64>> {
                guarded(|| {
                    Ok((0..self.state.num_players())
                        .map(|s| self.state.returns(s))
                        .collect())
                })
            }

            /// The winning seat once the game is over, else None.
            fn winner(&self) -> PyResult<Option<usize>> {
                guarded(|| Ok($crate::state::winner(&self.state)))
            }

            /// Zobrist hash of the state (64-bit).
            fn hash(&self) -> u64 {
                self.state.hash()
            }

            // -- perft --

            /// Leaves of the action tree `depth` plies deep (the GIL is released meanwhile);
            /// None if `stop` was set before the count finished.
            #[pyo3(signature = (depth, stop = None))]
            fn perft(
                &self,
                py: Python<'_>,
                #[pyo3(from_py_with = "crate::ints::depth")] depth: u32,
                stop: Option<$crate::search::PyStopToken>,
            ) -> PyResult<Option<u64>> {
                guarded(|| {
                    $crate::state::check_perft_depth(depth)?;
                    let state = self.state;
                    let flag = stop.map(|s| s.flag).unwrap_or_default();
                    py.allow_threads(move || guarded(|| Ok(perft_with_stop(&state, depth, &flag))))
                })
            }

            /// perft under each root action, as (text, count), in legal-action order; None
            /// if `stop` was set before the count finished.
            #[pyo3(signature = (depth, stop = None))]
            fn perft_divide(
                &self,
                py: Python<'_>,
                #[pyo3(from_py_with = "crate::ints::depth")] depth: u32,
                stop: Option<$crate::search::PyStopToken>,
            ) -> PyResult<Option<Vec<(String, u64)>>> {
                guarded(|| {
                    $crate::state::check_perft_depth(depth)?;
                    let state = self.state;
                    let flag = stop.map(|s| s.flag).unwrap_or_default();
                    let counts = py.allow_threads(move || {
                        guarded(|| Ok(perft_divide_with_stop(&state, depth, &flag)))
                    })?;
                    Ok(counts.map(|counts| {
                        counts
                            .into_iter()
                            .map(|(a, n)| (state.action_to_text(a), n))
                            .collect()
                    }))
                })
            }
        }
    };
}

/// Defines every registered game's class and the functions that reach them generically.
macro_rules! define_games {
    ($($variant:ident => $state:ty),* $(,)?) => {
        $(game_class!($variant, $state);)*

        /// Runs `visitor` on the state inside `object`, of whichever game it is.
        pub(crate) fn visit_state<V: StateVisitor>(
            object: &Bound<'_, PyAny>,
            visitor: V,
        ) -> PyResult<V::Output> {
            $(
                if let Ok(class) = object.downcast::<$variant>() {
                    // Copy the state out, so the object is not borrowed while work runs.
                    let state = class.borrow().state;
                    return Ok(visitor.visit(state));
                }
            )*
            Err(PyTypeError::new_err(format!(
                "expected a game state ({}), got {}",
                [$(stringify!($variant)),*].join(", "),
                object.get_type().name()?
            )))
        }

        /// Adds every game's class to the module and the `GAMES` dict (name -> class).
        pub(crate) fn add_classes(module: &Bound<'_, PyModule>) -> PyResult<()> {
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
/// reading gave; `components` overrides the rules file it names, as does
/// `components_text`, a rules file's `(name, content)`; `seed` fills its `?` cards.
#[pyfunction]
#[pyo3(signature = (path = None, text = None, components = None, seed = 0, components_text = None))]
pub(crate) fn read_position(
    py: Python<'_>,
    path: Option<PathBuf>,
    text: Option<String>,
    components: Option<PathBuf>,
    #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
    components_text: Option<(String, String)>,
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
            rules_text: rules_text(components_text),
            ..context(path.as_deref(), components, seed)
        };
        read_any(py, &text, &ctx)
    })
}

fn read_any(py: Python<'_>, text: &str, ctx: &ReadContext) -> PyResult<(PyObject, Vec<String>)> {
    let game = GameId::detect(text).map_err(|e| position_error(&e))?;
    golem_core::with_game!(game, G => {
        let traced = read::<G>(text, ctx)?;
        let warnings = traced.warnings.clone();
        Ok((G::traced_into_py(traced, py)?, warnings))
    })
}

/// A fresh game of `game` (its name) for `players` seats, shuffled from `seed`; with
/// `components_text`, a rules file's `(name, content)`, played by those rules.
#[pyfunction]
#[pyo3(signature = (game, players, seed = 0, options = Vec::new(), components_text = None))]
pub(crate) fn new_game(
    py: Python<'_>,
    game: &str,
    #[pyo3(from_py_with = "crate::ints::players")] players: i64,
    #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
    options: Vec<(String, String)>,
    components_text: Option<(String, String)>,
) -> PyResult<PyObject> {
    guarded(|| {
        let id = GameId::from_name(game).map_err(refused)?;
        let rules = rules_text(components_text);
        golem_core::with_game!(id, G => {
            new_state_in::<G>(players, seed, &options, rules.as_ref())?.into_py(py)
        })
    })
}

/// The setup options of `game` (its name), as `(name, kind, help)` triples; `kind` is
/// `flag`, `text` or `file` (`SetupKind`).
#[pyfunction]
pub(crate) fn setup_options(
    game: &str,
) -> PyResult<Vec<(&'static str, &'static str, &'static str)>> {
    let id = GameId::from_name(game).map_err(refused)?;
    let options = golem_core::with_game!(id, G => G::SETUP_OPTIONS);
    Ok(options
        .iter()
        .map(|o| (o.name, o.kind.name(), o.help))
        .collect())
}
