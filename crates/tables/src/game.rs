//! The game abstraction every surface is written against: the server's
//! rooms, the terminal, `match` and `selfplay`, the bots' driver.
//!
//! In the spirit of OpenSpiel's `State`: a game says who must decide and
//! what kind of decision is pending ([`TableGame::pending`]), lists the
//! legal actions of that decision, applies an action (fallibly, with the
//! rule it breaks: [`ActionError`]), throws the dice when they are due
//! ([`TableGame::throw`]), and says when it is over and what it scored
//! ([`Outcome`]). Actions are a serializable type of each game's own,
//! written and read in the game's notation; positions and the whole
//! record are written in the game's notation too.
//!
//! A game here is everything one room plays: Grand Trictrac's game to 12
//! holes, a backgammon money game or a whole match to N points.

use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::{BySide, DiceSource, Side};

/// The kind of decision a game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Decision {
    /// Dice thrown for both sides at once, nobody's decision: the first
    /// move of trictrac, the opening throw of backgammon.
    Opening,
    /// The side throws the dice (nothing else to choose but the actions
    /// any time allows, such as claiming a school).
    Roll,
    /// The side throws the dice or offers the cube first.
    RollOrDouble,
    /// The side plays the roll.
    Play,
    /// The side takes or refuses the cube offered.
    Answer,
    /// The side stays or leaves after winning a hole (trictrac).
    StayOrLeave,
    /// The side marks the points it counted (trictrac, manual marking).
    Mark,
}

impl Decision {
    /// Whether dice are thrown in this decision when the player chooses to.
    pub fn throws(self) -> bool {
        matches!(
            self,
            Decision::Opening | Decision::Roll | Decision::RollOrDouble
        )
    }
}

/// Who must decide, and what.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pending {
    /// The side that decides; `None` when nobody does (an opening throw).
    pub side: Option<Side>,
    /// The kind of decision.
    pub decision: Decision,
}

/// How a game (or match) ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Who won.
    pub winner: Side,
    /// What the winner won: the stake of a trictrac game, the points of a
    /// backgammon money game, the match length for a match.
    pub points: u32,
    /// The result line of records and game lists, e.g.
    /// `white 12 black 7 x2` or `white 5 black 3 (match to 5)`.
    pub text: String,
}

/// An action refused, with the rule that refuses it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// Not allowed by the rules now.
    #[error("{message}")]
    Illegal {
        /// The rule's id (`R-6.1`, `BG-7.2`), when one is named.
        rule: Option<String>,
        /// The one-line reason.
        message: String,
    },
    /// The text is not an action of this game.
    #[error("{0}")]
    Unreadable(String),
    /// The game is over.
    #[error("the game is over")]
    Over,
}

impl ActionError {
    /// An illegal action: the rule id is the first one the message names
    /// ([`rule_in`]).
    pub fn illegal(message: impl Into<String>) -> ActionError {
        let message = message.into();
        ActionError::Illegal {
            rule: rule_in(&message).map(String::from),
            message,
        }
    }

    /// The rule id, if the refusal names one.
    pub fn rule(&self) -> Option<&str> {
        match self {
            ActionError::Illegal { rule, .. } => rule.as_deref(),
            _ => None,
        }
    }
}

/// The first rule id in `text`: a word of one to six capital letters,
/// a hyphen, then numbers with dots (`R-6.1`, `BG-7.4`).
///
/// ```
/// use tables::game::rule_in;
/// assert_eq!(rule_in("a checker may not rest there (R-4.2)"), Some("R-4.2"));
/// assert_eq!(rule_in("the cube is not yours (BG-7.2)."), Some("BG-7.2"));
/// assert_eq!(rule_in("no rule, no X-ray, no A-1b"), None);
/// ```
pub fn rule_in(text: &str) -> Option<&str> {
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let boundary = i == 0 || !b[i - 1].is_ascii_alphanumeric();
        if boundary && b[i].is_ascii_uppercase() {
            let letters = b[i..].iter().take_while(|c| c.is_ascii_uppercase()).count();
            let dash = i + letters;
            if letters <= 6 && b.get(dash) == Some(&b'-') {
                let digits = b[dash + 1..]
                    .iter()
                    .take_while(|c| c.is_ascii_digit() || **c == b'.')
                    .count();
                let mut end = dash + 1 + digits;
                while end > dash + 1 && b[end - 1] == b'.' {
                    end -= 1;
                }
                let after_ok = b.get(end).is_none_or(|c| !c.is_ascii_alphanumeric());
                if end > dash + 1 && b[dash + 1].is_ascii_digit() && after_ok {
                    return Some(&text[i..end]);
                }
            }
            i += letters.max(1);
            continue;
        }
        i += 1;
    }
    None
}

/// An action as stored (its JSON form).
pub fn to_stored<A: Serialize>(action: &A) -> String {
    serde_json::to_string(action).unwrap_or_default()
}

/// Reads a stored action.
///
/// # Errors
/// When the text is not an action of this game.
pub fn from_stored<A: DeserializeOwned>(text: &str) -> Result<A, ActionError> {
    serde_json::from_str(text)
        .map_err(|e| ActionError::Unreadable(format!("stored action `{text}`: {e}")))
}

