//! The review of a recorded game: every decision (each play with a
//! choice, each stay/leave of) compared with the best one by
//! [`crate::analysis`], the equity lost, a summary per player.
//!
//! One function for `trictrac review` and the page's review (`trictrac
//! serve`, `/api/games/ROOM/review.json`).

use crate::analysis::Analyst;
use serde::Serialize;
use trictrac::record::Record;
use trictrac::{Game, Phase, Play, PlayNotation, Side};

/// Thresholds of equity lost: doubtful, error, blunder.
pub const THRESHOLDS: [f64; 3] = [0.04, 0.08, 0.16];

/// One decision compared with the bot's best.
#[derive(Serialize, Clone, Debug)]
pub struct Decision {
    /// The record's line (1-based entry number).
    pub entry: usize,
    /// `white` or `black`.
    pub side: &'static str,
    /// The roll, `A-B`.
    pub dice: String,
    /// `play` or `stay-leave`.
    pub kind: &'static str,
    /// What was played (a play in absolute fields, or `stay`/`leave`).
    pub played: String,
    /// The bot's best.
    pub best: String,
    /// The equity (expected stake, R-9.1) of what was played.
    pub equity_played: f64,
    /// The equity of the best.
    pub equity_best: f64,
    /// The equity lost (0 when the best was played).
    pub error: f64,
}

/// One player's decisions summed up.
#[derive(Serialize, Default, Clone, Copy, Debug)]
pub struct PlayerSummary {
    /// Decisions reviewed.
    pub decisions: usize,
    /// Equity lost in all.
    pub total_error: f64,
    /// Equity lost per decision.
    pub mean_error: f64,
    /// Decisions losing at least `THRESHOLDS[0]`.
    pub doubtful: usize,
    /// Rolls whose luck was measured (every roll followed by a play).
    pub rolls: usize,
    /// Luck per roll: the equity of the best play of the roll less the
    /// equity of the position before it (the network's, no search),
    /// averaged; positive when the dice helped.
    pub luck: f64,
    /// At least `THRESHOLDS[1]`.
    pub errors: usize,
    /// At least `THRESHOLDS[2]`.
    pub blunders: usize,
}

/// Both players' summaries.
#[derive(Serialize, Clone, Copy, Debug)]
pub struct Summary {
    /// White's.
    pub white: PlayerSummary,
    /// Black's.
    pub black: PlayerSummary,
}

/// The review of a game.
#[derive(Serialize, Clone, Debug)]
pub struct Review {
    /// What values the positions ([`Analyst::describe`]).
    pub evaluator: String,
    /// The decisions in the order of the game.
    pub decisions: Vec<Decision>,
    /// Per player.
    pub summary: Summary,
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

/// The luck of entry `i`'s roll for its side: the equity of the best
/// play of the roll (points marked by the roll included, R-9.1) less
/// the equity of the position before the roll, both by the network
/// without search, so that the two are measured alike.
fn roll_luck(a: &Analyst, rec: &Record, i: usize) -> Option<(Side, f64)> {
    let r = &rec.rolls[i];
    let side = side_of(&r.side)?;
    r.play.as_ref()?;
    let before = Record {
        header: rec.header.clone(),
        rolls: rec.rolls[..i].to_vec(),
    }
    .replay()
    .ok()?;
    if before.position().turn() != side {
        return None;
    }
    let g = game_before(rec, i, true).filter(|g| matches!(g.phase(), Phase::Play(_)))?;
    let rules = g.options().rules;
    let best = g
        .legal_plays()
        .iter()
        .map(|p| {
            let mut x = g.position().clone();
            x.play_unchecked_with(p, &rules);
            // The side to move after the play is the opponent: its
            // equity, turned, is the player's.
            let e = a.position(&x, g.options());
            if x.turn() == side {
                e
            } else {
                -e
            }
        })
        .fold(f32::NEG_INFINITY, f32::max);
    if !best.is_finite() {
        return None;
    }
    let e0 = a.position(before.position(), before.options());
    Some((side, f64::from(best - e0)))
}

/// The decisions of entry `i`.
fn review_entry(a: &mut Analyst, rec: &Record, i: usize, out: &mut Vec<Decision>) {
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
            out.push(Decision {
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
    out.push(Decision {
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

fn summarise(decisions: &[Decision], lucks: &[(Side, f64)], side: Side) -> PlayerSummary {
    let mut s = PlayerSummary::default();
    let mine: Vec<f64> = lucks
        .iter()
        .filter(|(s, _)| *s == side)
        .map(|(_, l)| *l)
        .collect();
    s.rolls = mine.len();
    s.luck = round(mine.iter().sum::<f64>() / mine.len().max(1) as f64);
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

/// The game before the play of `d` (a decision of kind `play` of the
/// review of `rec`), its roll made, with the bot's best play and the play
/// made, for explaining the decision (the page's review, issue 40).
pub fn decision_plays(rec: &Record, d: &Decision) -> Option<(Game, Play, Play)> {
    if d.kind != "play" {
        return None;
    }
    let g = game_before(rec, d.entry.checked_sub(1)?, true)
        .filter(|g| matches!(g.phase(), Phase::Play(_)))?;
    let roll = g.pending_roll()?;
    let rules = g.options().rules;
    let resolve = |text: &str| {
        let n = text.parse::<PlayNotation>().ok()?;
        g.position().resolve_play_with(roll, &n, &rules).ok()
    };
    let (best, played) = (resolve(&d.best)?, resolve(&d.played)?);
    Some((g, best, played))
}

/// Reviews `rec` (a record that replays) with `a`: its decisions in the
/// order of the game (forced plays, with one legal play, are not
/// decisions) and the summary per player.
pub fn review(a: &mut Analyst, rec: &Record) -> Review {
    let mut decisions = Vec::new();
    let mut lucks = Vec::new();
    for i in 0..rec.rolls.len() {
        review_entry(a, rec, i, &mut decisions);
        lucks.extend(roll_luck(a, rec, i));
    }
    let summary = Summary {
        white: summarise(&decisions, &lucks, Side::White),
        black: summarise(&decisions, &lucks, Side::Black),
    };
    Review {
        evaluator: a.describe(),
        decisions,
        summary,
    }
}
