//! Staying (*tenir*) or leaving (*s'en aller*), R-8.6: what is at stake.

use serde::Serialize;
use trictrac::score::Hole;
use trictrac::{Jan, RollScore, ScoreState};

use super::{jan_points, plural, round};
use crate::analysis::StayLeave;

/// The explanation of the choice to stay (*tenir*) or leave (*s'en
/// aller*), R-8.6.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StayLeaveExplanation {
    /// Equity of staying.
    pub stay: f64,
    /// Equity of leaving.
    pub leave: f64,
    /// `stay` or `leave`.
    pub best: &'static str,
    /// The points of the player's own roll (R-2.4 step 2).
    pub points: u32,
    /// The holes they win, in order: `simple` or `double` (bredouille, R-8.2).
    pub holes: Vec<&'static str>,
    /// The player's holes after marking, and the opponent's.
    pub holes_after: [u8; 2],
    /// Points of remainder (*points de reste*): kept by staying, lost by
    /// leaving.
    pub remainder: u8,
    /// Whether the remainder is en bredouille.
    pub remainder_in_bredouille: bool,
    /// Points the roll gives the opponent: marked if the player stays,
    /// not if he leaves.
    pub opponent_points: u32,
    /// The opponent has no hole yet: the player may still win en grande
    /// bredouille (*pavillon*, R-8.4).
    pub grande_bredouille_open: bool,
    /// The explanation in short English sentences.
    pub lines: Vec<String>,
}

fn hole_name(h: Hole) -> &'static str {
    match h {
        Hole::Simple => "simple",
        Hole::Double => "double",
    }
}

/// Explains staying or leaving for the side that rolled `score`
/// from the score state `before` (the position's, before the roll), with
/// the equities `sl`.
pub fn explain_stay_leave(
    before: &ScoreState,
    score: &RollScore,
    sl: &StayLeave,
) -> StayLeaveExplanation {
    let me = score.side;
    let own = jan_points(score, |j| j != Jan::Exit);
    let mut s = *before;
    let m = s.mark(me, own);
    let remainder = *s.points.get(me);
    let remainder_in_bredouille = remainder > 0 && s.bredouille == trictrac::Bredouille::Side(me);
    let holes: Vec<&'static str> = m.holes.iter().map(|h| hole_name(*h)).collect();
    let holes_after = [*s.holes.get(me), *s.holes.get(!me)];
    let grande_bredouille_open = *s.holes.get(!me) == 0;
    let best = if sl.leave > sl.stay { "leave" } else { "stay" };
    let (who, opp) = (me.name(), (!me).name());
    let mut lines = vec![format!(
        "the roll's {own} points, with {who}'s {} on the board, win {} ({}; a double hole is a \
         bredouille, R-8.2): {who} {} holes, {opp} {}",
        before.points.get(me),
        plural(m.hole_count() as usize, "hole", "holes"),
        holes.join(", "),
        holes_after[0],
        holes_after[1]
    )];
    lines.push(format!(
        "stay (tenir): {who} keeps {} of remainder{}, plays the roll, and {opp} marks the {} \
         points the roll gives him (R-8.6)",
        plural(remainder as usize, "point", "points"),
        if remainder_in_bredouille {
            ", en bredouille (R-8.2)"
        } else {
            ""
        },
        score.opponent_points
    ));
    lines.push(format!(
        "leave (s'en aller): the remainder is lost, {opp} marks nothing for this roll, and a new \
         relevé starts with {who} to roll (R-8.6)"
    ));
    if grande_bredouille_open {
        lines.push(format!(
            "{opp} has no hole yet: {who} may still win en grande bredouille (pavillon, R-8.4, R-9.1)"
        ));
    }
    lines.push(format!(
        "equity: stay {:+.3}, leave {:+.3}: {best} by {:.3}",
        sl.stay,
        sl.leave,
        (sl.stay - sl.leave).abs()
    ));
    StayLeaveExplanation {
        stay: round(sl.stay as f64),
        leave: round(sl.leave as f64),
        best,
        points: own,
        holes,
        holes_after,
        remainder,
        remainder_in_bredouille,
        opponent_points: score.opponent_points,
        grande_bredouille_open,
        lines,
    }
}
