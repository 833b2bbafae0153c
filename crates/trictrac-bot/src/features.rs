//! What the evaluations know of a state: the expected points of the next
//! roll ([`RollStats`]) and the network's inputs ([`encode`]).
//!
//! Every input is written from the point of view of the side to roll
//! (*the mover*): his checkers, points, holes and bredouille come first,
//! then his opponent's. Whose turn it is is therefore part of every
//! input, and the evaluation is the same for White and Black.

use trictrac::{Bredouille, Position, Roll, RollContext, Rules, Side};

use crate::turn::with_other_to_roll;

/// What the next roll of the side to move brings, averaged over the 36
/// dice outcomes (the 21 rolls with their weights).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RollStats {
    /// Expected points for the roller.
    pub won: f32,
    /// Expected points for his opponent (jans qui ne peut).
    pub given: f32,
    /// Probability that the roll wins the roller a hole.
    pub hole: f32,
    /// Probability that the roll gives the opponent a hole.
    pub give_hole: f32,
}

impl RollStats {
    /// Expected net points (won minus given).
    pub fn net(&self) -> f32 {
        self.won - self.given
    }
}

/// The expected points of the next roll of `pos`'s side to move.
pub fn roll_stats(pos: &Position, rules: &Rules) -> RollStats {
    let side = pos.turn();
    let own = *pos.score().points.get(side) as u32;
    let opp = *pos.score().points.get(!side) as u32;
    let scorer = pos.scorer(rules);
    let ctx = RollContext::default();
    let mut s = RollStats::default();
    for roll in Roll::ALL {
        let w = roll.weight() as f32;
        let (rs, _) = scorer.score(roll, &ctx);
        s.won += w * rs.mover_points as f32;
        s.given += w * rs.opponent_points as f32;
        if own + rs.mover_points >= 12 {
            s.hole += w;
        }
        if rs.opponent_points > 0 && opp + rs.opponent_points >= 12 {
            s.give_hole += w;
        }
    }
    let k = 1.0 / 36.0;
    RollStats {
        won: s.won * k,
        given: s.given * k,
        hole: s.hole * k,
        give_hole: s.give_hole * k,
    }
}

/// Inputs per field and side: at least 1, 2, 3 checkers, and the checkers
/// beyond 3 (scaled).
const PER_FIELD: usize = 4;
const BOARD: usize = 24 * PER_FIELD * 2;
const OFF: usize = BOARD;
const POINTS: usize = OFF + 2;
const HOLES: usize = POINTS + 12;
const BREDOUILLE: usize = HOLES + 22;
const PAVILLON: usize = BREDOUILLE + 4;
const ROLLS: usize = PAVILLON + 4;
const STATS: usize = ROLLS + 8;
const PIPS: usize = STATS + 8;

/// The number of network inputs.
pub const N_INPUTS: usize = PIPS + 2;

pub use neural::Features;

fn bredouille_index(b: Bredouille, me: Side) -> usize {
    match b {
        Bredouille::Either => 0,
        Bredouille::Side(s) if s == me => 1,
        Bredouille::Side(_) => 2,
        Bredouille::Neither => 3,
    }
}

