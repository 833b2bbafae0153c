//! Who plays (issue 26): an anonymous identity for every browser, and
//! optional accounts (comptes) with a name and a password.
//!
//! - Every request to `/api/…` carries, or is given, the cookie
//!   `trictrac_id`: a random anonymous identity, so that a browser's
//!   finished games are listed for it without any account ("my games").
//! - A player may register a name (`POST /api/accounts`) and log in
//!   (`POST /api/login`): the password is hashed with Argon2id (the
//!   `argon2` crate's defaults: 19 MiB, 2 passes, 1 lane), never stored;
//!   the session is the cookie `trictrac_session`, whose SHA-256 alone is
//!   stored. Both cookies are `HttpOnly`, `SameSite=Lax`, and `Secure`
//!   when the server is behind TLS (`Config::secure_cookies`, or a
//!   request with `X-Forwarded-Proto: https`).
//! - A login attempt is rate-limited per client address and per name;
//!   an unknown name and a wrong password get the same answer, after the
//!   same work (a password is checked against a dummy hash when the name
//!   is unknown).
//! - Names are unique without regard to case and look-alike characters
//!   ([`names::skeleton`]).
//!
//! Registering or logging in gives the account the games the browser's
//! anonymous identity played before.

pub mod history;
pub mod names;
pub mod posted;
pub mod routes;
pub mod tokens;

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, OnceLock};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use rand::RngCore;
use sha2::{Digest, Sha256};

use crate::room::Hub;
use crate::store::{now, AccountRow};

/// The anonymous identity's cookie.
pub const IDENTITY_COOKIE: &str = "trictrac_id";
/// The session's cookie.
pub const SESSION_COOKIE: &str = "trictrac_session";
/// How long a session lasts (30 days).
pub const SESSION_SECONDS: i64 = 30 * 24 * 3600;
/// How long the anonymous identity's cookie is kept (400 days, the
/// longest browsers keep one).
pub const IDENTITY_SECONDS: i64 = 400 * 24 * 3600;
/// The shortest password.
pub const MIN_PASSWORD: usize = 8;
/// The longest password (hashing is costly: no megabyte passwords).
pub const MAX_PASSWORD: usize = 200;
/// Login attempts from one address: at once, then one every this many
/// seconds.
pub const LOGIN_BURST: u32 = 10;
/// See [`LOGIN_BURST`].
pub const LOGIN_EVERY_SECONDS: u64 = 6;

/// Why a request of the JSON API was refused (the accounts' routes and
/// the lobby's `LobbyError`); each has its HTTP status
/// and is answered `{"error": "…"}` (`routes`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ApiError {
    /// A malformed request: bad JSON, a bad name or password, an unknown
    /// game, bad rules words, one's own seek accepted (400).
    #[error("{0}")]
    Bad(String),
    /// Unknown name or wrong password, or not logged in (401).
    #[error("{0}")]
    Unauthorized(String),
    /// The wrong token, or a rated seek without the account (403).
    #[error("{0}")]
    Forbidden(String),
    /// No such player or seek (404).
    #[error("{0}")]
    NotFound(String),
    /// The name (or one that looks like it) is taken, or the seek is not
    /// open any more (409).
    #[error("{0}")]
    Taken(String),
    /// Too many attempts or seeks (429).
    #[error("{0}")]
    RateLimited(String),
    /// The database failed (500); nothing changed.
    #[error("{0}")]
    Storage(String),
    /// Too many requests of a costly kind wait already (503).
    #[error("{0}")]
    Busy(String),
}

impl From<crate::limits::LimitError> for ApiError {
    fn from(e: crate::limits::LimitError) -> ApiError {
        match e {
            crate::limits::LimitError::TooMany(m) => ApiError::RateLimited(m),
            crate::limits::LimitError::Busy(m) => ApiError::Busy(m),
        }
    }
}

impl From<crate::error::ServerError> for ApiError {
    fn from(e: crate::error::ServerError) -> ApiError {
        ApiError::Storage(e.to_string())
    }
}

