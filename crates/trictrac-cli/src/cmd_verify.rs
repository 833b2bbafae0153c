//! `trictrac verify`: recompute the dice of an online game from the seeds
//! its record carries (issue 38, docs/DICE.md), for both games.

use std::io::Write;

use clap::Args;

use tables::fair;

use crate::error::CliError;

/// Verify the dice of an online game from its record.
#[derive(Debug, Args)]
#[command(
    about = "Verify the dice of an online game from the seeds in its record",
    long_about = "Read the record of a finished online game of `trictrac serve` (Grand \
        Trictrac's .txt or .json, or backgammon's .mat: the format is recognised) and \
        its `trictrac dice:` seeds — the commitment, the server seed revealed at the \
        end, both players' seeds — check that the server seed is the one committed to \
        (SHA-256), then recompute every throw (docs/DICE.md) and compare it with the \
        record's. Prints how many throws match, or the first one that does not (exit \
        code 1).",
    after_help = "Examples:\n  \
        curl -o game.txt http://HOST:8080/api/games/ROOM.txt && trictrac verify game.txt\n  \
        curl -o match.mat http://HOST:8080/api/games/ROOM.mat && trictrac verify match.mat"
)]
pub struct VerifyArgs {
    /// The record file (.txt, .json or .mat)
    file: std::path::PathBuf,
}

fn is_mat(text: &str) -> bool {
    text.lines()
        .any(|l| l.trim().to_ascii_lowercase().ends_with("point match"))
}

/// Runs `trictrac verify`.
pub fn run(args: &VerifyArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let name = args.file.display().to_string();
    let text = crate::input::read_text(&args.file)?;
    let seeds = fair::seeds_in_record(&text).ok_or_else(|| {
        CliError::input(format!(
            "{name}: no `trictrac dice:` seeds: not the record of an online game of \
             `trictrac serve`"
        ))
    })?;
    let seeds = fair::parse_text(&seeds).map_err(|e| CliError::input(format!("{name}: {e}")))?;
    let (checked, game) = if is_mat(&text) {
        let rules = crate::bg::record::rules_named(&text)?;
        (
            backgammon::mat::verify_dice(&text, &rules, seeds),
            "backgammon",
        )
    } else {
        let rec = if text.trim_start().starts_with('{') {
            trictrac::Record::from_json(&text)
        } else {
            text.parse::<trictrac::Record>()
        }
        .map_err(|e| CliError::input(format!("{name}: {e}")))?;
        (rec.verify_dice(seeds), "Grand Trictrac")
    };
    let throws = checked.map_err(|e| CliError::Illegal(format!("{name}: {e}")))?;
    writeln!(
        out,
        "{name}: the dice of this {game} record are the seeds' ({throws} throws checked; \
         the server seed matches its commitment)"
    )?;
    Ok(())
}
