//! Grand Trictrac in a room: a game to 12 holes ([`::trictrac::Game`],
//! docs/RULES.md) plugged into the server — the protocol's verbs, the
//! state, the bots, the hint and review, the records.

pub mod analysis;
mod describe;
pub mod view;

use ::trictrac::action::Action;
use ::trictrac::record::Header;
use ::trictrac::{Game, GameOptions, Phase, Record};
use serde::Deserialize;
use serde_json::Value;
use tables::{BySide, Choice, Side};

use super::{job, BotTable, Job, Review, ServerGame};
use crate::error::RoomError;
use trictrac_bot::{table, table_player, PLAYERS};

/// What a player of Grand Trictrac asks for: the client's message
/// (docs/PROTOCOL.md), tagged by its `type`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Verb {
    /// Roll the dice.
    Roll,
    /// Play, in the game's notation.
    Play {
        /// The play.
        play: String,
    },
    /// Stay after winning a hole.
    Stay,
    /// Leave after winning a hole.
    Leave,
    /// Declare points (manual marking).
    Declare {
        /// The points.
        points: u32,
    },
    /// Claim a school naming these points (manual marking, R-10).
    School {
        /// The points.
        points: u32,
    },
    /// Contest the last school marked against this player.
    Contest,
    /// Settle the false play standing (section 11): correct it
    /// (`correct`, to `play` when given, else the smallest correction),
    /// leave it as it is, or have it put back for its author to
    /// `replay`; its author replays with `correct` and `play`; `late`:
    /// the late false move claimed (section 11, case 6).
    Settle {
        /// Corrected (or replayed) rather than left.
        correct: bool,
        /// The play chosen.
        #[serde(default)]
        play: Option<String>,
        /// Put back for the author to replay.
        #[serde(default)]
        replay: bool,
        /// The late false move claimed.
        #[serde(default)]
        late: bool,
    },
    /// Give up the game at once, at the stake of the score; a
    /// `kind` (a backgammon-style offer) is refused.
    Resign {
        /// Refused when given.
        #[serde(default)]
        kind: Option<String>,
    },
}

/// A new game from the stored option words (empty: `defaults`).
///
/// # Errors
/// Words that are not trictrac options.
pub fn new_game(words: &str, defaults: GameOptions) -> Result<Game, crate::error::GameError> {
    let options = if words.trim().is_empty() {
        defaults
    } else {
        GameOptions::from_words(words)?
    };
    Ok(Game::new(options))
}

/// The record of `game` so far.
fn record_of(game: &Game, names: BySide<&str>, date: &str) -> Record {
    Record::from_game(
        game,
        Header {
            event: "Grand Trictrac".into(),
            date: date.to_string(),
            white: names.get(Side::White).to_string(),
            black: names.get(Side::Black).to_string(),
            ..Header::default()
        },
    )
}

impl ServerGame for Game {
    type Verb = Verb;

    fn describe(&self) -> super::info::Descriptor {
        describe::descriptor()
    }

    fn forfeit(&self, side: Side) -> Option<Action> {
        Some(Action::Resign { side: side.char() })
    }

