//! The two players and per-player containers.

use core::fmt;
use core::ops::Not;

/// A player: White or Black (trictrac R-1.1, backgammon BG-1.1).
///
/// In trictrac, White's frame is the absolute frame of the notation (R-1.3).
///
/// ```
/// use tables::Side;
/// assert_eq!(!Side::White, Side::Black);
/// assert_eq!(Side::Black.char(), 'b');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// White (*les blanches*), whose frame is the absolute frame.
    White,
    /// Black (*les noires*).
    Black,
}

impl Side {
    /// Both sides, White first.
    pub const ALL: [Side; 2] = [Side::White, Side::Black];

    /// The notation letter: `w` or `b`.
    pub const fn char(self) -> char {
        match self {
            Side::White => 'w',
            Side::Black => 'b',
        }
    }

    /// Parses the notation letter `w` or `b`.
    pub const fn from_char(c: char) -> Option<Side> {
        match c {
            'w' => Some(Side::White),
            'b' => Some(Side::Black),
            _ => None,
        }
    }

    /// Who wins a throw to start (trictrac R-2.2, backgammon BG-2.2):
    /// the side that threw higher, `None` for a tie (thrown again).
    ///
    /// ```
    /// use tables::Side;
    /// assert_eq!(Side::higher(5, 3), Some(Side::White));
    /// assert_eq!(Side::higher(2, 6), Some(Side::Black));
    /// assert_eq!(Side::higher(4, 4), None);
    /// ```
    pub fn higher<T: Ord>(white: T, black: T) -> Option<Side> {
        match white.cmp(&black) {
            core::cmp::Ordering::Greater => Some(Side::White),
            core::cmp::Ordering::Less => Some(Side::Black),
            core::cmp::Ordering::Equal => None,
        }
    }

    /// English name, lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Side::White => "white",
            Side::Black => "black",
        }
    }
}

impl Not for Side {
    type Output = Side;
    fn not(self) -> Side {
        match self {
            Side::White => Side::Black,
            Side::Black => Side::White,
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per side, with named fields (points, holes, checkers borne off…).
///
/// ```
/// use tables::{BySide, Side};
/// let mut holes = BySide::new(0u8, 0u8);
/// *holes.get_mut(Side::Black) += 2;
/// assert_eq!(*holes.get(Side::Black), 2);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BySide<T> {
    /// White's value.
    pub white: T,
    /// Black's value.
    pub black: T,
}

impl<T> BySide<T> {
    /// Builds from White's and Black's values.
    pub const fn new(white: T, black: T) -> Self {
        BySide { white, black }
    }

    /// The value of `side`.
    pub fn get(&self, side: Side) -> &T {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    /// The value of `side`, mutably.
    pub fn get_mut(&mut self, side: Side) -> &mut T {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }

    /// Applies `f` to both values.
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> BySide<U> {
        BySide {
            white: f(self.white),
            black: f(self.black),
        }
    }
}
