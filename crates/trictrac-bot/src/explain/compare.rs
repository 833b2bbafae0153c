//! Why the best play rather than the second ([`compare`]).
//!
//! Each difference between the two explanations weighs, in points:
//! - a fill or a keep one play makes and the other not: its points now
//!   plus 4, the next roll's keep;
//! - the rest corner held by one only: 3 — it scores nothing itself
//!   but no grand jan is full without it;
//! - the opponent's hits: the difference of their expected points;
//! - the opponent's fills and corners: the difference of their rolls out
//!   of 36, times 4 and 3;
//! - the player's next fill: the difference of its rolls out of 36, times 4;
//! - the opponent's expected points in all (less what he gives): the
//!   difference, times 0.75, unless the hits alone make it.
//!
//! The four heaviest are stated, then the equities: the weights only
//! order the sentences; the equity decides.

use serde::Serialize;

use super::{of36, plural, round, Obligation, ObligationKind, Outlook, PlayExplanation};

/// `x` as printed, to one decimal: differences that do not show are not
/// stated.
fn tenths(x: f64) -> String {
    format!("{x:.1}")
}

/// A difference between two plays and what it weighs, in points.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reason {
    /// What differs: `fill`, `keep`, `corner`, `hits`, `opponent-fill`,
    /// `opponent-corner`, `fill-next`, `opponent-points`.
    pub kind: &'static str,
    /// Its weight in points (the larger, the more it matters).
    pub weight: f64,
    /// One English sentence with the computed numbers.
    pub text: String,
}

/// Why the best play rather than the second.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Comparison {
    /// The best play.
    pub best: String,
    /// The second.
    pub second: String,
    /// The equity of the best minus the second's.
    pub equity_difference: Option<f64>,
    /// The differences, heaviest first.
    pub reasons: Vec<Reason>,
    /// The sentences to print: the reasons, then the equities.
    pub lines: Vec<String>,
}

fn has(e: &PlayExplanation, kind: ObligationKind) -> Option<&Obligation> {
    e.obligations.iter().find(|o| o.kind == kind)
}

