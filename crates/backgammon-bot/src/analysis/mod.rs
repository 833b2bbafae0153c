//! Analysis as backgammon players know it from GNU Backgammon: the cube
//! hint ([`cubeful`]), rollouts ([`rollout`]) and the review of a game or
//! a match ([`review`], its chequer plays judged by [`chequer`]), on the
//! shipped evaluator ([`crate::eval`]) and the cube model
//! ([`crate::cube`]); and why a play rather than another, from the
//! positions ([`explain`]). Every caller asks them through the one
//! analysis service, [`service::Analyst`].
//!
//! Plies count as the rest of the program counts them: 0 is the
//! evaluator alone; a play "at 2 plies" is valued by the mean over the
//! opponent's 21 rolls of his best reply ([`BgNet::after_play_2ply`],
//! gnubg's 1-ply); "at 3 plies" one level of rolls deeper
//! ([`crate::search::deep`], gnubg's 2-ply).

pub mod chequer;
pub mod cubeful;
pub mod deeper;
pub mod explain;
pub mod judgement;
pub mod quiz;
pub mod review;
pub mod rollout;
pub mod service;

use backgammon::{PlayList, Position, Roll, Rules};
use neural::Outputs;

use crate::eval::near::Near;
use crate::net::{equity, flip, BgNet};

/// The outputs, in the eyes of the side on roll of `pos`, of the best
/// play of `roll` at 0 ply, with that play's index in `buf` (filled with
/// the legal plays).
pub fn best_after_roll(
    net: &BgNet,
    pos: &Position,
    roll: Roll,
    rules: &Rules,
    buf: &mut PlayList,
) -> (usize, Outputs) {
    let mut near = Near::new();
    near_before_play(net, pos, rules, &mut near);
    best_after_roll_near(net, pos, roll, rules, buf, &mut near)
}

/// Makes the position before the play of `pos`'s side on roll the base
/// of `near`, for [`best_after_roll_near`] (once for all the rolls).
pub(crate) fn near_before_play(net: &BgNet, pos: &Position, rules: &Rules, near: &mut Near) {
    near.set_base(net, &pos.with_turn(!pos.turn()), rules.preset);
}

/// [`best_after_roll`] with the plays' positions valued from the one
/// before them: `near`'s base, set by [`near_before_play`] for `pos`.
pub(crate) fn best_after_roll_near(
    net: &BgNet,
    pos: &Position,
    roll: Roll,
    rules: &Rules,
    buf: &mut PlayList,
    near: &mut Near,
) -> (usize, Outputs) {
    buf.clear();
    pos.legal_plays_into(roll, rules, buf);
    let mover = pos.turn();
    let mut best = (0usize, f32::NEG_INFINITY, [0.0f32; neural::MAX_OUTPUTS]);
    for (i, p) in buf.iter().enumerate() {
        let o = net.after_play_near(&pos.play_unchecked(p), mover, rules.preset, near);
        let e = equity(&o);
        if e > best.1 {
            best = (i, e, o);
        }
    }
    (best.0, best.2)
}

/// The mean over the 21 rolls (weighted 1 or 2 of 36) of the outputs of
/// the best play at 0 ply, in the eyes of the side on roll of `pos`:
/// his expectation before rolling, one ply deeper than the evaluator
/// (gnubg's 1-ply), and the reference the luck of a roll is measured
/// against.
pub fn mean_over_rolls(net: &BgNet, pos: &Position, rules: &Rules) -> Outputs {
    let mut buf = PlayList::new();
    flip(&net.after_play_2ply(pos, !pos.turn(), rules, &mut buf))
}

/// The three values of outputs: win, and gammon / backgammon of both
/// sides, for printing.
pub fn chances(o: &Outputs) -> [f64; 5] {
    [
        f64::from(o[0]),
        f64::from(o[1]),
        f64::from(o[2]),
        f64::from(o[3]),
        f64::from(o[4]),
    ]
}
