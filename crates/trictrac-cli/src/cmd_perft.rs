//! `trictrac perft`: counting play sequences, the check of the generator.

use std::io::Write;
use std::time::Instant;

use clap::Args;
use serde::Serialize;
use trictrac::perft::perft;

use crate::error::CliError;
use crate::input;

/// Count the sequences of plays to a depth (perft).
#[derive(Debug, Args)]
#[command(
    about = "Count the sequences of plays to a depth (perft)",
    long_about = "Count the sequences of plies from a position, for each depth 1..=N. \
        A ply is one of the 21 distinct rolls followed by one legal play of it \
        (a roll of which nothing can be played counts its single pass). \
        `sequences` counts each roll once; `weighted` counts the 36 ordered dice \
        outcomes (a single counts twice). Scoring does not enter. The time of each \
        depth is printed too.\n\n\
        Each depth costs about 100 times the one before. From the start, in a \
        release build on one core: depth 4 takes a fraction of a second, depth 5 \
        about 20 seconds, depth 6 roughly an hour. A debug build is about \
        15 times slower: use `cargo build --release` past depth 4.",
    after_help = "Examples:\n  \
        # from the start: depth 1 has 40 sequences\n  \
        trictrac perft --depth 3\n\n  \
        # from another position, as JSON\n  \
        trictrac perft --depth 2 --position \"w:1x13,6,7 b:24x15 b\" --json"
)]
pub struct PerftArgs {
    /// The deepest depth to count (1 or more); every depth from 1 is printed
    #[arg(short = 'n', long, value_name = "N")]
    depth: u32,

    /// The position in TPN, quoted
    #[arg(short, long, value_name = "TPN", default_value = input::START_TPN)]
    position: String,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

/// The counts of one depth, as `--json` prints them.
#[derive(Serialize)]
pub struct DepthJson {
    depth: u32,
    sequences: u64,
    weighted: u64,
    seconds: f64,
}

#[derive(Serialize)]
struct PerftJson {
    position: String,
    results: Vec<DepthJson>,
}

/// Counts every depth from 1 to `depth` with `count` (its sequences and
/// weighted sequences), timing each; prints a row per depth as it is
/// counted, or (`json`) nothing: the rows are returned for the JSON.
///
/// # Errors
/// When the output cannot be written.
pub fn count_depths(
    depth: u32,
    json: bool,
    out: &mut dyn Write,
    count: impl Fn(u32) -> (u64, u64),
) -> Result<Vec<DepthJson>, CliError> {
    let mut rows = Vec::new();
    if !json {
        writeln!(
            out,
            "{:>5} {:>20} {:>20} {:>12}",
            "depth", "sequences", "weighted", "seconds"
        )?;
    }
    for depth in 1..=depth {
        let start = Instant::now();
        let (sequences, weighted) = count(depth);
        let seconds = start.elapsed().as_secs_f64();
        if json {
            rows.push(DepthJson {
                depth,
                sequences,
                weighted,
                seconds,
            });
        } else {
            writeln!(
                out,
                "{depth:>5} {sequences:>20} {weighted:>20} {seconds:>12.3}"
            )?;
            out.flush()?;
        }
    }
    Ok(rows)
}

/// Runs `trictrac perft`.
pub fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.depth == 0 {
        return Err(CliError::input(
            "--depth must be 1 or more (depth 0 is the position itself)",
        ));
    }
    let pos = input::position(&args.position)?;
    let results = count_depths(args.depth, args.json, out, |d| {
        let c = perft(&pos, d);
        (c.sequences, c.weighted)
    })?;
    if args.json {
        let json = PerftJson {
            position: pos.to_string(),
            results,
        };
        serde_json::to_writer_pretty(&mut *out, &json)?;
        writeln!(out)?;
    }
    Ok(())
}
