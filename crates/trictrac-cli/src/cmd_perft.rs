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

#[derive(Serialize)]
struct DepthJson {
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

/// Runs `trictrac perft`.
pub fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.depth == 0 {
        return Err(CliError::input(
            "--depth must be 1 or more (depth 0 is the position itself)",
        ));
    }
    let pos = input::position(&args.position)?;
    let mut results = Vec::new();
    if !args.json {
        writeln!(
            out,
            "{:>5} {:>20} {:>20} {:>12}",
            "depth", "sequences", "weighted", "seconds"
        )?;
    }
    for depth in 1..=args.depth {
        let start = Instant::now();
        let count = perft(&pos, depth);
        let seconds = start.elapsed().as_secs_f64();
        if args.json {
            results.push(DepthJson {
                depth,
                sequences: count.sequences,
                weighted: count.weighted,
                seconds,
            });
        } else {
            writeln!(
                out,
                "{depth:>5} {:>20} {:>20} {seconds:>12.3}",
                count.sequences, count.weighted
            )?;
            out.flush()?;
        }
    }
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
