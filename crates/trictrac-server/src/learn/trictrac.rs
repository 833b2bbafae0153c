//! Grand Trictrac's counting exercises on the web: the lessons of the
//! seed article and the levels' exercises from a seed
//! ([`trictrac_bot::lessons`]), the same as `trictrac learn`'s. The
//! question is the position, its board, the roll; the answer (the
//! engine's scoring, each jan with its French name, its rule, its ways
//! and points) comes only with the grading of an answer.

use std::collections::HashMap;
use std::net::SocketAddr;

use axum::extract::{ConnectInfo, Query};
use axum::response::Response;
use serde_json::{json, Value};
use trictrac::Position;
use trictrac_bot::lessons::{self, CountExercise, Given, Level, LESSONS};

use super::{bad, body_json, gated, ip, ok, seed_of, LearnError};

/// What names an exercise: a lesson's number, or a level and a seed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Which {
    /// The lesson `n` (from 1).
    Lesson(usize),
    /// The first exercise of the level from the seed.
    Level(Level, u64),
}

impl Which {
    /// From the fields `lesson`, or `level` and `seed`, of a query or a
    /// body.
    pub fn read(get: impl Fn(&str) -> Option<Value>) -> Result<Which, LearnError> {
        let lesson = get("lesson");
        let level = get("level");
        match (lesson, level) {
            (Some(_), Some(_)) => Err("ask for a lesson or a level, not both".into()),
            (Some(l), None) => {
                let shown = match &l {
                    Value::String(s) => s.trim().chars().take(20).collect(),
                    v => v.to_string(),
                };
                let n = match &l {
                    Value::Number(n) => n.as_u64(),
                    Value::String(s) => s.trim().parse().ok(),
                    _ => None,
                };
                match n {
                    Some(n) if n >= 1 && n as usize <= LESSONS.len() => {
                        Ok(Which::Lesson(n as usize))
                    }
                    _ => Err(format!(
                        "no lesson {shown}: the lessons are numbered 1 to {}",
                        LESSONS.len()
                    )
                    .into()),
                }
            }
            (None, Some(l)) => {
                let name = l
                    .as_str()
                    .ok_or("`level` is a level's name, e.g. `beginner`")?;
                let level: Level = name.parse().map_err(|e| format!("{e}"))?;
                Ok(Which::Level(level, seed_of(get("seed").as_ref())?))
            }
            (None, None) => Err(
                "ask for a lesson (`lesson=1`) or a level and a seed (`level=beginner&seed=7`)"
                    .into(),
            ),
        }
    }

    /// The exercise (for a level, the random games that find it: run it
    /// off the async threads).
    pub fn make(self) -> Result<CountExercise, LearnError> {
        match self {
            Which::Lesson(n) => lessons::lesson(n).ok_or_else(|| format!("no lesson {n}").into()),
            Which::Level(level, seed) => lessons::generate(level, seed, 1)
                .into_iter()
                .next()
                .ok_or_else(|| {
                    format!(
                        "no exercise of level `{}` from seed {seed}: try another seed",
                        level.id()
                    )
                    .into()
                }),
        }
    }

    /// Whether making it costs (the levels' random games).
    fn costly(self) -> bool {
        matches!(self, Which::Level(..))
    }
}

/// `GET /api/learn/trictrac/lessons`: the lessons in order and the
/// levels, with their titles in French and English.
pub async fn lessons() -> Response {
    let list: Vec<Value> = LESSONS
        .iter()
        .enumerate()
        .map(|(i, l)| json!({ "lesson": i + 1, "title": l.title, "dice": l.dice }))
        .collect();
    let levels: Vec<Value> = Level::ALL
        .iter()
        .map(|l| json!({ "id": l.id(), "title": l.title() }))
        .collect();
    super::ok(json!({ "lessons": list, "levels": levels }))
}

/// The signed checkers of a TPN on the absolute fields 1..24 (+ White,
/// − Black), for the page's board.
fn board(tpn: &str) -> Vec<i8> {
    tpn.parse::<Position>()
        .map(|p| p.board().cells().to_vec())
        .unwrap_or_default()
}

fn side_words(side: &str) -> (&'static str, &'static str) {
    if side == "black" {
        ("Les noires", "Black")
    } else {
        ("Les blanches", "White")
    }
}

