//! "Why A rather than B": two plays of the same roll compared by their
//! [`PlayFeatures`], each difference given a weight in equity by a
//! simple, fixed rule (the constants below), the heaviest stated as a
//! short sentence with the computed numbers.
//!
//! In a race (both plays break the contact) only the pips and the
//! gammons are weighed: the shots, points, primes, anchors and checkers
//! back no longer matter.
//!
//! Blots in the opponent's home board (the mover's points 19–24) are
//! named but their shots not weighed: being hit there costs at most 6
//! pips.
//!
//! The weights are rules of thumb, not the network's reasons: the
//! network's equity difference is given beside them, and the sentences
//! say what differs, not by how much the network values it. They are:
//!
//! | difference | weight in equity |
//! |---|---|
//! | shots (rolls of 36 that hit a blot outside the opponent's home board) | [`EQUITY_PER_HIT`] × shots / 36 |
//! | home-board points | [`HOME_POINT`] a point |
//! | longest prime | [`PRIME_POINT`] a point of length |
//! | anchors | [`ANCHOR`] an anchor |
//! | the opponent's checkers on the bar | [`ON_BAR`] a checker |
//! | gammon chances | exactly what they add to the cubeless equity |
//! | pip lead | [`RACE_PIP`] a pip in a race, [`CONTACT_PIP`] in contact |
//! | checkers back | [`CHECKER_BACK`] a checker |

use serde::Serialize;

use super::{point_list, Blot, PlayFeatures};

/// What being hit costs, roughly, early in a game: a shot of 36 weighs
/// this over 36.
pub const EQUITY_PER_HIT: f32 = 0.4;
/// A point held in the home board.
pub const HOME_POINT: f32 = 0.06;
/// A point of the longest prime.
pub const PRIME_POINT: f32 = 0.03;
/// An anchor in the opponent's home board.
pub const ANCHOR: f32 = 0.05;
/// An opponent's checker on the bar.
pub const ON_BAR: f32 = 0.1;
/// A pip of lead in a race.
pub const RACE_PIP: f32 = 0.03;
/// A pip of lead while the sides are in contact.
pub const CONTACT_PIP: f32 = 0.005;
/// A checker fewer back (in the opponent's home board or on the bar).
pub const CHECKER_BACK: f32 = 0.015;
/// How many reasons [`why`] keeps.
pub const MAX_REASONS: usize = 3;

/// What a reason is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ReasonKind {
    /// The blots left and the opponent's shots at them.
    Shots,
    /// The points held in the home board.
    HomeBoard,
    /// The longest prime.
    Prime,
    /// The anchors in the opponent's home board.
    Anchors,
    /// The opponent's checkers on the bar.
    OnBar,
    /// The gammon chances of both sides.
    Gammons,
    /// The pip counts.
    Pips,
    /// The checkers back.
    CheckersBack,
}

/// One difference between two plays.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Reason {
    /// What it is about.
    pub kind: ReasonKind,
    /// Its weight in equity by the fixed rule of this module: positive
    /// when it speaks for the first play, negative for the second.
    pub weight: f32,
    /// The difference as a sentence, with the numbers.
    pub sentence: String,
}

/// Why one play rather than another.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Why {
    /// The first play (the better one by the ranking).
    pub play: String,
    /// The other.
    pub other: String,
    /// The first play's equity minus the other's, from the ranking.
    pub equity_difference: f32,
    /// The heaviest differences (at most [`MAX_REASONS`]), heaviest
    /// first; empty when the features do not differ.
    pub reasons: Vec<Reason>,
}

