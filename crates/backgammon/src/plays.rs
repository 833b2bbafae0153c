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

use arrayvec::ArrayVec;
use tables::Roll;

use crate::board::{Counts, Dest, Point, Source, BAR, OFF};
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

/// What does not change during the search of one roll.
struct Ctx {
    /// The mover's points (bit p) the opponent holds with two or more.
    blocked: u32,
    /// The mover's points where the opponent had one checker.
    blots0: u32,
    /// Points (bit p) where a hit may not be covered (BG-4.3).
    cover: u32,
    /// Whether the mover had checkers on the bar before the roll.
    bar0: bool,
}

/// The search's state after some moves (the mover's counts are kept
/// apart and updated in place).
#[derive(Clone, Copy)]
struct State {
    /// The mover's occupied points and bar (bit p; bit 25 the bar, never
    /// bit 0).
    occ: u32,
    /// The mover's checkers beyond point 6 or on the bar.
    outside: u8,
    /// The opponent's blots not hit yet.
    blots: u32,
    /// Points where a hit must stay uncovered (BG-4.3).
    frozen: u32,
}

/// The points that may move by die `d` (bit p): the bar alone while it
/// holds a checker (BG-4.2), else the occupied points up to `bound` not
/// frozen; never a point whose destination the opponent holds (BG-3.3)
/// or is frozen, nor a point at or below `d` before all checkers are home
/// (BG-5.1).
#[inline(always)]
fn sources(st: &State, c: &Ctx, d: usize, bound_mask: u32) -> u32 {
    let s = if st.occ & (1 << BAR) != 0 {
        1 << BAR
    } else if st.outside != 0 {
        st.occ & bound_mask & !st.frozen & !((2u32 << d) - 1)
    } else {
        st.occ & bound_mask & !st.frozen
    };
    s & !((c.blocked | st.frozen) << d)
}

/// Where a checker on `from` goes with die `d`, if it can (`from` comes
/// from [`sources`]): `from − d`, or off (BG-5.2: the exact point, or the
/// farthest checker with a higher die).
#[inline(always)]
fn dest(st: &State, from: usize, d: usize) -> Option<usize> {
    if from > d {
        Some(from - d)
    } else if from == d || st.occ & HOME_MASK & !((2u32 << from) - 1) == 0 {
        // `sources` kept a point at or below `d` only with all checkers
        // home.
        Some(OFF)
    } else {
        None
    }
}

/// Moves a checker `from` → `to` in `me`; the new state and whether it
/// hit.
#[inline(always)]
fn apply(me: &mut Counts, st: &State, c: &Ctx, from: usize, to: usize) -> (State, bool) {
    me[from] -= 1;
    me[to] += 1;
    let bit = (1u32 << to) & !1;
    let hit = st.blots & bit != 0;
    let mut occ = st.occ | bit;
    if me[from] == 0 {
        occ &= !(1u32 << from);
    }
    (
        State {
            occ,
            outside: st.outside - (from > 6 && to <= 6) as u8,
            blots: st.blots & !bit,
            frozen: st.frozen | (st.blots & c.cover & bit),
        },
        hit,
    )
}

/// Takes back [`apply`]'s move.
#[inline(always)]
fn undo(me: &mut Counts, from: usize, to: usize) {
    me[from] += 1;
    me[to] -= 1;
}

/// The highest set bit of a non-zero mask, removed from it.
#[inline(always)]
fn pop_high(mask: &mut u32) -> usize {
    let b = 31 - mask.leading_zeros() as usize;
    *mask &= !(1u32 << b);
    b
}

/// A point's weight in a position key: four bits per point, so that the
/// change of a play (at most ±2 per point for a single roll) is one
/// number, unique.
#[inline(always)]
fn w(p: usize) -> u128 {
    const W: [u128; 32] = {
        let mut w = [0u128; 32];
        let mut p = 0;
        while p < 26 {
            w[p] = 1u128 << (4 * p);
            p += 1;
        }
        w
    };
    W[p & 31]
}

/// The exact key of the position a play of a single roll reaches: the
/// change of the mover's counts (`delta`, see [`w`]) and the points hit
/// (which give the opponent's counts).
#[inline(always)]
fn key(delta: u128, hits: u32) -> u128 {
    // |delta| < 2^102 as a signed number; the hits (bits 1..=24) above.
    delta.wrapping_add(((hits >> 1) as u128) << 104)
}

