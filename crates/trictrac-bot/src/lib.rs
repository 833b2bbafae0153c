//! Players of Grand Trictrac: they choose the play of a roll and whether
//! to stay or leave after winning a hole (R-8.6). Front ends (terminal,
//! browser) and tools (self-play, matches) drive them through [`TrictracBot`].
//!
//! | name | player |
//! |---|---|
//! | `random` | [`RandomPlayer`]: a uniformly random legal play; stays |
//! | `greedy` | [`GreedyPlayer`]: the most net points now, the fewest for the opponent next |
//! | `search1`, `search2` | [`SearchPlayer`] on [`PointsEval`], 1 or 2 plies |
//! | `neural-v1` | [`SearchPlayer`] on [`NeuralEval`] with the first shipped network (win probability), 1 ply |
//! | `neural1` | the best shipped network ([`default_net`]), 1 ply |
//! | `neural` | the default bot: the best shipped network, 2 plies where the best 1-ply values are close |
//! | `neural2` | the best shipped network, 2 plies always |
//!
//! `default` names the default bot ([`DEFAULT_BOT`]). The analysis
//! commands (hint, review, rollout) value positions through
//! [`analysis`], whatever the network.
//!
//! The evaluations, the search and its pruning are described in
//! [`search`]; the network and its inputs in [`nn`] and [`features`];
//! its training by self-play with TD(λ) in [`train`]; matches in
//! [`arena`].
//!
//! ```
//! use trictrac::{Game, GameOptions};
//! use trictrac_bot::{by_name, play_out};
//! use rand::SeedableRng;
//! let mut white = by_name("neural", 1).unwrap();
//! let mut black = by_name("random", 2).unwrap();
//! let mut g = Game::new(GameOptions::default());
//! let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(7);
//! let winner = play_out(&mut g, white.as_mut(), black.as_mut(), &mut dice);
//! assert_eq!(g.winner(), Some(winner));
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod analysis;
pub mod arena;
pub mod explain;
pub mod features;
mod greedy;
pub mod lessons;
pub mod nn;
pub mod review;
pub mod search;
pub mod table;
pub mod train;
pub mod turn;

use std::sync::Arc;

use rand_chacha::ChaCha8Rng;
use trictrac::{BySide, Game, Play, Side};

pub use greedy::GreedyPlayer;
pub use nn::{default_net, v1_net, Net};
pub use search::{Evaluator, NeuralEval, PointsEval, SearchPlayer};
pub use table::table_player;

/// Stay (*tenir*) or leave (*s'en aller*) after winning a hole (R-8.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Decision {
    /// Keep the remainder and play on.
    Stay,
    /// Start a new relevé.
    Leave,
}

/// A player: chooses plays and stay/leave decisions for its side.
pub trait TrictracBot: Send {
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

    /// `false-moves=table` (RULES.md section 11): the other player's false
    /// play stands and this player, about to roll, settles it — the
    /// correction he chooses, or `None` to leave it. The default judges as
    /// a strong player does: the choice that leaves him the best position
    /// ([`false_move_settlement`]).
    fn settle_false_move(&mut self, game: &Game) -> Option<Play> {
        false_move_settlement(game, &PointsEval)
    }

    /// Whether [`TrictracBot::settle_false_move`] has the false play corrected.
    fn correct_false_move(&mut self, game: &Game) -> bool {
        self.settle_false_move(game).is_some()
    }
}

/// `false-moves=table` (section 11): how the player about to roll settles
/// the other player's false play: among leaving it and each correction
/// the article lets him choose ([`Game::false_move_corrections`]), the
/// position he prefers by `eval` (his chances with the roll to come) —
/// `None` to leave it (a false play that hurts its author), else the best
/// correction for himself. `None` when no false play stands. A bot never
/// has the checkers put back: the author would then choose the play.
pub fn false_move_settlement(game: &Game, eval: &dyn Evaluator) -> Option<Play> {
    let (stands, outcomes) = game.false_move_outcomes()?;
    let rules = turn::TurnRules::of(game.options());
    let mut best = (eval.eval(&stands, &rules), None);
    for (play, pos) in outcomes {
        let v = eval.eval(&pos, &rules);
        if v > best.0 {
            best = (v, Some(play));
        }
    }
    best.1
}

/// Whether the player about to roll has the other player's false play
/// corrected ([`false_move_settlement`] is `Some`).
pub fn false_move_choice(game: &Game, eval: &dyn Evaluator) -> bool {
    false_move_settlement(game, eval).is_some()
}

/// The name of the default bot: the best shipped network, searching two
/// plies only where the best 1-ply values are close ([`SearchPlayer::selective`]),
/// within a few milliseconds per decision (docs/PERFORMANCE.md,
/// docs/STRENGTH.md).
pub const DEFAULT_BOT: &str = "neural";

