//! The single database writer: group commit of the actions waiting,
//! under a supervisor that starts it again after a panic.

use sqlx::{AnyPool, Executor};
use tokio::sync::{mpsc, oneshot};

use super::fault::{injected_fault, take_injected_panic};
use super::{db_err, now, Change, InsertError, CHANNEL};

/// Actions to store, waiting for the writer.
#[derive(Debug)]
pub(super) struct Write {
    pub(super) id: String,
    pub(super) first_seq: usize,
    pub(super) actions: Vec<String>,
    pub(super) finished: Option<String>,
    /// The game's new `timing` (its clock), stored with the actions.
    pub(super) timing: Option<String>,
    pub(super) done: oneshot::Sender<Result<(), InsertError>>,
}

/// The writer under supervision. A panic in the writer (a bug, or a
/// library's failed write to a full stderr) loses only the batch it held
/// — its callers are told that their actions were not stored, so nothing
/// is acknowledged for nothing — and a new writer takes the queue over at
/// once: the server never needs a restart to store again.
pub(super) async fn supervise_writer(
    pool: AnyPool,
    sqlite: bool,
    instance: String,
    rx: mpsc::Receiver<Write>,
) {
    let rx = std::sync::Arc::new(tokio::sync::Mutex::new(rx));
    loop {
        let task = tokio::spawn(writer(pool.clone(), sqlite, instance.clone(), rx.clone()));
        match task.await {
            // Every sender is gone: the store was dropped.
            Ok(()) => return,
            Err(e) if e.is_panic() => {
                WRITER_RESTARTS.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let panic = e.into_panic();
                let why = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".into());
                tracing::error!("the database writer failed ({why}): started again");
            }
            // Cancelled: the runtime is shutting down.
            Err(_) => return,
        }
    }
}

static WRITER_RESTARTS: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

/// How many times a database writer of this process was started again
/// after a panic (for tests).
#[doc(hidden)]
pub fn writer_restarts() -> usize {
    WRITER_RESTARTS.load(std::sync::atomic::Ordering::SeqCst)
}

/// Group commit: the writer takes every write waiting when it is free and
/// stores them in one transaction (one disk sync for all), then answers
/// each. If the batch fails, each write is retried alone so that one
/// conflict fails only its own game. It holds the queue while it runs;
/// after a panic the lock is released and [`supervise_writer`] starts
/// another.
async fn writer(
    pool: AnyPool,
    sqlite: bool,
    instance: String,
    rx: std::sync::Arc<tokio::sync::Mutex<mpsc::Receiver<Write>>>,
) {
    let mut rx = rx.lock().await;
    // After a failed write on SQLite (a full disk), the write-ahead log is
    // folded into the database and cut to nothing as soon as it can be:
    // that frees the space it held, and writes go on.
    let mut fold = false;
    while let Some(first) = rx.recv().await {
        let mut batch = vec![first];
        while batch.len() < 256 {
            match rx.try_recv() {
                Ok(w) => batch.push(w),
                Err(_) => break,
            }
        }
        if take_injected_panic() {
            panic!("injected panic in the database writer");
        }
        if batch.len() > 1 && write_batch(&pool, sqlite, &instance, &batch).await.is_ok() {
            for w in batch {
                let _ = w.done.send(Ok(()));
            }
            if fold {
                fold = !checkpoint(&pool).await;
            }
            continue;
        }
        let mut failed = false;
        for w in batch {
            let r = write_batch(&pool, sqlite, &instance, std::slice::from_ref(&w)).await;
            failed |= matches!(r, Err(InsertError::Db(_)));
            let _ = w.done.send(r);
        }
        if sqlite && (failed || fold) {
            fold = !checkpoint(&pool).await;
        }
    }
}

/// Folds SQLite's write-ahead log into the database and truncates it;
/// answers whether it was done.
async fn checkpoint(pool: &AnyPool) -> bool {
    match pool.acquire().await {
        Ok(mut conn) => match (&mut *conn)
            .execute("PRAGMA wal_checkpoint(TRUNCATE)")
            .await
        {
            Ok(_) => true,
            Err(e) => {
                tracing::debug!("the log cannot be folded yet: {e}");
                let _ = conn.close().await;
                false
            }
        },
        Err(_) => false,
    }
}

/// Stores a batch in one transaction on a connection of its own.
///
/// The transaction is driven by hand (`BEGIN IMMEDIATE` … `COMMIT`) and,
/// after any error, rolled back and the connection closed rather than
/// returned to the pool: a SQLite connection whose statement failed with
/// "database or disk is full" may have had its transaction rolled back
/// behind the driver's back, and reused it would either hold a write
/// lock for ever ("database is locked" for every other connection) or
/// write outside any transaction. A fresh connection has none of that, so
/// the server recovers by itself when space comes back. Every error is
/// logged; the caller acknowledges nothing unless this returns `Ok`.
async fn write_batch(
    pool: &AnyPool,
    sqlite: bool,
    instance: &str,
    batch: &[Write],
) -> Result<(), InsertError> {
    if let Some(e) = injected_fault() {
        tracing::error!("storage error: {e}");
        return Err(InsertError::Db(e));
    }
    let fail = |e: sqlx::Error| InsertError::Db(db_err("cannot store the action", e));
    let mut conn = pool.acquire().await.map_err(fail)?;
    let begin = if sqlite { "BEGIN IMMEDIATE" } else { "BEGIN" };
    let result = match (&mut *conn).execute(begin).await {
        Err(e) => Err(fail(e)),
        Ok(_) => match write_statements(&mut conn, sqlite, instance, batch).await {
            Ok(()) => (&mut *conn)
                .execute("COMMIT")
                .await
                .map(|_| ())
                .map_err(fail),
            Err(e) => Err(e),
        },
    };
    if result.is_err() {
        // Leave nothing half done, and never reuse this connection.
        let _ = (&mut *conn).execute("ROLLBACK").await;
        let _ = conn.close().await;
    }
    result
}

