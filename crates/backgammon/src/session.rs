//! A money game or a match to N points: the games played so far and the
//! current one ([`Match`]), its actions ([`Action`], what the server
//! stores and the driver applies), and the whole as a [`TableGame`].
//!
//! Every die is an action: the opening throw of each game (repeated
//! while equal, BG-2.2) and each roll. Once a game of a match is over,
//! the next game starts with its own opening throw (Crawford and
//! post-Crawford games follow from [`MatchState`], BG-8).

use serde::{Deserialize, Serialize};
use tables::game::{ActionError, Decision, Outcome, Pending, TableGame};
use tables::DiceSource;

use crate::mat::MatFile;
use crate::{
    BySide, Die, EndReason, Event, Game, MatchState, Phase, Play, PlayText, Roll, Rules, Side,
};

/// The longest match offered.
pub const MAX_MATCH: u32 = 99;

/// A money game or a match: the finished games and the current one.
#[derive(Clone, Debug)]
pub struct Match {
    /// The rules of every game.
    pub rules: Rules,
    /// Points to win, 0 for a money game.
    pub length: u32,
    /// The games already over (a match only).
    pub done: Vec<Game>,
    /// The game being played (or the last one, once all is over).
    pub game: Game,
}

/// The options of a money game or match as words: the rule words, then
/// `match=N` for a match (none, or `match=0`, for a money game).
///
/// # Errors
/// A one-line reason when a word is not understood.
///
/// ```
/// use backgammon::session::{options_words, parse_options};
/// use backgammon::Rules;
/// let (rules, length) = parse_options("seed match=5").unwrap();
/// assert_eq!((rules, length), (Rules::seed(), 5));
/// assert_eq!(options_words(&rules, length), "seed match=5");
/// ```
pub fn parse_options(words: &str) -> Result<(Rules, u32), String> {
    let mut length = 0;
    let mut rest = Vec::new();
    for w in words.split_whitespace() {
        match w.strip_prefix("match=") {
            Some(n) => {
                length = n
                    .parse::<u32>()
                    .ok()
                    .filter(|n| *n <= MAX_MATCH)
                    .ok_or_else(|| {
                        format!("match={n}: a match is 1 to {MAX_MATCH} points (0 for money)")
                    })?;
            }
            None => rest.push(w),
        }
    }
    let rules: Rules = rest
        .join(" ")
        .parse()
        .map_err(|e: crate::RulesError| e.to_string())?;
    Ok((rules, length))
}

/// The options as words: [`parse_options`] reads them back.
pub fn options_words(rules: &Rules, length: u32) -> String {
    if length == 0 {
        rules.to_string()
    } else {
        format!("{rules} match={length}")
    }
}

impl Match {
    /// A new money game (`length` 0) or match, at its opening throw.
    pub fn new(rules: Rules, length: u32) -> Match {
        let state = if length == 0 {
            MatchState::money()
        } else {
            MatchState::to(length)
        };
        Match {
            rules,
            length,
            done: Vec::new(),
            game: Game::new(rules, state),
        }
    }

    /// Whether everything is over: the money game, or the match.
    pub fn over(&self) -> bool {
        self.game.result().is_some() && (self.length == 0 || self.game.next_game().is_none())
    }

    /// Who acts now (`None` at the opening throw and once over).
    pub fn side_to_act(&self) -> Option<Side> {
        if self.over() {
            return None;
        }
        if let Some((by, _)) = self.game.resignation_offer() {
            return Some(!by);
        }
        match self.game.phase() {
            Phase::Roll(s) | Phase::Play(s, _) => Some(s),
            Phase::Doubled { by } => Some(!by),
            Phase::Opening | Phase::Over(_) => None,
        }
    }

    /// The match score after the games over (the current one included
    /// when it is over).
    pub fn score(&self) -> BySide<u32> {
        let s = self.game.match_state();
        match self.game.result() {
            Some(r) => s.after(&r).score,
            None => s.score,
        }
    }

    /// The winner of the whole (money game or match), once over.
    pub fn winner(&self) -> Option<Side> {
        if !self.over() {
            return None;
        }
        let r = self.game.result()?;
        if self.length == 0 {
            return Some(r.winner);
        }
        self.game
            .match_state()
            .after(&r)
            .winner()
            .or(Some(r.winner))
    }