/// The one answer to a failed login, whichever of name and password
/// was wrong.
pub const LOGIN_FAILED: &str = "unknown name or wrong password";

/// A name and a password, to register or log in (the body of `POST
/// /api/accounts` and `POST /api/login`).
#[derive(Debug, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The account's name.
    pub name: String,
    /// Its password.
    pub password: String,
}

/// A logged-in account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
}

/// Who sends a request: the browser's anonymous identity and, when
/// logged in, the account (set by [`routes::identify`] on every `/api/`
/// request).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Who {
    /// The anonymous identity (the `trictrac_id` cookie).
    pub identity: Option<String>,
    /// The account of the session, if logged in.
    pub account: Option<Account>,
    /// The session cookie's token, if any (to log out).
    pub session: Option<String>,
    /// Whether the request came over TLS (cookies are then `Secure`).
    pub secure: bool,
}

impl Who {
    /// The account's id, if logged in.
    pub fn account_id(&self) -> Option<&str> {
        self.account.as_ref().map(|a| a.id.as_str())
    }
}

/// The accounts' shared state: the login limiters and the cookie flag.
///
/// Attempts are counted per address (every login or registration), and
/// failed logins per name *and* address, so that strangers failing to
/// log in as someone cannot lock him out (issue 34: one bad login a
/// second from other addresses refused the owner's correct one); a
/// ceiling per name over all addresses, much higher, bounds a guess
/// spread over many addresses.
pub struct Accounts {
    hub: Arc<Hub>,
    secure: bool,
    /// The key that signs the anonymous identities (the `settings`
    /// table's `identity_key`, shared by every instance).
    key: Vec<u8>,
    by_address: DefaultKeyedRateLimiter<IpAddr>,
    failed_by_name_and_address: Failures<(String, IpAddr)>,
    failed_by_name: Failures<String>,
}

/// Failed logins for one name from one address in a window of
/// [`FAILURE_WINDOW_SECONDS`] before the next is refused.
pub const FAILURES_BY_NAME_AND_ADDRESS: u32 = 10;
/// Failed logins for one name over all addresses in a window before the
/// next is refused (the ceiling).
pub const FAILURES_BY_NAME: u32 = 300;
/// See [`FAILURES_BY_NAME_AND_ADDRESS`].
pub const FAILURE_WINDOW_SECONDS: u64 = 60;

/// Failures counted per key in fixed windows (a bounded map: the oldest
/// windows are forgotten first when it grows).
struct Failures<K> {
    max: u32,
    seen: std::sync::Mutex<std::collections::HashMap<K, (u32, std::time::Instant)>>,
}

impl<K: std::hash::Hash + Eq + Clone> Failures<K> {
    fn new(max: u32) -> Failures<K> {
        Failures {
            max,
            seen: Default::default(),
        }
    }

    fn window() -> std::time::Duration {
        std::time::Duration::from_secs(FAILURE_WINDOW_SECONDS)
    }

    /// Whether `key` failed `max` times in its current window.
    fn blocked(&self, key: &K) -> bool {
        let seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        seen.get(key)
            .is_some_and(|(n, since)| *n >= self.max && since.elapsed() < Self::window())
    }

    /// Counts a failure of `key`.
    fn record(&self, key: K) {
        let mut seen = self.seen.lock().unwrap_or_else(|p| p.into_inner());
        if seen.len() > 100_000 {
            seen.retain(|_, (_, since)| since.elapsed() < Self::window());
        }
        let e = seen.entry(key).or_insert((0, std::time::Instant::now()));
        if e.1.elapsed() >= Self::window() {
            *e = (0, std::time::Instant::now());
        }
        e.0 += 1;
    }
}

impl Accounts {
    /// The accounts of the server of `hub`; `secure`: always mark the
    /// cookies `Secure` (the server is behind TLS).
    pub fn new(hub: Arc<Hub>, secure: bool, key: &str) -> Accounts {
        let quota = Quota::with_period(std::time::Duration::from_secs(LOGIN_EVERY_SECONDS))
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
            .allow_burst(NonZeroU32::new(LOGIN_BURST).unwrap_or(NonZeroU32::MIN));
        Accounts {
            hub,
            secure,
            key: key.as_bytes().to_vec(),
            by_address: RateLimiter::keyed(quota),
            failed_by_name_and_address: Failures::new(FAILURES_BY_NAME_AND_ADDRESS),
            failed_by_name: Failures::new(FAILURES_BY_NAME),
        }
    }

