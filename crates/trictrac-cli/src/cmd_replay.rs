//! `trictrac replay`: verify a game record move by move.

use std::io::Write;

use clap::Args;

use crate::error::CliError;
use crate::jans_json::score_line;

/// Verify a game record and print the final score.
#[derive(Debug, Args)]
#[command(
    about = "Verify a game record move by move and print the final score",
    long_about = "Replay a game record (the text form, or JSON) move by move: every roll \
        must give the points recorded for each side, every decision and play must be \
        legal. If the record has a [Seed], the dice must also be the ones that seed \
        draws. Prints the final score, or the first line that does not replay (exit \
        code 1).",
    after_help = "Examples:\n  \
        trictrac selfplay --games 1 --seed 7 --record game.txt\n  \
        trictrac replay game.txt\n  \
        trictrac replay game.json --json"
)]
pub struct ReplayArgs {
    /// The record file (text or JSON)
    file: std::path::PathBuf,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,
}

/// Runs `trictrac replay`.
pub fn run(args: &ReplayArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rec = crate::input::read_record(&args.file)?;
    if rec.rolls.is_empty() {
        return Err(CliError::input(format!(
            "{}: the record holds no roll: nothing to replay",
            args.file.display()
        )));
    }
    // With its seed's dice; a game saved by `trictrac play` in the middle
    // of a turn replays up to where it stopped.
    let (game, _) = crate::cmd_play::resume_record(&rec)
        .map_err(|e| CliError::Illegal(format!("{} does not replay: {e}", args.file.display())))?;
    let s = game.score();
    if args.json {
        let v = serde_json::json!({
            "rolls": rec.rolls.len(),
            "score": crate::jans_json::ScoreJson::from(s),
            "winner": game.winner().map(|w| w.name()),
            "stake": game.stake().map(|s| s.value()),
            "seed_checked": rec.header.seed.is_some(),
        });
        serde_json::to_writer_pretty(&mut *out, &v)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "{}: {} lines replayed{}",
        args.file.display(),
        rec.rolls.len(),
        if rec.header.seed.is_some() {
            ", dice checked against the seed"
        } else {
            ""
        }
    )?;
    writeln!(out, "final score: {}", score_line(s))?;
    match (game.winner(), game.stake()) {
        (Some(w), Some(st)) => writeln!(out, "{} wins, stake {st}", w.name())?,
        _ => writeln!(out, "game in progress: {:?}", game.phase())?,
    }
    Ok(())
}
