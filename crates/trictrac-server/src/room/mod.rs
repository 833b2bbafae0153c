//! Rooms: one game each, in memory while someone uses it, rebuilt from the
//! database otherwise. The [`Hub`] holds the rooms, the database, the dice
//! and the bots; every change goes through [`Hub::act`], which checks it
//! with the engine and stores it before anyone hears of it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use tables::{BySide, Side};
use tokio::sync::{broadcast, watch, Mutex};

use crate::error::{LoadError, RoomError};
use crate::games::Registry;
use crate::store::{now, Change, GameRow, InsertError, Store};
use view::state_json;

mod absence;
pub mod clock;
mod create;
pub mod mail_settings;
mod state;
pub use state::GameState;
mod dice;
mod rematch;
mod seats;
mod sync;
pub mod timing;
mod turns;
pub mod view;
pub use dice::{dice_in, RoomDice};

pub use clock::{Clock, ClockSpec};
pub use timing::{AbandonConfig, Reason, Timing, Verdict};

/// How a game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Against a bot.
    Bot,
    /// Two people at one screen.
    Hotseat,
    /// Two people, each at his own screen, by invitation.
    Online,
}

impl Mode {
    /// The name stored and sent.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Bot => "bot",
            Mode::Hotseat => "hotseat",
            Mode::Online => "online",
        }
    }

    /// From [`Mode::name`].
    pub fn from_name(s: &str) -> Option<Mode> {
        Some(match s {
            "bot" => Mode::Bot,
            "hotseat" => Mode::Hotseat,
            "online" => Mode::Online,
            _ => return None,
        })
    }
}

/// A game in memory.
pub struct Room {
    /// Its database row.
    pub row: GameRow,
    /// The game, rebuilt from the actions.
    pub game: GameState,
    /// The stored actions (JSON), `actions.len()` is the next number.
    pub actions: Vec<String>,
    /// State updates for everyone in the room (JSON text).
    pub tx: broadcast::Sender<Arc<str>>,
    /// Connections holding each seat.
    pub connected: BySide<u32>,
    /// Connections watching.
    pub spectators: u32,
    /// What the other server instances hold of this game (several
    /// instances on one PostgreSQL): per instance, connections on White's
    /// seat, Black's, and watching.
    pub remote: HashMap<String, ([u32; 3], i64)>,
    /// The room code of the rematch, once a player asked for one.
    pub rematch: Option<String>,
    /// Its clock, last action and verdict (lobby games, and a game
    /// claimed): [`timing`].
    pub timing: Option<Timing>,
    /// Since when (Unix ms) each seat is held by no connection anywhere.
    pub absent: BySide<Option<i64>>,
    /// The grace period of a player who left (ms), as the state shows it.
    pub grace_ms: i64,
    /// How long other instances' announced connections stand (ms).
    pub presence_expires_ms: i64,
    /// The seeds of the dice of an online game (issue 38, docs/DICE.md):
    /// its throws are drawn from them, not from the hub's generator.
    pub dice: Option<tables::fair::Seeds>,
    /// The timekeeper's next look at this room (Unix ms), if asked.
    pub(crate) woken: Option<i64>,
    bot_running: bool,
    /// A player asked the tutor (issue 40, `judge`): the game is unrated,
    /// as the state says (`tutored`). Kept while the room is in memory.
    pub tutored: bool,
}

impl Room {
    /// Whether someone holds `side`'s seat, here or on another instance.
    pub fn present(&self, side: Side) -> bool {
        let k = match side {
            Side::White => 0,
            Side::Black => 1,
        };
        *self.connected.get(side) > 0 || self.remote_counts().any(|c| c[k] > 0)
    }

    /// Connections watching, here and on the other instances.
    pub fn watching(&self) -> u32 {
        self.spectators
            .saturating_add(self.remote_counts().map(|c| c[2]).sum::<u32>())
    }

    /// The other instances' connections to the room, as they announced
    /// them within [`AbandonConfig::presence_expires`] (an instance that stopped
    /// without saying so, killed, is forgotten then: issue 34).
    fn remote_counts(&self) -> impl Iterator<Item = &[u32; 3]> {
        let now = clock::now_ms();
        let expires = self.presence_expires_ms;
        self.remote
            .values()
            .filter(move |(_, heard)| now - heard < expires)
            .map(|(c, _)| c)
    }

    /// This instance's connections to the room, as announced.
    fn presence(&self) -> Change {
        Change::Presence {
            id: self.row.id.clone(),
            from: String::new(),
            counts: [
                *self.connected.get(Side::White),
                *self.connected.get(Side::Black),
                self.spectators,
            ],
        }
    }

