//! Evaluating input vectors close to a base: the first layer's sums of
//! the base kept, and only the rows of the inputs that differ added.

use crate::features::{Features, MAX_FEATURES};
use crate::net::{Net, Outputs, MAX_HIDDEN};

/// The first layer's sums for a base input vector, so that vectors that
/// differ from it in a few inputs are evaluated by adding only the rows
/// of the differences (`v − v_base` times the input's row) instead of
/// every active input's row: a search evaluates all the replies to a
/// position, each a few checkers away from it (issue 22, item 5).
///
/// [`Incremental::eval`] gives what [`Net::eval_fast`] gives for the
/// same inputs, up to the rounding of the sums taken in another order
/// (about 10⁻⁶ on the outputs; tested). When the differences are as many
/// as the inputs themselves it evaluates them the ordinary way.
///
/// ```
/// use neural::{Features, Incremental, Net};
/// let net = Net::new(10, 8, 2, 1);
/// let mut base = Features::default();
/// base.push(1, 1.0);
/// base.push(4, 0.5);
/// base.push(7, 1.0);
/// let mut inc = Incremental::default();
/// inc.set_base(&net, &base);
/// let mut f = Features::default();
/// f.push(1, 1.0);
/// f.push(4, 0.25);
/// f.push(7, 1.0);
/// let (a, b) = (inc.eval(&net, &f), net.eval_fast(&f));
/// assert!((a[0] - b[0]).abs() < 1e-6 && (a[1] - b[1]).abs() < 1e-6);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Incremental {
    /// The base's first-layer sums, biases included (`hidden` values;
    /// empty when there is no base).
    sums: Vec<f32>,
    /// The base's inputs, dense (`inputs` values).
    dense: Vec<f32>,
    /// The base's non-zero inputs.
    base: Features,
    /// Scratch: `stamp` where an input is in the vector being evaluated
    /// (so that nothing needs clearing between evaluations).
    seen: Vec<u32>,
    stamp: u32,
    /// Scratch: the differences' inputs and values.
    delta_idx: Vec<u16>,
    delta_val: Vec<f32>,
}

/// The most differences kept: as many as the inputs of the vector
/// evaluated and of the base together.
const MAX_DELTA: usize = 2 * MAX_FEATURES;

impl Incremental {
    /// Takes `f` as the base for `net` (the network then passed to
    /// [`Incremental::eval`]).
    pub fn set_base(&mut self, net: &Net, f: &Features) {
        self.dense.clear();
        self.dense.resize(net.inputs, 0.0);
        self.seen.clear();
        self.seen.resize(net.inputs, 0);
        self.stamp = 0;
        self.base.clear();
        self.sums.clear();
        for (&i, &v) in f.idx.iter().zip(&f.val) {
            let i = i as usize;
            if i >= net.inputs {
                continue;
            }
            if self.dense[i] != 0.0 {
                // An input given twice: no base (every evaluation the
                // ordinary way).
                return;
            }
            self.dense[i] = v;
            self.base.push(i, v);
        }
        let mut h = [0.0f32; MAX_HIDDEN];
        let n = net.hidden;
        h[..n].copy_from_slice(&net.b1);
        for (&i, &v) in self.base.idx.iter().zip(&self.base.val) {
            let row = &net.w1[i as usize * n..(i as usize + 1) * n];
            for (a, w) in h[..n].iter_mut().zip(row) {
                *a += v * w;
            }
        }
        self.sums.extend_from_slice(&h[..n]);
    }

    /// The outputs for `f` (as [`Net::eval_fast`], see above). `net` must
    /// be the base's network; without a base (or another network's
    /// sizes) `f` is evaluated the ordinary way.
    pub fn eval(&mut self, net: &Net, f: &Features) -> Outputs {
        let mut h = [0.0f32; MAX_HIDDEN];
        if self.sums.len() == net.hidden && self.dense.len() == net.inputs {
            if let Some(k) = self.differences(f) {
                let (idx, val) = (&self.delta_idx[..k], &self.delta_val[..k]);
                return net.forward_into::<true>(&self.sums, idx, val, &mut h);
            }
        }
        net.forward_into::<true>(&net.b1, &f.idx, &f.val, &mut h)
    }

    /// The differences of `f` from the base into `idx` and `val`, and
    /// their number; `None` when they are not fewer than `f`'s inputs (or
    /// `f` gives an input twice). Written without branches on the
    /// values: each candidate is stored and kept by moving the end.
    fn differences(&mut self, f: &Features) -> Option<usize> {
        self.delta_idx.resize(MAX_DELTA, 0);
        self.delta_val.resize(MAX_DELTA, 0.0);
        let (idx, val) = (
            &mut self.delta_idx[..MAX_DELTA],
            &mut self.delta_val[..MAX_DELTA],
        );
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let stamp = self.stamp;
        let (mut k, mut twice) = (0usize, false);
        for (&i, &v) in f.idx.iter().zip(&f.val) {
            let Some(s) = self.seen.get_mut(i as usize) else {
                continue; // beyond the network's inputs: ignored
            };
            twice |= *s == stamp;
            *s = stamp;
            let d = v - self.dense[i as usize];
            idx[k] = i;
            val[k] = d;
            k += (d != 0.0) as usize;
        }
        for &i in &self.base.idx {
            idx[k] = i;
            val[k] = -self.dense[i as usize];
            k += (self.seen[i as usize] != stamp) as usize;
        }
        (!twice && k < f.len()).then_some(k)
    }
}
