//! Cubeful search: the equities of a cube decision searched over the
//! rolls, each side taking his own cube decisions on the way.
//!
//! [`super::decide`] turns one set of cubeless chances into cubeful
//! equities by Janowski's model, which prices the future of the cube
//! with one number, the cube-life index. That is a fair guess at the
//! root of a long game, a poor one where the next rolls decide: in a
//! bear-off the market is lost or not in one exchange, and at a match
//! score the opponent's redouble after a take can be worth the match.
//! The search looks at those exchanges instead of guessing them, as
//! GNU Backgammon's n-ply cube analysis does:
//!
//! - a **node** is a position with its side on roll about to roll, seen
//!   under several cube states at once (the cube as it is and, where the
//!   roller may double, the cube he would give): the chequer plays are
//!   the same under all of them, so the rolls and plays are searched
//!   once;
//! - at depth 0 a node is valued by the cube model on the evaluator's
//!   chances;
//! - deeper, by the mean over the roller's 21 rolls (weighted 1 or 2 of
//!   36) of the position after his best play of the roll (at 0 ply),
//!   valued one level shallower in the opponent's eyes and turned into
//!   the roller's;
//! - inside the search the roller then takes his cube decision at each
//!   node (double when the opponent's best answer gives him more than
//!   not doubling); at the root, the decision asked, both branches are
//!   reported ([`searched_decision`]).
//!
//! Equities are absolute: money points (the cube's value included, so
//! the states compare) in money play, match-winning chances in a match.

use backgammon::score::win_kind;
use backgammon::{Cube, MatchState, PlayList, Position, Rules, Side};

use super::mwc::{mwc_after_points, normalised};
use super::{decide, drop_points, may_double, Decision};
use crate::net::BgNet;
use tables::chance::{ROLLS, ROLL_TOTAL};

/// The equities of the root's cube decision, in the eyes of its side on
/// roll, in the units of [`super::decide`]'s [`Decision`]: money equity
/// in units of the cube before the double, match-winning chances in a
/// match.
pub fn searched_decision(
    net: &BgNet,
    pos: &Position,
    rules: &Rules,
    state: &MatchState,
    cube: Cube,
    plies: u8,
) -> Decision {
    let me = pos.turn();
    let doubled = Cube {
        value: (cube.value * 2).min(Cube::MAX),
        owner: Some(!me),
    };
    let mut out = [0.0f64; 2];
    let ctx = Ctx { net, rules, state };
    ctx.node(pos, &[cube, doubled], plies, true, &mut out);
    let drop = ctx.drop_value(pos, cube);
    let scale = if state.is_money() {
        f64::from(cube.value)
    } else {
        1.0
    };
    Decision {
        no_double: out[0] / scale,
        double_take: out[1] / scale,
        double_drop: drop / scale,
    }
}

/// The cubeful equity, in the eyes of `mover`, of the position `after`
/// his play (the opponent on roll, who takes his cube decision there),
/// searched `plies` levels of rolls deep; normalised as gnubg shows
/// equities (units of the cube; in a match, normalised money equity:
/// `2·(m − lose) / (win − lose) − 1`, with `win` and `lose` the
/// match-winning chances after winning or losing the cube's value).
/// A play that ends the game is worth its outcome.
pub fn searched_after_play(
    net: &BgNet,
    after: &Position,
    mover: Side,
    rules: &Rules,
    state: &MatchState,
    cube: Cube,
    plies: u8,
) -> f64 {
    let ctx = Ctx { net, rules, state };
    let v = if after.winner().is_some() {
        ctx.end_value(after, mover, cube)
    } else {
        let mut out = [0.0f64; 1];
        ctx.node(after, &[cube], plies, false, &mut out);
        ctx.other_eyes(out[0])
    };
    if state.is_money() {
        v / f64::from(cube.value)
    } else {
        let c = i64::from(cube.value);
        let win = ctx.points_value(mover, c);
        let lose = ctx.points_value(mover, -c);
        normalised(v, win, lose)
    }
}

/// What the search shares down its levels.
struct Ctx<'a> {
    net: &'a BgNet,
    rules: &'a Rules,
    state: &'a MatchState,
}

/// At most this many cube states at a node: two at the root, each
/// doubling at every level below.
const MAX_STATES: usize = 16;

