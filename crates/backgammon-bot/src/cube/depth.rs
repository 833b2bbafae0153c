//! How deep the bot looks before a cube decision.
//!
//! The cheap estimate ([`BgNet::evaluate_for_cube`]: the mean of the
//! position's 0-ply value and its value after the roller's 21 rolls)
//! settles the clear doubling decisions, most of a game's (five in six),
//! by the cube model. A doubling decision it finds close (within
//! [`DEEP_MARGIN`] of its turning point, in normalised money equity), and
//! every take, is taken again by the cubeful search two levels of rolls
//! deep ([`super::search`], gnubg's 2-ply): the exchanges of the next
//! rolls and the cube decisions on the way searched rather than priced
//! by the model's cube-life index. Measured against gnubg's 2-ply cube
//! decisions (docs/ANALYSIS.md), the search's equities are nearer
//! gnubg's than the model's on chances searched as deep.
//!
//! [`deep_outputs`], the chances searched deep (the mean over the
//! roller's 21 rolls of his best play searched at 2 plies), are the
//! chances the cube hint shows at 3 plies and the refinement's labels.

use backgammon::{Cube, Game, MatchState, PlayList, Position, Rules, Side};
use neural::Outputs;
use tables::chance::{ROLLS, ROLL_TOTAL};

use super::mwc::mwc_after_points;
use super::search::searched_decision;
use super::{decide, Decision};
use crate::net::{flip, BgNet};
use crate::search::{SEARCH_KEEP, SEARCH_MARGIN};

/// In money play the bot takes a double only when taking leaves it at
/// least this much (in units of the cube before the double) above
/// passing: its searched equity after the take at least `−1 + 0.2`.
///
/// Measured, not modelled: over 1 250 money games against gnubg world
/// class (docs/STRENGTH.md, "What the bot's takes were worth"), the
/// bot's takes that its own 2-level search valued below −0.8 ended at
/// −1.39 a take, worse than the pass they replaced, while gnubg's takes
/// of the bot's doubles ended where the same search valued them. A
/// strong doubler's double says something the network does not see (it
/// underrates the doubler's gammons, docs/ANALYSIS.md, "Agreement with
/// gnubg"). Matches keep the model's take point: the measure was money.
pub const TAKE_MARGIN: f64 = 0.2;

/// Whether the bot takes, given the decision `d` (in the doubler's eyes)
/// under `state`: in money play with [`TAKE_MARGIN`] to spare, in a
/// match when taking is right.
pub fn bot_takes(d: &Decision, state: &MatchState) -> bool {
    if state.is_money() {
        d.double_take <= d.double_drop - TAKE_MARGIN
    } else {
        d.take()
    }
}

/// Whether the bot doubles, given the decision `d` under `state`, with
/// `margin` (in units of the cube before the double) asked of a double
/// the opponent should take: in money play such a double is given only
/// when the doubler's equity after the take leads not doubling by
/// `margin` or more. A double the opponent should pass (a cash) and
/// every match decision are the model's. `margin` 0 is the model's rule;
/// `trictrac bg external --double-margin` measures others against gnubg.
pub fn bot_doubles(d: &Decision, state: &MatchState, margin: f64) -> bool {
    if state.is_money() && d.take() {
        d.double() && d.double_take - d.no_double >= margin
    } else {
        d.double()
    }
}

/// A doubling decision whose cheap estimate is within this much of its
/// turning point is searched deeper (a wider margin changed no decision
/// in the games measured).
pub const DEEP_MARGIN: f64 = 0.2;

impl BgNet {
    /// The outputs for `pos` before its side on roll rolls, in his eyes,
    /// for cube decisions: the mean of the network's value of the position
    /// (which tends to undervalue the side about to roll) and the mean over
    /// his 21 rolls of his best play's value (which tends to overvalue it).
    pub fn evaluate_for_cube(&self, pos: &Position, rules: &Rules) -> Outputs {
        let zero = self.evaluate(pos, rules.preset);
        if pos.winner().is_some() {
            return zero;
        }
        let mut buf = PlayList::new();
        let rolled = flip(&self.after_play_2ply(pos, !pos.turn(), rules, &mut buf));
        let mut o = [0.0f32; neural::MAX_OUTPUTS];
        for (k, x) in o.iter_mut().enumerate() {
            *x = 0.5 * (zero[k] + rolled[k]);
        }
        o
    }
}

/// The chances of the side on roll of `pos`, in his eyes, searched
/// deeply: the mean over his 21 rolls (weighted 1 or 2 of 36) of the
/// outputs of his best play searched at 2 plies
/// ([`BgNet::best_play_2ply`]).
pub fn deep_outputs(net: &BgNet, pos: &Position, rules: &Rules) -> Outputs {
    if pos.winner().is_some() {
        return net.evaluate(pos, rules.preset);
    }
    // The mean over the rolls (the shared chance node).
    tables::search::expect(ROLLS, ROLL_TOTAL, |roll| {
        let plays = pos.legal_plays(roll, rules);
        net.best_play_2ply(pos, &plays, rules, SEARCH_KEEP, SEARCH_MARGIN)
            .1
    })
}

