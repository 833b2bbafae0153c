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
use tokio::sync::{broadcast, watch, Mutex};
use trictrac::game::DiceSource;
use trictrac::record::Header;
use trictrac::{BySide, Game, GameOptions, Phase, Record, Side};
use trictrac_bot::Decision;

use crate::action::{follow_ups, replay, Action};
use crate::bg::{BgAction, BgMatch};
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

/// The game of a room: Grand Trictrac or backgammon.
// A room holds one, behind its mutex: the size difference does not matter.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Debug)]
pub enum GameState {
    /// A game of Grand Trictrac.
    Trictrac(Game),
    /// A backgammon money game or match.
    Backgammon(Box<BgMatch>),
}

impl GameState {
    /// `trictrac` or `backgammon` (the `game` column and field).
    pub fn kind(&self) -> &'static str {
        match self {
            GameState::Trictrac(_) => "trictrac",
            GameState::Backgammon(_) => "backgammon",
        }
    }

    /// Who acts now, if a player does.
    pub fn side_to_act(&self) -> Option<Side> {
        match self {
            GameState::Trictrac(g) => g.phase().side().filter(|_| g.winner().is_none()),
            GameState::Backgammon(m) => m.side_to_act().filter(|_| !m.over()),
        }
    }

    /// The result line once the game (or match) is over.
    pub fn result_text(&self) -> Option<String> {
        match self {
            GameState::Trictrac(g) => result_of(g),
            GameState::Backgammon(m) => m.result_text(),
        }
    }

    /// A new game of this kind with `options` (the stored words).
    ///
    /// # Errors
    /// When the options cannot be read.
    pub fn new(kind: &str, options: &str) -> Result<GameState, String> {
        match kind {
            "trictrac" => Ok(GameState::Trictrac(Game::new(GameOptions::from_words(
                options,
            )?))),
            "backgammon" => {
                let (rules, length) = crate::bg::parse_options(options)?;
                Ok(GameState::Backgammon(Box::new(BgMatch::new(rules, length))))
            }
            k => Err(format!("game `{k}`: trictrac or backgammon")),
        }
    }

    /// Replays stored actions.
    ///
    /// # Errors
    /// The first action that does not apply.
    pub fn replay(&mut self, actions: &[String]) -> Result<(), String> {
        match self {
            GameState::Trictrac(g) => replay(g, actions),
            GameState::Backgammon(m) => crate::bg::replay(m, actions),
        }
    }
}

/// A new game: which one, with its options.
#[derive(Clone, Debug)]
pub enum NewGame {
    /// Grand Trictrac with these options.
    Trictrac(GameOptions),
    /// Backgammon under these rules, for money (`length` 0) or a match.
    Backgammon {
        /// The rules (preset and options).
        rules: backgammon::Rules,
        /// Match length, 0 for a money game.
        length: u32,
    },
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

    /// The Grand Trictrac game record so far (`None` for backgammon,
    /// whose record is [`BgMatch::mat_text`]).
    pub fn record(&self) -> Option<Record> {
        let GameState::Trictrac(game) = &self.game else {
            return None;
        };
        Some(Record::from_game(
            game,
            Header {
                event: "Grand Trictrac".into(),
                date: date(self.row.created),
                white: self.row.white_name.clone(),
                black: self.row.black_name.clone(),
                ..Header::default()
            },
        ))
    }

    /// Sends the state (with the last few history entries) to everyone.
    pub fn broadcast(&self) {
        let text: Arc<str> = state_json(self, false).to_string().into();
        let _ = self.tx.send(text);
    }
}