    fn intent(&self, intent: Verb, seats: &[Side]) -> Result<(Side, Choice<Action>), RoomError> {
        if let Some(w) = self.winner() {
            return Err(RoomError::Refused(format!("the game is over: {w} won")));
        }
        if seats.is_empty() {
            return Err("you are watching: only the players act".into());
        }
        // The seat that may act out of turn (hot-seat holds both: the
        // side to act first).
        let pick = |ok: &dyn Fn(Side) -> bool| {
            let mut order: Vec<Side> = seats.to_vec();
            if let Some(s) = self.phase().side() {
                order.sort_by_key(|x| *x != s);
            }
            order.into_iter().find(|s| ok(*s))
        };
        match intent {
            Verb::Contest => {
                let side = pick(&|s| self.can_contest_school(s)).ok_or(
                    "no school marked against you is open to a contest: contest before the next roll (R-10.4)",
                )?;
                return Ok((side, Choice::Act(Action::Contest { side: side.char() })));
            }
            Verb::Settle { late: true, .. } => {
                // Section 11, case 6: the opponent's late claim.
                let side = pick(&|s| self.can_claim_late_false_move(s)).ok_or(
                    "no late false move to claim: after your roll, until its author's next play, while you can still fill your grand jan (section 11, case 6)",
                )?;
                return Ok((side, Choice::Act(Action::LateClaim { side: side.char() })));
            }
            Verb::Settle {
                correct,
                play,
                replay,
                ..
            } => {
                // Leaving it and putting it back are the opponent's; a
                // correction the opponent's or, to the smallest one or
                // once put back, the author's.
                let opponent_only = !correct || replay;
                let side = pick(&|s| {
                    self.can_settle_false_move(s)
                        && (!opponent_only || self.false_move().is_some_and(|(a, _)| a != s))
                })
                .ok_or(if replay {
                    "no false play of the other player to put back, before your roll (section 11)"
                } else if correct {
                    "no false play to correct now: it is corrected before the opponent's roll (section 11)"
                } else {
                    "no false play of the other player to leave as it is, before your roll (section 11)"
                })?;
                return Ok((
                    side,
                    Choice::Act(Action::Settle {
                        side: side.char(),
                        correct: correct && !replay,
                        play: play.filter(|_| correct && !replay),
                        replay,
                    }),
                ));
            }
            Verb::Resign { kind: None } => {
                let side = pick(&|_| true).ok_or("you are watching: only the players act")?;
                return Ok((side, Choice::Act(Action::Resign { side: side.char() })));
            }
            Verb::Resign { kind: Some(_) } => {
                return Err(RoomError::Refused(
                    "Grand Trictrac has no resignation offer: resign ends the game at once, at the R-9.1 stake of the score (RULES-CHOICES.md)"
                        .into(),
                ))
            }
            _ => {}
        }
        let side = match self.phase() {
            Phase::FirstMove => return Err("the first move is being decided".into()),
            p => p.side().ok_or("the game is over")?,
        };
        if !seats.contains(&side) {
            let mine = seats[0];
            return Err(RoomError::NotYourTurn(format!(
                "it is {side}'s turn, and you hold the {mine} seat"
            )));
        }
        Ok((side, turn_choice(side, intent)?))
    }

    fn view(&self, v: &mut Value, full: bool, tail: usize) {
        view::state_fields(self, v, full, tail);
    }

    fn stake_text(&self) -> Option<String> {
        view::stake_text(self)
    }

    fn options_words(&self) -> String {
        self.options().to_words()
    }

    fn bot_table(&self) -> Option<BotTable<Game>> {
        Some(BotTable::new(PLAYERS, table::level, table_player))
    }

    fn hint(&self, seats: &[Side]) -> Result<Job, crate::error::AnalysisError> {
        let side = match self.phase() {
            Phase::Play(s) | Phase::StayOrLeave(s) => s,
            _ => {
                return Err(
                    "a hint is for choosing a play or whether to stay (R-8.6): roll first".into(),
                )
            }
        };
        if !seats.contains(&side) {
            return Err("a hint is for the side to move".into());
        }
        // The analysis of `trictrac hint`: equities by the default
        // bot's network and search, whatever the room's bot.
        Ok(job(self, analysis::hint))
    }

    fn judge(&self, intent: Verb, seats: &[Side]) -> Result<Job, crate::error::AnalysisError> {
        let side = match self.phase() {
            Phase::Play(s) | Phase::StayOrLeave(s) => s,
            _ => return Err("the tutor judges a play or a choice to stay or leave (R-8.6)".into()),
        };
        if !seats.contains(&side) {
            return Err("the tutor judges the decisions of the side to move".into());
        }
        let d = match intent {
            Verb::Play { play } => analysis::Decision::Play(play),
            Verb::Stay => analysis::Decision::Stay(true),
            Verb::Leave => analysis::Decision::Stay(false),
            _ => return Err("the tutor judges a play, staying or leaving".into()),
        };
        Ok(job(self, move |game| analysis::judge(game, &d)))
    }

    fn record(&self, ext: &str, names: BySide<&str>, date: &str) -> Option<String> {
        match ext {
            "txt" => Some(record_of(self, names, date).to_string()),
            "json" => Some(record_of(self, names, date).to_json()),
            _ => None,
        }
    }

    fn record_formats(&self) -> &'static [&'static str] {
        &["txt", "json"]
    }

    fn review(&self, names: BySide<&str>, date: &str, ended: bool) -> Review {
        if self.winner().is_none() && !ended {
            return Err(RoomError::Refused("a review is of a finished game".into()));
        }
        let rec = record_of(self, names, date);
        let key = rec.to_string();
        Ok((key, Box::new(move || Ok(analysis::review_json(&rec)))))
    }

    fn why(&self, field: u8) -> Option<String> {
        Some(why_not(self, field))
    }

    fn live_key(&self) -> Option<String> {
        if self.winner().is_some() {
            return None;
        }
        live_key(self.position())
    }
}

