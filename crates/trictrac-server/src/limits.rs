//! Rate limits (issue: 3 000 room-code guesses a second and 300 games in
//! 9 s from one connection were accepted): messages per connection, and
//! per client address the games created and the rooms joined (a join
//! with a wrong code is a guess). Token buckets from the `governor`
//! crate.

/// The read and write buffers of a WebSocket (they grow as a message
/// needs): issue 34, 18 kB a socket at both ends.
pub const WS_BUFFER: usize = 4 * 1024;

/// Why a limit refused a request: each has its HTTP status and, on a
/// socket, the protocol's `rate_limited` code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LimitError {
    /// Too many of something from one address or connection: wait (429).
    #[error("{0}")]
    TooMany(String),
    /// The server as a whole is full or busy: try later (503).
    #[error("{0}")]
    Busy(String),
}

impl LimitError {
    /// The HTTP status of the refusal.
    pub fn status(&self) -> axum::http::StatusCode {
        match self {
            LimitError::TooMany(_) => axum::http::StatusCode::TOO_MANY_REQUESTS,
            LimitError::Busy(_) => axum::http::StatusCode::SERVICE_UNAVAILABLE,
        }
    }
}

impl From<LimitError> for crate::error::RoomError {
    fn from(e: LimitError) -> crate::error::RoomError {
        crate::error::RoomError::RateLimited(e.to_string())
    }
}

use std::future::Future;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use axum::extract::ws::{WebSocket, WebSocketUpgrade};
use axum::response::Response;
use governor::{DefaultDirectRateLimiter, DefaultKeyedRateLimiter, Quota, RateLimiter};

/// The limits (per second or minute, with the burst allowed at once).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Messages per second on one connection (burst: twice as many).
    pub messages_per_second: u32,
    /// Games created per minute from one address (burst: as many).
    pub creates_per_minute: u32,
    /// Rooms joined or watched per second from one address (burst: four
    /// times as many).
    pub joins_per_second: u32,
    /// Open WebSocket connections in all.
    pub max_connections: u32,
    /// Open WebSocket connections from one address.
    pub max_connections_per_address: u32,
    /// Open HTTP connections in all (WebSockets included); 0: three
    /// quarters of the file descriptors the process may open
    /// (the connections' accept loop).
    pub http_connections: u32,
    /// Open HTTP connections from one address.
    pub http_connections_per_address: u32,
    /// A connection sends a request's headers within this time, else it
    /// is closed (slow clients).
    pub header_timeout: Duration,
    /// A request (its body read and its answer computed, not a
    /// WebSocket nor a streamed answer once started) ends within this
    /// time, else it is answered 408.
    pub request_timeout: Duration,
    /// Hints (the bot's analysis for a player) computed at once on the
    /// whole server; more wait, up to [`Limits::queued_hints`].
    pub concurrent_hints: u32,
    /// Hints waiting at most; beyond, a hint is refused ("busy").
    pub queued_hints: u32,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            messages_per_second: 30,
            creates_per_minute: 20,
            joins_per_second: 5,
            max_connections: 10_000,
            max_connections_per_address: 64,
            http_connections: 0,
            http_connections_per_address: 256,
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(60),
            concurrent_hints: 2,
            queued_hints: 16,
        }
    }
}

impl Limits {
    /// Limits so high that they never bite (load benchmarks).
    pub const fn off() -> Limits {
        Limits {
            messages_per_second: 1_000_000,
            creates_per_minute: 1_000_000,
            joins_per_second: 1_000_000,
            max_connections: u32::MAX,
            max_connections_per_address: u32::MAX,
            http_connections: 0,
            http_connections_per_address: u32::MAX,
            header_timeout: Duration::from_secs(60),
            request_timeout: Duration::from_secs(600),
            concurrent_hints: 64,
            queued_hints: 1_000_000,
        }
    }
}

fn nz(n: u32) -> NonZeroU32 {
    NonZeroU32::new(n.max(1)).unwrap_or(NonZeroU32::MIN)
}

/// The per-address limiters the server shares.
pub struct Limiters {
    limits: Limits,
    creates: DefaultKeyedRateLimiter<IpAddr>,
    joins: DefaultKeyedRateLimiter<IpAddr>,
    /// Messages on the lobby's sockets, per address (each may read the
    /// database).
    lobby: DefaultKeyedRateLimiter<IpAddr>,
    checks: AtomicU32,
    open: std::sync::Arc<std::sync::Mutex<OpenConnections>>,
    /// Addresses that guessed room codes too fast, and until when (ms
    /// on the server's clock) their lookups are refused.
    guessing: std::sync::Mutex<std::collections::HashMap<IpAddr, std::time::Instant>>,
}

