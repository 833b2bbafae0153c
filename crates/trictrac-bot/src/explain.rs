//! Why a play: explanations of the plays of a roll computed from the
//! positions alone, with the rule ids of RULES.md (`trictrac hint
//! --explain`).
//!
//! For each candidate play ([`explain_play`]):
//! - the jans the roll brought and gave, marked before the checkers move
//!   (R-2.4), with their rules;
//! - the obligations the play meets or breaks: filling a quarter (R-6.5,
//!   R-6.6), keeping a full one or breaking it (R-6.7), the rest corner
//!   (*coin de repos*) taken, kept, left or not taken (R-4.1, R-4.3);
//! - what the opponent's next roll can do against the position after the
//!   play, out of 36 ([`Outlook`]): the rolls hitting truly the player's
//!   lone checkers (R-6.1), filling a quarter (R-6.5, en passant
//!   included), taking his corner (R-4.1, R-4.3), counted with
//!   [`trictrac::chances`], and the points he expects, every roll scored
//!   with the engine's own scorer;
//! - the equity of the analysis ([`crate::analysis::Analyst::plays`]).
//!
//! [`compare`] says why the best play is preferred to the second, the
//! differences that weigh most first; [`explain_stay_leave`] explains the
//! choice to stay or leave (R-8.6).
//!
//! ```
//! use trictrac::{Game, GameOptions, Position, Roll};
//! use trictrac_bot::explain::explain_play;
//! // A lone black checker on 17 (Black's field 8): after White plays
//! // 5-11 1-2 it hits the lone checker on 11, six fields away, with
//! // every 6, 5-1, 4-2 and 3-3: 16 rolls of 36 (R-6.1).
//! let pos: Position = "w:1x14,5 b:24x14,17 w".parse().unwrap();
//! let mut g = Game::from_position(GameOptions::default(), pos).unwrap();
//! g.roll(Roll::new(6, 1)).unwrap();
//! let play = g.position().resolve_play(Roll::new(6, 1), &"5-11 1-2".parse().unwrap()).unwrap();
//! let e = explain_play(&g, &play).unwrap();
//! assert_eq!(e.opponent.hit_rolls, 16);
//! ```

use serde::Serialize;
use trictrac::chances::{brings, Question};
use trictrac::{
    Beneficiary, Field, Game, Jan, Play, Position, Quarter, Roll, RollContext, RollScore, Rules,
    Side,
};

use crate::analysis::PlayEquity;

mod compare;
mod stay_leave;

pub use compare::{compare, Comparison, Reason};
pub use stay_leave::{explain_stay_leave, StayLeaveExplanation};

/// The quarters a player may fill (R-6.5).
const FILLABLE: [Quarter; 3] = [Quarter::PetitJan, Quarter::GrandJan, Quarter::JanDeRetour];

/// A jan of the roll, marked before the play (R-2.4).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MarkedJan {
    /// Stable id, e.g. `true-hit` ([`Jan::id`]).
    pub jan: &'static str,
    /// The French name, e.g. `battre à vrai dans la table du grand jan`.
    pub french: &'static str,
    /// The English gloss.
    pub english: &'static str,
    /// The rule id, e.g. `R-6.1`.
    pub rule: &'static str,
    /// The side that marks it: `white` or `black`.
    pub side: &'static str,
    /// Points marked.
    pub points: u32,
}

/// What a play does about an obligation of the rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ObligationKind {
    /// *Remplir*: the play makes a quarter full (R-6.5, R-6.6).
    Fills,
    /// *Conserver*: a full quarter stays full (R-6.7).
    Keeps,
    /// *Rompre*: a full quarter is broken (R-6.7).
    Breaks,
    /// The rest corner (*coin de repos*) is taken (R-4.1, or by power R-4.3).
    TakesCorner,
    /// The rest corner, held, stays held (R-4.1).
    KeepsCorner,
    /// The rest corner, held, is left (R-4.1).
    LeavesCorner,
    /// Another legal play takes the corner, this one does not (R-4.1).
    CornerNotTaken,
}

/// An obligation met or broken by a play, with its rule.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Obligation {
    /// What the play does.
    pub kind: ObligationKind,
    /// The quarter concerned (`petit jan`, `grand jan`, `jan de retour`),
    /// none for the corner.
    pub quarter: Option<&'static str>,
    /// The rule ids, e.g. `R-6.5, R-6.6`.
    pub rule: &'static str,
    /// Points it scores with this roll (already marked, R-2.4).
    pub points: u32,
    /// Every legal play of the roll does the same.
    pub forced: bool,
    /// One English sentence.
    pub text: String,
}

