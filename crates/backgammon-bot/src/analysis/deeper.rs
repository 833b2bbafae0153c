//! The review's judgement of a chequer play at a depth above the one that
//! made it (issue 37, item 5).
//!
//! The default bot chooses at 3 plies (gnubg's 2-ply). A review at that
//! depth with the same network agrees with it by construction: its plays
//! lose nothing, whatever gnubg's analysis finds. So the review at
//! `--plies 4` ([`super::chequer::judge`] at 4), after the candidates
//! have been searched one level of rolls deep (our 2 plies):
//!
//! 1. searches the best of them, up to [`DEEPER_KEEP`] within
//!    [`DEEPER_MARGIN`] of the best (gnubg's filter before its deepest
//!    level), and the play made, two levels deep (3 plies);
//! 2. when the play made and the best at 3 plies are within
//!    [`CLOSE_MARGIN`] (or the play made is the best there and the
//!    runner-up is that close) — the decisions a search one level
//!    shallower could get wrong — searches both three levels deep
//!    (4 plies, gnubg's 3-ply), and the equity lost is the difference of
//!    those two values.
//!
//! With a rollout asked for (`trictrac bg review --plies 4 --rollout`),
//! a decision whose play made and best rival at 2 plies (the best other
//! play there) are within [`ROLLOUT_MARGIN`] is judged instead by rolling
//! out the play made and up to [`ROLLOUT_RIVALS`] rivals within that
//! margin ([`Context::rolled_out`]: the same dice for every play, the
//! bot at 0 ply, variance reduction, each game stopped after
//! [`ROLLOUT_TRUNCATE`] half-moves and valued there), and the equity lost
//! is the difference of the best rival's rollout and the play made's: a
//! judge that looks some ten rolls past the player instead of one, and
//! past the evaluator's misjudgements that a deeper search keeps (on a
//! bear-in against an anchor the bot's 3-ply search rated its play 0.07
//! above the bear-off gnubg preferred; 1 296 games played out gave the
//! bear-off +0.09).
//! The searches still judge the rest: the clear choices, and the plays
//! more than the margin below the best.
//!
//! Every value is the cubeful search of the position after the play
//! ([`searched_after_play`]), each side taking his cube decisions on the
//! way, in the normalised equity of the review.

use std::sync::atomic::AtomicBool;

use backgammon::{Cube, MatchState, Play, Position, Rules};

use super::cubeful;
use super::judgement::Judgement;
use super::rollout::{rollout_until, Settings};
use crate::cube::search::searched_after_play;
use crate::net::BgNet;

/// How many of the plays searched at 2 plies are searched again at 3
/// (besides the play made): the best at 2 plies, up to this many
/// (gnubg's filter keeps 2)...
pub const DEEPER_KEEP: usize = 2;
/// ... within this much equity of the best at 2 plies (gnubg's 0.04).
pub const DEEPER_MARGIN: f64 = 0.04;
/// The play made and its best rival at 3 plies closer than this: both
/// searched at 4 plies.
pub const CLOSE_MARGIN: f64 = 0.04;

/// The play made and its best rival at 2 plies closer than this: both
/// rolled out, when the review asks for rollouts.
pub const ROLLOUT_MARGIN: f64 = 0.10;
/// How many rivals of the play made are rolled out in a close decision:
/// the best other plays at 2 plies within [`ROLLOUT_MARGIN`] of it. More
/// than one, because the play a rollout prefers is often not the 2-ply
/// search's runner-up (on ten matches against gnubg, rolling out only the
/// runner-up found 61 % of the error gnubg's analysis finds; with three,
/// see docs/ANALYSIS.md "The close decisions rolled out").
pub const ROLLOUT_RIVALS: usize = 3;
/// The half-moves a game of the review's rollouts is played before it is
/// valued by the evaluator (ten rolls: a truncated rollout, cheaper and
/// of lower variance than a full one; on the opening position after
/// 6-4 24/18 13/9, 432 games: +0.0788 ± 0.0029 truncated, +0.0792 ±
/// 0.0134 played out, in a quarter of the time).
pub const ROLLOUT_TRUNCATE: u32 = 10;
/// The seed of the review's rollouts: every play rolled out in a
/// decision meets the same dice.
pub const ROLLOUT_SEED: u64 = 37;

/// The position and the rules, match state and cube of a judgement.
#[derive(Clone, Copy)]
pub struct Context<'a> {
    /// The network.
    pub net: &'a BgNet,
    /// The position before the play.
    pub pos: &'a Position,
    /// The rules.
    pub rules: &'a Rules,
    /// The match state.
    pub state: &'a MatchState,
    /// The cube.
    pub cube: Cube,
    /// Games per rolled-out play in the close decisions (0: no rollout).
    pub rollout: u32,
}

