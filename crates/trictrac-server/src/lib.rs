//! # trictrac-server — Grand Trictrac and backgammon in the browser
//!
//! `trictrac serve` runs this server: one process serves the web boards
//! of both games, Grand Trictrac and backgammon with the videau (HTML, CSS and JavaScript embedded in the binary, no build step) and
//! runs the games. The server is the authority: it draws the dice from a
//! ChaCha20 generator seeded from the operating system's entropy, checks
//! every action with the engine, lets a connection act only for the seats
//! its secret token holds, and stores every action in the database (SQLite
//! or PostgreSQL) before acknowledging it. A game is its list of actions:
//! after a restart it is rebuilt by replaying them.
//!
//! The JSON protocol over WebSocket is described in `docs/PROTOCOL.md`;
//! running the server in `docs/SERVER.md`.
//!
//! ```no_run
//! # async fn f() -> Result<(), trictrac_server::ServerError> {
//! let config = trictrac_server::Config {
//!     addr: "127.0.0.1:8080".into(),
//!     ..Default::default()
//! };
//! let server = trictrac_server::Server::start(config).await?;
//! println!("http://{}/", server.addr());
//! server.wait().await;
//! # Ok(()) }
//! ```

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod accounts;
pub mod analysis;
pub mod bots_api;
mod connections;
use logging::redact;
pub mod correspondence;
pub mod error;
pub mod fair;
pub mod games;
pub mod glicko;
pub mod guard;
pub(crate) mod labels;
pub mod learn;
pub mod limits;
pub mod lobby;
pub mod logging;
pub mod notify;
mod pages;
pub mod ratings;
mod relay;
mod replies;
pub mod room;
pub mod store;
pub mod tournaments;
mod web;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;
use trictrac::GameOptions;

use crate::room::{Hub, HubConfig};
use crate::store::Store;

pub use crate::error::ServerError;

/// How to run the server.
#[derive(Clone, Debug)]
pub struct Config {
    /// Address to listen on, e.g. `127.0.0.1:8080` (port 0: any free port).
    pub addr: String,
    /// Database URL: `sqlite://FILE` or `postgres://USER:PASS@HOST/NAME`.
    pub database: String,
    /// Pause before each bot action, so that a person sees it.
    pub bot_delay: Duration,
    /// Options of new games when the client names none.
    pub default_options: GameOptions,
    /// Rate limits per connection and per client address.
    pub limits: limits::Limits,
    /// The games offered; `None`: Grand Trictrac (with
    /// `default_options`) and backgammon ([`games::Registry::standard`]).
    pub games: Option<games::Registry>,
    /// Abandonment: the grace period of a player who left, the idle
    /// limit of lobby games.
    pub abandon: room::AbandonConfig,
    /// Marks the identity and session cookies `Secure` on every answer
    /// (the server is reached over TLS through a proxy that does not send
    /// `X-Forwarded-Proto: https`; with that header they are anyway).
    pub secure_cookies: bool,
    /// E-mail (issue 39): the SMTP relay (`--smtp URL`; `None`: no mail
    /// is sent), the sender and the public address of the links.
    pub mail: notify::MailSettings,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            addr: "127.0.0.1:8080".into(),
            database: "sqlite://trictrac.db".into(),
            bot_delay: Duration::from_millis(600),
            default_options: GameOptions::default(),
            limits: limits::Limits::default(),
            games: None,
            abandon: room::AbandonConfig::default(),
            secure_cookies: false,
            mail: notify::MailSettings {
                smtp: None,
                from: "trictrac@localhost".into(),
                public_url: String::new(),
            },
        }
    }
}

/// A running server.
pub struct Server {
    addr: SocketAddr,
    stop: watch::Sender<bool>,
    task: tokio::task::JoinHandle<()>,
    hub: Arc<Hub>,
}

impl Server {
    /// Opens the database, binds the address and starts serving.
    ///
    /// # Errors
    /// When the database cannot be opened or the address bound.
    pub async fn start(config: Config) -> Result<Server, ServerError> {
        notify::mail::check(&config.mail)?;
        let store = Store::open(&config.database).await?;
        let refreshed = store
            .refresh_skeletons(accounts::names::SKELETON_VERSION, accounts::names::skeleton)
            .await?;
        if refreshed > 0 {
            tracing::info!("the skeletons of {refreshed} account names were computed again");
        }
        let listener = tokio::net::TcpListener::bind(&config.addr)
            .await
            .map_err(|e| ServerError::Listen(format!("cannot listen on {}: {e}", config.addr)))?;
        let addr = listener
            .local_addr()
            .map_err(|e| ServerError::Listen(format!("cannot listen on {}: {e}", config.addr)))?;
        let (stop, stopping) = watch::channel(false);
        let hub = Arc::new(Hub::new(
            store,
            HubConfig {
                bot_delay: config.bot_delay,
                games: config
                    .games
                    .clone()
                    .unwrap_or_else(|| games::Registry::standard(config.default_options)),
                limits: config.limits,
                abandon: config.abandon,
                mail: notify::MailSettings {
                    public_url: if config.mail.public_url.is_empty() {
                        format!("http://{addr}")
                    } else {
                        config.mail.public_url.trim_end_matches('/').to_string()
                    },
                    ..config.mail.clone()
                },
            },
            stopping.clone(),
        ));
        if let Some(url) = hub.store.listen_url().map(String::from) {
            relay::start(hub.clone(), &url, stopping.clone()).await?;
        }
        hub.start_timekeeper();
        hub.start_presence();
        let lobby = Arc::new(lobby::Lobby::new(hub.clone()));
        lobby::feed::start(&lobby).await?;
        ratings::start(hub.clone());
        ratings::reviews::start(hub.clone());
        notify::mail::start(hub.clone());
        tournaments::director::start(hub.clone());
        let live = Arc::new(tournaments::live::Live::new(hub.clone()));
        live.start();
        let identity_key = hub
            .store
            .setting_or("identity_key", &accounts::secret())
            .await?;
        let app = web::router(
            hub.clone(),
            lobby,
            live,
            config.secure_cookies,
            &identity_key,
        );
        let limits = config.limits;
        let task = tokio::spawn(connections::serve(listener, app, limits, stopping));
        Ok(Server {
            addr,
            stop,
            task,
            hub,
        })
    }

