//! The actions stored for a game: everything that changes it, including
//! the dice the server drew, so that replaying them rebuilds the game.

use serde::{Deserialize, Serialize};
use trictrac::game::FalseMoves;
use trictrac::{Die, Game, Phase, Play, PlayNotation, Roll, Side};

/// One stored action (JSON in the `actions` table).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum Action {
    /// The first-move dice: White's die, Black's die.
    First {
        /// White's die.
        w: u8,
        /// Black's die.
        b: u8,
    },
    /// The first-move throws with `first-move=two-dice-each`:
    /// White's two dice, Black's two dice.
    FirstTwo {
        /// White's dice.
        w: [u8; 2],
        /// Black's dice.
        b: [u8; 2],
    },
    /// A roll drawn by the server for the side to roll.
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
    /// Stay after winning a hole.
    Stay,
    /// Leave after winning a hole.
    Leave,
    /// Manual marking: points declared.
    Declare {
        /// Points.
        n: u32,
    },
    /// Manual marking: the last school contested by `side`.
    Contest {
        /// `w` or `b`.
        side: char,
    },
    /// `false-moves=table`: the false play standing settled by `side`
    /// (section 11): corrected, or left as it is.
    Settle {
        /// `w` or `b`.
        side: char,
        /// Corrected (`true`) or left (`false`).
        correct: bool,
    },
    /// `side` resigns: the other player wins the game.
    Resign {
        /// `w` or `b`.
        side: char,
    },
    /// Manual marking: a school claimed by `side`.
    School {
        /// `w` or `b`.
        side: char,
        /// Points named.
        n: u32,
    },
}

fn die(v: u8) -> Result<Die, String> {
    Die::try_from(v).map_err(|_| format!("die {v} is not 1..6"))
}

impl Action {
    /// Applies the action to `game` through the engine, which checks it.
    ///
    /// # Errors
    /// The engine's one-line reason when the action does not fit.
    pub fn apply(&self, game: &mut Game) -> Result<(), String> {
        let r = match self {
            Action::First { w, b } => game.first_move(die(*w)?, die(*b)?),
            Action::FirstTwo { w, b } => game.first_move_two(
                Roll::from_dice(die(w[0])?, die(w[1])?),
                Roll::from_dice(die(b[0])?, die(b[1])?),
            ),
            Action::Roll { a, b } => game.roll(Roll::from_dice(die(*a)?, die(*b)?)),
            Action::Play { p } => {
                let notation: PlayNotation = p.parse().map_err(|e| format!("{e}"))?;
                if game.options().false_moves == FalseMoves::Table {
                    // Section 11: an illegal play a table allows stands.
                    game.play_at_table(&notation).map(|_| ())
                } else {
                    game.play_notation(&notation).map(|_| ())
                }
            }
            Action::Stay => game.stay(),
            Action::Leave => game.leave(),
            Action::Declare { n } => game.declare(*n),
            Action::Contest { side } => {
                let side = Side::from_char(*side).ok_or("a contest names w or b")?;
                game.contest_school(side).map(|_| ())
            }
            Action::Settle { side, correct } => {
                let side = Side::from_char(*side).ok_or("a settlement names w or b")?;
                if *correct {
                    game.correct_false_move(side).map(|_| ())
                } else {
                    game.accept_false_move(side)
                }
            }
            Action::Resign { side } => {
                let side = Side::from_char(*side).ok_or("a resignation names w or b")?;
                game.resign(side).map(|_| ())
            }
            Action::School { side, n } => {
                let side = Side::from_char(*side).ok_or("a school names w or b")?;
                game.claim_school(side, *n).map(|_| ())
            }
        };
        r.map_err(|e| e.to_string())
    }

    /// The action as stored.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("an action serializes")
    }

    /// Reads a stored action.
    ///
    /// # Errors
    /// When the text is not an action.
    pub fn from_json(s: &str) -> Result<Action, String> {
        serde_json::from_str(s).map_err(|e| format!("stored action `{s}`: {e}"))
    }
}

/// Rebuilds a game by replaying its stored actions.
///
/// # Errors
/// The first action that does not apply, with its number.
pub fn replay(game: &mut Game, actions: &[String]) -> Result<(), String> {
    for (i, a) in actions.iter().enumerate() {
        Action::from_json(a)?
            .apply(game)
            .map_err(|e| format!("action {i} ({a}): {e}"))?;
    }
    Ok(())
}

/// The actions the server makes by itself after a change: a forced pass
/// when nothing can be played. They are applied to `game` and
/// appended to `out`.
pub fn follow_ups(game: &mut Game, out: &mut Vec<Action>) {
    while let Phase::Play(_) = game.phase() {
        let plays = game.legal_plays();
        if plays.len() == 1 && plays[0] == Play::PASS {
            let a = Action::Play { p: "--".into() };
            if a.apply(game).is_err() {
                return;
            }
            out.push(a);
        } else {
            return;
        }
    }
}
