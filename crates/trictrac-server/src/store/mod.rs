//! Persistence: games and their action logs in SQLite or PostgreSQL.
//!
//! Two tables, and the lobby's `seeks` (open challenges, [`SeekRow`]). `games` holds what a game is (which game — `trictrac` or
//! `backgammon` —, mode, options, seats and
//! their secret tokens, names, and once it is over its result); `actions`
//! holds, per game, the numbered list of everything that changed it (the
//! dice the server drew, plays, decisions, declarations). A game is rebuilt
//! by replaying its actions through the engine, so nothing else needs to
//! be stored. The primary key `(game_id, seq)` makes two writers that
//! raced on one game fail instead of forking it.
//!
//! Queries are plain runtime strings with `$N` placeholders, which both
//! drivers accept, run through sqlx's `Any` driver.
//!
//! Several server instances may share one PostgreSQL database. Each
//! stored batch of actions and each seat taken is announced on the
//! channel [`CHANNEL`] with `pg_notify`, inside the transaction that
//! stores it (PostgreSQL delivers it at the commit, never for a
//! rolled-back write); every instance listens (the relay) and brings
//! the rooms it holds up to date from the database.

use sqlx::any::{AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Executor, Row};
use tokio::sync::{mpsc, oneshot};

use crate::error::ServerError;

mod accounts;
mod change;
mod corr;
mod dice;
mod fault;
mod learn;
mod notices;
mod pairings;
mod reviews;
mod seeks;
mod timing;
mod tokens;
mod tournaments;
mod writer;

pub use accounts::{AccountRow, HistoryPoint, PlayedGame, RatedRow, RatingRow};
pub use change::{Change, CHANNEL};
pub use corr::{CorrGameRow, VacationRow};
pub use fault::{inject_fault, Fault};
pub use notices::{EmailRow, MailRow, NotificationRow};
pub use pairings::{PairingResult, PairingRow};
pub use reviews::{PlayerReview, StoredReview};
pub use seeks::{LiveRow, SeekRow, LOBBY_CHANNEL};
pub use tokens::{SeekBots, TokenRow};
pub use tournaments::{EntrantRow, TournamentRow};
pub use writer::writer_restarts;
use writer::{notify, supervise_writer, Write};

/// A game's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// Room code.
    pub id: String,
    /// `trictrac` or `backgammon`.
    pub game: String,
    /// `bot`, `hotseat` or `online`.
    pub mode: String,
    /// Game options: `GameOptions::to_words` (trictrac), or the rules and
    /// `match=N` (backgammon).
    pub options: String,
    /// The bot's name in `bot` mode.
    pub bot: Option<String>,
    /// The bot's side (`white`/`black`) in `bot` mode.
    pub bot_side: Option<String>,
    /// White's secret token.
    pub white_token: String,
    /// Black's secret token.
    pub black_token: String,
    /// White's name.
    pub white_name: String,
    /// Black's name.
    pub black_name: String,
    /// Whether White's seat has been taken (online mode).
    pub white_taken: bool,
    /// Whether Black's seat has been taken (online mode).
    pub black_taken: bool,
    /// Creation time, seconds since the Unix epoch.
    pub created: i64,
    /// When the game ended, if it did.
    pub finished: Option<i64>,
    /// Result text, e.g. `white 12 black 7 x2`.
    pub result: Option<String>,
}

/// A finished game in the list.
#[derive(Clone, Debug, serde::Serialize)]
pub struct FinishedGame {
    /// Room code.
    pub id: String,
    /// `trictrac` or `backgammon`.
    pub game: String,
    /// Mode.
    pub mode: String,
    /// White's name.
    pub white: String,
    /// Black's name.
    pub black: String,
    /// Result text.
    pub result: String,
    /// When it ended (seconds since the epoch).
    pub finished: i64,
}

/// Why an action was not stored.
#[derive(Debug)]
pub enum InsertError {
    /// Another writer stored an action with this number first.
    Conflict,
    /// The database failed.
    Db(ServerError),
}

