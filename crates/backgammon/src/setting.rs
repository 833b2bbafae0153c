//! The one reader of a position written in any of the notations players
//! paste (BG-1.4): a gnubg Position ID, a gnubg `PositionID:MatchID`
//! pair or an XGID, with what the notation says around the checkers —
//! the dice, the cube, the match, a double offered. The command line
//! and the server read positions through it.
//!
//! ```
//! use backgammon::{read_setting, Position, Side};
//! let s = read_setting("4HPwATDgc/ABMA", Side::White, None).unwrap();
//! assert_eq!(s.position, Position::start());
//! let x = read_setting("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10", Side::White, None)
//!     .unwrap();
//! assert_eq!(x.state.length, 7);
//! assert!(x.dice.is_some());
//! ```

use tables::{Roll, Side};

use crate::game::{Cube, MatchState};
use crate::matchid::{MatchId, MatchIdError};
use crate::notation::PositionIdError;
use crate::position::Position;
use crate::xgid::{Xgid, XgidDice, XgidError};

/// Which notation a position was read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notation {
    /// A gnubg Position ID alone (the checkers only).
    PositionId,
    /// A gnubg Position ID with a Match ID.
    PositionAndMatchId,
    /// An XGID.
    Xgid,
}

/// A position with what its notation says around it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PositionSetting {
    /// The checkers, with the notation's side on roll: the side to play
    /// or to double — or, when `doubled`, the side to answer the double.
    pub position: Position,
    /// The dice already rolled, if the notation gives them.
    pub dice: Option<Roll>,
    /// The cube (centred at 1 for a Position ID alone).
    pub cube: Cube,
    /// The match (money when the length is 0, and for a Position ID
    /// alone).
    pub state: MatchState,
    /// The Jacoby rule, when the notation says (money only).
    pub jacoby: Option<bool>,
    /// A double is offered to the side on roll of `position` (an XGID's
    /// `D`, `B` or `R` dice, a Match ID's double flag; BG-7.3).
    pub doubled: bool,
    /// The notation read.
    pub notation: Notation,
}

impl PositionSetting {
    /// Whether the notation gave the cube and the score (an XGID or a
    /// Match ID).
    pub fn has_match_info(&self) -> bool {
        self.notation != Notation::PositionId
    }
}

/// Why a position's text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingError {
    /// A bad XGID.
    #[error(transparent)]
    Xgid(#[from] XgidError),
    /// A bad Position ID.
    #[error(transparent)]
    PositionId(#[from] PositionIdError),
    /// A bad Match ID.
    #[error(transparent)]
    MatchId(#[from] MatchIdError),
    /// A Match ID given beside an XGID, which already holds the match.
    #[error("a Match ID goes with a Position ID: an XGID already holds the match")]
    XgidWithMatchId,
    /// A Match ID given twice: after the Position ID and apart.
    #[error("a Match ID given twice: after the Position ID (ID:MatchID) and apart")]
    MatchIdTwice,
}

/// Whether `text` is written as an XGID (with or without `XGID=`: ten
/// fields separated by colons).
pub fn is_xgid(text: &str) -> bool {
    let text = text.trim();
    text.starts_with("XGID=") || text.matches(':').count() >= 9
}

/// Reads `text`: a gnubg Position ID (`turn` on roll), a gnubg
/// `PositionID:MatchID` pair or an XGID (`XGID=` may be left out); and
/// `match_id`, a Match ID given apart from a Position ID. The Match ID
/// and the XGID name the side on roll themselves.
///
/// # Errors
/// The notation that is wrong, and why ([`SettingError`]).
pub fn read_setting(
    text: &str,
    turn: Side,
    match_id: Option<&str>,
) -> Result<PositionSetting, SettingError> {
    let text = text.trim();
    if is_xgid(text) {
        if match_id.is_some() {
            return Err(SettingError::XgidWithMatchId);
        }
        let full = if text.starts_with("XGID=") {
            text.to_string()
        } else {
            format!("XGID={text}")
        };
        let x: Xgid = full.parse()?;
        let m = x.to_match_id();
        let (dice, doubled) = match x.dice {
            XgidDice::Rolled(a, b) => (Some(Roll::new(a.value(), b.value())), false),
            XgidDice::NotRolled => (None, false),
            XgidDice::Doubled | XgidDice::Beavered | XgidDice::Raccooned => (None, true),
        };
        return Ok(PositionSetting {
            position: x.position.with_turn(x.turn),
            dice,
            cube: x.cube,
            state: m.match_state(),
            jacoby: (x.length == 0).then_some(x.jacoby),
            doubled,
            notation: Notation::Xgid,
        });
    }
    let (pid, mid) = match text.split_once(':') {
        Some((p, m)) => {
            if match_id.is_some() {
                return Err(SettingError::MatchIdTwice);
            }
            (p, Some(m))
        }
        None => (text, match_id),
    };
    let m = mid.map(|m| m.trim().parse::<MatchId>()).transpose()?;
    let turn = m.map_or(turn, |m| m.turn);
    let position = Position::from_position_id(pid.trim(), turn)?;
    Ok(PositionSetting {
        position,
        dice: m
            .and_then(|m| m.dice)
            .map(|(a, b)| Roll::new(a.value(), b.value())),
        cube: m.map_or(Cube::centred(), |m| m.cube()),
        state: m.map_or(MatchState::money(), |m| m.match_state()),
        jacoby: m.and_then(|m| (m.length == 0).then_some(m.jacoby)),
        doubled: m.is_some_and(|m| m.double_offered),
        notation: if m.is_some() {
            Notation::PositionAndMatchId
        } else {
            Notation::PositionId
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_three_notations_of_the_start_give_the_start() {
        let start = Position::start();
        let pid = read_setting(" 4HPwATDgc/ABMA ", Side::White, None).unwrap();
        assert_eq!(pid.position, start);
        assert_eq!(pid.notation, Notation::PositionId);
        assert!(!pid.has_match_info());
        let x = "-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:3:0:10";
        let xg = read_setting(x, Side::Black, None).unwrap();
        assert_eq!(xg.position, start);
        assert_eq!(xg.jacoby, Some(true));
        assert_eq!(xg.notation, Notation::Xgid);
        assert_eq!(
            read_setting(&format!("XGID={x}"), Side::Black, None),
            Ok(xg)
        );
    }

    #[test]
    fn a_match_id_is_taken_once() {
        let x = "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:7:10";
        assert_eq!(
            read_setting(x, Side::White, Some("cAkAAAAAAAAA")),
            Err(SettingError::XgidWithMatchId)
        );
        assert_eq!(
            read_setting(
                "4HPwATDgc/ABMA:cAkAAAAAAAAA",
                Side::White,
                Some("cAkAAAAAAAAA")
            ),
            Err(SettingError::MatchIdTwice)
        );
        assert!(matches!(
            read_setting("nonsense", Side::White, None),
            Err(SettingError::PositionId(_))
        ));
    }

    #[test]
    fn a_double_offered_is_read_from_the_xgid() {
        let x = "XGID=-b----E-C---eE---c-e----B-:0:0:1:D:0:0:0:7:10";
        let s = read_setting(x, Side::White, None).unwrap();
        assert!(s.doubled);
        assert_eq!(s.dice, None);
    }
}
