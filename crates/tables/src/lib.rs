//! # tables — what the two games of tables share
//!
//! Grand Trictrac and backgammon are both *tables* games: two players,
//! White and Black ([`Side`], with per-side values in [`BySide`]), fifteen
//! checkers each, two six-sided dice ([`Die`], [`Roll`]). The two rules
//! engines (`trictrac`, `backgammon`) depend on this crate and never on
//! each other. Randomness is injected through [`DiceSource`].
//!
//! ```
//! use tables::{Roll, Side};
//! assert_eq!(!Side::White, Side::Black);
//! let r: Roll = "3-5".parse().unwrap();
//! assert_eq!(r.to_string(), "5-3");
//! assert_eq!(Roll::ALL.len(), 21);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod chance;
pub mod dice;
pub mod driver;
pub mod fair;
#[cfg(feature = "fuzz")]
pub mod fuzz;
pub mod game;
pub mod search;
pub mod side;
pub mod stats;

pub use dice::{DiceSource, Die, DieError, Roll, RollParseError};
pub use driver::{
    apply_automatic, automatic, play_out, play_until, take_turn, Choice, DriveError, Player,
    PlayerError, RandomPlayer,
};
pub use game::{ActionError, Decision, Outcome, Pending, TableGame};
pub use side::{BySide, Side};
