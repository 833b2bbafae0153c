//! A game with the videau, and matches (BG-2, BG-6, BG-7).
//!
//! The state machine of one game:
//!
//! 1. **Opening** (BG-2.2): each player throws one die; equal dice are
//!    thrown again; the higher starts. `standard`: he plays those two
//!    dice. `seed`: he then throws both dice as on any turn.
//! 2. **Roll(side)**: before rolling, `side` may offer the videau
//!    (BG-7.2: either player while it is centred, afterwards only its
//!    owner; not in the Crawford game; not beyond 64).
//! 3. **Doubled**: the opponent takes (the cube is his, at twice the
//!    value, BG-7.3), beavers if allowed (BG-7.5), or drops (BG-7.4: he
//!    loses the game).
//! 4. **Play(side, roll)**: `side` plays one of the legal plays.
//! 5. **Over**: a side has borne off all 15 checkers (BG-5.3, BG-6), or
//!    a double was dropped, or a side resigned.
//!
//! ```
//! use backgammon::{Die, Game, Phase, Roll, Rules, Side};
//! let mut g = Game::money(Rules::standard());
//! g.opening(Die::new(3), Die::new(1)).unwrap(); // White starts with 3-1
//! assert_eq!(g.phase(), Phase::Play(Side::White, Roll::new(3, 1)));
//! let p = *g.legal_plays().iter().find(|p| p.to_string() == "8/5 6/5").unwrap();
//! g.play(&p).unwrap();
//! assert_eq!(g.phase(), Phase::Roll(Side::Black));
//! g.double().unwrap();
//! g.take().unwrap();
//! assert_eq!(g.cube().value, 2);
//! assert_eq!(g.cube().owner, Some(Side::White));
//! ```

mod match_state;
mod resign;
mod videau;

use tables::{DiceSource, Die, Roll, Side};

use crate::plays::{Play, PlayList};
use crate::position::Position;
use crate::rules::{Preset, Rules};
use crate::score::{win_kind, WinKind};

pub use match_state::{EndReason, GameResult, MatchState};
pub use videau::Cube;

/// What must happen next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Each player throws one die (BG-2.2): [`Game::opening`].
    Opening,
    /// `side` may double ([`Game::double`]) or roll ([`Game::roll`]).
    Roll(Side),
    /// `by` offered the videau: the other side takes, beavers or drops.
    Doubled {
        /// Who doubled.
        by: Side,
    },
    /// `side` must play `roll`: [`Game::play`].
    Play(Side, Roll),
    /// The game is over.
    Over(GameResult),
}

/// What happened in a game, in order (the record of the game).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Event {
    /// The opening throw: White's die and Black's die.
    Opening {
        /// White's die.
        white: Die,
        /// Black's die.
        black: Die,
    },
    /// `side` rolled.
    Roll {
        /// Who.
        side: Side,
        /// The dice.
        roll: Roll,
    },
    /// `side` played.
    Play {
        /// Who.
        side: Side,
        /// The roll.
        roll: Roll,
        /// The play.
        play: Play,
    },
    /// `side` offered the videau at `value`.
    Double {
        /// Who.
        side: Side,
        /// The value offered (twice the cube's).
        value: u32,
    },
    /// `side` took.
    Take {
        /// Who.
        side: Side,
    },
    /// `side` took and redoubled at once, keeping the cube (beaver).
    Beaver {
        /// Who.
        side: Side,
    },
    /// `side` refused.
    Drop {
        /// Who.
        side: Side,
    },
    /// `side` offered to resign, conceding `kind` (times the cube) if
    /// the other side accepts.
    ResignOffer {
        /// Who offers.
        side: Side,
        /// What he would concede.
        kind: WinKind,
    },
    /// `side` declined the resignation offered to him: play goes on.
    ResignDeclined {
        /// Who declined.
        side: Side,
    },
    /// `side` withdrew the resignation he had offered: play goes on.
    ResignWithdrawn {
        /// Who withdrew.
        side: Side,
    },
    /// `side` resigned, conceding `kind` (at once, or his offer accepted).
    Resign {
        /// Who.
        side: Side,
        /// What he concedes.
        kind: WinKind,
    },
}

/// An action that is not allowed now, with the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct GameError(pub String);

/// One game of backgammon with the videau, in a match or for money.
#[derive(Clone, Debug)]
pub struct Game {
    rules: Rules,
    state: MatchState,
    position: Position,
    phase: Phase,
    cube: Cube,
    plays: PlayList,
    events: Vec<Event>,
    /// A double offered after rolling (`videau=whole-turn`): the roll
    /// that waits for the answer.
    doubled_roll: Option<Roll>,
    /// A resignation offered and not yet answered: who offers, and what.
    offer: Option<(Side, WinKind)>,
}

impl Game {
    /// A new game under `rules` in `state` (a money game, or a game of a
    /// match), at the opening throw.
    pub fn new(rules: Rules, state: MatchState) -> Game {
        Game {
            rules,
            state,
            position: Position::start(),
            phase: Phase::Opening,
            cube: Cube::centred(),
            plays: PlayList::new(),
            events: Vec::new(),
            doubled_roll: None,
            offer: None,
        }
    }

    /// A money game set up at `position`, its side on roll about to roll
    /// (the opening is over, the cube centred): for analysis and tests.
    pub fn from_position(rules: Rules, position: Position) -> Game {
        let mut g = Game::money(rules);
        g.position = position;
        g.phase = match position.winner() {
            Some(w) => Phase::Over(GameResult {
                winner: w,
                kind: win_kind(&position, w, rules.preset),
                points: win_kind(&position, w, rules.preset).points(),
                reason: EndReason::BorneOff,
            }),
            None => Phase::Roll(position.turn()),
        };
        g
    }

