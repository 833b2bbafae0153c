//! The search of a single roll (two different dice): two levels of loops,
//! the plain case (`singles_plain`) on masks alone, the general one
//! (`singles`) with the bar, bearing off and BG-4.3.

use super::search::{apply, dest, movable, pop_high, sources, undo, Ctx, State};
use super::{Play, PlayList, HOME_MASK};
use crate::board::{Counts, OFF};
use arrayvec::ArrayVec;

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

impl<'a> Singles<'a> {
    /// The plays of one roll, written to `out`.
    fn new(out: &'a mut PlayList) -> Singles<'a> {
        Singles {
            out,
            keys: ArrayVec::new(),
            best: 0,
        }
    }

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

/// A single roll `hi`–`lo` (hi > lo) in the usual case: nothing on the
/// bar, two or more checkers outside the home board (so nothing is borne
/// off) and no BG-4.3 restriction. The same search as [`singles`], in the
/// same order, but every move is a plain `from − d` and the sources after
/// the first move follow from masks: `occ` the occupied points, `single`
/// those with one checker.
#[inline(never)]
pub(super) fn singles_plain(
    occ: u32,
    single: u32,
    c: &Ctx,
    hi: usize,
    lo: usize,
    out: &mut PlayList,
) {
    let mut g = Singles::new(out);
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
pub(super) fn singles(
    me: &mut Counts,
    st0: &State,
    c: &Ctx,
    hi: usize,
    lo: usize,
    out: &mut PlayList,
) {
    let mut g = Singles::new(out);
    // The high die first, then the low die first.
    one_order(&mut g, me, st0, c, hi, lo);
    one_order(&mut g, me, st0, c, lo, hi);
}

/// Every play of the single roll `hi`–`lo` that moves `first` (one of
/// the dice) before the other, `second`. In the second order (the low
/// die first) only the plays the first order cannot reach are kept.
#[inline(always)]
fn one_order(g: &mut Singles, me: &mut Counts, st0: &State, c: &Ctx, first: usize, second: usize) {
    const ALL: u32 = (2u32 << 24) - 1;
    let low_first = first < second;
    let mut s1 = sources(st0, c, first, ALL);
    let mut any1 = false;
    while s1 != 0 {
        let f1 = pop_high(&mut s1);
        let Some(t1) = dest(st0, f1, first) else {
            continue;
        };
        any1 = true;
        let (st1, h1) = apply(me, st0, c, f1, t1);
        let mut s2 = sources(&st1, c, second, ALL);
        if low_first && !c.bar0 && t1 != OFF {
            // The low die was played first by a checker from `f1` to
            // `t1`: only a high move that interacts with it can reach a
            // position the high-die-first order did not: from `t1`, onto
            // `f1`, or bearing off.
            let mut keep = (1u32 << t1) | (1u32 << (f1 + second).min(31));
            if st1.outside == 0 {
                keep |= HOME_MASK;
            }
            s2 &= keep;
        }
        let mut any2 = false;
        while s2 != 0 {
            let f2 = pop_high(&mut s2);
            let Some(t2) = dest(&st1, f2, second) else {
                continue;
            };
            any2 = true;
            let h2 = st1.blots & (1u32 << t2) & !1 != 0;
            g.leaf2(c, low_first, (f1, t1, h1), (f2, t2, h2));
        }
        if !any2 {
            // The other die cannot be played: the higher one was (3)
            // rather than the lower one (2).
            g.leaf1(if low_first { 2 } else { 3 }, f1, t1, h1);
        }
        undo(me, f1, t1);
    }
    if !any1 {
        g.leaf0();
    }
}
