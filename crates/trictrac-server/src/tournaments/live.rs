//! The standings live: `/ws/tournaments/ID` (docs/PROTOCOL.md,
//! "Tournaments").
//!
//! A socket gets the whole tournament first, `{"type": "tournament",
//! "full": true, "id", "tournament", "standings", "games"}`, then each
//! change as `{"type": "tournament", "id", "tournament"?, "standings":
//! [rows new or changed], "gone": [names], "games": [games new or
//! changed]}` (`tournament` only when its summary changed). A logged-in
//! player of the tournament (the page's session cookie) also gets his
//! own games as they are made: `{"type": "tournament_game", "id",
//! "room", "token", "side"}`, the seat's token to join the room with.
//! `{"type": "ping"}` is answered `{"type": "pong"}`.
//!
//! One snapshot per tournament watched on this instance, looked at again
//! every [`LOOK_EVERY`] (at once when this instance changed it): only
//! its `version` is read unless it moved, then the difference written
//! once is sent to every socket. Changes made by another instance
//! sharing the database arrive within [`LOOK_EVERY`].

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex as StdMutex, OnceLock};
use std::time::Duration;

use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use serde_json::{json, Value};
use tokio::sync::{broadcast, Notify};

use super::{games_json, standings, summary};
use crate::accounts::Account;
use crate::replies::difference;
use crate::room::Hub;
use crate::store::PairingRow;

/// How often the watched tournaments are looked at again.
pub const LOOK_EVERY: Duration = Duration::from_millis(500);

fn bell() -> &'static Notify {
    static BELL: OnceLock<Notify> = OnceLock::new();
    BELL.get_or_init(Notify::new)
}

/// Something of a tournament changed here: its watchers look again at
/// once, the lobbies of the other instances are told (this one's looks
/// within its second).
pub async fn changed(hub: &Hub) {
    bell().notify_waiters();
    hub.store.announce_lobby().await;
}

/// A tournament as last seen.
struct Snapshot {
    version: i64,
    summary: Value,
    standings: Vec<(String, Value)>,
    games: Vec<(String, Value)>,
    pairings: Vec<PairingRow>,
    full: Arc<str>,
}

/// A tournament watched here: its snapshot and its sockets.
struct Watch {
    tx: broadcast::Sender<Arc<str>>,
    last: StdMutex<Option<Arc<Snapshot>>>,
}

/// The tournaments watched on this instance.
pub struct Live {
    hub: Arc<Hub>,
    watched: StdMutex<HashMap<String, Arc<Watch>>>,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live").finish_non_exhaustive()
    }
}

impl Live {
    /// Nothing watched yet; [`Live::start`] runs its looks.
    pub fn new(hub: Arc<Hub>) -> Live {
        Live {
            hub,
            watched: StdMutex::new(HashMap::new()),
        }
    }

    /// The hub.
    pub fn hub(&self) -> &Arc<Hub> {
        &self.hub
    }

