//! Generic search over [`crate::Game`]: nothing here names a game.
//!
//! - [`alphabeta`]: iterative-deepening alpha-beta (negamax-equivalent for two players,
//!   paranoid for more) with expectimax at chance nodes, a transposition table and
//!   history/killer move ordering.
//! - [`ismcts`]: information-set Monte Carlo tree search (SO and MO variants).
//! - [`minimax`]: a plain full-width reference search, for tests.
//! - [`solo`]: exact expected score and win chance of a solo position (for reports).

pub mod alphabeta;
pub mod ismcts;
pub mod limits;
pub mod minimax;
pub mod objective;
pub mod options;
pub mod report;
pub mod root;
pub mod solo;
pub mod tt;

pub use limits::{Limits, StopFlag};
