//! The `dice` column of a game (issue 38, docs/DICE.md): the seeds of an
//! online game's dice as `tables::fair::Seeds::text` writes them (the
//! server seed included: the database is the server's), set when the
//! game is made and when the second player's seed comes with his join,
//! before the first throw. The room draws die number N, N the dice of
//! the stored throws, so a restarted server goes on with the same dice.

use sqlx::Row;

use super::{db_err, Store};
use crate::error::ServerError;

impl Store {
    /// Sets the dice seeds of a game.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn set_dice(&self, id: &str, text: &str) -> Result<(), ServerError> {
        sqlx::query("UPDATE games SET dice = $2 WHERE id = $1")
            .bind(id)
            .bind(text)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot store the game's dice seeds", e))?;
        Ok(())
    }

    /// The dice seeds of a game, if it has them (online games).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn dice(&self, id: &str) -> Result<Option<String>, ServerError> {
        let row = sqlx::query("SELECT dice FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| db_err("cannot read the game's dice seeds", e))?;
        match row {
            Some(r) => r
                .try_get::<Option<String>, _>(0)
                .map_err(|e| db_err("cannot read the game's dice seeds", e)),
            None => Ok(None),
        }
    }
}
