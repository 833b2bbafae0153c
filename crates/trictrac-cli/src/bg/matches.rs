//! `trictrac bg match`: money games between two players, with duplicate
//! dice, and the points per game with a confidence interval.

use std::io::Write;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use backgammon::session::{Action, Match};
use backgammon::{Phase, Rules, Side};
use backgammon_bot::gnubg::{Gnubg, GnubgError};
use backgammon_bot::table::TablePlayer;
use backgammon_bot::{by_name_with, BgNet, PLAYERS};
use clap::Args;
use neural::td::game_seed;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::input;
use crate::error::CliError;
use crate::runs::{self, MatchPlayers, RunArgs};
use tables::{Choice, PlayerError};

/// The name of GNU Backgammon as a player.
const GNUBG: &str = "gnubg";

/// Play money games between two players.
#[derive(Clone, Debug, Args)]
#[command(
    about = "Play backgammon money games between two players and print the points per game",
    long_about = "Play money games of backgammon between player A (--white) and player B \
        (--black) with duplicate dice: games 2k and 2k+1 use the same dice, A White in \
        the first and Black in the second, so that luck cancels out and a few hundred \
        games give a tight interval. Prints A's wins, A's points per game with the 95 % \
        confidence interval (over the pairs), the share of gammons and backgammons, \
        and games per second. The result does not depend on --jobs.",
    after_help = match_help(),
    mut_arg("games", |a| a
        .default_value("200")
        .help("Number of games (rounded up to an even number: pairs of duplicate dice)"))
)]
pub struct MatchArgs {
    #[command(flatten)]
    players: MatchPlayers,

    #[command(flatten)]
    run: RunArgs,

    /// Whether the players may use the videau
    #[arg(long, value_name = "on|off", default_value = "on")]
    cube: String,

    /// Rules: standard or seed, with options
    #[arg(long, value_name = "RULES", default_value = "standard")]
    rules: String,

    /// Another network for the neural player (a model written by `trictrac bg train`)
    #[arg(long, value_name = "FILE")]
    model: Option<PathBuf>,
}

#[derive(Serialize)]
struct Report {
    white: String,
    black: String,
    rules: String,
    cube: bool,
    /// The Jacoby rule (BG-7.5), which the figures depend on.
    jacoby: bool,
    /// The rules said in full, with what they make of gammons.
    rules_in_force: String,
    games: u64,
    a_wins: u64,
    a_points_per_game: f64,
    a_points_ci95: [f64; 2],
    gammons: f64,
    backgammons: f64,
    games_per_second: f64,
}

/// A player of the match: one of ours, or a running gnubg.
enum Seat {
    Bot(TablePlayer),
    Gnubg(GnubgPlayer),
}

impl Seat {
    fn player(&mut self) -> &mut dyn tables::Player<Match> {
        match self {
            Seat::Bot(b) => b,
            Seat::Gnubg(g) => g,
        }
    }
}

/// GNU Backgammon as a player of the shared driver: its play and cube
/// decisions at 0 ply; when it fails (stops answering, names an illegal
/// play) the player fails, and the match stops with that error.
struct GnubgPlayer(Gnubg);

impl tables::Player<Match> for GnubgPlayer {
    fn name(&self) -> &str {
        GNUBG
    }

    fn choose(&mut self, m: &Match) -> Result<Choice<Action>, PlayerError> {
        let failed = |e: GnubgError| PlayerError::Disconnected {
            player: GNUBG.into(),
            why: e.to_string(),
        };
        let g = &m.game;
        Ok(match g.phase() {
            Phase::Roll(s) if g.can_double(s) => {
                let [nd, dt, dp] = self.0.cube_equities(g).map_err(failed)?;
                if dt.min(dp) > nd {
                    Choice::Act(Action::Double)
                } else {
                    Choice::Throw
                }
            }
            Phase::Roll(_) => Choice::Throw,
            // The doubler is on roll: his equities; take when taking
            // costs less than dropping.
            Phase::Doubled { .. } => {
                let [_, dt, dp] = self.0.cube_equities(g).map_err(failed)?;
                Choice::Act(if dt <= dp { Action::Take } else { Action::Drop })
            }
            Phase::Play(..) => Choice::Act(Action::Play {
                p: self.0.best_play(g).map_err(failed)?.to_string(),
            }),
            Phase::Opening | Phase::Over(_) => {
                return Err(PlayerError::NoAction {
                    player: GNUBG.into(),
                    why: "nothing to decide".into(),
                })
            }
        })
    }
}

