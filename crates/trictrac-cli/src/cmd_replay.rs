//! `trictrac replay`: verify a game record move by move.

use std::io::Write;

use clap::Args;

use trictrac::game::GameKind;

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
            "points_won": game.points_won(),
            "marques": (!game.marques().is_empty()).then(|| marques_json(&game)),
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
    if let GameKind::Ecrire { .. } = game.options().game {
        // the partie is scored by its marqués, the score on the
        // board is the current marqué's.
        let t = game.marque_totals();
        let m = game.marques();
        let refaits = m.iter().filter(|m| m.winner.is_none()).count();
        writeln!(
            out,
            "marqués: {} played ({refaits} refait{}), totals white {} black {}",
            m.len(),
            if refaits == 1 { "" } else { "s" },
            t.white,
            t.black
        )?;
        match (game.winner(), game.ecrire_payment()) {
            (Some(w), Some((_, paid))) => writeln!(
                out,
                "{} wins the partie à écrire: {} pays {paid}",
                w.name(),
                (!w).name()
            )?,
            _ => writeln!(
                out,
                "partie in progress: {}, {:?}",
                score_line(s),
                game.phase()
            )?,
        }
        return Ok(());
    }
    writeln!(out, "final score: {}", score_line(s))?;
    match (game.winner(), game.stake()) {
        (Some(w), Some(st)) => writeln!(out, "{} wins, stake {st}", w.name())?,
        _ => writeln!(out, "game in progress: {:?}", game.phase())?,
    }
    Ok(())
}

/// The marqués of a partie à écrire, for `--json`.
fn marques_json(game: &trictrac::Game) -> serde_json::Value {
    game.marques()
        .iter()
        .map(|m| {
            serde_json::json!({
                "winner": m.winner.map(|w| w.name()),
                "holes": {"white": m.holes.white, "black": m.holes.black},
                "value": m.value,
                "grande_bredouille": m.grande_bredouille,
            })
        })
        .collect()
}
