//! Plays and their legality: the movement laws of RULES.md sections 3–4.
//!
//! A [`Play`] is every checker move of one roll, in the mover's frame. The
//! generator ([`Position::legal_plays`]) lists each resulting position
//! once, applying in this order (R-6.8 steps 1–2):
//!
//! 1. the movement laws: blocked fields (R-3.3), *tout d'une* rests
//!    (R-3.4), doubles played once (R-3.2), the own corner (R-4.1), the
//!    opponent's corner (R-4.2), the corner by power unless it can be
//!    taken by effect (R-4.3, R-4.4), the passage to the return (R-4.6)
//!    and bearing off (R-4.7);
//! 2. the most dice, then the higher die (R-3.5);
//! 3. (in `crate::jans`) the filling and conserving obligations.
//!
//! The generator is written by hand with bitsets over the 24 fields
//! because it is the inner loop of every bot and of perft: no heap
//! allocation, no string work.

mod fast;
mod general;
mod mover;

pub(crate) use mover::Mover;

use crate::board::{Dest, Field};
use crate::dice::{Die, Roll};
use crate::position::Position;
use crate::rules::{ExitMethod, Rules};
use crate::side::Side;
use arrayvec::ArrayVec;
use core::fmt;

/// Internal code of the rail (a checker borne off).
const OFF: u8 = 25;

/// One checker moved by one die, in the mover's frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CheckerMove {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) die: u8,
}

impl CheckerMove {
    #[inline]
    const fn new(from: u8, to: u8, die: u8) -> CheckerMove {
        CheckerMove { from, to, die }
    }

    /// The field the checker leaves (mover's frame).
    pub fn from(self) -> Field {
        Field::new(self.from)
    }

    /// Where the checker ends (mover's frame).
    pub fn to(self) -> Dest {
        if self.to == OFF {
            Dest::Off
        } else {
            Dest::Field(Field::new(self.to))
        }
    }

    /// The die that moves it. For a corner taken by power the checker
    /// moves one less than its die (R-4.3).
    pub fn die(self) -> Die {
        Die::new(self.die)
    }
}

/// The checker moves of one roll, in the mover's frame (R-3.1).
///
/// Zero moves (nothing can be played, R-3.5), one move (only one die can
/// be played), or two moves: two checkers, or one checker *tout d'une*
/// (then the second move starts where the first ends, on its rest).
/// Plays that reach the same position are one play: the generator lists
/// each once, in a canonical form (higher die first).
///
/// The notation of a play is in the absolute frame, so it needs the side
/// that plays it: see [`Play::display`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    pub(crate) moves: [CheckerMove; 2],
    pub(crate) len: u8,
    pub(crate) power: bool,
}

impl Play {
    /// The play of a roll of which nothing can be played (`--`).
    pub const PASS: Play = Play {
        moves: [CheckerMove::new(0, 0, 0); 2],
        len: 0,
        power: false,
    };

    #[inline]
    const fn one(m: CheckerMove) -> Play {
        Play {
            moves: [m, CheckerMove::new(0, 0, 0)],
            len: 1,
            power: false,
        }
    }

    #[inline]
    const fn two(m: CheckerMove, n: CheckerMove) -> Play {
        Play {
            moves: [m, n],
            len: 2,
            power: false,
        }
    }

    /// The checker moves, in canonical order.
    pub fn moves(&self) -> &[CheckerMove] {
        &self.moves[..self.len as usize]
    }

    /// How many dice the play uses (0, 1 or 2).
    pub fn dice_used(&self) -> usize {
        self.len as usize
    }

    /// Whether nothing is played (`--`).
    pub fn is_pass(&self) -> bool {
        self.len == 0
    }

    /// Whether one checker is played with both dice (*tout d'une*, R-3.4).
    pub fn is_tout_d_une(&self) -> bool {
        self.len == 2 && !self.power && self.moves[1].from == self.moves[0].to
    }

