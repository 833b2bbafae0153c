//! Points, the bar and the tray (BG-1.1, BG-1.2).

use core::fmt;

/// A point, 1..=24, in one player's own numbering (BG-1.2): his point 1
/// is the last before bearing off, his 24 the farthest; his home board
/// (*jan extérieur* in the seed page's words, BG-1.3) is 1–6.
///
/// The same point is `p` for one player and `25 − p` for the other
/// ([`Point::other`]).
///
/// ```
/// use backgammon::Point;
/// let p = Point::new(8);
/// assert_eq!(p.other().number(), 17);
/// assert!(Point::try_from(25).is_err());
/// assert!(Point::new(5).is_home());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// The point numbered `n`.
    ///
    /// # Panics
    /// If `n` is not in 1..=24. Use `Point::try_from` for untrusted input.
    #[track_caller]
    pub const fn new(n: u8) -> Point {
        assert!(n >= 1 && n <= 24, "a point is numbered 1..=24");
        Point(n)
    }

    /// Its number, 1..=24.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The same point in the other player's numbering (`25 − p`).
    pub const fn other(self) -> Point {
        Point(25 - self.0)
    }

    /// Whether it is in its player's home board (points 1–6).
    pub const fn is_home(self) -> bool {
        self.0 <= 6
    }

    /// All 24 points, 1 first.
    pub fn all() -> impl Iterator<Item = Point> {
        (1..=24).map(Point)
    }

    /// The page's own name of this point of `side`'s numbering (BG-1.3):
    /// lines numbered right to left on the sides N and B. White's point
    /// `p` is `B p` for `p ≤ 12`, `N (25 − p)` above; Black's point `p` is
    /// `N p` for `p ≤ 12`, `B (25 − p)` above.
    ///
    /// ```
    /// use backgammon::{Point, Side};
    /// assert_eq!(Point::new(1).line_name(Side::White), "B1");
    /// assert_eq!(Point::new(24).line_name(Side::White), "N1");
    /// assert_eq!(Point::new(13).line_name(Side::Black), "B12");
    /// ```
    pub fn line_name(self, side: tables::Side) -> String {
        let (low, high) = match side {
            tables::Side::White => ('B', 'N'),
            tables::Side::Black => ('N', 'B'),
        };
        if self.0 <= 12 {
            format!("{low}{}", self.0)
        } else {
            format!("{high}{}", 25 - self.0)
        }
    }
}

/// Error for a point number outside 1..=24.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a point is numbered 1 to 24, not {0} (BG-1.2)")]
pub struct PointError(pub u8);

impl TryFrom<u8> for Point {
    type Error = PointError;
    fn try_from(n: u8) -> Result<Point, PointError> {
        if (1..=24).contains(&n) {
            Ok(Point(n))
        } else {
            Err(PointError(n))
        }
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where a checker moves from: the bar or a point (mover's numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Source {
    /// A point.
    Point(Point),
    /// The bar (BG-4.2).
    Bar,
}

/// Where a checker moves to: a point or off the board (mover's numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dest {
    /// Borne off (BG-5).
    Off,
    /// A point.
    Point(Point),
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Point(p) => write!(f, "{p}"),
            Source::Bar => f.write_str("bar"),
        }
    }
}

impl fmt::Display for Dest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Dest::Point(p) => write!(f, "{p}"),
            Dest::Off => f.write_str("off"),
        }
    }
}

/// Index of the tray (checkers borne off) in a side's counts.
pub(crate) const OFF: usize = 0;
/// Index of the bar in a side's counts.
pub(crate) const BAR: usize = 25;

/// One side's checkers in his own numbering: `[0]` borne off, `[1..=24]`
/// the points, `[25]` the bar. Sums to 15 in a valid position.
pub type Counts = [u8; 26];
