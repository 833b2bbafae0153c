//! The HTTP API of the analysis away from a room, for every game through
//! its [`GameAnalysis`] (docs/PROTOCOL.md, "Analysis"):
//!
//! - `GET /api/analysis/GAME/position?…`: the analysis board's position
//!   (backgammon: the hint of a roll or the cube analysis, the three
//!   IDs; Grand Trictrac: the evaluation);
//! - `POST /api/analysis/GAME/review` with a record's text (backgammon:
//!   a `.mat` file): its review, as the review of a finished room's game;
//! - `GET /api/analysis/GAME/rollout?…`: a rollout, its progress and
//!   result as lines of JSON (`application/x-ndjson`) while it runs; the
//!   rollout stops when the page goes away.
//!
//! The position of an online game between people being played is
//! refused (403, issue 38): nobody gets the engine's help in a live game.
//!
//! A wrong field is a 400 with `{"error": "…"}` naming it; the work runs
//! off the async threads, bounded (two analyses, one review, one
//! rollout at a time).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};
use tokio::sync::Semaphore;

use super::cache::cached_review;
use crate::error::fail;
use crate::games::GameAnalysis;
use crate::room::Hub;

/// Analyses of positions computed at once; more wait.
const POSITIONS_AT_ONCE: usize = 2;

fn positions_gate() -> &'static Semaphore {
    static GATE: Semaphore = Semaphore::const_new(POSITIONS_AT_ONCE);
    &GATE
}

/// One rollout at a time (it takes every core); another is refused.
fn rollout_gate() -> Arc<Semaphore> {
    static GATE: OnceLock<Arc<Semaphore>> = OnceLock::new();
    GATE.get_or_init(|| Arc::new(Semaphore::new(1))).clone()
}

fn analysis_of(hub: &Hub, game: &str) -> Result<Arc<dyn GameAnalysis>, crate::error::GameError> {
    hub.config.games.analysis(game)
}

/// What `ask` makes of the request for `game`'s analysis: a 404 for an
/// unknown game, a 400 for a bad request.
fn job_for<J>(
    hub: &Hub,
    game: &str,
    ask: impl FnOnce(&dyn GameAnalysis) -> Result<J, crate::error::AnalysisError>,
) -> Result<J, (StatusCode, String)> {
    let a = analysis_of(hub, game).map_err(|e| (StatusCode::NOT_FOUND, e.to_string()))?;
    ask(a.as_ref()).map_err(|e| (e.status(), e.to_string()))
}

/// The refusal of the analysis of a live game's position (issue 38):
/// a 403 when the position of `q` is the position now of an online game
/// between people not over.
fn refuse_live(hub: &Hub, game: &str, q: &HashMap<String, String>) -> Option<Response> {
    let a = analysis_of(hub, game).ok()?;
    let key = a.live_key(q)?;
    hub.is_live_position(&key).then(|| {
        fail(
            StatusCode::FORBIDDEN,
            "this is the position of a game being played between people: \
             no analysis of it until the game ends"
                .into(),
        )
    })
}

/// What `ask` makes of a request on the position of `q` for `game`'s
/// analysis: refused when it is a live game's ([`refuse_live`]), else as
/// [`job_for`] answers, its failure as the response to send.
fn position_job<J>(
    hub: &Hub,
    game: &str,
    q: &HashMap<String, String>,
    ask: impl FnOnce(&dyn GameAnalysis) -> Result<J, crate::error::AnalysisError>,
) -> Result<J, Box<Response>> {
    if let Some(r) = refuse_live(hub, game, q) {
        return Err(Box::new(r));
    }
    job_for(hub, game, ask).map_err(|(code, e)| Box::new(fail(code, e)))
}

/// `GET /api/analysis/GAME/position?…`.
pub async fn position(
    State(hub): State<Arc<Hub>>,
    Path(game): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let job = match position_job(&hub, &game, &q, |a| a.position(&q)) {
        Ok(x) => x,
        Err(r) => return *r,
    };
    let Ok(_permit) = positions_gate().acquire().await else {
        return fail(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is stopping".into(),
        );
    };
    match tokio::task::spawn_blocking(job).await {
        Ok(Ok(v)) => Json(v).into_response(),
        Ok(Err(e)) => fail(e.status(), e.to_string()),
        Err(_) => fail(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the analysis failed".into(),
        ),
    }
}

/// `POST /api/analysis/GAME/review` with the record's text as the body.
pub async fn review_file(
    State(hub): State<Arc<Hub>>,
    Path(game): Path<String>,
    body: String,
) -> Response {
    let (key, job) = match job_for(&hub, &game, |a| a.review_file(&body)) {
        Ok(x) => x,
        Err((code, e)) => return fail(code, e),
    };
    match cached_review(key, job).await {
        Ok(v) => Json((*v).clone()).into_response(),
        Err(r) => r,
    }
}

/// `GET /api/analysis/GAME/rollout?…`: lines of JSON, `progress` ones
/// then one `result` (or `error`).
pub async fn rollout(
    State(hub): State<Arc<Hub>>,
    Path(game): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let job = match position_job(&hub, &game, &q, |a| a.rollout(&q)) {
        Ok(x) => x,
        Err(r) => return *r,
    };
    let Ok(permit) = rollout_gate().try_acquire_owned() else {
        return fail(
            StatusCode::SERVICE_UNAVAILABLE,
            "a rollout is running on this server: try again when it ends".into(),
        );
    };
    let (tx, rx) = tokio::sync::mpsc::channel::<String>(64);
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        let stop = AtomicBool::new(false);
        let send = |v: Value| {
            // The page went away: stop rolling out for nobody.
            if tx.is_closed() {
                stop.store(true, Ordering::Relaxed);
            } else {
                let _ = tx.try_send(format!("{v}\n"));
            }
        };
        let last = match job(&send, &stop) {
            Ok(v) => v,
            Err(e) => json!({ "type": "error", "error": e.to_string() }),
        };
        let _ = tx.blocking_send(format!("{last}\n"));
    });
    let lines = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv()
            .await
            .map(|line| (Ok::<_, std::convert::Infallible>(line), rx))
    });
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        Body::from_stream(lines),
    )
        .into_response()
}
