//! Layer 1, the network: [`BgNet`], a [`neural::Net`] with five
//! outputs, as GNU Backgammon's (win, win a gammon or more, win a
//! backgammon, lose a gammon or more, lose a backgammon), in the eyes of
//! the side on roll; its inputs ([`encode`], the expert inputs of
//! [`features`]); its forward pass ([`BgNet::evaluate_net`]); its model
//! files; the shipped model ([`default_net`]); and the arithmetic of
//! outputs ([`flip`], [`equity`], [`outcome`]).
//!
//! Gammons and backgammons are counted by the game's preset (BG-6.1 or
//! BG-6.2), and the preset is one of the inputs: one network values
//! positions under both.
//!
//! Which evaluator values a position (the bear-off database, the race
//! network or this one) is the layer above's, [`crate::eval`].

pub mod features;

use std::ops::{Deref, DerefMut};
use std::sync::{Arc, OnceLock};

use backgammon::{Position, Preset, Side, WinKind};
use neural::{Features, ModelError, Outputs};

const MAGIC: &[u8; 4] = b"BGNN";

/// The number of inputs of the first network version (see [`encode`]).
pub const N_INPUTS_V1: usize = 200;
/// The number of inputs of the second version: the first's, then the
/// expert inputs of each side, the side on roll first
/// ([`features`]).
pub const N_INPUTS: usize = N_INPUTS_V1 + 2 * features::PER_SIDE;
/// The number of outputs.
pub const N_OUTPUTS: usize = 5;

/// The network's inputs for `pos`, seen by its side on roll ("me"):
///
/// - for each side (me first) and each of his points 1–24 (his own
///   numbering), four inputs: at least one checker, at least two, at least
///   three, and the checkers beyond three / 2 (192);
/// - checkers on the bar / 2 and borne off / 15, each side (4);
/// - pip counts / 167, each side (2);
/// - whether the position is a race (1);
/// - whether the seed preset's scoring applies (1);
///
/// then, with `expert` (the second version), [`features::PER_SIDE`]
/// expert inputs for each side, me first (200..).
pub fn encode_with(pos: &Position, preset: Preset, expert: bool, f: &mut Features) {
    f.clear();
    let me = pos.turn();
    for (k, side) in [me, !me].into_iter().enumerate() {
        let c = pos.counts(side);
        let base = k * 96;
        for (p, &n) in c.iter().enumerate().take(25).skip(1) {
            if n == 0 {
                continue;
            }
            f.push_count(base + (p - 1) * 4, u32::from(n), 2.0);
        }
    }
    let t = tail_inputs(pos, preset);
    for k in 0..2 {
        f.push(192 + k, t[k]);
        f.push(194 + k, t[2 + k]);
        f.push(196 + k, t[4 + k]);
    }
    f.push(198, t[6]);
    f.push(199, t[7]);
    if expert {
        let mut x = [0.0f32; 2 * features::PER_SIDE];
        features::both_sides(pos, me, &mut x);
        for (j, &v) in x.iter().enumerate() {
            f.push(N_INPUTS_V1 + j, v);
        }
    }
}

/// The inputs 192–199 of [`encode_with`] for `pos` (`[j]` is input
/// `192 + j`): bar, off and pips of each side, race, preset.
pub(crate) fn tail_inputs(pos: &Position, preset: Preset) -> [f32; 8] {
    let me = pos.turn();
    let mut t = [0.0f32; 8];
    for (k, side) in [me, !me].into_iter().enumerate() {
        t[k] = pos.on_bar(side) as f32 / 2.0;
        t[2 + k] = pos.borne_off(side) as f32 / 15.0;
        t[4 + k] = pos.pip_count(side) as f32 / 167.0;
    }
    t[6] = if pos.is_race() { 1.0 } else { 0.0 };
    t[7] = if preset == Preset::Seed { 1.0 } else { 0.0 };
    t
}

/// The inputs of the second version ([`encode_with`] with the expert
/// inputs).
pub fn encode(pos: &Position, preset: Preset, f: &mut Features) {
    encode_with(pos, preset, true, f);
}

/// Outputs in the other side's eyes.
pub fn flip(o: &Outputs) -> Outputs {
    let mut f = [0.0f32; neural::MAX_OUTPUTS];
    f[0] = 1.0 - o[0];
    f[1] = o[3];
    f[2] = o[4];
    f[3] = o[1];
    f[4] = o[2];
    f
}

/// The cubeless equity (points per game, money) of outputs.
pub fn equity(o: &Outputs) -> f32 {
    2.0 * o[0] - 1.0 + o[1] - o[3] + o[2] - o[4]
}

