//! The bot API's tables (issue 39, item 4; `crate::bots_api`):
//!
//! - `api_tokens`: an account's API tokens, keyed by a short public id
//!   (to list and revoke them) and stored as the SHA-256 of the token
//!   alone (the token is shown once, when it is made, and never stored);
//! - `bot_accounts`: the accounts marked as bots (a mark never removed);
//! - `seek_bots`: for a seek, whether its poster is a bot and whether it
//!   allows a bot to accept it rated (a row only when either is so).

use sqlx::any::AnyRow;
use sqlx::Row;

use super::accounts::account_row;
use super::{db_err, AccountRow, Store};
use crate::error::ServerError;

/// The tables, created at start on every database (new or older).
pub(super) const TABLES: [&str; 4] = [
    "CREATE TABLE IF NOT EXISTS api_tokens (
        id TEXT PRIMARY KEY,
        hash TEXT NOT NULL UNIQUE,
        account_id TEXT NOT NULL,
        label TEXT NOT NULL,
        created BIGINT NOT NULL,
        used BIGINT
    )",
    "CREATE INDEX IF NOT EXISTS api_tokens_account ON api_tokens (account_id)",
    "CREATE TABLE IF NOT EXISTS bot_accounts (
        account_id TEXT PRIMARY KEY,
        since BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS seek_bots (
        seek_id TEXT PRIMARY KEY,
        poster_bot BIGINT NOT NULL,
        allow_bots BIGINT NOT NULL
    )",
];

/// An API token as listed (never the token itself).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct TokenRow {
    /// Its public id (to revoke it).
    pub id: String,
    /// The label its owner gave it.
    pub label: String,
    /// When it was made (seconds since the epoch).
    pub created: i64,
    /// When it was last used (seconds since the epoch), if ever.
    pub used: Option<i64>,
}

/// What the bot API knows of a seek: its poster is a bot, it allows a
/// bot to accept it rated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeekBots {
    /// The poster's account is a bot.
    pub poster_bot: bool,
    /// The poster allows a bot to accept it rated.
    pub allow_bots: bool,
}