    /// Counts a login or registration attempt from `ip`, and refuses it
    /// when that address went over its limit, or the failures for the
    /// name of skeleton `skeleton` from that address or in all.
    fn check_attempt(&self, ip: IpAddr, skeleton: &str) -> Result<(), ApiError> {
        if self.by_address.len() > 100_000 {
            self.by_address.retain_recent();
        }
        let refused = self.by_address.check_key(&ip).is_err()
            || self
                .failed_by_name_and_address
                .blocked(&(skeleton.to_string(), ip))
            || self.failed_by_name.blocked(&skeleton.to_string());
        if refused {
            return Err(ApiError::RateLimited(format!(
                "too many attempts: wait {LOGIN_EVERY_SECONDS} seconds and try again"
            )));
        }
        Ok(())
    }

    /// The identity cookie's value for `identity`: the identity and its
    /// HMAC-SHA-256 under the server's key (issue 34: a client-chosen
    /// identity was accepted as it was).
    pub fn sign(&self, identity: &str) -> String {
        format!("{identity}.{}", self.mac(identity))
    }

    fn mac(&self, identity: &str) -> String {
        identity_mac(&self.key, identity)
    }

    /// The identity of a signed cookie value, if its signature is ours.
    pub fn verify(&self, value: &str) -> Option<String> {
        verify_identity(&self.key, value)
    }

    /// Counts a failed login for the name of `skeleton` from `ip`.
    fn failed(&self, ip: IpAddr, skeleton: &str) {
        self.failed_by_name_and_address
            .record((skeleton.to_string(), ip));
        self.failed_by_name.record(skeleton.to_string());
    }
}

/// The HMAC-SHA-256 of an identity under `key`, its first 16 bytes in
/// hex.
fn identity_mac(key: &[u8], identity: &str) -> String {
    use hmac::Mac;
    let Ok(mut m) = hmac::Hmac::<Sha256>::new_from_slice(key) else {
        return String::new();
    };
    m.update(identity.as_bytes());
    m.finalize()
        .into_bytes()
        .iter()
        .take(16)
        .map(|x| format!("{x:02x}"))
        .collect()
}

/// The identity of the signed cookie value `value` under `key`.
fn verify_identity(key: &[u8], value: &str) -> Option<String> {
    let (identity, mac) = value.split_once('.')?;
    let good = identity_mac(key, identity);
    (is_secret(identity) && !good.is_empty() && same(mac, &good)).then(|| identity.to_string())
}

/// A random secret: 32 bytes from the operating system, in hex.
pub fn secret() -> String {
    let mut b = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut b);
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The SHA-256 of a session token, in hex: what the database keeps.
pub fn session_key(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|x| format!("{x:02x}"))
        .collect()
}

/// Whether a cookie value is one of our secrets (64 hex digits).
pub fn is_secret(v: &str) -> bool {
    v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit())
}

/// The Argon2id hash (PHC string) of a password, with a random salt.
fn hash_password(password: &str) -> Result<String, ApiError> {
    let mut salt = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut salt);
    let salt = SaltString::encode_b64(&salt)
        .map_err(|e| ApiError::Storage(format!("cannot hash the password: {e}")))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| ApiError::Storage(format!("cannot hash the password: {e}")))
}

/// Whether `password` is the one of `hash`.
fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .map(|h| {
            Argon2::default()
                .verify_password(password.as_bytes(), &h)
                .is_ok()
        })
        .unwrap_or(false)
}

/// A hash no password matches, checked when the name is unknown so that
/// the answer takes as long as for a wrong password.
fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash_password(&secret()).unwrap_or_default())
}

