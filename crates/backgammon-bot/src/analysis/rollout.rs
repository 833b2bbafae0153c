//! Rollouts: a position played out many times by the bot, the mean
//! result its equity.
//!
//! - **Variance reduction** (luck adjustment, as gnubg's): at every
//!   turn the evaluator values the best play of each of the 21 rolls at
//!   0 ply; the luck of the roll thrown is its value minus the mean over
//!   the rolls, and the game's result is counted minus the sum of its
//!   rolls' luck (in the root side's eyes, times the cube when the cube
//!   is played). Every luck term has mean zero whatever the players
//!   choose, so the estimate stays unbiased and loses most of the dice's
//!   noise.
//! - **Quasi-random dice**: the first two rolls of game `i` are
//!   stratified over the 36 (ordered) rolls: game `i`'s first roll is the
//!   `i mod 36`-th of a permutation drawn from the seed, its second the
//!   `(i mod 36 + i / 36) mod 36`-th of another, so every block of 36
//!   games has each first roll once and 1,296 games have every pair of
//!   first rolls once. Later rolls come from game `i`'s own generator.
//! - **All cores**, and the same result for the same seed whatever the
//!   thread count: game `i`'s dice depend only on the seed and `i`, and
//!   the results are summed in the order of `i`.
//! - **Cube** (`cube`): the bot's money cube decisions (the model of
//!   [`crate::cube`] on the mean of the 0-ply value and the mean over the
//!   rolls, as the `neural` player decides), the cubeful result in units
//!   of the cube at the root.
//! - **Truncation** after `truncate` half-moves: the game is counted at
//!   the evaluator's value of the position reached. Cubeless rollouts
//!   also stop when both sides bear off (all checkers home), counted at
//!   the evaluator's value there (the bear-off database's, as gnubg
//!   stops at its bear-off database).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use backgammon::score::win_kind;
use backgammon::{Cube, MatchState, Play, PlayList, Position, Roll, Rules, Side};
use neural::Outputs;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::cube;
use crate::eval::near::Near;
use crate::net::{equity, flip, outcome, BgNet};
use crate::search::deep;
use crate::search::{SEARCH_KEEP, SEARCH_MARGIN};

/// How to roll out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Games to play.
    pub games: u32,
    /// Seed of the dice.
    pub seed: u64,
    /// How the bot chooses its plays: 0 the evaluator alone, 1 a narrow
    /// 2-ply search (the two best plays at 0 ply within 0.08), 2 the
    /// default bot's 2-ply search (the default: within 0.08 of gnubg's
    /// evaluation on the ten positions of docs/ANALYSIS.md, where 0 ply
    /// misses two), 3 the 3-ply search (gnubg's 2-ply,
    /// [`deep::best_play_3ply`]).
    pub plies: u8,
    /// Stop after this many half-moves and count the evaluator's value.
    pub truncate: Option<u32>,
    /// Play the cube (money).
    pub cube: bool,
    /// Variance reduction.
    pub variance_reduction: bool,
    /// Worker threads (0: all cores).
    pub threads: usize,
    /// Cubeless: stop when both sides bear off, at the evaluator's value.
    pub bearoff_truncation: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            games: 1296,
            seed: 1,
            plies: 2,
            truncate: None,
            cube: false,
            variance_reduction: true,
            threads: 0,
            bearoff_truncation: true,
        }
    }
}

/// A running or final estimate.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Progress {
    /// Games played.
    pub done: u32,
    /// Games to play.
    pub games: u32,
    /// The cubeless equity so far.
    pub equity: f64,
    /// Its standard error.
    pub stderr: f64,
}

/// The result of a rollout, in the eyes of the side on roll at the
/// root.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct RolloutResult {
    /// Cubeless money equity.
    pub equity: f64,
    /// Its standard error.
    pub stderr: f64,
    /// The cubeful money equity (cube played), in units of the root's
    /// cube.
    pub cubeful: Option<f64>,
    /// Its standard error.
    pub cubeful_stderr: Option<f64>,
    /// Chances: win, win gammon, win backgammon, lose gammon, lose
    /// backgammon.
    pub chances: [f64; 5],
    /// Games played.
    pub games: u32,
    /// Seconds taken.
    pub seconds: f64,
}

