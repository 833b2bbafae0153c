//! Why a chequer play: the features of the position after a play, in the
//! mover's eyes, computed from the positions alone (issue 40): the blots
//! left and the opponent's shots at them, counted exactly over his 36
//! rolls by the real move generator ([`shots`]); the points made and
//! given up; the longest prime of both sides; the home board; the
//! anchors; the pip counts and whether the contact is broken; the
//! checkers back; and the network's gammon chances, when the caller has
//! them ([`Chances`]). [`why()`] compares two plays by those features.
//! A cube decision is explained by [`cube`]: the chances, the gammon
//! factor, the take point and the market losers.
//!
//! Points are numbered in the mover's own numbering (BG-1.2): his home
//! board is 1–6, the opponent's home board is his 19–24.
//!
//! ```
//! use backgammon::{Position, Roll, Rules};
//! use backgammon_bot::analysis::explain::features;
//! let pos = Position::start();
//! let rules = Rules::standard();
//! let play = pos
//!     .resolve_play(Roll::new(3, 1), &"8/5 6/5".parse().unwrap(), &rules)
//!     .unwrap();
//! let f = features(&pos, &pos.play_unchecked(&play), &rules);
//! assert_eq!(f.points_made, vec![5]);
//! assert!(f.blots.is_empty());
//! assert_eq!(f.home_board_points, 2);
//! ```

pub mod cube;
pub mod shots;
pub mod why;

use backgammon::{Position, Rules, Side};
use serde::Serialize;

pub use cube::{explain_cube, CubeExplanation, Market, MarketLoser};
pub use why::{why, Reason, ReasonKind, Why};

/// A blot of the mover (a point where he has one checker) after his
/// play, and the opponent's aim at it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Blot {
    /// The point, in the mover's numbering.
    pub point: u8,
    /// The distances (1–6) of the opponent's checkers that aim at it
    /// directly, nearest first; a checker on the bar aims from the
    /// blot's own point number (BG-4.2).
    pub direct_shooters: Vec<u8>,
    /// The distances (7–24) of those that aim at it indirectly (with
    /// two dice or more), nearest first.
    pub indirect_shooters: Vec<u8>,
    /// The opponent's rolls (of 36) with a legal play that hits it.
    pub shots: u8,
    /// Of those, the rolls that hit it with a single die.
    pub direct_shots: u8,
}

/// A side's longest prime: consecutive points each holding two or more
/// of his checkers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Prime {
    /// How many consecutive points (0 when he holds no point).
    pub length: u8,
    /// Its highest point in the side's own numbering (0 when none).
    pub high: u8,
    /// Its lowest point (0 when none).
    pub low: u8,
}

/// Both sides' pip counts (a checker on the bar counts 25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Pips {
    /// The mover's.
    pub mover: u32,
    /// The opponent's.
    pub opponent: u32,
    /// The mover's lead: the opponent's count minus his (negative when
    /// he is behind).
    pub lead: i32,
}

/// The network's chances after the play, in the mover's eyes (gammons
/// include backgammons, as the evaluator gives them).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Chances {
    /// Winning.
    pub win: f32,
    /// Winning a gammon or a backgammon.
    pub win_gammon: f32,
    /// Winning a backgammon.
    pub win_backgammon: f32,
    /// Losing a gammon or a backgammon.
    pub lose_gammon: f32,
    /// Losing a backgammon.
    pub lose_backgammon: f32,
}

impl Chances {
    /// From the evaluator's outputs (win, win gammon, win backgammon,
    /// lose gammon, lose backgammon: [`crate::net::equity`]).
    pub fn from_outputs(o: &neural::Outputs) -> Chances {
        Chances {
            win: o[0],
            win_gammon: o[1],
            win_backgammon: o[2],
            lose_gammon: o[3],
            lose_backgammon: o[4],
        }
    }

    /// What the gammons and backgammons of both sides add to the
    /// cubeless money equity (each one point more than a single game).
    pub fn gammon_equity(&self) -> f32 {
        self.win_gammon + self.win_backgammon - self.lose_gammon - self.lose_backgammon
    }
}

