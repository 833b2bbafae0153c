//! Fields, quarters, tables and the checkers on the board (R-1.x).

use crate::side::{BySide, Side};
use core::fmt;

/// A field (*flèche*, *case*) 1..=24.
///
/// Whether it is read in a player's frame (R-1.2) or in the absolute frame
/// (White's frame, R-1.3) depends on the context: the rules engine works in
/// the mover's frame, the notation in the absolute frame.
///
/// ```
/// use trictrac::{Field, Side};
/// let corner = Field::OWN_CORNER; // 12 in the player's frame
/// assert_eq!(corner.to_absolute(Side::Black).value(), 13);
/// assert_eq!(Field::try_from(25).is_err(), true);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Field(u8);

/// Error for a number that is not a field 1..=24.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("field {0} is not on the board (fields are 1 to 24)")]
pub struct FieldError(pub u32);

impl Field {
    /// The talon (starting stack), field 1 of the player's frame.
    pub const TALON: Field = Field(1);
    /// *Coin de repos* (rest corner), field 12 of the player's frame.
    pub const OWN_CORNER: Field = Field(12);
    /// The opponent's rest corner, field 13 of the player's frame.
    pub const OPPONENT_CORNER: Field = Field(13);

    /// All 24 fields in increasing order.
    pub const ALL: [Field; 24] = {
        let mut a = [Field(1); 24];
        let mut i = 0;
        while i < 24 {
            a[i] = Field(i as u8 + 1);
            i += 1;
        }
        a
    };

    /// The field numbered `n`.
    ///
    /// # Panics
    /// If `n` is not in 1..=24; use `Field::try_from` for untrusted input.
    #[track_caller]
    pub const fn new(n: u8) -> Field {
        assert!(n >= 1 && n <= 24, "fields are 1..=24");
        Field(n)
    }

    /// The number 1..=24.
    pub const fn value(self) -> u8 {
        self.0
    }

    /// The same field seen from the other player (k ↔ 25 − k).
    pub const fn mirror(self) -> Field {
        Field(25 - self.0)
    }

    /// This player-frame field of `side` in the absolute frame (R-1.3).
    pub const fn to_absolute(self, side: Side) -> Field {
        match side {
            Side::White => self,
            Side::Black => self.mirror(),
        }
    }

    /// The absolute field `self` in `side`'s frame (R-1.3).
    pub const fn from_absolute(self, side: Side) -> Field {
        self.to_absolute(side)
    }

    /// The quarter (*jan*) of this player-frame field (R-1.4).
    pub const fn quarter(self) -> Quarter {
        match self.0 {
            1..=6 => Quarter::PetitJan,
            7..=12 => Quarter::GrandJan,
            13..=18 => Quarter::OpponentGrandJan,
            _ => Quarter::JanDeRetour,
        }
    }

    /// The table of this field (R-1.5); the same in either frame.
    pub const fn table(self) -> Table {
        match self.0 {
            7..=18 => Table::GrandJan,
            _ => Table::PetitJan,
        }
    }

    /// Classical name of this player-frame field (R-1.6): `T`, `1`..`11`
    /// on the player's side, and the opponent's `11`..`T` beyond.
    pub fn classical(self) -> String {
        let k = if self.0 <= 12 { self.0 } else { 25 - self.0 };
        let own = self.0 <= 12;
        let name = if k == 1 {
            "T".to_string()
        } else {
            (k - 1).to_string()
        };
        if own {
            name
        } else {
            format!("{name}'")
        }
    }
}

