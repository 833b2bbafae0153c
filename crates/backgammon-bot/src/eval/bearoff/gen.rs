//! The bear-off database's generation, shared by the library
//! (`bearoff.rs`) and the build script (`build.rs`, which computes the
//! database once at build time so that no process rebuilds it): the
//! indexing of home boards, a lone home board's plays, the recursion over
//! the boards, and the file format. Plain `std` only.

/// Home-board points.
pub const POINTS: usize = 6;
/// Checkers per side.
pub const CHECKERS: usize = 15;
/// Positions in the database: C(21, 6).
pub const N_POSITIONS: usize = 54_264;
/// Roll counts kept: 0..MAX_ROLLS (the rare longer bear-offs are counted
/// in the last).
pub const MAX_ROLLS: usize = 32;

/// A distribution of a number of rolls: `p[n]` is the chance of `n`.
pub type Dist = [f32; MAX_ROLLS];

/// The file's magic bytes.
pub const MAGIC: &[u8; 8] = b"BGBEAROF";
/// The file's version.
pub const VERSION: u32 = 1;

/// C(n, k) for n ≤ 21, k ≤ 6.
const fn binomials() -> [[u32; 7]; 22] {
    let mut c = [[0u32; 7]; 22];
    let mut n = 0;
    while n < 22 {
        c[n][0] = 1;
        let mut k = 1;
        while k < 7 {
            c[n][k] = if n == 0 {
                0
            } else {
                c[n - 1][k - 1] + c[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    c
}
const BINOM: [[u32; 7]; 22] = binomials();

/// The index of a home board (`c[i]` checkers on point `i + 1`, at most
/// 15 in all): the rank of its bar positions among 21 slots.
///
/// ```
/// use backgammon_bot::eval::bearoff::{index, N_POSITIONS};
/// assert_eq!(index(&[0; 6]), 0);
/// assert_eq!(index(&[15, 0, 0, 0, 0, 0]), N_POSITIONS - 1);
/// ```
#[inline]
pub fn index(c: &[u8; POINTS]) -> usize {
    let mut r = 0u32;
    let mut s = 0usize;
    for (i, &n) in c.iter().enumerate() {
        s += n as usize;
        r += BINOM[s + i][i + 1];
    }
    r as usize
}

/// The home board of index `i` (the inverse of [`index`]).
pub fn board(mut i: usize) -> [u8; POINTS] {
    // Bar positions p_1 < … < p_6, greedily from the last.
    let mut p = [0usize; POINTS];
    for k in (1..=POINTS).rev() {
        let mut x = k - 1;
        while x + 1 < 22 && BINOM[x + 1][k] as usize <= i {
            x += 1;
        }
        p[k - 1] = x;
        i -= BINOM[x][k] as usize;
    }
    let mut c = [0u8; POINTS];
    let mut prev = 0usize;
    for k in 0..POINTS {
        // p_k = (c_1 + … + c_k) + k − 1 (0-based k here: p[k] = sum + k).
        let sum = p[k] - k;
        c[k] = (sum - prev) as u8;
        prev = sum;
    }
    c
}

/// The home boards reachable with one roll `(a, b)` from `c`, each
/// reported to `f` (possibly more than once). Every die can be played
/// while a checker is left (a checker above the die's point moves, else
/// the highest bears off, BG-5.2), so a play uses every die until the
/// board is empty. The same die's moves are made from sources in
/// non-increasing order, which reaches every result once.
pub fn successors(c: &[u8; POINTS], a: u8, b: u8, f: &mut impl FnMut(&[u8; POINTS])) {
    fn step(c: &[u8; POINTS], d: u8, from: usize) -> Option<[u8; POINTS]> {
        // `from` is a point 1..=6 holding a checker.
        let mut n = *c;
        n[from - 1] -= 1;
        let d = d as usize;
        if from > d {
            n[from - d - 1] += 1;
            Some(n)
        } else if from == d || c[from..].iter().all(|&x| x == 0) {
            Some(n)
        } else {
            None
        }
    }
    fn rec(
        c: &[u8; POINTS],
        dice: &[u8],
        max_from: usize,
        same_as_prev: bool,
        f: &mut impl FnMut(&[u8; POINTS]),
    ) {
        let Some((&d, rest)) = dice.split_first() else {
            f(c);
            return;
        };
        if c.iter().all(|&x| x == 0) {
            f(c);
            return;
        }
        let top = if same_as_prev { max_from } else { POINTS };
        for from in (1..=top).rev() {
            if c[from - 1] == 0 {
                continue;
            }
            if let Some(n) = step(c, d, from) {
                let same = rest.first() == Some(&d);
                rec(&n, rest, from, same, f);
            }
        }
    }
    if a == b {
        rec(c, &[a; 4], POINTS, false, f);
    } else {
        rec(c, &[a, b], POINTS, false, f);
        rec(c, &[b, a], POINTS, false, f);
    }
}

/// The database's tables (see [`tables`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Tables {
    /// Per distribution, the first roll count with a non-zero chance.
    pub start: Vec<u8>,
    /// Per distribution, the offset of its chances in `values` (and the
    /// end, last).
    pub offset: Vec<u32>,
    /// 16-bit chances (of 65 535).
    pub values: Vec<u16>,
}

fn mean(d: &[f64; MAX_ROLLS]) -> f64 {
    d.iter().enumerate().map(|(n, p)| n as f64 * p).sum()
}

/// Computes the database's tables: per distribution (`2i` all off,
/// `2i + 1` the first off) the first roll count with a non-zero chance
/// and the offset of its 16-bit chances in the values.
pub fn tables() -> Tables {
    // Positions in the order of their pip counts: every play lowers
    // it, so successors come first.
    let mut order: Vec<(u32, usize)> = (0..N_POSITIONS)
        .map(|i| {
            let c = board(i);
            let pips: u32 = c
                .iter()
                .enumerate()
                .map(|(k, &n)| (k as u32 + 1) * n as u32)
                .sum();
            (pips, i)
        })
        .collect();
    order.sort_unstable();
    let mut all = vec![[0.0f64; MAX_ROLLS]; N_POSITIONS];
    let mut first = vec![[0.0f64; MAX_ROLLS]; N_POSITIONS];
    let mut all_mean = vec![0.0f64; N_POSITIONS];
    let mut first_mean = vec![0.0f64; N_POSITIONS];
    for &(_, i) in &order {
        let c = board(i);
        let count: u8 = c.iter().sum();
        if count == 0 {
            all[i][0] = 1.0;
            first[i][0] = 1.0;
            continue;
        }
        let mut da = [0.0f64; MAX_ROLLS];
        let mut df = [0.0f64; MAX_ROLLS];
        for a in 1..=6u8 {
            for b in a..=6u8 {
                let w = if a == b { 1.0 } else { 2.0 } / 36.0;
                let (mut best_a, mut best_f) = ((f64::INFINITY, 0usize), (f64::INFINITY, 0));
                let mut off = false;
                successors(&c, a, b, &mut |n| {
                    let j = index(n);
                    if all_mean[j] < best_a.0 {
                        best_a = (all_mean[j], j);
                    }
                    if n.iter().sum::<u8>() < count {
                        off = true;
                    } else if first_mean[j] < best_f.0 {
                        best_f = (first_mean[j], j);
                    }
                });
                let sa = &all[best_a.1];
                for k in 0..MAX_ROLLS {
                    da[(k + 1).min(MAX_ROLLS - 1)] += w * sa[k];
                }
                if off {
                    df[1] += w;
                } else {
                    let sf = &first[best_f.1];
                    for k in 0..MAX_ROLLS {
                        df[(k + 1).min(MAX_ROLLS - 1)] += w * sf[k];
                    }
                }
            }
        }
        all_mean[i] = mean(&da);
        first_mean[i] = mean(&df);
        all[i] = da;
        first[i] = df;
    }
    let mut db = Tables {
        start: Vec::with_capacity(2 * N_POSITIONS),
        offset: Vec::with_capacity(2 * N_POSITIONS + 1),
        values: Vec::new(),
    };
    for i in 0..N_POSITIONS {
        for d in [&all[i], &first[i]] {
            let q: Vec<u16> = d
                .iter()
                .map(|&p| (p * 65535.0).round().clamp(0.0, 65535.0) as u16)
                .collect();
            let lo = q.iter().position(|&x| x != 0).unwrap_or(0);
            let hi = q.iter().rposition(|&x| x != 0).map_or(lo, |h| h + 1);
            db.start.push(lo as u8);
            db.offset.push(db.values.len() as u32);
            db.values.extend_from_slice(&q[lo..hi]);
        }
    }
    db.offset.push(db.values.len() as u32);
    db
}

impl Tables {
    /// The file's bytes: magic, version, the count of values, the three
    /// arrays (little-endian).
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(16 + self.start.len() * 5 + self.values.len() * 2 + 8);
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.extend_from_slice(&(self.values.len() as u32).to_le_bytes());
        b.extend_from_slice(&self.start);
        for o in &self.offset {
            b.extend_from_slice(&o.to_le_bytes());
        }
        for v in &self.values {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b
    }
}