/// The legal plays of a single roll: the high die first, then the low
/// die first.
struct Singles<'a> {
    out: &'a mut PlayList,
    /// Keys of the plays in `out` that are not simple (see `leaf2`).
    keys: ArrayVec<u128, 512>,
    /// Priority of the plays in `out`: 5 two dice, 3 the high die alone,
    /// 2 the low die alone, 1 none (BG-3.4).
    best: u8,
}

impl Singles<'_> {
    /// Makes room for a play of priority `prio`; false if it loses.
    #[inline(always)]
    fn admit(&mut self, prio: u8) -> bool {
        if prio < self.best {
            return false;
        }
        if prio > self.best {
            self.out.clear();
            self.keys.clear();
            self.best = prio;
        }
        true
    }

    /// Whether a play that is not simple is new (its key then kept).
    #[inline(always)]
    fn is_new(&mut self, k: u128) -> bool {
        if self.keys.contains(&k) {
            return false;
        }
        // At most 15 · 15 leaves in the first order and 15 · 8 in the
        // second (see `keep` in `singles`): fewer than 512.
        self.keys.push(k);
        true
    }

    /// A play of both dice: `a` then `b` (`(from, to, hit)`).
    #[inline(always)]
    fn leaf2(
        &mut self,
        c: &Ctx,
        second_order: bool,
        a: (usize, usize, bool),
        b: (usize, usize, bool),
    ) {
        if !self.admit(5) {
            return;
        }
        let (fa, ta, ha) = a;
        let (fb, tb, hb) = b;
        if !c.bar0 && ta != OFF && tb != OFF && ta != fb && tb != fa {
            // Two checkers, neither entering nor bearing off, neither
            // landing where the other started: a position no other
            // sequence of this order reaches. In the second order, the
            // high die first was legal too: already listed.
            if second_order {
                return;
            }
        } else {
            let hits = ((ha as u32) << ta) | ((hb as u32) << tb);
            let delta = w(ta)
                .wrapping_add(w(tb))
                .wrapping_sub(w(fa))
                .wrapping_sub(w(fb));
            if !self.is_new(key(delta, hits)) {
                return;
            }
        }
        // Canonical order: the farthest source first (then the farther
        // destination); a move hits when it is the first to land on a
        // point where the opponent had a blot.
        let (m0, m1) = if (fa, ta) < (fb, tb) {
            ((fb, tb), (fa, ta))
        } else {
            ((fa, ta), (fb, tb))
        };
        let blot = |t: usize| c.blots0 & (1u32 << t) & !1 != 0;
        let hits = blot(m0.1) as u8 | ((blot(m1.1) && m1.1 != m0.1) as u8) << 1;
        self.out.push(Play {
            len: 2,
            hits,
            from: [m0.0 as u8, m1.0 as u8, 0, 0],
            to: [m0.1 as u8, m1.1 as u8, 0, 0],
        });
    }

    /// A play of one die (priority 3 the high, 2 the low).
    #[inline(always)]
    fn leaf1(&mut self, prio: u8, from: usize, to: usize, hit: bool) {
        if !self.admit(prio) {
            return;
        }
        let delta = w(to).wrapping_sub(w(from));
        if !self.is_new(key(delta, (hit as u32) << to)) {
            return;
        }
        self.out.push(Play {
            len: 1,
            hits: hit as u8,
            from: [from as u8, 0, 0, 0],
            to: [to as u8, 0, 0, 0],
        });
    }

    /// No die can be played.
    #[inline(always)]
    fn leaf0(&mut self) {
        if self.admit(1) && self.is_new(key(0, 0)) {
            self.out.push(Play::PASS);
        }
    }
}

/// The points (bit p) from which a checker may move by `d` to a point
/// (not off) the opponent does not hold.
#[inline(always)]
fn movable(c: &Ctx, d: usize) -> u32 {
    const POINTS: u32 = 0x1ff_fffe;
    POINTS & !((2u32 << d) - 1) & !(c.blocked << d)
}