impl TryFrom<u8> for Field {
    type Error = FieldError;
    fn try_from(n: u8) -> Result<Field, FieldError> {
        if (1..=24).contains(&n) {
            Ok(Field(n))
        } else {
            Err(FieldError(n as u32))
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Where a checker move ends: a field, or off the board (*sortie*).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dest {
    /// A field of the board.
    Field(Field),
    /// Borne off past field 24.
    Off,
}

impl Dest {
    /// The field reached by moving `distance` forward from `from` in the
    /// mover's frame, or `Off` past 24.
    pub const fn forward(from: Field, distance: u8) -> Dest {
        let to = from.0 as u32 + distance as u32;
        if to <= 24 {
            Dest::Field(Field(to as u8))
        } else {
            Dest::Off
        }
    }
}

/// A quarter (*jan*, *cadran*) of the board, in the mover's frame (R-1.4).
/// The first two (fields 1–12, from the talon to the rest corner) are the
/// mover's *jeu ordinaire*, the way his checkers go out; the last two
/// (13–24) his *jeu de retour*, the way back (the seed article: "gioco
/// ordinario", "gioco di ritorno").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Quarter {
    /// Petit jan, fields 1–6.
    PetitJan,
    /// Grand jan, fields 7–12 (includes the rest corner).
    GrandJan,
    /// The opponent's grand jan, fields 13–18.
    OpponentGrandJan,
    /// Jan de retour, fields 19–24 (the opponent's petit jan).
    JanDeRetour,
}

impl Quarter {
    /// The name players use: petit jan, grand jan, the opponent's grand
    /// jan, jan de retour.
    pub const fn name(self) -> &'static str {
        match self {
            Quarter::PetitJan => "petit jan",
            Quarter::GrandJan => "grand jan",
            Quarter::OpponentGrandJan => "opponent's grand jan",
            Quarter::JanDeRetour => "jan de retour",
        }
    }

    /// The first player-frame field of the quarter.
    pub const fn first(self) -> u8 {
        match self {
            Quarter::PetitJan => 1,
            Quarter::GrandJan => 7,
            Quarter::OpponentGrandJan => 13,
            Quarter::JanDeRetour => 19,
        }
    }

    /// The six player-frame fields of the quarter.
    pub fn fields(self) -> impl Iterator<Item = Field> {
        let f = self.first();
        (f..f + 6).map(Field)
    }
}

/// A table (half of the board, R-1.5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Table {
    /// Fields 1–6 and 19–24: both petits jans.
    PetitJan,
    /// Fields 7–18: both grands jans.
    GrandJan,
}

/// The checkers of both players on the 24 fields (*tablier*).
///
/// One signed count per absolute field: positive for White, negative for
/// Black, so a field can never hold both colours. Checkers not on the
/// board are borne off.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    cells: [i8; 24],
}

impl Board {
    /// The initial position (R-2.1): 15 checkers on each talon.
    pub const START: Board = {
        let mut cells = [0i8; 24];
        cells[0] = 15;
        cells[23] = -15;
        Board { cells }
    };

    /// An empty board (every checker borne off).
    pub const EMPTY: Board = Board { cells: [0; 24] };

    /// Builds a board from absolute signed counts (positive White).
    /// The caller guarantees at most 15 checkers per side.
    pub(crate) const fn from_cells(cells: [i8; 24]) -> Board {
        Board { cells }
    }

    /// The side and number of checkers on absolute field `abs`.
    pub fn at(&self, abs: Field) -> Option<(Side, u8)> {
        let c = self.cells[abs.0 as usize - 1];
        match c {
            0 => None,
            c if c > 0 => Some((Side::White, c as u8)),
            c => Some((Side::Black, c.unsigned_abs())),
        }
    }

    /// The number of `side`'s checkers on the field `field` of `side`'s
    /// own frame.
    pub fn count(&self, side: Side, field: Field) -> u8 {
        let c = self.cells[field.to_absolute(side).0 as usize - 1];
        match side {
            Side::White if c > 0 => c as u8,
            Side::Black if c < 0 => c.unsigned_abs(),
            _ => 0,
        }
    }

    /// The number of `side`'s checkers on the board.
    pub fn on_board(&self, side: Side) -> u8 {
        self.cells
            .iter()
            .map(|&c| match side {
                Side::White if c > 0 => c as u8,
                Side::Black if c < 0 => c.unsigned_abs(),
                _ => 0,
            })
            .sum()
    }

