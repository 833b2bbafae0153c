//! Who starts: one die each, *coup et dés*, or both dice each.

use super::{Event, FirstMove, Game, GameError, Phase};
use crate::dice::{Die, Roll};
use crate::side::Side;

impl Game {
    /// The first-move dice: White's die and Black's die. A tie
    /// leaves the phase unchanged (roll again). With `coup-et-des` the
    /// winner then plays that roll.
    ///
    /// # Errors
    /// Outside [`Phase::FirstMove`].
    pub fn first_move(&mut self, white: Die, black: Die) -> Result<(), GameError> {
        if self.phase != Phase::FirstMove {
            return Err(self.wrong("first-move dice"));
        }
        if self.options.first_move == FirstMove::TwoDiceEach {
            return Err(GameError::WrongPhase {
                expected: "both dice of each player (first-move=two-dice-each, R-2.2)",
                action: "one die each",
            });
        }
        self.log.push(Event::FirstMoveDice { white, black });
        if !self.starts(Side::higher(white, black)) {
            return Ok(());
        }
        if self.options.first_move == FirstMove::CoupEtDes {
            self.roll(Roll::from_dice(white, black))?;
        }
        Ok(())
    }

    /// The first-move throws with `first-move=two-dice-each`: each
    /// player throws both dice; the higher total starts and rolls both dice
    /// again for his first move; equal totals leave the phase unchanged
    /// (throw again).
    ///
    /// # Errors
    /// Outside [`Phase::FirstMove`], or with another first-move option.
    pub fn first_move_two(&mut self, white: Roll, black: Roll) -> Result<(), GameError> {
        if self.phase != Phase::FirstMove {
            return Err(self.wrong("first-move dice"));
        }
        if self.options.first_move != FirstMove::TwoDiceEach {
            return Err(GameError::WrongPhase {
                expected: "one die of each player (R-2.2)",
                action: "both dice each",
            });
        }
        self.log.push(Event::FirstMoveRolls { white, black });
        let total = |r: Roll| r.high().value() + r.low().value();
        self.starts(Side::higher(total(white), total(black)));
        Ok(())
    }

    /// The first move won by `starter` (none after a tie: thrown
    /// again): he starts the first relevé, to roll. Whether one did.
    fn starts(&mut self, starter: Option<Side>) -> bool {
        let Some(starter) = starter else {
            return false;
        };
        self.starter = Some(starter);
        self.log.push(Event::Starts(starter));
        self.position.new_releve(starter);
        self.phase = Phase::Roll(starter);
        true
    }
}