    /// The bot's side in bot mode.
    pub fn bot_side(&self) -> Option<Side> {
        match self.row.bot_side.as_deref() {
            Some("white") => Some(Side::White),
            Some("black") => Some(Side::Black),
            _ => None,
        }
    }

    /// The mode.
    pub fn mode(&self) -> Mode {
        Mode::from_name(&self.row.mode).unwrap_or(Mode::Online)
    }

    /// The result line of a finished game, as in records.
    pub fn result_text(&self) -> Option<String> {
        self.game.result_text()
    }

    /// The seats a token holds (both in hot-seat mode).
    pub fn seats_of(&self, token: &str) -> Vec<Side> {
        let mut seats = Vec::new();
        if ct_eq(token, &self.row.white_token) && self.bot_side() != Some(Side::White) {
            seats.push(Side::White);
        }
        if ct_eq(token, &self.row.black_token) && self.bot_side() != Some(Side::Black) {
            seats.push(Side::Black);
        }
        seats
    }

    /// The record in the format of `ext`, with the players' names and
    /// the date the game was created.
    ///
    /// An online game's record carries its dice seeds (issue 38,
    /// docs/DICE.md), the server seed once the game is over: a comment
    /// line `# trictrac dice: …` (`.txt`), `; trictrac dice: …` (`.mat`,
    /// which GNU Backgammon skips), a `dice` field (`.json`).
    pub fn record(&self, ext: &str) -> Option<String> {
        let text = self.game.record(
            ext,
            BySide::new(self.row.white_name.as_str(), self.row.black_name.as_str()),
            &date(self.row.created),
        )?;
        let Some(d) = &self.dice else {
            return Some(text);
        };
        let seeds = d.text(self.row.finished.is_some());
        Some(match ext {
            "json" => match serde_json::from_str::<serde_json::Value>(&text) {
                Ok(mut v) if v.is_object() => {
                    v["dice"] = serde_json::json!(seeds);
                    serde_json::to_string_pretty(&v).unwrap_or(text)
                }
                _ => text,
            },
            // After the rules' comment line, before ` N point match`.
            "mat" => {
                let at = text
                    .lines()
                    .take_while(|l| l.starts_with(';'))
                    .map(|l| l.len() + 1)
                    .sum::<usize>()
                    .min(text.len());
                format!("{}; trictrac dice: {seeds}\n{}", &text[..at], &text[at..])
            }
            _ => format!("# trictrac dice: {seeds}\n{text}"),
        })
    }

    /// Sends the state (with the last few history entries) to everyone.
    pub fn broadcast(&self) {
        let text: Arc<str> = state_json(self, false).to_string().into();
        let _ = self.tx.send(text);
    }
}

/// Compares two tokens in time independent of where they differ.
fn ct_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// `YYYY-MM-DD` of a Unix time (UTC).
pub fn date(secs: i64) -> String {
    trictrac::record::date_of_unix(secs)
}

/// Settings of the hub.
#[derive(Clone, Debug)]
pub struct HubConfig {
    /// Pause before each bot action, so that people see it.
    pub bot_delay: Duration,
    /// The games offered, each made from its option words (Grand
    /// Trictrac's defaults when a client names none are in its maker).
    pub games: Registry,
    /// Rate limits.
    pub limits: crate::limits::Limits,
    /// Abandonment and idleness.
    pub abandon: AbandonConfig,
    /// How mail is sent, if it is (issue 39: the notifications).
    pub mail: mail_settings::MailSettings,
}

/// Everything the server shares: rooms, database, dice.
pub struct Hub {
    /// The database.
    pub store: Store,
    /// Settings.
    pub config: HubConfig,
    rooms: StdMutex<HashMap<String, Arc<Mutex<Room>>>>,
    loading: Mutex<()>,
    rng: StdMutex<ChaCha20Rng>,
    /// Becomes `true` when the server stops: connections and bots end.
    pub stopping: watch::Receiver<bool>,
    /// Rate limits per address.
    pub limiters: crate::limits::Limiters,
    /// The gate of the hints ([`crate::limits::Gate`]).
    pub hints: crate::limits::Gate,
    /// The timekeeper's queue ([`timing::timekeeper`]).
    wakeups: timing::Wakeups,
    wakeups_rx: StdMutex<Option<tokio::sync::mpsc::UnboundedReceiver<(i64, String)>>>,
    /// Since when each seat of a room forgotten from memory was away
    /// (issue 34: a room reloaded for a claim by HTTP started the grace
    /// period again, so that the claim never succeeded).
    departures: StdMutex<HashMap<String, BySide<Option<i64>>>>,
    /// The positions of the live online games between people held here,
    /// by room ([`RoomGame::live_key`](crate::games::RoomGame::live_key)):
    /// the analysis endpoints refuse them (issue 38).
    live: StdMutex<HashMap<String, String>>,
}

