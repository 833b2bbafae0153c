//! Filling and conserving and the obligation to fill or keep
//! a quarter (R-6.8 step 3): which quarter can be filled or kept this
//! roll, the plays that do it, and the ways a roll fills.

use super::Way;
use crate::board::Quarter;
use crate::dice::{Die, Roll};
use crate::plays::{Play, PlayList};
use arrayvec::ArrayVec;

/// The quarters a player may fill.
const FILLABLE: [Quarter; 3] = [Quarter::PetitJan, Quarter::GrandJan, Quarter::JanDeRetour];

#[inline]
fn corner_after(cnt: &[u8; 26], play: &Play) -> u8 {
    let mut c = cnt[12];
    for m in play.moves() {
        if m.from == 12 {
            c -= 1;
        }
        if m.to == 12 {
            c += 1;
        }
    }
    c
}

/// What the mover's quarters look like before the roll.
#[derive(Clone, Copy)]
pub(crate) struct QuarterState {
    pub(crate) quarter: Quarter,
    pub(super) first: u8,
    full: bool,
    /// Checkers missing to be full: sum over fields of max(0, 2 − count).
    missing: u8,
    /// Per field: count − 2 inside the quarter, a large value outside
    /// (fields outside never constrain), so that `slack + delta >= 0`
    /// tells whether a field of the quarter still holds two checkers.
    slack: [i8; 26],
    /// The fields holding fewer than two checkers (the first six; 0 for
    /// none).
    deficient: [u8; 6],
}

impl QuarterState {
    fn new(cnt: &[u8; 26], quarter: Quarter) -> QuarterState {
        let first = quarter.first();
        let mut slack = [100i8; 26];
        // Field 0 never holds a checker: unused move slots and unused
        // deficient slots point there and never constrain.
        let mut deficient = [0u8; 6];
        let mut n_deficient = 0;
        let mut missing = 0;
        for f in first..first + 6 {
            let c = cnt[f as usize];
            slack[f as usize] = c as i8 - 2;
            if c < 2 {
                missing += 2 - c;
                deficient[n_deficient as usize] = f;
                n_deficient += 1;
            }
        }
        QuarterState {
            quarter,
            first,
            full: missing == 0,
            missing,
            slack,
            deficient,
        }
    }

    fn contains(&self, f: u8) -> bool {
        (self.first..self.first + 6).contains(&f)
    }

    /// Whether `play` leaves every field of the quarter with 2+: the
    /// fields it leaves keep two, and every deficient field is made up.
    /// On the path of every legal-play list, hence the branch-light form.
    /// Meaningful when at most two checkers are missing (the only case
    /// the obligations look at): at most two deficient fields.
    #[inline(always)]
    fn full_after(&self, play: &Play) -> bool {
        let m = &play.moves;
        let (f1, t1, f2, t2) = (m[0].from, m[0].to, m[1].from, m[1].to);
        let (d1, d2) = (self.deficient[0], self.deficient[1]);
        // Every deficient field must receive a checker: most plays fail
        // here at once.
        if d1 != 0 && t1 != d1 && t2 != d1 {
            return false;
        }
        let s = &self.slack;
        let end = |x: u8| {
            s[x as usize] as i32 + (t1 == x) as i32 + (t2 == x) as i32
                - (f1 == x) as i32
                - (f2 == x) as i32
        };
        (end(f1) | end(f2) | end(d1) | end(d2)) >= 0
    }

    /// Whether `play` fills this (not full) quarter in a way that counts:
    /// the jan de retour may not be filled with the checkers that hold the
    /// corner.
    #[inline]
    fn filled_by(&self, cnt: &[u8; 26], play: &Play) -> bool {
        !self.full
            && self.full_after(play)
            && !(self.quarter == Quarter::JanDeRetour
                && cnt[12] >= 2
                && corner_after(cnt, play) < 2)
    }

    /// Whether a checker leaving `f` completes the quarter by itself: it
    /// comes from outside or is a surcase, and is not one of the two
    /// checkers holding the corner for the jan de retour.
    fn eligible_source(&self, cnt: &[u8; 26], f: u8) -> bool {
        if f == 12 && self.quarter == Quarter::JanDeRetour {
            return cnt[12] >= 3;
        }
        !self.contains(f) || cnt[f as usize] >= 3
    }
}

/// The filling and conserving analysis of a roll.
pub(crate) struct Obligations {
    /// The quarter filled (at most one can be, 15 checkers), with its ways.
    pub(crate) fill: Option<(QuarterState, ArrayVec<Way, 3>, u8)>,
    /// The full quarter kept, and whether by helplessness.
    pub(crate) conserve: Option<QuarterState>,
}

/// Bit set of the plays of a list (up to 256).
type PlaySet = [u64; 4];

fn set_bit(s: &mut PlaySet, i: usize) {
    s[i / 64] |= 1 << (i % 64);
}

