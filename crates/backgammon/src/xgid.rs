//! XGID, eXtreme Gammon's position and match text (BG-1.4).
//!
//! `XGID=` then ten fields separated by `:`:
//!
//! 1. the checkers, 26 characters: first the lower-case player's bar,
//!    then the upper-case player's points 1 to 24 (in his numbering),
//!    then the upper-case player's bar; `-` for none, `A`–`O` for 1 to 15
//!    upper-case checkers, `a`–`o` for lower-case ones;
//! 2. the cube's logarithm (0 for 1, 1 for 2, …);
//! 3. the cube's place: `0` centred, `1` the upper-case player's, `-1`
//!    the lower-case player's;
//! 4. the side on roll: `1` upper case, `-1` lower case;
//! 5. the dice: `00` not rolled, two digits as rolled, or `D` a double
//!    offered, `B` beavered, `R` raccooned;
//! 6. and 7. the upper-case then the lower-case player's score;
//! 8. in a match 1 for the Crawford game; for money, 1 for the Jacoby
//!    rule plus 2 for beavers;
//! 9. the match length (0 for money);
//! 10. the largest cube allowed, as a logarithm.
//!
//! As GNU Backgammon reads XGIDs (`set xgid`, checked in the tests), the
//! upper-case player is gnubg's player 1, Black here; the lower-case
//! player is White.
//!
//! ```
//! use backgammon::{Position, Side, Xgid};
//! let x: Xgid = "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:3:0:10".parse().unwrap();
//! assert_eq!(x.position, Position::start());
//! assert_eq!(x.turn, Side::White);
//! assert!(x.jacoby && x.beavers);
//! assert_eq!(x.to_string(), "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:3:0:10");
//! ```

use core::fmt;
use core::str::FromStr;

use tables::{BySide, Die, Side};

use crate::board::BAR;
use crate::game::{Cube, Game, Phase};
use crate::matchid::{GameState, MatchId};
use crate::position::{Position, Setup, SetupError};

/// The dice field of an XGID.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum XgidDice {
    /// `00`: not rolled yet.
    NotRolled,
    /// Two dice as rolled.
    Rolled(Die, Die),
    /// `D`: a double is offered.
    Doubled,
    /// `B`: the double was beavered.
    Beavered,
    /// `R`: the beaver was raccooned.
    Raccooned,
}

/// A read XGID.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Xgid {
    /// The checkers, with the side of field 4 on roll.
    pub position: Position,
    /// The cube: value and owner.
    pub cube: Cube,
    /// The side of field 4 (on roll, or to answer a double).
    pub turn: Side,
    /// The dice field.
    pub dice: XgidDice,
    /// The score of each side.
    pub score: BySide<u32>,
    /// The match length, 0 for money.
    pub length: u32,
    /// In a match: whether this is the Crawford game.
    pub crawford: bool,
    /// For money: the Jacoby rule.
    pub jacoby: bool,
    /// For money: beavers.
    pub beavers: bool,
    /// The largest cube allowed, as a logarithm (10 is XG's usual).
    pub max_cube_log2: u32,
}

/// Why an XGID could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum XgidError {
    /// The text does not have the XGID's shape.
    #[error("`{id}` is not an XGID: {why} (BG-1.4)")]
    Syntax {
        /// The text.
        id: String,
        /// What is wrong.
        why: String,
    },
    /// The checkers do not form a valid position.
    #[error("XGID `{id}`: {error} (BG-1.4)")]
    Invalid {
        /// The text.
        id: String,
        /// What is wrong.
        error: SetupError,
    },
}

/// The upper-case player (gnubg's player 1).
const UPPER: Side = Side::Black;

const fn sign(side: Side) -> i32 {
    if matches!(side, UPPER) {
        1
    } else {
        -1
    }
}

