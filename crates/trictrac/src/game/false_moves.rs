//! False plays at the table (RULES.md section 11, `false-moves=table`): a
//! *fausse case* stands until the opponent leaves it or has it corrected.

use super::{Event, FalseMoves, Game, GameError, Phase};
use crate::board::{Dest, Field};
use crate::notation::PlayNotation;
use crate::plays::Play;
use crate::position::Position;
use crate::side::Side;

/// `false-moves=table`: a false play and what it may become.
#[derive(Clone, Debug)]
pub(super) struct FalseState {
    pub(super) author: Side,
    /// The position before the false play (the author to move).
    pub(super) before: Position,
    /// The smallest legal correction (section 11).
    pub(super) correction: Play,
}

impl Game {
    /// `false-moves=table` (RULES.md section 11): plays a written play for
    /// the side to move as it is. A legal play is played as by
    /// [`Game::play_notation`] (returned as `Some`). An illegal one that
    /// can be made at a real table — each checker moved forward from a
    /// field holding one of the player's checkers onto a field holding
    /// none of the opponent's, at most two checkers, none borne off — is a
    /// *fausse case*: it stands, the turn goes on (the opponent marks what
    /// the roll gave him, jans being counted before the play), and before
    /// his roll the opponent leaves it ([`Game::accept_false_move`], or
    /// simply rolls) or has it corrected ([`Game::correct_false_move`]);
    /// its author may correct it himself before that roll (*dame lâchée,
    /// dame jouée*: only to the smallest correction, never to a play of
    /// his choice). Returns `None` for a false play.
    ///
    /// # Errors
    /// Outside [`Phase::Play`], without `false-moves=table` when the play
    /// is illegal, or a play no table allows (a checker moved back or onto
    /// the opponent's checkers, more than two checkers, a checker borne
    /// off falsely, a lone checker on a corner —: it must be
    /// replayed, section 11 case 7).
    pub fn play_at_table(&mut self, play: &PlayNotation) -> Result<Option<Play>, GameError> {
        let Phase::Play(side) = self.phase else {
            return Err(self.wrong("a play"));
        };
        let illegal = match self.play_notation(play) {
            Ok(p) => return Ok(Some(p)),
            Err(e) => e,
        };
        if self.options.false_moves != FalseMoves::Table {
            return Err(illegal);
        }
        let table = |why: &'static str| GameError::Points(why);
        if play.moves.len() > 2 {
            return Err(table(
                "at most two checkers move on a roll (R-3.1, section 11)",
            ));
        }
        let mut board = self.position.board;
        let mut made = Vec::new();
        for m in &play.moves {
            let from = m.from.from_absolute(side).value();
            let to = match m.to {
                Dest::Field(f) => f.from_absolute(side).value(),
                Dest::Off => {
                    return Err(table(
                        "a false move never bears a checker off: play the exit legally (R-4.7, section 11)",
                    ))
                }
            };
            if board.count(side, Field::new(from)) == 0 {
                return Err(table("no checker of the player on that field (section 11)"));
            }
            if to <= from {
                return Err(table("checkers only move forward (R-3.1, section 11)"));
            }
            // (the opponent counts his fields in his own frame)
            if board.count(!side, Field::new(to).mirror()) > 0 {
                return Err(table(
                    "no checker may stand on the opponent's checkers (R-3.3, section 11)",
                ));
            }
            board.move_checker(side, from, Some(to));
            made.push((from, to));
        }
        if board.count(side, Field::OWN_CORNER) == 1
            || board.count(side, Field::OPPONENT_CORNER) > 0
        {
            return Err(table(
                "a lone checker on a corner cannot be left at the table: it must be replayed (R-4.1, R-4.2, section 11 case 7)",
            ));
        }
        // The smallest correction: the legal play whose checkers end
        // nearest the false play's (fewest checkers to displace; the
        // first legal play on a tie).
        let displaced = |p: &Play| {
            let after = self.position.after(p);
            (1..=24u8)
                .map(|f| {
                    let a = after.board.count(side, Field::new(f)) as i32;
                    let b = board.count(side, Field::new(f)) as i32;
                    (a - b).unsigned_abs()
                })
                .sum::<u32>()
        };
        let pending = self.pending.as_ref().expect("a pending roll while playing");
        let correction = *pending
            .plays
            .iter()
            .min_by_key(|p| displaced(p))
            .expect("a roll always has a play (-- at least)");
        let before = self.position.clone();
        self.position.board = board;
        if let Some(r) = self.position.rolls.get_mut(side) {
            *r = r.saturating_add(1);
        }
        self.position.turn = !side;
        self.position.dice = None;
        self.log.push(Event::FalsePlay { side, moves: made });
        self.false_play = Some(FalseState {
            author: side,
            before,
            correction,
        });
        self.commit_declaration(side);
        self.finish_turn(side, false);
        Ok(None)
    }

