//! Random playouts from Python (speed measurements, baselines).

use golem_core::playout::random_playout;
use pyo3::prelude::*;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::state::{visit_state, PyGame, StateVisitor};
use crate::{golem_error, guarded};

struct Playouts {
    games: u64,
    seed: u64,
}

impl StateVisitor for Playouts {
    type Output = PyResult<u64>;

    fn visit<G: PyGame>(self, start: G) -> PyResult<u64> {
        if start.is_terminal() {
            return Err(golem_error("position", "the game is over"));
        }
        Python::with_gil(|py| {
            py.allow_threads(move || {
                guarded(|| {
                    let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
                    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
                    Ok((0..self.games)
                        .map(|_| {
                            random_playout(
                                &mut start.clone(),
                                &mut rng,
                                &mut actions,
                                &mut outcomes,
                            )
                        })
                        .sum())
                })
            })
        })
    }
}

/// Plays `games` uniformly random games from `state` (seeded) and returns the total
/// number of player moves made. The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (state, games, seed=0))]
pub fn random_playouts(
    state: &Bound<'_, PyAny>,
    #[pyo3(from_py_with = "crate::ints::games")] games: u64,
    #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
) -> PyResult<u64> {
    guarded(|| visit_state(state, Playouts { games, seed })?)
}
