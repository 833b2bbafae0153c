//! The network: sparse inputs, one hidden layer of sigmoid units, one or
//! more sigmoid outputs. Its model file is read and written in
//! [`crate::model`].

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::features::Features;

/// The largest hidden layer supported (stack buffers).
pub const MAX_HIDDEN: usize = 256;

/// The most outputs a network may have.
pub const MAX_OUTPUTS: usize = 8;

/// A network's outputs (the first [`Net::outputs`] are used).
pub type Outputs = [f32; MAX_OUTPUTS];

/// How a model was trained (stored in the model file, used to resume).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TrainInfo {
    /// Self-play games played so far.
    pub games: u64,
    /// The training seed.
    pub seed: u64,
    /// Learning rate at the start.
    pub alpha: f32,
    /// Learning rate at the end of the schedule.
    pub alpha_end: f32,
    /// Games over which the learning rate falls from `alpha` to `alpha_end`.
    pub alpha_games: u64,
    /// TD(λ) trace decay.
    pub lambda: f32,
    /// Games per batch (played with the same weights).
    pub batch: u32,
}

impl TrainInfo {
    /// The learning rate for game `i`: linear from `alpha` to `alpha_end`
    /// over `alpha_games` games, then `alpha_end`.
    ///
    /// ```
    /// let info = neural::TrainInfo { alpha: 0.1, alpha_end: 0.01, alpha_games: 100, ..Default::default() };
    /// assert_eq!(info.alpha_at(0), 0.1);
    /// assert!((info.alpha_at(50) - 0.055).abs() < 1e-6);
    /// assert!((info.alpha_at(1000) - 0.01).abs() < 1e-6);
    /// ```
    pub fn alpha_at(&self, i: u64) -> f32 {
        if self.alpha_games == 0 {
            return self.alpha_end;
        }
        let x = (i as f64 / self.alpha_games as f64).min(1.0) as f32;
        self.alpha + (self.alpha_end - self.alpha) * x
    }
}
/// The evaluation network.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    pub(crate) inputs: usize,
    pub(crate) hidden: usize,
    pub(crate) outputs: usize,
    /// Input-to-hidden weights, one row of `hidden` per input.
    pub(crate) w1: Vec<f32>,
    pub(crate) b1: Vec<f32>,
    /// Hidden-to-output weights, one row of `hidden` per output.
    pub(crate) w2: Vec<f32>,
    pub(crate) b2: Vec<f32>,
    /// `w2` transposed for the forward pass: for each hidden unit, its
    /// weight to each of [`MAX_OUTPUTS`] outputs (zero beyond
    /// `outputs`), so that all the outputs are summed together, each in
    /// the same order as before (the same bits).
    pub(crate) w2t: Vec<f32>,
    /// Training metadata.
    pub info: TrainInfo,
}

/// `w2` (one row of `hidden` per output) as [`Net::w2t`] holds it.
pub(crate) fn transposed(w2: &[f32], hidden: usize, outputs: usize) -> Vec<f32> {
    let mut t = vec![0.0f32; hidden * MAX_OUTPUTS];
    for k in 0..outputs {
        for j in 0..hidden {
            t[j * MAX_OUTPUTS + k] = w2[k * hidden + j];
        }
    }
    t
}

#[cfg(test)]
use crate::sigmoid::exact as sigmoid;

