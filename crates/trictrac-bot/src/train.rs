//! Training the evaluation network by self-play with TD(λ), as in
//! TD-Gammon, in a form that is deterministic and uses every core.
//!
//! Games are played in **batches** of [`TrainConfig::batch`] games. All
//! games of a batch are played with the same frozen copy of the network
//! (so they can be played in parallel, by any number of threads), each
//! with dice drawn from its own seed (the training seed and the game's
//! number). The network plays both sides with the `neural` player's rules:
//! every play and every stay/leave decision goes to the state it values
//! most (no exploration: the dice vary the games).
//!
//! Each game gives the sequence of states where a side is about to roll,
//! `s_0 … s_T−1`, the frozen network's values `y_t` (the probability that
//! the side to roll at `t` wins) and the winner. The targets are the
//! λ-returns, computed backwards in the eyes of the side to roll at `t`:
//!
//! ```text
//! G_T−1 = 1 if that side won, else 0
//! G_t   = (1 − λ) · y'_t+1 + λ · G'_t+1
//! ```
//!
//! where `y'` and `G'` are turned into the side's point of view (`1 − v`
//! when the other side rolls next; the same side rolls again after
//! leaving or bearing off). Then, game after game in the order of their
//! numbers, state after state, the network takes one gradient step
//! towards `G_t` (cross-entropy on the output): this is the offline
//! λ-return form of TD(λ) (Sutton and Barto, *Reinforcement Learning*,
//! 2nd ed., §12.1), with targets from the batch's frozen network. The
//! result depends on the seed and the batch size only, not on the
//! number of threads, and a run resumed from a checkpoint (always taken
//! between batches) continues exactly as if it had not stopped.
//!
//! An **equity network** ([`crate::nn::EQUITY_OUTPUTS`] outputs, the
//! stake distribution) trains the same way on every output at once: the
//! last state's target is the game's stake under the default payout
//! ([`crate::nn::equity_target`]), the other side's outputs are turned
//! into the roller's eyes by [`crate::nn::flip_equity`] (win and loss
//! swapped), and the self-play player chooses by equity. It may start
//! from a trained one-output network ([`Net::to_equity`]).

use std::ops::Deref;
use std::sync::Arc;

pub use neural::td::game_seed;
use neural::td::StateValue;
pub use neural::train::{BatchStats, TrainConfig};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use trictrac::{Game, GameOptions, Phase, Side};

use crate::features::{encode, Features};
use crate::nn::{equity_target, flip_equity, Net};
use crate::search::{NeuralEval, SearchPlayer};
use crate::{Decision, TrictracBot};

/// The default training settings.
pub const DEFAULTS: TrainConfig = TrainConfig::schedule(64, 0.05, 0.01, 80_000);

/// A game played for training.
#[derive(Clone, Debug)]
struct Episode {
    /// Inputs, side to roll, frozen outputs, per state before a roll.
    states: Vec<(Features, Side, neural::Outputs)>,
    /// The winner and the final score, `None` if the game was cut at
    /// [`MAX_ROLLS`].
    winner: Option<(Side, trictrac::ScoreState)>,
    rolls: u32,
}

/// Games longer than this are cut (none has come close).
const MAX_ROLLS: u32 = 5000;