/// The running gnubg processes, reused from game to game and stopped
/// when the pool is dropped.
struct Pool {
    rules: Rules,
    idle: Mutex<Vec<Gnubg>>,
}

impl Pool {
    fn take(&self) -> Result<Gnubg, String> {
        let idle = self.idle.lock().expect("pool").pop();
        match idle {
            Some(g) => Ok(g),
            None => Gnubg::start(&self.rules).map_err(|e| e.0),
        }
    }

    fn give_back(&self, g: Gnubg) {
        self.idle.lock().expect("pool").push(g);
    }
}

/// A pair's result: A's points in both games, A's wins, gammons,
/// backgammons.
type PairResult = (i64, u64, u64, u64);

fn seat(name: &str, seed: u64, net: &Option<Arc<BgNet>>, pool: &Pool) -> Result<Seat, String> {
    if name == GNUBG {
        return pool.take().map(|g| Seat::Gnubg(GnubgPlayer(g)));
    }
    by_name_with(name, seed, net.clone())
        .map(|p| Seat::Bot(TablePlayer(p)))
        .ok_or_else(|| format!("unknown player `{name}`"))
}

fn play_pair(
    args: &MatchArgs,
    rules: Rules,
    net: &Option<Arc<BgNet>>,
    pool: &Pool,
    k: u64,
) -> Result<PairResult, String> {
    let dice_seed = game_seed(args.run.seed, k);
    let mut pair = (0i64, 0u64, 0u64, 0u64);
    for a_side in [Side::White, Side::Black] {
        let mut a = seat(&args.players.white, dice_seed ^ 0xa, net, pool)?;
        let mut b = seat(&args.players.black, dice_seed ^ 0xb, net, pool)?;
        let mut dice = ChaCha8Rng::seed_from_u64(dice_seed);
        let mut m = Match::new(rules, 0);
        if a_side == Side::White {
            runs::play_out(&mut m, a.player(), b.player(), &mut dice)?;
        } else {
            runs::play_out(&mut m, b.player(), a.player(), &mut dice)?;
        }
        for s in [a, b] {
            if let Seat::Gnubg(g) = s {
                pool.give_back(g.0);
            }
        }
        let r = m.game.result().ok_or("the game did not end")?;
        let pts = r.points as i64;
        if r.winner == a_side {
            pair.0 += pts;
            pair.1 += 1;
        } else {
            pair.0 -= pts;
        }
        match r.kind {
            backgammon::WinKind::Gammon => pair.2 += 1,
            backgammon::WinKind::Backgammon => pair.3 += 1,
            backgammon::WinKind::Single => {}
        }
    }
    Ok(pair)
}