/// Password hashes computed at once: each Argon2id hash holds 19 MiB
/// while it runs (issue 34: 300 logins at once took 6.3 GB, kept).
pub const HASHING_THREADS: usize = 2;
/// Hashes waiting at most; beyond, a login or registration is refused
/// as busy (503) before any work.
pub const HASHING_QUEUE: usize = 32;

type HashJob = Box<dyn FnOnce() + Send>;

/// The hashing workers: [`HASHING_THREADS`] threads of their own (so
/// that their memory is reused, not spread over the runtime's blocking
/// threads) fed by a queue of [`HASHING_QUEUE`].
fn hashing_queue() -> &'static std::sync::mpsc::SyncSender<HashJob> {
    static QUEUE: OnceLock<std::sync::mpsc::SyncSender<HashJob>> = OnceLock::new();
    QUEUE.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::sync_channel::<HashJob>(HASHING_QUEUE);
        let rx = Arc::new(std::sync::Mutex::new(rx));
        for i in 0..HASHING_THREADS {
            let rx = rx.clone();
            let spawned = std::thread::Builder::new()
                .name(format!("password-hash-{i}"))
                .spawn(move || loop {
                    let job = match rx.lock() {
                        Ok(r) => r.recv(),
                        Err(_) => return,
                    };
                    match job {
                        Ok(job) => job(),
                        Err(_) => return,
                    }
                });
            if let Err(e) = spawned {
                tracing::error!("cannot start a password hashing thread: {e}");
            }
        }
        tx
    })
}

/// Runs the costly hashing on the hashing workers.
///
/// # Errors
/// [`ApiError::Busy`] when [`HASHING_QUEUE`] hashes wait already.
async fn blocking<T: Send + 'static>(
    f: impl FnOnce() -> T + Send + 'static,
) -> Result<T, ApiError> {
    let (tx, rx) = tokio::sync::oneshot::channel();
    let job: HashJob = Box::new(move || {
        let _ = tx.send(f());
    });
    hashing_queue().try_send(job).map_err(|_| {
        ApiError::Busy("the server is busy checking passwords: try again in a few seconds".into())
    })?;
    rx.await
        .map_err(|_| ApiError::Storage("the password check failed".into()))
}

fn check_password(password: &str) -> Result<(), ApiError> {
    let n = password.chars().count();
    if !(MIN_PASSWORD..=MAX_PASSWORD).contains(&n) {
        return Err(ApiError::Bad(format!(
            "a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters"
        )));
    }
    Ok(())
}

impl From<AccountRow> for Account {
    fn from(row: AccountRow) -> Account {
        Account {
            id: row.id,
            name: row.name,
        }
    }
}

/// A session opened for `account`, which is given the games of the
/// browser's anonymous identity: the account and the session cookie's
/// token.
async fn open_session(
    hub: &Hub,
    account: AccountRow,
    who: &Who,
) -> Result<(Account, String), ApiError> {
    let token = secret();
    hub.store
        .insert_session(&session_key(&token), &account.id, now() + SESSION_SECONDS)
        .await?;
    if let Some(identity) = &who.identity {
        hub.store.adopt_identity(identity, &account.id).await?;
    }
    Ok((account.into(), token))
}

/// Registers `name` with `password` and logs in: the account and the
/// session's token.
///
/// # Errors
/// A bad name or password, the name taken, too many attempts, the
/// database failed.
pub async fn register(
    acc: &Accounts,
    ip: IpAddr,
    who: &Who,
    Credentials { name, password }: &Credentials,
) -> Result<(Account, String), ApiError> {
    let name = names::check(name).map_err(|e| ApiError::Bad(e.to_string()))?;
    check_password(password)?;
    let skeleton = names::skeleton(&name);
    acc.check_attempt(ip, &skeleton)?;
    let password = password.to_string();
    let hash = blocking(move || hash_password(&password)).await??;
    let row = AccountRow {
        id: secret()[..24].to_string(),
        name: name.clone(),
        hash,
        created: now(),
    };
    if !acc.hub.store.insert_account(&row, &skeleton).await? {
        return Err(ApiError::Taken(format!(
            "the name `{name}` is taken (or one that looks the same: names differ by more than case and look-alike letters)"
        )));
    }
    open_session(&acc.hub, row, who).await
}

