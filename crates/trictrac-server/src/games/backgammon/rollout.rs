//! The analysis board's rollout: a position (or a play of a roll)
//! played out by the bot, as `trictrac bg rollout` does
//! ([`backgammon_bot::analysis::rollout`]: luck adjustment, quasi-random
//! dice), with its progress sent as it goes and a stop when the page
//! goes away.

use std::collections::HashMap;
use std::sync::atomic::AtomicBool;

use backgammon::{Cube, Position, Rules};
use backgammon_bot::analysis::rollout::{Progress, RolloutResult, Settings};
use backgammon_bot::analysis::service::Analyst;
use serde_json::{json, Value};

use super::analysis::setting;

/// The most games a page may ask for (every pair of first rolls once).
pub const GAMES_MAX: u32 = 1296;

/// The games of a rollout when the page does not say.
pub const GAMES_DEFAULT: u32 = 324;

/// The longest truncation (half-moves) a page may ask for.
pub const TRUNCATE_MAX: u32 = 200;

/// A rollout asked for, checked.
#[derive(Clone, Debug)]
pub struct Request {
    /// The position rolled out, its side on roll about to roll.
    pub root: Position,
    /// The cube at the root.
    pub cube: Cube,
    /// The play rolled out (the root is the position after it, the
    /// result turned to the mover's eyes), or none: the position itself.
    pub play: Option<String>,
    /// The bot's settings.
    pub settings: Settings,
}

fn number(
    q: &HashMap<String, String>,
    name: &str,
    max: u32,
) -> Result<Option<u32>, crate::error::AnalysisError> {
    match q.get(name).map(|t| t.trim()).filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) => t
            .parse::<u32>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .map(Some)
            .ok_or_else(|| format!("{name} `{t}`: a whole number from 1 to {max}").into()),
    }
}

/// A yes-or-no field (`on`/`off`), absent: `off`.
fn on_off(q: &HashMap<String, String>, name: &str) -> Result<bool, crate::error::AnalysisError> {
    match q.get(name).map(|t| t.trim()).unwrap_or("") {
        "" | "off" => Ok(false),
        "on" => Ok(true),
        t => Err(format!("{name} `{t}`: on or off").into()),
    }
}

/// The rollout of the analysis board's query: the setting's fields
/// ([`super::analysis::setting`]), `games` (1 to [`GAMES_MAX`]), `seed`,
/// `truncate`, `plies` (how the bot plays: 0, 1 or 2, as `bg rollout
/// --plies`; 0 when absent), `cubeful` (`on`: the cube played too, money
/// only, and the cubeful equity given) and, with dice, `play` (the play
/// rolled out, gnubg's notation; the best at 0 ply when absent).
///
/// # Errors
/// One line naming the field that is wrong.
pub fn request(
    q: &HashMap<String, String>,
    rules: &Rules,
) -> Result<Request, crate::error::AnalysisError> {
    let s = setting(q)?;
    if s.doubled {
        return Err(
            "a rollout is of a position before the roll or of a play: answer the double first"
                .into(),
        );
    }
    let games = number(q, "games", GAMES_MAX)?.unwrap_or(GAMES_DEFAULT);
    let seed = match q.get("seed").map(|t| t.trim()).filter(|t| !t.is_empty()) {
        None => 1,
        Some(t) => t
            .parse::<u64>()
            .map_err(|_| format!("seed `{t}`: a whole number"))?,
    };
    let truncate = number(q, "truncate", TRUNCATE_MAX)?;
    let plies = match q.get("plies").map(|t| t.trim()).unwrap_or("") {
        "" | "0" => 0,
        "1" => 1,
        "2" => 2,
        t => return Err(format!("plies `{t}`: 0, 1 or 2").into()),
    };
    let cube = on_off(q, "cubeful")?;
    if cube && s.state.length > 0 {
        return Err(
            "cubeful `on`: a rollout plays the cube in money games only (this position is in a match)"
                .into(),
        );
    }
    let settings = Settings {
        games,
        seed,
        truncate,
        plies,
        cube,
        ..Settings::default()
    };
    let Some(roll) = s.dice else {
        return Ok(Request {
            root: s.position,
            cube: s.cube,
            play: None,
            settings,
        });
    };
    let plays = s.position.legal_plays(roll, rules);
    let chosen = match q.get("play").map(|t| t.trim()).filter(|t| !t.is_empty()) {
        Some(text) => *plays
            .iter()
            .find(|p| p.to_string() == text)
            .ok_or_else(|| format!("play `{text}`: not a legal play of {roll} here"))?,
        None => {
            let net = backgammon_bot::default_net();
            let mut buf = backgammon::PlayList::new();
            let (i, _) =
                backgammon_bot::analysis::best_after_roll(&net, &s.position, roll, rules, &mut buf);
            buf[i]
        }
    };
    Ok(Request {
        root: s.position.play_unchecked(&chosen),
        cube: s.cube,
        play: Some(chosen.to_string()),
        settings,
    })
}

