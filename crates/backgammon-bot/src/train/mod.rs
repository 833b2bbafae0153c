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

pub mod race;
pub mod refine;

use std::ops::Deref;
use std::sync::Arc;

use backgammon::score::win_kind;
use backgammon::{Game, Phase, Preset, Rules, Side};
use neural::td::StateValue;
use neural::train::Episode;
pub use neural::train::{BatchStats, TrainConfig};
use neural::Features;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::net::{flip, outcome, BgNet};

/// The default training settings.
pub const DEFAULTS: TrainConfig = TrainConfig::schedule(80, 0.1, 0.02, 200_000);

const MAX_PLIES: u32 = 2000;

fn preset_of(i: u64) -> Preset {
    if i % 2 == 1 {
        Preset::Seed
    } else {
        Preset::Standard
    }
}

/// The state before a roll (or the opening play) of `side`.
fn state(net: &BgNet, g: &Game, preset: Preset, side: Side) -> (Features, StateValue) {
    let mut f = Features::default();
    net.encode(g.position(), preset, &mut f);
    let value = net.eval(&f);
    let roller = (side == Side::Black) as u8;
    (f, StateValue { roller, value })
}

fn play_episode(net: &BgNet, preset: Preset, seed: u64) -> Episode {
    let rules = Rules {
        cube: false,
        ..Rules::of(preset)
    };
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut g = Game::money(rules);
    let mut ep = Episode {
        states: Vec::with_capacity(128),
        ..Episode::default()
    };
    let roller = |ep: &Episode| ep.states.last().map(|(_, v)| v.roller);
    loop {
        match g.phase() {
            Phase::Opening => g.roll_with(&mut dice).expect("the opening"),
            Phase::Roll(side) => {
                if ep.plies >= MAX_PLIES {
                    ep.last = ep.states.last().map_or([0.0; 8], |(_, v)| v.value);
                    return ep;
                }
                ep.states.push(state(net, &g, preset, side));
                g.roll_with(&mut dice).expect("a roll")
            }
            Phase::Play(side, _) => {
                if roller(&ep) != Some((side == Side::Black) as u8) {
                    // The standard opening: the first state is the opening
                    // position with the starter to roll.
                    ep.states.push(state(net, &g, preset, side));
                }
                let (p, _) = net.best_play(g.position(), g.legal_plays(), preset);
                ep.plies += 1;
                g.play(&p).expect("a legal play")
            }
            Phase::Over(r) => {
                let last_side = match roller(&ep) {
                    Some(1) => Side::Black,
                    Some(_) => Side::White,
                    None => r.winner,
                };
                let kind = win_kind(g.position(), r.winner, preset);
                ep.last = outcome(r.winner, kind, last_side);
                ep.white_won = Some(r.winner == Side::White);
                return ep;
            }
            Phase::Doubled { .. } => unreachable!("the cube is off in training"),
        }
    }
}

/// A network in training (the shared [`neural::train::Trainer`], whose
/// `net` and `games` it gives).
#[derive(Clone, Debug)]
pub struct Trainer(neural::train::Trainer<BgNet>);

impl Trainer {
    /// A new network with `config`'s settings.
    pub fn new(config: &TrainConfig) -> Trainer {
        let net = BgNet::new(config.hidden, config.seed);
        Trainer(neural::train::Trainer::new(net, config))
    }

    /// A network of the second version warm-started from `old`
    /// ([`BgNet::widened`] to `config.hidden` units), to be trained with
    /// `config`'s settings from game 0.
    ///
    /// # Panics
    /// If `config.hidden` is below `old`'s hidden units.
    pub fn warm_start(old: &BgNet, config: &TrainConfig) -> Trainer {
        let net = old.widened(config.hidden, config.seed);
        Trainer(neural::train::Trainer::new(net, config))
    }

    /// Continues training `net`.
    pub fn resume(net: BgNet) -> Trainer {
        Trainer(neural::train::Trainer::resume(net))
    }

    /// Plays the next batch (stopping at game `total`) on `jobs` threads
    /// and learns from it: game `i` under the seed preset when `i` is
    /// odd, else the standard one.
    pub fn batch(&mut self, total: u64, jobs: usize) -> BatchStats {
        let play = |net: &Arc<BgNet>, i, seed| play_episode(net, preset_of(i), seed);
        self.0.batch(total, jobs, play, flip)
    }
}

impl Deref for Trainer {
    type Target = neural::train::Trainer<BgNet>;

    fn deref(&self) -> &Self::Target {
        &self.0
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
            ..DEFAULTS
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
