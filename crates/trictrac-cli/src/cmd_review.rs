//! `trictrac review`: every decision of a recorded game compared with the
//! bot's best, by equity.

use std::io::Write;

use clap::Args;
use serde::Serialize;
use trictrac_bot::analysis::{analyst, Analyst};

use crate::error::CliError;
use trictrac::record::Record;
use trictrac::{Game, Phase, Play, PlayNotation};
use trictrac_bot::explain::{compare, explain_play, explain_stay_leave};
use trictrac_bot::review::{review, Decision, Review, Summary, THRESHOLDS};

/// The width of an explanation under a decision (indented by 6).
const WIDTH: usize = 79;

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
        trictrac review game.txt --json --top 0\n  \
        trictrac review game.txt --explain\n\n\
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

    /// Under each decision marked doubtful or worse, say why the best
    /// rather than the play made (jans, obligations, lone checkers, the
    /// opponent's chances, as `trictrac hint --explain`)
    #[arg(long)]
    explain: bool,
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
        if args.explain && d.error >= THRESHOLDS[0] {
            for l in explain_decision(&a, &rec, d) {
                writeln!(out, "{l}")?;
            }
        }
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

/// The game of `rec` before entry `i`'s play (and, `keep_decision`
/// false, before its stay-or-leave decision): the record cut there and
/// replayed, as [`trictrac_bot::review`] rebuilds it.
fn game_before(rec: &Record, i: usize, keep_decision: bool) -> Option<Game> {
    let mut cut = Record {
        header: rec.header.clone(),
        rolls: rec.rolls.get(..=i)?.to_vec(),
    };
    let last = cut.rolls.last_mut()?;
    last.play = None;
    if !keep_decision {
        last.decision = None;
    }
    cut.replay().ok()
}

/// The legal play of `g` that `text` (a play as the review writes it)
/// names, or one leaving the same position.
fn resolve(g: &Game, text: &str) -> Option<Play> {
    let roll = g.pending_roll()?;
    let notation = text.parse::<PlayNotation>().ok()?;
    let rules = g.options().rules;
    let p = g
        .position()
        .resolve_play_with(roll, &notation, &rules)
        .ok()?;
    if g.legal_plays().contains(&p) {
        return Some(p);
    }
    let after = |q: &Play| {
        let mut x = g.position().clone();
        x.play_unchecked_with(q, &rules);
        x
    };
    let made = after(&p);
    g.legal_plays().iter().find(|q| after(q) == made).copied()
}

/// `--explain`: why the best rather than what was played at decision
/// `d`, in lines indented under it (empty when it cannot be rebuilt).
fn explain_decision(a: &Analyst, rec: &Record, d: &Decision) -> Vec<String> {
    let i = d.entry.saturating_sub(1);
    let mut lines = Vec::new();
    let mut push = |l: &str, indent: usize| {
        lines.extend(tables_term::wrap(
            &format!("{}{l}", " ".repeat(indent)),
            WIDTH,
            indent + 2,
        ));
    };
    if d.kind == "play" {
        let Some(g) = game_before(rec, i, true).filter(|g| matches!(g.phase(), Phase::Play(_)))
        else {
            return lines;
        };
        let (Some(best), Some(made)) = (resolve(&g, &d.best), resolve(&g, &d.played)) else {
            return lines;
        };
        let (Some(eb), Some(em)) = (explain_play(&g, &best), explain_play(&g, &made)) else {
            return lines;
        };
        let c = compare(&eb, &em);
        push(&format!("Why {} rather than {}:", c.best, c.second), 6);
        for l in &c.lines {
            push(l, 8);
        }
    } else {
        // Staying or leaving: from the score before the roll.
        let Some(before) = (Record {
            header: rec.header.clone(),
            rolls: rec.rolls[..i].to_vec(),
        })
        .replay()
        .ok() else {
            return lines;
        };
        let g = game_before(rec, i, false)
            .filter(|g| matches!(g.phase(), Phase::StayOrLeave(_)))
            .or_else(|| {
                let mut cut = Record {
                    header: rec.header.clone(),
                    rolls: rec.rolls.get(..=i)?.to_vec(),
                };
                cut.rolls.last_mut()?.decision = None;
                cut.replay()
                    .ok()
                    .filter(|g| matches!(g.phase(), Phase::StayOrLeave(_)))
            });
        let Some(g) = g else {
            return lines;
        };
        let (Some(score), Some(sl)) = (g.pending_score(), a.stay_leave(&g)) else {
            return lines;
        };
        push(&format!("Why {} rather than {}:", d.best, d.played), 6);
        for l in explain_stay_leave(before.score(), score, &sl).lines {
            push(&l, 8);
        }
    }
    lines
}
