//! A whole game of Grand Trictrac to 12 holes: the turn sequence of R-2.4,
//! marking, staying or leaving, relevés, the first move and the stakes
//! (RULES.md sections 2, 4.8, 8, 9 and 12).
//!
//! The order of a turn is visible in one place, [`Game::roll`] →
//! [`Game::stay`] / [`Game::leave`] → [`Game::play`]:
//!
//! 1. the mover rolls (dice given, or drawn from an injected [`DiceSource`]);
//! 2. he marks the points his roll brings him (the jans are computed on the
//!    position before any checker moves); if that wins him a hole he must
//!    choose to stay or to leave (R-8.6);
//! 3. he plays (unless he left);
//! 4. if the play bore off his last checker he marks the exit (R-4.8), with
//!    the same choice if it wins a hole;
//! 5. the opponent marks the points the roll gave him (unless the mover
//!    left);
//! 6. after the exit the relevé ends: the checkers go back to the talons
//!    and the same player rolls first.
//!
//! ```
//! use trictrac::game::{Game, GameOptions, Phase};
//! use trictrac::{Die, Roll, Side};
//! let mut g = Game::new(GameOptions::default());
//! g.first_move(Die::new(5), Die::new(2)).unwrap(); // White starts (R-2.2)
//! g.roll(Roll::new(6, 5)).unwrap();
//! assert_eq!(g.phase(), Phase::Play(Side::White));
//! let play = g.legal_plays()[0];
//! g.play(&play).unwrap();
//! assert_eq!(g.phase(), Phase::Roll(Side::Black));
//! ```

mod ecrire;
mod events;
mod false_moves;
mod first_move;
mod late_false_move;
mod marking;
mod options;
mod schools;
mod stakes;

pub use ecrire::MarqueResult;
pub use events::{Event, PointsFrom, ReleveEnd};
pub use late_false_move::LateFalseMove;
pub use options::{
    ExitRoll, FalseMoves, FirstMove, GameKind, GameOptions, MarkingMode, Payout,
    DEFAULT_CONSOLATION, DEFAULT_MARQUES,
};
pub use schools::SchoolKind;
pub use stakes::{stake, Stake};

use false_moves::FalseState;
use late_false_move::LateState;
use schools::{Claimable, ClaimedSchool, Contestable};

use crate::dice::Roll;
use crate::jans::{Beneficiary, Jan, RollContext, RollScore};
use crate::legality::IllegalPlay;
use crate::notation::PlayNotation;
use crate::plays::{Play, PlayList};
use crate::position::Position;
use crate::score::{Bredouille, ScoreState};
use crate::side::Side;

pub use tables::DiceSource;

/// Where the game stands: who must do what next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Deciding who starts (R-2.2): [`Game::first_move`].
    FirstMove,
    /// `side` must roll: [`Game::roll`].
    Roll(Side),
    /// `side` won a hole by his own roll and must stay or leave (R-8.6):
    /// [`Game::stay`] or [`Game::leave`].
    StayOrLeave(Side),
    /// `side` must play the pending roll: [`Game::play`].
    Play(Side),
    /// Manual marking: `side` must declare the points he marks — his own
    /// after rolling, or after the mover's play those the roll gave him:
    /// [`Game::declare`].
    Mark(Side),
    /// The game is over: `side` has 12 holes (R-5.2).
    Over(Side),
}

impl Phase {
    /// The side that must act, if any.
    pub fn side(self) -> Option<Side> {
        match self {
            Phase::Roll(s) | Phase::StayOrLeave(s) | Phase::Play(s) | Phase::Mark(s) => Some(s),
            Phase::FirstMove | Phase::Over(_) => None,
        }
    }

    fn expected(self) -> &'static str {
        match self {
            Phase::FirstMove => "the first-move dice (R-2.2)",
            Phase::Roll(_) => "a roll (R-2.4)",
            Phase::StayOrLeave(_) => "staying or leaving (R-8.6)",
            Phase::Play(_) => "a play of the roll (R-2.4)",
            Phase::Mark(_) => "the points marked (R-10)",
            Phase::Over(_) => "nothing: the game is over (R-5.2)",
        }
    }
}

