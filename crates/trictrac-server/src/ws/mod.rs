//! One WebSocket connection: the JSON protocol of docs/PROTOCOL.md.

use std::sync::Arc;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::sync::{broadcast, Mutex};
use trictrac::Side;

use crate::error::{ErrorMsg, RoomError};
use crate::limits::{read_text, Incoming};
use crate::replies::Reply;
use crate::room::view::state_json;
use crate::room::{Hub, Mode, Room};

mod messages;
use messages::{clean_name, parse_side, ClientMsg, NO_TAKE_BACK, TAKE_BACK};

/// What the connection is attached to.
struct Attached {
    room: Arc<Mutex<Room>>,
    seats: Vec<Side>,
    /// The token the seats were taken with (empty for a spectator).
    token: String,
    rx: broadcast::Receiver<Arc<str>>,
}

/// The name a connection's player sits under ([`crate::lobby::accounts::seat_name`]):
/// the account's, or the typed one if it is no registered player's nor
/// a bot's.
async fn seat_name(
    hub: &Hub,
    account: Option<&crate::accounts::Account>,
    typed: Option<String>,
) -> Result<String, RoomError> {
    if let Some(a) = account {
        return Ok(a.name.clone());
    }
    let name = clean_name(typed);
    if name.is_empty() {
        return Ok(name);
    }
    crate::lobby::accounts::guest_name(hub, &name)
        .await
        .map_err(|e| RoomError::Refused(e.to_string()))
}

async fn send(socket: &mut WebSocket, v: &impl serde::Serialize) -> bool {
    let text = serde_json::to_string(v).unwrap_or_default();
    socket
        .send(Message::Text(Utf8Bytes::from(text)))
        .await
        .is_ok()
}

/// Serves one connection until it closes or the server stops.
pub async fn serve_socket(
    hub: Arc<Hub>,
    mut socket: WebSocket,
    peer: std::net::IpAddr,
    account: Option<crate::accounts::Account>,
) {
    let limiter = hub.limiters.connection();
    let mut attached: Option<Attached> = None;
    let mut stopping = hub.stopping.clone();
    loop {
        let incoming = tokio::select! {
            m = socket.recv() => m,
            u = async {
                match attached.as_mut() {
                    Some(a) => a.rx.recv().await,
                    None => std::future::pending().await,
                }
            } => {
                let ok = match u {
                    Ok(text) => socket.send(Message::Text(Utf8Bytes::from(&*text))).await.is_ok(),
                    Err(broadcast::error::RecvError::Lagged(_)) => match &attached {
                        Some(a) => {
                            let v = state_json(&*a.room.lock().await, true);
                            send(&mut socket, &v).await
                        }
                        None => true,
                    },
                    Err(broadcast::error::RecvError::Closed) => true,
                };
                if !ok {
                    break;
                }
                continue;
            }
            _ = stopping.changed() => break,
        };
        let text = match read_text(&mut socket, incoming).await {
            Incoming::Text(t) => t,
            Incoming::Closed => break,
            Incoming::Skip => continue,
        };
        let raw: Value = match serde_json::from_str(text.as_str()) {
            Ok(v) => v,
            Err(e) => {
                let err = ErrorMsg::new(format!("not JSON: {e}"));
                if !send(&mut socket, &err).await {
                    break;
                }
                continue;
            }
        };
        let id = raw.get("id").cloned().unwrap_or(Value::Null);
        // Rate limits: this connection's messages, and per address the
        // games created and the rooms joined (a wrong code is a guess).
        let limited = if limiter.check().is_err() {
            Some(hub.limiters.too_fast())
        } else {
            match raw.get("type").and_then(Value::as_str) {
                Some("create") => hub.limiters.create(peer).err().map(|e| e.to_string()),
                Some("join") | Some("watch") => {
                    hub.limiters.join(peer).err().map(|e| e.to_string())
                }
                _ => None,
            }
        };
        if let Some(message) = limited {
            if !send(&mut socket, &ErrorMsg::with_id(message, &id)).await {
                break;
            }
            continue;
        }
        // `seq` guards against acting on a stale state: when given it must
        // be what it says, a non-negative integer, or nothing is done.
        let expected = match raw.get("seq") {
            None | Some(Value::Null) => None,
            Some(v) => match v.as_u64() {
                Some(s) => Some(s as usize),
                None => {
                    let err = ErrorMsg::with_id(
                        format!("bad message: `seq` must be a non-negative integer (the number of actions seen), not {v}"),
                        &id,
                    );
                    if !send(&mut socket, &err).await {
                        break;
                    }
                    continue;
                }
            },
        };
        // A decision taken is taken (issue 35): no message takes one back.
        let take_back = raw
            .get("type")
            .and_then(Value::as_str)
            .is_some_and(|t| TAKE_BACK.contains(&t));
        let msg = match ClientMsg::deserialize(&raw) {
            Ok(_) if take_back => Err(NO_TAKE_BACK.to_string()),
            Ok(m) => Ok(m),
            Err(e) => Err(format!("bad message: {e}")),
        };
        let msg = match msg {
            Ok(m) => m,
            Err(message) => {
                if !send(&mut socket, &ErrorMsg::with_id(message, &id)).await {
                    break;
                }
                continue;
            }
        };
        let replies = handle(
            &hub,
            &mut attached,
            msg,
            &raw,
            expected,
            peer,
            account.as_ref(),
        )
        .await;
        let mut ok = true;
        for mut r in replies {
            if !id.is_null() {
                r["id"] = id.clone();
            }
            if !send(&mut socket, &r).await {
                ok = false;
                break;
            }
        }
        if !ok {
            break;
        }
    }
    if let Some(a) = attached.take() {
        leave_room(&hub, &a).await;
    }
    drop(attached);
    hub.evict_idle();
}