/// Logs in: the account and the session's token.
///
/// # Errors
/// [`LOGIN_FAILED`] for an unknown name or a wrong password alike; too
/// many attempts; the database failed.
pub async fn login(
    acc: &Accounts,
    ip: IpAddr,
    who: &Who,
    Credentials { name, password }: &Credentials,
) -> Result<(Account, String), ApiError> {
    // No name is longer than MAX_LEN characters: a longer one is
    // refused before any work (issue 34: a 2 MB name cost 27 MB and
    // seconds even when the answer was 429).
    let name = name.trim();
    if name.len() > 4 * names::MAX_LEN || name.chars().count() > names::MAX_LEN {
        return Err(ApiError::Bad(names::NameError::Length.to_string()));
    }
    if password.len() > 4 * MAX_PASSWORD {
        return Err(ApiError::Bad(format!(
            "a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters"
        )));
    }
    let skeleton = names::skeleton(name);
    acc.check_attempt(ip, &skeleton)?;
    let row = acc.hub.store.account_by_skeleton(&skeleton).await?;
    let hash = row.as_ref().map(|r| r.hash.clone());
    let password = password.to_string();
    let ok = blocking(move || {
        verify_password(&password, hash.as_deref().unwrap_or_else(|| dummy_hash()))
    })
    .await?;
    match row {
        Some(row) if ok => open_session(&acc.hub, row, who).await,
        _ => {
            acc.failed(ip, &skeleton);
            Err(ApiError::Unauthorized(LOGIN_FAILED.into()))
        }
    }
}

/// The account of a session cookie's token, if it is open.
///
/// # Errors
/// When the database fails.
pub async fn session_account(hub: &Hub, token: &str) -> Result<Option<Account>, ApiError> {
    if !is_secret(token) {
        return Ok(None);
    }
    Ok(hub
        .store
        .session_account(&session_key(token))
        .await?
        .map(Account::from))
}

/// Compares two secrets in time independent of where they differ.
pub fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// A `Set-Cookie` value: `HttpOnly`, `SameSite=Lax`, for the whole
/// site, `Secure` when asked.
pub fn cookie(name: &str, value: &str, max_age: i64, secure: bool) -> String {
    format!(
        "{name}={value}; Path=/; Max-Age={max_age}; HttpOnly; SameSite=Lax{}",
        if secure { "; Secure" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_hashed_with_argon2id_and_verified() {
        let h = hash_password("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$"), "{h}");
        assert!(verify_password("correct horse", &h));
        assert!(!verify_password("correct hors", &h));
        assert_ne!(h, hash_password("correct horse").unwrap(), "salted");
        assert!(!verify_password("x", dummy_hash()));
    }

    #[test]
    fn cookies_have_their_flags() {
        let c = cookie("a", "b", 10, true);
        assert_eq!(c, "a=b; Path=/; Max-Age=10; HttpOnly; SameSite=Lax; Secure");
        assert!(!cookie("a", "b", 10, false).contains("Secure"));
    }

    #[test]
    fn identities_are_signed() {
        let id = secret();
        let signed = format!("{id}.{}", identity_mac(b"k1", &id));
        assert_eq!(verify_identity(b"k1", &signed), Some(id.clone()));
        assert_eq!(verify_identity(b"k2", &signed), None, "another key");
        assert_eq!(verify_identity(b"k1", &id), None, "unsigned");
        let other = secret();
        let forged = format!("{other}.{}", identity_mac(b"k1", &id));
        assert_eq!(verify_identity(b"k1", &forged), None, "another identity");
        assert_eq!(verify_identity(b"k1", "abc.def"), None);
    }

    #[test]
    fn sessions_are_stored_hashed() {
        let t = secret();
        assert!(is_secret(&t));
        assert_ne!(session_key(&t), t);
        assert_eq!(session_key(&t).len(), 64);
        assert!(!is_secret("abc"));
    }
}
