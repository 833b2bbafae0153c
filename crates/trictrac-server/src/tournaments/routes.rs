//! The tournaments' routes (docs/PROTOCOL.md, "Tournaments"): JSON in,
//! JSON out, every refusal a status and `{"error": "…"}`; the live
//! standings' socket; the page.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Router};

use super::live::Live;
use super::{NewTournament, TournamentError};
use crate::accounts::Who;
use crate::error::{answer, fail};
use crate::limits::open_socket;

/// The script of the tournaments page (`static/tournaments.html`, served
/// with the other pages by `crate::pages`).
const SCRIPT: &str = include_str!("../../static/tournaments.js");
/// Its words.
const TEXTS: &str = include_str!("../../static/texts/tournaments.json");

/// The routes, to merge into the server's.
pub fn router() -> Router<Arc<Live>> {
    Router::new()
        .route(
            "/tournaments.js",
            get(|| async { file(SCRIPT, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/texts/tournaments.json",
            get(|| async { file(TEXTS, "application/json; charset=utf-8") }),
        )
        .route("/api/tournaments", get(list).post(create))
        .route("/api/tournaments/{id}", get(show))
        .route("/api/tournaments/{id}/join", post(join))
        .route("/api/tournaments/{id}/withdraw", post(withdraw))
        .route("/api/tournaments/{id}/start", post(start))
        .route("/ws/tournaments/{id}", get(socket))
}

fn file(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn list(State(live): State<Arc<Live>>, Query(q): Query<HashMap<String, String>>) -> Response {
    answer(super::list(live.hub(), q.get("player").map(String::as_str)).await)
}

async fn create(
    State(live): State<Arc<Live>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Extension(by): Extension<Who>,
    text: String,
) -> Response {
    let t: NewTournament = match serde_json::from_str(&text) {
        Ok(t) => t,
        Err(e) => {
            return TournamentError::Bad(format!(
                "malformed tournament: {e} (send {{\"name\": \"…\", \"game\": \"trictrac\"|\"backgammon\", \"kind\": \"arena\"|\"knockout\", \"rules\": \"…\", \"match\": N, \"clock\": …, \"rated\": true, \"starts\": SECONDS, \"minutes\": M (an arena), \"max_players\": N}})"
            ))
            .into_response()
        }
    };
    if let Err(m) = live.hub().limiters.create(peer.ip()) {
        return TournamentError::from(m).into_response();
    }
    answer(super::create(live.hub(), t, &by).await)
}

async fn show(
    State(live): State<Arc<Live>>,
    Path(id): Path<String>,
    Extension(by): Extension<Who>,
) -> Response {
    answer(super::show(live.hub(), &id, &by).await)
}

async fn join(
    State(live): State<Arc<Live>>,
    Path(id): Path<String>,
    Extension(by): Extension<Who>,
) -> Response {
    answer(super::join(live.hub(), &id, &by).await)
}

async fn withdraw(
    State(live): State<Arc<Live>>,
    Path(id): Path<String>,
    Extension(by): Extension<Who>,
) -> Response {
    answer(super::withdraw(live.hub(), &id, &by).await)
}

async fn start(
    State(live): State<Arc<Live>>,
    Path(id): Path<String>,
    Extension(by): Extension<Who>,
) -> Response {
    answer(super::start_now(live.hub(), &id, &by).await)
}

/// `/ws/tournaments/ID`: the standings live ([`Live::serve`]), within the
/// limits of connections per address as the other sockets; the page's
/// session (its cookie) tells whose games to send.
async fn socket(
    State(live): State<Arc<Live>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let id = id.trim().to_ascii_uppercase();
    if id.is_empty() || id.len() > 16 {
        return fail(StatusCode::NOT_FOUND, "no tournament has this code".into());
    }
    let slot = match live.hub().limiters.open_connection(peer.ip()) {
        Ok(slot) => slot,
        Err(m) => return fail(StatusCode::SERVICE_UNAVAILABLE, m.to_string()),
    };
    let account =
        match crate::accounts::routes::cookie_value(&headers, crate::accounts::SESSION_COOKIE) {
            Some(token) => crate::accounts::session_account(live.hub(), token)
                .await
                .ok()
                .flatten(),
            None => None,
        };
    open_socket(upgrade, 4 * 1024, slot, move |socket| async move {
        live.serve(id, account, socket).await
    })
}
