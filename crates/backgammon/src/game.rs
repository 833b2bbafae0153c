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

use core::fmt;

use tables::{BySide, DiceSource, Die, Roll, Side};

use crate::plays::{Play, PlayList};
use crate::position::Position;
use crate::rules::{Preset, Rules, VideauTiming};
use crate::score::{win_kind, WinKind};

/// The videau (doubling cube, BG-7.1): its value and who owns it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cube {
    /// 1 (centred), 2, 4, … 64.
    pub value: u32,
    /// Its owner, `None` while centred.
    pub owner: Option<Side>,
}

impl Cube {
    /// The highest face (BG-7.1).
    pub const MAX: u32 = 64;

    /// The centred cube at 1.
    pub const fn centred() -> Cube {
        Cube {
            value: 1,
            owner: None,
        }
    }
}

impl Default for Cube {
    fn default() -> Cube {
        Cube::centred()
    }
}

/// The match a game belongs to: its length (0 for a money game) and the
/// score before the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct MatchState {
    /// Points to win the match; 0 for a money game (no match).
    pub length: u32,
    /// Points of each side before this game.
    pub score: BySide<u32>,
    /// Whether this is the Crawford game: the first game after a side
    /// reached `length − 1` (no double, BG-7.5).
    pub crawford: bool,
    /// Whether the Crawford game has been played.
    pub crawford_done: bool,
    /// Games played before this one.
    pub games: u32,
}

impl MatchState {
    /// A money game (no match).
    pub const fn money() -> MatchState {
        MatchState {
            length: 0,
            score: BySide::new(0, 0),
            crawford: false,
            crawford_done: false,
            games: 0,
        }
    }

    /// A match to `length` points, score 0–0.
    pub const fn to(length: u32) -> MatchState {
        MatchState {
            length,
            score: BySide::new(0, 0),
            crawford: false,
            crawford_done: false,
            games: 0,
        }
    }

    /// Whether this is a money game.
    pub const fn is_money(&self) -> bool {
        self.length == 0
    }

    /// The match winner, if a side has `length` points or more.
    pub fn winner(&self) -> Option<Side> {
        if self.length == 0 {
            return None;
        }
        Side::ALL
            .into_iter()
            .find(|&s| *self.score.get(s) >= self.length)
    }

