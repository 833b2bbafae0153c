//! Valuing positions a few checkers away from a base position: the
//! replies of a 2-ply search (each a few checkers moved from the position
//! before it), the plays of a 0-ply choice (issue 22, item 5); in races,
//! by the race network the same way (issue 37).
//!
//! The network's first-layer sums of the base are computed once
//! ([`neural::Incremental`]); a position near it is valued by adding the
//! rows of the inputs that differ only, found from what changed rather
//! than by encoding the position in full: the points whose checkers
//! changed (four inputs each), the bar, tray, pips, race and preset
//! inputs, the expert inputs (the race inputs in a race). The sums are those of the full encoding
//! taken in another order: the outputs are within about 10⁻⁶ of
//! [`BgNet::evaluate_net`]'s (tested in `tests/fast_path.rs`).

use backgammon::score::win_kind;
use backgammon::{Position, Preset, Side};
use neural::{Features, Incremental, Outputs};

use super::evaluator::Evaluator;
use super::{bearoff, race};
use crate::net::features::{self, PER_SIDE};
use crate::net::{flip, outcome, tail_inputs, BgNet, N_INPUTS_V1};

/// At most: four inputs for each of the 48 points, the 8 inputs
/// 192–199 and the expert inputs (more than the race inputs).
const MAX_DELTA: usize = 4 * 48 + 8 + 2 * PER_SIDE;
const _: () = assert!(race::PER_SIDE <= PER_SIDE);

/// Which network values the positions near the base.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Base {
    /// None: every position in full.
    Unset,
    /// The contact network (the base has contact).
    Contact,
    /// The race network (the base is a race).
    Race,
}

/// The base position and its inputs, and scratch space for the
/// differences.
pub(crate) struct Near {
    /// The base's first-layer sums.
    inc: Incremental,
    /// Which network the base's sums are of.
    base: Base,
    /// The base's side on roll, its preset, and whether the network
    /// reads the expert inputs.
    turn: Side,
    preset: Preset,
    expert: bool,
    /// The base's checkers, the side on roll first, each in his own
    /// numbering.
    counts: [[u8; 26]; 2],
    /// The base's pip counts, the side on roll first.
    pips: [u32; 2],
    /// The base's inputs 192–199 and expert inputs (race inputs in a
    /// race).
    tail: [f32; 8],
    experts: [f32; 2 * PER_SIDE],
    /// The differences: inputs and values.
    idx: [u16; MAX_DELTA],
    val: [f32; MAX_DELTA],
}

impl Near {
    /// No base yet.
    pub(crate) fn new() -> Near {
        Near {
            inc: Incremental::default(),
            base: Base::Unset,
            turn: Side::White,
            preset: Preset::Standard,
            expert: false,
            counts: [[0; 26]; 2],
            pips: [0; 2],
            tail: [0.0; 8],
            experts: [0.0; 2 * PER_SIDE],
            idx: [0; MAX_DELTA],
            val: [0.0; MAX_DELTA],
        }
    }

    /// Takes `base` (under `preset`) as the base for `net`'s evaluations
    /// by [`Near::eval`] (a race: the race network's, [`Near::eval_race`]);
    /// a bear-off sets none (the database values the positions near it).
    pub(crate) fn set_base(&mut self, net: &BgNet, base: &Position, preset: Preset) {
        let mut f = Features::default();
        self.base = match (Evaluator::of(base), race::race_net()) {
            (Evaluator::Contact, _) => {
                net.encode(base, preset, &mut f);
                self.inc.set_base(net, &f);
                self.expert = net.expert();
                if self.expert {
                    features::both_sides(base, base.turn(), &mut self.experts);
                }
                Base::Contact
            }
            (Evaluator::Race, Some(r)) => {
                race::encode(base, preset, &mut f);
                self.inc.set_base(&r.0, &f);
                self.expert = false;
                race::race_inputs(base, self.race_part());
                Base::Race
            }
            _ => Base::Unset,
        };
        self.turn = base.turn();
        self.preset = preset;
        self.counts = [*base.counts(self.turn), *base.counts(!self.turn)];
        self.pips = [base.pip_count(self.turn), base.pip_count(!self.turn)];
        self.tail = tail_inputs(base, preset);
    }

    /// The base's race inputs (the first of `experts`).
    fn race_part(&mut self) -> &mut [f32; 2 * race::PER_SIDE] {
        (&mut self.experts[..2 * race::PER_SIDE])
            .try_into()
            .expect("room for the race inputs")
    }

