//! Backgammon's quizzes on the web: "find the best play" and "double /
//! take" by theme, from the bot's self-play from a seed
//! ([`backgammon_bot::analysis::quiz`], as `trictrac bg learn`), graded
//! by the equity lost against the bot's ranking. The question is the
//! position (its Position ID, its XGID, the board the page draws), the
//! dice and the legal plays in the notation's order; the ranking comes
//! only with the grading.
//!
//! Making a quiz runs self-play and searches: behind the learn gate, off
//! the async threads; the last quizzes made are kept in memory, so that
//! grading the answer to a quiz just asked costs nothing (a quiz not kept
//! is made again from its theme and seed).

use std::collections::{HashMap, VecDeque};
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::extract::{ConnectInfo, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use backgammon::{Cube, MatchState, Roll};
use backgammon_bot::analysis::quiz::{self, Question, Quiz, QuizOptions, Theme};
use serde_json::{json, Value};

use super::{bad, body_json, gated, ip, ok, seed_of, LearnError};
use crate::error::fail;
use crate::games::backgammon::analysis::{board_json, live_key, mark, Setting};
use crate::games::backgammon::view::play_json;
use crate::room::Hub;

/// The depth of the ranking: 3 plies, as `trictrac bg learn` and `bg hint`.
pub const PLIES: u8 = 3;
/// The lead of the bot's best choice over the next, in equity.
pub const MARGIN: f32 = 0.08;
/// Quizzes kept in memory.
const KEPT: usize = 64;

type Key = (Theme, u64);

fn kept() -> &'static Mutex<VecDeque<(Key, Arc<Quiz>)>> {
    static KEPT_QUIZZES: Mutex<VecDeque<(Key, Arc<Quiz>)>> = Mutex::new(VecDeque::new());
    &KEPT_QUIZZES
}

fn lookup(key: Key) -> Option<Arc<Quiz>> {
    let k = kept().lock().unwrap_or_else(|p| p.into_inner());
    k.iter().find(|(x, _)| *x == key).map(|(_, q)| q.clone())
}

fn keep(key: Key, q: Arc<Quiz>) {
    let mut k = kept().lock().unwrap_or_else(|p| p.into_inner());
    if k.iter().any(|(x, _)| *x == key) {
        return;
    }
    if k.len() >= KEPT {
        k.pop_front();
    }
    k.push_back((key, q));
}

/// The quiz of `theme` from `seed` (blocking: self-play and searches).
pub fn make(theme: Theme, seed: u64) -> Option<Quiz> {
    let net = backgammon_bot::default_net();
    let opts = QuizOptions {
        seed,
        count: 1,
        plies: PLIES,
        margin: MARGIN,
    };
    quiz::generate(&net, theme, &opts).into_iter().next()
}

fn read_theme(v: Option<&Value>) -> Result<Theme, LearnError> {
    let name = v
        .and_then(Value::as_str)
        .ok_or("give the quiz's theme: `theme` (opening, bearoff, blitz, priming or cube)")?;
    name.parse()
        .map_err(|e| LearnError::Request(format!("{e}")))
}

async fn made(c: &ConnectInfo<SocketAddr>, theme: Theme, seed: u64) -> Result<Arc<Quiz>, Response> {
    if let Some(q) = lookup((theme, seed)) {
        return Ok(q);
    }
    let q = gated(ip(c), "a quiz", move || make(theme, seed)).await?;
    let Some(q) = q else {
        return Err(fail(
            StatusCode::NOT_FOUND,
            format!("no {} quiz from seed {seed}: try another seed", theme.id()),
        ));
    };
    let q = Arc::new(q);
    keep((theme, seed), q.clone());
    Ok(q)
}

/// The question of `q`, without its answer.
pub fn question_json(q: &Quiz, seed: u64) -> Value {
    let pos = q.position;
    let me = pos.turn();
    let (dice, kind) = match &q.question {
        Question::BestPlay { dice, .. } => (dice.parse::<Roll>().ok(), "best-play"),
        Question::Cube { .. } => (None, "cube"),
    };
    let setting = Setting {
        position: pos,
        dice,
        cube: Cube::centred(),
        state: MatchState::money(),
        doubled: false,
        jacoby: None,
    };
    let mut v = json!({
        "id": q.id,
        "theme": q.theme,
        "seed": seed,
        "kind": kind,
        "position_id": q.position_id,
        "xgid": setting.xgid().to_string(),
        "turn": q.turn,
        "pips": q.pips,
        "position": board_json(&pos),
    });
    if let Question::BestPlay { plays, .. } = &q.question {
        let roll = dice.expect("a best-play quiz has its dice");
        v["dice"] = json!([roll.high().value(), roll.low().value()]);
        v["roll"] = json!(roll.to_string());
        // The legal plays in the notation's order: nothing of the ranking.
        let mut legal: Vec<Value> = plays.iter().map(|r| play_json(&r.play, me)).collect();
        legal.sort_by(|a, b| a["n"].as_str().cmp(&b["n"].as_str()));
        v["plays"] = json!(legal);
    }
    v
}

/// `GET /api/learn/backgammon/quiz?theme=T&seed=S`.
pub async fn quiz(
    c: ConnectInfo<SocketAddr>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let get = |k: &str| q.get(k).map(|s| Value::String(s.clone()));
    let theme = match read_theme(get("theme").as_ref()) {
        Ok(t) => t,
        Err(e) => return bad(e),
    };
    let seed = match seed_of(get("seed").as_ref()) {
        Ok(s) => s,
        Err(e) => return bad(e),
    };
    match made(&c, theme, seed).await {
        Ok(quiz) => ok(question_json(&quiz, seed)),
        Err(r) => r,
    }
}

