//! Editable setups and validated positions.

use crate::board::{Board, Field};
use crate::dice::Roll;
use crate::score::ScoreState;
use crate::side::{BySide, Side};
use core::fmt;

/// An editable, unvalidated description of a position: what a TPN string
/// or an editor produces. It may be nonsense; [`Position::from_setup`]
/// checks it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    /// White's checkers per absolute field (index 0 is field 1).
    pub white: [u8; 24],
    /// Black's checkers per absolute field (index 0 is field 1).
    pub black: [u8; 24],
    /// The side to move (to roll next).
    pub turn: Side,
    /// Rolls the side to move has already played in the current relevé
    /// (`rolls=`); `None` when unknown.
    pub rolls: Option<u8>,
    /// Points, holes, bredouille and pavillon.
    pub score: ScoreState,
    /// A roll to be scored or played from this position (`dice=`).
    pub dice: Option<Roll>,
}

impl Default for Setup {
    /// The initial position (R-2.1), White to move.
    fn default() -> Setup {
        let mut white = [0; 24];
        let mut black = [0; 24];
        white[0] = 15;
        black[23] = 15;
        Setup {
            white,
            black,
            turn: Side::White,
            rolls: Some(0),
            score: ScoreState::default(),
            dice: None,
        }
    }
}

impl Setup {
    /// An empty setup: no checker on the board, White to move.
    pub fn empty() -> Setup {
        Setup {
            white: [0; 24],
            black: [0; 24],
            turn: Side::White,
            rolls: None,
            score: ScoreState::default(),
            dice: None,
        }
    }

    /// The checkers of `side` per absolute field.
    pub fn checkers(&self, side: Side) -> &[u8; 24] {
        match side {
            Side::White => &self.white,
            Side::Black => &self.black,
        }
    }

    /// The checkers of `side` per absolute field, mutably.
    pub fn checkers_mut(&mut self, side: Side) -> &mut [u8; 24] {
        match side {
            Side::White => &mut self.white,
            Side::Black => &mut self.black,
        }
    }
}

/// One reason why a setup is not a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PositionError {
    /// More than 15 checkers of one side on the board (R-1.1).
    #[error("{side} has {count} checkers on the board; a side has 15 (R-1.1)")]
    TooManyCheckers {
        /// The side.
        side: Side,
        /// How many were given.
        count: u32,
    },
    /// Both colours on one field (R-3.3: no field holds both).
    #[error("field {field} holds checkers of both colours (R-3.3)")]
    SharedField {
        /// Absolute field.
        field: Field,
    },
    /// A single checker on a rest corner (R-4.1).
    #[error("{side}'s corner (field {field}) holds a single checker; a corner is held by two or more (R-4.1)")]
    LoneCheckerOnCorner {
        /// The side whose corner it is.
        side: Side,
        /// Absolute field of the corner.
        field: Field,
    },
    /// A checker on the opponent's rest corner (R-4.2).
    #[error("{side} has checkers on the opponent's corner (field {field}), which can never be occupied (R-4.2)")]
    OnOpponentCorner {
        /// The side with checkers there.
        side: Side,
        /// Absolute field of that corner.
        field: Field,
    },
    /// Points outside 0..=10 or odd (R-5.1).
    #[error("{side} has {points} points; points on the board are even, 0 to 10 (R-5.1)")]
    BadPoints {
        /// The side.
        side: Side,
        /// The points given.
        points: u8,
    },
    /// More than 12 holes (R-5.2).
    #[error("{side} has {holes} holes; a game ends at 12 (R-5.2)")]
    BadHoles {
        /// The side.
        side: Side,
        /// The holes given.
        holes: u8,
    },
}

/// A setup rejected by [`Position::from_setup`]: every violation, and the
/// setup itself so that the caller can correct it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct SetupError {
    /// The rejected setup.
    pub setup: Box<Setup>,
    /// All violations found (never empty).
    pub errors: Vec<PositionError>,
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.errors.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

/// A legal arrangement of checkers with the side to move, the score state
/// and an optional roll to play.
///
/// Two positions are equal when their checkers, side to move, roll counts
/// (`rolls=`), score state and pending dice are equal.
///
/// ```
/// use trictrac::{Position, Roll};
/// let pos = Position::start();
/// let plays = pos.legal_plays(Roll::new(6, 5));
/// assert_eq!(plays.len(), 1); // 1-7 1-6 (1-7-12 would leave one checker on the corner)
/// let next = pos.after(&plays[0]);
/// assert_eq!(next.to_string(), "w:1x13,6,7 b:24x15 b rolls=0");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    pub(crate) turn: Side,
    pub(crate) rolls: BySide<Option<u8>>,
    pub(crate) score: ScoreState,
    pub(crate) dice: Option<Roll>,
    /// Provinciale bearing-off privileges used in this relevé (R-4.7).
    pub(crate) privileges: BySide<u8>,
}

impl Position {
    /// The initial position (R-2.1), White to move.
    pub fn start() -> Position {
        Position {
            board: Board::START,
            turn: Side::White,
            rolls: BySide::new(Some(0), Some(0)),
            score: ScoreState::default(),
            dice: None,
            privileges: BySide::default(),
        }
    }