fn has_bit(s: &PlaySet, i: usize) -> bool {
    s[i / 64] & (1 << (i % 64)) != 0
}

/// Applies step 3 to `plays` (the plays after steps 1–2) and says
/// which quarter is filled (with its ways) or kept.
/// The one quarter that can be filled or kept this roll, if any: a
/// quarter missing at most two checkers (a play brings at most two), or a
/// full one. With 15 checkers there is at most one (R-6.8: only one
/// quarter can be full at a time, and two near-full ones need 20).
pub(crate) fn relevant_quarter(cnt: &[u8; 26]) -> Option<QuarterState> {
    FILLABLE.into_iter().find_map(|q| {
        let first = q.first() as usize;
        let missing: u8 = cnt[first..first + 6]
            .iter()
            .map(|&c| 2u8.saturating_sub(c))
            .sum();
        (missing <= 2).then(|| QuarterState::new(cnt, q))
    })
}

/// Keeps the plays whose bit is set in `keep`.
fn keep_marked(plays: &mut PlayList, keep: &PlaySet) {
    let mut j = 0;
    for i in 0..plays.len() {
        if has_bit(keep, i) {
            plays[j] = plays[i];
            j += 1;
        }
    }
    plays.truncate(j);
}

/// Applies step 3 to `plays` (the plays after steps 1–2) for the
/// relevant quarter `qs`, and says whether it is filled (with its ways,
/// computed when `ways` is set) or kept.
pub(crate) fn obligations(
    qs: Option<&QuarterState>,
    cnt: &[u8; 26],
    roll: Roll,
    plays: &mut PlayList,
    ways: bool,
) -> Obligations {
    let mut out = Obligations {
        fill: None,
        conserve: None,
    };
    let Some(qs) = qs else {
        return out;
    };
    let mut marked: PlaySet = [0; 4];
    let mut any = false;
    if qs.full {
        for (i, p) in plays.iter().enumerate() {
            if qs.full_after(p) {
                set_bit(&mut marked, i);
                any = true;
            }
        }
        if any {
            keep_marked(plays, &marked);
            out.conserve = Some(*qs);
        }
        return out;
    }
    for (i, p) in plays.iter().enumerate() {
        if qs.filled_by(cnt, p) {
            set_bit(&mut marked, i);
            any = true;
        }
    }
    if any {
        let w = if ways {
            fill_ways(cnt, roll, qs, plays, &marked)
        } else {
            ArrayVec::new()
        };
        let n = w.len() as u8;
        keep_marked(plays, &marked);
        out.fill = Some((*qs, w, n));
    }
    out
}

/// The ways a roll fills quarter `qs`, given the plays that fill
/// it (`filling` marks them in `plays`).
fn fill_ways(
    cnt: &[u8; 26],
    roll: Roll,
    qs: &QuarterState,
    plays: &PlayList,
    filling: &PlaySet,
) -> ArrayVec<Way, 3> {
    let mut ways = ArrayVec::new();
    if qs.missing >= 2 {
        // Two or more checkers missing: at most one way.
        let td = plays
            .iter()
            .enumerate()
            .filter(|(i, _)| has_bit(filling, *i))
            .all(|(_, p)| p.is_tout_d_une());
        ways.push(if td { Way::ToutDUne } else { Way::BothDice });
        return ways;
    }
    // Exactly one checker missing: the demi-case h.
    let Some(h) = (qs.first..qs.first + 6).find(|&f| cnt[f as usize] < 2) else {
        return ways;
    };
    let (a, b) = (roll.high().value(), roll.low().value());
    let mut die_a = false;
    let mut die_b = false;
    let mut td = false;
    let mut mark = |from: u8, die: u8| {
        if qs.eligible_source(cnt, from) {
            if die == a {
                die_a = true;
            } else {
                die_b = true;
            }
        }
    };
    for (i, p) in plays.iter().enumerate() {
        if !has_bit(filling, i) {
            continue;
        }
        let m = p.moves();
        if p.is_tout_d_une() {
            let (s, t) = (m[0].from, m[1].to);
            if t != h {
                continue;
            }
            if qs.eligible_source(cnt, s) {
                td = true;
            }
            // The same position as a checker already on a rest moved onto
            // h and the hole repaired from s: a die way when that checker
            // is a surcase or comes from outside.
            for (x, y) in [(m[0].die, m[1].die), (m[1].die, m[0].die)] {
                let r = s + x;
                if cnt[r as usize] >= 1 && r + y == h {
                    mark(r, y);
                }
            }
        } else {
            for c in m {
                if c.to == h && !p.is_power() {
                    mark(c.from, c.die);
                }
            }
        }
    }
    if die_a {
        ways.push(Way::Die(Die::new(a)));
    }
    if die_b && a != b {
        ways.push(Way::Die(Die::new(b)));
    }
    if td {
        ways.push(Way::ToutDUne);
    }
    ways
}
