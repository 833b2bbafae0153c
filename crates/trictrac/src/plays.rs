//! Plays and their legality: the movement laws of RULES.md sections 3–4.
//!
//! A [`Play`] is every checker move of one roll, in the mover's frame. The
//! generator ([`Position::legal_plays`]) lists each resulting position
//! once, applying in this order (R-6.8 steps 1–2):
//!
//! 1. the movement laws: blocked fields (R-3.3), *tout d'une* rests
//!    (R-3.4), doubles played once (R-3.2), the own corner (R-4.1), the
//!    opponent's corner (R-4.2), the corner by power unless it can be
//!    taken by effect (R-4.3, R-4.4), the passage to the return (R-4.6)
//!    and bearing off (R-4.7);
//! 2. the most dice, then the higher die (R-3.5);
//! 3. (in `crate::jans`) the filling and conserving obligations.
//!
//! The generator is written by hand with bitsets over the 24 fields
//! because it is the inner loop of every bot and of perft: no heap
//! allocation, no string work.

use crate::board::{Dest, Field};
use crate::dice::{Die, Roll};
use crate::position::Position;
use crate::rules::{ExitMethod, Rules};
use crate::side::Side;
use arrayvec::ArrayVec;
use core::fmt;

/// Internal code of the rail (a checker borne off).
const OFF: u8 = 25;

/// One checker moved by one die, in the mover's frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CheckerMove {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) die: u8,
}

impl CheckerMove {
    #[inline]
    const fn new(from: u8, to: u8, die: u8) -> CheckerMove {
        CheckerMove { from, to, die }
    }

    /// The field the checker leaves (mover's frame).
    pub fn from(self) -> Field {
        Field::new(self.from)
    }

    /// Where the checker ends (mover's frame).
    pub fn to(self) -> Dest {
        if self.to == OFF {
            Dest::Off
        } else {
            Dest::Field(Field::new(self.to))
        }
    }

    /// The die that moves it. For a corner taken by power the checker
    /// moves one less than its die (R-4.3).
    pub fn die(self) -> Die {
        Die::new(self.die)
    }
}

/// The checker moves of one roll, in the mover's frame (R-3.1).
///
/// Zero moves (nothing can be played, R-3.5), one move (only one die can
/// be played), or two moves: two checkers, or one checker *tout d'une*
/// (then the second move starts where the first ends, on its rest).
/// Plays that reach the same position are one play: the generator lists
/// each once, in a canonical form (higher die first).
///
/// The notation of a play is in the absolute frame, so it needs the side
/// that plays it: see [`Play::display`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    pub(crate) moves: [CheckerMove; 2],
    pub(crate) len: u8,
    pub(crate) power: bool,
}

impl Play {
    /// The play of a roll of which nothing can be played (`--`).
    pub const PASS: Play = Play {
        moves: [CheckerMove::new(0, 0, 0); 2],
        len: 0,
        power: false,
    };

    #[inline]
    const fn one(m: CheckerMove) -> Play {
        Play {
            moves: [m, CheckerMove::new(0, 0, 0)],
            len: 1,
            power: false,
        }
    }

    #[inline]
    const fn two(m: CheckerMove, n: CheckerMove) -> Play {
        Play {
            moves: [m, n],
            len: 2,
            power: false,
        }
    }

    /// The checker moves, in canonical order.
    pub fn moves(&self) -> &[CheckerMove] {
        &self.moves[..self.len as usize]
    }

    /// How many dice the play uses (0, 1 or 2).
    pub fn dice_used(&self) -> usize {
        self.len as usize
    }

    /// Whether nothing is played (`--`).
    pub fn is_pass(&self) -> bool {
        self.len == 0
    }

    /// Whether one checker is played with both dice (*tout d'une*, R-3.4).
    pub fn is_tout_d_une(&self) -> bool {
        self.len == 2 && !self.power && self.moves[1].from == self.moves[0].to
    }

    /// Whether the play takes the corner by power (R-4.3).
    pub fn is_power(&self) -> bool {
        self.power
    }

    /// The notation of this play when `side` plays it (NOTATION.md),
    /// e.g. `1-7 1-6`, `1-4-9`, `21-off`, `--`.
    ///
    /// ```
    /// use trictrac::{Position, Roll, Side};
    /// let pos = Position::start();
    /// let play = pos.legal_plays(Roll::new(6, 5))[0];
    /// assert_eq!(play.display(Side::White).to_string(), "1-7 1-6");
    /// ```
    pub fn display(&self, side: Side) -> PlayDisplay {
        PlayDisplay { play: *self, side }
    }

    /// A key identifying the change of position the play makes: two plays
    /// of one position have equal keys iff they reach the same position.
    #[inline]
    pub(crate) fn key(&self) -> u32 {
        let m = &self.moves;
        match self.len {
            0 => 0,
            1 => 1 << 30 | (m[0].from as u32) << 8 | m[0].to as u32,
            _ if self.is_tout_d_une() => 2 << 30 | (m[0].from as u32) << 8 | m[1].to as u32,
            _ => {
                let (s1, s2) = minmax(m[0].from, m[1].from);
                let (t1, t2) = minmax(m[0].to, m[1].to);
                3 << 30 | (s1 as u32) << 24 | (s2 as u32) << 16 | (t1 as u32) << 8 | t2 as u32
            }
        }
    }