    /// The race network's outputs for `pos` (a race under `preset`, the
    /// base's position after a play when the base is a race), as
    /// [`race::RaceNet::evaluate`] gives them up to rounding: from the
    /// base's sums when the base is a race with `pos`'s side on roll and
    /// preset, else in full.
    fn eval_race(&mut self, net: &BgNet, pos: &Position, preset: Preset) -> Outputs {
        match race::race_net() {
            Some(r)
                if self.base == Base::Race && pos.turn() == self.turn && preset == self.preset =>
            {
                let (mut k, changed) = self.differences(pos);
                // The base's race inputs are the first of `experts`: a
                // side's change only where his checkers did (then the
                // database's values are kept when his home board did
                // not change).
                for (s, side) in [self.turn, !self.turn].into_iter().enumerate() {
                    if changed[s] == 0 {
                        continue;
                    }
                    let at = s * race::PER_SIDE;
                    let b = &self.experts[at..at + race::PER_SIDE];
                    let mut x = [0.0f32; race::PER_SIDE];
                    race::side_inputs(
                        pos.counts(side),
                        (changed[s] & HOME == 0).then_some(b),
                        &mut x,
                    );
                    k = self.expert_differences(&x, at, k);
                }
                self.inc
                    .eval_differences(&r.0, &self.idx[..k], &self.val[..k])
            }
            _ => net.evaluate(pos, preset),
        }
    }

    /// `net`'s outputs for `pos` (in contact under `preset`), as
    /// [`BgNet::evaluate_net`] gives them up to rounding: from the base's
    /// sums when `pos` has the base's side on roll and preset, else in
    /// full.
    fn eval(&mut self, net: &BgNet, pos: &Position, preset: Preset) -> Outputs {
        if self.base != Base::Contact || pos.turn() != self.turn || preset != self.preset {
            return net.evaluate_net(pos, preset);
        }
        let (mut k, _) = self.differences(pos);
        if self.expert {
            let mut x = [0.0f32; 2 * PER_SIDE];
            features::both_sides(pos, self.turn, &mut x);
            k = self.expert_differences(&x, 0, k);
        }
        self.inc
            .eval_differences(net, &self.idx[..k], &self.val[..k])
    }

    /// Appends the differences between the expert inputs `x` and the
    /// base's (`experts`) from the `at`-th on, numbered after the first
    /// 200 inputs, to the `k` already in `idx` and `val`: the new count.
    fn expert_differences(&mut self, x: &[f32], at: usize, mut k: usize) -> usize {
        for (j, &a) in x.iter().enumerate() {
            let d = a - self.experts[at + j];
            k = self.push(k, N_INPUTS_V1 + at + j, d);
        }
        k
    }

    /// Stores the difference `d` of the input `i` at the `k`-th place of
    /// `idx` and `val`, kept (the count returned past it) when not zero.
    #[inline(always)]
    fn push(&mut self, k: usize, i: usize, d: f32) -> usize {
        self.idx[k] = i as u16;
        self.val[k] = d;
        k + (d != 0.0) as usize
    }

    /// Writes the differences of the first 200 inputs (points, bar,
    /// tray, pips, race, preset) between `pos` and the base into `idx`
    /// and `val`: their count, and each side's changed points (bit `p`
    /// for his point `p`, 25 the bar; the side on roll first). `pos` is
    /// a race exactly when the base is (a position after a play from it:
    /// the base's race input is kept).
    fn differences(&mut self, pos: &Position) -> (usize, [u32; 2]) {
        debug_assert_eq!(pos.is_race(), self.tail[6] == 1.0, "a race as the base");
        // Each difference is stored, then kept by moving the end past it
        // when not zero.
        let mut k = 0;
        let mut tail = self.tail;
        let mut masks = [0u32; 2];
        for (s, side) in [self.turn, !self.turn].into_iter().enumerate() {
            let (now, was) = (pos.counts(side), &self.counts[s]);
            let changed = changed_points(now, was);
            masks[s] = changed;
            // The pip count from the base's by the points that changed.
            let mut pips = self.pips[s] as i32;
            let mut rest = changed;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                let (n, o) = (now[p], was[p]);
                pips += p as i32 * (i32::from(n) - i32::from(o));
                if p == BAR {
                    // The last bit; the bar is in the tail.
                    break;
                }
                // The point's inputs that differ (`Features::push_count`'s
                // four), from the table: all four written, those that
                // differ counted.
                let base = (s * 96 + (p - 1) * 4) as u16;
                let d = &POINT_DELTAS[usize::from(n)][usize::from(o)];
                for j in 0..4 {
                    self.idx[k + j] = base + d.at[j];
                    self.val[k + j] = d.val[j];
                }
                k += d.len;
            }
            // As `tail_inputs` computes them (race and preset: the base's).
            tail[s] = now[BAR] as f32 / 2.0;
            tail[2 + s] = now[0] as f32 / 15.0;
            tail[4 + s] = pips as f32 / 167.0;
        }
        debug_assert_eq!(tail, tail_inputs(pos, self.preset));
        // Bar, tray and pips (race and preset are the base's).
        let base = self.tail;
        for (j, (a, b)) in tail.iter().zip(&base).enumerate().take(6) {
            k = self.push(k, 192 + j, a - b);
        }
        (k, masks)
    }
}

/// The differences of a point's four inputs (`Features::push_count`:
/// at least 1, 2, 3 checkers, those beyond 3 halved) when its checkers
/// go from `o` to `n`: `POINT_DELTAS[n][o]`.
#[derive(Clone, Copy)]
struct PointDelta {
    /// How many differ (the first `len` of `at` and `val`).
    len: usize,
    /// Which (0–3), those that differ first, in order.
    at: [u16; 4],
    /// By how much.
    val: [f32; 4],
}

