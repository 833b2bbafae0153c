//! The actions of a game of Grand Trictrac, and the game as a
//! [`TableGame`]: what the server stores, the driver applies and the
//! record keeps.
//!
//! An [`Action`] is everything that changes a game, the dice thrown
//! included, so that replaying a game's actions rebuilds it. Its JSON form
//! (a `k` tag) is what the server has stored since its first version:
//! it does not change.

use serde::{Deserialize, Serialize};
use tables::game::{ActionError, Decision, Outcome, Pending, TableGame};
use tables::DiceSource;

use crate::game::{FalseMoves, FirstMove};
use crate::record::Header;
use crate::{BySide, Die, Event, Game, GameError, Phase, Play, PlayNotation, Record, Roll, Side};

/// One action of a game (JSON with a `k` tag).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum Action {
    /// The first-move dice (R-2.2): White's die, Black's die.
    First {
        /// White's die.
        w: u8,
        /// Black's die.
        b: u8,
    },
    /// The first-move throws with `first-move=two-dice-each` (R-2.2):
    /// White's two dice, Black's two dice.
    FirstTwo {
        /// White's dice.
        w: [u8; 2],
        /// Black's dice.
        b: [u8; 2],
    },
    /// The roll of the side to roll.
    Roll {
        /// One die.
        a: u8,
        /// The other die.
        b: u8,
    },
    /// A play, in play notation.
    Play {
        /// The play.
        p: String,
    },
    /// Stay after winning a hole (R-8.6).
    Stay,
    /// Leave after winning a hole (R-8.6).
    Leave,
    /// Manual marking: points declared (R-10).
    Declare {
        /// Points.
        n: u32,
    },
    /// Manual marking: the last school contested by `side` (R-10.4).
    Contest {
        /// `w` or `b`.
        side: char,
    },
    /// `false-moves=table`: the false play standing settled by `side`
    /// (section 11): corrected, or left as it is, or put back for its
    /// author to replay.
    Settle {
        /// `w` or `b`.
        side: char,
        /// Corrected (`true`) or left (`false`).
        correct: bool,
        /// With `correct`: the legal play chosen (the author's notation):
        /// the opponent's correction, or the author's replay. Absent: the
        /// smallest correction (the only one before the choice existed:
        /// stored actions without it keep their meaning).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        play: Option<String>,
        /// The opponent has the checkers put back for the author to
        /// replay ([`Game::replay_false_move`]).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        replay: bool,
    },
    /// `false-moves=table`: `side` claims the late false move of the
    /// other player (section 11, case 6): its author's next roll must
    /// carry the faulty checkers into the last quadrant
    /// ([`Game::claim_late_false_move`]).
    LateClaim {
        /// `w` or `b`.
        side: char,
    },
    /// `side` resigns: the other player wins the game.
    Resign {
        /// `w` or `b`.
        side: char,
    },
    /// Manual marking: a school claimed by `side` (R-10).
    School {
        /// `w` or `b`.
        side: char,
        /// Points named.
        n: u32,
    },
}

fn die(v: u8) -> Result<Die, ActionError> {
    Die::try_from(v).map_err(|_| ActionError::Unreadable(format!("die {v} is not 1..6")))
}

fn side_of(c: char) -> Result<Side, ActionError> {
    Side::from_char(c).ok_or_else(|| ActionError::Unreadable(format!("side `{c}`: w or b")))
}

fn refused(e: GameError) -> ActionError {
    ActionError::illegal(e.to_string())
}

