//! The score state: points, holes, bredouille and pavillon.

use crate::side::{BySide, Side};
use core::fmt;

/// Who is *en bredouille* (R-8.2), or holds the flag (*pavillon*, R-8.4):
/// the same state machine over points and over holes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Bredouille {
    /// Nobody has scored since the last reset: the next scorer starts a run.
    #[default]
    Either,
    /// This side's run is uninterrupted.
    Side(Side),
    /// Both runs were interrupted: the next hole is simple.
    Neither,
}

impl Bredouille {
    /// The notation letter: `e`, `w`, `b` or `n`.
    pub const fn char(self) -> char {
        match self {
            Bredouille::Either => 'e',
            Bredouille::Side(s) => s.char(),
            Bredouille::Neither => 'n',
        }
    }

    /// Parses the notation letter.
    pub const fn from_char(c: char) -> Option<Bredouille> {
        match c {
            'e' => Some(Bredouille::Either),
            'n' => Some(Bredouille::Neither),
            c => match Side::from_char(c) {
                Some(s) => Some(Bredouille::Side(s)),
                None => None,
            },
        }
    }
}

impl fmt::Display for Bredouille {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Points and holes of both players with the bredouille and pavillon
/// states (TPN keys `score=`, `bredouille=`, `pavillon=`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ScoreState {
    /// Points on the board, 0..=10 and even.
    pub points: BySide<u8>,
    /// Holes (*trous*), 0..=12.
    pub holes: BySide<u8>,
    /// Bredouille state for points.
    pub bredouille: Bredouille,
    /// Pavillon state for holes.
    pub pavillon: Bredouille,
}

impl ScoreState {
    /// Whether this is the default state (no points, no holes, `e`, `e`).
    pub fn is_initial(&self) -> bool {
        *self == ScoreState::default()
    }
}
