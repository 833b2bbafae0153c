//! Plays and the legal-play generator (BG-3, BG-4, BG-5).
//!
//! The generator is written by hand, on fixed arrays and without
//! allocation, because bots and perft call it millions of times: it plays
//! the dice one by one from the mover's counts (his own numbering), keeps
//! only the plays that use the most dice (BG-3.4), and lists each
//! resulting position once.
//!
//! The search is written as nested loops (two levels for a single roll,
//! four for a double) over bitmasks of the mover's points, so that
//! nothing is called per move. In the usual case (nothing on the bar,
//! nothing to bear off, no BG-4.3 restriction: `singles_plain`,
//! `doubles_plain`) every move is `from − d` and the sources after a move
//! follow from masks; the bar, bearing off and BG-4.3 take the general
//! loops (`singles`, `doubles`). The first, recursive generator is kept
//! in `reference.rs` (tests only) and a unit test checks that both list
//! the same plays, in the same order, with the same moves.

mod counts;
mod doubles;
mod search;
mod singles;

use counts::{at_least, checkers_outside};
use doubles::{doubles, doubles_plain};
use search::{Ctx, State};
use singles::{singles, singles_plain};

use arrayvec::ArrayVec;
use tables::Roll;

use crate::board::{Counts, Dest, Point, Source, BAR};
use crate::position::Position;
use crate::rules::Rules;

/// One checker moved by one die: from a point or the bar to a point or
/// off, in the mover's numbering, hitting or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the checker starts.
    pub from: Source,
    /// Where it ends.
    pub to: Dest,
    /// Whether it hits a lone opponent checker (BG-4.1).
    pub hit: bool,
}

/// A play: the moves of one roll, zero to four (BG-3.1, BG-3.2), in
/// canonical order (from the farthest source; a checker moved twice
/// appears as two moves, the second starting where the first ended).
///
/// Plays that reach the same position are generated once
/// ([`Position::legal_plays`]); compare plays by the position they reach
/// ([`Position::play_unchecked`]) rather than by their moves when they
/// come from elsewhere (a user, a file).
///
/// ```
/// use backgammon::{Position, Roll, Rules};
/// let pos = Position::start();
/// let plays = pos.legal_plays(Roll::new(3, 1), &Rules::standard());
/// assert_eq!(plays.len(), 16);
/// let best = plays.iter().find(|p| p.to_string() == "8/5 6/5").unwrap();
/// assert_eq!(best.len(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    pub(crate) len: u8,
    pub(crate) hits: u8,
    pub(crate) from: [u8; 4],
    pub(crate) to: [u8; 4],
}

impl Play {
    /// The empty play: no die can be played (BG-3.4, BG-4.2).
    pub const PASS: Play = Play {
        len: 0,
        hits: 0,
        from: [0; 4],
        to: [0; 4],
    };

    /// A play from its moves packed one byte each (move `i` in byte `i`).
    #[inline(always)]
    const fn packed(len: u8, hits: u8, from: u32, to: u32) -> Play {
        Play {
            len,
            hits,
            from: from.to_le_bytes(),
            to: to.to_le_bytes(),
        }
    }

    /// Single-die moves, 0 to 4.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no checker moves.
    pub const fn is_pass(&self) -> bool {
        self.len == 0
    }

    /// Whether the play is empty (same as [`Play::is_pass`]).
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether some move hits.
    pub const fn hits(&self) -> bool {
        self.hits != 0
    }