impl Action {
    /// Applies the action to `game` through the engine, which checks it,
    /// and returns it as it is to be stored: a play as the engine writes
    /// it (a false play at the table as it was made).
    ///
    /// # Errors
    /// The engine's one-line reason, with its rule id.
    ///
    /// ```
    /// use trictrac::action::Action;
    /// use trictrac::{Game, GameOptions};
    /// let mut g = Game::new(GameOptions::default());
    /// Action::First { w: 5, b: 2 }.apply(&mut g).unwrap();
    /// Action::Roll { a: 6, b: 5 }.apply(&mut g).unwrap();
    /// let e = Action::Play { p: "1-2".into() }.apply(&mut g).unwrap_err();
    /// assert!(e.to_string().len() > 0);
    /// ```
    pub fn apply(&self, game: &mut Game) -> Result<Action, ActionError> {
        let r = match self {
            Action::First { w, b } => game.first_move(die(*w)?, die(*b)?),
            Action::FirstTwo { w, b } => game.first_move_two(
                Roll::from_dice(die(w[0])?, die(w[1])?),
                Roll::from_dice(die(b[0])?, die(b[1])?),
            ),
            Action::Roll { a, b } => game.roll(Roll::from_dice(die(*a)?, die(*b)?)),
            Action::Play { p } => {
                let notation = play_notation(p)?;
                let before = game.events().len();
                if game.options().false_moves == FalseMoves::Table {
                    // Section 11: an illegal play a table allows stands.
                    game.play_at_table(&notation).map_err(refused)?;
                } else {
                    game.play_notation(&notation).map_err(refused)?;
                }
                let played = game.events()[before..].iter().rev().find_map(|e| match e {
                    Event::Played { side, play } => Some((*side, *play)),
                    _ => None,
                });
                return Ok(match played {
                    Some((side, play)) => Action::Play {
                        p: play.display(side).to_string(),
                    },
                    None => self.clone(),
                });
            }
            Action::Stay => game.stay(),
            Action::Leave => game.leave(),
            Action::Declare { n } => game.declare(*n),
            Action::Contest { side } => game.contest_school(side_of(*side)?).map(|_| ()),
            Action::Settle {
                side,
                correct,
                play,
                replay,
            } => {
                let side = side_of(*side)?;
                match (replay, correct, play) {
                    (true, _, _) => game.replay_false_move(side),
                    (false, true, Some(p)) => {
                        let notation = play_notation(p)?;
                        game.correct_false_move_notation(side, &notation)
                            .map(|_| ())
                    }
                    (false, true, None) => game.correct_false_move(side).map(|_| ()),
                    (false, false, _) => game.accept_false_move(side),
                }
            }
            Action::LateClaim { side } => game.claim_late_false_move(side_of(*side)?),
            Action::Resign { side } => game.resign(side_of(*side)?).map(|_| ()),
            Action::School { side, n } => game.claim_school(side_of(*side)?, *n).map(|_| ()),
        };
        r.map_err(refused)?;
        Ok(self.clone())
    }

    /// The action as stored (JSON).
    pub fn to_json(&self) -> String {
        tables::game::to_stored(self)
    }

    /// Reads a stored action.
    ///
    /// # Errors
    /// When the text is not an action.
    pub fn from_json(s: &str) -> Result<Action, ActionError> {
        tables::game::from_stored(s)
    }
}

/// The result line of a finished game, as in records and game lists:
/// `white 12 black 7 x2`, or the marqués' totals of a partie à écrire.
pub fn result_line(game: &Game) -> Option<String> {
    let w = game.winner()?;
    if let Some((_, paid)) = game.ecrire_payment() {
        // Partie à écrire (R-9.2): the totals of the marqués.
        let t = game.marque_totals();
        return Some(format!(
            "{} {} {} {} ecrire {paid}",
            w.name(),
            t.get(w),
            (!w).name(),
            t.get(!w)
        ));
    }
    let s = game.score();
    Some(format!(
        "{} {} {} {} {}",
        w.name(),
        s.holes.get(w),
        (!w).name(),
        s.holes.get(!w),
        game.stake()?
    ))
}

impl TableGame for Game {
    type Action = Action;

