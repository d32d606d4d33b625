//! One bot's move in a given position (`bot_move`): the arena's bots, one decision at a
//! time, for callers that play a game themselves (the analysis board's seats).

use golem_core::bots;
use pyo3::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use golem_core::{with_state, Game};

use crate::state::PyGameState;
use crate::{golem_error, guarded};

/// The move of the bot `spec` for the player to move in `state`.
fn bot_move_in<G: Game + bots::Policies>(
    state: G,
    spec: &str,
    seed: u64,
) -> PyResult<Option<String>> {
    {
        let bot = bots::parse::<G>(spec).map_err(|e| {
            let field = if e.field == "bot" {
                "bot".to_string()
            } else {
                format!("bot.{}", e.field)
            };
            golem_error(&field, format!("{} (in '{}')", e.message, spec))
        })?;
        let golem_core::Turn::Player(seat) = state.turn() else {
            return Err(golem_error("state", "no player is to move"));
        };
        // As in the arena: the bot sees what its seat may see, and nothing more.
        let view = state.public_view(seat);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let choice = Python::with_gil(|py| py.allow_threads(|| bot.choose(&view, &mut rng)));
        Ok(choice.map(|action| state.action_to_text(action)))
    }
}

/// The move (its text) the bot `spec` (an arena bot spec: `greedy`, `ismcts:...`) makes
/// for the player to move in `state`, from that seat's `public_view`, its randomness
/// drawn from `seed`; None if that player has no legal move.
#[pyfunction]
#[pyo3(signature = (state, spec, *, seed=0))]
pub fn bot_move(state: &Bound<'_, PyGameState>, spec: &str, seed: u64) -> PyResult<Option<String>> {
    guarded(|| with_state!(PyGameState::held(state), f, G => bot_move_in(*f.state(), spec, seed)))
}