impl Xgid {
    /// The XGID of `game` as it stands (a money game's field 8 from its
    /// rules' Jacoby and beaver options, the largest cube 64).
    ///
    /// ```
    /// use backgammon::{Game, Rules, Xgid};
    /// let g = Game::money(Rules::standard());
    /// assert_eq!(Xgid::of_game(&g).to_string(),
    ///            "XGID=-b----E-C---eE---c-e----B-:0:0:-1:00:0:0:1:0:6");
    /// ```
    pub fn of_game(game: &Game) -> Xgid {
        let st = game.match_state();
        let mut x = Xgid {
            position: *game.position(),
            cube: game.cube(),
            turn: game.position().turn(),
            dice: XgidDice::NotRolled,
            score: st.score,
            length: st.length,
            crawford: st.crawford,
            jacoby: st.is_money() && game.rules().jacoby,
            beavers: st.is_money() && game.rules().beavers,
            max_cube_log2: Cube::MAX.trailing_zeros(),
        };
        match game.phase() {
            Phase::Play(_, roll) => x.dice = XgidDice::Rolled(roll.high(), roll.low()),
            Phase::Doubled { by } => {
                x.dice = XgidDice::Doubled;
                x.turn = !by;
                x.position = x.position.with_turn(!by);
            }
            _ => {}
        }
        x
    }

    /// The gnubg Match ID of the same state (as gnubg computes it after
    /// `set xgid`).
    pub fn to_match_id(&self) -> MatchId {
        let dice_owner = match self.dice {
            XgidDice::Doubled => !self.turn,
            _ => self.turn,
        };
        MatchId {
            cube_value: self.cube.value,
            cube_owner: self.cube.owner,
            dice_owner,
            crawford: self.length > 0 && self.crawford,
            state: GameState::Playing,
            turn: self.turn,
            double_offered: self.dice == XgidDice::Doubled,
            resignation: None,
            dice: match self.dice {
                XgidDice::Rolled(a, b) => Some((a, b)),
                _ => None,
            },
            length: self.length,
            score: self.score,
            jacoby: self.length == 0 && self.jacoby,
        }
    }
}

impl fmt::Display for Xgid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::with_capacity(80);
        s.push_str("XGID=");
        let up = self.position.counts(UPPER);
        let low = self.position.counts(!UPPER);
        let cell = |s: &mut String, n: u8, upper: bool| {
            if n == 0 {
                s.push('-');
            } else {
                let base = if upper { b'A' } else { b'a' };
                s.push((base + n - 1) as char);
            }
        };
        // The lower-case player's bar, then the upper-case player's points.
        cell(&mut s, low[BAR], false);
        for p in 1..=24usize {
            if up[p] > 0 {
                cell(&mut s, up[p], true);
            } else {
                cell(&mut s, low[25 - p], false);
            }
        }
        cell(&mut s, up[BAR], true);
        let owner = self.cube.owner.map_or(0, sign);
        let dice = match self.dice {
            XgidDice::NotRolled => "00".to_string(),
            XgidDice::Rolled(a, b) => format!("{}{}", a.value(), b.value()),
            XgidDice::Doubled => "D".into(),
            XgidDice::Beavered => "B".into(),
            XgidDice::Raccooned => "R".into(),
        };
        let flags = if self.length > 0 {
            self.crawford as u32
        } else {
            self.jacoby as u32 + 2 * self.beavers as u32
        };
        write!(
            f,
            "{s}:{}:{owner}:{}:{dice}:{}:{}:{flags}:{}:{}",
            self.cube.value.trailing_zeros(),
            sign(self.turn),
            self.score.get(UPPER),
            self.score.get(!UPPER),
            self.length,
            self.max_cube_log2
        )
    }
}