async fn leave_room(hub: &Arc<Hub>, a: &Attached) {
    let mut room = a.room.lock().await;
    if a.seats.is_empty() {
        room.spectators = room.spectators.saturating_sub(1);
    }
    for s in &a.seats {
        let c = room.connected.get_mut(*s);
        *c = c.saturating_sub(1);
    }
    room.note_presence();
    room.broadcast();
    hub.announce_presence(&room);
}

fn error(message: impl Into<String>) -> Value {
    ErrorMsg::new(message.into()).to_value()
}

/// The seed a seat adds to the dice (issue 38), of a message that takes
/// a seat (empty for the others), or the refusal.
fn client_seed(msg: &ClientMsg) -> Result<Vec<u8>, Value> {
    let seed = match msg {
        ClientMsg::Create { seed, .. } | ClientMsg::Join { seed, .. } => seed.as_deref(),
        _ => None,
    };
    tables::fair::client_seed(seed.unwrap_or("")).map_err(error)
}

/// Handles one message; returns the replies to this connection.
async fn handle(
    hub: &Arc<Hub>,
    attached: &mut Option<Attached>,
    msg: ClientMsg,
    raw: &Value,
    expected: Option<usize>,
    peer: std::net::IpAddr,
    account: Option<&crate::accounts::Account>,
) -> Vec<Value> {
    // Read first, as the other fields of the message.
    let seed = match client_seed(&msg) {
        Ok(s) => s,
        Err(refusal) => return vec![refusal],
    };
    match msg {
        ClientMsg::Ping => vec![Reply::Pong.value()],
        ClientMsg::Create {
            game,
            mode,
            bot,
            side,
            options,
            name,
            seed: _,
        } => {
            let Some(mode) = Mode::from_name(&mode) else {
                return vec![error(format!("mode `{mode}`: bot, hotseat or online"))];
            };
            let side = match parse_side(side.as_deref()) {
                Ok(s) => s,
                Err(e) => return vec![e.to_json()],
            };
            let options = options.as_deref().map(str::trim).unwrap_or("");
            let kind = match game.as_deref() {
                None | Some("") => hub.config.games.default_game().unwrap_or_default(),
                Some(g) => g,
            };
            let bot = bot.filter(|b| !b.is_empty());
            let name = match seat_name(hub, account, name).await {
                Ok(n) => n,
                Err(e) => return vec![e.to_json()],
            };
            match hub.create(mode, kind, options, bot, side, name).await {
                Ok((room, token)) => {
                    {
                        let mut r = room.lock().await;
                        let seats = r.seats_of(&token);
                        if let Some(&side) = seats.first() {
                            if let Err(e) = hub.contribute_seed(&mut r, side, &seed).await {
                                return vec![e.to_json()];
                            }
                        }
                    }
                    attach(hub, attached, room, token).await
                }
                Err(e) => vec![e.to_json()],
            }
        }
        ClientMsg::Join {
            room,
            token,
            watch,
            name,
            seed: _,
        } => {
            let room_arc = match hub.room(&room).await {
                Ok(r) => r,
                Err(e) => return vec![RoomError::from(e).to_json()],
            };
            let token = token.filter(|t| !t.is_empty());
            let (seats, new_token) = {
                let mut r = room_arc.lock().await;
                match &token {
                    Some(t) => {
                        let seats = r.seats_of(t);
                        if seats.is_empty() {
                            return vec![error(format!(
                                "this token holds no seat in room {}: join without it to watch",
                                r.row.id
                            ))];
                        }
                        (seats, None)
                    }
                    None if watch => (Vec::new(), None),
                    None => match hub
                        .take_free_seat(
                            &mut r,
                            &match seat_name(hub, account, name).await {
                                Ok(n) => n,
                                Err(e) => return vec![e.to_json()],
                            },
                            &seed,
                        )
                        .await
                    {
                        Ok(seats) => {
                            let t = seats.first().map(|s| match s {
                                Side::White => r.row.white_token.clone(),
                                Side::Black => r.row.black_token.clone(),
                            });
                            (seats, t)
                        }
                        Err(e) => return vec![e.to_json()],
                    },
                }
            };
            let token = new_token.or(token).unwrap_or_default();
            attach_seats(hub, attached, room_arc, seats, token).await
        }
        ClientMsg::Why { field } => match attached {
            Some(a) => {
                let r = a.room.lock().await;
                match r.game.why(field) {
                    Some(message) => vec![Reply::Why { field, message }.value()],
                    None => vec![error(format!(
                        "`why` is not asked of a {} board",
                        r.game.kind()
                    ))],
                }
            }
            None => vec![error("join a room first")],
        },
        ClientMsg::Rematch => {
            let Some(a) = attached.as_ref() else {
                return vec![error("join a room first")];
            };
            let (old, token) = (a.room.clone(), a.token.clone());
            match hub.rematch(&old, &a.seats).await {
                Ok(code) => match hub.room(&code).await {
                    Ok(room) => attach(hub, attached, room, token).await,
                    Err(e) => vec![RoomError::from(e).to_json()],
                },
                Err(e) => vec![e.to_json()],
            }
        }
        ClientMsg::Claim => match attached {
            Some(a) => match hub.claim(&a.room, &a.seats).await {
                Ok(result) => vec![Reply::Ack {
                    seq: None,
                    result: Some(result),
                }
                .value()],
                Err(e) => vec![e.to_json()],
            },
            None => vec![error("join a room first")],
        },
        ClientMsg::Sync => match attached {
            Some(a) => vec![state_json(&*a.room.lock().await, true)],
            None => vec![error("join a room first")],
        },
        ClientMsg::Judge { action, play } => match attached {
            Some(a) => {
                // The verb judged, as the game reads its verbs.
                let mut verb = serde_json::Map::new();
                verb.insert("type".into(), json!(action));
                if let Some(p) = play {
                    verb.insert("play".into(), json!(p));
                }
                match hub
                    .judge(&a.room, &a.seats, &Value::Object(verb), peer)
                    .await
                {
                    Ok(mut v) => {
                        v["type"] = json!("judge");
                        v["action"] = json!(action);
                        vec![v]
                    }
                    Err(e) => vec![e.to_json()],
                }
            }
            None => vec![error("join a room first")],
        },
        ClientMsg::Hint => match attached {
            Some(a) => match hub.hint(&a.room, &a.seats, peer).await {
                Ok(mut v) => {
                    v["type"] = json!("hint");
                    vec![v]
                }
                Err(e) => vec![e.to_json()],
            },
            None => vec![error("join a room first")],
        },
        ClientMsg::Game => {
            let Some(a) = attached.as_ref() else {
                return vec![error("join a room first")];
            };
            match hub.act(&a.room, &a.seats, raw, expected).await {
                Ok(seq) => vec![Reply::Ack {
                    seq: Some(seq),
                    result: None,
                }
                .value()],
                Err(e) => vec![e.to_json()],
            }
        }
    }
}

