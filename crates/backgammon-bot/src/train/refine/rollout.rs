//! Labels from truncated rollouts of our own play, and what the rollout
//! labellers (`examples/race_rollout.rs`, `examples/contact_rollout.rs`,
//! `examples/candidate_rollout.rs`) share: their command line, the network
//! they play with, the truncated contact rollout.

use std::path::Path;

use backgammon::score::win_kind;
use backgammon::{DiceSource, PlayList, Position, Preset, Roll};
use neural::Outputs;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{rules_of, LabelWriter};
use crate::eval::Evaluator;
use crate::net::{flip, outcome, BgNet, N_OUTPUTS};

/// A rollout label: the outputs of `root` (before its side on roll
/// rolls), in his eyes, over `21 × games` games, each of the 21 first
/// rolls (weighted 1 or 2 of 36) played `games` times, the later dice
/// from `seed`. `play(position, roll)` is the position after the side on
/// roll plays `roll`; a game ends when it is won or when `value(position)`
/// gives that position's outputs in its side on roll's eyes (a rollout
/// truncated where another judge takes over: `examples/race_rollout.rs`,
/// `examples/contact_rollout.rs`). Simpler than
/// [`crate::analysis::rollout`] (no cube, no variance reduction, no
/// threads of its own), for labelling many positions each on one thread.
pub fn rollout_label(
    root: &Position,
    preset: Preset,
    games: u32,
    seed: u64,
    mut play: impl FnMut(&Position, Roll) -> Position,
    mut value: impl FnMut(&Position) -> Option<Outputs>,
) -> [f32; N_OUTPUTS] {
    let me = root.turn();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut sum = [0.0f64; N_OUTPUTS];
    for roll in Roll::ALL {
        let w = f64::from(roll.weight()) / 36.0 / f64::from(games);
        for _ in 0..games {
            let mut pos = play(root, roll);
            let o: Outputs = loop {
                if let Some(winner) = pos.winner() {
                    break outcome(winner, win_kind(&pos, winner, preset), me);
                }
                if let Some(o) = value(&pos) {
                    break if pos.turn() == me { o } else { flip(&o) };
                }
                let r = rng.roll();
                pos = play(&pos, r);
            };
            for (s, x) in sum.iter_mut().zip(o) {
                *s += w * f64::from(x);
            }
        }
    }
    let mut t = [0.0f32; N_OUTPUTS];
    for (t, s) in t.iter_mut().zip(sum) {
        *t = s as f32;
    }
    t
}

/// The command line of the rollout labellers
/// (`label SET POSITIONS SEED GAMES_PER_ROLL [JOBS]`).
#[derive(Debug, Clone)]
pub struct LabelArgs {
    /// The set written (and resumed).
    pub set: std::path::PathBuf,
    /// How many positions the set is to hold.
    pub positions: usize,
    /// The seed of the positions and of the rollouts' dice.
    pub seed: u64,
    /// Games per first roll of each rollout (21 first rolls).
    pub games: u32,
    /// Threads.
    pub jobs: usize,
}

impl LabelArgs {
    /// Reads `a` (the program's arguments, `a[1]` being `label`), `None`
    /// if they are not of that form.
    pub fn parse(a: &[String]) -> Option<LabelArgs> {
        if a.len() < 6 || a[1] != "label" {
            return None;
        }
        Some(LabelArgs {
            set: a[2].clone().into(),
            positions: a[3].parse().ok()?,
            seed: a[4].parse().ok()?,
            games: a[5].parse().ok()?,
            jobs: a.get(6).map_or(Some(1), |j| j.parse().ok())?,
        })
    }

    /// Labels `positions` (`what` names them in the first line printed)
    /// into the set, resuming it, with `label(i, position, preset)`, and
    /// prints the count labelled and the seconds after every chunk.
    ///
    /// # Panics
    /// If the set cannot be opened or written (these are developers'
    /// tools).
    pub fn run(
        &self,
        what: &str,
        positions: impl FnOnce() -> Vec<(Position, Preset)>,
        label: impl Fn(usize, Position, Preset) -> [f32; N_OUTPUTS] + Sync,
    ) {
        let mut writer = LabelWriter::open(&self.set, self.seed).expect("the set");
        let t0 = std::time::Instant::now();
        let pos = positions();
        println!(
            "{} {what} positions in {:.1} s, {} already labelled",
            pos.len(),
            t0.elapsed().as_secs_f64(),
            writer.done()
        );
        writer
            .run_with(&pos, self.jobs, label, |i| {
                println!("labelled {} secs {:.0}", i, t0.elapsed().as_secs_f64());
            })
            .expect("written");
    }
}

/// The network the labellers play with: the model file named by the
/// environment variable `MODEL` if it is set, else the shipped one. A set
/// begun with one network resumes only with the same one (its positions
/// come from that network's games): `MODEL=.../backgammon-v2-rf3.bin`
/// resumes a set begun while rf3 was shipped.
///
/// # Panics
/// If `MODEL` names a file that is not a backgammon model (these are
/// developers' tools).
pub fn labelling_net() -> std::sync::Arc<BgNet> {
    match std::env::var_os("MODEL") {
        Some(p) => std::sync::Arc::new(
            BgNet::load(Path::new(&p))
                .unwrap_or_else(|e| panic!("MODEL {}: {e}", p.to_string_lossy())),
        ),
        None => crate::net::default_net(),
    }
}

/// The position after the side on roll of `pos` plays `roll` his best by
/// `net` at 0 ply (his turn passed when he cannot play). `buf` is scratch
/// space.
pub fn best_after(
    net: &BgNet,
    pos: &Position,
    roll: Roll,
    preset: Preset,
    buf: &mut PlayList,
) -> Position {
    buf.clear();
    pos.legal_plays_into(roll, &rules_of(preset), buf);
    if buf.is_empty() {
        return pos.with_turn(!pos.turn());
    }
    let p = net.best_play(pos, buf, preset).0;
    pos.play_unchecked(&p)
}

/// The [`rollout_label`] of a contact position by `net` at 0 ply for
/// both sides, each game stopped as soon as the contact is broken and
/// valued there by `net`'s race evaluator or bear-off database: a rollout
/// truncated where the contact network is no longer the judge
/// (`examples/contact_rollout.rs`, `examples/candidate_rollout.rs`).
pub fn contact_rollout(
    net: &BgNet,
    root: &Position,
    preset: Preset,
    games: u32,
    seed: u64,
) -> [f32; N_OUTPUTS] {
    let mut buf = PlayList::new();
    rollout_label(
        root,
        preset,
        games,
        seed,
        |pos, roll| best_after(net, pos, roll, preset, &mut buf),
        |pos| (Evaluator::of(pos) != Evaluator::Contact).then(|| net.evaluate(pos, preset)),
    )
}
