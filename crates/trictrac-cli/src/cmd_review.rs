//! `trictrac review`: every decision of a recorded game compared with the
//! bot's best, by equity.

use std::io::Write;

use clap::Args;
use serde::Serialize;
use trictrac::record::Record;
use trictrac::{Game, Phase, PlayNotation, Side};
use trictrac_bot::analysis::{analyst, Analyst};

use crate::error::CliError;

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

/// Thresholds of equity lost: doubtful, error, blunder.
const THRESHOLDS: [f64; 3] = [0.04, 0.08, 0.16];

#[derive(Serialize, Clone)]
struct DecisionJson {
    /// The record's line (1-based entry number).
    entry: usize,
    side: &'static str,
    dice: String,
    /// `play` or `stay-leave`.
    kind: &'static str,
    played: String,
    best: String,
    equity_played: f64,
    equity_best: f64,
    error: f64,
}

#[derive(Serialize, Default, Clone, Copy)]
struct PlayerSummary {
    decisions: usize,
    total_error: f64,
    mean_error: f64,
    doubtful: usize,
    errors: usize,
    blunders: usize,
}

#[derive(Serialize)]
struct Summary {
    white: PlayerSummary,
    black: PlayerSummary,
}

#[derive(Serialize)]
struct ReviewJson {
    file: String,
    evaluator: String,
    decisions: Vec<DecisionJson>,
    summary: Summary,
}

fn round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// The game of `rec` up to entry `i`, whose line is cut before its
/// decision and play (`keep_decision`: the decision stays).
fn game_before(rec: &Record, i: usize, keep_decision: bool) -> Option<Game> {
    let mut cut = Record {
        header: rec.header.clone(),
        rolls: rec.rolls[..=i].to_vec(),
    };
    let last = cut.rolls.last_mut()?;
    last.play = None;
    if !keep_decision {
        last.decision = None;
    }
    cut.replay().ok()
}

fn side_of(s: &str) -> Option<Side> {
    match s {
        "w" => Some(Side::White),
        "b" => Some(Side::Black),
        _ => None,
    }
}

/// The decisions of entry `i`.
fn review_entry(a: &mut Analyst, rec: &Record, i: usize, out: &mut Vec<DecisionJson>) {
    let r = &rec.rolls[i];
    let Some(side) = side_of(&r.side) else {
        return;
    };
    if let Some(d) = &r.decision {
        // Before the play (a hole won by the roll), or after it (the exit).
        let g = game_before(rec, i, false)
            .filter(|g| matches!(g.phase(), Phase::StayOrLeave(_)))
            .or_else(|| {
                let mut cut = Record {
                    header: rec.header.clone(),
                    rolls: rec.rolls[..=i].to_vec(),
                };
                cut.rolls.last_mut()?.decision = None;
                cut.replay()
                    .ok()
                    .filter(|g| matches!(g.phase(), Phase::StayOrLeave(_)))
            });
        if let Some(sl) = g.as_ref().and_then(|g| a.stay_leave(g)) {
            let (best, eb) = if sl.leave > sl.stay {
                ("leave", sl.leave)
            } else {
                ("stay", sl.stay)
            };
            let ep = if d == "leave" { sl.leave } else { sl.stay };
            out.push(DecisionJson {
                entry: i + 1,
                side: side.name(),
                dice: r.dice.clone(),
                kind: "stay-leave",
                played: d.clone(),
                best: best.into(),
                equity_played: round(ep as f64),
                equity_best: round(eb as f64),
                error: round((eb - ep).max(0.0) as f64),
            });
        }
    }
    let Some(text) = &r.play else {
        return;
    };
    let Some(g) = game_before(rec, i, true).filter(|g| matches!(g.phase(), Phase::Play(_))) else {
        return;
    };
    if g.legal_plays().len() < 2 {
        return;
    }
    let (Some(roll), Ok(notation)) = (g.pending_roll(), text.parse::<PlayNotation>()) else {
        return;
    };
    let rules = g.options().rules;
    let Ok(chosen) = g.position().resolve_play_with(roll, &notation, &rules) else {
        return;
    };
    let after = |p: &trictrac::Play| {
        let mut x = g.position().clone();
        x.play_unchecked_with(p, &rules);
        x
    };
    let chosen_after = after(&chosen);
    let plays = a.plays(&g);
    let Some(best) = plays.first() else {
        return;
    };
    let Some(mine) = plays.iter().find(|p| after(&p.play) == chosen_after) else {
        return;
    };
    out.push(DecisionJson {
        entry: i + 1,
        side: side.name(),
        dice: r.dice.clone(),
        kind: "play",
        played: chosen.display(side).to_string(),
        best: best.play.display(side).to_string(),
        equity_played: round(mine.equity as f64),
        equity_best: round(best.equity as f64),
        error: round((best.equity - mine.equity).max(0.0) as f64),
    });
}

fn summarise(decisions: &[DecisionJson], side: Side) -> PlayerSummary {
    let mut s = PlayerSummary::default();
    for d in decisions.iter().filter(|d| d.side == side.name()) {
        s.decisions += 1;
        s.total_error += d.error;
        s.doubtful += (d.error >= THRESHOLDS[0]) as usize;
        s.errors += (d.error >= THRESHOLDS[1]) as usize;
        s.blunders += (d.error >= THRESHOLDS[2]) as usize;
    }
    s.mean_error = round(s.total_error / s.decisions.max(1) as f64);
    s.total_error = round(s.total_error);
    s
}

/// Runs `trictrac review`.
pub fn run(args: &ReviewArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let text = crate::input::read_text(&args.file)?;
    let rec: Record = if text.trim_start().starts_with('{') {
        Record::from_json(&text)
    } else {
        text.parse()
    }
    .map_err(|e| CliError::input(format!("{}: {e}", args.file.display())))?;
    rec.replay()
        .map_err(|e| CliError::Illegal(format!("{} does not replay: {e}", args.file.display())))?;
    let mut a = analyst();
    let mut decisions = Vec::new();
    for i in 0..rec.rolls.len() {
        review_entry(&mut a, &rec, i, &mut decisions);
    }
    let summary = Summary {
        white: summarise(&decisions, Side::White),
        black: summarise(&decisions, Side::Black),
    };
    // Biggest mistakes first; equal errors in the order of the game.
    decisions.sort_by(|x, y| y.error.total_cmp(&x.error).then(x.entry.cmp(&y.entry)));
    if args.json {
        let j = ReviewJson {
            file: args.file.display().to_string(),
            evaluator: a.describe(),
            decisions,
            summary,
        };
        serde_json::to_writer_pretty(&mut *out, &j)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "Review by {}", a.describe())?;
    let shown = if args.top == 0 {
        decisions.len()
    } else {
        args.top.min(decisions.len())
    };
    let mistakes: Vec<&DecisionJson> = decisions
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
