//! The generator's state: [`Mover`] holds what a position gives the mover
//! (his checkers, the opponent's, the fields he may land on) once, and
//! lists the plays of each roll (steps 1–2 of ).

use super::{Play, PlayList, OFF};
use crate::dice::Roll;
use crate::position::Position;
use crate::rules::{ExitMethod, Rules};
use arrayvec::ArrayVec;

/// How a die was used, for the bearing-off laws.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Use {
    Inside,
    Exact,
    Excedant,
    /// Provinciale: a surcase of a full jan de retour borne off exactly.
    Privilege,
}

/// The mover's checkers during generation.
#[derive(Clone, Copy)]
pub(crate) struct State {
    pub(crate) cnt: [u8; 26],
    /// Bit f set when the mover has a checker on field f.
    pub(crate) own: u32,
    /// Checkers on fields 1..=18.
    pub(crate) below19: u8,
}

impl State {
    #[inline]
    pub(super) fn lowest(&self) -> u8 {
        self.own.trailing_zeros() as u8
    }

    #[inline]
    pub(crate) fn lift(&mut self, f: u8) {
        self.cnt[f as usize] -= 1;
        if self.cnt[f as usize] == 0 {
            self.own &= !(1 << f);
        }
        if f <= 18 {
            self.below19 -= 1;
        }
    }

    #[inline]
    pub(crate) fn drop(&mut self, t: u8) {
        if t != OFF {
            self.cnt[t as usize] += 1;
            self.own |= 1 << t;
            if t <= 18 {
                self.below19 += 1;
            }
        }
    }
}

/// Precomputed data of a position for the mover: the core of legal-play
/// generation, reused across rolls.
#[derive(Clone, Copy)]
pub(crate) struct Mover {
    pub(super) st: State,
    /// Bit f set when an opponent checker stands on f.
    pub(super) opp: u32,
    /// Bit f set when two or more opponent checkers stand on f.
    pub(super) opp2: u32,
    /// Bit f set when the mover may end a move on f (1..=24).
    pub(super) land: u32,
    /// Whether the opponent can still fill his petit jan / grand jan
    ///
    pub(super) opp_can_fill_petit: bool,
    pub(super) opp_can_fill_grand: bool,
    pub(super) rules: Rules,
    pub(super) privileges_left: u8,
    /// The quarter that may be filled or kept, if any.
    pub(super) quarter: Option<crate::jans::QuarterState>,
}

/// Whether a side can still fill the quarter starting at `first` of its
/// own frame (R-4.6: materially possible, checkers never move back).
/// `cnt[k]` is the side's count on its field k.
#[inline]
fn can_fill(cnt: &[u8; 26], first: usize) -> bool {
    let mut cum: u32 = cnt[1..first].iter().map(|&c| c as u32).sum();
    for j in 0..6 {
        cum += cnt[first + j] as u32;
        if cum < 2 * (j as u32 + 1) {
            return false;
        }
    }
    true
}

const FIELDS: u32 = 0x1ff_fffe; // bits 1..=24

impl Mover {
    pub(crate) fn new(pos: &Position, rules: &Rules) -> Mover {
        let side = pos.turn;
        let rel = pos.board.relative(side);
        let mut cnt = [0u8; 26];
        let mut opp_cnt = [0u8; 26]; // in the opponent's frame
        let mut own = 0u32;
        let mut opp = 0u32;
        let mut opp2 = 0u32;
        let mut below19 = 0u8;
        for k in 1..25 {
            let c = rel[k];
            if c > 0 {
                cnt[k] = c as u8;
                own |= 1 << k;
                if k <= 18 {
                    below19 += c as u8;
                }
            } else if c < 0 {
                opp_cnt[25 - k] = c.unsigned_abs();
                opp |= 1 << k;
                if c < -1 {
                    opp2 |= 1 << k;
                }
            }
        }
        let opp_can_fill_petit = can_fill(&opp_cnt, 1);
        let opp_can_fill_grand = can_fill(&opp_cnt, 7);
        let mut land = FIELDS & !opp & !(1 << 13);
        if opp_can_fill_grand {
            land &= !(0b11111 << 14);
        }
        if opp_can_fill_petit {
            land &= !(0b111111 << 19);
        }
        let privileges_left = 3u8.saturating_sub(pos.privileges_used(side));
        Mover {
            st: State { cnt, own, below19 },
            opp,
            opp2,
            land,
            opp_can_fill_petit,
            opp_can_fill_grand,
            rules: *rules,
            privileges_left,
            quarter: crate::jans::relevant_quarter(&cnt),
        }
    }

