//! The trictrac evaluation network: [`neural::Net`] over the inputs of
//! [`crate::features`], with either one output, the probability that the
//! side to roll wins the game (the first shipped network, `neural-v1`),
//! or [`EQUITY_OUTPUTS`] outputs, the distribution of the stake (R-9.1)
//! from which the **equity** (expected stake) is computed ([`equity`]).
//!
//! The equity outputs, all in the eyes of the side to roll, are
//! cumulative as in GNU Backgammon's gammon outputs, over the stakes of
//! the default payout (`guiton`, ×1 … ×4):
//!
//! | output | probability that the side to roll |
//! |---|---|
//! | 0 | wins |
//! | 1, 2, 3 | wins at least ×2, ×3, ×4 |
//! | 4, 5, 6 | loses at least ×2, ×3, ×4 |
//!
//! The network itself, its model file and the training pieces that do
//! not depend on the game are shared with the backgammon bot in the
//! `neural` crate; this module fixes what is trictrac's: the magic bytes
//! `TTNN`, the input count and the outputs.

use std::ops::{Deref, DerefMut};
use std::sync::{Arc, OnceLock};

pub use neural::{ModelError, TrainInfo, MAX_HIDDEN};

use trictrac::game::{stake, Payout};
use trictrac::{ScoreState, Side};

use crate::features::{Features, N_INPUTS};

const MAGIC: &[u8; 4] = b"TTNN";

/// The outputs of an equity network (see the module's table).
pub const EQUITY_OUTPUTS: usize = 7;

/// The largest stake multiplier of a payout (R-9.1): the equity of a
/// position lies between minus and plus this.
pub fn max_stake(payout: Payout) -> f32 {
    match payout {
        Payout::Guiton | Payout::Honneurs => 4.0,
        Payout::Soumille | Payout::Jollyvet => 2.0,
        Payout::None => 1.0,
    }
}

/// The equity (expected stake, R-9.1) of an equity network's outputs
/// `o` under `payout`, for the side to roll: `guiton` uses the outputs
/// as they are; `jollyvet` pays ×2 for a grande bredouille (the ×3 and
/// ×4 outputs); `soumille` ×2 for a grande bredouille and ×1.5 for the
/// ×2 output (an approximation: its threshold is the 7th hole, not the
/// 6th), `honneurs` the same as `guiton` (the same approximation);
/// `none` ×1.
///
/// ```
/// use trictrac::game::Payout;
/// use trictrac_bot::nn::equity;
/// // Wins surely, at ×3 half the time.
/// let o = [1.0, 0.5, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0];
/// assert_eq!(equity(&o, Payout::Guiton), 2.0);
/// assert_eq!(equity(&o, Payout::Jollyvet), 1.5);
/// assert_eq!(equity(&o, Payout::None), 1.0);
/// ```
pub fn equity(o: &neural::Outputs, payout: Payout) -> f32 {
    let (win, lose) = (o[0], 1.0 - o[0]);
    match payout {
        Payout::Guiton | Payout::Honneurs => win + o[1] + o[2] + o[3] - lose - o[4] - o[5] - o[6],
        Payout::Jollyvet => win + o[2] - lose - o[5],
        Payout::Soumille => win + 0.5 * (o[1] + o[2]) - lose - 0.5 * (o[4] + o[5]),
        Payout::None => win - lose,
    }
}

/// The equity outputs of a finished game, in the eyes of `side`: its
/// stake under the default payout (`guiton`) decides the cumulative
/// outputs (the training target of the last state).
pub fn equity_target(score: &ScoreState, winner: Side, side: Side) -> neural::Outputs {
    let m = stake(Payout::Guiton, score, winner).value().round() as usize;
    let mut o = [0.0f32; neural::MAX_OUTPUTS];
    let base = if winner == side {
        o[0] = 1.0;
        1
    } else {
        4
    };
    for k in 0..m.saturating_sub(1).min(3) {
        o[base + k] = 1.0;
    }
    o
}

/// The same outputs in the eyes of the other side.
pub fn flip_equity(o: &neural::Outputs) -> neural::Outputs {
    let mut f = *o;
    f[0] = 1.0 - o[0];
    f[1..4].copy_from_slice(&o[4..7]);
    f[4..7].copy_from_slice(&o[1..4]);
    f
}

/// The evaluation network: one output (the side to roll wins) or
/// [`EQUITY_OUTPUTS`] (the stake distribution).
///
/// Dereferences to the shared [`neural::Net`] (its training metadata
/// `info`, its sizes).
#[derive(Clone, Debug, PartialEq)]
pub struct Net(neural::Net);

impl Net {
    /// A one-output network with small random weights drawn from `seed`.
    ///
    /// # Panics
    /// If `hidden` is 0 or above [`MAX_HIDDEN`].
    pub fn new(hidden: usize, seed: u64) -> Net {
        Net(neural::Net::new(N_INPUTS, hidden, 1, seed))
    }