/// Rows per multi-row `INSERT` (three parameters each, well under
/// SQLite's and PostgreSQL's limits on parameters per statement).
const ROWS_PER_INSERT: usize = 200;

/// The statements of a batch, inside the caller's transaction: the
/// actions of all its games in a few multi-row `INSERT`s, the games'
/// `updated` time in one `UPDATE` (and each finished game's result), and
/// on PostgreSQL the changes announced. Few statements, because each is
/// a round trip to the driver's connection thread: per-action statements
/// made the single writer the bottleneck under load.
async fn write_statements(
    conn: &mut sqlx::pool::PoolConnection<sqlx::Any>,
    sqlite: bool,
    instance: &str,
    batch: &[Write],
) -> Result<(), InsertError> {
    let now = now();
    let fail = |e: sqlx::Error| InsertError::Db(db_err("cannot store the action", e));
    let rows: Vec<(&str, i64, &str)> = batch
        .iter()
        .flat_map(|w| {
            w.actions
                .iter()
                .enumerate()
                .map(move |(k, a)| (w.id.as_str(), (w.first_seq + k) as i64, a.as_str()))
        })
        .collect();
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let mut sql = String::from("INSERT INTO actions (game_id, seq, action) VALUES ");
        for i in 0..chunk.len() {
            if i > 0 {
                sql.push_str(", ");
            }
            let n = 3 * i;
            sql.push_str(&format!("(${}, ${}, ${})", n + 1, n + 2, n + 3));
        }
        let mut q = sqlx::query(&sql);
        for (id, seq, action) in chunk {
            q = q.bind(*id).bind(*seq).bind(*action);
        }
        match q.execute(&mut **conn).await {
            Ok(_) => {}
            Err(sqlx::Error::Database(e)) if e.is_unique_violation() => {
                return Err(InsertError::Conflict)
            }
            Err(e) => return Err(fail(e)),
        }
    }
    let mut going_on: Vec<&str> = Vec::new();
    for w in batch {
        if let Some(timing) = &w.timing {
            sqlx::query("UPDATE games SET timing = $2 WHERE id = $1")
                .bind(&w.id)
                .bind(timing)
                .execute(&mut **conn)
                .await
                .map_err(fail)?;
        }
        match &w.finished {
            Some(result) => {
                sqlx::query(
                    "UPDATE games SET updated = $2, finished = $2, result = $3 WHERE id = $1",
                )
                .bind(&w.id)
                .bind(now)
                .bind(result)
                .execute(&mut **conn)
                .await
                .map_err(fail)?;
            }
            None if !going_on.contains(&w.id.as_str()) => going_on.push(&w.id),
            None => {}
        }
    }
    for chunk in going_on.chunks(ROWS_PER_INSERT) {
        let list: Vec<String> = (0..chunk.len()).map(|i| format!("${}", i + 2)).collect();
        let sql = format!(
            "UPDATE games SET updated = $1 WHERE id IN ({})",
            list.join(", ")
        );
        let mut q = sqlx::query(&sql).bind(now);
        for id in chunk {
            q = q.bind(*id);
        }
        q.execute(&mut **conn).await.map_err(fail)?;
    }
    if !sqlite {
        // Delivered to the other instances at the commit, not before; a
        // notification carries several changes (its payload is limited
        // to 8000 bytes).
        let mut payload = String::new();
        for w in batch {
            let change = Change::Actions {
                id: w.id.clone(),
                count: w.first_seq + w.actions.len(),
            };
            let one = change.payload(instance);
            if !payload.is_empty() && payload.len() + one.len() + 1 > 7000 {
                notify(&mut **conn, &payload).await.map_err(fail)?;
                payload.clear();
            }
            if !payload.is_empty() {
                payload.push(';');
            }
            payload.push_str(&one);
        }
        if !payload.is_empty() {
            notify(&mut **conn, &payload).await.map_err(fail)?;
        }
    }
    Ok(())
}

/// `pg_notify` on [`CHANNEL`] (wrapped so that the `Any` driver reads an
/// integer, not `void`).
pub(super) async fn notify<'e, E>(executor: E, payload: &str) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'e, Database = sqlx::Any>,
{
    sqlx::query("SELECT COUNT(*) FROM (SELECT pg_notify($1, $2)) AS n")
        .bind(CHANNEL)
        .bind(payload)
        .execute(executor)
        .await
        .map(|_| ())
}
