//! Janowski's cubeful money equity (see [`super`]).

use neural::Outputs;

use super::model::{through, Decision, Owner, Rates};

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
/// seed preset's redouble 1, 2 or 3, BG-7.4); `x`: the cube-life index
/// ([`super::cube_life`]).
pub fn money_decision(
    o: &Outputs,
    owner: Owner,
    jacoby: bool,
    drop_points: f64,
    x: f64,
) -> Decision {
    let p = f64::from(o[0]).clamp(0.0, 1.0);
    let (w, l) = Rates::of(o).money();
    let no_double = if jacoby && owner == Owner::Centred {
        jacoby_centred_equity(p, w, l, x)
    } else {
        money_equity(p, w, l, owner, x)
    };
    Decision {
        no_double,
        double_take: 2.0 * money_equity(p, w, l, Owner::Opponent, x),
        double_drop: drop_points,
    }
}
