//! What a review reports: gnubg's marks of an error ([`Mark`]), each
//! play and cube decision reviewed ([`MoveReview`], [`CubeReview`]), a
//! game's and a player's figures ([`GameReview`], [`PlayerStats`]) and
//! the rating of an error rate ([`rating`]).

use backgammon::{Roll, Side};

use crate::analysis::cubeful::CubeAnalysis;

/// gnubg's marks of an error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// Below the doubtful threshold.
    None,
    /// Doubtful (?!), from 0.03.
    Doubtful,
    /// Bad (?), from 0.06.
    Bad,
    /// Very bad (??), from 0.12.
    VeryBad,
}

/// gnubg's thresholds (`show analysis`): doubtful, bad, very bad.
pub const THRESHOLDS: [f64; 3] = [0.03, 0.06, 0.12];

impl Mark {
    /// The mark of an error of `lost` equity.
    pub fn of(lost: f64) -> Mark {
        if lost >= THRESHOLDS[2] {
            Mark::VeryBad
        } else if lost >= THRESHOLDS[1] {
            Mark::Bad
        } else if lost >= THRESHOLDS[0] {
            Mark::Doubtful
        } else {
            Mark::None
        }
    }

    /// gnubg's words ("" for none).
    pub fn words(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Doubtful => "doubtful",
            Mark::Bad => "bad",
            Mark::VeryBad => "very bad",
        }
    }

    /// gnubg's signs (`?!`, `?`, `??`).
    pub fn sign(self) -> &'static str {
        match self {
            Mark::None => "",
            Mark::Doubtful => "?!",
            Mark::Bad => "?",
            Mark::VeryBad => "??",
        }
    }
}

/// gnubg's rating words by error rate in mEMG: below 2 Supernatural, 5
/// World class, 8 Expert, 12 Advanced, 18 Intermediate, 26 Casual
/// player, 35 Beginner, else Awful!
pub fn rating(error_rate: f64) -> &'static str {
    const TABLE: [(f64, &str); 7] = [
        (2.0, "Supernatural"),
        (5.0, "World class"),
        (8.0, "Expert"),
        (12.0, "Advanced"),
        (18.0, "Intermediate"),
        (26.0, "Casual player"),
        (35.0, "Beginner"),
    ];
    TABLE
        .iter()
        .find(|(t, _)| error_rate < *t)
        .map_or("Awful!", |x| x.1)
}

/// A chequer play reviewed.
#[derive(Clone, Debug)]
pub struct MoveReview {
    /// The move's number in the game (from 1, counting both sides'
    /// turns).
    pub number: u32,
    /// Who played.
    pub side: Side,
    /// The roll.
    pub roll: Roll,
    /// The position before the play (gnubg Position ID).
    pub position_id: String,
    /// The Match ID before the play.
    pub match_id: String,
    /// The play made.
    pub play: String,
    /// The best play.
    pub best: String,
    /// The equity lost (0 when the best was played).
    pub lost: f64,
    /// Only one legal play.
    pub forced: bool,
    /// The depth at which the play made was compared with the best: 0,
    /// 2, or 3 when the 2-ply judgement was checked one ply deeper
    /// ([`crate::analysis::chequer`]), 4 ([`crate::analysis::deeper`]); 0 for a forced play.
    pub plies: u8,
    /// The games of the rollout that judged the play (a close decision,
    /// with a rollout asked for: [`crate::analysis::deeper`]); 0 when the
    /// search alone judged.
    pub rollout: u32,
    /// gnubg's mark.
    pub mark: Mark,
    /// The luck of the roll, in the roller's eyes.
    pub luck: f64,
}

/// A cube decision reviewed.
#[derive(Clone, Debug)]
pub struct CubeReview {
    /// The move's number in the game.
    pub number: u32,
    /// Who decided.
    pub side: Side,
    /// What he did: "double", "no double", "take", "pass".
    pub action: &'static str,
    /// The position (the doubler on roll) and Match ID.
    pub position_id: String,
    /// The Match ID.
    pub match_id: String,
    /// The analysis, in the doubler's eyes.
    pub analysis: CubeAnalysis,
    /// The depth of the analysis in levels of rolls ([`super::cube_analysis`]):
    /// 1 the cheap estimate, 2 the cubeful search (gnubg's 2-ply).
    pub plies: u8,
    /// The equity lost by the decision, in the decider's eyes.
    pub lost: f64,
    /// What went wrong, in gnubg's categories: "missed double below CP"
    /// (the double would have been taken), "missed double above CP" (it
    /// would have been passed), "wrong double below DP" (premature),
    /// "wrong double above TG" (too good to double), "wrong take",
    /// "wrong pass", or "".
    pub error: &'static str,
    /// Whether gnubg counts the decision (close or actual).
    pub counted: bool,
    /// gnubg's mark.
    pub mark: Mark,
}

/// One game reviewed.
#[derive(Clone, Debug, Default)]
pub struct GameReview {
    /// The chequer plays.
    pub moves: Vec<MoveReview>,
    /// The cube decisions.
    pub cubes: Vec<CubeReview>,
}

/// A player's totals.
#[derive(Clone, Debug, Default)]
pub struct PlayerStats {
    /// The name in the file.
    pub name: String,
    /// Unforced moves.
    pub unforced: u32,
    /// Equity lost in chequer play.
    pub checker_error: f64,
    /// Close or actual cube decisions.
    pub cube_decisions: u32,
    /// Equity lost in cube decisions.
    pub cube_error: f64,
    /// Rolls.
    pub rolls: u32,
    /// Total luck.
    pub luck: f64,
    /// Marked errors: doubtful, bad, very bad (chequer and cube).
    pub marks: [u32; 3],
    /// Cube errors: missed doubles, wrong doubles, wrong takes, wrong
    /// passes.
    pub cube_errors: [u32; 4],
}

impl PlayerStats {
    fn rate(x: f64, n: u32) -> f64 {
        if n == 0 {
            0.0
        } else {
            1000.0 * x / f64::from(n)
        }
    }

    /// Both errors per decision, in mEMG.
    pub fn error_rate(&self) -> f64 {
        PlayerStats::rate(
            self.checker_error + self.cube_error,
            self.unforced + self.cube_decisions,
        )
    }

    /// Chequer error per unforced move, mEMG.
    pub fn checker_error_rate(&self) -> f64 {
        PlayerStats::rate(self.checker_error, self.unforced)
    }

    /// Cube error per close or actual cube decision, mEMG.
    pub fn cube_error_rate(&self) -> f64 {
        PlayerStats::rate(self.cube_error, self.cube_decisions)
    }

    /// Luck per roll, mEMG.
    pub fn luck_rate(&self) -> f64 {
        PlayerStats::rate(self.luck, self.rolls)
    }

    /// gnubg's rating words for [`PlayerStats::error_rate`].
    pub fn rating(&self) -> &'static str {
        rating(self.error_rate())
    }
}

/// A reviewed match.
#[derive(Clone, Debug)]
pub struct Review {
    /// White's and Black's totals (the file's left and right players).
    pub players: [PlayerStats; 2],
    /// The games.
    pub games: Vec<GameReview>,
}
