//! Evaluations and the expectimax search that drives the `search` and
//! `neural` players.
//!
//! An [`Evaluator`] estimates, for a position whose side to move is about
//! to roll, the probability that this side wins the game. A
//! [`SearchPlayer`] chooses among the states its decision can reach
//! ([`crate::turn`]):
//!
//! - depth 1: the state after each play (or staying / leaving) is
//!   evaluated directly;
//! - depth 2: the state is the opponent's turn; its value is the average
//!   over his 21 rolls (weighted 1 or 2 of 36) of the best state he can
//!   reach with that roll, judged by the evaluation (expectimax).
//!
//! Depth 2 is made practical by move ordering and pruning: every
//! candidate is first valued at depth 1; only the best few (at most
//! [`SearchPlayer::width`], and only those within
//! [`SearchPlayer::margin`] of the best) are searched, best first; and the
//! average over the rolls stops as soon as even winning every remaining
//! roll could not beat the best candidate so far (the *star1* cut-off of
//! expectimax with bounded values).

use std::sync::Arc;

use arrayvec::ArrayVec;
use tables::chance::{Weighted, ROLLS, ROLL_TOTAL};
use trictrac::game::Stake;
use trictrac::{Game, Phase, Play, Position, Roll, RollContext, Side};

use crate::features::{encode, roll_stats, Features};
use crate::nn::{equity, max_stake, Net};
use crate::turn::{
    after_exit_stay, after_play, for_side, left, roll_choices, with_other_to_roll, Next, TurnRules,
};
use crate::{Decision, TrictracBot};

/// A static evaluation of positions.
///
/// Values lie between 0 and 1 and are seen by the side to roll; the
/// other side's value is `1 − v`. An evaluation of the probability of
/// winning gives it directly; an evaluation of the **equity** (expected
/// stake, R-9.1) `E`, between `−M` and `M` (`M` the largest stake,
/// [`Evaluator::scale`]), gives `v = (E / M + 1) / 2`, so that the
/// search is the same for both.
pub trait Evaluator: Send + Sync {
    /// The value of `pos` for its side to move, about to roll.
    fn eval(&self, pos: &Position, rules: &TurnRules) -> f32;

    /// The value for its winner of a game won at `stake` (1 for a
    /// probability of winning).
    fn over(&self, _stake: Stake, _rules: &TurnRules) -> f32 {
        1.0
    }

    /// The largest stake `M`: the equity of a value `v` is
    /// `(2v − 1) · M` (1 for a probability of winning, whose "equity"
    /// is then that of a game paid ×1).
    fn scale(&self, _rules: &TurnRules) -> f32 {
        1.0
    }
}

/// An evaluator behind a pointer evaluates as the one it points to.
macro_rules! forward_evaluator {
    ($($pointer:ty),*) => {$(
        impl<E: Evaluator + ?Sized> Evaluator for $pointer {
            fn eval(&self, pos: &Position, rules: &TurnRules) -> f32 {
                (**self).eval(pos, rules)
            }
            fn over(&self, stake: Stake, rules: &TurnRules) -> f32 {
                (**self).over(stake, rules)
            }
            fn scale(&self, rules: &TurnRules) -> f32 {
                (**self).scale(rules)
            }
        }
    )*};
}

forward_evaluator!(Box<E>, &E);

/// The evaluation of the `search` players: a race to 12 holes. The lead
/// of the side to roll is counted in points — 12 per hole, the points on
/// the board, the expected net points of his coming roll, less half the
/// net points his opponent would expect from a roll on the same board
/// (the threat he faces on the following turn) — and turned into a
/// probability by a logistic curve whose width grows with the holes both
/// sides still need (a long way to go makes a lead less decisive).
#[derive(Clone, Copy, Debug, Default)]
pub struct PointsEval;

impl Evaluator for PointsEval {
    fn eval(&self, pos: &Position, rules: &TurnRules) -> f32 {
        let me = pos.turn();
        let s = pos.score();
        let mine = roll_stats(pos, &rules.rules).net();
        let theirs = with_other_to_roll(pos).map_or(0.0, |p| roll_stats(&p, &rules.rules).net());
        let holes = |x: Side| *s.holes.get(x) as f32;
        let points = |x: Side| *s.points.get(x) as f32;
        let lead = 12.0 * (holes(me) - holes(!me)) + points(me) - points(!me) + mine - 0.5 * theirs;
        let need = (24.0 - holes(me) - holes(!me)).max(1.0);
        let x = lead / (10.0 * need.sqrt());
        1.0 / (1.0 + (-x).exp())
    }
}

