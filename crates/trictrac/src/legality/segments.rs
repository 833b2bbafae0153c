//! The segments of a written play, each checked in turn against the
//! movement laws.

use super::IllegalPlay;
use crate::board::Field;
use crate::dice::Roll;
use crate::plays::{Mover, Play};
use crate::side::Side;

/// One segment of a written play: a checker moved by one die, in the
/// mover's frame. `rest` marks the first leg of a *tout d'une*.
#[derive(Clone, Copy, Debug)]
pub(super) struct Seg {
    pub(super) from: u8,
    pub(super) to: u8,
    pub(super) rest: bool,
}

pub(super) const OFF: u8 = 25;

/// The two segments of one checker played *tout d'une* from `f` to `t`
/// resting on `r`.
pub(super) fn chain(f: u8, r: u8, t: u8) -> Vec<Seg> {
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

impl Mover {
    /// Plays the segments in order with their dice, checking each against
    /// the movement laws. Returns the play and whether a die was used
    /// excédant.
    pub(super) fn simulate(
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
pub(super) fn destination(t: u8, side: Side) -> String {
    if t == OFF {
        "off".to_string()
    } else {
        Field::new(t).to_absolute(side).to_string()
    }
}
