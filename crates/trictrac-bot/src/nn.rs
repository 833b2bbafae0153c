//! A small evaluation network written by hand: one hidden layer of
//! sigmoid units over the sparse inputs of [`crate::features`], one
//! sigmoid output, the probability that the side to roll wins the game.
//!
//! The model file is little-endian binary: the magic `TTNN`, a format
//! version, the layer sizes, how it was trained ([`TrainInfo`]), then the
//! weights as `f32`.

use std::fmt;
use std::sync::{Arc, OnceLock};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::features::{Features, N_INPUTS};

/// The largest hidden layer supported (stack buffers).
pub const MAX_HIDDEN: usize = 256;

const MAGIC: &[u8; 4] = b"TTNN";
const VERSION: u32 = 1;

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

/// Why a model file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ModelError(pub String);

impl fmt::Display for ModelError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ModelError {}

/// The evaluation network.
#[derive(Clone, Debug, PartialEq)]
pub struct Net {
    hidden: usize,
    /// Input-to-hidden weights, one row of `hidden` per input.
    w1: Vec<f32>,
    b1: Vec<f32>,
    w2: Vec<f32>,
    b2: f32,
    /// Training metadata.
    pub info: TrainInfo,
}

#[inline]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

impl Net {
    /// A network with small random weights drawn from `seed`.
    ///
    /// # Panics
    /// If `hidden` is 0 or above [`MAX_HIDDEN`].
    pub fn new(hidden: usize, seed: u64) -> Net {
        assert!((1..=MAX_HIDDEN).contains(&hidden), "hidden units");
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x006e_6574_776f_726b);
        let r1 = 0.1f32;
        let w1 = (0..N_INPUTS * hidden)
            .map(|_| rng.gen_range(-r1..r1))
            .collect();
        let r2 = 0.1f32;
        let w2 = (0..hidden).map(|_| rng.gen_range(-r2..r2)).collect();
        Net {
            hidden,
            w1,
            b1: vec![0.0; hidden],
            w2,
            b2: 0.0,
            info: TrainInfo::default(),
        }
    }

    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// The hidden activations and the output for `f`.
    #[inline]
    fn forward_into(&self, f: &Features, h: &mut [f32]) -> f32 {
        let n = self.hidden;
        let h = &mut h[..n];
        h.copy_from_slice(&self.b1);
        for (&i, &v) in f.idx.iter().zip(&f.val) {
            let row = &self.w1[i as usize * n..(i as usize + 1) * n];
            if v == 1.0 {
                for (a, w) in h.iter_mut().zip(row) {
                    *a += w;
                }
            } else {
                for (a, w) in h.iter_mut().zip(row) {
                    *a += v * w;
                }
            }
        }
        let mut z = self.b2;
        for (a, w) in h.iter_mut().zip(&self.w2) {
            *a = sigmoid(*a);
            z += *a * w;
        }
        sigmoid(z)
    }

    /// The probability that the side to roll wins.
    pub fn eval(&self, f: &Features) -> f32 {
        let mut h = [0.0f32; MAX_HIDDEN];
        self.forward_into(f, &mut h)
    }

    /// One gradient step towards `target` (cross-entropy on the output
    /// logit): returns the output before the step.
    pub fn learn(&mut self, f: &Features, target: f32, alpha: f32) -> f32 {
        let n = self.hidden;
        let mut h = [0.0f32; MAX_HIDDEN];
        let y = self.forward_into(f, &mut h);
        let d = alpha * (target - y);
        let mut dh = [0.0f32; MAX_HIDDEN];
        for ((g, w), &hj) in dh[..n].iter_mut().zip(self.w2.iter_mut()).zip(&h[..n]) {
            *g = d * *w * hj * (1.0 - hj);
            *w += d * hj;
        }
        self.b2 += d;
        for (b, g) in self.b1.iter_mut().zip(&dh[..n]) {
            *b += g;
        }
        for (&i, &v) in f.idx.iter().zip(&f.val) {
            let row = &mut self.w1[i as usize * n..(i as usize + 1) * n];
            for (w, g) in row.iter_mut().zip(&dh[..n]) {
                *w += v * g;
            }
        }
        y
    }

    /// The model file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(64 + 4 * (self.w1.len() + 2 * self.hidden + 1));
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.extend_from_slice(&(N_INPUTS as u32).to_le_bytes());
        b.extend_from_slice(&(self.hidden as u32).to_le_bytes());
        let i = &self.info;
        b.extend_from_slice(&i.games.to_le_bytes());
        b.extend_from_slice(&i.seed.to_le_bytes());
        b.extend_from_slice(&i.alpha.to_le_bytes());
        b.extend_from_slice(&i.alpha_end.to_le_bytes());
        b.extend_from_slice(&i.alpha_games.to_le_bytes());
        b.extend_from_slice(&i.lambda.to_le_bytes());
        b.extend_from_slice(&i.batch.to_le_bytes());
        for x in self.w1.iter().chain(&self.b1).chain(&self.w2) {
            b.extend_from_slice(&x.to_le_bytes());
        }
        b.extend_from_slice(&self.b2.to_le_bytes());
        b
    }

    /// Reads a model file's bytes.
    ///
    /// # Errors
    /// If the bytes are not a model of this version with these inputs.
    pub fn from_bytes(b: &[u8]) -> Result<Net, ModelError> {
        let bad = |what: &str| ModelError(format!("not a trictrac model file: {what}"));
        let mut r = Reader { b, at: 0 };
        if r.take(4).ok_or_else(|| bad("too short"))? != MAGIC {
            return Err(bad("wrong magic bytes"));
        }
        let version = r.u32().ok_or_else(|| bad("too short"))?;
        if version != VERSION {
            return Err(ModelError(format!(
                "model format version {version} is not supported (expected {VERSION})"
            )));
        }
        let n_in = r.u32().ok_or_else(|| bad("too short"))? as usize;
        let hidden = r.u32().ok_or_else(|| bad("too short"))? as usize;
        if n_in != N_INPUTS {
            return Err(ModelError(format!(
                "the model has {n_in} inputs; this program's evaluation has {N_INPUTS}"
            )));
        }
        if !(1..=MAX_HIDDEN).contains(&hidden) {
            return Err(bad("hidden layer size out of range"));
        }
        let short = || bad("truncated");
        let info = TrainInfo {
            games: r.u64().ok_or_else(short)?,
            seed: r.u64().ok_or_else(short)?,
            alpha: r.f32().ok_or_else(short)?,
            alpha_end: r.f32().ok_or_else(short)?,
            alpha_games: r.u64().ok_or_else(short)?,
            lambda: r.f32().ok_or_else(short)?,
            batch: r.u32().ok_or_else(short)?,
        };
        let mut floats = |n: usize| -> Result<Vec<f32>, ModelError> {
            (0..n).map(|_| r.f32().ok_or_else(short)).collect()
        };
        let w1 = floats(n_in * hidden)?;
        let b1 = floats(hidden)?;
        let w2 = floats(hidden)?;
        let b2 = floats(1)?[0];
        if r.at != b.len() {
            return Err(bad("trailing bytes"));
        }
        if w1.iter().chain(&b1).chain(&w2).any(|x| !x.is_finite()) || !b2.is_finite() {
            return Err(bad("weights are not finite"));
        }
        Ok(Net {
            hidden,
            w1,
            b1,
            w2,
            b2,
            info,
        })
    }

    /// Reads a model file.
    ///
    /// # Errors
    /// If the file cannot be read or is not a model.
    pub fn load(path: &std::path::Path) -> Result<Net, ModelError> {
        let b = std::fs::read(path)
            .map_err(|e| ModelError(format!("cannot read {}: {e}", path.display())))?;
        Net::from_bytes(&b).map_err(|e| ModelError(format!("{}: {e}", path.display())))
    }

    /// Writes the model file atomically (a temporary file, then a rename).
    ///
    /// # Errors
    /// If the file cannot be written.
    pub fn save(&self, path: &std::path::Path) -> Result<(), ModelError> {
        let tmp = path.with_extension("tmp");
        let err = |e: std::io::Error| ModelError(format!("cannot write {}: {e}", path.display()));
        std::fs::write(&tmp, self.to_bytes()).map_err(err)?;
        std::fs::rename(&tmp, path).map_err(err)
    }
}

struct Reader<'a> {
    b: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Option<&'a [u8]> {
        let s = self.b.get(self.at..self.at + n)?;
        self.at += n;
        Some(s)
    }
    fn u32(&mut self) -> Option<u32> {
        self.take(4)
            .map(|s| u32::from_le_bytes(s.try_into().unwrap()))
    }
    fn u64(&mut self) -> Option<u64> {
        self.take(8)
            .map(|s| u64::from_le_bytes(s.try_into().unwrap()))
    }
    fn f32(&mut self) -> Option<f32> {
        self.take(4)
            .map(|s| f32::from_le_bytes(s.try_into().unwrap()))
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
