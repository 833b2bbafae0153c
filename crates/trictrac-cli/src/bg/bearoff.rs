//! `trictrac bg bearoff`: the one-sided bear-off database, written to a
//! file or queried for a home board.

use std::io::Write;
use std::path::PathBuf;

use backgammon_bot::eval::bearoff::{self, BearoffDb, POINTS};
use clap::Args;

use crate::error::CliError;

/// Write the bear-off database, or show a home board's distributions.
#[derive(Debug, Args)]
#[command(
    about = "The exact one-sided bear-off database: write it, or show a home board's rolls",
    long_about = "The exact one-sided bear-off database the bots use when both sides bear \
        off: for every home board of up to 15 checkers (54 264 boards), the chances of \
        needing 1, 2, … rolls to bear them all off, and to bear off the first of them \
        (for gammons), each played to make the mean number of rolls smallest. The \
        program computes it at first use (about a second); --out writes it to a file \
        (16-bit chances, 1.6 MB). --board shows one home board's distributions: the \
        checkers on the points 1 to 6, comma-separated.",
    after_help = "Examples:\n  \
        trictrac bg bearoff --out bearoff.db\n  \
        trictrac bg bearoff --board 0,0,0,0,0,2"
)]
pub struct BearoffArgs {
    /// Write the database to this file
    #[arg(short, long, value_name = "FILE")]
    out: Option<PathBuf>,

    /// A home board: checkers on the points 1 to 6, e.g. 2,0,1,0,0,3
    #[arg(long, value_name = "N,N,N,N,N,N")]
    board: Option<String>,
}

fn parse_board(text: &str) -> Result<[u8; POINTS], CliError> {
    let v: Vec<u8> = text
        .split(',')
        .map(|w| w.trim().parse::<u8>())
        .collect::<Result<_, _>>()
        .map_err(|_| CliError::input(format!("--board: `{text}` is not six counts")))?;
    let b: [u8; POINTS] = v
        .try_into()
        .map_err(|_| CliError::input(format!("--board: `{text}` is not six counts")))?;
    let total: u32 = b.iter().map(|&n| n as u32).sum();
    if total > bearoff::CHECKERS as u32 {
        return Err(CliError::input(format!(
            "--board: {total} checkers, at most 15 (BG-1.1)"
        )));
    }
    Ok(b)
}

/// Runs `trictrac bg bearoff`.
pub fn run(args: &BearoffArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.out.is_none() && args.board.is_none() {
        return Err(CliError::input("give --out FILE or --board N,N,N,N,N,N"));
    }
    let board = args.board.as_deref().map(parse_board).transpose()?;
    let start = std::time::Instant::now();
    let db: &BearoffDb = bearoff::db();
    if let Some(path) = &args.out {
        let bytes = db.to_bytes();
        std::fs::write(path, &bytes)
            .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?;
        writeln!(
            out,
            "bear-off database: {} boards, {} bytes, written to {} ({:.1} s)",
            bearoff::N_POSITIONS,
            bytes.len(),
            path.display(),
            start.elapsed().as_secs_f64()
        )?;
    }
    if let Some(b) = board {
        let all = db.rolls(&b);
        let first = db.first_off(&b);
        writeln!(out, "mean rolls to bear off: {:.4}", db.mean_rolls(&b))?;
        writeln!(out, "rolls   all off   first off")?;
        for n in 0..bearoff::MAX_ROLLS {
            if all[n] > 0.0 || first[n] > 0.0 {
                writeln!(out, "{n:>5}   {:.5}   {:.5}", all[n], first[n])?;
            }
        }
    }
    Ok(())
}