/// A rollout's result as `trictrac bg rollout --json` and the analysis
/// board give it (docs/ANALYSIS.md, docs/PROTOCOL.md): the keys
/// `equity`, `stderr`, `ci95` (the 95 % interval), `win`, `win_gammon`,
/// `win_backgammon`, `lose_gammon`, `lose_backgammon`, `games`,
/// `seconds`, and when the cube was played `cubeful_equity` and
/// `cubeful_stderr`.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
pub struct RolloutJson {
    /// Cubeless money equity.
    pub equity: f64,
    /// Its standard error.
    pub stderr: f64,
    /// The equity's 95 % interval.
    pub ci95: [f64; 2],
    /// Chance of winning.
    pub win: f64,
    /// Chance of winning a gammon (or a backgammon).
    pub win_gammon: f64,
    /// Chance of winning a backgammon.
    pub win_backgammon: f64,
    /// Chance of losing a gammon (or a backgammon).
    pub lose_gammon: f64,
    /// Chance of losing a backgammon.
    pub lose_backgammon: f64,
    /// Games played.
    pub games: u32,
    /// Seconds taken.
    pub seconds: f64,
    /// The cubeful money equity, when the cube was played.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cubeful_equity: Option<f64>,
    /// Its standard error.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cubeful_stderr: Option<f64>,
}

impl RolloutResult {
    /// The result in the other side's eyes (a play rolled out from the
    /// position after it, the opponent on roll, seen by its mover).
    pub fn turned(&self) -> RolloutResult {
        let c = self.chances;
        RolloutResult {
            equity: -self.equity,
            cubeful: self.cubeful.map(|x| -x),
            chances: [1.0 - c[0], c[3], c[4], c[1], c[2]],
            ..*self
        }
    }

    /// The result's JSON keys ([`RolloutJson`]), in the eyes of the side
    /// on roll at the root, or of the other side when `turned`
    /// ([`RolloutResult::turned`]).
    pub fn json(&self, turned: bool) -> RolloutJson {
        let r = if turned { self.turned() } else { *self };
        RolloutJson {
            equity: r.equity,
            stderr: r.stderr,
            ci95: [r.equity - 1.96 * r.stderr, r.equity + 1.96 * r.stderr],
            win: r.chances[0],
            win_gammon: r.chances[1],
            win_backgammon: r.chances[2],
            lose_gammon: r.chances[3],
            lose_backgammon: r.chances[4],
            games: r.games,
            seconds: r.seconds,
            cubeful_equity: r.cubeful,
            cubeful_stderr: r.cubeful_stderr,
        }
    }
}

/// One game's contribution.
#[derive(Clone, Copy, Debug, Default)]
struct Sample {
    /// Luck-adjusted outcome: win, wg, wbg, lg, lbg.
    out: [f64; 5],
    /// Luck-adjusted cubeless equity.
    equity: f64,
    /// Luck-adjusted cubeful equity.
    cubeful: f64,
}

/// The ordered roll `k` of 36.
fn roll36(k: usize) -> Roll {
    Roll::new((k / 6 + 1) as u8, (k % 6 + 1) as u8)
}

fn to_f64(o: &Outputs) -> [f64; 5] {
    [
        f64::from(o[0]),
        f64::from(o[1]),
        f64::from(o[2]),
        f64::from(o[3]),
        f64::from(o[4]),
    ]
}

fn eq5(o: &[f64; 5]) -> f64 {
    2.0 * o[0] - 1.0 + o[1] - o[3] + o[2] - o[4]
}

/// The values of the best 0-ply play of each of the 21 rolls from
/// `pos`, in the roller's eyes, and their weighted mean.
fn all_rolls(
    net: &BgNet,
    pos: &Position,
    rules: &Rules,
    buf: &mut PlayList,
) -> ([(Play, Outputs); 21], Outputs) {
    let mut per = [(Play::PASS, [0.0f32; neural::MAX_OUTPUTS]); 21];
    let mut mean = [0.0f32; neural::MAX_OUTPUTS];
    // The base of every roll's plays, once.
    let mut near = Near::new();
    super::near_before_play(net, pos, rules, &mut near);
    for (k, roll) in Roll::ALL.iter().enumerate() {
        let (i, o) = super::best_after_roll_near(net, pos, *roll, rules, buf, &mut near);
        per[k] = (buf[i], o);
        let w = roll.weight() as f32 / 36.0;
        for (m, x) in mean.iter_mut().zip(o) {
            *m += w * x;
        }
    }
    (per, mean)
}

/// The 21 rolls' best plays and their mean ([`all_rolls`]) at the
/// positions of the first half-moves, which many games of a rollout
/// reach (the first two rolls are stratified: one position at the root,
/// at most 21 after the first roll, 441 after the second): computed
/// once per worker instead of once per game. The same values (the same
/// computation).
#[derive(Default)]
struct RollsCache {
    known: HashMap<Position, ([(Play, Outputs); 21], Outputs)>,
}

impl RollsCache {
    /// The half-moves whose positions are kept.
    const HALVES: u32 = 3;
    /// At most this many positions (the three half-moves reach 463).
    const MAX: usize = 1024;

