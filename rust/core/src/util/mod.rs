//! Helpers that are not any one game's: bit sets, draw piles and deterministic hashing.

mod bits;
mod deck;

pub use bits::BitIter;
pub use deck::Deck;
pub mod files;
pub mod hash;
pub mod toml_fields;
mod wrap;

pub use wrap::wrap_words;