    /// The address it listens on.
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Advances the clocks of the games of this whole process by `by`
    /// and has the timekeeper look at every timed game at once: days of a
    /// correspondence game pass without waiting for them. For tests and
    /// demonstrations run in-process; no request or command reaches it.
    #[doc(hidden)]
    pub async fn advance_clock(&self, by: Duration) {
        room::clock::advance(by.as_millis() as i64);
        self.hub.sweep_now().await;
    }

    /// The mail queue (mails waiting, sent, the most attempts of one
    /// waiting): for the operator's checks and the tests.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn mail_queue(&self) -> Result<(i64, i64, i64), ServerError> {
        self.hub.store.mail_queue_state().await
    }

    /// Rooms held in memory now.
    pub fn rooms_in_memory(&self) -> usize {
        self.hub.rooms_in_memory()
    }

    /// Serves until the task ends (Ctrl-C is handled by the caller).
    pub async fn wait(self) {
        let _ = self.task.await;
    }

    /// Stops: closes every connection and bot, then the database. What
    /// was acknowledged is stored; nothing in memory is kept.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        let _ = tokio::time::timeout(Duration::from_secs(10), self.task).await;
        self.hub.store.close().await;
    }
}

/// Runs the server until Ctrl-C (or SIGTERM), printing its address.
///
/// # Errors
/// When the database cannot be opened or the address bound.
pub async fn serve(config: Config) -> Result<(), ServerError> {
    logging::init();
    let stopped = shutdown_signal();
    let server = Server::start(config.clone()).await?;
    let backend = if config.database.starts_with("sqlite:") {
        "SQLite"
    } else {
        "PostgreSQL"
    };
    logging::say(&format!(
        "trictrac: serving Grand Trictrac and backgammon on http://{}/ (games stored in {backend}: {})",
        server.addr(),
        redact(&config.database)
    ));
    logging::say("press Ctrl-C to stop");
    stopped.await;
    logging::say("trictrac: stopping");
    server.stop().await;
    Ok(())
}

/// [`serve`] on a runtime of its own: for programs that have none.
///
/// # Errors
/// When the runtime cannot start, the database cannot be opened or the
/// address bound.
pub fn serve_blocking(config: Config) -> Result<(), ServerError> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| ServerError::Listen(format!("cannot start the runtime: {e}")))?;
    rt.block_on(serve(config))
}

/// Ctrl-C or SIGTERM, listened to from the call on: installed before the
/// server binds its address, so that a stop asked as soon as it listens
/// is a clean stop (not the signal's default, which kills the process).
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        let mut term = signal(SignalKind::terminate()).ok();
        let mut int = signal(SignalKind::interrupt()).ok();
        async move {
            let term = async {
                match term.as_mut() {
                    Some(s) => {
                        s.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            let int = async {
                match int.as_mut() {
                    Some(s) => {
                        s.recv().await;
                    }
                    None => std::future::pending::<()>().await,
                }
            };
            tokio::select! {
                _ = term => {}
                _ = int => {}
            }
        }
    }
    #[cfg(not(unix))]
    async {
        let _ = tokio::signal::ctrl_c().await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_are_not_printed() {
        assert_eq!(
            redact("postgres://u:secret@localhost/db"),
            "postgres://u:***@localhost/db"
        );
        assert_eq!(redact("sqlite://trictrac.db"), "sqlite://trictrac.db");
    }

    /// A database of a version before backgammon (no `game` column)
    /// gets the column at start; its games are Grand Trictrac's, and a
    /// second start does not fail on the column already there.
    #[tokio::test]
    async fn an_older_database_gains_the_game_column() {
        use sqlx::Executor;
        let dir = std::env::temp_dir().join(format!("trictrac-migrate-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("old.db").display());
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&format!("{url}?mode=rwc"))
            .await
            .unwrap();
        pool.execute(
            "CREATE TABLE games (id TEXT PRIMARY KEY, mode TEXT NOT NULL, options TEXT NOT NULL,
             bot TEXT, bot_side TEXT, white_token TEXT NOT NULL, black_token TEXT NOT NULL,
             white_name TEXT NOT NULL, black_name TEXT NOT NULL, white_taken BIGINT NOT NULL,
             black_taken BIGINT NOT NULL, created BIGINT NOT NULL, updated BIGINT NOT NULL,
             finished BIGINT, result TEXT)",
        )
        .await
        .unwrap();
        pool.execute(
            "INSERT INTO games VALUES ('OLD123', 'hotseat', 'marking=auto', NULL, NULL, 't', 't',
             'a', 'b', 1, 1, 0, 0, NULL, NULL)",
        )
        .await
        .unwrap();
        pool.close().await;
        for _ in 0..2 {
            let store = store::Store::open(&url).await.expect("opens and migrates");
            let row = store.game("OLD123").await.unwrap().expect("the old game");
            assert_eq!(row.game, "trictrac");
            store.close().await;
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn dates_are_civil() {
        assert_eq!(room::date(0), "1970-01-01");
        assert_eq!(room::date(1_700_000_000), "2023-11-14");
    }
}