/// The database.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    sqlite: bool,
    writer: mpsc::Sender<Write>,
    url: String,
    instance: String,
}

const SCHEMA: &[&str] = &[
    "CREATE TABLE IF NOT EXISTS games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL DEFAULT 'trictrac',
        mode TEXT NOT NULL,
        options TEXT NOT NULL,
        bot TEXT,
        bot_side TEXT,
        white_token TEXT NOT NULL,
        black_token TEXT NOT NULL,
        white_name TEXT NOT NULL,
        black_name TEXT NOT NULL,
        white_taken BIGINT NOT NULL,
        black_taken BIGINT NOT NULL,
        created BIGINT NOT NULL,
        updated BIGINT NOT NULL,
        finished BIGINT,
        result TEXT
    )",
    "CREATE TABLE IF NOT EXISTS actions (
        game_id TEXT NOT NULL,
        seq BIGINT NOT NULL,
        action TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
    )",
    "CREATE INDEX IF NOT EXISTS games_finished ON games (finished)",
    // The lobby's open challenges (issue 26), on new and older databases.
    seeks::SEEKS_TABLE,
    "CREATE INDEX IF NOT EXISTS seeks_state ON seeks (state)",
    seeks::LOBBY_INDEXES[0],
    seeks::LOBBY_INDEXES[1],
];

/// Changes to databases made by earlier versions, each run at every start
/// and allowed to fail as already done ("duplicate column"): the `game`
/// column came with backgammon; older games are Grand Trictrac's. The
/// `rematch` column (the room code of the game that followed) came with
/// the rematch button.
const MIGRATIONS: &[&str] = &[
    "ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'trictrac'",
    "ALTER TABLE games ADD COLUMN rematch TEXT",
    // Clocks and abandonment (issue 26): `store/timing.rs`.
    "ALTER TABLE games ADD COLUMN timing TEXT",
    "ALTER TABLE seeks ADD COLUMN clock TEXT",
    seeks::SEEN_COLUMN,
    // Rated challenges listed as such (issue 26).
    "ALTER TABLE seeks ADD COLUMN rated BIGINT",
    // Dice anyone can verify (issue 38): `store/dice.rs`.
    "ALTER TABLE games ADD COLUMN dice TEXT",
];

/// Whether a migration failed only because it was done before.
fn already_migrated(e: &sqlx::Error) -> bool {
    let m = e.to_string().to_ascii_lowercase();
    m.contains("duplicate column") || m.contains("already exists")
}

/// A storage error, logged (every one of them is, but a closed pool: that
/// is the server stopping, not a fault).
fn db_err(what: &str, e: sqlx::Error) -> ServerError {
    let closed = matches!(e, sqlx::Error::PoolClosed);
    let e = ServerError::Database(format!("{what}: {e}"));
    if closed {
        tracing::debug!("storage stopped: {e}");
    } else {
        tracing::error!("storage error: {e}");
    }
    e
}

/// The URL sqlx opens: a SQLite file is created when missing.
fn connect_url(url: &str) -> Result<(String, bool), ServerError> {
    if let Some(rest) = url.strip_prefix("sqlite:") {
        if rest.is_empty() || rest == "//" {
            return Err(ServerError::Database(format!(
                "`{url}`: name the SQLite file, e.g. sqlite://trictrac.db"
            )));
        }
        let url = if rest.contains("mode=") || rest.contains(":memory:") {
            url.to_string()
        } else if rest.contains('?') {
            format!("{url}&mode=rwc")
        } else {
            format!("{url}?mode=rwc")
        };
        Ok((url, true))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        Ok((url.to_string(), false))
    } else {
        Err(ServerError::Database(format!(
            "`{url}`: the database is sqlite://FILE or postgres://USER@HOST/NAME"
        )))
    }
}

