//! Supervised refinement of the contact network on positions valued by
//! our own deeper search (issue 22): TD(λ) self-play plateaus, so the
//! network is then taught, position by position, what its 2-ply search
//! says.
//!
//! 1. [`positions`]: contact positions (before a roll) from self-play
//!    games of a network at 0 ply, one play in ten random for variety,
//!    game `i` under the seed preset when `i` is odd (as the TD training),
//!    without duplicates, in the order met.
//! 2. [`label`]: each position's five cubeless outputs at 2 ply, in the
//!    eyes of the side on roll: the mean over his 21 rolls of the 0-ply
//!    outputs after his best play ([`BgNet::after_play_2ply`], which takes
//!    the bear-off database and the race network where they apply). The
//!    labels come from our own search only.
//! 3. [`write_set`] / [`LabelWriter`] / [`read_set`]: the labelled set as
//!    a binary file (so training can be re-run), written in chunks and
//!    resumable; its bytes depend only on the seed, the count and the
//!    labelling network.
//! 4. [`Refiner`]: supervised epochs (cross-entropy gradient of each
//!    sigmoid output, [`neural::Net::learn`]) over the shuffled set, the
//!    learning rate falling linearly; every twentieth sample is held out
//!    to measure the loss on positions not learned from.

use std::io::Write;
use std::path::Path;

use backgammon::{Game, Phase, PlayList, Position, Preset, Rules};
use neural::td::{game_seed, parallel_map};
use neural::{Features, Outputs};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod rollout;
mod set;

pub use rollout::{best_after, contact_rollout, labelling_net, rollout_label, LabelArgs};
pub use set::{
    read_set, read_set_plies, record, write_set, Sample, SetError, HEADER_BYTES, RECORD_BYTES,
};

use crate::eval::Evaluator;
use crate::net::{equity, flip, BgNet, N_OUTPUTS};
use set::{header, io_error, read_with_header};

/// Positions labelled between two writes of [`LabelWriter::run`].
pub const CHUNK: usize = 1024;
/// One play in this many is random when the positions are gathered.
pub const RANDOM_ONE_IN: u32 = 10;
/// Games played in parallel between two deduplications.
const GAME_BATCH: usize = 64;
/// Plies after which a gathering game is abandoned.
const MAX_PLIES: u32 = 1000;

/// The preset of gathering game `i`: seed when odd, standard when even.
pub fn preset_of(i: u64) -> Preset {
    if i % 2 == 1 {
        Preset::Seed
    } else {
        Preset::Standard
    }
}

/// The rules of the labels and the gathering games: the preset's, cube
/// off.
pub fn rules_of(preset: Preset) -> Rules {
    Rules {
        cube: false,
        ..Rules::of(preset)
    }
}

/// The contact positions met before each roll of one game of `net`
/// against itself at 0 ply (a random play one time in
/// [`RANDOM_ONE_IN`]), dice and random plays from `seed`.
fn game_positions(net: &BgNet, preset: Preset, seed: u64) -> Vec<Position> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Game::money(rules_of(preset));
    let mut out = Vec::with_capacity(64);
    let mut plies = 0u32;
    loop {
        match g.phase() {
            Phase::Opening => g.roll_with(&mut rng).expect("the opening"),
            Phase::Roll(_) => {
                let pos = *g.position();
                if Evaluator::of(&pos) == Evaluator::Contact {
                    out.push(pos);
                } else {
                    // No contact again in this game.
                    return out;
                }
                g.roll_with(&mut rng).expect("a roll")
            }
            Phase::Play(..) => {
                plies += 1;
                if plies > MAX_PLIES {
                    return out;
                }
                let plays = g.legal_plays();
                let p = if rng.gen_range(0..RANDOM_ONE_IN) == 0 {
                    plays[rng.gen_range(0..plays.len())]
                } else {
                    net.best_play(g.position(), plays, preset).0
                };
                g.play(&p).expect("a legal play")
            }
            Phase::Over(_) | Phase::Doubled { .. } => return out,
        }
    }
}

