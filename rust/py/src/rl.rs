//! Tensors and batches for learning (docs/rl.md), for every registered game: numpy arrays
//! made in Rust (rust-numpy) and handed over without a Python loop.

use golem_core::games::GameId;
use golem_core::playout::{random_outcome, random_playout};
use golem_core::rl::{self, StepOutput, VecGames, MAX_BATCH_BYTES};
use golem_core::search::options::{check_range, THREADS};
use golem_core::testing::MAX_POLICY_ACTIONS;
use golem_core::{Game, Turn};
use numpy::ndarray::{Array1, Array2, Array3};
use numpy::{IntoPyArray, PyArray1, PyArray2};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use golem_core::{with_state, AnyState, Registered};

use crate::state::{state_object, PyGameState};
use crate::{golem_error, guarded, illegal, refused};

/// The observation of `player` (default: the seat to move) as a float32 array.
pub(crate) fn observation<'py, G: Game>(
    py: Python<'py>,
    state: &G,
    player: Option<usize>,
) -> PyResult<Bound<'py, PyArray1<f32>>> {
    let players = state.num_players();
    let seat = match (player, state.turn()) {
        (Some(seat), _) if seat < players => seat,
        (Some(seat), _) => {
            return Err(golem_error(
                "player",
                format!("{seat} is not a seat of a {players}-player game"),
            ))
        }
        (None, Turn::Player(seat)) => seat,
        (None, _) => {
            return Err(golem_error(
                "player",
                "no seat is to move (a chance node or the game is over): name the player",
            ))
        }
    };
    let mut out = vec![0.0f32; G::OBSERVATION_SIZE];
    state.observation(seat, &mut out);
    Ok(out.into_pyarray(py))
}

/// Refuses a game whose policy space is too large for a mask (the conformance kit's
/// bound), before anything is allocated.
pub(crate) fn check_mask_size<G: Game>() -> PyResult<()> {
    if G::POLICY_ACTIONS <= MAX_POLICY_ACTIONS {
        return Ok(());
    }
    Err(golem_error(
        "num_distinct_actions",
        format!(
            "{} has {} policy actions, more than a mask may have ({MAX_POLICY_ACTIONS})",
            G::INFO.name,
            G::POLICY_ACTIONS
        ),
    ))
}

pub(crate) fn legal_mask<'py, G: Game>(
    py: Python<'py>,
    state: &G,
) -> PyResult<Bound<'py, PyArray1<bool>>> {
    check_mask_size::<G>()?;
    // A fresh zeroed buffer: only the legal entries are written.
    let mut out = vec![false; G::POLICY_ACTIONS];
    rl::mark_legal(state, &mut Vec::new(), &mut out);
    Ok(out.into_pyarray(py))
}

/// Refuses a state where no player is to move (policy indices name player actions).
pub(crate) fn player_action<G: Game>(state: &G) -> PyResult<()> {
    match state.turn() {
        Turn::Player(_) => Ok(()),
        Turn::Chance => Err(illegal(
            "index",
            "a chance node has no policy actions (use sample_chance)",
        )),
        Turn::Terminal => Err(illegal("index", "the game is over; no move is legal")),
    }
}

/// The legal action a policy index names here.
pub(crate) fn from_policy_index<G: Game>(state: &G, index: i64) -> PyResult<G::Action> {
    player_action(state)?;
    usize::try_from(index)
        .ok()
        .filter(|&i| i < G::POLICY_ACTIONS)
        .and_then(|i| state.action_from_policy_index(i, &mut Vec::new()))
        .ok_or_else(|| {
            illegal(
                "index",
                format!(
                    "{index} is not the policy index of a legal action here (see legal_mask())"
                ),
            )
        })
}

