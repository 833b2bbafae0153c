//! Matches between two bots, for any game ([`play_match`]): complete
//! games played by the shared driver ([`tables::play_out`]), colours
//! alternated — player A has White in the even-numbered games — and the
//! report ([`MatchReport`]): A's wins with the 95 % Wilson interval of
//! its win rate, the mean points per game for A with their 95 %
//! interval, who won as White. Game `i` draws its dice and the players'
//! random choices from the match seed and `i` only.

use std::io::Write;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use tables::stats::{wilson, Mean};
use tables::{BySide, Player, Side, TableGame};

use crate::error::TermError;

/// Makes a player of a match from its name and the seed of its random
/// choices (`None` for a name the game does not know).
pub type Seat<'s, G> = dyn Fn(&str, u64) -> Option<Box<dyn Player<G>>> + 's;

/// The most turns one game may take before it is an error (a player
/// that never ends its game).
pub const MAX_TURNS: usize = 1_000_000;

/// The most games one match may hold.
pub const MAX_GAMES: u64 = 10_000_000;

/// The two players of a match and its length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchSpec {
    /// Player A (White in even-numbered games): a bot's name.
    pub a: String,
    /// Player B.
    pub b: String,
    /// Games to play, 1 to [`MAX_GAMES`].
    pub games: u64,
    /// The match seed.
    pub seed: u64,
}

/// One finished game, seen by player A.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// A played White.
    pub a_white: bool,
    /// A won.
    pub a_won: bool,
    /// What the winner won ([`tables::Outcome::points`]).
    pub points: u32,
    /// The game's result line.
    pub text: String,
}

/// The seed of game `i` of a match seeded with `seed` (a SplitMix64
/// step: games of neighbouring numbers draw unrelated dice).
fn seed_of_game(seed: u64, i: u64) -> u64 {
    let mut z = seed.wrapping_add(i.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15));
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays game `i` of the match `spec` on `game` (a new game, left as it
/// ended for the caller's own statistics): A is White when `i` is even;
/// the dice are drawn from `s`, the game's seed, and `seat` makes each
/// player from its name and a seed (`s ^ 0x41` for A, `s ^ 0x42` for B).
///
/// # Errors
/// An unknown player, a player that fails, a game that does not end.
pub fn play_game<G: TableGame>(
    spec: &MatchSpec,
    i: u64,
    s: u64,
    game: &mut G,
    seat: &Seat<'_, G>,
) -> Result<GameResult, TermError> {
    let make = |name: &str, salt: u64| {
        seat(name, s ^ salt).ok_or_else(|| TermError::input(format!("unknown player `{name}`")))
    };
    let mut a = make(&spec.a, 0x41)?;
    let mut b = make(&spec.b, 0x42)?;
    let a_white = i.is_multiple_of(2);
    let (white, black) = if a_white {
        (a.as_mut(), b.as_mut())
    } else {
        (b.as_mut(), a.as_mut())
    };
    let mut dice = ChaCha8Rng::seed_from_u64(s);
    let o = tables::play_out(game, BySide::new(white, black), &mut dice, MAX_TURNS)
        .map_err(TermError::game)?;
    let a_side = if a_white { Side::White } else { Side::Black };
    Ok(GameResult {
        a_white,
        a_won: o.winner == a_side,
        points: o.points,
        text: o.text,
    })
}

/// The report of a match, from A's side.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MatchReport {
    /// The game's name.
    pub game: String,
    /// Player A (White in even-numbered games).
    pub a: String,
    /// Player B.
    pub b: String,
    /// Games played.
    pub games: u64,
    /// The match seed.
    pub seed: u64,
    /// Games A won.
    pub a_wins: u64,
    /// Games B won.
    pub b_wins: u64,
    /// A's win rate.
    pub win_rate: f64,
    /// The 95 % Wilson interval of A's win rate.
    pub win_rate_ci95: [f64; 2],
    /// The mean points per game for A (negative when B won more).
    pub mean_points: f64,
    /// The 95 % half-width of the mean points.
    pub points_ci95: f64,
    /// Games A played as White.
    pub a_white_games: u64,
    /// Of those, the games A won.
    pub a_white_wins: u64,
    /// Games White won.
    pub white_wins: u64,
}

impl MatchReport {
    /// Sums up the games of a match (in game order).
    pub fn of(game: &str, spec: &MatchSpec, results: &[GameResult]) -> MatchReport {
        let n = results.len() as u64;
        let count =
            |f: &dyn Fn(&GameResult) -> bool| results.iter().filter(|r| f(r)).count() as u64;
        let a_wins = count(&|r| r.a_won);
        let (lo, hi) = wilson(a_wins, n);
        let points = Mean::of(results.iter().map(|r| {
            let p = f64::from(r.points);
            if r.a_won {
                p
            } else {
                -p
            }
        }));
        MatchReport {
            game: game.to_string(),
            a: spec.a.clone(),
            b: spec.b.clone(),
            games: n,
            seed: spec.seed,
            a_wins,
            b_wins: n - a_wins,
            win_rate: a_wins as f64 / n.max(1) as f64,
            win_rate_ci95: [lo, hi],
            mean_points: points.mean,
            points_ci95: points.half_width,
            a_white_games: count(&|r| r.a_white),
            a_white_wins: count(&|r| r.a_white && r.a_won),
            white_wins: count(&|r| r.a_won == r.a_white),
        }
    }

    /// Writes the report as text: a line per player, then the colours
    /// and the mean points.
    ///
    /// # Errors
    /// When the output cannot be written.
    pub fn write(&self, out: &mut dyn Write) -> std::io::Result<()> {
        let (a, b) = if self.a == self.b {
            (format!("A ({})", self.a), format!("B ({})", self.b))
        } else {
            (self.a.clone(), self.b.clone())
        };
        let w = a.len().max(b.len());
        writeln!(
            out,
            "{} match, {a} vs {b}: {} games, seed {}, colours alternated ({a} White in even games)",
            self.game, self.games, self.seed
        )?;
        writeln!(
            out,
            "{a:<w$}  {:>5} wins  {:5.1} %  (95 % CI {:.1}–{:.1} %)",
            self.a_wins,
            100.0 * self.win_rate,
            100.0 * self.win_rate_ci95[0],
            100.0 * self.win_rate_ci95[1]
        )?;
        writeln!(
            out,
            "{b:<w$}  {:>5} wins  {:5.1} %",
            self.b_wins,
            100.0 * (1.0 - self.win_rate)
        )?;
        writeln!(
            out,
            "{a} as White: {} of {} won; White won {} of {}",
            self.a_white_wins, self.a_white_games, self.white_wins, self.games
        )?;
        writeln!(
            out,
            "mean points per game for {a}  {:+.3} ± {:.3}",
            self.mean_points, self.points_ci95
        )
    }
}

/// Plays the match `spec` of the game `name`: each game new from
/// `new_game`, its players made by `seat` from their names.
///
/// # Errors
/// A number of games out of range, an unknown player, a player that
/// fails, a game that does not end.
pub fn play_match<G: TableGame>(
    name: &str,
    spec: &MatchSpec,
    new_game: &dyn Fn() -> Result<G, TermError>,
    seat: &Seat<'_, G>,
) -> Result<MatchReport, TermError> {
    if spec.games == 0 || spec.games > MAX_GAMES {
        return Err(TermError::input(format!(
            "a match is 1 to {MAX_GAMES} games, not {}",
            spec.games
        )));
    }
    let results = (0..spec.games)
        .map(|i| play_game(spec, i, seed_of_game(spec.seed, i), &mut new_game()?, seat))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(MatchReport::of(name, spec, &results))
}
