//! Backgammon with the videau in a room: a money game or a match
//! ([`backgammon::session::Match`], docs/BACKGAMMON.md) plugged into the
//! server — the protocol's verbs, the state, the bots, the hint at every
//! decision ([`analysis`]), the review ([`review`]), the `.mat` record —
//! and its analysis away from a room ([`Analysis`]: the analysis board,
//! the review of an uploaded `.mat`, [`rollout`]s).

pub mod analysis;
mod describe;
pub mod review;
pub mod rollout;
pub mod view;

/// A query string's fields, for the analysis modules' tests.
#[cfg(test)]
fn query(pairs: &[(&str, &str)]) -> std::collections::HashMap<String, String> {
    pairs
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

use backgammon::session::{options_words, parse_options, Action, Match};
use backgammon::{Position, Roll, Rules};
use serde::Deserialize;
use serde_json::Value;
use tables::{BySide, Choice, Side, TableGame};

use super::{job, BotTable, GameAnalysis, Job, Query, Review, RolloutJob, ServerGame};
use crate::error::RoomError;
use backgammon_bot::{table_player, PLAYERS};

/// What a backgammon player asks for: the client's message
/// (docs/PROTOCOL.md), tagged by its `type`.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Verb {
    /// Roll the dice (BG-3).
    Roll,
    /// Play the roll, in the game's notation (BG-4).
    Play {
        /// The play.
        play: String,
    },
    /// Offer the videau (BG-7.2).
    Double,
    /// Take the videau offered (BG-7.3).
    Take,
    /// Take and redouble at once (BG-7.5, when beavers are on).
    Beaver,
    /// Refuse the videau and lose the game (BG-7.4).
    Drop,
    /// Offer to resign `kind`: `single` (the default), `gammon` or
    /// `backgammon`.
    Resign {
        /// The kind offered.
        #[serde(default)]
        kind: Option<String>,
    },
    /// Accept the resignation the opponent offers.
    Accept,
    /// Decline it: play goes on.
    Decline,
    /// Withdraw one's own offer, before it is answered.
    Withdraw,
}

/// A resignation: offered, answered or withdrawn.
enum Resignation {
    Offer(Option<String>),
    Answer(bool),
    Withdraw,
}

/// A new money game or match from the stored option words.
///
/// # Errors
/// Words that are not backgammon rules.
pub fn new_match(words: &str) -> Result<Match, crate::error::GameError> {
    let (rules, length) = parse_options(words)?;
    Ok(Match::new(rules, length))
}

/// The side to act among `seats`, or why not.
fn seat(m: &Match, seats: &[Side], intent: &Verb) -> Result<Side, RoomError> {
    let Some(side) = m.side_to_act() else {
        return Err(RoomError::Refused(match m.winner() {
            Some(w) => format!("the game is over: {w} won"),
            None => "the opening throw is being made (BG-2.2)".into(),
        }));
    };
    if seats.contains(&side) {
        return Ok(side);
    }
    let mine = seats.first().copied().unwrap_or(!side);
    Err(RoomError::NotYourTurn(match intent {
        Verb::Double => format!(
            "{mine} may offer the videau only on his turn, before rolling, and it is {side}'s turn (BG-7.2)"
        ),
        Verb::Take | Verb::Drop | Verb::Beaver => {
            format!("only the doubled player answers the videau, and that is {side} (BG-7.3)")
        }
        _ => format!("it is {side}'s turn, and you hold the {mine} seat"),
    }))
}

/// The resignations, made out of turn: offered, answered or withdrawn;
/// `None` for other verbs.
fn resignation(
    m: &Match,
    verb: &Verb,
    seats: &[Side],
) -> Result<Option<(Side, Choice<Action>)>, RoomError> {
    let intent = match verb {
        Verb::Resign { kind } => Resignation::Offer(kind.clone()),
        Verb::Accept => Resignation::Answer(true),
        Verb::Decline => Resignation::Answer(false),
        Verb::Withdraw => Resignation::Withdraw,
        _ => return Ok(None),
    };
    if m.over() {
        return Err(RoomError::Refused(
            "the game is over: there is no resignation to offer or answer".into(),
        ));
    }
    if seats.is_empty() {
        return Err("you are watching: only the players act".into());
    }
    let offer = m.game.resignation_offer();
    // A hot-seat connection acts for the side the action is for: the
    // side to act resigns or offers; the offer's addressee answers; the
    // offerer withdraws.
    let pick = |want: Option<Side>| want.filter(|s| seats.contains(s)).unwrap_or(seats[0]);
    let (side, action) = match intent {
        Resignation::Offer(kind) => {
            let side = pick(m.side_to_act());
            let kind = kind.unwrap_or_else(|| "single".into());
            (
                side,
                Action::Offer {
                    side: side.char(),
                    kind,
                },
            )
        }
        Resignation::Answer(accept) => {
            let side = pick(offer.map(|(by, _)| !by));
            let c = side.char();
            let action = if accept {
                Action::Accept { side: c }
            } else {
                Action::Decline { side: c }
            };
            (side, action)
        }
        Resignation::Withdraw => {
            let side = pick(offer.map(|(by, _)| by));
            (side, Action::Withdraw { side: side.char() })
        }
    };
    Ok(Some((side, Choice::Act(action))))
}

