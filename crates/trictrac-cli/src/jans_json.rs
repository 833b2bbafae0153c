//! JSON and text views of jans and score states, shared by subcommands.

use serde::Serialize;
use trictrac::score::{Hole, Marking};
use trictrac::{Beneficiary, JanEvent, RollScore, ScoreState, Side};

/// One jan in JSON.
#[derive(Serialize)]
pub struct JanJson {
    /// Stable id, e.g. `true-hit`.
    pub jan: &'static str,
    pub french: &'static str,
    pub english: &'static str,
    pub rule: &'static str,
    /// `mover` or `opponent`.
    pub beneficiary: &'static str,
    /// The side that marks it: `white` or `black`.
    pub side: &'static str,
    /// Number of ways.
    pub ways: usize,
    /// Which ways: a die value, `tout d'une` or `both dice`.
    pub which: Vec<String>,
    /// Absolute fields involved.
    pub fields: Vec<u8>,
    pub points: u32,
    pub depends_on_play: bool,
    pub helpless: bool,
}

/// The side that marks a jan of a roll by `mover`.
pub fn marker(e: &JanEvent, mover: Side) -> Side {
    match e.beneficiary {
        Beneficiary::Mover => mover,
        Beneficiary::Opponent => !mover,
    }
}

impl JanJson {
    pub fn new(e: &JanEvent, mover: Side) -> JanJson {
        JanJson {
            jan: e.jan.id(),
            french: e.jan.french_name(),
            english: e.jan.english_name(),
            rule: e.jan.rule(),
            beneficiary: match e.beneficiary {
                Beneficiary::Mover => "mover",
                Beneficiary::Opponent => "opponent",
            },
            side: marker(e, mover).name(),
            ways: e.ways.len(),
            which: e.ways.iter().map(|w| w.to_string()).collect(),
            fields: e.fields.iter().map(|f| f.value()).collect(),
            points: e.points,
            depends_on_play: e.depends_on_play,
            helpless: e.helpless,
        }
    }
}

/// One line describing a jan, e.g.
/// `white  battre à vrai … (true hit …), field 18 from 12, 6: 2 ways (6, tout d'une): 8`.
pub fn jan_line(e: &JanEvent, mover: Side, names: trictrac::FieldNames) -> String {
    let mut s = format!(
        "{:<6} {} ({}, {})",
        marker(e, mover).name(),
        e.jan.french_name(),
        e.jan.english_name(),
        e.jan.rule()
    );
    if !e.fields.is_empty() {
        let f: Vec<String> = e.fields.iter().map(|f| names.name(f.value())).collect();
        s.push_str(&format!(", fields {}", f.join(" ")));
    }
    if !e.ways.is_empty() {
        let w: Vec<String> = e.ways.iter().map(|w| w.to_string()).collect();
        let n = e.ways.len();
        s.push_str(&format!(
            ", {n} way{} ({})",
            if n > 1 { "s" } else { "" },
            w.join(", ")
        ));
    }
    if e.helpless {
        s.push_str(", par impuissance");
    }
    if e.depends_on_play {
        s.push_str(", if the play bears off the last checker");
    }
    s.push_str(&format!(": {}", e.points));
    s
}

/// The score state in JSON (`score_after`).
#[derive(Serialize)]
pub struct ScoreJson {
    pub white_points: u8,
    pub white_holes: u8,
    pub black_points: u8,
    pub black_holes: u8,
    pub bredouille: String,
    pub pavillon: String,
}

impl From<&ScoreState> for ScoreJson {
    fn from(s: &ScoreState) -> ScoreJson {
        ScoreJson {
            white_points: s.points.white,
            white_holes: s.holes.white,
            black_points: s.points.black,
            black_holes: s.holes.black,
            bredouille: s.bredouille.to_string(),
            pavillon: s.pavillon.to_string(),
        }
    }
}

/// Holes marked by one side, in JSON.
#[derive(Serialize)]
pub struct HolesJson {
    pub side: &'static str,
    pub points: u32,
    /// `simple` or `double`, in order.
    pub holes: Vec<&'static str>,
    pub won: bool,
}

impl HolesJson {
    pub fn new(side: Side, m: &Marking) -> HolesJson {
        HolesJson {
            side: side.name(),
            points: m.points,
            holes: m.holes.iter().map(|h| hole_name(*h)).collect(),
            won: m.won,
        }
    }
}

pub fn hole_name(h: Hole) -> &'static str {
    match h {
        Hole::Simple => "simple",
        Hole::Double => "double",
    }
}

/// `White 8 points 0 holes, Black …, bredouille b, pavillon e`.
pub fn score_line(s: &ScoreState) -> String {
    format!(
        "white {} points {} holes, black {} points {} holes, bredouille {}, pavillon {}",
        s.points.white, s.holes.white, s.points.black, s.holes.black, s.bredouille, s.pavillon
    )
}

/// Describes the holes of a marking, e.g. `2 holes: simple, double`.
pub fn holes_text(m: &Marking) -> String {
    if m.holes.is_empty() {
        return "no hole".into();
    }
    let h: Vec<&str> = m.holes.iter().map(|h| hole_name(*h)).collect();
    let mut s = format!(
        "{} hole{} ({})",
        m.hole_count(),
        if m.hole_count() > 1 { "s" } else { "" },
        h.join(", ")
    );
    if m.won {
        s.push_str(", game won");
    }
    s
}

/// Applies a roll's points to a score state as the turn order does
/// the mover's first, then the opponent's; a mover who wins a
/// hole is assumed to stay.
pub fn apply_roll(score: &ScoreState, s: &RollScore) -> (ScoreState, Marking, Marking) {
    let mut after = *score;
    let m = after.mark(s.side, s.mover_points);
    let o = after.mark(!s.side, s.opponent_points);
    (after, m, o)
}
