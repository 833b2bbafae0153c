//! The lobby as it changes (issue 26): one snapshot per server instance
//! (the open challenges and the games in progress), recomputed when
//! something changed and sent to every lobby socket as the difference
//! from the last one.
//!
//! What makes it change:
//! - on this instance, a seek posted, cancelled or accepted
//!   ([`Feed::changed`]);
//! - on another instance sharing the PostgreSQL database, the same: each
//!   instance announces it on the channel [`crate::store::LOBBY_CHANNEL`]
//!   (LISTEN/NOTIFY, as the rooms' own changes travel on
//!   [`crate::store::CHANNEL`]), and every instance listening looks again;
//! - the posters leaving: the instance holding a poster's lobby socket
//!   marks his seeks seen every [`BUMP_EVERY`]; a seek not seen for
//!   [`POSTER_GRACE`] (his socket closed and did not come back, his
//!   polling stopped) is withdrawn (`left`), and one older than
//!   [`SEEK_LIFETIME`] expires (`expired`), by [`Feed`]'s sweep on every
//!   instance, once a second;
//! - the games in progress moving (score, turn, spectators): looked at
//!   again every [`REFRESH_EVERY`].
//!
//! The database stays the only truth: a notification only says "look
//! again", so a lost one costs a delay of at most [`REFRESH_EVERY`].

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex as StdMutex};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::messages::LobbyMsg;
use tokio::sync::{broadcast, mpsc, Notify};

use super::Lobby;
use crate::replies::difference;
use crate::store::LOBBY_CHANNEL;

/// A poster's seek stands this long after the last sign of him (his
/// lobby socket open, or his asking after it with its token).
pub const POSTER_GRACE: Duration = Duration::from_secs(10);
/// How often an instance marks the seeks of its open lobby sockets seen.
pub const BUMP_EVERY: Duration = Duration::from_secs(2);
/// An open seek expires this long after it was posted, poster or not.
pub const SEEK_LIFETIME: Duration = Duration::from_secs(30 * 60);
/// How often the lobby is looked at again without being told of a change
/// (the games in progress move; the sweep runs every second).
pub const REFRESH_EVERY: Duration = Duration::from_secs(1);

/// A listed entry, by its id (a seek's code, a game's room).
type Entries = Vec<(String, Value)>;

/// A lobby socket holding a seek: its number, and where to tell it.
type Holder = (u64, mpsc::UnboundedSender<Value>);

/// The lobby as last seen, and its sockets.
pub struct Feed {
    /// The differences, already written, to every lobby socket here.
    tx: broadcast::Sender<Arc<str>>,
    /// Rung when something changed: the lobby is looked at again at once.
    wake: Notify,
    /// The last snapshot: seeks and live games.
    last: StdMutex<Snapshot>,
    /// The seeks held open by a lobby socket of this instance: socket
    /// number and the channel to tell it of its game.
    held: StdMutex<HashMap<String, Vec<Holder>>>,
    /// Each live game's score and turn, by room: recomputed only when
    /// the game moved or its spectators changed.
    live_cache: StdMutex<HashMap<String, (usize, u32, Value)>>,
    next_socket: AtomicU64,
    /// The open seeks as listed, by code (a seek does not change while
    /// it is open).
    seek_cache: StdMutex<HashMap<String, Value>>,
    /// One look at a time: a look never overwrites a newer one.
    looking: tokio::sync::Mutex<()>,
}

#[derive(Default)]
struct Snapshot {
    seeks: Entries,
    live: Entries,
    /// The tournaments listed (issue 39: `crate::tournaments::listed`).
    tournaments: Entries,
    /// The whole lobby as the first message of a socket (made when a
    /// socket asks, kept until the next change).
    full: Option<Arc<str>>,
    /// When it was made (`None`: never yet).
    at: Option<Instant>,
}

impl std::fmt::Debug for Feed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Feed").finish_non_exhaustive()
    }
}

impl Default for Feed {
    fn default() -> Feed {
        Feed::new()
    }
}

