//! Dice and rolls, shared with the backgammon engine through the
//! `tables` crate.

pub use tables::{Die, DieError, Roll, RollParseError};
