//! gnubg Match IDs (BG-1.4).
//!
//! A Match ID is the 12-character base64 text of a 9-byte key whose bits,
//! least significant bit of the first byte first, are: the cube's
//! logarithm (4 bits), its owner (2: player 0, 1, or 3 when centred), the
//! player on roll or who rolled (1), the Crawford flag (1), the game
//! state (3), the player to decide (1), a pending double (1), a pending
//! resignation (2), the two dice (3 + 3, 0 when not rolled), the match
//! length (15, 0 for money), player 0's score (15), player 1's score
//! (15); GNU Backgammon 1.07 also sets bit 66 when the Jacoby rule is not
//! in force (a match, or money without Jacoby; measured).
//!
//! gnubg's player 0 is White here and its player 1 is Black.
//!
//! ```
//! use backgammon::matchid::{GameState, MatchId};
//! use backgammon::Side;
//! let id: MatchId = "cAkPAAAAAAAA".parse().unwrap();
//! assert_eq!(id.length, 0);
//! assert_eq!(id.cube_value, 1);
//! assert_eq!(id.cube_owner, None);
//! assert_eq!(id.dice_owner, Side::Black);
//! assert_eq!(id.state, GameState::Playing);
//! assert_eq!(id.dice.map(|(a, b)| (a.value(), b.value())), Some((6, 3)));
//! assert_eq!(id.to_string(), "cAkPAAAAAAAA");
//! ```

use core::fmt;
use core::str::FromStr;

use tables::{BySide, Die, Side};

use crate::game::{Cube, EndReason, Game, MatchState, Phase};
use crate::score::WinKind;

/// The state of the game in a Match ID.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameState {
    /// No game started (0).
    NoGame,
    /// A game in play (1).
    Playing,
    /// The game is over (2).
    Over,
    /// The game ended by resignation (3).
    Resigned,
    /// The game ended by a refused double (4).
    Dropped,
}

impl GameState {
    const fn code(self) -> u64 {
        match self {
            GameState::NoGame => 0,
            GameState::Playing => 1,
            GameState::Over => 2,
            GameState::Resigned => 3,
            GameState::Dropped => 4,
        }
    }
}

/// A decoded gnubg Match ID: the match and cube state around a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MatchId {
    /// The cube's value: a power of two, 1 to 32768.
    pub cube_value: u32,
    /// The cube's owner, `None` when centred.
    pub cube_owner: Option<Side>,
    /// The side on roll, or who rolled.
    pub dice_owner: Side,
    /// Whether this is the Crawford game.
    pub crawford: bool,
    /// The game's state.
    pub state: GameState,
    /// The side to decide (the doubled side while a double is pending).
    pub turn: Side,
    /// Whether a double is offered.
    pub double_offered: bool,
    /// A resignation offered (single, gammon or backgammon).
    pub resignation: Option<WinKind>,
    /// The dice as rolled, `None` before the roll.
    pub dice: Option<(Die, Die)>,
    /// The match length, 0 for money.
    pub length: u32,
    /// The score of each side.
    pub score: BySide<u32>,
    /// Whether the Jacoby rule is in force (gnubg 1.07's bit 66 is set
    /// when it is not).
    pub jacoby: bool,
}

