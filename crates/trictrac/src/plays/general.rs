//! The general path of the generator (bearing off possible, R-4.7): the
//! dice are played one by one in both orders and the positions
//! deduplicated. It is also the reference the fast path is tested against.

use super::mover::Use;
use super::{CheckerMove, Mover, Play, PlayList, OFF};
use crate::rules::ExitMethod;
use arrayvec::ArrayVec;

/// One arrangement of a play on the slow path (bearing off).
#[derive(Clone, Copy)]
struct Arrangement {
    play: Play,
    uses: [Use; 2],
}

impl Mover {
    /// General generation by playing the dice in both orders, used when a
    /// checker may be borne off during the roll (the order of the moves
    /// then matters, R-4.7). Also the reference the fast path is tested
    /// against.
    pub(crate) fn generate_general(&self, a: u8, b: u8, out: &mut PlayList) {
        let mut arr: ArrayVec<Arrangement, 512> = ArrayVec::new();
        let orders: &[(u8, u8)] = if a == b { &[(a, a)] } else { &[(a, b), (b, a)] };
        let c12 = |f: u8| (f == 12) as u32;
        let mut firsts = ArrayVec::<(u8, u8, Use), 16>::new();
        let mut seconds = ArrayVec::<(u8, u8, Use), 16>::new();
        // Two checkers, each by one die.
        for (n, &(x, y)) in orders.iter().enumerate() {
            firsts.clear();
            self.single_moves(&self.st, x, &mut firsts);
            for &(i, ti, ui) in &firsts {
                let mut st1 = self.st;
                st1.lift(i);
                st1.drop(ti);
                seconds.clear();
                self.single_moves(&st1, y, &mut seconds);
                for &(j, tj, uj) in &seconds {
                    if j == ti || tj == i {
                        continue; // one checker tout d'une: below
                    }
                    // Two moves inside the board are valid in either order
                    // (landing depends on the opponent alone): one order is
                    // enough. Bearing off depends on the order.
                    if ti != OFF && tj != OFF && (n == 1 || (x == y && j < i)) {
                        continue;
                    }
                    if self.corner_ok(c12(i) + c12(j), c12(ti) + c12(tj)) {
                        let play =
                            Play::two(CheckerMove::new(i, ti, x), CheckerMove::new(j, tj, y));
                        if arr
                            .try_push(Arrangement {
                                play,
                                uses: [ui, uj],
                            })
                            .is_err()
                        {
                            debug_assert!(false, "arrangement buffer full");
                        }
                    }
                }
            }
        }
        // One checker tout d'une through an open rest.
        for &(x, y) in orders {
            let mut s = self.st.own;
            while s != 0 {
                let i = s.trailing_zeros() as u8;
                s &= s - 1;
                let r = i + x;
                if r > 24 || self.opp & (1 << r) != 0 {
                    continue;
                }
                let mut st1 = self.st;
                st1.lift(i);
                st1.drop(r);
                let t = r + y;
                let u = if t <= 24 {
                    if self.land & (1 << t) == 0 {
                        continue;
                    }
                    Use::Inside
                } else {
                    match self.bear_off(&st1, r, y) {
                        Some(u) => u,
                        None => continue,
                    }
                };
                let t = t.min(OFF);
                if self.corner_ok(c12(i), c12(t)) {
                    let play = Play::two(CheckerMove::new(i, r, x), CheckerMove::new(r, t, y));
                    let _ = arr.try_push(Arrangement {
                        play,
                        uses: [Use::Inside, u],
                    });
                }
            }
        }
        self.filter_excedant(a, b, &mut arr);
        Self::dedupe_into(&arr, out);
        self.push_power(a, b, out);
        if !out.is_empty() {
            return;
        }
        // only one die can be played: the higher if possible.
        arr.clear();
        for d in [a, b] {
            firsts.clear();
            self.single_moves(&self.st, d, &mut firsts);
            for &(i, t, u) in &firsts {
                if self.corner_ok(c12(i), c12(t)) {
                    let _ = arr.try_push(Arrangement {
                        play: Play::one(CheckerMove::new(i, t, d)),
                        uses: [u, Use::Inside],
                    });
                }
            }
            if !arr.is_empty() {
                break;
            }
        }
        Self::dedupe_into(&arr, out);
    }

    /// Appends the canonical play of each arrangement, one per resulting
    /// position.
    fn dedupe_into(arr: &[Arrangement], out: &mut PlayList) {
        let mut keys: ArrayVec<u32, 256> = out.iter().map(|p| p.key()).collect();
        for ar in arr {
            let p = ar.play.canonical();
            let k = p.key();
            if !keys.contains(&k) {
                keys.push(k);
                out.push(p);
            }
        }
    }

    /// R-4.7 (parisienne): a play may not be arranged so that a die
    /// becomes excédant when some legal play of the roll plays it inside.
    /// For a double, a play with an excédant die is dropped when another
    /// play plays more of its dice inside (see docs/RULES-CHOICES.md).
    fn filter_excedant(&self, a: u8, b: u8, arr: &mut ArrayVec<Arrangement, 512>) {
        // The uses an arrangement may not force when the die can be played
        // inside: an excédant die (parisienne); any bearing off but the
        // privilege (provinciale: everything playable inside is played).
        let restricted = |u: Use| match self.rules.exit {
            ExitMethod::Parisienne => u == Use::Excedant,
            ExitMethod::Provinciale => u == Use::Excedant || u == Use::Exact,
        };
        if !arr.iter().any(|x| x.uses.iter().any(|&u| restricted(u))) {
            return;
        }
        let inside_count = |x: &Arrangement| x.uses.iter().filter(|&&u| u == Use::Inside).count();
        if a == b {
            let best = arr.iter().map(inside_count).max().unwrap_or(0);
            arr.retain(|x| !x.uses.iter().any(|&u| restricted(u)) || inside_count(x) == best);
        } else {
            // The higher die first (R-3.5 favours it): when each of two
            // plays forces the die the other plays inside, the play that
            // plays the higher die inside is kept.
            for d in [a, b] {
                let uses_die = |x: &Arrangement, pred: &dyn Fn(Use) -> bool| {
                    x.play
                        .moves()
                        .iter()
                        .zip(x.uses)
                        .any(|(m, u)| m.die == d && pred(u))
                };
                if arr.iter().any(|x| uses_die(x, &|u| u == Use::Inside)) {
                    arr.retain(|x| !uses_die(x, &restricted));
                }
            }
        }
    }
}