/// What the opponent's next roll can do against the position after a
/// play: out of the 36 outcomes (a single counts twice, a double once).
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Outlook {
    /// Rolls hitting truly one of the player's lone checkers (R-6.1).
    pub hit_rolls: u32,
    /// The points those hits bring him, on average over the 36.
    pub hit_points: f64,
    /// Rolls completing one of his quarters, en passant included (R-6.5).
    pub fill_rolls: u32,
    /// Rolls taking his rest corner by effect or by power (R-4.1, R-4.3).
    pub corner_rolls: u32,
    /// The points his roll brings him, on average over the 36 (every jan).
    pub expected_points: f64,
    /// The points his roll gives the player (jans qui ne peut, R-6.9), on
    /// average over the 36.
    pub expected_given: f64,
}

/// The player's chances to fill a quarter on his next roll, should the
/// board stay as the play leaves it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct FillNext {
    /// The quarter (`petit jan`, `grand jan`, `jan de retour`).
    pub quarter: &'static str,
    /// Checkers it still misses.
    pub missing: u8,
    /// Rolls of 36 that complete it (R-6.5, en passant included).
    pub rolls: u32,
}

/// The explanation of one play of a roll.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayExplanation {
    /// The play in the mover's notation, e.g. `1-7 1-6`.
    pub play: String,
    /// Its equity for the side to move ([`crate::analysis::Analyst::plays`]).
    pub equity: Option<f64>,
    /// The plies it was valued at.
    pub plies: Option<u8>,
    /// The jans of the roll marked before the play (R-2.4); the exit
    /// (R-4.8) only when this play bears off the last checker.
    pub marked: Vec<MarkedJan>,
    /// The obligations met or broken.
    pub obligations: Vec<Obligation>,
    /// The player's lone checkers (*demi-cases*, R-1.7) after the play,
    /// absolute fields.
    pub lone_checkers: Vec<u8>,
    /// What the opponent's next roll can do.
    pub opponent: Outlook,
    /// The player's next chance to fill, when a quarter misses one or two
    /// checkers after the play.
    pub fill_next: Option<FillNext>,
    /// The explanation in short English sentences.
    pub lines: Vec<String>,
}

