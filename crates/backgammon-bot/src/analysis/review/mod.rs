//! The review of a game or a match, as gnubg analyses one: every
//! chequer play against the best (the equity lost and gnubg's marks),
//! every cube decision (missed double, wrong double, wrong take or
//! pass), the luck of every roll; per player the error rates in mEMG and
//! gnubg's rating words.
//!
//! gnubg's definitions (GNU Backgammon 1.07, `show analysis` and its
//! statistics): an error is the normalised equity lost (in units of the
//! cube, the side's own eyes); the chequer error rate is the chequer
//! error ×1000 divided by the unforced moves (more than one legal
//! resulting position); the cube error rate the cube error ×1000 divided
//! by the close or actual cube decisions; the error rate both errors
//! divided by both counts; the luck rate the luck ×1000 per roll. Marks:
//! doubtful from 0.03, bad from 0.06, very bad from 0.12 (gnubg's
//! thresholds as its `show analysis` prints them). The rating is gnubg's
//! word for the error rate ([`rating`]).
//!
//! Plays are judged, as gnubg judges them, by cubeful equity: the
//! position after each play searched over the rolls with both sides
//! taking their cube decisions on the way ([`crate::cube::search`]; one
//! level of rolls, the close ones checked at two: [`super::chequer`];
//! money, or normalised money equity in a match), the play made and the
//! best play valued alike. Cube decisions are those of
//! [`super::cubeful`]: the bot's cheap estimate of the chances settles
//! the clear no-doubles, and every decision the review may count (close
//! or actual, or an error on the cheap estimate) is judged by the cubeful
//! search two levels of rolls deep, gnubg's 2-ply ([`cube_analysis`]).
//! The luck of a roll is
//! the 0-ply cubeless value of its best play minus the mean over the
//! rolls.

use std::sync::atomic::{AtomicUsize, Ordering};

use backgammon::matchid::MatchId;
use backgammon::{Event, Game, MatFile, Phase, PlayList, Position, Roll, Rules, Side};

mod sheet;

pub use sheet::{
    rating, CubeReview, GameReview, Mark, MoveReview, PlayerStats, Review, THRESHOLDS,
};

use super::chequer::judge;
pub use super::chequer::Depth;
use super::cubeful::{self, CubeAnalysis};
use crate::cube::depth::DEEP_MARGIN;
use crate::cube::score::Score;
use crate::net::{equity, BgNet};

/// The luck of `roll` for the side on roll of `pos`: the 0-ply value of
/// its best play minus the mean over the rolls (`opening`: the 30
/// non-double rolls only).
pub fn luck(net: &BgNet, pos: &Position, roll: Roll, rules: &Rules, opening: bool) -> f64 {
    let mut buf = PlayList::new();
    let mut sum = 0.0f64;
    let mut weight = 0.0f64;
    let mut got = 0.0f64;
    for r in Roll::ALL {
        if opening && r.is_double() {
            continue;
        }
        let (_, o) = super::best_after_roll(net, pos, r, rules, &mut buf);
        let e = f64::from(equity(&o));
        let w = f64::from(r.weight());
        sum += w * e;
        weight += w;
        if r == roll {
            got = e;
        }
    }
    got - sum / weight
}

fn ids(game: &Game) -> (String, String) {
    (
        game.position().to_position_id(),
        MatchId::of_game(game).to_string(),
    )
}

/// The cube analysis of the side on roll of `game` for the review, and
/// its depth in levels of rolls: the cheap estimate (the model on
/// [`cubeful::cube_outputs`] at 2 plies, the mean of the position's value
/// and its value after the roller's rolls: depth 1) when it finds not
/// doubling right and clear (the doubling and the taking decisions both
/// at least [`DEEP_MARGIN`] from their turning points, farther than
/// gnubg's 0.16 that makes a decision close), which the review does not
/// count; else, and for an actual double (`doubled`) and its answer, the
/// cubeful search two levels of rolls deep ([`cubeful::analyse`] at 2,
/// gnubg's 2-ply, the depth of its analysis), on which the decision is
/// counted and its error measured.
pub fn cube_analysis(net: &BgNet, game: &Game, doubled: bool) -> (CubeAnalysis, u8) {
    let (pos, rules) = (game.position(), game.rules());
    let (state, cube) = (game.match_state(), game.cube());
    let cheap = cubeful::analyse_outputs(
        &cubeful::cube_outputs(net, pos, rules, 2),
        pos,
        rules,
        state,
        cube,
    );
    let clear = cheap.double_margin() >= DEEP_MARGIN
        && cheap.take_margin() >= DEEP_MARGIN
        && cheap.doubler_error(false) == 0.0;
    if clear && !doubled {
        (cheap, 1)
    } else {
        (
            cubeful::analyse(net, pos, rules, Score { state, cube }, 2),
            2,
        )
    }
}