impl Context<'_> {
    /// The cubeful value of the position `after` a play of the side on
    /// roll of `pos`, searched `levels` levels of rolls deep.
    fn value(&self, after: &Position, levels: u8) -> f64 {
        searched_after_play(
            self.net,
            after,
            self.pos.turn(),
            self.rules,
            self.state,
            self.cube,
            levels,
        )
    }

    /// The cubeful value, in the mover's eyes, of the position `after` a
    /// play of the side on roll of `pos` by a rollout of
    /// [`Context::rollout`] games (the module's description): the
    /// rolled-out chances through the cube model, as the 0-ply judgement
    /// values the evaluator's ([`super::chequer::cubeful_after`]: the
    /// opponent's proper cube action, turned around). `after` is not the
    /// end of the game.
    pub fn rolled_out(&self, after: &Position) -> f64 {
        let settings = Settings {
            games: self.rollout.max(1),
            seed: ROLLOUT_SEED,
            plies: 0,
            truncate: Some(ROLLOUT_TRUNCATE),
            cube: false,
            variance_reduction: true,
            threads: 1,
            bearoff_truncation: true,
        };
        let r = rollout_until(
            self.net,
            after,
            self.cube,
            self.rules,
            &settings,
            &|_| {},
            &AtomicBool::new(false),
        );
        // The chances are the opponent's, on roll after the play.
        let mut theirs = [0.0f32; neural::MAX_OUTPUTS];
        for (o, c) in theirs.iter_mut().zip(r.chances) {
            *o = c as f32;
        }
        -cubeful::analyse_outputs(&theirs, after, self.rules, self.state, self.cube).best()
    }
}

/// The judgement of the play `made` (leading to `made_after`) from the
/// plays `searched` at 2 plies (their cubeful equity, the play, the
/// position after it), best first, the play made among them: at 2 plies
/// when it is the best there and no other is within [`DEEPER_MARGIN`];
/// else at 3 plies, or at 4 for a close decision (the module's
/// description).
pub fn judge_deeper(
    ctx: &Context,
    searched: &[(f64, Play, Position)],
    made: &Play,
    made_after: &Position,
) -> Judgement {
    let Some(&(top, best_play, _)) = searched.first() else {
        return Judgement::settle((0.0, *made), made, 0.0, 2);
    };
    if let Some(j) = by_rollout(ctx, searched, made, made_after) {
        return j;
    }
    let mut finalists: Vec<(f64, Play, Position)> = searched
        .iter()
        .take(DEEPER_KEEP)
        .take_while(|s| s.0 >= top - DEEPER_MARGIN)
        .copied()
        .collect();
    if !finalists.iter().any(|s| s.2 == *made_after) {
        let made2 = searched
            .iter()
            .find(|s| s.2 == *made_after)
            .map_or(top, |s| s.0);
        finalists.push((made2, *made, *made_after));
    }
    if finalists.len() < 2 {
        // The play made is the best at 2 plies, and clearly.
        return Judgement::settle((top, best_play), made, top, 2);
    }
    for f in finalists.iter_mut() {
        f.0 = ctx.value(&f.2, 2);
    }
    finalists.sort_by(|a, b| b.0.total_cmp(&a.0));
    let made3 = finalists
        .iter()
        .find(|s| s.2 == *made_after)
        .map_or(finalists[0].0, |s| s.0);
    // The best other play at 3 plies: the rival of the play made.
    let Some(&(rival3, rival, rival_after)) = finalists.iter().find(|s| s.2 != *made_after) else {
        return Judgement::settle((made3, *made), made, made3, 3);
    };
    if (rival3 - made3).abs() >= CLOSE_MARGIN {
        return Judgement::settle((rival3, rival), made, made3, 3);
    }
    let made4 = ctx.value(made_after, 3);
    let rival4 = ctx.value(&rival_after, 3);
    Judgement::settle((rival4, rival), made, made4, 4)
}

