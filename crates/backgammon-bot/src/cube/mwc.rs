//! Match equity arithmetic: the match-winning chances after a game
//! ([`mwc_after`], [`mwc_after_points`], from the match equity table
//! [`met`]), as normalised money equity ([`normalised`], as gnubg shows
//! match equities), and the value of a game whose cube can no longer
//! turn ([`dead_cube_value`]).

use backgammon::{Cube, MatchState, Side};
use neural::Outputs;

use super::match_play::met;
use crate::net::equity;

/// The match-winning chances of the side on roll `a` away against `b`
/// away after the game ends with `won` points for him (negative: for
/// the opponent), `post`: the Crawford game is over or being played.
pub fn mwc_after(a: i64, b: i64, won: i64, post: bool) -> f64 {
    let (a, b) = if won >= 0 { (a - won, b) } else { (a, b + won) };
    if a <= 0 {
        return 1.0;
    }
    if b <= 0 {
        return 0.0;
    }
    let t = met();
    if post {
        t.post_crawford(a as u32, b as u32)
    } else {
        t.get(a as u32, b as u32)
    }
}

/// The match-winning chances of `me` under `state` once the game ends
/// with `won` points for him (negative: for the opponent), the points
/// away read from the score (a match only).
pub fn mwc_after_points(state: &MatchState, me: Side, won: i64) -> f64 {
    let away = |s: Side| i64::from(state.length.saturating_sub(*state.score.get(s)).max(1));
    mwc_after(
        away(me),
        away(!me),
        won,
        state.crawford || state.crawford_done,
    )
}

/// Match-winning chances `m` as normalised money equity, as gnubg shows
/// match equities: `2·(m − lose) / (win − lose) − 1`, `win` and `lose`
/// the chances after winning or losing the cube's value.
pub fn normalised(m: f64, win: f64, lose: f64) -> f64 {
    if win - lose > 1e-9 {
        2.0 * (m - lose) / (win - lose) - 1.0
    } else {
        0.0
    }
}

/// The value, in `mover`'s eyes, of a game whose cube can no longer
/// turn, with outcomes `o` in his eyes, normalised as gnubg normalises:
/// in money play the cubeless equity (units of the cube); in a match
/// the match-winning chances `m` of the outcomes (the score after each,
/// from the match equity table) as `2·(m − lose) / (win − lose) − 1`,
/// `win` and `lose` the chances after winning or losing the cube's value.
pub fn dead_cube_value(o: &Outputs, mover: Side, state: &MatchState, cube: Cube) -> f64 {
    if state.is_money() {
        return f64::from(equity(o));
    }
    // The mover's chances after the game ends with `won` points for him
    // (negative: for the opponent).
    let after = |won: i64| mwc_after_points(state, mover, won);
    let c = i64::from(cube.value.max(1));
    let [p, wg, wbg, lg, lbg] = [0, 1, 2, 3, 4].map(|k| f64::from(o[k]));
    let m = (p - wg) * after(c)
        + (wg - wbg) * after(2 * c)
        + wbg * after(3 * c)
        + (1.0 - p - lg) * after(-c)
        + (lg - lbg) * after(-2 * c)
        + lbg * after(-3 * c);
    normalised(m, after(c), after(-c))
}
