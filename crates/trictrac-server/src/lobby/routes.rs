//! The lobby's HTTP routes (docs/PROTOCOL.md, "Lobby"): JSON in, JSON
//! out, every refusal a status and `{"error": "…"}`.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Router};
use serde::de::DeserializeOwned;

use super::Lobby;
use super::{Acceptance, LobbyError, NewSeek};
use crate::accounts::Who;
use crate::error::{answer, fail};
use crate::limits::open_socket;

/// The lobby's routes, to merge into the server's.
pub fn router() -> Router<Arc<Lobby>> {
    Router::new()
        .route("/api/lobby", get(lobby))
        .route("/api/seeks", post(post_seek))
        .route("/api/seeks/{id}", get(show).delete(cancel))
        .route("/api/seeks/{id}/accept", post(accept))
        .route("/ws/lobby", get(socket))
}

/// `/ws/lobby`: the lobby live ([`super::socket`]), within the limits of
/// connections per address as the games' sockets.
async fn socket(
    State(hub): State<Arc<Lobby>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    upgrade: WebSocketUpgrade,
) -> Response {
    match hub.limiters.open_connection(peer.ip()) {
        Ok(slot) => open_socket(upgrade, 4 * 1024, slot, move |socket| {
            super::socket::serve(hub, socket, peer.ip())
        }),
        Err(m) => fail(StatusCode::SERVICE_UNAVAILABLE, m.to_string()),
    }
}

/// A JSON body read by hand, so that a malformed one is a 400 naming
/// what is wrong (an empty body is `{}` when `empty` is allowed).
fn body<T: DeserializeOwned>(text: &str, what: &str, empty: bool) -> Result<T, LobbyError> {
    let text = if empty && text.trim().is_empty() {
        "{}"
    } else {
        text
    };
    serde_json::from_str(text).map_err(|e| LobbyError::Bad(format!("malformed {what}: {e}")))
}

async fn lobby(State(hub): State<Arc<Lobby>>) -> Response {
    answer(super::lobby(&hub).await)
}

async fn post_seek(
    State(hub): State<Arc<Lobby>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Extension(by): Extension<Who>,
    text: String,
) -> Response {
    let r = async {
        let seek: NewSeek = body(
            &text,
            "challenge (send {\"game\": a game of /api/info, \"rules\": \"…\", \"match\": N, \"rated\": false, \"clock\": {\"kind\": \"move\", \"seconds\": S} or {\"kind\": \"total\", \"minutes\": M, \"increment\": I} or nothing})",
            false,
        )?;
        hub.limiters.create(peer.ip())?;
        super::post(&hub, seek, &by).await
    };
    answer(r.await)
}

async fn show(
    State(hub): State<Arc<Lobby>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    answer(super::show(&hub, &id, q.get("token").map(String::as_str)).await)
}

async fn cancel(
    State(hub): State<Arc<Lobby>>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    let Some(token) = q.get("token") else {
        return LobbyError::Forbidden(
            "cancel a challenge with its token: DELETE /api/seeks/ID?token=TOKEN".into(),
        )
        .into_response();
    };
    answer(super::cancel(&hub, &id, token).await)
}

async fn accept(
    State(hub): State<Arc<Lobby>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    Extension(by): Extension<Who>,
    text: String,
) -> Response {
    let r = async {
        let who: Acceptance = body(&text, "acceptance (send {\"name\": \"…\"})", true)?;
        // An accepted seek makes a game: counted as one created (issue 34:
        // a bot's standing challenge made 300 games in 2.2 s).
        hub.limiters.create(peer.ip())?;
        super::accept(&hub, &id, who, &by).await
    };
    answer(r.await)
}
