//! # tables-term — the terminal of every game of tables, written once
//!
//! Everything a game played in the terminal shares, written against the
//! shared game abstraction ([`tables::TableGame`]) and depending on no
//! rules engine:
//!
//! - the terminal loop ([`TerminalLoop`]): tells what happened, throws
//!   the dice, lets the bot take its turn through the shared driver
//!   (`tables::take_turn`), asks the person whose decision it is, and
//!   answers the commands of every prompt (help, board, list, hint, undo,
//!   save, load, resign, quit), saving a game left unfinished;
//! - what a game gives it ([`TerminalGame`]): Grand Trictrac's
//!   `TrictracTerminal` and backgammon's `BgTerminal` in the `trictrac`
//!   program give their boards, notations, hints and tutors; a game of
//!   plain text gives only [`TextGame`] (its board as text, an action read
//!   from a line, its help, its bots) and [`TextTerminal`] does the rest;
//! - matches between two bots of any game ([`arena`]);
//! - the registry of terminal games ([`TerminalRegistry`]): one line
//!   registers a [`TextGame`] for the terminal and for matches;
//! - the keyboard and the screen ([`Terminal`]), the paging of long lists
//!   ([`pager`]), the tutor's levels and judgements ([`tutor`]).
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod arena;
pub mod error;
pub mod game;
pub mod pager;
pub mod registry;
pub mod terminal;
pub mod terminal_loop;
pub mod text;
pub mod tutor;

pub use arena::{MatchReport, MatchSpec};
pub use error::TermError;
pub use game::{Answer, Resignation, TerminalGame};
pub use registry::{PlaySetup, TerminalRegistry};
pub use terminal::{data_file, is_yes, shell_word, wrap, Terminal};
pub use terminal_loop::{Flow, TerminalLoop};
pub use text::{TextGame, TextTerminal};
