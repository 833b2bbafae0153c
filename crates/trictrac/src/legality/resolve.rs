//! Resolving a written play against a position and a roll: the legal
//! play it denotes, or the rule it breaks.

use super::segments::{chain, destination, Seg, OFF};
use super::IllegalPlay;
use crate::board::{Dest, Field};
use crate::dice::Roll;
use crate::notation::{NotatedMove, PlayNotation};
use crate::plays::{Mover, Play, PlayList};
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;

impl Position {
    /// Resolves a written play against this position and `roll`: the
    /// legal play it denotes, or the rule it breaks.
    ///
    /// Moves may be written in any order, and a *tout d'une* with either
    /// rest or without one (`1-12` for 6-5); plays reaching the same
    /// position are the same play.
    ///
    /// ```
    /// use trictrac::{Position, Roll, PlayNotation};
    /// let pos = Position::start();
    /// let roll = Roll::new(6, 5);
    /// let ok: PlayNotation = "1-6 1-7".parse().unwrap();
    /// assert!(pos.resolve_play(roll, &ok).is_ok());
    /// let bad: PlayNotation = "1-12".parse().unwrap();
    /// let err = pos.resolve_play(roll, &bad).unwrap_err();
    /// assert_eq!(err.rule(), "R-4.1");
    /// ```
    ///
    /// # Errors
    /// [`IllegalPlay`] naming the rule the play breaks.
    pub fn resolve_play(&self, roll: Roll, play: &PlayNotation) -> Result<Play, IllegalPlay> {
        self.resolve_play_with(roll, play, &Rules::DEFAULT)
    }

    /// [`Position::resolve_play`] under `rules`.
    ///
    /// # Errors
    /// [`IllegalPlay`] naming the rule the play breaks.
    pub fn resolve_play_with(
        &self,
        roll: Roll,
        play: &PlayNotation,
        rules: &Rules,
    ) -> Result<Play, IllegalPlay> {
        let legal = self.legal_plays_with(roll, rules);
        self.resolve_against(roll, play, rules, &legal)
    }

