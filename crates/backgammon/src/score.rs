//! The points of a game (BG-6).

use core::fmt;

use tables::Side;

use crate::board::{BAR, OFF};
use crate::position::Position;
use crate::rules::Preset;

/// How a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinKind {
    /// One point (BG-6.1, BG-6.2).
    Single,
    /// Two points: the loser bore off no checker (*gammon*).
    Gammon,
    /// Three points (*backgammon*): standard, no checker off and one on
    /// the bar or in the winner's home board; seed, a checker on the bar.
    Backgammon,
}

impl WinKind {
    /// The points it is worth before the cube: 1, 2 or 3.
    pub const fn points(self) -> u32 {
        match self {
            WinKind::Single => 1,
            WinKind::Gammon => 2,
            WinKind::Backgammon => 3,
        }
    }

    /// `single`, `gammon` or `backgammon`.
    pub const fn name(self) -> &'static str {
        match self {
            WinKind::Single => "single",
            WinKind::Gammon => "gammon",
            WinKind::Backgammon => "backgammon",
        }
    }

    /// `a single game`, `a gammon` or `a backgammon` (what a
    /// resignation offers, in a sentence).
    pub const fn offered(self) -> &'static str {
        match self {
            WinKind::Single => "a single game",
            WinKind::Gammon => "a gammon",
            WinKind::Backgammon => "a backgammon",
        }
    }

    /// The kind named `single`, `gammon` or `backgammon` (also `s`, `g`,
    /// `b`, `1`, `2`, `3`), any case.
    pub fn from_name(name: &str) -> Option<WinKind> {
        match name.trim().to_ascii_lowercase().as_str() {
            "single" | "s" | "1" => Some(WinKind::Single),
            "gammon" | "g" | "2" => Some(WinKind::Gammon),
            "backgammon" | "b" | "3" => Some(WinKind::Backgammon),
            _ => None,
        }
    }
}

impl fmt::Display for WinKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How `winner` wins against the position's other side, were the game to
/// end now (the winner need not have borne off everything: the seed's
/// refused redouble counts the game as it stands, BG-7.4).
///
/// ```
/// use backgammon::{score::win_kind, Position, Preset, Side, WinKind};
/// let start = Position::start();
/// assert_eq!(win_kind(&start, Side::White, Preset::Standard), WinKind::Backgammon);
/// assert_eq!(win_kind(&start, Side::White, Preset::Seed), WinKind::Gammon);
/// ```
pub fn win_kind(pos: &Position, winner: Side, preset: Preset) -> WinKind {
    let loser = pos.counts(!winner);
    let none_off = loser[OFF] == 0;
    let on_bar = loser[BAR] > 0;
    match preset {
        Preset::Standard => {
            // The winner's home board is the loser's points 19–24.
            let in_winner_home = loser[19..=24].iter().any(|&n| n > 0);
            if none_off && (on_bar || in_winner_home) {
                WinKind::Backgammon
            } else if none_off {
                WinKind::Gammon
            } else {
                WinKind::Single
            }
        }
        Preset::Seed => {
            if on_bar {
                WinKind::Backgammon
            } else if none_off {
                WinKind::Gammon
            } else {
                WinKind::Single
            }
        }
    }
}