/// What a verb of the turn's own makes for `side`, whose turn it is.
///
/// # Errors
/// A verb answered before the turn's own (contest, settle, resign).
fn turn_choice(side: Side, verb: Verb) -> Result<Choice<Action>, RoomError> {
    Ok(match verb {
        Verb::Roll => Choice::Throw,
        Verb::Play { play } => Choice::Act(Action::Play { p: play }),
        Verb::Stay => Choice::Act(Action::Stay),
        Verb::Leave => Choice::Act(Action::Leave),
        Verb::Declare { points } => Choice::Act(Action::Declare { n: points }),
        Verb::School { points } => Choice::Act(Action::School {
            side: side.char(),
            n: points,
        }),
        Verb::Contest | Verb::Settle { .. } | Verb::Resign { .. } => {
            return Err(RoomError::Refused(
                "contest, settle and resign are answered before the turn's own".into(),
            ))
        }
    })
}

/// The checkers of a position as a key (issue 38): the two checker
/// fields of its TPN (`w:… b:…`), the same whatever the score, the side
/// to move or the way the query wrote them. `None` for the starting
/// position, whose analysis is everyone's.
pub fn live_key(pos: &::trictrac::Position) -> Option<String> {
    let key = |pos: &::trictrac::Position| {
        let tpn = pos.to_string();
        let checkers: Vec<&str> = tpn.split_whitespace().take(2).collect();
        format!("trictrac {}", checkers.join(" "))
    };
    let k = key(pos);
    (k != key(Game::new(GameOptions::default()).position())).then_some(k)
}

/// Why the checker on the absolute `field` cannot be played with the
/// roll waiting, in the engine's words (each with its rule): every die
/// tried alone from there, and both dice *tout d'une*.
fn why_not(game: &Game, field: u8) -> String {
    let trictrac::Phase::Play(side) = game.phase() else {
        return "there is no roll to play now".into();
    };
    if !(1..=24).contains(&field) {
        return format!("there is no field {field}: the fields are 1 to 24");
    }
    let f = trictrac::Field::new(field);
    match game.position().board().at(f) {
        None => return format!("field {field} is empty"),
        Some((s, _)) if s != side => {
            return format!("the checkers on {field} are {s}'s, and {side} is to play")
        }
        Some(_) => {}
    }
    let Some(roll) = game.pending_roll() else {
        return "there is no roll to play now".into();
    };
    let movable = game.legal_plays().iter().any(|p| {
        p.moves()
            .iter()
            .any(|m| m.from().to_absolute(side).value() == field)
    });
    if movable {
        return format!("the checker on {field} can be played with {roll}");
    }
    // White moves up the fields, Black down; past the end is off.
    let to = |steps: u8| -> String {
        let t = if side == trictrac::Side::White {
            i16::from(field) + i16::from(steps)
        } else {
            i16::from(field) - i16::from(steps)
        };
        if (1..=24).contains(&t) {
            t.to_string()
        } else {
            "off".into()
        }
    };
    let (a, b) = (roll.high().value(), roll.low().value());
    let mut tries = vec![(a.to_string(), format!("{field}-{}", to(a)))];
    if b != a {
        tries.push((b.to_string(), format!("{field}-{}", to(b))));
    }
    let mid = to(a);
    if mid != "off" {
        tries.push((
            format!("{a} and {b} tout d'une"),
            format!("{field}-{mid}-{}", to(a + b)),
        ));
    }
    let mut reasons: Vec<String> = Vec::new();
    for (die, text) in tries {
        let Ok(n) = text.parse::<trictrac::PlayNotation>() else {
            continue;
        };
        if let Err(trictrac::GameError::Illegal(e)) = game.clone().play_notation(&n) {
            let r = format!("with the {die}, {e}");
            if !reasons.iter().any(|x| x.ends_with(&e.to_string())) {
                reasons.push(r);
            }
        }
    }
    if reasons.is_empty() {
        format!("the checker on {field} is in no legal play of {roll}")
    } else {
        format!(
            "the checker on {field} cannot be played with {roll}: {}",
            reasons.join("; ")
        )
    }
}

/// Grand Trictrac's analysis away from a room: the evaluation of a
/// position set up on the analysis board ([`analysis::position_json`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Analysis;

impl super::GameAnalysis for Analysis {
    fn position(&self, query: &super::Query) -> Result<Job, crate::error::AnalysisError> {
        let q = analysis::PositionQuery::read(query)?;
        Ok(Box::new(move || analysis::position_json(&q)))
    }

    fn live_key(&self, query: &super::Query) -> Option<String> {
        analysis::PositionQuery::read(query)
            .ok()
            .and_then(|q| live_key(&q.position))
    }
}
