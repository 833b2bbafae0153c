//! Chequer plays at a match score: the 3-ply search ([`crate::search::deep`]) with the
//! candidates of its deepest level compared by the match-winning chances
//! of their outcomes ([`Score::value`]) rather than by cubeless equity.

use backgammon::{Cube, MatchState, Play, Position, Rules, Side};
use neural::Outputs;

use super::model::{Owner, Rates};
use super::money::{jacoby_centred_equity, money_equity};
use super::mwc::dead_cube_value;
use crate::net::BgNet;
use crate::search::deep::{Scratch, Searcher, Value};

/// The match around a search: its state and the cube. In a match the
/// candidates of the deepest level are compared by the match-winning
/// chances of their outcomes ([`Score::value`]) instead of cubeless
/// money equity, as gnubg weighs gammons by the score.
#[derive(Clone, Copy, Debug)]
pub struct Score<'a> {
    /// The match state (money play: no change to the search).
    pub state: &'a MatchState,
    /// The cube.
    pub cube: Cube,
}

impl Score<'_> {
    /// The value of outputs `o` in `mover`'s eyes: in a match, the
    /// match-winning chances of the outcomes as normalised money equity
    /// ([`dead_cube_value`]); in money play the cubeless
    /// equity.
    pub fn value(&self, o: &Outputs, mover: Side) -> f64 {
        dead_cube_value(o, mover, self.state, self.cube)
    }

    /// `by` for the search in a match; none in money play (the search
    /// then compares by cubeless equity).
    fn weighs<'b>(&self, by: Value<'b>) -> Option<Value<'b>> {
        (!self.state.is_money()).then_some(by)
    }

    /// `search` called with the value its deepest candidates are compared
    /// by at this score: [`Score::value`] in a match, none (cubeless
    /// equity) in money play. The searches at a match score are
    /// [`best_play_3ply_in`] and, for the rankings,
    /// `score.searching(|v| Searcher::new(net, rules,
    /// v).ranked_3ply(pos, plays, scratch))` (or
    /// [`Searcher::ranked_4ply`]).
    pub fn searching<R>(&self, search: impl FnOnce(Option<Value>) -> R) -> R {
        let by = |o: &Outputs, mover: Side| self.value(o, mover);
        search(self.weighs(&by))
    }
}

/// The value, in `mover`'s eyes, of outcomes `o` in his eyes in money
/// play with a live cube: Janowski's cubeful equity (units of the cube,
/// cube-life index `x`: [`super::cube_life`], or [`super::CUBE_EFFICIENCY`]
/// where no position is at hand) with the cube as `cube` leaves it to
/// him, under the Jacoby rule (`jacoby`) when it is centred. Also for
/// comparing the deepest candidates of a money game's search cubefully,
/// as gnubg does, instead of by cubeless equity: `bg external
/// --cubeful-play` (an experiment, docs/STRENGTH.md).
pub fn money_cubeful_value(o: &Outputs, mover: Side, cube: Cube, jacoby: bool, x: f64) -> f64 {
    let p = f64::from(o[0]).clamp(0.0, 1.0);
    let (w, l) = Rates::of(o).money();
    let owner = match cube.owner {
        None => Owner::Centred,
        Some(s) if s == mover => Owner::Me,
        Some(_) => Owner::Opponent,
    };
    if jacoby && owner == Owner::Centred {
        jacoby_centred_equity(p, w, l, x)
    } else {
        money_equity(p, w, l, owner, x)
    }
}