    /// Resolves `play` against an already computed legal list (which may
    /// have been further filtered by obligations).
    pub(crate) fn resolve_against(
        &self,
        roll: Roll,
        play: &PlayNotation,
        rules: &Rules,
        legal: &PlayList,
    ) -> Result<Play, IllegalPlay> {
        let side = self.turn;
        let mover = Mover::new(self, rules);
        let movement = {
            let mut l = PlayList::new();
            mover.generate(roll, &mut l);
            l
        };
        let rel = |f: Field| f.to_absolute(side).value();
        let rel_dest = |d: Dest| match d {
            Dest::Off => OFF,
            Dest::Field(f) => rel(f),
        };
        let (a, b) = (roll.high().value(), roll.low().value());
        if play.moves.is_empty() {
            return if legal.first() == Some(&Play::PASS) {
                Ok(Play::PASS)
            } else {
                Err(IllegalPlay::CannotPass { roll })
            };
        }
        // Segments: one per die.
        let mut segs: Vec<Vec<Seg>> = Vec::new();
        let mut total = 0;
        for m in &play.moves {
            let from = rel(m.from);
            let to = rel_dest(m.to);
            match m.rest {
                Some(r) => {
                    segs.push(vec![
                        Seg {
                            from,
                            to: rel(r),
                            rest: true,
                        },
                        Seg {
                            from: rel(r),
                            to,
                            rest: false,
                        },
                    ]);
                    total += 2;
                }
                None => {
                    segs.push(vec![Seg {
                        from,
                        to,
                        rest: false,
                    }]);
                    total += 1;
                }
            }
        }
        if total > 2 {
            return Err(IllegalPlay::TooManyMoves { roll });
        }
        let abs = |x: u8| Field::new(x).to_absolute(side);
        let dest_str = |t: u8| destination(t, side);

        // A corner taken by power (R-4.3, R-4.4).
        if total == 2 && play.moves.len() == 2 && play.moves.iter().all(|m| m.rest.is_none()) {
            let (f1, t1) = (segs[0][0].from, segs[0][0].to);
            let (f2, t2) = (segs[1][0].from, segs[1][0].to);
            let power_shape = t1 == 12
                && t2 == 12
                && ((13 - f1 as i32 == a as i32 && 13 - f2 as i32 == b as i32)
                    || (13 - f1 as i32 == b as i32 && 13 - f2 as i32 == a as i32));
            if power_shape {
                if let Some(p) = legal.iter().find(|p| p.is_power()) {
                    return Ok(*p);
                }
                let (power, effect) = mover.power_shape(a, b);
                return Err(if effect {
                    IllegalPlay::PowerWhenEffect { roll }
                } else if power {
                    // Movement-legal, excluded by an obligation.
                    IllegalPlay::Obligation {
                        reason: "this corner by power is excluded by the filling or conserving obligation (R-6.8)".into(),
                    }
                } else {
                    IllegalPlay::NoPower { roll }
                });
            }
        }

        // Two single moves of one die's length when the roll is not a
        // double: said rather than "not a move" when nothing more precise
        // is wrong.
        let mut same_die = None;
        if a != b && segs.len() == 2 && segs.iter().all(|s| s.len() == 1 && s[0].to != OFF) {
            let d1 = segs[0][0].to.wrapping_sub(segs[0][0].from);
            let d2 = segs[1][0].to.wrapping_sub(segs[1][0].from);
            if d1 == d2 && (d1 == a || d1 == b) {
                let text = |s: &Seg| format!("{}-{}", abs(s.from), dest_str(s.to));
                same_die = Some(IllegalPlay::SameDieTwice {
                    first: text(&segs[0][0]),
                    second: text(&segs[1][0]),
                    die: d1,
                    roll,
                });
            }
        }

        // Candidate readings: orders of the written moves, die assignments,
        // and for a tout d'une both rests (or none written: `1-12`).
        let mut readings: Vec<Vec<(Seg, u8)>> = Vec::new();
        let dice_perms: Vec<[u8; 2]> = if a == b {
            vec![[a, a]]
        } else {
            vec![[a, b], [b, a]]
        };
        let mut orders: Vec<Vec<Seg>> = Vec::new();
        match segs.len() {
            1 => {
                let s = &segs[0];
                if s.len() == 2 {
                    // from-rest-to: also the other rest.
                    let (f, t) = (s[0].from, s[1].to);
                    orders.push(s.clone());
                    for r in [f + a, f + b] {
                        if r != s[0].to && r <= 24 {
                            orders.push(chain(f, r, t));
                        }
                    }
                } else {
                    orders.push(s.clone());
                    // from-to by the sum of the dice: tout d'une.
                    let (f, t) = (s[0].from, s[0].to);
                    let dist = t as i32 - f as i32;
                    if dist == (a + b) as i32
                        || (t == OFF && dist <= (a + b) as i32 && dist > a as i32)
                    {
                        for r in [f + a, f + b] {
                            if r <= 24 {
                                orders.push(chain(f, r, t));
                            }
                        }
                    }
                }
            }
            _ => {
                let mut o1 = segs[0].clone();
                o1.extend(segs[1].iter().copied());
                let mut o2 = segs[1].clone();
                o2.extend(segs[0].iter().copied());
                orders.push(o1);
                orders.push(o2);
            }
        }
        for o in &orders {
            for perm in &dice_perms {
                readings.push(o.iter().zip(perm.iter()).map(|(s, &d)| (*s, d)).collect());
            }
        }

        let mut first_err: Option<IllegalPlay> = None;
        let mut found: Option<(Play, bool)> = None;
        for r in &readings {
            match mover.simulate(r, roll, side) {
                Ok(p) => {
                    found = Some(p);
                    break;
                }
                Err(e) => {
                    let informative = !matches!(e, IllegalPlay::NotADie { .. });
                    match &first_err {
                        None => first_err = Some(e),
                        Some(IllegalPlay::NotADie { .. }) if informative => first_err = Some(e),
                        _ => {}
                    }
                }
            }
        }
        if let (Some(e), None | Some(IllegalPlay::NotADie { .. })) = (&same_die, &first_err) {
            if found.is_none() {
                return Err(e.clone());
            }
        }
        let Some((p, excedant)) = found else {
            return Err(first_err.unwrap_or_else(|| IllegalPlay::NotADie {
                from: play.moves[0].from,
                to: dest_str(rel_dest(play.moves[0].to)),
                roll,
            }));
        };
        let key = p.key();
        if let Some(q) = legal.iter().find(|q| q.key() == key) {
            return Ok(*q);
        }
        let most = movement.iter().map(|q| q.dice_used()).max().unwrap_or(0);
        if p.dice_used() < most {
            return Err(IllegalPlay::MustPlayBoth { roll });
        }
        if p.dice_used() == 1
            && movement
                .iter()
                .any(|q| q.moves()[0].die().value() != p.moves()[0].die().value())
        {
            return Err(IllegalPlay::MustPlayHigher { roll });
        }
        if excedant {
            return Err(IllegalPlay::ExcedantArranged);
        }
        if movement.iter().any(|q| q.key() == key) {
            let mut m = movement.clone();
            let ob = mover.obligations(roll, &mut m);
            let reason = if let Some((qs, _, _)) = ob.fill {
                format!(
                    "{roll} can fill the {}, so a filling play must be played (R-6.5, R-6.8)",
                    qs.quarter.name()
                )
            } else if let Some(qs) = ob.conserve {
                format!(
                    "the {} can be kept full with {roll}, so it must be kept (R-6.7, R-6.8)",
                    qs.quarter.name()
                )
            } else {
                "this play is excluded by the filling or conserving obligation (R-6.8)".into()
            };
            return Err(IllegalPlay::Obligation { reason });
        }
        Err(IllegalPlay::Obligation {
            reason: "this play is not among the legal plays of the roll".into(),
        })
    }

    /// Plays `play` with `roll` after checking it: the position after, or
    /// the rule it breaks.
    ///
    /// # Errors
    /// [`IllegalPlay`] when `play` is not among the legal plays.
    pub fn play(&self, roll: Roll, play: &Play) -> Result<Position, IllegalPlay> {
        let legal = self.legal_plays(roll);
        if legal.iter().any(|q| q == play) {
            return Ok(self.after(play));
        }
        let notation = play.to_notation(self.turn);
        let resolved = self.resolve_against(roll, &notation, &Rules::DEFAULT, &legal)?;
        Ok(self.after(&resolved))
    }
}

impl Play {
    /// The written form of this play when `side` plays it.
    pub fn to_notation(&self, side: Side) -> PlayNotation {
        let abs = |x: u8| Field::new(x).to_absolute(side);
        let dest = |d: Dest| match d {
            Dest::Off => Dest::Off,
            Dest::Field(f) => Dest::Field(f.to_absolute(side)),
        };
        let m = self.moves();
        let moves = if self.is_tout_d_une() {
            vec![NotatedMove {
                from: abs(m[0].from().value()),
                rest: Some(abs(m[1].from().value())),
                to: dest(m[1].to()),
            }]
        } else {
            m.iter()
                .map(|c| NotatedMove {
                    from: abs(c.from().value()),
                    rest: None,
                    to: dest(c.to()),
                })
                .collect()
        };
        PlayNotation { moves }
    }
}