/// Why `a` (the best play) rather than `b` (the second): the differences
/// between their explanations that weigh most, in points, heaviest first,
/// then the equities.
pub fn compare(a: &PlayExplanation, b: &PlayExplanation) -> Comparison {
    let mut reasons = Vec::new();
    let (na, nb) = (&a.play, &b.play);
    // Filling: the points now, and the quarter to keep afterwards.
    for (kind, label, rule) in [
        (ObligationKind::Fills, "fill", "R-6.5"),
        (ObligationKind::Keeps, "keep", "R-6.7"),
    ] {
        match (has(a, kind), has(b, kind)) {
            (Some(o), None) | (None, Some(o)) => {
                let (yes, no) = if has(a, kind).is_some() {
                    (na, nb)
                } else {
                    (nb, na)
                };
                let q = o.quarter.unwrap_or("jan");
                let verb = if kind == ObligationKind::Fills {
                    "fills"
                } else {
                    "keeps"
                };
                reasons.push(Reason {
                    kind: label,
                    weight: o.points as f64 + 4.0,
                    text: format!(
                        "{yes} {verb} the {q} ({rule}): {} points now and each roll it is kept \
                         (R-6.7); {no} does not",
                        o.points
                    ),
                });
            }
            _ => {}
        }
    }
    // The corner: no points itself but the key of the grand jan.
    let corner = |e: &PlayExplanation| {
        has(e, ObligationKind::TakesCorner).is_some()
            || has(e, ObligationKind::KeepsCorner).is_some()
    };
    if corner(a) != corner(b) {
        let (yes, no) = if corner(a) { (na, nb) } else { (nb, na) };
        reasons.push(Reason {
            kind: "corner",
            weight: 3.0,
            text: format!(
                "{yes} holds the rest corner (coin de repos, R-4.1), needed to fill the grand jan \
                 (R-6.5); {no} does not"
            ),
        });
    }
    let (oa, ob) = (&a.opponent, &b.opponent);
    if oa.hit_rolls != ob.hit_rolls || tenths(oa.hit_points) != tenths(ob.hit_points) {
        reasons.push(Reason {
            kind: "hits",
            weight: (oa.hit_points - ob.hit_points).abs(),
            text: format!(
                "{na} leaves {}: the opponent hits with {} rolls of 36 (expected {:.1} points); \
                 {nb} leaves {}: {} (expected {:.1} points) (R-6.1)",
                plural(a.lone_checkers.len(), "lone checker", "lone checkers"),
                oa.hit_rolls,
                oa.hit_points,
                b.lone_checkers.len(),
                plural(ob.hit_rolls as usize, "roll", "rolls"),
                ob.hit_points
            ),
        });
    }
    if oa.fill_rolls != ob.fill_rolls {
        reasons.push(Reason {
            kind: "opponent-fill",
            weight: (oa.fill_rolls as f64 - ob.fill_rolls as f64).abs() / 36.0 * 4.0,
            text: format!(
                "the opponent fills a jan with {} rolls of 36 after {na}, {} after {nb} (R-6.5)",
                oa.fill_rolls, ob.fill_rolls
            ),
        });
    }
    if oa.corner_rolls != ob.corner_rolls {
        reasons.push(Reason {
            kind: "opponent-corner",
            weight: (oa.corner_rolls as f64 - ob.corner_rolls as f64).abs() / 36.0 * 3.0,
            text: format!(
                "the opponent takes his corner with {} rolls of 36 after {na}, {} after {nb} \
                 (R-4.1, R-4.3)",
                oa.corner_rolls, ob.corner_rolls
            ),
        });
    }
    let next = |e: &PlayExplanation| e.fill_next.as_ref().map_or(0, |f| f.rolls);
    if next(a) != next(b) {
        let says = |e: &PlayExplanation| match &e.fill_next {
            Some(f) => format!("the {} fills with {}", f.quarter, of36(f.rolls)),
            None => "no jan is within two checkers of full".to_string(),
        };
        reasons.push(Reason {
            kind: "fill-next",
            weight: (next(a) as f64 - next(b) as f64).abs() / 36.0 * 4.0,
            text: format!(
                "on the next turn, after {na} {}; after {nb} {} (R-6.5)",
                says(a),
                says(b)
            ),
        });
    }
    let net = |o: &Outlook| o.expected_points - o.expected_given;
    // Stated unless the hits alone make the difference.
    let hits_only = tenths(net(oa) - net(ob)) == tenths(oa.hit_points - ob.hit_points);
    if tenths(net(oa)) != tenths(net(ob)) && !hits_only {
        reasons.push(Reason {
            kind: "opponent-points",
            weight: (net(oa) - net(ob)).abs() * 0.75,
            text: format!(
                "in all the opponent's next roll nets him {:.1} points after {na}, {:.1} after {nb}",
                net(oa),
                net(ob)
            ),
        });
    }
    reasons.sort_by(|x, y| y.weight.total_cmp(&x.weight));
    for r in &mut reasons {
        r.weight = round(r.weight);
    }
    reasons.truncate(4);
    let equity_difference = a.equity.zip(b.equity).map(|(x, y)| round(x - y));
    let mut lines: Vec<String> = reasons.iter().map(|r| r.text.clone()).collect();
    if lines.is_empty() {
        lines.push(
            "the two plays do not differ in jans, obligations, lone checkers or the opponent's \
             chances: only the equity tells them apart"
                .to_string(),
        );
    }
    if let (Some(x), Some(y), Some(d)) = (a.equity, b.equity, equity_difference) {
        lines.push(format!("equity {na} {x:+.3}, {nb} {y:+.3}: {d:.3} better"));
    }
    Comparison {
        best: na.clone(),
        second: nb.clone(),
        equity_difference,
        reasons,
        lines,
    }
}