    /// [`all_rolls`] at `pos`, the position of half-move `half`.
    fn all_rolls(
        &mut self,
        net: &BgNet,
        pos: &Position,
        half: u32,
        rules: &Rules,
        buf: &mut PlayList,
    ) -> ([(Play, Outputs); 21], Outputs) {
        if half >= Self::HALVES {
            return all_rolls(net, pos, rules, buf);
        }
        if let Some(r) = self.known.get(pos) {
            return *r;
        }
        let r = all_rolls(net, pos, rules, buf);
        if self.known.len() < Self::MAX {
            self.known.insert(*pos, r);
        }
        r
    }
}

/// The outputs of `o` (in `from`'s eyes) in `to`'s eyes.
fn eyes(o: &Outputs, from: Side, to: Side) -> Outputs {
    if from == to {
        *o
    } else {
        flip(o)
    }
}

/// Plays game `i` from `root` (`cache`: the worker's).
#[allow(clippy::too_many_arguments)]
fn play_game(
    net: &BgNet,
    root: &Position,
    root_cube: Cube,
    rules: &Rules,
    s: &Settings,
    perms: &[[usize; 36]; 2],
    i: u64,
    cache: &mut RollsCache,
) -> Sample {
    let me = root.turn();
    let mut rng =
        ChaCha8Rng::seed_from_u64(s.seed ^ (i.wrapping_add(1)).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut pos = *root;
    let mut buf = PlayList::new();
    let mut scratch = deep::Scratch::default();
    let mut luck = [0.0f64; 5];
    let mut cube_luck = 0.0f64;
    let mut cube = root_cube;
    let money = MatchState::money();
    let mut cubeful_end: Option<f64> = None;
    let mut half = 0u32;
    let (out, cubeful) = loop {
        if let Some(w) = pos.winner() {
            let kind = win_kind(&pos, w, rules.preset);
            let o = to_f64(&outcome(w, kind, me));
            let pts = if rules.jacoby && cube.owner.is_none() {
                1.0
            } else {
                f64::from(kind.points())
            };
            let sign = if w == me { 1.0 } else { -1.0 };
            let cf = cubeful_end.unwrap_or(sign * pts * f64::from(cube.value));
            break (o, cf);
        }
        let bearoff = !s.cube
            && s.bearoff_truncation
            && pos.all_home(Side::White)
            && pos.all_home(Side::Black);
        if bearoff || s.truncate.is_some_and(|t| half >= t) {
            let o = eyes(&net.evaluate(&pos, rules.preset), pos.turn(), me);
            let cf = cubeful_end.unwrap_or_else(|| {
                let d = cube::decide(&pos, rules, &money, cube, &eyes(&o, me, pos.turn()));
                let v = d.no_double * f64::from(cube.value);
                if pos.turn() == me {
                    v
                } else {
                    -v
                }
            });
            break (to_f64(&o), cf);
        }
        let k = match half {
            0 => Some(perms[0][(i % 36) as usize]),
            1 => Some(perms[1][((i % 36) + i / 36) as usize % 36]),
            _ => None,
        };
        let roll = match k {
            Some(k) => roll36(k),
            None => roll36(rng.gen_range(0..36)),
        };
        let mover = pos.turn();
        let mut chosen: Option<Play> = None;
        let mut rolls: Option<([(Play, Outputs); 21], Outputs)> = None;
        if s.variance_reduction || s.cube {
            rolls = Some(cache.all_rolls(net, &pos, half, rules, &mut buf));
        }
        // The cube, before the roll: the bot's decision on the mean of the
        // 0-ply value and the mean over the rolls.
        if let (true, None, Some((_, mean))) = (s.cube, cubeful_end, &rolls) {
            if cube::may_double(&pos, &money, cube) {
                let zero = net.evaluate(&pos, rules.preset);
                let mut o = [0.0f32; neural::MAX_OUTPUTS];
                for (k, x) in o.iter_mut().enumerate() {
                    *x = 0.5 * (zero[k] + mean[k]);
                }
                let d = cube::decide(&pos, rules, &money, cube, &o);
                if d.double() {
                    if d.take() {
                        cube = Cube {
                            value: cube.value * 2,
                            owner: Some(!mover),
                        };
                    } else {
                        let v = f64::from(cube::drop_points(&pos, rules.preset, cube));
                        cubeful_end = Some(if mover == me { v } else { -v });
                    }
                }
            }
        }
        if let Some((per, mean)) = &rolls {
            let idx = Roll::ALL.iter().position(|r| *r == roll).unwrap_or(0);
            if s.variance_reduction {
                let got = eyes(&per[idx].1, mover, me);
                let m = eyes(mean, mover, me);
                for (k, l) in luck.iter_mut().enumerate() {
                    *l += f64::from(got[k] - m[k]);
                }
                // The cubeful game goes on only until a pass.
                if cubeful_end.is_none() {
                    cube_luck += f64::from(cube.value) * f64::from(equity(&got) - equity(&m));
                }
            }
            if s.plies == 0 {
                chosen = Some(per[idx].0);
            }
        }
        let play = match chosen {
            Some(p) => p,
            None => {
                buf.clear();
                pos.legal_plays_into(roll, rules, &mut buf);
                if buf.len() == 1 {
                    buf[0]
                } else if s.plies == 0 {
                    net.best_play(&pos, &buf, rules.preset).0
                } else if s.plies >= 3 {
                    deep::best_play_3ply(net, &pos, &buf, rules, &mut scratch).0
                } else {
                    let (keep, margin) = if s.plies == 1 {
                        (2, 0.08)
                    } else {
                        (SEARCH_KEEP, SEARCH_MARGIN)
                    };
                    let plays: PlayList = buf.clone();
                    net.best_play_2ply(&pos, &plays, rules, keep, margin).0
                }
            }
        };
        pos = pos.play_unchecked(&play);
        half += 1;
    };
    let mut adj = out;
    for (a, l) in adj.iter_mut().zip(luck) {
        *a -= l;
    }
    Sample {
        out: adj,
        equity: eq5(&adj),
        cubeful: cubeful - cube_luck,
    }
}

/// Rolls out `root` (its side on roll about to roll, `cube` the cube)
/// under `rules`; `progress` is called after every game from the worker
/// that played it. Stopped early when `stop` is set (the page's rollout
/// whose watcher went away): no new game starts, and the result counts
/// the games finished (`games` says how many).
pub fn rollout_until(
    net: &BgNet,
    root: &Position,
    cube: Cube,
    rules: &Rules,
    s: &Settings,
    progress: &(dyn Fn(Progress) + Sync),
    stop: &AtomicBool,
) -> RolloutResult {
    let start = Instant::now();
    let games = s.games.max(1);
    let mut prng = ChaCha8Rng::seed_from_u64(s.seed);
    let mut perms = [[0usize; 36]; 2];
    for p in perms.iter_mut() {
        for (k, x) in p.iter_mut().enumerate() {
            *x = k;
        }
        p.shuffle(&mut prng);
    }
    let threads = if s.threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        s.threads
    }
    .clamp(1, games as usize);
    let next = AtomicUsize::new(0);
    // Running sums for the progress: n, sum, sum of squares.
    let running = Mutex::new((0u32, 0.0f64, 0.0f64));
    let mut samples: Vec<(u64, Sample)> = Vec::with_capacity(games as usize);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    let mut cache = RollsCache::default();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= games as usize || stop.load(Ordering::Relaxed) {
                            break;
                        }
                        let g = play_game(net, root, cube, rules, s, &perms, i as u64, &mut cache);
                        let p = {
                            let mut r = running.lock().unwrap_or_else(|e| e.into_inner());
                            r.0 += 1;
                            r.1 += g.equity;
                            r.2 += g.equity * g.equity;
                            let (mean, se) = mean_se(r.0, r.1, r.2);
                            Progress {
                                done: r.0,
                                games,
                                equity: mean,
                                stderr: se,
                            }
                        };
                        progress(p);
                        mine.push((i as u64, g));
                    }
                    mine
                })
            })
            .collect();
        for h in handles {
            samples.extend(h.join().expect("a rollout worker panicked"));
        }
    });
    samples.sort_by_key(|x| x.0);
    let n = samples.len() as u32;
    let (mut se1, mut se2, mut cf1, mut cf2) = (0.0, 0.0, 0.0, 0.0);
    let mut chances = [0.0f64; 5];
    for (_, g) in &samples {
        se1 += g.equity;
        se2 += g.equity * g.equity;
        cf1 += g.cubeful;
        cf2 += g.cubeful * g.cubeful;
        for (c, x) in chances.iter_mut().zip(g.out) {
            *c += x;
        }
    }
    for c in chances.iter_mut() {
        *c /= f64::from(n);
    }
    let (equity, stderr) = mean_se(n, se1, se2);
    let (cubeful, cubeful_se) = mean_se(n, cf1, cf2);
    RolloutResult {
        equity,
        stderr,
        cubeful: s.cube.then_some(cubeful),
        cubeful_stderr: s.cube.then_some(cubeful_se),
        chances,
        games: n,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// The mean and its standard error from the count, sum and sum of
/// squares.
fn mean_se(n: u32, s1: f64, s2: f64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 0.0);
    }
    let nf = f64::from(n);
    let mean = s1 / nf;
    if n < 2 {
        return (mean, 0.0);
    }
    let var = ((s2 - nf * mean * mean) / (nf - 1.0)).max(0.0);
    (mean, (var / nf).sqrt())
}

#[cfg(test)]
mod tests;
