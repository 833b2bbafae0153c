//! Plays valued at 3 plies (gnubg's 2-ply): one level of the
//! opponent's rolls and one of the mover's below the play, the best reply
//! of each roll chosen at 0 ply, as gnubg's `n`-ply evaluation recurses
//! (for each of the 21 rolls the best play at 0 ply, the position after
//! it valued one ply shallower).
//!
//! About 21 × 21 × (the plays of a roll) evaluations a play, some twenty
//! times a 2-ply value ([`crate::BgNet::after_play_2ply`]): the review
//! spends them only on the plays it would otherwise call errors.

use backgammon::{Play, PlayList, Position, Roll, Rules, Side};
use neural::Outputs;

use crate::near::Near;
use crate::neural::{equity, flip};
use crate::BgNet;

/// Scratch space for [`after_play_3ply`], reused from one play to the
/// next.
#[derive(Default)]
pub struct Scratch {
    replies: PlayList,
    inner: PlayList,
}

/// The outputs, in the mover's eyes, of the position `after` his play
/// searched two plies deeper: the mean over the opponent's 21 rolls
/// (weighted 1 or 2 of 36) of the position after his best reply at 0
/// ply, that position valued at 2 plies ([`BgNet::after_play_2ply`]:
/// the mean over the mover's rolls of his best play at 0 ply). Exact when
/// the play wins.
pub fn after_play_3ply(
    net: &BgNet,
    after: &Position,
    mover: Side,
    rules: &Rules,
    scratch: &mut Scratch,
) -> Outputs {
    if after.winner() == Some(mover) {
        return net.after_play(after, mover, rules.preset);
    }
    let opp = !mover;
    // The replies are a few checkers away from `after` with the mover on
    // roll: the network's sums for it are computed once (as in
    // `BgNet::after_play_2ply`).
    let mut near = Near::new();
    near.set_base(net, &after.with_turn(mover), rules.preset);
    let mut sum = [0.0f32; neural::MAX_OUTPUTS];
    for roll in Roll::ALL {
        scratch.replies.clear();
        after.legal_plays_into(roll, rules, &mut scratch.replies);
        // The opponent's best reply at 0 ply, in his eyes (the list is
        // never empty: a pass when nothing can be played).
        let mut best: Option<(f32, Position)> = None;
        for p in scratch.replies.iter() {
            let next = after.play_unchecked(p);
            let e = equity(&net.after_play_near(&next, opp, rules.preset, &mut near));
            if best.is_none_or(|b| e > b.0) {
                best = Some((e, next));
            }
        }
        let Some((_, next)) = best else { continue };
        let o = flip(&net.after_play_2ply(&next, opp, rules, &mut scratch.inner));
        let w = roll.weight() as f32 / 36.0;
        for (s, x) in sum.iter_mut().zip(o) {
            *s += w * x;
        }
    }
    sum
}

/// How many plays the 3-ply player searches at 2 plies: the best at 0
/// ply, up to this many (gnubg's move filter for its 2-ply keeps 8)...
pub const KEEP_2PLY: usize = 8;
/// ... within this much equity of the best at 0 ply (gnubg's 0.16).
pub const MARGIN_2PLY: f32 = 0.16;
/// How many of those the 3-ply player searches at 3 plies: the best at
/// 2 plies, up to this many (gnubg keeps 2)...
pub const KEEP_3PLY: usize = 2;
/// ... within this much equity of the best at 2 plies (gnubg's 0.04).
pub const MARGIN_3PLY: f32 = 0.04;

