//! Golem (Cranio Creations, 2021), game key `golem-cranio`.
//!
//! The engine is being built: so far only the components layer exists, which loads and
//! validates the data file holding every number, card and tile of the game (spec
//! `golem-cranio.md` §2, §12, §13). The game is not in the registry yet.

pub mod components;

pub mod action;
pub mod actions;
pub mod books;
pub mod effects;
pub mod flow;
pub mod golems;
pub mod menus;
pub mod movement;
pub mod ops;
pub mod pile;
pub mod position;
pub mod position_setup;
pub mod refresh;
pub mod round_end;
pub mod scoring;
pub mod setup;
pub mod state;
pub mod upgrade;
pub mod zobrist;

#[cfg(test)]
mod position_tests;
#[cfg(test)]
mod tests;
