//! `trictrac bg perft`: counting play sequences.

use std::io::Write;

use backgammon::perft::perft;
use clap::Args;

use super::input;
use crate::cmd_perft::count_depths;
use crate::error::CliError;

/// Count the sequences of plays to a depth (perft).
#[derive(Debug, Args)]
#[command(
    about = "Count the sequences of backgammon plays to a depth (perft)",
    long_about = "Count the sequences of plies from a position, for each depth 1..=N. A ply \
        is one of the 21 distinct rolls followed by one of its legal plays (one per \
        resulting position; a roll of which nothing can be played counts its pass). \
        `sequences` counts each roll once; `weighted` counts the 36 dice outcomes. \
        The cube does not enter. From the start, depth 1 is 447 sequences (checked \
        against GNU Backgammon); each depth costs about 400 times the one before.",
    after_help = "Examples:\n  \
        trictrac bg perft --depth 2\n  \
        trictrac bg perft --depth 2 --rules seed --json"
)]
pub struct PerftArgs {
    /// The deepest depth (1 to 4); every depth from 1 is printed
    #[arg(short = 'n', long, value_name = "N")]
    depth: u32,

    /// The position: a gnubg Position ID
    #[arg(short, long, value_name = "ID", default_value = input::START_ID)]
    position: String,

    /// Rules: standard or seed, with options
    #[arg(long, value_name = "RULES", default_value = "standard")]
    rules: String,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

/// Runs `trictrac bg perft`.
pub fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if !(1..=4).contains(&args.depth) {
        return Err(CliError::input(format!(
            "--depth must be 1 to 4, not {} (depth 4 already takes minutes)",
            args.depth
        )));
    }
    let pos = input::position(&args.position, backgammon::Side::White)?;
    let rules = input::rules(&args.rules)?;
    let rows = count_depths(args.depth, args.json, out, |d| {
        let c = perft(&pos, d, &rules);
        (c.sequences, c.weighted)
    })?;
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &rows)?;
        writeln!(out)?;
    }
    Ok(())
}
