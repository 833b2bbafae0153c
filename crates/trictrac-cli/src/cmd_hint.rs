//! `trictrac hint`: the plays of a roll ranked by equity, and the
//! stay/leave decision when the roll wins a hole.

use std::io::Write;

use clap::Args;
use serde::Serialize;
use trictrac::{Game, Phase, Side};
use trictrac_bot::analysis::{analyst, Analyst};
use trictrac_bot::explain::{
    compare, explain_ranked, explain_stay_leave, marked_line, Comparison, PlayExplanation,
    StayLeaveExplanation,
};

use crate::error::CliError;
use crate::input;
use crate::jans_json::{jan_line, JanJson};
use crate::options::OptionArgs;

/// Rank the plays of a roll by equity.
#[derive(Debug, Args)]
#[command(
    about = "Rank the plays of a roll by equity, with the stay/leave decision",
    long_about = "Rank the legal plays of a roll from a position by their equity — the \
        expected stake (R-9.1, under --payout) for the side to move, between minus and \
        plus the largest stake — as the default bot values them (its network, and 2 \
        plies where the best plays are close: those rank first; the others, valued at \
        1 ply, are marked). Each play is shown with its equity and its difference from \
        the best; the jans of the roll are listed first (they are \
        marked before the checkers move, R-2.4; the exit only if the play bears off the \
        last checker). When the roll wins a hole that lets the player choose (R-8.6), \
        the equities of staying and leaving come first, and the plays are those after \
        staying. --explain says why, for each play, from the positions: the jans \
        marked, the obligations met or broken (filling R-6.5, keeping R-6.7, the rest \
        corner R-4.1), what the opponent's next roll can score against it out of 36, \
        then why the best play rather than the second.",
    after_help = "Examples:\n  \
        trictrac hint --position \"w:1x15 b:24x15 w\" --dice 6-5\n  \
        trictrac hint --position \"w:1x14,5 b:24x14,17 w\" --dice 6-1 --explain\n  \
        trictrac hint --position \"w:1x13,6,7 b:24x15 w\" --dice 4-2 --json\n  \
        trictrac hint --position \"w:1x13,6,7 b:24x14,20 w dice=3-1\" --payout none\n\n\
        Exit codes: 0 success, 2 bad input (position, dice, options)."
)]
pub struct HintArgs {
    /// The position in TPN, quoted; its side to move is about to roll
    #[arg(short, long, value_name = "TPN", default_value = input::START_TPN)]
    position: String,

    /// The roll, e.g. 6-5 (either order); defaults to the position's dice= key
    #[arg(short, long, value_name = "A-B")]
    dice: Option<String>,

    /// Print JSON instead of text
    #[arg(long)]
    json: bool,

    /// Explain each play (jans, obligations, the opponent's chances) and why the best
    #[arg(long)]
    explain: bool,

    #[command(flatten)]
    options: OptionArgs,
}

#[derive(Serialize)]
struct PlayJson {
    rank: usize,
    play: String,
    equity: f64,
    difference: f64,
    plies: u8,
    jans: Vec<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<PlayExplanation>,
}

#[derive(Serialize)]
struct StayLeaveJson {
    stay: f64,
    leave: f64,
    best: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    explain: Option<StayLeaveExplanation>,
}

#[derive(Serialize)]
struct HintJson {
    position: String,
    turn: &'static str,
    dice: String,
    evaluator: String,
    equity_network: bool,
    jans: Vec<JanJson>,
    stay_leave: Option<StayLeaveJson>,
    plays: Vec<PlayJson>,
    /// Why the best play rather than the second (`--explain`).
    #[serde(skip_serializing_if = "Option::is_none")]
    comparison: Option<Comparison>,
}

fn round(x: f32) -> f64 {
    (x as f64 * 10_000.0).round() / 10_000.0
}

/// The game after the roll of `args` is made.
fn rolled_game(args: &HintArgs) -> Result<Game, CliError> {
    let mut pos = input::position(&args.position)?;
    let roll = input::roll_for(&pos, args.dice.as_deref())?;
    pos.set_dice(None);
    let options = args.options.to_options()?;
    let mut g = Game::from_position(options, pos)
        .map_err(|e| CliError::input(format!("cannot analyse this position: {e}")))?;
    g.roll(roll)
        .map_err(|e| CliError::input(format!("cannot roll {roll} here: {e}")))?;
    Ok(g)
}