pub(crate) fn round(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// The side's checker counts per field of its own frame.
fn own_counts(pos: &Position, side: Side) -> [u8; 26] {
    let rel = pos.board().relative(side);
    let mut c = [0u8; 26];
    for (k, x) in rel.iter().enumerate() {
        c[k] = (*x).max(0) as u8;
    }
    c
}

/// Checkers `quarter` misses to be full (R-6.5) on `cnt`.
fn missing(cnt: &[u8; 26], quarter: Quarter) -> u8 {
    quarter
        .fields()
        .map(|f| 2u8.saturating_sub(cnt[f.value() as usize]))
        .sum()
}

pub(crate) fn jan_points(s: &RollScore, pred: impl Fn(Jan) -> bool) -> u32 {
    s.jans
        .iter()
        .filter(|e| e.beneficiary == Beneficiary::Mover && pred(e.jan))
        .map(|e| e.points)
        .sum()
}

/// What the opponent, to move in `after`, can do with his next roll.
pub fn outlook(after: &Position, rules: &Rules) -> Outlook {
    let scorer = after.scorer(rules);
    let mut o = Outlook::default();
    let (mut hit_pts, mut pts, mut given) = (0u32, 0u32, 0u32);
    for roll in Roll::ALL {
        let w = roll.weight();
        let (s, _) = scorer.score(roll, &RollContext::default());
        hit_pts += w * jan_points(&s, |j| matches!(j, Jan::TrueHit(_)));
        pts += w * s.mover_points;
        given += w * s.opponent_points;
        if brings(after, rules, &Question::Hit(None), roll) {
            o.hit_rolls += w;
        }
        if FILLABLE
            .iter()
            .any(|q| brings(after, rules, &Question::Fill(*q), roll))
        {
            o.fill_rolls += w;
        }
        if brings(after, rules, &Question::Corner, roll) {
            o.corner_rolls += w;
        }
    }
    o.hit_points = round(hit_pts as f64 / 36.0);
    o.expected_points = round(pts as f64 / 36.0);
    o.expected_given = round(given as f64 / 36.0);
    o
}

/// The position after `play` seen by the player again, to count his own
/// next fill (the opponent's move left aside).
fn mover_again(after: &Position, side: Side) -> Option<Position> {
    let mut s = after.to_setup();
    s.turn = side;
    s.rolls = None;
    s.dice = None;
    Position::from_setup(s).ok()
}

/// The legal plays of `game`'s pending roll and its score, or `None`
/// when no play is pending.
fn pending(game: &Game) -> Option<(Roll, &RollScore)> {
    let roll = game.pending_roll()?;
    let score = game.pending_score()?;
    Some((roll, score))
}

/// Explains `play` of `game`'s pending roll (the game in the play phase);
/// `None` when no roll is pending or the play is not legal.
pub fn explain_play(game: &Game, play: &Play) -> Option<PlayExplanation> {
    let (roll, score) = pending(game)?;
    if !game.legal_plays().contains(play) {
        return None;
    }
    let rules = &game.options().rules;
    let pos = game.position();
    let me = pos.turn();
    let mut after = pos.clone();
    after.play_unchecked_with(play, rules);
    let afters: Vec<Position> = game
        .legal_plays()
        .iter()
        .map(|p| {
            let mut a = pos.clone();
            a.play_unchecked_with(p, rules);
            a
        })
        .collect();
    let marked = score
        .jans
        .iter()
        .filter(|e| !e.depends_on_play || after.all_off(me))
        .map(|e| MarkedJan {
            jan: e.jan.id(),
            french: e.jan.french_name(),
            english: e.jan.english_name(),
            rule: e.jan.rule(),
            side: match e.beneficiary {
                Beneficiary::Mover => me.name(),
                Beneficiary::Opponent => (!me).name(),
            },
            points: e.points,
        })
        .collect();
    let obligations = obligations(pos, &after, &afters, play, roll, score);
    let cnt = own_counts(&after, me);
    let lone_checkers = (1..=24u8)
        .filter(|&f| cnt[f as usize] == 1)
        .map(|f| Field::new(f).to_absolute(me).value())
        .collect::<Vec<_>>();
    let opponent = outlook(&after, rules);
    let fill_next = FILLABLE.iter().find_map(|&q| {
        let m = missing(&cnt, q);
        if m == 0 || m > 2 {
            return None;
        }
        let again = mover_again(&after, me)?;
        let rolls = trictrac::chances::chances(&again, rules, &Question::Fill(q)).count;
        Some(FillNext {
            quarter: q.name(),
            missing: m,
            rolls,
        })
    });
    let mut e = PlayExplanation {
        play: play.display(me).to_string(),
        equity: None,
        plies: None,
        marked,
        obligations,
        lone_checkers,
        opponent,
        fill_next,
        lines: Vec::new(),
    };
    e.lines = play_lines(&e, me);
    Some(e)
}

/// The filling, keeping and corner obligations of `play` (`after` is the
/// position it leaves; `afters` those of every legal play).
fn obligations(
    pos: &Position,
    after: &Position,
    afters: &[Position],
    play: &Play,
    roll: Roll,
    score: &RollScore,
) -> Vec<Obligation> {
    let me = pos.turn();
    let before = own_counts(pos, me);
    let cnt = own_counts(after, me);
    let all: Vec<[u8; 26]> = afters.iter().map(|a| own_counts(a, me)).collect();
    let each = if roll.is_double() { 6 } else { 4 };
    let mut out = Vec::new();
    for q in FILLABLE {
        let (was, is) = (missing(&before, q) == 0, missing(&cnt, q) == 0);
        let name = q.name();
        let everyone = |full: bool| all.iter().all(|c| (missing(c, q) == 0) == full);
        if !was && is {
            let points = jan_points(score, |j| j == Jan::Fill(q));
            out.push(Obligation {
                kind: ObligationKind::Fills,
                quarter: Some(name),
                rule: "R-6.5, R-6.6",
                points,
                forced: everyone(true),
                text: format!(
                    "fills the {name} (R-6.5): {points} points now (R-6.6), and 4 on a single, \
                     6 on a double each later roll it is kept (R-6.7)"
                ),
            });
        } else if was && is {
            let points = jan_points(score, |j| j == Jan::Conserve(q));
            out.push(Obligation {
                kind: ObligationKind::Keeps,
                quarter: Some(name),
                rule: "R-6.7",
                points,
                forced: everyone(true),
                text: format!(
                    "keeps the {name} full (conserver, R-6.7): {points} points now, {each} a roll \
                     while it lasts"
                ),
            });
        } else if was && !is {
            let forced = everyone(false);
            out.push(Obligation {
                kind: ObligationKind::Breaks,
                quarter: Some(name),
                rule: "R-6.7",
                points: 0,
                forced,
                text: format!(
                    "breaks the full {name} (rompre, R-6.7): no more points for keeping it{}",
                    if forced {
                        "; every legal play breaks it (R-3.5 prevails, R-6.8)"
                    } else {
                        ""
                    }
                ),
            });
        }
    }
    let corner = Field::OWN_CORNER.value() as usize;
    let (was, is) = (before[corner] >= 2, cnt[corner] >= 2);
    let any_takes = !was && all.iter().any(|c| c[corner] >= 2);
    let (kind, rule, text) = match (was, is) {
        (false, true) if play.is_power() => (
            ObligationKind::TakesCorner,
            "R-4.3",
            "takes the rest corner (coin de repos) by power (R-4.3)".to_string(),
        ),
        (false, true) => (
            ObligationKind::TakesCorner,
            "R-4.1",
            "takes the rest corner (coin de repos) by effect (R-4.1)".to_string(),
        ),
        (true, true) => (
            ObligationKind::KeepsCorner,
            "R-4.1",
            "keeps the rest corner (coin de repos, R-4.1)".to_string(),
        ),
        (true, false) => (
            ObligationKind::LeavesCorner,
            "R-4.1",
            "leaves the rest corner (coin de repos): both its checkers go (R-4.1)".to_string(),
        ),
        (false, false) if any_takes => (
            ObligationKind::CornerNotTaken,
            "R-4.1",
            "does not take the rest corner, which another play takes (optional, R-4.1)".to_string(),
        ),
        (false, false) => return out,
    };
    let forced = match kind {
        ObligationKind::TakesCorner | ObligationKind::KeepsCorner => {
            all.iter().all(|c| c[corner] >= 2)
        }
        _ => all.iter().all(|c| c[corner] < 2),
    };
    out.push(Obligation {
        kind,
        quarter: None,
        rule,
        points: 0,
        forced,
        text,
    });
    out
}

fn fields_text(fields: &[u8]) -> String {
    let f: Vec<String> = fields.iter().map(|f| f.to_string()).collect();
    f.join(" ")
}

pub(crate) fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// `n roll(s) of 36`.
pub(crate) fn of36(n: u32) -> String {
    format!("{} of 36", plural(n as usize, "roll", "rolls"))
}

/// The sentences of a play's explanation.
fn play_lines(e: &PlayExplanation, me: Side) -> Vec<String> {
    let mut lines = Vec::new();
    for m in e.marked.iter().filter(|m| m.jan == "exit") {
        lines.push(format!(
            "bears off the last checker: {} points for {} ({})",
            m.points, m.side, m.rule
        ));
    }
    lines.extend(e.obligations.iter().map(|o| o.text.clone()));
    let o = &e.opponent;
    let opp = (!me).name();
    if e.lone_checkers.is_empty() {
        lines.push("leaves no lone checker (demi-case)".to_string());
    } else if o.hit_rolls == 0 {
        lines.push(format!(
            "leaves {} on {}, out of {opp}'s reach (R-6.1)",
            plural(e.lone_checkers.len(), "lone checker", "lone checkers"),
            fields_text(&e.lone_checkers),
        ));
    } else {
        lines.push(format!(
            "leaves {} on {}: {opp} hits with {} (R-6.1, expected {:.1} points)",
            plural(e.lone_checkers.len(), "lone checker", "lone checkers"),
            fields_text(&e.lone_checkers),
            of36(o.hit_rolls),
            o.hit_points
        ));
    }
    let mut next = format!(
        "{opp}'s next roll: expected {:.1} points for him",
        o.expected_points
    );
    if o.expected_given >= 0.05 {
        next.push_str(&format!(
            ", {:.1} for {} (jans qui ne peut, R-6.9)",
            o.expected_given,
            me.name()
        ));
    }
    if o.fill_rolls > 0 {
        next.push_str(&format!(
            "; fills a jan with {} (R-6.5)",
            of36(o.fill_rolls)
        ));
    }
    if o.corner_rolls > 0 {
        next.push_str(&format!(
            "; takes his corner with {} (R-4.1, R-4.3)",
            of36(o.corner_rolls)
        ));
    }
    lines.push(next);
    if let Some(f) = &e.fill_next {
        lines.push(format!(
            "the {} misses {}: {} would fill it on the next turn (R-6.5)",
            f.quarter,
            plural(f.missing as usize, "checker", "checkers"),
            of36(f.rolls)
        ));
    }
    lines
}

/// Explains every ranked play of `game`'s pending roll, with its equity
/// (in the order of `ranked`, best first).
pub fn explain_ranked(game: &Game, ranked: &[PlayEquity]) -> Vec<PlayExplanation> {
    ranked
        .iter()
        .filter_map(|p| {
            let mut e = explain_play(game, &p.play)?;
            e.equity = Some(round(p.equity as f64));
            e.plies = Some(p.plies);
            Some(e)
        })
        .collect()
}

/// One line for the jans marked before the play (R-2.4), e.g.
/// `white 2 (battre à vrai dans la table du grand jan, R-6.1)`, or
/// `nothing` when the roll scores nothing.
pub fn marked_line(marked: &[MarkedJan]) -> String {
    if marked.is_empty() {
        return "nothing".to_string();
    }
    let parts: Vec<String> = marked
        .iter()
        .map(|m| format!("{} {} ({}, {})", m.side, m.points, m.french, m.rule))
        .collect();
    parts.join("; ")
}