/// The result as the page shows it ([`RolloutResult::json`], the
/// cubeful keys `null` when the cube was not played), in the eyes of the
/// side deciding at the root (the mover when a play is rolled out).
fn result_json(r: &RolloutResult, play: Option<&str>) -> Value {
    let mut v = serde_json::to_value(r.json(play.is_some())).unwrap_or_default();
    v["type"] = json!("result");
    v["play"] = json!(play);
    for key in ["cubeful_equity", "cubeful_stderr"] {
        if v.get(key).is_none() {
            v[key] = Value::Null;
        }
    }
    v
}

/// Runs the rollout: `progress` gets `{"type": "progress", "done",
/// "games", "equity", "stderr"}` about fifty times, the answer is the
/// result (`type` `result`); `stop` ends it early. Blocking.
///
/// # Errors
/// Stopped before any game was played.
pub fn run(
    req: &Request,
    rules: &Rules,
    progress: &(dyn Fn(Value) + Sync),
    stop: &AtomicBool,
) -> Result<Value, crate::error::AnalysisError> {
    let net = backgammon_bot::default_net();
    let games = req.settings.games;
    let every = (games / 50).max(1);
    let flip = req.play.is_some();
    let on = |p: Progress| {
        if p.done.is_multiple_of(every) || p.done == p.games {
            let e = if flip { -p.equity } else { p.equity };
            progress(json!({
                "type": "progress",
                "done": p.done,
                "games": p.games,
                "equity": e,
                "stderr": p.stderr,
            }));
        }
    };
    let r = Analyst::new(&net).rollout(&req.root, req.cube, rules, &req.settings, &on, stop);
    if r.games == 0 {
        return Err("the rollout was stopped".into());
    }
    Ok(result_json(&r, req.play.as_deref()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU32, Ordering};

    use super::super::query as q;

    #[test]
    fn a_short_rollout_reports_progress_and_a_stop_ends_it() {
        let rules = Rules::standard();
        let req = request(
            &q(&[
                ("position", "4HPwATDgc/ABMA"),
                ("dice", "3-1"),
                ("games", "36"),
                ("truncate", "6"),
            ]),
            &rules,
        )
        .unwrap();
        assert_eq!(req.play.as_deref(), Some("8/5 6/5"));
        let seen = AtomicU32::new(0);
        let v = run(
            &req,
            &rules,
            &|p| {
                assert_eq!(p["type"], "progress");
                seen.fetch_add(1, Ordering::Relaxed);
            },
            &AtomicBool::new(false),
        )
        .unwrap();
        assert_eq!(v["games"], 36);
        assert!(seen.load(Ordering::Relaxed) > 0);
        // 3-1 made into the 5-point: a good start for the mover.
        assert!(v["equity"].as_f64().unwrap() > -0.2, "{v}");
        let stopped = run(&req, &rules, &|_| {}, &AtomicBool::new(true));
        assert!(stopped.is_err());
    }

    #[test]
    fn too_many_games_and_an_illegal_play_are_refused() {
        let rules = Rules::standard();
        let e = request(
            &q(&[("position", "4HPwATDgc/ABMA"), ("games", "5000")]),
            &rules,
        )
        .unwrap_err();
        assert!(e.to_string().contains("1296"), "{e}");
        let e = request(
            &q(&[
                ("position", "4HPwATDgc/ABMA"),
                ("dice", "3-1"),
                ("play", "24/18"),
            ]),
            &rules,
        )
        .unwrap_err();
        assert!(e.to_string().contains("not a legal play"), "{e}");
    }
}