/// The network's inputs for `pos`, seen by its side to move:
///
/// - for each of the 24 fields (mover's frame) and each side, four
///   inputs: at least one checker, at least two (a *case*), at least three
///   (a surcase), and the checkers beyond three / 4 (192 inputs);
/// - checkers borne off by each side / 15 (2);
/// - points of each side, one-hot over 0, 2, …, 10 (12);
/// - holes of each side, thermometer 1..=11 (22);
/// - bredouille and pavillon: either, mover, opponent, neither (8);
/// - rolls played in the relevé by each side: 0, 1, 2, more or unknown
///   (8; the jan de trois coups);
/// - [`RollStats`] of the mover's next roll and of the opponent's roll
///   on the same board: points won / 8, given / 8, hole and give-hole
///   probabilities (8);
/// - pips still to travel to bear off / 200 for each side (2).
pub fn encode(pos: &Position, rules: &Rules, out: &mut Features) {
    out.idx.clear();
    out.val.clear();
    let me = pos.turn();
    let rel = pos.board().relative(me);
    let mut pips = [0u32; 2];
    // The mover's checkers in his frame, then the opponent's in his own
    // frame (field 24 − k of the mover's is his k + 1), so that both
    // halves of the board input read alike; indexes stay increasing.
    let own = (0..24)
        .filter(|&k| rel[k + 1] > 0)
        .map(|k| (k, rel[k + 1] as u32, k * PER_FIELD));
    let opp = (0..24).rev().filter(|&k| rel[k + 1] < 0).map(|k| {
        (
            23 - k,
            rel[k + 1].unsigned_abs() as u32,
            BOARD / 2 + (23 - k) * PER_FIELD,
        )
    });
    for (j, (k, n, base)) in own.map(|x| (0, x)).chain(opp.map(|x| (1, x))) {
        // k is the field − 1 in the owner's frame.
        pips[j] += n * (24 - k as u32);
        out.push_count(base, n, 4.0);
    }
    let board = pos.board();
    out.push(OFF, board.borne_off(me) as f32 / 15.0);
    out.push(OFF + 1, board.borne_off(!me) as f32 / 15.0);
    let score = pos.score();
    out.push(POINTS + (*score.points.get(me) as usize / 2).min(5), 1.0);
    out.push(
        POINTS + 6 + (*score.points.get(!me) as usize / 2).min(5),
        1.0,
    );
    for (j, side) in [me, !me].into_iter().enumerate() {
        let h = (*score.holes.get(side) as usize).min(11);
        for t in 0..h {
            out.push(HOLES + 11 * j + t, 1.0);
        }
    }
    out.push(BREDOUILLE + bredouille_index(score.bredouille, me), 1.0);
    out.push(PAVILLON + bredouille_index(score.pavillon, me), 1.0);
    for (j, side) in [me, !me].into_iter().enumerate() {
        let r = match pos.rolls_played(side) {
            Some(n) if n < 3 => n as usize,
            _ => 3,
        };
        out.push(ROLLS + 4 * j + r, 1.0);
    }
    let mine = roll_stats(pos, rules);
    let theirs = with_other_to_roll(pos).map_or_else(RollStats::default, |p| roll_stats(&p, rules));
    for (j, s) in [mine, theirs].into_iter().enumerate() {
        out.push(STATS + 4 * j, s.won / 8.0);
        out.push(STATS + 4 * j + 1, s.given / 8.0);
        out.push(STATS + 4 * j + 2, s.hole);
        out.push(STATS + 4 * j + 3, s.give_hole);
    }
    out.push(PIPS, pips[0] as f32 / 200.0);
    out.push(PIPS + 1, pips[1] as f32 / 200.0);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_encoding_is_the_same_for_both_colours() {
        let w: Position = "w:1x13,6,7 b:24x12,20,18x2 w score=4.2.2.1 bredouille=w"
            .parse()
            .unwrap();
        // The mirror image: Black to move with the same checkers and score.
        let b: Position = "w:1x12,5,7x2 b:24x13,19,18 b score=2.1.4.2 bredouille=b"
            .parse()
            .unwrap();
        let (mut fw, mut fb) = (Features::default(), Features::default());
        encode(&w, &Rules::DEFAULT, &mut fw);
        encode(&b, &Rules::DEFAULT, &mut fb);
        assert_eq!(fw.idx, fb.idx);
        assert_eq!(fw.val, fb.val);
        assert!(fw.idx.windows(2).all(|p| p[0] < p[1]));
        assert!(fw.idx.iter().all(|&i| (i as usize) < N_INPUTS));
    }

    #[test]
    fn the_start_gives_nothing_on_the_first_roll() {
        let s = roll_stats(&Position::start(), &Rules::DEFAULT);
        assert_eq!(s, RollStats::default());
    }
}