/// A rejected action, naming the rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The action does not fit the phase of the turn.
    #[error("expected {expected}, not {action}")]
    WrongPhase {
        /// What the game waits for.
        expected: &'static str,
        /// What was attempted.
        action: &'static str,
    },
    /// The play is not legal.
    #[error("{0}")]
    Illegal(#[from] IllegalPlay),
    /// Points that cannot be marked.
    #[error("{0}")]
    Points(&'static str),
    /// `false-moves=table`: the opponent's late claim binds this roll
    /// (section 11, case 6): the fields of the checkers to carry on.
    #[error("the opponent claimed the late false move: this roll must carry the checker on {0} into the last quadrant, with a legal play (section 11, case 6)")]
    LateClaim(String),
}

/// The roll being played: its analysis and legal plays.
#[derive(Clone, Debug)]
struct Pending {
    score: RollScore,
    plays: PlayList,
    /// The hole-winning marking that asked for a decision came from the exit.
    after_exit: bool,
    /// Points the mover's roll brings him before playing (exit excluded).
    own: u32,
    /// Manual marking: what the mover declared, with the score just before
    /// and just after it was marked (R-10.2: a hole won only with
    /// over-marked points is taken back).
    declared: Option<(u32, ScoreState, ScoreState)>,
    /// The mover bore off his last checker with this roll.
    exited: bool,
}

/// A game of Grand Trictrac to 12 holes.
#[derive(Clone, Debug)]
pub struct Game {
    options: GameOptions,
    position: Position,
    phase: Phase,
    pending: Option<Pending>,
    log: Vec<Event>,
    /// The starter's first roll and whether the second player has rolled
    /// yet (jan de rencontre, R-6.15).
    first_roll: Option<Roll>,
    second_rolled: bool,
    starter: Option<Side>,
    rolls: u32,
    releves: u32,
    /// Manual marking: committed declarations open to a school.
    open: Vec<Claimable>,
    /// Manual marking: schools claimed, marked after the claimant's
    /// declaration (R-10.4).
    claimed: Vec<ClaimedSchool>,
    /// Manual marking: the last school marked, open to a contest.
    contestable: Option<Contestable>,
    /// `false-moves=table`: a false play standing until it is settled.
    false_play: Option<FalseState>,
    /// `false-moves=table`: a false play left by the opponent's roll that
    /// he may still claim late (section 11, case 6).
    late: Option<LateState>,
    /// Partie à écrire: the marqués ended so far.
    marques: Vec<MarqueResult>,
    /// A marqué ended inside the current action: the rest of the turn is
    /// cut (see [`Game::phase_over`]).
    cut: bool,
}

impl Game {
    /// A new game: checkers on the talons, no score, first move to decide.
    pub fn new(options: GameOptions) -> Game {
        Game {
            options,
            position: Position::start(),
            phase: Phase::FirstMove,
            pending: None,
            log: Vec::new(),
            first_roll: None,
            second_rolled: false,
            starter: None,
            rolls: 0,
            releves: 1,
            open: Vec::new(),
            claimed: Vec::new(),
            contestable: None,
            false_play: None,
            late: None,
            marques: Vec::new(),
            cut: false,
        }
    }

    /// A game continuing from `position` (its checkers, score state and
    /// side to move, who must roll next), e.g. a position from a book.
    /// If the position carries `dice=`, that roll is made at once.
    ///
    /// # Errors
    /// If the position's score already has a winner.
    pub fn from_position(options: GameOptions, position: Position) -> Result<Game, GameError> {
        let mut g = Game::new(options);
        let side = position.turn();
        let dice = position.dice();
        g.position = position;
        g.position.set_dice(None);
        g.starter = Some(side);
        // The history is unknown: no jan de rencontre.
        g.second_rolled = true;
        if let Some(w) = g.position.score().winner() {
            g.phase = Phase::Over(w);
            return Err(g.wrong("a game that is not over"));
        }
        g.phase = Phase::Roll(side);
        if let Some(r) = dice {
            g.roll(r)?;
        }
        Ok(g)
    }

    /// The options.
    pub fn options(&self) -> &GameOptions {
        &self.options
    }

    /// The position (checkers, side to move, score state).
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The score state.
    pub fn score(&self) -> &ScoreState {
        self.position.score()
    }

    /// What the game waits for.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Everything that happened so far.
    pub fn events(&self) -> &[Event] {
        &self.log
    }

    /// The pending roll, while it is being played or decided.
    pub fn pending_roll(&self) -> Option<Roll> {
        self.pending.as_ref().map(|p| p.score.roll)
    }

    /// The jans of the pending roll.
    pub fn pending_score(&self) -> Option<&RollScore> {
        self.pending.as_ref().map(|p| &p.score)
    }

    /// The legal plays of the pending roll (empty outside [`Phase::Play`]).
    pub fn legal_plays(&self) -> &[Play] {
        match (&self.pending, self.phase) {
            (Some(p), Phase::Play(_)) => &p.plays,
            _ => &[],
        }
    }

    /// The first player, once decided.
    pub fn starter(&self) -> Option<Side> {
        self.starter
    }

    /// Rolls made so far (first-move dice not counted).
    pub fn rolls(&self) -> u32 {
        self.rolls
    }

    /// Relevés started so far (1 at the start).
    pub fn releves(&self) -> u32 {
        self.releves
    }

    /// Whether the game is over.
    pub fn phase_is_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_))
    }

    /// The winner, once the game is over.
    pub fn winner(&self) -> Option<Side> {
        match self.phase {
            Phase::Over(s) => Some(s),
            _ => None,
        }
    }

    fn wrong(&self, action: &'static str) -> GameError {
        GameError::WrongPhase {
            expected: self.phase.expected(),
            action,
        }
    }

    /// Draws the next dice from `dice` and applies them: the first-move
    /// dice, or a roll.
    ///
    /// # Errors
    /// When the game waits for a decision or a play, or is over.
    pub fn roll_with(&mut self, dice: &mut impl DiceSource) -> Result<(), GameError> {
        match self.phase {
            Phase::FirstMove if self.options.first_move == FirstMove::TwoDiceEach => {
                let w = Roll::from_dice(dice.die(), dice.die());
                let b = Roll::from_dice(dice.die(), dice.die());
                self.first_move_two(w, b)
            }
            Phase::FirstMove => {
                let (w, b) = (dice.die(), dice.die());
                self.first_move(w, b)
            }
            Phase::Roll(_) => {
                let (a, b) = (dice.die(), dice.die());
                self.roll(Roll::from_dice(a, b))
            }
            _ => Err(self.wrong("a roll")),
        }
    }

    /// The side to move rolls `roll` (R-2.4 steps 1–2): the jans are
    /// computed, the mover marks his points and, if they win a hole, the
    /// game waits for [`Game::stay`] or [`Game::leave`]; otherwise for
    /// [`Game::play`].
    ///
    /// # Errors
    /// Outside [`Phase::Roll`].
    pub fn roll(&mut self, roll: Roll) -> Result<(), GameError> {
        let Phase::Roll(side) = self.phase else {
            return Err(self.wrong("a roll"));
        };
        if self.false_play.as_ref().is_some_and(|f| f.replay) {
            return Err(GameError::Points(
                "the false play was put back: its author replays the roll before this roll (section 11)",
            ));
        }
        if let Some(f) = self.false_play.take() {
            // Rolling leaves the false play as it is (section 11: the
            // opponent settles it before his roll).
            self.log.push(Event::FalseMoveSettled {
                by: !f.author,
                corrected: None,
            });
            // Seen by neither player: the opponent may still claim it
            // late if it passed a checker into his grand jan (case 6).
            self.late = LateState::after(&f, &self.position.board);
        }
        self.rolls += 1;
        self.cut = false;
        self.contestable = None;
        let mut ctx = RollContext::default();
        if Some(side) == self.starter {
            if self.first_roll.is_none() {
                self.first_roll = Some(roll);
            }
        } else if !self.second_rolled {
            self.second_rolled = true;
            ctx.rencontre_with = self.first_roll;
        }
        let (score, plays) = self
            .position
            .score_roll_with(roll, &self.options.rules, &ctx);
        // The exit is marked after the play (R-4.8).
        let own: u32 = score
            .jans
            .iter()
            .filter(|e| e.beneficiary == Beneficiary::Mover && e.jan != Jan::Exit)
            .map(|e| e.points)
            .sum();
        self.log.push(Event::Rolled(score.clone()));
        self.pending = Some(Pending {
            score,
            plays,
            after_exit: false,
            own,
            declared: None,
            exited: false,
        });
        // Section 11, case 6: a late claim binds the author's next roll.
        self.bind_late_claim();
        if self.options.marking == MarkingMode::Manual {
            self.phase = Phase::Mark(side);
            return Ok(());
        }
        self.mark_own(side, own);
        Ok(())
    }

    /// The mover stays (*tenir*, R-8.6): he keeps his remainder and plays
    /// (or, after the exit, the opponent marks and the relevé ends).
    ///
    /// # Errors
    /// Outside [`Phase::StayOrLeave`].
    pub fn stay(&mut self) -> Result<(), GameError> {
        let Phase::StayOrLeave(side) = self.phase else {
            return Err(self.wrong("staying"));
        };
        self.log.push(Event::Decided { side, stay: true });
        let after_exit = self.pending.as_ref().is_some_and(|p| p.after_exit);
        if after_exit {
            self.finish_turn(side, true);
        } else {
            self.phase = Phase::Play(side);
        }
        Ok(())
    }

    /// The mover leaves (*s'en aller*, R-8.6): his remainder is lost, the
    /// opponent marks nothing for this roll, all checkers go back to the
    /// talons and the leaver rolls first in the new relevé.
    ///
    /// # Errors
    /// Outside [`Phase::StayOrLeave`].
    pub fn leave(&mut self) -> Result<(), GameError> {
        let Phase::StayOrLeave(side) = self.phase else {
            return Err(self.wrong("leaving"));
        };
        self.log.push(Event::Decided { side, stay: false });
        self.commit_declaration(side);
        let mut score = *self.position.score();
        *score.points.get_mut(side) = 0;
        *score.points.get_mut(!side) = 0;
        score.bredouille = Bredouille::Either;
        self.position
            .set_score(score)
            .expect("zero points are in range");
        if matches!(self.options.game, GameKind::Ecrire { .. })
            && (score.holes.white >= 6 || score.holes.black >= 6)
        {
            // Partie à écrire: leaving with six holes or more on the board
            // (either side's) ends the marqué (R-9.2).
            self.end_marque(side);
            self.cut = false;
            return Ok(());
        }
        self.new_releve(ReleveEnd::Leave, side);
        Ok(())
    }

    fn new_releve(&mut self, reason: ReleveEnd, first: Side) {
        self.false_play = None;
        self.late = None;
        self.position.new_releve(first);
        self.releves += 1;
        self.log.push(Event::NewReleve { reason, first });
        self.pending = None;
        self.phase = Phase::Roll(first);
    }

    /// Plays `play` for the side to move (R-2.4 step 3: he *case*, or
    /// *table*, his checkers — the article's *caser* / *tabler*, to move the
    /// checkers by the dice), then marks the exit if the last checker left
    /// (R-4.8) and the points the roll gave the opponent.
    ///
    /// # Errors
    /// Outside [`Phase::Play`], or an illegal play (naming the rule).
    pub fn play(&mut self, play: &Play) -> Result<(), GameError> {
        let Phase::Play(side) = self.phase else {
            return Err(self.wrong("a play"));
        };
        let pending = self.pending.as_ref().expect("a pending roll while playing");
        let play = if pending.plays.contains(play) {
            *play
        } else if self.late_claim_unbound().is_some_and(|u| u.contains(play)) {
            return Err(self.late_claim_refusal().expect("a binding claim"));
        } else {
            let roll = pending.score.roll;
            let notation = play.to_notation(side);
            self.position
                .resolve_against(roll, &notation, &self.options.rules, &pending.plays)?
        };
        self.apply_play(side, play);
        Ok(())
    }

    /// Plays a written play (NOTATION.md) for the side to move.
    ///
    /// # Errors
    /// Outside [`Phase::Play`], or an illegal play (naming the rule).
    pub fn play_notation(&mut self, play: &PlayNotation) -> Result<Play, GameError> {
        let Phase::Play(side) = self.phase else {
            return Err(self.wrong("a play"));
        };
        let pending = self.pending.as_ref().expect("a pending roll while playing");
        let resolved = self.position.resolve_against(
            pending.score.roll,
            play,
            &self.options.rules,
            &pending.plays,
        );
        let p = match (resolved, self.late_claim_unbound()) {
            (Ok(p), _) => p,
            // A legal play the opponent's late claim took away (case 6).
            (Err(e), Some(all)) => {
                let roll = pending.score.roll;
                return Err(
                    match self
                        .position
                        .resolve_against(roll, play, &self.options.rules, all)
                    {
                        Ok(_) => self.late_claim_refusal().expect("a binding claim"),
                        Err(_) => e.into(),
                    },
                );
            }
            (Err(e), None) => return Err(e.into()),
        };
        self.apply_play(side, p);
        Ok(p)
    }

    fn apply_play(&mut self, side: Side, play: Play) {
        self.end_late_at_play(side);
        self.position
            .play_unchecked_with(&play, &self.options.rules);
        self.log.push(Event::Played { side, play });
        self.commit_declaration(side);
        if self.position.all_off(side) {
            // R-4.8 / R-6.10: the exit is marked after the play.
            let roll = self.pending.as_ref().expect("pending").score.roll;
            let points = if roll.is_double() { 6 } else { 4 };
            let m = self.mark(side, points, PointsFrom::Exit);
            if self.phase_over() {
                return;
            }
            if !m.holes.is_empty() {
                if let Some(p) = self.pending.as_mut() {
                    p.after_exit = true;
                }
                self.phase = Phase::StayOrLeave(side);
                return;
            }
            self.finish_turn(side, true);
        } else {
            self.finish_turn(side, false);
        }
    }

    /// R-2.4 steps 4–5: the opponent marks what the roll gave him; after
    /// the exit the relevé ends.
    fn finish_turn(&mut self, side: Side, exited: bool) {
        if self.options.marking == MarkingMode::Manual {
            let p = self.pending.as_mut().expect("a pending roll");
            p.exited = exited;
            self.phase = Phase::Mark(!side);
            return;
        }
        let pending = self.pending.take().expect("a pending roll");
        self.mark(
            !side,
            pending.score.opponent_points,
            PointsFrom::OpponentRoll,
        );
        self.after_opponent_marked(side, exited, Some(pending.score.roll));
    }

    /// After the opponent marked: the relevé ends after the exit (the
    /// mover rolls first), otherwise the opponent rolls.
    fn after_opponent_marked(&mut self, side: Side, exited: bool, roll: Option<Roll>) {
        if self.phase_over() {
            return;
        }
        if exited {
            let roll = roll.or_else(|| {
                self.log.iter().rev().find_map(|e| match e {
                    Event::Rolled(s) if s.side == side => Some(s.roll),
                    _ => None,
                })
            });
            self.new_releve(ReleveEnd::Exit, side);
            if self.options.exit_roll == ExitRoll::PourTout {
                // The exit roll is also the first move of the new relevé.
                if let Some(r) = roll {
                    let _ = self.roll(r);
                }
            }
        } else {
            self.phase = Phase::Roll(!side);
        }
    }
}
