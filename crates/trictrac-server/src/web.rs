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

use crate::room::{GameState, Hub};

const INDEX: &str = include_str!("../static/index.html");
const APP_JS: &str = include_str!("../static/app.js");
const BG_JS: &str = include_str!("../static/bg.js");
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
            "/bg.js",
            get(|| async { page(BG_JS, "text/javascript; charset=utf-8") }),
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
        "games": [
            {
                "id": "trictrac",
                "name": "Grand Trictrac",
                "bots": trictrac_bot::PLAYERS,
                "default_bot": trictrac_bot::DEFAULT_BOT,
                "options": hub.config.default_options.to_words(),
                "records": ["txt", "json"],
            },
            {
                "id": "backgammon",
                "name": "Backgammon",
                "bots": backgammon_bot::PLAYERS,
                "default_bot": backgammon_bot::DEFAULT_BOT,
                "presets": ["standard", "seed"],
                "options": "standard",
                "max_match": crate::bg::MAX_MATCH,
                "records": ["mat"],
            },
        ],
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

/// `/api/games/ROOM.txt` (the record as text) or `/api/games/ROOM.json`
/// for Grand Trictrac, `/api/games/ROOM.mat` (Jellyfish text that GNU
/// Backgammon imports) for backgammon.
async fn record(State(hub): State<Arc<Hub>>, Path(file): Path<String>) -> Response {
    let (id, ext) = match file.rsplit_once('.') {
        Some((id, ext @ ("json" | "txt" | "mat"))) => (id, ext),
        _ => {
            return fail(
                StatusCode::NOT_FOUND,
                "ask for ROOM.txt or ROOM.json (Grand Trictrac), ROOM.mat (backgammon)".into(),
            )
        }
    };
    let room = match hub.room(id).await {
        Ok(r) => r,
        Err(e) => return fail(StatusCode::NOT_FOUND, e),
    };
    let (body, id) = {
        let r = room.lock().await;
        let body = match (&r.game, ext) {
            (GameState::Trictrac(_), "json") => r.record().map(|rec| rec.to_json()),
            (GameState::Trictrac(_), "txt") => r.record().map(|rec| rec.to_string()),
            (GameState::Backgammon(m), "mat") => {
                Some(m.mat_text(&r.row.white_name, &r.row.black_name))
            }
            _ => None,
        };
        (body, r.row.id.clone())
    };
    drop(room);
    hub.evict_idle();
    let Some(body) = body else {
        return fail(
            StatusCode::NOT_FOUND,
            format!("game {id}: a Grand Trictrac record is ROOM.txt or ROOM.json, a backgammon record ROOM.mat"),
        );
    };
    let kind = match ext {
        "json" => "application/json",
        _ => "text/plain; charset=utf-8",
    };
    let name = if ext == "mat" {
        "backgammon"
    } else {
        "trictrac"
    };
    (
        [
            (header::CONTENT_TYPE, kind.to_string()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}-{id}.{ext}\""),
            ),
        ],
        body,
    )
        .into_response()
}
