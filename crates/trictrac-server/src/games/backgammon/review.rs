//! The review of a backgammon game or match for the page: the review of
//! `trictrac bg review` ([`backgammon_bot::analysis::review`]) of a
//! `.mat` text (a finished room's record or a file uploaded), with what
//! the page steps through: each decision's position, the play made and
//! the best one as moves to draw, gnubg's mark, and White's equity after
//! each play for the graph over the game; per player the error rates in
//! mEMG and gnubg's rating words.

use backgammon::{MatFile, MatchId, Play, Position, Roll, Rules, Side};
use backgammon_bot::analysis::review::{self, CubeReview, MoveReview, Review, THRESHOLDS};
use backgammon_bot::analysis::service::Analyst;
use backgammon_bot::net::equity;
use backgammon_bot::BgNet;
use serde_json::{json, Value};

use super::analysis::{board_json, chances_json, explain_value, why_value};
use super::view::play_json;
use backgammon_bot::analysis::explain::{features, why};

/// The largest `.mat` text reviewed (a long match is ~100 kB).
pub const MAT_MAX: usize = 512 * 1024;

/// The depth of the page's review: 2 plies, as `trictrac bg review`
/// (a play that is not the best there is checked again at 3 plies).
pub const PLIES: u8 = 2;

fn r4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}

/// Reads a `.mat` text for a review.
///
/// # Errors
/// Empty, too long, not a `.mat`, or without a play to review.
pub fn parse(text: &str, rules: Rules) -> Result<MatFile, crate::error::AnalysisError> {
    if text.trim().is_empty() {
        return Err("send the text of a .mat file (GNU Backgammon's match export)".into());
    }
    if text.len() > MAT_MAX {
        return Err(format!("a .mat file is at most {} kB", MAT_MAX / 1024).into());
    }
    let mat = MatFile::parse(text, rules).map_err(|e| e.to_string())?;
    if review::plays_in(&mat) == 0 {
        return Err("the .mat file holds no play to review".into());
    }
    Ok(mat)
}

/// The play written `text` among the legal plays of `roll` in `pos`.
fn find_play(pos: &Position, roll: Roll, rules: &Rules, text: &str) -> Option<Play> {
    pos.legal_plays(roll, rules)
        .iter()
        .find(|p| p.to_string() == text)
        .copied()
}

fn position_of(position_id: &str, match_id: &str) -> Option<(Position, MatchId)> {
    let m: MatchId = match_id.parse().ok()?;
    let pos = Position::from_position_id(position_id, m.dice_owner).ok()?;
    Some((pos, m))
}

/// White's cubeless equity (0 ply) after `play` of `side` in `pos`.
fn white_equity(net: &BgNet, pos: &Position, play: &Play, side: Side, rules: &Rules) -> f64 {
    let e = f64::from(equity(&net.after_play(
        &pos.play_unchecked(play),
        side,
        rules.preset,
    )));
    if side == Side::White {
        e
    } else {
        -e
    }
}

fn move_step(net: &BgNet, m: &MoveReview, rules: &Rules) -> Value {
    let mut v = json!({
        "kind": "play",
        "number": m.number,
        "side": m.side.name(),
        "dice": [m.roll.high().value(), m.roll.low().value()],
        "play": m.play,
        "best": m.best,
        "lost": r4(m.lost),
        "forced": m.forced,
        "mark": m.mark.sign(),
        "mark_words": m.mark.words(),
        "luck": r4(m.luck),
        "position_id": m.position_id,
        "match_id": m.match_id,
    });
    if let Some((pos, _)) = position_of(&m.position_id, &m.match_id) {
        v["position"] = board_json(&pos);
        if let Some(p) = find_play(&pos, m.roll, rules, &m.play) {
            v["made_moves"] = play_json(&p, m.side)["m"].clone();
            v["equity"] = json!(r4(white_equity(net, &pos, &p, m.side, rules)));
        }
        if m.best != m.play {
            let best = find_play(&pos, m.roll, rules, &m.best);
            if let Some(p) = &best {
                v["best_moves"] = play_json(p, m.side)["m"].clone();
            }
            // Why the best rather than the play made (issue 40): the
            // features of both positions, in the mover's eyes, and the
            // differences that weigh most, with the equity lost.
            let made = find_play(&pos, m.roll, rules, &m.play);
            if let (Some(b), Some(p)) = (best, made) {
                let pos = pos.with_turn(m.side);
                let fb = features(&pos, &pos.play_unchecked(&b), rules);
                let fp = features(&pos, &pos.play_unchecked(&p), rules);
                v["explain"] = json!({
                    "best": explain_value(&fb),
                    "play": explain_value(&fp),
                });
                v["why"] = why_value(&why((&m.best, &fb), (&m.play, &fp), m.lost as f32));
            }
        }
    }
    v
}

fn cube_step(c: &CubeReview) -> Value {
    let a = &c.analysis;
    let mut v = json!({
        "kind": "cube",
        "number": c.number,
        "side": c.side.name(),
        "action": c.action,
        "lost": r4(c.lost),
        "error": c.error,
        "counted": c.counted,
        "mark": c.mark.sign(),
        "mark_words": c.mark.words(),
        "position_id": c.position_id,
        "match_id": c.match_id,
        "cube": {
            "no_double": r4(a.no_double),
            "double_take": r4(a.double_take),
            "double_pass": r4(a.double_pass),
            "action": a.action,
        },
        "chances": chances_json(&a.outputs),
    });
    if let Some((pos, m)) = position_of(&c.position_id, &c.match_id) {
        v["position"] = board_json(&pos);
        // White's cubeless equity of the doubler's position.
        let e = if m.dice_owner == Side::White {
            a.cubeless
        } else {
            -a.cubeless
        };
        v["equity"] = json!(r4(e));
    }
    v
}