/// The play of highest cubeless equity at 3 plies (gnubg's 2-ply) and
/// its outputs in the mover's eyes: every play valued at 0 ply, the best
/// [`KEEP_2PLY`] within [`MARGIN_2PLY`] at 2 plies
/// ([`BgNet::after_play_2ply`]), the best [`KEEP_3PLY`] of those within
/// [`MARGIN_3PLY`] at 3 plies ([`after_play_3ply`]), as gnubg's move
/// filters narrow its search. When one candidate is left after a level
/// it is played without going deeper.
pub fn best_play_3ply(
    net: &BgNet,
    pos: &Position,
    plays: &[Play],
    rules: &Rules,
    scratch: &mut Scratch,
) -> (Play, Outputs) {
    let mover = pos.turn();
    if plays.is_empty() {
        return (Play::PASS, net.evaluate(pos, rules.preset));
    }
    let ranked = net.ranked_at_0ply(pos, plays, rules.preset);
    let top = ranked[0].0;
    let mut two: Vec<(f32, Play, Position, Outputs)> = ranked
        .iter()
        .take(KEEP_2PLY)
        .filter(|r| r.0 >= top - MARGIN_2PLY)
        .map(|(_, p, after)| {
            let o = net.after_play_2ply(after, mover, rules, &mut scratch.inner);
            (equity(&o), *p, *after, o)
        })
        .collect();
    two.sort_by(|a, b| b.0.total_cmp(&a.0));
    let top2 = two[0].0;
    let deep: Vec<&(f32, Play, Position, Outputs)> = two
        .iter()
        .take(KEEP_3PLY)
        .filter(|r| r.0 >= top2 - MARGIN_3PLY)
        .collect();
    if deep.len() == 1 {
        return (two[0].1, two[0].3);
    }
    let mut best: Option<(f32, Play, Outputs)> = None;
    for (_, p, after, _) in deep {
        let o = after_play_3ply(net, after, mover, rules, scratch);
        let e = equity(&o);
        if best.is_none_or(|b| e > b.0) {
            best = Some((e, *p, o));
        }
    }
    let (_, p, o) = best.expect("two candidates");
    (p, o)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mean over the opponent's rolls of the 2-ply values of his
    /// best replies, computed here the plain way, roll by roll.
    fn by_hand(net: &BgNet, after: &Position, mover: Side, rules: &Rules) -> Outputs {
        let opp = !mover;
        let mut sum = [0.0f32; neural::MAX_OUTPUTS];
        let mut buf = PlayList::new();
        for roll in Roll::ALL {
            let plays = after.legal_plays(roll, rules);
            let (reply, _) = net.best_play(after, &plays, rules.preset);
            let next = after.play_unchecked(&reply);
            let o = flip(&net.after_play_2ply(&next, opp, rules, &mut buf));
            for (s, x) in sum.iter_mut().zip(o) {
                *s += roll.weight() as f32 / 36.0 * x;
            }
        }
        sum
    }

    #[test]
    fn three_plies_average_the_two_ply_values_of_the_best_replies() {
        let net = crate::default_net();
        let rules = Rules::standard();
        let start = Position::start();
        let roll: Roll = "3-1".parse().expect("a roll");
        let plays = start.legal_plays(roll, &rules);
        let play: &Play = plays.iter().next().expect("a play");
        let after = start.play_unchecked(play);
        let mut s = Scratch::default();
        let got = after_play_3ply(&net, &after, start.turn(), &rules, &mut s);
        let want = by_hand(&net, &after, start.turn(), &rules);
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-5, "{got:?} against {want:?}");
        }
        // A probability distribution: the win chance and gammons in
        // range, and not the 2-ply value itself.
        assert!((0.0..=1.0).contains(&got[0]), "{got:?}");
        let mut buf = PlayList::new();
        let two = net.after_play_2ply(&after, start.turn(), &rules, &mut buf);
        assert!((two[0] - got[0]).abs() > 1e-6, "{two:?} {got:?}");
    }

    #[test]
    fn the_3_ply_player_takes_the_best_at_3_plies_of_gnubgs_filtered_candidates() {
        let net = crate::default_net();
        let rules = Rules::standard();
        // A middle-game position with many plays (Position ID of a game).
        let pos = Position::start();
        let roll: Roll = "6-4".parse().expect("a roll");
        let plays = pos.legal_plays(roll, &rules);
        let mover = pos.turn();
        let mut s = Scratch::default();
        let (got, o) = best_play_3ply(&net, &pos, &plays, &rules, &mut s);
        // By hand: 0 ply, then 2 plies for the best 8 within 0.16, then 3
        // plies for the best 2 of those within 0.04.
        let mut buf = PlayList::new();
        let mut zero: Vec<(f32, Play)> = plays
            .iter()
            .map(|p| {
                let a = pos.play_unchecked(p);
                (equity(&net.after_play(&a, mover, rules.preset)), *p)
            })
            .collect();
        zero.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mut two: Vec<(f32, Play)> = zero
            .iter()
            .take(8)
            .filter(|z| z.0 >= zero[0].0 - 0.16)
            .map(|(_, p)| {
                let a = pos.play_unchecked(p);
                (
                    equity(&net.after_play_2ply(&a, mover, &rules, &mut buf)),
                    *p,
                )
            })
            .collect();
        two.sort_by(|a, b| b.0.total_cmp(&a.0));
        let finalists: Vec<Play> = two
            .iter()
            .take(2)
            .filter(|t| t.0 >= two[0].0 - 0.04)
            .map(|t| t.1)
            .collect();
        let want = if finalists.len() == 1 {
            finalists[0]
        } else {
            let v = |p: &Play| {
                let a = pos.play_unchecked(p);
                equity(&after_play_3ply(
                    &net,
                    &a,
                    mover,
                    &rules,
                    &mut Scratch::default(),
                ))
            };
            if v(&finalists[0]) >= v(&finalists[1]) {
                finalists[0]
            } else {
                finalists[1]
            }
        };
        assert_eq!(pos.play_unchecked(&got), pos.play_unchecked(&want));
        assert!((0.0..=1.0).contains(&o[0]), "{o:?}");
    }
}
