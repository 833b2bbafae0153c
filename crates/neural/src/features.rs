//! Sparse network inputs.

use arrayvec::ArrayVec;

/// The most non-zero inputs a state may have.
pub const MAX_FEATURES: usize = 256;

/// The non-zero inputs of a state: index and value, in the order pushed.
///
/// A fixed-capacity list, so that encoding a state never allocates.
///
/// ```
/// let mut f = neural::Features::default();
/// f.push(2, 1.0);
/// f.push(4, 0.0); // zeros are not stored
/// assert_eq!(f.len(), 1);
/// assert_eq!(f.dense(5), vec![0.0, 0.0, 1.0, 0.0, 0.0]);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Features {
    /// Input indexes.
    pub idx: ArrayVec<u16, MAX_FEATURES>,
    /// Their values.
    pub val: ArrayVec<f32, MAX_FEATURES>,
}

impl Features {
    /// Adds input `i` with value `v` (nothing if `v` is zero).
    ///
    /// # Panics
    /// If more than [`MAX_FEATURES`] non-zero inputs are pushed (an
    /// encoder's bug, never user input).
    #[inline]
    pub fn push(&mut self, i: usize, v: f32) {
        if v != 0.0 {
            self.idx.push(i as u16);
            self.val.push(v);
        }
    }

    /// The `n` checkers of one side on one point, as TD-Gammon encodes
    /// them: inputs `base`, `base + 1` and `base + 2` at 1 for at least
    /// one, two and three checkers, and `base + 3` the checkers beyond
    /// three divided by `scale`.
    ///
    /// ```
    /// let mut f = neural::Features::default();
    /// f.push_count(4, 5, 2.0);
    /// assert_eq!(f.dense(8), vec![0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 1.0]);
    /// ```
    #[inline]
    pub fn push_count(&mut self, base: usize, n: u32, scale: f32) {
        for k in 0..3 {
            if n > k {
                self.push(base + k as usize, 1.0);
            }
        }
        if n > 3 {
            self.push(base + 3, (n - 3) as f32 / scale);
        }
    }

    /// Removes every input.
    #[inline]
    pub fn clear(&mut self) {
        self.idx.clear();
        self.val.clear();
    }

    /// Non-zero inputs.
    pub fn len(&self) -> usize {
        self.idx.len()
    }

    /// Whether there is no non-zero input.
    pub fn is_empty(&self) -> bool {
        self.idx.is_empty()
    }

    /// The dense input vector of `n` inputs (for tests and tools).
    pub fn dense(&self, n: usize) -> Vec<f32> {
        let mut d = vec![0.0; n];
        for (&i, &v) in self.idx.iter().zip(&self.val) {
            if let Some(x) = d.get_mut(i as usize) {
                *x = v;
            }
        }
        d
    }
}
