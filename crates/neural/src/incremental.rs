//! Evaluating input vectors close to a base: the first layer's sums of
//! the base kept, and only the rows of the inputs that differ added.

use crate::features::Features;
use crate::forward::Pass;
use crate::net::{Net, Outputs, MAX_HIDDEN};

/// The first layer's sums for a base input vector, so that vectors that
/// differ from it in a few inputs are evaluated by adding only the rows
/// of the differences (`v − v_base` times the input's row) instead of
/// every active input's row: a search values all the replies to a
/// position, each a few checkers away from it (issue 22, item 5). The
/// caller gives the differences (it knows what changed).
///
/// [`Incremental::eval_differences`] gives what [`Net::eval_fast`] gives
/// for the base's inputs plus the differences, up to the rounding of the
/// sums taken in another order (about 10⁻⁶ on the outputs).
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
/// // Input 4 from 0.5 to 0.25, input 7 from 1 to 0, input 9 from 0 to 1.
/// let near = inc.eval_differences(&net, &[4, 7, 9], &[-0.25, -1.0, 1.0]);
/// let mut f = Features::default();
/// f.push(1, 1.0);
/// f.push(4, 0.25);
/// f.push(9, 1.0);
/// let full = net.eval_fast(&f);
/// assert!((near[0] - full[0]).abs() < 1e-6 && (near[1] - full[1]).abs() < 1e-6);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Incremental {
    /// The base's first-layer sums, biases included (`hidden` values;
    /// empty when there is no base).
    sums: Vec<f32>,
}

impl Incremental {
    /// Takes `f` as the base for `net` (the network then passed to
    /// [`Incremental::eval_differences`]).
    pub fn set_base(&mut self, net: &Net, f: &Features) {
        let n = net.hidden;
        let mut h = [0.0f32; MAX_HIDDEN];
        h[..n].copy_from_slice(&net.b1);
        for (&i, &v) in f.idx.iter().zip(&f.val) {
            let i = i as usize;
            if i >= net.inputs {
                continue;
            }
            for (a, w) in h[..n].iter_mut().zip(&net.w1[i * n..(i + 1) * n]) {
                *a += v * w;
            }
        }
        self.sums.clear();
        self.sums.extend_from_slice(&h[..n]);
    }

    /// The outputs for the inputs that differ from the base's by the
    /// values `val` at the inputs `idx`: the base's sums plus those rows,
    /// then as [`Net::eval_fast`]. `net` must be the base's network;
    /// without a base the differences are from zero inputs (the biases).
    pub fn eval_differences(&self, net: &Net, idx: &[u16], val: &[f32]) -> Outputs {
        let mut h = [0.0f32; MAX_HIDDEN];
        let init = if self.sums.len() == net.hidden {
            &self.sums
        } else {
            &net.b1
        };
        net.forward_into::<true>(Pass { init, idx, val }, &mut h)
    }
}
