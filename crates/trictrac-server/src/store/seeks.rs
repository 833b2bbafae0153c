//! Open challenges (seeks) of the lobby: the `seeks` table.
//!
//! A seek is `open` until one accept takes it (`taken`) or its poster
//! cancels it (`cancelled`). Taking it is one conditional `UPDATE … WHERE
//! state = 'open'`: of accepts racing on one seek, on one instance or on
//! several sharing a PostgreSQL database, exactly one changes the row and
//! wins; the others change nothing and are told it is taken.
//!
//! A seek also closes when its poster leaves (`left`: not seen for the
//! lobby's grace, the feed's `POSTER_GRACE`; `seen` is the last
//! time, in milliseconds, his lobby socket or his asking showed him
//! there) or when it is too old (`expired`). Every change of the seeks is
//! announced on [`LOBBY_CHANNEL`] (PostgreSQL), so that every instance's
//! lobby looks again.

use sqlx::any::AnyRow;
use sqlx::Row;

use super::{db_err, Store};
use crate::error::ServerError;

/// The table, created at start on every database (new or older).
pub(super) const SEEKS_TABLE: &str = "CREATE TABLE IF NOT EXISTS seeks (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        name TEXT NOT NULL,
        token TEXT NOT NULL,
        state TEXT NOT NULL,
        room TEXT,
        seat_token TEXT,
        seat_side TEXT,
        created BIGINT NOT NULL
    )";

/// The PostgreSQL channel on which instances tell each other that the
/// lobby changed (the payload: the instance that changed it).
pub const LOBBY_CHANNEL: &str = "trictrac_lobby";

/// The indexes of the lobby's two listings: open seeks newest first, and
/// games in progress most recently moved first.
pub(super) const LOBBY_INDEXES: [&str; 2] = [
    "CREATE INDEX IF NOT EXISTS seeks_open ON seeks (state, created, id)",
    "CREATE INDEX IF NOT EXISTS games_live ON games (finished, mode, updated)",
];

/// The column `seen` (milliseconds since the epoch: the last sign of the
/// poster), on databases made before it.
pub(super) const SEEN_COLUMN: &str = "ALTER TABLE seeks ADD COLUMN seen BIGINT";

/// Milliseconds since the epoch.
fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// A seek's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeekRow {
    /// Its code.
    pub id: String,
    /// `trictrac` or `backgammon`.
    pub game: String,
    /// The game's option words, as the game itself writes them.
    pub options: String,
    /// The poster's name.
    pub name: String,
    /// The poster's secret token (to cancel it, to learn of the game).
    pub token: String,
    /// `open`, `taken` or `cancelled`.
    pub state: String,
    /// The room made when it was accepted.
    pub room: Option<String>,
    /// The poster's seat token in that room.
    pub seat_token: Option<String>,
    /// The poster's side in that room.
    pub seat_side: Option<String>,
    /// When it was posted (seconds since the epoch).
    pub created: i64,
    /// The clock asked for (a room's `ClockSpec` as JSON), if any.
    pub clock: Option<String>,
    /// A rated challenge (the lobby's accounts rule: for registered
    /// players); listed so that the lobby can say so.
    pub rated: bool,
}

const COLUMNS: &str =
    "id, game, options, name, token, state, room, seat_token, seat_side, created, clock, rated";

fn seek_row(r: &AnyRow) -> Result<SeekRow, sqlx::Error> {
    Ok(SeekRow {
        id: r.try_get(0)?,
        game: r.try_get(1)?,
        options: r.try_get(2)?,
        name: r.try_get(3)?,
        token: r.try_get(4)?,
        state: r.try_get(5)?,
        room: r.try_get(6)?,
        seat_token: r.try_get(7)?,
        seat_side: r.try_get(8)?,
        created: r.try_get(9)?,
        clock: r.try_get(10)?,
        rated: r.try_get::<Option<i64>, _>(11)?.unwrap_or(0) != 0,
    })
}

/// A game in progress between two people, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LiveRow {
    /// Room code.
    pub id: String,
    /// `trictrac` or `backgammon`.
    pub game: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// When it was made (seconds since the epoch).
    pub created: i64,
}