/// The judgement by rollouts of the module's description, when the
/// review asks for one and the play made and its best rival among the
/// plays `searched` at 2 plies are within [`ROLLOUT_MARGIN`] there
/// (neither ending the game); else none. Up to [`ROLLOUT_RIVALS`] rivals
/// are rolled out: the best other plays at 2 plies within the margin of
/// the play made, and the best of their rollouts is the one the play made
/// is compared with.
fn by_rollout(
    ctx: &Context,
    searched: &[(f64, Play, Position)],
    made: &Play,
    made_after: &Position,
) -> Option<Judgement> {
    if ctx.rollout == 0 || made_after.winner().is_some() {
        return None;
    }
    let made2 = searched.iter().find(|s| s.2 == *made_after)?.0;
    let close = |s: &&(f64, Play, Position)| (s.0 - made2).abs() < ROLLOUT_MARGIN;
    let mut others = searched.iter().filter(|s| s.2 != *made_after);
    let first = others.next()?;
    if !close(&first) || first.2.winner().is_some() {
        return None;
    }
    let made_r = ctx.rolled_out(made_after);
    let best = std::iter::once(first)
        .chain(others.filter(close).filter(|s| s.2.winner().is_none()))
        .take(ROLLOUT_RIVALS)
        .map(|&(_, rival, rival_after)| (ctx.rolled_out(&rival_after), rival))
        .max_by(|a, b| a.0.total_cmp(&b.0))?;
    Some(Judgement::settle(best, made, made_r, 2).by_rollout(ctx.rollout))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::chequer::judge;
    use crate::cube::score::{best_play_3ply_in, Score};
    use crate::search::deep::Scratch;
    use backgammon::{PlayList, Roll};

    /// The judgement's context of `pos` in money play, the cube centred.
    fn money<'a>(
        net: &'a BgNet,
        pos: &'a Position,
        rules: &'a Rules,
        state: &'a MatchState,
        rollout: u32,
    ) -> Context<'a> {
        Context {
            net,
            pos,
            rules,
            state,
            cube: Cube::centred(),
            rollout,
        }
    }

    /// The first decision of a game the 3-ply bot plays against itself
    /// (money, cube centred, dice from `seed`) where its own play is the
    /// best at 2 plies (3 at most) but not at 4: the position, the plays,
    /// the play made and its judgement at 4 plies. Searched rather than
    /// written down, so that the test holds whatever network is shipped.
    fn a_play_blamed_at_4_plies(
        net: &BgNet,
        rules: &Rules,
        seed: u64,
    ) -> Option<(Position, PlayList, Play, Judgement)> {
        use rand::{Rng, SeedableRng};
        let state = MatchState::money();
        let cube = Cube::centred();
        let score = Score {
            state: &state,
            cube,
        };
        let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut pos = Position::start();
        for _ in 0..80 {
            let roll = Roll::new(dice.gen_range(1..=6), dice.gen_range(1..=6));
            let plays = pos.legal_plays(roll, rules);
            let (made, _) =
                best_play_3ply_in(net, &pos, &plays, rules, &mut Scratch::default(), score);
            if plays.len() > 1 {
                let shallow = judge(net, &pos, &plays, &made, rules, (&state, cube), 2);
                if shallow.lost() == 0.0 {
                    let j = judge(net, &pos, &plays, &made, rules, (&state, cube), 4);
                    if j.best != made && j.lost() > 0.005 {
                        return Some((pos, plays, made, j));
                    }
                }
            }
            pos = pos.play_unchecked(&made);
            if pos.winner().is_some() {
                return None;
            }
        }
        None
    }

    #[test]
    fn a_close_play_of_the_3_ply_bot_is_judged_at_4_plies_and_loses_there() {
        let net = crate::net::default_net();
        let rules = Rules::standard();
        let state = MatchState::money();
        let (pos, _plays, made, j) = (1..=4)
            .find_map(|seed| a_play_blamed_at_4_plies(&net, &rules, seed))
            .expect("a play of the 3-ply bot that the 4-ply judgement blames");
        assert_eq!(j.plies, 4, "{j:?}");
        assert_ne!(j.best, made, "{j:?}");
        assert!(j.lost() > 0.005, "{j:?}");
        // The loss is the difference of the two plays' values three levels
        // of rolls deep; two levels deep (the bot's own depth) the play
        // made is the better: the 3-ply judgement saw no error.
        let ctx = money(&net, &pos, &rules, &state, 0);
        let (best_after, made_after) = (pos.play_unchecked(&j.best), pos.play_unchecked(&made));
        let want = ctx.value(&best_after, 3) - ctx.value(&made_after, 3);
        assert!(
            (j.lost() - want).abs() < 1e-9,
            "{} against {want}",
            j.lost()
        );
        assert!(
            ctx.value(&made_after, 2) >= ctx.value(&best_after, 2),
            "the 3-ply judgement already prefers {}",
            j.best
        );
    }

    #[test]
    fn with_a_rollout_a_close_decision_is_judged_by_rolling_both_plays_out() {
        let net = crate::net::default_net();
        let rules = Rules::standard();
        let (state, cube) = (MatchState::money(), Cube::centred());
        let score = Score {
            state: &state,
            cube,
        };
        let games = 36;
        let depth = crate::analysis::judgement::Depth {
            plies: 4,
            rollout: games,
        };
        let mut pos = Position::start();
        let (mut rolled, mut clear) = (0, 0);
        for k in 0..40u8 {
            let roll = Roll::new(k % 6 + 1, (k * 5 + 3) % 6 + 1);
            let plays = pos.legal_plays(roll, &rules);
            let (made, _) =
                best_play_3ply_in(&net, &pos, &plays, &rules, &mut Scratch::default(), score);
            if plays.len() > 1 {
                let searched = judge(&net, &pos, &plays, &made, &rules, (&state, cube), 4);
                let j = judge(&net, &pos, &plays, &made, &rules, (&state, cube), depth);
                assert_eq!(searched.rollout, 0, "{searched:?}");
                if j.rollout > 0 {
                    // Close at 2 plies: both plays rolled out, `games`
                    // each, and the values compared are the rollouts'.
                    rolled += 1;
                    assert_eq!((j.plies, j.rollout), (2, games), "{j:?}");
                    let ctx = money(&net, &pos, &rules, &state, games);
                    let made_r = ctx.rolled_out(&pos.play_unchecked(&made));
                    assert!((j.made_equity - made_r).abs() < 1e-9, "{j:?} {made_r}");
                    if j.best != made {
                        let best_r = ctx.rolled_out(&pos.play_unchecked(&j.best));
                        assert!((j.best_equity - best_r).abs() < 1e-9, "{j:?} {best_r}");
                        assert!(j.lost() > 0.0);
                    }
                    // The rollout is not the search: it values the play
                    // made otherwise than the 4-ply search did.
                    let made4 = ctx.value(&pos.play_unchecked(&made), 3);
                    assert!((made4 - made_r).abs() > 1e-6, "{made4} {made_r}");
                } else {
                    assert_eq!(j, searched, "no rollout: the 4-ply judgement");
                    clear += 1;
                }
            }
            pos = pos.play_unchecked(&made);
            if pos.winner().is_some() || (rolled >= 2 && clear >= 1) {
                break;
            }
        }
        assert!(rolled > 0, "no decision of the game was close");
        assert!(clear > 0, "every decision of the game was rolled out");
    }

    #[test]
    fn a_close_decision_rolls_out_up_to_three_rivals_within_the_margin_and_keeps_the_best() {
        let net = crate::net::default_net();
        let rules = Rules::standard();
        let state = MatchState::money();
        let pos = Position::start();
        let plays = pos.legal_plays(Roll::new(6, 4), &rules);
        // Made-up 2-ply values: the play made third, four others within
        // the margin of it, the sixth beyond it.
        let values = [0.30, 0.28, 0.25, 0.24, 0.22, 0.20, 0.10];
        assert!(plays.len() >= values.len(), "{}", plays.len());
        let searched: Vec<(f64, Play, Position)> = values
            .iter()
            .zip(plays.iter())
            .map(|(&v, p)| (v, *p, pos.play_unchecked(p)))
            .collect();
        let (made, made_after) = (searched[2].1, searched[2].2);
        let ctx = money(&net, &pos, &rules, &state, 36);
        let j = by_rollout(&ctx, &searched, &made, &made_after).expect("a close decision");
        // The judgement is the rollouts':
        // the play made, and the three best others within 0.10 of it
        // (the first, the second and the fourth), not the fifth.
        let rolled = |k: usize| ctx.rolled_out(&searched[k].2);
        let (best, best_k) = [0, 1, 3]
            .iter()
            .map(|&k| (rolled(k), k))
            .max_by(|a, b| a.0.total_cmp(&b.0))
            .unwrap();
        assert_eq!((j.plies, j.rollout), (2, 36), "{j:?}");
        assert!((j.made_equity - rolled(2)).abs() < 1e-12, "{j:?}");
        assert!(
            (j.best_equity - best.max(rolled(2))).abs() < 1e-12,
            "{j:?} {best}"
        );
        if best > rolled(2) {
            assert_eq!(j.best, searched[best_k].1, "{j:?}");
        }
        assert!(
            (rolled(4) - j.best_equity).abs() > 1e-9,
            "the fifth rival was not rolled out, so it cannot be the best"
        );
        // The runner-up beyond the margin: no rollout.
        let far: Vec<_> = searched.iter().skip(2).copied().collect();
        let far = [vec![(0.50, searched[0].1, searched[0].2)], far].concat();
        assert!(by_rollout(&ctx, &far, &made, &made_after).is_none());
    }
}