/// A single roll `hi`–`lo` (hi > lo) in the usual case: nothing on the
/// bar, two or more checkers outside the home board (so nothing is borne
/// off) and no BG-4.3 restriction. The same search as [`singles`], in the
/// same order, but every move is a plain `from − d` and the sources after
/// the first move follow from masks: `occ` the occupied points, `single`
/// those with one checker.
#[inline(never)]
fn singles_plain(occ: u32, single: u32, c: &Ctx, hi: usize, lo: usize, out: &mut PlayList) {
    let mut g = Singles {
        out,
        keys: ArrayVec::new(),
        best: 0,
    };
    let (m_hi, m_lo) = (movable(c, hi), movable(c, lo));
    let (h_src, l_src) = (occ & m_hi, occ & m_lo);
    // The high die first.
    let mut s1 = h_src;
    while s1 != 0 {
        let f1 = pop_high(&mut s1);
        let t1 = f1 - hi;
        let h1 = c.blots0 & (1u32 << t1) != 0;
        // After f1 → t1: f1 may be empty, t1 is occupied.
        let mut s2 = (l_src & !(single & (1u32 << f1))) | ((1u32 << t1) & m_lo);
        if s2 == 0 {
            g.leaf1(3, f1, t1, h1);
            continue;
        }
        let blots1 = c.blots0 & !(1u32 << t1);
        // Every play of this order uses both dice: make room once.
        g.admit(5);
        // The second move from t1 or onto f1 is a chain; any other is a
        // simple play (see `Singles::leaf2`), pushed directly.
        let chain = (1u32 << t1) | (1u32 << (f1 + lo).min(31));
        while s2 != 0 {
            let f2 = pop_high(&mut s2);
            let t2 = f2 - lo;
            if chain & (1u32 << f2) != 0 {
                g.leaf2(c, false, (f1, t1, h1), (f2, t2, blots1 & (1u32 << t2) != 0));
                continue;
            }
            // Canonical order: the farther source first; from one point,
            // the high die's move (the nearer destination) second.
            let (a, b) = if f2 >= f1 {
                ((f2, t2), (f1, t1))
            } else {
                ((f1, t1), (f2, t2))
            };
            let hits =
                (c.blots0 >> a.1) as u8 & 1 | ((c.blots0 >> b.1) as u8 & (a.1 != b.1) as u8) << 1;
            g.out.push(Play::packed(
                2,
                hits,
                a.0 as u32 | (b.0 as u32) << 8,
                a.1 as u32 | (b.1 as u32) << 8,
            ));
        }
    }
    if h_src == 0 {
        g.leaf0();
    }
    // The low die first: only a high move that interacts with the first
    // move can reach a new position (from `t1` or onto `f1`; nothing is
    // borne off).
    let mut s1 = l_src;
    while s1 != 0 {
        let f1 = pop_high(&mut s1);
        let t1 = f1 - lo;
        let h1 = c.blots0 & (1u32 << t1) != 0;
        let after = (h_src & !(single & (1u32 << f1))) | ((1u32 << t1) & m_hi);
        if after & ((1u32 << t1) | (1u32 << (f1 + hi).min(31))) == 0 {
            g.leaf1(2, f1, t1, h1);
            continue;
        }
        // The move from f1 + hi onto f1 reaches the position of the
        // chain f1 + hi → f1 → t1 of the first order (f1 is the mover's
        // point, so nothing is hit there): already listed. Only the chain
        // f1 → t1 → t1 − hi remains.
        let mut s2 = after & (1u32 << t1);
        let blots1 = c.blots0 & !(1u32 << t1);
        while s2 != 0 {
            let f2 = pop_high(&mut s2);
            let t2 = f2 - hi;
            g.leaf2(c, true, (f1, t1, h1), (f2, t2, blots1 & (1u32 << t2) != 0));
        }
    }
    if l_src == 0 {
        g.leaf0();
    }
}