fn yes_no(body: &serde_json::Map<String, Value>, k: &str) -> Result<bool, LearnError> {
    match body.get(k) {
        Some(Value::Bool(b)) => Ok(*b),
        None | Some(Value::Null) => Err(format!(
            "a cube quiz asks `double` and `take` (true or false): `{k}` is missing"
        )
        .into()),
        Some(_) => Err(format!("`{k}` must be true or false").into()),
    }
}

/// The verdict's word of an equity lost: `best`, else the review's marks
/// (`doubtful`, `bad`, `very_bad`) or `close` below them.
fn verdict(lost: f64) -> &'static str {
    if lost < 1e-9 {
        return "best";
    }
    match mark(lost, backgammon_bot::analysis::review::THRESHOLDS) {
        "" => "close",
        m => m,
    }
}

/// `POST /api/learn/backgammon/answer` with `{"theme", "seed", "play":
/// "8/5 6/5"}` or `{"theme", "seed", "double": true, "take": false}`: the
/// equity lost, the verdict and the bot's ranking (or cube analysis).
pub async fn answer(
    State(hub): State<Arc<Hub>>,
    c: ConnectInfo<SocketAddr>,
    body: String,
) -> Response {
    let body = match body_json(&body) {
        Ok(b) => b,
        Err(e) => return bad(e),
    };
    let theme = match read_theme(body.get("theme")) {
        Ok(t) => t,
        Err(e) => return bad(e),
    };
    let seed = match seed_of(body.get("seed")) {
        Ok(s) => s,
        Err(e) => return bad(e),
    };
    // The kind of answer is read before any work.
    let play = match body.get("play") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(_) => return bad("`play` is a play in gnubg's notation, e.g. \"8/5 6/5\""),
    };
    let cube = if play.is_none() {
        match (yes_no(&body, "double"), yes_no(&body, "take")) {
            (Ok(d), Ok(t)) => Some((d, t)),
            (Err(e), _) | (_, Err(e)) => {
                if body.contains_key("double") || body.contains_key("take") {
                    return bad(e);
                }
                return bad("give the answer: `play` (\"8/5 6/5\"), or `double` and `take`");
            }
        }
    } else {
        None
    };
    let q = match made(&c, theme, seed).await {
        Ok(q) => q,
        Err(r) => return r,
    };
    // No engine's help in a live game (issue 38): the ranking of a
    // position being played between people waits for the game's end.
    if live_key(&q.position).is_some_and(|k| hub.is_live_position(&k)) {
        return fail(
            StatusCode::FORBIDDEN,
            "this is the position of a game being played between people: \
             no grading of it until the game ends"
                .into(),
        );
    }
    let mut v = question_json(&q, seed);
    match (&q.question, play, cube) {
        (Question::BestPlay { plays, .. }, Some(text), _) => {
            let g = match quiz::grade_play(&q, &text) {
                Ok(g) => g,
                Err(e) => return bad(e.to_string()),
            };
            let lost = f64::from(g.loss);
            v["right"] = json!(g.rank == 1);
            v["verdict"] = json!(verdict(if g.rank == 1 { 0.0 } else { lost }));
            let mut given = play_json(&g.play, q.position.turn());
            if let Some(r) = plays.get(g.rank - 1) {
                given["equity"] = json!(r4(f64::from(r.equity)));
            }
            v["play"] = given;
            v["rank"] = json!(g.rank);
            v["loss"] = json!(r4(lost));
            v["ranking"] = plays
                .iter()
                .take(5)
                .map(|r| {
                    let mut p = play_json(&r.play, q.position.turn());
                    p["equity"] = json!(r4(f64::from(r.equity)));
                    p["loss"] = json!(r4(f64::from(r.loss)));
                    p["plies"] = json!(r.plies);
                    p
                })
                .collect();
            v["legal"] = json!(plays.len());
        }
        (Question::Cube { answer }, None, Some((double, take))) => {
            let g = match quiz::grade_cube(&q, double, take) {
                Ok(g) => g,
                Err(e) => return bad(e.to_string()),
            };
            let lost = g.double_loss + g.take_loss;
            v["right"] = json!(lost < 1e-9);
            v["verdict"] = json!(verdict(lost));
            v["given"] = json!({ "double": double, "take": take });
            v["double_loss"] = json!(r4(g.double_loss));
            v["take_loss"] = json!(r4(g.take_loss));
            v["loss"] = json!(r4(lost));
            v["cube"] = json!({
                "action": answer.action,
                "double": answer.double,
                "take": answer.take,
                "no_double": r4(answer.no_double),
                "double_take": r4(answer.double_take),
                "double_pass": r4(answer.double_pass),
                "win": r4(f64::from(answer.win)),
            });
        }
        (Question::BestPlay { .. }, None, _) => {
            return bad("this quiz asks for a play: `play` (\"8/5 6/5\")")
        }
        (Question::Cube { .. }, Some(_), _) | (Question::Cube { .. }, None, None) => {
            return bad("this quiz asks a cube decision: `double` and `take` (true or false)")
        }
    }
    ok(v)
}

fn r4(x: f64) -> f64 {
    (x * 10_000.0).round() / 10_000.0
}