    /// The canonical play of moves `(from, to, die)` in the mover's frame
    /// (`to` 25 = off), played in the given order.
    pub(crate) fn from_moves(moves: &[(u8, u8, u8)]) -> Play {
        let m = |x: &(u8, u8, u8)| CheckerMove::new(x.0, x.1, x.2);
        match moves {
            [] => Play::PASS,
            [x] => Play::one(m(x)),
            [x, y] => {
                if y.1 == x.0 {
                    // the second checker lands where the first left: the
                    // same position as one checker tout d'une from y.0
                    Play::two(m(y), m(x)).canonical()
                } else {
                    Play::two(m(x), m(y)).canonical()
                }
            }
            _ => Play::PASS,
        }
    }

    /// Puts a two-checker play in canonical order: higher die first, then
    /// lower field first.
    #[inline]
    fn canonical(mut self) -> Play {
        if self.len == 2 && !self.is_tout_d_une() {
            let (a, b) = (self.moves[0], self.moves[1]);
            if (b.die, a.from) > (a.die, b.from) {
                self.moves = [b, a];
            }
        }
        self
    }
}

#[inline]
fn minmax(a: u8, b: u8) -> (u8, u8) {
    if a <= b {
        (a, b)
    } else {
        (b, a)
    }
}

/// Displays a [`Play`] in play notation for one side.
#[derive(Clone, Copy, Debug)]
pub struct PlayDisplay {
    play: Play,
    side: Side,
}

impl fmt::Display for PlayDisplay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let abs = |x: u8| -> u8 {
            match self.side {
                Side::White => x,
                Side::Black => 25 - x,
            }
        };
        let dest = |f: &mut fmt::Formatter<'_>, x: u8| -> fmt::Result {
            if x == OFF {
                f.write_str("off")
            } else {
                write!(f, "{}", abs(x))
            }
        };
        let p = &self.play;
        match p.len {
            0 => f.write_str("--"),
            _ if p.is_tout_d_une() => {
                write!(f, "{}-{}-", abs(p.moves[0].from), abs(p.moves[0].to))?;
                dest(f, p.moves[1].to)
            }
            _ => {
                for (i, m) in p.moves().iter().enumerate() {
                    if i > 0 {
                        f.write_str(" ")?;
                    }
                    write!(f, "{}-", abs(m.from))?;
                    dest(f, m.to)?;
                }
                Ok(())
            }
        }
    }
}

/// The legal plays of a roll.
///
/// Capacity: a play moves checkers from at most 15 occupied fields, so
/// there are at most 15 × 15 = 225 two-checker plays, plus at most 15
/// *tout d'une* plays and one corner by power: 241 < 256. The test
/// `play_list_capacity` pins the largest count found.
pub type PlayList = ArrayVec<Play, 256>;

/// How a die was used, for the bearing-off laws (R-4.7).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Use {
    Inside,
    Exact,
    Excedant,
    /// Provinciale: a surcase of a full jan de retour borne off exactly.
    Privilege,
}

