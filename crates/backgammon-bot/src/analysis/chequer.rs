//! The judgement of a chequer play for the review, as gnubg's analysis
//! judges one: every legal play valued at 0 ply, the candidates kept by
//! gnubg's move filter (the best, up to [`REVIEW_KEEP`] within
//! [`REVIEW_MARGIN`]) and the play made searched deeper, each by its
//! cubeful equity: the cubeful search of the position after the play
//! ([`searched_after_play`]), the opponent and then the mover taking
//! their cube decisions on the way, as gnubg's cubeful n-ply evaluation
//! does.
//!
//! gnubg analyses at its 2-ply, two levels of rolls below the play; the
//! candidates are first searched one level deep (our 2 plies, gnubg's
//! 1-ply). One level alone sees errors in plays that a level deeper
//! rates as good as the best (the evaluator's odd-even swing), and the
//! best of several noisy values is too high on average: the play picked
//! as the best looks better than it is. So when the play made is not the
//! best at one level, the best there and the play made are both searched
//! again two levels deep (our 3 plies, gnubg's 2-ply), and the equity
//! lost is the difference of those two values (a fresh value of the play
//! picked, free of the bias of its picking); a play made that is the
//! best at one level loses nothing.

use backgammon::{Cube, MatchState, Play, PlayList, Position, Rules};
use neural::Outputs;

use super::cubeful;
use super::deeper;
pub use super::judgement::{Depth, Judgement};
use crate::cube::mwc::dead_cube_value;
use crate::cube::search::searched_after_play;
use crate::net::{equity, flip, BgNet};
use crate::search::deep;

/// How many plays are searched at 2 plies: the best at 0 ply, up to
/// this many (gnubg's move filter for its analysis keeps 8)...
pub const REVIEW_KEEP: usize = deep::KEEP_2PLY;
/// ... within this much equity of the best at 0 ply (gnubg's 0.16).
pub const REVIEW_MARGIN: f32 = deep::MARGIN_2PLY;

/// The cubeful equity, normalised (units of the cube; in a match,
/// normalised money equity), in the mover's eyes, of the position
/// `after` his play with outputs `o` in his eyes: the opponent's
/// proper cube action there, turned around (gnubg judges plays by
/// cubeful equities: in a position too good to double, say, a play
/// that gives up gammon chances loses less than cubeless equity says).
/// When the play ends the game the value is that of its outcome
/// ([`dead_cube_value`]); in the Crawford game (BG-7.5) the cube model
/// itself values the outcomes alone ([`crate::cube::crawford_decision`]).
pub fn cubeful_after(
    o: &Outputs,
    after: &Position,
    rules: &Rules,
    state: &MatchState,
    cube: Cube,
) -> f64 {
    if after.winner().is_some() {
        return dead_cube_value(o, !after.turn(), state, cube);
    }
    -cubeful::analyse_outputs(&flip(o), after, rules, state, cube).best()
}