    /// `false-moves=table`: the author of the false play standing, and
    /// its smallest correction (see [`Game::play_at_table`]).
    pub fn false_move(&self) -> Option<(Side, Play)> {
        self.false_play.as_ref().map(|f| (f.author, f.correction))
    }

    /// `false-moves=table`: the position as it stands with the false play,
    /// and as it would be corrected — both with the opponent to roll — for
    /// a player weighing the choice.
    pub fn false_move_choices(&self) -> Option<(Position, Position)> {
        let f = self.false_play.as_ref()?;
        Some((self.position.clone(), self.corrected_position(f)))
    }

    fn corrected_position(&self, f: &FalseState) -> Position {
        let mut p = f.before.clone();
        p.play_unchecked_with(&f.correction, &self.options.rules);
        p.score = self.position.score;
        p
    }

    /// Whether `side` may settle the false play standing now: its
    /// opponent may leave or correct it, its author correct it, once the
    /// opponent has marked the points of the roll and until he rolls.
    pub fn can_settle_false_move(&self, side: Side) -> bool {
        let Some(f) = &self.false_play else {
            return false;
        };
        let opponent = !f.author;
        (side == opponent || side == f.author) && self.phase == Phase::Roll(opponent)
    }

    /// `false-moves=table`: the opponent leaves the false play as it is
    /// (section 11).
    ///
    /// # Errors
    /// When no false play of the other player stands, or after his roll.
    pub fn accept_false_move(&mut self, side: Side) -> Result<(), GameError> {
        match &self.false_play {
            Some(f) if f.author == !side && self.can_settle_false_move(side) => {}
            _ => {
                return Err(GameError::Points(
                    "no false play of the other player to leave as it is, before your roll (section 11)",
                ))
            }
        }
        self.false_play = None;
        self.log.push(Event::FalseMoveSettled {
            by: side,
            corrected: None,
        });
        Ok(())
    }

    /// `false-moves=table`: the false play is corrected — by the opponent,
    /// or by its author before the opponent rolls — to the smallest legal
    /// correction (section 11). The points already marked stand (they
    /// come from the roll, not the play).
    ///
    /// # Errors
    /// When no false play stands, or after the opponent's roll.
    pub fn correct_false_move(&mut self, side: Side) -> Result<Play, GameError> {
        let Some(f) = self.false_play.clone() else {
            return Err(GameError::Points("no false play to correct (section 11)"));
        };
        if !self.can_settle_false_move(side) {
            return Err(GameError::Points(
                "a false play is corrected before the opponent's roll (section 11)",
            ));
        }
        let corrected = self.corrected_position(&f);
        self.position.board = corrected.board;
        self.position.privileges = corrected.privileges;
        self.false_play = None;
        self.log.push(Event::FalseMoveSettled {
            by: side,
            corrected: Some(f.correction),
        });
        Ok(f.correction)
    }
}
