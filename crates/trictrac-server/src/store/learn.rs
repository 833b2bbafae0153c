//! A registered player's progress on the Learn page (issue 40, item 4):
//! the lessons passed and the scores by level and theme, as the page
//! keeps them (JSON, checked by `crate::learn::progress` before it is
//! stored), one row per account.

use sqlx::Row;

use super::{db_err, now, Store};
use crate::error::ServerError;

/// The table, created at start.
pub(super) const TABLES: [&str; 1] = ["CREATE TABLE IF NOT EXISTS learn_progress (
        account_id TEXT PRIMARY KEY,
        progress TEXT NOT NULL,
        updated BIGINT NOT NULL
    )"];

impl Store {
    /// An account's progress on the Learn page, if it has one.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn learn_progress(&self, account: &str) -> Result<Option<String>, ServerError> {
        let row = sqlx::query("SELECT progress FROM learn_progress WHERE account_id = $1")
            .bind(account)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| db_err("cannot read the progress", e))?;
        row.map(|r| r.try_get(0))
            .transpose()
            .map_err(|e| db_err("cannot read the progress", e))
    }

    /// Stores an account's progress (replacing what it had).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn set_learn_progress(
        &self,
        account: &str,
        progress: &str,
    ) -> Result<(), ServerError> {
        sqlx::query(
            "INSERT INTO learn_progress (account_id, progress, updated) VALUES ($1, $2, $3)
             ON CONFLICT (account_id) DO UPDATE SET progress = $2, updated = $3",
        )
        .bind(account)
        .bind(progress)
        .bind(now())
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot store the progress", e))?;
        Ok(())
    }
}
