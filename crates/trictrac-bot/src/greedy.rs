//! The `greedy` player: the most points now, the fewest for the opponent
//! next.

use trictrac::{Dest, Game, Phase, Play, Position, Roll, Side};

use crate::features::roll_stats;
use crate::turn::{after_play, exit_points, Next, TurnRules};
use crate::{Decision, TrictracBot};

/// Maximises the net points (won minus given) of the roll being played.
///
/// Points are marked before the checkers move, so every legal
/// play of a roll brings the same points except the exit: the
/// net points of a play are those of the roll, plus the exit when the
/// play bears off the last checker. Ties — nearly always all plays — are
/// broken by:
///
/// 1. the fewest net points the opponent expects from his next roll on
///    the board the play leaves (over his 21 rolls, weighted by 36);
/// 2. the fewest own lone checkers (*demi-cases*) off the talon;
/// 3. the most own fields holding two or more checkers (*cases*);
/// 4. the generator's order.
///
/// **Staying or leaving** (R-8.6): after winning a hole it compares the
/// points of the next two marks. Staying keeps its remainder `r`, then
/// the opponent marks the `g` points the roll gives him and expects `e`
/// net points from his next roll (after the best play as above; `e = 0`
/// after the exit, when the greedy player rolls first in the new
/// relevé). Leaving keeps nothing and gives nothing, and a new relevé
/// starts from the talons, where the first rolls score little. Greedy
/// stays when `r − g − e ≥ 0`, and leaves otherwise.
#[derive(Clone, Copy, Debug, Default)]
pub struct GreedyPlayer;

/// (net points of the play, opponent's expected net next, lone checkers,
/// cases): larger keys are better.
type Key = (i32, f32, i32, i32);

fn key(side: Side, next: &Next, exit_points: u32, t: &TurnRules) -> Key {
    match next {
        Next::Over(w, _) if *w == side => (i32::MAX, 0.0, 0, 0),
        Next::Over(..) => (i32::MIN, 0.0, 0, 0),
        Next::Roll(p) => {
            // After the exit the greedy player rolls first: nothing to fear.
            let e = if p.turn() == side {
                0.0
            } else {
                roll_stats(p, &t.rules).net()
            };
            let (blots, cases) = shape(p, side);
            (exit_points as i32, -e, -blots, cases)
        }
    }
}

/// Own lone checkers off the talon and own made fields.
fn shape(p: &Position, side: Side) -> (i32, i32) {
    let rel = p.board().relative(side);
    let mut blots = 0;
    let mut cases = 0;
    for &c in &rel[2..25] {
        if c == 1 {
            blots += 1;
        } else if c >= 2 {
            cases += 1;
        }
    }
    (blots, cases)
}

impl GreedyPlayer {
    /// The greedy play of the roll pending in `pos` and its key.
    fn best(
        pos: &Position,
        plays: &[Play],
        roll: Roll,
        given: u32,
        t: &TurnRules,
    ) -> Option<(Play, Key, Next)> {
        let side = pos.turn();
        let mut best: Option<(Play, Key, Next)> = None;
        let mut next = arrayvec::ArrayVec::new();
        for p in plays {
            next.clear();
            after_play(pos, roll, p, given, t, &mut next);
            // After an exit that wins a hole, the first state is staying.
            let n = next.swap_remove(0);
            let off = p.moves().iter().filter(|m| m.to() == Dest::Off).count();
            let exit = if off as u8 == pos.board().on_board(side) {
                exit_points(roll)
            } else {
                0
            };
            let k = key(side, &n, exit, t);
            let better = match &best {
                None => true,
                Some((_, bk, _)) => cmp_key(&k, bk).is_gt(),
            };
            if better {
                best = Some((*p, k, n));
            }
        }
        best
    }
}

fn cmp_key(a: &Key, b: &Key) -> std::cmp::Ordering {
    a.0.cmp(&b.0)
        .then(a.1.total_cmp(&b.1))
        .then(a.2.cmp(&b.2))
        .then(a.3.cmp(&b.3))
}

impl TrictracBot for GreedyPlayer {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose_play(&mut self, game: &Game) -> Play {
        let plays = game.legal_plays();
        if plays.len() == 1 {
            return plays[0];
        }
        let t = TurnRules::of(game.options());
        match game.pending_score() {
            Some(s) => GreedyPlayer::best(game.position(), plays, s.roll, s.opponent_points, &t)
                .map_or(plays[0], |b| b.0),
            None => plays[0],
        }
    }

    fn decide(&mut self, game: &Game) -> Decision {
        let Phase::StayOrLeave(side) = game.phase() else {
            return Decision::Stay;
        };
        let Some(s) = game.pending_score() else {
            return Decision::Stay;
        };
        let pos = game.position();
        let t = TurnRules::of(game.options());
        let r = *pos.score().points.get(side) as f32;
        let g = s.opponent_points as f32;
        let e = if pos.all_off(side) {
            0.0
        } else {
            let plays = pos.legal_plays_with(s.roll, &t.rules);
            match GreedyPlayer::best(pos, &plays, s.roll, s.opponent_points, &t) {
                Some((_, k, _)) if k.0 == i32::MAX => return Decision::Stay,
                Some((_, k, _)) => -k.1,
                None => 0.0,
            }
        };
        if r - g - e >= 0.0 {
            Decision::Stay
        } else {
            Decision::Leave
        }
    }

    fn analyse(&mut self, game: &Game) -> Vec<(Play, f32)> {
        let t = TurnRules::of(game.options());
        let Some(s) = game.pending_score() else {
            return Vec::new();
        };
        let pos = game.position();
        let mut v: Vec<(Play, Key)> = game
            .legal_plays()
            .iter()
            .filter_map(|p| {
                GreedyPlayer::best(pos, &[*p], s.roll, s.opponent_points, &t).map(|b| (b.0, b.1))
            })
            .collect();
        v.sort_by(|a, b| cmp_key(&b.1, &a.1));
        v.into_iter()
            .map(|(p, k)| {
                (
                    p,
                    if k.0 == i32::MAX {
                        100.0
                    } else {
                        k.0 as f32 + k.1
                    },
                )
            })
            .collect()
    }
}
