//! Random playouts from Python (speed measurements, baselines).

use golem_core::playout::random_playout;
use pyo3::prelude::*;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use golem_core::{with_state, Game};

use crate::state::PyGameState;
use crate::{golem_error, guarded};

/// `games` random playouts from `start`; the total of player moves.
fn playouts<G: Game>(start: G, games: u64, seed: u64) -> PyResult<u64> {
    {
        if start.is_terminal() {
            return Err(golem_error("position", "the game is over"));
        }
        Python::with_gil(|py| {
            py.allow_threads(move || {
                guarded(|| {
                    let mut rng = ChaCha8Rng::seed_from_u64(seed);
                    let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
                    Ok((0..games)
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
    state: &Bound<'_, PyGameState>,
    #[pyo3(from_py_with = "crate::ints::games")] games: u64,
    #[pyo3(from_py_with = "crate::ints::seed")] seed: u64,
) -> PyResult<u64> {
    guarded(|| with_state!(PyGameState::held(state), f, G => playouts(*f.state(), games, seed)))
}