/// The file of a `sqlite:` URL (`None` for an in-memory database).
fn sqlite_path(url: &str) -> Option<std::path::PathBuf> {
    let rest = url.strip_prefix("sqlite:")?;
    let rest = rest.strip_prefix("//").unwrap_or(rest);
    let path = rest.split('?').next().unwrap_or("");
    (!path.is_empty() && !path.contains(":memory:")).then(|| path.into())
}

/// Refuses at once a SQLite file that exists but cannot be written (a
/// read-only file or file system), naming it: SQLite itself would only
/// fail each connection and the pool would wait for its timeout.
fn check_sqlite_file(url: &str) -> Result<(), ServerError> {
    let Some(path) = sqlite_path(url) else {
        return Ok(());
    };
    if !path.exists() {
        return Ok(());
    }
    match std::fs::OpenOptions::new().append(true).open(&path) {
        Ok(_) => Ok(()),
        Err(e) => Err(ServerError::Database(format!(
            "the database file {} cannot be written ({e}): trictrac serve stores every action before acknowledging it and needs a writable database",
            path.display()
        ))),
    }
}

/// The key of the PostgreSQL advisory lock held while the tables are
/// created or updated.
const SCHEMA_LOCK: i64 = 0x7472_6963_7472_6163; // "trictrac"

/// Creates the tables that are missing and applies the migrations, on one
/// connection. On PostgreSQL, under an advisory lock: instances starting
/// together on an empty database would otherwise race in `CREATE TABLE IF
/// NOT EXISTS` (which is not atomic there: one of them fails on the
/// catalogue's unique index).
async fn create_schema(pool: &AnyPool, sqlite: bool, url: &str) -> Result<(), ServerError> {
    let mut conn = pool
        .acquire()
        .await
        .map_err(|e| db_err(&format!("cannot open the database `{url}`"), e))?;
    if !sqlite {
        (&mut *conn)
            .execute(format!("SELECT pg_advisory_lock({SCHEMA_LOCK})").as_str())
            .await
            .map_err(|e| db_err("cannot create the tables", e))?;
    }
    let created = async {
        // The accounts' and ratings' tables (issue 26) after the games'.
        for stmt in SCHEMA
            .iter()
            .chain(&accounts::TABLES)
            .chain(&reviews::TABLES)
            .chain(&learn::TABLES)
            .chain(&tokens::TABLES)
            // Correspondence games and notifications (issue 39).
            .chain(&corr::TABLES)
            .chain(&notices::TABLES)
            .chain(&tournaments::TABLES)
        {
            (&mut *conn)
                .execute(*stmt)
                .await
                .map_err(|e| db_err("cannot create the tables", e))?;
        }
        for stmt in MIGRATIONS {
            match (&mut *conn).execute(*stmt).await {
                Ok(_) => {}
                Err(e) if already_migrated(&e) => {}
                Err(e) => return Err(db_err("cannot update the tables", e)),
            }
        }
        Ok(())
    }
    .await;
    if !sqlite {
        // Should this fail, the lock ends with the connection.
        let _ = (&mut *conn)
            .execute(format!("SELECT pg_advisory_unlock({SCHEMA_LOCK})").as_str())
            .await;
    }
    created
}

