//! What a player is ([`BgBot`]), the random player, and a game played
//! out between two players ([`play_out`]).

use backgammon::session::Match;
use backgammon::{BySide, DiceSource, Game, GameResult, Play};
use rand_chacha::ChaCha8Rng;

use super::table::Driven;

/// A player of backgammon with the videau.
pub trait BgBot: Send {
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

impl BgBot for RandomPlayer {
    fn name(&self) -> &str {
        "random"
    }

    fn choose_play(&mut self, game: &Game) -> Play {
        *self.pick(game.legal_plays())
    }
}

/// Plays `game` to its end between `white` and `black`, with dice drawn
/// from `dice`: the opening throw, rolls, plays and cube actions. The
/// shared driver plays it ([`tables::play_out`], the game as a money game
/// of [`Match`]), the bots taking their turns as the server's do
/// ([`super::table::TablePlayer`]), and asked at a forced pass too.
///
/// # Panics
/// If a player chooses an action the rules refuse (a bug of the player,
/// never of user input).
pub fn play_out(
    game: &mut Game,
    white: &mut dyn BgBot,
    black: &mut dyn BgBot,
    dice: &mut impl DiceSource,
) -> GameResult {
    let mut m = Match {
        rules: *game.rules(),
        length: 0,
        done: Vec::new(),
        game: game.clone(),
    };
    let (mut w, mut b) = (Driven(white), Driven(black));
    let players: BySide<&mut dyn tables::Player<Match>> = BySide::new(&mut w, &mut b);
    if let Err(e) = tables::play_out(&mut m, players, dice, usize::MAX) {
        panic!("a player's action was refused: {e}");
    }
    *game = m.game;
    game.result().expect("a game played out is over")
}