/// The connections open now, in all and per address: the WebSocket ones
/// of the [`Limiters`], the HTTP ones of `crate::connections`.
#[derive(Debug, Default)]
pub struct OpenConnections {
    total: u32,
    by_address: std::collections::HashMap<IpAddr, u32>,
}

/// A connection counted against the caps; uncounted when dropped.
#[derive(Debug)]
pub struct ConnectionSlot {
    ip: IpAddr,
    open: std::sync::Arc<std::sync::Mutex<OpenConnections>>,
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        open.total = open.total.saturating_sub(1);
        if let Some(n) = open.by_address.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                open.by_address.remove(&self.ip);
            }
        }
    }
}

impl ConnectionSlot {
    /// A slot for a connection from `ip` in `open`, unless `refuse`
    /// refuses it, told how many are open in all and from `ip`.
    ///
    /// # Errors
    /// What `refuse` answers.
    pub fn take<E>(
        open: &std::sync::Arc<std::sync::Mutex<OpenConnections>>,
        ip: IpAddr,
        refuse: impl FnOnce(u32, u32) -> Result<(), E>,
    ) -> Result<ConnectionSlot, E> {
        let mut o = open.lock().unwrap_or_else(|p| p.into_inner());
        let mine = o.by_address.get(&ip).copied().unwrap_or(0);
        refuse(o.total, mine)?;
        o.total += 1;
        *o.by_address.entry(ip).or_insert(0) += 1;
        Ok(ConnectionSlot {
            ip,
            open: open.clone(),
        })
    }
}

impl std::fmt::Debug for Limiters {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Limiters")
            .field("limits", &self.limits)
            .finish()
    }
}

impl Limiters {
    /// Limiters for `limits`.
    pub fn new(limits: Limits) -> Limiters {
        Limiters {
            limits,
            creates: RateLimiter::keyed(
                Quota::per_minute(nz(limits.creates_per_minute))
                    .allow_burst(nz(limits.creates_per_minute)),
            ),
            joins: RateLimiter::keyed(
                Quota::per_second(nz(limits.joins_per_second))
                    .allow_burst(nz(limits.joins_per_second.saturating_mul(4))),
            ),
            lobby: RateLimiter::keyed(
                Quota::per_second(nz(limits.messages_per_second))
                    .allow_burst(nz(limits.messages_per_second.saturating_mul(2))),
            ),
            checks: AtomicU32::new(0),
            open: Default::default(),
            guessing: Default::default(),
        }
    }

    /// A slot for a new connection from `ip`, or the refusal to send when
    /// the server or that address has as many open as the limits allow.
    pub fn open_connection(&self, ip: IpAddr) -> Result<ConnectionSlot, LimitError> {
        ConnectionSlot::take(&self.open, ip, |total, mine| {
            if total >= self.limits.max_connections {
                return Err(LimitError::Busy(format!(
                    "the server is full ({} connections): try again later",
                    self.limits.max_connections
                )));
            }
            if mine >= self.limits.max_connections_per_address {
                return Err(LimitError::TooMany(format!(
                    "too many connections from your address: at most {} at once; close some tabs",
                    self.limits.max_connections_per_address
                )));
            }
            Ok(())
        })
    }

    /// A limiter for one connection's messages.
    pub fn connection(&self) -> DefaultDirectRateLimiter {
        let n = self.limits.messages_per_second;
        RateLimiter::direct(Quota::per_second(nz(n)).allow_burst(nz(n.saturating_mul(2))))
    }

    fn tidy(&self) {
        // Forget idle addresses now and then, so that memory stays bounded.
        if self.checks.fetch_add(1, Ordering::Relaxed) % 4096 == 4095 {
            self.creates.retain_recent();
            self.joins.retain_recent();
            self.lobby.retain_recent();
        }
    }

    /// Whether `ip` may create a game now; else the error to send.
    pub fn create(&self, ip: IpAddr) -> Result<(), LimitError> {
        self.tidy();
        self.creates.check_key(&ip).map_err(|_| {
            LimitError::TooMany(format!(
                "too many games created from your address: at most {} a minute; wait a little",
                self.limits.creates_per_minute
            ))
        })
    }

