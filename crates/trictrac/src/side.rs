//! The two players and per-player containers, shared with the
//! backgammon engine through the `tables` crate.

pub use tables::{BySide, Side};
