//! Accounts, sessions, who sat where, and ratings (issue 26): the tables
//! of the accounts and the ratings.
//!
//! - `accounts`: a registered name, its skeleton (unique: two names that
//!   look alike cannot both exist: the accounts' names) and its
//!   Argon2id password hash (PHC string);
//! - `sessions`: a logged-in browser, keyed by the SHA-256 of its cookie
//!   (the cookie itself is never stored);
//! - `players`: who holds each seat of a game, an anonymous identity
//!   (cookie) and, when logged in, an account: a player's history;
//! - `seek_owners`: who posted a lobby seek, and whether it is rated;
//! - `rated_games`: the rated games and whether their result was applied
//!   (`settled`, set once, in the transaction that applies it);
//! - `ratings` and `rating_history`: the Glicko-2 rating per account and
//!   game, and its value after each rated game.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::{db_err, Store};
use crate::error::ServerError;

/// The tables, created at start on every database (new or older).
pub(super) const TABLES: [&str; 11] = [
    // The server's own settings (issue 34): the version of the names'
    // skeleton the accounts were stored with, the key that signs the
    // anonymous identities.
    "CREATE TABLE IF NOT EXISTS settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS accounts (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        skeleton TEXT NOT NULL UNIQUE,
        hash TEXT NOT NULL,
        created BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS sessions (
        id TEXT PRIMARY KEY,
        account_id TEXT NOT NULL,
        created BIGINT NOT NULL,
        expires BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS players (
        game_id TEXT NOT NULL,
        side TEXT NOT NULL,
        identity TEXT,
        account_id TEXT,
        PRIMARY KEY (game_id, side)
    )",
    "CREATE INDEX IF NOT EXISTS players_identity ON players (identity)",
    "CREATE INDEX IF NOT EXISTS players_account ON players (account_id)",
    "CREATE TABLE IF NOT EXISTS seek_owners (
        seek_id TEXT PRIMARY KEY,
        identity TEXT,
        account_id TEXT,
        rated BIGINT NOT NULL
    )",
    "CREATE TABLE IF NOT EXISTS rated_games (
        game_id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        white_account TEXT NOT NULL,
        black_account TEXT NOT NULL,
        settled BIGINT NOT NULL,
        created BIGINT NOT NULL
    )",
    "CREATE INDEX IF NOT EXISTS rated_games_settled ON rated_games (settled)",
    "CREATE TABLE IF NOT EXISTS ratings (
        account_id TEXT NOT NULL,
        game TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        volatility DOUBLE PRECISION NOT NULL,
        games BIGINT NOT NULL,
        wins BIGINT NOT NULL,
        updated BIGINT NOT NULL,
        PRIMARY KEY (account_id, game)
    )",
    "CREATE TABLE IF NOT EXISTS rating_history (
        account_id TEXT NOT NULL,
        game TEXT NOT NULL,
        game_id TEXT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        at BIGINT NOT NULL,
        PRIMARY KEY (account_id, game_id)
    )",
];

/// An account's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    /// Its id (random).
    pub id: String,
    /// The name as registered.
    pub name: String,
    /// The Argon2id hash of the password (PHC string).
    pub hash: String,
    /// When it was registered (seconds since the epoch).
    pub created: i64,
}

/// A finished game of a player's history.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PlayedGame {
    /// Room code.
    pub room: String,
    /// `trictrac` or `backgammon`.
    pub game: String,
    /// The options words.
    pub options: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The side the player held.
    pub side: String,
    /// The result line.
    pub result: String,
    /// When it ended.
    pub finished: i64,
    /// Whether it was rated.
    pub rated: bool,
}

pub(super) fn account_row(r: &AnyRow) -> Result<AccountRow, sqlx::Error> {
    Ok(AccountRow {
        id: r.try_get(0)?,
        name: r.try_get(1)?,
        hash: r.try_get(2)?,
        created: r.try_get(3)?,
    })
}

