//! The cube hint: the cubeful equities of No double, Double/Take and
//! Double/Pass for the side on roll, and the proper action in gnubg's
//! words ("No double, take", "Double, pass", "Too good to double,
//! pass", "No redouble, take", …).
//!
//! The cubeless chances come from the evaluator ([`cube_outputs`], at 0,
//! 1, 2 or 3 plies; at 2, close decisions at 3 as the bot takes them);
//! the cubeful equities from the Janowski-style model of [`crate::cube`]
//! (cube-life index [`crate::cube::cube_life`], by kind of position) in
//! money play, and from its match model and match equity table in match
//! play, where they are also given as match-winning chances and turned
//! into normalised money equity as gnubg does: `2·(mwc − lose) / (win −
//! lose) − 1`, with `win` and `lose` the match-winning chances after
//! winning or losing the cube's value.

use backgammon::{Cube, MatchState, Position, Rules, Side};
use neural::Outputs;

use crate::cube::depth::deep_outputs;
use crate::cube::mwc::{mwc_after_points, normalised};
use crate::cube::score::Score;
use crate::cube::search::searched_decision;
use crate::cube::{self, may_double, Decision};
use crate::net::{flip, BgNet};

/// The cubeless chances for a cube decision of the side on roll of
/// `pos`, in his eyes: `plies` 0 is the evaluator alone, 1 the mean over
/// his 21 rolls of his best play at 0 ply, 2 the bot's cheap estimate (the
/// mean of the two, which cancels most of the odd-even swing of the
/// evaluator: the side about to roll is undervalued at 0 ply and
/// overvalued at 1), anything above: the mean over his 21 rolls of his
/// best play searched at 2 plies ([`crate::cube::depth::deep_outputs`]).
/// [`analyse`] at 2 plies takes the close decisions on the deep chances,
/// as the bot does.
pub fn cube_outputs(net: &BgNet, pos: &Position, rules: &Rules, plies: u8) -> Outputs {
    if pos.winner().is_some() {
        return net.evaluate(pos, rules.preset);
    }
    match plies {
        0 => net.evaluate(pos, rules.preset),
        1 => super::mean_over_rolls(net, pos, rules),
        2 => net.evaluate_for_cube(pos, rules),
        _ => deep_outputs(net, pos, rules),
    }
}

/// A cube analysis for the side on roll, everything in his eyes.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct CubeAnalysis {
    /// The cubeless chances (win, win gammon, win backgammon, lose
    /// gammon, lose backgammon).
    pub outputs: Outputs,
    /// The cubeless money equity.
    pub cubeless: f64,
    /// The cubeful equity of not doubling, normalised money equity
    /// (units of the cube before the double).
    pub no_double: f64,
    /// Doubling, the opponent taking.
    pub double_take: f64,
    /// Doubling, the opponent passing.
    pub double_pass: f64,
    /// In a match, the same three in match-winning chances.
    pub mwc: Option<[f64; 3]>,
    /// Whether the side on roll may double now (BG-7.2).
    pub available: bool,
    /// Whether he should double (false when he may not).
    pub double: bool,
    /// Whether the opponent should take a double.
    pub take: bool,
    /// Whether a double now would be a redouble (he owns the cube).
    pub redouble: bool,
    /// gnubg's words for the proper action.
    pub action: String,
}

impl CubeAnalysis {
    /// The equity of the proper action (the best of no double and the
    /// opponent's best answer to a double).
    pub fn best(&self) -> f64 {
        if self.available {
            self.no_double.max(self.double_take.min(self.double_pass))
        } else {
            self.no_double
        }
    }

    /// How far the doubling decision is from its turning point (in the
    /// equities shown: normalised money equity).
    pub fn double_margin(&self) -> f64 {
        (self.double_take.min(self.double_pass) - self.no_double).abs()
    }

    /// How far the taking decision is from its turning point.
    pub fn take_margin(&self) -> f64 {
        (self.double_take - self.double_pass).abs()
    }

    /// The equity the side on roll loses by doubling when `doubled`, or
    /// by not doubling otherwise (0 for the proper action), the opponent
    /// answering well.
    pub fn doubler_error(&self, doubled: bool) -> f64 {
        let dbl = self.double_take.min(self.double_pass);
        let chosen = if doubled { dbl } else { self.no_double };
        (self.best() - chosen).max(0.0)
    }

    /// The equity the doubled side loses by taking (`took`) or passing,
    /// in his eyes (0 for the proper answer).
    pub fn taker_error(&self, took: bool) -> f64 {
        let d = self.double_take - self.double_pass;
        if took {
            d.max(0.0)
        } else {
            (-d).max(0.0)
        }
    }
}

/// gnubg's words for a decision.
fn words(d_double: bool, take: bool, too_good: bool, redouble: bool) -> String {
    let (dbl, no) = if redouble {
        ("Redouble", "No redouble")
    } else {
        ("Double", "No double")
    };
    let answer = if take { "take" } else { "pass" };
    if d_double {
        format!("{dbl}, {answer}")
    } else if too_good {
        format!("Too good to {}, {answer}", dbl.to_lowercase())
    } else {
        format!("{no}, {answer}")
    }
}

/// The cube analysis of the side on roll of `pos` with cubeless outputs
/// `o` in his eyes.
pub fn analyse_outputs(
    o: &Outputs,
    pos: &Position,
    rules: &Rules,
    state: &MatchState,
    cube: Cube,
) -> CubeAnalysis {
    let d: Decision = cube::decide(pos, rules, state, cube, o);
    from_decision(o, &d, pos, state, cube)
}

