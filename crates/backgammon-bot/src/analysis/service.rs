//! The one analysis service of backgammon: every program that shows an
//! analysis — `trictrac bg hint`, the hint, `why` and tutor of the
//! terminal game, the review, the web page's hint, tutor and analysis
//! board — asks [`Analyst`] and only formats what it answers, so that
//! they cannot disagree. It ranks the plays of a roll at a
//! [`PlayDepth`] (the same move filter for every caller), takes the cube
//! decision ([`cubeful::analyse`]), explains a ranking
//! ([`crate::analysis::explain`]) and runs the review
//! ([`review::review`]) and rollouts ([`rollout::rollout_until`]).
//!
//! ```
//! use backgammon::{MatchState, Cube, Position, Roll, Rules};
//! use backgammon_bot::analysis::service::{Analyst, PlayDepth};
//! use backgammon_bot::cube::score::Score;
//! let net = backgammon_bot::default_net();
//! let money = MatchState::money();
//! let score = Score { state: &money, cube: Cube::centred() };
//! let plays = Analyst::new(&net).plays(
//!     &Position::start(), Roll::new(3, 1), &Rules::standard(), score, PlayDepth::Zero,
//! );
//! assert_eq!(plays[0].play, "8/5 6/5");
//! assert!(plays.windows(2).all(|w| w[0].equity >= w[1].equity));
//! ```

use std::sync::atomic::AtomicBool;

use backgammon::{Cube, MatFile, MatchState, Play, PlayList, Position, Roll, Rules};
use serde::Serialize;

use super::cubeful::{self, CubeAnalysis};
use super::explain::{features, why, Chances, PlayFeatures, Why};
use super::review::{self, Review};
use super::rollout::{self, Progress, RolloutResult, Settings};
use crate::cube::score::{best_play_3ply_in, Score};
use crate::eval::Evaluator;
use crate::net::BgNet;
use crate::search::deep::{Scratch, Searcher};
use crate::search::{SEARCH_KEEP, SEARCH_MARGIN};

/// How deep the plays of a roll are ranked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(into = "u8")]
pub enum PlayDepth {
    /// The evaluator alone, every play.
    Zero,
    /// Every play at 2 plies: the mean over the opponent's 21 rolls of
    /// his best reply ([`BgNet::after_play_2ply`], gnubg's 1-ply).
    Two,
    /// The default bot's search ([`Searcher::ranked_3ply`] at the score,
    /// gnubg's 2-ply with its move filters): every play at 0 ply, the
    /// closest at 2 and 3, the deepest first.
    #[default]
    Three,
    /// The hint's deepest level ([`Searcher::ranked_4ply`] at the score,
    /// gnubg's 3-ply): the 3-ply search with its close finalists searched
    /// one level of rolls deeper. Not among [`PlayDepth::ALL`] (asked for by name: some
    /// twenty times a 3-ply ranking's time where it goes deeper).
    Four,
}

impl PlayDepth {
    /// The depths a ranking offers, shallowest first.
    pub const ALL: [PlayDepth; 3] = [PlayDepth::Zero, PlayDepth::Two, PlayDepth::Three];

    /// The depth in plies: 0, 2, 3 or 4.
    pub fn plies(self) -> u8 {
        match self {
            PlayDepth::Zero => 0,
            PlayDepth::Two => 2,
            PlayDepth::Three => 3,
            PlayDepth::Four => 4,
        }
    }
}

impl From<PlayDepth> for u8 {
    fn from(d: PlayDepth) -> u8 {
        d.plies()
    }
}

/// A depth of plays other than 0, 2, 3 or 4 plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the plays of a roll are ranked at 0, 2, 3 or 4 plies, not {0}")]
pub struct DepthError(pub u8);

impl TryFrom<u8> for PlayDepth {
    type Error = DepthError;

    fn try_from(plies: u8) -> Result<PlayDepth, DepthError> {
        match plies {
            0 => Ok(PlayDepth::Zero),
            2 => Ok(PlayDepth::Two),
            3 => Ok(PlayDepth::Three),
            4 => Ok(PlayDepth::Four),
            n => Err(DepthError(n)),
        }
    }
}

/// A play of a ranking with the bot's valuation of the position after
/// it, in the mover's eyes.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AnalysedPlay {
    /// The play in gnubg's notation.
    pub play: String,
    /// The play itself (for a notation of the caller's own).
    #[serde(skip)]
    pub raw: Play,
    /// The depth at which it was valued: 3, 2 or 0 plies.
    pub plies: u8,
    /// Its value: cubeless money equity in money play; in a match the
    /// match-winning chances of its outcomes as normalised money equity
    /// ([`Score::value`]).
    pub equity: f32,
    /// `equity` minus the best play's (0 or negative).
    pub difference: f32,
    /// Chance of winning.
    pub win: f32,
    /// What valued the position after the play: "bear-off database",
    /// "race" or "contact network".
    pub evaluator: &'static str,
    /// Chance of winning a gammon (or backgammon).
    pub win_gammon: f32,
    /// Chance of winning a backgammon.
    pub win_backgammon: f32,
    /// Chance of losing a gammon (or backgammon).
    pub lose_gammon: f32,
    /// Chance of losing a backgammon.
    pub lose_backgammon: f32,
    /// The features of the position after the play, once
    /// [`explain`] has filled them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explain: Option<PlayFeatures>,
}

