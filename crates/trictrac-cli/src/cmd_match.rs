//! `trictrac match`: complete games between two players and their
//! statistics.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use clap::Args;
use serde::Serialize;
use trictrac::Game;
use trictrac_bot::arena::{outcome_of, summarise, GameOutcome};
use trictrac_bot::table::TablePlayer;
use trictrac_bot::train::game_seed;
use trictrac_bot::{by_name, by_name_with, Net, PLAYERS};

use crate::error::CliError;
use crate::options::OptionArgs;
use crate::runs::{self, MatchPlayers, RunArgs};

/// Play a match between two players.
#[derive(Clone, Debug, Args)]
#[command(
    about = "Play complete 12-hole games between two players and print the score",
    long_about = "Play complete games of Grand Trictrac to 12 holes between player A \
        (--white) and player B (--black), colours alternated: A has White in the \
        even-numbered games (0, 2, …) and Black in the others. Prints A's wins with \
        the 95 % confidence interval of its win rate (Wilson), the mean hole \
        difference and the mean stake (R-9.1, positive when A wins) with their 95 % \
        confidence intervals. Game i draws its dice from the seed and i only, so the \
        result does not depend on --jobs.",
    after_help = match_help(),
    mut_arg("games", |a| a.default_value("100"))
)]
pub struct MatchArgs {
    #[command(flatten)]
    players: MatchPlayers,

    #[command(flatten)]
    run: RunArgs,

    /// A model file for the neural players (not neural-v1) instead of the shipped one
    #[arg(long, value_name = "FILE")]
    model: Option<PathBuf>,

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
    // Level words are accepted beside the internal names (issue 25).
    let levels = crate::levels::levels(trictrac_bot::PLAYERS, trictrac_bot::table::level);
    let args = &MatchArgs {
        players: args.players.resolved(&levels),
        ..args.clone()
    };
    check_player(&args.players.white)?;
    check_player(&args.players.black)?;
    let run = &args.run;
    if run.games == 0 || run.games > 10_000_000 {
        return Err(CliError::input("--games must be 1 to 10000000"));
    }
    let net = match &args.model {
        Some(p) => Some(Arc::new(Net::load(p).map_err(CliError::input)?)),
        None => None,
    };
    // Each game is played by the match runner every game shares
    // (`tables_term::arena::play_game`), with trictrac's seeds and
    // statistics (holes, stake, rolls).
    let spec = tables_term::MatchSpec {
        a: args.players.white.clone(),
        b: args.players.black.clone(),
        games: run.games,
        seed: run.seed,
    };
    let options = args.options.to_options()?;
    let seat = |name: &str, seed: u64| {
        by_name_with(name, seed, net.clone())
            .map(|p| Box::new(TablePlayer(p)) as Box<dyn tables::Player<Game>>)
    };
    let play_game = |i: u64| -> Result<GameOutcome, String> {
        let mut g = Game::new(options);
        let r = tables_term::arena::play_game(&spec, i, game_seed(run.seed, i), &mut g, &seat)
            .map_err(|e| e.to_string())?;
        Ok(outcome_of(&g, r.a_white, r.a_won))
    };
    let jobs = run.threads();
    let bar = run.progress(run.games, "{bar:40} {pos}/{len} games {msg} eta {eta}");
    let a_wins = AtomicU64::new(0);
    let start = Instant::now();
    let done = runs::run_games(run.games, jobs, 1, &bar, |games: &mut Vec<_>, i| {
        let o = play_game(i)?;
        if o.a_won {
            a_wins.fetch_add(1, Ordering::Relaxed);
        }
        games.push((i, o));
        let n = bar.position() + 1;
        bar.set_message(format!(
            "A {:.1} %",
            100.0 * a_wins.load(Ordering::Relaxed) as f64 / n as f64
        ));
        Ok::<(), String>(())
    })
    .map_err(runs::failed)?;
    let secs = start.elapsed().as_secs_f64();
    let mut games: Vec<(u64, GameOutcome)> = done.into_iter().flatten().collect();
    games.sort_by_key(|(i, _)| *i);
    let games: Vec<GameOutcome> = games.into_iter().map(|(_, o)| o).collect();
    let s = summarise(&games);
    let report = Report {
        white: args.players.white.clone(),
        black: args.players.black.clone(),
        games: s.games,
        seed: run.seed,
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
    if run.json {
        serde_json::to_writer_pretty(&mut *out, &report)?;
        writeln!(out)?;
        return Ok(());
    }
    let (a, b) = if args.players.white == args.players.black {
        (
            format!("A ({})", args.players.white),
            format!("B ({})", args.players.black),
        )
    } else {
        (args.players.white.clone(), args.players.black.clone())
    };
    let w = a.len().max(b.len());
    writeln!(
        out,
        "{a} vs {b}: {} games, seed {}, colours alternated ({a} White in even games)",
        s.games, run.seed
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

/// The players of `match` by level, weakest first, then the examples.
fn match_help() -> String {
    let levels = crate::levels::levels(trictrac_bot::PLAYERS, trictrac_bot::table::level);
    format!(
        "Players, by level, weakest first: {} (a level word or the internal name; the \
         default bot is neural, `default` names it).\n\n\
         Examples:\n  \
         trictrac match --white expert --black beginner --games 400 --seed 1\n  \
         trictrac match --white neural2 --black neural --games 400 --jobs 2\n  \
         trictrac match --white default --black neural-v1 --games 400 --seed 21\n  \
         trictrac match --white neural --black greedy --model my-model.bin --json",
        crate::levels::list(&levels)
    )
}
