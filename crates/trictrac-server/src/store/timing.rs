//! The `timing` column of a game (issue 26, clocks and abandonment): the
//! lobby game's clock, the time of its last action and, once a clock ran
//! out or the game was claimed or left idle, the verdict — a JSON text
//! the room reads (the room's `Timing`). It is written with the game's
//! actions, in the same transaction ([`Store::insert_actions`]), or here
//! when the game is set up and when a verdict ends it without an action.

use sqlx::Row;

use super::{db_err, now, Change, Store};
use crate::error::ServerError;

impl Store {
    /// Sets the timing of a game (a lobby game being set up).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn set_timing(&self, id: &str, timing: &str) -> Result<(), ServerError> {
        sqlx::query("UPDATE games SET timing = $2 WHERE id = $1")
            .bind(id)
            .bind(timing)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot store the game's clock", e))?;
        Ok(())
    }

    /// The timing of a game, if it has one.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn timing(&self, id: &str) -> Result<Option<String>, ServerError> {
        let row = sqlx::query("SELECT timing FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| db_err("cannot read the game's clock", e))?;
        match row {
            Some(r) => r
                .try_get::<Option<String>, _>(0)
                .map_err(|e| db_err("cannot read the game's clock", e)),
            None => Ok(None),
        }
    }

    /// Ends a game by a verdict with no action of the game (a match
    /// lost on time): its result and timing, if it is not over and has
    /// exactly `actions` actions — `Ok(false)` when another writer (an
    /// action, another instance's verdict) came first. The other
    /// instances hear of it (PostgreSQL).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn end_by_verdict(
        &self,
        id: &str,
        result: &str,
        timing: &str,
        actions: usize,
    ) -> Result<bool, ServerError> {
        let t = now();
        let r = sqlx::query(
            "UPDATE games SET finished = $2, updated = $2, result = $3, timing = $4
             WHERE id = $1 AND finished IS NULL
               AND (SELECT COUNT(*) FROM actions WHERE game_id = $1) = $5",
        )
        .bind(id)
        .bind(t)
        .bind(result)
        .bind(timing)
        .bind(actions as i64)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot store the end of the game", e))?;
        let done = r.rows_affected() == 1;
        if done {
            self.announce(&Change::Seat { id: id.to_string() }).await;
        }
        Ok(done)
    }

    /// The games not over that have a timing (lobby games), with it: the
    /// server watches their clocks and idleness even when nobody holds
    /// them.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn timed_games(&self) -> Result<Vec<(String, String)>, ServerError> {
        let rows = sqlx::query(
            "SELECT id, timing FROM games WHERE finished IS NULL AND timing IS NOT NULL",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot list the timed games", e))?;
        rows.iter()
            .map(|r| Ok((r.try_get(0)?, r.try_get(1)?)))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(|e| db_err("cannot list the timed games", e))
    }

    /// The result and end of a game as stored (after another instance's
    /// verdict).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn ending(&self, id: &str) -> Result<(Option<i64>, Option<String>), ServerError> {
        let row = sqlx::query("SELECT finished, result FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| db_err("cannot read the game", e))?;
        match row {
            Some(r) => Ok((
                r.try_get(0)
                    .map_err(|e| db_err("cannot read the game", e))?,
                r.try_get(1)
                    .map_err(|e| db_err("cannot read the game", e))?,
            )),
            None => Ok((None, None)),
        }
    }
}
