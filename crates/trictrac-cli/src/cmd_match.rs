//! `trictrac match`: complete games between two players and their
//! statistics.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde::Serialize;
use trictrac_bot::arena::{play_game, summarise, GameOutcome, MatchSpec};
use trictrac_bot::{by_name, Net, PLAYERS};

use crate::error::CliError;
use crate::options::OptionArgs;

/// Play a match between two players.
#[derive(Debug, Args)]
#[command(
    about = "Play complete 12-hole games between two players and print the score",
    long_about = "Play complete games of Grand Trictrac to 12 holes between player A \
        (--white) and player B (--black), colours alternated: A has White in the \
        even-numbered games (0, 2, …) and Black in the others. Prints A's wins with \
        the 95 % confidence interval of its win rate (Wilson), the mean hole \
        difference and the mean stake (R-9.1, positive when A wins) with their 95 % \
        confidence intervals. Game i draws its dice from the seed and i only, so the \
        result does not depend on --jobs.",
    after_help = "Players: random, greedy, search1, search2, neural-v1, neural1, neural, \
        neural2 (the default bot is neural; `default` names it).\n\n\
        Examples:\n  \
        trictrac match --white neural --black random --games 400 --seed 1\n  \
        trictrac match --white neural2 --black neural --games 400 --jobs 2\n  \
        trictrac match --white default --black neural-v1 --games 400 --seed 21\n  \
        trictrac match --white neural --black greedy --model my-model.bin --json"
)]
pub struct MatchArgs {
    /// Player A, White in even-numbered games
    #[arg(long, value_name = "PLAYER")]
    white: String,

    /// Player B, Black in even-numbered games
    #[arg(long, value_name = "PLAYER")]
    black: String,

    /// Number of games
    #[arg(short, long, default_value_t = 100)]
    games: u64,

    /// Seed of the dice and of the players' random choices
    #[arg(short, long, default_value_t = 1)]
    seed: u64,

    /// Worker threads (default: all cores)
    #[arg(short, long)]
    jobs: Option<usize>,

    /// A model file for the neural players (not neural-v1) instead of the shipped one
    #[arg(long, value_name = "FILE")]
    model: Option<PathBuf>,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    options: OptionArgs,
}

#[derive(Serialize)]
struct Report {
    white: String,
    black: String,
    games: u64,
    seed: u64,
    a_wins: u64,
    b_wins: u64,
    win_rate: f64,
    win_rate_ci95: [f64; 2],
    mean_hole_difference: f64,
    hole_difference_ci95: f64,
    mean_stake: f64,
    stake_ci95: f64,
    a_white_games: u64,
    a_white_wins: u64,
    white_wins: u64,
    rolls_per_game: f64,
    seconds: f64,
    jobs: usize,
}

fn check_player(name: &str) -> Result<(), CliError> {
    if by_name(name, 0).is_some() {
        Ok(())
    } else {
        Err(CliError::input(format!(
            "unknown player `{name}` (players: {})",
            PLAYERS.join(", ")
        )))
    }
}

