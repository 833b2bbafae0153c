//! Tables of chances (*tables des hasards*): how many of the 36 dice
//! outcomes bring an event, counted as the treatises count — the 15
//! singles twice (a-b and b-a), the 6 doubles once.
//!
//! Each question is one rule of RULES.md section 6 (and R-4.1–R-4.3 for
//! the corner), answered with the engine's own code wherever the engine
//! already decides it:
//!
//! - [`Question::Hit`]: the rolls that hit truly (R-6.1) the lone opponent
//!   checker on a field, or any of them — read from the jans the engine's
//!   scorer finds for the roll, so that rests closed by two opponent
//!   checkers, the tout d'une of a double (`2d` only) and false hits
//!   (R-6.2, which do not count) follow the rule book;
//! - [`Question::Fill`]: the rolls that complete a quarter (R-6.5) at some
//!   moment of a play the movement laws allow (R-6.8 steps 1–2): the fill
//!   the scorer counts (R-6.6), and the fill *in passing* (*en passant*),
//!   when a checker completes the quarter but the play goes on and breaks
//!   it, or the play that keeps it full is not legal;
//! - [`Question::Point`]: the rolls that bring two checkers, one per die,
//!   onto an empty field (from `f − a` and `f − b`, or two from `f − d` on
//!   a double) in a play the movement laws allow;
//! - [`Question::Corner`]: the rolls that take the own corner (R-4.1 by
//!   effect, R-4.3 by power) in a play the movement laws allow.
//!
//! Fields in questions and answers are absolute (as in TPN); the side is
//! the position's side to move.
//!
//! ```
//! use trictrac::chances::{chances, Question};
//! use trictrac::{Field, Position, Rules};
//! // A lone black checker six fields ahead of White's talon (R-6.1):
//! // every roll with a 6 (11), and 5-1, 4-2 tout d'une (4), 3-3 (1).
//! let pos: Position = "w:1x15 b:24x14,7 w".parse().unwrap();
//! let c = chances(&pos, &Rules::DEFAULT, &Question::Hit(Some(Field::new(7))));
//! assert_eq!(c.count, 16);
//! ```

use crate::board::{Field, Quarter};
use crate::dice::Roll;
use crate::jans::{Beneficiary, Jan, RollContext};
use crate::plays::Play;
use crate::position::Position;
use crate::rules::Rules;

/// One question of a table of chances.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Rolls hitting truly (R-6.1) the lone opponent checker on this
    /// absolute field, or any lone opponent checker (`None`).
    Hit(Option<Field>),
    /// Rolls completing this quarter of the side to move (R-6.5), in
    /// passing included: [`Quarter::PetitJan`], [`Quarter::GrandJan`] or
    /// [`Quarter::JanDeRetour`].
    Fill(Quarter),
    /// Rolls making a point (two checkers, one per die) on any of these
    /// empty absolute fields.
    Point(Vec<Field>),
    /// Rolls taking the own corner, by effect or by power (R-4.1, R-4.3).
    Corner,
}

/// The answer: the rolls (each once, highest first: 6-6, 6-5, …, 1-1) and how
/// many of the 36 outcomes they are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chances {
    /// Outcomes out of 36 (a single counts twice).
    pub count: u32,
    /// The rolls that bring the event.
    pub rolls: Vec<Roll>,
}

/// Whether the side to move of `pos` has a lone opponent checker on the
/// absolute field `f` (what [`Question::Hit`] asks about).
pub fn lone_opponent(pos: &Position, f: Field) -> bool {
    pos.board().at(f) == Some((!pos.turn(), 1))
}

/// The rolls of the 36 that bring the event `q` to `pos`'s side to move.
pub fn chances(pos: &Position, rules: &Rules, q: &Question) -> Chances {
    let mut out = Chances::default();
    for roll in Roll::ALL.into_iter().rev() {
        if brings(pos, rules, q, roll) {
            out.count += roll.weight();
            out.rolls.push(roll);
        }
    }
    out
}

