//! The bot API (issue 39, item 4; docs/PROTOCOL.md, "The bot API"):
//! outside engines take seats in the lobby under a bot account.
//!
//! A bot is an account marked as such (`crate::accounts::tokens`), and
//! acts with an API token (`Authorization: Bearer ttb_…`). It speaks the
//! protocols the page speaks, over HTTP so that a bot needs no WebSocket
//! client:
//!
//! - `GET /api/bot/stream` ([`stream`]): an event stream, one JSON
//!   message a line (NDJSON over chunked HTTP/1.1): the lobby's messages
//!   as `/ws/lobby` sends them (the challenges, i.e. open seeks, and the
//!   `accepted` of the bot's own seeks), then for each game where the
//!   bot's account holds a seat the room's `welcome` and `state`
//!   messages as `/ws` sends them, until the game is over;
//! - the lobby's own routes with the token: `POST /api/seeks` (the bot
//!   posts a challenge: its stream holds it open), `POST
//!   /api/seeks/ID/accept` (it accepts one);
//! - `POST /api/bot/games/ROOM` ([`act`]): one message of the room
//!   protocol (`roll`, `play`, `double`, `take`, `stay`, `resign`…, the
//!   very messages the page sends on `/ws`) for the bot's seat in that
//!   room: answered with the socket's reply, `ack` or `error`.
//!
//! A bot never plays a rated game against a person unless the person
//! allows it ([`rated`]).

pub mod stream;

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use serde_json::{json, Value};
use tables::Side;

use crate::accounts::{Account, ApiError, Who};
use crate::lobby::Lobby;

/// Bot accounts listed by `GET /api/bots` at most.
pub const BOTS_LISTED: i64 = 1000;

/// The bot API's routes, to merge into the server's (beside the lobby's).
pub fn router() -> Router<Arc<Lobby>> {
    Router::new()
        .route("/api/bot/stream", get(stream::open))
        .route("/api/bot/games/{room}", post(act))
        .route("/api/bots", get(bots))
}

/// The account of a bot API request: it came with a token, and the
/// account is marked as a bot (so that a program never plays people
/// under an account they take for a person's).
///
/// # Errors
/// 401 without a token (a page's session does not open the bot API);
/// 403 for an account not marked as a bot; the database failed.
pub async fn bot_account(hub: &crate::room::Hub, who: &Who) -> Result<Account, ApiError> {
    let account = match (&who.account, &who.session) {
        (Some(a), None) if who.identity.is_none() => a,
        _ => return Err(ApiError::Unauthorized(
            "the bot API is used with an API token: send `Authorization: Bearer ttb_…` (make a token on your account page)".into(),
        )),
    };
    if !hub.store.is_bot(&account.id).await? {
        return Err(ApiError::Forbidden(format!(
            "{} is not marked as a bot: mark it on the account page (POST /api/account/bot, or a token made with \"bot\": true) before it plays through the bot API",
            account.name
        )));
    }
    Ok(account.clone())
}

/// `GET /api/bots`: the names of the bot accounts, so that pages mark
/// them (`{bots: [NAME…]}`, by name, at most [`BOTS_LISTED`]).
async fn bots(State(lobby): State<Arc<Lobby>>) -> Response {
    match lobby.store.bot_names(BOTS_LISTED).await {
        Ok(names) => Json(json!({ "bots": names })).into_response(),
        Err(e) => ApiError::from(e).into_response(),
    }
}

/// The HTTP status of a room protocol reply (`error` by its `code`).
fn status_of(reply: &Value) -> StatusCode {
    if reply["type"] != "error" {
        return StatusCode::OK;
    }
    match reply["code"].as_str() {
        Some("illegal") | Some("stale") | Some("not_your_turn") => StatusCode::CONFLICT,
        Some("storage") => StatusCode::SERVICE_UNAVAILABLE,
        Some("rate_limited") => StatusCode::TOO_MANY_REQUESTS,
        _ => StatusCode::BAD_REQUEST,
    }
}

/// `POST /api/bot/games/ROOM`: one message of the room protocol for the
/// seat the bot's account holds in `ROOM`.
async fn act(
    State(lobby): State<Arc<Lobby>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Extension(who): Extension<Who>,
    Path(room): Path<String>,
    text: String,
) -> Response {
    let account = match bot_account(&lobby, &who).await {
        Ok(a) => a,
        Err(e) => return e.into_response(),
    };
    // As many messages a second per address as the lobby's sockets.
    if let Err(e) = lobby.limiters.lobby_message(peer.ip()) {
        return ApiError::from(e).into_response();
    }
    let raw: Value = match serde_json::from_str(&text) {
        Ok(v @ Value::Object(_)) => v,
        Ok(_) => {
            return ApiError::Bad(
                "send one message of the room protocol, e.g. {\"type\": \"roll\", \"seq\": 4}"
                    .into(),
            )
            .into_response()
        }
        Err(e) => return ApiError::Bad(format!("not JSON: {e}")).into_response(),
    };
    let code = room.trim().to_ascii_uppercase();
    let sides = match lobby.store.sides_of(&code, &account.id).await {
        Ok(s) => s,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let seats: Vec<Side> = sides
        .iter()
        .filter_map(|s| match s.as_str() {
            "white" => Some(Side::White),
            "black" => Some(Side::Black),
            _ => None,
        })
        .collect();
    if seats.is_empty() {
        return ApiError::Forbidden(format!(
            "{} holds no seat in room {code}: a bot acts only in its own games",
            account.name
        ))
        .into_response();
    }
    let room_arc = match lobby.hub.room(&code).await {
        Ok(r) => r,
        Err(e) => {
            return ApiError::NotFound(crate::error::RoomError::from(e).to_string()).into_response()
        }
    };
    let token = {
        let r = room_arc.lock().await;
        match seats[0] {
            Side::White => r.row.white_token.clone(),
            Side::Black => r.row.black_token.clone(),
        }
    };
    let id = raw.get("id").cloned().unwrap_or(Value::Null);
    let replies = crate::ws::handle_detached(
        &lobby.hub,
        room_arc,
        seats,
        token,
        raw,
        peer.ip(),
        Some(&account),
    )
    .await;
    let mut reply = replies
        .into_iter()
        .next()
        .unwrap_or_else(|| json!({ "type": "error", "message": "no reply" }));
    if !id.is_null() {
        reply["id"] = id;
    }
    if reply["type"] == "error" {
        // The refusal as every other of the API says it, and the
        // protocol's fields beside.
        reply["error"] = reply["message"].clone();
    }
    (status_of(&reply), Json(reply)).into_response()
}
