//! One module per game, each behind [`crate::Game`].

pub mod century;
