//! Word tricks on the mover's counts: eight counts read as one `u64`,
//! the points holding at least one or two checkers as a mask, and the
//! checkers outside the home board, without a loop.

use crate::board::Counts;

/// Eight counts as one word (little-endian: count `i` in byte `i`).
#[inline(always)]
fn word(c: &Counts, i: usize) -> u64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&c[i..i + 8]);
    u64::from_le_bytes(b)
}

/// The bytes of `x` at least `k` (1 or 2; every byte at most 15) as the
/// bits 0..8 of the result.
#[inline(always)]
fn bytes_at_least(x: u64, k: u8) -> u32 {
    // Adding 128 − k to a byte of at most 15 sets its high bit exactly
    // when it is at least k, with no carry into the next byte.
    let high = x.wrapping_add(0x0101_0101_0101_0101 * (128 - k) as u64) & 0x8080_8080_8080_8080;
    // Gather the eight high bits into one byte.
    ((high >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// Bit `i` set when `c[i] >= k` (k 1 or 2), for `i` in 0..=25.
#[inline(always)]
pub(super) fn at_least(c: &Counts, k: u8) -> u32 {
    bytes_at_least(word(c, 0), k)
        | bytes_at_least(word(c, 8), k) << 8
        | bytes_at_least(word(c, 16), k) << 16
        | ((c[24] >= k) as u32) << 24
        | ((c[25] >= k) as u32) << 25
}

/// The checkers beyond point 6 or on the bar (`c[7..]`).
#[inline(always)]
pub(super) fn checkers_outside(c: &Counts) -> u8 {
    // Each byte at most 15, their sums at most 15: no carry anywhere.
    let sum = word(c, 8)
        .wrapping_add(word(c, 16))
        .wrapping_mul(0x0101_0101_0101_0101)
        >> 56;
    (sum as u8)
        .wrapping_add(c[7])
        .wrapping_add(c[24])
        .wrapping_add(c[25])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The word tricks of `generate`'s set-up agree with plain loops on
    /// every count 0..=15 at every index.
    #[test]
    fn masks_and_sums_agree_with_loops() {
        for i in 0..26 {
            for v in 0..=15u8 {
                let mut c = [0u8; 26];
                c[i] = v;
                c[(i + 7) % 26] = 15 - v;
                for k in [1, 2] {
                    let naive = (0..26).fold(0u32, |m, j| m | ((c[j] >= k) as u32) << j);
                    assert_eq!(at_least(&c, k), naive, "{c:?} {k}");
                }
                let naive: u8 = c[7..].iter().sum();
                assert_eq!(checkers_outside(&c), naive, "{c:?}");
            }
        }
    }
}