/// The cube analysis of the side on roll of `pos` from the equities of
/// his decision `d` (in [`cube::decide`]'s units) and the cubeless
/// outputs `o` it rests on.
pub fn from_decision(
    o: &Outputs,
    d: &Decision,
    pos: &Position,
    state: &MatchState,
    cube: Cube,
) -> CubeAnalysis {
    let me: Side = pos.turn();
    let available = may_double(pos, state, cube);
    let redouble = cube.owner == Some(me);
    let (nd, dt, dp, mwc) = if state.is_money() {
        (d.no_double, d.double_take, d.double_drop, None)
    } else {
        let c = i64::from(cube.value);
        let win = mwc_after_points(state, me, c);
        let lose = mwc_after_points(state, me, -c);
        let emg = |m: f64| normalised(m, win, lose);
        (
            emg(d.no_double),
            emg(d.double_take),
            emg(d.double_drop),
            Some([d.no_double, d.double_take, d.double_drop]),
        )
    };
    let take = dt <= dp;
    let double = available && dt.min(dp) > nd;
    // Not doubling when a double would be passed and playing on is worth
    // more than the cash: too good.
    let too_good = available && !double && nd > dp;
    let action = if available {
        words(double, take, too_good, redouble)
    } else {
        "No double: the cube is not available".to_string()
    };
    CubeAnalysis {
        outputs: *o,
        cubeless: f64::from(crate::net::equity(o)),
        no_double: nd,
        double_take: dt,
        double_pass: dp,
        mwc,
        available,
        double,
        take,
        redouble,
        action,
    }
}

/// The cube analysis of the side on roll of `pos` at `score` (the match
/// state and the cube) searched `plies`
/// levels of rolls deep (gnubg's n-ply; default 2): the equities by the
/// cubeful search ([`crate::cube::search`]), each side taking his cube
/// decisions on the way, the chances shown those of [`cube_outputs`] at
/// the same depth. At 0 plies, the cube model on the evaluator's chances.
pub fn analyse(
    net: &BgNet,
    pos: &Position,
    rules: &Rules,
    score: Score,
    plies: u8,
) -> CubeAnalysis {
    let Score { state, cube } = score;
    let o = cube_outputs(net, pos, rules, plies);
    if plies == 0 || pos.winner().is_some() {
        return analyse_outputs(&o, pos, rules, state, cube);
    }
    let d = searched_decision(net, pos, rules, state, cube, plies);
    from_decision(&o, &d, pos, state, cube)
}

/// The outputs in the other side's eyes (re-exported for the callers
/// that show both sides).
pub fn other_eyes(o: &Outputs) -> Outputs {
    flip(o)
}

#[cfg(test)]
mod tests {
    use super::*;
    use backgammon::Position;

    fn outputs(p: f32, wg: f32, lg: f32) -> Outputs {
        let mut o = [0.0f32; neural::MAX_OUTPUTS];
        o[0] = p;
        o[1] = wg;
        o[3] = lg;
        o
    }

    #[test]
    fn money_actions_follow_the_chances() {
        let pos = Position::start();
        let rules: Rules = "standard jacoby=off".parse().expect("valid rules");
        let st = MatchState::money();
        let c = Cube::centred();
        let a = analyse_outputs(&outputs(0.52, 0.14, 0.12), &pos, &rules, &st, c);
        assert!(!a.double && a.take, "{a:?}");
        assert_eq!(a.action, "No double, take");
        let a = analyse_outputs(&outputs(0.74, 0.10, 0.02), &pos, &rules, &st, c);
        assert!(a.double && a.take, "{a:?}");
        assert_eq!(a.action, "Double, take");
        let a = analyse_outputs(&outputs(0.85, 0.10, 0.01), &pos, &rules, &st, c);
        assert!(a.double && !a.take, "{a:?}");
        assert_eq!(a.action, "Double, pass");
        assert!((a.double_pass - 1.0).abs() < 1e-9);
        let a = analyse_outputs(&outputs(0.88, 0.60, 0.0), &pos, &rules, &st, c);
        assert!(!a.double && !a.take, "{a:?}");
        assert_eq!(a.action, "Too good to double, pass");
        // Under the Jacoby rule a gammonish position is not too good:
        // the gammons count only once the cube is turned.
        let j = analyse_outputs(&outputs(0.88, 0.60, 0.0), &pos, &Rules::standard(), &st, c);
        assert!(j.double, "{j:?}");
    }

    #[test]
    fn owned_cube_is_a_redouble_and_the_opponents_cube_is_not_available() {
        let pos = Position::start();
        let rules = Rules::standard();
        let st = MatchState::money();
        let mine = Cube {
            value: 2,
            owner: Some(pos.turn()),
        };
        let a = analyse_outputs(&outputs(0.52, 0.14, 0.12), &pos, &rules, &st, mine);
        assert_eq!(a.action, "No redouble, take");
        let theirs = Cube {
            value: 2,
            owner: Some(!pos.turn()),
        };
        let a = analyse_outputs(&outputs(0.9, 0.1, 0.0), &pos, &rules, &st, theirs);
        assert!(!a.available && !a.double);
    }

    #[test]
    fn match_equities_are_normalised() {
        let pos = Position::start();
        let rules = Rules::standard();
        let mut st = MatchState::to(7);
        st.score = backgammon::BySide::new(2, 4);
        let a = analyse_outputs(&outputs(0.8, 0.1, 0.01), &pos, &rules, &st, Cube::centred());
        let m = a.mwc.expect("a match gives match-winning chances");
        assert!(m.iter().all(|x| (0.0..=1.0).contains(x)));
        assert!((a.double_pass - 1.0).abs() < 1e-6, "{a:?}");
    }
}