/// How a play leaves its blots outside the opponent's home board (the
/// shots weighed), then the others: "leaves no blot", "leaves a blot on
/// the 5-point: 15 shots of 36 (11 direct)", "leaves a blot on the
/// 10-point: 5 shots of 36 (0 direct), and blots on the 23 and 24 in the
/// opponent's home board".
fn blots_phrase(f: &PlayFeatures) -> String {
    let (outside, inside): (Vec<&Blot>, Vec<&Blot>) = f.blots.iter().partition(|b| b.point <= 18);
    let mut s = match outside.as_slice() {
        [] if inside.is_empty() => "leaves no blot".to_string(),
        [] => "leaves no blot outside the opponent's home board".to_string(),
        [b] => format!(
            "leaves a blot on the {}-point: {} shots of 36 ({} direct)",
            b.point, f.shots_outside, f.direct_shots_outside
        ),
        blots => {
            let points: Vec<u8> = blots.iter().map(|b| b.point).collect();
            format!(
                "leaves {} blots (on the {}): {} shots of 36 ({} direct)",
                blots.len(),
                point_list(&points),
                f.shots_outside,
                f.direct_shots_outside
            )
        }
    };
    if !inside.is_empty() {
        let points: Vec<u8> = inside.iter().map(|b| b.point).collect();
        let word = if points.len() == 1 { "a blot" } else { "blots" };
        s.push_str(&format!(
            ", and {word} on the {} in the opponent's home board",
            point_list(&points)
        ));
    }
    s
}

fn points(n: u8, word: &str) -> String {
    format!("{n} {word}{}", if n == 1 { "" } else { "s" })
}

/// The reason of one kind, `a` against `b`, if they differ.
fn reason(kind: ReasonKind, a: (&str, &PlayFeatures), b: (&str, &PlayFeatures)) -> Option<Reason> {
    let (an, af) = a;
    let (bn, bf) = b;
    // The play the difference speaks for, first in the sentence.
    let lead = |weight: f32| {
        if weight >= 0.0 {
            (an, af, bn, bf)
        } else {
            (bn, bf, an, af)
        }
    };
    let race = af.race && bf.race;
    let contact_only = !matches!(kind, ReasonKind::Gammons | ReasonKind::Pips);
    if race && contact_only {
        return None;
    }
    let (weight, sentence) = match kind {
        ReasonKind::Shots => {
            if af.shots_outside == bf.shots_outside {
                return None;
            }
            let w =
                EQUITY_PER_HIT * (f32::from(bf.shots_outside) - f32::from(af.shots_outside)) / 36.0;
            let (xn, xf, yn, yf) = lead(w);
            let s = format!("{xn} {}; {yn} {}", blots_phrase(xf), blots_phrase(yf));
            (w, s)
        }
        ReasonKind::HomeBoard => {
            if af.home_board_points == bf.home_board_points {
                return None;
            }
            let w =
                HOME_POINT * (f32::from(af.home_board_points) - f32::from(bf.home_board_points));
            let (xn, xf, yn, yf) = lead(w);
            let new: Vec<u8> = xf.points_made.iter().copied().filter(|&p| p <= 6).collect();
            let verb = if new.is_empty() {
                "keeps more home-board points".to_string()
            } else {
                format!("makes the {}-point", point_list(&new))
            };
            let s = format!(
                "{xn} {verb} (home board: {}, against {} for {yn})",
                points(xf.home_board_points, "point"),
                yf.home_board_points
            );
            (w, s)
        }
        ReasonKind::Prime => {
            if af.prime.length == bf.prime.length {
                return None;
            }
            let w = PRIME_POINT * (f32::from(af.prime.length) - f32::from(bf.prime.length));
            let (xn, xf, yn, yf) = lead(w);
            let s = format!(
                "{xn} holds a prime of {} (the {} to the {}), {yn} of {}",
                points(xf.prime.length, "point"),
                xf.prime.high,
                xf.prime.low,
                yf.prime.length
            );
            (w, s)
        }
        ReasonKind::Anchors => {
            if af.anchors.len() == bf.anchors.len() {
                return None;
            }
            let w = ANCHOR * (af.anchors.len() as f32 - bf.anchors.len() as f32);
            let (xn, xf, yn, yf) = lead(w);
            let s = format!(
                "{xn} holds an anchor on the {}, {yn} {}",
                point_list(&xf.anchors),
                if yf.anchors.is_empty() {
                    "none".to_string()
                } else {
                    format!("on the {}", point_list(&yf.anchors))
                }
            );
            (w, s)
        }
        ReasonKind::OnBar => {
            if af.opponent_on_bar == bf.opponent_on_bar {
                return None;
            }
            let w = ON_BAR * (f32::from(af.opponent_on_bar) - f32::from(bf.opponent_on_bar));
            let (xn, xf, yn, yf) = lead(w);
            let s = format!(
                "{xn} leaves {} of the opponent's on the bar, {yn} {}",
                points(xf.opponent_on_bar, "checker"),
                yf.opponent_on_bar
            );
            (w, s)
        }
        ReasonKind::Gammons => {
            let (ac, bc) = (af.chances?, bf.chances?);
            let w = ac.gammon_equity() - bc.gammon_equity();
            let pct = |x: f32| (100.0 * x).round().max(0.0);
            if pct(ac.win_gammon) == pct(bc.win_gammon)
                && pct(ac.lose_gammon) == pct(bc.lose_gammon)
            {
                return None;
            }
            let s = format!(
                "Gammon chances {:.0}% vs {:.0}%, gammons lost {:.0}% vs {:.0}% ({an} vs {bn})",
                pct(ac.win_gammon),
                pct(bc.win_gammon),
                pct(ac.lose_gammon),
                pct(bc.lose_gammon)
            );
            (w, s)
        }
        ReasonKind::Pips => {
            if af.pips.lead == bf.pips.lead {
                return None;
            }
            let per = if af.race && bf.race {
                RACE_PIP
            } else {
                CONTACT_PIP
            };
            let w = per * (af.pips.lead - bf.pips.lead) as f32;
            let (xn, xf, yn, yf) = lead(w);
            let s = format!(
                "{}{xn} leads by {} pips, {yn} by {} (pips {} v {} against {} v {})",
                if af.race && bf.race {
                    "In the race, "
                } else {
                    ""
                },
                xf.pips.lead,
                yf.pips.lead,
                xf.pips.mover,
                xf.pips.opponent,
                yf.pips.mover,
                yf.pips.opponent
            );
            (w, s)
        }
        ReasonKind::CheckersBack => {
            if af.checkers_back == bf.checkers_back {
                return None;
            }
            let w = CHECKER_BACK * (f32::from(bf.checkers_back) - f32::from(af.checkers_back));
            let (xn, xf, yn, yf) = lead(w);
            let s = format!(
                "{xn} has {} back, {yn} {}",
                points(xf.checkers_back, "checker"),
                yf.checkers_back
            );
            (w, s)
        }
    };
    Some(Reason {
        kind,
        weight,
        sentence,
    })
}

