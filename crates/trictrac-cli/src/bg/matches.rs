//! `trictrac bg match`: money games between two players, with duplicate
//! dice, and the points per game with a confidence interval.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use backgammon::session::{Action, Match};
use backgammon::{Phase, Rules, Side};
use backgammon_bot::players::gnubg::{Gnubg, GnubgError};
use backgammon_bot::players::table::TablePlayer;
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
pub(super) const GNUBG: &str = "gnubg";

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

    /// Write every game to DIR as a gnubg-importable .mat record
    /// (game-00001.mat, …; gnubg: `import mat FILE`, `analyse match`)
    #[arg(long, value_name = "DIR")]
    save_mat: Option<PathBuf>,
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

/// One match of money games with duplicate dice, as `bg match` and `bg
/// benchmark` play it: A (`white`) is White in games 2k, Black in games
/// 2k + 1, both with the dice of pair k.
#[derive(Clone, Debug)]
pub(super) struct Spec {
    /// Player A.
    pub white: String,
    /// Player B.
    pub black: String,
    pub rules: Rules,
    /// The dice seed.
    pub seed: u64,
    /// Games, rounded up to pairs.
    pub games: u64,
    pub jobs: usize,
    /// The network of the neural players (the shipped one when `None`).
    pub net: Option<Arc<BgNet>>,
    /// Where to write each game as a gnubg-importable `.mat` record
    /// (`game-00001.mat`, …), for the first `save_games` games.
    pub save_dir: Option<PathBuf>,
    pub save_games: u64,
}

/// What a match gave, for A.
#[derive(Clone, Debug, Serialize)]
pub(super) struct Summary {
    pub games: u64,
    pub a_wins: u64,
    pub a_points_per_game: f64,
    pub a_points_ci95: [f64; 2],
    pub gammons: f64,
    pub backgammons: f64,
    pub seconds: f64,
}

/// The `.mat` file of game `i` in `dir`.
pub(super) fn mat_path(dir: &Path, i: u64) -> PathBuf {
    dir.join(format!("game-{:05}.mat", i + 1))
}

