//! The cube in matches: the live-cube model in match-winning chances and
//! the match equity table (see [`super`]).

use std::sync::OnceLock;

use backgammon::Cube;
use neural::Outputs;

use super::model::{through, Decision, Owner, Rates, CUBE_EFFICIENCY};

/// The longest match the equity table covers, in points away; longer
/// scores are read at this distance.
pub const MET_MAX: usize = 64;

/// Grid points of `p` for the match model.
const GRID: usize = 201;

/// The three cubeful equity curves of one cube level, in match-winning
/// chances of the side "me", over the grid of `p`.
struct Level {
    me: Vec<f64>,
    opp: Vec<f64>,
    centred: Vec<f64>,
    /// `me` and `centred` when "me" does not double now: the no-double
    /// equities of a decision.
    me_wait: Vec<f64>,
    centred_wait: Vec<f64>,
}

fn grid_p(i: usize) -> f64 {
    i as f64 / (GRID - 1) as f64
}

/// The curve's value at `p`.
fn at(curve: &[f64], p: f64) -> f64 {
    let t = p.clamp(0.0, 1.0) * (GRID - 1) as f64;
    let i = (t.floor() as usize).min(GRID - 2);
    let f = t - i as f64;
    curve[i] * (1.0 - f) + curve[i + 1] * f
}

/// The first `p` where `curve` reaches `v` (rising), if below 1.
fn first_at_least(curve: &[f64], v: f64) -> Option<f64> {
    if curve[0] >= v {
        return Some(0.0);
    }
    for i in 1..GRID {
        if curve[i] >= v {
            let (a, b) = (curve[i - 1], curve[i]);
            let f = if b > a { (v - a) / (b - a) } else { 1.0 };
            let p = grid_p(i - 1) + f / (GRID - 1) as f64;
            return (p < 1.0 - 1e-9).then_some(p);
        }
    }
    None
}

/// The last `p` where `curve` is at most `v` (rising), if above 0.
fn last_at_most(curve: &[f64], v: f64) -> Option<f64> {
    if curve[GRID - 1] <= v {
        return Some(1.0);
    }
    for i in (0..GRID - 1).rev() {
        if curve[i] <= v {
            let (a, b) = (curve[i], curve[i + 1]);
            let f = if b > a { (v - a) / (b - a) } else { 0.0 };
            let p = grid_p(i) + f / (GRID - 1) as f64;
            return (p > 1e-9).then_some(p);
        }
    }
    None
}

/// The score state of a game: points away of "me" and of the opponent,
/// and what the next game after this one is.
#[derive(Clone, Copy)]
struct Score {
    me: i32,
    opp: i32,
    /// The Crawford game has been played (or is this game): later games
    /// are post-Crawford.
    post: bool,
}

impl Score {
    /// Match-winning chances of "me" when the game ends with `won` points
    /// for me (negative: for the opponent).
    fn after(&self, met: &MetTable, won: i32) -> f64 {
        let (a, b) = if won >= 0 {
            (self.me - won, self.opp)
        } else {
            (self.me, self.opp + won)
        };
        met.start(a, b, self.post)
    }
}

