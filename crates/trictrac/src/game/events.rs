//! The event log of a game: everything that happens, in order (what a
//! record is written from).

use super::{SchoolKind, Stake};
use crate::dice::{Die, Roll};
use crate::jans::RollScore;
use crate::plays::Play;
use crate::score::{Marking, ScoreState};
use crate::side::{BySide, Side};

/// Why a relevé ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReleveEnd {
    /// A player left after winning a hole.
    Leave,
    /// A player bore off his last checker.
    Exit,
}

/// Who marks points: the roller's own roll, or the points it gave.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PointsFrom {
    /// The marker's own roll (before playing).
    OwnRoll,
    /// The marker's exit (after playing, R-4.8).
    Exit,
    /// The opponent's roll gave them (jans qui ne peut).
    OpponentRoll,
    /// A school: points the other player failed to mark or marked
    /// too many, or a false school.
    School,
}

/// Everything that happens in a game, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The dice of the first-move privilege (a tie is re-rolled).
    FirstMoveDice {
        /// White's die.
        white: Die,
        /// Black's die.
        black: Die,
    },
    /// The first-move throws with `first-move=two-dice-each`: both
    /// dice of each player (equal totals are thrown again).
    FirstMoveRolls {
        /// White's dice.
        white: Roll,
        /// Black's dice.
        black: Roll,
    },
    /// The first player is decided.
    Starts(Side),
    /// A roll and what it brings and gives (before the play).
    Rolled(RollScore),
    /// Points marked.
    Marked {
        /// Who marks.
        side: Side,
        /// Where the points come from.
        from: PointsFrom,
        /// The points and holes.
        marking: Marking,
        /// The score state after.
        after: ScoreState,
    },
    /// Manual marking: points declared (and marked) by `side`, and the
    /// points the rules give.
    Declared {
        /// Who declares.
        side: Side,
        /// Points declared.
        points: u32,
        /// Points won by the rules.
        owed: u32,
    },
    /// A school claimed.
    School {
        /// Who claims.
        claimant: Side,
        /// Which school it turned out to be.
        kind: SchoolKind,
        /// Points the claimant named.
        named: u32,
        /// Points marked for the school (by the claimant, or for a false
        /// school by the other player).
        points: u32,
    },
    /// A school contested by `side`: an *augmentation d'école*
    /// when the school was correct, a false school again when it was false.
    Contested {
        /// Who contests.
        side: Side,
        /// [`SchoolKind::Augmentation`] or [`SchoolKind::Fausse`].
        kind: SchoolKind,
        /// Points marked (by the claimant of a correct school, or by the
        /// other player of a false one).
        points: u32,
    },
    /// Stay (`true`) or leave after winning a hole.
    Decided {
        /// Who decides.
        side: Side,
        /// Whether he stays.
        stay: bool,
    },
    /// A play.
    Played {
        /// Who plays.
        side: Side,
        /// The play.
        play: Play,
    },
    /// Partie à écrire: a marqué ends (a player left with six
    /// holes or more on the board, or reached twelve). Checkers, points,
    /// holes and the pavillon start again; `first` rolls first.
    MarqueEnd {
        /// The player with more holes; `None` when equal (*refait*: the
        /// marqué is replayed and counts for nobody).
        winner: Option<Side>,
        /// Holes of each side at the end.
        holes: BySide<u8>,
        /// The marqué's value to the winner (0 for a refait).
        value: u32,
        /// Who rolls first in the next marqué.
        first: Side,
    },
    /// `false-moves=table` (section 11): `side` made an illegal play, as
    /// moves in his own frame (from, to; `to` 25 = off). It stands until
    /// it is settled ([`Event::FalseMoveSettled`]).
    FalsePlay {
        /// Who played.
        side: Side,
        /// The moves made, `(from, to)` in the player's frame.
        moves: Vec<(u8, u8)>,
    },
    /// `false-moves=table`: a false play is settled — left as it is
    /// (`corrected: None`), or replaced by the smallest legal correction.
    FalseMoveSettled {
        /// Who settled it: the opponent, or its author correcting himself
        /// before the opponent rolled.
        by: Side,
        /// The legal play that replaced the false one, if corrected.
        corrected: Option<Play>,
    },
    /// `false-moves=table`: the opponent `by` had the false play's
    /// checkers put back; its author replays the roll (section 11), which
    /// settles it ([`Event::FalseMoveSettled`] by the author).
    FalseMovePutBack {
        /// The opponent of the author.
        by: Side,
    },
    /// `false-moves=table` (section 11, case 6): `by` claims the late
    /// false move of the other player ([`Game::claim_late_false_move`]
    /// (super::Game::claim_late_false_move)): its author's next roll must
    /// carry the faulty checkers into the last quadrant.
    LateFalseMoveClaimed {
        /// The opponent of the false play's author.
        by: Side,
    },
    /// A relevé ends; `first` rolls first in the next one.
    NewReleve {
        /// Why.
        reason: ReleveEnd,
        /// Who plays first.
        first: Side,
    },
    /// `side` resigns: the other player wins the game at once (see
    /// [`Game::resign`](super::Game::resign)); [`Event::Over`] follows.
    Resigned {
        /// Who resigns.
        side: Side,
    },
    /// The game ends.
    Over {
        /// The winner (12 holes).
        winner: Side,
        /// The stake multiplier.
        stake: Stake,
    },
}