impl Ctx<'_> {
    /// The equity, for `me`, of a game ending with `points` won by him
    /// (negative: lost) at the cube's value already counted.
    fn points_value(&self, me: Side, points: i64) -> f64 {
        if self.state.is_money() {
            points as f64
        } else {
            mwc_after_points(self.state, me, points)
        }
    }

    /// The equity of the side on roll of `pos` when he doubles with
    /// `cube` and the opponent passes (BG-7.4).
    fn drop_value(&self, pos: &Position, cube: Cube) -> f64 {
        let pts = drop_points(pos, self.rules.preset, cube);
        self.points_value(pos.turn(), i64::from(pts))
    }

    /// The equity, for `me`, of the finished game `pos` under `cube`.
    fn end_value(&self, pos: &Position, me: Side, cube: Cube) -> f64 {
        let Some(w) = pos.winner() else {
            return 0.0;
        };
        let kind = win_kind(pos, w, self.rules.preset);
        // Under the Jacoby rule gammons count only once the cube is
        // turned (BG-7.5); money play only.
        let pts = if self.state.is_money() && self.rules.jacoby && cube.owner.is_none() {
            1
        } else {
            i64::from(kind.points())
        } * i64::from(cube.value);
        self.points_value(me, if w == me { pts } else { -pts })
    }

    /// The other side's equity as the side on roll's.
    fn other_eyes(&self, v: f64) -> f64 {
        if self.state.is_money() {
            -v
        } else {
            1.0 - v
        }
    }

    /// Fills `out[i]` with the equity of the side on roll of `pos` under
    /// `cubes[i]`: with his cube decision taken when `!top`, not doubling
    /// when `top`.
    fn node(&self, pos: &Position, cubes: &[Cube], plies: u8, top: bool, out: &mut [f64]) {
        let me = pos.turn();
        let money = self.state.is_money();
        let scale = |c: Cube| if money { f64::from(c.value) } else { 1.0 };
        // The states searched below: each of `cubes`, and where the
        // roller may double inside the search, the cube he would give.
        let mut states = [Cube::centred(); MAX_STATES];
        // For each of `cubes`: its index in `states`, and its doubled
        // state's.
        let mut index = [(0usize, None::<usize>); MAX_STATES];
        let mut n = 0;
        for (i, &c) in cubes.iter().enumerate() {
            states[n] = c;
            index[i].0 = n;
            n += 1;
            if !top && may_double(pos, self.state, c) && n < MAX_STATES {
                states[n] = Cube {
                    value: c.value * 2,
                    owner: Some(!me),
                };
                index[i].1 = Some(n);
                n += 1;
            }
        }
        let mut value = [0.0f64; MAX_STATES];
        if plies == 0 {
            let o = self.net.evaluate(pos, self.rules.preset);
            for (v, &c) in value.iter_mut().zip(&states[..n]) {
                // Not doubling under `c`: the model's equity (the
                // doubled states' own redoubles are in it).
                *v = decide(pos, self.rules, self.state, c, &o).no_double * scale(c);
            }
        } else {
            let mut buf = PlayList::new();
            // The mean over the rolls (the shared chance node) of the
            // value of each state after the best play (the states past
            // `n` stay 0).
            value = tables::search::expect(ROLLS, ROLL_TOTAL, |roll| {
                buf.clear();
                pos.legal_plays_into(roll, self.rules, &mut buf);
                // Never empty: a pass when nothing can be played.
                let (play, _) = self.net.best_play(pos, &buf, self.rules.preset);
                let after = pos.play_unchecked(&play);
                let mut at = [0.0f64; MAX_STATES];
                if after.winner().is_some() {
                    for (v, &c) in at.iter_mut().zip(&states[..n]) {
                        *v = self.end_value(&after, me, c);
                    }
                } else {
                    self.node(&after, &states[..n], plies - 1, false, &mut at[..n]);
                    for v in at[..n].iter_mut() {
                        *v = self.other_eyes(*v);
                    }
                }
                at
            });
        }
        for (i, &c) in cubes.iter().enumerate() {
            let (nd_at, dt_at) = index[i];
            let nd = value[nd_at];
            out[i] = match dt_at {
                Some(j) => {
                    let dt = value[j];
                    let dp = self.drop_value(pos, c);
                    let answer = dt.min(dp);
                    if answer >= nd {
                        answer
                    } else {
                        nd
                    }
                }
                None => nd,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cube::mwc::mwc_after;
    use backgammon::{BySide, Roll, Setup};

    /// White to roll with checkers on his 6- and 5-points, Black with one
    /// checker on his 1-point: White's last roll (Black bears off next).
    fn last_roll() -> Position {
        let mut w = [0u8; 26];
        w[6] = 1;
        w[5] = 1;
        w[0] = 13;
        let mut b = [0u8; 26];
        b[1] = 1;
        b[0] = 14;
        Position::from_setup(Setup {
            counts: BySide::new(w, b),
            turn: Side::White,
        })
        .expect("a valid position")
    }

    /// White's chance to bear off both checkers this roll, counted on the
    /// rules engine's plays.
    fn bear_off_chance(pos: &Position, rules: &Rules) -> f64 {
        Roll::ALL
            .iter()
            .filter(|&&r| {
                pos.legal_plays(r, rules)
                    .iter()
                    .any(|p| pos.play_unchecked(p).winner() == Some(Side::White))
            })
            .map(|r| f64::from(r.weight()) / 36.0)
            .sum()
    }

    #[test]
    fn bg_7_4_the_last_roll_is_valued_exactly() {
        let net = crate::net::default_net();
        let rules: Rules = "standard jacoby=off".parse().expect("valid rules");
        let pos = last_roll();
        let p = bear_off_chance(&pos, &rules);
        // 6-5 and the doubles from 3-3: six rolls of 36.
        assert!((p - 6.0 / 36.0).abs() < 1e-12, "{p}");
        let money = MatchState::money();
        for plies in 1..=2 {
            let d = searched_decision(&net, &pos, &rules, &money, Cube::centred(), plies);
            // Not doubling: the game at stake once; doubled and taken:
            // twice; passed: one point.
            assert!((d.no_double - (2.0 * p - 1.0)).abs() < 1e-6, "{d:?}");
            assert!(
                (d.double_take - 2.0 * (2.0 * p - 1.0)).abs() < 1e-6,
                "{d:?}"
            );
            assert_eq!(d.double_drop, 1.0);
            assert!(!d.double() && d.take(), "{d:?}");
        }
        // The model at the root, by contrast, lends the cube a future it
        // does not have here.
        let o = net.evaluate(&pos, rules.preset);
        let model = decide(&pos, &rules, &money, Cube::centred(), &o);
        assert!(
            (model.no_double - (2.0 * p - 1.0)).abs() > 0.01,
            "{model:?}"
        );
    }

    #[test]
    fn bg_7_4_in_a_match_the_last_roll_is_worth_its_match_chances() {
        // 7-point match, White 2 away, Black 4 away, the cube centred.
        let net = crate::net::default_net();
        let rules = Rules::standard();
        let pos = last_roll();
        let p = bear_off_chance(&pos, &rules);
        let mut st = MatchState::to(7);
        st.score = BySide::new(5, 3);
        let after = |points| mwc_after(2, 4, points, false);
        let d = searched_decision(&net, &pos, &rules, &st, Cube::centred(), 2);
        // A win leaves White 1 away, a loss 2 away against 3 away (Black,
        // sure to win, cannot do better by doubling: White would pass).
        let nd = p * after(1) + (1.0 - p) * after(-1);
        assert!((d.no_double - nd).abs() < 1e-6, "{d:?} {nd}");
        // Doubled, a win is the match, a loss leaves 2 away each.
        assert_eq!(after(2), 1.0);
        let dt = p + (1.0 - p) * after(-2);
        assert!((d.double_take - dt).abs() < 1e-6, "{d:?} {dt}");
        assert_eq!(d.double_drop, mwc_after(2, 4, 1, false));
    }

    #[test]
    fn at_depth_0_the_search_is_the_model() {
        let net = crate::net::default_net();
        let rules = Rules::standard();
        let pos = Position::start();
        let o = net.evaluate(&pos, rules.preset);
        let mut st = MatchState::to(7);
        st.score = BySide::new(2, 4);
        for state in [MatchState::money(), st] {
            for cube in [
                Cube::centred(),
                Cube {
                    value: 2,
                    owner: Some(Side::White),
                },
            ] {
                let d = searched_decision(&net, &pos, &rules, &state, cube, 0);
                let m = decide(&pos, &rules, &state, cube, &o);
                for (a, b) in [
                    (d.no_double, m.no_double),
                    (d.double_take, m.double_take),
                    (d.double_drop, m.double_drop),
                ] {
                    assert!((a - b).abs() < 1e-9, "{d:?} {m:?}");
                }
            }
        }
    }

    #[test]
    fn a_play_that_wins_is_worth_its_outcome() {
        let net = crate::net::default_net();
        let rules: Rules = "standard jacoby=off".parse().expect("valid rules");
        let pos = last_roll();
        let roll = Roll::new(6, 5);
        let plays = pos.legal_plays(roll, &rules);
        let after = pos.play_unchecked(&plays[0]);
        assert_eq!(after.winner(), Some(Side::White));
        let cube = Cube {
            value: 2,
            owner: Some(Side::Black),
        };
        let money = MatchState::money();
        let v = searched_after_play(&net, &after, Side::White, &rules, &money, cube, 2);
        // One point a cube: a single game won, in units of the cube.
        assert!((v - 1.0).abs() < 1e-12, "{v}");
    }
}