    /// Whether `ip` may join or watch a room now; else the error to send.
    pub fn join(&self, ip: IpAddr) -> Result<(), LimitError> {
        self.tidy();
        self.joins.check_key(&ip).map_err(|_| {
            LimitError::TooMany(format!(
                "too many rooms joined from your address: at most {} a second; wait a little",
                self.limits.joins_per_second
            ))
        })
    }

    /// Whether `ip` may look a room up by its code now (issue 34: 2 555
    /// guesses a second were answered by `GET /api/rooms/CODE`); else the
    /// error to send. Only the codes that name no game count
    /// ([`Limiters::missed`]): a player's own rooms are looked up freely.
    pub fn may_look_up(&self, ip: IpAddr) -> Result<(), LimitError> {
        let mut g = self.guessing.lock().unwrap_or_else(|p| p.into_inner());
        let now = std::time::Instant::now();
        if g.len() > 10_000 {
            g.retain(|_, until| *until > now);
        }
        match g.get(&ip) {
            Some(until) if *until > now => Err(LimitError::TooMany(format!(
                "too many unknown room codes from your address: at most {} a second; wait a little",
                self.limits.joins_per_second
            ))),
            _ => Ok(()),
        }
    }

    /// Counts a room code that names no game, looked up from `ip` (a
    /// guess): as many as rooms joined ([`Limits::joins_per_second`]),
    /// beyond which lookups from `ip` are refused for a second.
    pub fn missed(&self, ip: IpAddr) {
        self.tidy();
        if self.joins.check_key(&ip).is_err() {
            let mut g = self.guessing.lock().unwrap_or_else(|p| p.into_inner());
            g.insert(ip, std::time::Instant::now() + Duration::from_secs(1));
        }
    }

    /// Whether `ip` may send a message on a lobby socket now: as many a
    /// second as on one game socket, but for all of the address's lobby
    /// sockets together (issue 34: 2 900 database reads a second from
    /// one address); else the error to send.
    pub fn lobby_message(&self, ip: IpAddr) -> Result<(), LimitError> {
        self.tidy();
        self.lobby.check_key(&ip).map_err(|_| {
            LimitError::TooMany(format!(
                "too many lobby messages from your address: at most {} a second; slow down",
                self.limits.messages_per_second
            ))
        })
    }

    /// The message sent when a connection goes too fast.
    pub fn too_fast(&self) -> String {
        format!(
            "too many messages on this connection: at most {} a second; slow down",
            self.limits.messages_per_second
        )
    }
}

/// A gate on costly work (the hints: each costs the search's CPU for up
/// to a second): at most `at_once` run on the whole server, at most
/// `queued` wait, and one address holds at most [`Gate::PER_ADDRESS`]
/// places, running or waiting (issue 34: 16 sockets from one address
/// asking hints cost 51 s of CPU in 15 s and a backlog for everyone).
#[derive(Debug)]
pub struct Gate {
    running: std::sync::Arc<tokio::sync::Semaphore>,
    queued: u32,
    held: std::sync::Arc<std::sync::Mutex<std::collections::HashMap<IpAddr, u32>>>,
    waiting: std::sync::Arc<AtomicU32>,
}

/// A place at a [`Gate`]: the work may run while it is held.
#[derive(Debug)]
pub struct GatePass {
    _permit: tokio::sync::OwnedSemaphorePermit,
    _held: Held,
}

#[derive(Debug)]
struct Held {
    ip: IpAddr,
    held: std::sync::Arc<std::sync::Mutex<std::collections::HashMap<IpAddr, u32>>>,
}

impl Drop for Held {
    fn drop(&mut self) {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(n) = held.get_mut(&self.ip) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                held.remove(&self.ip);
            }
        }
    }
}

impl Gate {
    /// Places one address holds at most.
    pub const PER_ADDRESS: u32 = 2;

    /// A gate letting `at_once` through, `queued` waiting.
    pub fn new(at_once: u32, queued: u32) -> Gate {
        Gate {
            running: std::sync::Arc::new(tokio::sync::Semaphore::new(at_once.max(1) as usize)),
            queued,
            held: Default::default(),
            waiting: Default::default(),
        }
    }