    /// The result line once over, e.g. `white 1 black 0 (single, cube 1)`
    /// for a money game or `white 5 black 3 (match to 5)`.
    pub fn result_text(&self) -> Option<String> {
        let w = self.winner()?;
        let r = self.game.result()?;
        if self.length == 0 {
            let how = match r.reason {
                EndReason::Dropped => "double dropped".to_string(),
                EndReason::Resigned => format!("{} resigned", r.kind),
                EndReason::BorneOff => r.kind.to_string(),
            };
            Some(format!(
                "{} {} {} 0 ({how}, cube {})",
                w.name(),
                r.points,
                (!w).name(),
                self.game.cube().value
            ))
        } else {
            let s = self.score();
            Some(format!(
                "{} {} {} {} (match to {})",
                w.name(),
                s.get(w),
                (!w).name(),
                s.get(!w),
                self.length
            ))
        }
    }

    /// Every game, the current one last.
    pub fn games(&self) -> impl Iterator<Item = &Game> {
        self.done.iter().chain(std::iter::once(&self.game))
    }

    /// The record: gnubg-importable Jellyfish `.mat` text, after a
    /// comment naming the rules when they are not gnubg's (BG-1.4, BG-8).
    /// The names are written as [`crate::mat::mat_name`] makes them (a
    /// name such as `; x` or ` Game 2` would break a reader).
    pub fn mat_text(&self, white: &str, black: &str) -> String {
        let mat = MatFile {
            length: self.length,
            names: BySide::new(white.to_string(), black.to_string()),
            games: self.games().cloned().collect(),
        };
        let mut s = String::new();
        if self.rules != Rules::standard() {
            s.push_str(&format!("; trictrac bg rules: {}\n", self.rules));
        }
        s.push_str(&mat.to_string());
        s
    }

    /// The play just made, as the engine writes it.
    pub fn last_play_text(&self) -> Option<String> {
        self.game.events().iter().rev().find_map(|e| match e {
            Event::Play { play, .. } => Some(play.to_string()),
            _ => None,
        })
    }
}

/// One action of a money game or match (JSON with a `k` tag, as the
/// server has stored them since backgammon came: it does not change).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum Action {
    /// The opening throw (BG-2.2), one die each; when the current game
    /// of a match is over it first starts the next game.
    Opening {
        /// White's die.
        w: u8,
        /// Black's die.
        b: u8,
    },
    /// The roll of the side on roll.
    Roll {
        /// One die.
        a: u8,
        /// The other die.
        b: u8,
    },
    /// A play, in gnubg's notation from the mover's side (`8/5 6/5`).
    Play {
        /// The play.
        p: String,
    },
    /// The side on roll offers the videau (BG-7.2).
    Double,
    /// The doubled side takes (BG-7.3).
    Take,
    /// The doubled side takes and redoubles at once (BG-7.5).
    Beaver,
    /// The doubled side refuses and loses (BG-7.4).
    Drop,
    /// `side` resigns the current game at once, conceding a single game
    /// (times the videau): what a time verdict stores (the players offer,
    /// [`Action::Offer`]).
    Resign {
        /// `w` or `b`.
        side: char,
    },
    /// `side` offers to resign, conceding `kind` (`single`, `gammon` or
    /// `backgammon`, times the videau) if the other side accepts.
    Offer {
        /// `w` or `b`.
        side: char,
        /// What he would concede.
        kind: String,
    },
    /// `side` accepts the resignation offered to him: the game ends.
    Accept {
        /// `w` or `b`.
        side: char,
    },
    /// `side` declines the resignation offered to him: play goes on.
    Decline {
        /// `w` or `b`.
        side: char,
    },
    /// `side` withdraws the resignation he offered: play goes on.
    Withdraw {
        /// `w` or `b`.
        side: char,
    },
}

fn side_of(c: char) -> Result<Side, ActionError> {
    Side::from_char(c).ok_or_else(|| ActionError::Unreadable("a resignation names w or b".into()))
}

fn die(v: u8) -> Result<Die, ActionError> {
    if (1..=6).contains(&v) {
        Ok(Die::new(v))
    } else {
        Err(ActionError::Unreadable(format!("die {v} is not 1..6")))
    }
}