impl ServerGame for Match {
    type Verb = Verb;

    fn describe(&self) -> super::info::Descriptor {
        describe::descriptor()
    }

    fn forfeit(&self, side: Side) -> Option<Action> {
        Some(Action::Resign { side: side.char() })
    }

    fn intent(&self, intent: Verb, seats: &[Side]) -> Result<(Side, Choice<Action>), RoomError> {
        if let Some(choice) = resignation(self, &intent, seats)? {
            return Ok(choice);
        }
        let side = seat(self, seats, &intent)?;
        let choice = match intent {
            Verb::Roll => Choice::Throw,
            Verb::Play { play } => Choice::Act(Action::Play { p: play }),
            Verb::Double => Choice::Act(Action::Double),
            Verb::Take => Choice::Act(Action::Take),
            Verb::Beaver => Choice::Act(Action::Beaver),
            Verb::Drop => Choice::Act(Action::Drop),
            Verb::Resign { .. } | Verb::Accept | Verb::Decline | Verb::Withdraw => {
                return Err(RoomError::Refused(
                    "a resignation is offered, answered or withdrawn out of turn".into(),
                ))
            }
        };
        Ok((side, choice))
    }

    fn view(&self, v: &mut Value, full: bool, tail: usize) {
        view::state_fields(self, v, full, tail);
    }

    fn stake_text(&self) -> Option<String> {
        self.game.result().map(|r| r.points.to_string())
    }

    fn options_words(&self) -> String {
        options_words(&self.rules, self.length)
    }

    fn bot_table(&self) -> Option<BotTable<Match>> {
        let level = backgammon_bot::players::table::level;
        Some(BotTable::new(PLAYERS, level, table_player))
    }

    fn hint(&self, seats: &[Side]) -> Result<Job, crate::error::AnalysisError> {
        if !self.side_to_act().is_some_and(|s| seats.contains(&s)) {
            return Err("a hint is for the side to move".into());
        }
        Ok(job(self, analysis::hint))
    }

    fn judge(&self, intent: Verb, seats: &[Side]) -> Result<Job, crate::error::AnalysisError> {
        if !self.side_to_act().is_some_and(|s| seats.contains(&s)) {
            return Err("the tutor judges the decisions of the side to move".into());
        }
        let d = match intent {
            Verb::Play { play } => analysis::Decision::Play(play),
            Verb::Roll => analysis::Decision::NoDouble,
            Verb::Double => analysis::Decision::Double,
            Verb::Take => analysis::Decision::Take,
            Verb::Drop => analysis::Decision::Drop,
            _ => return Err("the tutor judges a play, a double, a take or a drop".into()),
        };
        Ok(job(self, move |m| analysis::judge(m, &d)))
    }

    fn record(&self, ext: &str, names: BySide<&str>, _date: &str) -> Option<String> {
        (ext == "mat").then(|| self.record_text(names))
    }

    fn record_formats(&self) -> &'static [&'static str] {
        &["mat"]
    }

    fn review_page(&self, room: &str) -> String {
        format!("/?bgreview={room}")
    }

    fn review(&self, names: BySide<&str>, _date: &str, ended: bool) -> Review {
        if !self.over() && !ended {
            return Err(RoomError::Refused(
                "a review is of a finished game or match: play it to the end".into(),
            ));
        }
        let text = self.record_text(names);
        let rules = self.rules;
        let key = format!("backgammon {rules}\n{text}");
        Ok((key, Box::new(move || review::review_text(&text, rules))))
    }

    fn entering(&self, side: Side, high: u8, low: u8) -> Option<(bool, f64)> {
        entering(self.game.position(), &self.rules, side, high, low)
    }

    fn live_key(&self) -> Option<String> {
        if self.over() {
            return None;
        }
        analysis::live_key(self.game.position())
    }
}

