//! Golem (Cranio Creations, 2021), game key `golem-cranio`.
//!
//! The components layer (`components`: the validated data file holding every number,
//! card and tile, spec §2, §12, §13), the rules (setup, the four rounds, scoring, chance)
//! and the `Game` implementation (`game`, with `action_id` and `observation`), registered
//! as `GolemCranio`.

pub mod components;

pub mod action;
pub mod action_id;
pub mod actions;
pub mod books;
pub mod effects;
pub mod eval;
mod fitted;
pub mod flow;
pub mod game;
pub mod golems;
pub mod greedy;
pub mod menus;
pub mod movement;
pub mod observation;
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
pub mod svg;
pub mod upgrade;
pub mod zobrist;

pub use action::Action;
pub use state::State;

#[cfg(test)]
mod position_tests;
#[cfg(test)]
mod svg_tests;
#[cfg(test)]
mod tests;
