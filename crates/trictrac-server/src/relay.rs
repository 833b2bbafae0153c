//! Live updates between server instances that share one PostgreSQL
//! database: every instance listens on [`CHANNEL`] (PostgreSQL's
//! LISTEN/NOTIFY) and, for each change another instance stored, brings
//! the room it holds up to date from the database and tells its own
//! clients. The database stays the only truth: a notification only says
//! "look again", so a lost one costs a delay, never a wrong state. When
//! the listening connection drops, the listener reconnects and looks
//! again at every room in memory.

use crate::error::ServerError;
use std::sync::Arc;
use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::watch;

use crate::room::Hub;
use crate::store::{Change, CHANNEL};

/// Connects the listener (so that no change made after the server
/// started is missed) and spawns the task that follows the changes.
///
/// # Errors
/// When PostgreSQL cannot be reached or the channel listened to.
pub(crate) async fn start(
    hub: Arc<Hub>,
    url: &str,
    stopping: watch::Receiver<bool>,
) -> Result<(), ServerError> {
    let listen = |e: sqlx::Error| {
        ServerError::Database(format!("cannot listen for other servers' changes: {e}"))
    };
    let mut listener = PgListener::connect(url).await.map_err(listen)?;
    listener.listen(CHANNEL).await.map_err(listen)?;
    tokio::spawn(follow(hub, listener, stopping));
    Ok(())
}

async fn follow(hub: Arc<Hub>, mut listener: PgListener, mut stopping: watch::Receiver<bool>) {
    let instance = hub.store.instance().to_string();
    loop {
        let next = tokio::select! {
            n = listener.try_recv() => n,
            _ = stopping.wait_for(|s| *s) => return,
        };
        match next {
            Ok(Some(n)) => {
                for (from, change) in Change::parse_all(n.payload()) {
                    if from == instance {
                        continue;
                    }
                    // Each change on its own task: a room busy storing its
                    // own action must not hold up the others.
                    let hub = hub.clone();
                    tokio::spawn(async move { hub.apply_change(&change).await });
                }
            }
            Ok(None) => {
                // The connection was lost; the next call reconnects and
                // listens again. Changes in between were not heard.
                tracing::warn!(
                    "lost the connection listening for other servers' changes: reconnecting"
                );
                let hub = hub.clone();
                tokio::spawn(async move { hub.catch_up_all().await });
            }
            Err(e) => {
                tracing::warn!("listening for other servers' changes: {e}");
                tokio::select! {
                    _ = tokio::time::sleep(Duration::from_secs(1)) => {}
                    _ = stopping.wait_for(|s| *s) => return,
                }
                let hub = hub.clone();
                tokio::spawn(async move { hub.catch_up_all().await });
            }
        }
    }
}