/// The features of the position after a play, in the mover's eyes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayFeatures {
    /// The mover's blots, lowest point first.
    pub blots: Vec<Blot>,
    /// The opponent's rolls (of 36) that hit at least one blot.
    pub shots: u8,
    /// Of those, the rolls that hit a blot with a single die.
    pub direct_shots: u8,
    /// The opponent's rolls (of 36) that hit at least one blot outside
    /// his home board (the mover's points 1–18): being hit on the
    /// mover's 19–24 costs him at most 6 pips, elsewhere 7 or more.
    pub shots_outside: u8,
    /// Of those, the rolls that hit such a blot with a single die.
    pub direct_shots_outside: u8,
    /// Points the mover holds (two checkers or more) after the play and
    /// did not before, lowest first.
    pub points_made: Vec<u8>,
    /// Points he held before the play and no longer holds, lowest first.
    pub points_given_up: Vec<u8>,
    /// Points he holds in his home board (1–6).
    pub home_board_points: u8,
    /// His longest prime.
    pub prime: Prime,
    /// The opponent's longest prime (in the opponent's numbering).
    pub opponent_prime: Prime,
    /// His anchors: points he holds in the opponent's home board (his
    /// 19–24).
    pub anchors: Vec<u8>,
    /// Both pip counts.
    pub pips: Pips,
    /// Whether the contact is broken: a race.
    pub race: bool,
    /// His checkers back: on the bar or in the opponent's home board.
    pub checkers_back: u8,
    /// The opponent's checkers on the bar (hit by this play or before).
    pub opponent_on_bar: u8,
    /// The network's chances, when given ([`PlayFeatures::with_chances`]).
    pub chances: Option<Chances>,
}

impl PlayFeatures {
    /// The same features with the network's chances.
    pub fn with_chances(mut self, chances: Chances) -> PlayFeatures {
        self.chances = Some(chances);
        self
    }
}

/// The points (1..=24) where `side` has two checkers or more.
fn made(pos: &Position, side: Side) -> Vec<u8> {
    let c = pos.counts(side);
    (1..=24u8).filter(|&p| c[usize::from(p)] >= 2).collect()
}

/// `side`'s longest prime in `pos` (the highest of equal length).
pub fn longest_prime(pos: &Position, side: Side) -> Prime {
    let c = pos.counts(side);
    let mut best = Prime::default();
    let mut run = 0u8;
    for p in 1..=24u8 {
        if c[usize::from(p)] >= 2 {
            run += 1;
            if run >= best.length {
                best = Prime {
                    length: run,
                    high: p,
                    low: p + 1 - run,
                };
            }
        } else {
            run = 0;
        }
    }
    best
}

/// The features of `after`, the position after a play by the side on
/// roll of `before`, in his eyes. The shots are counted with the
/// opponent on roll in `after` (whatever side `after` has on roll) under
/// `rules`. The chances are left out: add the evaluator's with
/// [`PlayFeatures::with_chances`].
pub fn features(before: &Position, after: &Position, rules: &Rules) -> PlayFeatures {
    let me = before.turn();
    let table = shots::shot_table(after, me, rules);
    let mine = after.counts(me);
    let blots: Vec<Blot> = (1..=24u8)
        .filter(|&p| mine[usize::from(p)] == 1)
        .map(|p| {
            let (direct, indirect): (Vec<u8>, Vec<u8>) = shots::shooter_distances(after, me, p)
                .into_iter()
                .partition(|&d| d <= 6);
            let s = table.per_point[usize::from(p)];
            Blot {
                point: p,
                direct_shooters: direct,
                indirect_shooters: indirect,
                shots: s.shots,
                direct_shots: s.direct,
            }
        })
        .collect();
    let held_before = made(before, me);
    let held_after = made(after, me);
    let points_made = held_after
        .iter()
        .copied()
        .filter(|p| !held_before.contains(p))
        .collect();
    let points_given_up = held_before
        .iter()
        .copied()
        .filter(|p| !held_after.contains(p))
        .collect();
    let (mover_pips, opponent_pips) = (after.pip_count(me), after.pip_count(!me));
    PlayFeatures {
        blots,
        shots: table.any,
        direct_shots: table.any_direct,
        shots_outside: table.outside,
        direct_shots_outside: table.outside_direct,
        points_made,
        points_given_up,
        home_board_points: held_after.iter().filter(|&&p| p <= 6).count() as u8,
        prime: longest_prime(after, me),
        opponent_prime: longest_prime(after, !me),
        anchors: held_after.iter().copied().filter(|&p| p >= 19).collect(),
        pips: Pips {
            mover: mover_pips,
            opponent: opponent_pips,
            lead: opponent_pips as i32 - mover_pips as i32,
        },
        race: after.is_race(),
        checkers_back: after.on_bar(me) + mine[19..=24].iter().sum::<u8>(),
        opponent_on_bar: after.on_bar(!me),
        chances: None,
    }
}