/// Reviews one game: replays its events in a new game from its match
/// state, judging every decision.
pub fn review_game(
    net: &BgNet,
    played: &Game,
    rules: &Rules,
    depth: Depth,
    tick: &(dyn Fn() + Sync),
) -> Result<GameReview, String> {
    let mut g = Game::new(*rules, *played.match_state());
    let mut out = GameReview::default();
    let mut number = 0u32;
    // The cube analysis before a double, for the answer.
    let mut offered: Option<(CubeAnalysis, u8)> = None;
    let mut pending_luck: Option<f64> = None;
    for ev in played.events() {
        match *ev {
            Event::Opening { white, black } => {
                g.opening(white, black).map_err(|e| e.to_string())?;
                if let Phase::Play(_, roll) = g.phase() {
                    pending_luck = Some(luck(net, g.position(), roll, rules, true));
                }
            }
            Event::Roll { side, roll } => {
                if g.can_double(side) {
                    let (a, cube_plies) = cube_analysis(net, &g, false);
                    let lost = a.doubler_error(false);
                    let counted =
                        (a.double_take.min(a.double_pass) - a.no_double).abs() < 0.16 || lost > 0.0;
                    let (position_id, match_id) = ids(&g);
                    out.cubes.push(CubeReview {
                        number: number + 1,
                        side,
                        action: "no double",
                        position_id,
                        match_id,
                        lost,
                        error: match (lost > 0.0, a.take) {
                            (false, _) => "",
                            (true, true) => "missed double below CP",
                            (true, false) => "missed double above CP",
                        },
                        counted,
                        mark: Mark::of(lost),
                        analysis: a,
                        plies: cube_plies,
                    });
                }
                pending_luck = Some(luck(net, g.position(), roll, rules, false));
                g.roll(roll).map_err(|e| e.to_string())?;
            }
            Event::Double { side, .. } => {
                let (a, cube_plies) = cube_analysis(net, &g, true);
                let lost = a.doubler_error(true);
                let (position_id, match_id) = ids(&g);
                out.cubes.push(CubeReview {
                    number: number + 1,
                    side,
                    action: "double",
                    position_id,
                    match_id,
                    lost,
                    error: match (lost > 0.0, a.no_double > a.double_pass) {
                        (false, _) => "",
                        (true, false) => "wrong double below DP",
                        (true, true) => "wrong double above TG",
                    },
                    counted: true,
                    mark: Mark::of(lost),
                    analysis: a.clone(),
                    plies: cube_plies,
                });
                offered = Some((a, cube_plies));
                g.double().map_err(|e| e.to_string())?;
            }
            Event::Take { side } | Event::Beaver { side } | Event::Drop { side } => {
                let took = !matches!(ev, Event::Drop { .. });
                if let Some((a, cube_plies)) = offered.take() {
                    let lost = a.taker_error(took);
                    let (position_id, match_id) = ids(&g);
                    out.cubes.push(CubeReview {
                        number: number + 1,
                        side,
                        action: if took { "take" } else { "pass" },
                        position_id,
                        match_id,
                        lost,
                        error: match (lost > 0.0, took) {
                            (false, _) => "",
                            (true, true) => "wrong take",
                            (true, false) => "wrong pass",
                        },
                        counted: true,
                        mark: Mark::of(lost),
                        analysis: a,
                        plies: cube_plies,
                    });
                }
                let r = match ev {
                    Event::Take { .. } => g.take(),
                    Event::Beaver { .. } => g.beaver(),
                    _ => g.drop_double(),
                };
                r.map_err(|e| e.to_string())?;
            }
            Event::Play { side, roll, play } => {
                number += 1;
                let plays = g.legal_plays().clone();
                let pos = *g.position();
                let forced = plays.len() <= 1;
                let (best, lost, plies, rollout) = if forced {
                    (play, 0.0, 0, 0)
                } else {
                    let ctx = (*g.match_state(), g.cube());
                    let j = judge(net, &pos, &plays, &play, rules, (&ctx.0, ctx.1), depth);
                    (j.best, j.lost(), j.plies, j.rollout)
                };
                let (position_id, match_id) = ids(&g);
                out.moves.push(MoveReview {
                    number,
                    side,
                    roll,
                    position_id,
                    match_id,
                    play: play.to_string(),
                    best: best.to_string(),
                    lost,
                    forced,
                    plies,
                    rollout,
                    mark: Mark::of(lost),
                    luck: pending_luck.take().unwrap_or(0.0),
                });
                tick();
                g.play(&play).map_err(|e| e.to_string())?;
            }
            Event::Resign { side, kind } => {
                g.resign(side, kind).map_err(|e| e.to_string())?;
            }
            Event::ResignOffer { side, kind } => {
                g.offer_resignation(side, kind).map_err(|e| e.to_string())?;
            }
            Event::ResignDeclined { side } => {
                g.answer_resignation(side, false)
                    .map_err(|e| e.to_string())?;
            }
            Event::ResignWithdrawn { side } => {
                g.withdraw_resignation(side).map_err(|e| e.to_string())?;
            }
        }
    }
    Ok(out)
}