impl AnalysedPlay {
    /// The evaluator's outputs after the play: win, gammon and
    /// backgammon of both sides.
    pub fn outputs(&self) -> neural::Outputs {
        let mut o = [0.0; neural::MAX_OUTPUTS];
        o[..5].copy_from_slice(&[
            self.win,
            self.win_gammon,
            self.win_backgammon,
            self.lose_gammon,
            self.lose_backgammon,
        ]);
        o
    }

    /// The ranking's chances of the play, as the explanations read them.
    pub fn chances(&self) -> Chances {
        Chances::from_outputs(&self.outputs())
    }
}

/// The analysis service on a network (the default bot's, or another).
#[derive(Clone, Copy, Debug)]
pub struct Analyst<'a> {
    net: &'a BgNet,
}

impl<'a> Analyst<'a> {
    /// The service on `net`.
    pub fn new(net: &'a BgNet) -> Analyst<'a> {
        Analyst { net }
    }

    /// The legal plays of `roll` from `pos`, ranked at `depth`, best
    /// first ([`Analyst::rank`]).
    pub fn plays(
        &self,
        pos: &Position,
        roll: Roll,
        rules: &Rules,
        score: Score,
        depth: PlayDepth,
    ) -> Vec<AnalysedPlay> {
        self.rank(pos, &pos.legal_plays(roll, rules), rules, score, depth)
    }

    /// `plays` (the legal plays of a roll from `pos`) ranked, best first:
    /// at [`PlayDepth::Three`] as the default bot searches them (the
    /// deepest first, each play's `plies` the depth it reached), at
    /// [`PlayDepth::Two`] every play at 2 plies, at [`PlayDepth::Zero`]
    /// every play by the evaluator alone. In a match (`score`) the
    /// plays are ranked by the match-winning chances of their outcomes
    /// as normalised money equity ([`Score::value`]), as the bot
    /// chooses.
    pub fn rank(
        &self,
        pos: &Position,
        plays: &[Play],
        rules: &Rules,
        score: Score,
        depth: PlayDepth,
    ) -> Vec<AnalysedPlay> {
        let net = self.net;
        let turn = pos.turn();
        let value = |o: &neural::Outputs| score.value(o, turn) as f32;
        let ranked_of = |p: &Play, o: &neural::Outputs, plies: u8| AnalysedPlay {
            evaluator: Evaluator::of(&pos.play_unchecked(p)).label(),
            play: p.to_string(),
            raw: *p,
            plies,
            equity: value(o),
            difference: 0.0,
            win: o[0],
            win_gammon: o[1],
            win_backgammon: o[2],
            lose_gammon: o[3],
            lose_backgammon: o[4],
            explain: None,
        };
        let mut ranked: Vec<AnalysedPlay> = match depth {
            PlayDepth::Three | PlayDepth::Four => score
                .searching(|v| {
                    let searcher = Searcher::new(net, rules, v);
                    let work = &mut Scratch::default();
                    if depth == PlayDepth::Four {
                        searcher.ranked_4ply(pos, plays, work)
                    } else {
                        searcher.ranked_3ply(pos, plays, work)
                    }
                })
                .iter()
                .map(|s| ranked_of(&s.play, &s.outputs, s.plies))
                .collect(),
            PlayDepth::Two | PlayDepth::Zero => {
                let mut buf = PlayList::new();
                let mut all: Vec<AnalysedPlay> = plays
                    .iter()
                    .map(|p| {
                        let after = pos.play_unchecked(p);
                        let o = if depth == PlayDepth::Two {
                            net.after_play_2ply(&after, turn, rules, &mut buf)
                        } else {
                            net.after_play(&after, turn, rules.preset)
                        };
                        ranked_of(p, &o, depth.plies())
                    })
                    .collect();
                all.sort_by(|a, b| b.equity.total_cmp(&a.equity));
                all
            }
        };
        let best = ranked.first().map_or(0.0, |r| r.equity);
        for r in &mut ranked {
            r.difference = r.equity - best;
        }
        ranked
    }

    /// The play the bot makes at `depth` (`neural`, `neural2`,
    /// `neural0`): at 3 plies the first of [`Analyst::rank`]; at 2 the
    /// bot's own narrower search (the best [`SEARCH_KEEP`] within
    /// [`SEARCH_MARGIN`] at 0 ply searched at 2), which may differ from
    /// the ranking's first; at 0 the evaluator's best. `plays` is not
    /// empty.
    pub fn bot_play(
        &self,
        pos: &Position,
        plays: &[Play],
        rules: &Rules,
        score: Score,
        depth: PlayDepth,
    ) -> Play {
        let net = self.net;
        match depth {
            PlayDepth::Three => {
                best_play_3ply_in(net, pos, plays, rules, &mut Scratch::default(), score).0
            }
            PlayDepth::Four => score
                .searching(|v| {
                    Searcher::new(net, rules, v).ranked_4ply(pos, plays, &mut Scratch::default())
                })
                .first()
                .map_or(plays[0], |s| s.play),
            PlayDepth::Two => {
                net.best_play_2ply(pos, plays, rules, SEARCH_KEEP, SEARCH_MARGIN)
                    .0
            }
            PlayDepth::Zero => net.best_play(pos, plays, rules.preset).0,
        }
    }

    /// The cube analysis of the side on roll of `pos`, `plies` levels of
    /// rolls deep (0 to 3; 2 is the default bot's):
    /// [`cubeful::analyse`].
    pub fn cube(
        &self,
        pos: &Position,
        rules: &Rules,
        state: &MatchState,
        cube: Cube,
        plies: u8,
    ) -> CubeAnalysis {
        cubeful::analyse(self.net, pos, rules, Score { state, cube }, plies)
    }

    /// The review of every game of `mat` at `options.depth` (0, 2 or 4 plies)
    /// on `options.threads` cores (0: all): [`review::review`].
    ///
    /// # Errors
    /// A game of the file that cannot be replayed.
    pub fn review(
        &self,
        mat: &MatFile,
        rules: &Rules,
        options: review::Options,
        tick: &(dyn Fn() + Sync),
    ) -> Result<Review, String> {
        review::review(self.net, mat, rules, options, tick)
    }

    /// A rollout of `root` (its side on roll about to roll), stopped
    /// early when `stop` is set: [`rollout::rollout_until`].
    pub fn rollout(
        &self,
        root: &Position,
        cube: Cube,
        rules: &Rules,
        settings: &Settings,
        progress: &(dyn Fn(Progress) + Sync),
        stop: &AtomicBool,
    ) -> RolloutResult {
        rollout::rollout_until(self.net, root, cube, rules, settings, progress, stop)
    }
}

/// Fills the `explain` of each play of `ranked` (from `pos`) with the
/// features of the position after it, in the mover's eyes, and its
/// chances from the ranking; and returns why the first rather than the
/// second (`None` with fewer than two plays).
pub fn explain(pos: &Position, rules: &Rules, ranked: &mut [AnalysedPlay]) -> Option<Why> {
    for r in ranked.iter_mut() {
        let after = pos.play_unchecked(&r.raw);
        r.explain = Some(features(pos, &after, rules).with_chances(r.chances()));
    }
    match ranked {
        [a, b, ..] => why_between(a, b),
        _ => None,
    }
}

/// Why `best` rather than `other` (both explained by [`explain`], else
/// `None`), by their features and the difference of their equities.
pub fn why_between(best: &AnalysedPlay, other: &AnalysedPlay) -> Option<Why> {
    let (fa, fb) = (best.explain.as_ref()?, other.explain.as_ref()?);
    Some(why(
        (best.play.as_str(), fa),
        (other.play.as_str(), fb),
        best.equity - other.equity,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The plays of `roll` from the start ranked at `depth`, money
    /// play, the cube centred.
    fn ranked_at_start(roll: Roll, depth: PlayDepth) -> Vec<AnalysedPlay> {
        let score = Score {
            state: &MatchState::money(),
            cube: Cube::centred(),
        };
        let net = crate::net::default_net();
        Analyst::new(&net).plays(&Position::start(), roll, &Rules::standard(), score, depth)
    }

    #[test]
    fn every_depth_ranks_every_legal_play_once_best_first() {
        let roll = Roll::new(6, 4);
        let n = Position::start()
            .legal_plays(roll, &Rules::standard())
            .len();
        for depth in PlayDepth::ALL {
            let r = ranked_at_start(roll, depth);
            assert_eq!(r.len(), n, "{depth:?}");
            assert_eq!(r[0].difference, 0.0);
            assert!(r.iter().all(|p| p.difference <= 0.0));
            if depth != PlayDepth::Three {
                assert!(r.iter().all(|p| p.plies == depth.plies()));
                assert!(r.windows(2).all(|w| w[0].equity >= w[1].equity));
            }
        }
    }

    #[test]
    fn depths_are_0_2_or_3() {
        assert_eq!(PlayDepth::try_from(2), Ok(PlayDepth::Two));
        assert_eq!(PlayDepth::try_from(1), Err(DepthError(1)));
        assert_eq!(PlayDepth::try_from(4), Ok(PlayDepth::Four));
        assert_eq!(PlayDepth::try_from(5), Err(DepthError(5)));
        assert_eq!(u8::from(PlayDepth::Three), 3);
    }

    #[test]
    fn explaining_fills_every_play_and_says_why_the_first() {
        let mut r = ranked_at_start(Roll::new(3, 1), PlayDepth::Zero);
        let w = explain(&Position::start(), &Rules::standard(), &mut r).expect("two plays or more");
        assert!(r.iter().all(|p| p.explain.is_some()));
        assert_eq!(w.play, r[0].play);
        assert_eq!(w.other, r[1].play);
    }
}
