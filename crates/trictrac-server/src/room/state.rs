//! The game a room holds: any game of the registry behind the object-safe
//! [`RoomGame`], and its replay from the stored actions.

use tables::Side;

use crate::error::ReplayError;
use crate::games::RoomGame;

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
    pub fn replay(&mut self, actions: &[String]) -> Result<(), ReplayError> {
        for (i, a) in actions.iter().enumerate() {
            self.0.apply_stored(a).map_err(|e| ReplayError {
                index: i,
                action: a.clone(),
                why: e.to_string(),
            })?;
        }
        Ok(())
    }
}