impl FromStr for Xgid {
    type Err = XgidError;
    fn from_str(s: &str) -> Result<Xgid, XgidError> {
        let id = s.trim();
        let bad = |why: &str| XgidError::Syntax {
            id: id.chars().take(100).collect(),
            why: why.to_string(),
        };
        let body = id
            .strip_prefix("XGID=")
            .ok_or_else(|| bad("it must start with `XGID=`"))?;
        let fields: Vec<&str> = body.split(':').collect();
        if fields.len() != 10 {
            return Err(bad("ten fields separated by `:` expected"));
        }
        let board = fields[0].as_bytes();
        if board.len() != 26 {
            return Err(bad("the checkers are 26 characters"));
        }
        let mut counts = BySide::new([0u8; 26], [0u8; 26]);
        for (i, &c) in board.iter().enumerate() {
            let (side, n) = match c {
                b'-' => continue,
                b'A'..=b'O' => (UPPER, c - b'A' + 1),
                b'a'..=b'o' => (!UPPER, c - b'a' + 1),
                _ => return Err(bad("checkers are `-`, A-O or a-o")),
            };
            let idx = match (i, side == UPPER) {
                (0, false) => BAR,
                (25, true) => BAR,
                (0, true) | (25, false) => {
                    return Err(bad("a bar holds only its own player's checkers"))
                }
                (p, true) => p,
                (p, false) => 25 - p,
            };
            counts.get_mut(side)[idx] = n;
        }
        for side in Side::ALL {
            let c = counts.get_mut(side);
            let on: u32 = c.iter().map(|&n| n as u32).sum();
            if on > 15 {
                return Err(bad("a side has more than 15 checkers (BG-1.1)"));
            }
            c[0] = 15 - on as u8;
        }
        let num = |k: usize, what: &str| -> Result<i64, XgidError> {
            fields[k]
                .parse::<i64>()
                .map_err(|_| bad(&format!("field {} ({what}) is not a number", k + 1)))
        };
        let cube_log = num(1, "cube")?;
        if !(0..=15).contains(&cube_log) {
            return Err(bad("the cube's logarithm is 0 to 15"));
        }
        let owner = match num(2, "cube position")? {
            0 => None,
            1 => Some(UPPER),
            -1 => Some(!UPPER),
            _ => return Err(bad("the cube position is 0, 1 or -1")),
        };
        let turn = match num(3, "turn")? {
            1 => UPPER,
            -1 => !UPPER,
            _ => return Err(bad("the turn is 1 or -1")),
        };
        let dice = match fields[4] {
            "00" => XgidDice::NotRolled,
            "D" => XgidDice::Doubled,
            "B" => XgidDice::Beavered,
            "R" => XgidDice::Raccooned,
            d => {
                let v: Vec<u8> = d.bytes().collect();
                match v.as_slice() {
                    [a @ b'1'..=b'6', b @ b'1'..=b'6'] => {
                        XgidDice::Rolled(Die::new(a - b'0'), Die::new(b - b'0'))
                    }
                    _ => return Err(bad("the dice are 00, two digits 1-6, D, B or R")),
                }
            }
        };
        let score_up = num(5, "score")?;
        let score_low = num(6, "score")?;
        let flags = num(7, "Crawford/Jacoby")?;
        let length = num(8, "match length")?;
        let max_cube = num(9, "largest cube")?;
        if !(0..=32767).contains(&length)
            || !(0..=32767).contains(&score_up)
            || !(0..=32767).contains(&score_low)
        {
            return Err(bad("scores and length are 0 to 32767"));
        }
        if !(0..=15).contains(&max_cube) {
            return Err(bad("the largest cube's logarithm is 0 to 15"));
        }
        let (crawford, jacoby, beavers) = match (length, flags) {
            (0, 0..=3) => (false, flags & 1 == 1, flags & 2 == 2),
            (l, 0 | 1) if l > 0 => (flags == 1, false, false),
            _ => return Err(bad("field 8 is 0 or 1 in a match, 0 to 3 for money")),
        };
        let position =
            Position::from_setup(Setup { counts, turn }).map_err(|error| XgidError::Invalid {
                id: id.to_string(),
                error,
            })?;
        let mut score = BySide::new(0, 0);
        *score.get_mut(UPPER) = score_up as u32;
        *score.get_mut(!UPPER) = score_low as u32;
        Ok(Xgid {
            position,
            cube: Cube {
                value: 1 << cube_log,
                owner,
            },
            turn,
            dice,
            score,
            length: length as u32,
            crawford,
            jacoby,
            beavers,
            max_cube_log2: max_cube as u32,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_xgids_name_the_rule() {
        for s in [
            "",
            "XGID=",
            "-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
            "XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10",
            "XGID=-b----E-C---eE---c-e----B-:0:0:2:00:0:0:0:0:10",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:07:0:0:0:0:10",
            "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:5:0:10",
            "XGID=-b----E-C---eE---c-e----O-:0:0:1:00:0:0:0:0:10",
            "XGID=Bb----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
            "XGID=-b----E-C---eE---c-e----Bb:0:0:1:00:0:0:0:0:10",
        ] {
            let e = s.parse::<Xgid>().unwrap_err();
            assert!(e.to_string().contains("BG-1.4"), "{s}: {e}");
        }
    }
}
