//! Rate limits (issue: 3 000 room-code guesses a second and 300 games in
//! 9 s from one connection were accepted): messages per connection, and
//! per client address the games created and the rooms joined (a join
//! with a wrong code is a guess). Token buckets from the `governor`
//! crate.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU32, Ordering};

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
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            messages_per_second: 30,
            creates_per_minute: 20,
            joins_per_second: 5,
            max_connections: 10_000,
            max_connections_per_address: 64,
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
    checks: AtomicU32,
    open: std::sync::Arc<std::sync::Mutex<OpenConnections>>,
}

/// The WebSocket connections open now, in all and per address.
#[derive(Debug, Default)]
struct OpenConnections {
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
            checks: AtomicU32::new(0),
            open: Default::default(),
        }
    }

    /// A slot for a new connection from `ip`, or the refusal to send when
    /// the server or that address has as many open as the limits allow.
    pub fn open_connection(&self, ip: IpAddr) -> Result<ConnectionSlot, String> {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        if open.total >= self.limits.max_connections {
            return Err(format!(
                "the server is full ({} connections): try again later",
                self.limits.max_connections
            ));
        }
        let mine = open.by_address.get(&ip).copied().unwrap_or(0);
        if mine >= self.limits.max_connections_per_address {
            return Err(format!(
                "too many connections from your address: at most {} at once; close some tabs",
                self.limits.max_connections_per_address
            ));
        }
        open.total += 1;
        *open.by_address.entry(ip).or_insert(0) += 1;
        Ok(ConnectionSlot {
            ip,
            open: self.open.clone(),
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
        }
    }

    /// Whether `ip` may create a game now; else the error to send.
    pub fn create(&self, ip: IpAddr) -> Result<(), String> {
        self.tidy();
        self.creates.check_key(&ip).map_err(|_| {
            format!(
                "too many games created from your address: at most {} a minute; wait a little",
                self.limits.creates_per_minute
            )
        })
    }

    /// Whether `ip` may join or watch a room now; else the error to send.
    pub fn join(&self, ip: IpAddr) -> Result<(), String> {
        self.tidy();
        self.joins.check_key(&ip).map_err(|_| {
            format!(
                "too many rooms joined from your address: at most {} a second; wait a little",
                self.limits.joins_per_second
            )
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