    /// Whether the play takes the corner by power (R-4.3).
    pub fn is_power(&self) -> bool {
        self.power
    }

    /// The notation of this play when `side` plays it (NOTATION.md),
    /// e.g. `1-7 1-6`, `1-4-9`, `21-off`, `--`.
    ///
    /// ```
    /// use trictrac::{Position, Roll, Side};
    /// let pos = Position::start();
    /// let play = pos.legal_plays(Roll::new(6, 5))[0];
    /// assert_eq!(play.display(Side::White).to_string(), "1-7 1-6");
    /// ```
    pub fn display(&self, side: Side) -> PlayDisplay {
        PlayDisplay { play: *self, side }
    }

    /// A key identifying the change of position the play makes: two plays
    /// of one position have equal keys iff they reach the same position.
    #[inline]
    pub(crate) fn key(&self) -> u32 {
        let m = &self.moves;
        match self.len {
            0 => 0,
            1 => 1 << 30 | (m[0].from as u32) << 8 | m[0].to as u32,
            _ if self.is_tout_d_une() => 2 << 30 | (m[0].from as u32) << 8 | m[1].to as u32,
            _ => {
                let (s1, s2) = minmax(m[0].from, m[1].from);
                let (t1, t2) = minmax(m[0].to, m[1].to);
                3 << 30 | (s1 as u32) << 24 | (s2 as u32) << 16 | (t1 as u32) << 8 | t2 as u32
            }
        }
    }

    /// The canonical play of moves `(from, to, die)` in the mover's frame
    /// (`to` 25 = off), played in the given order.
    pub(crate) fn from_moves(moves: &[(u8, u8, u8)]) -> Play {
        let m = |x: &(u8, u8, u8)| CheckerMove::new(x.0, x.1, x.2);
        match moves {
            [] => Play::PASS,
            [x] => Play::one(m(x)),
            [x, y] => {
                if y.1 == x.0 {
                    // the second checker lands where the first left: the
                    // same position as one checker tout d'une from y.0
                    Play::two(m(y), m(x)).canonical()
                } else {
                    Play::two(m(x), m(y)).canonical()
                }
            }
            _ => Play::PASS,
        }
    }

    /// Puts a two-checker play in canonical order: higher die first, then
    /// lower field first.
    #[inline]
    fn canonical(mut self) -> Play {
        if self.len == 2 && !self.is_tout_d_une() {
            let (a, b) = (self.moves[0], self.moves[1]);
            if (b.die, a.from) > (a.die, b.from) {
                self.moves = [b, a];
            }
        }
        self
    }
}

#[inline]
fn minmax(a: u8, b: u8) -> (u8, u8) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// Displays a [`Play`] in play notation for one side.
#[derive(Clone, Copy, Debug)]
pub struct PlayDisplay {
    play: Play,
    side: Side,
}

impl fmt::Display for PlayDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let abs = |x: u8| -> u8 {
            match self.side {
                Side::White => x,
                Side::Black => 25 - x,
            }
        };
        let dest = |f: &mut fmt::Formatter<'_>, x: u8| -> fmt::Result {
            if x == OFF {
                f.write_str("off")
            } else {
                write!(f, "{}", abs(x))
            }
        };
        let p = &self.play;
        match p.len {
            0 => f.write_str("--"),
            _ if p.is_tout_d_une() => {
                write!(f, "{}-{}-", abs(p.moves[0].from), abs(p.moves[0].to))?;
                dest(f, p.moves[1].to)
            }
            _ => {
                for (i, m) in p.moves().iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{}-", abs(m.from))?;
                    dest(f, m.to)?;
                }
                Ok(())
            }
        }
    }
}

/// The legal plays of a roll.
///
/// Capacity: a play moves checkers from at most 15 occupied fields, so
/// there are at most 15 × 15 = 225 two-checker plays, plus at most 15
/// *tout d'une* plays and one corner by power: 241 < 256. The test
/// `play_list_capacity` pins the largest count found.
pub type PlayList = ArrayVec<Play, 256>;

