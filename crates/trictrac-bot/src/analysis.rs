//! Analysis for players: the equity of plays, of staying and leaving and
//! of positions, and rollouts — what `trictrac hint`, `review`, `rollout`
//! (and a browser's panels) show.
//!
//! Everything goes through [`analyst`]: the best evaluation shipped (the
//! default bot's network and search), so that a better network changes
//! the numbers and nothing else. Values are **equities**: the expected
//! stake (R-9.1, under the game's payout) for the side to move, between
//! minus and plus the largest stake. A network that predicts only the
//! probability of winning `p` gives `2p − 1`, the equity of a game paid ×1.
//!
//! ```
//! use trictrac::{Game, GameOptions, Position, Roll};
//! use trictrac_bot::analysis::analyst;
//! let pos: Position = "w:1x15 b:24x15 w".parse().unwrap();
//! let mut g = Game::from_position(GameOptions::default(), pos).unwrap();
//! g.roll(Roll::new(6, 5)).unwrap();
//! let mut a = analyst();
//! let plays = a.plays(&g);
//! assert_eq!(plays.len(), g.legal_plays().len());
//! assert!(plays.windows(2).all(|w| w[0].equity >= w[1].equity));
//! ```

use std::sync::Arc;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use tables::search::{rollout_game, Summary};
use trictrac::{BySide, DiceSource, Die, Game, GameOptions, Phase, Play, Position};

use crate::nn::{default_net, Net};
use crate::search::{Evaluator, NeuralEval, SearchPlayer};
use crate::table::Driven;
use crate::train::game_seed;
use crate::turn::TurnRules;
use crate::{default_player, TrictracBot};

/// A play and its equity for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayEquity {
    /// The play.
    pub play: Play,
    /// Its equity (expected stake) for the side to move.
    pub equity: f32,
    /// The plies it was valued at: 2 for the plays searched (the close
    /// ones, ranked first), 1 for the others.
    pub plies: u8,
}

/// The equities of staying and leaving (R-8.6) for the side that decides.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct StayLeave {
    /// Staying: the best play of the roll (or what follows the exit).
    pub stay: f32,
    /// Leaving: a new relevé, both sides' points erased.
    pub leave: f32,
}

/// The analysis engine: the default bot's evaluation and search, valuing
/// every searched play exactly.
#[derive(Clone, Debug)]
pub struct Analyst {
    player: SearchPlayer<NeuralEval>,
}

/// The most plays an analysis searches at 2 plies.
pub const ANALYSIS_WIDTH: usize = 6;

/// The best analysis available: the default bot's network and search.
pub fn analyst() -> Analyst {
    Analyst::with_net(default_net())
}

impl Analyst {
    /// The analysis with `net` and the default bot's search.
    pub fn with_net(net: Arc<Net>) -> Analyst {
        let mut player = default_player(net);
        // Analysis searches a little wider than play, and exactly.
        player.exact = true;
        player.width = ANALYSIS_WIDTH;
        player.margin = 1.5 * crate::SELECTIVE_MARGIN;
        Analyst { player }
    }

    /// What values the positions, for a report: e.g. `neural (equity
    /// network, 2 plies where close)`.
    pub fn describe(&self) -> String {
        format!(
            "{} ({} network, 2 plies where the best plays are close)",
            crate::DEFAULT_BOT,
            if self.is_equity() {
                "equity"
            } else {
                "win-probability"
            }
        )
    }

    /// Whether the network values the stake distribution (else only the
    /// probability of winning, equities then being those of ×1 games).
    pub fn is_equity(&self) -> bool {
        self.player.evaluator().net().is_equity()
    }

    fn equity(&self, v: f32, t: &TurnRules) -> f32 {
        (2.0 * v - 1.0) * self.player.evaluator().scale(t)
    }

    /// The legal plays of `game`'s pending roll with their equities, best
    /// first (empty when no play is pending).
    pub fn plays(&mut self, game: &Game) -> Vec<PlayEquity> {
        let t = TurnRules::of(game.options());
        let ranked = self.player.analyse_plies(game);
        ranked
            .into_iter()
            .map(|(play, v, plies)| PlayEquity {
                play,
                equity: self.equity(v, &t),
                plies,
            })
            .collect()
    }

    /// The equities of staying and leaving, when `game` waits for that
    /// decision (R-8.6).
    pub fn stay_leave(&self, game: &Game) -> Option<StayLeave> {
        let t = TurnRules::of(game.options());
        self.player
            .stay_or_leave(game)
            .map(|(stay, leave)| StayLeave {
                stay: self.equity(stay, &t),
                leave: self.equity(leave, &t),
            })
    }

