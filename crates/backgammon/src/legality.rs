//! Playing a roll: the legal plays, checked and unchecked application,
//! and why a written play is illegal.

use core::fmt;

use tables::Roll;

use crate::board::{BAR, OFF};
use crate::notation::PlayText;
use crate::plays::{apply_step, generate, Play, PlayList};
use crate::position::Position;
use crate::rules::Rules;

impl Position {
    /// The legal plays of `roll` for the side on roll, one per resulting
    /// position (BG-3 to BG-5). Never empty: [`Play::PASS`] alone when
    /// nothing can be played.
    pub fn legal_plays(&self, roll: Roll, rules: &Rules) -> PlayList {
        let mut out = PlayList::new();
        generate(self, roll, rules, &mut out);
        out
    }

    /// [`Position::legal_plays`] into a list the caller keeps (no copy of
    /// the list).
    pub fn legal_plays_into(&self, roll: Roll, rules: &Rules, out: &mut PlayList) {
        generate(self, roll, rules, out);
    }

    /// The position after `play` by the side on roll, the other side on
    /// roll. The play must come from [`Position::legal_plays`] of this
    /// position.
    ///
    /// # Panics
    /// May panic, or return a position that breaks the invariants, if the
    /// play moves a checker that is not there. Use [`Position::play`] for
    /// plays that come from outside.
    pub fn play_unchecked(&self, play: &Play) -> Position {
        let side = self.turn;
        let mut me = *self.counts.get(side);
        let mut op = *self.counts.get(!side);
        for (f, t, _) in play.raw() {
            apply_step(&mut me, &mut op, f, t);
        }
        let mut next = *self;
        *next.counts.get_mut(side) = me;
        *next.counts.get_mut(!side) = op;
        next.turn = !side;
        next
    }

    /// The position after `play`, if it is one of the legal plays of
    /// `roll` (compared by the position it reaches).
    ///
    /// # Errors
    /// [`IllegalPlay`], naming the rule the play breaks.
    pub fn play(&self, roll: Roll, play: &Play, rules: &Rules) -> Result<Position, IllegalPlay> {
        let target = self.try_apply(play);
        let legal = self.legal_plays(roll, rules);
        if let Some(t) = target {
            if legal.iter().any(|p| self.play_unchecked(p) == t) {
                return Ok(t);
            }
        }
        let moves: Vec<(u8, u8)> = play.raw().map(|(f, t, _)| (f, t)).collect();
        Err(self.explain(roll, rules, &moves, &play.to_string(), &legal))
    }

    /// Resolves a written play (parsed without context) against this
    /// position and `roll`: the legal play that reaches the position the
    /// written moves reach.
    ///
    /// # Errors
    /// [`IllegalPlay`], naming the rule the written play breaks.
    ///
    /// ```
    /// use backgammon::{Position, Roll, Rules};
    /// let pos = Position::start();
    /// let rules = Rules::standard();
    /// let p = pos.resolve_play(Roll::new(6, 5), &"24/13".parse().unwrap(), &rules).unwrap();
    /// assert_eq!(p.to_string(), "24/13");
    /// let e = pos.resolve_play(Roll::new(6, 5), &"24/18 13/7".parse().unwrap(), &rules).unwrap_err();
    /// assert!(e.to_string().contains("BG-3.1"), "{e}");
    /// ```
    pub fn resolve_play(
        &self,
        roll: Roll,
        text: &PlayText,
        rules: &Rules,
    ) -> Result<Play, IllegalPlay> {
        let legal = self.legal_plays(roll, rules);
        let steps = text.segments();
        if let Some(target) = self.apply_segments(&steps) {
            if let Some(p) = legal.iter().find(|p| self.play_unchecked(p) == target) {
                return Ok(*p);
            }
        }
        Err(self.explain(roll, rules, &steps, &text.to_string(), &legal))
    }

    /// The position reached by moving checkers along `(from, to)`
    /// segments in the mover's numbering (25 bar, 0 off), in the given
    /// order then from the farthest; `None` if a segment starts where the
    /// mover has no checker or ends on a point he cannot hold.
    fn apply_segments(&self, segs: &[(u8, u8)]) -> Option<Position> {
        let side = self.turn;
        let mut me = *self.counts.get(side);
        let mut op = *self.counts.get(!side);
        let mut todo: Vec<(u8, u8)> = segs.to_vec();
        // Apply segments whose source holds a checker, repeatedly, so that a
        // chain written in any order works.
        while !todo.is_empty() {
            let i = todo.iter().position(|&(f, _)| me[f as usize] > 0)?;
            let (f, t) = todo.remove(i);
            if t != 0 && op[25 - t as usize] >= 2 {
                return None;
            }
            apply_step(&mut me, &mut op, f, t);
        }
        let mut next = *self;
        *next.counts.get_mut(side) = me;
        *next.counts.get_mut(!side) = op;
        next.turn = !side;
        Some(next)
    }

    fn try_apply(&self, play: &Play) -> Option<Position> {
        let segs: Vec<(u8, u8)> = play.raw().map(|(f, t, _)| (f, t)).collect();
        self.apply_segments(&segs)
    }

