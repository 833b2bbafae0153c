//! What follows a decision, computed on [`Position`] copies (the game
//! state machine and its event log are never cloned).
//!
//! Points are marked before the checkers move: when a player
//! chooses among the legal plays of a roll, his own points are already
//! marked, and what follows every play is the same — the opponent marks
//! the points the roll gave him — except the exit, which the
//! play may or may not make. So the state after play `p` is
//! `position.after(p)` with the opponent's points marked, plus the exit
//! and a new relevé when `p` bears off the last checker.
//!
//! A state is a [`Position`] whose side to move is about to roll (its
//! score state included), or the end of the game ([`Next::Over`]).

use arrayvec::ArrayVec;
use trictrac::game::{stake, ExitRoll, Payout, Stake};
use trictrac::score::Marking;
use trictrac::{
    Beneficiary, Bredouille, Jan, Play, PlayList, Position, Roll, RollScore, Rules, Side,
};

/// A state reached by a decision: a side to roll, or the end of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// The game is over: this side won, at this stake (R-9.1, under the
    /// game's payout).
    Over(Side, Stake),
    /// The side to move of this position rolls next.
    Roll(Position),
}

/// The rule options that change what follows a decision.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TurnRules {
    /// Movement and scoring rules.
    pub rules: Rules,
    /// Exit roll. With *pour tout* the player who bore off and
    /// stays plays his exit roll again as the first move of the new
    /// relevé; the bots value that state as if he were to roll afresh.
    pub exit_roll: ExitRoll,
    /// How a won game is paid: what a finished game is worth.
    pub payout: Payout,
}

impl TurnRules {
    /// The turn rules of a game's options.
    pub fn of(options: &trictrac::GameOptions) -> TurnRules {
        TurnRules {
            rules: options.rules,
            exit_roll: options.exit_roll,
            payout: options.payout,
        }
    }
}

/// Points of the exit: 4 on a single, 6 on a double.
pub fn exit_points(roll: Roll) -> u32 {
    if roll.is_double() {
        6
    } else {
        4
    }
}

/// The points a roll brings its mover before he plays: every mover jan
/// but the exit, which is marked after the play.
pub fn own_points(score: &RollScore) -> u32 {
    score
        .jans
        .iter()
        .filter(|e| e.beneficiary == Beneficiary::Mover && e.jan != Jan::Exit)
        .map(|e| e.points)
        .sum()
}

/// Marks `points` for `side` on the position's score state.
pub fn mark(pos: &mut Position, side: Side, points: u32) -> Marking {
    let mut s = *pos.score();
    let m = s.mark(side, points);
    pos.set_score(s).expect("marking keeps the score in range");
    m
}

/// The state after `side` leaves (*s'en aller*, R-8.6): both sides'
/// points erased, bredouille reset, a new relevé with the leaver to roll.
pub fn left(pos: &Position, side: Side) -> Position {
    let mut p = pos.clone();
    let mut s = *p.score();
    *s.points.get_mut(side) = 0;
    *s.points.get_mut(!side) = 0;
    s.bredouille = Bredouille::Either;
    p.set_score(s).expect("zero points are in range");
    p.new_releve(side);
    p
}

/// The states the mover of `pos` may reach by playing `play` of `roll`:
/// one, or two after an exit that wins a hole (stay first, then leave).
/// `pos` is the position before the play with the mover's own points
/// already marked; `given` are the points the roll gives the opponent.
pub fn after_play(
    pos: &Position,
    roll: Roll,
    play: &Play,
    given: u32,
    turn: &TurnRules,
    out: &mut ArrayVec<Next, 2>,
) {
    let side = pos.turn();
    let mut p = pos.clone();
    p.play_unchecked_with(play, &turn.rules);
    if p.all_off(side) {
        let m = mark(&mut p, side, exit_points(roll));
        if m.won {
            out.push(Next::Over(side, stake(turn.payout, p.score(), side)));
            return;
        }
        let leave = (!m.holes.is_empty()).then(|| left(&p, side));
        out.push(after_exit_stay(p, side, given, turn));
        if let Some(l) = leave {
            out.push(Next::Roll(l));
        }
    } else {
        let m = mark(&mut p, !side, given);
        out.push(if m.won {
            Next::Over(!side, stake(turn.payout, p.score(), !side))
        } else {
            Next::Roll(p)
        });
    }
}

/// After the exit (marked) of `side`, staying or having no choice: the
/// opponent marks what the roll gave him and a new relevé starts with
/// `side` to roll.
pub fn after_exit_stay(mut p: Position, side: Side, given: u32, turn: &TurnRules) -> Next {
    let m = mark(&mut p, !side, given);
    if m.won {
        return Next::Over(!side, stake(turn.payout, p.score(), !side));
    }
    p.new_releve(side);
    Next::Roll(p)
}

/// What the roller of `pos` may do after rolling `roll`, for a search:
/// the roll is scored, his own points are marked, and every reachable
/// state is listed (one per play and exit choice, plus leaving when the
/// roll wins a hole). He chooses the best one.
pub fn roll_choices(
    pos: &Position,
    score: &RollScore,
    plays: &PlayList,
    turn: &TurnRules,
    out: &mut Vec<Next>,
) {
    out.clear();
    let side = pos.turn();
    let mut p = pos.clone();
    let m = mark(&mut p, side, own_points(score));
    if m.won {
        out.push(Next::Over(side, stake(turn.payout, p.score(), side)));
        return;
    }
    if !m.holes.is_empty() {
        out.push(Next::Roll(left(&p, side)));
    }
    let mut two = ArrayVec::new();
    for play in plays {
        two.clear();
        after_play(&p, score.roll, play, score.opponent_points, turn, &mut two);
        out.extend(two.drain(..));
    }
}

/// The value of a state for `side`, given the value `v` of a position
/// for its side to roll.
#[inline]
pub fn for_side(pos: &Position, side: Side, v: f32) -> f32 {
    if pos.turn() == side {
        v
    } else {
        1.0 - v
    }
}

/// The same position with the other side to roll (what the opponent's
/// roll would bring on this board), or `None` if it cannot be built.
pub fn with_other_to_roll(pos: &Position) -> Option<Position> {
    let mut s = pos.to_setup();
    let other = !pos.turn();
    s.turn = other;
    s.rolls = pos.rolls_played(other);
    s.dice = None;
    Position::from_setup(s).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leaving_resets_points_and_starts_a_relevé() {
        let pos: Position = "w:1x13,6,7 b:24x15 b score=6.1.4.0 bredouille=n"
            .parse()
            .unwrap();
        let l = left(&pos, Side::White);
        assert_eq!(l.to_string(), "w:1x15 b:24x15 w score=0.1.0.0");
    }

    #[test]
    fn after_a_play_the_opponent_marks_what_the_roll_gave() {
        let pos: Position = "w:1x13,6,7 b:24x15 w".parse().unwrap();
        let roll = Roll::new(2, 1);
        let play = pos.legal_plays(roll)[0];
        let mut out = ArrayVec::new();
        after_play(&pos, roll, &play, 4, &TurnRules::default(), &mut out);
        assert_eq!(out.len(), 1);
        let Next::Roll(p) = &out[0] else {
            panic!("not over")
        };
        assert_eq!(p.turn(), Side::Black);
        assert_eq!(p.score().points.black, 4);
    }
}
