//! Golem (Cranio Creations, 2021), game key `golem-cranio`.
//!
//! The engine is being built: the components layer (`components`: the validated data file
//! holding every number, card and tile, spec §2, §12, §13) and the rules (setup, the four
//! rounds, scoring, chance) exist; the `Game` trait and the registry line do not yet.

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
pub mod perft;
pub mod pile;
pub mod position;
mod position_players;
pub mod position_setup;
pub mod position_write;
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
