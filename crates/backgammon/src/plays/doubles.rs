//! The search of a double: four levels of loops, the plain case
//! (`doubles_plain`) on masks alone, the general one (`doubles`) with the
//! bar, bearing off and BG-4.3.

use super::search::{apply, dest, movable, pop_high, sources, undo, Ctx, State};
use super::{Play, PlayList};
use crate::board::{Counts, BAR};

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
pub(super) fn doubles_plain(me: &mut Counts, occ0: u32, c: &Ctx, d: usize, out: &mut PlayList) {
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
pub(super) fn doubles(me: &mut Counts, st0: &State, c: &Ctx, d: usize, out: &mut PlayList) {
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