    /// Starts the task that looks at the watched tournaments again.
    pub fn start(self: &Arc<Self>) {
        let live = self.clone();
        let mut stopping = self.hub.stopping.clone();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = tokio::time::sleep(LOOK_EVERY) => {}
                    _ = bell().notified() => {}
                    _ = stopping.wait_for(|s| *s) => return,
                }
                live.look().await;
            }
        });
    }

    fn watch(&self, id: &str) -> Arc<Watch> {
        let mut w = match self.watched.lock() {
            Ok(w) => w,
            Err(e) => e.into_inner(),
        };
        w.entry(id.to_string())
            .or_insert_with(|| {
                Arc::new(Watch {
                    tx: broadcast::channel(64).0,
                    last: StdMutex::new(None),
                })
            })
            .clone()
    }

    /// Looks at every tournament with a socket; forgets the others.
    async fn look(&self) {
        let ids: Vec<(String, Arc<Watch>)> = {
            let mut w = match self.watched.lock() {
                Ok(w) => w,
                Err(e) => e.into_inner(),
            };
            w.retain(|_, v| v.tx.receiver_count() > 0);
            w.iter().map(|(k, v)| (k.clone(), v.clone())).collect()
        };
        if ids.is_empty() {
            return;
        }
        let keys: Vec<String> = ids.iter().map(|(k, _)| k.clone()).collect();
        let versions: HashMap<String, i64> = match self.hub.store.tournament_versions(&keys).await {
            Ok(v) => v.into_iter().collect(),
            Err(e) => {
                tracing::warn!("the tournaments cannot be looked at: {e}");
                return;
            }
        };
        for (id, watch) in ids {
            let seen = watch
                .last
                .lock()
                .ok()
                .and_then(|l| l.as_ref().map(|s| s.version));
            if versions.get(&id).copied() == seen {
                continue;
            }
            self.refresh(&id, &watch).await;
        }
    }

    /// Reads a tournament again and sends its difference.
    async fn refresh(&self, id: &str, watch: &Watch) -> Option<Arc<Snapshot>> {
        let fresh = Arc::new(snapshot(&self.hub, id).await?);
        let old = {
            let mut l = match watch.last.lock() {
                Ok(l) => l,
                Err(e) => e.into_inner(),
            };
            if l.as_ref().is_some_and(|o| o.version >= fresh.version) {
                return l.clone();
            }
            l.replace(fresh.clone())
        };
        if let Some(old) = old {
            let (standings, gone) = difference(&old.standings, &fresh.standings);
            let (games, _) = difference(&old.games, &fresh.games);
            let mut m = json!({
                "type": "tournament",
                "id": id,
                "standings": standings,
                "gone": gone,
                "games": games,
            });
            if old.summary != fresh.summary {
                m["tournament"] = fresh.summary.clone();
            }
            let _ = watch.tx.send(m.to_string().into());
        }
        Some(fresh)
    }

    /// Serves one socket of tournament `id` (`account`: the page's
    /// session) until it closes or the server stops.
    pub async fn serve(
        self: Arc<Self>,
        id: String,
        account: Option<Account>,
        mut socket: WebSocket,
    ) {
        let watch = self.watch(&id);
        let mut changes = watch.tx.subscribe();
        let current = watch.last.lock().ok().and_then(|l| l.clone());
        let snap = match current {
            Some(s) => Some(s),
            None => self.refresh(&id, &watch).await,
        };
        let Some(snap) = snap else {
            let m =
                json!({"type": "error", "message": format!("no tournament has the code `{id}`")});
            let _ = socket
                .send(Message::Text(Utf8Bytes::from(m.to_string())))
                .await;
            return;
        };
        let mut told: HashSet<String> = HashSet::new();
        if !send(&mut socket, &snap.full).await {
            return;
        }
        let mut stopping = self.hub.stopping.clone();
        loop {
            if let Some(a) = &account {
                let last = watch.last.lock().ok().and_then(|l| l.clone());
                if let Some(s) = last {
                    for m in self.my_games(&id, &a.id, &s.pairings, &mut told).await {
                        if !send(&mut socket, &m).await {
                            return;
                        }
                    }
                }
            }
            let text: Arc<str> = tokio::select! {
                c = changes.recv() => match c {
                    Ok(t) => t,
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        match watch.last.lock().ok().and_then(|l| l.clone()) {
                            Some(s) => s.full.clone(),
                            None => continue,
                        }
                    }
                    Err(broadcast::error::RecvError::Closed) => return,
                },
                m = socket.recv() => match m {
                    Some(Ok(Message::Text(t))) => {
                        let ping = serde_json::from_str::<Value>(t.as_str())
                            .is_ok_and(|v| v["type"] == "ping");
                        if !ping {
                            continue;
                        }
                        json!({"type": "pong"}).to_string().into()
                    }
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue,
                },
                _ = stopping.changed() => return,
            };
            if !send(&mut socket, &text).await {
                return;
            }
        }
    }

    /// The messages of `account`'s games being played not told yet.
    async fn my_games(
        &self,
        id: &str,
        account: &str,
        games: &[PairingRow],
        told: &mut HashSet<String>,
    ) -> Vec<String> {
        let mut out = Vec::new();
        for g in games.iter().filter(|g| g.state == "playing") {
            let Some(room) = &g.room else { continue };
            let Some(side) = g.side_of(account) else {
                continue;
            };
            if told.contains(room) {
                continue;
            }
            let Ok(Some((w, b))) = self.hub.store.seat_tokens(room).await else {
                continue;
            };
            told.insert(room.clone());
            let token = if side == "white" { w } else { b };
            out.push(
                json!({"type": "tournament_game", "id": id, "room": room, "token": token, "side": side})
                    .to_string(),
            );
        }
        out
    }
}

async fn send(socket: &mut WebSocket, text: &str) -> bool {
    socket
        .send(Message::Text(Utf8Bytes::from(text)))
        .await
        .is_ok()
}

/// A tournament read whole (none when it does not exist or the
/// database failed).
async fn snapshot(hub: &Hub, id: &str) -> Option<Snapshot> {
    let read = async {
        let t = hub.store.tournament(id).await?;
        let Some(t) = t else {
            return Ok(None);
        };
        let players = hub.store.entrants(id).await?;
        let pairings = hub.store.pairings(id).await?;
        Ok::<_, crate::error::ServerError>(Some((t, players, pairings)))
    };
    let (t, players, pairings) = match read.await {
        Ok(Some(x)) => x,
        Ok(None) => return None,
        Err(e) => {
            tracing::warn!(tournament = %id, "not read: {e}");
            return None;
        }
    };
    let summary = summary(&t, players.iter().filter(|p| !p.withdrawn).count());
    let standings: Vec<(String, Value)> = standings(&t, &players, &pairings)
        .into_iter()
        .map(|v| (v["name"].as_str().unwrap_or("").to_string(), v))
        .collect();
    let games: Vec<(String, Value)> = games_json(&players, &pairings)
        .into_iter()
        .map(|v| (format!("{}-{}", v["round"], v["slot"]), v))
        .collect();
    let full = json!({
        "type": "tournament",
        "full": true,
        "id": t.id,
        "tournament": summary,
        "standings": standings.iter().map(|(_, v)| v).collect::<Vec<_>>(),
        "games": games.iter().map(|(_, v)| v).collect::<Vec<_>>(),
    });
    Some(Snapshot {
        version: t.version,
        summary,
        standings,
        games,
        pairings,
        full: full.to_string().into(),
    })
}