    /// The equity of `pos` for its side to move, about to roll (the
    /// network's value, no search).
    pub fn position(&self, pos: &Position, options: &GameOptions) -> f32 {
        let t = TurnRules::of(options);
        self.equity(self.player.evaluator().eval(pos, &t), &t)
    }

    /// The best play (the first of [`Analyst::plays`]).
    pub fn best_play(&mut self, game: &Game) -> Play {
        self.player.choose_play(game)
    }
}

/// Dice for a rollout game: the first two rolls stratified (game `i`
/// gets the `i mod 36`-th outcome of the first roll and the
/// `(i / 36) mod 36`-th of the second, so that every 1 296 games see each
/// pair of opening rolls exactly once), the rest drawn at random.
#[derive(Clone, Debug)]
pub struct StratifiedDice {
    first: [u8; 4],
    used: usize,
    rng: ChaCha8Rng,
}

impl StratifiedDice {
    /// The dice of rollout game `i` of a rollout seeded with `seed`.
    pub fn new(seed: u64, i: u64) -> StratifiedDice {
        let a = (i % 36) as u8;
        let b = ((i / 36) % 36) as u8;
        StratifiedDice {
            first: [a / 6 + 1, a % 6 + 1, b / 6 + 1, b % 6 + 1],
            used: 0,
            rng: ChaCha8Rng::seed_from_u64(game_seed(seed, i)),
        }
    }
}

impl DiceSource for StratifiedDice {
    fn die(&mut self) -> Die {
        if let Some(&d) = self.first.get(self.used) {
            self.used += 1;
            return Die::new(d);
        }
        self.rng.die()
    }
}

/// The result of a rollout, seen by the side to move of its position.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rollout {
    /// Games played.
    pub games: u64,
    /// Mean stake won (equity), R-9.1 under the game's payout.
    pub equity: f64,
    /// Half-width of its 95 % confidence interval (1.96 standard errors).
    pub ci95: f64,
    /// Share of the games won (a truncated game counts as won when its
    /// equity is positive).
    pub wins: f64,
    /// Share of the games won at ×1, ×2, ×3, ×4 (×1.5 of `soumille`
    /// counted with ×1; truncated games are in neither).
    pub won_at: [f64; 4],
    /// Lost at ×1 … ×4.
    pub lost_at: [f64; 4],
    /// Games stopped before their end (valued by the network).
    pub truncated: u64,
}

/// How a rollout plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RolloutSpec {
    /// Games to play.
    pub games: u64,
    /// Seed of the dice after the stratified rolls.
    pub seed: u64,
    /// Worker threads.
    pub jobs: usize,
    /// Stop each game after this many rolls and count the network's
    /// equity of the position reached (a truncated rollout); `None`: play
    /// to the end.
    pub truncate: Option<u32>,
    /// Play with the default bot's selective 2-ply search (`true`) or with
    /// its network at 1 ply (`false`, some ten times faster).
    pub search: bool,
}

/// Plays `game` (a side to roll, or a decision pending) out `spec.games`
/// times with the default bot's network on both sides, on `spec.jobs`
/// threads, the dice of game `i` from [`StratifiedDice`]; `progress` is
/// called after each game. The result depends on the seed, not on the
/// threads.
pub fn rollout(game: &Game, spec: &RolloutSpec, progress: &(dyn Fn() + Sync)) -> Rollout {
    let side = game
        .phase()
        .side()
        .unwrap_or_else(|| game.position().turn());
    let net = default_net();
    let a = Analyst::with_net(net.clone());
    let make = || -> SearchPlayer<NeuralEval> {
        if spec.search {
            default_player(net.clone())
        } else {
            SearchPlayer::new("neural1", NeuralEval::new(net.clone()), 1)
        }
    };
    let stakes = neural::td::parallel_map(spec.games as usize, spec.jobs, |i| {
        let mut g = game.clone();
        let mut dice = StratifiedDice::new(spec.seed, i as u64);
        let (mut white, mut black) = (make(), make());
        let (mut w, mut b) = (Driven(&mut white), Driven(&mut black));
        let players: BySide<&mut dyn tables::Player<Game>> = BySide::new(&mut w, &mut b);
        let stop = g.rolls().saturating_add(spec.truncate.unwrap_or(u32::MAX));
        // The shared rollout of one game, stopped when a side is about
        // to roll after `truncate` rolls.
        let sample = rollout_game(
            &mut g,
            players,
            &mut dice,
            |g| matches!(g.phase(), Phase::Roll(_)) && g.rolls() >= stop,
            |g, outcome| match outcome {
                Some(o) => {
                    let s = g.points_won().unwrap_or(1.0);
                    if o.winner == side {
                        s
                    } else {
                        -s
                    }
                }
                None => {
                    // Truncated: the network's equity for the side to roll.
                    let pos = g.position();
                    let e = a.position(pos, g.options()) as f64;
                    if pos.turn() == side {
                        e
                    } else {
                        -e
                    }
                }
            },
        )
        .expect("the bots choose legal actions");
        progress();
        (sample.value, sample.finished)
    });
    summarise(&stakes)
}

