//! The exercises of the Learn page (issue 40, item 4), as a JSON API
//! (docs/PROTOCOL.md, "Exercises"):
//!
//! - Grand Trictrac's counting exercises ([`trictrac_bot::lessons`]):
//!   `GET /api/learn/trictrac/lessons`, `GET /api/learn/trictrac/exercise`
//!   (a lesson, or a level's exercise from a seed) and
//!   `POST /api/learn/trictrac/answer`;
//! - backgammon's quizzes ([`backgammon_bot::analysis::quiz`]):
//!   `GET /api/learn/backgammon/quiz` and `POST /api/learn/backgammon/answer`.
//!
//! An exercise is named by what makes it (a lesson's number, a level or
//! a theme and a seed): its generation is deterministic, so the server
//! makes it again to grade an answer and stores nothing. The question
//! never holds the answer. The work (self-play and searches for a quiz,
//! random games for a level) runs off the async threads behind a
//! [`Gate`]: two at once on the server, a few waiting, two per address;
//! beyond, a polite 503 or 429. The answer to a backgammon quiz whose
//! position is the position now of an online game between people is
//! refused (403, as the analysis board's, issue 38).

use std::net::{IpAddr, SocketAddr};
use std::sync::OnceLock;

use axum::extract::ConnectInfo;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::Value;

use crate::error::fail;
use crate::limits::Gate;

pub mod backgammon;
pub mod progress;
pub mod trictrac;

/// Exercises made at once on the whole server.
const AT_ONCE: u32 = 2;
/// Exercises waiting at most; beyond, "busy".
const QUEUED: u32 = 6;
/// The largest seed accepted (the page draws them below a million).
pub const SEED_MAX: u64 = 1_000_000_000;

fn gate() -> &'static Gate {
    static GATE: OnceLock<Gate> = OnceLock::new();
    GATE.get_or_init(|| Gate::new(AT_ONCE, QUEUED))
}

/// The routes of the exercises (merged into the server's router).
pub fn router() -> Router<std::sync::Arc<crate::room::Hub>> {
    Router::new()
        .route("/api/learn/trictrac/lessons", get(trictrac::lessons))
        .route("/api/learn/trictrac/exercise", get(trictrac::exercise))
        .route("/api/learn/trictrac/answer", post(trictrac::answer))
        .route("/api/learn/backgammon/quiz", get(backgammon::quiz))
        .route("/api/learn/backgammon/answer", post(backgammon::answer))
        .route("/api/learn/progress", get(progress::get).put(progress::put))
}

/// What is wrong with a request of the exercises: a field, the body, a
/// progress that does not hold together, an exercise that cannot be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LearnError {
    /// A field or the body of the request is wrong, in a line naming it.
    #[error("{0}")]
    Request(String),
}

impl From<String> for LearnError {
    fn from(s: String) -> LearnError {
        LearnError::Request(s)
    }
}

impl From<&str> for LearnError {
    fn from(s: &str) -> LearnError {
        LearnError::Request(s.to_string())
    }
}

/// A 400 with `{"error": …}`.
pub(crate) fn bad(message: impl std::fmt::Display) -> Response {
    fail(StatusCode::BAD_REQUEST, message.to_string())
}

/// Runs `job` off the async threads once the gate lets it through, for a
/// request from `peer`: its answer, or the refusal (busy, too many from
/// one address, a failure) as a response.
pub(crate) async fn gated<T: Send + 'static>(
    peer: IpAddr,
    what: &str,
    job: impl FnOnce() -> T + Send + 'static,
) -> Result<T, Response> {
    let pass = gate()
        .enter(peer, what)
        .await
        .map_err(|e| fail(e.status(), e.to_string()))?;
    let out = tokio::task::spawn_blocking(job).await;
    drop(pass);
    out.map_err(|_| {
        fail(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("{what}: the exercise could not be made"),
        )
    })
}

/// The peer's address of a request.
pub(crate) fn ip(c: &ConnectInfo<SocketAddr>) -> IpAddr {
    c.0.ip()
}

/// A seed from a query's or a body's text or number.
pub(crate) fn seed_of(v: Option<&Value>) -> Result<u64, LearnError> {
    let n = match v {
        None | Some(Value::Null) => {
            return Err("give the exercise's seed: `seed` (a number)".into())
        }
        Some(Value::Number(n)) => n.as_u64(),
        Some(Value::String(s)) => s.trim().parse().ok(),
        Some(_) => None,
    };
    n.filter(|n| *n <= SEED_MAX)
        .ok_or_else(|| format!("`seed` must be a whole number from 0 to {SEED_MAX}").into())
}

/// The JSON body of a POST, or what is wrong with it.
pub(crate) fn body_json(body: &str) -> Result<serde_json::Map<String, Value>, LearnError> {
    match serde_json::from_str::<Value>(body) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(_) => Err("the body must be a JSON object".into()),
        Err(e) => Err(format!("the body is not JSON: {e}").into()),
    }
}

/// A JSON answer.
pub(crate) fn ok(v: Value) -> Response {
    Json(v).into_response()
}