    /// The number of `side`'s checkers borne off (15 − on board).
    pub fn borne_off(&self, side: Side) -> u8 {
        15 - self.on_board(side)
    }

    /// Checkers borne off by each side.
    pub fn off(&self) -> BySide<u8> {
        BySide::new(self.borne_off(Side::White), self.borne_off(Side::Black))
    }

    /// The board seen by `side`: index k (1..=24) is `side`'s field k,
    /// positive for `side`'s checkers, negative for the opponent's.
    /// Indexes 0 and 25 are always 0.
    #[inline]
    pub fn relative(&self, side: Side) -> [i8; 26] {
        let mut r = [0i8; 26];
        match side {
            Side::White => r[1..25].copy_from_slice(&self.cells),
            Side::Black => {
                for (k, slot) in r[1..25].iter_mut().enumerate() {
                    *slot = -self.cells[23 - k];
                }
            }
        }
        r
    }

    /// Moves one of `side`'s checkers from its field `from` to `to`
    /// (its own frame); `None` bears it off.
    #[inline]
    pub(crate) fn move_checker(&mut self, side: Side, from: u8, to: Option<u8>) {
        let (idx, d) = match side {
            Side::White => (from as usize - 1, 1i8),
            Side::Black => (24 - from as usize, -1i8),
        };
        self.cells[idx] -= d;
        if let Some(t) = to {
            let tidx = match side {
                Side::White => t as usize - 1,
                Side::Black => 24 - t as usize,
            };
            self.cells[tidx] += d;
        }
    }

    /// The raw absolute signed counts (positive White), index 0 = field 1.
    pub fn cells(&self) -> &[i8; 24] {
        &self.cells
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Board{:?}", self.cells)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn r_1_3_absolute_frame_mirrors_black() {
        for k in 1..=24u8 {
            let f = Field::new(k);
            assert_eq!(f.to_absolute(Side::White), f);
            assert_eq!(f.to_absolute(Side::Black).value(), 25 - k);
            assert_eq!(f.to_absolute(Side::Black).from_absolute(Side::Black), f);
        }
    }

    #[test]
    fn r_1_4_quarters_and_r_1_5_tables() {
        assert_eq!(Field::new(6).quarter(), Quarter::PetitJan);
        assert_eq!(Field::new(12).quarter(), Quarter::GrandJan);
        assert_eq!(Field::new(13).quarter(), Quarter::OpponentGrandJan);
        assert_eq!(Field::new(19).quarter(), Quarter::JanDeRetour);
        assert_eq!(Field::new(6).table(), Table::PetitJan);
        assert_eq!(Field::new(7).table(), Table::GrandJan);
        assert_eq!(Field::new(18).table(), Table::GrandJan);
        assert_eq!(Field::new(19).table(), Table::PetitJan);
        let f: Vec<u8> = Quarter::JanDeRetour.fields().map(|f| f.value()).collect();
        assert_eq!(f, vec![19, 20, 21, 22, 23, 24]);
    }

    #[test]
    fn r_1_6_classical_names() {
        assert_eq!(Field::new(1).classical(), "T");
        assert_eq!(Field::new(12).classical(), "11");
        assert_eq!(Field::new(8).classical(), "7");
        assert_eq!(Field::new(13).classical(), "11'");
        assert_eq!(Field::new(24).classical(), "T'");
    }

    #[test]
    fn relative_view_and_moves() {
        let mut b = Board::START;
        let r = b.relative(Side::Black);
        assert_eq!(r[1], 15);
        assert_eq!(r[24], -15);
        b.move_checker(Side::Black, 1, Some(7));
        assert_eq!(b.count(Side::Black, Field::new(7)), 1);
        assert_eq!(b.at(Field::new(18)), Some((Side::Black, 1)));
        b.move_checker(Side::White, 1, None);
        assert_eq!(b.borne_off(Side::White), 1);
    }
}
