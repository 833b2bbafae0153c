//! Training the backgammon network by self-play with TD(λ), sharing the
//! game-free parts with the trictrac bot (`neural::td`): batches of games
//! played in parallel with a frozen copy of the network, λ-returns per
//! output, then one gradient step per state in the order of the games.
//! The result depends on the seed and the batch size only.
//!
//! The network plays both sides without the cube (cubeless outputs), the
//! play of highest equity at 0 ply. Game `i` is played under the `seed`
//! preset when `i` is odd, else `standard`, so one network learns both
//! scorings (the preset is an input).

use std::sync::Arc;

use backgammon::score::win_kind;
use backgammon::{Game, Phase, Preset, Rules, Side};
use neural::td::{game_seed, lambda_returns, parallel_map, StateValue};
use neural::{Features, TrainInfo};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::neural::{flip, outcome, BgNet, N_OUTPUTS};

/// Training settings.
#[derive(Clone, Copy, Debug)]
pub struct TrainConfig {
    /// Hidden units.
    pub hidden: usize,
    /// Learning rate at the start.
    pub alpha: f32,
    /// Learning rate at the end of the schedule.
    pub alpha_end: f32,
    /// Games over which the learning rate falls.
    pub alpha_games: u64,
    /// TD(λ) trace decay.
    pub lambda: f32,
    /// Games per batch.
    pub batch: u32,
    /// Seed of the weights and of the dice.
    pub seed: u64,
}

impl Default for TrainConfig {
    fn default() -> TrainConfig {
        TrainConfig {
            hidden: 80,
            alpha: 0.1,
            alpha_end: 0.02,
            alpha_games: 200_000,
            lambda: 0.7,
            batch: 32,
            seed: 1,
        }
    }
}

/// A game played for training.
struct Episode {
    states: Vec<(Features, Side, neural::Outputs)>,
    /// The last state's target, in its roller's eyes.
    last: neural::Outputs,
    plies: u32,
    winner: Option<Side>,
}

const MAX_PLIES: u32 = 2000;

fn preset_of(i: u64) -> Preset {
    if i % 2 == 1 {
        Preset::Seed
    } else {
        Preset::Standard
    }
}

fn play_episode(net: &BgNet, preset: Preset, seed: u64) -> Episode {
    let rules = Rules {
        cube: false,
        ..Rules::of(preset)
    };
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Game::money(rules);
    let mut states: Vec<(Features, Side, neural::Outputs)> = Vec::with_capacity(128);
    let mut plies = 0;
    loop {
        match g.phase() {
            Phase::Opening => g.roll_with(&mut dice).expect("the opening"),
            Phase::Roll(side) => {
                if plies >= MAX_PLIES {
                    let last = states.last().map(|s| s.2).unwrap_or([0.0; 8]);
                    return Episode {
                        states,
                        last,
                        plies,
                        winner: None,
                    };
                }
                let mut f = Features::default();
                net.encode(g.position(), preset, &mut f);
                let y = net.eval(&f);
                states.push((f, side, y));
                g.roll_with(&mut dice).expect("a roll")
            }
            Phase::Play(side, _) => {
                if states.last().map(|s| s.1) != Some(side) {
                    // The standard opening: the first state is the opening
                    // position with the starter to roll.
                    let mut f = Features::default();
                    net.encode(g.position(), preset, &mut f);
                    let y = net.eval(&f);
                    states.push((f, side, y));
                }
                let (p, _) = net.best_play(g.position(), g.legal_plays(), preset);
                plies += 1;
                g.play(&p).expect("a legal play")
            }
            Phase::Over(r) => {
                let last_side = states.last().map(|s| s.1).unwrap_or(r.winner);
                let kind = win_kind(g.position(), r.winner, preset);
                return Episode {
                    states,
                    last: outcome(r.winner, kind, last_side),
                    plies,
                    winner: Some(r.winner),
                };
            }
            Phase::Doubled { .. } => unreachable!("the cube is off in training"),
        }
    }
}