impl Position {
    /// The legal plays of `roll` under the default rules, each resulting
    /// position once: the movement laws (R-3.1–R-4.7), the most dice and
    /// the higher die (R-3.5), then the filling and conserving obligations
    /// (R-6.5, R-6.7, in the order of R-6.8). A roll of which nothing can
    /// be played gives the single play [`Play::PASS`].
    ///
    /// ```
    /// use trictrac::{Position, Roll, Side};
    /// let pos: Position = "w:1x13,6,7 b:24x15 w".parse().unwrap();
    /// let plays = pos.legal_plays(Roll::new(2, 1));
    /// assert!(plays.iter().any(|p| p.display(Side::White).to_string() == "1-3 1-2"));
    /// ```
    pub fn legal_plays(&self, roll: Roll) -> PlayList {
        self.legal_plays_with(roll, &Rules::DEFAULT)
    }

    /// The legal plays of `roll` under `rules`.
    pub fn legal_plays_with(&self, roll: Roll, rules: &Rules) -> PlayList {
        let mut out = PlayList::new();
        Mover::new(self, rules).legal(roll, &mut out);
        out
    }

    /// The plays allowed by the movement laws and R-3.5 alone (R-6.8
    /// steps 1–2), before the filling and conserving obligations.
    pub fn movement_plays(&self, roll: Roll, rules: &Rules) -> PlayList {
        let mut out = PlayList::new();
        Mover::new(self, rules).generate(roll, &mut out);
        out
    }

    /// The legal plays of `roll` computed by the general, order-by-order
    /// generator only. It is the reference the fast generator is tested
    /// against; prefer [`Position::legal_plays`].
    #[doc(hidden)]
    pub fn legal_plays_reference(&self, roll: Roll) -> PlayList {
        let mut out = PlayList::new();
        let m = Mover::new(self, &Rules::DEFAULT);
        m.generate_general(roll.high().value(), roll.low().value(), &mut out);
        if out.is_empty() {
            out.push(Play::PASS);
        }
        m.obligations(roll, &mut out);
        out
    }

    /// Applies a play of the side to move without checking it: the turn
    /// passes, the mover's roll count grows by one and the pending dice
    /// are cleared.
    ///
    /// The play must be one of [`Position::legal_plays`] for some roll;
    /// otherwise the position may become inconsistent (checked by
    /// `debug_assert!`).
    pub fn play_unchecked(&mut self, play: &Play) {
        self.play_unchecked_with(play, &Rules::DEFAULT);
    }

    /// [`Position::play_unchecked`] under `rules`: with the provinciale
    /// exit it also counts the bearing-off privileges used (R-4.7).
    pub fn play_unchecked_with(&mut self, play: &Play, rules: &Rules) {
        let side = self.turn;
        if rules.exit == ExitMethod::Provinciale && play.moves().iter().any(|m| m.to == OFF) {
            let mover = Mover::new(self, rules);
            let mut st = mover.st;
            for m in play.moves() {
                if m.to == OFF {
                    let normal = mover.inside_sources(&st, m.die) == 0 && m.from == st.lowest();
                    if !normal {
                        *self.privileges.get_mut(side) += 1;
                    }
                }
                st.lift(m.from);
                st.drop(m.to);
            }
        }
        for m in play.moves() {
            let to = if m.to == OFF { None } else { Some(m.to) };
            self.board.move_checker(side, m.from, to);
        }
        if let Some(r) = self.rolls.get_mut(side) {
            *r = r.saturating_add(1);
        }
        self.turn = !side;
        self.dice = None;
        debug_assert!(self.is_consistent(), "inconsistent after {play:?}: {self}");
    }

    /// The position after `play` (see [`Position::play_unchecked`]).
    pub fn after(&self, play: &Play) -> Position {
        let mut p = self.clone();
        p.play_unchecked(play);
        p
    }
}
