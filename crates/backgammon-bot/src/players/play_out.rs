//! A game played out between two players ([`play_out`]), by the shared
//! driver: above both the player trait and the table adapters.

use backgammon::session::Match;
use backgammon::{BySide, DiceSource, Game, GameResult};

use super::player::BgBot;
use super::table::Driven;

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