/// Rooms whose departures are remembered at most (beyond, they are
/// forgotten: the grace period of those starts again, never shorter).
const DEPARTURES_KEPT: usize = 50_000;

/// The alphabet of room codes: no 0/O, 1/I/L.
const CODE: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

impl Hub {
    /// A hub over `store`.
    pub fn new(store: Store, config: HubConfig, stopping: watch::Receiver<bool>) -> Hub {
        let (wakeups, wakeups_rx) = tokio::sync::mpsc::unbounded_channel();
        Hub {
            wakeups,
            wakeups_rx: StdMutex::new(Some(wakeups_rx)),
            limiters: crate::limits::Limiters::new(config.limits),
            hints: crate::limits::Gate::new(
                config.limits.concurrent_hints,
                config.limits.queued_hints,
            ),
            store,
            config,
            rooms: StdMutex::new(HashMap::new()),
            loading: Mutex::new(()),
            // The dice and tokens: ChaCha20 seeded from the OS's entropy.
            rng: StdMutex::new(ChaCha20Rng::from_entropy()),
            stopping,
            departures: StdMutex::new(HashMap::new()),
            live: StdMutex::new(HashMap::new()),
        }
    }

    /// Keeps the index of live positions up to date with `room`: an
    /// online game between people not over has its position there.
    pub(super) fn track_live(&self, room: &Room) {
        let key = if room.mode() == Mode::Online && room.row.finished.is_none() {
            room.game.live_key()
        } else {
            None
        };
        if let Ok(mut m) = self.live.lock() {
            match key {
                Some(k) => {
                    m.insert(room.row.id.clone(), k);
                }
                None => {
                    m.remove(&room.row.id);
                }
            }
        }
    }

    /// Whether `key` (a [`GameAnalysis::live_key`](crate::games::GameAnalysis::live_key))
    /// is the position of a live online game between people now.
    pub fn is_live_position(&self, key: &str) -> bool {
        self.live
            .lock()
            .map(|m| m.values().any(|k| k == key))
            .unwrap_or(false)
    }

    /// Starts the timekeeper, which ends the games whose clock or idle
    /// limit ran out (once; later calls do nothing).
    pub fn start_timekeeper(self: &Arc<Self>) {
        let rx = self.wakeups_rx.lock().ok().and_then(|mut r| r.take());
        if let Some(rx) = rx {
            tokio::spawn(timing::timekeeper(self.clone(), rx));
        }
    }

    fn rng(&self) -> std::sync::MutexGuard<'_, ChaCha20Rng> {
        self.rng.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The dice of one action: a generator seeded from the server's
    /// (itself seeded from the operating system's entropy).
    fn dice(&self) -> ChaCha20Rng {
        let mut seed = [0u8; 32];
        self.rng().fill_bytes(&mut seed);
        ChaCha20Rng::from_seed(seed)
    }

    fn token(&self) -> String {
        let mut b = [0u8; 16];
        self.rng().fill_bytes(&mut b);
        b.iter().map(|x| format!("{x:02x}")).collect()
    }

    fn code(&self) -> String {
        let mut r = self.rng();
        (0..6)
            .map(|_| CODE[(r.next_u32() % CODE.len() as u32) as usize] as char)
            .collect()
    }

    /// A seed for a bot's own random choices.
    fn seed(&self) -> u64 {
        self.rng().next_u64()
    }

    /// Rooms in memory.
    pub fn rooms_in_memory(&self) -> usize {
        self.rooms.lock().map(|m| m.len()).unwrap_or(0)
    }

    /// Forgets the rooms nobody uses (they are reloaded on demand).
    pub fn evict_idle(&self) {
        if let Ok(mut m) = self.rooms.lock() {
            // Every other holder of a room got its handle through this map
            // (under this lock) or from such a holder, so a count of one
            // means no one can be using it.
            let mut gone = Vec::new();
            m.retain(|id, r| {
                let keep = Arc::strong_count(r) > 1;
                if !keep {
                    // Nobody else holds it: the lock is free.
                    if let Ok(room) = r.try_lock() {
                        if !room.over() {
                            gone.push((id.clone(), room.absent));
                        }
                    }
                }
                keep
            });
            drop(m);
            if !gone.is_empty() {
                if let Ok(mut d) = self.departures.lock() {
                    if d.len() + gone.len() > DEPARTURES_KEPT {
                        d.clear();
                    }
                    d.extend(gone);
                }
            }
        }
    }

