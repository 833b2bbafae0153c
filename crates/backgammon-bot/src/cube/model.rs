//! The terms of the cube model (see [`super`]): the cube-life index
//! ([`cube_life`]), who owns the cube ([`Owner`]), the outcome rates
//! ([`Rates`]), and the three equities of a decision ([`Decision`]).

use backgammon::Position;
use neural::Outputs;

use crate::eval::Evaluator;

/// The share of wins that are gammons or more, for the match equity
/// table (close to the shipped network's at the opening: 0.15 gammons of
/// 0.52 wins).
pub const GAMMON_RATE: f64 = 0.27;

/// The share of wins that are backgammons, for the match equity table.
pub const BACKGAMMON_RATE: f64 = 0.015;

/// Janowski's cube efficiency `x` (the cube-life index, between 0: a
/// dead cube, and 1: fully live) of contact positions, and of the match
/// equity table's games (from their start).
pub const CUBE_EFFICIENCY: f64 = 0.68;

/// The cube-life index of a bear-off where both sides are in the
/// one-sided database: the games are short, the last rolls leave little
/// time to use the cube.
pub const BEAROFF_CUBE_LIFE: f64 = 0.60;

/// The cube-life index of a race: `RACE_CUBE_LIFE.0 + RACE_CUBE_LIFE.1 ×`
/// the pip count of the side on roll, kept within
/// [`RACE_CUBE_LIFE_RANGE`]: a long race keeps the cube alive longer
/// (the values GNU Backgammon publishes for its 0-ply cube decisions).
pub const RACE_CUBE_LIFE: (f64, f64) = (0.55, 0.00125);

/// The bounds of a race's cube-life index.
pub const RACE_CUBE_LIFE_RANGE: (f64, f64) = (0.60, 0.70);

/// The cube-life index `x` of Janowski's model for the side on roll of
/// `pos`, by the kind of position ([`Evaluator::of`]): contact
/// [`CUBE_EFFICIENCY`], a race a function of the roller's pip count
/// ([`RACE_CUBE_LIFE`]), a bear-off [`BEAROFF_CUBE_LIFE`].
pub fn cube_life(pos: &Position) -> f64 {
    match Evaluator::of(pos) {
        Evaluator::Contact => CUBE_EFFICIENCY,
        Evaluator::BearoffDb => BEAROFF_CUBE_LIFE,
        Evaluator::Race => {
            let pips = f64::from(pos.pip_count(pos.turn()));
            (RACE_CUBE_LIFE.0 + RACE_CUBE_LIFE.1 * pips)
                .clamp(RACE_CUBE_LIFE_RANGE.0, RACE_CUBE_LIFE_RANGE.1)
        }
    }
}

/// The doubler's equity in the three outcomes of a cube decision: money
/// equity in units of the cube before the double, or match-winning
/// chances in a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    /// Not doubling.
    pub no_double: f64,
    /// Doubling, the opponent taking.
    pub double_take: f64,
    /// Doubling, the opponent dropping (BG-7.4).
    pub double_drop: f64,
}

impl Decision {
    /// How far the doubling decision is from its turning point: the
    /// distance between not doubling and the opponent's best answer to
    /// a double.
    pub fn double_margin(&self) -> f64 {
        (self.double_take.min(self.double_drop) - self.no_double).abs()
    }

    /// How far the taking decision is from its turning point.
    pub fn take_margin(&self) -> f64 {
        (self.double_take - self.double_drop).abs()
    }

    /// Whether doubling is right: the opponent's best answer to a double
    /// leaves the doubler more than not doubling.
    pub fn double(&self) -> bool {
        self.double_take.min(self.double_drop) > self.no_double
    }

    /// Whether taking is right for the doubled side.
    pub fn take(&self) -> bool {
        self.double_take <= self.double_drop
    }
}

/// Who owns the cube, seen from the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// Centred: either side may double.
    Centred,
    /// The side on roll owns it.
    Me,
    /// The opponent owns it.
    Opponent,
}

/// Conditional outcome shares: of wins, the gammons-or-more and the
/// backgammons; of losses, the same.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rates {
    /// Gammons or more among wins.
    pub win_gammon: f64,
    /// Backgammons among wins.
    pub win_backgammon: f64,
    /// Gammons or more among losses.
    pub lose_gammon: f64,
    /// Backgammons among losses.
    pub lose_backgammon: f64,
}

impl Rates {
    /// The rates of the outputs `o` (in the side on roll's eyes).
    pub fn of(o: &Outputs) -> Rates {
        let p = f64::from(o[0]).clamp(1e-6, 1.0 - 1e-6);
        let share = |x: f32, of: f64| (f64::from(x) / of).clamp(0.0, 1.0);
        let wg = share(o[1], p);
        let lg = share(o[3], 1.0 - p);
        Rates {
            win_gammon: wg,
            win_backgammon: share(o[2], p).min(wg),
            lose_gammon: lg,
            lose_backgammon: share(o[4], 1.0 - p).min(lg),
        }
    }

    /// The table's rates, the same for both sides.
    pub const fn table() -> Rates {
        Rates {
            win_gammon: GAMMON_RATE,
            win_backgammon: BACKGAMMON_RATE,
            lose_gammon: GAMMON_RATE,
            lose_backgammon: BACKGAMMON_RATE,
        }
    }

    /// The mean points of a win and of a loss.
    pub(crate) fn money(&self) -> (f64, f64) {
        (
            1.0 + self.win_gammon + self.win_backgammon,
            1.0 + self.lose_gammon + self.lose_backgammon,
        )
    }
}

/// Linear interpolation through the points `(p, e)`, sorted by `p`.
pub(crate) fn through(pts: &[(f64, f64)], p: f64) -> f64 {
    for w in pts.windows(2) {
        let ((p0, e0), (p1, e1)) = (w[0], w[1]);
        if p <= p1 {
            if p1 - p0 < 1e-12 {
                return e1;
            }
            return e0 + (e1 - e0) * (p - p0) / (p1 - p0);
        }
    }
    pts.last().map_or(0.0, |x| x.1)
}