/// The curves of cube level `c` for the score, the rates and efficiency
/// `x`.
fn level(met: &MetTable, s: Score, c: i32, r: &Rates, x: f64) -> Level {
    let win = |k: i32| s.after(met, k * c);
    let lose = |k: i32| s.after(met, -k * c);
    let wv = (1.0 - r.win_gammon) * win(1)
        + (r.win_gammon - r.win_backgammon) * win(2)
        + r.win_backgammon * win(3);
    let lv = (1.0 - r.lose_gammon) * lose(1)
        + (r.lose_gammon - r.lose_backgammon) * lose(2)
        + r.lose_backgammon * lose(3);
    let dead: Vec<f64> = (0..GRID).map(|i| lv + grid_p(i) * (wv - lv)).collect();
    // Once both sides win the match with any win at this cube, or the cube
    // is at its highest face, the cube is dead.
    if 2 * c as u32 > Cube::MAX || (s.me <= c && s.opp <= c) {
        return Level {
            me: dead.clone(),
            opp: dead.clone(),
            centred: dead.clone(),
            me_wait: dead.clone(),
            centred_wait: dead,
        };
    }
    let up = level(met, s, 2 * c, r, x);
    let d_me = win(1);
    let d_opp = lose(1);
    // My cash point: where the opponent, doubled, is indifferent; his.
    let cp = first_at_least(&up.opp, d_me);
    let tp = last_at_most(&up.me, d_opp);
    let blend = |pts: &[(f64, f64)]| -> Vec<f64> {
        (0..GRID)
            .map(|i| x * through(pts, grid_p(i)) + (1.0 - x) * dead[i])
            .collect()
    };
    let mut me_pts = vec![(0.0, lv)];
    if let Some(cp) = cp {
        me_pts.push((cp, d_me));
    }
    me_pts.push((1.0, wv));
    let mut opp_pts = vec![(0.0, lv)];
    if let Some(tp) = tp {
        opp_pts.push((tp, d_opp));
    }
    opp_pts.push((1.0, wv));
    let mut cen_pts = vec![(0.0, lv)];
    if let Some(tp) = tp {
        cen_pts.push((tp, d_opp));
    }
    if let Some(cp) = cp {
        if tp.is_none_or(|tp| cp > tp) {
            cen_pts.push((cp, d_me));
        }
    }
    cen_pts.push((1.0, wv));
    let mut me = blend(&me_pts);
    let mut opp = blend(&opp_pts);
    let mut centred = blend(&cen_pts);
    // A double at once when it does better than the model's waiting.
    for i in 0..GRID {
        let theirs = up.me[i].max(d_opp);
        opp[i] = opp[i].min(theirs);
        centred[i] = centred[i].min(theirs);
    }
    let me_wait = me.clone();
    let centred_wait = centred.clone();
    for i in 0..GRID {
        let mine = up.opp[i].min(d_me);
        me[i] = me[i].max(mine);
        centred[i] = centred[i].max(mine);
    }
    Level {
        me,
        opp,
        centred,
        me_wait,
        centred_wait,
    }
}

/// The match equity table: the chances of winning the match of a side
/// `a` points away against one `b` away, at the start of a game.
#[derive(Clone, Debug)]
pub struct MetTable {
    /// Before the Crawford game (the game at 1-away is the Crawford game).
    pre: Vec<f64>,
    /// After it.
    post: Vec<f64>,
}

impl MetTable {
    fn idx(a: i32, b: i32) -> usize {
        (a as usize - 1) * MET_MAX + (b as usize - 1)
    }

    /// Chances of winning the match `a` away against `b` away at the
    /// start of a game, after the Crawford game when `post`.
    fn start(&self, a: i32, b: i32, post: bool) -> f64 {
        if a <= 0 {
            return 1.0;
        }
        if b <= 0 {
            return 0.0;
        }
        let (a, b) = (a.min(MET_MAX as i32), b.min(MET_MAX as i32));
        if post {
            self.post[MetTable::idx(a, b)]
        } else {
            self.pre[MetTable::idx(a, b)]
        }
    }

    /// Chances of winning the match for the side `a` points away against
    /// `b` away, at the start of a game before the Crawford game (so a
    /// game at 1-away is the Crawford game).
    pub fn get(&self, a: u32, b: u32) -> f64 {
        self.start(a as i32, b as i32, false)
    }

    /// The same after the Crawford game.
    pub fn post_crawford(&self, a: u32, b: u32) -> f64 {
        self.start(a as i32, b as i32, true)
    }