/// A chance outcome drawn by its probability from a generator seeded with `seed`.
pub(crate) fn sample_chance<G: Game>(state: &G, seed: u64) -> PyResult<G::Action> {
    if state.turn() != Turn::Chance {
        return Err(illegal("state", "not a chance node"));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    random_outcome(state, &mut Vec::new(), &mut rng)
        .ok_or_else(|| illegal("state", "the chance node offers no outcome"))
}

// ---- batches ---------------------------------------------------------------------------

/// A batch of one game, whichever it is.
trait AnyBatch: Send + Sync {
    fn dims(&self) -> (usize, usize, usize, usize);
    fn game(&self) -> &'static str;
    fn episodes(&self) -> u64;
    fn observe(&mut self, out: &mut StepOutput<'_>);
    fn step(
        &mut self,
        actions: &[i64],
        out: &mut StepOutput<'_>,
    ) -> Result<(), golem_core::PositionError>;
    fn states(&self, py: Python<'_>) -> PyResult<Vec<PyObject>>;
}

impl<G: Registered> AnyBatch for VecGames<G> {
    fn dims(&self) -> (usize, usize, usize, usize) {
        (
            self.len(),
            G::OBSERVATION_SIZE,
            G::POLICY_ACTIONS,
            self.players(),
        )
    }

    fn game(&self) -> &'static str {
        G::INFO.name
    }

    fn episodes(&self) -> u64 {
        self.episodes
    }

    fn observe(&mut self, out: &mut StepOutput<'_>) {
        VecGames::observe(self, out)
    }

    fn step(
        &mut self,
        actions: &[i64],
        out: &mut StepOutput<'_>,
    ) -> Result<(), golem_core::PositionError> {
        VecGames::step(self, actions, out)
    }

    fn states(&self, py: Python<'_>) -> PyResult<Vec<PyObject>> {
        self.states()
            .iter()
            .map(|&s| state_object(py, AnyState::of(s)))
            .collect()
    }
}

/// Buffers of one step, turned into numpy arrays without a copy.
struct Arrays {
    batch: usize,
    obs_size: usize,
    actions: usize,
    players: usize,
    obs: Vec<f32>,
    masks: Vec<bool>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    to_move: Vec<i64>,
}

impl Arrays {
    fn new((batch, obs_size, actions, players): (usize, usize, usize, usize)) -> Self {
        Arrays {
            batch,
            obs_size,
            actions,
            players,
            obs: vec![0.0; batch * obs_size],
            masks: vec![false; batch * actions],
            rewards: vec![0.0; batch * players],
            dones: vec![false; batch],
            to_move: vec![0; batch],
        }
    }

    fn out(&mut self) -> StepOutput<'_> {
        StepOutput {
            observations: &mut self.obs,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            dones: &mut self.dones,
            to_move: &mut self.to_move,
            // Fresh `vec![false; n]` buffers: zeroed pages the mask need not touch.
            masks_cleared: true,
        }
    }
}

type StepArrays<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<bool>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
);

fn shaped<T: numpy::Element>(data: Vec<T>, rows: usize, cols: usize) -> Array2<T> {
    Array2::from_shape_vec((rows, cols), data).expect("buffer of rows * cols")
}

/// Many games of one kind stepped together in Rust (docs/rl.md): one call per batch step.
#[pyclass(module = "golem_solver", name = "VecEnv")]
pub struct PyVecEnv {
    inner: Box<dyn AnyBatch>,
    to_move: Vec<i64>,
}

impl PyVecEnv {
    fn run<'py>(&mut self, py: Python<'py>, actions: Option<&[i64]>) -> PyResult<StepArrays<'py>> {
        let mut arrays = Arrays::new(self.inner.dims());
        let inner = &mut self.inner;
        let result = py.allow_threads(|| {
            guarded(|| {
                let mut out = arrays.out();
                match actions {
                    Some(actions) => inner
                        .step(actions, &mut out)
                        .map_err(|e| illegal(&e.field, e.message)),
                    None => {
                        inner.observe(&mut out);
                        Ok(())
                    }
                }
            })
        });
        result?;
        let Arrays {
            batch,
            obs_size,
            actions,
            players,
            obs,
            masks,
            rewards,
            dones,
            to_move,
        } = arrays;
        self.to_move = to_move;
        Ok((
            shaped(obs, batch, obs_size).into_pyarray(py),
            shaped(masks, batch, actions).into_pyarray(py),
            shaped(rewards, batch, players).into_pyarray(py),
            Array1::from_vec(dones).into_pyarray(py),
        ))
    }
}

