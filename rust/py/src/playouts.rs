//! Random playouts from Python (speed measurements, baselines).

use golem_core::playout::random_playout;
use pyo3::prelude::*;
use rand_chacha::rand_core::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::{golem_error, guarded, PyCentury};

/// Plays `games` uniformly random games from `state` (seeded) and returns the total
/// number of player moves made. The GIL is released meanwhile.
#[pyfunction]
#[pyo3(signature = (state, games, seed=0))]
pub fn random_playouts(py: Python<'_>, state: &PyCentury, games: u64, seed: u64) -> PyResult<u64> {
    guarded(|| {
        if state.state.is_over() {
            return Err(golem_error("position", "the game is over"));
        }
        let start = state.state;
        py.allow_threads(move || {
            guarded(|| {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let (mut actions, mut outcomes) = (Vec::new(), Vec::new());
                Ok((0..games)
                    .map(|_| {
                        random_playout(&mut start.clone(), &mut rng, &mut actions, &mut outcomes)
                    })
                    .sum())
            })
        })
    })
}
