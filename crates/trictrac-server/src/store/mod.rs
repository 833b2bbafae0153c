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

use sqlx::any::AnyPoolOptions;
use sqlx::{AnyPool, Executor};
use tokio::sync::mpsc;

use crate::error::ServerError;

mod accounts;
mod change;
mod corr;
mod dice;
mod fault;
mod games;
mod learn;
mod notices;
mod pairings;
mod ratings;
mod reviews;
mod rows;
mod seeks;
mod timing;
mod tokens;
mod tournaments;
mod writer;

pub use accounts::{AccountRow, PlayedGame};
pub use change::{Change, CHANNEL};
pub use corr::{CorrGameRow, VacationRow};
pub use fault::{inject_fault, Fault};
pub use games::{FinishedGame, GameRow, InsertError};
pub use notices::{EmailRow, MailRow, NotificationRow};
pub use pairings::{PairingResult, PairingRow};
pub use ratings::{HistoryPoint, RatedRow, RatingRow};
pub use reviews::{PlayerReview, StoredReview};
pub use seeks::{LiveRow, SeekRow, LOBBY_CHANNEL};
pub use tokens::{SeekBots, TokenRow};
pub use tournaments::{EntrantRow, TournamentRow};
pub use writer::writer_restarts;
use writer::{notify, supervise_writer, Write};

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
}

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}