/// Whether `side`, with checkers on the bar of `pos`, enters with the
/// roll `high`-`low`, and the share of the 36 rolls that enter. The
/// rules say which points are closed (BG-4.2): a roll enters when one
/// of its legal plays moves a checker from the bar.
fn entering(pos: &Position, rules: &Rules, side: Side, high: u8, low: u8) -> Option<(bool, f64)> {
    if pos.on_bar(side) == 0 || !(1..=6).contains(&high) || !(1..=6).contains(&low) {
        return None;
    }
    let pos = pos.with_turn(side);
    let enters = |a: u8, b: u8| {
        pos.legal_plays(Roll::new(a, b), rules)
            .iter()
            .any(|p| p.raw().any(|(from, _, _)| from == 25))
    };
    let mut open = 0u32;
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            open += u32::from(enters(a, b));
        }
    }
    Some((enters(high, low), f64::from(open) / 36.0))
}

/// Backgammon's analysis away from a room, under the standard rules
/// (GNU Backgammon's): the analysis board's positions (the hint and the
/// cube analysis), the review of an uploaded `.mat`, rollouts.
#[derive(Clone, Copy, Debug, Default)]
pub struct Analysis;

impl GameAnalysis for Analysis {
    fn position(&self, query: &Query) -> Result<Job, crate::error::AnalysisError> {
        let s = analysis::setting(query)?;
        let plies = analysis::plies(query)?;
        Ok(Box::new(move || {
            Ok(analysis::analyse(&s, &backgammon::Rules::standard(), plies))
        }))
    }

    fn review_file(&self, text: &str) -> Result<(String, Job), crate::error::AnalysisError> {
        let rules = backgammon::Rules::standard();
        // Read now: a bad file is the sender's error, answered at once.
        review::parse(text, rules)?;
        let text = text.to_string();
        let key = format!("backgammon {rules}\n{text}");
        Ok((key, Box::new(move || review::review_text(&text, rules))))
    }

    fn rollout(&self, query: &Query) -> Result<RolloutJob, crate::error::AnalysisError> {
        let rules = backgammon::Rules::standard();
        let req = rollout::request(query, &rules)?;
        Ok(Box::new(move |progress, stop| {
            rollout::run(&req, &rules, progress, stop)
        }))
    }

    fn live_key(&self, query: &Query) -> Option<String> {
        analysis::setting(query)
            .ok()
            .and_then(|s| analysis::live_key(&s.position))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use backgammon::Setup;

    /// White on the bar against `closed` points of Black's home board
    /// (Black's points 1.., White's entry points for the dice 1..).
    fn on_the_bar_against(closed: u8) -> Position {
        let mut white = [0u8; 26];
        white[25] = 1;
        white[6] = 14;
        let mut black = [0u8; 26];
        for n in black.iter_mut().skip(1).take(closed as usize) {
            *n = 2;
        }
        black[13] = 15 - 2 * closed;
        Position::from_setup(Setup {
            counts: BySide::new(white, black),
            turn: Side::White,
        })
        .unwrap()
    }

    #[test]
    fn entering_from_the_bar_counts_the_rolls_that_enter() {
        let rules = Rules::standard();
        // BG-4.2: with k points closed, (k/6)² of the rolls stay out.
        for k in 0..=6u8 {
            let pos = on_the_bar_against(k);
            let (_, p) = entering(&pos, &rules, Side::White, 6, 5).unwrap();
            let expected = 1.0 - (f64::from(k) / 6.0).powi(2);
            assert!((p - expected).abs() < 1e-12, "{k} closed: {p}");
        }
        // Three points closed (dice 1-3 blocked): 6-5 enters, 3-2 not.
        let pos = on_the_bar_against(3);
        assert!(entering(&pos, &rules, Side::White, 6, 5).unwrap().0);
        assert!(!entering(&pos, &rules, Side::White, 3, 2).unwrap().0);
        assert!(entering(&pos, &rules, Side::White, 3, 4).unwrap().0);
        // Nothing on the bar: no question.
        assert!(entering(&pos, &rules, Side::Black, 6, 5).is_none());
    }
}
