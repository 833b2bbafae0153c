//! `trictrac mark`: points won by one side applied to a score state
//! (holes, bredouille, pavillon: RULES.md ).

use std::io::Write;

use clap::Args;
use serde::Serialize;
use trictrac::{ScoreState, Side};

use crate::error::CliError;
use crate::jans_json::{holes_text, score_line, HolesJson, ScoreJson};

/// Apply points won by one side to a score state.
#[derive(Debug, Args)]
#[command(
    about = "Apply points won by one side to a score state: holes, bredouille, pavillon",
    long_about = "Apply points won by one side to a score state and print the state after \
        and the holes marked, each simple or double (R-8.1–R-8.4: 12 points make a hole, \
        double when its points were scored without the opponent scoring in between; \
        marking a hole erases the opponent's points).",
    after_help = "Examples:\n  \
        # 8 interrupted points and 26 more: a simple hole, a double hole, 10 points\n  \
        trictrac mark --score \"score=8.0.4.0 bredouille=n\" --side w --points 26\n\n  \
        # the state as JSON\n  \
        trictrac mark --score \"score=8.0.8.0 bredouille=b pavillon=e\" --side w --points 18 --json\n\n\
        Exit codes: 0 success, 2 bad input."
)]
pub struct MarkArgs {
    /// The score state: score=WP.WH.BP.BH bredouille=e|w|b|n pavillon=e|w|b|n (missing keys
    /// take their defaults)
    #[arg(short, long, value_name = "STATE", default_value = "score=0.0.0.0")]
    score: String,

    /// The side that wins the points: w or b
    #[arg(long, value_name = "w|b")]
    side: String,

    /// The points won (even, R-5.1)
    #[arg(long, value_name = "N")]
    points: u32,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct MarkOut {
    score_before: ScoreJson,
    marked: HolesJson,
    score_after: ScoreJson,
}

/// Runs `trictrac mark`.
pub fn run(args: &MarkArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let before: ScoreState = args
        .score
        .parse()
        .map_err(|e| CliError::input(format!("invalid --score `{}`: {e}", args.score.trim())))?;
    let side = match args.side.trim() {
        "w" | "white" => Side::White,
        "b" | "black" => Side::Black,
        other => {
            return Err(CliError::input(format!(
                "invalid --side `{other}`: expected w or b"
            )))
        }
    };
    if !args.points.is_multiple_of(2) {
        return Err(CliError::input(format!(
            "invalid --points {}: points are always even (R-5.1)",
            args.points
        )));
    }
    if args.points > trictrac::score::MAX_MARK {
        return Err(CliError::input(format!(
            "invalid --points {}: no roll or school gives more than {} points",
            args.points,
            trictrac::score::MAX_MARK
        )));
    }
    if let Some(w) = before.winner() {
        return Err(CliError::input(format!(
            "the game is over: {} has 12 holes",
            w.name()
        )));
    }
    let mut after = before;
    let m = after.mark(side, args.points);
    if args.json {
        let json = MarkOut {
            score_before: ScoreJson::from(&before),
            marked: HolesJson::new(side, &m),
            score_after: ScoreJson::from(&after),
        };
        serde_json::to_writer_pretty(&mut *out, &json)?;
        writeln!(out)?;
    } else {
        writeln!(
            out,
            "{} marks {} points: {}",
            side.name(),
            args.points,
            holes_text(&m)
        )?;
        writeln!(out, "score after: {}", score_line(&after))?;
        writeln!(out, "{after}")?;
    }
    Ok(())
}
