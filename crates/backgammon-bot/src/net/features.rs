//! Hand-computed positional inputs of the second network version (the
//! "expert" inputs): measures a player judges at a glance and a small
//! network struggles to find from the raw checker counts — how hard a
//! back checker is to free, how many rolls hit a blot, primes, anchors,
//! timing.
//!
//! Everything here is computed with bit masks and small tables, without
//! allocation: it runs for every position the bots evaluate. Each side's
//! checkers are read once per position ([`both_sides`]); the first,
//! point-by-point version is kept as the tests' reference.
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

/// The longest run of consecutive set bits of `m`.
fn longest_run(mut m: u32) -> u32 {
    let mut n = 0;
    while m != 0 {
        m &= m << 1;
        n += 1;
    }
    n
}

/// One side's checkers as bit masks and sums, computed once per
/// position for both sides' inputs.
#[derive(Clone, Copy, Default)]
struct SideMasks {
    /// Points with a checker (bit `p` for his point `p`, 1–24).
    occupied: u32,
    /// Held points (two or more checkers), his numbering.
    held: u32,
    /// Held points in the other side's numbering (his `p` is the other's
    /// `25 − p`).
    held_mirror: u32,
    /// Blots in the other side's numbering.
    blots_mirror: u32,
    /// Checkers on the bar.
    bar: u8,
    /// His rearmost checker: 25 the bar, 0 when every checker is off.
    back: usize,
    /// Pips to bring every checker home: Σ n (p − 6) over p > 6.
    outside: u32,
    /// Checkers in the other side's home board or on the bar (19–25).
    back_count: u32,
}

/// [`SideMasks`] of one side's counts.
#[inline]
fn side_masks(c: &[u8; 26]) -> SideMasks {
    let (mut occupied, mut held, mut blots) = (0u32, 0u32, 0u32);
    for (p, &n) in c[1..25].iter().enumerate() {
        let bit = 2u32 << p;
        occupied |= if n > 0 { bit } else { 0 };
        held |= if n >= 2 { bit } else { 0 };
        blots |= if n == 1 { bit } else { 0 };
    }
    let mut outside = 0u32;
    for (p, &n) in c[7..26].iter().enumerate() {
        outside += n as u32 * (p as u32 + 1);
    }
    let back_count = c[19..26].iter().map(|&n| n as u32).sum();
    let back = if c[25] > 0 {
        25
    } else {
        (32 - occupied.leading_zeros()).saturating_sub(1) as usize
    };
    // Bit p (1–24) to bit 25 − p: reversed, bit p is at 31 − p.
    let mirror = |m: u32| m.reverse_bits() >> 6;
    SideMasks {
        occupied,
        held,
        held_mirror: mirror(held),
        blots_mirror: mirror(blots),
        bar: c[25],
        back,
        outside,
        back_count,
    }
}

/// The rolls (of 36) on which the hitter hits one of the victim's blots,
/// and the sum over the 36 rolls of the pips the victim loses to the
/// worst hit of the roll (both sides' masks, [`side_masks`]).
#[inline]
fn shots(hitter: &SideMasks, victim: &SideMasks) -> (u32, u32) {
    // The victim's blots and held points, in the hitter's numbering.
    let blots = victim.blots_mirror;
    if blots == 0 || (hitter.occupied == 0 && hitter.bar == 0) {
        return (0, 0);
    }
    let open = !victim.held_mirror & ((1 << 26) - 1);
    shots_of_rolls(hitter.occupied, hitter.bar, blots, open)
}

/// [`shots`] from the hitter's sources `src` (a mask of his points) and
/// `bar` checkers, the victim's `blots` and the points `open` to the
/// hitter, both in the hitter's numbering: each of the 21 rolls weighed.
#[inline]
fn shots_of_rolls(src: u32, bar: u8, blots: u32, open: u32) -> (u32, u32) {
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
            loss += w * (31 - m.leading_zeros());
        }
    }
    (n, loss)
}

/// The escape and containment inputs (see [`idx`]) of a side whose
/// rearmost checker is on his point `back`, the opponent's rearmost on
/// his point `contact_line` and his points held `opp_held` (a mask in
/// his own numbering): both 1 once past contact.
#[inline]
fn escape_and_containment(back: usize, contact_line: usize, opp_held: u32) -> (f32, f32) {
    if back <= contact_line {
        return (1.0, 1.0);
    }
    let table = escape_table();
    // A checker on my point p is on the opponent's 25 − p; the point j
    // pips ahead is the opponent's 25 − p + j: shift the opponent's held
    // mask so that bit j − 1 is it.
    let ahead = |p: usize| ((opp_held >> (26 - p)) & 0xfff) as usize;
    let least = (13..=24usize).map(|p| table[ahead(p)]).fold(36u8, u8::min);
    (table[ahead(back)] as f32 / 36.0, least as f32 / 36.0)
}