fn summarise(results: &[(f64, bool)]) -> Rollout {
    let stakes = results.iter().map(|r| r.0);
    let summary = Summary::of(stakes.clone());
    let n = (summary.games.max(1)) as f64;
    let mut r = Rollout {
        games: summary.games,
        equity: summary.mean,
        ci95: summary.ci95(),
        wins: stakes.filter(|&x| x > 0.0).count() as f64 / n,
        ..Rollout::default()
    };
    for &(x, finished) in results {
        if !finished {
            r.truncated += 1;
            continue;
        }
        let k = (x.abs().floor() as usize).clamp(1, 4) - 1;
        if x > 0.0 {
            r.won_at[k] += 1.0 / n;
        } else {
            r.lost_at[k] += 1.0 / n;
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play_until;
    use trictrac::Roll;

    /// The review's errors and the hint's differences are measured
    /// against the first play listed: the list must be in the order of
    /// its equities, also where the search left a play at 1 ply whose
    /// value is above a searched play's 2-ply value.
    #[test]
    fn the_plays_are_listed_in_the_order_of_their_equities() {
        let net = default_net();
        let mut a = Analyst::with_net(net.clone());
        let mut checked = 0;
        for i in 0..24u64 {
            let mut g = Game::new(GameOptions::default());
            let mut dice = StratifiedDice::new(11, i);
            let one = || SearchPlayer::new("neural1", NeuralEval::new(net.clone()), 1);
            let (mut w, mut b) = (one(), one());
            if play_until(&mut g, &mut w, &mut b, &mut dice, 2 + (i as u32 % 12) * 3).is_some() {
                continue;
            }
            if g.roll_with(&mut dice).is_err() {
                continue;
            }
            if !matches!(g.phase(), Phase::Play(_)) || g.legal_plays().len() < 2 {
                continue;
            }
            let plays = a.plays(&g);
            for pair in plays.windows(2) {
                assert!(
                    pair[1].equity <= pair[0].equity,
                    "game {i}: {} ({} plies) listed after {} ({} plies)",
                    pair[1].equity,
                    pair[1].plies,
                    pair[0].equity,
                    pair[0].plies
                );
            }
            checked += 1;
        }
        assert!(checked >= 10, "only {checked} positions with a choice");
    }

    #[test]
    fn stratified_dice_cover_every_pair_of_opening_rolls() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..1296 {
            let mut d = StratifiedDice::new(1, i);
            let r = [d.die(), d.die(), d.die(), d.die()].map(|x| x.value());
            seen.insert(r);
        }
        assert_eq!(seen.len(), 1296);
    }

    #[test]
    fn a_rollout_of_a_won_race_is_won_and_does_not_depend_on_threads() {
        // White bears off his last checker with any roll (R-4.8, R-6.10)
        // with 10 points and 11 holes: the 4 points win the 12th hole,
        // every game is won.
        let pos: Position = "w:24 b:1x15 w score=10.11.0.3".parse().unwrap();
        let g = Game::from_position(GameOptions::default(), pos).unwrap();
        let spec = RolloutSpec {
            games: 8,
            seed: 1,
            jobs: 1,
            truncate: None,
            search: true,
        };
        let a = rollout(&g, &spec, &|| {});
        let b = rollout(&g, &RolloutSpec { jobs: 2, ..spec }, &|| {});
        assert_eq!(a, b);
        assert_eq!(a.wins, 1.0);
        assert!(a.equity >= 1.0);
    }

    #[test]
    fn the_best_play_has_the_highest_equity() {
        let pos: Position = "w:1x13,6,7 b:24x15 w".parse().unwrap();
        let mut g = Game::from_position(GameOptions::default(), pos).unwrap();
        g.roll(Roll::new(4, 2)).unwrap();
        let mut a = analyst();
        let plays = a.plays(&g);
        assert!(!plays.is_empty());
        assert_eq!(plays[0].play, a.best_play(&g));
        let m = if a.is_equity() { 4.0 } else { 1.0 };
        assert!(plays.iter().all(|p| p.equity.abs() <= m));
    }
}