/// A single roll `hi`–`lo` (hi > lo) from `st0`.
#[inline(never)]
fn singles(me: &mut Counts, st0: &State, c: &Ctx, hi: usize, lo: usize, out: &mut PlayList) {
    let mut g = Singles {
        out,
        keys: ArrayVec::new(),
        best: 0,
    };
    const ALL: u32 = (2u32 << 24) - 1;
    // The high die first.
    let mut s1 = sources(st0, c, hi, ALL);
    let mut any1 = false;
    while s1 != 0 {
        let f1 = pop_high(&mut s1);
        let Some(t1) = dest(st0, f1, hi) else {
            continue;
        };
        any1 = true;
        let (st1, h1) = apply(me, st0, c, f1, t1);
        let mut s2 = sources(&st1, c, lo, ALL);
        let mut any2 = false;
        while s2 != 0 {
            let f2 = pop_high(&mut s2);
            let Some(t2) = dest(&st1, f2, lo) else {
                continue;
            };
            any2 = true;
            let h2 = st1.blots & (1u32 << t2) & !1 != 0;
            g.leaf2(c, false, (f1, t1, h1), (f2, t2, h2));
        }
        if !any2 {
            g.leaf1(3, f1, t1, h1);
        }
        undo(me, f1, t1);
    }
    if !any1 {
        g.leaf0();
    }
    // The low die first.
    let mut s1 = sources(st0, c, lo, ALL);
    let mut any1 = false;
    while s1 != 0 {
        let f1 = pop_high(&mut s1);
        let Some(t1) = dest(st0, f1, lo) else {
            continue;
        };
        any1 = true;
        let (st1, h1) = apply(me, st0, c, f1, t1);
        let mut s2 = sources(&st1, c, hi, ALL);
        if !c.bar0 && t1 != OFF {
            // The low die was played first by a checker from `f1` to
            // `t1`: only a high move that interacts with it can reach a
            // position the high-die-first order did not: from `t1`, onto
            // `f1`, or bearing off.
            let mut keep = (1u32 << t1) | (1u32 << (f1 + hi).min(31));
            if st1.outside == 0 {
                keep |= HOME_MASK;
            }
            s2 &= keep;
        }
        let mut any2 = false;
        while s2 != 0 {
            let f2 = pop_high(&mut s2);
            let Some(t2) = dest(&st1, f2, hi) else {
                continue;
            };
            any2 = true;
            let h2 = st1.blots & (1u32 << t2) & !1 != 0;
            g.leaf2(c, true, (f1, t1, h1), (f2, t2, h2));
        }
        if !any2 {
            g.leaf1(2, f1, t1, h1);
        }
        undo(me, f1, t1);
    }
    if !any1 {
        g.leaf0();
    }
}

/// The plays of a double: up to four moves, sources never increasing
/// (each result reached once).
struct Doubles<'a> {
    out: &'a mut PlayList,
    /// Moves made so far, in order; `len` unused until a leaf.
    play: Play,
    /// Priority of the plays in `out`: 2n + 1 for n moves (BG-3.4).
    best: u8,
}

impl Doubles<'_> {
    #[inline(always)]
    fn set(&mut self, n: usize, from: usize, to: usize, hit: bool) {
        self.play.from[n] = from as u8;
        self.play.to[n] = to as u8;
        self.play.hits = (self.play.hits & !(1 << n)) | ((hit as u8) << n);
    }

    #[inline(always)]
    fn leaf(&mut self, n: usize) {
        let prio = 2 * n as u8 + 1;
        if prio < self.best {
            return;
        }
        if prio > self.best {
            self.out.clear();
            self.best = prio;
        }
        let mut p = Play::PASS;
        p.len = n as u8;
        p.from[..n].copy_from_slice(&self.play.from[..n]);
        p.to[..n].copy_from_slice(&self.play.to[..n]);
        p.hits = self.play.hits & ((1u8 << n) - 1);
        self.out.push(p);
    }
}

/// Bits 0..=`bound` (bound 25, the bar, as 24: the bar moves apart).
#[inline(always)]
fn upto(bound: usize) -> u32 {
    (2u32 << bound.min(24)) - 1
}

/// Keeps the bytes `0..n` of a packed word (see [`Play::packed`]).
#[inline(always)]
fn bytes(word: u32, n: usize) -> u32 {
    if n >= 4 {
        word
    } else {
        word & ((1u32 << (8 * n)) - 1)
    }
}

