//! Training the race network ([`RaceNet`]) by TD(λ) self-play on race
//! positions only: each game starts from the first race position of a
//! game of the shipped player against itself ([`start_positions`]) and
//! ends as soon as both sides bear off, with the database's exact value
//! as the target.

use std::sync::Arc;

use backgammon::score::win_kind;
use backgammon::{DiceSource, Game, Phase, PlayList, Position, Preset, Roll, Rules, Side};
use neural::td::{game_seed, lambda_returns, parallel_map, StateValue};
use neural::{Features, Outputs, TrainInfo};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::eval::bearoff;
use crate::eval::race::{encode, RaceNet};
use crate::net::{equity, flip, outcome, N_OUTPUTS};

/// The value of `pos` for the race training and play, in the eyes of its
/// side on roll: the database when both sides bear off, else `net`.
pub fn value(net: &RaceNet, pos: &Position, preset: Preset) -> Outputs {
    if bearoff::applies(pos) {
        bearoff::evaluate(pos)
    } else {
        net.evaluate(pos, preset)
    }
}

/// The rules of the race training: `preset`'s, without the cube.
pub fn race_rules(preset: Preset) -> Rules {
    Rules {
        cube: false,
        ..Rules::of(preset)
    }
}

/// The position after the best play of `roll` at 0 ply (by cubeless
/// equity, [`value`] after each play), `buf` holding the plays.
pub fn best_after(
    net: &RaceNet,
    pos: &Position,
    roll: Roll,
    preset: Preset,
    buf: &mut PlayList,
) -> Position {
    let side = pos.turn();
    buf.clear();
    pos.legal_plays_into(roll, &race_rules(preset), buf);
    let mut best = (f32::NEG_INFINITY, pos.with_turn(!side));
    for p in buf.iter() {
        let after = pos.play_unchecked(p);
        let o = if after.winner() == Some(side) {
            outcome(side, win_kind(&after, side, preset), side)
        } else {
            flip(&value(net, &after, preset))
        };
        let e = equity(&o);
        if e > best.0 {
            best = (e, after);
        }
    }
    best.1
}

/// Race starting positions: the first race position (not yet a pure
/// bear-off) of games of the 0-ply shipped player against itself, with
/// a random play one time in ten for variety, from `seed`.
pub fn start_positions(n: usize, seed: u64, jobs: usize) -> Vec<(Position, Preset)> {
    let net = crate::net::default_net();
    parallel_map(n, jobs, |k| {
        let preset = if k % 2 == 1 {
            Preset::Seed
        } else {
            Preset::Standard
        };
        let rules = race_rules(preset);
        let mut attempt = 0u64;
        loop {
            let mut rng = ChaCha8Rng::seed_from_u64(game_seed(seed, (k as u64) << 8 | attempt));
            attempt += 1;
            let mut g = Game::money(rules);
            loop {
                match g.phase() {
                    Phase::Opening => g.roll_with(&mut rng).expect("the opening"),
                    Phase::Roll(_) => {
                        let pos = *g.position();
                        if pos.is_race() {
                            if bearoff::applies(&pos) {
                                break;
                            }
                            return (pos, preset);
                        }
                        g.roll_with(&mut rng).expect("a roll")
                    }
                    Phase::Play(..) => {
                        let plays = g.legal_plays();
                        let p = if rng.gen_range(0..10) == 0 {
                            plays[rng.gen_range(0..plays.len())]
                        } else {
                            net.best_play(g.position(), plays, preset).0
                        };
                        g.play(&p).expect("a legal play")
                    }
                    Phase::Over(_) => break,
                    Phase::Doubled { .. } => unreachable!("no cube"),
                }
            }
        }
    })
}

/// A race network in training.
#[derive(Clone, Debug)]
pub struct RaceTrainer {
    net: RaceNet,
    starts: Arc<Vec<(Position, Preset)>>,
}

impl RaceTrainer {
    /// Training `net` (its `info` holds the settings) from `starts`.
    pub fn new(net: RaceNet, starts: Vec<(Position, Preset)>) -> RaceTrainer {
        RaceTrainer {
            net,
            starts: Arc::new(starts),
        }
    }

    /// Sets the training settings (games played back to 0).
    pub fn set_info(&mut self, info: TrainInfo) {
        self.net.0.info = info;
    }

    /// The network.
    pub fn net(&self) -> &RaceNet {
        &self.net
    }

    /// Games played so far.
    pub fn games(&self) -> u64 {
        self.net.0.info.games
    }

    /// Plays the next batch (stopping at game `total`) and learns from
    /// it: games, plies, mean |error| of the win output.
    pub fn batch(&mut self, total: u64, jobs: usize) -> (u64, u64, f64) {
        let first = self.net.0.info.games;
        let batch = self.net.0.info.batch.max(1) as u64;
        let n = batch.min(total.saturating_sub(first)) as usize;
        if n == 0 || self.starts.is_empty() {
            return (0, 0, 0.0);
        }
        let frozen = Arc::new(self.net.clone());
        let seed = self.net.0.info.seed;
        let starts = self.starts.clone();
        let episodes = parallel_map(n, jobs, |k| {
            let i = first + k as u64;
            let s = game_seed(seed, i);
            let (pos, preset) = starts[(s % starts.len() as u64) as usize];
            episode(&frozen, pos, preset, s)
        });
        let lambda = self.net.0.info.lambda;
        let (mut err, mut steps, mut plies) = (0.0f64, 0u64, 0u64);
        for (k, (states, last)) in episodes.into_iter().enumerate() {
            let alpha = self.net.0.info.alpha_at(first + k as u64);
            let values: Vec<StateValue> = states
                .iter()
                .map(|(_, s, y)| StateValue {
                    roller: (*s == Side::Black) as u8,
                    value: *y,
                })
                .collect();
            let targets = lambda_returns(&values, last, lambda, flip);
            for ((f, _, _), t) in states.iter().zip(&targets) {
                let y = self.net.0.learn(f, &t[..N_OUTPUTS], alpha);
                err += (t[0] - y[0]).abs() as f64;
                steps += 1;
            }
            plies += states.len() as u64;
        }
        self.net.0.info.games += n as u64;
        (n as u64, plies, err / steps.max(1) as f64)
    }
}

type Episode = (Vec<(Features, Side, Outputs)>, Outputs);

/// One training game from `pos`: both sides play the play of highest
/// equity at 0 ply; states are recorded until both sides bear off (or
/// the game ends), whose exact value is the last target.
fn episode(net: &RaceNet, mut pos: Position, preset: Preset, seed: u64) -> Episode {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut states: Vec<(Features, Side, Outputs)> = Vec::with_capacity(32);
    let mut buf = backgammon::PlayList::new();
    loop {
        let side = pos.turn();
        if bearoff::applies(&pos) {
            let o = bearoff::evaluate(&pos);
            let last = match states.last() {
                Some((_, s, _)) if *s != side => flip(&o),
                _ => o,
            };
            return (states, last);
        }
        let mut f = Features::default();
        encode(&pos, preset, &mut f);
        let y = net.0.eval(&f);
        states.push((f, side, y));
        let roll = rng.roll();
        pos = best_after(net, &pos, roll, preset, &mut buf);
        if let Some(w) = pos.winner() {
            let last = outcome(w, win_kind(&pos, w, preset), side);
            return (states, last);
        }
    }
}