    fn kind(&self) -> &'static str {
        "trictrac"
    }

    fn pending(&self) -> Option<Pending> {
        let (side, decision) = match self.phase() {
            Phase::FirstMove => (None, Decision::Opening),
            Phase::Roll(s) => (Some(s), Decision::Roll),
            Phase::Play(s) => (Some(s), Decision::Play),
            Phase::StayOrLeave(s) => (Some(s), Decision::StayOrLeave),
            Phase::Mark(s) => (Some(s), Decision::Mark),
            Phase::Over(_) => return None,
        };
        Some(Pending { side, decision })
    }

    fn legal_actions(&self) -> Vec<Action> {
        let Some(side) = self.phase().side() else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if let Some((_, n)) = self.open_school(side) {
            out.push(Action::School {
                side: side.char(),
                n,
            });
        }
        if self.can_settle_false_move(side) && self.false_move().is_some_and(|(a, _)| a != side) {
            for correct in [true, false] {
                out.push(Action::Settle {
                    side: side.char(),
                    correct,
                    play: None,
                    replay: false,
                });
            }
        }
        if self.can_claim_late_false_move(side) {
            out.push(Action::LateClaim { side: side.char() });
        }
        match self.phase() {
            Phase::Play(s) => out.extend(self.legal_plays().iter().map(|p| Action::Play {
                p: p.display(s).to_string(),
            })),
            Phase::StayOrLeave(_) => out.extend([Action::Stay, Action::Leave]),
            Phase::Mark(_) => out.push(Action::Declare {
                n: self.points_owed().unwrap_or(0),
            }),
            _ => {}
        }
        out
    }

    fn throw(&self, dice: &mut dyn DiceSource) -> Result<Action, ActionError> {
        Ok(match self.phase() {
            Phase::FirstMove => {
                if self.options().first_move == FirstMove::TwoDiceEach {
                    let w = [dice.die().value(), dice.die().value()];
                    let b = [dice.die().value(), dice.die().value()];
                    Action::FirstTwo { w, b }
                } else {
                    let (w, b) = (dice.die().value(), dice.die().value());
                    Action::First { w, b }
                }
            }
            Phase::Roll(_) => {
                let (a, b) = (dice.die().value(), dice.die().value());
                Action::Roll { a, b }
            }
            // No dice are due: the engine's own refusal of a roll now.
            _ => {
                let any = Roll::from_dice(Die::new(1), Die::new(2));
                return Err(match self.clone().roll(any) {
                    Err(e) => refused(e),
                    Ok(()) => ActionError::illegal("no dice are due now"),
                });
            }
        })
    }

    /// The throws due now and their chances: at a roll the 21 rolls (a
    /// double 1/36, a single 2/36, R-2.3), high die first; at the first
    /// move the ordered throws of one die each (36), of two dice each
    /// (1 296, `first-move=two-dice-each`) or of one roll (R-2.2; ties
    /// and doubles are thrown again, as the game rules them).
    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        match self.phase() {
            Phase::Roll(_) => tables::chance::ROLLS
                .iter()
                .map(|w| {
                    let r = w.outcome;
                    (
                        Action::Roll {
                            a: r.high().value(),
                            b: r.low().value(),
                        },
                        r.probability(),
                    )
                })
                .collect(),
            _ => tables::chance::outcomes_of_throw(|dice| self.throw(dice).ok()),
        }
    }

    fn apply(&mut self, action: &Action) -> Result<Action, ActionError> {
        if self.winner().is_some() {
            return Err(ActionError::Over);
        }
        action.apply(self)
    }

    fn forced(&self) -> Option<Action> {
        // R-3.5: nothing can be played, the pass is made for the player.
        let plays = self.legal_plays();
        (matches!(self.phase(), Phase::Play(_)) && plays.len() == 1 && plays[0] == Play::PASS)
            .then(|| Action::Play { p: "--".into() })
    }

    fn actor(&self, action: &Action) -> Option<Side> {
        match action {
            Action::Contest { side }
            | Action::Settle { side, .. }
            | Action::LateClaim { side }
            | Action::Resign { side }
            | Action::School { side, .. } => Side::from_char(*side),
            _ => None,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let winner = self.winner()?;
        Some(Outcome {
            winner,
            points: self.points_won().map_or(1, |p| p.round() as u32),
            text: result_line(self)?,
        })
    }

    fn action_text(&self, action: &Action) -> String {
        match action {
            Action::First { w, b } => format!("first move {w} {b}"),
            Action::FirstTwo { w, b } => {
                format!("first move {}-{} {}-{}", w[0], w[1], b[0], b[1])
            }
            Action::Roll { a, b } => format!("roll {}-{}", a.max(b), a.min(b)),
            Action::Play { p } => p.clone(),
            Action::Stay => "stay".into(),
            Action::Leave => "leave".into(),
            Action::Declare { n } => format!("mark {n}"),
            Action::Contest { side } => format!("{side} contests the school"),
            Action::Settle {
                side,
                correct,
                play,
                replay,
            } => match (replay, correct, play) {
                (true, _, _) => format!("{side} has the false move put back and replayed"),
                (false, true, Some(p)) => format!("{side} corrects the false move to {p}"),
                (false, true, None) => format!("{side} corrects the false move"),
                (false, false, _) => format!("{side} accepts the false move"),
            },
            Action::LateClaim { side } => format!("{side} claims the late false move"),
            Action::Resign { side } => format!("{side} resigns"),
            Action::School { side, n } => format!("{side} claims a school of {n}"),
        }
    }

    fn position_text(&self) -> String {
        self.position().to_string()
    }

    fn record_text(&self, names: BySide<&str>) -> String {
        Record::from_game(
            self,
            Header {
                event: "Grand Trictrac".into(),
                white: names.get(Side::White).to_string(),
                black: names.get(Side::Black).to_string(),
                ..Header::default()
            },
        )
        .to_string()
    }
}

