//! Scoring a roll: the rare jans, the hits, the corner, filling and
//! conserving, the exit and the dead dice of one roll, in the order of
//! R-6.8, with the legal plays the obligations leave.

use super::{obligations, Beneficiary, Jan, JanEvent, RollContext, RollScore, Way};
use crate::board::{Field, Table};
use crate::dice::{Die, Roll};
use crate::plays::{Mover, Play, PlayList};
use crate::position::Position;
use crate::rules::Rules;
use arrayvec::ArrayVec;

/// Values of a jan per way: (single, double).
fn value(roll: Roll, single: u32, double: u32) -> u32 {
    if roll.is_double() {
        double
    } else {
        single
    }
}

impl Position {
    /// The legal plays of `roll` after every law, including the filling
    /// and conserving obligations (R-6.8).
    /// What `roll` brings to the side to move and gives to his opponent,
    /// under the default rules (see [`Position::score_roll_with`]).
    ///
    /// ```
    /// use trictrac::{Position, Roll};
    /// // Conformance case true-hit-grand-3ways: 5 from 10, 4 from 11, 9 from 6.
    /// let pos: Position = "w:1x11,6,10,11x2 b:15,24x14 w".parse().unwrap();
    /// let s = pos.score_roll(Roll::new(5, 4));
    /// assert_eq!((s.mover_points, s.opponent_points), (6, 0));
    /// assert_eq!(s.jans[0].ways.len(), 3);
    /// ```
    pub fn score_roll(&self, roll: Roll) -> RollScore {
        self.score_roll_with(roll, &Rules::DEFAULT, &RollContext::default())
            .0
    }

    /// The jans of `roll` for the side to move, and the legal plays left
    /// by the filling and conserving obligations (R-6.8).
    pub fn score_roll_with(
        &self,
        roll: Roll,
        rules: &Rules,
        ctx: &RollContext,
    ) -> (RollScore, PlayList) {
        self.scorer(rules).score(roll, ctx)
    }

    /// A scorer for this position: what does not depend on the roll is
    /// computed once, then [`RollScorer::score`] scores each roll.
    ///
    /// ```
    /// use trictrac::{Position, Roll, RollContext, Rules};
    /// let pos = Position::start();
    /// let scorer = pos.scorer(&Rules::DEFAULT);
    /// let total: u32 = Roll::ALL
    ///     .iter()
    ///     .map(|&r| scorer.score(r, &RollContext::default()).0.mover_points)
    ///     .sum();
    /// assert_eq!(total, 0);
    /// ```
    pub fn scorer(&self, rules: &Rules) -> RollScorer<'_> {
        RollScorer {
            pos: self,
            mover: Mover::new(self, rules),
            rules: *rules,
        }
    }
}

/// Scores the rolls of one position (see [`Position::scorer`]).
#[derive(Clone)]
pub struct RollScorer<'a> {
    pos: &'a Position,
    mover: Mover,
    rules: Rules,
}

