//! The logistic function: exactly as libm's `expf` gives it, and a fast
//! approximation for the hidden layer that the compiler vectorises.

/// `1 / (1 + e^−x)` with the platform's `expf`: one call per value.
#[inline]
pub(crate) fn exact(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// `1 / (1 + e^−x)` computed with arithmetic only (no call, no table, no
/// branch), so that a loop over the hidden units compiles to vector
/// instructions, 8 or 16 units at a time: `e^t = 2^n · e^r` with `n` the
/// integer nearest `t / ln 2`, `r = t − n ln 2` (|r| ≤ 0.35, `ln 2` in
/// two parts so that `n · ln2_hi` is exact) and `e^r` its Taylor
/// polynomial of degree 7 (truncation error below 6·10⁻⁹ on that
/// interval), `2^n` written into the exponent bits. `t` is clamped to
/// [−87, 88], where `e^t` is a normal `f32`; beyond, the logistic is 0 or
/// 1 to within 2·10⁻³⁸ (libm gives 0 or 1 there).
///
/// Within 1.2·10⁻⁷ of [`exact`] in absolute terms (tested over
/// [−100, 100]): two units in the last place near 1, where the
/// activations are coarsest.
#[inline(always)]
pub(crate) fn fast(x: f32) -> f32 {
    const LN2_HI: f32 = 0.693_359_4; // 355 / 512, 9 significant bits
    const LN2_LO: f32 = -2.121_944_4e-4; // ln 2 − LN2_HI
                                         // 1.5 · 2^23: adding it rounds to an integer, kept in the low bits.
    const ROUND: f32 = 12_582_912.0;
    let t = (-x).clamp(-87.0, 88.0);
    let y = t * std::f32::consts::LOG2_E + ROUND;
    let n = y - ROUND;
    let r = (t - n * LN2_HI) - n * LN2_LO;
    let p = 1.0
        + r * (1.0
            + r * (1.0 / 2.0
                + r * (1.0 / 6.0
                    + r * (1.0 / 24.0
                        + r * (1.0 / 120.0 + r * (1.0 / 720.0 + r * (1.0 / 5040.0)))))));
    // n in [−126, 127]: the bits of 2^n are (n + 127) << 23.
    let n = (y.to_bits() as i32).wrapping_sub(ROUND.to_bits() as i32);
    let scale = f32::from_bits(((n + 127) << 23) as u32);
    1.0 / (1.0 + p * scale)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_fast_logistic_is_within_a_few_ulps_of_libm() {
        let mut worst = 0.0f32;
        let mut x = -100.0f32;
        while x <= 100.0 {
            let (a, b) = (fast(x), exact(x));
            assert!((0.0..=1.0).contains(&a), "{x}: {a}");
            worst = worst.max((a - b).abs());
            x += 0.000_37;
        }
        assert!(worst <= 1.2e-7, "worst difference {worst:e}");
        assert_eq!(fast(0.0), 0.5);
        assert_eq!(fast(200.0), 1.0);
        assert!(fast(-200.0) < 1e-37);
        // Relative error where the value is small (the hidden units far
        // below their threshold).
        for x in [-80.0f32, -40.0, -20.0, -10.5, -3.3] {
            let (a, b) = (fast(x), exact(x));
            assert!(((a - b) / b).abs() < 1e-6, "{x}: {a} {b}");
        }
    }
}