impl Store {
    /// Stores an API token of `account` (`hash`: its SHA-256, hex).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn insert_api_token(
        &self,
        id: &str,
        hash: &str,
        account: &str,
        label: &str,
    ) -> Result<(), ServerError> {
        sqlx::query(
            "INSERT INTO api_tokens (id, hash, account_id, label, created) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(hash)
        .bind(account)
        .bind(label)
        .bind(super::now())
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot store the API token", e))?;
        Ok(())
    }

    /// The API tokens of `account`, newest first.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn api_tokens_of(&self, account: &str) -> Result<Vec<TokenRow>, ServerError> {
        let q = sqlx::query(
            "SELECT id, label, created, used FROM api_tokens WHERE account_id = $1 ORDER BY created DESC, id",
        )
        .bind(account);
        let read = |r: &AnyRow| {
            Ok(TokenRow {
                id: r.try_get(0)?,
                label: r.try_get(1)?,
                created: r.try_get(2)?,
                used: r.try_get(3)?,
            })
        };
        self.fetch_rows(q, "cannot read the API tokens", read).await
    }

    /// Revokes (deletes) the API token `id` of `account`: whether there
    /// was one.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn delete_api_token(&self, account: &str, id: &str) -> Result<bool, ServerError> {
        let r = sqlx::query("DELETE FROM api_tokens WHERE id = $1 AND account_id = $2")
            .bind(id)
            .bind(account)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot revoke the API token", e))?;
        Ok(r.rows_affected() > 0)
    }

    /// The account of an API token (by its SHA-256), marking it used.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn token_account(&self, hash: &str) -> Result<Option<AccountRow>, ServerError> {
        let q = sqlx::query(
            "SELECT a.id, a.name, a.hash, a.created FROM api_tokens t JOIN accounts a ON a.id = t.account_id
             WHERE t.hash = $1",
        )
        .bind(hash);
        let Some(account) = self
            .fetch_row(q, "cannot read the API token", account_row)
            .await?
        else {
            return Ok(None);
        };
        sqlx::query("UPDATE api_tokens SET used = $2 WHERE hash = $1")
            .bind(hash)
            .bind(super::now())
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot read the API token", e))?;
        Ok(Some(account))
    }

    /// Marks `account` as a bot (once: the mark stays).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn mark_bot(&self, account: &str) -> Result<(), ServerError> {
        sqlx::query(
            "INSERT INTO bot_accounts (account_id, since) VALUES ($1, $2) ON CONFLICT (account_id) DO NOTHING",
        )
        .bind(account)
        .bind(super::now())
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot mark the account as a bot", e))?;
        Ok(())
    }

    /// Whether `account` is a bot.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn is_bot(&self, account: &str) -> Result<bool, ServerError> {
        let q = sqlx::query("SELECT 1 FROM bot_accounts WHERE account_id = $1").bind(account);
        let row = self
            .fetch_row(q, "cannot read the bots", |_| Ok(()))
            .await?;
        Ok(row.is_some())
    }

    /// The names of the bot accounts (at most `limit`, by name).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn bot_names(&self, limit: i64) -> Result<Vec<String>, ServerError> {
        let q = sqlx::query(
            "SELECT a.name FROM bot_accounts b JOIN accounts a ON a.id = b.account_id ORDER BY a.name LIMIT $1",
        )
        .bind(limit);
        self.fetch_rows(q, "cannot read the bots", |r| r.try_get(0))
            .await
    }

    /// Records what the bot API knows of seek `id` (nothing is stored
    /// when neither is so).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn insert_seek_bots(&self, id: &str, b: SeekBots) -> Result<(), ServerError> {
        if b == SeekBots::default() {
            return Ok(());
        }
        sqlx::query("INSERT INTO seek_bots (seek_id, poster_bot, allow_bots) VALUES ($1, $2, $3)")
            .bind(id)
            .bind(b.poster_bot as i64)
            .bind(b.allow_bots as i64)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot record the challenge", e))?;
        Ok(())
    }

    /// What the bot API knows of the seeks `ids` (those with a row).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn seek_bots(&self, ids: &[String]) -> Result<Vec<(String, SeekBots)>, ServerError> {
        let sql = |marks: &str| {
            format!(
                "SELECT seek_id, poster_bot, allow_bots FROM seek_bots WHERE seek_id IN ({marks})"
            )
        };
        let read = |r: &AnyRow| {
            Ok((
                r.try_get::<String, _>(0)?,
                SeekBots {
                    poster_bot: r.try_get::<i64, _>(1)? != 0,
                    allow_bots: r.try_get::<i64, _>(2)? != 0,
                },
            ))
        };
        self.fetch_by_ids(ids, sql, "cannot read the challenges", read)
            .await
    }

    /// The games not over where `account` holds a seat: `(room, side)`,
    /// newest first, at most `limit`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn open_games_of(
        &self,
        account: &str,
        limit: i64,
    ) -> Result<Vec<(String, String)>, ServerError> {
        let q = sqlx::query(
            "SELECT p.game_id, p.side FROM players p JOIN games g ON g.id = p.game_id
             WHERE p.account_id = $1 AND g.finished IS NULL ORDER BY g.created DESC LIMIT $2",
        )
        .bind(account)
        .bind(limit);
        self.fetch_rows(q, "cannot read the games", |r| {
            Ok((r.try_get(0)?, r.try_get(1)?))
        })
        .await
    }

    /// The sides `account` holds in game `room`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn sides_of(&self, room: &str, account: &str) -> Result<Vec<String>, ServerError> {
        let q = sqlx::query("SELECT side FROM players WHERE game_id = $1 AND account_id = $2")
            .bind(room)
            .bind(account);
        self.fetch_rows(q, "cannot read the seats", |r| r.try_get(0))
            .await
    }
}

impl Store {
    /// The open seeks posted by `account` (at most `limit`).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn open_seeks_of(
        &self,
        account: &str,
        limit: i64,
    ) -> Result<Vec<String>, ServerError> {
        let q = sqlx::query(
            "SELECT s.id FROM seek_owners o JOIN seeks s ON s.id = o.seek_id
             WHERE o.account_id = $1 AND s.state = 'open' LIMIT $2",
        )
        .bind(account)
        .bind(limit);
        self.fetch_rows(q, "cannot read the challenges", |r| r.try_get(0))
            .await
    }
}
