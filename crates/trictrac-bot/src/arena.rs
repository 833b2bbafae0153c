//! Matches: complete 12-hole games between two players, colours
//! alternated, and their statistics.
//!
//! Game `i` of a match seeded with `s` draws its dice from
//! [`crate::train::game_seed`]`(s, i)`, and player A has White when `i` is
//! even. Every game depends only on its number, so a match gives the same
//! result whatever the number of threads.

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tables::BySide;
use trictrac::{Game, GameOptions, Side};

use crate::by_name_with;
use crate::nn::Net;
use crate::table::TablePlayer;
use crate::train::game_seed;

pub use tables::stats::{wilson, Mean};

/// The two players of a match and its settings.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    /// Player A (White in even-numbered games).
    pub a: String,
    /// Player B.
    pub b: String,
    /// The match seed.
    pub seed: u64,
    /// Rule options.
    pub options: GameOptions,
    /// A network for the neural players instead of the shipped one.
    pub net: Option<Arc<Net>>,
}

/// One finished game, seen by player A.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GameOutcome {
    /// A played White.
    pub a_white: bool,
    /// A won.
    pub a_won: bool,
    /// A's holes minus B's holes at the end.
    pub hole_diff: i32,
    /// The stake, positive when A won.
    pub stake: f64,
    /// Rolls in the game.
    pub rolls: u32,
}

/// The most turns one game may take before it is an error (a player
/// that never ends its game).
pub const MAX_TURNS: usize = 1_000_000;

/// Plays game `i` of the match through the shared driver
/// ([`tables::play_out`]): A is White when `i` is even; the dice come from
/// the match seed and `i` only.
///
/// # Errors
/// When a player name is unknown or a player fails.
pub fn play_game(spec: &MatchSpec, i: u64) -> Result<GameOutcome, String> {
    let s = game_seed(spec.seed, i);
    let make = |name: &str, salt: u64| {
        by_name_with(name, s ^ salt, spec.net.clone())
            .map(TablePlayer)
            .ok_or_else(|| format!("unknown player `{name}`"))
    };
    let mut a = make(&spec.a, 0x41)?;
    let mut b = make(&spec.b, 0x42)?;
    let a_white = i.is_multiple_of(2);
    let mut dice = ChaCha8Rng::seed_from_u64(s);
    let mut g = Game::new(spec.options);
    type Seat<'a> = &'a mut dyn tables::Player<Game>;
    let (white, black): (Seat, Seat) = if a_white {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let outcome = tables::play_out(&mut g, BySide::new(white, black), &mut dice, MAX_TURNS)
        .map_err(|e| e.to_string())?;
    let a_side = if a_white { Side::White } else { Side::Black };
    Ok(outcome_of(&g, a_white, outcome.winner == a_side))
}

/// A finished game `g` seen by player A, who played White if `a_white`
/// and won if `a_won`: the holes, the stake, the rolls.
pub fn outcome_of(g: &Game, a_white: bool, a_won: bool) -> GameOutcome {
    let a_side = if a_white { Side::White } else { Side::Black };
    let holes = g.score().holes;
    let stake = g.points_won().unwrap_or(0.0);
    GameOutcome {
        a_white,
        a_won,
        hole_diff: *holes.get(a_side) as i32 - *holes.get(!a_side) as i32,
        stake: if a_won { stake } else { -stake },
        rolls: g.rolls(),
    }
}

/// The statistics of a match, from A's side.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Summary {
    /// Games played.
    pub games: u64,
    /// Games won by A.
    pub a_wins: u64,
    /// A's win rate.
    pub win_rate: f64,
    /// The 95 % Wilson score interval of A's win rate.
    pub win_rate_ci: (f64, f64),
    /// A's holes minus B's at the end of a game.
    pub hole_diff: Mean,
    /// The stake per game, positive for A.
    pub stake: Mean,
    /// Games A played with White, and won.
    pub a_white: (u64, u64),
    /// Games won by White.
    pub white_wins: u64,
    /// Rolls per game.
    pub rolls: f64,
}

/// Sums up the games of a match (in game order).
pub fn summarise(games: &[GameOutcome]) -> Summary {
    let n = games.len() as u64;
    let a_wins = games.iter().filter(|g| g.a_won).count() as u64;
    let white_wins = games.iter().filter(|g| g.a_won == g.a_white).count() as u64;
    let a_white = (
        games.iter().filter(|g| g.a_white).count() as u64,
        games.iter().filter(|g| g.a_white && g.a_won).count() as u64,
    );
    Summary {
        games: n,
        a_wins,
        win_rate: a_wins as f64 / n.max(1) as f64,
        win_rate_ci: wilson(a_wins, n),
        hole_diff: Mean::of(games.iter().map(|g| g.hole_diff as f64)),
        stake: Mean::of(games.iter().map(|g| g.stake)),
        a_white,
        white_wins,
        rolls: games.iter().map(|g| g.rolls as f64).sum::<f64>() / n.max(1) as f64,
    }
}