const POINT_DELTAS: [[PointDelta; 16]; 16] = point_deltas();

const fn point_deltas() -> [[PointDelta; 16]; 16] {
    let none = PointDelta {
        len: 0,
        at: [0; 4],
        val: [0.0; 4],
    };
    let mut t = [[none; 16]; 16];
    let mut n = 0;
    while n < 16 {
        let mut o = 0;
        while o < 16 {
            let mut d = none;
            let mut j = 0;
            while j < 4 {
                let v = if j < 3 {
                    ((n > j) as i8 - (o > j) as i8) as f32
                } else {
                    (n as u8).saturating_sub(3) as f32 / 2.0
                        - (o as u8).saturating_sub(3) as f32 / 2.0
                };
                if v != 0.0 {
                    d.at[d.len] = j as u16;
                    d.val[d.len] = v;
                    d.len += 1;
                }
                j += 1;
            }
            t[n][o] = d;
            o += 1;
        }
        n += 1;
    }
    t
}

/// The bar's index in a side's counts.
const BAR: usize = 25;
/// A side's home board points (1–6) in a mask of points.
const HOME: u32 = 0x7e;

/// The points 1–25 (25 the bar) where `now` and `was` differ: bit `p`
/// for the point `p`. Eight points at a time (the bytes of a word).
#[inline]
fn changed_points(now: &[u8; 26], was: &[u8; 26]) -> u32 {
    let word =
        |c: &[u8; 26], i: usize| u64::from_le_bytes(c[i..i + 8].try_into().expect("eight counts"));
    let mut m = u32::from(now[BAR] != was[BAR]) << BAR;
    for i in [1, 9, 17] {
        m |= nonzero_bytes(word(now, i) ^ word(was, i)) << i;
    }
    m
}

/// Bit `i` set for each byte `i` of `x` that is not zero.
#[inline]
fn nonzero_bytes(x: u64) -> u32 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // Bit 7 of each byte: set when any of its bits is.
    let high = (((x & LOW7) + LOW7) | x) & !LOW7;
    // Bit 8i + 7 to bit 56 + i: the products of distinct bits land on
    // distinct places (no carries).
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

impl BgNet {
    /// [`BgNet::after_play`] for a position close to the base of `near`
    /// ([`Near::set_base`]): the network's outputs from the base's sums
    /// and the differences of the inputs (within about 10⁻⁶ of
    /// [`BgNet::after_play`]).
    pub(crate) fn after_play_near(
        &self,
        after: &Position,
        mover: Side,
        preset: Preset,
        near: &mut Near,
    ) -> Outputs {
        if after.winner() == Some(mover) {
            return outcome(mover, win_kind(after, mover, preset), mover);
        }
        // After a play from a race, a race (only the bear-off to check).
        let evaluator = if near.base == Base::Race && after.turn() == near.turn {
            debug_assert!(after.is_race());
            if bearoff::applies(after) {
                Evaluator::BearoffDb
            } else {
                Evaluator::Race
            }
        } else {
            Evaluator::of(after)
        };
        flip(&match evaluator {
            Evaluator::Contact => near.eval(self, after, preset),
            Evaluator::Race => near.eval_race(self, after, preset),
            Evaluator::BearoffDb => self.evaluate(after, preset),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn the_changed_points_are_those_that_differ() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        for _ in 0..2_000 {
            let mut was = [0u8; 26];
            for c in was.iter_mut() {
                *c = if rng.gen_range(0..2) == 0 {
                    0
                } else {
                    rng.gen_range(0..16)
                };
            }
            let mut now = was;
            for _ in 0..rng.gen_range(0..6) {
                now[rng.gen_range(0..26)] = rng.gen_range(0..16);
            }
            let mut expected = 0u32;
            for p in 1..=BAR {
                expected |= u32::from(now[p] != was[p]) << p;
            }
            assert_eq!(changed_points(&now, &was), expected, "{now:?} {was:?}");
        }
        // Every byte value, alone in its word.
        for v in 0..=255u8 {
            for i in 0..8 {
                let x = u64::from(v) << (8 * i);
                assert_eq!(nonzero_bytes(x), u32::from(v != 0) << i, "{v} at {i}");
            }
        }
    }

    #[test]
    fn the_point_table_holds_the_encodings_differences() {
        for n in 0..16u32 {
            for o in 0..16u32 {
                let dense = |c: u32| {
                    let mut f = Features::default();
                    f.push_count(0, c, 2.0);
                    f.dense(4)
                };
                let (now, was) = (dense(n), dense(o));
                let expected: Vec<(u16, u32)> = (0..4)
                    .filter(|&j| now[j] != was[j])
                    .map(|j| (j as u16, (now[j] - was[j]).to_bits()))
                    .collect();
                let d = &POINT_DELTAS[n as usize][o as usize];
                let got: Vec<(u16, u32)> =
                    (0..d.len).map(|j| (d.at[j], d.val[j].to_bits())).collect();
                assert_eq!(got, expected, "{o} to {n} checkers");
            }
        }
    }
}
