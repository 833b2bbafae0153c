//! `trictrac rollout`: the equity of a position by playing it out with
//! the default bot on every core.

use std::io::Write;
use std::time::Instant;

use clap::Args;
use serde::Serialize;
use trictrac::Game;
use trictrac_bot::analysis::{analyst, rollout, RolloutSpec};

use crate::error::CliError;
use crate::input;
use crate::options::OptionArgs;

/// Play a position out many times and average the stakes.
#[derive(Debug, Args)]
#[command(
    about = "Equity of a position by playing it out with the bot on all cores",
    long_about = "Play a position out to the end of the game --games times with the \
        default bot's network on both sides (--plies 1, its network alone, by \
        default; --plies 2, the default bot itself with its selective 2-ply search, \
        some ten times slower) and average the stake won (R-9.1, under --payout) by \
        its side to move: its equity, with a 95 % confidence interval. Variance \
        reduction: the first two rolls are stratified — game i gets the (i mod 36)-th \
        outcome of the first roll and the (i / 36 mod 36)-th of the second, so 1 296 \
        games see every pair of opening rolls exactly once; the rest of the dice come \
        from the seed and the game's number, so the result does not depend on --jobs. \
        With dice= in the position (or --dice), the roll is made and the bot plays it \
        first. --truncate N stops every game after N rolls and counts the network's \
        equity of the position reached instead (faster, biased by the network).",
    after_help = "Examples:\n  \
        trictrac rollout --position \"w:1x13,6,7 b:24x15 b\"\n  \
        trictrac rollout --position \"w:1x15 b:24x15 w\" --games 2592 --json\n  \
        trictrac rollout --position \"w:1x13,6,7 b:24x15 b\" --truncate 20\n\n\
        Exit codes: 0 success, 2 bad input."
)]
pub struct RolloutArgs {
    /// The position in TPN, quoted; its side to move is about to roll
    #[arg(short, long, value_name = "TPN", default_value = input::START_TPN)]
    position: String,

    /// The roll to play first, e.g. 6-5 (else the position's dice= key, if any)
    #[arg(short, long, value_name = "A-B")]
    dice: Option<String>,

    /// Games to play (a multiple of 1296 stratifies both opening rolls)
    #[arg(short, long, default_value_t = 1296)]
    games: u64,

    /// Seed of the dice after the stratified rolls
    #[arg(short, long, default_value_t = 1)]
    seed: u64,

    /// The bot's search: 1 (its network alone) or 2 (the default bot's
    /// selective 2-ply search)
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=2))]
    plies: u8,

    /// Stop each game after N rolls and count the network's equity
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    truncate: Option<u32>,

    /// Worker threads (default: all cores)
    #[arg(short, long)]
    jobs: Option<usize>,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,

    #[command(flatten)]
    options: OptionArgs,
}

#[derive(Serialize)]
struct RolloutJson {
    position: String,
    side: &'static str,
    games: u64,
    seed: u64,
    equity: f64,
    ci95: f64,
    wins: f64,
    won_at: [f64; 4],
    lost_at: [f64; 4],
    truncated: u64,
    plies: u8,
    network_equity: f64,
    seconds: f64,
    jobs: usize,
}

/// Runs `trictrac rollout`.
pub fn run(args: &RolloutArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.games == 0 || args.games > 10_000_000 {
        return Err(CliError::input("--games must be 1 to 10000000"));
    }
    let mut pos = input::position(&args.position)?;
    let roll = match &args.dice {
        Some(d) => Some(input::roll(d)?),
        None => pos.dice(),
    };
    pos.set_dice(None);
    let options = args.options.to_options()?;
    let a = analyst();
    let network_equity = a.position(&pos, &options) as f64;
    let side = pos.turn();
    let mut g = Game::from_position(options, pos)
        .map_err(|e| CliError::input(format!("cannot roll out this position: {e}")))?;
    if let Some(r) = roll {
        g.roll(r)
            .map_err(|e| CliError::input(format!("cannot roll {r} here: {e}")))?;
    }
    let jobs = input::jobs(args.jobs);
    let bar = crate::input::progress(
        args.games,
        args.json,
        "{bar:40} {pos}/{len} games {per_sec} eta {eta}",
    );
    let start = Instant::now();
    let spec = RolloutSpec {
        games: args.games,
        seed: args.seed,
        jobs,
        truncate: args.truncate,
        search: args.plies == 2,
    };
    let r = rollout(&g, &spec, &|| bar.inc(1));
    bar.finish_and_clear();
    let secs = start.elapsed().as_secs_f64();
    let j = RolloutJson {
        position: args.position.trim().to_string(),
        side: side.name(),
        games: r.games,
        seed: args.seed,
        equity: r.equity,
        ci95: r.ci95,
        wins: r.wins,
        won_at: r.won_at,
        lost_at: r.lost_at,
        truncated: r.truncated,
        plies: args.plies,
        network_equity,
        seconds: secs,
        jobs,
    };
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &j)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "equity for {}: {:+.3} ± {:.3} (95 %), {} games, wins {:.1} %",
        side.name(),
        r.equity,
        r.ci95,
        r.games,
        100.0 * r.wins
    )?;
    let pct = |x: &[f64; 4]| {
        x.iter()
            .enumerate()
            .map(|(k, v)| format!("x{} {:.1} %", k + 1, 100.0 * v))
            .collect::<Vec<_>>()
            .join(", ")
    };
    if r.truncated > 0 {
        writeln!(
            out,
            "{} games truncated after {} rolls, valued by the network",
            r.truncated,
            args.truncate.unwrap_or(0)
        )?;
    }
    writeln!(out, "won at  {}", pct(&r.won_at))?;
    writeln!(out, "lost at {}", pct(&r.lost_at))?;
    writeln!(
        out,
        "the network's equity (no search): {network_equity:+.3}; {secs:.1} s on {jobs} thread{}",
        if jobs > 1 { "s" } else { "" }
    )?;
    Ok(())
}
