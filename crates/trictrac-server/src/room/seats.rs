//! A newcomer's seat in an online game and his seed for its dice (issue
//! 38): taken until the first throw, which is drawn once both sit.

use tables::Side;

use super::{Hub, Mode, Room};
use crate::error::RoomError;

impl Hub {
    /// Takes the free seat of an online game for a newcomer, if any.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn take_free_seat(
        &self,
        room: &mut Room,
        name: &str,
        seed: &[u8],
    ) -> Result<Vec<Side>, RoomError> {
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
                .await?
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
                self.contribute_seed(room, side, seed).await?;
                if room.row.white_taken && room.row.black_taken && room.actions.is_empty() {
                    self.first_dice(room).await?;
                }
                return Ok(vec![side]);
            }
        }
        Ok(Vec::new())
    }

    /// A player's seed for the dice of an online game (issue 38): taken
    /// until the first throw, ignored afterwards (the dice are drawn).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn contribute_seed(
        &self,
        room: &mut Room,
        side: Side,
        seed: &[u8],
    ) -> Result<(), RoomError> {
        if seed.is_empty() || !room.actions.is_empty() {
            return Ok(());
        }
        let Some(seeds) = room.dice.as_mut() else {
            return Ok(());
        };
        let mut s = seeds.clone();
        match side {
            Side::White => s.white = seed.to_vec(),
            Side::Black => s.black = seed.to_vec(),
        }
        let s = tables::fair::Seeds::new(s.server, s.white, s.black);
        self.store
            .set_dice(&room.row.id, &s.text(true))
            .await
            .map_err(|e| e.to_string())?;
        *seeds = s;
        Ok(())
    }

    /// Throws the first dice of a room (and what follows by itself).
    pub(super) async fn first_dice(&self, room: &mut Room) -> Result<(), RoomError> {
        let mut g = room.game.clone();
        let mut dice = self.dice_of(room);
        let new = self.follow_ups(&mut g, Vec::new(), &mut dice)?;
        self.commit(room, g, new).await?;
        Ok(())
    }
}