/// The names of the players [`by_name`] knows, weakest first (`default`
/// is also accepted, for [`DEFAULT_BOT`]).
pub const PLAYERS: &[&str] = &[
    "random",
    "greedy",
    "search1",
    "search2",
    "neural-v1",
    "neural1",
    "neural",
    "neural2",
];

/// The selective search of the default bot: at most this many plays
/// searched at 2 plies …
pub const SELECTIVE_WIDTH: usize = 4;
/// … and only those within this value of the best (on the evaluation's
/// 0–1 scale: 0.03 of win probability, or 0.06 × the largest stake of
/// equity for an equity network).
pub const SELECTIVE_MARGIN: f32 = 0.03;

/// The default bot's player on `net` (see [`DEFAULT_BOT`]).
pub fn default_player(net: Arc<Net>) -> SearchPlayer<NeuralEval> {
    SearchPlayer::new(DEFAULT_BOT, NeuralEval::new(net), 2)
        .selective(SELECTIVE_WIDTH, SELECTIVE_MARGIN)
}

/// A player by name (see [`PLAYERS`]), its random choices following `seed`.
/// The neural players use the shipped network.
pub fn by_name(name: &str, seed: u64) -> Option<Box<dyn TrictracBot>> {
    by_name_with(name, seed, None)
}

/// A player by name; the neural players use `net` instead of the
/// shipped network when it is given.
pub fn by_name_with(name: &str, seed: u64, net: Option<Arc<Net>>) -> Option<Box<dyn TrictracBot>> {
    let neural = |depth: u8| -> Box<dyn TrictracBot> {
        let net = net.clone().unwrap_or_else(default_net);
        Box::new(SearchPlayer::new(name, NeuralEval::new(net), depth))
    };
    let name = if name == "default" { DEFAULT_BOT } else { name };
    Some(match name {
        "random" => Box::new(RandomPlayer::seeded(seed)),
        "greedy" => Box::new(GreedyPlayer),
        "search1" => Box::new(SearchPlayer::new(name, PointsEval, 1)),
        "search2" => Box::new(SearchPlayer::new(name, PointsEval, 2)),
        "neural-v1" => Box::new(SearchPlayer::new(name, NeuralEval::new(v1_net()), 1)),
        "neural1" => neural(1),
        "neural" => Box::new(default_player(net.unwrap_or_else(default_net))),
        "neural2" => neural(2),
        _ => return None,
    })
}

/// A uniformly random legal play; stays always: the shared
/// [`tables::RandomPlayer`], seeded ([`tables::RandomPlayer::seeded`]).
pub type RandomPlayer = tables::RandomPlayer<ChaCha8Rng>;

impl TrictracBot for RandomPlayer {
    fn name(&self) -> &str {
        "random"
    }

    fn choose_play(&mut self, game: &Game) -> Play {
        *self.pick(game.legal_plays())
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
            random: RandomPlayer::seeded(seed),
        }
    }
}

impl TrictracBot for SelfPlayPlayer {
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
    white: &mut dyn TrictracBot,
    black: &mut dyn TrictracBot,
    dice: &mut impl trictrac::DiceSource,
) -> Side {
    loop {
        if let Some(w) = play_until(game, white, black, dice, u32::MAX) {
            return w;
        }
    }
}

/// Plays `game` with `white` and `black` until it is over (returns the
/// winner) or until `rolls` more rolls have been made and a side is about
/// to roll again (returns `None`: a truncated game, e.g. for a rollout).
/// The shared driver plays it ([`tables::play_until`]), the bots taking
/// their turns as the server's do ([`table::TablePlayer`]: a school
/// claimed, a false play settled, then the roll, play, decision or
/// declaration), and asked at a forced pass too.
///
/// # Panics
/// If a bot chooses an action the rules refuse (a bug of the bot).
pub fn play_until(
    game: &mut Game,
    white: &mut dyn TrictracBot,
    black: &mut dyn TrictracBot,
    dice: &mut impl trictrac::DiceSource,
    rolls: u32,
) -> Option<Side> {
    use trictrac::Phase;
    let stop = game.rolls().saturating_add(rolls);
    let (mut w, mut b) = (table::Driven(white), table::Driven(black));
    let players: BySide<&mut dyn tables::Player<Game>> = BySide::new(&mut w, &mut b);
    let ended = tables::play_until(game, players, dice, usize::MAX, |g| {
        matches!(g.phase(), Phase::Roll(_)) && g.rolls() >= stop
    })
    .expect("players choose legal actions");
    ended.map(|o| o.winner)
}
