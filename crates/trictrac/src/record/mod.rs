//! Game records (NOTATION.md, "Game record"): a PGN-like text and its JSON
//! equivalent, written from a [`Game`](crate::game::Game) and replayed move by move.
//!
//! Text form:
//!
//! ```text
//! [Event "Grand Trictrac"]
//! [Date "2026-11-22"]
//! [White "random"]
//! [Black "greedy"]
//! [Options "first-move=one-die-each exit=parisienne exit-roll=fresh payout=guiton old-jans=off"]
//! [Seed "42"]
//! [Result "white 12 black 7 x2"]
//!
//! first 5-2
//! w 6-5 : 1-7 1-6
//! b 4-4 b+6 {b true-hit 6} : 24-20 24-20
//! w 6-6 w+26 b+12 {w true-hit 8, w true-hit 6, b false-hit 6, b false-hit 6} stay : 1-7 1-7
//! w 3-3 w+12 {w fill 12} leave
//! ```
//!
//! One line per roll: the side (`w`/`b`), the dice, the points each side
//! marked on that roll (`w+N`, `b+N`, omitted when zero), the jans in
//! braces (`side jan-id points`), the decision (`stay`/`leave`) when one
//! was made, and after `:` the play. `first A-B` lines are the first-move
//! dice, White's die then Black's (R-2.2). An optional `[Start "<TPN>"]`
//! header starts the game from a position. Header values are quoted; a
//! quote or a backslash inside one is escaped by a backslash, as in PGN.

mod json;
mod replay;
mod text;
mod write;

use serde::{Deserialize, Serialize};

/// The header of a record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// Event name.
    pub event: String,
    /// Date, `YYYY-MM-DD`.
    pub date: String,
    /// White's player.
    pub white: String,
    /// Black's player.
    pub black: String,
    /// Options, as [`GameOptions::to_words`](crate::game::GameOptions::to_words).
    pub options: String,
    /// Seed of the dice, if the engine drew them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// Start position (TPN), when not the initial position.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start: Option<String>,
    /// Result, e.g. `white 12 black 7 x2`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<String>,
}

/// One jan of a recorded roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedJan {
    /// `w` or `b`: who marks it.
    pub side: String,
    /// The jan's id (`Jan::id`).
    pub jan: String,
    /// Its points.
    pub points: u32,
}

/// One line of a record: the first-move dice, or a roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedRoll {
    /// `w`, `b`, or `first` for the first-move dice.
    pub side: String,
    /// `A-B`; for `first`, White's die then Black's.
    pub dice: String,
    /// Points White marked on this roll.
    #[serde(default)]
    pub white_points: u32,
    /// Points Black marked on this roll.
    #[serde(default)]
    pub black_points: u32,
    /// The jans of the roll.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub jans: Vec<RecordedJan>,
    /// `stay` or `leave`, when a decision was made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub decision: Option<String>,
    /// The play in play notation, when one was made.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub play: Option<String>,
    /// Manual marking: the points White declared on this roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub white_declared: Option<u32>,
    /// Manual marking: the points Black declared on this roll.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub black_declared: Option<u32>,
    /// For a `school` line: who claims (`w`/`b`) and the points named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub school: Option<RecordedSchool>,
    /// For a `contest` line (R-10.4): who contests the last school (`w`/`b`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub contest: Option<String>,
    /// For a `settle` line (section 11): who settles the false play and
    /// how, `w accept` or `b correct`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub settle: Option<String>,
    /// For a `resign` line: who resigns (`w`/`b`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resign: Option<String>,
}

/// A school claimed (R-10), a line of its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedSchool {
    /// `w` or `b`.
    pub claimant: String,
    /// Points named by the claimant.
    pub named: u32,
}

impl RecordedRoll {
    pub(super) fn new(side: &str, dice: String) -> RecordedRoll {
        RecordedRoll {
            side: side.into(),
            dice,
            white_points: 0,
            black_points: 0,
            jans: Vec::new(),
            decision: None,
            play: None,
            white_declared: None,
            black_declared: None,
            school: None,
            contest: None,
            settle: None,
            resign: None,
        }
    }
}

/// A game record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    /// The header.
    pub header: Header,
    /// The first-move dice and the rolls, in order.
    pub rolls: Vec<RecordedRoll>,
}

/// Why a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The text is malformed.
    #[error("line {line}: {problem}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// What is wrong.
        problem: String,
    },
    /// A move of the record is not what the rules allow or give.
    #[error("roll {index} ({entry}): {problem}")]
    Replay {
        /// 1-based index of the record line among the rolls.
        index: usize,
        /// The line, as text.
        entry: String,
        /// What does not match.
        problem: String,
    },
}

/// The `YYYY-MM-DD` date (UTC) of a Unix time, for the `[Date]` header.
/// The caller reads the clock (the engine does no I/O).
///
/// ```
/// assert_eq!(trictrac::record::date_of_unix(0), "1970-01-01");
/// assert_eq!(trictrac::record::date_of_unix(1_700_000_000), "2023-11-14");
/// ```
pub fn date_of_unix(secs: i64) -> String {
    // Civil date from days since 1970-01-01 (H. Hinnant's algorithm).
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}