impl Doubles<'_> {
    /// Makes room for a play of `n` moves; false if it loses.
    #[inline(always)]
    fn admit(&mut self, n: usize) -> bool {
        let prio = 2 * n as u8 + 1;
        if prio < self.best {
            return false;
        }
        if prio > self.best {
            self.out.clear();
            self.best = prio;
        }
        true
    }

    /// A play of `n` moves given packed (see [`Play::packed`]).
    #[inline(always)]
    fn leaf_packed(&mut self, n: usize, hits: u32, from: u32, to: u32) {
        if self.admit(n) {
            self.out.push(Play::packed(
                n as u8,
                (hits & ((1u32 << n) - 1)) as u8,
                bytes(from, n),
                bytes(to, n),
            ));
        }
    }
}

/// A double of `d` in the usual case: nothing on the bar, four or more
/// checkers outside the home board (so nothing is borne off) and no
/// BG-4.3 restriction. The same search as [`doubles`], in the same
/// order, every move a plain `from − d`; the moves are kept packed.
#[inline(never)]
fn doubles_plain(me: &mut Counts, occ0: u32, c: &Ctx, d: usize, out: &mut PlayList) {
    let mut g = Doubles {
        out,
        play: Play::PASS,
        best: 0,
    };
    let m = movable(c, d);
    // After a move f → t: t occupied, f empty if it was its last checker.
    let after = |me: &Counts, occ: u32, f: usize, t: usize| {
        (occ | 1u32 << t) & !(((me[f] == 0) as u32) << f)
    };
    let mut s0 = occ0 & m;
    if s0 == 0 {
        g.leaf_packed(0, 0, 0, 0);
        return;
    }
    while s0 != 0 {
        let f0 = pop_high(&mut s0);
        let t0 = f0 - d;
        let h0 = (c.blots0 >> t0) & 1;
        let b1 = c.blots0 & !(1u32 << t0);
        me[f0] -= 1;
        me[t0] += 1;
        let occ1 = after(me, occ0, f0, t0);
        let mut s1 = occ1 & m & upto(f0);
        if s1 == 0 {
            g.leaf_packed(1, h0, f0 as u32, t0 as u32);
        }
        while s1 != 0 {
            let f1 = pop_high(&mut s1);
            let t1 = f1 - d;
            let h1 = h0 | ((b1 >> t1) & 1) << 1;
            let (fw1, tw1) = (f0 as u32 | (f1 as u32) << 8, t0 as u32 | (t1 as u32) << 8);
            let b2 = b1 & !(1u32 << t1);
            me[f1] -= 1;
            me[t1] += 1;
            let occ2 = after(me, occ1, f1, t1);
            let mut s2 = occ2 & m & upto(f1);
            if s2 == 0 {
                g.leaf_packed(2, h1, fw1, tw1);
            }
            while s2 != 0 {
                let f2 = pop_high(&mut s2);
                let t2 = f2 - d;
                let h2 = h1 | ((b2 >> t2) & 1) << 2;
                let (fw2, tw2) = (fw1 | (f2 as u32) << 16, tw1 | (t2 as u32) << 16);
                let b3 = b2 & !(1u32 << t2);
                me[f2] -= 1;
                me[t2] += 1;
                let occ3 = after(me, occ2, f2, t2);
                let mut s3 = occ3 & m & upto(f2);
                if s3 == 0 {
                    g.leaf_packed(3, h2, fw2, tw2);
                } else {
                    // Four moves: the best there is; make room once.
                    g.admit(4);
                }
                while s3 != 0 {
                    let f3 = pop_high(&mut s3);
                    let t3 = f3 - d;
                    let h3 = h2 | ((b3 >> t3) & 1) << 3;
                    g.out.push(Play::packed(
                        4,
                        h3 as u8,
                        fw2 | (f3 as u32) << 24,
                        tw2 | (t3 as u32) << 24,
                    ));
                }
                undo(me, f2, t2);
            }
            undo(me, f1, t1);
        }
        undo(me, f0, t0);
    }
}