/// The plays `plays` of `pos` (the legal plays of its roll) judged
/// against the play `made` at `depth` (its plies: 0; 2 with the 3-ply
/// check of the module's description; 4 with the deeper judgement of
/// [`super::deeper`], and its rollout of the close decisions when
/// `depth` asks for one), under the match state and cube of `ctx`. At 0
/// ply every legal play is valued.
pub fn judge(
    net: &BgNet,
    pos: &Position,
    plays: &PlayList,
    made: &Play,
    rules: &Rules,
    ctx: (&MatchState, Cube),
    depth: impl Into<Depth>,
) -> Judgement {
    let (state, cube) = ctx;
    let Depth { plies, rollout } = depth.into();
    let mover = pos.turn();
    let value = |o: &Outputs, after: &Position| cubeful_after(o, after, rules, state, cube);
    let made_after = pos.play_unchecked(made);
    let mut ranked: Vec<(f32, Play, Position, Outputs)> = plays
        .iter()
        .map(|p| {
            let after = pos.play_unchecked(p);
            let o = net.after_play(&after, mover, rules.preset);
            (equity(&o), *p, after, o)
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    if plies == 0 {
        let mut made_eq = f64::NEG_INFINITY;
        let mut best = (f64::NEG_INFINITY, *made);
        for (_, p, after, o) in &ranked {
            let e = value(o, after);
            if *after == made_after {
                made_eq = e;
            }
            if e > best.0 {
                best = (e, *p);
            }
        }
        if made_eq == f64::NEG_INFINITY {
            // Not among the legal plays as listed (another order of the
            // same moves reaches one of them): valued alike.
            made_eq = value(
                &net.after_play(&made_after, mover, rules.preset),
                &made_after,
            );
        }
        return Judgement::settle(best, made, made_eq, 0);
    }
    // 2 plies: the candidates of gnubg's filter and the play made.
    let top = ranked.first().map_or(0.0, |r| r.0);
    // A play's cubeful equity searched `levels` levels of rolls below
    // it, each side taking his cube decisions on the way.
    let searched_value = |after: &Position, levels| {
        searched_after_play(net, after, mover, rules, state, cube, levels)
    };
    let mut searched: Vec<(f64, Play, Position)> = Vec::new();
    for (k, (e0, p, after, _)) in ranked.iter().enumerate() {
        let candidate = k < REVIEW_KEEP && *e0 >= top - REVIEW_MARGIN;
        if candidate || *after == made_after {
            searched.push((searched_value(after, 1), *p, *after));
        }
    }
    if !searched.iter().any(|s| s.2 == made_after) {
        searched.push((searched_value(&made_after, 1), *made, made_after));
    }
    searched.sort_by(|a, b| b.0.total_cmp(&a.0));
    if plies >= 4 {
        // Deeper: the finalists at 3 plies, the close decisions at 4.
        let ctx = deeper::Context {
            net,
            pos,
            rules,
            state,
            cube,
            rollout,
        };
        return deeper::judge_deeper(&ctx, &searched, made, &made_after);
    }
    let (best2, best_play, best_after) = searched[0];
    let made2 = searched
        .iter()
        .find(|s| s.2 == made_after)
        .map_or(best2, |s| s.0);
    if made2 >= best2 {
        // The play made is the best at 2 plies.
        return Judgement::settle((best2, best_play), made, made2, 2);
    }
    // The best at 2 plies and the play made, valued again at 3.
    let made3 = searched_value(&made_after, 2);
    let best3 = searched_value(&best_after, 2);
    Judgement::settle((best3, best_play), made, made3, 3)
}

#[cfg(test)]
mod tests {
    use super::*;
    use backgammon::Side;

    fn setup(roll: &str) -> (Position, PlayList, Rules) {
        let rules = Rules::standard();
        let pos = Position::start();
        let roll: backgammon::Roll = roll.parse().expect("a roll");
        let plays = pos.legal_plays(roll, &rules);
        (pos, plays, rules)
    }

    /// The legal play written `text` (its moves in any order).
    fn find(plays: &PlayList, text: &str) -> Play {
        let key = |t: &str| {
            let mut w: Vec<String> = t.split_whitespace().map(String::from).collect();
            w.sort();
            w
        };
        *plays
            .iter()
            .find(|p| key(&p.to_string()) == key(text))
            .unwrap_or_else(|| panic!("{text} is legal"))
    }

    /// The judgement of the play `made` from the start, money play, the
    /// cube centred, with `plies` for the first search.
    fn judged(
        pos: &Position,
        plays: &PlayList,
        made: &Play,
        rules: &Rules,
        plies: u8,
    ) -> Judgement {
        judge(
            &crate::net::default_net(),
            pos,
            plays,
            made,
            rules,
            (&MatchState::money(), Cube::centred()),
            plies,
        )
    }

    #[test]
    fn a_play_worse_than_the_best_at_2_plies_is_judged_at_3() {
        let (pos, plays, rules) = setup("4-2");
        let made = find(&plays, "24/20 24/22");
        let j = judged(&pos, &plays, &made, &rules, 2);
        assert_eq!(j.plies, 3, "{j:?}");
        assert_eq!(j.best, find(&plays, "8/4 6/4"), "{j:?}");
        // The loss is the difference of the two plays' values searched
        // two levels of rolls deep.
        let net = crate::net::default_net();
        let at3 = |p: &Play| {
            let after = pos.play_unchecked(p);
            searched_after_play(
                &net,
                &after,
                pos.turn(),
                &rules,
                &MatchState::money(),
                Cube::centred(),
                2,
            )
        };
        let want = at3(&j.best) - at3(&made);
        assert!(
            (j.lost() - want).abs() < 1e-9,
            "{} against {want}",
            j.lost()
        );
        assert!(j.lost() > 0.03, "{j:?}");
    }

    #[test]
    fn the_best_play_at_2_plies_loses_nothing_and_is_not_searched_deeper() {
        let (pos, plays, rules) = setup("3-1");
        let made = find(&plays, "8/5 6/5");
        let j = judged(&pos, &plays, &made, &rules, 2);
        assert_eq!(j.plies, 2, "{j:?}");
        assert_eq!(j.best, made, "{j:?}");
        assert_eq!(j.lost(), 0.0);
        // At 0 ply every play is valued, the made one among them.
        let j0 = judged(&pos, &plays, &made, &rules, 0);
        assert_eq!(j0.plies, 0);
        assert!(j0.lost() < 0.03, "{j0:?}");
    }

    fn outputs(p: f32, wg: f32, lg: f32) -> Outputs {
        let mut o = [0.0f32; neural::MAX_OUTPUTS];
        o[0] = p;
        o[1] = wg;
        o[3] = lg;
        o
    }

    /// A 7-point match at `white`–`black`, White's position after his play
    /// (Black on roll).
    fn in_match(white: u32, black: u32, crawford: bool) -> (MatchState, Position) {
        let mut st = MatchState::to(7);
        st.score = backgammon::BySide::new(white, black);
        st.crawford = crawford;
        st.crawford_done = !crawford && (white == 6 || black == 6);
        let mut after = Position::start();
        if after.turn() == Side::White {
            let rules = Rules::standard();
            let plays = after.legal_plays("2-1".parse().expect("a roll"), &rules);
            after = after.play_unchecked(&plays[0]);
        }
        (st, after)
    }

    #[test]
    fn in_the_crawford_game_a_play_is_valued_by_its_outcomes_alone() {
        // White 6 away, Black 1 away, the Crawford game (BG-7.5): no cube.
        let (st, after) = in_match(1, 6, true);
        assert_eq!(after.turn(), Side::Black);
        let rules = Rules::standard();
        let c = Cube::centred();
        let even = cubeful_after(&outputs(0.5, 0.0, 0.0), &after, &rules, &st, c);
        assert!(even.abs() < 1e-6, "{even}");
        // White's wins all gammons: each worth the chances at 4 away
        // against those at 5 away (after the Crawford game).
        let met = crate::cube::met();
        let gammons = cubeful_after(&outputs(0.5, 0.5, 0.0), &after, &rules, &st, c);
        let want = 2.0 * 0.5 * met.post_crawford(4, 1) / met.post_crawford(5, 1) - 1.0;
        assert!((gammons - want).abs() < 1e-6, "{gammons} against {want}");
        // His gammon losses cost nothing more: the match is lost anyway.
        let lost = cubeful_after(&outputs(0.5, 0.0, 0.4), &after, &rules, &st, c);
        assert!(lost.abs() < 1e-6, "{lost}");
    }

    #[test]
    fn a_play_that_wins_the_match_is_worth_a_win_whatever_the_gammon() {
        // Double match point: the gammon wins no more than the game.
        let (st, _) = in_match(6, 6, false);
        let won_gammon = outputs(1.0, 1.0, 0.0);
        let v = dead_cube_value(&won_gammon, Side::White, &st, Cube::centred());
        assert!((v - 1.0).abs() < 1e-9, "{v}");
        // In money play it is the cubeless equity: two points.
        let m = dead_cube_value(
            &won_gammon,
            Side::White,
            &MatchState::money(),
            Cube::centred(),
        );
        assert!((m - 2.0).abs() < 1e-9, "{m}");
    }
}
