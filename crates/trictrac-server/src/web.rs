//! HTTP: the page (embedded), the how-to-play page, the WebSocket
//! endpoint, and a small JSON API (server info, finished games, a room's
//! summary, game records, the review of a finished game, tables of
//! chances, the QR code of an invitation link).

use std::sync::Arc;

use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde_json::json;

use crate::error::{fail, LoadError, RoomError};
use crate::pages::{MODULES, PAGES, SHELL_MODULES, TEXT_FILES};
use crate::room::Hub;
use tables::BySide;

/// The longest text `/api/qr.svg` encodes (an invitation link is ~60).
const QR_MAX: usize = 512;

/// The largest request body in general (a seek, credentials, 100 seats).
pub const BODY_MAX: usize = 32 * 1024;
/// The largest record sent for a review (the review reads at most
/// `MAT_MAX`, 512 kB; a 25-point match is ~30 kB).
pub const RECORD_MAX: usize = crate::games::backgammon::review::MAT_MAX + 1024;

/// The routes.
pub fn router(
    hub: Arc<Hub>,
    lobby: Arc<crate::lobby::Lobby>,
    tournaments: Arc<crate::tournaments::live::Live>,
    secure_cookies: bool,
    identity_key: &str,
) -> Router {
    let request_timeout = hub.config.limits.request_timeout;
    let accounts = Arc::new(crate::accounts::Accounts::new(
        hub.clone(),
        secure_cookies,
        identity_key,
    ));
    let mut router = Router::new();
    for (path, body) in MODULES.into_iter().chain(SHELL_MODULES.iter().copied()) {
        router = router.route(
            path,
            get(move || async move { page(body, "text/javascript; charset=utf-8") }),
        );
    }
    for (path, body) in TEXT_FILES {
        router = router.route(
            path,
            get(move || async move { page(body, "application/json; charset=utf-8") }),
        );
    }
    for (path, body, kind) in PAGES.iter() {
        let (body, kind) = (body.as_str(), *kind);
        router = router.route(path, get(move || async move { page(body, kind) }));
    }
    router
        .route("/api/qr.svg", get(qr))
        .route("/api/rooms/{id}", get(room_summary))
        .route("/api/rooms/{id}/claim", post(claim))
        .route("/ws", get(ws))
        .route("/api/info", get(info))
        .route("/api/games", get(games))
        .route("/api/games/{file}", get(record))
        .route("/api/games/{id}/review.json", get(review))
        .route("/api/chances", get(chances))
        .route(
            "/api/analysis/{game}/position",
            get(crate::analysis::web::position),
        )
        .route(
            "/api/analysis/{game}/review",
            post(crate::analysis::web::review_file)
                .layer(axum::extract::DefaultBodyLimit::max(RECORD_MAX)),
        )
        .route(
            "/api/analysis/verify",
            post(crate::fair::verify).layer(axum::extract::DefaultBodyLimit::max(RECORD_MAX)),
        )
        .route(
            "/api/analysis/{game}/rollout",
            get(crate::analysis::web::rollout),
        )
        .merge(crate::learn::router())
        .merge(crate::accounts::routes::router())
        .merge(crate::ratings::router())
        .merge(crate::correspondence::routes::router())
        .merge(crate::notify::routes::router())
        .with_state(hub)
        .merge(crate::bots_api::router().with_state(lobby.clone()))
        .merge(crate::lobby::routes::router().with_state(lobby))
        .merge(crate::tournaments::routes::router().with_state(tournaments))
        .layer(axum::middleware::from_fn_with_state(
            accounts.clone(),
            crate::accounts::routes::identify,
        ))
        .layer(axum::Extension(accounts))
        .layer(axum::extract::DefaultBodyLimit::max(BODY_MAX))
        .layer(tower_http::timeout::TimeoutLayer::with_status_code(
            StatusCode::REQUEST_TIMEOUT,
            request_timeout,
        ))
        .layer(axum::middleware::from_fn(crate::guard::guard))
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
    headers: axum::http::HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let slot = match hub.limiters.open_connection(peer.ip()) {
        Ok(slot) => slot,
        Err(e) => return fail(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
    };
    // The account of the page's session, if logged in: its players sit
    // under its name (and nobody else may).
    // A bot's token (issue 39), else the page's session.
    let bearer = match crate::accounts::tokens::bearer_account(&hub, &headers).await {
        Ok(a) => a,
        Err(e) => return e.into_response(),
    };
    let account = match bearer {
        Some(a) => Some(a),
        None => {
            match crate::accounts::routes::cookie_value(&headers, crate::accounts::SESSION_COOKIE) {
                Some(token) => crate::accounts::session_account(&hub, token)
                    .await
                    .ok()
                    .flatten(),
                None => None,
            }
        }
    };
    crate::limits::open_socket(upgrade, 64 * 1024, slot, move |socket| {
        crate::ws::serve_socket(hub, socket, peer.ip(), account)
    })
}

async fn info(State(hub): State<Arc<Hub>>) -> Response {
    // The registered games, each as it describes itself (issue 36).
    Json(hub.config.games.info()).into_response()
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
async fn room_summary(State(hub): State<Arc<Hub>>, RoomAt { room, .. }: RoomAt) -> Response {
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

/// `POST /api/rooms/ROOM/claim` with `{"token": "…"}`: the game claimed
/// from an opponent gone longer than the grace period (the `claim` of
/// the WebSocket protocol, for anything that speaks HTTP).
async fn claim(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    body: String,
) -> Response {
    let token = serde_json::from_str::<serde_json::Value>(&body)
        .ok()
        .and_then(|v| v["token"].as_str().map(String::from));
    let Some(token) = token else {
        return fail(
            StatusCode::BAD_REQUEST,
            "claim a game with your seat's token: {\"token\": \"…\"}".into(),
        );
    };
    let room = match look_up(&hub, peer.ip(), &id).await {
        Ok(r) => r,
        Err(r) => return r,
    };
    let seats = room.lock().await.seats_of(&token);
    if seats.is_empty() {
        return fail(
            StatusCode::FORBIDDEN,
            "this token holds no seat in this game".into(),
        );
    }
    match hub.claim(&room, &seats).await {
        Ok(result) => {
            Json(json!({ "room": id.to_ascii_uppercase(), "result": result })).into_response()
        }
        Err(e) => fail(StatusCode::CONFLICT, e.to_string()),
    }
}

/// The room named by the path's `ROOM`, looked up for the caller's
/// address ([`look_up`]): the extractor of the routes on one room, its
/// refusal the response sent.
struct RoomAt {
    /// The room's code, as the path gave it.
    id: String,
    /// The room.
    room: Arc<tokio::sync::Mutex<crate::room::Room>>,
}

impl FromRequestParts<Arc<Hub>> for RoomAt {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, hub: &Arc<Hub>) -> Result<Self, Response> {
        let Path(id) = Path::<String>::from_request_parts(parts, hub)
            .await
            .map_err(IntoResponse::into_response)?;
        let ConnectInfo(peer) = ConnectInfo::<std::net::SocketAddr>::from_request_parts(parts, hub)
            .await
            .map_err(IntoResponse::into_response)?;
        let room = look_up(hub, peer.ip(), &id).await?;
        Ok(RoomAt { id, room })
    }
}

/// The room of code `id` for a request from `ip`, counting a code that
/// names no game as a guess ([`crate::limits::Limiters::missed`]).
pub(crate) async fn look_up(
    hub: &Arc<Hub>,
    ip: std::net::IpAddr,
    id: &str,
) -> Result<Arc<tokio::sync::Mutex<crate::room::Room>>, Response> {
    if let Err(e) = hub.limiters.may_look_up(ip) {
        return Err(fail(e.status(), e.to_string()));
    }
    hub.room(id).await.map_err(|e| {
        let code = match &e {
            LoadError::NotFound(_) => {
                hub.limiters.missed(ip);
                StatusCode::NOT_FOUND
            }
            LoadError::Unreadable(_) => StatusCode::NOT_FOUND,
            LoadError::Storage(_) => StatusCode::INTERNAL_SERVER_ERROR,
            LoadError::Stopping => StatusCode::SERVICE_UNAVAILABLE,
        };
        fail(code, e.to_string())
    })
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
async fn record(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(peer): ConnectInfo<std::net::SocketAddr>,
    Path(file): Path<String>,
) -> Response {
    let (id, ext) = match file.rsplit_once('.') {
        Some((id, ext @ ("json" | "txt" | "mat"))) => (id, ext),
        _ => {
            return fail(
                StatusCode::NOT_FOUND,
                "ask for ROOM.txt or ROOM.json (Grand Trictrac), ROOM.mat (backgammon)".into(),
            )
        }
    };
    let room = match look_up(&hub, peer.ip(), id).await {
        Ok(r) => r,
        Err(r) => return r,
    };
    let (body, id, game_kind) = {
        let r = room.lock().await;
        let body = r.record(ext);
        (body, r.row.id.clone(), r.game.kind())
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
    let name = game_kind;
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

/// `/api/games/ROOM/review.json`: every decision of a finished Grand
/// Trictrac game against the bot's best, by equity — the review of
/// `trictrac review` ([`crate::games::trictrac::analysis::review_json`]) — or of a finished
/// backgammon game or match — the review of `trictrac bg review`
/// ([`crate::games::backgammon::review`]) — computed off the async
/// threads.
async fn review(State(hub): State<Arc<Hub>>, RoomAt { id, room }: RoomAt) -> Response {
    let reviewed = {
        let r = room.lock().await;
        r.game.review(
            BySide::new(r.row.white_name.as_str(), r.row.black_name.as_str()),
            &crate::room::date(r.row.created),
            r.over(),
        )
    };
    drop(room);
    hub.evict_idle();
    let (key, job) = match reviewed {
        Ok(x) => x,
        Err(e @ RoomError::Refused(_)) if e.to_string().contains("finished") => {
            return fail(StatusCode::CONFLICT, format!("game {id}: {e}"))
        }
        Err(e) => return fail(StatusCode::NOT_FOUND, format!("game {id}: {e}")),
    };
    let v = match crate::analysis::cache::cached_review(key, job).await {
        Ok(v) => v,
        Err(r) => return r,
    };
    let mut body = (*v).clone();
    body["room"] = json!(id);
    Json(body).into_response()
}

/// `/api/chances?position=TPN&question=hit|fill|point|corner&field=…&jan=…`:
/// a table of chances (`trictrac chances`), or a one-line error.
async fn chances(
    axum::extract::Query(q): axum::extract::Query<crate::games::trictrac::analysis::ChancesQuery>,
) -> Response {
    match crate::games::trictrac::analysis::chances_json(&q) {
        Ok(v) => Json(v).into_response(),
        Err(e) => fail(e.status(), e.to_string()),
    }
}
