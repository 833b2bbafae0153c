//! The neural evaluation of backgammon positions: [`neural::Net`] with
//! five outputs, as GNU Backgammon's (win, win a gammon or more, win a
//! backgammon, lose a gammon or more, lose a backgammon), in the eyes of
//! the side on roll, and the player that chooses the play of highest
//! cubeless equity.
//!
//! Gammons and backgammons are counted by the game's preset (BG-6.1 or
//! BG-6.2), and the preset is one of the inputs: one network values
//! positions under both.

use std::ops::{Deref, DerefMut};
use std::sync::{Arc, OnceLock};

use backgammon::score::win_kind;
use backgammon::{Game, Play, PlayList, Position, Preset, Roll, Rules, Side, WinKind};
use neural::{Features, ModelError, Outputs};

use crate::cube::depth::Question;
use crate::near::Near;
use crate::Player;

const MAGIC: &[u8; 4] = b"BGNN";

/// The number of inputs of the first network version (see [`encode`]).
pub const N_INPUTS_V1: usize = 200;
/// The number of inputs of the second version: the first's, then the
/// expert inputs of each side, the side on roll first
/// ([`crate::features`]).
pub const N_INPUTS: usize = N_INPUTS_V1 + 2 * crate::features::PER_SIDE;
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
/// then, with `expert` (the second version), [`crate::features::PER_SIDE`]
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
        let mut x = [0.0f32; 2 * crate::features::PER_SIDE];
        crate::features::both_sides(pos, me, &mut x);
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

/// Which evaluator values a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Evaluator {
    /// Both sides bear off: the exact one-sided database
    /// ([`crate::bearoff`]).
    BearoffDb,
    /// No contact, a side still outside his home board.
    Race,
    /// Contact: the network.
    Contact,
}

impl Evaluator {
    /// The evaluator for `pos`.
    pub fn of(pos: &Position) -> Evaluator {
        if crate::bearoff::applies(pos) {
            Evaluator::BearoffDb
        } else if pos.is_race() {
            Evaluator::Race
        } else {
            Evaluator::Contact
        }
    }

