//! Rooms: one game each, in memory while someone uses it, rebuilt from the
//! database otherwise. The [`Hub`] holds the rooms, the database, the dice
//! and the bots; every change goes through [`Hub::act`], which checks it
//! with the engine and stores it before anyone hears of it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex as StdMutex};
use std::time::Duration;

use rand::{RngCore, SeedableRng};
use rand_chacha::ChaCha20Rng;
use serde_json::Value;
use tables::{BySide, Side};
use tokio::sync::{broadcast, watch, Mutex};

use crate::error::RoomError;
pub use crate::games::Intent;
use crate::games::{Registry, RoomGame};
use crate::store::{now, Change, GameRow, InsertError, Store};
use crate::view::state_json;
use crate::ServerError;

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

/// The game of a room: any game of the registry ([`crate::games`]).
#[derive(Clone, Debug)]
pub struct GameState(pub Box<dyn RoomGame>);

impl std::ops::Deref for GameState {
    type Target = dyn RoomGame;
    fn deref(&self) -> &(dyn RoomGame + 'static) {
        &*self.0
    }
}

impl std::ops::DerefMut for GameState {
    fn deref_mut(&mut self) -> &mut (dyn RoomGame + 'static) {
        &mut *self.0
    }
}

impl GameState {
    /// Who acts now, if a player does.
    pub fn side_to_act(&self) -> Option<Side> {
        self.0.pending().and_then(|p| p.side)
    }

    /// The result line once the game (or match) is over.
    pub fn result_text(&self) -> Option<String> {
        self.0.outcome().map(|o| o.text)
    }

    /// Replays stored actions.
    ///
    /// # Errors
    /// The first action that does not apply, with its number.
    pub fn replay(&mut self, actions: &[String]) -> Result<(), String> {
        for (i, a) in actions.iter().enumerate() {
            self.0
                .apply_stored(a)
                .map_err(|e| format!("action {i} ({a}): {e}"))?;
        }
        Ok(())
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
    pub remote: HashMap<String, [u32; 3]>,
    bot_running: bool,
}

impl Room {
    /// Whether someone holds `side`'s seat, here or on another instance.
    pub fn present(&self, side: Side) -> bool {
        let k = match side {
            Side::White => 0,
            Side::Black => 1,
        };
        *self.connected.get(side) > 0 || self.remote.values().any(|c| c[k] > 0)
    }