/// [`crate::search::deep::best_play_3ply`] at a match score: in a match (not money play) the
/// candidates that reached the deepest level are compared by
/// [`Score::value`]. Over the non-forced plays of 34 7-point matches
/// gnubg played against itself, the play chosen so agrees with gnubg's
/// best on 78.1 % of 5 421 positions, by cubeless equity on 77.3 %
/// (docs/ANALYSIS.md).
pub fn best_play_3ply_in(
    net: &BgNet,
    pos: &Position,
    plays: &[Play],
    rules: &Rules,
    scratch: &mut Scratch,
    score: Score,
) -> (Play, Outputs) {
    score.searching(|v| Searcher::new(net, rules, v).best_3ply(pos, plays, scratch))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::deep::ranked_3ply;
    use backgammon::Roll;

    #[test]
    fn in_a_match_the_deepest_candidates_are_compared_by_match_equity() {
        let net = crate::net::default_net();
        let rules = Rules::standard();
        // Double match point (both sides one away, after the Crawford
        // game): a gammon wins no more than a game, so the value of a
        // play is its winning chance alone, 2·win − 1.
        let mut dmp = MatchState::to(7);
        dmp.score = backgammon::BySide::new(6, 6);
        dmp.crawford_done = true;
        let score = Score {
            state: &dmp,
            cube: Cube::centred(),
        };
        let money = MatchState::money();
        let in_money = Score {
            state: &money,
            cube: Cube::centred(),
        };
        // After 6-4 24/14 from the start, White to play these rolls.
        let start = Position::start();
        let first = start.legal_plays("6-4".parse().expect("a roll"), &rules);
        let pos = start.play_unchecked(&first[0]);
        let mut scratch = Scratch::default();
        let mut checked = 0;
        for roll in ["3-1", "6-5", "5-2", "4-4"] {
            let roll: Roll = roll.parse().expect("a roll");
            let plays = pos.legal_plays(roll, &rules);
            let ranked = score.searching(|v| {
                Searcher::new(&net, &rules, v).ranked_3ply(&pos, &plays, &mut scratch)
            });
            let mover = pos.turn();
            for group in ranked.chunk_by(|a, b| a.plies == b.plies) {
                for w in group.windows(2) {
                    assert!(w[0].outputs[0] >= w[1].outputs[0], "{roll}: {group:?}");
                    checked += 1;
                }
            }
            let v = score.value(&ranked[0].outputs, mover);
            assert!((v - (2.0 * f64::from(ranked[0].outputs[0]) - 1.0)).abs() < 1e-5);
            // The first is the one the bot plays.
            let (best, _) = best_play_3ply_in(&net, &pos, &plays, &rules, &mut scratch, score);
            assert_eq!(best, ranked[0].play);
            // In money play nothing changes: cubeless equity.
            let m = in_money.searching(|v| {
                Searcher::new(&net, &rules, v).ranked_3ply(&pos, &plays, &mut scratch)
            });
            assert_eq!(m, ranked_3ply(&net, &pos, &plays, &rules, &mut scratch));
            let e = in_money.value(&m[0].outputs, mover);
            assert!((e - f64::from(m[0].equity())).abs() < 1e-6);
        }
        assert!(checked > 0);
    }

    #[test]
    fn the_cubeful_money_value_is_worth_more_with_the_cube_owned() {
        // 70 % to win, a quarter of the wins gammons, few lost gammons.
        let mut o = [0.0f32; neural::MAX_OUTPUTS];
        o[0] = 0.7;
        o[1] = 0.175;
        o[3] = 0.02;
        let me = Side::White;
        let cube = |owner| Cube { value: 2, owner };
        let mine = money_cubeful_value(&o, me, cube(Some(me)), false, 0.68);
        let centred = money_cubeful_value(&o, me, Cube::centred(), false, 0.68);
        let theirs = money_cubeful_value(&o, me, cube(Some(Side::Black)), false, 0.68);
        assert!(
            mine > centred && centred > theirs,
            "{mine} {centred} {theirs}"
        );
        // A dead cube (x = 0) is the cubeless equity, whoever owns it.
        let dead = f64::from(crate::net::equity(&o));
        for c in [cube(Some(me)), Cube::centred(), cube(Some(Side::Black))] {
            assert!((money_cubeful_value(&o, me, c, false, 0.0) - dead).abs() < 1e-6);
        }
        // Under the Jacoby rule a centred cube's gammons count for nothing.
        let jacoby = money_cubeful_value(&o, me, Cube::centred(), true, 0.0);
        assert!((jacoby - (2.0 * 0.7 - 1.0)).abs() < 1e-6, "{jacoby}");
    }
}
