//! Marking (R-2.4 steps 2 and 4, R-5, R-8): points to holes, automatic or
//! declared by the players, and the end of the game at 12 holes.

use super::schools::Claimable;
use super::{stake, Event, Game, GameError, GameKind, Phase, PointsFrom};
use crate::score::Marking;
use crate::side::Side;

impl Game {
    /// The mover marks the points of his own roll (step 2 of ).
    pub(super) fn mark_own(&mut self, side: Side, points: u32) {
        let m = self.mark(side, points, PointsFrom::OwnRoll);
        if self.phase_over() {
            return;
        }
        self.phase = if m.holes.is_empty() {
            Phase::Play(side)
        } else {
            Phase::StayOrLeave(side)
        };
    }

    /// Manual marking: the side in [`Phase::Mark`] declares the
    /// points he marks — after rolling, those his roll brings him; after
    /// the mover's play, those the roll gave him. The declared points are
    /// marked as they are (holes and staying or leaving follow them); an
    /// error is a school the other player may claim with
    /// [`Game::claim_school`].
    ///
    /// # Errors
    /// Outside [`Phase::Mark`], or odd points.
    pub fn declare(&mut self, points: u32) -> Result<(), GameError> {
        let Phase::Mark(side) = self.phase else {
            return Err(self.wrong("declared points"));
        };
        if !points.is_multiple_of(2) {
            return Err(GameError::Points("points are always even (R-5.1)"));
        }
        if points > crate::score::MAX_MARK {
            return Err(GameError::Points("no roll brings that many points"));
        }
        let pending = self.pending.as_ref().expect("a pending roll when marking");
        let mover = pending.score.side;
        let before = *self.position.score();
        if side == mover {
            let owed = pending.own;
            self.log.push(Event::Declared { side, points, owed });
            self.mark_own(side, points);
            let after = *self.position.score();
            if let Some(p) = self.pending.as_mut() {
                p.declared = Some((points, before, after));
            }
        } else {
            // The opponent marks what the roll gave him (step 4 of );
            // his schools on the mover's declarations had to be claimed
            // before: those declarations close.
            let owed = pending.score.opponent_points;
            let exited = pending.exited;
            self.open.retain(|c| c.declarer != mover);
            self.log.push(Event::Declared { side, points, owed });
            self.pending = None;
            self.mark(side, points, PointsFrom::OpponentRoll);
            let after = *self.position.score();
            // School points are marked last.
            self.mark_schools();
            self.open.push(Claimable {
                declarer: side,
                declared: points,
                owed,
                before,
                after,
            });
            self.after_opponent_marked(mover, exited, None);
        }
        Ok(())
    }

    /// Manual marking: the points the side in [`Phase::Mark`] has won by
    /// the rules — what an honest, attentive player declares.
    pub fn points_owed(&self) -> Option<u32> {
        let Phase::Mark(side) = self.phase else {
            return None;
        };
        let p = self.pending.as_ref()?;
        Some(if side == p.score.side {
            p.own
        } else {
            p.score.opponent_points
        })
    }

    /// Marks points for `side` and logs it; ends the game at 12 holes.
    pub(super) fn mark(&mut self, side: Side, points: u32, from: PointsFrom) -> Marking {
        let mut score = *self.position.score();
        let m = score.mark(side, points);
        self.position
            .set_score(score)
            .expect("marking keeps the score in range");
        if points > 0 {
            self.log.push(Event::Marked {
                side,
                from,
                marking: m.clone(),
                after: score,
            });
        }
        if m.won && matches!(self.options.game, GameKind::Ecrire { .. }) {
            // A marqué ends at twelve holes; the player who reached
            // them rolls first in the next one.
            self.end_marque(side);
        } else if m.won {
            let stake = stake(self.options.payout, &score, side);
            self.log.push(Event::Over {
                winner: side,
                stake,
            });
            self.phase = Phase::Over(side);
            self.pending = None;
        }
        m
    }

    /// Whether the current action must stop: the game is over, or a
    /// marqué of a partie à écrire just ended.
    pub(super) fn phase_over(&self) -> bool {
        matches!(self.phase, Phase::Over(_)) || self.cut
    }

    /// Manual marking: the mover's declaration is committed (he moves a
    /// checker, or leaves) and open to the opponent's claim.
    pub(super) fn commit_declaration(&mut self, side: Side) {
        if let Some(p) = &mut self.pending {
            if let Some((declared, before, after)) = p.declared.take() {
                let owed = p.own;
                self.open.push(Claimable {
                    declarer: side,
                    declared,
                    owed,
                    before,
                    after,
                });
            }
        }
    }
}