impl Store {
    /// Registers an account; `Ok(false)` when its skeleton is taken (a
    /// name that looks the same exists).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn insert_account(
        &self,
        a: &AccountRow,
        skeleton: &str,
    ) -> Result<bool, ServerError> {
        let r = sqlx::query(
            "INSERT INTO accounts (id, name, skeleton, hash, created) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&a.id)
        .bind(&a.name)
        .bind(skeleton)
        .bind(&a.hash)
        .bind(a.created)
        .execute(&self.pool)
        .await;
        match r {
            Ok(_) => Ok(true),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
            Err(e) => Err(db_err("cannot store the account", e)),
        }
    }

    /// The account whose name has this skeleton.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn account_by_skeleton(
        &self,
        skeleton: &str,
    ) -> Result<Option<AccountRow>, ServerError> {
        let row = sqlx::query("SELECT id, name, hash, created FROM accounts WHERE skeleton = $1")
            .bind(skeleton)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| db_err("cannot read the account", e))?;
        row.map(|r| account_row(&r))
            .transpose()
            .map_err(|e| db_err("cannot read the account", e))
    }

    /// A setting of the server, if set.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn setting(&self, key: &str) -> Result<Option<String>, ServerError> {
        sqlx::query_scalar::<_, String>("SELECT value FROM settings WHERE key = $1")
            .bind(key)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| db_err("cannot read the settings", e))
    }

    /// The setting `key`, set to `value` unless it is set already (the
    /// first instance to set it wins); answers the value that stands.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn setting_or(&self, key: &str, value: &str) -> Result<String, ServerError> {
        sqlx::query(
            "INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
        )
        .bind(key)
        .bind(value)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot store the settings", e))?;
        Ok(self
            .setting(key)
            .await?
            .unwrap_or_else(|| value.to_string()))
    }

    /// Computes the skeleton of every account's name again with
    /// `skeleton` when the stored version is not `version` (the names'
    /// rules changed): logins find the accounts under the new skeleton.
    /// When two accounts now share one, the older takes it and the other
    /// keeps its old skeleton (logged: an operator renames it). Answers
    /// how many changed.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn refresh_skeletons(
        &self,
        version: i64,
        skeleton: impl Fn(&str) -> String,
    ) -> Result<usize, ServerError> {
        let key = "skeleton_version";
        if self.setting(key).await?.as_deref() == Some(version.to_string().as_str()) {
            return Ok(0);
        }
        let err = |e| db_err("cannot update the names' skeletons", e);
        let rows: Vec<(String, String, String)> =
            sqlx::query_as("SELECT id, name, skeleton FROM accounts ORDER BY created, id")
                .fetch_all(&self.pool)
                .await
                .map_err(err)?;
        let mut changed = 0;
        for (id, name, old) in rows {
            let new = skeleton(&name);
            if new == old {
                continue;
            }
            let r = sqlx::query(
                "UPDATE accounts SET skeleton = $2 WHERE id = $1
                 AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.skeleton = $2)",
            )
            .bind(&id)
            .bind(&new)
            .execute(&self.pool)
            .await
            .map_err(err)?;
            if r.rows_affected() == 0 {
                tracing::warn!(account = %id, "the name `{name}` now looks like an older account's: it keeps its old skeleton");
            }
            changed += r.rows_affected() as usize;
        }
        sqlx::query(
            "INSERT INTO settings (key, value) VALUES ($1, $2)
             ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .bind(key)
        .bind(version.to_string())
        .execute(&self.pool)
        .await
        .map_err(err)?;
        Ok(changed)
    }

    /// Opens a session (`id`: the SHA-256 of its cookie).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn insert_session(
        &self,
        id: &str,
        account: &str,
        expires: i64,
    ) -> Result<(), ServerError> {
        sqlx::query(
            "INSERT INTO sessions (id, account_id, created, expires) VALUES ($1, $2, $3, $4)",
        )
        .bind(id)
        .bind(account)
        .bind(super::now())
        .bind(expires)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot open the session", e))?;
        Ok(())
    }

    /// The account of a session not expired.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn session_account(&self, id: &str) -> Result<Option<AccountRow>, ServerError> {
        let row = sqlx::query(
            "SELECT a.id, a.name, a.hash, a.created FROM sessions s JOIN accounts a ON a.id = s.account_id
             WHERE s.id = $1 AND s.expires > $2",
        )
        .bind(id)
        .bind(super::now())
        .fetch_optional(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the session", e))?;
        row.map(|r| account_row(&r))
            .transpose()
            .map_err(|e| db_err("cannot read the session", e))
    }

    /// Closes a session (and forgets the expired ones).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn delete_session(&self, id: &str) -> Result<(), ServerError> {
        sqlx::query("DELETE FROM sessions WHERE id = $1 OR expires <= $2")
            .bind(id)
            .bind(super::now())
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot close the session", e))?;
        Ok(())
    }

    /// Whether an anonymous identity holds a seat of some game (an
    /// identity cookie of an earlier version, unsigned, is kept only
    /// then).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn identity_known(&self, identity: &str) -> Result<bool, ServerError> {
        let n: Option<i64> =
            sqlx::query_scalar("SELECT 1 FROM players WHERE identity = $1 LIMIT 1")
                .bind(identity)
                .fetch_optional(&self.pool)
                .await
                .map_err(|e| db_err("cannot read the players", e))?;
        Ok(n.is_some())
    }

    /// Gives to `account` the seats its browser's anonymous `identity`
    /// held before (registration or login).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn adopt_identity(&self, identity: &str, account: &str) -> Result<(), ServerError> {
        sqlx::query(
            "UPDATE players SET account_id = $2 WHERE identity = $1 AND account_id IS NULL",
        )
        .bind(identity)
        .bind(account)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot record the player's games", e))?;
        Ok(())
    }

    /// Records who holds a seat, unless someone was recorded first.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn record_player(
        &self,
        game_id: &str,
        side: &str,
        identity: Option<&str>,
        account: Option<&str>,
    ) -> Result<(), ServerError> {
        sqlx::query(
            "INSERT INTO players (game_id, side, identity, account_id) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id, side) DO NOTHING",
        )
        .bind(game_id)
        .bind(side)
        .bind(identity.map(String::from))
        .bind(account.map(String::from))
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot record the player", e))?;
        Ok(())
    }

    /// Records who posted a seek and whether it is rated.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn insert_seek_owner(
        &self,
        seek: &str,
        identity: Option<&str>,
        account: Option<&str>,
        rated: bool,
    ) -> Result<(), ServerError> {
        sqlx::query("INSERT INTO seek_owners (seek_id, identity, account_id, rated) VALUES ($1, $2, $3, $4)")
            .bind(seek)
            .bind(identity.map(String::from))
            .bind(account.map(String::from))
            .bind(rated as i64)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot record the challenge's poster", e))?;
        Ok(())
    }

    /// Who posted a seek (identity, account) and whether it is rated.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn seek_owner(
        &self,
        seek: &str,
    ) -> Result<Option<(Option<String>, Option<String>, bool)>, ServerError> {
        let row =
            sqlx::query("SELECT identity, account_id, rated FROM seek_owners WHERE seek_id = $1")
                .bind(seek)
                .fetch_optional(&self.pool)
                .await
                .map_err(|e| db_err("cannot read the challenge's poster", e))?;
        row.map(|r| Ok((r.try_get(0)?, r.try_get(1)?, r.try_get::<i64, _>(2)? != 0)))
            .transpose()
            .map_err(|e| db_err("cannot read the challenge's poster", e))
    }

    /// The finished games of a player, newest first: those of an account
    /// (`account`), or of an anonymous identity (`identity`), or both.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn games_of(
        &self,
        identity: Option<&str>,
        account: Option<&str>,
        limit: i64,
    ) -> Result<Vec<PlayedGame>, ServerError> {
        let rows = sqlx::query(
            "SELECT g.id, g.game, g.options, g.white_name, g.black_name, p.side, g.result, g.finished,
                    CASE WHEN r.game_id IS NULL THEN 0 ELSE 1 END
             FROM players p JOIN games g ON g.id = p.game_id
             LEFT JOIN rated_games r ON r.game_id = g.id
             WHERE g.finished IS NOT NULL AND (p.identity = $1 OR p.account_id = $2)
             ORDER BY g.finished DESC, g.id LIMIT $3",
        )
        .bind(identity.unwrap_or("\u{1}none").to_string())
        .bind(account.unwrap_or("\u{1}none").to_string())
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot list the player's games", e))?;
        let mut out: Vec<PlayedGame> = Vec::new();
        for r in &rows {
            let g = PlayedGame {
                room: r.try_get(0).map_err(|e| db_err("bad game row", e))?,
                game: r.try_get(1).map_err(|e| db_err("bad game row", e))?,
                options: r.try_get(2).map_err(|e| db_err("bad game row", e))?,
                white: r.try_get(3).map_err(|e| db_err("bad game row", e))?,
                black: r.try_get(4).map_err(|e| db_err("bad game row", e))?,
                side: r.try_get(5).map_err(|e| db_err("bad game row", e))?,
                result: r
                    .try_get::<Option<String>, _>(6)
                    .map_err(|e| db_err("bad game row", e))?
                    .unwrap_or_default(),
                finished: r
                    .try_get::<Option<i64>, _>(7)
                    .map_err(|e| db_err("bad game row", e))?
                    .unwrap_or_default(),
                rated: r
                    .try_get::<i64, _>(8)
                    .map_err(|e| db_err("bad game row", e))?
                    != 0,
            };
            // A hot-seat game held both seats: listed once.
            if !out.iter().any(|o| o.room == g.room) {
                out.push(g);
            }
        }
        Ok(out)
    }
}