/// Whether `roll` brings the event `q` to `pos`'s side to move.
pub fn brings(pos: &Position, rules: &Rules, q: &Question, roll: Roll) -> bool {
    let me = pos.turn();
    match q {
        Question::Hit(target) => {
            let (rs, _) = pos.scorer(rules).score(roll, &RollContext::default());
            rs.jans.iter().any(|e| {
                matches!(e.jan, Jan::TrueHit(_))
                    && e.beneficiary == Beneficiary::Mover
                    && target.is_none_or(|t| e.fields.first() == Some(&t))
            })
        }
        Question::Fill(quarter) => {
            let (rs, _) = pos.scorer(rules).score(roll, &RollContext::default());
            let counted = rs
                .jans
                .iter()
                .any(|e| e.jan == Jan::Fill(*quarter) && e.beneficiary == Beneficiary::Mover);
            counted || fills_in_passing(pos, rules, *quarter, roll)
        }
        Question::Point(fields) => {
            let rel = pos.board().relative(me);
            let plays = pos.movement_plays(roll, rules);
            fields.iter().any(|abs| {
                let f = abs.from_absolute(me).value();
                rel[f as usize] == 0 && makes_point(&rel, &plays, f, roll)
            })
        }
        Question::Corner => {
            let rel = pos.board().relative(me);
            let corner = Field::OWN_CORNER.value();
            if rel[corner as usize] != 0 {
                return false;
            }
            pos.movement_plays(roll, rules).iter().any(|p| {
                let mut c = 0i32;
                for m in p.moves() {
                    if m.from().value() == corner {
                        c -= 1;
                    }
                    if m.to() == crate::board::Dest::Field(Field::OWN_CORNER) {
                        c += 1;
                    }
                }
                c >= 2
            })
        }
    }
}

/// Counts of the mover's checkers per mover-frame field (0 for the
/// opponent's fields).
fn own_counts(rel: &[i8; 26]) -> [u8; 26] {
    let mut c = [0u8; 26];
    for (k, x) in rel.iter().enumerate() {
        c[k] = (*x).max(0) as u8;
    }
    c
}

/// Whether a play of the movement laws brings two checkers, one per die,
/// onto the empty mover-frame field `f`.
fn makes_point(rel: &[i8; 26], plays: &[Play], f: u8, roll: Roll) -> bool {
    let (a, b) = (roll.high().value(), roll.low().value());
    let own = own_counts(rel);
    let src = |d: u8| f.checked_sub(d).filter(|&s| s >= 1);
    // The checkers must be there before the roll.
    let ready = if a == b {
        src(a).is_some_and(|s| own[s as usize] >= 2)
    } else {
        src(a).is_some_and(|s| own[s as usize] >= 1) && src(b).is_some_and(|s| own[s as usize] >= 1)
    };
    if !ready {
        return false;
    }
    let target = crate::board::Dest::Field(Field::new(f));
    plays.iter().any(|p| {
        let direct = |d: u8| {
            p.moves()
                .iter()
                .filter(|m| {
                    m.to() == target && m.die().value() == d && Some(m.from().value()) == src(d)
                })
                .count()
        };
        if a == b {
            direct(a) >= 2
        } else {
            direct(a) >= 1 && direct(b) >= 1
        }
    })
}

/// Whether the quarter (mover's frame) is full on `cnt`, the jan de
/// retour not counting the two checkers that hold the corner when
/// `corner_held` (R-6.6).
fn full(cnt: &[i32; 26], quarter: Quarter, corner_held: bool) -> bool {
    let first = quarter.first() as usize;
    let ok = (first..first + 6).all(|f| cnt[f] >= 2);
    ok && !(quarter == Quarter::JanDeRetour && corner_held && cnt[12] < 2)
}