/// Plays one self-play game with `net` for both sides.
fn play_episode(net: &Arc<Net>, options: GameOptions, seed: u64) -> Episode {
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut player = SearchPlayer::new("neural", NeuralEval::new(net.clone()), 1);
    let mut g = Game::new(options);
    let mut states = Vec::with_capacity(256);
    let mut f = Features::default();
    loop {
        match g.phase() {
            Phase::FirstMove => g.roll_with(&mut dice),
            Phase::Roll(side) => {
                if g.rolls() >= MAX_ROLLS {
                    return Episode {
                        states,
                        winner: None,
                        rolls: g.rolls(),
                    };
                }
                encode(g.position(), &options.rules, &mut f);
                let y = net.eval_all(&f);
                states.push((f.clone(), side, y));
                g.roll_with(&mut dice)
            }
            Phase::StayOrLeave(_) => match player.decide(&g) {
                Decision::Stay => g.stay(),
                Decision::Leave => g.leave(),
            },
            Phase::Play(_) => {
                let p = player.choose_play(&g);
                g.play(&p)
            }
            // Manual marking (R-10): declare what the rules give.
            Phase::Mark(_) => {
                let owed = g.points_owed().unwrap_or(0);
                g.declare(owed)
            }
            Phase::Over(w) => {
                return Episode {
                    states,
                    winner: Some((w, *g.position().score())),
                    rolls: g.rolls(),
                }
            }
        }
        .expect("the player chooses legal actions");
    }
}

/// One output's eyes turned to the other side's: `1 − v`.
fn flip_win(o: &neural::Outputs) -> neural::Outputs {
    let mut f = [0.0f32; neural::MAX_OUTPUTS];
    f[0] = 1.0 - o[0];
    f
}

impl Episode {
    /// The game as the shared trainer learns from it: with one output,
    /// the last target is the win; with the equity outputs, the stake
    /// distribution; a game cut short ends on its own value.
    fn shared(self, equity: bool) -> neural::train::Episode {
        let last = match (self.states.last(), &self.winner) {
            (Some((_, side, _)), Some((w, score))) if equity => equity_target(score, *w, *side),
            (Some((_, side, _)), Some((w, _))) => {
                let mut o = [0.0f32; neural::MAX_OUTPUTS];
                o[0] = if w == side { 1.0 } else { 0.0 };
                o
            }
            (Some((_, _, y)), None) => *y,
            (None, _) => [0.0f32; neural::MAX_OUTPUTS],
        };
        let white_won = self.winner.map(|(w, _)| w == Side::White);
        let states = self
            .states
            .into_iter()
            .map(|(f, side, value)| {
                let roller = (side == Side::Black) as u8;
                (f, StateValue { roller, value })
            })
            .collect();
        neural::train::Episode {
            states,
            last,
            plies: self.rolls,
            white_won,
        }
    }
}

/// How outputs turn to the other side's eyes.
fn flip_of(equity: bool) -> fn(&neural::Outputs) -> neural::Outputs {
    if equity {
        flip_equity
    } else {
        flip_win
    }
}

/// The λ-returns of an episode, one per state, in the eyes of each
/// state's roller (the shared [`neural::td::lambda_returns`]): with one
/// output, the win probability; with the equity outputs, the stake
/// distribution.
#[cfg(test)]
fn lambda_returns(ep: &Episode, lambda: f32, equity: bool) -> Vec<neural::Outputs> {
    ep.clone().shared(equity).targets(lambda, flip_of(equity))
}

/// A network in training (the shared [`neural::train::Trainer`], whose
/// `net` and `games` it gives) and the rules of its games.
#[derive(Clone, Debug)]
pub struct Trainer {
    shared: neural::train::Trainer<Net>,
    options: GameOptions,
}

impl Trainer {
    /// A new network with `config`'s settings and random weights.
    pub fn new(config: &TrainConfig, options: GameOptions) -> Trainer {
        let net = Net::new(config.hidden, config.seed);
        let shared = neural::train::Trainer::new(net, config);
        Trainer { shared, options }
    }

    /// A new equity network with `config`'s settings: random weights, or
    /// warm-started from `init` ([`Net::to_equity`]; its hidden size
    /// replaces `config.hidden`).
    pub fn new_equity(config: &TrainConfig, options: GameOptions, init: Option<&Net>) -> Trainer {
        let net = match init {
            Some(n) => n.to_equity(config.seed),
            None => Net::new_equity(config.hidden, config.seed),
        };
        let shared = neural::train::Trainer::new(net, config);
        Trainer { shared, options }
    }