impl Action {
    /// Applies the action through the engine, which checks it, and
    /// returns it as it is to be stored (a play as the engine writes it).
    ///
    /// # Errors
    /// The engine's one-line reason, with the rule.
    ///
    /// ```
    /// use backgammon::session::{Action, Match};
    /// use backgammon::Rules;
    /// let mut m = Match::new(Rules::standard(), 0);
    /// Action::Opening { w: 3, b: 1 }.apply(&mut m).unwrap();
    /// let stored = Action::Play { p: "6/5 8/5".into() }.apply(&mut m).unwrap();
    /// assert_eq!(stored, Action::Play { p: "8/5 6/5".into() });
    /// ```
    pub fn apply(&self, m: &mut Match) -> Result<Action, ActionError> {
        let refused = |e: crate::GameError| ActionError::illegal(e.to_string());
        let g = &mut m.game;
        match self {
            Action::Opening { w, b } => {
                if g.result().is_some() {
                    let next = g
                        .next_game()
                        .filter(|_| m.length > 0)
                        .ok_or(ActionError::Over)?;
                    let old = std::mem::replace(&mut m.game, next);
                    m.done.push(old);
                }
                m.game.opening(die(*w)?, die(*b)?).map_err(refused)?;
            }
            Action::Roll { a, b } => g
                .roll(Roll::from_dice(die(*a)?, die(*b)?))
                .map_err(refused)?,
            Action::Play { p } => {
                if p.len() > 64 {
                    return Err(ActionError::Unreadable(
                        "a play is written in at most 64 characters".into(),
                    ));
                }
                let Phase::Play(_, roll) = g.phase() else {
                    return Err(ActionError::illegal(match g.phase() {
                        Phase::Roll(s) => format!("{s} must roll before playing (BG-3.1)"),
                        Phase::Doubled { by } => {
                            format!("{} must first take or drop the videau (BG-7.3)", !by)
                        }
                        _ => "there is no roll to play".into(),
                    }));
                };
                let play = if p.trim() == "--" || p.trim().is_empty() {
                    Play::PASS
                } else {
                    let text: PlayText = p
                        .parse()
                        .map_err(|e| ActionError::Unreadable(format!("{e}")))?;
                    g.position()
                        .resolve_play(roll, &text, &m.rules)
                        .map_err(|e| ActionError::illegal(e.to_string()))?
                };
                g.play(&play).map_err(refused)?;
                return Ok(Action::Play {
                    p: m.last_play_text().unwrap_or_else(|| p.clone()),
                });
            }
            Action::Double => g.double().map_err(refused)?,
            Action::Take => g.take().map_err(refused)?,
            Action::Beaver => g.beaver().map_err(refused)?,
            Action::Drop => g.drop_double().map_err(refused)?,
            Action::Resign { side } => g
                .resign(side_of(*side)?, crate::WinKind::Single)
                .map_err(refused)?,
            Action::Offer { side, kind } => {
                let k = crate::WinKind::from_name(kind).ok_or_else(|| {
                    ActionError::Unreadable(format!(
                        "a resignation offers single, gammon or backgammon, not {kind:?}"
                    ))
                })?;
                g.offer_resignation(side_of(*side)?, k).map_err(refused)?;
                return Ok(Action::Offer {
                    side: *side,
                    kind: k.name().into(),
                });
            }
            Action::Accept { side } => g
                .answer_resignation(side_of(*side)?, true)
                .map_err(refused)?,
            Action::Decline { side } => g
                .answer_resignation(side_of(*side)?, false)
                .map_err(refused)?,
            Action::Withdraw { side } => {
                g.withdraw_resignation(side_of(*side)?).map_err(refused)?
            }
        }
        Ok(self.clone())
    }

    /// The action as stored (JSON).
    pub fn to_json(&self) -> String {
        tables::game::to_stored(self)
    }

    /// Reads a stored action.
    ///
    /// # Errors
    /// When the text is not a backgammon action.
    pub fn from_json(s: &str) -> Result<Action, ActionError> {
        tables::game::from_stored(s)
    }
}

impl TableGame for Match {
    type Action = Action;

