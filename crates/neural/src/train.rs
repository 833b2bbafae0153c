//! A TD(λ) self-play run, whatever the game: its settings
//! ([`TrainConfig`]), recorded in the model ([`TrainInfo`], with the
//! learning-rate schedule) so that a run resumes exactly, and its batches
//! ([`Trainer::batch`]).
//!
//! A batch plays its games in parallel with a frozen copy of the network
//! (each with dice from its own seed, [`game_seed`]), by the game's own
//! code, which returns each game as an [`Episode`]: the states before a
//! roll with the frozen network's values, and the last state's target.
//! Then, game after game in the order of their numbers, the network takes
//! one gradient step per state towards its λ-return ([`lambda_returns`]).
//! The result depends on the seed and the batch size only (see [`crate::td`]).

use std::ops::DerefMut;
use std::sync::Arc;

use crate::td::{game_seed, lambda_returns, parallel_map, StateValue};
use crate::{Features, Net, Outputs, TrainInfo};

/// The settings of a training run.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainConfig {
    /// Hidden units.
    pub hidden: usize,
    /// Learning rate at the start.
    pub alpha: f32,
    /// Learning rate after `alpha_games` games (linear in between).
    pub alpha_end: f32,
    /// Games over which the learning rate falls.
    pub alpha_games: u64,
    /// TD(λ) trace decay.
    pub lambda: f32,
    /// Games per batch (played with the same weights).
    pub batch: u32,
    /// The seed of the initial weights and of every game's dice.
    pub seed: u64,
}

impl TrainConfig {
    /// A game's settings: its network's size and learning-rate schedule,
    /// with the trace decay (0.7), batch (32 games) and seed (1) both
    /// games train with by default.
    pub const fn schedule(hidden: usize, alpha: f32, alpha_end: f32, alpha_games: u64) -> Self {
        TrainConfig {
            hidden,
            alpha,
            alpha_end,
            alpha_games,
            lambda: 0.7,
            batch: 32,
            seed: 1,
        }
    }

    /// What a new model records of these settings (no game played yet).
    ///
    /// ```
    /// let c = neural::train::TrainConfig { hidden: 8, alpha: 0.1, alpha_end: 0.01,
    ///     alpha_games: 100, lambda: 0.7, batch: 4, seed: 3 };
    /// assert_eq!(c.info().games, 0);
    /// assert_eq!(c.info().seed, 3);
    /// ```
    pub fn info(&self) -> TrainInfo {
        TrainInfo {
            games: 0,
            seed: self.seed,
            alpha: self.alpha,
            alpha_end: self.alpha_end,
            alpha_games: self.alpha_games,
            lambda: self.lambda,
            batch: self.batch,
        }
    }
}

/// One training game, as the game's code played it.
#[derive(Clone, Debug, Default)]
pub struct Episode {
    /// The inputs of each state before a roll, with who rolls and the
    /// frozen network's outputs in his eyes.
    pub states: Vec<(Features, StateValue)>,
    /// The last state's target (the result, or its own value if the game
    /// was cut), in its roller's eyes.
    pub last: Outputs,
    /// Plies (or rolls) played.
    pub plies: u32,
    /// Whether White (roller 0) won; `None` for a game cut short.
    pub white_won: Option<bool>,
}

impl Episode {
    /// The λ-returns of its states ([`lambda_returns`]), one per state.
    pub fn targets(&self, lambda: f32, flip: impl Fn(&Outputs) -> Outputs) -> Vec<Outputs> {
        let values: Vec<StateValue> = self.states.iter().map(|(_, v)| *v).collect();
        lambda_returns(&values, self.last, lambda, flip)
    }
}

/// What a batch did.
#[derive(Clone, Copy, Debug, Default)]
pub struct BatchStats {
    /// Games played.
    pub games: u64,
    /// Plies (trictrac: rolls) in those games.
    pub plies: u64,
    /// Games won by White.
    pub white_wins: u64,
    /// Mean absolute difference between the first output's λ-return and
    /// its value before the step.
    pub mean_error: f64,
}

/// A network in training: a game's network type `N`, which dereferences
/// to the shared [`Net`] (its weights and its [`TrainInfo`]).
#[derive(Clone, Debug)]
pub struct Trainer<N> {
    net: N,
}

impl<N> Trainer<N>
where
    N: Clone + Send + Sync + DerefMut<Target = Net>,
{
    /// Training `net` from game 0 with `config`'s settings (recorded in
    /// it).
    pub fn new(mut net: N, config: &TrainConfig) -> Trainer<N> {
        net.info = config.info();
        Trainer { net }
    }

    /// Continues training `net` (its settings are in its `info`).
    pub fn resume(net: N) -> Trainer<N> {
        Trainer { net }
    }

    /// The network.
    pub fn net(&self) -> &N {
        &self.net
    }

    /// Games played so far.
    pub fn games(&self) -> u64 {
        self.net.info.games
    }

    /// Plays the next batch (stopping at game `total`) on `jobs` threads
    /// and learns from it. `play(frozen, i, seed)` plays game `i` with
    /// dice from `seed`; `flip` turns outputs into the other side's eyes.
    pub fn batch(
        &mut self,
        total: u64,
        jobs: usize,
        play: impl Fn(&Arc<N>, u64, u64) -> Episode + Sync,
        flip: impl Fn(&Outputs) -> Outputs,
    ) -> BatchStats {
        let info = self.net.info;
        let first = info.games;
        let n = u64::from(info.batch.max(1)).min(total.saturating_sub(first)) as usize;
        if n == 0 {
            return BatchStats::default();
        }
        let frozen = Arc::new(self.net.clone());
        let episodes = parallel_map(n, jobs, |k| {
            let i = first + k as u64;
            play(&frozen, i, game_seed(info.seed, i))
        });
        let outputs = self.net.outputs();
        let mut stats = BatchStats::default();
        let (mut err, mut steps) = (0.0f64, 0u64);
        for (k, ep) in episodes.into_iter().enumerate() {
            let alpha = info.alpha_at(first + k as u64);
            let targets = ep.targets(info.lambda, &flip);
            for ((f, _), t) in ep.states.iter().zip(&targets) {
                let y = self.net.deref_mut().learn(f, &t[..outputs], alpha);
                err += (t[0] - y[0]).abs() as f64;
                steps += 1;
            }
            stats.games += 1;
            stats.plies += u64::from(ep.plies);
            stats.white_wins += u64::from(ep.white_won == Some(true));
        }
        stats.mean_error = err / steps.max(1) as f64;
        self.net.info.games += n as u64;
        stats
    }
}