/// Why the play `a` (named `a.0`) rather than `b`: their differences,
/// weighed by the rule of this module, the [`MAX_REASONS`] heaviest
/// first (by the size of the weight, whichever play it speaks for),
/// with the ranking's equity difference `equity_difference` (`a`'s
/// equity minus `b`'s).
///
/// ```
/// use backgammon::{Position, Roll, Rules};
/// use backgammon_bot::analysis::explain::{features, why, ReasonKind};
/// let pos = Position::start();
/// let rules = Rules::standard();
/// let after = |text: &str| {
///     let p = pos.resolve_play(Roll::new(3, 1), &text.parse().unwrap(), &rules).unwrap();
///     features(&pos, &pos.play_unchecked(&p), &rules)
/// };
/// let w = why(("8/5 6/5", &after("8/5 6/5")), ("13/10 6/5", &after("13/10 6/5")), 0.2);
/// assert_eq!(w.reasons[0].kind, ReasonKind::Shots);
/// assert!(w.reasons[0].weight > 0.0);
/// ```
pub fn why(a: (&str, &PlayFeatures), b: (&str, &PlayFeatures), equity_difference: f32) -> Why {
    let kinds = [
        ReasonKind::Shots,
        ReasonKind::HomeBoard,
        ReasonKind::Prime,
        ReasonKind::Anchors,
        ReasonKind::OnBar,
        ReasonKind::Gammons,
        ReasonKind::Pips,
        ReasonKind::CheckersBack,
    ];
    let mut reasons: Vec<Reason> = kinds
        .into_iter()
        .filter_map(|k| reason(k, a, b))
        .filter(|r| r.weight != 0.0)
        .collect();
    // Stable: of equal weights, the order of `kinds`.
    reasons.sort_by(|x, y| y.weight.abs().total_cmp(&x.weight.abs()));
    reasons.truncate(MAX_REASONS);
    Why {
        play: a.0.to_string(),
        other: b.0.to_string(),
        equity_difference,
        reasons,
    }
}