/// Runs `trictrac match`.
pub fn run(args: &MatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    check_player(&args.white)?;
    check_player(&args.black)?;
    if args.games == 0 || args.games > 10_000_000 {
        return Err(CliError::input("--games must be 1 to 10000000"));
    }
    let net = match &args.model {
        Some(p) => Some(Arc::new(Net::load(p).map_err(CliError::input)?)),
        None => None,
    };
    let spec = MatchSpec {
        a: args.white.clone(),
        b: args.black.clone(),
        seed: args.seed,
        options: args.options.to_options()?,
        net,
    };
    let jobs = crate::input::jobs(args.jobs);
    let bar = ProgressBar::new(args.games);
    if args.json {
        bar.set_draw_target(ProgressDrawTarget::hidden());
    } else {
        bar.set_draw_target(ProgressDrawTarget::stderr());
    }
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games {msg} eta {eta}")
            .expect("a valid template"),
    );
    let a_wins = AtomicU64::new(0);
    let next = AtomicU64::new(0);
    let results: Mutex<Vec<Option<GameOutcome>>> = Mutex::new(vec![None; args.games as usize]);
    let error: Mutex<Option<String>> = Mutex::new(None);
    let start = Instant::now();
    std::thread::scope(|scope| {
        for _ in 0..jobs.min(args.games as usize) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= args.games || error.lock().map_or(true, |e| e.is_some()) {
                    return;
                }
                match play_game(&spec, i) {
                    Ok(o) => {
                        if o.a_won {
                            a_wins.fetch_add(1, Ordering::Relaxed);
                        }
                        if let Ok(mut r) = results.lock() {
                            r[i as usize] = Some(o);
                        }
                        bar.inc(1);
                        let done = bar.position().max(1);
                        bar.set_message(format!(
                            "A {:.1} %",
                            100.0 * a_wins.load(Ordering::Relaxed) as f64 / done as f64
                        ));
                    }
                    Err(e) => {
                        if let Ok(mut slot) = error.lock() {
                            *slot = Some(e);
                        }
                        return;
                    }
                }
            });
        }
    });
    bar.finish_and_clear();
    if let Some(e) = error.into_inner().ok().flatten() {
        return Err(CliError::input(e));
    }
    let secs = start.elapsed().as_secs_f64();
    let games: Vec<GameOutcome> = results
        .into_inner()
        .map_err(|_| CliError::input("a match worker failed"))?
        .into_iter()
        .flatten()
        .collect();
    let s = summarise(&games);
    let report = Report {
        white: args.white.clone(),
        black: args.black.clone(),
        games: s.games,
        seed: args.seed,
        a_wins: s.a_wins,
        b_wins: s.games - s.a_wins,
        win_rate: s.win_rate,
        win_rate_ci95: [s.win_rate_ci.0, s.win_rate_ci.1],
        mean_hole_difference: s.hole_diff.mean,
        hole_difference_ci95: s.hole_diff.half_width,
        mean_stake: s.stake.mean,
        stake_ci95: s.stake.half_width,
        a_white_games: s.a_white.0,
        a_white_wins: s.a_white.1,
        white_wins: s.white_wins,
        rolls_per_game: s.rolls,
        seconds: secs,
        jobs,
    };
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &report)?;
        writeln!(out)?;
        return Ok(());
    }
    let (a, b) = if args.white == args.black {
        (format!("A ({})", args.white), format!("B ({})", args.black))
    } else {
        (args.white.clone(), args.black.clone())
    };
    let w = a.len().max(b.len());
    writeln!(
        out,
        "{a} vs {b}: {} games, seed {}, colours alternated ({a} White in even games)",
        s.games, args.seed
    )?;
    writeln!(
        out,
        "{a:<w$}  {:>5} wins  {:5.1} %  (95 % CI {:.1}–{:.1} %)",
        s.a_wins,
        100.0 * s.win_rate,
        100.0 * s.win_rate_ci.0,
        100.0 * s.win_rate_ci.1
    )?;
    writeln!(
        out,
        "{b:<w$}  {:>5} wins  {:5.1} %",
        s.games - s.a_wins,
        100.0 * (1.0 - s.win_rate)
    )?;
    writeln!(
        out,
        "{a} as White: {} of {} won; White won {} of {}",
        s.a_white.1, s.a_white.0, s.white_wins, s.games
    )?;
    writeln!(
        out,
        "mean hole difference ({a} − {b})  {:+.2} ± {:.2}",
        s.hole_diff.mean, s.hole_diff.half_width
    )?;
    writeln!(
        out,
        "mean stake for {a} (R-9.1)       {:+.3} ± {:.3}",
        s.stake.mean, s.stake.half_width
    )?;
    writeln!(out, "rolls per game  {:.1}", s.rolls)?;
    writeln!(
        out,
        "{:.1} s, {:.2} games/s on {} thread{}",
        secs,
        s.games as f64 / secs.max(1e-9),
        jobs,
        if jobs > 1 { "s" } else { "" }
    )?;
    Ok(())
}