impl Feed {
    /// An empty feed (nothing looked at yet).
    pub fn new() -> Feed {
        Feed {
            tx: broadcast::channel(256).0,
            wake: Notify::new(),
            last: StdMutex::new(Snapshot::default()),
            held: StdMutex::new(HashMap::new()),
            live_cache: StdMutex::new(HashMap::new()),
            next_socket: AtomicU64::new(1),
            seek_cache: StdMutex::new(HashMap::new()),
            looking: tokio::sync::Mutex::new(()),
        }
    }

    /// Something in the lobby changed here: look again at once, and tell
    /// the other instances to.
    pub async fn changed(&self, hub: &Lobby) {
        self.wake.notify_one();
        hub.store.announce_lobby().await;
    }

    /// The differences sent to lobby sockets.
    pub fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.tx.subscribe()
    }

    /// A number for a new lobby socket.
    pub fn socket_number(&self) -> u64 {
        self.next_socket.fetch_add(1, Ordering::Relaxed)
    }

    /// The socket `socket` holds seek `id` open: it is told of its game.
    pub fn hold(&self, id: &str, socket: u64, tell: mpsc::UnboundedSender<Value>) {
        if let Ok(mut h) = self.held.lock() {
            let v = h.entry(id.to_string()).or_default();
            if !v.iter().any(|(s, _)| *s == socket) {
                v.push((socket, tell));
            }
        }
    }

    /// The socket `socket` closed: its seeks are not seen any more (they
    /// are withdrawn after [`POSTER_GRACE`] unless it comes back).
    pub fn release(&self, socket: u64) {
        if let Ok(mut h) = self.held.lock() {
            h.retain(|_, v| {
                v.retain(|(s, _)| *s != socket);
                !v.is_empty()
            });
        }
    }

    fn held_ids(&self) -> Vec<String> {
        self.held
            .lock()
            .map(|h| h.keys().cloned().collect())
            .unwrap_or_default()
    }

    /// The whole lobby as a socket's first message, `{"type": "lobby",
    /// "seeks", "live", "bots"}`, from the last snapshot (made first if
    /// there is none yet).
    pub async fn full(&self, hub: &Arc<Lobby>) -> Arc<str> {
        let fresh = self.last.lock().map(|l| l.at.is_some()).unwrap_or(false);
        if !fresh {
            self.refresh(hub).await;
        }
        let mut l = match self.last.lock() {
            Ok(l) => l,
            Err(e) => e.into_inner(),
        };
        if let Some(f) = &l.full {
            return f.clone();
        }
        let v = LobbyMsg::Lobby {
            seeks: l.seeks.iter().map(|(_, v)| v).collect(),
            live: l.live.iter().map(|(_, v)| v).collect(),
            bots: super::bots::standing(hub),
            tournaments: l.tournaments.iter().map(|(_, v)| v).collect(),
        };
        let f: Arc<str> = v.text().into();
        l.full = Some(f.clone());
        f
    }

    /// Looks at the lobby again: sends the difference from the last look
    /// to every socket, and their game to the posters whose seek was
    /// accepted.
    pub async fn refresh(&self, hub: &Arc<Lobby>) {
        let _one = self.looking.lock().await;
        let (seeks, live) = match super::listing(hub, Some(self)).await {
            Ok(x) => x,
            Err(e) => {
                tracing::warn!("the lobby cannot be listed: {e}");
                return;
            }
        };
        let tournaments = crate::tournaments::listed(&hub.hub).await;
        let diff = {
            let mut l = match self.last.lock() {
                Ok(l) => l,
                Err(e) => e.into_inner(),
            };
            let first = l.at.is_none();
            let (changed_seeks, gone) = difference(&l.seeks, &seeks);
            let (changed_live, ended) = difference(&l.live, &live);
            // A failed read of the tournaments keeps them as they were.
            let tournaments = match tournaments {
                Ok(t) => t,
                Err(e) => {
                    tracing::warn!("the tournaments cannot be listed: {e}");
                    l.tournaments.clone()
                }
            };
            let (changed_tournaments, tournaments_over) = difference(&l.tournaments, &tournaments);
            let same = changed_seeks.is_empty()
                && gone.is_empty()
                && changed_live.is_empty()
                && ended.is_empty()
                && changed_tournaments.is_empty()
                && tournaments_over.is_empty();
            if !same {
                l.full = None;
            }
            l.seeks = seeks;
            l.live = live;
            l.tournaments = tournaments;
            l.at = Some(Instant::now());
            (!same && !first).then(|| {
                let some = !changed_tournaments.is_empty() || !tournaments_over.is_empty();
                LobbyMsg::LobbyDiff {
                    seeks: changed_seeks,
                    gone,
                    live: changed_live,
                    ended,
                    tournaments: some.then_some(changed_tournaments),
                    tournaments_gone: some.then_some(tournaments_over),
                }
                .text()
            })
        };
        if let Some(d) = diff {
            let _ = self.tx.send(d.into());
        }
        self.tell_posters(hub).await;
    }

    /// A change made here, applied to the snapshot at once and sent to
    /// every socket without reading the database: seeks posted (`seeks`)
    /// or gone (`gone`), games started (`live`). The next look (within
    /// [`REFRESH_EVERY`], or at once when told) checks it against the
    /// database.
    pub async fn apply(&self, seeks: Entries, gone: Vec<String>, live: Entries) {
        let _one = self.looking.lock().await;
        let diff = {
            let mut l = match self.last.lock() {
                Ok(l) => l,
                Err(e) => e.into_inner(),
            };
            if l.at.is_none() {
                // Nothing listed yet: the first look lists it all.
                return;
            }
            l.seeks.retain(|(id, _)| !gone.contains(id));
            for (id, v) in &seeks {
                l.seeks.retain(|(k, _)| k != id);
                l.seeks.push((id.clone(), v.clone()));
            }
            // Newest first, as the database lists them.
            l.seeks.sort_by(|(a, x), (b, y)| {
                let (x, y) = (x["created"].as_i64(), y["created"].as_i64());
                y.cmp(&x).then_with(|| a.cmp(b))
            });
            for (id, v) in live.iter().rev() {
                l.live.retain(|(k, _)| k != id);
                l.live.insert(0, (id.clone(), v.clone()));
            }
            l.full = None;
            json!({
                "type": "lobby_diff",
                "seeks": seeks.iter().map(|(_, v)| v).collect::<Vec<_>>(),
                "gone": gone,
                "live": live.iter().map(|(_, v)| v).collect::<Vec<_>>(),
                "ended": [],
            })
        };
        let _ = self.tx.send(diff.to_string().into());
    }

    /// The posters holding a seek that is not open any more: their game
    /// when it was accepted, else that it closed.
    async fn tell_posters(&self, hub: &Arc<Lobby>) {
        let open: std::collections::HashSet<String> = match self.last.lock() {
            Ok(l) => l.seeks.iter().map(|(id, _)| id.clone()).collect(),
            Err(_) => return,
        };
        for id in self.held_ids() {
            if open.contains(&id) {
                continue;
            }
            let row = match hub.store.seek(&id).await {
                Ok(Some(r)) => r,
                Ok(None) => {
                    let m = LobbyMsg::Closed {
                        seek: &id,
                        state: "gone",
                    };
                    self.tell(&id, m.value(), true);
                    continue;
                }
                Err(_) => continue,
            };
            match (row.state.as_str(), &row.room) {
                // Taken, its game not made yet: told at the next look.
                ("taken", None) | ("open", _) => {}
                ("taken", Some(room)) => {
                    let m = LobbyMsg::Accepted {
                        seek: &row.id,
                        room,
                        token: row.seat_token.as_deref(),
                        side: row.seat_side.as_deref(),
                    };
                    self.tell(&id, m.value(), true);
                }
                (state, _) => {
                    let m = LobbyMsg::Closed {
                        seek: &row.id,
                        state,
                    };
                    self.tell(&id, m.value(), true);
                }
            }
        }
    }

    /// Sends `m` to the sockets holding seek `id` (and forgets them).
    fn tell(&self, id: &str, m: Value, forget: bool) {
        let Ok(mut h) = self.held.lock() else { return };
        if let Some(v) = h.get(id) {
            for (_, t) in v {
                let _ = t.send(m.clone());
            }
        }
        if forget {
            h.remove(id);
        }
    }

    /// The seeks of `ids` already listed once (the others are read).
    pub(super) fn known_seeks(&self, ids: &[String]) -> HashMap<String, Value> {
        let Ok(c) = self.seek_cache.lock() else {
            return HashMap::new();
        };
        ids.iter()
            .filter_map(|id| Some((id.clone(), c.get(id)?.clone())))
            .collect()
    }

    /// Keeps the seeks just read for the next listing.
    pub(super) fn remember_seeks(&self, read: &HashMap<String, Value>) {
        if let Ok(mut c) = self.seek_cache.lock() {
            if c.len() > 4 * super::SEEKS_LISTED as usize {
                c.clear();
            }
            c.extend(read.iter().map(|(k, v)| (k.clone(), v.clone())));
        }
    }

    /// The score and turn of a live game held here, from the cache while
    /// it has not moved.
    pub(super) fn cached_live(&self, room: &str, seq: usize, watching: u32) -> Option<Value> {
        let c = self.live_cache.lock().ok()?;
        let (s, w, v) = c.get(room)?;
        (*s == seq && *w == watching).then(|| v.clone())
    }

    pub(super) fn cache_live(&self, room: &str, seq: usize, watching: u32, v: &Value) {
        if let Ok(mut c) = self.live_cache.lock() {
            if c.len() > 4 * super::LIVE_LISTED as usize {
                c.clear();
            }
            c.insert(room.to_string(), (seq, watching, v.clone()));
        }
    }
}