/// Whether the quarter, not full before the roll, is full at some moment
/// of a play of the movement laws: after any of its moves taken in order,
/// or after any one of its moves alone (the die played first).
fn fills_in_passing(pos: &Position, rules: &Rules, quarter: Quarter, roll: Roll) -> bool {
    let me = pos.turn();
    let rel = pos.board().relative(me);
    let mut start = [0i32; 26];
    for (k, x) in rel.iter().enumerate() {
        start[k] = (*x).max(0) as i32;
    }
    let corner_held = start[12] >= 2;
    if full(&start, quarter, corner_held) {
        return false;
    }
    let apply = |cnt: &mut [i32; 26], m: &crate::plays::CheckerMove| {
        cnt[m.from().value() as usize] -= 1;
        if let crate::board::Dest::Field(t) = m.to() {
            cnt[t.value() as usize] += 1;
        }
    };
    pos.movement_plays(roll, rules).iter().any(|p| {
        let mut cnt = start;
        for m in p.moves() {
            apply(&mut cnt, m);
            if full(&cnt, quarter, corner_held) {
                return true;
            }
        }
        p.moves().iter().any(|m| {
            if start[m.from().value() as usize] == 0 {
                return false;
            }
            let mut cnt = start;
            apply(&mut cnt, m);
            full(&cnt, quarter, corner_held)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask(tpn: &str, q: Question) -> Chances {
        let pos: Position = tpn.parse().unwrap();
        chances(&pos, &Rules::DEFAULT, &q)
    }

    #[test]
    fn a_lone_checker_is_found_in_the_absolute_frame() {
        let pos: Position = "w:1x15 b:24x14,7 w".parse().unwrap();
        assert!(lone_opponent(&pos, Field::new(7)));
        assert!(!lone_opponent(&pos, Field::new(18)));
        assert!(!lone_opponent(&pos, Field::new(24)));
        assert!(!lone_opponent(&pos, Field::new(1)));
    }

    fn names(c: &Chances) -> Vec<String> {
        c.rolls.iter().map(|r| r.to_string()).collect()
    }

    #[test]
    fn r_6_1_a_lone_checker_six_fields_away_is_hit_by_16_rolls() {
        // Every roll with a 6 (11 of 36), 5-1 and 4-2 tout d'une (4), 3-3
        // (2d = 6, 1); 2-2 is not a way (a double's tout d'une is 2d).
        let c = ask("w:1x15 b:24x14,7 w", Question::Hit(Some(Field::new(7))));
        assert_eq!(c.count, 16, "{:?}", names(&c));
        assert!(!names(&c).contains(&"2-2".to_string()));
        assert!(names(&c).contains(&"3-3".to_string()));
    }

    #[test]
    fn r_6_1_closed_rests_stop_the_tout_d_une() {
        // Black holds fields 3 and 5 (two checkers each): 4-2 reaches 7
        // only through rests 5 and 3, both closed: a false hit (R-6.2),
        // not a true one. 5-1 rests on 6 or 2, open; 3-3 on 4, open.
        // 11 + 2 + 1 = 14.
        let c = ask(
            "w:1x15 b:24x9,7,5x2,3x2 w",
            Question::Hit(Some(Field::new(7))),
        );
        assert_eq!(c.count, 14, "{:?}", names(&c));
        assert!(!names(&c).contains(&"4-2".to_string()));
    }

    #[test]
    fn r_6_1_any_lone_checker() {
        // Lone black checkers on 7 (6 away) and 2 (1 away): every roll
        // with a 6 or a 1 (20), plus 4-2 (2) and 3-3 (1) for the 7.
        let c = ask("w:1x15 b:24x13,7,2 w", Question::Hit(None));
        assert_eq!(c.count, 23, "{:?}", names(&c));
    }

    #[test]
    fn r_6_6_the_petit_jan_missing_one_checker() {
        // Fields 2–5 made, one checker on 6, six on the talon (field 1 of
        // the quarter, a surcase): the last checker comes from the talon
        // with a 5 (11) or tout d'une 4-1, 3-2 (4).
        let c = ask(
            "w:1x6,2x2,3x2,4x2,5x2,6 b:24x15 w",
            Question::Fill(Quarter::PetitJan),
        );
        assert_eq!(c.count, 15, "{:?}", names(&c));
    }

    #[test]
    fn r_6_6_the_grand_jan_missing_one_checker() {
        // Fields 7–10 and the corner made, one checker on 11, four on
        // the talon: nothing but the talon can spare a checker, ten
        // fields away: 6-4 (tout d'une, rest 7 or 5 open) and 5-5 (rests
        // 6, open). A checker of 7–10 moved onto 11 breaks its field
        // unless the other die repairs it from the talon: 6-4 again.
        let tpn = "w:1x4,7x2,8x2,9x2,10x2,11,12x2 b:24x15 w";
        let c = ask(tpn, Question::Fill(Quarter::GrandJan));
        assert_eq!(names(&c), vec!["6-4".to_string(), "5-5".to_string()]);
        assert_eq!(c.count, 3);
    }

    #[test]
    fn r_6_6_in_passing_counts_as_a_completion() {
        // Field 6 missing one checker, three on the talon, one on 11.
        // With 6-5 the 5 brings a talon checker to 6 (the quarter is
        // full), but the 6 must then be played (R-3.5) and every 6 breaks
        // it (11→17 is forbidden by R-4.6, a lone checker on the corner
        // by R-4.1): filled in passing — no points, yet filled.
        let tpn = "w:1x3,2x2,3x2,4x2,5x2,6,11 b:24x15 w";
        let pos: Position = tpn.parse().unwrap();
        let (rs, _) = pos
            .scorer(&Rules::DEFAULT)
            .score(Roll::new(6, 5), &RollContext::default());
        assert!(
            !rs.jans
                .iter()
                .any(|e| e.jan == Jan::Fill(Quarter::PetitJan)),
            "the scorer counts no fill"
        );
        let c = ask(tpn, Question::Fill(Quarter::PetitJan));
        assert!(names(&c).contains(&"6-5".to_string()), "{:?}", names(&c));
        // 1-1 fills nothing: no checker reaches 6 without breaking 5.
        assert!(!names(&c).contains(&"1-1".to_string()));
    }

    #[test]
    fn a_point_one_checker_per_die() {
        // White on 1 (13), 3 and 5; field 7 empty: 6-4 (1 and 3), 6-2
        // (1 and 5), 4-2 (3 and 5), and 6-6 (two from the talon); not
        // 2-2 (one checker on 5) nor 4-4 (one on 3). 7 of 36.
        let c = ask("w:1x13,3,5 b:24x15 w", Question::Point(vec![Field::new(7)]));
        assert_eq!(
            names(&c),
            vec!["6-6", "6-4", "6-2", "4-2"]
                .into_iter()
                .map(String::from)
                .collect::<Vec<_>>()
        );
        assert_eq!(c.count, 7);
        // A field the opponent holds is not empty: no point.
        let c = ask(
            "w:1x13,3,5 b:24x14,7 w",
            Question::Point(vec![Field::new(7)]),
        );
        assert_eq!(c.count, 0);
    }

    #[test]
    fn r_4_1_r_4_3_the_corner_by_effect_or_by_power() {
        // White on 8, 9, 10 and the talon; both corners empty. By effect
        // (R-4.1, onto 12): 4-3, 4-2, 3-2. By power (R-4.3, as if onto
        // 13): 5-4, 5-3 (and 4-3). No double: 2-2 brings only one checker
        // from 10 by one die (R-4.1). 10 of 36.
        let c = ask("w:1x12,8,9,10 b:24x15 w", Question::Corner);
        let n = names(&c);
        for r in ["5-4", "5-3", "4-3", "4-2", "3-2"] {
            assert!(n.contains(&r.to_string()), "{r} missing from {n:?}");
        }
        assert_eq!(c.count, 10, "{n:?}");
        // A corner already held is not taken again.
        let c = ask("w:1x11,8,9,12x2 b:24x15 w", Question::Corner);
        assert_eq!(c.count, 0);
    }
}
