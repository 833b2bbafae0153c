//! Cube decisions from the cubeless outputs (win, gammon and backgammon
//! chances of both sides, in the eyes of the side on roll).
//!
//! **Money games**: Janowski's model. With `W` the mean points of a win
//! and `L` of a loss (gammons and backgammons counted by the preset), the
//! cubeful equity is `x · live + (1 − x) · dead`, where `dead = p(W + L) − L`
//! is the cubeless equity and `live` is the equity with a perfectly
//! efficient cube: piecewise linear in the winning chances `p` between the
//! ends (`−L` at 0, `W` at 1) and the points where the cube changes hands,
//! the live take point `TP = (L − ½)/(W + L + ½)` and cash point
//! `CP = (L + 1)/(W + L + ½)`. `x` is the cube efficiency,
//! [`CUBE_EFFICIENCY`] (0.68). With the Jacoby rule a centred cube's
//! dead part values every win and loss at 1 (gammons count only once the
//! cube is turned) and its live part cashes instead of playing on
//! ([`jacoby_centred_equity`]).
//!
//! **Matches**: the same model in match-winning chances, computed on a
//! grid of `p`, level by level of the cube (the owner of cube `c` can
//! redouble to `2c`, whose value is computed first), with the points won
//! or lost turned into match-winning chances by a match equity table
//! ([`met`]) computed here from the gammon rates ([`GAMMON_RATE`]) by the
//! same model at `p = ½`, score by score, the Crawford rule included.
//!
//! **Seed preset**: refusing a redouble loses the game counted on the
//! current position (BG-6.2) times the cube's last value (BG-7.4), so a
//! redouble's drop costs 1, 2 or 3 times the cube and the doubled side
//! takes more often (later redoubles in the model are priced as
//! standard drops).

use std::sync::OnceLock;

use backgammon::score::win_kind;
use backgammon::{Cube, Game, MatchState, Position, Preset, Rules, Side};
use neural::Outputs;

/// Janowski's cube efficiency `x`, between 0 (dead cube) and 1 (fully
/// live).
pub const CUBE_EFFICIENCY: f64 = 0.68;

/// The share of wins that are gammons or more, for the match equity
/// table (close to the shipped network's at the opening: 0.15 gammons of
/// 0.52 wins).
pub const GAMMON_RATE: f64 = 0.27;

/// The share of wins that are backgammons, for the match equity table.
pub const BACKGAMMON_RATE: f64 = 0.015;

/// The longest match the equity table covers, in points away; longer
/// scores are read at this distance.
pub const MET_MAX: usize = 64;

/// The doubler's equity in the three outcomes of a cube decision: money
/// equity in units of the cube before the double, or match-winning
/// chances in a match.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    /// Not doubling.
    pub no_double: f64,
    /// Doubling, the opponent taking.
    pub double_take: f64,
    /// Doubling, the opponent dropping (BG-7.4).
    pub double_drop: f64,
}

impl Decision {
    /// Whether doubling is right: the opponent's best answer to a double
    /// leaves the doubler more than not doubling.
    pub fn double(&self) -> bool {
        self.double_take.min(self.double_drop) > self.no_double
    }

    /// Whether taking is right for the doubled side.
    pub fn take(&self) -> bool {
        self.double_take <= self.double_drop
    }
}

/// Who owns the cube, seen from the side on roll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    /// Centred: either side may double.
    Centred,
    /// The side on roll owns it.
    Me,
    /// The opponent owns it.
    Opponent,
}

/// Conditional outcome shares: of wins, the gammons-or-more and the
/// backgammons; of losses, the same.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rates {
    /// Gammons or more among wins.
    pub win_gammon: f64,
    /// Backgammons among wins.
    pub win_backgammon: f64,
    /// Gammons or more among losses.
    pub lose_gammon: f64,
    /// Backgammons among losses.
    pub lose_backgammon: f64,
}

impl Rates {
    /// The rates of the outputs `o` (in the side on roll's eyes).
    pub fn of(o: &Outputs) -> Rates {
        let p = f64::from(o[0]).clamp(1e-6, 1.0 - 1e-6);
        let share = |x: f32, of: f64| (f64::from(x) / of).clamp(0.0, 1.0);
        let wg = share(o[1], p);
        let lg = share(o[3], 1.0 - p);
        Rates {
            win_gammon: wg,
            win_backgammon: share(o[2], p).min(wg),
            lose_gammon: lg,
            lose_backgammon: share(o[4], 1.0 - p).min(lg),
        }
    }

    /// The table's rates, the same for both sides.
    pub const fn table() -> Rates {
        Rates {
            win_gammon: GAMMON_RATE,
            win_backgammon: BACKGAMMON_RATE,
            lose_gammon: GAMMON_RATE,
            lose_backgammon: BACKGAMMON_RATE,
        }
    }

    /// The mean points of a win and of a loss.
    fn money(&self) -> (f64, f64) {
        (
            1.0 + self.win_gammon + self.win_backgammon,
            1.0 + self.lose_gammon + self.lose_backgammon,
        )
    }
}

/// Linear interpolation through the points `(p, e)`, sorted by `p`.
fn through(pts: &[(f64, f64)], p: f64) -> f64 {
    for w in pts.windows(2) {
        let ((p0, e0), (p1, e1)) = (w[0], w[1]);
        if p <= p1 {
            if p1 - p0 < 1e-12 {
                return e1;
            }
            return e0 + (e1 - e0) * (p - p0) / (p1 - p0);
        }
    }
    pts.last().map_or(0.0, |x| x.1)
}