/// Starts the instance's lobby: the task that looks again when told
/// (or every [`REFRESH_EVERY`]), sweeps the seeks whose poster left,
/// and on PostgreSQL listens for the other instances' lobby changes.
///
/// # Errors
/// When PostgreSQL's channel cannot be listened to.
pub async fn start(hub: &Arc<Lobby>) -> Result<(), crate::error::ServerError> {
    if let Some(url) = hub.store.listen_url() {
        let refused = |e: sqlx::Error| {
            crate::error::ServerError::Database(format!(
                "cannot listen for the lobby's changes: {e}"
            ))
        };
        let mut listener = sqlx::postgres::PgListener::connect(url)
            .await
            .map_err(refused)?;
        listener.listen(LOBBY_CHANNEL).await.map_err(refused)?;
        tokio::spawn(listen(hub.clone(), listener));
    }
    tokio::spawn(run(hub.clone()));
    Ok(())
}

/// Every notification on the lobby's channel (from any instance, ours
/// too) wakes the feed; a lost connection too (changes may be missed).
async fn listen(hub: Arc<Lobby>, mut listener: sqlx::postgres::PgListener) {
    let mut stopping = hub.stopping.clone();
    loop {
        let n = tokio::select! {
            n = listener.try_recv() => n,
            _ = stopping.wait_for(|s| *s) => return,
        };
        if let Err(e) = &n {
            tracing::warn!("listening for the lobby's changes: {e}");
            tokio::select! {
                _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                _ = stopping.wait_for(|s| *s) => return,
            }
        }
        if n.as_ref().is_ok_and(|n| {
            n.as_ref()
                .is_some_and(|n| n.payload() == hub.store.instance())
        }) {
            continue;
        }
        hub.feed.wake.notify_one();
    }
}