    /// The room of a game, from memory or rebuilt from the database.
    ///
    /// # Errors
    /// When there is no such game, or it does not replay.
    pub async fn room(self: &Arc<Self>, id: &str) -> Result<Arc<Mutex<Room>>, LoadError> {
        let id = id.trim().to_ascii_uppercase();
        if let Some(r) = self.cached(&id) {
            return Ok(r);
        }
        let _guard = self.loading.lock().await;
        if let Some(r) = self.cached(&id) {
            return Ok(r);
        }
        let row = self
            .store
            .game(&id)
            .await?
            .ok_or_else(|| LoadError::NotFound(id.clone()))?;
        let mut game = GameState(
            self.config
                .games
                .make(&row.game, &row.options)
                .map_err(|e| LoadError::Unreadable(format!("game {id}: stored options: {e}")))?,
        );
        let actions = self.store.actions(&id).await?;
        game.replay(&actions)
            .map_err(|e| LoadError::Unreadable(format!("game {id} does not replay: {e}")))?;
        let rematch = self.store.rematch(&id).await?;
        let timing = Timing::read(self.store.timing(&id).await?.as_deref());
        let dice = match self.store.dice(&id).await? {
            Some(t) => Some(tables::fair::parse_text(&t).map_err(|e| {
                LoadError::Unreadable(format!("game {id}: stored dice seeds: {e}"))
            })?),
            None => None,
        };
        let fresh = self.fresh_room(row, game, dice);
        let absent = self
            .departures
            .lock()
            .ok()
            .and_then(|mut d| d.remove(&id))
            .unwrap_or(fresh.absent);
        let room = Arc::new(Mutex::new(Room {
            actions,
            rematch,
            timing,
            absent,
            ..fresh
        }));
        self.rooms
            .lock()
            .map_err(|_| LoadError::Stopping)?
            .insert(id.clone(), room.clone());
        // Who is connected to it through the other instances?
        if self.store.listen_url().is_some() {
            self.store.announce(&Change::Query { id }).await;
        }
        {
            let mut r = room.lock().await;
            self.track_live(&r);
            self.wake_for(&mut r);
        }
        self.kick_bot(&room).await;
        Ok(room)
    }

    /// The room of a game if this instance holds it in memory now (the
    /// lobby's live list reads its spectators and score without loading).
    pub fn held(&self, id: &str) -> Option<Arc<Mutex<Room>>> {
        self.cached(id)
    }

    fn cached(&self, id: &str) -> Option<Arc<Mutex<Room>>> {
        self.rooms.lock().ok()?.get(id).cloned()
    }

    /// Stores `new` (already applied to `game`), then makes `game` the
    /// room's game and tells everyone.
    async fn commit(
        &self,
        room: &mut Room,
        game: GameState,
        texts: Vec<String>,
    ) -> Result<usize, RoomError> {
        if texts.is_empty() {
            return Ok(room.actions.len());
        }
        let first = room.actions.len();
        let result = if room.row.finished.is_none() {
            game.result_text()
        } else {
            None
        };
        // The clock passes from the side that decided to the one that
        // decides now, stored with the actions.
        let timing = room
            .timing
            .as_ref()
            .map(|t| t.after_action(room.game.side_to_act(), game.side_to_act(), clock::now_ms()));
        let timing_text = timing.as_ref().map(Timing::text);
        match self
            .store
            .insert_actions(
                &room.row.id,
                first,
                &texts,
                result.as_deref(),
                timing_text.as_deref(),
            )
            .await
        {
            Ok(()) => {}
            Err(InsertError::Conflict) => {
                // Another server instance moved this game on first: bring
                // our copy up to date (everyone here hears of it) and
                // refuse this action, which was meant for the old state.
                if let Err(e) = self.catch_up_locked(room).await {
                    tracing::error!(room = %room.row.id, "{e}");
                    if let Ok(mut m) = self.rooms.lock() {
                        m.remove(&room.row.id);
                    }
                }
                return Err(RoomError::Stale(
                    "the game has moved on (another server stored an action first): look again"
                        .into(),
                ));
            }
            Err(InsertError::Db(e)) => {
                return Err(RoomError::Storage(format!(
                    "the server could not save your move, try again ({e})"
                )))
            }
        }
        let before = room.game.side_to_act();
        room.game = game;
        room.actions.extend(texts);
        if let Some(r) = result {
            room.row.finished = Some(now());
            room.row.result = Some(r);
        }
        if timing.is_some() {
            room.timing = timing;
            self.wake_for(room);
            // Correspondence: the player to move is told (issue 39).
            self.turn_passed(room, before);
        }
        self.track_live(room);
        room.broadcast();
        Ok(room.actions.len())
    }
}