/// The result line of a finished game, as in records.
fn result_of(game: &Game) -> Option<String> {
    let w = game.winner()?;
    if let Some((_, paid)) = game.ecrire_payment() {
        // Partie à écrire: the totals of the marqués, as in records.
        let t = game.marque_totals();
        return Some(format!(
            "{} {} {} {} ecrire {paid}",
            w.name(),
            t.get(w),
            (!w).name(),
            t.get(!w)
        ));
    }
    let s = game.score();
    Some(format!(
        "{} {} {} {} {}",
        w.name(),
        s.holes.get(w),
        (!w).name(),
        s.holes.get(!w),
        game.stake()?
    ))
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

/// What a player asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    /// Roll the dice.
    Roll,
    /// Play, in play notation.
    Play(String),
    /// Stay after winning a hole.
    Stay,
    /// Leave after winning a hole.
    Leave,
    /// Declare points (manual marking).
    Declare(u32),
    /// Claim a school naming these points (manual marking).
    School(u32),
    /// Contest the last school marked against this player.
    Contest,
    /// Settle the false play standing (section 11): correct it (`true`)
    /// or leave it as it is (`false`).
    Settle(bool),
    /// Give up the game (the other player wins).
    Resign,
    /// Offer the videau (backgammon, BG-7.2).
    Double,
    /// Take the videau offered (BG-7.3).
    Take,
    /// Take and redouble at once (BG-7.5, when beavers are on).
    Beaver,
    /// Refuse the videau and lose the game (BG-7.4).
    Drop,
}

/// Settings of the hub.
#[derive(Clone, Debug)]
pub struct HubConfig {
    /// Pause before each bot action, so that people see it.
    pub bot_delay: Duration,
    /// Options of new games when the client names none.
    pub default_options: GameOptions,
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

