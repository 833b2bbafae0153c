//! `trictrac bg selfplay`: complete random games and their statistics.

use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use backgammon::{Game, Preset, Rules, Side, WinKind};
use backgammon_bot::{play_out, RandomPlayer};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use super::input;
use crate::error::CliError;

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
        trictrac bg selfplay --games 100000 --rules seed --json"
)]
pub struct SelfplayArgs {
    /// Number of games
    #[arg(short, long, default_value_t = 1000)]
    games: u64,

    /// Seed of the first game's dice and choices
    #[arg(short, long, default_value_t = 1)]
    seed: u64,

    /// Worker threads (default: all cores)
    #[arg(short, long)]
    jobs: Option<usize>,

    /// Rules: standard or seed, with options
    #[arg(long, value_name = "RULES", default_value = "standard")]
    rules: String,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
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

fn one_game(seed: u64, rules: Rules) -> Stats {
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut white = RandomPlayer::new(seed ^ 0x57_4849_5445);
    let mut black = RandomPlayer::new(seed ^ 0x42_4c41_434b);
    let mut g = Game::money(rules);
    let r = play_out(&mut g, &mut white, &mut black, &mut dice);
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
    s
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
    if args.games == 0 {
        return Err(CliError::input("--games must be at least 1"));
    }
    let rules = input::rules(&args.rules)?;
    let jobs = crate::input::jobs(args.jobs);
    let bar = ProgressBar::new(args.games);
    if args.json {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    } else {
        bar.set_draw_target(ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
    }
    let next = AtomicU64::new(0);
    let start = Instant::now();
    let mut total = Stats::default();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|_| {
                let next = &next;
                let bar = &bar;
                scope.spawn(move || {
                    let mut s = Stats::default();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= args.games {
                            return s;
                        }
                        s.add(&one_game(args.seed.wrapping_add(i), rules));
                        if i.is_multiple_of(256) {
                            bar.set_position(next.load(Ordering::Relaxed).min(args.games));
                        }
                    }
                })
            })
            .collect();
        for h in handles {
            if let Ok(s) = h.join() {
                total.add(&s);
            }
        }
    });
    bar.finish_and_clear();
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
    if args.json {
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
