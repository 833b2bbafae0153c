//! # backgammon — backgammon with the videau
//!
//! A pure rules engine for backgammon with the *videau* (the doubling
//! cube), under two presets of the project's rule book
//! (`docs/BACKGAMMON.md`, rule ids `BG-x.y`): `standard` (GNU
//! Backgammon's rules) and `seed` (the seed page's own rules). No I/O, no
//! randomness of its own: dice are given, or drawn from an injected
//! [`DiceSource`].
//!
//! ```
//! use backgammon::{Position, Roll, Rules};
//! let pos = Position::start();
//! let rules = Rules::standard();
//! let plays = pos.legal_plays(Roll::new(3, 1), &rules);
//! assert_eq!(plays.len(), 16);
//! let p = pos.resolve_play(Roll::new(3, 1), &"8/5 6/5".parse().unwrap(), &rules).unwrap();
//! let after = pos.play_unchecked(&p);
//! // gnubg's Position ID of the position after the play, Black on roll.
//! assert_eq!(after.to_position_id(), "sGfwATDgc/ABMA");
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod board;
pub mod game;
mod legality;
pub mod lines;
pub mod mat;
pub mod matchid;
pub mod notation;
pub mod perft;
pub mod plays;
pub mod position;
#[cfg(test)]
mod reference;
pub mod rules;
pub mod score;
pub mod session;
pub mod setting;
pub mod xgid;

pub use board::{Dest, Point, PointError, Source};
pub use game::{Cube, EndReason, Event, Game, GameError, GameResult, MatchState, Phase};
pub use legality::IllegalPlay;
pub use lines::play_line_names;
pub use mat::{MatError, MatFile};
pub use matchid::{GameState, MatchId, MatchIdError};
pub use notation::{PlayParseError, PlayText, PositionIdError};
pub use plays::{Move, Play, PlayList, MAX_PLAYS};
pub use position::{Position, Setup, SetupError, SetupProblem};
pub use rules::{HitCover, Preset, Rules, RulesError, VideauTiming};
pub use score::WinKind;
pub use setting::{is_xgid, read_setting, Notation, PositionSetting, SettingError};
pub use tables::{BySide, DiceSource, Die, Roll, Side};
pub use xgid::{Xgid, XgidDice, XgidError};
