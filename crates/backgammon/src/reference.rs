//! The first generator, kept as the reference of the fast one in
//! `plays.rs`: both must list the same plays in the same order (unit test
//! `fast_generator_matches_the_reference`).

use arrayvec::ArrayVec;
use tables::Roll;

use crate::board::{Counts, BAR, OFF};
use crate::plays::{apply_step, Play, PlayList, MAX_PLAYS};
use crate::position::Position;
use crate::rules::Rules;

/// The generator's state for one roll.
struct Gen<'a> {
    out: &'a mut PlayList,
    /// Result keys of the plays in `out` that are not simple (see
    /// `is_simple`), with their index, for single rolls.
    keys: &'a mut ArrayVec<(u64, u16), MAX_PLAYS>,
    /// Priority of the plays in `out` (see `priority`).
    best: u8,
    high: u8,
    /// The die played first in the order being explored.
    first: u8,
    /// Whether the low die is played first (the second order).
    second_order: bool,

    double: bool,
    /// Points (bit p) where a hit may not be covered (BG-4.3).
    cover_mask: u32,
    moves: [(u8, u8); 4],
    /// Whether the move at each depth hit (bit n).
    hit_flags: u8,
    /// The position before the roll, for rebuilding plays.
    me0: Counts,
    op0: Counts,
    /// The mover's points (bit p) the opponent holds with two or more.
    blocked: u32,
    /// The mover's points where the opponent had one checker.
    blots0: u32,
}

/// A 64-bit key of a resulting position: the mover's counts and the
/// points where he hit (which give the opponent's counts).
#[inline]
fn key(me: &Counts, hits: u32) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325 ^ hits as u64;
    for c in me.chunks(8) {
        let mut w = [0u8; 8];
        w[..c.len()].copy_from_slice(c);
        h = (h ^ u64::from_le_bytes(w)).wrapping_mul(0x0000_0100_0000_01b3);
        h ^= h >> 29;
    }
    h
}

