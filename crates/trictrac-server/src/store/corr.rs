//! Correspondence games (issue 39, item 1): the players' vacations and
//! the lists of a player's games in progress (`crate::correspondence`).
//!
//! `vacations` holds one row per account: the year its counter is of,
//! the days used that year, and the latest vacation (from, until, Unix
//! ms). A correspondence game is a game whose `timing` holds a clock of
//! kind `days` (`crate::room::ClockSpec::Days`).

use sqlx::Row;

use super::{db_err, Store};
use crate::error::ServerError;

/// The table, created at start.
pub(super) const TABLES: [&str; 1] = ["CREATE TABLE IF NOT EXISTS vacations (
        account_id TEXT PRIMARY KEY,
        year BIGINT NOT NULL,
        used BIGINT NOT NULL,
        start_ms BIGINT NOT NULL,
        until_ms BIGINT NOT NULL
    )"];

/// An account's vacations.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VacationRow {
    /// The year of the counter.
    pub year: i64,
    /// Days used that year.
    pub used: i64,
    /// The latest vacation's start (Unix ms).
    pub start: i64,
    /// Its end (Unix ms).
    pub until: i64,
}

/// A correspondence game in progress of a player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CorrGameRow {
    /// Room code.
    pub room: String,
    /// The game's name in the registry.
    pub game: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// The player's side.
    pub side: String,
    /// The stored timing (`crate::room::timing::Timing`).
    pub timing: String,
    /// The player's seat token.
    pub token: String,
}

/// Days a correspondence challenge stands in the lobby, its poster there
/// or not.
pub const SEEK_DAYS: i64 = 7;

/// The stored timings of correspondence games (and the clocks of their
/// seeks) hold this.
pub const DAYS_MARK: &str = "%\"kind\":\"days\"%";

impl Store {
    /// The vacations of `account` (zeros when none).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn vacation(&self, account: &str) -> Result<VacationRow, ServerError> {
        let row = sqlx::query(
            "SELECT year, used, start_ms, until_ms FROM vacations WHERE account_id = $1",
        )
        .bind(account)
        .fetch_optional(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the vacations", e))?;
        row.map(|r| {
            Ok(VacationRow {
                year: r.try_get(0)?,
                used: r.try_get(1)?,
                start: r.try_get(2)?,
                until: r.try_get(3)?,
            })
        })
        .transpose()
        .map(Option::unwrap_or_default)
        .map_err(|e: sqlx::Error| db_err("cannot read the vacations", e))
    }

    /// Stores the vacations of `account`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn set_vacation(&self, account: &str, v: &VacationRow) -> Result<(), ServerError> {
        sqlx::query(
            "INSERT INTO vacations (account_id, year, used, start_ms, until_ms)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (account_id) DO UPDATE SET year = $2, used = $3, start_ms = $4,
             until_ms = $5",
        )
        .bind(account)
        .bind(v.year)
        .bind(v.used)
        .bind(v.start)
        .bind(v.until)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot store the vacation", e))?;
        Ok(())
    }

    /// The account holding `side` of game `room`, if one does.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn seat_account(
        &self,
        room: &str,
        side: &str,
    ) -> Result<Option<String>, ServerError> {
        let row = sqlx::query("SELECT account_id FROM players WHERE game_id = $1 AND side = $2")
            .bind(room)
            .bind(side)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| db_err("cannot read the players", e))?;
        Ok(row.and_then(|r| r.try_get::<Option<String>, _>(0).ok().flatten()))
    }

    /// The correspondence games in progress of a player: an account's
    /// (`account`) or an anonymous identity's (`identity`).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn correspondence_games(
        &self,
        identity: Option<&str>,
        account: Option<&str>,
    ) -> Result<Vec<CorrGameRow>, ServerError> {
        let rows = sqlx::query(
            "SELECT g.id, g.game, g.white_name, g.black_name, p.side, g.timing,
                    g.white_token, g.black_token
             FROM players p JOIN games g ON g.id = p.game_id
             WHERE g.finished IS NULL AND g.timing LIKE $3
               AND (p.identity = $1 OR p.account_id = $2)
             ORDER BY g.id LIMIT 500",
        )
        .bind(identity.unwrap_or("\u{1}none").to_string())
        .bind(account.unwrap_or("\u{1}none").to_string())
        .bind(DAYS_MARK)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot list the correspondence games", e))?;
        let mut out: Vec<CorrGameRow> = Vec::new();
        for r in &rows {
            let side: String = r.try_get(4).map_err(|e| db_err("bad game row", e))?;
            let token: String = r
                .try_get(if side == "white" { 6 } else { 7 })
                .map_err(|e| db_err("bad game row", e))?;
            let g = CorrGameRow {
                room: r.try_get(0).map_err(|e| db_err("bad game row", e))?,
                game: r.try_get(1).map_err(|e| db_err("bad game row", e))?,
                white: r.try_get(2).map_err(|e| db_err("bad game row", e))?,
                black: r.try_get(3).map_err(|e| db_err("bad game row", e))?,
                side,
                timing: r
                    .try_get::<Option<String>, _>(5)
                    .map_err(|e| db_err("bad game row", e))?
                    .unwrap_or_default(),
                token,
            };
            if !out.iter().any(|o| o.room == g.room && o.side == g.side) {
                out.push(g);
            }
        }
        Ok(out)
    }

    /// The clock kind of seek `id` asked for, as stored (`None` if none).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn seek_clock(&self, id: &str) -> Result<Option<String>, ServerError> {
        let row = sqlx::query("SELECT clock FROM seeks WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| db_err("cannot read the challenge", e))?;
        Ok(row.and_then(|r| r.try_get::<Option<String>, _>(0).ok().flatten()))
    }
}