/// A game of tables, as every surface sees it.
pub trait TableGame: Clone + Send + Sync + std::fmt::Debug + 'static {
    /// One action: a throw of dice, a play, a decision. Stored as JSON by
    /// the server, so its serialized form is kept stable.
    type Action: Clone
        + std::fmt::Debug
        + PartialEq
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;

    /// The game's name: `trictrac`, `backgammon`.
    fn kind(&self) -> &'static str;

    /// Who must decide and what; `None` once the game is over.
    fn pending(&self) -> Option<Pending>;

    /// The actions the deciding side may take now, throws of the dice
    /// excepted ([`TableGame::throw`]). Empty when it has nothing to
    /// choose (a roll that is only thrown).
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// The throw of the dice due now (the opening throw, or the roll of
    /// the side on roll), drawn from `dice`.
    ///
    /// # Errors
    /// When no dice are due, with the rules' reason (the game says why,
    /// in its own words and with its rule: one place for that message).
    fn throw(&self, dice: &mut dyn DiceSource) -> Result<Self::Action, ActionError>;

    /// The chance node of the throw due now: every throw
    /// [`TableGame::throw`] may make, with its probability (they add up to
    /// 1), as OpenSpiel lists a chance node's outcomes. Empty when no dice
    /// are due. Searches and exact evaluations go over this list instead
    /// of drawing dice ([`crate::search`]).
    ///
    /// By default the throws are found by trying every sequence of the
    /// dice `throw` draws ([`crate::chance::outcomes_of_throw`]); a game
    /// lists them itself to give them in its own order or faster.
    ///
    /// ```
    /// use tables::{BySide, DiceSource, Decision, Pending, Side, TableGame};
    /// use tables::game::{ActionError, Outcome};
    ///
    /// /// A game of one throw of two dice: a double wins for White.
    /// #[derive(Clone, Debug, Default)]
    /// struct Doubles(Option<(u8, u8)>);
    ///
    /// impl TableGame for Doubles {
    ///     type Action = (u8, u8);
    ///     fn kind(&self) -> &'static str { "doubles" }
    ///     fn pending(&self) -> Option<Pending> {
    ///         self.0.is_none().then_some(Pending { side: None, decision: Decision::Opening })
    ///     }
    ///     fn legal_actions(&self) -> Vec<(u8, u8)> { Vec::new() }
    ///     fn throw(&self, dice: &mut dyn DiceSource) -> Result<(u8, u8), ActionError> {
    ///         if self.0.is_some() { return Err(ActionError::Over); }
    ///         let r = dice.roll();
    ///         Ok((r.high().value(), r.low().value()))
    ///     }
    ///     fn apply(&mut self, a: &(u8, u8)) -> Result<(u8, u8), ActionError> {
    ///         self.0 = Some(*a);
    ///         Ok(*a)
    ///     }
    ///     fn outcome(&self) -> Option<Outcome> {
    ///         let (a, b) = self.0?;
    ///         let winner = if a == b { Side::White } else { Side::Black };
    ///         Some(Outcome { winner, points: 1, text: format!("{winner} wins") })
    ///     }
    ///     fn action_text(&self, a: &(u8, u8)) -> String { format!("{}-{}", a.0, a.1) }
    ///     fn position_text(&self) -> String { String::new() }
    ///     fn record_text(&self, _: BySide<&str>) -> String { String::new() }
    /// }
    ///
    /// let game = Doubles::default();
    /// let chances = game.chance_outcomes();
    /// assert_eq!(chances.len(), 21);
    /// assert!(chances.contains(&((6, 6), 1.0 / 36.0)));
    /// assert!(chances.contains(&((6, 5), 2.0 / 36.0)));
    /// // White's chance of winning, exactly: the doubles' share.
    /// let white: f64 = chances
    ///     .iter()
    ///     .filter(|(a, _)| a.0 == a.1)
    ///     .map(|(_, p)| p)
    ///     .sum();
    /// assert!((white - 1.0 / 6.0).abs() < 1e-12);
    /// // Once thrown, no dice are due.
    /// let mut over = game.clone();
    /// over.apply(&(3, 3)).unwrap();
    /// assert!(over.chance_outcomes().is_empty());
    /// ```
    fn chance_outcomes(&self) -> Vec<(Self::Action, f64)> {
        crate::chance::outcomes_of_throw(|dice| self.throw(dice).ok())
    }

    /// Applies `action`, checked by the rules, and returns it as it is
    /// to be stored (a play as the engine writes it, whatever way it was
    /// written).
    ///
    /// # Errors
    /// When the rules do not allow it now, with the rule.
    fn apply(&mut self, action: &Self::Action) -> Result<Self::Action, ActionError>;

    /// The action the game makes by itself now, if any: a pass when
    /// nothing can be played.
    fn forced(&self) -> Option<Self::Action> {
        None
    }

    /// The side an action is taken by, when it is taken out of turn (a
    /// resignation, a school contested): `None` for the pending side.
    fn actor(&self, action: &Self::Action) -> Option<Side> {
        let _ = action;
        None
    }

    /// How it ended, once over.
    fn outcome(&self) -> Option<Outcome>;

    /// `action` in the game's notation (`1-7 1-6`, `13/7 8/7`, `roll 6-5`).
    fn action_text(&self, action: &Self::Action) -> String;

    /// The current position in the game's notation (TPN, Position ID).
    fn position_text(&self) -> String;

    /// The whole record in the game's format (trictrac's record, the
    /// `.mat` of backgammon), with the players' names.
    fn record_text(&self, names: BySide<&str>) -> String;
}