/// A play in the notation of NOTATION.md, read from an action (at most
/// 64 characters: a record's line is never longer).
fn play_notation(p: &str) -> Result<PlayNotation, ActionError> {
    if p.len() > 64 {
        return Err(ActionError::Unreadable(
            "a play is written in at most 64 characters (NOTATION.md)".into(),
        ));
    }
    p.parse()
        .map_err(|e| ActionError::Unreadable(format!("{e}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GameOptions;
    use rand::SeedableRng;

    #[test]
    fn the_chance_nodes_are_the_first_throws_and_the_21_rolls() {
        // R-2.2: 36 ordered throws of one die each, or 1 296 of two dice
        // each; R-2.3: 21 rolls.
        let mut g = Game::new(GameOptions::default());
        let first = g.chance_outcomes();
        assert_eq!(first.len(), 36);
        let two = GameOptions {
            first_move: FirstMove::TwoDiceEach,
            ..GameOptions::default()
        };
        assert_eq!(Game::new(two).chance_outcomes().len(), 1296);
        g.apply(&Action::First { w: 5, b: 2 }).unwrap();
        let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        while !matches!(g.phase(), Phase::Roll(_)) {
            let p = g.legal_actions();
            let a = g.forced().or_else(|| p.first().cloned());
            match a {
                Some(a) => g.apply(&a).unwrap(),
                None => g.apply(&g.throw(&mut dice).unwrap()).unwrap(),
            };
        }
        let rolls = g.chance_outcomes();
        assert_eq!(rolls.len(), 21);
        let total: f64 = rolls.iter().map(|o| o.1).sum();
        assert!((total - 1.0).abs() < 1e-12);
        for (a, _) in &rolls {
            g.clone().apply(a).unwrap();
        }
    }

    #[test]
    fn the_stored_form_is_the_servers() {
        // Actions stored by the server before the game abstraction.
        for (a, json) in [
            (Action::First { w: 5, b: 2 }, r#"{"k":"first","w":5,"b":2}"#),
            (Action::Roll { a: 6, b: 1 }, r#"{"k":"roll","a":6,"b":1}"#),
            (
                Action::Play {
                    p: "1-7 1-2".into(),
                },
                r#"{"k":"play","p":"1-7 1-2"}"#,
            ),
            (Action::Stay, r#"{"k":"stay"}"#),
            (
                Action::Settle {
                    side: 'w',
                    correct: true,
                    play: None,
                    replay: false,
                },
                r#"{"k":"settle","side":"w","correct":true}"#,
            ),
            (
                Action::Settle {
                    side: 'b',
                    correct: true,
                    play: Some("5-7 1-2".into()),
                    replay: false,
                },
                r#"{"k":"settle","side":"b","correct":true,"play":"5-7 1-2"}"#,
            ),
            (
                Action::Settle {
                    side: 'b',
                    correct: false,
                    play: None,
                    replay: true,
                },
                r#"{"k":"settle","side":"b","correct":false,"replay":true}"#,
            ),
            (
                Action::LateClaim { side: 'b' },
                r#"{"k":"late_claim","side":"b"}"#,
            ),
        ] {
            assert_eq!(a.to_json(), json);
            assert_eq!(Action::from_json(json).unwrap(), a);
        }
    }

    #[test]
    fn random_games_through_the_trait_end_and_replay() {
        let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(4);
        let mut w = tables::RandomPlayer::new(&mut rng);
        let mut g = Game::new(GameOptions::default());
        let mut stored = Vec::new();
        for _ in 0..20_000 {
            if g.pending().is_none() {
                break;
            }
            stored.extend(tables::take_turn(&mut g, &mut w, &mut dice).unwrap());
        }
        let o = g.outcome().expect("the game ends");
        assert!(o.text.starts_with(o.winner.name()));
        let mut again = Game::new(GameOptions::default());
        for a in &stored {
            TableGame::apply(&mut again, &Action::from_json(&a.to_json()).unwrap()).unwrap();
        }
        assert_eq!(again.outcome(), g.outcome());
    }
}
