//! Abandonment (issue 26): a player of an online game who is not
//! connected any more — here or through another server instance — keeps
//! his seat for a grace period ([`super::AbandonConfig::grace`]); after
//! it his opponent may claim the game (`claim`, docs/PROTOCOL.md), which
//! ends it as a resignation of the one who left
//! ([`super::timing`]). Coming back within the grace period, or at any
//! time before the claim, cancels it. Written once for every game.

use std::sync::Arc;

use tables::Side;
use tokio::sync::Mutex;

use super::clock::now_ms;
use super::timing::Reason;
use super::{Hub, Mode, Room};
use crate::error::RoomError;

impl Room {
    /// Notes who is away since when, after connections came or went: a
    /// seat held by no connection anywhere is away from now on (unless
    /// it already was); one held is back.
    pub fn note_presence(&mut self) {
        let now = now_ms();
        for side in Side::ALL {
            let here = self.present(side);
            let away = self.absent.get_mut(side);
            match (here, *away) {
                (true, _) => *away = None,
                (false, None) => *away = Some(now),
                (false, Some(_)) => {}
            }
        }
    }

    /// Who won, once the game is over: by the game's rules (its
    /// outcome) or by a verdict (time, abandonment, idleness, which may
    /// end a match or a *partie à écrire* the game itself would let go
    /// on). The ratings read it (docs/SERVER.md, "Ratings").
    pub fn winner(&self) -> Option<Side> {
        self.game.outcome().map(|o| o.winner).or_else(|| {
            self.timing
                .as_ref()
                .and_then(|t| t.verdict.as_ref())
                .and_then(|v| v.winner)
        })
    }

    /// Whether the game is over: by the game's rules or by a verdict.
    pub fn over(&self) -> bool {
        self.game.outcome().is_some() || self.timing.as_ref().is_some_and(|t| t.verdict.is_some())
    }
}

impl Hub {
    /// The claim of the game by the player holding `seats` in
    /// `room_arc`, his opponent gone for longer than the grace period.
    /// Answers the result line.
    ///
    /// # Errors
    /// Not an online game between two players, a spectator or a hot seat,
    /// the game over, the opponent connected or not gone long enough (the
    /// seconds left are named).
    pub async fn claim(
        &self,
        room_arc: &Arc<Mutex<Room>>,
        seats: &[Side],
    ) -> Result<String, RoomError> {
        let mut room = room_arc.lock().await;
        if room.mode() != Mode::Online || !(room.row.white_taken && room.row.black_taken) {
            return Err(RoomError::Refused(
                "only a game between two players at their own screens is claimed".into(),
            ));
        }
        if room.timing.as_ref().is_some_and(|t| t.correspondence()) {
            return Err(RoomError::Refused(
                "a correspondence game is not claimed: it is won on time when the days to move run out"
                    .into(),
            ));
        }
        let [me] = seats else {
            return Err(RoomError::Refused(
                "only a player of the game claims it from his opponent".into(),
            ));
        };
        if room.over() || self.enforce_time(&mut room).await {
            return Err(RoomError::Refused("the game is over".into()));
        }
        let other = !*me;
        room.note_presence();
        let Some(since) = *room.absent.get(other) else {
            return Err(RoomError::Refused(format!(
                "{other} is connected: there is nothing to claim"
            )));
        };
        let grace = self.config.abandon.grace.as_millis() as i64;
        let gone = now_ms() - since;
        if gone < grace {
            let left = (grace - gone + 999) / 1000;
            return Err(RoomError::Refused(format!(
                "{other} left {} s ago: he keeps his seat for {} s; you may claim the game in {left} s if he does not come back",
                gone / 1000,
                grace / 1000
            )));
        }
        self.end_game(&mut room, other, Reason::Abandon).await?;
        Ok(room.row.result.clone().unwrap_or_default())
    }
}
