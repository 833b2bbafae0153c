//! The rematch: a finished game played again with the same settings and
//! the colours swapped, in a new room. Written once for every game: the
//! new room is made from the old room's row (game, options, mode, bot),
//! each seat's token and name going to the other colour, so that each
//! player (and the friend of an online game, by the same invitation link)
//! finds his seat in the new room with the token he already holds. The
//! old room keeps the new room's code (`rematch` in its state,
//! docs/PROTOCOL.md) so that everyone there follows. The rematch of a
//! lobby game is timed as the game was (its clock, full again).

use std::sync::Arc;

use tables::Side;
use tokio::sync::Mutex;

use super::{GameState, Hub, Room};
use crate::error::RoomError;
use crate::store::{now, Change, GameRow};

/// The row of the rematch of `old`: same game and settings, the seats'
/// tokens, names and bot swapped between the colours.
fn swapped(old: &GameRow) -> GameRow {
    GameRow {
        id: String::new(),
        game: old.game.clone(),
        mode: old.mode.clone(),
        options: old.options.clone(),
        bot: old.bot.clone(),
        bot_side: old.bot_side.as_deref().map(|s| match s {
            "white" => "black".to_string(),
            _ => "white".to_string(),
        }),
        white_token: old.black_token.clone(),
        black_token: old.white_token.clone(),
        white_name: old.black_name.clone(),
        black_name: old.white_name.clone(),
        white_taken: old.black_taken,
        black_taken: old.white_taken,
        created: now(),
        finished: None,
        result: None,
    }
}

impl Hub {
    /// The rematch of the finished game in `room_arc`, asked by a
    /// connection holding `seats`: its room code, made now or earlier
    /// (asking twice, or both players asking, gives the same room).
    ///
    /// # Errors
    /// A spectator asks, the game is not over, the options no longer make
    /// a game, the database fails.
    pub async fn rematch(
        self: &Arc<Self>,
        room_arc: &Arc<Mutex<Room>>,
        seats: &[Side],
    ) -> Result<String, RoomError> {
        let mut room = room_arc.lock().await;
        if seats.is_empty() {
            return Err(RoomError::Refused(
                "you are watching: only the players ask for a rematch".into(),
            ));
        }
        if !room.over() {
            return Err(RoomError::Refused(
                "a rematch is played once the game is over".into(),
            ));
        }
        if let Some(code) = &room.rematch {
            return Ok(code.clone());
        }
        let row = swapped(&room.row);
        let game = GameState(
            self.config
                .games
                .make(&row.game, &row.options)
                .map_err(|e| RoomError::Refused(format!("the rematch: {e}")))?,
        );
        let new = self.open_new(row, game).await?;
        // A lobby game's rematch is timed as it was: the idle rule, and
        // the same clock, both sides' time full again.
        if let Some(t) = room.timing.as_ref().filter(|t| t.lobby) {
            let spec = t.clock.as_ref().map(|c| c.spec);
            let mut n = new.lock().await;
            self.start_timing(&mut n, spec).await?;
        }
        let made = new.lock().await.row.id.clone();
        let code = self
            .store
            .set_rematch(&room.row.id, &made)
            .await
            .map_err(|e| RoomError::Storage(e.to_string()))?;
        if code != made {
            // Another instance made the rematch first (both players asked
            // at once on two instances): the game made here is nobody's
            // and goes (issue 34: it stayed listed as live, its clock
            // running).
            drop(new);
            if let Ok(mut m) = self.rooms.lock() {
                m.remove(&made);
            }
            if let Err(e) = self.store.delete_unplayed_game(&made).await {
                tracing::warn!(room = %made, "the extra rematch stays: {e}");
            }
        }
        room.rematch = Some(code.clone());
        room.broadcast();
        // The other instances (PostgreSQL) reload the old room's row, with
        // its rematch, and tell their connections.
        let id = room.row.id.clone();
        drop(room);
        self.store.announce(&Change::Seat { id }).await;
        Ok(code)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_rematch_swaps_the_colours_and_keeps_the_settings() {
        let old = GameRow {
            id: "ABC234".into(),
            game: "backgammon".into(),
            mode: "bot".into(),
            options: "standard match=3".into(),
            bot: Some("neural".into()),
            bot_side: Some("black".into()),
            white_token: "w".into(),
            black_token: "b".into(),
            white_name: "Ann".into(),
            black_name: "Expert (bot)".into(),
            white_taken: true,
            black_taken: false,
            created: 1,
            finished: Some(2),
            result: Some("white wins".into()),
        };
        let new = swapped(&old);
        assert_eq!(
            (new.game.as_str(), new.mode.as_str(), new.options.as_str()),
            ("backgammon", "bot", "standard match=3")
        );
        assert_eq!(new.bot.as_deref(), Some("neural"));
        assert_eq!(new.bot_side.as_deref(), Some("white"));
        assert_eq!(
            (new.white_token.as_str(), new.black_token.as_str()),
            ("b", "w")
        );
        assert_eq!(new.black_name, "Ann");
        assert_eq!((new.white_taken, new.black_taken), (false, true));
        assert_eq!((new.finished, new.result), (None, None));
    }
}
