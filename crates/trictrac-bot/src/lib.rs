//! Players of Grand Trictrac: they choose the play of a roll and whether
//! to stay or leave after winning a hole. Front ends (terminal,
//! browser) and tools (self-play, matches) drive them through [`Player`].

#![deny(missing_docs)]

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use trictrac::{Game, Play, Side};

/// Stay (*tenir*) or leave (*s'en aller*) after winning a hole.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Keep the remainder and play on.
    Stay,
    /// Start a new relevé.
    Leave,
}

/// A player: chooses plays and stay/leave decisions for its side.
pub trait Player: Send {
    /// A short name, e.g. `random`.
    fn name(&self) -> &str;

    /// One of `game.legal_plays()`, for the side to move.
    fn choose_play(&mut self, game: &Game) -> Play;

    /// Stay or leave, when the game is in `Phase::StayOrLeave`.
    fn decide(&mut self, game: &Game) -> Decision;

    /// The legal plays of the pending roll with this player's evaluation
    /// (higher is better for the side to move), best first — what a
    /// `hint` shows. Players without an evaluation return an empty list.
    fn analyse(&mut self, _game: &Game) -> Vec<(Play, f32)> {
        Vec::new()
    }
}

/// The name of the default bot (the strongest shipped player).
pub const DEFAULT_BOT: &str = "random";

/// The names of the players [`by_name`] knows.
pub const PLAYERS: &[&str] = &["random"];

/// A player by name (see [`PLAYERS`]), its random choices following `seed`.
pub fn by_name(name: &str, seed: u64) -> Option<Box<dyn Player>> {
    match name {
        "random" => Some(Box::new(RandomPlayer::new(seed))),
        _ => None,
    }
}

/// A uniformly random legal play; stays always.
#[derive(Clone, Debug)]
pub struct RandomPlayer {
    rng: ChaCha8Rng,
}

impl RandomPlayer {
    /// A random player whose choices follow `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl Player for RandomPlayer {
    fn name(&self) -> &str {
        "random"
    }

    fn choose_play(&mut self, game: &Game) -> Play {
        let plays = game.legal_plays();
        plays[self.rng.gen_range(0..plays.len())]
    }

    fn decide(&mut self, _game: &Game) -> Decision {
        Decision::Stay
    }
}

/// Random plays with the self-play stay/leave rule: stay when leaving
/// would lose remainder points, leave otherwise (a new relevé then costs
/// nothing and restarts from the talons with the leaver to play).
#[derive(Clone, Debug)]
pub struct SelfPlayPlayer {
    random: RandomPlayer,
}

impl SelfPlayPlayer {
    /// A self-play player whose choices follow `seed`.
    pub fn new(seed: u64) -> SelfPlayPlayer {
        SelfPlayPlayer {
            random: RandomPlayer::new(seed),
        }
    }
}

impl Player for SelfPlayPlayer {
    fn name(&self) -> &str {
        "random-selfplay"
    }

    fn choose_play(&mut self, game: &Game) -> Play {
        self.random.choose_play(game)
    }

    fn decide(&mut self, game: &Game) -> Decision {
        let side = game
            .phase()
            .side()
            .unwrap_or_else(|| game.position().turn());
        if *game.score().points.get(side) > 0 {
            Decision::Stay
        } else {
            Decision::Leave
        }
    }
}

/// Plays `game` to its end with `white` and `black`, drawing dice from
/// `dice`. Returns the winner.
pub fn play_out(
    game: &mut Game,
    white: &mut dyn Player,
    black: &mut dyn Player,
    dice: &mut impl trictrac::DiceSource,
) -> Side {
    use trictrac::Phase;
    loop {
        // Manual marking: a school left open is claimed at once.
        for s in Side::ALL {
            if let Some((_, points)) = game.open_school(s) {
                game.claim_school(s, points).expect("an open school can be claimed");
            }
        }
        let side = game.phase().side().unwrap_or(Side::White);
        let player: &mut dyn Player = match side {
            Side::White => &mut *white,
            Side::Black => &mut *black,
        };
        let r = match game.phase() {
            Phase::FirstMove | Phase::Roll(_) => game.roll_with(dice),
            Phase::StayOrLeave(_) => match player.decide(game) {
                Decision::Stay => game.stay(),
                Decision::Leave => game.leave(),
            },
            Phase::Play(_) => {
                let p = player.choose_play(game);
                game.play(&p)
            }
            // Manual marking: players declare what the rules give,
            // and claim every school the other player leaves open.
            Phase::Mark(_) => {
                let owed = game.points_owed().unwrap_or(0);
                game.declare(owed)
            }
            Phase::Over(w) => return w,
        };
        r.expect("players choose legal actions");
    }
}
