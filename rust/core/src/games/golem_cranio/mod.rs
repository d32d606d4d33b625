//! Golem (Cranio Creations, 2021): spec `../shared/specs/golem-cranio.md`.

pub mod golems;
pub mod pile;
pub mod state;
pub mod zobrist;
