//! The statistics of a match between two players, whatever the game:
//! the confidence interval of a win rate ([`wilson`]) and of a mean
//! ([`Mean`]).

/// A mean and its 95 % confidence half-width (normal approximation).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Mean {
    /// The mean.
    pub mean: f64,
    /// 1.96 standard errors.
    pub half_width: f64,
}

impl Mean {
    /// The mean of `xs` and its half-width (0 for fewer than two values).
    ///
    /// ```
    /// let m = tables::stats::Mean::of([1.0, 3.0].into_iter());
    /// assert_eq!(m.mean, 2.0);
    /// ```
    pub fn of(xs: impl Iterator<Item = f64> + Clone) -> Mean {
        let n = xs.clone().count() as f64;
        if n == 0.0 {
            return Mean::default();
        }
        let mean = xs.clone().sum::<f64>() / n;
        let var = if n > 1.0 {
            xs.map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0)
        } else {
            0.0
        };
        Mean {
            mean,
            half_width: 1.96 * (var / n).sqrt(),
        }
    }
}

/// The 95 % Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.96f64;
    let n = n as f64;
    let p = k as f64 / n;
    let d = 1.0 + z * z / n;
    let c = (p + z * z / (2.0 * n)) / d;
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / d;
    ((c - h).max(0.0), (c + h).min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_contains_the_rate() {
        let (lo, hi) = wilson(80, 100);
        assert!(lo < 0.8 && 0.8 < hi);
        assert!((lo - 0.711).abs() < 0.002 && (hi - 0.867).abs() < 0.002);
    }
}