    /// The state after a game that `result` ended: points added, the
    /// Crawford game set when a side first reaches `length − 1`.
    pub fn after(&self, result: &GameResult) -> MatchState {
        let mut next = *self;
        *next.score.get_mut(result.winner) += result.points;
        next.games += 1;
        if self.length > 0 {
            if self.crawford {
                next.crawford = false;
                next.crawford_done = true;
            } else if !self.crawford_done
                && self.length > 1
                && Side::ALL
                    .into_iter()
                    .any(|s| *next.score.get(s) == self.length - 1)
                && next.winner().is_none()
            {
                next.crawford = true;
            }
        }
        next
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The winner bore off all his checkers (BG-5.3).
    BorneOff,
    /// The loser refused the videau (BG-7.4).
    Dropped,
    /// The loser resigned.
    Resigned,
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// Who won.
    pub winner: Side,
    /// Single, gammon or backgammon (for a dropped double: how the seed
    /// counts a refused redouble, else single).
    pub kind: WinKind,
    /// The points won: the kind's points (single under the Jacoby rule
    /// with a centred cube) times the cube, or the dropped cube's value.
    pub points: u32,
    /// Why it ended.
    pub reason: EndReason,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = match self.reason {
            EndReason::BorneOff => format!("a {}", self.kind),
            EndReason::Dropped => "by a refused double".to_string(),
            EndReason::Resigned => format!("a {} by resignation", self.kind),
        };
        write!(
            f,
            "{} wins {how} and {} point{}",
            self.winner,
            self.points,
            if self.points == 1 { "" } else { "s" }
        )
    }
}

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

    /// Whether `side` may offer the videau now (BG-7.2): on his turn
    /// before rolling, the cube centred or his, below 64, not in the
    /// Crawford game, the cube in use, and (in a match) not when he has
    /// already won.
    pub fn can_double(&self, side: Side) -> bool {
        self.double_refusal(side).is_none()
    }

    /// Why `side` may not double now, if he may not.
    pub fn double_refusal(&self, side: Side) -> Option<String> {
        if !self.rules.cube {
            return Some("the videau is not used in this game (cube=off)".into());
        }
        let in_turn = match self.phase {
            Phase::Roll(s) => s == side,
            // `videau=whole-turn`: also after rolling, before moving.
            Phase::Play(s, _) => s == side && self.rules.videau == VideauTiming::WholeTurn,
            _ => false,
        };
        if !in_turn {
            return Some(match self.rules.videau {
                VideauTiming::BeforeRoll => format!(
                    "{side} may offer the videau only on his turn, before rolling (BG-7.2)"
                ),
                VideauTiming::WholeTurn => format!(
                    "{side} may offer the videau only on his turn, before moving (BG-7.2, videau=whole-turn)"
                ),
            });
        }
        if self.state.crawford {
            return Some("no double in the Crawford game (BG-7.5)".into());
        }
        if let Some(o) = self.cube.owner {
            if o != side {
                return Some(format!(
                    "the videau is {o}'s: only its owner may redouble (BG-7.2)"
                ));
            }
        }
        if self.cube.value >= Cube::MAX {
            return Some("the videau is at 64, its highest face (BG-7.1)".into());
        }
        None
    }

    /// `side` (the side on roll, before rolling) offers the videau.
    ///
    /// # Errors
    /// When [`Game::can_double`] is false, with the rule.
    pub fn double(&mut self) -> Result<(), GameError> {
        self.offer_pending()?;
        let (side, roll) = match self.phase {
            Phase::Roll(s) => (s, None),
            Phase::Play(s, r) => (s, Some(r)),
            _ => {
                return Game::err(
                    "the videau may be offered only before rolling, on one's turn (BG-7.2)".into(),
                )
            }
        };
        if let Some(why) = self.double_refusal(side) {
            return Game::err(why);
        }
        // After rolling (`videau=whole-turn`): the roll waits for the
        // answer; the legal plays computed for it stay valid.
        self.doubled_roll = roll;
        self.events.push(Event::Double {
            side,
            value: self.cube.value * 2,
        });
        self.phase = Phase::Doubled { by: side };
        Ok(())
    }

    /// The doubled side accepts: the cube is his at twice the value
    /// (BG-7.3); the doubler then rolls.
    ///
    /// # Errors
    /// If no double is pending.
    pub fn take(&mut self) -> Result<(), GameError> {
        self.offer_pending()?;
        let Phase::Doubled { by } = self.phase else {
            return Game::err("there is no double to take (BG-7.3)".into());
        };
        self.cube.value *= 2;
        self.cube.owner = Some(!by);
        self.events.push(Event::Take { side: !by });
        self.phase = self.after_answer(by);
        Ok(())
    }

    /// The doubled side takes and at once redoubles, keeping the cube
    /// (a beaver; money games with `beavers=on` only, BG-7.5).
    ///
    /// # Errors
    /// If no double is pending, beavers are off, this is a match, or the
    /// cube would pass 64.
    pub fn beaver(&mut self) -> Result<(), GameError> {
        self.offer_pending()?;
        let Phase::Doubled { by } = self.phase else {
            return Game::err("there is no double to beaver (BG-7.5)".into());
        };
        if !self.rules.beavers || !self.state.is_money() {
            return Game::err(
                "beavers are allowed only in money games with beavers=on (BG-7.5)".into(),
            );
        }
        if self.cube.value * 4 > Cube::MAX {
            return Game::err("the videau cannot pass 64 (BG-7.1)".into());
        }
        self.cube.value *= 4;
        self.cube.owner = Some(!by);
        self.events.push(Event::Beaver { side: !by });
        self.phase = self.after_answer(by);
        Ok(())
    }

    /// Where the doubler `by` stands once the double is taken: to roll, or
    /// (a double offered after rolling) to play the roll he threw.
    fn after_answer(&mut self, by: Side) -> Phase {
        match self.doubled_roll.take() {
            Some(roll) => Phase::Play(by, roll),
            None => Phase::Roll(by),
        }
    }

    /// The doubled side refuses and loses the game (BG-7.4). `standard`:
    /// the cube's value before the offer. `seed`: 1 for the first double;
    /// for a redouble, the game counted as it stands (BG-6.2) times the
    /// videau's last value.
    ///
    /// # Errors
    /// If no double is pending.
    pub fn drop_double(&mut self) -> Result<(), GameError> {
        self.offer_pending()?;
        let Phase::Doubled { by } = self.phase else {
            return Game::err("there is no double to refuse (BG-7.4)".into());
        };
        let (kind, points) = match self.rules.preset {
            Preset::Standard => (WinKind::Single, self.cube.value),
            Preset::Seed => {
                if self.cube.owner.is_none() {
                    (WinKind::Single, 1)
                } else {
                    let k = win_kind(&self.position, by, Preset::Seed);
                    (k, k.points() * self.cube.value)
                }
            }
        };
        self.doubled_roll = None;
        self.events.push(Event::Drop { side: !by });
        self.phase = Phase::Over(GameResult {
            winner: by,
            kind,
            points,
            reason: EndReason::Dropped,
        });
        Ok(())
    }

    /// `side` resigns at once, conceding a single game, a gammon or a
    /// backgammon (times the cube): what a time verdict does, and what an
    /// accepted offer ([`Game::answer_resignation`]) ends with. A
    /// resignation offered meanwhile is gone.
    ///
    /// # Errors
    /// If the game is over.
    pub fn resign(&mut self, side: Side, kind: WinKind) -> Result<(), GameError> {
        if matches!(self.phase, Phase::Over(_)) {
            return Game::err("the game is over".into());
        }
        self.offer = None;
        self.events.push(Event::Resign { side, kind });
        self.phase = Phase::Over(GameResult {
            winner: !side,
            kind,
            points: kind.points() * self.cube.value,
            reason: EndReason::Resigned,
        });
        Ok(())
    }

    /// The resignation offered and not yet answered: who offers, and
    /// what he would concede.
    pub fn resignation_offer(&self) -> Option<(Side, WinKind)> {
        self.offer
    }

    /// Why nothing but an answer to the resignation offered may be done
    /// now, if one is offered.
    fn offer_pending(&self) -> Result<(), GameError> {
        match self.offer {
            Some((side, kind)) => Game::err(format!(
                "{side} offers to resign {}: {} must first accept or decline it",
                kind.offered(),
                !side
            )),
            None => Ok(()),
        }
    }

    /// `side` offers to resign, conceding `kind` (times the cube) if the
    /// other side accepts ([`Game::answer_resignation`]); a declined
    /// offer lets play go on. Either side may offer, on either turn, once
    /// the opening throw is made.
    ///
    /// # Errors
    /// The game over or not begun, or an offer already waiting.
    pub fn offer_resignation(&mut self, side: Side, kind: WinKind) -> Result<(), GameError> {
        match self.phase {
            Phase::Over(_) => return Game::err("the game is over: there is nothing to resign".into()),
            Phase::Opening => {
                return Game::err(
                    "a resignation is offered once the game has begun, after the opening throw (BG-2.2)"
                        .into(),
                )
            }
            _ => {}
        }
        if let Some((by, k)) = self.offer {
            return Game::err(if by == side {
                format!(
                    "{side} has already offered to resign {}: {} answers first",
                    k.offered(),
                    !side
                )
            } else {
                format!(
                    "{by} offers to resign {}: {side} must first accept or decline it",
                    k.offered()
                )
            });
        }
        self.events.push(Event::ResignOffer { side, kind });
        self.offer = Some((side, kind));
        Ok(())
    }

    /// `side` answers the resignation offered by the other side:
    /// accepted, the game ends with the points offered; declined, play
    /// goes on where it stood.
    ///
    /// # Errors
    /// No offer waiting (never made, withdrawn or answered), or `side`
    /// answering his own.
    pub fn answer_resignation(&mut self, side: Side, accept: bool) -> Result<(), GameError> {
        let Some((by, kind)) = self.offer else {
            return Game::err(
                "no resignation is offered now (it was never made, or withdrawn, or answered)"
                    .into(),
            );
        };
        if by == side {
            return Game::err(format!(
                "{side} cannot answer his own resignation offer: {} accepts or declines it",
                !side
            ));
        }
        if accept {
            self.resign(by, kind)
        } else {
            self.offer = None;
            self.events.push(Event::ResignDeclined { side });
            Ok(())
        }
    }

    /// `side` withdraws the resignation he offered, before it is
    /// answered: play goes on.
    ///
    /// # Errors
    /// No offer waiting, or one made by the other side.
    pub fn withdraw_resignation(&mut self, side: Side) -> Result<(), GameError> {
        match self.offer {
            None => Game::err("no resignation is offered now: there is nothing to withdraw".into()),
            Some((by, _)) if by != side => Game::err(format!(
                "{by} offered the resignation: only he may withdraw it; {side} accepts or declines it"
            )),
            Some(_) => {
                self.offer = None;
                self.events.push(Event::ResignWithdrawn { side });
                Ok(())
            }
        }
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
