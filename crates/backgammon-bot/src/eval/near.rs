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
use super::race;
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
        self.tail = tail_inputs(base, preset);
    }

    /// The base's race inputs (the first of `experts`).
    fn race_part(&mut self) -> &mut [f32; 2 * race::PER_SIDE] {
        (&mut self.experts[..2 * race::PER_SIDE])
            .try_into()
            .expect("room for the race inputs")
    }

    /// The race network's outputs for `pos` (a race under `preset`), as
    /// [`race::RaceNet::evaluate`] gives them up to rounding: from the
    /// base's sums when the base is a race with `pos`'s side on roll and
    /// preset, else in full.
    pub(crate) fn eval_race(&mut self, net: &BgNet, pos: &Position, preset: Preset) -> Outputs {
        match race::race_net() {
            Some(r)
                if self.base == Base::Race && pos.turn() == self.turn && preset == self.preset =>
            {
                let k = self.differences(pos, preset);
                let mut x = [0.0f32; 2 * race::PER_SIDE];
                race::race_inputs(pos, &mut x);
                // The base's race inputs are the first of `experts`.
                let k = self.expert_differences(&x, k);
                self.inc
                    .eval_differences(&r.0, &self.idx[..k], &self.val[..k])
            }
            _ => net.evaluate(pos, preset),
        }
    }

    /// `net`'s outputs for `pos` (under `preset`), as
    /// [`BgNet::evaluate_net`] gives them up to rounding: from the base's
    /// sums when `pos` has the base's side on roll and preset, else in
    /// full.
    pub(crate) fn eval(&mut self, net: &BgNet, pos: &Position, preset: Preset) -> Outputs {
        if self.base != Base::Contact || pos.turn() != self.turn || preset != self.preset {
            return net.evaluate_net(pos, preset);
        }
        let mut k = self.differences(pos, preset);
        if self.expert {
            let mut x = [0.0f32; 2 * PER_SIDE];
            features::both_sides(pos, self.turn, &mut x);
            k = self.expert_differences(&x, k);
        }
        self.inc
            .eval_differences(net, &self.idx[..k], &self.val[..k])
    }

    /// Appends the differences between the expert inputs `x` and the
    /// base's (`experts`), numbered after the first 200 inputs, to the `k`
    /// already in `idx` and `val`: the new count.
    fn expert_differences(&mut self, x: &[f32], mut k: usize) -> usize {
        for (j, (a, b)) in x.iter().zip(&self.experts).enumerate() {
            let d = a - b;
            self.idx[k] = (N_INPUTS_V1 + j) as u16;
            self.val[k] = d;
            k += (d != 0.0) as usize;
        }
        k
    }

    /// Writes the differences of the first 200 inputs (points, bar,
    /// tray, pips, race, preset) between `pos` and the base into `idx`
    /// and `val`: their count.
    fn differences(&mut self, pos: &Position, preset: Preset) -> usize {
        let mut k = 0;
        // Stored, then kept by moving the end past it when not zero.
        let mut put = |i: usize, d: f32, idx: &mut [u16; MAX_DELTA], val: &mut [f32; MAX_DELTA]| {
            idx[k] = i as u16;
            val[k] = d;
            k += (d != 0.0) as usize;
        };
        for (s, side) in [self.turn, !self.turn].into_iter().enumerate() {
            let (now, was) = (pos.counts(side), &self.counts[s]);
            let mut changed = 0u32;
            for p in 1..=24 {
                changed |= ((now[p] != was[p]) as u32) << p;
            }
            while changed != 0 {
                let p = changed.trailing_zeros() as usize;
                changed &= changed - 1;
                let (n, o) = (now[p], was[p]);
                let base = s * 96 + (p - 1) * 4;
                // Inputs of `Features::push_count`: at least 1, 2, 3
                // checkers, and those beyond 3 halved.
                for (j, t) in (1..=3u8).enumerate() {
                    let d = (n >= t) as i8 - (o >= t) as i8;
                    put(base + j, d as f32, &mut self.idx, &mut self.val);
                }
                let beyond = |c: u8| c.saturating_sub(3) as f32 / 2.0;
                put(
                    base + 3,
                    beyond(n) - beyond(o),
                    &mut self.idx,
                    &mut self.val,
                );
            }
        }
        let tail = tail_inputs(pos, preset);
        for (j, (a, b)) in tail.iter().zip(&self.tail).enumerate() {
            put(192 + j, a - b, &mut self.idx, &mut self.val);
        }
        k
    }
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
        flip(&match Evaluator::of(after) {
            Evaluator::Contact => near.eval(self, after, preset),
            Evaluator::Race => near.eval_race(self, after, preset),
            Evaluator::BearoffDb => self.evaluate(after, preset),
        })
    }
}
