//! Hand-computed positional inputs of the second network version (the
//! "expert" inputs): measures a player judges at a glance and a small
//! network struggles to find from the raw checker counts — how hard a
//! back checker is to free, how many rolls hit a blot, primes, anchors,
//! timing.
//!
//! Everything here is computed with bit masks and small tables, without
//! allocation: it runs for every position the bots evaluate.
//!
//! Conventions: a side's points are in his own numbering (BG-1.2), 1–24,
//! the bar 25. "Held" means two or more checkers (a point the other side
//! may not land on, BG-3.2).

use std::sync::OnceLock;

use backgammon::{Position, Side};

/// Expert inputs per side.
pub const PER_SIDE: usize = 11;

/// Indexes of the expert inputs within a side's block.
pub mod idx {
    /// Rolls (of 36) that take the side's rearmost checker past every
    /// point the opponent holds within 12 pips ahead of it.
    pub const ESCAPE: usize = 0;
    /// The least such count over the side's points 13–24: how well the
    /// opponent's points contain checkers there.
    pub const CONTAIN: usize = 1;
    /// Rolls (of 36) on which the opponent hits one of the side's blots.
    pub const SHOTS: usize = 2;
    /// The mean over the 36 rolls of the pips lost to the worst hit.
    pub const PIP_LOSS: usize = 3;
    /// The side's longest run of consecutive held points.
    pub const PRIME: usize = 4;
    /// The side's rearmost held point in the opponent's half (13–24).
    pub const ANCHOR: usize = 5;
    /// The side's checkers in the opponent's home board or on the bar.
    pub const BACK: usize = 6;
    /// The side's held points in his home board.
    pub const HOME_POINTS: usize = 7;
    /// Pips the side needs to take every checker past the opponent's
    /// rearmost checker (what remains of the contact).
    pub const BREAK_CONTACT: usize = 8;
    /// Pips the side needs to bring every checker home.
    pub const OUTSIDE_PIPS: usize = 9;
    /// The chance of failing to enter, when the side has checkers on the
    /// bar.
    pub const DANCE: usize = 10;
}

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

/// Escaping rolls (of 36) for one checker, by the mask of blocked points
/// ahead of it: bit `j − 1` set when the point `j` pips ahead is held by
/// the opponent, `j` = 1..=12. A roll escapes when the checker, landing
/// only on open points, can end beyond the farthest blocked point.
fn escape_table() -> &'static [u8; 4096] {
    static T: OnceLock<[u8; 4096]> = OnceLock::new();
    T.get_or_init(|| {
        let mut t = [0u8; 4096];
        for (mask, e) in t.iter_mut().enumerate() {
            let far = 32 - (mask as u32).leading_zeros(); // 0 if nothing blocks
            let open = |d: u32| d > 12 || mask & (1 << (d - 1)) == 0;
            let mut n = 0u8;
            for a in 1..=6u32 {
                for b in 1..=6u32 {
                    let ok = if a == b {
                        let mut ok = false;
                        for k in 1..=4 {
                            if !open(k * a) {
                                break;
                            }
                            if k * a > far {
                                ok = true;
                                break;
                            }
                        }
                        ok
                    } else {
                        (open(a) && a > far)
                            || (open(b) && b > far)
                            || ((open(a) || open(b)) && open(a + b) && a + b > far)
                    };
                    n += ok as u8;
                }
            }
            *e = n;
        }
        t
    })
}

/// The blots among `blots` that the hitter can land on with the roll
/// `(a, b)`. Masks are over the hitter's numbering (bit `q` for his
/// point `q`, 25 the bar): `src` his checkers on points, `bar` how many
/// on the bar, `open` the points he may land on.
fn hit_mask(a: u32, b: u32, src: u32, bar: u8, blots: u32, open: u32) -> u32 {
    const BAR_BIT: u32 = 1 << 25;
    if a != b {
        match bar {
            0 => {
                let one = (src >> a) | (src >> b);
                let via_a = ((src >> a) & open) >> b;
                let via_b = ((src >> b) & open) >> a;
                (one | via_a | via_b) & blots
            }
            1 => {
                let mut m = 0;
                for (x, y) in [(a, b), (b, a)] {
                    let entry = BAR_BIT >> x;
                    if entry & open != 0 {
                        m |= (entry | ((src | entry) >> y)) & blots;
                    }
                }
                m
            }
            _ => ((BAR_BIT >> a) | (BAR_BIT >> b)) & blots & open,
        }
    } else {
        let mut steps = 4u32;
        let mut from = src;
        let mut m = 0;
        if bar > 0 {
            let entry = BAR_BIT >> a;
            if entry & open == 0 {
                return 0;
            }
            m |= entry & blots;
            let entered = u32::from(bar).min(4);
            steps -= entered;
            from = if bar >= 4 { 0 } else { src | entry };
        }
        let mut r = from;
        for _ in 0..steps {
            r >>= a;
            m |= r & blots;
            r &= open;
            if r == 0 {
                break;
            }
        }
        m
    }
}