/// The question of `ex`, without its answer.
pub fn question_json(ex: &CountExercise, which: Which) -> Value {
    let (fr, en) = side_words(ex.mover);
    let mut v = json!({
        "id": ex.id,
        "position": ex.position,
        "board": board(&ex.position),
        "mover": ex.mover,
        "dice": ex.dice,
        "question": {
            "fr": format!("{fr} ont jeté {} : combien de points marquent-elles, et combien leur adversaire ?", ex.dice),
            "en": format!("{en} rolled {}: how many points does it bring to {en}, and to the opponent?", ex.dice),
        },
    });
    match which {
        Which::Lesson(n) => {
            v["lesson"] = json!(n);
            v["lessons"] = json!(LESSONS.len());
            v["title"] = json!(ex.title);
        }
        Which::Level(level, seed) => {
            v["level"] = json!(level.id());
            v["seed"] = json!(seed);
            v["title"] = json!(level.title());
        }
    }
    v
}

async fn made(c: &ConnectInfo<SocketAddr>, which: Which) -> Result<CountExercise, Response> {
    let made = if which.costly() {
        gated(ip(c), "an exercise", move || which.make()).await?
    } else {
        which.make()
    };
    made.map_err(|e| crate::error::fail(axum::http::StatusCode::NOT_FOUND, e.to_string()))
}

/// `GET /api/learn/trictrac/exercise?lesson=N` or `?level=L&seed=S`.
pub async fn exercise(
    c: ConnectInfo<SocketAddr>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let which = match Which::read(|k| q.get(k).map(|s| Value::String(s.clone()))) {
        Ok(w) => w,
        Err(e) => return bad(e),
    };
    match made(&c, which).await {
        Ok(ex) => ok(question_json(&ex, which)),
        Err(r) => r,
    }
}

/// The user's answer in a body: `"answer": "8 4"` (the roller's points,
/// then the opponent's), or `"mover": 8, "opponent": 4`.
pub fn given_of(body: &serde_json::Map<String, Value>) -> Result<Given, LearnError> {
    if let Some(a) = body.get("answer") {
        let text = match a {
            Value::String(s) => s.clone(),
            Value::Number(n) => n.to_string(),
            _ => return Err("`answer` is a text such as \"8\" or \"8 4\"".into()),
        };
        return lessons::parse_answer(&text).map_err(|e| LearnError::Request(e.to_string()));
    }
    let points = |k: &str| -> Result<Option<u32>, LearnError> {
        match body.get(k) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Number(n)) => n
                .as_u64()
                .filter(|n| *n <= 1000)
                .map(|n| Some(n as u32))
                .ok_or_else(|| format!("`{k}` must be a number of points from 0 to 1000").into()),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => s
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| *n <= 1000)
                .map(Some)
                .ok_or_else(|| {
                    format!(
                        "`{k}` must be a number of points from 0 to 1000, not `{}`",
                        s.trim()
                    )
                    .into()
                }),
            Some(_) => Err(format!("`{k}` must be a number of points").into()),
        }
    };
    match (points("mover")?, points("opponent")?) {
        (None, _) => {
            Err("give the answer: `answer` (\"8 4\") or `mover` and `opponent` points".into())
        }
        (Some(mover), o) => Ok(Given {
            mover,
            opponent: o.unwrap_or(0),
        }),
    }
}

/// `POST /api/learn/trictrac/answer` with `{"lesson": N, "answer": "8"}`
/// or `{"level": L, "seed": S, "mover": 8, "opponent": 0}`: right or
/// wrong, and the correction.
pub async fn answer(c: ConnectInfo<SocketAddr>, body: String) -> Response {
    let body = match body_json(&body) {
        Ok(b) => b,
        Err(e) => return bad(e),
    };
    let which = match Which::read(|k| body.get(k).cloned()) {
        Ok(w) => w,
        Err(e) => return bad(e),
    };
    let given = match given_of(&body) {
        Ok(g) => g,
        Err(e) => return bad(e),
    };
    let ex = match made(&c, which).await {
        Ok(ex) => ex,
        Err(r) => return r,
    };
    let right = lessons::is_correct(&ex, given);
    let mut v = question_json(&ex, which);
    v["right"] = json!(right);
    v["given"] = json!(given);
    v["answer"] = json!(ex.answer);
    if let Some(note) = ex.note {
        v["note"] = json!(note);
    }
    ok(v)
}
