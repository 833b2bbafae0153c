//! `trictrac review`: every decision of a recorded game compared with the
//! bot's best, by equity.

use std::io::Write;

use clap::Args;
use serde::Serialize;
use trictrac_bot::analysis::analyst;

use crate::error::CliError;
use trictrac_bot::review::{review, Decision, Review, Summary, THRESHOLDS};

/// Review a recorded game.
#[derive(Debug, Args)]
#[command(
    about = "Review a recorded game: every decision against the bot's best, by equity",
    long_about = "Replay a game record (text or JSON) and compare every decision — each \
        play with a choice, and each stay/leave (R-8.6) — with the best one by the \
        default bot's evaluation (docs/STRENGTH.md). The error of a decision is the \
        equity (expected stake, R-9.1) it loses against the best. Prints the biggest \
        mistakes first, then a summary per player: decisions, total and mean error, \
        and the decisions above each threshold (doubtful ≥ 0.04, error ≥ 0.08, \
        blunder ≥ 0.16). Forced plays (one legal play) are not decisions.",
    after_help = "Examples:\n  \
        trictrac selfplay --games 1 --seed 7 --record game.txt\n  \
        trictrac review game.txt\n  \
        trictrac review game.txt --json --top 0\n\n\
        Exit codes: 0 success, 1 a record that does not replay, 2 bad input."
)]
pub struct ReviewArgs {
    /// The record file (text or JSON)
    file: std::path::PathBuf,

    /// Print only the N biggest mistakes in the text output (0: all)
    #[arg(long, value_name = "N", default_value_t = 10)]
    top: usize,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct ReviewJson {
    file: String,
    evaluator: String,
    decisions: Vec<Decision>,
    summary: Summary,
}

/// Runs `trictrac review`.
pub fn run(args: &ReviewArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rec = crate::input::read_record(&args.file)?;
    rec.replay()
        .map_err(|e| CliError::Illegal(format!("{} does not replay: {e}", args.file.display())))?;
    let mut a = analyst();
    let Review {
        evaluator,
        mut decisions,
        summary,
    } = review(&mut a, &rec);
    // Biggest mistakes first; equal errors in the order of the game.
    decisions.sort_by(|x, y| y.error.total_cmp(&x.error).then(x.entry.cmp(&y.entry)));
    if args.json {
        let j = ReviewJson {
            file: args.file.display().to_string(),
            evaluator,
            decisions,
            summary,
        };
        serde_json::to_writer_pretty(&mut *out, &j)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "Review by {evaluator}")?;
    let shown = if args.top == 0 {
        decisions.len()
    } else {
        args.top.min(decisions.len())
    };
    let mistakes: Vec<&Decision> = decisions
        .iter()
        .take(shown)
        .filter(|d| d.error > 0.0)
        .collect();
    if mistakes.is_empty() {
        writeln!(out, "No decision lost equity against the bot's best.")?;
    }
    for d in mistakes {
        writeln!(
            out,
            "entry {:>3}  {:<5} {}  {:<10} played {:<14} best {:<14} lost {:.3}",
            d.entry, d.side, d.dice, d.kind, d.played, d.best, d.error
        )?;
    }
    for (name, s) in [("white", summary.white), ("black", summary.black)] {
        writeln!(
            out,
            "{name}: {} decisions, equity lost {:.3} in all, {:.4} per decision; \
             {} doubtful (≥ {}), {} errors (≥ {}), {} blunders (≥ {})",
            s.decisions,
            s.total_error,
            s.mean_error,
            s.doubtful,
            THRESHOLDS[0],
            s.errors,
            THRESHOLDS[1],
            s.blunders,
            THRESHOLDS[2]
        )?;
    }
    Ok(())
}