    fn compute() -> MetTable {
        let n = MET_MAX;
        let mut t = MetTable {
            pre: vec![0.5; n * n],
            post: vec![0.5; n * n],
        };
        let r = Rates::table();
        // Every game's outcomes lead to scores nearer the end: fill by
        // the sum of the distances.
        for sum in 2..=(2 * n) as i32 {
            for a in 1..=n as i32 {
                let b = sum - a;
                if b < 1 || b > n as i32 {
                    continue;
                }
                // One side 1 away: the Crawford game (no cube) or the
                // games after it; both 1 away: an even game.
                let crawford = (a == 1) != (b == 1);
                let score = |post| Score {
                    me: a,
                    opp: b,
                    post,
                };
                let cubeful =
                    |t: &MetTable, s| at(&level(t, s, 1, &r, CUBE_EFFICIENCY).centred, 0.5);
                let post = if crawford {
                    cubeful(&t, score(true))
                } else {
                    0.5
                };
                t.post[MetTable::idx(a, b)] = post;
                let pre = if crawford {
                    let dead = level_dead(&t, score(true), &r);
                    0.5 * dead.0 + 0.5 * dead.1
                } else if a == 1 && b == 1 {
                    0.5
                } else {
                    cubeful(&t, score(false))
                };
                t.pre[MetTable::idx(a, b)] = pre;
            }
        }
        t
    }
}

/// The Crawford game (BG-7.5): no cube can be turned, so the position is
/// worth its cubeless match-winning chances, the game's outcomes at cube
/// 1 (the games after it post-Crawford) weighted by the outputs `o` of
/// the side on roll, `a` points away against `b`. Every answer of the
/// [`Decision`] is that value: doubling is never better.
pub fn crawford_decision(o: &Outputs, a: u32, b: u32) -> Decision {
    let s = Score {
        me: a as i32,
        opp: b as i32,
        post: true,
    };
    let (wv, lv) = level_dead(met(), s, &Rates::of(o));
    let p = f64::from(o[0]).clamp(0.0, 1.0);
    let v = lv + p * (wv - lv);
    Decision {
        no_double: v,
        double_take: v,
        double_drop: v,
    }
}

/// The match-winning chances of a win and of a loss at cube 1.
fn level_dead(met: &MetTable, s: Score, r: &Rates) -> (f64, f64) {
    let win = |k: i32| s.after(met, k);
    let lose = |k: i32| s.after(met, -k);
    (
        (1.0 - r.win_gammon) * win(1)
            + (r.win_gammon - r.win_backgammon) * win(2)
            + r.win_backgammon * win(3),
        (1.0 - r.lose_gammon) * lose(1)
            + (r.lose_gammon - r.lose_backgammon) * lose(2)
            + r.lose_backgammon * lose(3),
    )
}

/// The match equity table, computed once.
pub fn met() -> &'static MetTable {
    static MET: OnceLock<MetTable> = OnceLock::new();
    MET.get_or_init(MetTable::compute)
}

/// A match cube decision for the side on roll with outputs `o` in his
/// eyes, `a` points away against `b`, cube `cube` (value and owner seen
/// from him), `post`: the Crawford game is over; `drop_points`: the
/// points a drop wins (the cube, or BG-7.4's count for a seed redouble);
/// `x`: the cube-life index ([`super::cube_life`]).
#[allow(clippy::too_many_arguments)]
pub fn match_decision(
    o: &Outputs,
    a: u32,
    b: u32,
    cube: u32,
    owner: Owner,
    post: bool,
    drop_points: u32,
    x: f64,
) -> Decision {
    let met = met();
    let s = Score {
        me: a as i32,
        opp: b as i32,
        post,
    };
    let r = Rates::of(o);
    let p = f64::from(o[0]);
    let c = cube.max(1) as i32;
    let here = level(met, s, c, &r, x);
    let no_double = at(
        match owner {
            Owner::Me => &here.me_wait,
            Owner::Centred => &here.centred_wait,
            // The opponent's cube (he doubled and this side took, or a
            // cube state of a search): the same curve as a take's.
            Owner::Opponent => &here.opp,
        },
        p,
    );
    let double_take = if 2 * cube <= Cube::MAX {
        at(&level(met, s, 2 * c, &r, x).opp, p)
    } else {
        no_double
    };
    Decision {
        no_double,
        double_take,
        double_drop: s.after(met, drop_points as i32),
    }
}
