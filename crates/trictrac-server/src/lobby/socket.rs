//! The lobby's WebSocket, `/ws/lobby` (docs/PROTOCOL.md, "Lobby"): the
//! whole lobby first (`{"type": "lobby", "seeks", "live", "bots"}`), then
//! each change as it happens (`{"type": "lobby_diff", "seeks": [new or
//! changed], "gone": [codes], "live": [new or changed], "ended":
//! [rooms]}`), on every instance sharing the database.
//!
//! A poster holds his seeks open on it: `{"type": "hold", "seek": CODE,
//! "token": TOKEN}` (answered `{"type": "held", "seek"}`). While the
//! socket is open the seek stands; once it closes, the seek is withdrawn
//! after [`super::feed::POSTER_GRACE`] unless a socket holds it again. When
//! the seek is accepted the socket gets `{"type": "accepted", "seek",
//! "room", "token", "side"}` (the poster's seat), when it closes
//! otherwise `{"type": "closed", "seek", "state"}`. `{"type": "ping"}`
//! is answered `{"type": "pong"}`.

use std::sync::Arc;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use serde_json::Value;
use tokio::sync::{broadcast, mpsc};

use crate::limits::{read_text, Incoming};

use super::messages::LobbyMsg;
use super::same_token;
use super::Lobby;

/// Most seeks one lobby socket may hold.
const HELD_PER_SOCKET: usize = 20;

async fn send(socket: &mut WebSocket, text: &str) -> bool {
    socket
        .send(Message::Text(Utf8Bytes::from(text)))
        .await
        .is_ok()
}

/// Serves one lobby socket until it closes or the server stops.
pub async fn serve(hub: Arc<Lobby>, mut socket: WebSocket, peer: std::net::IpAddr) {
    let feed = &hub.feed;
    let number = feed.socket_number();
    // Subscribed before the snapshot is read: no change falls between.
    let mut changes = feed.subscribe();
    let (tell, mut told) = mpsc::unbounded_channel::<Value>();
    let mut stopping = hub.stopping.clone();
    let mut held = 0usize;
    // Messages per second, as on a game's socket (issue 34: 2 900
    // database reads a second from one address).
    let limiter = hub.limiters.connection();
    let full = feed.full(&hub).await;
    if send(&mut socket, &full).await {
        loop {
            let text: Arc<str> = tokio::select! {
                c = changes.recv() => match c {
                    Ok(t) => t,
                    // Too slow for the changes: the whole lobby again.
                    Err(broadcast::error::RecvError::Lagged(_)) => feed.full(&hub).await,
                    Err(broadcast::error::RecvError::Closed) => break,
                },
                m = told.recv() => match m {
                    Some(v) => v.to_string().into(),
                    None => continue,
                },
                m = socket.recv() => {
                    let t = match read_text(&mut socket, m).await {
                        Incoming::Text(t) => t,
                        Incoming::Closed => break,
                        Incoming::Skip => continue,
                    };
                    let limited = if limiter.check().is_err() {
                        Some(hub.limiters.too_fast())
                    } else {
                        hub.limiters.lobby_message(peer).err().map(|e| e.to_string())
                    };
                    if let Some(m) = limited {
                        let e = error(m);
                        if !send(&mut socket, &e.to_string()).await {
                            break;
                        }
                        continue;
                    }
                    let answer = handle(&hub, number, &tell, &mut held, t.as_str()).await;
                    answer.to_string().into()
                }
                _ = stopping.changed() => break,
            };
            if !send(&mut socket, &text).await {
                break;
            }
        }
    }
    feed.release(number);
}

fn error(m: impl Into<String>) -> Value {
    LobbyMsg::Error { message: m.into() }.value()
}

/// One message of a lobby socket; its answer.
async fn handle(
    hub: &Arc<Lobby>,
    number: u64,
    tell: &mpsc::UnboundedSender<Value>,
    held: &mut usize,
    text: &str,
) -> Value {
    let v: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) => return error(format!("not JSON: {e}")),
    };
    match v["type"].as_str() {
        Some("ping") => LobbyMsg::Pong.value(),
        Some("hold") => {
            let (Some(id), Some(token)) = (v["seek"].as_str(), v["token"].as_str()) else {
                return error(
                    "hold a challenge with {\"type\": \"hold\", \"seek\": CODE, \"token\": TOKEN}",
                );
            };
            if *held >= HELD_PER_SOCKET {
                return error(format!(
                    "one lobby connection holds at most {HELD_PER_SOCKET} challenges"
                ));
            }
            let id = id.trim().to_ascii_uppercase();
            let row = match hub.store.seek(&id).await {
                Ok(Some(r)) => r,
                Ok(None) => {
                    return LobbyMsg::Closed {
                        seek: &id,
                        state: "gone",
                    }
                    .value();
                }
                Err(e) => return error(e.to_string()),
            };
            if !same_token(token, &row.token) {
                return error(format!("this token is not the one of challenge {}", row.id));
            }
            match (row.state.as_str(), &row.room) {
                ("open", _) | ("taken", None) => {
                    *held += 1;
                    hub.feed.hold(&row.id, number, tell.clone());
                    if row.state == "open" {
                        if let Err(e) = hub.store.touch_seeks(std::slice::from_ref(&row.id)).await {
                            return error(e.to_string());
                        }
                    }
                    LobbyMsg::Held { seek: &row.id }.value()
                }
                ("taken", Some(room)) => LobbyMsg::Accepted {
                    seek: &row.id,
                    room,
                    token: row.seat_token.as_deref(),
                    side: row.seat_side.as_deref(),
                }
                .value(),
                (state, _) => LobbyMsg::Closed {
                    seek: &row.id,
                    state,
                }
                .value(),
            }
        }
        Some(t) => error(format!("unknown message type `{t}`: hold or ping")),
        None => error("a message has a \"type\": hold or ping"),
    }
}
