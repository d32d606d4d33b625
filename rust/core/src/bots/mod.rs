//! Bots: policies that choose a move for the player to move, generic over [`Game`].
//!
//! - [`RandomBot`]: uniform over the legal actions.
//! - [`IsmctsBot`]: ISMCTS with a fixed iteration budget or a time per move (one thread,
//!   seeded per move), by default the tuned configuration (`IsmctsConfig::default()`).
//! - [`AlphaBetaBot`]: alpha-beta to a fixed depth or a time per move (by default
//!   maximising the score margin, with sampled chance nodes).
//! - Game-specific policies (Century's `greedy`) come from the game through [`Policies`].
//!
//! A bot is handed what its player may know (`Game::public_view`), never the referee's
//! state, and an RNG; the same state and RNG stream give the same move, so games between
//! bots are reproducible from a seed. [`spec::parse`] builds a bot from text such as
//! `ismcts:iterations=1000,rollout=heuristic,cutoff=40`.

mod random;
mod search;
pub mod spec;

use rand::RngCore;

use crate::search::StopFlag;
use crate::Game;

pub use random::RandomBot;
pub use search::{AlphaBetaBot, IsmctsBot};
pub use spec::{parse, BotSpecError};

/// A policy that plays a game.
///
/// Bots are shared by the arena's threads, so `choose` takes `&self`: whatever a bot needs
/// per move (search trees, tables) it builds per call.
pub trait Bot<G: Game>: Send + Sync {
    /// The canonical spec text of this bot (what [`spec::parse`] reads back).
    fn name(&self) -> String;

    /// An action for the player to move in `state`, which must be a player's turn; `None`
    /// only if that player has no legal action. Draws any randomness from `rng`.
    fn choose(&self, state: &G, rng: &mut dyn RngCore) -> Option<G::Action>;

    /// [`Bot::choose`], giving up as soon as `stop` is set: a bot that searches (ISMCTS,
    /// alpha-beta) searches with `stop` as its stop flag, so a stopped arena does not wait
    /// for the move. After a stop the answer is whatever the search had and is not to be
    /// played. Policies that answer at once need not override it.
    fn choose_or_stop(
        &self,
        state: &G,
        rng: &mut dyn RngCore,
        stop: &StopFlag,
    ) -> Option<G::Action> {
        let _ = stop;
        self.choose(state, rng)
    }
}

/// The hand-written policies a game offers besides the generic bots, by name.
pub trait Policies: Game {
    /// Their names, for the spec parser's error messages.
    const POLICIES: &'static [&'static str];

    /// The policy called `name`, if the game has one.
    fn policy(name: &str) -> Option<Box<dyn Bot<Self>>>;
}