impl Store {
    /// Stores a new open seek; `Ok(false)` when its code is taken.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn insert_seek(&self, s: &SeekRow) -> Result<bool, ServerError> {
        let r = sqlx::query(
            "INSERT INTO seeks (id, game, options, name, token, state, created, clock, rated)
             VALUES ($1, $2, $3, $4, $5, 'open', $6, $7, $8)",
        )
        .bind(&s.id)
        .bind(&s.game)
        .bind(&s.options)
        .bind(&s.name)
        .bind(&s.token)
        .bind(s.created)
        .bind(s.clock.clone())
        .bind(i64::from(s.rated))
        .execute(&self.pool)
        .await;
        match r {
            Ok(_) => Ok(true),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
            Err(e) => Err(db_err("cannot store the challenge", e)),
        }
    }

    /// A seek, if it exists.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn seek(&self, id: &str) -> Result<Option<SeekRow>, ServerError> {
        let sql = format!("SELECT {COLUMNS} FROM seeks WHERE id = $1");
        self.fetch_row(
            sqlx::query(&sql).bind(id),
            "cannot read the challenge",
            seek_row,
        )
        .await
    }

    /// The open seeks, newest first, at most `limit`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn open_seeks(&self, limit: i64) -> Result<Vec<SeekRow>, ServerError> {
        let sql = format!(
            "SELECT {COLUMNS} FROM seeks WHERE state = 'open' ORDER BY created DESC, id LIMIT $1"
        );
        let q = sqlx::query(&sql).bind(limit);
        self.fetch_rows(q, "cannot list the challenges", seek_row)
            .await
    }

    /// The codes of the open seeks, newest first, at most `limit` (read
    /// from the index alone).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn open_seek_ids(&self, limit: i64) -> Result<Vec<String>, ServerError> {
        let q = sqlx::query(
            "SELECT id FROM seeks WHERE state = 'open' ORDER BY created DESC, id LIMIT $1",
        )
        .bind(limit);
        self.fetch_rows(q, "cannot list the challenges", |r| r.try_get(0))
            .await
    }

    /// The seeks of these codes (in no order).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn seeks_by_ids(&self, ids: &[String]) -> Result<Vec<SeekRow>, ServerError> {
        let sql = |marks: &str| format!("SELECT {COLUMNS} FROM seeks WHERE id IN ({marks})");
        self.fetch_by_ids(ids, sql, "cannot read the challenges", seek_row)
            .await
    }

    /// Moves an open seek to `state` (`taken` or `cancelled`): `Ok(true)`
    /// for the one call that did it, `Ok(false)` when it was not open any
    /// more (another accept, or a cancel, came first).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn close_seek(&self, id: &str, state: &str) -> Result<bool, ServerError> {
        let r = sqlx::query("UPDATE seeks SET state = $2 WHERE id = $1 AND state = 'open'")
            .bind(id)
            .bind(state)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot take the challenge", e))?;
        Ok(r.rows_affected() == 1)
    }

    /// Opens again a seek taken whose game could not be made.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn reopen_seek(&self, id: &str) -> Result<(), ServerError> {
        sqlx::query(
            "UPDATE seeks SET state = 'open' WHERE id = $1 AND state = 'taken' AND room IS NULL",
        )
        .bind(id)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot reopen the challenge", e))?;
        Ok(())
    }

    /// Records the room made for a taken seek and the poster's seat in it.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn settle_seek(
        &self,
        id: &str,
        room: &str,
        seat_token: &str,
        seat_side: &str,
    ) -> Result<(), ServerError> {
        sqlx::query("UPDATE seeks SET room = $2, seat_token = $3, seat_side = $4 WHERE id = $1")
            .bind(id)
            .bind(room)
            .bind(seat_token)
            .bind(seat_side)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot record the challenge's game", e))?;
        Ok(())
    }

    /// Games in progress between two people (online, both seats taken,
    /// not over) that moved in the last `since` seconds, most recently
    /// moved first, at most `limit`.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn live_games(&self, since: i64, limit: i64) -> Result<Vec<LiveRow>, ServerError> {
        let q = sqlx::query(
            "SELECT id, game, white_name, black_name, created FROM games
             WHERE finished IS NULL AND mode = 'online' AND white_taken = 1 AND black_taken = 1
               AND updated >= $1
             ORDER BY updated DESC, id LIMIT $2",
        )
        .bind(super::now() - since)
        .bind(limit);
        let read = |r: &AnyRow| {
            Ok(LiveRow {
                id: r.try_get(0)?,
                game: r.try_get(1)?,
                white: r.try_get(2)?,
                black: r.try_get(3)?,
                created: r.try_get(4)?,
            })
        };
        self.fetch_rows(q, "cannot list the games in progress", read)
            .await
    }

    /// Marks open seeks seen now (their poster is there).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn touch_seeks(&self, ids: &[String]) -> Result<(), ServerError> {
        // At most 1,000 codes a statement (one or two for a busy lobby).
        for chunk in ids.chunks(1000) {
            let marks: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 2)).collect();
            let sql = format!(
                "UPDATE seeks SET seen = $1 WHERE state = 'open' AND id IN ({})",
                marks.join(", ")
            );
            let mut q = sqlx::query(&sql).bind(now_ms());
            for id in chunk {
                q = q.bind(id);
            }
            q.execute(&self.pool)
                .await
                .map_err(|e| db_err("cannot mark the challenges seen", e))?;
        }
        Ok(())
    }

    /// Closes the open seeks whose poster left (not seen for `grace_ms`:
    /// `left`) or posted more than `lifetime` seconds ago (`expired`),
    /// and forgets closed seeks a day old; answers how many closed.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn sweep_seeks(&self, grace_ms: i64, lifetime: i64) -> Result<u64, ServerError> {
        let old = super::now() - lifetime;
        // A correspondence challenge (days per move, issue 39) stands
        // without its poster, for a week.
        let r = sqlx::query(
            "UPDATE seeks SET state = CASE WHEN created < $2 OR created < $4 THEN 'expired'
             ELSE 'left' END
             WHERE state = 'open' AND (
               (COALESCE(clock, '') NOT LIKE $3
                AND (COALESCE(seen, created * 1000) < $1 OR created < $2))
               OR (COALESCE(clock, '') LIKE $3 AND created < $4))",
        )
        .bind(now_ms() - grace_ms)
        .bind(old)
        .bind(super::corr::DAYS_MARK)
        .bind(super::now() - super::corr::SEEK_DAYS * 86_400)
        .execute(&self.pool)
        .await
        .map_err(|e| db_err("cannot withdraw the challenges left", e))?;
        sqlx::query("DELETE FROM seeks WHERE state <> 'open' AND created < $1")
            .bind(super::now() - 86_400)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot forget the old challenges", e))?;
        Ok(r.rows_affected())
    }

    /// Tells the other instances sharing this PostgreSQL database that
    /// the lobby changed (nothing on SQLite: one instance). A failure is
    /// logged: they look again within a second anyway.
    pub async fn announce_lobby(&self) {
        if self.sqlite {
            return;
        }
        let r = sqlx::query("SELECT pg_notify($1, $2)")
            .bind(LOBBY_CHANNEL)
            .bind(&self.instance)
            .execute(&self.pool)
            .await;
        if let Err(e) = r {
            tracing::warn!("cannot tell the other servers of the lobby's change: {e}");
        }
    }
}