/// A batch of the states of a list (all of one game, `G`).
fn collect<G: Registered>(objects: &[Bound<'_, PyAny>], seed: u64) -> PyResult<Box<dyn AnyBatch>> {
    check_mask_size::<G>()?;
    let states = same_game::<G>(objects)?;
    let batch = VecGames::from_states(states, seed).map_err(refused)?;
    Ok(Box::new(batch))
}

/// The state of the first of `objects`, which names the game of a batch.
fn first_state(objects: &[Bound<'_, PyAny>]) -> PyResult<AnyState> {
    let Some(first) = objects.first() else {
        return Err(golem_error("states", "no states given"));
    };
    let first = first
        .downcast::<PyGameState>()
        .map_err(|_| not_a_state(0, first))?;
    Ok(PyGameState::held(first))
}

fn not_a_state(i: usize, object: &Bound<'_, PyAny>) -> PyErr {
    let kind = object
        .get_type()
        .name()
        .map_or_else(|_| "?".to_string(), |n| n.to_string());
    golem_error(
        &format!("states[{i}]"),
        format!("expected a game state, got {kind}"),
    )
}

/// Every object's state, all of game `G`; the error names the first that is not.
fn same_game<G: Registered>(objects: &[Bound<'_, PyAny>]) -> PyResult<Vec<G>> {
    objects
        .iter()
        .enumerate()
        .map(|(i, o)| {
            let object = o.downcast::<PyGameState>().map_err(|_| not_a_state(i, o))?;
            let held = object.borrow();
            G::from_any(&held.state).map(|f| *f.state()).ok_or_else(|| {
                golem_error(
                    &format!("states[{i}]"),
                    format!("not a {} state; a batch holds one game", G::INFO.name),
                )
            })
        })
        .collect()
}

#[pymethods]
impl PyVecEnv {
    /// `num_envs` games of `game` for `players` seats (default: the fewest the game
    /// allows) with setup `options`, or, with `states`, games playing on from those
    /// positions (a finished one restarts from its position). Every game draws its chance
    /// outcomes and new setups from its own stream of `seed`.
    #[new]
    #[pyo3(signature = (game=None, num_envs=1, players=None, seed=0, options=Vec::new(), states=None))]
    fn new(
        game: Option<&str>,
        #[pyo3(from_py_with = "crate::ints::num_envs")] num_envs: usize,
        #[pyo3(from_py_with = "crate::ints::players")] players: Option<i64>,
        #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
        options: Vec<(String, String)>,
        states: Option<Vec<Bound<'_, PyAny>>>,
    ) -> PyResult<Self> {
        guarded(|| {
            let inner: Box<dyn AnyBatch> = match states {
                Some(objects) => {
                    with_state!(first_state(&objects)?, _f, G => collect::<G>(&objects, seed))?
                }
                None => {
                    let id = match game {
                        Some(name) => GameId::from_name(name).map_err(refused)?,
                        None => GameId::DEFAULT,
                    };
                    if num_envs == 0 {
                        return Err(golem_error("num_envs", "0; a batch needs a game"));
                    }
                    golem_core::with_game!(id, G => {
                        check_mask_size::<G>()?;
                        let players = players.unwrap_or(G::INFO.min_players as i64);
                        // Checks the player count and options as `new` does.
                        golem_core::games::new_game::<G>(players, seed, &options, None)
                            .map_err(refused)?;
                        let batch = VecGames::<G>::new(num_envs, players as usize, &options, seed)
                            .map_err(refused)?;
                        Box::new(batch) as Box<dyn AnyBatch>
                    })
                }
            };
            let to_move = vec![0; inner.dims().0];
            Ok(PyVecEnv { inner, to_move })
        })
    }

    /// The game's short name.
    #[getter]
    fn game(&self) -> &'static str {
        self.inner.game()
    }

    #[getter]
    fn num_envs(&self) -> usize {
        self.inner.dims().0
    }

    #[getter]
    fn players(&self) -> usize {
        self.inner.dims().3
    }

    /// `(OBSERVATION_SIZE,)` of the game.
    #[getter]
    fn observation_shape(&self) -> (usize,) {
        (self.inner.dims().1,)
    }

    /// The game's policy action space (the masks' width).
    #[getter]
    fn num_distinct_actions(&self) -> usize {
        self.inner.dims().2
    }

    /// Games finished so far.
    #[getter]
    fn episodes(&self) -> u64 {
        self.inner.episodes()
    }

    /// `(observations [B, obs], masks [B, A], rewards [B, players], dones [B])` of the
    /// current states, rewards zero and dones false (nothing is played).
    fn observe<'py>(&mut self, py: Python<'py>) -> PyResult<StepArrays<'py>> {
        self.run(py, None)
    }

    /// Plays one policy index per game (`actions`, int64 [B]), resolves chance, restarts
    /// finished games, and returns `(observations, masks, rewards, dones)`: a done game's
    /// rewards row holds its returns, and its observation is already the new game's. An
    /// illegal index is refused (IllegalActionError naming `actions[i]`) before any game
    /// moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<StepArrays<'py>> {
        // An int64 array is read in place; any other integer sequence is converted.
        let actions: Vec<i64> = match actions.extract::<numpy::PyReadonlyArray1<'py, i64>>() {
            Ok(array) => array.as_slice()?.to_vec(),
            Err(_) => actions.extract().map_err(|_| {
                pyo3::exceptions::PyTypeError::new_err(
                    "actions: expected a 1-d array or sequence of integers (policy indices)",
                )
            })?,
        };
        self.run(py, Some(&actions))
    }

    /// The seat to move in each game (after the last `step` or `observe`), int64 [B].
    fn current_players<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<i64>> {
        self.to_move.clone().into_pyarray(py)
    }

    /// Copies of the current states, as game objects.
    fn states(&self, py: Python<'_>) -> PyResult<Vec<PyObject>> {
        guarded(|| self.inner.states(py))
    }
}

