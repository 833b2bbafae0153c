//! Rooms kept in step across server instances sharing one PostgreSQL
//! database: the changes another instance announced (actions stored,
//! seats taken, connections), applied to the rooms held here.

use crate::error::LoadError;
use std::sync::Arc;

use super::{Hub, Room};
use crate::store::{now, Change};

impl Hub {
    /// Starts the task that announces this instance's connections every
    /// [`super::AbandonConfig::presence`] and forgets the others' that
    /// expired (PostgreSQL only), until the server stops: the players of
    /// an instance killed without a word become absent, and their games
    /// may be claimed after the grace period.
    pub fn start_presence(self: &Arc<Self>) {
        if self.store.listen_url().is_none() {
            return;
        }
        let hub = self.clone();
        let mut stopping = self.stopping.clone();
        tokio::spawn(async move {
            loop {
                tokio::select! {
                    _ = tokio::time::sleep(hub.config.abandon.presence) => {}
                    _ = stopping.changed() => return,
                }
                if *stopping.borrow() {
                    return;
                }
                let rooms: Vec<_> = match hub.rooms.lock() {
                    Ok(m) => m.values().cloned().collect(),
                    Err(_) => return,
                };
                for room_arc in rooms {
                    let mut room = room_arc.lock().await;
                    let now = super::clock::now_ms();
                    let expires = room.presence_expires_ms;
                    let before = room.remote.len();
                    room.remote.retain(|_, (_, heard)| now - *heard < expires);
                    if room.remote.len() != before {
                        room.note_presence();
                        room.broadcast();
                    }
                    let p = room.presence();
                    let mine = match &p {
                        Change::Presence { counts, .. } => counts.iter().any(|c| *c > 0),
                        _ => false,
                    };
                    drop(room);
                    if mine {
                        hub.store.announce(&p).await;
                    }
                }
                hub.evict_idle();
            }
        });
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
                        room.remote
                            .insert(from.clone(), (*counts, super::clock::now_ms()));
                    }
                    room.note_presence();
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
    pub(super) async fn catch_up_locked(&self, room: &mut Room) -> Result<(), LoadError> {
        let new = self
            .store
            .actions_from(&room.row.id, room.actions.len())
            .await?;
        if new.is_empty() {
            return Ok(());
        }
        let mut g = room.game.clone();
        g.replay(&new)
            .map_err(|e| LoadError::Unreadable(format!("the stored actions do not replay: {e}")))?;
        // The first dice were drawn elsewhere: the seeds are final now
        // (the joiner's was stored before them, issue 38).
        if room.dice.is_some() && room.actions.is_empty() {
            if let Some(t) = self.store.dice(&room.row.id).await? {
                room.dice = Some(tables::fair::parse_text(&t).map_err(LoadError::Unreadable)?);
            }
        }
        if room.row.finished.is_none() {
            if let Some(r) = g.result_text() {
                room.row.finished = Some(now());
                room.row.result = Some(r);
            }
        }
        room.game = g;
        room.actions.extend(new);
        // The clock as the instance that stored them left it.
        self.reload_timing(room).await?;
        self.wake_for(room);
        self.track_live(room);
        room.broadcast();
        Ok(())
    }

    /// Reads the seats (taken, names) again; broadcasts.
    async fn reload_seats(&self, room: &mut Room) -> Result<(), LoadError> {
        let row = self
            .store
            .game(&room.row.id)
            .await?
            .ok_or_else(|| LoadError::NotFound(room.row.id.clone()))?;
        room.row.white_taken = row.white_taken;
        room.row.black_taken = row.black_taken;
        room.row.white_name = row.white_name;
        room.row.black_name = row.black_name;
        // A rematch asked through another instance.
        room.rematch = self.store.rematch(&room.row.id).await?;
        // A verdict stored by another instance.
        self.reload_timing(room).await?;
        room.broadcast();
        Ok(())
    }
}
