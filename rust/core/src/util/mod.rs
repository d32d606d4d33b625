//! Helpers that are not any one game's: bit sets and draw piles.

mod bits;
mod deck;

pub use bits::BitIter;
pub use deck::Deck;
pub mod toml_fields;
