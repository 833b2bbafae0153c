//! Game records (NOTATION.md, "Game record"): a PGN-like text and its JSON
//! equivalent, written from a [`Game`] and replayed move by move.
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
//! header starts the game from a position.

use crate::dice::{Die, Roll};
use crate::game::{DiceSource, Event, Game, GameError, GameOptions, Phase, PointsFrom};
use crate::jans::Beneficiary;
use crate::position::Position;
use crate::side::Side;
use core::fmt;
use core::str::FromStr;
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
    /// Options, as [`GameOptions::to_words`].
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
    fn new(side: &str, dice: String) -> RecordedRoll {
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

/// Follows the events of a game and says which record line the points
/// of each `Marked` event belong to: the line of the roll, of the
/// first-move dice, or of a school.
#[derive(Default)]
struct LineCursor {
    /// Lines of schools and contests whose points are still to be marked
    /// (R-10.4: school points are marked last, after the claimant's
    /// declaration).
    schools: std::collections::VecDeque<usize>,
    /// Index of the current line (the last pushed, or the roll line
    /// again after a school when its roll's marking goes on).
    cur: usize,
    /// Index of the last roll line.
    roll: usize,
    lines: usize,
}

impl LineCursor {
    /// Feeds one event; returns whether it starts a new line.
    fn feed(&mut self, e: &Event) -> bool {
        match e {
            Event::FirstMoveDice { .. } | Event::FirstMoveRolls { .. } | Event::Rolled(_) => {
                self.cur = self.lines;
                self.roll = self.lines;
                self.lines += 1;
                true
            }
            Event::School { .. } | Event::Contested { .. } => {
                self.schools.push_back(self.lines);
                self.lines += 1;
                true
            }
            Event::FalseMoveSettled { .. } => {
                // A settle line, unless a roll settled it implicitly (the
                // record writer says which; the cursor only counts lines
                // for marks, which a settlement never makes).
                false
            }
            Event::Declared { .. } | Event::Played { .. } | Event::Decided { .. } => {
                self.cur = self.roll;
                false
            }
            _ => false,
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

fn side_letter(s: Side) -> String {
    s.char().to_string()
}

impl Record {
    /// The record of `game` so far, with the given header (its options
    /// and result are filled from the game).
    pub fn from_game(game: &Game, mut header: Header) -> Record {
        header.options = game.options().to_words();
        if let (Some(w), Some((_, paid))) = (game.winner(), game.ecrire_payment()) {
            // Partie à écrire (R-9.2): the totals of the marqués won.
            let t = game.marque_totals();
            header.result = Some(format!(
                "{} {} {} {} ecrire {}",
                w.name(),
                t.get(w),
                (!w).name(),
                t.get(!w),
                paid
            ));
        } else if let (Some(w), Some(stake)) = (game.winner(), game.stake()) {
            let s = game.score();
            header.result = Some(format!(
                "{} {} {} {} {}",
                w.name(),
                s.holes.get(w),
                (!w).name(),
                s.holes.get(!w),
                stake
            ));
        }
        let mut rolls: Vec<RecordedRoll> = Vec::new();
        let mut cursor = LineCursor::default();
        for (i, e) in game.events().iter().enumerate() {
            cursor.feed(e);
            match e {
                Event::FirstMoveDice { white, black } => {
                    rolls.push(RecordedRoll::new("first", format!("{white}-{black}")))
                }
                Event::FirstMoveRolls { white, black } => {
                    rolls.push(RecordedRoll::new("first", format!("{white} {black}")))
                }
                Event::Rolled(score) => {
                    let mut r = RecordedRoll::new(&side_letter(score.side), score.roll.to_string());
                    r.jans = score
                        .jans
                        .iter()
                        .map(|j| RecordedJan {
                            side: side_letter(match j.beneficiary {
                                Beneficiary::Mover => score.side,
                                Beneficiary::Opponent => !score.side,
                            }),
                            jan: j.jan.id().into(),
                            points: j.points,
                        })
                        .collect();
                    rolls.push(r);
                }
                Event::School {
                    claimant, named, ..
                } => {
                    let mut r = RecordedRoll::new("school", String::new());
                    r.school = Some(RecordedSchool {
                        claimant: side_letter(*claimant),
                        named: *named,
                    });
                    rolls.push(r);
                }
                Event::Contested { side, .. } => {
                    let mut r = RecordedRoll::new("contest", String::new());
                    r.contest = Some(side_letter(*side));
                    rolls.push(r);
                }
                Event::Marked {
                    side,
                    marking,
                    from,
                    ..
                } => {
                    let line = if *from == PointsFrom::School {
                        cursor.schools.pop_front().unwrap_or(cursor.cur)
                    } else {
                        cursor.cur
                    };
                    if let Some(r) = rolls.get_mut(line) {
                        match side {
                            Side::White => r.white_points += marking.points,
                            Side::Black => r.black_points += marking.points,
                        }
                    }
                }
                Event::Declared { side, points, .. } => {
                    if let Some(r) = rolls.get_mut(cursor.roll) {
                        match side {
                            Side::White => r.white_declared = Some(*points),
                            Side::Black => r.black_declared = Some(*points),
                        }
                    }
                }
                Event::Decided { stay, .. } => {
                    if let Some(r) = rolls.get_mut(cursor.roll) {
                        r.decision = Some(if *stay { "stay" } else { "leave" }.into());
                    }
                }
                Event::Played { side, play } => {
                    if let Some(r) = rolls.get_mut(cursor.roll) {
                        r.play = Some(play.display(*side).to_string());
                    }
                }
                Event::Resigned { side } => {
                    let mut r = RecordedRoll::new("resign", String::new());
                    r.resign = Some(side_letter(*side));
                    rolls.push(r);
                    cursor.lines += 1;
                }
                Event::Starts(_)
                | Event::NewReleve { .. }
                | Event::MarqueEnd { .. }
                | Event::Over { .. } => {}
                Event::FalsePlay { side, moves } => {
                    if let Some(r) = rolls.get_mut(cursor.roll) {
                        let text: Vec<String> = moves
                            .iter()
                            .map(|&(f, t)| {
                                let abs = |x: u8| crate::Field::new(x).to_absolute(*side).value();
                                format!("{}-{}", abs(f), abs(t))
                            })
                            .collect();
                        let text = if text.is_empty() {
                            "--".to_string()
                        } else {
                            text.join(" ")
                        };
                        r.play = Some(format!("{text} ?"));
                    }
                }
                Event::FalseMoveSettled { by, corrected } => {
                    // Settled explicitly (a roll leaves it implicitly: no line).
                    let explicit = !matches!(game.events().get(i + 1), Some(Event::Rolled(_)))
                        || corrected.is_some();
                    if explicit {
                        let mut r = RecordedRoll::new("settle", String::new());
                        r.settle = Some(format!(
                            "{} {}",
                            side_letter(*by),
                            if corrected.is_some() {
                                "correct"
                            } else {
                                "accept"
                            }
                        ));
                        rolls.push(r);
                        cursor.lines += 1;
                    }
                }
            }
        }
        Record { header, rolls }
    }

    /// The record as JSON.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a record serializes")
    }

    /// Reads a JSON record.
    ///
    /// # Errors
    /// A message from the JSON reader.
    pub fn from_json(s: &str) -> Result<Record, RecordError> {
        serde_json::from_str(s).map_err(|e| RecordError::Syntax {
            line: e.line(),
            problem: e.to_string(),
        })
    }

    /// Replays the record move by move from its header's options and start
    /// position, checking that each roll gives the recorded points and
    /// each play is legal. The game returned is in its final state; a
    /// record saved in the middle of a turn (its last roll line stops
    /// before a declaration, decision or play) gives the game waiting for
    /// it.
    ///
    /// # Errors
    /// The first line that does not match the rules.
    pub fn replay(&self) -> Result<Game, RecordError> {
        self.replay_with_dice(None)
    }

    /// [`Record::replay`], also checking that every roll the game drew
    /// (first-move dice and rolls, not the rolls a rule repeats) is the
    /// next one of `dice` — e.g. the generator seeded with the header's
    /// seed.
    ///
    /// # Errors
    /// The first line that does not match the rules or the dice.
    pub fn replay_with_dice(
        &self,
        mut dice: Option<&mut dyn DiceSource>,
    ) -> Result<Game, RecordError> {
        let options =
            GameOptions::from_words(&self.header.options).map_err(|p| RecordError::Syntax {
                line: 0,
                problem: format!("[Options]: {p}"),
            })?;
        let mut game = match &self.header.start {
            Some(tpn) => {
                let pos: Position = tpn.parse().map_err(|e| RecordError::Syntax {
                    line: 0,
                    problem: format!("[Start]: {e}"),
                })?;
                Game::from_position(options, pos).map_err(|e| RecordError::Syntax {
                    line: 0,
                    problem: format!("[Start]: {e}"),
                })?
            }
            None => Game::new(options),
        };
        // Manual marking: the opponent's declaration of the points a roll
        // gave him waits until a school he claims on the mover's
        // declaration (the next line) is made.
        let mut deferred: Option<(usize, Option<u32>)> = None;
        let last_roll = self
            .rolls
            .iter()
            .rposition(|r| r.side == "w" || r.side == "b");
        let declared = |r: &RecordedRoll, side: Side| match side {
            Side::White => r.white_declared,
            Side::Black => r.black_declared,
        };
        for (i, r) in self.rolls.iter().enumerate() {
            let err = |problem: String| RecordError::Replay {
                index: i + 1,
                entry: r.to_string(),
                problem,
            };
            let ge = |e: GameError| err(e.to_string());
            let flush = |game: &mut Game, deferred: &mut Option<(usize, Option<u32>)>| {
                if let Some((j, points)) = deferred.take() {
                    if game.phase_is_over() {
                        return Ok(());
                    }
                    let replay_err = |problem: String| RecordError::Replay {
                        index: j + 1,
                        entry: self.rolls[j].to_string(),
                        problem,
                    };
                    let points = points.ok_or_else(|| {
                        replay_err(
                            "manual marking: the record must give the points the opponent declared"
                                .into(),
                        )
                    })?;
                    game.declare(points)
                        .map_err(|e| replay_err(e.to_string()))?;
                }
                Ok::<(), RecordError>(())
            };
            if r.side == "school" {
                let sc = r
                    .school
                    .as_ref()
                    .ok_or_else(|| err("a school line names a claimant".into()))?;
                let claimant = match sc.claimant.as_str() {
                    "w" => Side::White,
                    "b" => Side::Black,
                    c => return Err(err(format!("unknown claimant `{c}`"))),
                };
                let before =
                    matches!(game.phase(), Phase::Mark(s) if s == claimant) && deferred.is_some();
                if !before {
                    flush(&mut game, &mut deferred)?;
                }
                game.claim_school(claimant, sc.named).map_err(ge)?;
                continue;
            }
            if r.side == "settle" {
                flush(&mut game, &mut deferred)?;
                let (who, how) = r
                    .settle
                    .as_deref()
                    .and_then(|s| s.split_once(' '))
                    .ok_or_else(|| err("a settle line is `settle w|b accept|correct`".into()))?;
                let side = if who == "w" { Side::White } else { Side::Black };
                if how == "accept" {
                    game.accept_false_move(side).map_err(ge)?;
                } else {
                    game.correct_false_move(side).map_err(ge)?;
                }
                continue;
            }
            if r.side == "resign" {
                flush(&mut game, &mut deferred)?;
                let side = match r.resign.as_deref() {
                    Some("w") => Side::White,
                    Some("b") => Side::Black,
                    _ => return Err(err("a resign line is `resign w|b`".into())),
                };
                game.resign(side).map_err(ge)?;
                continue;
            }
            if r.side == "contest" {
                flush(&mut game, &mut deferred)?;
                let side = match r.contest.as_deref() {
                    Some("w") => Side::White,
                    Some("b") => Side::Black,
                    _ => return Err(err("a contest line is `contest w|b`".into())),
                };
                game.contest_school(side).map_err(ge)?;
                continue;
            }
            flush(&mut game, &mut deferred)?;
            if r.side == "first" {
                if let Some((w, b)) = r.dice.split_once(' ') {
                    // first-move=two-dice-each: White's two dice, Black's two.
                    let w: Roll = w.parse().map_err(|e| err(format!("{e}")))?;
                    let b: Roll = b.parse().map_err(|e| err(format!("{e}")))?;
                    if let Some(d) = dice.as_deref_mut() {
                        let dw = Roll::from_dice(d.die(), d.die());
                        let db = Roll::from_dice(d.die(), d.die());
                        if (dw, db) != (w, b) {
                            return Err(err(format!("the seed gives first-move dice {dw} {db}")));
                        }
                    }
                    game.first_move_two(w, b).map_err(ge)?;
                    continue;
                }
                let (w, b) =
                    parse_dice_pair(&r.dice).ok_or_else(|| err("bad first-move dice".into()))?;
                if let Some(d) = dice.as_deref_mut() {
                    let (dw, db) = (d.die(), d.die());
                    if (dw, db) != (w, b) {
                        return Err(err(format!("the seed gives first-move dice {dw}-{db}")));
                    }
                }
                game.first_move(w, b).map_err(ge)?;
                continue;
            }
            let roll: Roll = r.dice.parse().map_err(|e| err(format!("{e}")))?;
            let side = match r.side.as_str() {
                "w" => Side::White,
                "b" => Side::Black,
                s => return Err(err(format!("unknown side `{s}`"))),
            };
            match game.phase() {
                Phase::Roll(s) if s == side => {
                    if let Some(d) = dice.as_deref_mut() {
                        let drawn = Roll::from_dice(d.die(), d.die());
                        if drawn != roll {
                            return Err(err(format!("the seed gives {drawn}, not {roll}")));
                        }
                    }
                    game.roll(roll).map_err(ge)?
                }
                // The roll was made by the game itself (coup-et-des first
                // move, pour-tout exit roll).
                Phase::Play(s) | Phase::StayOrLeave(s) | Phase::Mark(s)
                    if s == side && game.pending_roll() == Some(roll) => {}
                p => return Err(err(format!("the game expects {p:?}, not a roll by {side}"))),
            }
            // A record saved in the middle of a turn ends with a roll line
            // that stops where the game waits: the replay stops there too.
            let unfinished = |game: &Game| {
                Some(i) == last_roll
                    && match game.phase() {
                        // (the opponent's declaration waits: see `deferred`)
                        Phase::Mark(s) => s == side && declared(r, s).is_none(),
                        Phase::StayOrLeave(_) => r.decision.is_none(),
                        Phase::Play(_) => r.play.is_none(),
                        _ => false,
                    }
            };
            if unfinished(&game) {
                break;
            }
            if let Phase::Mark(_) = game.phase() {
                let points = declared(r, side).ok_or_else(|| {
                    err(
                        "manual marking: the record must give the points declared (w=N or b=N)"
                            .into(),
                    )
                })?;
                game.declare(points).map_err(ge)?;
            }
            if unfinished(&game) {
                break;
            }
            decide(&mut game, r, "a hole was won").map_err(err)?;
            if unfinished(&game) {
                break;
            }
            if let Phase::Play(_) = game.phase() {
                let Some(text) = &r.play else {
                    return Err(err("the roll must be played: no play recorded".into()));
                };
                if let Some(text) = text.strip_suffix(" ?") {
                    // A false play at the table (section 11).
                    let notation = text.parse().map_err(|e| err(format!("{e}")))?;
                    if game.play_at_table(&notation).map_err(ge)?.is_some() {
                        return Err(err("a play marked false (?) is legal".into()));
                    }
                } else {
                    let notation = text.parse().map_err(|e| err(format!("{e}")))?;
                    game.play_notation(&notation).map_err(ge)?;
                }
                if unfinished(&game) {
                    break;
                }
                decide(&mut game, r, "the exit won a hole").map_err(err)?;
            }
            if let Phase::Mark(opp) = game.phase() {
                if opp != side {
                    deferred = Some((i, declared(r, opp)));
                }
            }
        }
        if let Some((j, points)) = deferred.take() {
            // Saved before the opponent declared: the game waits for it.
            let waiting = points.is_none() && Some(j) == last_roll;
            if !game.phase_is_over() && !waiting {
                let points = points.ok_or_else(|| RecordError::Replay {
                    index: j + 1,
                    entry: self.rolls[j].to_string(),
                    problem:
                        "manual marking: the record must give the points the opponent declared"
                            .into(),
                })?;
                game.declare(points).map_err(|e| RecordError::Replay {
                    index: j + 1,
                    entry: self.rolls[j].to_string(),
                    problem: e.to_string(),
                })?;
            }
        }
        // The points each line marked, as the game logged them.
        let got = Record::from_game(&game, Header::default());
        for (i, (g, r)) in got.rolls.iter().zip(&self.rolls).enumerate() {
            if (g.white_points, g.black_points) != (r.white_points, r.black_points) {
                return Err(RecordError::Replay {
                    index: i + 1,
                    entry: r.to_string(),
                    problem: format!(
                        "the rules give w+{} b+{}, the record says w+{} b+{}",
                        g.white_points, g.black_points, r.white_points, r.black_points
                    ),
                });
            }
        }
        if got.rolls.len() != self.rolls.len() {
            return Err(RecordError::Syntax {
                line: 0,
                problem: format!(
                    "the record has {} lines, the replayed game {}",
                    self.rolls.len(),
                    got.rolls.len()
                ),
            });
        }
        Ok(game)
    }
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

/// Applies the line's stay/leave decision when the game asks for one.
fn decide(game: &mut Game, r: &RecordedRoll, why: &str) -> Result<(), String> {
    if let Phase::StayOrLeave(_) = game.phase() {
        match r.decision.as_deref() {
            Some("stay") => game.stay().map_err(|e| e.to_string())?,
            Some("leave") => game.leave().map_err(|e| e.to_string())?,
            _ => return Err(format!("{why}: the record must say stay or leave (R-8.6)")),
        }
    }
    Ok(())
}

fn parse_dice_pair(s: &str) -> Option<(Die, Die)> {
    let (a, b) = s.split_once('-')?;
    let a: u8 = a.parse().ok()?;
    let b: u8 = b.parse().ok()?;
    Some((Die::try_from(a).ok()?, Die::try_from(b).ok()?))
}

impl fmt::Display for RecordedRoll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (&self.school, &self.contest, &self.settle, &self.resign) {
            (Some(sc), _, _, _) => write!(f, "school {} {}", sc.claimant, sc.named)?,
            (None, Some(c), _, _) => write!(f, "contest {c}")?,
            (None, None, Some(s), _) => write!(f, "settle {s}")?,
            (None, None, None, Some(s)) => write!(f, "resign {s}")?,
            (None, None, None, None) => write!(f, "{} {}", self.side, self.dice)?,
        }
        if let Some(d) = self.white_declared {
            write!(f, " w={d}")?;
        }
        if let Some(d) = self.black_declared {
            write!(f, " b={d}")?;
        }
        if self.white_points > 0 {
            write!(f, " w+{}", self.white_points)?;
        }
        if self.black_points > 0 {
            write!(f, " b+{}", self.black_points)?;
        }
        if !self.jans.is_empty() {
            f.write_str(" {")?;
            for (i, j) in self.jans.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{} {} {}", j.side, j.jan, j.points)?;
            }
            f.write_str("}")?;
        }
        if let Some(d) = &self.decision {
            write!(f, " {d}")?;
        }
        if let Some(p) = &self.play {
            write!(f, " : {p}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = &self.header;
        let tag = |f: &mut fmt::Formatter<'_>, k: &str, v: &str| {
            writeln!(f, "[{k} \"{}\"]", v.replace('"', "'"))
        };
        tag(f, "Event", &h.event)?;
        tag(f, "Date", &h.date)?;
        tag(f, "White", &h.white)?;
        tag(f, "Black", &h.black)?;
        tag(f, "Options", &h.options)?;
        if let Some(s) = h.seed {
            tag(f, "Seed", &s.to_string())?;
        }
        if let Some(s) = &h.start {
            tag(f, "Start", s)?;
        }
        if let Some(r) = &h.result {
            tag(f, "Result", r)?;
        }
        writeln!(f)?;
        for r in &self.rolls {
            writeln!(f, "{r}")?;
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = RecordError;

    fn from_str(s: &str) -> Result<Record, RecordError> {
        let mut rec = Record::default();
        for (n, raw) in s.lines().enumerate() {
            let line = raw.trim();
            let syntax = |problem: String| RecordError::Syntax {
                line: n + 1,
                problem,
            };
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            if let Some(rest) = line.strip_prefix('[') {
                let rest = rest
                    .strip_suffix(']')
                    .ok_or_else(|| syntax("a header is [Key \"value\"]".into()))?;
                let (key, value) = rest
                    .split_once(' ')
                    .ok_or_else(|| syntax("a header is [Key \"value\"]".into()))?;
                let value = value.trim().trim_matches('"').to_string();
                let h = &mut rec.header;
                match key {
                    "Event" => h.event = value,
                    "Date" => h.date = value,
                    "White" => h.white = value,
                    "Black" => h.black = value,
                    "Options" => h.options = value,
                    "Seed" => {
                        h.seed =
                            Some(value.parse().map_err(|_| {
                                syntax(format!("[Seed]: `{value}` is not a number"))
                            })?)
                    }
                    "Start" => h.start = Some(value),
                    "Result" => h.result = Some(value),
                    _ => return Err(syntax(format!("unknown header `{key}`"))),
                }
                continue;
            }
            // side dice [w+N] [b+N] [{jans}] [stay|leave] [: play]
            let (main, play) = match line.split_once(" : ") {
                Some((m, p)) => (m, Some(p.trim().to_string())),
                None => (line, None),
            };
            let (main, jans) = match (main.find('{'), main.rfind('}')) {
                (Some(a), Some(b)) if a < b => {
                    let inner = &main[a + 1..b];
                    let mut jans = Vec::new();
                    for item in inner.split(',').map(str::trim).filter(|x| !x.is_empty()) {
                        let parts: Vec<&str> = item.split_whitespace().collect();
                        let [side, jan, points] = parts[..] else {
                            return Err(syntax(format!(
                                "jan `{item}`: expected `side jan-id points`"
                            )));
                        };
                        jans.push(RecordedJan {
                            side: side.into(),
                            jan: jan.into(),
                            points: points
                                .parse()
                                .map_err(|_| syntax(format!("jan `{item}`: bad points")))?,
                        });
                    }
                    (format!("{} {}", &main[..a], &main[b + 1..]), jans)
                }
                _ => (main.to_string(), Vec::new()),
            };
            let mut words = main.split_whitespace();
            let side = words.next().ok_or_else(|| syntax("empty line".into()))?;
            if !matches!(
                side,
                "w" | "b" | "first" | "school" | "contest" | "settle" | "resign"
            ) {
                return Err(syntax(format!(
                    "`{side}`: a line starts with w, b, first, school, contest, settle or resign"
                )));
            }
            let mut r = if side == "settle" {
                let who = words.next().filter(|c| matches!(*c, "w" | "b"));
                let how = words.next().filter(|c| matches!(*c, "accept" | "correct"));
                let (Some(who), Some(how)) = (who, how) else {
                    return Err(syntax(
                        "a settle line is `settle w|b accept|correct`".into(),
                    ));
                };
                let mut r = RecordedRoll::new("settle", String::new());
                r.settle = Some(format!("{who} {how}"));
                r
            } else if side == "resign" {
                let who = words
                    .next()
                    .filter(|c| matches!(*c, "w" | "b"))
                    .ok_or_else(|| syntax("a resign line is `resign w|b`".into()))?;
                let mut r = RecordedRoll::new("resign", String::new());
                r.resign = Some(who.into());
                r
            } else if side == "contest" {
                let who = words
                    .next()
                    .filter(|c| matches!(*c, "w" | "b"))
                    .ok_or_else(|| syntax("a contest line is `contest w|b`".into()))?;
                let mut r = RecordedRoll::new("contest", String::new());
                r.contest = Some(who.into());
                r
            } else if side == "school" {
                let claimant = words
                    .next()
                    .filter(|c| matches!(*c, "w" | "b"))
                    .ok_or_else(|| syntax("a school line is `school w|b POINTS`".into()))?;
                let named = words
                    .next()
                    .and_then(|n| n.parse().ok())
                    .ok_or_else(|| syntax("a school line is `school w|b POINTS`".into()))?;
                let mut r = RecordedRoll::new("school", String::new());
                r.school = Some(RecordedSchool {
                    claimant: claimant.into(),
                    named,
                });
                r
            } else {
                let mut dice = words
                    .next()
                    .ok_or_else(|| syntax("missing dice A-B".into()))?
                    .to_string();
                // first-move=two-dice-each: `first A-B C-D`.
                if side == "first" {
                    if let Some(next) = words.clone().next() {
                        if next.parse::<Roll>().is_ok() {
                            dice = format!("{dice} {next}");
                            words.next();
                        }
                    }
                }
                RecordedRoll::new(side, dice)
            };
            r.jans = jans;
            r.play = play;
            for w in words {
                if let Some(p) = w.strip_prefix("w+") {
                    r.white_points = p
                        .parse()
                        .map_err(|_| syntax(format!("`{w}`: bad points")))?;
                } else if let Some(p) = w.strip_prefix("b+") {
                    r.black_points = p
                        .parse()
                        .map_err(|_| syntax(format!("`{w}`: bad points")))?;
                } else if let Some(p) = w.strip_prefix("w=") {
                    r.white_declared = Some(
                        p.parse()
                            .map_err(|_| syntax(format!("`{w}`: bad points")))?,
                    );
                } else if let Some(p) = w.strip_prefix("b=") {
                    r.black_declared = Some(
                        p.parse()
                            .map_err(|_| syntax(format!("`{w}`: bad points")))?,
                    );
                } else if w == "stay" || w == "leave" {
                    r.decision = Some(w.into());
                } else {
                    return Err(syntax(format!("unexpected `{w}`")));
                }
            }
            rec.rolls.push(r);
        }
        Ok(rec)
    }
}