impl Store {
    /// Opens (and creates if needed) the database at `url`:
    /// `sqlite://FILE` or `postgres://...`.
    ///
    /// # Errors
    /// A one-line message when the URL is not understood, the database
    /// cannot be reached or the schema cannot be created.
    pub async fn open(url: &str) -> Result<Store, ServerError> {
        sqlx::any::install_default_drivers();
        let (connect, sqlite) = connect_url(url)?;
        if sqlite {
            check_sqlite_file(url)?;
        }
        let mut options = AnyPoolOptions::new()
            .max_connections(if sqlite { 4 } else { 8 })
            .acquire_timeout(std::time::Duration::from_secs(10));
        if sqlite {
            options = options.after_connect(|conn, _meta| {
                Box::pin(async move {
                    // Every action is on disk when it is acknowledged:
                    // write-ahead log, synced at each commit; writers wait
                    // for each other instead of failing.
                    conn.execute("PRAGMA journal_mode = WAL").await?;
                    conn.execute("PRAGMA synchronous = FULL").await?;
                    conn.execute("PRAGMA busy_timeout = 10000").await?;
                    // The log folded into the database every 200 pages and
                    // cut back to 1 MiB after (issue 34: on a disk that
                    // filled up, a log never folded refused every write
                    // again once space came back).
                    conn.execute("PRAGMA wal_autocheckpoint = 200").await?;
                    conn.execute("PRAGMA journal_size_limit = 1048576").await?;
                    Ok(())
                })
            });
        }
        let pool = options
            .connect(&connect)
            .await
            .map_err(|e| db_err(&format!("cannot open the database `{url}`"), e))?;
        create_schema(&pool, sqlite, url).await?;
        // A database that cannot be written would lose every action:
        // refuse to start on one (a write, rolled back).
        {
            let mut conn = pool
                .acquire()
                .await
                .map_err(|e| db_err(&format!("cannot open the database `{url}`"), e))?;
            let begin = if sqlite { "BEGIN IMMEDIATE" } else { "BEGIN" };
            let probe = async {
                (&mut *conn).execute(begin).await?;
                (&mut *conn)
                    .execute("INSERT INTO actions (game_id, seq, action) VALUES ('', -1, '')")
                    .await?;
                Ok::<(), sqlx::Error>(())
            }
            .await;
            let _ = (&mut *conn).execute("ROLLBACK").await;
            if let Err(e) = probe {
                let _ = conn.close().await;
                return Err(ServerError::Database(format!(
                    "the database `{url}` cannot be written ({e}): trictrac serve stores every action before acknowledging it and needs a writable database"
                )));
            }
        }
        let instance = {
            use rand::RngCore;
            let mut b = [0u8; 8];
            rand::rngs::OsRng.fill_bytes(&mut b);
            b.iter().map(|x| format!("{x:02x}")).collect::<String>()
        };
        let (tx, rx) = mpsc::channel(1024);
        tokio::spawn(supervise_writer(pool.clone(), sqlite, instance.clone(), rx));
        Ok(Store {
            pool,
            sqlite,
            writer: tx,
            url: url.to_string(),
            instance,
        })
    }

    /// This instance's name in the changes it announces.
    pub fn instance(&self) -> &str {
        &self.instance
    }

    /// Announces `change` to the other instances (PostgreSQL only; not
    /// part of any transaction). A failure is logged: presence is a hint,
    /// the game itself is in the database.
    pub async fn announce(&self, change: &Change) {
        if self.sqlite {
            return;
        }
        if let Err(e) = notify(&self.pool, &change.payload(&self.instance)).await {
            let _ = db_err("cannot announce a change to the other servers", e);
        }
    }

    /// The PostgreSQL URL to listen to other instances' changes on
    /// (`None` for SQLite, which one process serves alone).
    pub fn listen_url(&self) -> Option<&str> {
        (!self.sqlite).then_some(self.url.as_str())
    }

    /// Whether this is a SQLite database.
    pub fn is_sqlite(&self) -> bool {
        self.sqlite
    }