    /// Continues training `net` (its settings are in [`Net::info`]).
    pub fn resume(net: Net, options: GameOptions) -> Trainer {
        let shared = neural::train::Trainer::resume(net);
        Trainer { shared, options }
    }

    /// Plays the next batch (stopping at game `total`) on `jobs` threads
    /// and learns from it.
    pub fn batch(&mut self, total: u64, jobs: usize) -> BatchStats {
        let options = self.options;
        let equity = self.shared.net().is_equity();
        let play = |net: &Arc<Net>, _i, seed| play_episode(net, options, seed).shared(equity);
        self.shared.batch(total, jobs, play, flip_of(equity))
    }
}

impl Deref for Trainer {
    type Target = neural::train::Trainer<Net>;

    fn deref(&self) -> &Self::Target {
        &self.shared
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lambda_returns_follow_the_side_to_roll() {
        let f = Features::default();
        let one = |v: f32| {
            let mut o = [0.0f32; neural::MAX_OUTPUTS];
            o[0] = v;
            o
        };
        let ep = Episode {
            states: vec![
                (f.clone(), Side::White, one(0.5)),
                (f.clone(), Side::Black, one(0.4)),
                (f.clone(), Side::Black, one(0.3)),
            ],
            winner: Some((Side::Black, trictrac::ScoreState::default())),
            rolls: 3,
        };
        let g: Vec<f32> = lambda_returns(&ep, 0.5, false)
            .iter()
            .map(|o| o[0])
            .collect();
        assert_eq!(g[2], 1.0);
        // Black rolls twice (after leaving, say): same point of view.
        assert!((g[1] - (0.5 * 0.3 + 0.5 * 1.0)).abs() < 1e-6);
        // White's view of Black's state.
        assert!((g[0] - (0.5 * 0.6 + 0.5 * (1.0 - g[1]))).abs() < 1e-6);
    }

    #[test]
    fn training_does_not_depend_on_the_threads() {
        let config = TrainConfig {
            hidden: 8,
            batch: 2,
            ..DEFAULTS
        };
        let mut a = Trainer::new(&config, GameOptions::default());
        let mut b = a.clone();
        a.batch(2, 1);
        b.batch(2, 2);
        assert_eq!(a.net(), b.net());
        assert_eq!(a.games(), 2);
        assert_ne!(a.net(), Trainer::new(&config, GameOptions::default()).net());
    }

    #[test]
    fn equity_returns_end_on_the_stake_of_the_game() {
        // R-9.1 (guiton): Black wins 12 holes to 0, ×4 (grande bredouille).
        let f = Features::default();
        let mut score = trictrac::ScoreState::default();
        score.holes.black = 12;
        let y = [0.5f32; neural::MAX_OUTPUTS];
        let ep = Episode {
            states: vec![(f.clone(), Side::White, y), (f.clone(), Side::Black, y)],
            winner: Some((Side::Black, score)),
            rolls: 2,
        };
        let g = lambda_returns(&ep, 1.0, true);
        // Black's eyes: won, at least ×2, ×3, ×4; lost nothing.
        assert_eq!(&g[1][..7], &[1.0, 1.0, 1.0, 1.0, 0.0, 0.0, 0.0]);
        // White's eyes (λ = 1: the result itself, flipped).
        assert_eq!(&g[0][..7], &[0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0]);
    }

    #[test]
    fn equity_training_does_not_depend_on_the_threads() {
        let config = TrainConfig {
            hidden: 8,
            batch: 2,
            ..DEFAULTS
        };
        let init = Net::new(8, 5);
        let mut a = Trainer::new_equity(&config, GameOptions::default(), Some(&init));
        assert!(a.net().is_equity());
        let mut b = a.clone();
        a.batch(2, 1);
        b.batch(2, 2);
        assert_eq!(a.net(), b.net());
    }
}
