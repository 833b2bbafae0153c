//! `trictrac bg selfplay`: complete random games and their statistics.

use std::io::Write;
use std::time::Instant;

use backgammon::session::Match;
use backgammon::{Preset, Rules, Side, WinKind};
use backgammon_bot::players::table::TablePlayer;
use backgammon_bot::RandomPlayer;
use clap::Args;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::input;
use crate::error::CliError;
use crate::runs::{self, RunArgs};

/// Play complete random games and print statistics.
#[derive(Debug, Args)]
#[command(
    about = "Play complete random backgammon games and print statistics",
    long_about = "Play complete money games of backgammon between two players that choose \
        uniformly among the legal plays (they never double). Prints games per second, \
        rolls per game, White's wins, the share of single games, gammons and \
        backgammons (BG-6.1, or BG-6.2 with --rules seed) and the mean points. Game i \
        uses the dice seed SEED+i, so the results do not depend on --jobs.",
    after_help = "Examples:\n  \
        trictrac bg selfplay --games 10000 --seed 1\n  \
        trictrac bg selfplay --games 100000 --rules seed --json",
    mut_arg("games", |a| a.default_value("1000")),
    mut_arg("seed", |a| a.help("Seed of the first game's dice and choices"))
)]
pub struct SelfplayArgs {
    #[command(flatten)]
    run: RunArgs,

    /// Rules: standard or seed, with options
    #[arg(long, value_name = "RULES", default_value = "standard")]
    rules: String,
}

#[derive(Clone, Copy, Default, Serialize)]
struct Stats {
    games: u64,
    rolls: u64,
    white_wins: u64,
    singles: u64,
    gammons: u64,
    backgammons: u64,
    points: u64,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.games += o.games;
        self.rolls += o.rolls;
        self.white_wins += o.white_wins;
        self.singles += o.singles;
        self.gammons += o.gammons;
        self.backgammons += o.backgammons;
        self.points += o.points;
    }
}

/// One money game between two random players, every turn through the
/// shared driver.
fn one_game(seed: u64, rules: Rules) -> Result<Stats, String> {
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut white = TablePlayer(Box::new(RandomPlayer::seeded(seed ^ 0x57_4849_5445)));
    let mut black = TablePlayer(Box::new(RandomPlayer::seeded(seed ^ 0x42_4c41_434b)));
    let mut m = Match::new(rules, 0);
    runs::play_out(&mut m, &mut white, &mut black, &mut dice)?;
    let g = &m.game;
    let r = g.result().ok_or("the game did not end")?;
    let rolls = g
        .events()
        .iter()
        .filter(|e| matches!(e, backgammon::Event::Play { .. }))
        .count() as u64;
    let mut s = Stats {
        games: 1,
        rolls,
        points: r.points as u64,
        ..Stats::default()
    };
    if r.winner == Side::White {
        s.white_wins = 1;
    }
    match r.kind {
        WinKind::Single => s.singles = 1,
        WinKind::Gammon => s.gammons = 1,
        WinKind::Backgammon => s.backgammons = 1,
    }
    Ok(s)
}

#[derive(Serialize)]
struct Report {
    games: u64,
    seconds: f64,
    games_per_second: f64,
    rolls_per_game: f64,
    white_wins: f64,
    single: f64,
    gammon: f64,
    backgammon: f64,
    points_per_game: f64,
    rules: String,
    /// Whether the videau is in play and the Jacoby rule on: with both,
    /// these random players (who never double) score every game 1.
    cube: bool,
    jacoby: bool,
    rules_in_force: String,
}

/// Runs `trictrac bg selfplay`.
pub fn run(args: &SelfplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let run = &args.run;
    if run.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    let rules = input::rules(&args.rules)?;
    let jobs = run.threads();
    let bar = run.progress(
        run.games,
        "{bar:40} {pos}/{len} games, {per_sec}, eta {eta}",
    );
    let start = Instant::now();
    let stats = runs::run_games(run.games, jobs, 64, &bar, |s: &mut Stats, i| {
        s.add(&one_game(run.seed.wrapping_add(i), rules)?);
        Ok::<(), String>(())
    })
    .map_err(runs::failed)?;
    let mut total = Stats::default();
    for s in &stats {
        total.add(s);
    }
    let secs = start.elapsed().as_secs_f64();
    let n = total.games.max(1) as f64;
    let report = Report {
        games: total.games,
        seconds: secs,
        games_per_second: total.games as f64 / secs.max(1e-9),
        rolls_per_game: total.rolls as f64 / n,
        white_wins: total.white_wins as f64 / n,
        single: total.singles as f64 / n,
        gammon: total.gammons as f64 / n,
        backgammon: total.backgammons as f64 / n,
        points_per_game: total.points as f64 / n,
        rules: rules.to_string(),
        cube: rules.cube,
        jacoby: rules.jacoby,
        rules_in_force: rules_in_force(&rules, true),
    };
    if run.json {
        serde_json::to_writer_pretty(&mut *out, &report)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "{} random games ({}) in {:.2} s on {jobs} thread(s): {:.0} games/s",
            report.games, report.rules, secs, report.games_per_second
        )?;
        writeln!(out, "rolls per game      {:.1}", report.rolls_per_game)?;
        writeln!(
            out,
            "white wins          {:.1} %",
            100.0 * report.white_wins
        )?;
        writeln!(
            out,
            "single/gammon/bg    {:.1} % / {:.1} % / {:.1} %",
            100.0 * report.single,
            100.0 * report.gammon,
            100.0 * report.backgammon
        )?;
        writeln!(out, "points per game     {:.3}", report.points_per_game)?;
        writeln!(out, "{}", report.rules_in_force)?;
    }
    Ok(())
}

/// The rules in force said in full, for figures that depend on them
/// (points per game, gammons): the preset, the cube, the Jacoby rule and
/// beavers, and what they make of gammons in money games. `never_double`:
/// the players never turn the cube (random players), so that under the
/// Jacoby rule every game is worth one point.
pub fn rules_in_force(rules: &Rules, never_double: bool) -> String {
    let onoff = |b: bool| if b { "on" } else { "off" };
    let (preset, scoring) = match rules.preset {
        Preset::Standard => ("standard (gnubg's)", "BG-6.1"),
        Preset::Seed => ("seed (the page's)", "BG-6.2"),
    };
    let mut s = format!(
        "rules in force: {preset}, money games, cube {}, Jacoby {}, beavers {}",
        onoff(rules.cube),
        onoff(rules.jacoby),
        onoff(rules.beavers)
    );
    if rules.cube && rules.jacoby {
        if never_double {
            s.push_str(
                "; these players never double, so by the Jacoby rule (BG-7.5) every gammon \
                 and backgammon counts as a single game: 1 point a game \
                 (--rules \"... jacoby=off\" or --cube off to count them)",
            );
        } else {
            s.push_str(
                "; Jacoby rule (BG-7.5): a gammon or backgammon counts as a single game \
                 unless the cube was turned",
            );
        }
    } else {
        s.push_str(&format!(
            "; gammons and backgammons count in full ({scoring}), times the cube"
        ));
    }
    s
}