/// What turns a difference of match-winning chances into normalised
/// money equity (as gnubg shows match equities): `2 / (win − lose)`, with
/// `win` and `lose` the match-winning chances after winning or losing the
/// cube's value; 1 in money play.
fn emg_scale(state: &MatchState, me: Side, cube: Cube) -> f64 {
    let st = state;
    if st.is_money() {
        return 1.0;
    }
    let c = i64::from(cube.value);
    let win = mwc_after_points(st, me, c);
    let lose = mwc_after_points(st, me, -c);
    if win - lose > 1e-9 {
        2.0 / (win - lose)
    } else {
        1.0
    }
}

/// Which of a decision's questions is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Question {
    /// Whether the side on roll doubles.
    Double,
    /// Whether the doubled side takes.
    Take,
}

/// The bot's cube decision for `game` (the side on roll doubling, or the
/// doubler on roll when the question is the take), and its depth in
/// levels of rolls: 1 the cube model on the cheap estimate, 2 for a take
/// or a close double the cubeful search ([`searched_decision`]).
pub fn bot_decision(net: &BgNet, game: &Game, question: Question) -> (Decision, u8) {
    bot_decision_searched(
        net,
        game.position(),
        game.rules(),
        game.match_state(),
        game.cube(),
        question,
        2,
    )
}

/// [`bot_decision`] for a position given by its parts (`pos` with the
/// doubler on roll, the match state and the cube before the double; for
/// a program handed positions rather than a game, `trictrac bg
/// external`), with the takes and the close doubles searched `plies`
/// levels of rolls deep (2, the default bot's, gnubg's 2-ply; 3, gnubg's
/// 3-ply, for `bg external --level 4`, about 0.3 s a decision).
/// Returns the decision and its depth (1 when the cheap estimate settled
/// it).
pub fn bot_decision_searched(
    net: &BgNet,
    pos: &Position,
    rules: &Rules,
    state: &MatchState,
    cube: Cube,
    question: Question,
    plies: u8,
) -> (Decision, u8) {
    let d = decide(pos, rules, state, cube, &net.evaluate_for_cube(pos, rules));
    // Every take is searched: they are few (under one a game) and a wrong
    // one doubles the stake.
    if question == Question::Double
        && d.double_margin() * emg_scale(state, pos.turn(), cube) >= DEEP_MARGIN
    {
        return (d, 1);
    }
    (
        searched_decision(net, pos, rules, state, cube, plies),
        plies,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_money_play_the_bot_takes_only_with_the_margin_to_spare() {
        // The doubler's equity after a take, in units of the cube before
        // the double; a pass gives him 1.
        let at = |double_take: f64| Decision {
            no_double: 0.5,
            double_take,
            double_drop: 1.0,
        };
        let money = MatchState::money();
        // A take the model calls right by 0.1: passed in money play ...
        assert!(at(0.9).take());
        assert!(!bot_takes(&at(0.9), &money));
        // ... taken with the margin to spare, and at the margin itself.
        assert!(bot_takes(&at(0.7), &money));
        assert!(bot_takes(&at(1.0 - TAKE_MARGIN), &money));
        // A wrong take stays a pass.
        assert!(!bot_takes(&at(1.1), &money));
        // In a match the model's take point: taking is right by a hair.
        let mut m = MatchState::to(7);
        m.score = backgammon::BySide::new(0, 0);
        let d = Decision {
            no_double: 0.55,
            double_take: 0.62,
            double_drop: 0.63,
        };
        assert!(d.take() && bot_takes(&d, &m));
    }

    #[test]
    fn a_doubling_margin_holds_back_close_doubles_but_never_a_cash() {
        let money = MatchState::money();
        // A double/take by 0.03: given without a margin, held at 0.05.
        let close = Decision {
            no_double: 0.70,
            double_take: 0.73,
            double_drop: 1.0,
        };
        assert!(bot_doubles(&close, &money, 0.0));
        assert!(!bot_doubles(&close, &money, 0.05));
        assert!(bot_doubles(&close, &money, 0.03));
        // A cash (the take is wrong) by only 0.02: still cashed.
        let cash = Decision {
            no_double: 0.98,
            double_take: 1.3,
            double_drop: 1.0,
        };
        assert!(bot_doubles(&cash, &money, 0.05));
        // Too good: played on whatever the margin.
        let too_good = Decision {
            no_double: 1.2,
            double_take: 1.6,
            double_drop: 1.0,
        };
        assert!(!bot_doubles(&too_good, &money, 0.0));
        // No double is never turned into one.
        let early = Decision {
            no_double: 0.5,
            double_take: 0.4,
            double_drop: 1.0,
        };
        assert!(!bot_doubles(&early, &money, 0.0));
        // In a match the model's rule, the margin aside.
        let mut m = MatchState::to(7);
        m.score = backgammon::BySide::new(0, 0);
        assert!(bot_doubles(&close, &m, 0.05));
    }
}
