//! The fast path of the generator: two or more checkers outside the jan
//! de retour, so none can be borne off this roll and every play is
//! produced exactly once by construction; and the corner by power
//!

use super::{CheckerMove, Mover, Play, PlayList};

impl Mover {
    /// Generation when no checker can be borne off during this roll (two
    /// or more checkers outside the jan de retour): the validity of each
    /// move then does not depend on the order of the moves, so every play
    /// is produced exactly once by construction.
    pub(super) fn generate_fast(&self, a: u8, b: u8, out: &mut PlayList) {
        let st = &self.st;
        let c12 = |f: u8| (f == 12) as u32;
        if a != b {
            let sa = self.inside_sources(st, a);
            let sb = self.inside_sources(st, b);
            // Two checkers: a from i, b from j.
            let mut si = sa;
            while si != 0 {
                let i = si.trailing_zeros() as u8;
                si &= si - 1;
                let mut sj = sb & !(1 << (i + a)); // j = i+a: tout d'une
                if st.cnt[i as usize] == 1 {
                    sj &= !(1 << i);
                }
                if i > b {
                    sj &= !(1 << (i - b)); // j+b = i: tout d'une from j
                }
                while sj != 0 {
                    let j = sj.trailing_zeros() as u8;
                    sj &= sj - 1;
                    if self.corner_ok(c12(i) + c12(j), c12(i + a) + c12(j + b)) {
                        out.push(Play::two(
                            CheckerMove::new(i, i + a, a),
                            CheckerMove::new(j, j + b, b),
                        ));
                    }
                }
            }
            // Tout d'une: one checker by a+b, resting on i+a or i+b.
            let s = a + b;
            let mut sc = st.own & (self.land >> s) & !((self.opp >> a) & (self.opp >> b));
            while sc != 0 {
                let i = sc.trailing_zeros() as u8;
                sc &= sc - 1;
                if self.corner_ok(c12(i), c12(i + s)) {
                    let (x, y) = if self.opp & (1 << (i + a)) == 0 {
                        (a, b)
                    } else {
                        (b, a)
                    };
                    out.push(Play::two(
                        CheckerMove::new(i, i + x, x),
                        CheckerMove::new(i + x, i + s, y),
                    ));
                }
            }
        } else {
            let d = a;
            let sd = self.inside_sources(st, d);
            let mut si = sd;
            while si != 0 {
                let i = si.trailing_zeros() as u8;
                si &= si - 1;
                // j >= i, j != i + d (tout d'une), j == i needs two checkers.
                let mut sj = sd & !((1u32 << i) - 1) & !(1 << (i + d));
                if st.cnt[i as usize] == 1 {
                    sj &= !(1 << i);
                }
                while sj != 0 {
                    let j = sj.trailing_zeros() as u8;
                    sj &= sj - 1;
                    if self.corner_ok(c12(i) + c12(j), c12(i + d) + c12(j + d)) {
                        out.push(Play::two(
                            CheckerMove::new(i, i + d, d),
                            CheckerMove::new(j, j + d, d),
                        ));
                    }
                }
            }
            let mut sc = st.own & (self.land >> (2 * d)) & !(self.opp >> d);
            while sc != 0 {
                let i = sc.trailing_zeros() as u8;
                sc &= sc - 1;
                if self.corner_ok(c12(i), c12(i + 2 * d)) {
                    out.push(Play::two(
                        CheckerMove::new(i, i + d, d),
                        CheckerMove::new(i + d, i + 2 * d, d),
                    ));
                }
            }
        }
        self.push_power(a, b, out);
        if out.is_empty() {
            // only one die can be played: the higher if possible.
            for d in [a, b] {
                let mut s = self.inside_sources(st, d);
                while s != 0 {
                    let i = s.trailing_zeros() as u8;
                    s &= s - 1;
                    if self.corner_ok(c12(i), c12(i + d)) {
                        out.push(Play::one(CheckerMove::new(i, i + d, d)));
                    }
                }
                if !out.is_empty() {
                    break;
                }
            }
        }
    }

    /// the corner taken by power, when the own and the
    /// opponent's corners are empty, the roll could bring two checkers onto
    /// the opponent's corner, and the corner cannot be taken by effect.
    #[inline]
    pub(super) fn push_power(&self, a: u8, b: u8, out: &mut PlayList) {
        let c = &self.st.cnt;
        if c[12] != 0 || self.opp & (1 << 13) != 0 {
            return;
        }
        let (pa, pb) = ((13 - a) as usize, (13 - b) as usize);
        let (ea, eb) = ((12 - a) as usize, (12 - b) as usize);
        let (power, effect) = if a == b {
            (c[pa] >= 2, c[ea] >= 2)
        } else {
            (c[pa] >= 1 && c[pb] >= 1, c[ea] >= 1 && c[eb] >= 1)
        };
        if power && !effect {
            out.push(Play {
                moves: [
                    CheckerMove::new(pa as u8, 12, a),
                    CheckerMove::new(pb as u8, 12, b),
                ],
                len: 2,
                power: true,
            });
        }
    }

    /// Whether the mover can take his corner by power with this roll,
    /// ignoring R-4.4 (used to explain illegal plays).
    pub(crate) fn power_shape(&self, a: u8, b: u8) -> (bool, bool) {
        let c = &self.st.cnt;
        let corners = c[12] == 0 && self.opp & (1 << 13) == 0;
        let (pa, pb) = ((13 - a) as usize, (13 - b) as usize);
        let (ea, eb) = ((12 - a) as usize, (12 - b) as usize);
        if a == b {
            (corners && c[pa] >= 2, corners && c[ea] >= 2)
        } else {
            (
                corners && c[pa] >= 1 && c[pb] >= 1,
                corners && c[ea] >= 1 && c[eb] >= 1,
            )
        }
    }
}
