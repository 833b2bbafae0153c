//! `trictrac bg hint --explain`: the features of each ranked play and
//! why the best rather than the second (issue 40), computed from the
//! positions by `backgammon_bot::analysis::explain` (docs/ANALYSIS.md,
//! "Why this play").

use std::io::Write;

use backgammon::{Position, Rules};
use backgammon_bot::analysis::explain::{features, why, Chances, PlayFeatures, Why};

use super::hint::Ranked;

/// The width the text keeps to (80 columns, as the table).
const WIDTH: usize = 79;

/// Fills each ranked play's `explain` with the features of the position
/// after it, in the mover's eyes, and its chances from the ranking; and
/// returns why the first rather than the second (`None` with fewer than
/// two plays).
pub fn explain(pos: &Position, rules: &Rules, ranked: &mut [Ranked]) -> Option<Why> {
    for r in ranked.iter_mut() {
        let after = pos.play_unchecked(&r.raw);
        r.explain = Some(features(pos, &after, rules).with_chances(chances_of(r)));
    }
    match ranked {
        [a, b, ..] => {
            let (fa, fb) = (a.explain.as_ref()?, b.explain.as_ref()?);
            Some(why(
                (a.play.as_str(), fa),
                (b.play.as_str(), fb),
                a.equity - b.equity,
            ))
        }
        _ => None,
    }
}

/// The ranking's chances of a play.
fn chances_of(r: &Ranked) -> Chances {
    let o = r.outputs();
    Chances::from_outputs(&o)
}

/// The features of a play on the lines under its row of the table,
/// indented by `indent`.
pub fn feature_lines(f: &PlayFeatures, indent: usize) -> Vec<String> {
    let text = format!(
        "{}{}",
        " ".repeat(indent),
        backgammon_bot::analysis::explain::summary(f)
    );
    crate::session::wrap(&text, WIDTH, indent + 2)
}

/// "Why A rather than B", after the table: the equities and the
/// heaviest differences, each with its weight.
///
/// # Errors
/// When `out` cannot be written.
pub fn write_why(
    out: &mut dyn Write,
    w: &Why,
    best: &Ranked,
    other: &Ranked,
) -> std::io::Result<()> {
    writeln!(out)?;
    let head = format!(
        "Why {} rather than {}: equity {:+.3} against {:+.3} ({:+.3})",
        w.play, w.other, best.equity, other.equity, w.equity_difference
    );
    for l in crate::session::wrap(&head, WIDTH, 2) {
        writeln!(out, "{l}")?;
    }
    if w.reasons.is_empty() {
        let text = "  The features weighed do not differ: the network's valuation \
            alone separates them.";
        for l in crate::session::wrap(text, WIDTH, 2) {
            writeln!(out, "{l}")?;
        }
    }
    if !w.reasons.is_empty() {
        let text = format!(
            "  The heaviest differences [their weight for {}, in equity]:",
            w.play
        );
        for l in crate::session::wrap(&text, WIDTH, 2) {
            writeln!(out, "{l}")?;
        }
    }
    for r in &w.reasons {
        let text = format!("  - {} [{:+.3}]", r.sentence, r.weight);
        for l in crate::session::wrap(&text, WIDTH, 4) {
            writeln!(out, "{l}")?;
        }
    }
    if w.reasons.iter().map(|r| r.weight).sum::<f32>() < 0.0 {
        let text = format!(
            "  These speak for {}: the network's valuation weighs what they do not.",
            w.other
        );
        for l in crate::session::wrap(&text, WIDTH, 2) {
            writeln!(out, "{l}")?;
        }
    }
    Ok(())
}
