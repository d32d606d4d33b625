//! golem-core: exact, fast engines for the Golem family of board games, and generic search.
//!
//! A game is one module under [`games`] implementing the [`game::Game`] trait; everything
//! else (perft, search, bots, the arena) is written against the trait and never names a game.

pub mod arena;
pub mod bench;
pub mod bots;
pub mod game;
pub mod games;
pub mod perft;
pub mod playout;

pub use game::{Game, NewGame, Turn};
pub mod search;
