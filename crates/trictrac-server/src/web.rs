//! HTTP: the page (embedded), the how-to-play page, the WebSocket
//! endpoint, and a small JSON API (server info, finished games, a room's
//! summary, game records, the QR code of an invitation link).

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
const HOWTO: &str = include_str!("../static/howto.html");

/// The longest text `/api/qr.svg` encodes (an invitation link is ~60).
const QR_MAX: usize = 512;

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
        .route(
            "/howto",
            get(|| async { page(HOWTO, "text/html; charset=utf-8") }),
        )
        .route("/api/qr.svg", get(qr))
        .route("/api/rooms/{id}", get(room_summary))
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
        "fields": field_names(),
        "named_fields": named_fields(),
        "version": env!("CARGO_PKG_VERSION"),
    }))
    .into_response()
}

/// The names of absolute fields 1..24 in each naming, from the
/// engine, so that the page's labels are the engine's.
fn field_names() -> serde_json::Value {
    use trictrac::FieldNames;
    let names = |n: FieldNames| (1..=24u8).map(|f| n.name(f)).collect::<Vec<_>>();
    json!({
        "numbers": names(FieldNames::Numbers),
        "classical": names(FieldNames::Classical),
        "soumille": names(FieldNames::Soumille),
        "lepeintre": names(FieldNames::Lepeintre),
    })
}

/// The named fields with their fields in a player's own frame.
fn named_fields() -> serde_json::Value {
    trictrac::fields::NamedField::ALL
        .iter()
        .map(|n| json!({ "name": n.name(), "fields": n.fields() }))
        .collect()
}

#[derive(serde::Deserialize)]
struct QrQuery {
    text: String,
}

/// `/api/qr.svg?text=…`: the QR code of `text` (an invitation link), an
/// SVG drawn by the `qrcode` crate.
async fn qr(axum::extract::Query(q): axum::extract::Query<QrQuery>) -> Response {
    if q.text.is_empty() || q.text.len() > QR_MAX {
        return fail(
            StatusCode::BAD_REQUEST,
            format!("a QR code encodes 1 to {QR_MAX} bytes of text"),
        );
    }
    match qrcode::QrCode::new(q.text.as_bytes()) {
        Ok(code) => {
            let svg = code
                .render::<qrcode::render::svg::Color>()
                .min_dimensions(200, 200)
                .quiet_zone(true)
                .build();
            (
                [
                    (header::CONTENT_TYPE, "image/svg+xml"),
                    (header::CACHE_CONTROL, "max-age=3600"),
                ],
                svg,
            )
                .into_response()
        }
        Err(e) => fail(StatusCode::BAD_REQUEST, format!("no QR code: {e}")),
    }
}

/// `/api/rooms/ROOM`: who plays, whose turn it is and whether the game is
/// over — what the home page shows of the games in progress kept in the
/// browser, and the invitation dialog of the friend invited.
async fn room_summary(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let room = match hub.room(&id).await {
        Ok(r) => r,
        Err(e) => return fail(StatusCode::NOT_FOUND, e),
    };
    let body = {
        let r = room.lock().await;
        let row = &r.row;
        let bot = r.bot_side();
        let seat = |name: &str, taken: bool, side: trictrac::Side| {
            json!({
                "name": name,
                "taken": taken || bot == Some(side),
                "kind": if bot == Some(side) { "bot" } else { "human" },
            })
        };
        json!({
            "room": row.id,
            "game": row.game,
            "mode": row.mode,
            "white": seat(&row.white_name, row.white_taken, trictrac::Side::White),
            "black": seat(&row.black_name, row.black_taken, trictrac::Side::Black),
            "turn": r.game.side_to_act().map(|s| s.name()),
            "finished": row.finished,
            "result": row.result,
            "created": row.created,
        })
    };
    drop(room);
    hub.evict_idle();
    Json(body).into_response()
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