/// The evaluation by a trained network ([`Net`]): the probability of
/// winning for a one-output network, the equity under the game's payout
/// for an equity network.
#[derive(Clone, Debug)]
pub struct NeuralEval {
    net: Arc<Net>,
}

impl NeuralEval {
    /// The evaluation of `net`.
    pub fn new(net: Arc<Net>) -> NeuralEval {
        NeuralEval { net }
    }

    /// The network.
    pub fn net(&self) -> &Arc<Net> {
        &self.net
    }
}

impl Evaluator for NeuralEval {
    fn eval(&self, pos: &Position, rules: &TurnRules) -> f32 {
        let mut f = Features::default();
        encode(pos, &rules.rules, &mut f);
        if self.net.is_equity() {
            let m = max_stake(rules.payout);
            let e = equity(&self.net.eval_all(&f), rules.payout);
            ((e / m + 1.0) * 0.5).clamp(0.0, 1.0)
        } else {
            self.net.eval(&f)
        }
    }

    fn over(&self, stake: Stake, rules: &TurnRules) -> f32 {
        if self.net.is_equity() {
            let m = max_stake(rules.payout);
            ((stake.value() as f32 / m + 1.0) * 0.5).clamp(0.0, 1.0)
        } else {
            1.0
        }
    }

    fn scale(&self, rules: &TurnRules) -> f32 {
        if self.net.is_equity() {
            max_stake(rules.payout)
        } else {
            1.0
        }
    }
}

/// The value for `side` of a state, at `depth` (0: the evaluation).
fn value_next<E: Evaluator>(
    e: &E,
    t: &TurnRules,
    next: &Next,
    side: Side,
    depth: u8,
    alpha: f32,
) -> f32 {
    match next {
        Next::Over(w, stake) => {
            let v = e.over(*stake, t);
            if *w == side {
                v
            } else {
                1.0 - v
            }
        }
        Next::Roll(p) => {
            if depth == 0 {
                for_side(p, side, e.eval(p, t))
            } else {
                expectimax(e, t, p, side, depth, alpha)
            }
        }
    }
}

/// The value for `side` of `pos` (its side to move about to roll): the
/// weighted average over the 21 rolls of the roller's best choice, each
/// valued at `depth − 1`. Stops early, returning a value below `alpha`,
/// once the average cannot reach `alpha`.
fn expectimax<E: Evaluator>(
    e: &E,
    t: &TurnRules,
    pos: &Position,
    side: Side,
    depth: u8,
    alpha: f32,
) -> f32 {
    let roller = pos.turn();
    let scorer = pos.scorer(&t.rules);
    let ctx = RollContext::default();
    let mut choices = Vec::new();
    // The mean over the rolls (the shared chance node, weights of 36),
    // cut off once even winning every remaining roll could not reach
    // `alpha` (star1).
    tables::search::expect_until(
        order_rolls(),
        ROLL_TOTAL,
        |roll| {
            let (rs, plays) = scorer.score(roll, &ctx);
            roll_choices(pos, &rs, &plays, t, &mut choices);
            // The roller's best, in his own eyes.
            let mut best = 0.0f32;
            for c in &choices {
                let v = value_next(e, t, c, roller, depth - 1, 0.0);
                if v > best {
                    best = v;
                }
            }
            Some(for_side_value(roller, side, best))
        },
        |acc, rest| {
            let bound = (acc + rest as f32) / ROLL_TOTAL as f32;
            (bound < alpha).then_some(bound)
        },
    )
}

#[inline]
fn for_side_value(owner: Side, side: Side, v: f32) -> f32 {
    if owner == side {
        v
    } else {
        1.0 - v
    }
}

/// The rolls of the chance node, singles (weight 2) first so that the
/// star1 bound tightens fast.
fn order_rolls() -> impl Iterator<Item = Weighted<Roll>> {
    let singles = ROLLS.into_iter().filter(|w| !w.outcome.is_double());
    singles.chain(ROLLS.into_iter().filter(|w| w.outcome.is_double()))
}