    /// Closes the pool (waits for connections to be returned).
    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// Inserts a new game; `Ok(false)` when the id is taken.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn insert_game(&self, g: &GameRow) -> Result<bool, ServerError> {
        let r = sqlx::query(
            "INSERT INTO games (id, mode, options, bot, bot_side, white_token, black_token,
                white_name, black_name, white_taken, black_taken, created, updated, finished, result,
                game)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, NULL, NULL, $13)",
        )
        .bind(&g.id)
        .bind(&g.mode)
        .bind(&g.options)
        .bind(g.bot.clone())
        .bind(g.bot_side.clone())
        .bind(&g.white_token)
        .bind(&g.black_token)
        .bind(&g.white_name)
        .bind(&g.black_name)
        .bind(g.white_taken as i64)
        .bind(g.black_taken as i64)
        .bind(g.created)
        .bind(&g.game)
        .execute(&self.pool)
        .await;
        match r {
            Ok(_) => Ok(true),
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => Ok(false),
            Err(e) => Err(db_err("cannot store the game", e)),
        }
    }

    /// A game's row, if it exists.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn game(&self, id: &str) -> Result<Option<GameRow>, ServerError> {
        let row = sqlx::query(
            "SELECT id, mode, options, bot, bot_side, white_token, black_token, white_name,
                black_name, white_taken, black_taken, created, finished, result, game
             FROM games WHERE id = $1",
        )
        .bind(id)
        .fetch_optional(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the game", e))?;
        row.map(|r| game_row(&r))
            .transpose()
            .map_err(|e| db_err("cannot read the game", e))
    }

    /// The actions of a game, in order.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn actions(&self, id: &str) -> Result<Vec<String>, ServerError> {
        self.actions_from(id, 0).await
    }

    /// The actions of a game from number `from` on, in order.
    ///
    /// # Errors
    /// When the database fails or a number is missing.
    pub async fn actions_from(&self, id: &str, from: usize) -> Result<Vec<String>, ServerError> {
        let rows = sqlx::query(
            "SELECT seq, action FROM actions WHERE game_id = $1 AND seq >= $2 ORDER BY seq",
        )
        .bind(id)
        .bind(from as i64)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot read the actions", e))?;
        let mut out = Vec::with_capacity(rows.len());
        for (i, r) in rows.iter().enumerate() {
            let seq: i64 = r.try_get(0).map_err(|e| db_err("bad action row", e))?;
            if seq != (from + i) as i64 {
                return Err(ServerError::Database(format!(
                    "game {id}: action {} is missing from the database",
                    from + i
                )));
            }
            out.push(r.try_get(1).map_err(|e| db_err("bad action row", e))?);
        }
        Ok(out)
    }

    /// Stores the actions of a game numbered from `first_seq` (and, when
    /// the game just ended, its result; with its new `timing` when it has
    /// a clock), in one transaction, possibly shared with other games'
    /// writes (group commit). Returns once they are committed.
    ///
    /// # Errors
    /// [`InsertError::Conflict`] when one of these numbers exists already.
    pub async fn insert_actions(
        &self,
        id: &str,
        first_seq: usize,
        actions: &[String],
        finished: Option<&str>,
        timing: Option<&str>,
    ) -> Result<(), InsertError> {
        let (done, answer) = oneshot::channel();
        let w = Write {
            id: id.to_string(),
            first_seq,
            actions: actions.to_vec(),
            finished: finished.map(String::from),
            timing: timing.map(String::from),
            done,
        };
        let gone = || {
            InsertError::Db(ServerError::Database(
                "the action was not stored (the database writer failed and was started again): try again".into(),
            ))
        };
        self.writer.send(w).await.map_err(|_| gone())?;
        answer.await.map_err(|_| gone())?
    }

    /// The room code of the rematch of game `id`, if one was made.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn rematch(&self, id: &str) -> Result<Option<String>, ServerError> {
        let row = sqlx::query("SELECT rematch FROM games WHERE id = $1")
            .bind(id)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| db_err("cannot read the rematch", e))?;
        match row {
            Some(r) => r
                .try_get::<Option<String>, _>(0)
                .map_err(|e| db_err("cannot read the rematch", e)),
            None => Ok(None),
        }
    }

    /// Records `next` as the rematch of game `id` unless one was recorded
    /// first (by another server instance): the rematch that stands.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn set_rematch(&self, id: &str, next: &str) -> Result<String, ServerError> {
        sqlx::query("UPDATE games SET rematch = $2 WHERE id = $1 AND rematch IS NULL")
            .bind(id)
            .bind(next)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot store the rematch", e))?;
        Ok(self.rematch(id).await?.unwrap_or_else(|| next.to_string()))
    }

    /// Deletes a game nobody played (the rematch made by an instance that
    /// lost the race to another's): its actions and its row, in one
    /// transaction, only while it has no rematch nor end of its own.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn delete_unplayed_game(&self, id: &str) -> Result<(), ServerError> {
        let err = |e| db_err("cannot delete the extra game", e);
        let mut tx = self.pool.begin().await.map_err(err)?;
        let gone =
            sqlx::query("DELETE FROM games WHERE id = $1 AND rematch IS NULL AND finished IS NULL")
                .bind(id)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
        if gone.rows_affected() == 1 {
            sqlx::query("DELETE FROM actions WHERE game_id = $1")
                .bind(id)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
        }
        tx.commit().await.map_err(err)?;
        Ok(())
    }

    /// Takes a free seat of an online game: `Ok(true)` when this call took it.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn take_seat(&self, id: &str, white: bool, name: &str) -> Result<bool, ServerError> {
        let sql = if white {
            "UPDATE games SET white_taken = 1, white_name = $2 WHERE id = $1 AND white_taken = 0"
        } else {
            "UPDATE games SET black_taken = 1, black_name = $2 WHERE id = $1 AND black_taken = 0"
        };
        let r = sqlx::query(sql)
            .bind(id)
            .bind(name)
            .execute(&self.pool)
            .await
            .map_err(|e| db_err("cannot take the seat", e))?;
        let taken = r.rows_affected() == 1;
        if taken && !self.sqlite {
            let change = Change::Seat { id: id.to_string() };
            if let Err(e) = notify(&self.pool, &change.payload(&self.instance)).await {
                // The seat is stored; other instances see it when they
                // next load the game.
                let _ = db_err("cannot announce the seat taken", e);
            }
        }
        Ok(taken)
    }

    /// The most recently finished games, newest first.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn finished_games(&self, limit: i64) -> Result<Vec<FinishedGame>, ServerError> {
        let rows = sqlx::query(
            "SELECT id, mode, white_name, black_name, result, finished, game FROM games
             WHERE finished IS NOT NULL ORDER BY finished DESC, id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await
        .map_err(|e| db_err("cannot list the games", e))?;
        rows.iter()
            .map(|r| {
                Ok(FinishedGame {
                    id: r.try_get(0)?,
                    mode: r.try_get(1)?,
                    white: r.try_get(2)?,
                    black: r.try_get(3)?,
                    result: r.try_get::<Option<String>, _>(4)?.unwrap_or_default(),
                    finished: r.try_get::<Option<i64>, _>(5)?.unwrap_or_default(),
                    game: r.try_get(6)?,
                })
            })
            .collect::<Result<_, sqlx::Error>>()
            .map_err(|e| db_err("cannot list the games", e))
    }

    /// The ids of the games not finished (to resume their bots).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn unfinished_bot_games(&self) -> Result<Vec<String>, ServerError> {
        let rows = sqlx::query("SELECT id FROM games WHERE finished IS NULL AND mode = 'bot'")
            .fetch_all(&self.pool)
            .await
            .map_err(|e| db_err("cannot list the games", e))?;
        rows.iter()
            .map(|r| r.try_get(0))
            .collect::<Result<_, sqlx::Error>>()
            .map_err(|e| db_err("cannot list the games", e))
    }
}

fn game_row(r: &AnyRow) -> Result<GameRow, sqlx::Error> {
    Ok(GameRow {
        id: r.try_get(0)?,
        mode: r.try_get(1)?,
        options: r.try_get(2)?,
        bot: r.try_get(3)?,
        bot_side: r.try_get(4)?,
        white_token: r.try_get(5)?,
        black_token: r.try_get(6)?,
        white_name: r.try_get(7)?,
        black_name: r.try_get(8)?,
        white_taken: r.try_get::<i64, _>(9)? != 0,
        black_taken: r.try_get::<i64, _>(10)? != 0,
        created: r.try_get(11)?,
        finished: r.try_get(12)?,
        result: r.try_get(13)?,
        game: r.try_get(14)?,
    })
}

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}
