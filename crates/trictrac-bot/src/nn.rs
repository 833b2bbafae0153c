//! The trictrac evaluation network: [`neural::Net`] with one output, the
//! probability that the side to roll wins the game, over the inputs of
//! [`crate::features`].
//!
//! The network itself, its model file and the training pieces that do
//! not depend on the game are shared with the backgammon bot in the
//! `neural` crate; this module fixes what is trictrac's: the magic bytes
//! `TTNN`, the input count and the single output.

use std::ops::{Deref, DerefMut};
use std::sync::{Arc, OnceLock};

pub use neural::{ModelError, TrainInfo, MAX_HIDDEN};

use crate::features::{Features, N_INPUTS};

const MAGIC: &[u8; 4] = b"TTNN";

/// The evaluation network (one output: the side to roll wins).
///
/// Dereferences to the shared [`neural::Net`] (its training metadata
/// `info`, its sizes).
#[derive(Clone, Debug, PartialEq)]
pub struct Net(neural::Net);

impl Net {
    /// A network with small random weights drawn from `seed`.
    ///
    /// # Panics
    /// If `hidden` is 0 or above [`MAX_HIDDEN`].
    pub fn new(hidden: usize, seed: u64) -> Net {
        Net(neural::Net::new(N_INPUTS, hidden, 1, seed))
    }

    /// The probability that the side to roll wins.
    #[inline]
    pub fn eval(&self, f: &Features) -> f32 {
        self.0.eval(f)[0]
    }

    /// One gradient step towards `target` (cross-entropy on the output
    /// logit): returns the output before the step.
    pub fn learn(&mut self, f: &Features, target: f32, alpha: f32) -> f32 {
        self.0.learn(f, &[target], alpha)[0]
    }

    /// The model file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.0.to_bytes(MAGIC)
    }

    /// Reads a model file's bytes.
    ///
    /// # Errors
    /// If the bytes are not a trictrac model with this program's inputs.
    pub fn from_bytes(b: &[u8]) -> Result<Net, ModelError> {
        neural::Net::from_bytes(b, MAGIC, "trictrac", N_INPUTS, 1).map(Net)
    }

    /// Reads a model file.
    ///
    /// # Errors
    /// If the file cannot be read or is not a model.
    pub fn load(path: &std::path::Path) -> Result<Net, ModelError> {
        neural::Net::load(path, MAGIC, "trictrac", N_INPUTS, 1).map(Net)
    }

    /// Writes the model file atomically (a temporary file, then a rename).
    ///
    /// # Errors
    /// If the file cannot be written.
    pub fn save(&self, path: &std::path::Path) -> Result<(), ModelError> {
        self.0.save(path, MAGIC)
    }
}

impl Deref for Net {
    type Target = neural::Net;
    fn deref(&self) -> &neural::Net {
        &self.0
    }
}

impl DerefMut for Net {
    fn deref_mut(&mut self) -> &mut neural::Net {
        &mut self.0
    }
}

/// The shipped model's bytes (`models/default.bin`).
pub static DEFAULT_MODEL: &[u8] = include_bytes!("../models/default.bin");

/// The shipped model, read once.
pub fn default_net() -> Arc<Net> {
    static NET: OnceLock<Arc<Net>> = OnceLock::new();
    NET.get_or_init(|| {
        Arc::new(Net::from_bytes(DEFAULT_MODEL).expect("the shipped model is valid"))
    })
    .clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_model_round_trips_through_bytes() {
        let mut n = Net::new(8, 3);
        n.info.games = 17;
        n.info.lambda = 0.7;
        let m = Net::from_bytes(&n.to_bytes()).unwrap();
        assert_eq!(n, m);
        assert!(Net::from_bytes(&n.to_bytes()[..100]).is_err());
        assert!(Net::from_bytes(b"hello").is_err());
    }

    #[test]
    fn the_shipped_model_is_read_and_written_identically() {
        let net = Net::from_bytes(DEFAULT_MODEL).unwrap();
        assert_eq!(net.to_bytes(), DEFAULT_MODEL);
    }

    #[test]
    fn learning_moves_the_output_towards_the_target() {
        let mut n = Net::new(16, 1);
        let mut f = Features::default();
        f.idx.extend([0u16, 5, 250]);
        f.val.extend([1.0f32, 0.5, 1.0]);
        let before = n.eval(&f);
        for _ in 0..50 {
            n.learn(&f, 1.0, 0.1);
        }
        assert!(n.eval(&f) > before + 0.1);
    }
}