/// One arrangement of a play on the slow path (bearing off).
#[derive(Clone, Copy)]
struct Arrangement {
    play: Play,
    uses: [Use; 2],
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
    fn lowest(&self) -> u8 {
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
    st: State,
    /// Bit f set when an opponent checker stands on f.
    opp: u32,
    /// Bit f set when two or more opponent checkers stand on f.
    opp2: u32,
    /// Bit f set when the mover may end a move on f (1..=24).
    land: u32,
    /// Whether the opponent can still fill his petit jan / grand jan
    /// (R-4.6).
    opp_can_fill_petit: bool,
    opp_can_fill_grand: bool,
    rules: Rules,
    privileges_left: u8,
    /// The quarter that may be filled or kept (R-6.5, R-6.7), if any.
    quarter: Option<crate::jans::QuarterState>,
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
    fn inside_sources(&self, st: &State, d: u8) -> u32 {
        st.own & (self.land >> d)
    }

    /// Whether die `d` may bear off the checker on `from` in state `st`,
    /// and how (R-4.7).
    #[inline]
    fn bear_off(&self, st: &State, from: u8, d: u8) -> Option<Use> {
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
    fn single_moves(&self, st: &State, d: u8, out: &mut ArrayVec<(u8, u8, Use), 16>) {
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
    fn corner_ok(&self, lifted: u32, dropped: u32) -> bool {
        // lifted / dropped: how many moves leave / reach field 12.
        self.st.cnt[12] as u32 + dropped - lifted != 1
    }

    /// All legal plays of `roll`: steps 1–2 of R-6.8, then the filling
    /// and conserving obligations (step 3).
    #[inline]
    pub(crate) fn legal(&self, roll: Roll, out: &mut PlayList) {
        self.generate(roll, out);
        self.obligations(roll, out);
    }

    /// All legal plays of `roll` after steps 1–2 of R-6.8 (the movement
    /// laws and R-3.5), before the filling and conserving obligations.
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

    /// Generation when no checker can be borne off during this roll (two
    /// or more checkers outside the jan de retour): the validity of each
    /// move then does not depend on the order of the moves, so every play
    /// is produced exactly once by construction.
    fn generate_fast(&self, a: u8, b: u8, out: &mut PlayList) {
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
            // R-3.5: only one die can be played: the higher if possible.
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

    /// R-4.3 / R-4.4: the corner taken by power, when the own and the
    /// opponent's corners are empty, the roll could bring two checkers onto
    /// the opponent's corner, and the corner cannot be taken by effect.
    #[inline]
    fn push_power(&self, a: u8, b: u8, out: &mut PlayList) {
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
        // One checker tout d'une through an open rest (R-3.4).
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
        // R-3.5: only one die can be played: the higher if possible.
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

    /// R-6.8 step 3 on `plays`: only filling plays, else only keeping
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
    /// excédant, `Some(false)` when exact (R-4.7).
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

impl Position {
    /// The legal plays of `roll` under the default rules, each resulting
    /// position once: the movement laws (R-3.1–R-4.7), the most dice and
    /// the higher die (R-3.5), then the filling and conserving obligations
    /// (R-6.5, R-6.7, in the order of R-6.8). A roll of which nothing can
    /// be played gives the single play [`Play::PASS`].
    ///
    /// ```
    /// use trictrac::{Position, Roll, Side};
    /// let pos: Position = "w:1x13,6,7 b:24x15 w".parse().unwrap();
    /// let plays = pos.legal_plays(Roll::new(2, 1));
    /// assert!(plays.iter().any(|p| p.display(Side::White).to_string() == "1-3 1-2"));
    /// ```
    pub fn legal_plays(&self, roll: Roll) -> PlayList {
        self.legal_plays_with(roll, &Rules::DEFAULT)
    }

    /// The legal plays of `roll` under `rules`.
    pub fn legal_plays_with(&self, roll: Roll, rules: &Rules) -> PlayList {
        let mut out = PlayList::new();
        Mover::new(self, rules).legal(roll, &mut out);
        out
    }

    /// The plays allowed by the movement laws and R-3.5 alone (R-6.8
    /// steps 1–2), before the filling and conserving obligations.
    pub fn movement_plays(&self, roll: Roll, rules: &Rules) -> PlayList {
        let mut out = PlayList::new();
        Mover::new(self, rules).generate(roll, &mut out);
        out
    }

    /// The legal plays of `roll` computed by the general, order-by-order
    /// generator only. It is the reference the fast generator is tested
    /// against; prefer [`Position::legal_plays`].
    #[doc(hidden)]
    pub fn legal_plays_reference(&self, roll: Roll) -> PlayList {
        let mut out = PlayList::new();
        let m = Mover::new(self, &Rules::DEFAULT);
        m.generate_general(roll.high().value(), roll.low().value(), &mut out);
        if out.is_empty() {
            out.push(Play::PASS);
        }
        m.obligations(roll, &mut out);
        out
    }

    /// Applies a play of the side to move without checking it: the turn
    /// passes, the mover's roll count grows by one and the pending dice
    /// are cleared.
    ///
    /// The play must be one of [`Position::legal_plays`] for some roll;
    /// otherwise the position may become inconsistent (checked by
    /// `debug_assert!`).
    pub fn play_unchecked(&mut self, play: &Play) {
        self.play_unchecked_with(play, &Rules::DEFAULT);
    }

    /// [`Position::play_unchecked`] under `rules`: with the provinciale
    /// exit it also counts the bearing-off privileges used (R-4.7).
    pub fn play_unchecked_with(&mut self, play: &Play, rules: &Rules) {
        let side = self.turn;
        if rules.exit == ExitMethod::Provinciale && play.moves().iter().any(|m| m.to == OFF) {
            let mover = Mover::new(self, rules);
            let mut st = mover.st;
            for m in play.moves() {
                if m.to == OFF {
                    let normal = mover.inside_sources(&st, m.die) == 0 && m.from == st.lowest();
                    if !normal {
                        *self.privileges.get_mut(side) += 1;
                    }
                }
                st.lift(m.from);
                st.drop(m.to);
            }
        }
        for m in play.moves() {
            let to = if m.to == OFF { None } else { Some(m.to) };
            self.board.move_checker(side, m.from, to);
        }
        if let Some(r) = self.rolls.get_mut(side) {
            *r = r.saturating_add(1);
        }
        self.turn = !side;
        self.dice = None;
        debug_assert!(self.is_consistent(), "inconsistent after {play:?}: {self}");
    }

    /// The position after `play` (see [`Position::play_unchecked`]).
    pub fn after(&self, play: &Play) -> Position {
        let mut p = self.clone();
        p.play_unchecked(play);
        p
    }
}