/// What a batch did.
#[derive(Clone, Copy, Debug, Default)]
pub struct BatchStats {
    /// Games played.
    pub games: u64,
    /// Plies played.
    pub plies: u64,
    /// Games won by White.
    pub white_wins: u64,
    /// Mean absolute error of the win output before each step.
    pub mean_error: f64,
}

/// A network in training.
#[derive(Clone, Debug)]
pub struct Trainer {
    net: BgNet,
}

impl Trainer {
    /// A new network with `config`'s settings.
    pub fn new(config: &TrainConfig) -> Trainer {
        let mut net = BgNet::new(config.hidden, config.seed);
        net.info = TrainInfo {
            games: 0,
            seed: config.seed,
            alpha: config.alpha,
            alpha_end: config.alpha_end,
            alpha_games: config.alpha_games,
            lambda: config.lambda,
            batch: config.batch,
        };
        Trainer { net }
    }

    /// A network of the second version warm-started from `old`
    /// ([`BgNet::widened`] to `config.hidden` units), to be trained with
    /// `config`'s settings from game 0.
    ///
    /// # Panics
    /// If `config.hidden` is below `old`'s hidden units.
    pub fn warm_start(old: &BgNet, config: &TrainConfig) -> Trainer {
        let mut net = old.widened(config.hidden, config.seed);
        net.info = TrainInfo {
            games: 0,
            seed: config.seed,
            alpha: config.alpha,
            alpha_end: config.alpha_end,
            alpha_games: config.alpha_games,
            lambda: config.lambda,
            batch: config.batch,
        };
        Trainer { net }
    }

    /// Continues training `net`.
    pub fn resume(net: BgNet) -> Trainer {
        Trainer { net }
    }

    /// The network.
    pub fn net(&self) -> &BgNet {
        &self.net
    }

    /// Games played so far.
    pub fn games(&self) -> u64 {
        self.net.info.games
    }

    /// Plays the next batch (stopping at game `total`) on `jobs` threads
    /// and learns from it.
    pub fn batch(&mut self, total: u64, jobs: usize) -> BatchStats {
        let first = self.net.info.games;
        let batch = self.net.info.batch.max(1) as u64;
        let n = batch.min(total.saturating_sub(first)) as usize;
        if n == 0 {
            return BatchStats::default();
        }
        let frozen = Arc::new(self.net.clone());
        let seed = self.net.info.seed;
        let episodes = parallel_map(n, jobs, |k| {
            let i = first + k as u64;
            play_episode(&frozen, preset_of(i), game_seed(seed, i))
        });
        let lambda = self.net.info.lambda;
        let mut stats = BatchStats::default();
        let (mut err, mut steps) = (0.0f64, 0u64);
        for (k, ep) in episodes.into_iter().enumerate() {
            let alpha = self.net.info.alpha_at(first + k as u64);
            let values: Vec<StateValue> = ep
                .states
                .iter()
                .map(|(_, s, y)| StateValue {
                    roller: (*s == Side::Black) as u8,
                    value: *y,
                })
                .collect();
            let targets = lambda_returns(&values, ep.last, lambda, flip);
            for ((f, _, _), t) in ep.states.iter().zip(&targets) {
                let y = self.net.learn(f, &t[..N_OUTPUTS], alpha);
                err += (t[0] - y[0]).abs() as f64;
                steps += 1;
            }
            stats.games += 1;
            stats.plies += ep.plies as u64;
            if ep.winner == Some(Side::White) {
                stats.white_wins += 1;
            }
        }
        stats.mean_error = err / steps.max(1) as f64;
        self.net.info.games += n as u64;
        stats
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn training_does_not_depend_on_the_threads_and_learns() {
        let config = TrainConfig {
            hidden: 8,
            batch: 4,
            ..TrainConfig::default()
        };
        let mut a = Trainer::new(&config);
        let mut b = a.clone();
        a.batch(4, 1);
        b.batch(4, 2);
        assert_eq!(a.net(), b.net());
        assert_eq!(a.games(), 4);
        assert_ne!(a.net(), Trainer::new(&config).net());
    }

    #[test]
    fn a_model_round_trips() {
        let n = BgNet::new(8, 1);
        assert_eq!(BgNet::from_bytes(&n.to_bytes()).unwrap(), n);
    }
}