fn play_pair(spec: &Spec, pool: &Pool, k: u64) -> Result<PairResult, String> {
    let dice_seed = game_seed(spec.seed, k);
    let mut pair = (0i64, 0u64, 0u64, 0u64);
    for (j, a_side) in [Side::White, Side::Black].into_iter().enumerate() {
        let mut a = seat(&spec.white, dice_seed ^ 0xa, &spec.net, pool)?;
        let mut b = seat(&spec.black, dice_seed ^ 0xb, &spec.net, pool)?;
        let mut dice = ChaCha8Rng::seed_from_u64(dice_seed);
        let mut m = Match::new(spec.rules, 0);
        let (w, bl) = if a_side == Side::White {
            runs::play_out(&mut m, a.player(), b.player(), &mut dice)?;
            (&spec.white, &spec.black)
        } else {
            runs::play_out(&mut m, b.player(), a.player(), &mut dice)?;
            (&spec.black, &spec.white)
        };
        for s in [a, b] {
            if let Seat::Gnubg(g) = s {
                pool.give_back(g.0);
            }
        }
        let i = 2 * k + j as u64;
        if let Some(dir) = spec.save_dir.as_deref().filter(|_| i < spec.save_games) {
            crate::input::write_text(&mat_path(dir, i), &m.mat_text(w, bl))
                .map_err(|e| e.message())?;
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

/// The neural network given by `--model`, if any.
pub(super) fn model(path: Option<&Path>) -> Result<Option<Arc<BgNet>>, CliError> {
    path.map(|p| BgNet::load(p).map(Arc::new).map_err(CliError::input))
        .transpose()
}

/// Checks the players' names (`gnubg` or one of ours).
pub(super) fn check_players(names: [&str; 2], net: &Option<Arc<BgNet>>) -> Result<(), CliError> {
    for name in names {
        if name != GNUBG && by_name_with(name, 0, net.clone()).is_none() {
            return Err(CliError::input(format!(
                "unknown player `{name}`: the players are {}, {GNUBG} (default: the strongest, {})",
                PLAYERS.join(", "),
                backgammon_bot::DEFAULT_BOT
            )));
        }
    }
    Ok(())
}

/// Plays the match of `spec`, `bar` counting the pairs.
pub(super) fn play(spec: &Spec, bar: &indicatif::ProgressBar) -> Result<Summary, CliError> {
    if spec.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    check_players([&spec.white, &spec.black], &spec.net)?;
    if let Some(dir) = &spec.save_dir {
        std::fs::create_dir_all(dir).map_err(|e| {
            CliError::input(format!(
                "cannot create the directory {}: {e}",
                dir.display()
            ))
        })?;
    }
    let pool = Pool {
        rules: spec.rules,
        idle: Mutex::new(Vec::new()),
    };
    if spec.white == GNUBG || spec.black == GNUBG {
        // Started once here, so that a missing gnubg is one clear error.
        let g = Gnubg::start(&spec.rules).map_err(|e| CliError::input(e.0))?;
        pool.give_back(g);
    }
    let pairs = spec.games.div_ceil(2);
    let start = Instant::now();
    let done = runs::run_games(pairs, spec.jobs, 1, bar, |acc: &mut Vec<_>, k| {
        acc.push((k, play_pair(spec, &pool, k)?));
        Ok::<(), String>(())
    });
    drop(pool);
    let mut results: Vec<(u64, PairResult)> =
        done.map_err(runs::failed)?.into_iter().flatten().collect();
    results.sort_by_key(|(k, _)| *k);
    let results: Vec<PairResult> = results.into_iter().map(|(_, r)| r).collect();
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
    Ok(Summary {
        games,
        a_wins: results.iter().map(|r| r.1).sum(),
        a_points_per_game: mean,
        a_points_ci95: [mean - half, mean + half],
        gammons: results.iter().map(|r| r.2).sum::<u64>() as f64 / games as f64,
        backgammons: results.iter().map(|r| r.3).sum::<u64>() as f64 / games as f64,
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// The rules of `--rules` and `--cube`.
pub(super) fn rules_of(rules: &str, cube: &str) -> Result<Rules, CliError> {
    let mut rules = input::rules(rules)?;
    rules.cube = match cube {
        "on" => rules.cube,
        "off" => false,
        other => {
            return Err(CliError::input(format!(
                "--cube must be on or off, not `{other}`"
            )))
        }
    };
    Ok(rules)
}

/// Runs `trictrac bg match`.
pub fn run(args: &MatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    // Level words are accepted beside the internal names (issue 25).
    let levels = crate::levels::levels(
        backgammon_bot::PLAYERS,
        backgammon_bot::players::table::level,
    );
    let args = &MatchArgs {
        players: args.players.resolved(&levels),
        ..args.clone()
    };
    let rules = rules_of(&args.rules, &args.cube)?;
    let spec = Spec {
        white: args.players.white.clone(),
        black: args.players.black.clone(),
        rules,
        seed: args.run.seed,
        games: args.run.games,
        jobs: args.run.threads(),
        net: model(args.model.as_deref())?,
        save_games: if args.save_mat.is_some() { u64::MAX } else { 0 },
        save_dir: args.save_mat.clone(),
    };
    // No progress bar here, as before.
    let s = play(&spec, &indicatif::ProgressBar::hidden())?;
    let jobs = spec.jobs;
    let games = s.games;
    let mean = s.a_points_per_game;
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
        a_wins: s.a_wins,
        a_points_per_game: mean,
        a_points_ci95: s.a_points_ci95,
        gammons: s.gammons,
        backgammons: s.backgammons,
        games_per_second: games as f64 / s.seconds.max(1e-9),
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
        if let Some(dir) = &args.save_mat {
            writeln!(
                out,
                "games written to {} (game-00001.mat …, gnubg: import mat FILE)",
                dir.display()
            )?;
        }
    }
    Ok(())
}

/// The players of `bg match` by level, weakest first, then gnubg and the
/// examples.
fn match_help() -> String {
    let levels = crate::levels::levels(
        backgammon_bot::PLAYERS,
        backgammon_bot::players::table::level,
    );
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
        crate::levels::list(&levels)
    )
}
