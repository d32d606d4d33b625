//! golem-core: exact, fast engines for the Golem family of board games, and generic search.
//!
//! A game is one module under [`games`] implementing the [`game::Game`] trait; everything
//! else (perft, search, bots, the arena) is written against the trait and never names a game.

// `games` comes first: it defines the `with_game!` macro the modules after it use.
#[macro_use]
pub mod games;
pub mod arena;
pub mod bench;
pub mod bots;
pub mod followed;
pub mod game;
pub mod perft;
pub mod playout;
pub mod refusal;
pub mod rl;
pub mod search;
pub mod testing;
pub mod util;

pub use followed::Followed;
pub use games::{AnyState, Registered};
pub use refusal::Refusal;

pub use game::{
    EvalWeights, Game, GameInfo, PositionError, ReadContext, RulesText, Ruleset, SetupKind,
    SetupOption, Traced, Tracked, Turn,
};