/// One side's expert inputs (see [`idx`]) from his masks (`me`), his
/// counts and the other side's masks (`opp`).
#[inline]
fn one_side(me: &SideMasks, c: &[u8; 26], opp: &SideMasks, out: &mut [f32]) {
    // The opponent's rearmost checker is on my point 25 − opp.back.
    let contact_line = 25 - opp.back;
    out.fill(0.0);
    (out[idx::ESCAPE], out[idx::CONTAIN]) = escape_and_containment(me.back, contact_line, opp.held);
    let (n, loss) = shots(opp, me);
    out[idx::SHOTS] = n as f32 / 36.0;
    out[idx::PIP_LOSS] = loss as f32 / (36.0 * 24.0);
    out[idx::PRIME] = longest_run(me.held & 0x1ff_fffe) as f32 / 6.0;
    let anchors = me.held & 0x1ff_e000; // points 13–24
    if anchors != 0 {
        let p = 31 - anchors.leading_zeros();
        out[idx::ANCHOR] = (p - 12) as f32 / 12.0;
    }
    out[idx::BACK] = me.back_count as f32 / 5.0;
    out[idx::HOME_POINTS] = (me.held & 0x7e).count_ones() as f32 / 6.0;
    let mut contact = 0u32;
    for (k, &n) in c[contact_line + 1..26].iter().enumerate() {
        contact += n as u32 * (k as u32 + 1);
    }
    out[idx::BREAK_CONTACT] = contact as f32 / 100.0;
    out[idx::OUTSIDE_PIPS] = me.outside as f32 / 100.0;
    if me.bar > 0 {
        // The opponent's home board is his 1–6.
        let closed = (opp.held & 0x7e).count_ones() as f32 / 6.0;
        out[idx::DANCE] = closed * closed;
    }
}

/// The expert inputs of both sides of `pos`: `first`'s into
/// `out[..PER_SIDE]`, the other side's into `out[PER_SIDE..]` (see
/// [`idx`]). Each side's checkers are read once into bit masks that
/// serve both sides' inputs.
pub fn both_sides(pos: &Position, first: Side, out: &mut [f32; 2 * PER_SIDE]) {
    let (c0, c1) = (pos.counts(first), pos.counts(!first));
    let (m0, m1) = (side_masks(c0), side_masks(c1));
    let (a, b) = out.split_at_mut(PER_SIDE);
    one_side(&m0, c0, &m1, a);
    one_side(&m1, c1, &m0, b);
}

/// `side`'s expert inputs into `out` (see [`idx`]).
pub fn side_features(pos: &Position, side: Side, out: &mut [f32; PER_SIDE]) {
    let mut both = [0.0f32; 2 * PER_SIDE];
    both_sides(pos, side, &mut both);
    out.copy_from_slice(&both[..PER_SIDE]);
}

#[cfg(test)]
mod reference;

#[cfg(test)]
mod tests {
    use super::*;
    use backgammon::Position;

    fn pos(id: &str) -> Position {
        Position::from_position_id(id, Side::White).unwrap()
    }

    /// Every position of random games (contact, hits, checkers on the
    /// bar, races, bear-offs), with either side first.
    fn random_positions(games: u64) -> Vec<Position> {
        use backgammon::{Game, Phase, Rules};
        use rand::{Rng, SeedableRng};
        let rules = Rules {
            cube: false,
            ..Rules::standard()
        };
        let mut out = Vec::new();
        for seed in 0..games {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
            let mut g = Game::money(rules);
            loop {
                match g.phase() {
                    Phase::Over(_) => break,
                    Phase::Play(..) => {
                        let plays = g.legal_plays();
                        let p = plays[rng.gen_range(0..plays.len())];
                        g.play(&p).unwrap();
                        out.push(*g.position());
                    }
                    _ => g.roll_with(&mut rng).unwrap(),
                }
            }
        }
        out
    }

    #[test]
    fn the_fast_inputs_are_the_reference_ones_bit_for_bit() {
        let positions = random_positions(60);
        assert!(positions.len() > 5_000);
        let (mut on_bar, mut hit_chances) = (0, 0);
        for p in &positions {
            for first in [Side::White, Side::Black] {
                let mut fast = [0.0f32; 2 * PER_SIDE];
                both_sides(p, first, &mut fast);
                for (k, side) in [first, !first].into_iter().enumerate() {
                    let mut slow = [0.0f32; PER_SIDE];
                    reference::side_features(p, side, &mut slow);
                    let fast = &fast[k * PER_SIDE..(k + 1) * PER_SIDE];
                    assert_eq!(
                        fast.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                        slow.iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                        "{} {side:?}: {fast:?} != {slow:?}",
                        p.to_position_id()
                    );
                    on_bar += (slow[idx::DANCE] > 0.0) as u32;
                    hit_chances += (slow[idx::SHOTS] > 0.0) as u32;
                }
            }
        }
        // The positions reach the cases that matter.
        assert!(
            on_bar > 100 && hit_chances > 1_000,
            "{on_bar} {hit_chances}"
        );
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