    /// Connections watching, here and on the other instances.
    pub fn watching(&self) -> u32 {
        self.spectators
            .saturating_add(self.remote.values().map(|c| c[2]).sum::<u32>())
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
    pub fn record(&self, ext: &str) -> Option<String> {
        self.game.record(
            ext,
            BySide::new(self.row.white_name.as_str(), self.row.black_name.as_str()),
            &date(self.row.created),
        )
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
}

/// The alphabet of room codes: no 0/O, 1/I/L.
const CODE: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

impl Hub {
    /// A hub over `store`.
    pub fn new(store: Store, config: HubConfig, stopping: watch::Receiver<bool>) -> Hub {
        Hub {
            limiters: crate::limits::Limiters::new(config.limits),
            store,
            config,
            rooms: StdMutex::new(HashMap::new()),
            loading: Mutex::new(()),
            // The dice and tokens: ChaCha20 seeded from the OS's entropy.
            rng: StdMutex::new(ChaCha20Rng::from_entropy()),
            stopping,
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
            m.retain(|_, r| Arc::strong_count(r) > 1);
        }
    }

    /// Creates a game; returns its room and the creator's token.
    ///
    /// # Errors
    /// A one-line reason (bad bot name, database failure).
    pub async fn create(
        self: &Arc<Self>,
        mode: Mode,
        kind: &str,
        options: &str,
        bot: Option<String>,
        side: Option<Side>,
        name: String,
    ) -> Result<(Arc<Mutex<Room>>, String), RoomError> {
        let side = side.unwrap_or(if self.rng().next_u32().is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        });
        let game = GameState(self.config.games.make(kind, options)?);
        let options = game.options_words();
        let players = game.bots();
        let bot = match mode {
            Mode::Bot => {
                let b = bot.unwrap_or_else(|| players.first().copied().unwrap_or("").to_string());
                if !players.contains(&b.as_str()) {
                    return Err(format!("unknown bot `{b}`: one of {}", players.join(", ")).into());
                }
                Some(b)
            }
            _ => None,
        };
        let name = if name.is_empty() {
            "player".to_string()
        } else {
            name
        };
        let token = self.token();
        let other = if mode == Mode::Hotseat {
            token.clone()
        } else {
            self.token()
        };
        let other_name = match (&bot, mode) {
            (Some(b), _) => format!("{b} (bot)"),
            (None, Mode::Hotseat) => format!("{name} 2"),
            _ => "guest".to_string(),
        };
        let (white_token, black_token, white_name, black_name) = match side {
            Side::White => (token.clone(), other, name, other_name),
            Side::Black => (other, token.clone(), other_name, name),
        };
        let mut row = GameRow {
            id: String::new(),
            game: game.kind().into(),
            mode: mode.name().into(),
            options,
            bot: bot.clone(),
            bot_side: bot.as_ref().map(|_| (!side).name().to_string()),
            white_token,
            black_token,
            white_name,
            black_name,
            white_taken: side == Side::White || mode != Mode::Online,
            black_taken: side == Side::Black || mode != Mode::Online,
            created: now(),
            finished: None,
            result: None,
        };
        let mut tries = 0;
        loop {
            row.id = self.code();
            if self
                .store
                .insert_game(&row)
                .await
                .map_err(|e| RoomError::Storage(e.to_string()))?
            {
                break;
            }
            tries += 1;
            if tries > 20 {
                return Err(RoomError::Storage("cannot find a free room code".into()));
            }
        }
        let (tx, _) = broadcast::channel(64);
        let room = Room {
            row,
            game,
            actions: Vec::new(),
            tx,
            connected: BySide::new(0, 0),
            spectators: 0,
            remote: HashMap::new(),
            bot_running: false,
        };
        let id = room.row.id.clone();
        let room = Arc::new(Mutex::new(room));
        {
            let mut r = room.lock().await;
            // The first dice: R-2.2 (trictrac), BG-2.2 (backgammon).
            let mut g = r.game.clone();
            let new = self.follow_ups(&mut g, Vec::new())?;
            self.commit(&mut r, g, new).await?;
        }
        self.rooms
            .lock()
            .map_err(|_| RoomError::Refused("the server is stopping".into()))?
            .insert(id, room.clone());
        self.kick_bot(&room).await;
        Ok((room, token))
    }

    /// The room of a game, from memory or rebuilt from the database.
    ///
    /// # Errors
    /// When there is no such game, or it does not replay.
    pub async fn room(self: &Arc<Self>, id: &str) -> Result<Arc<Mutex<Room>>, String> {
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
            .await
            .map_err(|e| e.to_string())?
            .ok_or_else(|| format!("no game has the room code `{id}`"))?;
        let mut game = GameState(
            self.config
                .games
                .make(&row.game, &row.options)
                .map_err(|e| format!("game {id}: stored options: {e}"))?,
        );
        let actions = self.store.actions(&id).await.map_err(|e| e.to_string())?;
        game.replay(&actions)
            .map_err(|e| format!("game {id} does not replay: {e}"))?;
        let (tx, _) = broadcast::channel(64);
        let room = Arc::new(Mutex::new(Room {
            row,
            game,
            actions,
            tx,
            connected: BySide::new(0, 0),
            spectators: 0,
            remote: HashMap::new(),
            bot_running: false,
        }));
        self.rooms
            .lock()
            .map_err(|_| "the server is stopping")?
            .insert(id.clone(), room.clone());
        // Who is connected to it through the other instances?
        if self.store.listen_url().is_some() {
            self.store.announce(&Change::Query { id }).await;
        }
        self.kick_bot(&room).await;
        Ok(room)
    }

    fn cached(&self, id: &str) -> Option<Arc<Mutex<Room>>> {
        self.rooms.lock().ok()?.get(id).cloned()
    }

    /// Takes the free seat of an online game for a newcomer, if any.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn take_free_seat(&self, room: &mut Room, name: &str) -> Result<Vec<Side>, String> {
        if room.mode() != Mode::Online {
            return Ok(Vec::new());
        }
        for side in Side::ALL {
            let taken = match side {
                Side::White => room.row.white_taken,
                Side::Black => room.row.black_taken,
            };
            if taken {
                continue;
            }
            let name = if name.is_empty() { "guest" } else { name };
            if self
                .store
                .take_seat(&room.row.id, side == Side::White, name)
                .await
                .map_err(|e| e.to_string())?
            {
                match side {
                    Side::White => {
                        room.row.white_taken = true;
                        room.row.white_name = name.into();
                    }
                    Side::Black => {
                        room.row.black_taken = true;
                        room.row.black_name = name.into();
                    }
                }
                return Ok(vec![side]);
            }
        }
        Ok(Vec::new())
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
        match self
            .store
            .insert_actions(&room.row.id, first, &texts, result.as_deref())
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
        room.game = game;
        room.actions.extend(texts);
        if let Some(r) = result {
            room.row.finished = Some(now());
            room.row.result = Some(r);
        }
        room.broadcast();
        Ok(room.actions.len())
    }

