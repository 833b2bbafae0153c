//! False plays at the table (RULES.md section 11, `false-moves=table`): a
//! *fausse case* (a checker *casé* falsely: *caser*, or *tabler*, is to
//! move the checkers by the dice) stands until the opponent leaves it or
//! has it corrected.

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
    /// The legal plays of the roll from `before` (obligations included).
    pub(super) plays: Vec<Play>,
    /// The false play's moves, `(from, to)` in the author's frame.
    pub(super) moves: Vec<(u8, u8)>,
    /// The roll the false play was made with.
    pub(super) roll: tables::dice::Roll,
    /// The opponent had the checkers put back: the author replays
    /// ([`Game::replay_false_move`]).
    pub(super) replay: bool,
}

/// How many checkers a play moves from each field of the mover's frame
/// (a checker played *tout d'une* counts once, at its start).
fn checkers_from(moves: impl Iterator<Item = (u8, u8)>) -> Vec<u8> {
    let moves: Vec<(u8, u8)> = moves.collect();
    let mut out = Vec::new();
    for (i, (from, _)) in moves.iter().enumerate() {
        let chained = i == 1 && moves[0].1 == *from;
        if !chained {
            out.push(*from);
        }
    }
    out.sort_unstable();
    out
}

/// Whether the dice could carry the false play's checkers where they
/// stand: its fault is a rule of play (cases 3 to 6 of the article), not
/// a distance (cases 1 and 2).
fn distances_match(moves: &[(u8, u8)], roll: tables::dice::Roll) -> bool {
    let (a, b) = (roll.high().value(), roll.low().value());
    let mut d: Vec<u8> = moves.iter().map(|(f, t)| t - f).collect();
    d.sort_unstable();
    match d.as_slice() {
        [x] => *x == a || *x == b || *x == a + b,
        [x, y] => {
            (*x == b && *y == a) || (*x + 1 == b && *y + 1 == a && moves.iter().all(|m| m.1 == 12))
        }
        _ => false,
    }
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
        // A roll bound by the opponent's late claim (case 6) is watched:
        // it is played legally.
        if let Some(e) = self.late_claim_refusal() {
            return Err(e);
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
        let plays = pending.plays.to_vec();
        let roll = pending.score.roll;
        self.end_late_at_play(side);
        self.position.board = board;
        if let Some(r) = self.position.rolls.get_mut(side) {
            *r = r.saturating_add(1);
        }
        self.position.turn = !side;
        self.position.dice = None;
        self.log.push(Event::FalsePlay {
            side,
            moves: made.clone(),
        });
        self.false_play = Some(FalseState {
            author: side,
            before,
            correction,
            plays,
            moves: made,
            roll,
            replay: false,
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
        let f = self.false_play.as_ref().filter(|f| !f.replay)?;
        Some((self.position.clone(), self.position_after(f, &f.correction)))
    }

    /// Whether `side` may settle the false play standing now: its
    /// opponent may leave or correct it, its author correct it, once the
    /// opponent has marked the points of the roll and until he rolls.
    pub fn can_settle_false_move(&self, side: Side) -> bool {
        let Some(f) = &self.false_play else {
            return false;
        };
        let opponent = !f.author;
        if f.replay {
            // Put back: only the author acts, replaying.
            return side == f.author && self.phase == Phase::Roll(opponent);
        }
        (side == opponent || side == f.author) && self.phase == Phase::Roll(opponent)
    }

    /// `false-moves=table`: the corrections the opponent may choose for
    /// the false play standing (section 11, *Caso falso*: "L'avversario è
    /// solo padrone delle pedine che hanno contribuito alla falsa
    /// scatola"): the legal plays of the roll, from the position before
    /// the false play, that move only the checkers the false play moved
    /// (from the same fields, no more of them); when none does, every
    /// legal play of the roll (case 6: "un'altra regina"); and the
    /// smallest correction in any case. Empty when no false play stands.
    pub fn false_move_corrections(&self) -> Vec<Play> {
        let Some(f) = &self.false_play else {
            return Vec::new();
        };
        let own = checkers_from(f.moves.iter().copied());
        let within = |p: &Play| {
            let mut left = own.clone();
            checkers_from(p.moves().iter().map(|m| (m.from, m.to)))
                .into_iter()
                .all(|from| match left.iter().position(|x| *x == from) {
                    Some(i) => {
                        left.remove(i);
                        true
                    }
                    None => false,
                })
        };
        let mine: Vec<Play> = f.plays.iter().copied().filter(within).collect();
        let mut out = if mine.is_empty() {
            f.plays.clone()
        } else {
            mine
        };
        // The smallest correction, what `correct` alone has always done,
        // stays his to choose.
        if !out.contains(&f.correction) {
            out.insert(0, f.correction);
        }
        out
    }

    /// `false-moves=table`: whether the opponent may have the checkers put
    /// back and the roll played again by the false play's author
    /// ([`Game::replay_false_move`]). The article allows it where the
    /// false play broke a rule of play, the dice carrying the checkers
    /// where they stand (case 3, the corner by power: "lasciare che il
    /// giocatore in errore giochi il suo colpo a suo piacimento"; case 4,
    /// "costringere il giocatore a completare"; case 5, "lasciando che il
    /// giocatore riproduca a suo piacimento senza rompersi"; case 6,
    /// "lasciare che il giocatore riformi il suo colpo"), not for a wrong
    /// distance (cases 1 and 2: the opponent moves the checker "dove
    /// sarebbe dovuta andare").
    pub fn false_move_may_replay(&self) -> bool {
        self.false_play
            .as_ref()
            .is_some_and(|f| !f.replay && distances_match(&f.moves, f.roll))
    }

    /// `false-moves=table`: the opponent's replay was asked and the author
    /// is to play the roll again, from the position before the false play
    /// (now on the board): `Some((author, legal plays))`.
    pub fn false_move_replay(&self) -> Option<(Side, Vec<Play>)> {
        let f = self.false_play.as_ref()?;
        f.replay.then(|| (f.author, f.plays.clone()))
    }

    /// `false-moves=table`: the position as the false play left it, and
    /// as each correction the opponent may choose leaves it (both with
    /// the opponent to roll): what a bot weighs.
    pub fn false_move_outcomes(&self) -> Option<(Position, Vec<(Play, Position)>)> {
        let f = self.false_play.as_ref().filter(|f| !f.replay)?;
        let outcomes = self
            .false_move_corrections()
            .into_iter()
            .map(|p| (p, self.position_after(f, &p)))
            .collect();
        Some((self.position.clone(), outcomes))
    }

    fn position_after(&self, f: &FalseState, play: &Play) -> Position {
        let mut p = f.before.clone();
        p.play_unchecked_with(play, &self.options.rules);
        p.score = self.position.score;
        p
    }

    /// `false-moves=table`: the opponent has the false play corrected to
    /// `play`, one of [`Game::false_move_corrections`]; or its author,
    /// after the opponent put the checkers back
    /// ([`Game::replay_false_move`]), replays the roll with `play`, any
    /// legal play of the roll; or its author corrects himself before the
    /// opponent's roll, to the smallest correction only (*dame lâchée,
    /// dame jouée*). The points already marked stand.
    ///
    /// # Errors
    /// When no false play stands, after the opponent's roll, or when
    /// `play` is not one `side` may choose.
    pub fn correct_false_move_to(&mut self, side: Side, play: &Play) -> Result<(), GameError> {
        let Some(f) = self.false_play.clone() else {
            return Err(GameError::Points("no false play to correct (section 11)"));
        };
        if !self.can_settle_false_move(side) {
            return Err(GameError::Points(
                "a false play is settled before the opponent's roll, by the opponent or, once put back, by its author (section 11)",
            ));
        }
        let allowed = if f.replay {
            f.plays.contains(play)
        } else if side == f.author {
            *play == f.correction
        } else {
            self.false_move_corrections().contains(play)
        };
        if !allowed {
            return Err(GameError::Points(if f.replay || side != f.author {
                "not a correction the article allows: a legal play of the roll, moving only the checkers of the false play when it can (section 11)"
            } else {
                "the author of a false play corrects it only to the smallest correction (dame lâchée, dame jouée, section 11)"
            }));
        }
        self.settle_with(side, &f, *play);
        Ok(())
    }

    /// [`Game::correct_false_move_to`] with a written play (NOTATION.md),
    /// read against the legal plays of the false play's roll; returns the
    /// play.
    ///
    /// # Errors
    /// As [`Game::correct_false_move_to`], and for a play that is not
    /// legal for that roll.
    pub fn correct_false_move_notation(
        &mut self,
        side: Side,
        play: &PlayNotation,
    ) -> Result<Play, GameError> {
        let Some(f) = &self.false_play else {
            return Err(GameError::Points("no false play to correct (section 11)"));
        };
        let legal: crate::plays::PlayList = f.plays.iter().copied().collect();
        let p = f
            .before
            .resolve_against(f.roll, play, &self.options.rules, &legal)?;
        self.correct_false_move_to(side, &p)?;
        Ok(p)
    }

    /// The false play replaced by the legal `play`.
    fn settle_with(&mut self, side: Side, f: &FalseState, play: Play) {
        let corrected = self.position_after(f, &play);
        self.position.board = corrected.board;
        self.position.privileges = corrected.privileges;
        self.false_play = None;
        self.log.push(Event::FalseMoveSettled {
            by: side,
            corrected: Some(play),
        });
    }

    /// `false-moves=table`: the opponent has the false play's checkers put
    /// back where they stood; its author then plays the roll again, any
    /// legal play ([`Game::correct_false_move_to`]), before the opponent
    /// rolls. Only where the article allows it
    /// ([`Game::false_move_may_replay`]).
    ///
    /// # Errors
    /// When `side` is not the opponent of a false play standing, after
    /// his roll, or for a false play the opponent corrects himself.
    pub fn replay_false_move(&mut self, side: Side) -> Result<(), GameError> {
        let Some(f) = &self.false_play else {
            return Err(GameError::Points("no false play to put back (section 11)"));
        };
        if f.author == side || !self.can_settle_false_move(side) {
            return Err(GameError::Points(
                "the opponent of a false play has it put back, before his roll (section 11)",
            ));
        }
        if !self.false_move_may_replay() {
            return Err(GameError::Points(
                "a false play by a wrong distance is corrected by the opponent, not replayed (section 11, cases 1 and 2)",
            ));
        }
        let before = f.before.board;
        self.position.board = before;
        self.position.privileges = f.before.privileges;
        if let Some(f) = self.false_play.as_mut() {
            f.replay = true;
        }
        self.log.push(Event::FalseMovePutBack { by: side });
        Ok(())
    }

    /// `false-moves=table`: the opponent leaves the false play as it is
    /// (section 11).
    ///
    /// # Errors
    /// When no false play of the other player stands, or after his roll.
    pub fn accept_false_move(&mut self, side: Side) -> Result<(), GameError> {
        match &self.false_play {
            Some(f) if f.author == !side && !f.replay && self.can_settle_false_move(side) => {}
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
        self.settle_with(side, &f, f.correction);
        Ok(f.correction)
    }
}