/// A player that chooses by an evaluation, looking `depth` plies ahead.
///
/// Its [`TrictracBot::analyse`] lists every play with its value for the side
/// to move; at depth 2 the plays that were not searched keep their
/// depth-1 value and rank below the searched ones, and a searched play
/// cut off by the pruning shows an upper bound of its value.
#[derive(Clone, Debug)]
pub struct SearchPlayer<E> {
    name: String,
    eval: E,
    depth: u8,
    /// At depth 2, the most candidates searched.
    pub width: usize,
    /// At depth 2, candidates whose depth-1 value is further than this
    /// below the best are not searched.
    pub margin: f32,
    /// At depth 2, the search is made only when at least this many
    /// candidates are within the margin: 1 searches always, 2 only when
    /// the best 1-ply values are close (*selective* 2 plies). Staying and
    /// leaving are then both searched when their 1-ply values are within
    /// the margin.
    pub min_close: usize,
    /// At depth 2, value every searched candidate exactly (no star1
    /// cut-off): slower, for analysis, where every value is shown.
    pub exact: bool,
}

/// One candidate decision: the states it may lead to (the best is
/// taken), for a play or for leaving.
#[derive(Clone, Debug)]
struct Candidate {
    play: Option<Play>,
    next: ArrayVec<Next, 2>,
    value: f32,
}

impl<E: Evaluator> SearchPlayer<E> {
    /// A player named `name` valuing states with `eval` at `depth` (1 or 2).
    ///
    /// # Panics
    /// If `depth` is not 1 or 2.
    pub fn new(name: impl Into<String>, eval: E, depth: u8) -> SearchPlayer<E> {
        assert!((1..=2).contains(&depth), "search depth 1 or 2");
        SearchPlayer {
            name: name.into(),
            eval,
            depth,
            width: 6,
            margin: 0.08,
            min_close: 1,
            exact: false,
        }
    }

    /// The same player searching at depth 2 only where the best 1-ply
    /// values are within `margin`, at most `width` candidates.
    pub fn selective(mut self, width: usize, margin: f32) -> SearchPlayer<E> {
        self.width = width;
        self.margin = margin;
        self.min_close = 2;
        self
    }

    /// The evaluation.
    pub fn evaluator(&self) -> &E {
        &self.eval
    }

    /// The search depth.
    pub fn depth(&self) -> u8 {
        self.depth
    }

    /// Values the candidates for `side` (best first, ties keep the
    /// generator's order); at depth 2, searches the close ones when at
    /// least `min_close` are.
    fn rank(&self, t: &TurnRules, side: Side, cands: &mut [Candidate], min_close: usize) {
        let e = &self.eval;
        let best_of = |c: &Candidate, depth: u8, alpha: f32| {
            c.next
                .iter()
                .map(|n| value_next(e, t, n, side, depth, alpha))
                .fold(0.0f32, f32::max)
        };
        for c in cands.iter_mut() {
            c.value = best_of(c, 0, 0.0);
        }
        sort_desc(cands);
        if self.depth == 1 || cands.is_empty() {
            return;
        }
        let exact = self.exact;
        let top = cands[0].value;
        let n = cands
            .iter()
            .take(self.width)
            .take_while(|c| c.value >= top - self.margin)
            .count();
        if n < min_close {
            return;
        }
        // Searched candidates rank above the others, by their deep value.
        let mut alpha = 0.0f32;
        for c in cands[..n].iter_mut() {
            let v = best_of(c, 1, if exact { 0.0 } else { alpha });
            c.value = 2.0 + v;
            alpha = alpha.max(v);
        }
        sort_desc(&mut cands[..n]);
    }

    /// The candidates of the play phase: every legal play.
    fn play_candidates(&self, game: &Game, t: &TurnRules) -> Vec<Candidate> {
        let pos = game.position();
        let (roll, given) = match game.pending_score() {
            Some(s) => (s.roll, s.opponent_points),
            None => return Vec::new(),
        };
        game.legal_plays()
            .iter()
            .map(|p| {
                let mut next = ArrayVec::new();
                after_play(pos, roll, p, given, t, &mut next);
                Candidate {
                    play: Some(*p),
                    next,
                    value: 0.0,
                }
            })
            .collect()
    }

