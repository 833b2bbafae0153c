//! Layer 3, search: plays chosen by looking ahead over the rolls. At
//! 0 ply the evaluator alone ([`BgNet::best_play`]); at 2 plies the mean
//! over the opponent's 21 rolls of his best reply
//! ([`BgNet::after_play_2ply`], gnubg's 1-ply) for the plays kept by the
//! move filter ([`SEARCH_KEEP`], [`SEARCH_MARGIN`]:
//! [`BgNet::best_play_2ply`]); at 3 plies one level of rolls deeper
//! ([`deep`], gnubg's 2-ply); at 4 plies, for the close finalists of
//! the 3-ply search, one more ([`four`], gnubg's 3-ply).

pub mod deep;
pub mod four;

use backgammon::score::win_kind;
use backgammon::{Play, PlayList, Position, Preset, Rules, Side};
use neural::Outputs;
use tables::chance::{ROLLS, ROLL_TOTAL};
use tables::search::expect;

use crate::eval::near::Near;
use crate::net::{equity, flip, outcome, BgNet};

/// How many plays the 2-ply search looks at: the best at 0 ply, up to
/// this many.
pub const SEARCH_KEEP: usize = 5;
/// ... within this much equity of the best at 0 ply.
pub const SEARCH_MARGIN: f32 = 0.16;

impl BgNet {
    /// The outputs, in the mover's eyes, of the position `after` his play
    /// searched one ply deeper: the mean over the opponent's 21 rolls
    /// (weighted 1 or 2 of 36) of the position after the opponent's best
    /// reply at 0 ply (exact when the play wins). `buf` is scratch space.
    pub fn after_play_2ply(
        &self,
        after: &Position,
        mover: Side,
        rules: &Rules,
        buf: &mut PlayList,
    ) -> Outputs {
        if after.winner() == Some(mover) {
            return outcome(mover, win_kind(after, mover, rules.preset), mover);
        }
        let opp = !mover;
        // Every reply's position is a few checkers away from `after` with
        // the mover on roll: the network's sums for it are computed once.
        let mut near = Near::new();
        near.set_base(self, &after.with_turn(mover), rules.preset);
        // The mean over the opponent's rolls (the shared chance node).
        expect(ROLLS, ROLL_TOTAL, |roll| {
            buf.clear();
            after.legal_plays_into(roll, rules, buf);
            // The opponent's best reply in his eyes, then in the mover's.
            let mut best = (f32::NEG_INFINITY, [0.0f32; neural::MAX_OUTPUTS]);
            for p in buf.iter() {
                let o =
                    self.after_play_near(&after.play_unchecked(p), opp, rules.preset, &mut near);
                let e = equity(&o);
                if e > best.0 {
                    best = (e, o);
                }
            }
            flip(&best.1)
        })
    }

    /// Every play of `plays` with its cubeless equity at 0 ply (in the
    /// mover's eyes) and the position it leads to, best first: the first
    /// step of the searches. The positions are valued from the one before
    /// the play ([`Near`]).
    pub(crate) fn ranked_at_0ply(
        &self,
        pos: &Position,
        plays: &[Play],
        preset: Preset,
    ) -> Vec<(f32, Play, Position)> {
        let mover = pos.turn();
        let mut near = Near::new();
        near.set_base(self, &pos.with_turn(!mover), preset);
        let mut ranked: Vec<(f32, Play, Position)> = plays
            .iter()
            .map(|p| {
                let after = pos.play_unchecked(p);
                let e = equity(&self.after_play_near(&after, mover, preset, &mut near));
                (e, *p, after)
            })
            .collect();
        ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
        ranked
    }

    /// The play of highest cubeless equity at 2 ply: every play valued at
    /// 0 ply, then the best `keep` of those within `margin` of the best
    /// searched by [`BgNet::after_play_2ply`]. The play and its outputs
    /// (in the mover's eyes).
    pub fn best_play_2ply(
        &self,
        pos: &Position,
        plays: &[Play],
        rules: &Rules,
        keep: usize,
        margin: f32,
    ) -> (Play, Outputs) {
        let mover = pos.turn();
        let ranked = self.ranked_at_0ply(pos, plays, rules.preset);
        let top = ranked.first().map_or(0.0, |r| r.0);
        let mut buf = PlayList::new();
        let mut best: Option<(f32, Play, Outputs)> = None;
        for (e0, play, after) in ranked.iter().take(keep.max(1)) {
            if *e0 < top - margin {
                break;
            }
            let o = self.after_play_2ply(after, mover, rules, &mut buf);
            let e = equity(&o);
            if best.as_ref().is_none_or(|b| e > b.0) {
                best = Some((e, *play, o));
            }
        }
        match best {
            Some((_, p, o)) => (p, o),
            // `plays` was empty: nothing to play.
            None => (Play::PASS, self.evaluate(pos, rules.preset)),
        }
    }

    /// The legal play of highest cubeless equity, and that equity.
    pub fn best_play(&self, pos: &Position, plays: &[Play], preset: Preset) -> (Play, f32) {
        let mover = pos.turn();
        let mut near = Near::new();
        near.set_base(self, &pos.with_turn(!mover), preset);
        let mut best = (plays[0], f32::NEG_INFINITY);
        for p in plays {
            let e = equity(&self.after_play_near(&pos.play_unchecked(p), mover, preset, &mut near));
            if e > best.1 {
                best = (*p, e);
            }
        }
        best
    }
}