    /// Its name in the program's output.
    pub fn label(self) -> &'static str {
        match self {
            Evaluator::BearoffDb => "bear-off database",
            Evaluator::Race => "race",
            Evaluator::Contact => "contact network",
        }
    }
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

    /// The outputs for `pos` (before its side on roll rolls), in that
    /// side's eyes, from the evaluator that applies ([`Evaluator::of`]):
    /// the bear-off database, the race evaluator or the network.
    pub fn evaluate(&self, pos: &Position, preset: Preset) -> Outputs {
        match Evaluator::of(pos) {
            Evaluator::BearoffDb => crate::bearoff::evaluate(pos),
            Evaluator::Race => match crate::race::race_net() {
                Some(r) => r.evaluate(pos, preset),
                None => self.evaluate_net(pos, preset),
            },
            Evaluator::Contact => self.evaluate_net(pos, preset),
        }
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

    /// The outputs, in the mover's eyes, of the position `after` his play
    /// (exact when the play wins).
    pub fn after_play(&self, after: &Position, mover: Side, preset: Preset) -> Outputs {
        if after.winner() == Some(mover) {
            return outcome(mover, win_kind(after, mover, preset), mover);
        }
        flip(&self.evaluate(after, preset))
    }

    /// [`BgNet::after_play`] for a position close to the base of `near`
    /// ([`Near::set_base`]): the network's outputs from the base's sums
    /// and the differences of the inputs (within about 10⁻⁶ of
    /// [`BgNet::after_play`]).
    pub(crate) fn after_play_near(
        &self,
        after: &Position,
        mover: Side,
        preset: Preset,
        near: &mut Near,
    ) -> Outputs {
        if after.winner() == Some(mover) {
            return outcome(mover, win_kind(after, mover, preset), mover);
        }
        flip(&match Evaluator::of(after) {
            Evaluator::Contact => near.eval(self, after, preset),
            _ => self.evaluate(after, preset),
        })
    }

    /// The outputs, in the mover's eyes, of the position `after` his play
    /// searched one ply deeper: the mean over the opponent's 21 rolls
    /// (weighted 1 or 2 of 36) of the position after the opponent's best
    /// reply at 0 ply (exact when the play wins). `buf` is scratch space.
    pub fn after_play_2ply(
        &self,
        after: &Position,
        mover: Side,
        rules: &Rules,
        buf: &mut PlayList,
    ) -> Outputs {
        if after.winner() == Some(mover) {
            return outcome(mover, win_kind(after, mover, rules.preset), mover);
        }
        let opp = !mover;
        // Every reply's position is a few checkers away from `after` with
        // the mover on roll: the network's sums for it are computed once.
        let mut near = Near::new();
        near.set_base(self, &after.with_turn(mover), rules.preset);
        let mut sum = [0.0f32; neural::MAX_OUTPUTS];
        for roll in Roll::ALL {
            buf.clear();
            after.legal_plays_into(roll, rules, buf);
            // The opponent's best reply in his eyes, then in the mover's.
            let mut best = (f32::NEG_INFINITY, [0.0f32; neural::MAX_OUTPUTS]);
            for p in buf.iter() {
                let o =
                    self.after_play_near(&after.play_unchecked(p), opp, rules.preset, &mut near);
                let e = equity(&o);
                if e > best.0 {
                    best = (e, o);
                }
            }
            let w = roll.weight() as f32 / 36.0;
            for (s, x) in sum.iter_mut().zip(flip(&best.1)) {
                *s += w * x;
            }
        }
        sum
    }

    /// The outputs for `pos` before its side on roll rolls, in his eyes,
    /// for cube decisions: the mean of the network's value of the position
    /// (which tends to undervalue the side about to roll) and the mean over
    /// his 21 rolls of his best play's value (which tends to overvalue it).
    pub fn evaluate_for_cube(&self, pos: &Position, rules: &Rules) -> Outputs {
        let zero = self.evaluate(pos, rules.preset);
        if pos.winner().is_some() {
            return zero;
        }
        let mut buf = PlayList::new();
        let rolled = flip(&self.after_play_2ply(pos, !pos.turn(), rules, &mut buf));
        let mut o = [0.0f32; neural::MAX_OUTPUTS];
        for (k, x) in o.iter_mut().enumerate() {
            *x = 0.5 * (zero[k] + rolled[k]);
        }
        o
    }

    /// Every play of `plays` with its cubeless equity at 0 ply (in the
    /// mover's eyes) and the position it leads to, best first: the first
    /// step of the searches. The positions are valued from the one before
    /// the play ([`Near`]).
    pub(crate) fn ranked_at_0ply(
        &self,
        pos: &Position,
        plays: &[Play],
        preset: Preset,
    ) -> Vec<(f32, Play, Position)> {
        let mover = pos.turn();
        let mut near = Near::new();
        near.set_base(self, &pos.with_turn(!mover), preset);
        let mut ranked: Vec<(f32, Play, Position)> = plays
            .iter()
            .map(|p| {
                let after = pos.play_unchecked(p);
                let e = equity(&self.after_play_near(&after, mover, preset, &mut near));
                (e, *p, after)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranked
    }

    /// The play of highest cubeless equity at 2 ply: every play valued at
    /// 0 ply, then the best `keep` of those within `margin` of the best
    /// searched by [`BgNet::after_play_2ply`]. The play and its outputs
    /// (in the mover's eyes).
    pub fn best_play_2ply(
        &self,
        pos: &Position,
        plays: &[Play],
        rules: &Rules,
        keep: usize,
        margin: f32,
    ) -> (Play, Outputs) {
        let mover = pos.turn();
        let ranked = self.ranked_at_0ply(pos, plays, rules.preset);
        let top = ranked.first().map_or(0.0, |r| r.0);
        let mut buf = PlayList::new();
        let mut best: Option<(f32, Play, Outputs)> = None;
        for (e0, play, after) in ranked.iter().take(keep.max(1)) {
            if *e0 < top - margin {
                break;
            }
            let o = self.after_play_2ply(after, mover, rules, &mut buf);
            let e = equity(&o);
            if best.as_ref().is_none_or(|b| e > b.0) {
                best = Some((e, *play, o));
            }
        }
        match best {
            Some((_, p, o)) => (p, o),
            // `plays` was empty: nothing to play.
            None => (Play::PASS, self.evaluate(pos, rules.preset)),
        }
    }

    /// The legal play of highest cubeless equity, and that equity.
    pub fn best_play(&self, pos: &Position, plays: &[Play], preset: Preset) -> (Play, f32) {
        let mover = pos.turn();
        let mut near = Near::new();
        near.set_base(self, &pos.with_turn(!mover), preset);
        let mut best = (plays[0], f32::NEG_INFINITY);
        for p in plays {
            let e = equity(&self.after_play_near(&pos.play_unchecked(p), mover, preset, &mut near));
            if e > best.1 {
                best = (*p, e);
            }
        }
        best
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
pub static DEFAULT_MODEL: &[u8] = include_bytes!("../models/backgammon.bin");

/// The shipped model, read once.
pub fn default_net() -> Arc<BgNet> {
    static NET: OnceLock<Arc<BgNet>> = OnceLock::new();
    NET.get_or_init(|| {
        Arc::new(BgNet::from_bytes(DEFAULT_MODEL).expect("the shipped model is valid"))
    })
    .clone()
}

/// How many plays the 2-ply search looks at: the best at 0 ply, up to
/// this many.
pub const SEARCH_KEEP: usize = 5;
/// ... within this much equity of the best at 0 ply.
pub const SEARCH_MARGIN: f32 = 0.16;

/// The neural player: the play of highest cubeless equity, at 0 ply or
/// searched at 2 ply ([`BgNet::best_play_2ply`]); cube decisions from the
/// cubeless outputs ([`crate::cube`]).
#[derive(Debug, Clone)]
pub struct NeuralPlayer {
    net: Arc<BgNet>,
    plies: u8,
    name: &'static str,
}

impl NeuralPlayer {
    /// A player with `net`, at 0 ply.
    pub fn new(net: Arc<BgNet>) -> NeuralPlayer {
        NeuralPlayer {
            net,
            plies: 0,
            name: "neural0",
        }
    }

    /// A player with `net` that searches 2 plies deep.
    pub fn two_ply(net: Arc<BgNet>) -> NeuralPlayer {
        NeuralPlayer {
            net,
            plies: 2,
            name: "neural2",
        }
    }

    /// A player with `net` that searches 3 plies deep (gnubg's 2-ply:
    /// [`crate::analysis::deep::best_play_3ply`]).
    pub fn three_ply(net: Arc<BgNet>) -> NeuralPlayer {
        NeuralPlayer {
            net,
            plies: 3,
            name: "neural3",
        }
    }

    /// The same player under another name.
    pub fn named(mut self, name: &'static str) -> NeuralPlayer {
        self.name = name;
        self
    }

    /// The search depth: 0, 2 or 3.
    pub fn plies(&self) -> u8 {
        self.plies
    }
}

impl Player for NeuralPlayer {
    fn name(&self) -> &str {
        self.name
    }

    fn choose_play(&mut self, game: &Game) -> Play {
        let plays = game.legal_plays();
        if plays.len() == 1 {
            return plays[0];
        }
        if self.plies >= 3 {
            // In a match the score weighs the gammons (deep::Score).
            let mut scratch = crate::analysis::deep::Scratch::default();
            let score = crate::analysis::deep::Score {
                state: game.match_state(),
                cube: game.cube(),
            };
            crate::analysis::deep::best_play_3ply_in(
                &self.net,
                game.position(),
                plays,
                game.rules(),
                &mut scratch,
                score,
            )
            .0
        } else if self.plies >= 2 {
            self.net
                .best_play_2ply(
                    game.position(),
                    plays,
                    game.rules(),
                    SEARCH_KEEP,
                    SEARCH_MARGIN,
                )
                .0
        } else {
            self.net
                .best_play(game.position(), plays, game.rules().preset)
                .0
        }
    }

    fn wants_double(&mut self, game: &Game) -> bool {
        if self.plies >= 2 {
            // Close decisions searched deeper (crate::cube::depth).
            return crate::cube::depth::bot_decision(&self.net, game, Question::Double)
                .0
                .double();
        }
        let o = self.net.evaluate_for_cube(game.position(), game.rules());
        crate::cube::should_double(game, &o)
    }

    fn takes(&mut self, game: &Game) -> bool {
        // The doubler is on roll: the outputs in his eyes.
        if self.plies >= 2 {
            return crate::cube::depth::bot_decision(&self.net, game, Question::Take)
                .0
                .take();
        }
        let o = self.net.evaluate_for_cube(game.position(), game.rules());
        crate::cube::should_take(game, &o)
    }
}