async fn run(hub: Arc<Lobby>) {
    let mut stopping = hub.stopping.clone();
    let mut last_bump = Instant::now() - BUMP_EVERY;
    let mut last_sweep = Instant::now();
    loop {
        tokio::select! {
            _ = hub.feed.wake.notified() => {}
            _ = tokio::time::sleep(REFRESH_EVERY) => {}
            _ = stopping.wait_for(|s| *s) => return,
        }
        hub.feed.refresh(&hub).await;
        if last_bump.elapsed() >= BUMP_EVERY {
            last_bump = Instant::now();
            let ids = hub.feed.held_ids();
            if let Err(e) = hub.store.touch_seeks(&ids).await {
                tracing::warn!("the lobby cannot mark its posters present: {e}");
            }
        }
        if last_sweep.elapsed() >= Duration::from_secs(1) {
            last_sweep = Instant::now();
            match hub
                .store
                .sweep_seeks(
                    POSTER_GRACE.as_millis() as i64,
                    SEEK_LIFETIME.as_secs() as i64,
                )
                .await
            {
                Ok(0) => {}
                Ok(n) => {
                    tracing::debug!("{n} challenges withdrawn (poster gone) or expired");
                    hub.feed.changed(&hub).await;
                }
                Err(e) => tracing::warn!("the lobby cannot withdraw left challenges: {e}"),
            }
        }
    }
}