/// The exact outputs of a finished game, in `eyes`' eyes.
pub fn outcome(winner: Side, kind: WinKind, eyes: Side) -> Outputs {
    let mut o = [0.0f32; neural::MAX_OUTPUTS];
    let g = (kind != WinKind::Single) as u8 as f32;
    let bg = (kind == WinKind::Backgammon) as u8 as f32;
    if winner == eyes {
        o[0] = 1.0;
        o[1] = g;
        o[2] = bg;
    } else {
        o[3] = g;
        o[4] = bg;
    }
    o
}

/// The backgammon evaluation network.
#[derive(Clone, Debug, PartialEq)]
pub struct BgNet(neural::Net);

impl BgNet {
    /// A network of the second version with random weights.
    ///
    /// # Panics
    /// If `hidden` is 0 or above [`neural::MAX_HIDDEN`].
    pub fn new(hidden: usize, seed: u64) -> BgNet {
        BgNet(neural::Net::new(N_INPUTS, hidden, N_OUTPUTS, seed))
    }

    /// A network of the second version with `hidden` hidden units that
    /// computes exactly what `self` computes (a warm start): the inputs
    /// `self` lacks get zero weights, the hidden units it lacks small
    /// random input weights (from `seed`) and zero output weights.
    ///
    /// # Panics
    /// If `hidden` is below `self`'s or above [`neural::MAX_HIDDEN`].
    pub fn widened(&self, hidden: usize, seed: u64) -> BgNet {
        BgNet(self.0.widened(N_INPUTS, hidden, seed))
    }

    /// Whether the network reads the expert inputs (the second version).
    pub fn expert(&self) -> bool {
        self.0.inputs() > N_INPUTS_V1
    }

    /// This network's inputs for `pos`.
    pub fn encode(&self, pos: &Position, preset: Preset, f: &mut Features) {
        encode_with(pos, preset, self.expert(), f);
    }

    /// Reads a model file's bytes (either version).
    ///
    /// # Errors
    /// If they are not a backgammon model with these inputs.
    pub fn from_bytes(b: &[u8]) -> Result<BgNet, ModelError> {
        neural::Net::from_bytes(b, MAGIC, "backgammon", N_INPUTS, N_OUTPUTS)
            .or_else(|e| {
                neural::Net::from_bytes(b, MAGIC, "backgammon", N_INPUTS_V1, N_OUTPUTS)
                    .map_err(|_| e)
            })
            .map(BgNet)
    }

    /// The model file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        self.0.to_bytes(MAGIC)
    }

    /// Reads a model file.
    ///
    /// # Errors
    /// If the file cannot be read or is not a backgammon model.
    pub fn load(path: &std::path::Path) -> Result<BgNet, ModelError> {
        neural::Net::load(path, MAGIC, "backgammon", N_INPUTS, N_OUTPUTS)
            .or_else(|e| {
                neural::Net::load(path, MAGIC, "backgammon", N_INPUTS_V1, N_OUTPUTS).map_err(|_| e)
            })
            .map(BgNet)
    }

    /// Writes the model atomically.
    ///
    /// # Errors
    /// If the file cannot be written.
    pub fn save(&self, path: &std::path::Path) -> Result<(), ModelError> {
        self.0.save(path, MAGIC)
    }

    /// The network's outputs for `pos`, whatever the position (the
    /// hidden layer's logistic by the fast approximation,
    /// [`neural::Net::eval_fast`]; within about 10⁻⁷ of
    /// [`BgNet::evaluate_net_exact`]).
    pub fn evaluate_net(&self, pos: &Position, preset: Preset) -> Outputs {
        let mut f = Features::default();
        self.encode(pos, preset, &mut f);
        self.0.eval_fast(&f)
    }

    /// The network's outputs for `pos` computed the straightforward way
    /// (libm's logistic, [`neural::Net::eval`]): the reference of the
    /// fast paths' tests.
    pub fn evaluate_net_exact(&self, pos: &Position, preset: Preset) -> Outputs {
        let mut f = Features::default();
        self.encode(pos, preset, &mut f);
        self.0.eval(&f)
    }
}

impl Deref for BgNet {
    type Target = neural::Net;
    fn deref(&self) -> &neural::Net {
        &self.0
    }
}

impl DerefMut for BgNet {
    fn deref_mut(&mut self) -> &mut neural::Net {
        &mut self.0
    }
}

/// The shipped model's bytes (`models/backgammon.bin`; how it was
/// trained: docs/STRENGTH.md).
pub static DEFAULT_MODEL: &[u8] = include_bytes!("../../models/backgammon.bin");

/// The shipped model, read once.
pub fn default_net() -> Arc<BgNet> {
    static NET: OnceLock<Arc<BgNet>> = OnceLock::new();
    NET.get_or_init(|| {
        Arc::new(BgNet::from_bytes(DEFAULT_MODEL).expect("the shipped model is valid"))
    })
    .clone()
}