/// Janowski's cubeful money equity, in units of the cube, for winning
/// chances `p`, mean win `w` and loss `l`, and the cube's owner.
pub fn money_equity(p: f64, w: f64, l: f64, owner: Owner, x: f64) -> f64 {
    let dead = p * (w + l) - l;
    let tp = (l - 0.5) / (w + l + 0.5);
    let cp = (l + 1.0) / (w + l + 0.5);
    let live = match owner {
        Owner::Centred => through(&[(0.0, -l), (tp, -1.0), (cp, 1.0), (1.0, w)], p),
        Owner::Me => through(&[(0.0, -l), (cp, 1.0), (1.0, w)], p),
        Owner::Opponent => through(&[(0.0, -l), (tp, -1.0), (1.0, w)], p),
    };
    x * live + (1.0 - x) * dead
}

/// Janowski's equity of a centred cube under the Jacoby rule (BG-7.5):
/// gammons count only once the cube is turned, so the dead part values
/// every game at 1, and the live part cashes at the take and cash points
/// (computed with gammons, which count after the double) instead of
/// playing on for a gammon.
pub fn jacoby_centred_equity(p: f64, w: f64, l: f64, x: f64) -> f64 {
    let dead = 2.0 * p - 1.0;
    let tp = (l - 0.5) / (w + l + 0.5);
    let cp = (l + 1.0) / (w + l + 0.5);
    let live = through(&[(0.0, -1.0), (tp, -1.0), (cp, 1.0), (1.0, 1.0)], p);
    x * live + (1.0 - x) * dead
}

/// A money-game cube decision for the side on roll with outputs `o` in
/// his eyes; `jacoby`: gammons count only once the cube is turned;
/// `drop_points`: what a drop wins, in units of the cube (1, or under the
/// seed preset's redouble 1, 2 or 3, BG-7.4).
pub fn money_decision(o: &Outputs, owner: Owner, jacoby: bool, drop_points: f64) -> Decision {
    let p = f64::from(o[0]).clamp(0.0, 1.0);
    let (w, l) = Rates::of(o).money();
    let no_double = if jacoby && owner == Owner::Centred {
        jacoby_centred_equity(p, w, l, CUBE_EFFICIENCY)
    } else {
        money_equity(p, w, l, owner, CUBE_EFFICIENCY)
    };
    Decision {
        no_double,
        double_take: 2.0 * money_equity(p, w, l, Owner::Opponent, CUBE_EFFICIENCY),
        double_drop: drop_points,
    }
}

// ---------------------------------------------------------------- matches

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
/// points a drop wins (the cube, or BG-7.4's count for a seed redouble).
pub fn match_decision(
    o: &Outputs,
    a: u32,
    b: u32,
    cube: u32,
    owner: Owner,
    post: bool,
    drop_points: u32,
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
    let here = level(met, s, c, &r, CUBE_EFFICIENCY);
    let no_double = at(
        if owner == Owner::Me {
            &here.me_wait
        } else {
            &here.centred_wait
        },
        p,
    );
    let double_take = if 2 * cube <= Cube::MAX {
        at(&level(met, s, 2 * c, &r, CUBE_EFFICIENCY).opp, p)
    } else {
        no_double
    };
    Decision {
        no_double,
        double_take,
        double_drop: s.after(met, drop_points as i32),
    }
}

/// What a drop of a double offered now by the side on roll of `pos` wins
/// him (BG-7.4): the cube's value; under the seed preset, for a redouble,
/// the game counted as it stands (BG-6.2) times the cube.
pub fn drop_points(pos: &Position, preset: Preset, cube: Cube) -> u32 {
    match (preset, cube.owner) {
        (Preset::Seed, Some(_)) => win_kind(pos, pos.turn(), Preset::Seed).points() * cube.value,
        _ => cube.value,
    }
}

/// The cube decision of the side on roll of `pos` (before he rolls, or
/// having doubled), with the outputs `o` in his eyes.
pub fn decide(
    pos: &Position,
    rules: &Rules,
    state: &MatchState,
    cube: Cube,
    o: &Outputs,
) -> Decision {
    let me: Side = pos.turn();
    let owner = match cube.owner {
        None => Owner::Centred,
        Some(s) if s == me => Owner::Me,
        Some(_) => Owner::Opponent,
    };
    let drop = drop_points(pos, rules.preset, cube);
    if state.is_money() {
        money_decision(
            o,
            owner,
            rules.jacoby,
            f64::from(drop) / f64::from(cube.value),
        )
    } else {
        let away = |s: Side| state.length.saturating_sub(*state.score.get(s)).max(1);
        match_decision(
            o,
            away(me),
            away(!me),
            cube.value,
            owner,
            state.crawford || state.crawford_done,
            drop,
        )
    }
}

/// Whether the side on roll of `game` should double, given the outputs
/// in its eyes.
pub fn should_double(game: &Game, o: &Outputs) -> bool {
    decide(
        game.position(),
        game.rules(),
        game.match_state(),
        game.cube(),
        o,
    )
    .double()
}

/// Whether the doubled side of `game` should take, given the outputs in
/// the doubler's eyes (the doubler is on roll).
pub fn should_take(game: &Game, o: &Outputs) -> bool {
    decide(
        game.position(),
        game.rules(),
        game.match_state(),
        game.cube(),
        o,
    )
    .take()
}