impl Gen<'_> {
    /// Priority of a sequence of `n` moves: more dice first; with one die
    /// of a single roll, the higher (BG-3.4).
    #[inline]
    fn priority(&self, n: usize) -> u8 {
        if n == 1 && !self.double {
            2 + (self.first == self.high) as u8
        } else {
            (n as u8) * 2 + 1
        }
    }

    fn record(&mut self, n: usize, me: &Counts, blots: u32) {
        let hits = self.blots0 & !blots;
        let prio = self.priority(n);
        if prio < self.best {
            return;
        }
        if prio > self.best {
            self.out.clear();
            self.keys.clear();
            self.best = prio;
        }
        if !self.double {
            if self.is_simple(n) {
                // Two checkers, neither entering nor bearing off, neither
                // landing where the other started: a position no other
                // sequence of this order reaches. In the second order, the
                // high die first was legal too: already listed.
                if self.second_order {
                    return;
                }
            } else {
                // Chains and the like: compare with the other such plays.
                let k = key(me, hits);
                for &(k2, i) in self.keys.iter() {
                    if k2 == k {
                        let (mut a, mut b) = (self.me0, self.op0);
                        let mut other_hits = 0u32;
                        for (f, t, hit) in self.out[i as usize].raw() {
                            apply_step(&mut a, &mut b, f, t);
                            if hit {
                                other_hits |= 1 << t;
                            }
                        }
                        if &a == me && other_hits == hits {
                            return;
                        }
                    }
                }
                self.keys.push((k, self.out.len() as u16));
            }
        }
        let play = if self.double {
            // Sources never increase: the moves are already in canonical
            // order, and their hits are those found on the way.
            let mut p = Play::PASS;
            p.len = n as u8;
            for (i, &(f, t)) in self.moves[..n].iter().enumerate() {
                p.from[i] = f;
                p.to[i] = t;
            }
            p.hits = self.hit_flags & ((1u8 << n) - 1);
            p
        } else {
            Play::canonical(self.blots0, &self.moves[..n])
        };
        self.out.push(play);
    }

    /// Whether the two moves of a single roll are by two checkers that do
    /// not interact: no bar, no bearing off, neither lands where the other
    /// starts.
    #[inline]
    fn is_simple(&self, n: usize) -> bool {
        if n != 2 || self.me0[BAR] != 0 {
            return false;
        }
        let (a, at) = self.moves[0];
        let (b, bt) = self.moves[1];
        at != 0 && bt != 0 && at != b && bt != a
    }

    /// Plays die `dice[0]` onwards, `n` moves made. `occ`: the mover's
    /// occupied points and bar (bit p); `outside`: his checkers beyond
    /// point 6 or on the bar; `frozen`: points where a hit must stay
    /// uncovered (BG-4.3); `bound`: for doubles, the highest source
    /// allowed (each result is reached once, sources taken from the
    /// farthest).
    #[allow(clippy::too_many_arguments)]
    fn rec(
        &mut self,
        me: &mut Counts,
        dice: &[u8],
        n: usize,
        occ: u32,
        outside: u8,
        frozen: u32,
        bound: usize,
        blots: u32,
    ) {
        let Some((&d, rest)) = dice.split_first() else {
            self.record(n, me, blots);
            return;
        };
        let du = d as usize;
        let mut sources = if me[BAR] > 0 {
            1u32 << BAR
        } else {
            occ & ((2u32 << bound.min(24)) - 1) & !frozen
        };
        if self.second_order && n == 1 && self.me0[BAR] == 0 && self.moves[0].1 != 0 {
            // The low die was played first by a checker from `q` to `ql`:
            // only a high move that interacts with it can reach a position
            // the high-die-first order did not (see `is_simple`): from
            // `ql`, onto `q`, or bearing off.
            let (q, ql) = (self.moves[0].0 as usize, self.moves[0].1 as usize);
            let mut keep = (1u32 << ql) | (1u32 << (q + du).min(31));
            if outside == 0 {
                keep |= HOME_MASK;
            }
            sources &= keep;
        }
        // Sources whose destination the opponent holds (BG-3.3), or where
        // a hit must stay alone (BG-4.3), cannot move.
        sources &= !((self.blocked | frozen) << du);
        let mut any = false;
        while sources != 0 {
            let from = 31 - sources.leading_zeros() as usize;
            sources &= !(1u32 << from);
            let to = if from > du {
                from - du
            } else if outside == 0 && (from == du || occ & HOME_MASK & !((2u32 << from) - 1) == 0) {
                // BG-5.2: the exact point, or the farthest checker with a
                // higher die.
                OFF
            } else {
                continue;
            };
            any = true;
            // Apply, recurse, undo.
            me[from] -= 1;
            me[to] += 1;
            let hit = blots & (1u32 << to) != 0 && to != OFF;
            let mut occ2 = occ;
            if me[from] == 0 {
                occ2 &= !(1u32 << from);
            }
            if to != OFF {
                occ2 |= 1u32 << to;
            }
            let out2 = outside - (from > 6 && to <= 6) as u8;
            let (fz, blots2) = if hit {
                let fz = if self.cover_mask & (1u32 << to) != 0 {
                    frozen | (1u32 << to)
                } else {
                    frozen
                };
                (fz, blots & !(1u32 << to))
            } else {
                (frozen, blots)
            };
            self.moves[n] = (from as u8, to as u8);
            if hit {
                self.hit_flags |= 1 << n;
            } else {
                self.hit_flags &= !(1 << n);
            }
            let next_bound = if self.double { from } else { 25 };
            self.rec(me, rest, n + 1, occ2, out2, fz, next_bound, blots2);
            me[from] += 1;
            me[to] -= 1;
        }
        if !any {
            self.record(n, me, blots);
        }
    }
}

/// The home board's bits, points 1–6.
const HOME_MASK: u32 = 0b111_1110;