impl RollScorer<'_> {
    /// The jans of `roll` for the side to move, and the legal plays left
    /// by the filling and conserving obligations (R-6.8).
    pub fn score(&self, roll: Roll, ctx: &RollContext) -> (RollScore, PlayList) {
        let mover = &self.mover;
        let rules = &self.rules;
        let mut plays = PlayList::new();
        mover.generate(roll, &mut plays);
        let side = self.pos.turn;
        let st = mover.state();
        let cnt = &st.cnt;
        let abs = |f: u8| Field::new(f).to_absolute(side);
        let (a, b) = (roll.high().value(), roll.low().value());
        let double = roll.is_double();
        let mut jans: Vec<JanEvent> = Vec::new();
        let ev = |jan: Jan, beneficiary: Beneficiary, points: u32| JanEvent {
            jan,
            beneficiary,
            ways: ArrayVec::new(),
            fields: ArrayVec::new(),
            points,
            depends_on_play: false,
            helpless: false,
        };
        let own = st.own;
        let (opp1, opp2) = mover.opp_masks();
        let opp_corner_empty = !mover.opp_on(13);

        // Rare jans at the start of a relevé (R-6.11–R-6.14).
        let off_talon = 15 - cnt[1] as u32;
        let on_board: u32 = (1..25).map(|f| cnt[f] as u32).sum();
        if !double && self.pos.rolls_played(side) == Some(2) && cnt[1] == 11 && on_board == 15 {
            let singles: Vec<u8> = (2..=7).filter(|&f| cnt[f as usize] == 1).collect();
            let elsewhere: u32 = (2..25)
                .filter(|f| !(2..=7).contains(f))
                .map(|f| cnt[f] as u32)
                .sum();
            if singles.len() == 4 && elsewhere == 0 {
                let empty: Vec<u8> = (2..=7).filter(|&f| cnt[f as usize] == 0).collect();
                let mut targets = [1 + a, 1 + b];
                targets.sort_unstable();
                if empty == targets {
                    let mut e = ev(Jan::TroisCoups, Beneficiary::Mover, 4);
                    e.ways.push(Way::BothDice);
                    e.fields.extend(empty.iter().map(|&f| abs(f)));
                    jans.push(e);
                }
            }
        }
        if off_talon == 2 && on_board == 15 && cnt[12] == 0 {
            // The two checkers off the talon.
            let mut two = ArrayVec::<u8, 2>::new();
            for f in 2..25u8 {
                for _ in 0..cnt[f as usize] {
                    let _ = two.try_push(f);
                }
            }
            if two.len() == 2 {
                let (x, y) = (two[0], two[1]);
                let reach =
                    |p: u8, q: u8| (p + a == 12 && q + b == 13) || (p + b == 12 && q + a == 13);
                if reach(x, y) || reach(y, x) {
                    let (jan, who) = if opp_corner_empty {
                        (Jan::DeuxTables, Beneficiary::Mover)
                    } else {
                        (Jan::ContreDeuxTables, Beneficiary::Opponent)
                    };
                    let mut e = ev(jan, who, value(roll, 4, 6));
                    e.ways.push(Way::BothDice);
                    e.fields.extend([abs(x), abs(y)]);
                    jans.push(e);
                }
            }
        }
        if off_talon == 2 && on_board == 15 && cnt[12] == 2 && (a == 1 || b == 1) {
            let (jan, who) = if opp_corner_empty {
                (Jan::Mezeas, Beneficiary::Mover)
            } else {
                (Jan::ContreMezeas, Beneficiary::Opponent)
            };
            let mut e = ev(jan, who, value(roll, 4, 6));
            e.fields.push(abs(12));
            jans.push(e);
        }

        // Hits (R-6.1–R-6.3), one event per lone checker.
        let mut targets = opp1;
        while targets != 0 {
            let t = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            let mut ways = ArrayVec::<Way, 3>::new();
            let mut fields = ArrayVec::<Field, 4>::new();
            fields.push(abs(t));
            let dice: &[u8] = if double { &[a] } else { &[a, b] };
            for &d in dice {
                if t > d && own & (1 << (t - d)) != 0 {
                    ways.push(Way::Die(Die::new(d)));
                    fields.push(abs(t - d));
                }
            }
            let s = a + b;
            let mut false_hit = false;
            if t > s && own & (1 << (t - s)) != 0 {
                let src = t - s;
                let open = |r: u8| opp2 & (1 << r) == 0;
                let any_open = if double {
                    open(src + a)
                } else {
                    open(src + a) || open(src + b)
                };
                if any_open {
                    ways.push(Way::ToutDUne);
                    fields.push(abs(src));
                } else if ways.is_empty() {
                    false_hit = true;
                    fields.push(abs(src));
                }
            }
            let table = Field::new(t).table();
            let per_way = match table {
                Table::PetitJan => value(roll, 4, 6),
                Table::GrandJan => value(roll, 2, 4),
            };
            if !ways.is_empty() {
                let n = ways.len() as u32;
                jans.push(JanEvent {
                    jan: Jan::TrueHit(table),
                    beneficiary: Beneficiary::Mover,
                    ways,
                    fields,
                    points: n * per_way,
                    depends_on_play: false,
                    helpless: false,
                });
            } else if false_hit {
                let mut e = ev(Jan::FalseHit(table), Beneficiary::Opponent, per_way);
                e.ways.push(Way::ToutDUne);
                e.fields = fields;
                jans.push(e);
            }
        }

        // Hitting the corner (R-6.4).
        if cnt[12] >= 2 && opp_corner_empty {
            let avail = |f: u8, need: u8| {
                let extra = if f == 12 { 2 } else { 0 };
                cnt[f as usize] >= need + extra
            };
            let ok = if double {
                avail(13 - a, 2)
            } else {
                avail(13 - a, 1) && avail(13 - b, 1)
            };
            if ok {
                let mut e = ev(Jan::HitCorner, Beneficiary::Mover, value(roll, 4, 6));
                e.fields.push(abs(13));
                jans.push(e);
            }
        }

        // Filling and conserving, and the obligations they put on the play.
        let ob = obligations(mover.quarter(), cnt, roll, &mut plays, true);
        if let Some((qs, ways, n)) = ob.fill {
            let h = (qs.first..qs.first + 6).filter(|&f| cnt[f as usize] < 2);
            let mut e = ev(
                Jan::Fill(qs.quarter),
                Beneficiary::Mover,
                n as u32 * value(roll, 4, 6),
            );
            for f in h.take(4) {
                e.fields.push(abs(f));
            }
            e.ways = ways;
            jans.push(e);
        }
        let dice_used = plays.first().map_or(0, |p| p.dice_used());
        if let Some(qs) = ob.conserve {
            let mut e = ev(
                Jan::Conserve(qs.quarter),
                Beneficiary::Mover,
                value(roll, 4, 6),
            );
            e.helpless = dice_used < 2;
            jans.push(e);
        }

        // The exit (R-6.10, R-4.8): some play removes the last checker.
        let exits = on_board <= 2
            && plays
                .iter()
                .any(|p| p.moves().iter().filter(|m| m.to == 25).count() as u32 == on_board);
        if exits {
            let mut e = ev(Jan::Exit, Beneficiary::Mover, value(roll, 4, 6));
            e.depends_on_play = true;
            jans.push(e);
        }

        // Old jans (option `old-jans`, R-6.15–R-6.17).
        {
            if rules.old_jans.rencontre && ctx.rencontre_with == Some(roll) {
                let points = match rules.rencontre {
                    crate::rules::RencontreValue::FourSix => value(roll, 4, 6),
                    crate::rules::RencontreValue::TwoFour => value(roll, 2, 4),
                };
                jans.push(ev(Jan::Rencontre, Beneficiary::Mover, points));
            }
            if rules.old_jans.pile && cnt[12] == 15 && plays.first() == Some(&Play::PASS) {
                let mut e = ev(Jan::PileDeMisere, Beneficiary::Mover, value(roll, 4, 6));
                e.fields.push(abs(12));
                jans.push(e);
            }
        }

        // Unplayable dice (R-6.9), unless the last checker leaves (R-4.8).
        let unplayed = if exits { 0 } else { 2 - dice_used as u32 };
        if unplayed > 0 {
            let mut e = ev(Jan::Unplayable, Beneficiary::Opponent, 2 * unplayed);
            let first_played = plays.first().and_then(|p| p.moves().first().map(|m| m.die));
            if double {
                for _ in 0..unplayed {
                    e.ways.push(Way::Die(Die::new(a)));
                }
            } else {
                for d in [a, b] {
                    if Some(d) != first_played {
                        e.ways.push(Way::Die(Die::new(d)));
                    }
                }
            }
            jans.push(e);
        }
        if rules.old_jans.margot {
            // Margot la fendue: a lone checker of the mover between two lone
            // opponent checkers.
            for f in 2..24u8 {
                if cnt[f as usize] == 1 && opp1 & (1 << (f - 1)) != 0 && opp1 & (1 << (f + 1)) != 0
                {
                    let mut e = ev(Jan::Margot, Beneficiary::Opponent, value(roll, 2, 4));
                    e.fields.extend([abs(f - 1), abs(f), abs(f + 1)]);
                    jans.push(e);
                }
            }
        }

        jans.sort_by_key(|e| e.beneficiary == Beneficiary::Opponent);
        let mover_points = jans
            .iter()
            .filter(|e| e.beneficiary == Beneficiary::Mover)
            .map(|e| e.points)
            .sum();
        let opponent_points = jans
            .iter()
            .filter(|e| e.beneficiary == Beneficiary::Opponent)
            .map(|e| e.points)
            .sum();
        (
            RollScore {
                side,
                roll,
                jans,
                mover_points,
                opponent_points,
            },
            plays,
        )
    }
}