    /// Why the moves `segs` are not a legal play of `roll`.
    fn explain(
        &self,
        roll: Roll,
        rules: &Rules,
        segs: &[(u8, u8)],
        text: &str,
        legal: &PlayList,
    ) -> IllegalPlay {
        let side = self.turn;
        let me = self.counts.get(side);
        let op = self.counts.get(!side);
        let err = |reason: String| IllegalPlay {
            play: text.to_string(),
            roll,
            reason,
        };
        let name = |p: u8| match p as usize {
            BAR => "the bar".to_string(),
            OFF => "off".to_string(),
            n => format!("point {n}"),
        };
        // A checker that is not there.
        let mut counts = *me;
        for &(f, t) in segs {
            if counts[f as usize] == 0 {
                return err(format!(
                    "{side} has no checker on {} to move (BG-3.1)",
                    name(f)
                ));
            }
            counts[f as usize] -= 1;
            counts[t as usize] += 1;
        }
        // Checkers on the bar first.
        if me[BAR] > 0 {
            let entering = segs.iter().filter(|&&(f, _)| f as usize == BAR).count();
            let need = (me[BAR] as usize).min(4);
            if entering < need && segs.iter().any(|&(f, _)| f as usize != BAR) {
                return err(format!(
                    "{side} has {} checker(s) on the bar: they must enter before any other checker moves (BG-4.2)",
                    me[BAR]
                ));
            }
        }
        // Landing on a point the opponent holds.
        for &(_, t) in segs {
            if t != 0 && op[25 - t as usize] >= 2 {
                return err(format!(
                    "point {t} is held by {} checkers of {} (BG-3.3)",
                    op[25 - t as usize],
                    !side
                ));
            }
        }
        // Bearing off before all checkers are home.
        if segs.iter().any(|&(_, t)| t == 0) && !self.all_home(side) {
            let all_home_after_entries = counts[7..].iter().all(|&n| n == 0);
            if !all_home_after_entries {
                return err(format!(
                    "{side} may bear off only when all 15 checkers are in the home board (BG-5.1)"
                ));
            }
        }
        // The distances must be the dice.
        let (hi, lo) = (roll.high().value() as u32, roll.low().value() as u32);
        let dice_total = if roll.is_double() { 4 * hi } else { hi + lo };
        let pips: u32 = segs.iter().map(|&(f, t)| f as u32 - t as u32).sum();
        let max_len = legal.first().map(|p| p.len()).unwrap_or(0);
        let bearing_off = segs.iter().any(|&(_, t)| t == 0);
        if !bearing_off && pips > dice_total {
            return err(format!(
                "the moves cover {pips} pips but {roll} gives at most {dice_total} (BG-3.1, BG-3.2)"
            ));
        }
        if !bearing_off && !segs.is_empty() && max_len > 0 {
            let each_die = segs.iter().all(|&(f, t)| {
                let d = (f - t) as u32;
                if roll.is_double() {
                    d.is_multiple_of(hi)
                } else {
                    d == hi || d == lo || d == hi + lo
                }
            });
            if !each_die {
                return err(format!(
                    "each checker must move by the dice {roll}, one die at a time (BG-3.1)"
                ));
            }
        }
        if pips < dice_total && !bearing_off && max_len > 0 {
            let written_dice = if roll.is_double() {
                (pips / hi) as usize
            } else if pips == hi + lo {
                2
            } else {
                1
            };
            if written_dice < max_len {
                return err(format!(
                    "{roll} can be played with {max_len} dice here, and as many dice as possible must be played (BG-3.4)"
                ));
            }
            if !roll.is_double() && max_len == 1 && pips == lo && pips != hi {
                let high_possible = legal.iter().any(|p| {
                    p.raw()
                        .next()
                        .is_some_and(|(f, t, _)| (f - t) as u32 == hi || t == 0)
                });
                if high_possible {
                    return err(format!(
                        "only one die of {roll} can be played: it must be the higher, {hi} (BG-3.4)"
                    ));
                }
            }
        }
        if segs.is_empty() && max_len > 0 {
            return err(format!(
                "{roll} can be played here: a player must play as many dice as he can (BG-3.4)"
            ));
        }
        if rules.hit_cover.mask() != 0 {
            // Would the play be legal without BG-4.3?
            let free = Rules {
                hit_cover: crate::rules::HitCover::Allowed,
                ..*rules
            };
            if let Some(target) = self.apply_segments(segs) {
                if self
                    .legal_plays(roll, &free)
                    .iter()
                    .any(|p| self.play_unchecked(p) == target)
                {
                    return err(format!(
                        "a checker that hits on {} must stay alone there until the next roll: no other checker may join it and it may not move on (BG-4.3, hit-cover={})",
                        match rules.hit_cover {
                            crate::rules::HitCover::Inner => "the hitter's points 7-12",
                            crate::rules::HitCover::Home => "the hitter's points 1-6",
                            crate::rules::HitCover::Opponent => {
                                "the opponent's points 7-12 (the hitter's 13-18)"
                            }
                            _ => "any point",
                        },
                        rules.hit_cover.name()
                    ));
                }
            }
        }
        err(format!(
            "it is not one of the {} legal plays of {roll} here (BG-3 to BG-5)",
            legal.len()
        ))
    }
}

/// A play that is not legal, with the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IllegalPlay {
    /// The play as written.
    pub play: String,
    /// The roll.
    pub roll: Roll,
    /// Why, ending with the rule id.
    pub reason: String,
}

impl fmt::Display for IllegalPlay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "illegal play `{}` with {}: {}",
            self.play, self.roll, self.reason
        )
    }
}

impl std::error::Error for IllegalPlay {}
