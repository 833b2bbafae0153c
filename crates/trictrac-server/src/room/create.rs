//! A new game: its row stored under a free room code, its first dice
//! thrown, held in memory with its bot started.

use std::collections::HashMap;
use std::sync::Arc;

use rand::RngCore;
use tables::{BySide, Side};
use tokio::sync::{broadcast, Mutex};

use super::*;
use crate::error::RoomError;
use crate::store::{now, GameRow};

impl Hub {
    /// A room of `row` and `game` as held when it is created: no action,
    /// nobody connected, both seats absent since now, the hub's abandon
    /// settings; a room loaded sets what it has of its own over these.
    pub(super) fn fresh_room(
        &self,
        row: GameRow,
        game: GameState,
        dice: Option<tables::fair::Seeds>,
    ) -> Room {
        let (tx, _) = broadcast::channel(64);
        Room {
            row,
            game,
            actions: Vec::new(),
            tx,
            connected: BySide::new(0, 0),
            spectators: 0,
            remote: HashMap::new(),
            rematch: None,
            timing: None,
            absent: BySide::new(Some(clock::now_ms()), Some(clock::now_ms())),
            grace_ms: self.config.abandon.grace.as_millis() as i64,
            presence_expires_ms: self.config.abandon.presence_expires().as_millis() as i64,
            dice,
            woken: None,
            bot_running: false,
            tutored: false,
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
            (Some(b), _) => format!("{} (bot)", game.bot_level(b)),
            (None, Mode::Hotseat) => format!("{name} 2"),
            _ => "guest".to_string(),
        };
        let (white_token, black_token, white_name, black_name) = match side {
            Side::White => (token.clone(), other, name, other_name),
            Side::Black => (other, token.clone(), other_name, name),
        };
        let row = GameRow {
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
        let room = self.open_new(row, game).await?;
        Ok((room, token))
    }

    /// Stores a new game under a free room code, throws its first dice and
    /// holds it in memory (its bot started).
    pub(super) async fn open_new(
        self: &Arc<Self>,
        mut row: GameRow,
        game: GameState,
    ) -> Result<Arc<Mutex<Room>>, RoomError> {
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
        // An online game's dice: a server seed of its own, committed now
        // (issue 38).
        let dice = if Mode::from_name(&row.mode) == Some(Mode::Online) {
            let mut server = [0u8; 32];
            self.rng().fill_bytes(&mut server);
            let seeds = tables::fair::Seeds::new(server, Vec::new(), Vec::new());
            self.store
                .set_dice(&row.id, &seeds.text(true))
                .await
                .map_err(|e| RoomError::Storage(e.to_string()))?;
            Some(seeds)
        } else {
            None
        };
        let room = self.fresh_room(row, game, dice);
        let id = room.row.id.clone();
        let room = Arc::new(Mutex::new(room));
        {
            let mut r = room.lock().await;
            // The first dice: R-2.2 (trictrac), BG-2.2 (backgammon); in an
            // online game, once both players have joined (each may give a
            // seed for the dice when he joins).
            if r.row.white_taken && r.row.black_taken {
                self.first_dice(&mut r).await?;
            }
        }
        self.rooms
            .lock()
            .map_err(|_| RoomError::Refused("the server is stopping".into()))?
            .insert(id, room.clone());
        self.kick_bot(&room).await;
        Ok(room)
    }
}
