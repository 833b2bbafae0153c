//! `trictrac bg hint --explain`: the features of each ranked play and
//! why the best rather than the second (issue 40), computed from the
//! positions by `backgammon_bot::analysis::explain` (docs/ANALYSIS.md,
//! "Why this play"); without dice, why the cube decision ("Why this cube
//! decision").

use std::io::Write;

use backgammon::{Position, Rules};
use backgammon_bot::analysis::cubeful::CubeAnalysis;
use backgammon_bot::analysis::explain::cube::loser_text;
use backgammon_bot::analysis::explain::{CubeExplanation, PlayFeatures, Why};
use backgammon_bot::BgNet;

use backgammon_bot::analysis::service::AnalysedPlay as Ranked;

/// The width the text keeps to (80 columns, as the table).
const WIDTH: usize = 79;

/// Fills each ranked play's `explain` and returns why the first rather
/// than the second: the analysis service's
/// [`backgammon_bot::analysis::service::explain`].
pub fn explain(pos: &Position, rules: &Rules, ranked: &mut [Ranked]) -> Option<Why> {
    backgammon_bot::analysis::service::explain(pos, rules, ranked)
}

/// The features of a play on the lines under its row of the table,
/// indented by `indent`.
pub fn feature_lines(f: &PlayFeatures, indent: usize) -> Vec<String> {
    let text = format!(
        "{}{}",
        " ".repeat(indent),
        backgammon_bot::analysis::explain::summary(f)
    );
    tables_term::wrap(&text, WIDTH, indent + 2)
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
    for l in tables_term::wrap(&head, WIDTH, 2) {
        writeln!(out, "{l}")?;
    }
    if w.reasons.is_empty() {
        let text = "  The features weighed do not differ: the network's valuation \
            alone separates them.";
        for l in tables_term::wrap(text, WIDTH, 2) {
            writeln!(out, "{l}")?;
        }
    }
    if !w.reasons.is_empty() {
        let text = format!(
            "  The heaviest differences [their weight for {}, in equity]:",
            w.play
        );
        for l in tables_term::wrap(&text, WIDTH, 2) {
            writeln!(out, "{l}")?;
        }
    }
    for r in &w.reasons {
        let text = format!("  - {} [{:+.3}]", r.sentence, r.weight);
        for l in tables_term::wrap(&text, WIDTH, 4) {
            writeln!(out, "{l}")?;
        }
    }
    if w.reasons.iter().map(|r| r.weight).sum::<f32>() < 0.0 {
        let text = format!(
            "  These speak for {}: the network's valuation weighs what they do not.",
            w.other
        );
        for l in tables_term::wrap(&text, WIDTH, 2) {
            writeln!(out, "{l}")?;
        }
    }
    Ok(())
}

/// Why the cube decision `a` of the side on roll of the setting: the
/// chances, the gammon factor, the take point and the market losers
/// (`backgammon_bot::analysis::explain::cube`).
pub fn explain_cube(
    net: &BgNet,
    setting: &super::input::PositionInput,
    rules: &Rules,
    a: &CubeAnalysis,
) -> CubeExplanation {
    backgammon_bot::analysis::explain::explain_cube(
        net,
        &setting.position,
        rules,
        &setting.state,
        setting.cube,
        a,
    )
}

/// Writes `text` wrapped to the width, continuation lines indented by
/// `indent`.
fn para(out: &mut dyn Write, text: &str, indent: usize) -> std::io::Result<()> {
    for l in tables_term::wrap(text, WIDTH, indent) {
        writeln!(out, "{l}")?;
    }
    Ok(())
}

/// "Why this cube decision", after the cube analysis: the sentence, then
/// its numbers one by one.
///
/// # Errors
/// When `out` cannot be written.
pub fn write_cube_why(out: &mut dyn Write, e: &CubeExplanation) -> std::io::Result<()> {
    writeln!(out)?;
    para(out, &format!("Why: {}", e.sentence), 2)?;
    let c = &e.chances;
    let pct = |x: f32| 100.0 * x;
    para(
        out,
        &format!(
            "  - Chances: {} wins {:.1}% (gammon {:.1}%, backgammon {:.1}%), \
             the taker {:.1}% (gammon {:.1}%, backgammon {:.1}%).",
            e.doubler,
            pct(c.win),
            pct(c.win_gammon),
            pct(c.win_backgammon),
            pct(c.lose),
            pct(c.lose_gammon),
            pct(c.lose_backgammon)
        ),
        4,
    )?;
    para(
        out,
        &format!(
            "  - Gammon factor {:.2}: (gammons won + lost) / (games won + lost), a \
             backgammon counted twice; a win is worth {:.2} points on average, a loss {:.2}.",
            e.gammon_factor, e.win_value, e.loss_value
        ),
        4,
    )?;
    para(
        out,
        &format!(
            "  - Take point {:.1}%: the taker's chances at which a take and a pass are \
             equal by the cube model at these gammon rates; his chances are {:.1}%.",
            pct(e.take_point),
            pct(e.taker_chances)
        ),
        4,
    )?;
    match &e.market {
        None => para(
            out,
            "  - No market to lose: the cube is not the roller's to turn.",
            4,
        )?,
        Some(m) => {
            para(
                out,
                &format!(
                    "  - Market losers: {} of the {} sequences of the next exchange \
                     ({:.1}%; after {} of his 36 rolls) leave the taker a pass, his roll \
                     and the reply each played at 0 ply.",
                    m.losers,
                    m.sequences,
                    pct(m.fraction),
                    m.rolls
                ),
                4,
            )?;
            for l in &m.examples {
                para(out, &format!("      e.g. {}", loser_text(l)), 8)?;
            }
        }
    }
    Ok(())
}