/// Why a Match ID could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{id}` is not a gnubg Match ID: {why} (BG-1.4)")]
pub struct MatchIdError {
    /// The text.
    pub id: String,
    /// What is wrong.
    pub why: String,
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

fn b64_value(c: u8) -> Option<u8> {
    B64.iter().position(|&x| x == c).map(|v| v as u8)
}

const fn side_bit(side: Side) -> u64 {
    match side {
        Side::White => 0,
        Side::Black => 1,
    }
}

const fn bit_side(bit: u64) -> Side {
    if bit == 0 {
        Side::White
    } else {
        Side::Black
    }
}

/// Bit offsets of the fields in the key.
const CUBE: u32 = 0;
const OWNER: u32 = 4;
const DICE_OWNER: u32 = 6;
const CRAWFORD: u32 = 7;
const STATE: u32 = 8;
const TURN: u32 = 11;
const DOUBLE: u32 = 12;
const RESIGN: u32 = 13;
const DIE1: u32 = 15;
const DIE2: u32 = 18;
const LENGTH: u32 = 21;
const SCORE0: u32 = 36;
const SCORE1: u32 = 51;
const NO_JACOBY: u32 = 66;

impl MatchId {
    /// The Match ID of `game` as it stands: its match state, cube, side
    /// on roll, pending double and dice.
    ///
    /// ```
    /// use backgammon::matchid::MatchId;
    /// use backgammon::{Die, Game, MatchState, Rules};
    /// let mut g = Game::new(Rules::standard(), MatchState::to(7));
    /// g.opening(Die::new(3), Die::new(6)).unwrap(); // Black starts, 6-3
    /// assert_eq!(MatchId::of_game(&g).to_string(), "cAnvAAAAAAAE");
    /// ```
    pub fn of_game(game: &Game) -> MatchId {
        let st: &MatchState = game.match_state();
        let cube = game.cube();
        let on_roll = game.position().turn();
        let mut id = MatchId {
            cube_value: cube.value,
            cube_owner: cube.owner,
            dice_owner: on_roll,
            crawford: st.crawford,
            state: GameState::Playing,
            turn: on_roll,
            double_offered: false,
            resignation: None,
            dice: None,
            length: st.length,
            score: st.score,
            jacoby: st.is_money() && game.rules().jacoby,
        };
        match game.phase() {
            Phase::Opening | Phase::Roll(_) => {}
            Phase::Doubled { by } => {
                id.dice_owner = by;
                id.turn = !by;
                id.double_offered = true;
            }
            Phase::Play(side, roll) => {
                id.dice_owner = side;
                id.turn = side;
                // gnubg writes the opening throw's dice the starter's
                // (the higher) first; a roll is written high die first.
                id.dice = Some((roll.high(), roll.low()));
            }
            Phase::Over(r) => {
                id.state = match r.reason {
                    EndReason::BorneOff => GameState::Over,
                    EndReason::Dropped => GameState::Dropped,
                    EndReason::Resigned => GameState::Resigned,
                };
                if r.reason == EndReason::Resigned {
                    id.resignation = Some(r.kind);
                }
                id.dice_owner = r.winner;
                id.turn = r.winner;
            }
        }
        id
    }

    /// The cube of this ID.
    pub fn cube(&self) -> Cube {
        Cube {
            value: self.cube_value,
            owner: self.cube_owner,
        }
    }

    /// The match state of this ID: length, score, Crawford game (the
    /// Crawford game is taken as played when a side is at `length − 1`
    /// outside it).
    pub fn match_state(&self) -> MatchState {
        let at_crawford_score = self.length > 1
            && Side::ALL
                .iter()
                .any(|&s| *self.score.get(s) + 1 == self.length);
        MatchState {
            length: self.length,
            score: self.score,
            crawford: self.crawford,
            crawford_done: at_crawford_score && !self.crawford,
            games: 0,
        }
    }

    fn key(&self) -> u128 {
        let mut k: u128 = 0;
        let mut put = |at: u32, v: u64| k |= (v as u128) << at;
        put(CUBE, self.cube_value.trailing_zeros() as u64 & 15);
        put(OWNER, self.cube_owner.map_or(3, side_bit));
        put(DICE_OWNER, side_bit(self.dice_owner));
        put(CRAWFORD, self.crawford as u64);
        put(STATE, self.state.code());
        put(TURN, side_bit(self.turn));
        put(DOUBLE, self.double_offered as u64);
        put(RESIGN, self.resignation.map_or(0, |k| k.points() as u64));
        if let Some((a, b)) = self.dice {
            put(DIE1, a.value() as u64);
            put(DIE2, b.value() as u64);
        }
        put(LENGTH, (self.length & 0x7fff) as u64);
        put(SCORE0, (self.score.white & 0x7fff) as u64);
        put(SCORE1, (self.score.black & 0x7fff) as u64);
        put(NO_JACOBY, !self.jacoby as u64);
        k
    }
}

impl fmt::Display for MatchId {
    /// The 12 characters of the ID.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.key();
        let bytes: Vec<u8> = (0..9).map(|i| (k >> (8 * i)) as u8).collect();
        let mut out = String::with_capacity(12);
        for chunk in bytes.chunks(3) {
            let v = (chunk[0] as u32) << 16 | (chunk[1] as u32) << 8 | chunk[2] as u32;
            for s in [18, 12, 6, 0] {
                out.push(B64[((v >> s) & 63) as usize] as char);
            }
        }
        f.write_str(&out)
    }
}