async fn attach(
    hub: &Arc<Hub>,
    attached: &mut Option<Attached>,
    room: Arc<Mutex<Room>>,
    token: String,
) -> Vec<Value> {
    let seats = room.lock().await.seats_of(&token);
    attach_seats(hub, attached, room, seats, token).await
}

async fn attach_seats(
    hub: &Arc<Hub>,
    attached: &mut Option<Attached>,
    room_arc: Arc<Mutex<Room>>,
    seats: Vec<Side>,
    token: String,
) -> Vec<Value> {
    if let Some(old) = attached.take() {
        leave_room(hub, &old).await;
    }
    let (welcome, state, rx) = {
        let mut room = room_arc.lock().await;
        if seats.is_empty() {
            room.spectators += 1;
        }
        for s in &seats {
            *room.connected.get_mut(*s) += 1;
        }
        room.note_presence();
        // Everyone else hears of the newcomer, here and elsewhere.
        room.broadcast();
        hub.announce_presence(&room);
        let rx = room.tx.subscribe();
        let welcome = Reply::Welcome {
            room: &room.row.id,
            game: &room.row.game,
            mode: &room.row.mode,
            seats: seats.iter().map(|s| s.name()).collect(),
            token: (!seats.is_empty()).then_some(token.as_str()),
            role: if seats.is_empty() {
                "spectator"
            } else {
                "player"
            },
        }
        .value();
        (welcome, state_json(&room, true), rx)
    };
    *attached = Some(Attached {
        room: room_arc,
        seats,
        token,
        rx,
    });
    vec![welcome, state]
}