    fn kind(&self) -> &'static str {
        "backgammon"
    }

    fn pending(&self) -> Option<Pending> {
        if self.over() {
            return None;
        }
        // A resignation offered: the other side answers first.
        if let Some((by, _)) = self.game.resignation_offer() {
            return Some(Pending {
                side: Some(!by),
                decision: Decision::Answer,
            });
        }
        let (side, decision) = match self.game.phase() {
            Phase::Opening | Phase::Over(_) => (None, Decision::Opening),
            Phase::Roll(s) if self.game.can_double(s) => (Some(s), Decision::RollOrDouble),
            Phase::Roll(s) => (Some(s), Decision::Roll),
            Phase::Doubled { by } => (Some(!by), Decision::Answer),
            Phase::Play(s, _) => (Some(s), Decision::Play),
        };
        Some(Pending { side, decision })
    }

    fn legal_actions(&self) -> Vec<Action> {
        if self.over() {
            return Vec::new();
        }
        if let Some((by, _)) = self.game.resignation_offer() {
            let side = (!by).char();
            return vec![Action::Accept { side }, Action::Decline { side }];
        }
        match self.game.phase() {
            Phase::Roll(s) if self.game.can_double(s) => vec![Action::Double],
            Phase::Doubled { .. } => {
                let mut v = vec![Action::Take, Action::Drop];
                if self.rules.beavers && self.length == 0 {
                    v.push(Action::Beaver);
                }
                v
            }
            Phase::Play(s, _) => {
                let mut v: Vec<Action> = self
                    .game
                    .legal_plays()
                    .iter()
                    .map(|p| Action::Play { p: p.to_string() })
                    .collect();
                // `videau=whole-turn`: the videau after rolling (BG-7.2).
                if self.game.can_double(s) {
                    v.push(Action::Double);
                }
                v
            }
            _ => Vec::new(),
        }
    }

    fn throw(&self, dice: &mut dyn DiceSource) -> Result<Action, ActionError> {
        if self.over() {
            return Err(ActionError::Over);
        }
        // No dice while a resignation waits for its answer.
        if let Some((by, kind)) = self.game.resignation_offer() {
            return Err(ActionError::illegal(format!(
                "{by} offers to resign {}: {} must first accept or decline it",
                kind.offered(),
                !by
            )));
        }
        Ok(match self.game.phase() {
            Phase::Opening | Phase::Over(_) => {
                let (w, b) = (dice.die().value(), dice.die().value());
                Action::Opening { w, b }
            }
            Phase::Roll(_) => {
                let (a, b) = (dice.die().value(), dice.die().value());
                Action::Roll { a, b }
            }
            // No dice are due: the engine's own refusal of a roll now
            // (BG-7.3 while a double waits, a roll already thrown…).
            _ => {
                let any = Roll::from_dice(Die::new(1), Die::new(2));
                return Err(match self.game.clone().roll(any) {
                    Err(e) => ActionError::illegal(e.to_string()),
                    Ok(()) => ActionError::illegal("no dice are due now"),
                });
            }
        })
    }

    /// The throws due now and their chances: at a roll the 21 rolls (a
    /// double 1/36, a single 2/36, BG-1.1), high die first; at the
    /// opening the 36 ordered throws of one die each (BG-2.2: equal dice
    /// are thrown again, the game still at its opening).
    fn chance_outcomes(&self) -> Vec<(Action, f64)> {
        if self.over() || self.game.resignation_offer().is_some() {
            return Vec::new();
        }
        match self.game.phase() {
            Phase::Opening | Phase::Over(_) => tables::chance::one_die_each()
                .map(|((w, b), p)| {
                    let (w, b) = (w.value(), b.value());
                    (Action::Opening { w, b }, p)
                })
                .collect(),
            Phase::Roll(_) => tables::chance::ROLLS
                .iter()
                .map(|w| {
                    let r = w.outcome;
                    let (a, b) = (r.high().value(), r.low().value());
                    (Action::Roll { a, b }, r.probability())
                })
                .collect(),
            _ => Vec::new(),
        }
    }

    fn apply(&mut self, action: &Action) -> Result<Action, ActionError> {
        if self.over() {
            return Err(ActionError::Over);
        }
        action.apply(self)
    }

    fn forced(&self) -> Option<Action> {
        // BG-3.4, BG-4.2: nothing can be played, the pass is made.
        if !matches!(self.game.phase(), Phase::Play(..))
            || self.over()
            || self.game.resignation_offer().is_some()
        {
            return None;
        }
        let plays = self.game.legal_plays();
        (plays.len() == 1 && plays[0].is_pass()).then(|| Action::Play { p: "--".into() })
    }

    fn actor(&self, action: &Action) -> Option<Side> {
        match action {
            Action::Resign { side }
            | Action::Offer { side, .. }
            | Action::Accept { side }
            | Action::Decline { side }
            | Action::Withdraw { side } => Side::from_char(*side),
            _ => None,
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        let winner = self.winner()?;
        let points = if self.length == 0 {
            self.game.result().map_or(1, |r| r.points)
        } else {
            self.length
        };
        Some(Outcome {
            winner,
            points,
            text: self.result_text()?,
        })
    }

    fn action_text(&self, action: &Action) -> String {
        match action {
            Action::Opening { w, b } => format!("opening {w} {b}"),
            Action::Roll { a, b } => format!("roll {}-{}", a.max(b), a.min(b)),
            Action::Play { p } => p.clone(),
            Action::Double => "double".into(),
            Action::Take => "take".into(),
            Action::Beaver => "beaver".into(),
            Action::Drop => "drop".into(),
            Action::Resign { side } => format!("{side} resigns"),
            Action::Offer { side, kind } => format!("{side} offers to resign a {kind}"),
            Action::Accept { side } => format!("{side} accepts the resignation"),
            Action::Decline { side } => format!("{side} declines the resignation"),
            Action::Withdraw { side } => format!("{side} withdraws the resignation"),
        }
    }

    fn position_text(&self) -> String {
        self.game.position().to_position_id()
    }

    fn record_text(&self, names: BySide<&str>) -> String {
        self.mat_text(names.get(Side::White), names.get(Side::Black))
    }
}

#[cfg(test)]
mod tests;
