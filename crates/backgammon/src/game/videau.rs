//! The videau (doubling cube, BG-7): the cube itself, and the double,
//! take, beaver and drop of a game.

use tables::Side;

use super::{EndReason, Event, Game, GameError, GameResult, Phase};
use crate::rules::{Preset, VideauTiming};
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
impl Game {
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
}