    /// Two dice from the server's generator.
    fn dice(&self) -> (u8, u8) {
        let mut r = self.rng();
        (r.die().value(), r.die().value())
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
        new_game: NewGame,
        bot: Option<String>,
        side: Option<Side>,
        name: String,
    ) -> Result<(Arc<Mutex<Room>>, String), String> {
        let side = side.unwrap_or(if self.rng().next_u32().is_multiple_of(2) {
            Side::White
        } else {
            Side::Black
        });
        let (kind, options, game, players, default_bot) = match new_game {
            NewGame::Trictrac(o) => (
                "trictrac",
                o.to_words(),
                GameState::Trictrac(Game::new(o)),
                trictrac_bot::PLAYERS,
                trictrac_bot::DEFAULT_BOT,
            ),
            NewGame::Backgammon { rules, length } => (
                "backgammon",
                crate::bg::options_words(&rules, length),
                GameState::Backgammon(Box::new(BgMatch::new(rules, length))),
                backgammon_bot::PLAYERS,
                backgammon_bot::DEFAULT_BOT,
            ),
        };
        let bot = match mode {
            Mode::Bot => {
                let b = bot.unwrap_or_else(|| default_bot.to_string());
                if !players.contains(&b.as_str()) {
                    return Err(format!("unknown bot `{b}`: one of {}", players.join(", ")));
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
            game: kind.into(),
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
                .map_err(|e| e.to_string())?
            {
                break;
            }
            tries += 1;
            if tries > 20 {
                return Err("cannot find a free room code".into());
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
            .map_err(|_| "the server is stopping")?
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
        let mut game = GameState::new(&row.game, &row.options)
            .map_err(|e| format!("game {id}: stored options: {e}"))?;
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
    ) -> Result<usize, String> {
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
                return Err(
                    "the game has moved on (another server stored an action first): look again"
                        .into(),
                );
            }
            Err(InsertError::Db(e)) => return Err(e.to_string()),
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
    ) -> Result<Vec<String>, String> {
        match game {
            GameState::Trictrac(g) => {
                let mut new = Vec::new();
                // The first-move dice, drawn until someone starts.
                let two = g.options().first_move == trictrac::game::FirstMove::TwoDiceEach;
                while g.phase() == Phase::FirstMove {
                    let (w, b) = self.dice();
                    let a = if two {
                        let (w2, b2) = self.dice();
                        Action::FirstTwo {
                            w: [w, w2],
                            b: [b, b2],
                        }
                    } else {
                        Action::First { w, b }
                    };
                    a.apply(g)?;
                    new.push(a);
                }
                follow_ups(g, &mut new);
                texts.extend(new.iter().map(Action::to_json));
            }
            GameState::Backgammon(m) => {
                let mut new = Vec::new();
                crate::bg::follow_ups(m, &mut new, &mut || self.dice());
                texts.extend(new.iter().map(BgAction::to_json));
            }
        }
        Ok(texts)
    }

    /// Carries out `intent` for a connection holding `seats`; returns the
    /// number of actions stored after it.
    ///
    /// # Errors
    /// A one-line reason: not this seat's turn, an illegal play (with the
    /// rule), a database failure.
    pub async fn act(
        self: &Arc<Self>,
        room_arc: &Arc<Mutex<Room>>,
        seats: &[Side],
        intent: Intent,
        expected_seq: Option<usize>,
    ) -> Result<usize, String> {
        let mut room = room_arc.lock().await;
        if let Some(s) = expected_seq {
            if s != room.actions.len() {
                return Err(format!(
                    "the game has moved on (action {} was expected, it is at {})",
                    s,
                    room.actions.len()
                ));
            }
        }
        if matches!(intent, Intent::Contest | Intent::Settle(_) | Intent::Resign) {
            let seq = self.act_out_of_turn(&mut room, seats, intent).await?;
            drop(room);
            self.kick_bot(room_arc).await;
            return Ok(seq);
        }
        let side = match &room.game {
            GameState::Trictrac(g) => match g.phase() {
                Phase::Over(w) => return Err(format!("the game is over: {w} won")),
                Phase::FirstMove => return Err("the first move is being decided".into()),
                p => p.side().expect("a side acts"),
            },
            GameState::Backgammon(m) => match m.side_to_act() {
                Some(s) if !m.over() => s,
                _ => {
                    return Err(match m.winner() {
                        Some(w) => format!("the game is over: {w} won"),
                        None => "the opening throw is being made (BG-2.2)".into(),
                    })
                }
            },
        };
        if seats.is_empty() {
            return Err("you are watching: only the players act".into());
        }
        if !seats.contains(&side) {
            let mine = seats[0];
            return Err(match intent {
                Intent::Double => format!(
                    "{mine} may offer the videau only on his turn, before rolling, and it is {side}'s turn (BG-7.2)"
                ),
                Intent::Take | Intent::Drop | Intent::Beaver => format!(
                    "only the doubled player answers the videau, and that is {side} (BG-7.3)"
                ),
                _ => format!("it is {side}'s turn, and you hold the {mine} seat"),
            });
        }
        if room.mode() == Mode::Online && !(room.row.white_taken && room.row.black_taken) {
            return Err("the other player has not joined yet: send the invitation link".into());
        }
        if let Intent::Play(p) = &intent {
            if p.len() > 64 {
                return Err("a play is written in at most 64 characters (NOTATION.md)".into());
            }
        }
        let mut g = room.game.clone();
        let text = match &mut g {
            GameState::Trictrac(game) => {
                let action = match intent {
                    Intent::Roll => {
                        let (a, b) = self.dice();
                        Action::Roll { a, b }
                    }
                    Intent::Play(p) => Action::Play { p },
                    Intent::Stay => Action::Stay,
                    Intent::Leave => Action::Leave,
                    Intent::Declare(n) => Action::Declare { n },
                    Intent::School(n) => Action::School {
                        side: side.char(),
                        n,
                    },
                    Intent::Contest | Intent::Settle(_) | Intent::Resign => {
                        unreachable!("handled by act_out_of_turn")
                    }
                    Intent::Double | Intent::Take | Intent::Beaver | Intent::Drop => {
                        return Err(
                            "Grand Trictrac has no videau: double, take and drop are backgammon actions (BG-7)"
                                .into(),
                        )
                    }
                };
                let before = game.events().len();
                action.apply(game)?;
                // Store the play as the engine writes it, not as it was
                // sent (a false play at the table is kept as sent).
                let action = match action {
                    Action::Play { .. } => {
                        match game.events()[before..].iter().rev().find_map(|e| match e {
                            trictrac::Event::Played { side, play } => Some((*side, *play)),
                            _ => None,
                        }) {
                            Some((side, play)) => Action::Play {
                                p: play.display(side).to_string(),
                            },
                            None => action,
                        }
                    }
                    other => other,
                };
                action.to_json()
            }
            GameState::Backgammon(m) => {
                let action = match intent {
                    Intent::Roll => {
                        let (a, b) = self.dice();
                        BgAction::Roll { a, b }
                    }
                    Intent::Play(p) => BgAction::Play { p },
                    Intent::Double => BgAction::Double,
                    Intent::Take => BgAction::Take,
                    Intent::Beaver => BgAction::Beaver,
                    Intent::Drop => BgAction::Drop,
                    Intent::Contest | Intent::Settle(_) | Intent::Resign => {
                        unreachable!("handled by act_out_of_turn")
                    }
                    Intent::Stay | Intent::Leave | Intent::Declare(_) | Intent::School(_) => {
                        return Err(
                            "stay, leave, declare and school are Grand Trictrac actions, not backgammon ones"
                                .into(),
                        )
                    }
                };
                action.apply(m)?;
                let action = match action {
                    BgAction::Play { p } => BgAction::Play {
                        p: crate::bg::last_play_text(m).unwrap_or(p),
                    },
                    other => other,
                };
                action.to_json()
            }
        };
        let new = self.follow_ups(&mut g, vec![text])?;
        let seq = self.commit(&mut room, g, new).await?;
        drop(room);
        self.kick_bot(room_arc).await;
        Ok(seq)
    }

    /// The actions a player may take out of turn: contest a school
    /// settle a false play (section 11), resign.
    async fn act_out_of_turn(
        &self,
        room: &mut Room,
        seats: &[Side],
        intent: Intent,
    ) -> Result<usize, String> {
        if seats.is_empty() {
            return Err("you are watching: only the players act".into());
        }
        if room.mode() == Mode::Online && !(room.row.white_taken && room.row.black_taken) {
            return Err("the other player has not joined yet: send the invitation link".into());
        }
        let mut g = room.game.clone();
        let text = match &mut g {
            GameState::Trictrac(game) => {
                if let Some(w) = game.winner() {
                    return Err(format!("the game is over: {w} won"));
                }
                // The seat that may do it (hot-seat holds both: the side
                // to act first for a resignation).
                let pick = |ok: &dyn Fn(Side) -> bool| {
                    let mut order: Vec<Side> = seats.to_vec();
                    if let Some(s) = game.phase().side() {
                        order.sort_by_key(|x| *x != s);
                    }
                    order.into_iter().find(|s| ok(*s))
                };
                let action = match intent {
                    Intent::Contest => {
                        let side = pick(&|s| game.can_contest_school(s)).ok_or(
                            "no school marked against you is open to a contest: contest before the next roll (R-10.4)",
                        )?;
                        Action::Contest { side: side.char() }
                    }
                    Intent::Settle(correct) => {
                        let side = pick(&|s| {
                            game.can_settle_false_move(s)
                                && (correct || game.false_move().is_some_and(|(a, _)| a != s))
                        })
                        .ok_or(if correct {
                            "no false play to correct now: it is corrected before the opponent's roll (section 11)"
                        } else {
                            "no false play of the other player to leave as it is, before your roll (section 11)"
                        })?;
                        Action::Settle {
                            side: side.char(),
                            correct,
                        }
                    }
                    _ => {
                        let side = pick(&|_| true).expect("a seat");
                        Action::Resign { side: side.char() }
                    }
                };
                action.apply(game)?;
                action.to_json()
            }
            GameState::Backgammon(m) => {
                if m.over() {
                    return Err("the game is over".into());
                }
                match intent {
                    Intent::Resign => {
                        let side = match m.side_to_act() {
                            Some(s) if seats.contains(&s) => s,
                            _ => seats[0],
                        };
                        let a = BgAction::Resign { side: side.char() };
                        a.apply(m)?;
                        a.to_json()
                    }
                    _ => {
                        return Err(
                            "contest and settle are Grand Trictrac actions (R-10.4, section 11), not backgammon ones"
                                .into(),
                        )
                    }
                }
            }
        };
        let new = self.follow_ups(&mut g, vec![text])?;
        self.commit(room, g, new).await
    }

    /// A hint for the side to decide: the legal plays ranked by equity,
    /// best first, or the equities of staying and leaving
    /// ([`crate::analysis::hint`]).
    ///
    /// # Errors
    /// Online games have no hints; outside a play there is nothing to hint.
    pub async fn hint(&self, room_arc: &Arc<Mutex<Room>>, seats: &[Side]) -> Result<Value, String> {
        let (game, mode) = {
            let room = room_arc.lock().await;
            (room.game.clone(), room.mode())
        };
        if mode == Mode::Online {
            return Err("no hints in a game between two people".into());
        }
        let game = match game {
            GameState::Trictrac(g) => g,
            GameState::Backgammon(m) => {
                if !m.side_to_act().is_some_and(|s| seats.contains(&s)) {
                    return Err("a hint is for the side to move".into());
                }
                return tokio::task::spawn_blocking(move || crate::bg::hint(&m))
                    .await
                    .map_err(|_| "the hint failed".to_string())?;
            }
        };
        let side = match game.phase() {
            Phase::Play(s) | Phase::StayOrLeave(s) => s,
            _ => {
                return Err(
                    "a hint is for choosing a play or whether to stay (R-8.6): roll first".into(),
                )
            }
        };
        if !seats.contains(&side) {
            return Err("a hint is for the side to move".into());
        }
        // The analysis of `trictrac hint`: equities by the default
        // bot's network and search, whatever the room's bot.
        tokio::task::spawn_blocking(move || crate::analysis::hint(&game))
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
            let dice = self.dice();
            let chosen = tokio::task::spawn_blocking(move || {
                let mut g = game;
                let texts = match &mut g {
                    GameState::Trictrac(t) => {
                        let actions = bot_action(t, &name, seed, dice)?;
                        let mut texts = Vec::new();
                        for a in actions {
                            if let Err(e) = a.apply(t) {
                                return Some(Err(e));
                            }
                            texts.push(a.to_json());
                        }
                        texts
                    }
                    GameState::Backgammon(m) => {
                        let a = crate::bg::bot_action(m, &name, seed, dice)?;
                        if let Err(e) = a.apply(m) {
                            return Some(Err(e));
                        }
                        vec![a.to_json()]
                    }
                };
                Some(Ok((g, texts)))
            })
            .await
            .ok()
            .flatten();
            let (g, texts) = match chosen {
                None => {
                    tracing::error!(room = %room.row.id, "the bot found no action");
                    return false;
                }
                Some(Err(e)) => {
                    tracing::error!(room = %room.row.id, "bot action refused: {e}");
                    return false;
                }
                Some(Ok(x)) => x,
            };
            let mut g = g;
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

/// The bot's next actions in `game` (its side is in the phase): a school
/// it can claim, then its roll, decision, play or declaration.
fn bot_action(game: &Game, name: &str, seed: u64, dice: (u8, u8)) -> Option<Vec<Action>> {
    let side = game.phase().side()?;
    let mut out = Vec::new();
    let mut g = game.clone();
    if let Some((_, n)) = g.open_school(side) {
        let a = Action::School {
            side: side.char(),
            n,
        };
        a.apply(&mut g).ok()?;
        out.push(a);
        if g.phase().side() != Some(side) {
            return Some(out);
        }
    }
    let mut bot = trictrac_bot::by_name(name, seed)?;
    if g.can_settle_false_move(side) && g.false_move().is_some_and(|(a, _)| a != side) {
        // Section 11: the other player's false play, settled before the
        // roll as a strong player would.
        let a = Action::Settle {
            side: side.char(),
            correct: bot.correct_false_move(&g),
        };
        a.apply(&mut g).ok()?;
        out.push(a);
    }
    let a = match g.phase() {
        Phase::Roll(_) => Action::Roll {
            a: dice.0,
            b: dice.1,
        },
        Phase::StayOrLeave(_) => match bot.decide(&g) {
            Decision::Stay => Action::Stay,
            Decision::Leave => Action::Leave,
        },
        Phase::Play(s) => {
            let p = bot.choose_play(&g);
            Action::Play {
                p: p.display(s).to_string(),
            }
        }
        Phase::Mark(_) => Action::Declare {
            n: g.points_owed().unwrap_or(0),
        },
        Phase::FirstMove | Phase::Over(_) => return None,
    };
    out.push(a);
    Some(out)
}

impl From<ServerError> for String {
    fn from(e: ServerError) -> String {
        e.to_string()
    }
}