    /// An equity network with small random weights drawn from `seed`.
    ///
    /// # Panics
    /// If `hidden` is 0 or above [`MAX_HIDDEN`].
    pub fn new_equity(hidden: usize, seed: u64) -> Net {
        Net(neural::Net::new(N_INPUTS, hidden, EQUITY_OUTPUTS, seed))
    }

    /// An equity network warm-started from a one-output network: the
    /// hidden layer and the win output are kept; each "wins at least"
    /// output starts as the win output shifted down, each "loses at
    /// least" output as the loss (its negation) shifted down, so that
    /// the first games train from sensible values. An equity network is
    /// returned as it is.
    pub fn to_equity(&self, seed: u64) -> Net {
        if self.is_equity() {
            return self.clone();
        }
        let mut n = self.0.with_outputs(EQUITY_OUTPUTS, seed);
        let (w, b) = self.0.output_weights(0);
        let w = w.to_vec();
        let neg: Vec<f32> = w.iter().map(|x| -x).collect();
        for k in 0..3 {
            let shift = 1.5 * (k + 1) as f32;
            n.set_output_weights(1 + k, &w, b - shift);
            n.set_output_weights(4 + k, &neg, -b - shift);
        }
        Net(n)
    }

    /// Whether this network gives the stake distribution.
    pub fn is_equity(&self) -> bool {
        self.0.outputs() == EQUITY_OUTPUTS
    }

    /// The probability that the side to roll wins.
    #[inline]
    pub fn eval(&self, f: &Features) -> f32 {
        self.0.eval(f)[0]
    }

    /// Every output.
    #[inline]
    pub fn eval_all(&self, f: &Features) -> neural::Outputs {
        self.0.eval(f)
    }

    /// One gradient step of every output towards `target`: returns the
    /// outputs before the step.
    pub fn learn_all(&mut self, f: &Features, target: &[f32], alpha: f32) -> neural::Outputs {
        self.0.learn(f, target, alpha)
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
        neural::Net::from_bytes(b, MAGIC, "trictrac", N_INPUTS, 1)
            .or_else(|e| {
                neural::Net::from_bytes(b, MAGIC, "trictrac", N_INPUTS, EQUITY_OUTPUTS)
                    .map_err(|_| e)
            })
            .map(Net)
    }

    /// Reads a model file.
    ///
    /// # Errors
    /// If the file cannot be read or is not a model.
    pub fn load(path: &std::path::Path) -> Result<Net, ModelError> {
        neural::Net::load(path, MAGIC, "trictrac", N_INPUTS, 1)
            .or_else(|e| {
                neural::Net::load(path, MAGIC, "trictrac", N_INPUTS, EQUITY_OUTPUTS).map_err(|_| e)
            })
            .map(Net)
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

/// The first shipped model's bytes (`models/default.bin`, one output:
/// the player `neural-v1`, kept unchanged to measure progress against).
pub static DEFAULT_MODEL: &[u8] = include_bytes!("../models/default.bin");

/// The equity model's bytes (`models/equity.bin`, [`EQUITY_OUTPUTS`]
/// outputs): the best shipped network, the default bot's.
pub static EQUITY_MODEL: &[u8] = include_bytes!("../models/equity.bin");

/// The first shipped model (`neural-v1`), read once.
pub fn v1_net() -> Arc<Net> {
    static NET: OnceLock<Arc<Net>> = OnceLock::new();
    NET.get_or_init(|| {
        Arc::new(Net::from_bytes(DEFAULT_MODEL).expect("the shipped model is valid"))
    })
    .clone()
}

/// The best shipped model (the equity network), read once: the default
/// bot's, and what the analysis uses.
pub fn default_net() -> Arc<Net> {
    static NET: OnceLock<Arc<Net>> = OnceLock::new();
    NET.get_or_init(|| Arc::new(Net::from_bytes(EQUITY_MODEL).expect("the shipped model is valid")))
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
    fn the_shipped_models_are_read_and_written_identically() {
        let net = Net::from_bytes(DEFAULT_MODEL).unwrap();
        assert!(!net.is_equity());
        assert_eq!(net.to_bytes(), DEFAULT_MODEL);
        let net = Net::from_bytes(EQUITY_MODEL).unwrap();
        assert!(net.is_equity());
        assert_eq!(net.to_bytes(), EQUITY_MODEL);
    }

    #[test]
    fn equity_outputs_flip_and_value_the_stake() {
        // R-9.1 guiton: ×1 … ×4.
        let mut score = trictrac::ScoreState::default();
        score.holes.white = 12;
        score.holes.black = 3;
        let o = equity_target(&score, Side::White, Side::White);
        assert_eq!(equity(&o, Payout::Guiton), 1.0);
        let f = flip_equity(&o);
        assert_eq!(equity(&f, Payout::Guiton), -1.0);
        score.holes.black = 0;
        let o = equity_target(&score, Side::White, Side::Black);
        assert_eq!(equity(&o, Payout::Guiton), -4.0);
        assert_eq!(equity(&o, Payout::Jollyvet), -2.0);
        assert_eq!(equity(&o, Payout::None), -1.0);
        assert_eq!(flip_equity(&flip_equity(&o)), o);
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
