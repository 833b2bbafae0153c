//! Plays valued at 4 plies (gnubg's 3-ply, "grandmaster"): one level of
//! rolls deeper than the default bot's search ([`deep`]), spent only on
//! the candidates that search leaves close, as gnubg's move filters
//! narrow its own deeper searches.
//!
//! A play at 4 plies is the mean over the opponent's 21 rolls of his
//! best reply at 0 ply, the position after it valued at 3 plies
//! ([`deep::after_play_3ply`]) in his eyes: 21 times a 3-ply value. The
//! ranking ([`Searcher::ranked_4ply`]) is the 3-ply one with its deepest
//! candidates (those within [`MARGIN_4PLY`] of its best at 3 plies, up to
//! [`KEEP_4PLY`]) searched again at 4 plies; when the 3-ply search left
//! one candidate (the others farther than its own filters), nothing is
//! searched deeper.

use backgammon::{Play, PlayList, Position, Rules, Side};
use neural::Outputs;

use super::deep::{self, Scratch, Searched, Searcher};
use crate::net::BgNet;

/// How many of the 3-ply candidates the 4-ply ranking searches at 4
/// plies: the best at 3 plies, up to this many (gnubg's filter for its
/// deepest level keeps 2)...
pub const KEEP_4PLY: usize = 2;
/// ... within this much equity of the best at 3 plies (gnubg's 0.04).
pub const MARGIN_4PLY: f32 = 0.04;

/// The outputs, in the mover's eyes, of the position `after` his play
/// searched three levels of rolls deeper: the mean over the opponent's 21
/// rolls of the position after his best reply at 0 ply, valued at 3
/// plies in his eyes ([`deep::after_play_3ply`]) and turned into the
/// mover's. Exact when the play wins.
pub fn after_play_4ply(
    net: &BgNet,
    after: &Position,
    mover: Side,
    rules: &Rules,
    scratch: &mut Scratch,
) -> Outputs {
    let mut replies = PlayList::new();
    deep::after_best_replies(net, after, mover, rules, &mut replies, |next| {
        deep::after_play_3ply(net, next, !mover, rules, scratch)
    })
}

impl Searcher<'_> {
    /// Every play of `plays` ranked at 4 plies: the 3-ply ranking
    /// ([`Searcher::ranked_3ply`], with its value) with its best
    /// candidates at 3 plies, up to [`KEEP_4PLY`] within [`MARGIN_4PLY`],
    /// searched at 4 plies ([`after_play_4ply`]) and first (best first,
    /// by the searcher's value when given, else by cubeless equity), then
    /// the rest as the 3-ply ranking left them. Empty when `plays` is.
    ///
    /// ```
    /// use backgammon::{Position, Roll, Rules};
    /// use backgammon_bot::search::deep::{Scratch, Searcher};
    ///
    /// let net = backgammon_bot::default_net();
    /// let rules = Rules::standard();
    /// let start = Position::start();
    /// let plays = start.legal_plays("3-1".parse::<Roll>().unwrap(), &rules);
    /// let ranked = Searcher::new(&net, &rules, None).ranked_4ply(&start, &plays, &mut Scratch::default());
    /// assert_eq!(ranked.len(), plays.len());
    /// assert_eq!(ranked[0].play.to_string(), "8/5 6/5");
    /// ```
    pub fn ranked_4ply(&self, pos: &Position, plays: &[Play], work: &mut Scratch) -> Vec<Searched> {
        let Searcher { net, rules, value } = *self;
        let mut ranked = self.ranked_3ply(pos, plays, work);
        let mover = pos.turn();
        let Some(first) = ranked.first().copied() else {
            return ranked;
        };
        if first.plies < 3 {
            // One candidate left at 2 plies: the 3-ply search found it clear.
            return ranked;
        }
        let n4 = ranked
            .iter()
            .take(KEEP_4PLY)
            .take_while(|s| s.plies == 3 && s.equity() >= first.equity() - MARGIN_4PLY)
            .count();
        if n4 < 2 {
            return ranked;
        }
        for s in ranked[..n4].iter_mut() {
            let after = pos.play_unchecked(&s.play);
            s.outputs = after_play_4ply(net, &after, mover, rules, work);
            s.plies = 4;
        }
        match value {
            Some(by) => {
                ranked[..n4].sort_by(|a, b| by(&b.outputs, mover).total_cmp(&by(&a.outputs, mover)))
            }
            None => ranked[..n4].sort_by(|a, b| b.equity().total_cmp(&a.equity())),
        }
        ranked
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::net::flip;
    use backgammon::Roll;

    #[test]
    fn four_plies_average_the_three_ply_values_of_the_best_replies() {
        let net = crate::net::default_net();
        let rules = Rules::standard();
        let start = Position::start();
        let plays = start.legal_plays(Roll::new(3, 1), &rules);
        let after = start.play_unchecked(&plays[0]);
        let mover = start.turn();
        let got = after_play_4ply(&net, &after, mover, &rules, &mut Scratch::default());
        // By hand: roll by roll, the best reply at 0 ply, then 3 plies.
        let mut want = [0.0f32; neural::MAX_OUTPUTS];
        for roll in Roll::ALL {
            let replies = after.legal_plays(roll, &rules);
            let (reply, _) = net.best_play(&after, &replies, rules.preset);
            let next = after.play_unchecked(&reply);
            let o = flip(&deep::after_play_3ply(
                &net,
                &next,
                !mover,
                &rules,
                &mut Scratch::default(),
            ));
            for (w, x) in want.iter_mut().zip(o) {
                *w += roll.weight() as f32 / 36.0 * x;
            }
        }
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() < 1e-4, "{got:?} against {want:?}");
        }
        let three = deep::after_play_3ply(&net, &after, mover, &rules, &mut Scratch::default());
        assert!((three[0] - got[0]).abs() > 1e-6, "{three:?} {got:?}");
    }

    #[test]
    fn the_4_ply_ranking_searches_the_close_3_ply_candidates_deeper() {
        let net = crate::net::default_net();
        let rules = Rules::standard();
        let start = Position::start();
        let mut deeper = 0;
        for roll in [Roll::new(4, 3), Roll::new(5, 2), Roll::new(6, 2)] {
            let plays = start.legal_plays(roll, &rules);
            let mut s = Scratch::default();
            let searcher = Searcher::new(&net, &rules, None);
            let three = searcher.ranked_3ply(&start, &plays, &mut s);
            let four = searcher.ranked_4ply(&start, &plays, &mut s);
            assert_eq!(four.len(), plays.len());
            // The same plays below the 4-ply candidates, in the same order.
            let n4 = four.iter().take_while(|p| p.plies == 4).count();
            assert_eq!(four[n4..], three[n4..], "{roll}");
            if n4 > 0 {
                deeper += 1;
                assert!(n4 >= 2 && n4 <= KEEP_4PLY, "{four:?}");
                assert!(four[..n4]
                    .windows(2)
                    .all(|w| w[0].equity() >= w[1].equity()));
                let mut a: Vec<Play> = four[..n4].iter().map(|p| p.play).collect();
                let mut b: Vec<Play> = three[..n4].iter().map(|p| p.play).collect();
                a.sort_by_key(|p| p.to_string());
                b.sort_by_key(|p| p.to_string());
                assert_eq!(a, b, "the 3-ply finalists, searched again");
            }
        }
        assert!(deeper > 0, "no close opening roll searched at 4 plies");
    }
}
