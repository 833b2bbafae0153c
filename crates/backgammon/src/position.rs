//! Positions: the editable [`Setup`] and the validated [`Position`].

use core::fmt;

use tables::{BySide, Side};

use crate::board::{Counts, Point, BAR, OFF};

/// A position as typed or edited: public fields, possibly nonsense.
/// [`Position::from_setup`] checks it.
///
/// Each side's counts are in his own numbering (BG-1.2): `[0]` borne
/// off, `[1..=24]` the points, `[25]` the bar.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Checkers of each side, in his own numbering.
    pub counts: BySide<Counts>,
    /// The side on roll.
    pub turn: Side,
}

/// What is wrong with a [`Setup`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupProblem {
    /// A side does not have 15 checkers (on the board, the bar and off).
    #[error("{side} has {count} checkers, not 15 (BG-1.1)")]
    CheckerCount {
        /// The side.
        side: Side,
        /// Its checkers.
        count: u32,
    },
    /// A point holds checkers of both sides.
    #[error("White's point {white_point} holds checkers of both sides (BG-1.1)")]
    SharedPoint {
        /// The point, in White's numbering.
        white_point: u8,
    },
    /// Both sides have borne off all their checkers.
    #[error("both sides have borne off all their checkers (BG-5.3)")]
    BothFinished,
}

/// A rejected setup, with every problem found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError {
    /// The setup, unchanged.
    pub setup: Setup,
    /// What is wrong, at least one item.
    pub problems: Vec<SetupProblem>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl std::error::Error for SetupError {}

/// A valid position: 15 checkers per side, no point shared, the side on
/// roll.
///
/// Two positions are equal when every side has the same checkers on the
/// same points, bar and tray, and the same side is on roll. The cube and
/// the score are not part of a position (see [`crate::game`]).
///
/// ```
/// use backgammon::{Position, Side};
/// let p = Position::start();
/// assert_eq!(p.turn(), Side::White);
/// assert_eq!(p.pip_count(Side::White), 167);
/// assert_eq!(p.to_position_id(), "4HPwATDgc/ABMA");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) counts: BySide<Counts>,
    pub(crate) turn: Side,
}

impl Position {
    /// The start (BG-2.1): each side 2 on his 24, 5 on 13, 3 on 8, 5 on 6;
    /// White on roll.
    pub fn start() -> Position {
        let mut c = [0u8; 26];
        c[24] = 2;
        c[13] = 5;
        c[8] = 3;
        c[6] = 5;
        Position {
            counts: BySide::new(c, c),
            turn: Side::White,
        }
    }

    /// Checks a setup.
    ///
    /// # Errors
    /// Every problem found, with the setup.
    pub fn from_setup(setup: Setup) -> Result<Position, SetupError> {
        let mut problems = Vec::new();
        for side in Side::ALL {
            let count: u32 = setup.counts.get(side).iter().map(|&n| n as u32).sum();
            if count != 15 {
                problems.push(SetupProblem::CheckerCount { side, count });
            }
        }
        for p in 1..=24usize {
            if setup.counts.white[p] > 0 && setup.counts.black[25 - p] > 0 {
                problems.push(SetupProblem::SharedPoint {
                    white_point: p as u8,
                });
            }
        }
        if setup.counts.white[OFF] == 15 && setup.counts.black[OFF] == 15 {
            problems.push(SetupProblem::BothFinished);
        }
        if problems.is_empty() {
            Ok(Position {
                counts: setup.counts,
                turn: setup.turn,
            })
        } else {
            Err(SetupError { setup, problems })
        }
    }

    /// The editable setup of this position.
    pub fn to_setup(&self) -> Setup {
        Setup {
            counts: self.counts,
            turn: self.turn,
        }
    }

    /// The side on roll.
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// The same position with `side` on roll.
    pub fn with_turn(&self, side: Side) -> Position {
        Position {
            counts: self.counts,
            turn: side,
        }
    }

    /// `side`'s checkers in his own numbering: `[0]` off, `[1..=24]`
    /// points, `[25]` bar.
    pub fn counts(&self, side: Side) -> &Counts {
        self.counts.get(side)
    }

    /// `side`'s checkers on his point `p`.
    pub fn at(&self, side: Side, p: Point) -> u8 {
        self.counts.get(side)[p.number() as usize]
    }

    /// `side`'s checkers on the bar.
    pub fn on_bar(&self, side: Side) -> u8 {
        self.counts.get(side)[BAR]
    }

    /// `side`'s checkers borne off.
    pub fn borne_off(&self, side: Side) -> u8 {
        self.counts.get(side)[OFF]
    }

    /// `side`'s pip count: the pips he must still travel (a checker on
    /// the bar counts 25).
    pub fn pip_count(&self, side: Side) -> u32 {
        self.counts
            .get(side)
            .iter()
            .enumerate()
            .map(|(i, &n)| i as u32 * n as u32)
            .sum()
    }

    /// Whether all of `side`'s checkers are in his home board or off
    /// (BG-5.1).
    pub fn all_home(&self, side: Side) -> bool {
        self.counts.get(side)[7..].iter().all(|&n| n == 0)
    }

    /// Whether the two sides' checkers can no longer meet (a race).
    pub fn is_race(&self) -> bool {
        let w = &self.counts.white;
        let b = &self.counts.black;
        // White's farthest checker, in White's numbering.
        let w_far = (1..=25).rev().find(|&i| w[i] > 0).unwrap_or(0);
        // Black's farthest checker, in White's numbering (25 − p).
        let b_far_white = (1..=25)
            .rev()
            .find(|&i| b[i] > 0)
            .map(|i| 25 - i as i32)
            .unwrap_or(25);
        (w_far as i32) < b_far_white
    }

    /// The winner, if a side has borne off all 15 checkers (BG-5.3).
    pub fn winner(&self) -> Option<Side> {
        Side::ALL
            .into_iter()
            .find(|&s| self.counts.get(s)[OFF] == 15)
    }

    /// Checks the invariants (used in debug builds and tests).
    pub fn is_valid(&self) -> bool {
        Position::from_setup(self.to_setup()).is_ok()
    }
}