    /// The values of staying (the best play, or what follows the exit)
    /// and of leaving, for the side to decide.
    pub fn stay_or_leave(&self, game: &Game) -> Option<(f32, f32)> {
        let Phase::StayOrLeave(side) = game.phase() else {
            return None;
        };
        let t = TurnRules::of(game.options());
        let pos = game.position();
        let rs = game.pending_score()?;
        let mut stay: Vec<Candidate> = Vec::new();
        if pos.all_off(side) {
            // After the exit: the position's turn has passed.
            let mut next = ArrayVec::new();
            next.push(after_exit_stay(pos.clone(), side, rs.opponent_points, &t));
            stay.push(Candidate {
                play: None,
                next,
                value: 0.0,
            });
        } else {
            for p in pos.legal_plays_with(rs.roll, &t.rules) {
                let mut next = ArrayVec::new();
                after_play(pos, rs.roll, &p, rs.opponent_points, &t, &mut next);
                stay.push(Candidate {
                    play: Some(p),
                    next,
                    value: 0.0,
                });
            }
        }
        let mut leave = [Candidate {
            play: None,
            next: [Next::Roll(left(pos, side))].into_iter().collect(),
            value: 0.0,
        }];
        // Both at 1 ply; at depth 2 both searched (a selective player:
        // when the two are close).
        let one = SearchPlayer {
            name: String::new(),
            eval: &self.eval,
            depth: 1,
            width: self.width,
            margin: self.margin,
            min_close: 1,
            exact: self.exact,
        };
        one.rank(&t, side, &mut stay, 1);
        one.rank(&t, side, &mut leave, 1);
        let close = (stay.first().map_or(0.0, |c| c.value) - leave[0].value).abs() <= self.margin;
        if self.depth == 2 && (self.min_close <= 1 || close) {
            self.rank(&t, side, &mut stay, 1);
            self.rank(&t, side, &mut leave, 1);
        }
        let norm = |v: f32| if v >= 2.0 { v - 2.0 } else { v };
        Some((norm(stay[0].value), norm(leave[0].value)))
    }
}

impl<E: Evaluator> SearchPlayer<E> {
    /// [`TrictracBot::analyse`] with the plies each value was searched to (2
    /// for the plays searched deeper, which rank first; 1 for the others).
    ///
    /// The values are in the order of the list: a play left out of the
    /// deeper search (its 1-ply value too far below the best's) is given
    /// at most the lowest value the search gave, since a 2-ply value may
    /// fall below a 1-ply one and the search has judged it worse. So the
    /// equity lost against the first play is never negative (the
    /// review's errors, the hint's differences).
    pub fn analyse_plies(&self, game: &Game) -> Vec<(Play, f32, u8)> {
        let Some(side) = game.phase().side() else {
            return Vec::new();
        };
        let t = TurnRules::of(game.options());
        let mut cands = self.play_candidates(game, &t);
        self.rank(&t, side, &mut cands, self.min_close);
        let floor = cands
            .iter()
            .filter(|c| c.value >= 2.0)
            .map(|c| c.value - 2.0)
            .fold(f32::INFINITY, f32::min);
        cands
            .into_iter()
            .filter_map(|c| {
                let (v, plies) = if c.value >= 2.0 {
                    (c.value - 2.0, 2)
                } else {
                    (c.value.min(floor), 1)
                };
                c.play.map(|p| (p, v, plies))
            })
            .collect()
    }
}

fn sort_desc(c: &mut [Candidate]) {
    c.sort_by(|a, b| b.value.total_cmp(&a.value));
}

impl<E: Evaluator> TrictracBot for SearchPlayer<E> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose_play(&mut self, game: &Game) -> Play {
        let plays = game.legal_plays();
        if plays.len() == 1 {
            return plays[0];
        }
        let Some(side) = game.phase().side() else {
            return plays[0];
        };
        let t = TurnRules::of(game.options());
        let mut cands = self.play_candidates(game, &t);
        self.rank(&t, side, &mut cands, self.min_close);
        cands.first().and_then(|c| c.play).unwrap_or(plays[0])
    }

    fn decide(&mut self, game: &Game) -> Decision {
        match self.stay_or_leave(game) {
            Some((stay, leave)) if leave > stay => Decision::Leave,
            _ => Decision::Stay,
        }
    }

    /// Section 11: the other player's false play settled by this
    /// player's own evaluation.
    fn settle_false_move(&mut self, game: &Game) -> Option<Play> {
        crate::false_move_settlement(game, &self.eval)
    }

    fn analyse(&mut self, game: &Game) -> Vec<(Play, f32)> {
        self.analyse_plies(game)
            .into_iter()
            .map(|(p, v, _)| (p, v))
            .collect()
    }
}
