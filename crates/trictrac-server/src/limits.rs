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
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            messages_per_second: 30,
            creates_per_minute: 20,
            joins_per_second: 5,
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
        }
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
