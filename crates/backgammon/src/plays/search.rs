//! What the two searches (singles and doubles) share: the roll's fixed
//! data, the search state, and one move made and undone.

use super::HOME_MASK;
use crate::board::{Counts, BAR, OFF};

/// What does not change during the search of one roll.
pub(super) struct Ctx {
    /// The mover's points (bit p) the opponent holds with two or more.
    pub(super) blocked: u32,
    /// The mover's points where the opponent had one checker.
    pub(super) blots0: u32,
    /// Points (bit p) where a hit may not be covered (BG-4.3).
    pub(super) cover: u32,
    /// Whether the mover had checkers on the bar before the roll.
    pub(super) bar0: bool,
}

/// The search's state after some moves (the mover's counts are kept
/// apart and updated in place).
#[derive(Clone, Copy)]
pub(super) struct State {
    /// The mover's occupied points and bar (bit p; bit 25 the bar, never
    /// bit 0).
    pub(super) occ: u32,
    /// The mover's checkers beyond point 6 or on the bar.
    pub(super) outside: u8,
    /// The opponent's blots not hit yet.
    pub(super) blots: u32,
    /// Points where a hit must stay uncovered (BG-4.3).
    pub(super) frozen: u32,
}

/// The points that may move by die `d` (bit p): the bar alone while it
/// holds a checker (BG-4.2), else the occupied points up to `bound` not
/// frozen; never a point whose destination the opponent holds (BG-3.3)
/// or is frozen, nor a point at or below `d` before all checkers are home
/// (BG-5.1).
#[inline(always)]
pub(super) fn sources(st: &State, c: &Ctx, d: usize, bound_mask: u32) -> u32 {
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
pub(super) fn dest(st: &State, from: usize, d: usize) -> Option<usize> {
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
pub(super) fn apply(me: &mut Counts, st: &State, c: &Ctx, from: usize, to: usize) -> (State, bool) {
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
pub(super) fn undo(me: &mut Counts, from: usize, to: usize) {
    me[from] += 1;
    me[to] -= 1;
}

/// The highest set bit of a non-zero mask, removed from it.
#[inline(always)]
pub(super) fn pop_high(mask: &mut u32) -> usize {
    let b = 31 - mask.leading_zeros() as usize;
    *mask &= !(1u32 << b);
    b
}

/// The points (bit p) from which a checker may move by `d` to a point
/// (not off) the opponent does not hold.
#[inline(always)]
pub(super) fn movable(c: &Ctx, d: usize) -> u32 {
    const POINTS: u32 = 0x1ff_fffe;
    POINTS & !((2u32 << d) - 1) & !(c.blocked << d)
}
