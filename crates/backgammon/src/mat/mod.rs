//! Jellyfish `.mat` text of whole matches (BG-1.4), as GNU Backgammon
//! exports and imports it.
//!
//! ```text
//!  5 point match
//!
//!  Game 1
//!  Alice : 0                      Bob : 0
//!   1) 31: 8/5 6/5                 52: 13/11 13/8
//!   2)  Doubles => 2                Takes
//!   3) 64: 25/21 21/15*            ...
//!                                   Wins 1 point
//! ```
//!
//! The left column is the first player (White here, gnubg's player 0),
//! the right one the second (Black). Moves are written one die at a time
//! in the mover's numbering, 25 for the bar and 0 for off, as gnubg does.
//! Reading replays every game in the engine: each play is resolved
//! against the position and the roll and checked, each cube action must
//! be allowed, each `Wins` line must agree with the engine's result;
//! errors give the line.
//!
//! Player names are written as [`mat_name`] makes them, so that every
//! reader reads them back: gnubg takes a name line's first name up to its
//! first colon, cuts names at 31 bytes and reads a comma as the start of
//! a rating; a name beginning with `;` or `Game ` would look like a
//! comment or a game header to a reader scanning lines. The reader here
//! takes the line after a `Game` line as the names line whatever it holds.
//!
//! The seed preset's opening (BG-2.2: one die each, then the starter
//! throws both) is not in the format: reading under `seed` rules lets the
//! side that moves first win an opening throw of 2 against 1.
//!
//! ```
//! use backgammon::{mat::MatFile, Rules};
//! let text = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 31: 8/5 6/5   \n";
//! let m = MatFile::parse(text, Rules::standard()).unwrap();
//! assert_eq!(m.games.len(), 1);
//! assert_eq!(m.games[0].position().to_position_id(), "sGfwATDgc/ABMA");
//! ```

mod dice;
mod read;
mod write;

use tables::BySide;

use crate::game::Game;

pub use dice::verify_dice;
pub use write::{mat_name, MAX_NAME_BYTES};

/// A match (or a money session) read from or written to `.mat` text.
#[derive(Clone, Debug)]
pub struct MatFile {
    /// The match length, 0 for money.
    pub length: u32,
    /// The players' names (White left, Black right).
    pub names: BySide<String>,
    /// The games, in order, replayed in the engine (the last may be
    /// unfinished).
    pub games: Vec<Game>,
}

/// An error in `.mat` text, with its line (1-based).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(".mat line {line}: {message} (BG-1.4)")]
pub struct MatError {
    /// The line, from 1 (0 when the whole file is concerned).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl MatFile {
    /// The final score: after the last game if it is over.
    pub fn final_score(&self) -> BySide<u32> {
        match self.games.last() {
            None => BySide::new(0, 0),
            Some(g) => match g.result() {
                Some(r) => g.match_state().after(&r).score,
                None => g.match_state().score,
            },
        }
    }
}
