//! The expert inputs as first written, point by point with iterators:
//! the reference that the fast computation of [`super::both_sides`] is
//! tested against (the same values, bit for bit).

use backgammon::{Position, Side};

use super::{escape_and_containment, idx, longest_run, shots_of_rolls, PER_SIDE};

/// `side`'s held points as a bit mask over his own numbering (bit `p`
/// for point `p`).
fn held(c: &[u8; 26]) -> u32 {
    let mut m = 0u32;
    for (p, &n) in c.iter().enumerate().take(25).skip(1) {
        if n >= 2 {
            m |= 1 << p;
        }
    }
    m
}

/// The rolls (of 36) on which `hitter` hits one of the other side's
/// blots, and the sum over the 36 rolls of the pips the other side loses
/// to the worst hit of the roll.
fn shots(pos: &Position, hitter: Side) -> (u32, u32) {
    let h = pos.counts(hitter);
    let v = pos.counts(!hitter);
    // The victim's blots and held points, in the hitter's numbering.
    let mut blots = 0u32;
    let mut blocked = 0u32;
    for (p, &n) in v.iter().enumerate().take(25).skip(1) {
        let q = 25 - p;
        if n == 1 {
            blots |= 1 << q;
        } else if n >= 2 {
            blocked |= 1 << q;
        }
    }
    if blots == 0 {
        return (0, 0);
    }
    let mut src = 0u32;
    for (q, &n) in h.iter().enumerate().take(25).skip(1) {
        if n > 0 {
            src |= 1 << q;
        }
    }
    let bar = h[25];
    if src == 0 && bar == 0 {
        return (0, 0);
    }
    shots_of_rolls(src, bar, blots, !blocked & ((1 << 26) - 1))
}

/// `side`'s expert inputs into `out` (see [`idx`]).
pub fn side_features(pos: &Position, side: Side, out: &mut [f32; PER_SIDE]) {
    let me = pos.counts(side);
    let opp = pos.counts(!side);
    let my_held = held(me);
    let opp_held = held(opp); // in the opponent's numbering
    let back = (1..=25).rev().find(|&p| me[p] > 0).unwrap_or(0);
    let opp_back = (1..=25).rev().find(|&q| opp[q] > 0).unwrap_or(0);
    // The opponent's rearmost checker is on my point 25 − opp_back.
    let contact_line = 25usize.saturating_sub(opp_back);
    out.fill(0.0);
    (out[idx::ESCAPE], out[idx::CONTAIN]) = escape_and_containment(back, contact_line, opp_held);
    let (n, loss) = shots(pos, !side);
    out[idx::SHOTS] = n as f32 / 36.0;
    out[idx::PIP_LOSS] = loss as f32 / (36.0 * 24.0);
    out[idx::PRIME] = longest_run(my_held & 0x1ff_fffe) as f32 / 6.0;
    if let Some(p) = (13..=24).rev().find(|&p| my_held & (1 << p) != 0) {
        out[idx::ANCHOR] = (p - 12) as f32 / 12.0;
    }
    let back_count: u32 = me[19..=25].iter().map(|&n| n as u32).sum();
    out[idx::BACK] = back_count as f32 / 5.0;
    out[idx::HOME_POINTS] = (my_held & 0x7e).count_ones() as f32 / 6.0;
    let mut contact = 0u32;
    let mut outside = 0u32;
    for (p, &n) in me.iter().enumerate().skip(1) {
        if p > contact_line {
            contact += n as u32 * (p - contact_line) as u32;
        }
        if p > 6 {
            outside += n as u32 * (p - 6) as u32;
        }
    }
    out[idx::BREAK_CONTACT] = contact as f32 / 100.0;
    out[idx::OUTSIDE_PIPS] = outside as f32 / 100.0;
    if me[25] > 0 {
        // The opponent's home board is his 1–6.
        let closed = (opp_held & 0x7e).count_ones() as f32 / 6.0;
        out[idx::DANCE] = closed * closed;
    }
}