    /// Validates a setup.
    ///
    /// # Errors
    /// Every violation found: more than 15 checkers of a side, both
    /// colours on a field, a lone checker on a corner, a checker on the
    /// opponent's corner, points or holes out of range.
    pub fn from_setup(setup: Setup) -> Result<Position, SetupError> {
        let mut errors = Vec::new();
        for side in Side::ALL {
            let count: u32 = setup.checkers(side).iter().map(|&c| c as u32).sum();
            if count > 15 {
                errors.push(PositionError::TooManyCheckers { side, count });
            }
        }
        for i in 0..24 {
            if setup.white[i] > 0 && setup.black[i] > 0 {
                errors.push(PositionError::SharedField {
                    field: Field::new(i as u8 + 1),
                });
            }
        }
        for side in Side::ALL {
            let own = Field::OWN_CORNER.to_absolute(side);
            if setup.checkers(side)[own.value() as usize - 1] == 1 {
                errors.push(PositionError::LoneCheckerOnCorner { side, field: own });
            }
            let opp = Field::OPPONENT_CORNER.to_absolute(side);
            if setup.checkers(side)[opp.value() as usize - 1] > 0 {
                errors.push(PositionError::OnOpponentCorner { side, field: opp });
            }
        }
        for side in Side::ALL {
            let p = *setup.score.points.get(side);
            if p > 10 || !p.is_multiple_of(2) {
                errors.push(PositionError::BadPoints { side, points: p });
            }
            let h = *setup.score.holes.get(side);
            if h > 12 {
                errors.push(PositionError::BadHoles { side, holes: h });
            }
        }
        if !errors.is_empty() {
            return Err(SetupError {
                setup: Box::new(setup),
                errors,
            });
        }
        let mut cells = [0i8; 24];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = setup.white[i] as i8 - setup.black[i] as i8;
        }
        let board = Board::from_cells(cells);
        let talon_full = |side: Side| board.count(side, Field::TALON) == 15;
        let mover = setup.turn;
        let mover_rolls = match setup.rolls {
            Some(n) => Some(n),
            None if talon_full(mover) && talon_full(!mover) => Some(0),
            None => None,
        };
        // A side whose 15 checkers are all on its talon has not rolled yet
        // in this relevé (from the talon every die is playable early on).
        let other_rolls = if talon_full(!mover) { Some(0) } else { None };
        let mut rolls = BySide::default();
        *rolls.get_mut(mover) = mover_rolls;
        *rolls.get_mut(!mover) = other_rolls;
        Ok(Position {
            board,
            turn: mover,
            rolls,
            score: setup.score,
            dice: setup.dice,
            privileges: BySide::default(),
        })
    }

    /// Back to an editable setup.
    pub fn to_setup(&self) -> Setup {
        let mut white = [0; 24];
        let mut black = [0; 24];
        for (i, &c) in self.board.cells().iter().enumerate() {
            if c > 0 {
                white[i] = c as u8;
            } else {
                black[i] = c.unsigned_abs();
            }
        }
        Setup {
            white,
            black,
            turn: self.turn,
            rolls: *self.rolls.get(self.turn),
            score: self.score,
            dice: self.dice,
        }
    }

    /// The checkers.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move (to roll next).
    pub fn turn(&self) -> Side {
        self.turn
    }

    /// Rolls `side` has played in the current relevé, if known.
    pub fn rolls_played(&self, side: Side) -> Option<u8> {
        *self.rolls.get(side)
    }

    /// The score state.
    pub fn score(&self) -> &ScoreState {
        &self.score
    }

    /// The pending roll (`dice=`), if any.
    pub fn dice(&self) -> Option<Roll> {
        self.dice
    }

    /// Sets or clears the pending roll.
    pub fn set_dice(&mut self, dice: Option<Roll>) {
        self.dice = dice;
    }

    /// Replaces the score state.
    ///
    /// # Errors
    /// If points or holes are out of range (R-5.1, R-5.2).
    pub fn set_score(&mut self, score: ScoreState) -> Result<(), PositionError> {
        for side in Side::ALL {
            let p = *score.points.get(side);
            if p > 10 || !p.is_multiple_of(2) {
                return Err(PositionError::BadPoints { side, points: p });
            }
            let h = *score.holes.get(side);
            if h > 12 {
                return Err(PositionError::BadHoles { side, holes: h });
            }
        }
        self.score = score;
        Ok(())
    }

    /// Sets the rolls played by `side` in the current relevé.
    pub fn set_rolls_played(&mut self, side: Side, rolls: Option<u8>) {
        *self.rolls.get_mut(side) = rolls;
    }

    /// Provinciale bearing-off privileges (R-4.7) `side` has used in this
    /// relevé. Not part of TPN; kept by the game.
    pub fn privileges_used(&self, side: Side) -> u8 {
        *self.privileges.get(side)
    }

    /// Sets the provinciale privileges used by `side`.
    pub fn set_privileges_used(&mut self, side: Side, n: u8) {
        *self.privileges.get_mut(side) = n;
    }

    /// Checkers of each side still on its talon... and elsewhere: the
    /// number of `side`'s checkers on its own player-frame field.
    pub fn count(&self, side: Side, field: Field) -> u8 {
        self.board.count(side, field)
    }

    /// Whether `side` has borne off all its checkers.
    pub fn all_off(&self, side: Side) -> bool {
        self.board.on_board(side) == 0
    }

    /// Puts all checkers back on the talons (a new relevé, R-4.8, R-8.6),
    /// keeping the score state; `first` moves first.
    pub fn new_releve(&mut self, first: Side) {
        self.board = Board::START;
        self.turn = first;
        self.rolls = BySide::new(Some(0), Some(0));
        self.privileges = BySide::default();
        self.dice = None;
    }

    /// Internal consistency check, for `debug_assert!` and tests.
    pub fn is_consistent(&self) -> bool {
        let mut counts = [0u32; 2];
        for &c in self.board.cells() {
            if c > 0 {
                counts[0] += c as u32;
            } else {
                counts[1] += c.unsigned_abs() as u32;
            }
        }
        counts[0] <= 15
            && counts[1] <= 15
            && Side::ALL.iter().all(|&s| {
                self.board.count(s, Field::OWN_CORNER) != 1
                    && self.board.count(s, Field::OPPONENT_CORNER) == 0
            })
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::start()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}
