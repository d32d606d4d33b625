//! The Guild of Merchant Explorers (spec: `docs/merchant-explorers.md` and the rules spec
//! it follows).

pub mod cards;
pub mod cellset;
pub mod map;
pub mod svg;
