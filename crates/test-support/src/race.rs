//! The third game of the tests (issue 36): a dice race, written here
//! once for every surface's test of it. Each player throws one die at
//! the opening, the higher starts (equal dice are thrown again). On his
//! turn a player rolls two dice, then moves his runner forward by the
//! higher die or by their sum (RACE-1); the first to reach the goal (20
//! unless the surface sets another) wins (a single game, one point).
//!
//! The race is the measure of the game abstraction: a third game joins
//! a surface with no edit outside its own files and one registration
//! line. Its rules (`tables::TableGame`) are written here; what a
//! surface asks more of a game (the terminal's `tables_term::TextGame`,
//! the server's `ServerGame`) is written by that surface's test, next
//! to its registration line (`tests/third_game_terminal.rs` of
//! `tables-term`, `tests/third_game.rs` of `trictrac-server`), and
//! nothing else of the workspace changes for it.
//!
//! Rust lets a crate implement a trait of another crate only for its own
//! types, so the race is a macro, [`race_game!`](crate::race_game): each
//! test expands it into its own `Race`, and implements its surface's
//! trait for it.

/// Writes the dice race ([`crate::race`]) into the calling module:
/// `GOAL` (20), `Race` (its `goal`, the runners `at`, the side `turn`
/// to move, the `roll`, the actions so far `log`), `RaceAction`,
/// `winner`, the rules (`tables::TableGame`), the bot `Greedy`, and
/// `action_of` (an action read back from a line of the record).
///
/// The calling crate depends on `tables` and `serde` (with `derive`).
#[macro_export]
macro_rules! race_game {
    () => {
        /// The square a runner must reach, unless the race says another.
        const GOAL: u32 = 20;

        /// A race: the goal, where each runner stands, who is to move,
        /// the roll, the actions so far.
        #[derive(Clone, Debug)]
        struct Race {
            goal: u32,
            at: ::tables::BySide<u32>,
            turn: Option<::tables::Side>,
            roll: Option<(u8, u8)>,
            log: Vec<RaceAction>,
        }

        /// An action of the race.
        #[derive(Clone, Debug, PartialEq, Eq, ::serde::Serialize, ::serde::Deserialize)]
        #[serde(tag = "k", rename_all = "snake_case")]
        enum RaceAction {
            Opening { w: u8, b: u8 },
            Roll { a: u8, b: u8 },
            Move { n: u32 },
        }

        impl Default for Race {
            fn default() -> Race {
                Race {
                    goal: GOAL,
                    at: ::tables::BySide::default(),
                    turn: None,
                    roll: None,
                    log: Vec::new(),
                }
            }
        }

        /// The side whose runner reached the goal.
        fn winner(r: &Race) -> Option<::tables::Side> {
            ::tables::Side::ALL
                .into_iter()
                .find(|s| *r.at.get(*s) >= r.goal)
        }

        impl ::tables::TableGame for Race {
            type Action = RaceAction;

            fn kind(&self) -> &'static str {
                "race"
            }

            fn pending(&self) -> Option<::tables::Pending> {
                use ::tables::{Decision, Pending};
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

            fn throw(
                &self,
                dice: &mut dyn ::tables::DiceSource,
            ) -> Result<RaceAction, ::tables::ActionError> {
                use ::tables::{ActionError, Decision};
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

            fn apply(&mut self, action: &RaceAction) -> Result<RaceAction, ::tables::ActionError> {
                use ::tables::{ActionError, Decision, Side};
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

            fn outcome(&self) -> Option<::tables::Outcome> {
                let w = winner(self)?;
                Some(::tables::Outcome {
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

            fn record_text(&self, names: ::tables::BySide<&str>) -> String {
                let mut s = format!("race {} v {}\n", names.white, names.black);
                for a in &self.log {
                    s.push_str(&self.action_text(a));
                    s.push('\n');
                }
                s
            }
        }

        /// Takes the sum, never less.
        struct Greedy;

        impl ::tables::Player<Race> for Greedy {
            fn name(&self) -> &str {
                "greedy"
            }

            fn choose(
                &mut self,
                game: &Race,
            ) -> Result<::tables::Choice<RaceAction>, ::tables::PlayerError> {
                use ::tables::{Choice, TableGame};
                match game.legal_actions().pop() {
                    Some(a) => Ok(Choice::Act(a)),
                    None => Ok(Choice::Throw),
                }
            }
        }

        /// An action read back from a line of the record.
        #[allow(dead_code)]
        fn action_of(line: &str) -> Option<RaceAction> {
            let w: Vec<&str> = line.split_whitespace().collect();
            let n = |s: &str| s.parse().ok();
            match w.as_slice() {
                ["opening", "white", a, "black", b] => {
                    Some(RaceAction::Opening { w: n(a)?, b: n(b)? })
                }
                ["roll", ab] => {
                    let (a, b) = ab.split_once('-')?;
                    Some(RaceAction::Roll { a: n(a)?, b: n(b)? })
                }
                ["move", k] => Some(RaceAction::Move { n: k.parse().ok()? }),
                _ => None,
            }
        }
    };
}