/// `n` distinct contact positions (with their presets) from self-play
/// games of `net` at 0 ply, in the order met: game `i` played with the
/// dice of `game_seed(seed, i)`, under [`preset_of`]`(i)`. The same for
/// any `jobs`.
pub fn positions(n: usize, seed: u64, net: &BgNet, jobs: usize) -> Vec<(Position, Preset)> {
    let mut seen = std::collections::HashSet::with_capacity(2 * n);
    let mut out = Vec::with_capacity(n);
    let mut first = 0u64;
    while out.len() < n {
        let games = parallel_map(GAME_BATCH, jobs, |k| {
            let i = first + k as u64;
            let preset = preset_of(i);
            (preset, game_positions(net, preset, game_seed(seed, i)))
        });
        first += GAME_BATCH as u64;
        for (preset, list) in games {
            for pos in list {
                if out.len() < n && seen.insert((pos, preset)) {
                    out.push((pos, preset));
                }
            }
        }
    }
    out
}

/// The label of `pos` (a position before its side on roll rolls): his
/// outputs at 2 ply, the mean over his 21 rolls of the 0-ply outputs
/// after his best play (chosen by cubeless equity at 0 ply), in his eyes.
/// `buf` is scratch space.
pub fn label(net: &BgNet, pos: &Position, preset: Preset, buf: &mut PlayList) -> Outputs {
    let rules = rules_of(preset);
    flip(&net.after_play_2ply(pos, !pos.turn(), &rules, buf))
}

/// The label of `pos` at `plies`: 2, [`label`]; 3, one ply deeper (what
/// gnubg calls 2-ply), the chances the bot's close cube decisions rest
/// on ([`crate::cube::depth::deep_outputs`]: the mean over his 21 rolls
/// of the 2-ply outputs of the play the default bot's own 2-ply search
/// chooses), about a hundred times the cost. In his eyes; `buf` is
/// scratch space.
pub fn label_at(
    plies: u8,
    net: &BgNet,
    pos: &Position,
    preset: Preset,
    buf: &mut PlayList,
) -> Outputs {
    if plies >= 3 {
        crate::cube::depth::deep_outputs(net, pos, &rules_of(preset))
    } else {
        label(net, pos, preset, buf)
    }
}

/// Labels positions into a set file, [`CHUNK`] at a time, resuming a
/// file already begun with the same seed.
pub struct LabelWriter<'a> {
    path: &'a Path,
    seed: u64,
    plies: u8,
    file: std::fs::File,
    done: usize,
}

