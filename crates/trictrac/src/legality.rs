//! Checking a play given by a person, and saying which rule it breaks.

use crate::board::{Dest, Field};
use crate::dice::Roll;
use crate::notation::{NotatedMove, PlayNotation};
use crate::plays::{Mover, Play, PlayList};
use crate::position::Position;
use crate::rules::Rules;
use crate::side::Side;

/// Why a play is not legal for a position and a roll. Fields are in the
/// absolute frame, as written by the player; each variant names its rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPlay {
    /// No checker of the mover on the origin.
    #[error("there is no {side} checker on field {field} to move")]
    NoChecker {
        /// The mover.
        side: Side,
        /// Absolute field.
        field: Field,
    },
    /// A move whose length is not a die of the roll.
    #[error("{from}-{to} is not a move of {roll}: each die moves one checker forward by its value, or one checker by both (R-3.1)")]
    NotADie {
        /// Absolute origin.
        from: Field,
        /// Destination as written.
        to: String,
        /// The roll.
        roll: Roll,
    },
    /// Two moves of one die's length when the roll has that die once.
    #[error("{first} and {second} both move {die} fields, but {roll} has one {die}: each die moves one checker once, the other die must be played too (R-3.1)")]
    SameDieTwice {
        /// The first move as written.
        first: String,
        /// The second move as written.
        second: String,
        /// The die both use.
        die: u8,
        /// The roll.
        roll: Roll,
    },
    /// More dice used than the roll has.
    #[error("the play uses more than the two dice of {roll}: a double is played once, like a single (R-3.2)")]
    TooManyMoves {
        /// The roll.
        roll: Roll,
    },
    /// A move ends on a field held by the opponent.
    #[error(
        "field {field} holds the opponent's checkers: a checker may not end a move there (R-3.3)"
    )]
    Blocked {
        /// Absolute field.
        field: Field,
    },
    /// Every rest of a *tout d'une* is held by the opponent.
    #[error("the checker from {from} cannot go tout d'une to {to}: every rest is held by the opponent (R-3.4)")]
    RestBlocked {
        /// Absolute origin.
        from: Field,
        /// Destination as written.
        to: String,
    },
    /// A move ends on the opponent's corner.
    #[error("field {field} is the opponent's rest corner, which can never be occupied (R-4.2)")]
    OpponentCorner {
        /// Absolute field.
        field: Field,
    },
    /// A move ends in a quarter the opponent can still fill.
    #[error(
        "field {field} is in the {quarter}, closed while the opponent can still fill it (R-4.6)"
    )]
    ForbiddenJan {
        /// Absolute field.
        field: Field,
        /// "opponent's grand jan" or "jan de retour".
        quarter: &'static str,
    },
    /// The play leaves a single checker on the own corner.
    #[error("the play leaves a single checker on the rest corner (field {field}): the corner is taken by two checkers at once and left by the last two together (R-4.1)")]
    LoneCorner {
        /// Absolute field of the corner.
        field: Field,
    },
    /// A power play when the corner cannot be taken by power.
    #[error("the corner cannot be taken by power with {roll}: both corners must be empty and the roll must bring two checkers onto the opponent's corner (R-4.3)")]
    NoPower {
        /// The roll.
        roll: Roll,
    },
    /// A power play when the corner can be taken by effect.
    #[error(
        "the corner can be taken by effect with {roll}, so it may not be taken by power (R-4.4)"
    )]
    PowerWhenEffect {
        /// The roll.
        roll: Roll,
    },
    /// Bearing off while checkers remain outside the jan de retour.
    #[error(
        "cannot bear off from {field}: all checkers must first stand in the jan de retour (R-4.7)"
    )]
    BearOffTooSoon {
        /// Absolute field.
        field: Field,
    },
    /// A die larger than needed used on a checker that is not the farthest.
    #[error("cannot bear off from {field} with the {die}: a die that is not exact bears off only the farthest checker, and must be played inside if it can (R-4.7)")]
    BearOffNotAllowed {
        /// Absolute field.
        field: Field,
        /// The die.
        die: u8,
    },
    /// A die made excédant by the order of the moves.
    #[error("the play makes a die excédant to bear off while another legal play plays it inside (R-4.7)")]
    ExcedantArranged,
    /// Fewer dice played than possible.
    #[error("both dice of {roll} can be played, so both must be (R-3.5)")]
    MustPlayBoth {
        /// The roll.
        roll: Roll,
    },
    /// The lower die played when only one die can be played and the
    /// higher can.
    #[error(
        "only one die of {roll} can be played, and the higher one can: it must be played (R-3.5)"
    )]
    MustPlayHigher {
        /// The roll.
        roll: Roll,
    },
    /// `--` when something can be played.
    #[error("some die of {roll} can be played, so the turn cannot pass (R-3.5)")]
    CannotPass {
        /// The roll.
        roll: Roll,
    },
    /// A legal move sequence that an obligation excludes (filled in
    /// `crate::jans`) or another reason.
    #[error("{reason}")]
    Obligation {
        /// The rule broken, e.g. "a filling play is possible, so one must be played (R-6.5, R-6.8)".
        reason: String,
    },
}