/// The number of chequer plays in `mat` (the steps of a progress bar).
pub fn plays_in(mat: &MatFile) -> u64 {
    mat.games
        .iter()
        .map(|g| {
            g.events()
                .iter()
                .filter(|e| matches!(e, Event::Play { .. }))
                .count() as u64
        })
        .sum()
}

/// How deep and on how many cores a review works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// How deep the chequer plays are judged: 0, 2 (the commands'
    /// default) or 4 plies (the close plays judged at 4,
    /// [`super::deeper`]), with 4 the games of each play's rollout in the
    /// close decisions (0: none).
    pub depth: Depth,
    /// Cores to use (0: all).
    pub threads: usize,
}

impl Options {
    /// A review at `plies` on one core (the same order of work every
    /// time, as the tests want).
    pub fn one_thread(plies: u8) -> Self {
        Options {
            depth: plies.into(),
            threads: 1,
        }
    }
}

/// Reviews every game of `mat` at `options.depth` on `options.threads`
/// cores; `tick` is called after every chequer play judged.
pub fn review(
    net: &BgNet,
    mat: &MatFile,
    rules: &Rules,
    options: Options,
    tick: &(dyn Fn() + Sync),
) -> Result<Review, String> {
    let Options { depth, threads } = options;
    let threads = if threads == 0 {
        std::thread::available_parallelism().map_or(1, |n| n.get())
    } else {
        threads
    }
    .clamp(1, mat.games.len().max(1));
    let next = AtomicUsize::new(0);
    let mut done: Vec<(usize, Result<GameReview, String>)> = Vec::new();
    std::thread::scope(|scope| {
        let hs: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= mat.games.len() {
                            break;
                        }
                        mine.push((i, review_game(net, &mat.games[i], rules, depth, tick)));
                    }
                    mine
                })
            })
            .collect();
        for h in hs {
            done.extend(h.join().expect("a review worker panicked"));
        }
    });
    done.sort_by_key(|x| x.0);
    let mut players = [
        PlayerStats {
            name: mat.names.white.clone(),
            ..PlayerStats::default()
        },
        PlayerStats {
            name: mat.names.black.clone(),
            ..PlayerStats::default()
        },
    ];
    let idx = |s: Side| usize::from(s == Side::Black);
    let mut games = Vec::with_capacity(done.len());
    for (i, r) in done {
        let gr = r.map_err(|e| format!("game {}: {e}", i + 1))?;
        for m in &gr.moves {
            let p = &mut players[idx(m.side)];
            p.rolls += 1;
            p.luck += m.luck;
            if !m.forced {
                p.unforced += 1;
                p.checker_error += m.lost;
            }
            if m.mark != Mark::None {
                p.marks[m.mark as usize - 1] += 1;
            }
        }
        for c in &gr.cubes {
            let p = &mut players[idx(c.side)];
            if c.counted {
                p.cube_decisions += 1;
                p.cube_error += c.lost;
            }
            let kind = match c.error {
                e if e.starts_with("missed double") => Some(0),
                e if e.starts_with("wrong double") => Some(1),
                "wrong take" => Some(2),
                "wrong pass" => Some(3),
                _ => None,
            };
            if let Some(k) = kind {
                p.cube_errors[k] += 1;
            }
            if c.mark != Mark::None {
                p.marks[c.mark as usize - 1] += 1;
            }
        }
        games.push(gr);
    }
    Ok(Review { players, games })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The review of the `.mat` file `text` at `plies` by the shipped
    /// network.
    fn reviewed(text: &str, plies: u8) -> Review {
        let mat = MatFile::parse(text, Rules::standard()).expect("a valid file");
        let net = crate::net::default_net();
        review(
            &net,
            &mat,
            &Rules::standard(),
            Options::one_thread(plies),
            &|| {},
        )
        .expect("reviewed")
    }

    #[test]
    fn a_double_at_the_opening_and_its_pass_are_cube_errors() {
        let text = " 5 point match\n\n Game 1\n A : 0     B : 0\n  1) 31: 8/5 6/5               Doubles => 2\n  2)  Drops\n                                  Wins 1 point\n";
        let r = reviewed(text, 0);
        let cubes = &r.games[0].cubes;
        let dbl = cubes
            .iter()
            .find(|c| c.action == "double")
            .expect("the double");
        assert_eq!(dbl.error, "wrong double below DP", "{dbl:?}");
        assert!(dbl.lost > 0.1, "{dbl:?}");
        let pass = cubes.iter().find(|c| c.action == "pass").expect("the pass");
        assert_eq!(pass.error, "wrong pass", "{pass:?}");
        assert!(pass.lost > 0.5, "{pass:?}");
        assert_eq!(r.players[1].cube_errors, [0, 1, 0, 0]);
        assert_eq!(r.players[0].cube_errors, [0, 0, 0, 1]);
        assert!(r.players[0].cube_error_rate() > 100.0);
    }

    #[test]
    fn marks_and_ratings_follow_gnubg() {
        assert_eq!(Mark::of(0.0), Mark::None);
        assert_eq!(Mark::of(0.029), Mark::None);
        assert_eq!(Mark::of(0.03), Mark::Doubtful);
        assert_eq!(Mark::of(0.07), Mark::Bad);
        assert_eq!(Mark::of(0.2), Mark::VeryBad);
        assert_eq!(rating(1.0), "Supernatural");
        assert_eq!(rating(4.9), "World class");
        assert_eq!(rating(7.0), "Expert");
        assert_eq!(rating(11.0), "Advanced");
        assert_eq!(rating(17.0), "Intermediate");
        assert_eq!(rating(25.0), "Casual player");
        assert_eq!(rating(30.0), "Beginner");
        assert_eq!(rating(40.0), "Awful!");
    }

    #[test]
    fn a_blunder_is_found_and_the_best_play_is_not() {
        let text = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 31: 8/5 6/5   65: 24/13\n  2) 42: 24/20 24/22\n";
        let r = reviewed(text, 0);
        let moves = &r.games[0].moves;
        assert_eq!(moves.len(), 3);
        // 31: 8/5 6/5 and 65: 24/13 are the book plays.
        assert!(moves[0].lost < 0.03, "{:?}", moves[0]);
        assert!(moves[1].lost < 0.03, "{:?}", moves[1]);
        // 42: 24/20 24/22 instead of making the 4-point: an error.
        assert!(moves[2].lost > 0.03, "{:?}", moves[2]);
        assert_eq!(moves[2].best, "8/4 6/4");
        assert_eq!(r.players[0].unforced, 2);
        assert!(r.players[0].checker_error_rate() > 10.0);
    }

    #[test]
    fn at_2_plies_a_play_that_is_not_the_best_is_judged_at_3_plies() {
        let text = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 31: 8/5 6/5   65: 24/13\n  2) 42: 24/20 24/22\n";
        let r = reviewed(text, 2);
        let moves = &r.games[0].moves;
        // 31: 8/5 6/5, the best at 2 plies: nothing lost, no deeper look.
        assert_eq!((moves[0].plies, moves[0].lost), (2, 0.0), "{:?}", moves[0]);
        // 42: 24/20 24/22 against 8/4 6/4, compared at 3 plies.
        assert_eq!(moves[2].plies, 3, "{:?}", moves[2]);
        assert_eq!(moves[2].best, "8/4 6/4");
        assert!(moves[2].lost > 0.03, "{:?}", moves[2]);
    }
}
