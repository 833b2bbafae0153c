//! The network's forward pass: the first layer's sums over the active
//! inputs, the hidden layer's logistic, the outputs; compiled for the
//! processor's vector instructions.

use crate::features::Features;
use crate::net::{Net, Outputs, MAX_OUTPUTS};

/// Writes the method `$name`: [`Net::forward_blocks`] (the sums
/// starting from `init`) with blocks of `$block` hidden units, compiled
/// for the x86-64 instructions `$feature` (the caller checks that the
/// processor has them).
macro_rules! forward_for {
    ($(#[$doc:meta])* $name:ident, $feature:literal, $block:literal) => {
        $(#[$doc])*
        #[cfg(target_arch = "x86_64")]
        #[target_feature(enable = $feature)]
        pub(crate) fn $name<const FAST: bool>(&self, p: Pass<'_>, h: &mut [f32]) -> Outputs {
            self.forward_blocks::<$block, FAST>(p, h)
        }
    };
}

/// What a forward pass starts from: the first layer's sums `init` (the
/// biases, or an incremental base's sums) and the inputs to add, `idx`
/// of values `val` (those of a [`crate::Features`], or the differences
/// from the base's).
#[derive(Clone, Copy)]
pub(crate) struct Pass<'a> {
    pub(crate) init: &'a [f32],
    pub(crate) idx: &'a [u16],
    pub(crate) val: &'a [f32],
}

impl Net {
    /// A forward pass of the inputs `f` from the biases.
    pub(crate) fn pass<'a>(&'a self, f: &'a Features) -> Pass<'a> {
        Pass {
            init: &self.b1,
            idx: &f.idx,
            val: &f.val,
        }
    }

    /// The hidden activations (into `h`) and the outputs for the inputs
    /// `idx` of values `val` (those of a [`crate::Features`]), the
    /// first layer's sums starting from `init` (the biases, or the sums of
    /// [`crate::Incremental`]'s base).
    ///
    /// The first layer adds the active inputs' rows into blocks of hidden
    /// units held in registers (instead of loading and storing the whole
    /// hidden layer for each input), the output layer sums all the
    /// outputs at once over the hidden units (the transposed weights, a
    /// vector operation per hidden unit) instead of one output after
    /// another: every sum is taken in the same order as plain loops take
    /// it, so the results are the same bits (tested), 1.5 times faster
    /// (issue 22, item 5; docs/PERFORMANCE.md).
    ///
    /// On x86-64 processors with AVX2 or AVX-512 the same code runs
    /// compiled for them (chosen at run time): 8 or 16 sums per
    /// instruction instead of SSE2's 4, larger blocks. Each sum is still
    /// a multiplication then an addition, lane by lane in the same order
    /// (Rust never fuses them), so the bits do not depend on the
    /// instruction set.
    ///
    /// With `FAST`, the hidden units' logistic is [`crate::sigmoid::fast`]
    /// (vectorised, within a few units in the last place) instead of
    /// libm's.
    #[inline]
    pub(crate) fn forward_into<const FAST: bool>(&self, p: Pass<'_>, h: &mut [f32]) -> Outputs {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512f") {
                // SAFETY: `forward_avx512` only needs the processor to
                // have AVX-512F, which was just checked.
                #[allow(unsafe_code)]
                return unsafe { self.forward_avx512::<FAST>(p, h) };
            }
            if std::arch::is_x86_feature_detected!("avx2") {
                // SAFETY: `forward_avx2` only needs AVX2, just checked.
                #[allow(unsafe_code)]
                return unsafe { self.forward_avx2::<FAST>(p, h) };
            }
        }
        self.forward_blocks::<16, FAST>(p, h)
    }

    forward_for!(
        /// [`Net::forward_into`] compiled for AVX2 (blocks of 32 hidden
        /// units: four 8-lane registers).
        forward_avx2, "avx2", 32
    );

    forward_for!(
        /// [`Net::forward_into`] compiled for AVX-512 (blocks of 64
        /// hidden units: four 16-lane registers).
        forward_avx512, "avx512f", 64
    );

    /// The first layer's sums of the hidden units `start..` in blocks of
    /// `B` (as many whole blocks as fit), onto the biases already in `h`;
    /// returns where the blocks stopped.
    #[inline(always)]
    fn first_layer_blocks<const B: usize>(
        &self,
        idx: &[u16],
        val: &[f32],
        h: &mut [f32],
        start: usize,
    ) -> usize {
        let n = self.hidden;
        let mut start = start;
        // The sums of a block are kept in registers over all the inputs;
        // `v · w` is `w` when `v` is 1, so the sums are those of adding
        // the rows one after another.
        while start + B <= n {
            let mut acc: [f32; B] = h[start..start + B].try_into().expect("a block");
            for (&i, &v) in idx.iter().zip(val) {
                let i = i as usize;
                if i >= self.inputs {
                    continue;
                }
                let at = i * n + start;
                let row: &[f32; B] = self.w1[at..at + B].try_into().expect("a block");
                for k in 0..B {
                    acc[k] += v * row[k];
                }
            }
            h[start..start + B].copy_from_slice(&acc);
            start += B;
        }
        start
    }

    /// The forward pass of a network of `A + B` hidden units (a few
    /// registers' worth), the first layer's sums starting from `init`:
    /// the sums of all the units in one pass over the inputs, kept in
    /// registers (two blocks, of `A` and `B`), as [`Net::forward_blocks`]
    /// computes them in several passes (each sum's terms in the same
    /// order, so the same bits).
    #[inline(always)]
    fn forward_whole<const A: usize, const B: usize, const FAST: bool>(
        &self,
        p: Pass<'_>,
        h: &mut [f32],
    ) -> Outputs {
        let n = A + B;
        let mut a: [f32; A] = p.init[..A].try_into().expect("the first block");
        let mut b: [f32; B] = p.init[A..n].try_into().expect("the second block");
        for (&i, &v) in p.idx.iter().zip(p.val) {
            let i = i as usize;
            if i >= self.inputs {
                continue;
            }
            let wa: &[f32; A] = self.w1[i * n..i * n + A].try_into().expect("a row");
            let wb: &[f32; B] = self.w1[i * n + A..(i + 1) * n].try_into().expect("a row");
            for k in 0..A {
                a[k] += v * wa[k];
            }
            for k in 0..B {
                b[k] += v * wb[k];
            }
        }
        let h = &mut h[..n];
        h[..A].copy_from_slice(&a);
        h[A..].copy_from_slice(&b);
        logistic::<FAST>(h);
        self.output_layer::<FAST>(h)
    }

    /// The forward pass with blocks of `B` hidden units, then of 16 for
    /// what remains (see [`Net::forward_into`]), the first layer's sums
    /// starting from `init` (the biases, or an incremental base's sums);
    /// the small networks' by [`Net::forward_whole`].
    #[inline(always)]
    pub(crate) fn forward_blocks<const B: usize, const FAST: bool>(
        &self,
        p: Pass<'_>,
        h: &mut [f32],
    ) -> Outputs {
        let n = self.hidden;
        match n {
            32 => return self.forward_whole::<32, 0, FAST>(p, h),
            40 => return self.forward_whole::<32, 8, FAST>(p, h),
            48 => return self.forward_whole::<32, 16, FAST>(p, h),
            64 => return self.forward_whole::<64, 0, FAST>(p, h),
            _ => {}
        }
        let h = &mut h[..n];
        h.copy_from_slice(&p.init[..n]);
        let mut start = self.first_layer_blocks::<B>(p.idx, p.val, h, 0);
        start = self.first_layer_blocks::<16>(p.idx, p.val, h, start);
        if start < n {
            let h = &mut h[start..];
            for (&i, &v) in p.idx.iter().zip(p.val) {
                let i = i as usize;
                if i >= self.inputs {
                    continue;
                }
                for (a, w) in h.iter_mut().zip(&self.w1[i * n + start..(i + 1) * n]) {
                    *a += v * w;
                }
            }
        }
        logistic::<FAST>(h);
        self.output_layer::<FAST>(h)
    }

    /// The outputs from the hidden units' activations `h`.
    #[inline(always)]
    fn output_layer<const FAST: bool>(&self, h: &[f32]) -> Outputs {
        let mut z = [0.0f32; MAX_OUTPUTS];
        z[..self.outputs].copy_from_slice(&self.b2);
        if FAST {
            // Four independent sums (hidden units j mod 4) instead of one
            // chain of `hidden` dependent additions, added at the end: the
            // same terms in another order.
            let mut part = [[0.0f32; MAX_OUTPUTS]; 4];
            let rows = self.w2t.chunks_exact(4 * MAX_OUTPUTS);
            let rest = rows.remainder();
            for (a, w) in h.chunks_exact(4).zip(rows) {
                for (q, p) in part.iter_mut().enumerate() {
                    for k in 0..MAX_OUTPUTS {
                        p[k] += a[q] * w[q * MAX_OUTPUTS + k];
                    }
                }
            }
            let tail = &h[h.len() - h.len() % 4..];
            for (&a, w) in tail.iter().zip(rest.chunks_exact(MAX_OUTPUTS)) {
                for k in 0..MAX_OUTPUTS {
                    part[0][k] += a * w[k];
                }
            }
            for k in 0..MAX_OUTPUTS {
                z[k] += (part[0][k] + part[1][k]) + (part[2][k] + part[3][k]);
            }
        } else {
            for (&a, w) in h.iter().zip(self.w2t.chunks_exact(MAX_OUTPUTS)) {
                let w: &[f32; MAX_OUTPUTS] = w.try_into().expect("rows of MAX_OUTPUTS");
                for k in 0..MAX_OUTPUTS {
                    z[k] += a * w[k];
                }
            }
        }
        let mut out = [0.0f32; MAX_OUTPUTS];
        for (o, &zk) in out[..self.outputs].iter_mut().zip(&z) {
            *o = crate::sigmoid::exact(zk);
        }
        out
    }
}

/// The hidden units' logistic, in place: [`crate::sigmoid::fast`] with
/// `FAST`, else libm's.
#[inline(always)]
fn logistic<const FAST: bool>(h: &mut [f32]) {
    if FAST {
        for a in h.iter_mut() {
            *a = crate::sigmoid::fast(*a);
        }
    } else {
        for a in h.iter_mut() {
            *a = crate::sigmoid::exact(*a);
        }
    }
}
