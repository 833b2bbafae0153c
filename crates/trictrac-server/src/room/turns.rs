//! Turns in a room: a player's action carried out (checked by the game,
//! stored, then told), the actions the game makes by itself, hints, and
//! the room's bot taking its turns through the shared driver.

use std::sync::Arc;

use serde_json::Value;
use tables::Side;
use tokio::sync::Mutex;

use super::{GameState, Hub, Mode, Room};
use crate::error::RoomError;

impl Hub {
    /// The actions the server makes by itself after a change (first
    /// dice, forced passes), applied to `game`, appended to `texts`.
    pub(super) fn follow_ups(
        &self,
        game: &mut GameState,
        mut texts: Vec<String>,
        dice: &mut super::RoomDice,
    ) -> Result<Vec<String>, RoomError> {
        texts.extend(game.automatic(dice)?);
        Ok(texts)
    }

    /// Carries out the game's verb of the client's message `msg` (read
    /// by the game: [`crate::games::RoomGame::act`]) for a connection
    /// holding `seats`; returns the
    /// number of actions stored after it.
    ///
    /// # Errors
    /// Typed: not this seat's turn, an illegal action (with the rule), a
    /// stale sequence number, a database failure.
    pub async fn act(
        self: &Arc<Self>,
        room_arc: &Arc<Mutex<Room>>,
        seats: &[Side],
        msg: &Value,
        expected_seq: Option<usize>,
    ) -> Result<usize, RoomError> {
        let mut room = room_arc.lock().await;
        // A clock run out (or the idle limit) ends the game before any
        // late action; a verdict stands.
        let ended = self.enforce_time(&mut room).await;
        if ended || room.timing.as_ref().is_some_and(|t| t.verdict.is_some()) {
            return Err(RoomError::Refused(format!(
                "the game is over: {}",
                room.row.result.as_deref().unwrap_or("ended")
            )));
        }
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
        if room.mode() == Mode::Online && !(room.row.white_taken && room.row.black_taken) {
            return Err("the other player has not joined yet: send the invitation link".into());
        }
        let mut g = room.game.clone();
        let mut dice = self.dice_of(&room);
        let (_, text) = g.act(msg, seats, &mut dice)?;
        let new = self.follow_ups(&mut g, vec![text], &mut dice)?;
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
    pub async fn hint(
        &self,
        room_arc: &Arc<Mutex<Room>>,
        seats: &[Side],
        peer: std::net::IpAddr,
    ) -> Result<Value, RoomError> {
        let job = {
            let room = room_arc.lock().await;
            if room.mode() == Mode::Online {
                return Err(RoomError::Refused(
                    "no hints in a game between two people".into(),
                ));
            }
            room.game.hint(seats)?
        };
        let _pass = self.hints.enter(peer, "hints").await?;
        tokio::task::spawn_blocking(job)
            .await
            .map_err(|_| RoomError::Refused("the hint failed".into()))?
            .map_err(RoomError::from)
    }

    /// The tutor's judgement of the verb of `msg` (issue 40): the equity it loses
    /// against the best choice and why, computed off the async threads,
    /// without carrying it out. Only in a game against the bot; the room
    /// is then tutored (unrated, said in its state).
    ///
    /// # Errors
    /// A game between people (online or at one screen), or nothing to
    /// judge.
    pub async fn judge(
        &self,
        room_arc: &Arc<Mutex<Room>>,
        seats: &[Side],
        msg: &Value,
        peer: std::net::IpAddr,
    ) -> Result<Value, RoomError> {
        let job = {
            let mut room = room_arc.lock().await;
            if room.mode() != Mode::Bot {
                return Err(RoomError::Refused(
                    "the tutor is for a game against the bot, not a game between two people".into(),
                ));
            }
            let job = room.game.judge(msg, seats)?;
            if !room.tutored {
                room.tutored = true;
                room.broadcast();
            }
            job
        };
        let _pass = self.hints.enter(peer, "hints").await?;
        tokio::task::spawn_blocking(job)
            .await
            .map_err(|_| RoomError::Refused("the tutor's judgement failed".into()))?
            .map_err(RoomError::from)
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
            let mut dice = self.dice_of(&room);
            // The shared driver lets the bot take its whole decision.
            let chosen = tokio::task::spawn_blocking(move || {
                let mut g = game;
                g.bot_turn(&name, seed, &mut dice)
                    .map(|texts| (g, texts, dice))
            })
            .await;
            let (mut g, texts, mut dice) = match chosen
                .map_err(|e| RoomError::Refused(e.to_string()))
                .and_then(|r| r)
            {
                Ok(x) => x,
                Err(e) => {
                    tracing::error!(room = %room.row.id, "the bot failed: {e}");
                    return false;
                }
            };
            let new = match self.follow_ups(&mut g, texts, &mut dice) {
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