/// Lists the legal plays of `roll` for the side on roll of `pos` into
/// `out` (cleared first). Never empty: [`Play::PASS`] when nothing can be
/// played.
pub(crate) fn generate_reference(pos: &Position, roll: Roll, rules: &Rules, out: &mut PlayList) {
    out.clear();
    let side = pos.turn();
    let me0 = *pos.counts.get(side);
    let op0 = *pos.counts.get(!side);
    let (hi, lo) = (roll.high().value(), roll.low().value());
    let (mut blocked, mut blots0) = (0u32, 0u32);
    for t in 1..=24usize {
        match op0[25 - t] {
            0 => {}
            1 => blots0 |= 1 << t,
            _ => blocked |= 1 << t,
        }
    }
    // Kept out of `Gen` so that building `Gen` moves no large array.
    let mut keys = ArrayVec::new();
    let mut g = Gen {
        out,
        keys: &mut keys,
        best: 0,
        high: hi,
        first: hi,
        second_order: false,
        double: hi == lo,
        cover_mask: rules.hit_cover.mask(),
        moves: [(0, 0); 4],
        hit_flags: 0,
        me0,
        op0,
        blocked,
        blots0,
    };
    let mut me = me0;
    let mut occ = 0u32;
    for (p, &c) in me0.iter().enumerate().skip(1) {
        if c > 0 {
            occ |= 1 << p;
        }
    }
    let outside: u8 = me0[7..].iter().sum();
    let blots = g.blots0;
    if hi == lo {
        g.rec(&mut me, &[hi; 4], 0, occ, outside, 0, 25, blots);
    } else {
        g.rec(&mut me, &[hi, lo], 0, occ, outside, 0, 25, blots);
        g.first = lo;
        g.second_order = true;
        g.rec(&mut me, &[lo, hi], 0, occ, outside, 0, 25, blots);
    }
    if g.out.is_empty() {
        g.out.push(Play::PASS);
    }
}

// The bench corpus, for the test (the includer's names: `super::`).
#[cfg(test)]
use crate::{Game, Phase, Side};
#[cfg(test)]
#[path = "../benches/workloads/mod.rs"]
mod workloads;

#[cfg(test)]
mod tests {
    use super::generate_reference;
    use super::workloads;
    use crate::plays::generate;
    use crate::{HitCover, PlayList, Position, Roll, Rules};
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Positions of random games (random plays, so blots, hits and the
    /// bar are frequent) plus every position of the bench corpus.
    fn positions() -> Vec<Position> {
        let mut v = workloads::corpus();
        let rules = Rules::standard();
        let mut list = PlayList::new();
        // Fewer games in debug builds (`cargo test`), more in release.
        let games = if cfg!(debug_assertions) { 60 } else { 300 };
        for seed in 0..games {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut pos = Position::start();
            while pos.winner().is_none() {
                v.push(pos);
                let roll = Roll::new(rng.gen_range(1..=6), rng.gen_range(1..=6));
                generate_reference(&pos, roll, &rules, &mut list);
                pos = pos.play_unchecked(&list[rng.gen_range(0..list.len())]);
            }
        }
        v
    }

    /// BG-3 to BG-5 (and BG-4.3 under every hit-cover option): the fast
    /// generator lists exactly the reference's plays, in its order, with
    /// its moves and hits.
    #[test]
    fn fast_generator_matches_the_reference() {
        let (mut fast, mut slow) = (PlayList::new(), PlayList::new());
        let mut n = 0usize;
        for pos in positions() {
            for cover in [
                HitCover::Allowed,
                HitCover::Inner,
                HitCover::Home,
                HitCover::Anywhere,
                HitCover::Opponent,
            ] {
                let rules = Rules {
                    hit_cover: cover,
                    ..Rules::standard()
                };
                for roll in Roll::ALL {
                    generate(&pos, roll, &rules, &mut fast);
                    generate_reference(&pos, roll, &rules, &mut slow);
                    assert_eq!(
                        fast.as_slice(),
                        slow.as_slice(),
                        "{} {roll} hit-cover={}",
                        pos.to_position_id(),
                        cover.name()
                    );
                    n += fast.len();
                }
            }
        }
        assert!(n > 400_000, "{n} plays compared");
    }
}
