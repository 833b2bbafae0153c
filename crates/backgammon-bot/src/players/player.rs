//! What a player is ([`BgBot`]) and the random player.

use backgammon::{Game, Play};
use rand_chacha::ChaCha8Rng;

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
