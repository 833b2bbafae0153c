//! # trictrac — the rules of Grand Trictrac
//!
//! A pure rules engine for the French game of Grand Trictrac: positions,
//! dice, legal plays and their notation (`NOTATION.md`). No I/O, no
//! randomness: dice are given by the caller. Rule ids (`R-…`) refer to
//! the project's rule book, `RULES.md`.
//!
//! ```
//! use trictrac::{Position, Roll, Side};
//!
//! // The opening position, White to move, rolls 6-5.
//! let pos = Position::start();
//! let roll = Roll::new(6, 5);
//! let plays = pos.legal_plays(roll);
//! // 1-7-12 would leave a single checker on the corner (R-4.1):
//! // the only play is two checkers off the talon.
//! assert_eq!(plays.len(), 1);
//! assert_eq!(plays[0].display(Side::White).to_string(), "1-7 1-6");
//!
//! // Plays are written in the absolute frame and resolved against a position.
//! let after = pos.play(roll, &plays[0]).unwrap();
//! assert_eq!(after.to_string(), "w:1x13,6,7 b:24x15 b rolls=0");
//! let black = after.resolve_play(Roll::new(3, 1), &"24-21 24-23".parse().unwrap()).unwrap();
//! assert_eq!(black.display(Side::Black).to_string(), "24-21 24-23");
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod action;
pub mod board;
pub mod chances;
pub mod dice;
pub mod fields;
pub mod game;
pub mod jans;
mod legality;
pub mod notation;
pub mod perft;
pub mod plays;
pub mod position;
pub mod record;
pub mod rules;
pub mod score;
pub mod side;

pub use board::{Board, Dest, Field, Quarter, Table};
pub use dice::{Die, Roll};
pub use fields::{FieldNames, NamedField};
pub use game::{DiceSource, Event, Game, GameError, GameOptions, Phase};
pub use jans::{Beneficiary, Jan, JanEvent, RollContext, RollScore, RollScorer, Way};
pub use legality::IllegalPlay;
pub use notation::{NotatedMove, PlayNotation, PlayParseError, TpnError};
pub use plays::{CheckerMove, Play, PlayList};
pub use position::{Position, PositionError, Setup, SetupError};
pub use record::{Record, RecordError};
pub use rules::{ExitMethod, OldJans, RencontreValue, Rules};
pub use score::{Bredouille, ScoreState};
pub use side::{BySide, Side};
