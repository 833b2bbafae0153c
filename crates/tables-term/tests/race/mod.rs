//! The third game of the tests (issue 36): a dice race, written here and
//! nowhere else, as the server's tests write it for a room. Each player
//! throws one die at the opening, the higher starts (equal dice are
//! thrown again). On his turn a player rolls two dice, then moves his
//! runner forward by the higher die or by their sum (RACE-1); the first
//! to reach 20 wins (a single game, one point).

use serde::{Deserialize, Serialize};
use tables::{
    ActionError, BySide, Choice, Decision, DiceSource, Outcome, Pending, Player, PlayerError, Side,
    TableGame,
};
use tables_term::TextGame;

/// The square a runner must reach.
pub const GOAL: u32 = 20;

/// A race: where each runner stands, who is to move, the roll.
#[derive(Clone, Debug, Default)]
pub struct Race {
    pub at: BySide<u32>,
    turn: Option<Side>,
    roll: Option<(u8, u8)>,
    log: Vec<RaceAction>,
}

/// An action of the race.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
pub enum RaceAction {
    Opening { w: u8, b: u8 },
    Roll { a: u8, b: u8 },
    Move { n: u32 },
}

fn winner(r: &Race) -> Option<Side> {
    Side::ALL.into_iter().find(|s| *r.at.get(*s) >= GOAL)
}

impl TableGame for Race {
    type Action = RaceAction;

    fn kind(&self) -> &'static str {
        "race"
    }

    fn pending(&self) -> Option<Pending> {
        if winner(self).is_some() {
            return None;
        }
        Some(match (self.turn, self.roll) {
            (None, _) => Pending {
                side: None,
                decision: Decision::Opening,
            },
            (Some(s), None) => Pending {
                side: Some(s),
                decision: Decision::Roll,
            },
            (Some(s), Some(_)) => Pending {
                side: Some(s),
                decision: Decision::Play,
            },
        })
    }

    fn legal_actions(&self) -> Vec<RaceAction> {
        match self.roll {
            Some((a, b)) if winner(self).is_none() => vec![
                RaceAction::Move {
                    n: u32::from(a.max(b)),
                },
                RaceAction::Move {
                    n: u32::from(a + b),
                },
            ],
            _ => Vec::new(),
        }
    }

    fn throw(&self, dice: &mut dyn DiceSource) -> Result<RaceAction, ActionError> {
        let p = self.pending().ok_or(ActionError::Over)?;
        match p.decision {
            Decision::Opening => Ok(RaceAction::Opening {
                w: dice.die().value(),
                b: dice.die().value(),
            }),
            Decision::Roll => Ok(RaceAction::Roll {
                a: dice.die().value(),
                b: dice.die().value(),
            }),
            _ => Err(ActionError::illegal("move before rolling again (RACE-2)")),
        }
    }

    fn apply(&mut self, action: &RaceAction) -> Result<RaceAction, ActionError> {
        let p = self.pending().ok_or(ActionError::Over)?;
        match (action, p.decision) {
            (RaceAction::Opening { w, b }, Decision::Opening) => {
                if w != b {
                    self.turn = Some(if w > b { Side::White } else { Side::Black });
                }
            }
            (RaceAction::Roll { a, b }, Decision::Roll) => self.roll = Some((*a, *b)),
            (RaceAction::Move { n }, Decision::Play) => {
                if !self.legal_actions().contains(action) {
                    return Err(ActionError::illegal(format!(
                        "move by the higher die or the sum, not {n} (RACE-1)"
                    )));
                }
                let Some(s) = self.turn else {
                    return Err(ActionError::illegal("nobody is to move (RACE-2)"));
                };
                *self.at.get_mut(s) += n;
                self.roll = None;
                self.turn = Some(!s);
            }
            _ => {
                return Err(ActionError::illegal(format!(
                    "{action:?} is not a {:?} (RACE-2)",
                    p.decision
                )))
            }
        }
        self.log.push(action.clone());
        Ok(action.clone())
    }

    fn outcome(&self) -> Option<Outcome> {
        let w = winner(self)?;
        Some(Outcome {
            winner: w,
            points: 1,
            text: format!("{} {} {} {}", w, self.at.get(w), !w, self.at.get(!w)),
        })
    }

    fn action_text(&self, action: &RaceAction) -> String {
        match action {
            RaceAction::Opening { w, b } => format!("opening white {w} black {b}"),
            RaceAction::Roll { a, b } => format!("roll {a}-{b}"),
            RaceAction::Move { n } => format!("move {n}"),
        }
    }

    fn position_text(&self) -> String {
        format!("{}-{}", self.at.white, self.at.black)
    }

    fn record_text(&self, names: BySide<&str>) -> String {
        let mut s = format!("race {} v {}\n", names.white, names.black);
        for a in &self.log {
            s.push_str(&self.action_text(a));
            s.push('\n');
        }
        s
    }
}

/// Takes the sum, never less.
pub struct Greedy;

impl Player<Race> for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, game: &Race) -> Result<Choice<RaceAction>, PlayerError> {
        match game.legal_actions().pop() {
            Some(a) => Ok(Choice::Act(a)),
            None => Ok(Choice::Throw),
        }
    }
}

impl TextGame for Race {
    const COMMAND: &'static str = "race";
    const AUTOSAVE: &'static str = "race-autosave.txt";

    fn board_text(&self, viewer: Side) -> String {
        let lane = |s: Side| {
            let at = (*self.at.get(s)).min(GOAL) as usize;
            format!(
                "{:<5} |{}o{}| {}\n",
                s.to_string(),
                ".".repeat(at),
                ".".repeat(GOAL as usize - at),
                self.at.get(s)
            )
        };
        let roll = match self.roll {
            Some((a, b)) => format!("roll {a}-{b}\n"),
            None => String::new(),
        };
        format!("{}{}{roll}", lane(viewer), lane(!viewer))
    }

    fn parse_action(&self, _side: Side, text: &str) -> Result<RaceAction, ActionError> {
        let t = text.trim();
        let n = t.strip_prefix("move").unwrap_or(t).trim();
        n.parse()
            .map(|n| RaceAction::Move { n })
            .map_err(|_| ActionError::Unreadable(format!("`{t}` is not `move N`")))
    }

    fn help_text(&self) -> String {
        "  move N         move your runner N squares: the higher die or the sum\n".into()
    }

    fn history(&self) -> &[RaceAction] {
        &self.log
    }

    fn bots(&self) -> &'static [&'static str] {
        &["greedy", "random"]
    }

    fn bot(&self, name: &str, seed: u64) -> Option<Box<dyn Player<Race>>> {
        match name {
            "greedy" => Some(Box::new(Greedy)),
            "random" => Some(Box::new(
                tables::RandomPlayer::<rand_chacha::ChaCha8Rng>::seeded(seed),
            )),
            _ => None,
        }
    }
}

/// An action read back from a line of the record.
pub fn action_of(line: &str) -> Option<RaceAction> {
    let w: Vec<&str> = line.split_whitespace().collect();
    let n = |s: &str| s.parse().ok();
    match w.as_slice() {
        ["opening", "white", a, "black", b] => Some(RaceAction::Opening { w: n(a)?, b: n(b)? }),
        ["roll", ab] => {
            let (a, b) = ab.split_once('-')?;
            Some(RaceAction::Roll { a: n(a)?, b: n(b)? })
        }
        ["move", k] => Some(RaceAction::Move { n: k.parse().ok()? }),
        _ => None,
    }
}
