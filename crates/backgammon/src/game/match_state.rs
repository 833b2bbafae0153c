//! The match around a game: its state between games, and how a game ends
//! (BG-6).

use core::fmt;

use tables::{BySide, Side};

use crate::score::WinKind;

/// The match a game belongs to: its length (0 for a money game) and the
/// score before the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct MatchState {
    /// Points to win the match; 0 for a money game (no match).
    pub length: u32,
    /// Points of each side before this game.
    pub score: BySide<u32>,
    /// Whether this is the Crawford game: the first game after a side
    /// reached `length − 1` (no double, BG-7.5).
    pub crawford: bool,
    /// Whether the Crawford game has been played.
    pub crawford_done: bool,
    /// Games played before this one.
    pub games: u32,
}

impl MatchState {
    /// A money game (no match).
    pub const fn money() -> MatchState {
        MatchState {
            length: 0,
            score: BySide::new(0, 0),
            crawford: false,
            crawford_done: false,
            games: 0,
        }
    }

    /// A match to `length` points, score 0–0.
    pub const fn to(length: u32) -> MatchState {
        MatchState {
            length,
            score: BySide::new(0, 0),
            crawford: false,
            crawford_done: false,
            games: 0,
        }
    }

    /// Whether this is a money game.
    pub const fn is_money(&self) -> bool {
        self.length == 0
    }

    /// The match winner, if a side has `length` points or more.
    pub fn winner(&self) -> Option<Side> {
        if self.length == 0 {
            return None;
        }
        Side::ALL
            .into_iter()
            .find(|&s| *self.score.get(s) >= self.length)
    }

    /// The state after a game that `result` ended: points added, the
    /// Crawford game set when a side first reaches `length − 1`.
    pub fn after(&self, result: &GameResult) -> MatchState {
        let mut next = *self;
        *next.score.get_mut(result.winner) += result.points;
        next.games += 1;
        if self.length > 0 {
            if self.crawford {
                next.crawford = false;
                next.crawford_done = true;
            } else if !self.crawford_done
                && self.length > 1
                && Side::ALL
                    .into_iter()
                    .any(|s| *next.score.get(s) == self.length - 1)
                && next.winner().is_none()
            {
                next.crawford = true;
            }
        }
        next
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The winner bore off all his checkers (BG-5.3).
    BorneOff,
    /// The loser refused the videau (BG-7.4).
    Dropped,
    /// The loser resigned.
    Resigned,
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// Who won.
    pub winner: Side,
    /// Single, gammon or backgammon (for a dropped double: how the seed
    /// counts a refused redouble, else single).
    pub kind: WinKind,
    /// The points won: the kind's points (single under the Jacoby rule
    /// with a centred cube) times the cube, or the dropped cube's value.
    pub points: u32,
    /// Why it ended.
    pub reason: EndReason,
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let how = match self.reason {
            EndReason::BorneOff => format!("a {}", self.kind),
            EndReason::Dropped => "by a refused double".to_string(),
            EndReason::Resigned => format!("a {} by resignation", self.kind),
        };
        write!(
            f,
            "{} wins {how} and {} point{}",
            self.winner,
            self.points,
            if self.points == 1 { "" } else { "s" }
        )
    }
}
