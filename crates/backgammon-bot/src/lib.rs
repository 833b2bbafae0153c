//! # backgammon-bot — players for backgammon with the videau
//!
//! A [`Player`] chooses plays and cube actions for a [`Game`]; the
//! players are found by name ([`by_name`]): `neural` (the default, also
//! `neural3`: a network trained by self-play and refined, [`neural`],
//! shipped in the program, searching 3 plies, gnubg's 2-ply,
//! [`analysis::deep::best_play_3ply`], with cube decisions from its
//! cubeless outputs, [`cube`]), `neural2` (the same searching 2 plies,
//! eight times faster), `neural0` (the same at 0 ply), `greedy` (a
//! hand-written evaluation of the position after each play, and simple
//! race-based cube decisions) and `random` (uniform among the legal
//! plays, never doubles, always takes). [`gnubg::Gnubg`] is GNU
//! Backgammon as a player, run as a child process. [`play_out`] drives a
//! game between two players.
//!
//! ```
//! use backgammon::{Game, Rules, Side};
//! use backgammon_bot::{by_name, play_out};
//! use rand::SeedableRng;
//! let mut white = by_name("greedy", 1).unwrap();
//! let mut black = by_name("random", 2).unwrap();
//! let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(3);
//! let mut game = Game::money(Rules::standard());
//! let result = play_out(&mut game, white.as_mut(), black.as_mut(), &mut dice);
//! assert!(result.points >= 1);
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod analysis;
pub mod bearoff;
pub mod cube;
pub mod features;
pub mod gnubg;
mod greedy;
mod near;
pub mod neural;
pub mod race;
pub mod refine;
pub mod table;
pub mod train;

use backgammon::{DiceSource, Game, GameResult, Phase, Play, Side};
use rand_chacha::ChaCha8Rng;

pub use greedy::{greedy_score, GreedyPlayer};
pub use neural::{default_net, BgNet, NeuralPlayer};
pub use table::table_player;

/// A player of backgammon with the videau.
pub trait Player: Send {
    /// The player's name.
    fn name(&self) -> &str;

    /// One of `game.legal_plays()` (the game is at `Phase::Play`).
    fn choose_play(&mut self, game: &Game) -> Play;

    /// Whether to offer the videau now (called only when the side on roll
    /// may double, BG-7.2).
    fn wants_double(&mut self, game: &Game) -> bool {
        let _ = game;
        false
    }

    /// Whether to take the videau offered (`false`: drop, BG-7.4).
    fn takes(&mut self, game: &Game) -> bool {
        let _ = game;
        true
    }
}

/// Uniform among the legal plays; never doubles; always takes: the
/// shared [`tables::RandomPlayer`], seeded ([`tables::RandomPlayer::seeded`]).
pub type RandomPlayer = tables::RandomPlayer<ChaCha8Rng>;

impl Player for RandomPlayer {
    fn name(&self) -> &str {
        "random"
    }

    fn choose_play(&mut self, game: &Game) -> Play {
        *self.pick(game.legal_plays())
    }
}

/// The names of the players, the default first.
pub const PLAYERS: &[&str] = &[
    "neural", "neural0", "neural2", "neural3", "greedy", "random",
];

/// The default player's name.
pub const DEFAULT_BOT: &str = "neural";

/// The player called `name`, seeded with `seed` (`neural`, `neural3`,
/// `neural2` and `neural0` play with the shipped network; `default`
/// names [`DEFAULT_BOT`], the strongest); `None` for an unknown name.
pub fn by_name(name: &str, seed: u64) -> Option<Box<dyn Player>> {
    by_name_with(name, seed, None)
}

/// [`by_name`], with the network of the `neural` player (the shipped one
/// when `None`).
pub fn by_name_with(
    name: &str,
    seed: u64,
    net: Option<std::sync::Arc<BgNet>>,
) -> Option<Box<dyn Player>> {
    let name = if name == "default" { DEFAULT_BOT } else { name };
    match name {
        "random" => Some(Box::new(RandomPlayer::seeded(seed))),
        "greedy" => Some(Box::new(GreedyPlayer::new())),
        "neural" | "neural0" | "neural2" | "neural3" => {
            let net = net.unwrap_or_else(neural::default_net);
            let p = match name {
                "neural0" => NeuralPlayer::new(net),
                "neural2" => NeuralPlayer::two_ply(net),
                // The default searches 3 plies: stronger than 2 against
                // gnubg and itself (docs/STRENGTH.md, "Three plies").
                _ => NeuralPlayer::three_ply(net),
            };
            Some(Box::new(if name == "neural" {
                p.named("neural")
            } else {
                p
            }))
        }
        _ => None,
    }
}

/// Plays `game` to its end between `white` and `black`, with dice drawn
/// from `dice`: the opening throw, rolls, plays and cube actions.
pub fn play_out(
    game: &mut Game,
    white: &mut dyn Player,
    black: &mut dyn Player,
    dice: &mut impl DiceSource,
) -> GameResult {
    loop {
        let phase = game.phase();
        let r = match phase {
            Phase::Opening => game.roll_with(dice),
            Phase::Roll(side) => {
                let p: &mut dyn Player = if side == Side::White { white } else { black };
                if game.can_double(side) && p.wants_double(game) {
                    game.double()
                } else {
                    game.roll_with(dice)
                }
            }
            Phase::Doubled { by } => {
                let p: &mut dyn Player = if by == Side::White { black } else { white };
                if p.takes(game) {
                    game.take()
                } else {
                    game.drop_double()
                }
            }
            Phase::Play(side, _) => {
                let p: &mut dyn Player = if side == Side::White { white } else { black };
                let play = p.choose_play(game);
                game.play(&play)
            }
            Phase::Over(r) => return r,
        };
        if let Err(e) = r {
            // The players choose among the legal actions: a refusal is a
            // bug of the player, never of user input.
            panic!("a player's action was refused: {e}");
        }
    }
}