    /// The raw moves `(from, to, hit)`: from 25 is the bar, to 0 is off.
    pub fn raw(&self) -> impl Iterator<Item = (u8, u8, bool)> + '_ {
        (0..self.len as usize).map(|i| (self.from[i], self.to[i], self.hits & (1 << i) != 0))
    }

    /// The moves, in canonical order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.raw().map(|(f, t, hit)| Move {
            from: if f as usize == BAR {
                Source::Bar
            } else {
                Source::Point(Point::new(f))
            },
            to: if t == 0 {
                Dest::Off
            } else {
                Dest::Point(Point::new(t))
            },
            hit,
        })
    }

    /// The canonical play of the single-die moves `moves` of a legal
    /// sequence (any order): sorted from the farthest source, a move hits
    /// when it is the first to land on a point where the opponent had one
    /// checker (`op0`, the opponent's counts before the roll).
    #[cfg(test)]
    pub(crate) fn canonical(blots0: u32, moves: &[(u8, u8)]) -> Play {
        let mut play = Play::PASS;
        let n = moves.len();
        play.len = n as u8;
        for (i, &(f, t)) in moves.iter().enumerate() {
            // Insertion sort, farthest first (a double's moves come sorted).
            let mut j = i;
            while j > 0 && (play.from[j - 1], play.to[j - 1]) < (f, t) {
                play.from[j] = play.from[j - 1];
                play.to[j] = play.to[j - 1];
                j -= 1;
            }
            play.from[j] = f;
            play.to[j] = t;
        }
        for i in 0..n {
            let t = play.to[i];
            if t != 0 && blots0 & (1 << t) != 0 && !play.to[..i].contains(&t) {
                play.hits |= 1 << i;
            }
        }
        play
    }
}

/// The largest number of plays of one roll. A double moves four steps:
/// each result is a way of sharing four steps among at most 15 checkers,
/// at most C(15 + 4 − 1, 4) = 3060 of them; a single roll gives far fewer
/// (one or two checkers, at most 15 · 15 + 15). Pinned by a test.
pub const MAX_PLAYS: usize = 3060;

/// The legal plays of a roll: a fixed-capacity list, never allocated.
pub type PlayList = ArrayVec<Play, MAX_PLAYS>;

/// Moves one checker `from` → `to` (mover's numbering, 25 bar, 0 off);
/// returns whether it hit.
#[inline]
pub(crate) fn apply_step(me: &mut Counts, op: &mut Counts, from: u8, to: u8) -> bool {
    me[from as usize] -= 1;
    me[to as usize] += 1;
    if to != 0 {
        let o = 25 - to as usize;
        if op[o] == 1 {
            op[o] = 0;
            op[BAR] += 1;
            return true;
        }
    }
    false
}

/// The home board's bits, points 1–6.
pub(crate) const HOME_MASK: u32 = 0b111_1110;

/// Lists the legal plays of `roll` for the side on roll of `pos` into
/// `out` (cleared first). Never empty: [`Play::PASS`] when nothing can be
/// played.
pub(crate) fn generate(pos: &Position, roll: Roll, rules: &Rules, out: &mut PlayList) {
    out.clear();
    let side = pos.turn();
    let mut me = *pos.counts.get(side);
    let op = pos.counts.get(!side);
    // Bits 1..=24 of the opponent's points, in his numbering, turned
    // into the mover's (his point q is the mover's 25 − q).
    const POINTS: u32 = 0x1ff_fffe;
    let turn = |m: u32| (m & POINTS).reverse_bits() >> 6;
    let (op1, op2) = (at_least(op, 1), at_least(op, 2));
    let blocked = turn(op2);
    let blots0 = turn(op1 & !op2);
    // Points and bar, never the tray.
    let occ = at_least(&me, 1) & !1;
    let outside = checkers_outside(&me);
    let c = Ctx {
        blocked,
        blots0,
        cover: rules.hit_cover.mask(),
        bar0: me[BAR] != 0,
    };
    let st0 = State {
        occ,
        outside,
        blots: blots0,
        frozen: 0,
    };
    let (hi, lo) = (roll.high().value() as usize, roll.low().value() as usize);
    if hi == lo {
        if !c.bar0 && outside >= 4 && c.cover == 0 {
            doubles_plain(&mut me, occ, &c, hi, out);
        } else {
            doubles(&mut me, &st0, &c, hi, out);
        }
    } else {
        if !c.bar0 && outside >= 2 && c.cover == 0 {
            let single = at_least(&me, 1) & !at_least(&me, 2);
            singles_plain(occ, single, &c, hi, lo, out);
        } else {
            singles(&mut me, &st0, &c, hi, lo, out);
        }
    }
    if out.is_empty() {
        out.push(Play::PASS);
    }
}