// ---- batch playouts --------------------------------------------------------------------

type PlayoutArrays = (Array3<f64>, Array3<i32>, Array2<i64>);

/// `games` random playouts from each of `objects` (states of `G`), on `threads`.
fn playouts<G: Registered>(
    objects: &[Bound<'_, PyAny>],
    games: usize,
    seed: u64,
    threads: usize,
) -> PyResult<PlayoutArrays> {
    {
        let states = same_game::<G>(objects)?;
        let first = states[0];
        let players = first.num_players();
        if let Some(i) = states.iter().position(|s| s.num_players() != players) {
            return Err(golem_error(
                &format!("states[{i}]"),
                format!(
                    "{} players; every state has {players}",
                    states[i].num_players()
                ),
            ));
        }
        let count = states.len();
        // The outputs are allocated up front: 8 + 4 bytes per seat and 8 per game.
        let bytes = count
            .checked_mul(games)
            .and_then(|n| n.checked_mul(12 * players + 8));
        if bytes.is_none_or(|b| b > MAX_BATCH_BYTES) {
            let most = MAX_BATCH_BYTES / (count * (12 * players + 8)).max(1);
            return Err(golem_error(
                "games",
                format!(
                    "{games} playouts of {count} states are above the limit of {} MiB of \
                     results (at most {most} playouts)",
                    MAX_BATCH_BYTES >> 20
                ),
            ));
        }
        let mut returns = vec![0.0f64; count * games * players];
        let mut scores = vec![0i32; count * games * players];
        let mut plies = vec![0i64; count * games];
        let per = count.div_ceil(threads.max(1)).max(1);
        // Each thread plays a run of states into its own slices of the outputs.
        let jobs: Vec<_> = states
            .chunks(per)
            .zip(returns.chunks_mut(per * games * players))
            .zip(scores.chunks_mut(per * games * players))
            .zip(plies.chunks_mut(per * games))
            .enumerate()
            .collect();
        let play = move |base: usize, starts: &[G], r: &mut [f64], s: &mut [i32], p: &mut [i64]| {
            let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
            for (k, start) in starts.iter().enumerate() {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                rng.set_stream((base + k) as u64);
                for g in 0..games {
                    let mut state = *start;
                    let n = random_playout(&mut state, &mut rng, &mut actions, &mut outcomes);
                    p[k * games + g] = n as i64;
                    for seat in 0..players {
                        let at = (k * games + g) * players + seat;
                        r[at] = state.returns(seat);
                        s[at] = state.score(seat);
                    }
                }
            }
        };
        Python::with_gil(|py| {
            py.allow_threads(|| {
                std::thread::scope(|scope| {
                    for (c, (((starts, r), s), p)) in jobs {
                        scope.spawn(move || play(c * per, starts, r, s, p));
                    }
                })
            })
        });
        let shape = (count, games, players);
        Ok((
            Array3::from_shape_vec(shape, returns).expect("sized"),
            Array3::from_shape_vec(shape, scores).expect("sized"),
            Array2::from_shape_vec((count, games), plies).expect("sized"),
        ))
    }
}

/// `games` uniformly random playouts from each state (all of one game and player count),
/// seeded: playouts of state i draw from stream i of `seed`, so the result is the same on
/// any number of threads. Returns a dict of numpy arrays: `returns` float64 [S, games,
/// players], `scores` int32 [S, games, players] (final scores) and `plies` int64 [S,
/// games] (player moves made).
#[pyfunction]
#[pyo3(signature = (states, games, seed=0, threads=1))]
pub fn batch_playouts<'py>(
    py: Python<'py>,
    states: Vec<Bound<'py, PyAny>>,
    #[pyo3(from_py_with = "crate::ints::games")] games: usize,
    #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
    #[pyo3(from_py_with = "crate::ints::threads")] threads: usize,
) -> PyResult<Bound<'py, PyDict>> {
    guarded(|| {
        let threads = check_range("threads", threads, THREADS).map_err(refused)?;
        let (returns, scores, plies) = with_state!(first_state(&states)?, _f, G => {
            playouts::<G>(&states, games, seed, threads)
        })?;
        let dict = PyDict::new(py);
        dict.set_item("returns", returns.into_pyarray(py))?;
        dict.set_item("scores", scores.into_pyarray(py))?;
        dict.set_item("plies", plies.into_pyarray(py))?;
        Ok(dict)
    })
}
