//! One bot's move in a given position (`bot_move`): the arena's bots, one decision at a
//! time, for callers that play a game themselves (the analysis board's seats).

use golem_core::bots;
use pyo3::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::state::{visit_state, PyGame, StateVisitor};
use crate::{golem_error, guarded};

struct BotMove {
    spec: String,
    seed: u64,
}

impl StateVisitor for BotMove {
    type Output = PyResult<Option<String>>;

    fn visit<G: PyGame>(self, state: G) -> Self::Output {
        let bot = bots::parse::<G>(&self.spec).map_err(|e| {
            let field = if e.field == "bot" {
                "bot".to_string()
            } else {
                format!("bot.{}", e.field)
            };
            golem_error(&field, format!("{} (in '{}')", e.message, self.spec))
        })?;
        let golem_core::Turn::Player(seat) = state.turn() else {
            return Err(golem_error("state", "no player is to move"));
        };
        // As in the arena: the bot sees what its seat may see, and nothing more.
        let view = state.public_view(seat);
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let choice = Python::with_gil(|py| py.allow_threads(|| bot.choose(&view, &mut rng)));
        Ok(choice.map(|action| state.action_to_text(action)))
    }
}

/// The move (its text) the bot `spec` (an arena bot spec: `greedy`, `ismcts:...`) makes
/// for the player to move in `state`, from that seat's `public_view`, its randomness
/// drawn from `seed`; None if that player has no legal move.
#[pyfunction]
#[pyo3(signature = (state, spec, *, seed=0))]
pub fn bot_move(state: &Bound<'_, PyAny>, spec: &str, seed: u64) -> PyResult<Option<String>> {
    guarded(|| {
        visit_state(
            state,
            BotMove {
                spec: spec.to_string(),
                seed,
            },
        )?
    })
}