/// The ranked plays of `g` (in the play phase) in JSON form, with their
/// explanations when `explain`.
fn ranked(a: &mut Analyst, g: &Game, side: Side, explain: bool) -> Vec<PlayJson> {
    let plays = a.plays(g);
    let mut explained = if explain {
        explain_ranked(g, &plays).into_iter().map(Some).collect()
    } else {
        Vec::new()
    };
    explained.resize(plays.len(), None);
    let best = plays.first().map_or(0.0, |p| p.equity);
    let score = g.pending_score();
    plays
        .iter()
        .zip(explained)
        .enumerate()
        .map(|(i, (p, explain))| {
            let mut after = g.position().clone();
            after.play_unchecked_with(&p.play, &g.options().rules);
            let jans = score
                .map(|s| {
                    s.jans
                        .iter()
                        .filter(|e| !e.depends_on_play || after.all_off(side))
                        .map(|e| e.jan.id())
                        .collect()
                })
                .unwrap_or_default();
            PlayJson {
                rank: i + 1,
                play: p.play.display(side).to_string(),
                equity: round(p.equity),
                difference: round(p.equity - best),
                plies: p.plies,
                jans,
                explain,
            }
        })
        .collect()
}

/// Runs `trictrac hint`.
pub fn run(args: &HintArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let mut g = rolled_game(args)?;
    let mut a = analyst();
    let side = g.position().turn();
    let roll = g
        .pending_roll()
        .ok_or_else(|| CliError::input("the roll was not made"))?;
    let score = g.pending_score().cloned();
    let before = *input::position(&args.position)?.score();
    let stay_leave = match g.phase() {
        Phase::StayOrLeave(_) => a.stay_leave(&g).map(|sl| StayLeaveJson {
            stay: round(sl.stay),
            leave: round(sl.leave),
            best: if sl.leave > sl.stay { "leave" } else { "stay" },
            explain: score
                .as_ref()
                .filter(|_| args.explain)
                .map(|s| explain_stay_leave(&before, s, &sl)),
        }),
        _ => None,
    };
    if stay_leave.is_some() {
        // The plays are those after staying.
        g.stay()
            .map_err(|e| CliError::input(format!("cannot stay here: {e}")))?;
    }
    let plays = if matches!(g.phase(), Phase::Play(_)) {
        ranked(&mut a, &g, side, args.explain)
    } else {
        Vec::new()
    };
    let comparison = match (
        plays.first().and_then(|p| p.explain.as_ref()),
        plays.get(1).and_then(|p| p.explain.as_ref()),
    ) {
        (Some(x), Some(y)) => Some(compare(x, y)),
        _ => None,
    };
    let h = HintJson {
        position: args.position.trim().to_string(),
        turn: side.name(),
        dice: roll.to_string(),
        evaluator: a.describe(),
        equity_network: a.is_equity(),
        jans: score
            .as_ref()
            .map(|s| s.jans.iter().map(|e| JanJson::new(e, side)).collect())
            .unwrap_or_default(),
        stay_leave,
        plays,
        comparison,
    };
    if args.json {
        serde_json::to_writer_pretty(&mut *out, &h)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "{} to play {} — {}", side.name(), h.dice, h.evaluator)?;
    if let Some(s) = &score {
        for e in &s.jans {
            writeln!(
                out,
                "  {}",
                jan_line(e, side, trictrac::FieldNames::Numbers)
            )?;
        }
    }
    if let Some(e) = h.plays.first().and_then(|p| p.explain.as_ref()) {
        writeln!(
            out,
            "Marked before the checkers move (R-2.4): {}",
            marked_line(&e.marked)
        )?;
    }
    if let Some(sl) = &h.stay_leave {
        writeln!(
            out,
            "The roll wins a hole (R-8.6): stay {:+.3}, leave {:+.3} — {}",
            sl.stay, sl.leave, sl.best
        )?;
        for line in sl.explain.iter().flat_map(|e| &e.lines) {
            writeln!(out, "      {line}")?;
        }
    }
    if h.plays.is_empty() {
        writeln!(out, "No play to choose.")?;
    }
    let width = h.plays.iter().map(|p| p.play.len()).max().unwrap_or(0);
    for p in &h.plays {
        let mut diff = if p.rank == 1 {
            String::new()
        } else {
            format!("  ({:+.3})", p.difference)
        };
        if p.plies == 1 && h.plays.iter().any(|q| q.plies == 2) {
            diff.push_str("  1 ply");
        }
        writeln!(
            out,
            "{:>3}. {:<width$}  {:+.3}{diff}",
            p.rank, p.play, p.equity
        )?;
        for line in p.explain.iter().flat_map(|e| &e.lines) {
            writeln!(out, "      {line}")?;
        }
    }
    if let Some(c) = &h.comparison {
        writeln!(out, "Why {} rather than {}:", c.best, c.second)?;
        for line in &c.lines {
            writeln!(out, "  {line}")?;
        }
    }
    Ok(())
}