    /// The fields from which die `d` can move a checker inside the board.
    #[inline]
    pub(super) fn inside_sources(&self, st: &State, d: u8) -> u32 {
        st.own & (self.land >> d)
    }

    /// Whether die `d` may bear off the checker on `from` in state `st`,
    /// and how.
    #[inline]
    pub(super) fn bear_off(&self, st: &State, from: u8, d: u8) -> Option<Use> {
        if st.below19 != 0 || st.cnt[from as usize] == 0 || from + d < OFF {
            return None;
        }
        let exact = from + d == OFF;
        match self.rules.exit {
            ExitMethod::Parisienne => {
                if exact {
                    Some(Use::Exact)
                } else if from == st.lowest() {
                    Some(Use::Excedant)
                } else {
                    None
                }
            }
            ExitMethod::Provinciale => {
                let full = (19..=24).all(|f| st.cnt[f] >= 2);
                if exact && full && st.cnt[from as usize] >= 3 && self.privileges_left > 0 {
                    return Some(Use::Privilege);
                }
                if self.inside_sources(st, d) == 0 && from == st.lowest() {
                    Some(if exact { Use::Exact } else { Use::Excedant })
                } else {
                    None
                }
            }
        }
    }

    /// Every way die `d` can move one checker in state `st`, as
    /// (from, to, use); `to` is `OFF` for a checker borne off.
    #[inline]
    pub(super) fn single_moves(&self, st: &State, d: u8, out: &mut ArrayVec<(u8, u8, Use), 16>) {
        let mut s = self.inside_sources(st, d);
        while s != 0 {
            let f = s.trailing_zeros() as u8;
            s &= s - 1;
            out.push((f, f + d, Use::Inside));
        }
        if st.below19 == 0 {
            let mut s = st.own & !((1u32 << (OFF - d)) - 1);
            while s != 0 {
                let f = s.trailing_zeros() as u8;
                s &= s - 1;
                if let Some(u) = self.bear_off(st, f, d) {
                    out.push((f, OFF, u));
                }
            }
        }
    }

    /// Number of the mover's checkers on the own corner after moving
    /// checkers away from `from` and onto `to` fields.
    #[inline]
    pub(super) fn corner_ok(&self, lifted: u32, dropped: u32) -> bool {
        // lifted / dropped: how many moves leave / reach field 12.
        self.st.cnt[12] as u32 + dropped - lifted != 1
    }

    /// All legal plays of `roll`: steps 1–2 of, then the filling
    /// and conserving obligations (step 3).
    #[inline]
    pub(crate) fn legal(&self, roll: Roll, out: &mut PlayList) {
        self.generate(roll, out);
        self.obligations(roll, out);
    }

    /// All legal plays of `roll` after steps 1–2 of R-6.8 (the movement
    /// laws and ), before the filling and conserving obligations.
    pub(crate) fn generate(&self, roll: Roll, out: &mut PlayList) {
        out.clear();
        let (a, b) = (roll.high().value(), roll.low().value());
        if self.st.below19 >= 2 {
            self.generate_fast(a, b, out);
        } else {
            self.generate_general(a, b, out);
        }
        if out.is_empty() {
            out.push(Play::PASS);
        }
    }

    /// step 3 on `plays`: only filling plays, else only keeping
    /// plays, when there are some.
    #[inline]
    pub(crate) fn obligations(&self, roll: Roll, plays: &mut PlayList) -> crate::jans::Obligations {
        crate::jans::obligations(self.quarter.as_ref(), &self.st.cnt, roll, plays, false)
    }

    /// The quarter that may be filled or kept, if any.
    pub(crate) fn quarter(&self) -> Option<&crate::jans::QuarterState> {
        self.quarter.as_ref()
    }

    /// The mover's checkers before the roll.
    pub(crate) fn state(&self) -> State {
        self.st
    }

    /// Whether die `d` may bear off from `from` in `st`: `Some(true)` when
    /// excédant, `Some(false)` when exact.
    pub(crate) fn bear_off_use(&self, st: &State, from: u8, d: u8) -> Option<bool> {
        self.bear_off(st, from, d).map(|u| u == Use::Excedant)
    }

    /// Whether the opponent can still fill his petit jan / grand jan.
    pub(crate) fn passage(&self) -> (bool, bool) {
        (self.opp_can_fill_petit, self.opp_can_fill_grand)
    }

    /// Fields holding one opponent checker / two or more.
    pub(crate) fn opp_masks(&self) -> (u32, u32) {
        (self.opp & !self.opp2, self.opp2)
    }

    pub(crate) fn opp_on(&self, f: u8) -> bool {
        self.opp & (1 << f) != 0
    }
}