/// A double of `d` from `st0`.
#[inline(never)]
fn doubles(me: &mut Counts, st0: &State, c: &Ctx, d: usize, out: &mut PlayList) {
    let mut g = Doubles {
        out,
        play: Play::PASS,
        best: 0,
    };
    let mut s0 = sources(st0, c, d, upto(BAR));
    let mut any0 = false;
    while s0 != 0 {
        let f0 = pop_high(&mut s0);
        let Some(t0) = dest(st0, f0, d) else {
            continue;
        };
        any0 = true;
        let (st1, h0) = apply(me, st0, c, f0, t0);
        g.set(0, f0, t0, h0);
        let mut s1 = sources(&st1, c, d, upto(f0));
        let mut any1 = false;
        while s1 != 0 {
            let f1 = pop_high(&mut s1);
            let Some(t1) = dest(&st1, f1, d) else {
                continue;
            };
            any1 = true;
            let (st2, h1) = apply(me, &st1, c, f1, t1);
            g.set(1, f1, t1, h1);
            let mut s2 = sources(&st2, c, d, upto(f1));
            let mut any2 = false;
            while s2 != 0 {
                let f2 = pop_high(&mut s2);
                let Some(t2) = dest(&st2, f2, d) else {
                    continue;
                };
                any2 = true;
                let (st3, h2) = apply(me, &st2, c, f2, t2);
                g.set(2, f2, t2, h2);
                let mut s3 = sources(&st3, c, d, upto(f2));
                let mut any3 = false;
                while s3 != 0 {
                    let f3 = pop_high(&mut s3);
                    let Some(t3) = dest(&st3, f3, d) else {
                        continue;
                    };
                    any3 = true;
                    g.set(3, f3, t3, st3.blots & (1u32 << t3) & !1 != 0);
                    g.leaf(4);
                }
                if !any3 {
                    g.leaf(3);
                }
                undo(me, f2, t2);
            }
            if !any2 {
                g.leaf(2);
            }
            undo(me, f1, t1);
        }
        if !any1 {
            g.leaf(1);
        }
        undo(me, f0, t0);
    }
    if !any0 {
        g.leaf(0);
    }
}

/// Eight counts as one word (little-endian: count `i` in byte `i`).
#[inline(always)]
fn word(c: &Counts, i: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&c[i..i + 8]);
    u64::from_le_bytes(b)
}

/// The bytes of `x` at least `k` (1 or 2; every byte at most 15) as the
/// bits 0..8 of the result.
#[inline(always)]
fn bytes_at_least(x: u64, k: u8) -> u32 {
    // Adding 128 − k to a byte of at most 15 sets its high bit exactly
    // when it is at least k, with no carry into the next byte.
    let high = x.wrapping_add(0x0101_0101_0101_0101 * (128 - k) as u64) & 0x8080_8080_8080_8080;
    // Gather the eight high bits into one byte.
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Bit `i` set when `c[i] >= k` (k 1 or 2), for `i` in 0..=25.
#[inline(always)]
fn at_least(c: &Counts, k: u8) -> u32 {
    bytes_at_least(word(c, 0), k)
        | bytes_at_least(word(c, 8), k) << 8
        | bytes_at_least(word(c, 16), k) << 16
        | ((c[24] >= k) as u32) << 24
        | ((c[25] >= k) as u32) << 25
}

/// The checkers beyond point 6 or on the bar (`c[7..]`).
#[inline(always)]
fn checkers_outside(c: &Counts) -> u8 {
    // Each byte at most 15, their sums at most 15: no carry anywhere.
    let sum = word(c, 8)
        .wrapping_add(word(c, 16))
        .wrapping_mul(0x0101_0101_0101_0101)
        >> 56;
    (sum as u8)
        .wrapping_add(c[7])
        .wrapping_add(c[24])
        .wrapping_add(c[25])
}

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

#[cfg(test)]
mod tests {
    use super::*;

    /// The word tricks of `generate`'s set-up agree with plain loops on
    /// every count 0..=15 at every index.
    #[test]
    fn masks_and_sums_agree_with_loops() {
        for i in 0..26 {
            for v in 0..=15u8 {
                let mut c = [0u8; 26];
                c[i] = v;
                c[(i + 7) % 26] = 15 - v;
                for k in [1, 2] {
                    let naive = (0..26).fold(0u32, |m, j| m | ((c[j] >= k) as u32) << j);
                    assert_eq!(at_least(&c, k), naive, "{c:?} {k}");
                }
                let naive: u8 = c[7..].iter().sum();
                assert_eq!(checkers_outside(&c), naive, "{c:?}");
            }
        }
    }
}