impl Net {
    /// A network of `inputs` inputs, `hidden` hidden units and `outputs`
    /// outputs, with small random weights drawn from `seed`.
    ///
    /// # Panics
    /// If `hidden` is 0 or above [`MAX_HIDDEN`], `outputs` is 0 or above
    /// [`MAX_OUTPUTS`], or `inputs` is 0 or above 65 536 (callers check
    /// user-given sizes first).
    pub fn new(inputs: usize, hidden: usize, outputs: usize, seed: u64) -> Net {
        assert!((1..=MAX_HIDDEN).contains(&hidden), "hidden units");
        assert!((1..=MAX_OUTPUTS).contains(&outputs), "outputs");
        assert!((1..=65_536).contains(&inputs), "inputs");
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x006e_6574_776f_726b);
        let r = 0.1f32;
        let w1 = (0..inputs * hidden).map(|_| rng.gen_range(-r..r)).collect();
        let w2: Vec<f32> = (0..outputs * hidden)
            .map(|_| rng.gen_range(-r..r))
            .collect();
        Net {
            inputs,
            hidden,
            outputs,
            w1,
            b1: vec![0.0; hidden],
            w2t: transposed(&w2, hidden, outputs),
            w2,
            b2: vec![0.0; outputs],
            info: TrainInfo::default(),
        }
    }

    /// Inputs.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Outputs.
    pub fn outputs(&self) -> usize {
        self.outputs
    }

    /// A copy of this network with `outputs` outputs: the hidden layer
    /// and the first outputs are kept (a warm start of a network with
    /// more outputs from a trained one); new outputs get small random
    /// weights drawn from `seed` and a zero bias. The training metadata
    /// is kept.
    ///
    /// # Panics
    /// If `outputs` is 0 or above [`MAX_OUTPUTS`].
    ///
    /// ```
    /// let n = neural::Net::new(10, 4, 1, 1);
    /// let m = n.with_outputs(3, 2);
    /// assert_eq!(m.outputs(), 3);
    /// assert_eq!(m.output_weights(0), n.output_weights(0));
    /// ```
    pub fn with_outputs(&self, outputs: usize, seed: u64) -> Net {
        assert!((1..=MAX_OUTPUTS).contains(&outputs), "outputs");
        let fresh = Net::new(self.inputs, self.hidden, outputs, seed);
        let n = self.hidden;
        let keep = outputs.min(self.outputs);
        let mut w2 = fresh.w2;
        w2[..keep * n].copy_from_slice(&self.w2[..keep * n]);
        let mut b2 = fresh.b2;
        b2[..keep].copy_from_slice(&self.b2[..keep]);
        Net {
            inputs: self.inputs,
            hidden: self.hidden,
            outputs,
            w1: self.w1.clone(),
            b1: self.b1.clone(),
            w2t: transposed(&w2, self.hidden, outputs),
            w2,
            b2,
            info: self.info,
        }
    }

    /// A copy of this network with `inputs` inputs and `hidden` hidden
    /// units (at least as many as now) that computes the same outputs on
    /// the inputs it had (a warm start of a larger network): the new
    /// inputs get zero weights; the new hidden units small random input
    /// weights drawn from `seed`, a zero bias and zero output weights.
    /// The training metadata is kept.
    ///
    /// # Panics
    /// If `inputs` or `hidden` is smaller than now, or `hidden` above
    /// [`MAX_HIDDEN`].
    ///
    /// ```
    /// use neural::{Features, Net};
    /// let n = Net::new(10, 4, 2, 1);
    /// let m = n.widened(12, 6, 2);
    /// let mut f = Features::default();
    /// f.push(3, 1.0);
    /// let (a, b) = (n.eval(&f), m.eval(&f));
    /// assert!((a[0] - b[0]).abs() < 1e-6 && (a[1] - b[1]).abs() < 1e-6);
    /// f.push(11, 1.0);
    /// assert!((m.eval(&f)[0] - a[0]).abs() < 1e-6);
    /// ```
    pub fn widened(&self, inputs: usize, hidden: usize, seed: u64) -> Net {
        assert!(inputs >= self.inputs, "inputs");
        assert!((self.hidden..=MAX_HIDDEN).contains(&hidden), "hidden units");
        let fresh = Net::new(inputs, hidden, self.outputs, seed);
        let (n0, n) = (self.hidden, hidden);
        let mut w1 = vec![0.0f32; inputs * n];
        for i in 0..inputs {
            let row = &mut w1[i * n..(i + 1) * n];
            if i < self.inputs {
                row[..n0].copy_from_slice(&self.w1[i * n0..(i + 1) * n0]);
                row[n0..].copy_from_slice(&fresh.w1[i * n + n0..(i + 1) * n]);
            }
        }
        let mut b1 = vec![0.0f32; n];
        b1[..n0].copy_from_slice(&self.b1);
        let mut w2 = vec![0.0f32; self.outputs * n];
        for k in 0..self.outputs {
            w2[k * n..k * n + n0].copy_from_slice(&self.w2[k * n0..(k + 1) * n0]);
        }
        Net {
            inputs,
            hidden,
            outputs: self.outputs,
            w1,
            b1,
            w2t: transposed(&w2, hidden, self.outputs),
            w2,
            b2: self.b2.clone(),
            info: self.info,
        }
    }

    /// One network computing the mean of two networks' output logits:
    /// their hidden units side by side (`self`'s first), each output's
    /// weights and bias halved. Where both networks are sure of an
    /// output it is as sure; where they disagree it lies between them
    /// (the mean of the logits, not of the chances).
    ///
    /// # Panics
    /// If the two differ in inputs or outputs, or have more than
    /// [`MAX_HIDDEN`] hidden units together.
    ///
    /// ```
    /// use neural::{Features, Net};
    /// let (a, b) = (Net::new(4, 3, 2, 1), Net::new(4, 5, 2, 2));
    /// let j = a.joined(&b);
    /// assert_eq!(j.hidden(), 8);
    /// let mut f = Features::default();
    /// f.push(1, 1.0);
    /// let logit = |p: f32| (p / (1.0 - p)).ln();
    /// let (x, y, z) = (a.eval(&f)[0], b.eval(&f)[0], j.eval(&f)[0]);
    /// assert!((logit(z) - (logit(x) + logit(y)) / 2.0).abs() < 1e-4);
    /// ```
    pub fn joined(&self, other: &Net) -> Net {
        assert_eq!(self.inputs, other.inputs, "inputs");
        assert_eq!(self.outputs, other.outputs, "outputs");
        let (na, nb) = (self.hidden, other.hidden);
        let n = na + nb;
        assert!(n <= MAX_HIDDEN, "hidden units");
        let mut w1 = vec![0.0f32; self.inputs * n];
        for i in 0..self.inputs {
            w1[i * n..i * n + na].copy_from_slice(&self.w1[i * na..(i + 1) * na]);
            w1[i * n + na..(i + 1) * n].copy_from_slice(&other.w1[i * nb..(i + 1) * nb]);
        }
        let b1 = [self.b1.as_slice(), other.b1.as_slice()].concat();
        let mut w2 = vec![0.0f32; self.outputs * n];
        for k in 0..self.outputs {
            for j in 0..na {
                w2[k * n + j] = 0.5 * self.w2[k * na + j];
            }
            for j in 0..nb {
                w2[k * n + na + j] = 0.5 * other.w2[k * nb + j];
            }
        }
        let b2 = self
            .b2
            .iter()
            .zip(&other.b2)
            .map(|(x, y)| 0.5 * (x + y))
            .collect();
        Net {
            inputs: self.inputs,
            hidden: n,
            outputs: self.outputs,
            w1,
            b1,
            w2t: transposed(&w2, n, self.outputs),
            w2,
            b2,
            info: self.info,
        }
    }

    /// The hidden-to-output weights and the bias of output `k`.
    ///
    /// # Panics
    /// If `k` is not below [`Net::outputs`].
    pub fn output_weights(&self, k: usize) -> (&[f32], f32) {
        assert!(k < self.outputs, "output index");
        let n = self.hidden;
        (&self.w2[k * n..(k + 1) * n], self.b2[k])
    }

    /// Sets the hidden-to-output weights and the bias of output `k`.
    ///
    /// # Panics
    /// If `k` is not below [`Net::outputs`] or `weights` does not have
    /// [`Net::hidden`] values.
    pub fn set_output_weights(&mut self, k: usize, weights: &[f32], bias: f32) {
        assert!(k < self.outputs, "output index");
        let n = self.hidden;
        assert_eq!(weights.len(), n, "one weight per hidden unit");
        self.w2[k * n..(k + 1) * n].copy_from_slice(weights);
        self.b2[k] = bias;
        for (j, &w) in weights.iter().enumerate() {
            self.w2t[j * MAX_OUTPUTS + k] = w;
        }
    }

    /// The outputs for `f` (the first [`Net::outputs`] entries; the rest
    /// are zero). Inputs beyond the network's are ignored.
    pub fn eval(&self, f: &Features) -> Outputs {
        let mut h = [0.0f32; MAX_HIDDEN];
        self.forward_into::<false>(self.pass(f), &mut h)
    }

    /// [`Net::eval`] with the hidden units' logistic computed by a
    /// vectorised approximation instead of one libm `expf` per unit:
    /// each hidden activation within 1.2·10⁻⁷ of `eval`'s, so the
    /// outputs differ from `eval`'s by about 10⁻⁷ — faster (a quarter of
    /// an evaluation was `expf`), for the bots' search, where such
    /// differences do not change a choice (issue 22, item 5;
    /// docs/PERFORMANCE.md). Training and [`Net::eval`] keep libm's.
    pub fn eval_fast(&self, f: &Features) -> Outputs {
        let mut h = [0.0f32; MAX_HIDDEN];
        self.forward_into::<true>(self.pass(f), &mut h)
    }

    /// One gradient step towards `target` (cross-entropy on each output's
    /// logit, so the step is `alpha · (target − output)`): returns the
    /// outputs before the step. `target` has one value per output.
    pub fn learn(&mut self, f: &Features, target: &[f32], alpha: f32) -> Outputs {
        let n = self.hidden;
        let mut h = [0.0f32; MAX_HIDDEN];
        let y = self.forward_into::<false>(self.pass(f), &mut h);
        let mut dh = [0.0f32; MAX_HIDDEN];
        for k in 0..self.outputs.min(target.len()) {
            let d = alpha * (target[k] - y[k]);
            if d == 0.0 {
                continue;
            }
            let row = &mut self.w2[k * n..(k + 1) * n];
            for ((g, w), &hj) in dh[..n].iter_mut().zip(row.iter_mut()).zip(&h[..n]) {
                *g += d * *w;
                *w += d * hj;
            }
            for (j, &w) in self.w2[k * n..(k + 1) * n].iter().enumerate() {
                self.w2t[j * MAX_OUTPUTS + k] = w;
            }
            self.b2[k] += d;
        }
        for (g, &hj) in dh[..n].iter_mut().zip(&h[..n]) {
            *g *= hj * (1.0 - hj);
        }
        for (b, g) in self.b1.iter_mut().zip(&dh[..n]) {
            *b += g;
        }
        for (&i, &v) in f.idx.iter().zip(&f.val) {
            let i = i as usize;
            if i >= self.inputs {
                continue;
            }
            let row = &mut self.w1[i * n..(i + 1) * n];
            for (w, g) in row.iter_mut().zip(&dh[..n]) {
                *w += v * g;
            }
        }
        y
    }
}

#[cfg(test)]
#[path = "net_tests.rs"]
mod tests;