    /// Brings a room held in memory up to date with the database after
    /// another instance changed it (a [`Change`] heard on PostgreSQL's
    /// channel): the actions stored since, or the seats taken. Rooms not
    /// in memory are loaded fresh when someone asks for them.
    pub async fn apply_change(self: &Arc<Self>, change: &Change) {
        let id = match change {
            Change::Actions { id, .. }
            | Change::Seat { id }
            | Change::Presence { id, .. }
            | Change::Query { id } => id,
        };
        let Some(room_arc) = self.cached(id) else {
            return;
        };
        {
            let mut room = room_arc.lock().await;
            let result = match change {
                Change::Presence { from, counts, .. } => {
                    if counts.iter().all(|c| *c == 0) {
                        room.remote.remove(from);
                    } else {
                        room.remote.insert(from.clone(), *counts);
                    }
                    room.broadcast();
                    return;
                }
                Change::Query { .. } => {
                    let p = room.presence();
                    drop(room);
                    self.store.announce(&p).await;
                    return;
                }
                Change::Actions { count, .. } if *count <= room.actions.len() => return,
                Change::Actions { .. } => self.catch_up_locked(&mut room).await,
                Change::Seat { .. } => self.reload_seats(&mut room).await,
            };
            if let Err(e) = result {
                // Our copy cannot follow: forget it, the next request
                // reloads the game from the database.
                tracing::error!(room = %id, "{e}");
                if let Ok(mut m) = self.rooms.lock() {
                    m.remove(id);
                }
                return;
            }
        }
        self.kick_bot(&room_arc).await;
    }

    /// Tells the other instances how many connections this one holds to
    /// `room` (after a connection came or went).
    pub fn announce_presence(self: &Arc<Self>, room: &Room) {
        if self.store.listen_url().is_none() {
            return;
        }
        let p = room.presence();
        let hub = self.clone();
        tokio::spawn(async move { hub.store.announce(&p).await });
    }

    /// [`Hub::apply_change`] for every room in memory (after the
    /// listener lost its connection and may have missed changes).
    pub async fn catch_up_all(self: &Arc<Self>) {
        let ids: Vec<String> = match self.rooms.lock() {
            Ok(m) => m.keys().cloned().collect(),
            Err(_) => return,
        };
        for id in ids {
            self.apply_change(&Change::Seat { id: id.clone() }).await;
            self.apply_change(&Change::Actions {
                id,
                count: usize::MAX,
            })
            .await;
        }
    }

    /// Applies the actions stored after ours; broadcasts when any.
    async fn catch_up_locked(&self, room: &mut Room) -> Result<(), String> {
        let new = self
            .store
            .actions_from(&room.row.id, room.actions.len())
            .await
            .map_err(|e| e.to_string())?;
        if new.is_empty() {
            return Ok(());
        }
        let mut g = room.game.clone();
        g.replay(&new)
            .map_err(|e| format!("the stored actions do not replay: {e}"))?;
        if room.row.finished.is_none() {
            if let Some(r) = g.result_text() {
                room.row.finished = Some(now());
                room.row.result = Some(r);
            }
        }
        room.game = g;
        room.actions.extend(new);
        room.broadcast();
        Ok(())
    }

    /// Reads the seats (taken, names) again; broadcasts.
    async fn reload_seats(&self, room: &mut Room) -> Result<(), String> {
        let row = self
            .store
            .game(&room.row.id)
            .await
            .map_err(|e| e.to_string())?
            .ok_or("the game is no longer in the database")?;
        room.row.white_taken = row.white_taken;
        room.row.black_taken = row.black_taken;
        room.row.white_name = row.white_name;
        room.row.black_name = row.black_name;
        room.broadcast();
        Ok(())
    }

    /// The actions the server makes by itself after a change (first
    /// dice, forced passes), applied to `game`, appended to `texts`.
    fn follow_ups(
        &self,
        game: &mut GameState,
        mut texts: Vec<String>,
    ) -> Result<Vec<String>, RoomError> {
        texts.extend(game.automatic(&mut self.dice())?);
        Ok(texts)
    }