/// One message of this protocol from the bot API (the bot API,
/// issue 39): acts for `seats` of `room` as a socket joined with their
/// token would, with the same checks and replies. `create`, `join`,
/// `watch` and `rematch` are refused: a bot's games come from the lobby.
pub(crate) async fn handle_detached(
    hub: &Arc<Hub>,
    room: Arc<Mutex<Room>>,
    seats: Vec<Side>,
    token: String,
    raw: Value,
    peer: std::net::IpAddr,
    account: Option<&crate::accounts::Account>,
) -> Vec<Value> {
    let kind = raw
        .get("type")
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let kind = kind.as_str();
    if matches!(kind, "create" | "join" | "watch" | "rematch") {
        return vec![error(format!(
            "`{kind}` is not sent through the bot API: a bot's games come from the lobby (post or accept a challenge)"
        ))];
    }
    let expected = match raw.get("seq") {
        None | Some(Value::Null) => None,
        Some(v) => match v.as_u64() {
            Some(s) => Some(s as usize),
            None => {
                return vec![error(format!(
                    "bad message: `seq` must be a non-negative integer (the number of actions seen), not {v}"
                ))]
            }
        },
    };
    if TAKE_BACK.contains(&kind) {
        return vec![error(NO_TAKE_BACK)];
    }
    let msg = match ClientMsg::deserialize(&raw) {
        Ok(m) => m,
        Err(e) => return vec![error(format!("bad message: {e}"))],
    };
    let rx = room.lock().await.tx.subscribe();
    let mut attached = Some(Attached {
        room,
        seats,
        token,
        rx,
    });
    handle(hub, &mut attached, msg, &raw, expected, peer, account).await
}