impl FromStr for MatchId {
    type Err = MatchIdError;
    fn from_str(s: &str) -> Result<MatchId, MatchIdError> {
        let text = s.trim();
        let bad = |why: &str| MatchIdError {
            id: text.to_string(),
            why: why.to_string(),
        };
        let b = text.as_bytes();
        if b.len() != 12 {
            return Err(bad("12 characters A-Z a-z 0-9 + / expected"));
        }
        let mut bytes = [0u8; 9];
        for (i, chunk) in b.chunks(4).enumerate() {
            let mut v = 0u32;
            for &c in chunk {
                let d =
                    b64_value(c).ok_or_else(|| bad("12 characters A-Z a-z 0-9 + / expected"))?;
                v = v << 6 | d as u32;
            }
            bytes[3 * i] = (v >> 16) as u8;
            bytes[3 * i + 1] = (v >> 8) as u8;
            bytes[3 * i + 2] = v as u8;
        }
        let k = bytes
            .iter()
            .enumerate()
            .fold(0u128, |k, (i, &x)| k | (x as u128) << (8 * i));
        let get = |at: u32, n: u32| ((k >> at) as u64) & ((1u64 << n) - 1);
        if k >> (NO_JACOBY + 1) != 0 {
            return Err(bad("bits beyond the 67th are set"));
        }
        let owner = match get(OWNER, 2) {
            3 => None,
            2 => return Err(bad("cube owner 2 is neither player nor centred")),
            o => Some(bit_side(o)),
        };
        let state = match get(STATE, 3) {
            0 => GameState::NoGame,
            1 => GameState::Playing,
            2 => GameState::Over,
            3 => GameState::Resigned,
            4 => GameState::Dropped,
            _ => return Err(bad("game state above 4")),
        };
        let resignation = match get(RESIGN, 2) {
            0 => None,
            1 => Some(WinKind::Single),
            2 => Some(WinKind::Gammon),
            _ => Some(WinKind::Backgammon),
        };
        let dice = match (get(DIE1, 3), get(DIE2, 3)) {
            (0, 0) => None,
            (a @ 1..=6, b @ 1..=6) => Some((Die::new(a as u8), Die::new(b as u8))),
            _ => return Err(bad("the dice are not both 1-6 or both 0")),
        };
        let length = get(LENGTH, 15) as u32;
        let score = BySide::new(get(SCORE0, 15) as u32, get(SCORE1, 15) as u32);
        Ok(MatchId {
            cube_value: 1 << get(CUBE, 4),
            cube_owner: owner,
            dice_owner: bit_side(get(DICE_OWNER, 1)),
            crawford: get(CRAWFORD, 1) == 1,
            state,
            turn: bit_side(get(TURN, 1)),
            double_offered: get(DOUBLE, 1) == 1,
            resignation,
            dice,
            length,
            score,
            jacoby: get(NO_JACOBY, 1) == 0,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn measured_gnubg_ids() {
        // Printed by gnubg 1.07 (`show board`) after the commands noted.
        // new match 7; set score 3 5; set cube value 4; set cube owner 0;
        // set turn 0; set dice 5 2.
        let id: MatchId = "AoHqADAAKAAE".parse().unwrap();
        assert_eq!(id.cube_value, 4);
        assert_eq!(id.cube_owner, Some(Side::White));
        assert_eq!(id.dice_owner, Side::White);
        assert_eq!(id.turn, Side::White);
        assert_eq!(id.dice.map(|(a, b)| (a.value(), b.value())), Some((5, 2)));
        assert_eq!(id.length, 7);
        assert_eq!(id.score, BySide::new(3, 5));
        assert!(!id.jacoby);
        assert_eq!(id.to_string(), "AoHqADAAKAAE");
        // Then: set turn 1 (the dice are cleared).
        let id: MatchId = "QgngADAAKAAE".parse().unwrap();
        assert!(!id.double_offered);
        assert_eq!(id.dice_owner, Side::Black);
        assert_eq!(id.turn, Side::Black);
        assert_eq!(id.dice, None);
        // Money: player 0 doubled.
        let id: MatchId = "MBkAAAAAAAAA".parse().unwrap();
        assert!(id.double_offered && id.jacoby);
        assert_eq!(id.turn, Side::Black);
        for s in [
            "cAkPAAAAAAAA",
            "cAnvAAAAAAAE",
            "MAEFABAAAAAA",
            "cAkXAAAAAAAA",
        ] {
            assert_eq!(s.parse::<MatchId>().unwrap().to_string(), s);
        }
    }

    #[test]
    fn bad_ids_name_the_rule() {
        for s in [
            "",
            "cAkPAAAAAAA",
            "cAkPAAAAAAA!",
            "cAkPAAAAAAAI",
            "cAkPAAAAAAAAA",
        ] {
            let e = s.parse::<MatchId>().unwrap_err();
            assert!(e.to_string().contains("BG-1.4"), "{e}");
        }
    }
}
