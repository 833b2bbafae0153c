//! Checking a play given by a person, and saying which rule it breaks.

mod resolve;
mod segments;

use crate::board::Field;
use crate::dice::Roll;
use crate::side::Side;

/// Why a play is not legal for a position and a roll. Fields are in the
/// absolute frame, as written by the player; each variant names its rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPlay {
    /// No checker of the mover on the origin.
    #[error("there is no {side} checker on field {field} to move")]
    NoChecker {
        /// The mover.
        side: Side,
        /// Absolute field.
        field: Field,
    },
    /// A move whose length is not a die of the roll.
    #[error("{from}-{to} is not a move of {roll}: each die moves one checker forward by its value, or one checker by both (R-3.1)")]
    NotADie {
        /// Absolute origin.
        from: Field,
        /// Destination as written.
        to: String,
        /// The roll.
        roll: Roll,
    },
    /// Two moves of one die's length when the roll has that die once.
    #[error("{first} and {second} both move {die} fields, but {roll} has one {die}: each die moves one checker once, the other die must be played too (R-3.1)")]
    SameDieTwice {
        /// The first move as written.
        first: String,
        /// The second move as written.
        second: String,
        /// The die both use.
        die: u8,
        /// The roll.
        roll: Roll,
    },
    /// More dice used than the roll has.
    #[error("the play uses more than the two dice of {roll}: a double is played once, like a single (R-3.2)")]
    TooManyMoves {
        /// The roll.
        roll: Roll,
    },
    /// A move ends on a field held by the opponent.
    #[error(
        "field {field} holds the opponent's checkers: a checker may not end a move there (R-3.3)"
    )]
    Blocked {
        /// Absolute field.
        field: Field,
    },
    /// Every rest of a *tout d'une* is held by the opponent.
    #[error("the checker from {from} cannot go tout d'une to {to}: every rest is held by the opponent (R-3.4)")]
    RestBlocked {
        /// Absolute origin.
        from: Field,
        /// Destination as written.
        to: String,
    },
    /// A move ends on the opponent's corner.
    #[error("field {field} is the opponent's rest corner, which can never be occupied (R-4.2)")]
    OpponentCorner {
        /// Absolute field.
        field: Field,
    },
    /// A move ends in a quarter the opponent can still fill.
    #[error(
        "field {field} is in the {quarter}, closed while the opponent can still fill it (R-4.6)"
    )]
    ForbiddenJan {
        /// Absolute field.
        field: Field,
        /// "opponent's grand jan" or "jan de retour".
        quarter: &'static str,
    },
    /// The play leaves a single checker on the own corner.
    #[error("the play leaves a single checker on the rest corner (field {field}): the corner is taken by two checkers at once and left by the last two together (R-4.1)")]
    LoneCorner {
        /// Absolute field of the corner.
        field: Field,
    },
    /// A power play when the corner cannot be taken by power.
    #[error("the corner cannot be taken by power with {roll}: both corners must be empty and the roll must bring two checkers onto the opponent's corner (R-4.3)")]
    NoPower {
        /// The roll.
        roll: Roll,
    },
    /// A power play when the corner can be taken by effect.
    #[error(
        "the corner can be taken by effect with {roll}, so it may not be taken by power (R-4.4)"
    )]
    PowerWhenEffect {
        /// The roll.
        roll: Roll,
    },
    /// Bearing off while checkers remain outside the jan de retour.
    #[error(
        "cannot bear off from {field}: all checkers must first stand in the jan de retour (R-4.7)"
    )]
    BearOffTooSoon {
        /// Absolute field.
        field: Field,
    },
    /// A die larger than needed used on a checker that is not the farthest.
    #[error("cannot bear off from {field} with the {die}: a die that is not exact bears off only the farthest checker, and must be played inside if it can (R-4.7)")]
    BearOffNotAllowed {
        /// Absolute field.
        field: Field,
        /// The die.
        die: u8,
    },
    /// A die made excédant by the order of the moves.
    #[error("the play makes a die excédant to bear off while another legal play plays it inside (R-4.7)")]
    ExcedantArranged,
    /// Fewer dice played than possible.
    #[error("both dice of {roll} can be played, so both must be (R-3.5)")]
    MustPlayBoth {
        /// The roll.
        roll: Roll,
    },
    /// The lower die played when only one die can be played and the
    /// higher can.
    #[error(
        "only one die of {roll} can be played, and the higher one can: it must be played (R-3.5)"
    )]
    MustPlayHigher {
        /// The roll.
        roll: Roll,
    },
    /// `--` when something can be played.
    #[error("some die of {roll} can be played, so the turn cannot pass (R-3.5)")]
    CannotPass {
        /// The roll.
        roll: Roll,
    },
    /// A legal move sequence that an obligation excludes (filled in
    /// `crate::jans`) or another reason.
    #[error("{reason}")]
    Obligation {
        /// The rule broken, e.g. "a filling play is possible, so one must be played (R-6.5, R-6.8)".
        reason: String,
    },
}

impl IllegalPlay {
    /// The id of the rule broken, e.g. `R-3.3`.
    pub fn rule(&self) -> &'static str {
        use IllegalPlay::*;
        match self {
            NoChecker { .. } | NotADie { .. } | SameDieTwice { .. } => "R-3.1",
            TooManyMoves { .. } => "R-3.2",
            Blocked { .. } => "R-3.3",
            RestBlocked { .. } => "R-3.4",
            OpponentCorner { .. } => "R-4.2",
            ForbiddenJan { .. } => "R-4.6",
            LoneCorner { .. } => "R-4.1",
            NoPower { .. } => "R-4.3",
            PowerWhenEffect { .. } => "R-4.4",
            BearOffTooSoon { .. } | BearOffNotAllowed { .. } | ExcedantArranged => "R-4.7",
            MustPlayBoth { .. } | MustPlayHigher { .. } | CannotPass { .. } => "R-3.5",
            Obligation { .. } => "R-6.8",
        }
    }
}