    /// Carries out `intent` for a connection holding `seats`; returns the
    /// number of actions stored after it.
    ///
    /// # Errors
    /// Typed: not this seat's turn, an illegal action (with the rule), a
    /// stale sequence number, a database failure.
    pub async fn act(
        self: &Arc<Self>,
        room_arc: &Arc<Mutex<Room>>,
        seats: &[Side],
        intent: Intent,
        expected_seq: Option<usize>,
    ) -> Result<usize, RoomError> {
        let mut room = room_arc.lock().await;
        if let Some(s) = expected_seq {
            if s != room.actions.len() {
                return Err(RoomError::Stale(format!(
                    "the game has moved on (action {} was expected, it is at {})",
                    s,
                    room.actions.len()
                )));
            }
        }
        if seats.is_empty() {
            if let Some(o) = room.game.outcome() {
                return Err(RoomError::Refused(format!(
                    "the game is over: {} won",
                    o.winner
                )));
            }
            return Err("you are watching: only the players act".into());
        }
        let mut g = room.game.clone();
        let (_, text) = g.act(intent, seats, &mut self.dice())?;
        if room.mode() == Mode::Online && !(room.row.white_taken && room.row.black_taken) {
            return Err("the other player has not joined yet: send the invitation link".into());
        }
        let new = self.follow_ups(&mut g, vec![text])?;
        let seq = self.commit(&mut room, g, new).await?;
        drop(room);
        self.kick_bot(room_arc).await;
        Ok(seq)
    }

    /// A hint for the side to decide (the game's own: the legal plays
    /// ranked by equity, best first, or the equities of staying and
    /// leaving), computed off the async threads.
    ///
    /// # Errors
    /// Online games have no hints; outside a decision there is nothing to
    /// hint.
    pub async fn hint(&self, room_arc: &Arc<Mutex<Room>>, seats: &[Side]) -> Result<Value, String> {
        let job = {
            let room = room_arc.lock().await;
            if room.mode() == Mode::Online {
                return Err("no hints in a game between two people".into());
            }
            room.game.hint(seats)?
        };
        tokio::task::spawn_blocking(job)
            .await
            .map_err(|_| "the hint failed".to_string())?
    }

    /// Starts the bot of a room when it has to act (at most one runs).
    pub async fn kick_bot(self: &Arc<Self>, room_arc: &Arc<Mutex<Room>>) {
        let mut room = room_arc.lock().await;
        let Some(bot_side) = room.bot_side() else {
            return;
        };
        if room.bot_running || room.game.side_to_act() != Some(bot_side) {
            return;
        }
        room.bot_running = true;
        drop(room);
        let hub = self.clone();
        let room = room_arc.clone();
        tokio::spawn(async move {
            loop {
                let ok = hub.run_bot(&room, bot_side).await;
                let mut r = room.lock().await;
                // A person may have acted between the bot's last look and
                // now: then it is the bot's turn again.
                if !ok || *hub.stopping.borrow() || r.game.side_to_act() != Some(bot_side) {
                    r.bot_running = false;
                    return;
                }
            }
        });
    }

    /// Plays the bot's actions while it is its turn; `false` when it failed.
    async fn run_bot(self: &Arc<Self>, room_arc: &Arc<Mutex<Room>>, side: Side) -> bool {
        let mut stopping = self.stopping.clone();
        loop {
            if !self.config.bot_delay.is_zero() {
                tokio::select! {
                    _ = tokio::time::sleep(self.config.bot_delay) => {}
                    _ = stopping.changed() => return true,
                }
            }
            if *stopping.borrow() {
                return true;
            }
            let mut room = room_arc.lock().await;
            if room.game.side_to_act() != Some(side) {
                return true;
            }
            let Some(name) = room.row.bot.clone() else {
                return false;
            };
            let game = room.game.clone();
            let seed = self.seed();
            let mut dice = self.dice();
            // The shared driver lets the bot take its whole decision.
            let chosen = tokio::task::spawn_blocking(move || {
                let mut g = game;
                g.bot_turn(&name, seed, &mut dice).map(|texts| (g, texts))
            })
            .await;
            let (mut g, texts) = match chosen {
                Ok(Ok(x)) => x,
                Ok(Err(e)) => {
                    tracing::error!(room = %room.row.id, "the bot failed: {e}");
                    return false;
                }
                Err(e) => {
                    tracing::error!(room = %room.row.id, "the bot failed: {e}");
                    return false;
                }
            };
            let new = match self.follow_ups(&mut g, texts) {
                Ok(n) => n,
                Err(e) => {
                    tracing::error!(room = %room.row.id, "{e}");
                    return false;
                }
            };
            if let Err(e) = self.commit(&mut room, g, new).await {
                tracing::error!(room = %room.row.id, "{e}");
                return false;
            }
        }
    }
}

impl From<ServerError> for String {
    fn from(e: ServerError) -> String {
        e.to_string()
    }
}
