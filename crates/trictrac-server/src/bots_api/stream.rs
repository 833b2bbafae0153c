//! `GET /api/bot/stream`: a bot's events, one JSON message a line
//! (`application/x-ndjson`, chunked HTTP/1.1), until the bot goes away
//! or the server stops (docs/PROTOCOL.md, "The bot API").
//!
//! In order: `{"type": "hello", name, bot}`; the lobby as `/ws/lobby`
//! sends it (`lobby`, then `lobby_diff` — the challenges are its open
//! seeks —, and `accepted`/`closed` for the bot's own seeks, which the
//! stream holds open as a lobby socket would); for each game not over
//! where the bot's account holds a seat (those it had when the stream
//! opened, and each new one within a second), the room's `welcome` and
//! whole `state`, then each `state` as `/ws` sends it, until the game is
//! over; `{"type": "ping"}` every [`PING`] when nothing else was sent.
//! While the stream is open the bot's seats count as connected (the
//! opponent cannot claim the game as abandoned).

use std::collections::HashSet;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{ConnectInfo, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::Extension;
use serde_json::{json, Value};
use tables::Side;
use tokio::sync::{broadcast, mpsc, watch, Mutex};

use crate::accounts::{Account, ApiError, Who};
use crate::lobby::Lobby;
use crate::room::view::state_json;
use crate::room::{Hub, Room};

/// How often the stream looks for new games and seeks of the bot.
pub const LOOK_EVERY: Duration = Duration::from_secs(1);
/// A line sent at least this often (a closed connection is noticed when
/// writing to it).
pub const PING: Duration = Duration::from_secs(10);
/// Games followed at once at most (the newest).
pub const GAMES_FOLLOWED: i64 = 50;
/// Lines waiting to be sent before the stream is cut (a bot too slow).
const BACKLOG: usize = 512;

/// Opens the stream.
pub async fn open(
    State(lobby): State<Arc<Lobby>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    Extension(who): Extension<Who>,
) -> Response {
    let account = match super::bot_account(&lobby, &who).await {
        Ok(a) => a,
        Err(e) => return e.into_response(),
    };
    let slot = match lobby.limiters.open_connection(peer.ip()) {
        Ok(s) => s,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let bot = true;
    let (out, rx) = mpsc::channel::<Bytes>(BACKLOG);
    tokio::spawn(async move {
        run(lobby, account, bot, out).await;
        drop(slot);
    });
    let body = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|b| (Ok::<_, Infallible>(b), rx))
    });
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        Body::from_stream(body),
    )
        .into_response()
}

/// A line of the stream.
fn line(text: &str) -> Bytes {
    let mut b = Vec::with_capacity(text.len() + 1);
    b.extend_from_slice(text.as_bytes());
    b.push(b'\n');
    Bytes::from(b)
}

/// Sends a line; `false` once the bot is gone (or too slow).
fn send(out: &mpsc::Sender<Bytes>, text: &str) -> bool {
    out.try_send(line(text)).is_ok()
}

async fn run(lobby: Arc<Lobby>, account: Account, bot: bool, out: mpsc::Sender<Bytes>) {
    let feed = &lobby.feed;
    let number = feed.socket_number();
    let mut changes = feed.subscribe();
    let (tell, mut told) = mpsc::unbounded_channel::<Value>();
    let mut stopping = lobby.stopping.clone();
    let hello = json!({ "type": "hello", "name": account.name, "bot": bot });
    let mut ok = send(&out, &hello.to_string()) && send(&out, &feed.full(&lobby).await);
    let mut followed: HashSet<String> = HashSet::new();
    let mut look = tokio::time::interval(LOOK_EVERY);
    let mut ping = tokio::time::interval(PING);
    ping.reset();
    while ok {
        ok = tokio::select! {
            _ = out.closed() => false,
            _ = stopping.changed() => false,
            c = changes.recv() => match c {
                Ok(t) => send(&out, &t),
                Err(broadcast::error::RecvError::Lagged(_)) => send(&out, &feed.full(&lobby).await),
                Err(broadcast::error::RecvError::Closed) => false,
            },
            m = told.recv() => match m {
                Some(v) => send(&out, &v.to_string()),
                None => true,
            },
            _ = ping.tick() => send(&out, "{\"type\":\"ping\"}"),
            _ = look.tick() => {
                // The bot's own open seeks: held, as by a lobby socket.
                if let Ok(ids) = lobby.store.open_seeks_of(&account.id, 20).await {
                    for id in ids {
                        feed.hold(&id, number, tell.clone());
                    }
                }
                match lobby.store.open_games_of(&account.id, GAMES_FOLLOWED).await {
                    Ok(games) => {
                        for (room, side) in games {
                            if followed.insert(room.clone()) {
                                tokio::spawn(follow(lobby.hub.clone(), room, side, out.clone()));
                            }
                        }
                        true
                    }
                    Err(e) => send(&out, &json!({ "type": "error", "message": e.to_string() }).to_string()),
                }
            }
        };
    }
    feed.release(number);
}

/// Follows one game of the bot: its `welcome` and whole `state`, then
/// each change, until it is over or the bot goes away.
async fn follow(hub: Arc<Hub>, code: String, side: String, out: mpsc::Sender<Bytes>) {
    let side = match side.as_str() {
        "white" => Side::White,
        "black" => Side::Black,
        _ => return,
    };
    let Ok(room) = hub.room(&code).await else {
        return;
    };
    let mut rx = {
        let mut r = room.lock().await;
        *r.connected.get_mut(side) += 1;
        r.note_presence();
        r.broadcast();
        hub.announce_presence(&r);
        let welcome = json!({
            "type": "welcome",
            "room": r.row.id,
            "game": r.row.game,
            "mode": r.row.mode,
            "seats": [side.name()],
            "token": null,
            "role": "player",
        });
        let over = r.over();
        if !send(&out, &welcome.to_string())
            || !send(&out, &state_json(&r, true).to_string())
            || over
        {
            drop(r);
            leave(&hub, &room, side).await;
            return;
        }
        r.tx.subscribe()
    };
    let mut stopping: watch::Receiver<bool> = hub.stopping.clone();
    loop {
        let text: Arc<str> = tokio::select! {
            _ = out.closed() => break,
            _ = stopping.changed() => break,
            m = rx.recv() => match m {
                Ok(t) => t,
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    state_json(&*room.lock().await, true).to_string().into()
                }
                Err(broadcast::error::RecvError::Closed) => break,
            },
        };
        if !send(&out, &text) {
            break;
        }
        let r = room.lock().await;
        if r.over() {
            // Done for the bot: its last state, whole, then no more.
            send(&out, &state_json(&r, true).to_string());
            break;
        }
    }
    leave(&hub, &room, side).await;
}

/// The bot's seat is not held by this stream any more.
async fn leave(hub: &Arc<Hub>, room: &Arc<Mutex<Room>>, side: Side) {
    let mut r = room.lock().await;
    let c = r.connected.get_mut(side);
    *c = c.saturating_sub(1);
    r.note_presence();
    r.broadcast();
    hub.announce_presence(&r);
}