    /// Waits for a place for work asked from `ip`.
    ///
    /// # Errors
    /// The message to send when that address holds its places already,
    /// or too many wait.
    pub async fn enter(&self, ip: IpAddr, what: &str) -> Result<GatePass, LimitError> {
        let held = {
            let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
            let n = held.entry(ip).or_insert(0);
            if *n >= Self::PER_ADDRESS {
                return Err(LimitError::TooMany(format!(
                    "{what}: at most {} at once from your address; wait for the last one",
                    Self::PER_ADDRESS
                )));
            }
            *n += 1;
            Held {
                ip,
                held: self.held.clone(),
            }
        };
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.queued {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(LimitError::Busy(format!(
                "{what}: the server is busy; try again in a few seconds"
            )));
        }
        let permit = self.running.clone().acquire_owned().await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let permit = permit.map_err(|_| LimitError::Busy("the server is stopping".into()))?;
        Ok(GatePass {
            _permit: permit,
            _held: held,
        })
    }
}

/// Closes `socket` with the close code of the error `why` (1009 for a
/// message too big, 1002 for anything else broken) and its reason.
pub async fn close_with(socket: &mut axum::extract::ws::WebSocket, why: &str) {
    use axum::extract::ws::{CloseFrame, Message, Utf8Bytes};
    let too_big = why.to_ascii_lowercase().contains("too long")
        || why.to_ascii_lowercase().contains("too big")
        || why.to_ascii_lowercase().contains("capacity")
        || why.to_ascii_lowercase().contains("size");
    let (code, reason) = if too_big {
        (1009, "message too big: at most 64 KiB".to_string())
    } else {
        (1002, "protocol error".to_string())
    };
    let _ = socket
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: Utf8Bytes::from(reason),
        })))
        .await;
}

/// What a socket's reader does with a message received ([`read_text`]).
pub enum Incoming {
    /// A text message, to read.
    Text(axum::extract::ws::Utf8Bytes),
    /// Nothing to read (a ping, a pong, binary): wait for the next.
    Skip,
    /// The socket closed, or broke (then closed with why: [`close_with`]).
    Closed,
}

/// The text of `m`, the message `socket` received: a close, the end or a
/// broken message (over the size limit, a bad frame: said in a close
/// frame, issue 34) ends the reading.
pub async fn read_text(
    socket: &mut axum::extract::ws::WebSocket,
    m: Option<Result<axum::extract::ws::Message, axum::Error>>,
) -> Incoming {
    use axum::extract::ws::Message;
    match m {
        Some(Ok(Message::Text(t))) => Incoming::Text(t),
        Some(Ok(Message::Close(_))) | None => Incoming::Closed,
        Some(Err(e)) => {
            close_with(socket, &e.to_string()).await;
            Incoming::Closed
        }
        Some(Ok(_)) => Incoming::Skip,
    }
}

/// Opens a WebSocket whose messages are `max_message` bytes at most,
/// with small buffers ([`WS_BUFFER`]: they grow for a large message;
/// tungstenite's default of 128 kB each way made a socket cost about
/// 140 kB, issue 34, docs/SERVER.md, "Memory"), served by `serve`; the
/// connection's `slot` is given back when it closes.
pub fn open_socket<F, Fut>(
    upgrade: WebSocketUpgrade,
    max_message: usize,
    slot: ConnectionSlot,
    serve: F,
) -> Response
where
    F: FnOnce(WebSocket) -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    upgrade
        .max_message_size(max_message)
        .read_buffer_size(WS_BUFFER)
        .write_buffer_size(WS_BUFFER)
        .on_upgrade(move |socket| async move {
            serve(socket).await;
            drop(slot);
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_gate_bounds_each_address_and_the_queue() {
        let gate = Gate::new(1, 2);
        let a: IpAddr = "127.0.0.2".parse().unwrap();
        let b: IpAddr = "127.0.0.3".parse().unwrap();
        let c: IpAddr = "127.0.0.4".parse().unwrap();
        let p1 = gate.enter(a, "a hint").await.expect("first");
        // A second place of `a` waits behind p1 (queued).
        let gate = std::sync::Arc::new(gate);
        let g = gate.clone();
        let waiter = tokio::spawn(async move { g.enter(a, "a hint").await.map(|_| ()) });
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        let third = gate.enter(a, "a hint").await;
        assert!(
            matches!(third.unwrap_err(), LimitError::TooMany(m) if m.contains("from your address"))
        );
        let g = gate.clone();
        let waiter_b = tokio::spawn(async move { g.enter(b, "a hint").await.map(|_| ()) });
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        // Two wait: the queue is full for anyone else.
        let busy = gate.enter(c, "a hint").await;
        assert!(matches!(busy.unwrap_err(), LimitError::Busy(m) if m.contains("busy")));
        drop(p1);
        waiter.await.unwrap().unwrap();
        waiter_b.await.unwrap().unwrap();
        assert!(gate.enter(c, "a hint").await.is_ok(), "free again");
    }
}
