//! The stakes (R-9.1): what a won or resigned game is worth.

use super::{Event, Game, GameError, GameKind, Payout, Phase};
use crate::score::{Bredouille, ScoreState};
use crate::side::Side;
use core::fmt;

/// A stake multiplier (R-9.1), in halves to hold ×1.5 exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Stake {
    pub(super) halves: u8,
}

impl Stake {
    /// The multiplier as a number.
    pub fn value(self) -> f64 {
        self.halves as f64 / 2.0
    }
}

impl fmt::Display for Stake {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.halves.is_multiple_of(2) {
            write!(f, "x{}", self.halves / 2)
        } else {
            write!(f, "x{}.5", self.halves / 2)
        }
    }
}

/// The stake of a finished game (R-9.1).
pub fn stake(payout: Payout, score: &ScoreState, winner: Side) -> Stake {
    let loser_holes = *score.holes.get(!winner);
    let grande = loser_holes == 0 || score.pavillon == Bredouille::Side(winner);
    let halves = match payout {
        Payout::Guiton => {
            if loser_holes == 0 {
                8
            } else if score.pavillon == Bredouille::Side(winner) {
                6
            } else if score.pavillon == Bredouille::Neither && loser_holes < 6 {
                4
            } else {
                2
            }
        }
        Payout::Soumille => {
            if grande {
                4
            } else if loser_holes < 7 {
                3
            } else {
                2
            }
        }
        Payout::Jollyvet => {
            if grande {
                4
            } else {
                2
            }
        }
        Payout::Honneurs => {
            if loser_holes == 0 {
                8
            } else if score.pavillon == Bredouille::Side(winner) {
                6
            } else if score.pavillon == Bredouille::Neither && loser_holes < 7 {
                4
            } else {
                2
            }
        }
        Payout::None => 2,
    };
    Stake { halves }
}

impl Game {
    /// The stake of the finished game (R-9.1). A partie à écrire has no
    /// stake: it is paid by its marqués' totals ([`Game::ecrire_payment`],
    /// R-9.2), and this is `None` there.
    pub fn stake(&self) -> Option<Stake> {
        if matches!(self.options.game, GameKind::Ecrire { .. }) {
            return None;
        }
        self.winner()
            .map(|w| stake(self.options.payout, self.position.score(), w))
    }

    /// What the winner of the finished game receives, in units of the
    /// agreed stake: the stake's multiplier for the ordinary game (R-9.1),
    /// the payment of a partie à écrire (the difference of the marqués'
    /// totals, R-9.2). `None` while the game goes on.
    ///
    /// ```
    /// use trictrac::{Game, GameOptions};
    /// assert_eq!(Game::new(GameOptions::default()).points_won(), None);
    /// ```
    pub fn points_won(&self) -> Option<f64> {
        self.winner()?;
        if matches!(self.options.game, GameKind::Ecrire { .. }) {
            return self.ecrire_payment().map(|(_, paid)| f64::from(paid));
        }
        self.stake().map(Stake::value)
    }

    /// `side` resigns (docs/RULES-CHOICES.md): the other player wins the
    /// game at once, at the stake R-9.1 gives him on the score as it
    /// stands — as if he took the holes left before the resigner marked
    /// another (a resigner without a hole pays the grande bredouille).
    /// Allowed at any moment of a game not over, on either side's turn.
    ///
    /// # Errors
    /// When the game is over, or in a partie à écrire (R-9.2: it is paid
    /// by its marqués, there is no stake to concede).
    pub fn resign(&mut self, side: Side) -> Result<Stake, GameError> {
        if matches!(self.phase, Phase::Over(_)) {
            return Err(self.wrong("a resignation"));
        }
        if matches!(self.options.game, GameKind::Ecrire { .. }) {
            return Err(GameError::Points(
                "a partie à écrire is paid by its marqués and is not resigned (R-9.2)",
            ));
        }
        let winner = !side;
        let stake = stake(self.options.payout, self.position.score(), winner);
        self.pending = None;
        self.false_play = None;
        self.open.clear();
        self.claimed.clear();
        self.contestable = None;
        self.log.push(Event::Resigned { side });
        self.log.push(Event::Over { winner, stake });
        self.phase = Phase::Over(winner);
        Ok(stake)
    }
}
