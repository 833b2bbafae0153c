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

    /// Builds a play from raw moves `(from, to)` (25 bar, 0 off) applied
    /// in canonical order to `(me, op)`; returns `None` if a move starts
    /// where the mover has no checker. Hits are found on the way.
    pub(crate) fn from_raw(me: &Counts, op: &Counts, moves: &[(u8, u8)]) -> Option<Play> {
        let mut v: ArrayVec<(u8, u8), 4> = moves.iter().copied().collect();
        v.sort_unstable_by(|a, b| b.cmp(a));
        let (mut me, mut op) = (*me, *op);
        let mut play = Play::PASS;
        for (i, &(f, t)) in v.iter().enumerate() {
            if me[f as usize] == 0 {
                return None;
            }
            let hit = apply_step(&mut me, &mut op, f, t);
            play.from[i] = f;
            play.to[i] = t;
            if hit {
                play.hits |= 1 << i;
            }
            play.len += 1;
        }
        Some(play)
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

/// Whether the mover may move a checker `from` with die `d`; returns the
/// destination (0 = off). `outside` is his checkers beyond point 6 and on
/// the bar.
#[inline]
fn step_to(me: &Counts, op: &Counts, outside: u8, from: usize, d: usize) -> Option<u8> {
    if from > d {
        let to = from - d;
        if op[25 - to] < 2 {
            Some(to as u8)
        } else {
            None
        }
    } else if outside == 0 && (from == d || me[from + 1..=6].iter().all(|&n| n == 0)) {
        // BG-5.2: the exact point, or the farthest checker with a higher die.
        Some(OFF as u8)
    } else {
        None
    }
}

#[inline]
fn outside(me: &Counts) -> u8 {
    me[7..].iter().sum()
}

/// The generator's state for one roll.
struct Gen<'a> {
    out: &'a mut PlayList,
    /// Result keys of the plays in `out`, for single rolls.
    keys: ArrayVec<u64, 512>,
    /// Priority of the plays in `out` (see `priority`).
    best: u8,
    high: u8,
    /// The die played first in the order being explored.
    first: u8,
    double: bool,
    /// Points (bit p) where a hit may not be covered (BG-4.3).
    cover_mask: u32,
    moves: [(u8, u8); 4],
    /// The position before the roll, for rebuilding plays.
    me0: Counts,
    op0: Counts,
}

/// A 64-bit key of a resulting position (both sides' counts).
#[inline]
fn key(me: &Counts, op: &Counts) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for c in me.chunks(8).chain(op.chunks(8)) {
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

    fn record(&mut self, n: usize, me: &Counts, op: &Counts) {
        let prio = self.priority(n);
        if prio < self.best {
            return;
        }
        if prio > self.best {
            self.out.clear();
            self.keys.clear();
            self.best = prio;
        }
        let mut play = match Play::from_raw(&self.me0, &self.op0, &self.moves[..n]) {
            Some(p) => p,
            None => return,
        };
        if n == 0 {
            play = Play::PASS;
        }
        if !self.double {
            // Two orders of a single roll may reach one position.
            let k = key(me, op);
            for (i, &k2) in self.keys.iter().enumerate() {
                if k2 == k {
                    let (mut a, mut b) = (self.me0, self.op0);
                    let other = self.out[i];
                    for (f, t, _) in other.raw() {
                        apply_step(&mut a, &mut b, f, t);
                    }
                    if &a == me && &b == op {
                        return;
                    }
                }
            }
            self.keys.push(k);
        }
        self.out.push(play);
    }

    /// Plays die `dice[i]` onwards. `frozen`: points where a hit must stay
    /// uncovered; `bound`: for doubles, the highest source allowed (each
    /// result is reached once, sources taken from the farthest).
    fn rec(
        &mut self,
        me: &mut Counts,
        op: &mut Counts,
        dice: &[u8],
        n: usize,
        frozen: u32,
        bound: usize,
    ) {
        let Some((&d, rest)) = dice.split_first() else {
            self.record(n, me, op);
            return;
        };
        let du = d as usize;
        let out = outside(me);
        let mut any = false;
        let sources = if me[BAR] > 0 {
            BAR..=BAR
        } else {
            1..=bound.min(24)
        };
        for from in sources.rev() {
            if me[from] == 0 || frozen & (1 << from) != 0 {
                continue;
            }
            let Some(to) = step_to(me, op, out, from, du) else {
                continue;
            };
            if frozen & (1u32 << to) != 0 {
                continue;
            }
            any = true;
            let (me_b, op_b) = (*me, *op);
            let hit = apply_step(me, op, from as u8, to);
            let fz = if hit && self.cover_mask & (1 << to) != 0 {
                frozen | (1 << to)
            } else {
                frozen
            };
            self.moves[n] = (from as u8, to);
            let next_bound = if self.double { from } else { 25 };
            self.rec(me, op, rest, n + 1, fz, next_bound);
            *me = me_b;
            *op = op_b;
        }
        if !any {
            self.record(n, me, op);
        }
    }
}

/// Lists the legal plays of `roll` for the side on roll of `pos` into
/// `out` (cleared first). Never empty: [`Play::PASS`] when nothing can be
/// played.
pub(crate) fn generate(pos: &Position, roll: Roll, rules: &Rules, out: &mut PlayList) {
    out.clear();
    let side = pos.turn();
    let me0 = *pos.counts.get(side);
    let op0 = *pos.counts.get(!side);
    let (hi, lo) = (roll.high().value(), roll.low().value());
    let mut g = Gen {
        out,
        keys: ArrayVec::new(),
        best: 0,
        high: hi,
        first: hi,
        double: hi == lo,
        cover_mask: rules.hit_cover.mask(),
        moves: [(0, 0); 4],
        me0,
        op0,
    };
    let (mut me, mut op) = (me0, op0);
    if hi == lo {
        g.rec(&mut me, &mut op, &[hi; 4], 0, 0, 25);
    } else {
        g.rec(&mut me, &mut op, &[hi, lo], 0, 0, 25);
        g.first = lo;
        g.rec(&mut me, &mut op, &[lo, hi], 0, 0, 25);
    }
    if g.out.is_empty() {
        g.out.push(Play::PASS);
    }
}