impl IllegalPlay {
    /// The id of the rule broken, e.g. `R-3.3`.
    pub fn rule(&self) -> &'static str {
        use IllegalPlay::*;
        match self {
            NoChecker { .. } | NotADie { .. } | SameDieTwice { .. } => "R-3.1",
            TooManyMoves { .. } => "R-3.2",
            Blocked { .. } => "R-3.3",
            RestBlocked { .. } => "R-3.4",
            OpponentCorner { .. } => "R-4.2",
            ForbiddenJan { .. } => "R-4.6",
            LoneCorner { .. } => "R-4.1",
            NoPower { .. } => "R-4.3",
            PowerWhenEffect { .. } => "R-4.4",
            BearOffTooSoon { .. } | BearOffNotAllowed { .. } | ExcedantArranged => "R-4.7",
            MustPlayBoth { .. } | MustPlayHigher { .. } | CannotPass { .. } => "R-3.5",
            Obligation { .. } => "R-6.8",
        }
    }
}

/// One segment of a written play: a checker moved by one die, in the
/// mover's frame. `rest` marks the first leg of a *tout d'une*.
#[derive(Clone, Copy, Debug)]
struct Seg {
    from: u8,
    to: u8,
    rest: bool,
}

const OFF: u8 = 25;

/// The two segments of one checker played *tout d'une* from `f` to `t`
/// resting on `r`.
fn chain(f: u8, r: u8, t: u8) -> Vec<Seg> {
    vec![
        Seg {
            from: f,
            to: r,
            rest: true,
        },
        Seg {
            from: r,
            to: t,
            rest: false,
        },
    ]
}

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

impl Mover {
    /// Plays the segments in order with their dice, checking each against
    /// the movement laws. Returns the play and whether a die was used
    /// excédant.
    fn simulate(
        &self,
        segs: &[(Seg, u8)],
        roll: Roll,
        side: Side,
    ) -> Result<(Play, bool), IllegalPlay> {
        let abs = |x: u8| Field::new(x).to_absolute(side);
        let dest_str = |t: u8| destination(t, side);
        let mut st = self.state();
        let mut moves = Vec::new();
        let mut excedant = false;
        let (petit, grand) = self.passage();
        for &(s, d) in segs {
            if s.from == 0 || s.from > 24 || st.cnt[s.from as usize] == 0 {
                return Err(IllegalPlay::NoChecker {
                    side,
                    field: abs(s.from.clamp(1, 24)),
                });
            }
            let dist_ok = if s.to == OFF {
                s.from + d >= OFF
            } else {
                s.to > s.from && s.to - s.from == d
            };
            if !dist_ok {
                return Err(IllegalPlay::NotADie {
                    from: abs(s.from),
                    to: dest_str(s.to),
                    roll,
                });
            }
            if s.rest {
                if self.opp_on(s.to) {
                    return Err(IllegalPlay::RestBlocked {
                        from: abs(s.from),
                        to: dest_str(s.from + d),
                    });
                }
            } else if s.to != OFF {
                let t = s.to;
                if t == 13 && !self.opp_on(13) {
                    return Err(IllegalPlay::OpponentCorner { field: abs(t) });
                }
                if self.opp_on(t) {
                    return Err(IllegalPlay::Blocked { field: abs(t) });
                }
                if (14..=18).contains(&t) && grand {
                    return Err(IllegalPlay::ForbiddenJan {
                        field: abs(t),
                        quarter: "opponent's grand jan",
                    });
                }
                if (19..=24).contains(&t) && petit {
                    return Err(IllegalPlay::ForbiddenJan {
                        field: abs(t),
                        quarter: "jan de retour",
                    });
                }
            } else {
                match self.bear_off_use(&st, s.from, d) {
                    Some(exc) => excedant |= exc,
                    None if st.below19 > 0 => {
                        return Err(IllegalPlay::BearOffTooSoon { field: abs(s.from) })
                    }
                    None => {
                        return Err(IllegalPlay::BearOffNotAllowed {
                            field: abs(s.from),
                            die: d,
                        })
                    }
                }
            }
            st.lift(s.from);
            st.drop(s.to);
            moves.push((s.from, s.to, d));
        }
        if st.cnt[12] == 1 {
            return Err(IllegalPlay::LoneCorner { field: abs(12) });
        }
        Ok((Play::from_moves(&moves), excedant))
    }
}

/// A move's destination `t` (in `side`'s frame) as the messages write
/// it: the absolute field, or `off`.
fn destination(t: u8, side: Side) -> String {
    if t == OFF {
        "off".to_string()
    } else {
        Field::new(t).to_absolute(side).to_string()
    }
}
