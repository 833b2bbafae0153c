//! Plays and the legal-play generator (BG-3, BG-4, BG-5).
//!
//! The generator is written by hand, on fixed arrays and without
//! allocation, because bots and perft call it millions of times: it plays
//! the dice one by one from the mover's counts (his own numbering), keeps
//! only the plays that use the most dice (BG-3.4), and lists each
//! resulting position once.

use arrayvec::ArrayVec;
use tables::Roll;

use crate::board::{Counts, Dest, Point, Source, BAR, OFF};
use crate::position::Position;
use crate::rules::Rules;

/// One checker moved by one die: from a point or the bar to a point or
/// off, in the mover's numbering, hitting or not.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the checker starts.
    pub from: Source,
    /// Where it ends.
    pub to: Dest,
    /// Whether it hits a lone opponent checker (BG-4.1).
    pub hit: bool,
}

/// A play: the moves of one roll, zero to four (BG-3.1, BG-3.2), in
/// canonical order (from the farthest source; a checker moved twice
/// appears as two moves, the second starting where the first ended).
///
/// Plays that reach the same position are generated once
/// ([`Position::legal_plays`]); compare plays by the position they reach
/// ([`Position::play_unchecked`]) rather than by their moves when they
/// come from elsewhere (a user, a file).
///
/// ```
/// use backgammon::{Position, Roll, Rules};
/// let pos = Position::start();
/// let plays = pos.legal_plays(Roll::new(3, 1), &Rules::standard());
/// assert_eq!(plays.len(), 16);
/// let best = plays.iter().find(|p| p.to_string() == "8/5 6/5").unwrap();
/// assert_eq!(best.len(), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    len: u8,
    hits: u8,
    from: [u8; 4],
    to: [u8; 4],
}

impl Play {
    /// The empty play: no die can be played (BG-3.4, BG-4.2).
    pub const PASS: Play = Play {
        len: 0,
        hits: 0,
        from: [0; 4],
        to: [0; 4],
    };

    /// Single-die moves, 0 to 4.
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether no checker moves.
    pub const fn is_pass(&self) -> bool {
        self.len == 0
    }

    /// Whether the play is empty (same as [`Play::is_pass`]).
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether some move hits.
    pub const fn hits(&self) -> bool {
        self.hits != 0
    }

    /// The raw moves `(from, to, hit)`: from 25 is the bar, to 0 is off.
    pub fn raw(&self) -> impl Iterator<Item = (u8, u8, bool)> + '_ {
        (0..self.len as usize).map(|i| (self.from[i], self.to[i], self.hits & (1 << i) != 0))
    }

    /// The moves, in canonical order.
    pub fn moves(&self) -> impl Iterator<Item = Move> + '_ {
        self.raw().map(|(f, t, hit)| Move {
            from: if f as usize == BAR {
                Source::Bar
            } else {
                Source::Point(Point::new(f))
            },
            to: if t == 0 {
                Dest::Off
            } else {
                Dest::Point(Point::new(t))
            },
            hit,
        })
    }

    /// The canonical play of the single-die moves `moves` of a legal
    /// sequence (any order): sorted from the farthest source, a move hits
    /// when it is the first to land on a point where the opponent had one
    /// checker (`op0`, the opponent's counts before the roll).
    #[inline]
    pub(crate) fn canonical(blots0: u32, moves: &[(u8, u8)]) -> Play {
        let mut play = Play::PASS;
        let n = moves.len();
        play.len = n as u8;
        for (i, &(f, t)) in moves.iter().enumerate() {
            // Insertion sort, farthest first (a double's moves come sorted).
            let mut j = i;
            while j > 0 && (play.from[j - 1], play.to[j - 1]) < (f, t) {
                play.from[j] = play.from[j - 1];
                play.to[j] = play.to[j - 1];
                j -= 1;
            }
            play.from[j] = f;
            play.to[j] = t;
        }
        for i in 0..n {
            let t = play.to[i];
            if t != 0 && blots0 & (1 << t) != 0 && !play.to[..i].contains(&t) {
                play.hits |= 1 << i;
            }
        }
        play
    }
}

/// The largest number of plays of one roll. A double moves four steps:
/// each result is a way of sharing four steps among at most 15 checkers,
/// at most C(15 + 4 − 1, 4) = 3060 of them; a single roll gives far fewer
/// (one or two checkers, at most 15 · 15 + 15). Pinned by a test.
pub const MAX_PLAYS: usize = 3060;

/// The legal plays of a roll: a fixed-capacity list, never allocated.
pub type PlayList = ArrayVec<Play, MAX_PLAYS>;

/// Moves one checker `from` → `to` (mover's numbering, 25 bar, 0 off);
/// returns whether it hit.
#[inline]
pub(crate) fn apply_step(me: &mut Counts, op: &mut Counts, from: u8, to: u8) -> bool {
    me[from as usize] -= 1;
    me[to as usize] += 1;
    if to != 0 {
        let o = 25 - to as usize;
        if op[o] == 1 {
            op[o] = 0;
            op[BAR] += 1;
            return true;
        }
    }
    false
}

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
pub(crate) fn generate(pos: &Position, roll: Roll, rules: &Rules, out: &mut PlayList) {
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
