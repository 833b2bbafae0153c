//! Accepting HTTP connections with bounds (issue 34: about 20 000
//! half-sent requests took every file descriptor and the server answered
//! nobody for more than a minute).
//!
//! `axum::serve` has no header timeout and no connection cap, so the
//! server runs its own accept loop over hyper's HTTP/1 connection:
//!
//! - every connection must send a request's headers within
//!   [`Limits::header_timeout`] (hyper's `header_read_timeout`, also
//!   between the requests of a kept-alive connection), else it is closed;
//! - at most [`Limits::http_connections`] connections are open at once
//!   (by default three quarters of the process's file descriptors, whose
//!   soft limit is raised to the hard one at start), and at most
//!   [`Limits::http_connections_per_address`] from one address: beyond
//!   either, a new connection is accepted and closed at once, so that the
//!   kernel's backlog never fills with connections nobody reads;
//! - an `accept` that fails for want of descriptors waits a little and
//!   goes on.
//!
//! Body reads and handlers are bounded by the router's layers
//! (`web::router`: a request timeout, body size limits).

use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::TcpListener;
use tokio::sync::watch;
use tower::ServiceExt;

use crate::limits::{ConnectionSlot, Limits, OpenConnections};

/// A slot for a connection from `ip`, or `None` when a cap is reached.
fn take_slot(
    open: &Arc<Mutex<OpenConnections>>,
    ip: IpAddr,
    total: u32,
    per_address: u32,
) -> Option<ConnectionSlot> {
    ConnectionSlot::take(open, ip, |all, mine| {
        if all >= total || mine >= per_address {
            Err(())
        } else {
            Ok(())
        }
    })
    .ok()
}

/// Raises the soft limit of open files to the hard one; answers the
/// soft limit now (`None` when it cannot be read).
fn raise_file_limit() -> Option<u64> {
    use rustix::process::{getrlimit, setrlimit, Resource};
    let mut l = getrlimit(Resource::Nofile);
    if let (Some(cur), hard) = (l.current, l.maximum) {
        let want = hard.unwrap_or(cur.max(65_536)).min(1 << 20);
        if want > cur {
            let raised = rustix::process::Rlimit {
                current: Some(want),
                maximum: l.maximum,
            };
            if setrlimit(Resource::Nofile, raised).is_ok() {
                l = getrlimit(Resource::Nofile);
            }
        }
    }
    l.current
}

/// The cap on open HTTP connections: `configured`, or when it is 0
/// three quarters of the descriptors the process may open (the rest for
/// the database, the logs and the bots).
pub fn connection_cap(configured: u32) -> u32 {
    if configured > 0 {
        return configured;
    }
    match raise_file_limit() {
        Some(n) => (n.saturating_mul(3) / 4).clamp(64, u64::from(u32::MAX)) as u32,
        None => 4096,
    }
}

/// Serves `app` on `listener` until `stopping` turns true; then stops
/// accepting and gives the open connections `grace` to finish.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    mut stopping: watch::Receiver<bool>,
) {
    let total = connection_cap(limits.http_connections);
    let per_address = limits.http_connections_per_address.max(1);
    let open = Arc::new(Mutex::new(OpenConnections::default()));
    let tasks = Tracker::new();
    loop {
        let accepted = tokio::select! {
            a = listener.accept() => a,
            _ = stopped(&mut stopping) => break,
        };
        let (stream, peer) = match accepted {
            Ok(x) => x,
            Err(e) => {
                // Out of descriptors (EMFILE, ENFILE) or a connection
                // reset before it was accepted: wait a little, go on.
                tracing::debug!("accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(20)).await;
                continue;
            }
        };
        let Some(slot) = take_slot(&open, peer.ip(), total, per_address) else {
            // Over a cap: closed at once (dropped).
            drop(stream);
            continue;
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let header_timeout = limits.header_timeout;
        let mut stop = stopping.clone();
        tasks.spawn(async move {
            let service = hyper::service::service_fn(move |mut req: hyper::Request<_>| {
                req.extensions_mut().insert(ConnectInfo::<SocketAddr>(peer));
                let app = app.clone();
                async move {
                    let req = req.map(axum::body::Body::new);
                    Ok::<_, Infallible>(app.oneshot(req).await.unwrap_or_else(|e| match e {}))
                }
            });
            let conn = hyper::server::conn::http1::Builder::new()
                .timer(TokioTimer::new())
                .header_read_timeout(header_timeout)
                .keep_alive(true)
                .serve_connection(TokioIo::new(stream), service)
                .with_upgrades();
            tokio::pin!(conn);
            tokio::select! {
                r = conn.as_mut() => {
                    if let Err(e) = r {
                        tracing::debug!(%peer, "connection: {e}");
                    }
                }
                _ = stopped(&mut stop) => {
                    conn.as_mut().graceful_shutdown();
                    let _ = tokio::time::timeout(Duration::from_secs(5), conn.as_mut()).await;
                }
            }
            drop(slot);
        });
    }
    tasks.close().await;
}

/// Waits until `stopping` turns true (or its sender is gone).
async fn stopped(stopping: &mut watch::Receiver<bool>) {
    let _ = stopping.wait_for(|s| *s).await;
}

/// The connections' tasks, so that stopping waits for them (a bounded
/// time: each ends within five seconds of the stop).
struct Tracker {
    set: Arc<Mutex<tokio::task::JoinSet<()>>>,
}

impl Tracker {
    fn new() -> Tracker {
        Tracker {
            set: Arc::new(Mutex::new(tokio::task::JoinSet::new())),
        }
    }

    fn spawn(&self, f: impl std::future::Future<Output = ()> + Send + 'static) {
        let mut set = self.set.lock().unwrap_or_else(|p| p.into_inner());
        // Reap the finished ones so that the set stays small.
        while set.try_join_next().is_some() {}
        set.spawn(f);
    }

    async fn close(self) {
        let mut set = std::mem::take(&mut *self.set.lock().unwrap_or_else(|p| p.into_inner()));
        let _ = tokio::time::timeout(Duration::from_secs(6), async {
            while set.join_next().await.is_some() {}
        })
        .await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slots_are_capped_in_all_and_per_address() {
        let open = Arc::new(Mutex::new(OpenConnections::default()));
        let a: IpAddr = "127.0.0.2".parse().unwrap();
        let b: IpAddr = "127.0.0.3".parse().unwrap();
        let s1 = take_slot(&open, a, 3, 2).expect("first");
        let _s2 = take_slot(&open, a, 3, 2).expect("second");
        assert!(take_slot(&open, a, 3, 2).is_none(), "per address");
        let _s3 = take_slot(&open, b, 3, 2).expect("another address");
        assert!(take_slot(&open, b, 3, 2).is_none(), "in all");
        drop(s1);
        assert!(take_slot(&open, b, 3, 2).is_some(), "freed when dropped");
    }

    #[test]
    fn the_cap_follows_the_descriptors() {
        assert_eq!(connection_cap(100), 100);
        assert!(connection_cap(0) >= 64);
    }
}