impl<'a> LabelWriter<'a> {
    /// Opens `path` for the positions of `seed`: a new file, or one begun
    /// by an earlier run of the same seed (its complete records are kept;
    /// [`LabelWriter::done`] says how many).
    ///
    /// # Errors
    /// If the file cannot be opened, is not a set, or is another seed's.
    pub fn open(path: &'a Path, seed: u64) -> Result<LabelWriter<'a>, SetError> {
        LabelWriter::open_at(path, seed, 2)
    }

    /// [`LabelWriter::open`] for labels at `plies` (2 or 3, see
    /// [`label_at`]).
    ///
    /// # Errors
    /// If the file cannot be opened, is not a set, or is another seed's
    /// or another depth's.
    pub fn open_at(path: &'a Path, seed: u64, plies: u8) -> Result<LabelWriter<'a>, SetError> {
        let (start, done) = if path.exists() {
            let (found, found_plies, start, samples) = read_with_header(path)?;
            if found != seed {
                return Err(SetError::OtherSeed {
                    path: path.display().to_string(),
                    found,
                    wanted: seed,
                });
            }
            if found_plies != plies {
                return Err(SetError::OtherPlies {
                    path: path.display().to_string(),
                    found: found_plies,
                    wanted: plies,
                });
            }
            (start, samples.len())
        } else {
            std::fs::write(path, header(seed, plies)).map_err(io_error(path))?;
            (HEADER_BYTES, 0)
        };
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(io_error(path))?;
        file.set_len((start + done * RECORD_BYTES) as u64)
            .map_err(io_error(path))?;
        let mut w = LabelWriter {
            path,
            seed,
            plies,
            file,
            done,
        };
        use std::io::Seek;
        w.file
            .seek(std::io::SeekFrom::End(0))
            .map_err(io_error(w.path))?;
        Ok(w)
    }

    /// Positions already labelled in the file.
    pub fn done(&self) -> usize {
        self.done
    }

    /// The seed of the file's positions.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Labels `positions[done..]` with `net` on `jobs` threads, appending
    /// each chunk to the file and calling `progress(done)` after it.
    ///
    /// # Errors
    /// If the file cannot be written.
    pub fn run(
        &mut self,
        net: &BgNet,
        positions: &[(Position, Preset)],
        jobs: usize,
        progress: impl FnMut(usize),
    ) -> Result<(), SetError> {
        let plies = self.plies;
        self.run_with(
            positions,
            jobs,
            |_, pos, preset| {
                let mut buf = PlayList::new();
                let o = label_at(plies, net, &pos, preset, &mut buf);
                let mut target = [0.0f32; N_OUTPUTS];
                target.copy_from_slice(&o[..N_OUTPUTS]);
                target
            },
            progress,
        )
    }

    /// [`LabelWriter::run`] with another labeller: `label(i, position,
    /// preset)` gives the outputs of `positions[i]` in the eyes of its
    /// side on roll (the rollouts of `examples/race_rollout.rs` and
    /// `examples/contact_rollout.rs`).
    ///
    /// # Errors
    /// If the file cannot be written.
    pub fn run_with(
        &mut self,
        positions: &[(Position, Preset)],
        jobs: usize,
        label: impl Fn(usize, Position, Preset) -> [f32; N_OUTPUTS] + Sync,
        mut progress: impl FnMut(usize),
    ) -> Result<(), SetError> {
        while self.done < positions.len() {
            let first = self.done;
            let chunk = &positions[first..positions.len().min(first + CHUNK)];
            let labelled = parallel_map(chunk.len(), jobs, |k| {
                let (pos, preset) = chunk[k];
                record(&Sample {
                    pos,
                    preset,
                    target: label(first + k, pos, preset),
                })
            });
            let bytes: Vec<u8> = labelled.concat();
            self.file
                .write_all(&bytes)
                .and_then(|()| self.file.flush())
                .map_err(io_error(self.path))?;
            self.done += chunk.len();
            progress(self.done);
        }
        Ok(())
    }
}

/// Whether sample `i` is held out of the training (one in twenty).
pub fn held_out(i: usize) -> bool {
    i % 20 == 19
}

/// The errors of a network on samples: mean squared error over the five
/// outputs, and mean absolute error of the cubeless equity.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Loss {
    /// Mean over the samples and the five outputs of the squared error.
    pub mse: f64,
    /// Mean absolute error of the equity (points per game).
    pub equity: f64,
}

/// `net`'s errors on `samples`.
pub fn loss<'s>(net: &BgNet, samples: impl IntoIterator<Item = &'s Sample>) -> Loss {
    let (mut se, mut ee, mut n) = (0.0f64, 0.0f64, 0usize);
    let mut f = Features::default();
    for s in samples {
        net.encode(&s.pos, s.preset, &mut f);
        let y = net.eval(&f);
        se += errors(&y, &s.target).0;
        ee += errors(&y, &s.target).1;
        n += 1;
    }
    let n = n.max(1) as f64;
    Loss {
        mse: se / (n * N_OUTPUTS as f64),
        equity: ee / n,
    }
}

fn errors(y: &Outputs, t: &[f32; N_OUTPUTS]) -> (f64, f64) {
    let se: f64 = (0..N_OUTPUTS).map(|k| ((y[k] - t[k]) as f64).powi(2)).sum();
    (se, (equity(y) - target_equity(t)).abs() as f64)
}