/// Whether the hitter can land on one of `blots` ([`hit_mask`]).
#[cfg(test)]
fn hits(a: u32, b: u32, src: u32, bar: u8, blots: u32, open: u32) -> bool {
    hit_mask(a, b, src, bar, blots, open) != 0
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
    let open = !blocked & ((1 << 26) - 1);
    let (mut n, mut loss) = (0u32, 0u32);
    for a in 1..=6u32 {
        for b in a..=6u32 {
            let w = if a == b { 1 } else { 2 };
            let m = hit_mask(a, b, src, bar, blots, open);
            if m == 0 {
                continue;
            }
            n += w;
            // The worst hit: the blot farthest from the victim's bar (his
            // point 25 − q, so he loses q pips).
            let worst = 31 - m.leading_zeros();
            loss += w * worst;
        }
    }
    (n, loss)
}

/// The longest run of consecutive set bits of `m`.
fn longest_run(mut m: u32) -> u32 {
    let mut n = 0;
    while m != 0 {
        m &= m << 1;
        n += 1;
    }
    n
}

/// `side`'s expert inputs into `out` (see [`idx`]).
pub fn side_features(pos: &Position, side: Side, out: &mut [f32; PER_SIDE]) {
    let me = pos.counts(side);
    let opp = pos.counts(!side);
    let my_held = held(me);
    let opp_held = held(opp); // in the opponent's numbering
    let table = escape_table();
    // A checker on my point p is on the opponent's 25 − p; the point j
    // pips ahead is the opponent's 25 − p + j: shift the opponent's held
    // mask so that bit j − 1 is it.
    let ahead = |p: usize| ((opp_held >> (26 - p)) & 0xfff) as usize;
    let back = (1..=25).rev().find(|&p| me[p] > 0).unwrap_or(0);
    let opp_back = (1..=25).rev().find(|&q| opp[q] > 0).unwrap_or(0);
    // The opponent's rearmost checker is on my point 25 − opp_back.
    let contact_line = 25usize.saturating_sub(opp_back);
    out.fill(0.0);
    if back > contact_line {
        out[idx::ESCAPE] = table[ahead(back)] as f32 / 36.0;
        let mut least = 36u8;
        for p in 13..=24usize {
            least = least.min(table[ahead(p)]);
        }
        out[idx::CONTAIN] = least as f32 / 36.0;
    } else {
        out[idx::ESCAPE] = 1.0;
        out[idx::CONTAIN] = 1.0;
    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use backgammon::Position;

    fn pos(id: &str) -> Position {
        Position::from_position_id(id, Side::White).unwrap()
    }

    #[test]
    fn escapes_count_rolls() {
        let t = escape_table();
        assert_eq!(t[0], 36);
        // One point held 1 pip ahead: every roll but 1-1 escapes (2-1 by
        // the 2 first, 1-1 cannot move).
        assert_eq!(t[1], 35);
        // A six-point prime right ahead: nothing escapes.
        assert_eq!(t[0x3f], 0);
        // Points 1–5 held: only a 6 escapes (11 rolls), plus 6-6 counted once.
        assert_eq!(t[0x1f], 11);
    }

    #[test]
    fn direct_and_indirect_shots() {
        // Hitter's checker on his 8, a blot on his 5 (3 away): a 3 or 2-1,
        // 1-1 (three steps) hits: 11 + 2 + 1 = 14 of 36.
        let open = !0u32;
        let src = 1 << 8;
        let blots = 1 << 5;
        let mut n = 0;
        for a in 1..=6u32 {
            for b in 1..=6u32 {
                n += hits(a, b, src, 0, blots, open) as u32;
            }
        }
        assert_eq!(n, 14);
        // 1-2 blocked in the middle: the point 7 and 6 held by the victim.
        let open = !((1 << 7) | (1 << 6));
        let mut n = 0;
        for a in 1..=6u32 {
            for b in 1..=6u32 {
                n += hits(a, b, src, 0, blots, open) as u32;
            }
        }
        assert_eq!(n, 11);
    }

    #[test]
    fn the_start_has_no_shots_and_symmetric_features() {
        let p = Position::start();
        let mut w = [0.0; PER_SIDE];
        let mut b = [0.0; PER_SIDE];
        side_features(&p, Side::White, &mut w);
        side_features(&p, Side::Black, &mut b);
        assert_eq!(w, b);
        assert_eq!(w[idx::SHOTS], 0.0);
        assert_eq!(w[idx::HOME_POINTS], 1.0 / 6.0);
        assert_eq!(w[idx::BACK], 2.0 / 5.0);
        // 24-point anchor.
        assert_eq!(w[idx::ANCHOR], 1.0);
        let _ = pos("4HPwATDgc/ABMA");
    }
}
