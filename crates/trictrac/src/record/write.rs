//! Writing a record from a game's event log.

use super::{Header, Record, RecordedJan, RecordedRoll, RecordedSchool};
use crate::game::{Event, Game, PointsFrom};
use crate::jans::Beneficiary;
use crate::side::Side;

/// Follows the events of a game and says which record line the points
/// of each `Marked` event belong to: the line of the roll, of the
/// first-move dice, or of a school.
#[derive(Default)]
struct LineCursor {
    /// Lines of schools and contests whose points are still to be marked
    /// school points are marked last, after the claimant's
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

/// The author of the last false play before event `i`.
fn false_author(game: &Game, i: usize) -> Option<Side> {
    game.events()[..i].iter().rev().find_map(|e| match e {
        Event::FalsePlay { side, .. } => Some(*side),
        _ => None,
    })
}

fn side_letter(s: Side) -> String {
    s.char().to_string()
}

impl Record {
    /// The record of `game` so far, with the given header (its options
    /// and result are filled from the game).
    pub fn from_game(game: &Game, mut header: Header) -> Record {
        header.options = game.options().to_words();
        if let Some(line) = crate::action::result_line(game) {
            header.result = Some(line);
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
                        r.settle = Some(match corrected {
                            // The chosen play, in the author's notation.
                            Some(p) => {
                                let author = false_author(game, i).unwrap_or(*by);
                                format!("{} correct {}", side_letter(*by), p.display(author))
                            }
                            None => format!("{} accept", side_letter(*by)),
                        });
                        rolls.push(r);
                        cursor.lines += 1;
                    }
                }
                Event::FalseMovePutBack { by } => {
                    let mut r = RecordedRoll::new("settle", String::new());
                    r.settle = Some(format!("{} replay", side_letter(*by)));
                    rolls.push(r);
                    cursor.lines += 1;
                }
                Event::LateFalseMoveClaimed { by } => {
                    // Section 11, case 6: after the line of the roll it
                    // came in (the replay reads it before that roll's
                    // play).
                    let mut r = RecordedRoll::new("settle", String::new());
                    r.settle = Some(format!("{} late", side_letter(*by)));
                    rolls.push(r);
                    cursor.lines += 1;
                }
            }
        }
        Record { header, rolls }
    }
}
