//! What a player is ([`BgBot`]), the random player, and a game played
//! out between two players ([`play_out`]).

use backgammon::{DiceSource, Game, GameResult, Phase, Play, Side};
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

/// Plays `game` to its end between `white` and `black`, with dice drawn
/// from `dice`: the opening throw, rolls, plays and cube actions.
pub fn play_out(
    game: &mut Game,
    white: &mut dyn BgBot,
    black: &mut dyn BgBot,
    dice: &mut impl DiceSource,
) -> GameResult {
    loop {
        let phase = game.phase();
        let r = match phase {
            Phase::Opening => game.roll_with(dice),
            Phase::Roll(side) => {
                let p: &mut dyn BgBot = if side == Side::White { white } else { black };
                if game.can_double(side) && p.wants_double(game) {
                    game.double()
                } else {
                    game.roll_with(dice)
                }
            }
            Phase::Doubled { by } => {
                let p: &mut dyn BgBot = if by == Side::White { black } else { white };
                if p.takes(game) {
                    game.take()
                } else {
                    game.drop_double()
                }
            }
            Phase::Play(side, _) => {
                let p: &mut dyn BgBot = if side == Side::White { white } else { black };
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