/// The cubeless equity of a label (a [`Sample`]'s target), in the eyes of
/// its position's side on roll.
pub fn target_equity(t: &[f32; N_OUTPUTS]) -> f32 {
    let mut o = [0.0f32; neural::MAX_OUTPUTS];
    o[..N_OUTPUTS].copy_from_slice(t);
    equity(&o)
}

/// The settings of a refinement.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RefineConfig {
    /// Passes over the training samples.
    pub epochs: u32,
    /// Learning rate at the start.
    pub alpha: f32,
    /// Learning rate at the end (falling linearly, step by step).
    pub alpha_end: f32,
    /// Seed of the shuffles.
    pub seed: u64,
}

/// The default settings.
pub const DEFAULTS: RefineConfig = RefineConfig {
    epochs: 10,
    alpha: 0.01,
    alpha_end: 0.001,
    seed: 1,
};

/// A network being refined on a labelled set.
pub struct Refiner {
    net: BgNet,
    train: Vec<Sample>,
    test: Vec<Sample>,
    config: RefineConfig,
    epoch: u32,
}

/// What one epoch did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EpochStats {
    /// Epochs done.
    pub epoch: u32,
    /// The learning rate at the epoch's end.
    pub alpha: f32,
    /// The mean squared error on the training samples during the epoch
    /// (before each step).
    pub train_mse: f64,
    /// The errors on the held-out samples after the epoch.
    pub test: Loss,
}

impl Refiner {
    /// Refining `net` on `samples` (the held-out ones, [`held_out`], are
    /// kept apart) with `config`.
    pub fn new(net: BgNet, samples: Vec<Sample>, config: RefineConfig) -> Refiner {
        let (mut train, mut test) = (Vec::new(), Vec::new());
        for (i, s) in samples.into_iter().enumerate() {
            if held_out(i) {
                test.push(s);
            } else {
                train.push(s);
            }
        }
        Refiner {
            net,
            train,
            test,
            config,
            epoch: 0,
        }
    }

    /// The network.
    pub fn net(&self) -> &BgNet {
        &self.net
    }

    /// Training and held-out samples.
    pub fn sizes(&self) -> (usize, usize) {
        (self.train.len(), self.test.len())
    }

    /// The errors on the held-out samples now.
    pub fn test_loss(&self) -> Loss {
        loss(&self.net, &self.test)
    }

    /// The errors on the training samples now.
    pub fn train_loss(&self) -> Loss {
        loss(&self.net, &self.train)
    }

    /// Epochs done.
    pub fn epoch(&self) -> u32 {
        self.epoch
    }

    /// The learning rate at step `step` of the whole run.
    fn alpha_at(&self, step: u64) -> f32 {
        let total = (self.config.epochs as u64 * self.train.len() as u64).max(1);
        let x = (step as f64 / total as f64).min(1.0) as f32;
        self.config.alpha + (self.config.alpha_end - self.config.alpha) * x
    }

    /// One pass over the training samples in an order shuffled from the
    /// seed and the epoch, calling `progress(samples done)` every 4096.
    pub fn epoch_step(&mut self, mut progress: impl FnMut(usize)) -> EpochStats {
        let mut order: Vec<u32> = (0..self.train.len() as u32).collect();
        let mut rng = ChaCha8Rng::seed_from_u64(game_seed(self.config.seed, self.epoch as u64));
        order.shuffle(&mut rng);
        let first = self.epoch as u64 * self.train.len() as u64;
        let mut f = Features::default();
        let mut se = 0.0f64;
        let mut alpha = self.config.alpha;
        for (k, &i) in order.iter().enumerate() {
            let s = &self.train[i as usize];
            alpha = self.alpha_at(first + k as u64);
            self.net.encode(&s.pos, s.preset, &mut f);
            let y = self.net.learn(&f, &s.target, alpha);
            se += errors(&y, &s.target).0;
            if k % 4096 == 4095 {
                progress(k + 1);
            }
        }
        self.epoch += 1;
        EpochStats {
            epoch: self.epoch,
            alpha,
            train_mse: se / (self.train.len().max(1) * N_OUTPUTS) as f64,
            test: self.test_loss(),
        }
    }
}