/// Runs `trictrac bg match`.
pub fn run(args: &MatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    // Level words are accepted beside the internal names (issue 25).
    let levels =
        crate::session::levels::levels(backgammon_bot::PLAYERS, backgammon_bot::table::level);
    let args = &MatchArgs {
        players: args.players.resolved(&levels),
        ..args.clone()
    };
    let mut rules = input::rules(&args.rules)?;
    rules.cube = match args.cube.as_str() {
        "on" => rules.cube,
        "off" => false,
        other => {
            return Err(CliError::input(format!(
                "--cube must be on or off, not `{other}`"
            )))
        }
    };
    if args.run.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    let net = match &args.model {
        Some(p) => Some(Arc::new(BgNet::load(p).map_err(CliError::input)?)),
        None => None,
    };
    for name in [&args.players.white, &args.players.black] {
        if name != GNUBG && by_name_with(name, 0, net.clone()).is_none() {
            return Err(CliError::input(format!(
                "unknown player `{name}`: the players are {}, {GNUBG}",
                PLAYERS.join(", ")
            )));
        }
    }
    let pool = Pool {
        rules,
        idle: Mutex::new(Vec::new()),
    };
    if args.players.white == GNUBG || args.players.black == GNUBG {
        // Started once here, so that a missing gnubg is one clear error.
        let g = Gnubg::start(&rules).map_err(|e| CliError::input(e.0))?;
        pool.give_back(g);
    }
    let run = &args.run;
    let pairs = run.games.div_ceil(2);
    let jobs = run.threads();
    // No progress bar here, as before.
    let bar = indicatif::ProgressBar::hidden();
    let start = Instant::now();
    let done = runs::run_games(pairs, jobs, 1, &bar, |acc: &mut Vec<_>, k| {
        acc.push((k, play_pair(args, rules, &net, &pool, k)?));
        Ok::<(), String>(())
    });
    drop(pool);
    let mut results: Vec<(u64, PairResult)> =
        done.map_err(runs::failed)?.into_iter().flatten().collect();
    results.sort_by_key(|(k, _)| *k);
    let results: Vec<PairResult> = results.into_iter().map(|(_, r)| r).collect();
    let secs = start.elapsed().as_secs_f64();
    let games = pairs * 2;
    let n = pairs as f64;
    let per_pair: Vec<f64> = results.iter().map(|r| r.0 as f64 / 2.0).collect();
    let mean = per_pair.iter().sum::<f64>() / n;
    let var = if pairs > 1 {
        per_pair.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let half = 1.96 * (var / n).sqrt();
    let report = Report {
        white: args.players.white.clone(),
        black: args.players.black.clone(),
        rules: rules.to_string(),
        cube: rules.cube,
        jacoby: rules.jacoby,
        rules_in_force: super::selfplay::rules_in_force(
            &rules,
            args.players.white == "random" && args.players.black == "random",
        ),
        games,
        a_wins: results.iter().map(|r| r.1).sum(),
        a_points_per_game: mean,
        a_points_ci95: [mean - half, mean + half],
        gammons: results.iter().map(|r| r.2).sum::<u64>() as f64 / games as f64,
        backgammons: results.iter().map(|r| r.3).sum::<u64>() as f64 / games as f64,
        games_per_second: games as f64 / secs.max(1e-9),
    };
    if args.run.json {
        serde_json::to_writer_pretty(&mut *out, &report)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "{} (White in even games) vs {}: {} games with duplicate dice (rules: {})",
            report.white, report.black, games, report.rules
        )?;
        writeln!(
            out,
            "wins: {} {} - {} {}",
            report.white,
            report.a_wins,
            report.black,
            games - report.a_wins
        )?;
        writeln!(
            out,
            "points per game for White: {:+.3} (95 % CI {:+.3} to {:+.3}) ({}, White in even games)",
            mean, report.a_points_ci95[0], report.a_points_ci95[1], report.white
        )?;
        writeln!(
            out,
            "gammons {:.1} %, backgammons {:.1} %; {:.0} games/s on {jobs} thread(s)",
            100.0 * report.gammons,
            100.0 * report.backgammons,
            report.games_per_second
        )?;
        writeln!(out, "{}", report.rules_in_force)?;
    }
    Ok(())
}

/// The players of `bg match` by level, weakest first, then gnubg and the
/// examples.
fn match_help() -> String {
    let levels =
        crate::session::levels::levels(backgammon_bot::PLAYERS, backgammon_bot::table::level);
    format!(
        "Players, by level, weakest first: {} (a level word or the internal name; the \
         default bot is neural, the shipped network searching 2 plies, or --model FILE), \
         and gnubg: GNU Backgammon at 0 ply (standard rules only), started and stopped by \
         the command (found as $TRICTRAC_GNUBG, gnubg on the PATH or /usr/games/gnubg), one \
         process per thread.\n\n\
         Examples:\n  \
        trictrac bg match --white neural --black gnubg --games 1000 --seed 1 --cube off\n  \
        trictrac bg match --white greedy --black random --games 1000 --seed 1\n  \
        trictrac bg match --white neural --black greedy --model bg-model.bin --cube off\n  \
        trictrac bg match --white neural --black greedy --model bg-model.bin --rules seed --json",
        crate::session::levels::list(&levels)
    )
}