/// The page's review of `mat`: the players' statistics and, per game,
/// its decisions in order (the cube decisions before the play of the
/// same turn).
pub fn review_json(net: &BgNet, mat: &MatFile, r: &Review, rules: &Rules) -> Value {
    let players: Vec<Value> = r
        .players
        .iter()
        .zip([Side::White, Side::Black])
        .map(|(p, side)| {
            json!({
                "name": p.name,
                "side": side.name(),
                "error_rate": r4(p.error_rate()),
                "checker_error_rate": r4(p.checker_error_rate()),
                "cube_error_rate": r4(p.cube_error_rate()),
                "luck_rate": r4(p.luck_rate()),
                "rating": p.rating(),
                "unforced": p.unforced,
                "cube_decisions": p.cube_decisions,
                "marks": p.marks,
                "cube_errors": p.cube_errors,
            })
        })
        .collect();
    let games: Vec<Value> = r
        .games
        .iter()
        .zip(&mat.games)
        .enumerate()
        .map(|(i, (gr, g))| {
            let mut steps = Vec::with_capacity(gr.moves.len() + gr.cubes.len());
            let mut cubes = gr.cubes.iter().peekable();
            for m in &gr.moves {
                while let Some(c) = cubes.next_if(|c| c.number <= m.number) {
                    steps.push(cube_step(c));
                }
                steps.push(move_step(net, m, rules));
            }
            steps.extend(cubes.map(cube_step));
            let s = g.match_state().score;
            json!({
                "n": i + 1,
                "score": { "white": s.white, "black": s.black },
                "result": g.result().map(|r| r.to_string()),
                "steps": steps,
            })
        })
        .collect();
    let side = |p: &backgammon_bot::analysis::review::PlayerStats| crate::games::SideFigures {
        decisions: p.unforced + p.cube_decisions,
        error_rate: r4(p.error_rate()),
        luck: r4(p.luck_rate()),
        rating: Some(p.rating().to_string()),
    };
    let figures = crate::games::ReviewFigures {
        unit: "mEMG".into(),
        white: side(&r.players[0]),
        black: side(&r.players[1]),
    };
    json!({
        "kind": "backgammon",
        "figures": figures,
        "evaluator": format!(
            "neural network, {PLIES} plies (plays not the best checked at {} plies)",
            PLIES + 1
        ),
        "plies": PLIES,
        "thresholds": THRESHOLDS,
        "length": mat.length,
        "names": { "white": mat.names.white, "black": mat.names.black },
        "players": players,
        "games": games,
    })
}

/// Reviews the `.mat` text at [`PLIES`]. Blocking (seconds of search):
/// run it off the async threads.
///
/// # Errors
/// A text that is not a `.mat` file, or a game its engine refuses.
pub fn review_text(text: &str, rules: Rules) -> Result<Value, crate::error::AnalysisError> {
    let mat = parse(text, rules)?;
    let net = backgammon_bot::default_net();
    let r = Analyst::new(&net).review(
        &mat,
        &rules,
        review::Options {
            depth: PLIES.into(),
            threads: 0,
        },
        &|| {},
    )?;
    Ok(review_json(&net, &mat, &r, &rules))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_blunder_is_marked_with_its_best_play_and_the_graph_has_a_point_per_play() {
        // 42: 24/20 24/22 instead of making the 4-point (gnubg: an error).
        let text = " 1 point match\n\n Game 1\n A : 0     B : 0\n  1) 31: 8/5 6/5   65: 24/13\n  2) 42: 24/20 24/22\n";
        let v = review_text(text, Rules::standard()).unwrap();
        let steps = v["games"][0]["steps"].as_array().unwrap();
        let plays: Vec<&Value> = steps.iter().filter(|s| s["kind"] == "play").collect();
        assert_eq!(plays.len(), 3, "{v}");
        for p in &plays {
            assert!(p["equity"].is_number(), "{p}");
            assert_eq!(p["position"]["board"].as_array().unwrap().len(), 24);
        }
        let last = plays[2];
        assert_ne!(last["mark"], "", "{last}");
        assert_eq!(last["best"], "8/4 6/4", "{last}");
        assert_eq!(last["best_moves"].as_array().unwrap().len(), 2, "{last}");
        // Why the best rather than the play made (issue 40): the 4-point
        // made, against two blots left in the opponent's board.
        assert_eq!(last["why"]["play"], "8/4 6/4", "{last}");
        assert_eq!(last["why"]["other"], last["play"], "{last}");
        assert!(
            !last["why"]["reasons"].as_array().unwrap().is_empty(),
            "{last}"
        );
        assert_eq!(last["explain"]["best"]["points_made"], json!([4]), "{last}");
        assert!(last["explain"]["play"]["summary"].is_string(), "{last}");
        // A best play made has nothing to explain.
        assert!(plays[0]["why"].is_null(), "{}", plays[0]);
        assert!(v["players"][0]["error_rate"].as_f64().unwrap() > 0.0);
        assert!(v["players"][0]["rating"].is_string());
    }

    #[test]
    fn what_is_not_a_mat_file_is_refused_with_a_reason() {
        assert!(parse("", Rules::standard())
            .unwrap_err()
            .to_string()
            .contains(".mat"));
        assert!(parse("hello\n", Rules::standard()).is_err());
    }
}