    /// A money game.
    pub fn money(rules: Rules) -> Game {
        Game::new(rules, MatchState::money())
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The match state before this game.
    pub fn match_state(&self) -> &MatchState {
        &self.state
    }

    /// The position (its side on roll is the side to act).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// What must happen next.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The videau.
    pub fn cube(&self) -> Cube {
        self.cube
    }

    /// What happened so far.
    pub fn events(&self) -> &[Event] {
        &self.events
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        match self.phase {
            Phase::Over(r) => Some(r),
            _ => None,
        }
    }

    /// The legal plays of the pending roll (empty outside `Play`).
    pub fn legal_plays(&self) -> &PlayList {
        &self.plays
    }

    fn err<T>(msg: String) -> Result<T, GameError> {
        Err(GameError(msg))
    }

    /// The opening throw (BG-2.2): White's die and Black's die. Equal
    /// dice are thrown again (the game stays at `Opening`).
    ///
    /// # Errors
    /// If the game is not at its opening.
    pub fn opening(&mut self, white: Die, black: Die) -> Result<(), GameError> {
        if self.phase != Phase::Opening {
            return Game::err("the opening throw is over (BG-2.2)".into());
        }
        self.events.push(Event::Opening { white, black });
        let Some(starter) = Side::higher(white, black) else {
            return Ok(());
        };
        self.position = self.position.with_turn(starter);
        match self.rules.preset {
            Preset::Standard => {
                let roll = Roll::from_dice(white, black);
                self.start_play(starter, roll);
            }
            // The page: the starter then throws both dice.
            Preset::Seed => self.phase = Phase::Roll(starter),
        }
        Ok(())
    }

    /// The side on roll rolls `roll` (given by the caller).
    ///
    /// # Errors
    /// If it is not time to roll (a double pending, the opening, the game
    /// over, or a play pending).
    pub fn roll(&mut self, roll: Roll) -> Result<(), GameError> {
        self.offer_pending()?;
        match self.phase {
            Phase::Roll(side) => {
                self.events.push(Event::Roll { side, roll });
                self.start_play(side, roll);
                Ok(())
            }
            Phase::Opening => Game::err("first the opening throw, one die each (BG-2.2)".into()),
            Phase::Doubled { by } => Game::err(format!(
                "{} must first take or drop the videau (BG-7.3)",
                !by
            )),
            Phase::Play(side, r) => Game::err(format!("{side} must first play his {r}")),
            Phase::Over(_) => Game::err("the game is over".into()),
        }
    }

    /// Draws the dice from `dice`: the opening throw (repeated while
    /// equal) or the roll of the side on roll.
    ///
    /// # Errors
    /// As [`Game::roll`].
    pub fn roll_with(&mut self, dice: &mut impl DiceSource) -> Result<(), GameError> {
        if self.phase == Phase::Opening {
            loop {
                let (w, b) = (dice.die(), dice.die());
                self.opening(w, b)?;
                if self.phase != Phase::Opening {
                    return Ok(());
                }
            }
        }
        let roll = dice.roll();
        self.roll(roll)
    }

    fn start_play(&mut self, side: Side, roll: Roll) {
        self.position
            .legal_plays_into(roll, &self.rules, &mut self.plays);
        self.phase = Phase::Play(side, roll);
    }

    /// The side on roll plays `play`, which must reach the position of one
    /// of the legal plays.
    ///
    /// # Errors
    /// If no play is pending, or the play is illegal (with the rule).
    pub fn play(&mut self, play: &Play) -> Result<(), GameError> {
        self.offer_pending()?;
        let Phase::Play(side, roll) = self.phase else {
            return Game::err("there is no roll to play".into());
        };
        // A play of the list (the usual case) is legal as it is; another
        // is checked and replaced by the legal play reaching its position.
        let (canonical, next) = if self.plays.contains(play) {
            (*play, self.position.play_unchecked(play))
        } else {
            let next = self
                .position
                .play(roll, play, &self.rules)
                .map_err(|e| GameError(e.to_string()))?;
            let canonical = self
                .plays
                .iter()
                .copied()
                .find(|p| self.position.play_unchecked(p) == next)
                .unwrap_or(*play);
            (canonical, next)
        };
        self.events.push(Event::Play {
            side,
            roll,
            play: canonical,
        });
        self.position = next;
        self.plays.clear();
        if let Some(w) = next.winner() {
            let kind = win_kind(&next, w, self.rules.preset);
            // Jacoby (BG-7.5): a money game with the cube in use and never
            // turned counts single; without the cube the rule has no object.
            let counted = if self.state.is_money()
                && self.rules.jacoby
                && self.rules.cube
                && self.cube.owner.is_none()
            {
                WinKind::Single
            } else {
                kind
            };
            self.phase = Phase::Over(GameResult {
                winner: w,
                kind,
                points: counted.points() * self.cube.value,
                reason: EndReason::BorneOff,
            });
        } else {
            self.phase = Phase::Roll(!side);
        }
        Ok(())
    }

    /// The next game of the match (or the next money game), `None` when
    /// this game is not over or the match is won.
    pub fn next_game(&self) -> Option<Game> {
        let r = self.result()?;
        let state = self.state.after(&r);
        if state.winner().is_some() {
            return None;
        }
        Some(Game::new(self.rules, state))
    }
}