/// A list of points as players write them: "5", "5 and 4", "8, 5 and 4".
pub(crate) fn point_list(points: &[u8]) -> String {
    match points {
        [] => String::new(),
        [p] => p.to_string(),
        [init @ .., last] => {
            let init: Vec<String> = init.iter().map(u8::to_string).collect();
            format!("{} and {last}", init.join(", "))
        }
    }
}

/// The features on one line, for a table of plays: the blots and the
/// shots at them, the points made and given up, the home board, the
/// prime, the anchors, the checkers back, the pips (or the race) and the
/// gammon chances.
///
/// ```
/// use backgammon::{Position, Roll, Rules};
/// use backgammon_bot::analysis::explain::{features, summary};
/// let pos = Position::start();
/// let rules = Rules::standard();
/// let play = pos
///     .resolve_play(Roll::new(3, 1), &"8/5 6/5".parse().unwrap(), &rules)
///     .unwrap();
/// let line = summary(&features(&pos, &pos.play_unchecked(&play), &rules));
/// assert!(line.starts_with("no blot; makes the 5; home board 2 points"), "{line}");
/// ```
pub fn summary(f: &PlayFeatures) -> String {
    let mut parts = Vec::new();
    if f.race {
        // No contact: only the race and the chances matter.
        parts.push(format!(
            "race, pips {} v {} ({})",
            f.pips.mover,
            f.pips.opponent,
            match f.pips.lead {
                0 => "even".to_string(),
                l if l > 0 => format!("{l} ahead"),
                l => format!("{} behind", -l),
            }
        ));
    } else if f.blots.is_empty() {
        parts.push("no blot".to_string());
    } else {
        let points: Vec<u8> = f.blots.iter().map(|b| b.point).collect();
        let word = if points.len() == 1 { "blot" } else { "blots" };
        let outside = if f.shots_outside != f.shots && points.iter().any(|&p| p <= 18) {
            format!(", {} outside the opponent's board", f.shots_outside)
        } else {
            String::new()
        };
        parts.push(format!(
            "{word} on the {}: {} shots of 36 ({} direct){outside}",
            point_list(&points),
            f.shots,
            f.direct_shots
        ));
    }
    if !f.race {
        contact_summary(f, &mut parts);
    }
    if let Some(c) = &f.chances {
        parts.push(format!(
            "gammons {:.0}%/{:.0}%",
            (100.0 * c.win_gammon).max(0.0),
            (100.0 * c.lose_gammon).max(0.0)
        ));
    }
    parts.join("; ")
}

/// The parts of [`summary`] that matter while the sides are in contact.
fn contact_summary(f: &PlayFeatures, parts: &mut Vec<String>) {
    if !f.points_made.is_empty() {
        parts.push(format!("makes the {}", point_list(&f.points_made)));
    }
    if !f.points_given_up.is_empty() {
        parts.push(format!("gives up the {}", point_list(&f.points_given_up)));
    }
    let plural = |n: u8| if n == 1 { "" } else { "s" };
    parts.push(format!(
        "home board {} point{}",
        f.home_board_points,
        plural(f.home_board_points)
    ));
    if f.prime.length >= 2 {
        parts.push(format!(
            "prime {} ({}-{})",
            f.prime.length, f.prime.high, f.prime.low
        ));
    }
    if !f.anchors.is_empty() {
        let word = if f.anchors.len() == 1 {
            "anchor"
        } else {
            "anchors"
        };
        parts.push(format!("{word} {}", point_list(&f.anchors)));
    }
    if f.opponent_on_bar > 0 {
        parts.push(format!("{} on the bar", f.opponent_on_bar));
    }
    parts.push(format!(
        "{} checker{} back",
        f.checkers_back,
        plural(f.checkers_back)
    ));
    parts.push(format!("pips {} v {}", f.pips.mover, f.pips.opponent));
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod themes;
