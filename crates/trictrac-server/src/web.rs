//! HTTP: the page (embedded), the WebSocket endpoint, and a small JSON API
//! (server info, finished games, game records).

use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;

use crate::room::Hub;

const INDEX: &str = include_str!("../static/index.html");
const APP_JS: &str = include_str!("../static/app.js");
const STYLE: &str = include_str!("../static/style.css");
const ICON: &str = include_str!("../static/icon.svg");

/// The routes.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route(
            "/",
            get(|| async { page(INDEX, "text/html; charset=utf-8") }),
        )
        .route(
            "/app.js",
            get(|| async { page(APP_JS, "text/javascript; charset=utf-8") }),
        )
        .route(
            "/style.css",
            get(|| async { page(STYLE, "text/css; charset=utf-8") }),
        )
        .route("/icon.svg", get(|| async { page(ICON, "image/svg+xml") }))
        .route("/ws", get(ws))
        .route("/api/info", get(info))
        .route("/api/games", get(games))
        .route("/api/games/{file}", get(record))
        .with_state(hub)
}

fn page(body: &'static str, kind: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

async fn ws(
    State(hub): State<Arc<Hub>>,
    axum::extract::ConnectInfo(peer): axum::extract::ConnectInfo<std::net::SocketAddr>,
    upgrade: WebSocketUpgrade,
) -> Response {
    upgrade
        .max_message_size(64 * 1024)
        .on_upgrade(move |socket| crate::ws::serve_socket(hub, socket, peer.ip()))
}

async fn info(State(hub): State<Arc<Hub>>) -> Response {
    Json(json!({
        "bots": trictrac_bot::PLAYERS,
        "default_bot": trictrac_bot::DEFAULT_BOT,
        "options": hub.config.default_options.to_words(),
        "version": env!("CARGO_PKG_VERSION"),
    }))
    .into_response()
}

fn fail(code: StatusCode, message: String) -> Response {
    (code, Json(json!({ "error": message }))).into_response()
}

async fn games(State(hub): State<Arc<Hub>>) -> Response {
    match hub.store.finished_games(100).await {
        Ok(list) => Json(json!({ "finished": list })).into_response(),
        Err(e) => fail(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

/// `/api/games/ROOM.txt` (the record as text) or `/api/games/ROOM.json`.
async fn record(State(hub): State<Arc<Hub>>, Path(file): Path<String>) -> Response {
    let (id, json) = if let Some(id) = file.strip_suffix(".json") {
        (id, true)
    } else if let Some(id) = file.strip_suffix(".txt") {
        (id, false)
    } else {
        return fail(
            StatusCode::NOT_FOUND,
            "ask for ROOM.txt or ROOM.json".into(),
        );
    };
    let room = match hub.room(id).await {
        Ok(r) => r,
        Err(e) => return fail(StatusCode::NOT_FOUND, e),
    };
    let (record, id) = {
        let r = room.lock().await;
        (r.record(), r.row.id.clone())
    };
    drop(room);
    hub.evict_idle();
    let (body, kind, ext) = if json {
        (record.to_json(), "application/json", "json")
    } else {
        (record.to_string(), "text/plain; charset=utf-8", "txt")
    };
    (
        [
            (header::CONTENT_TYPE, kind.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"trictrac-{id}.{ext}\""),
            ),
        ],
        body,
    )
        .into_response()
}
