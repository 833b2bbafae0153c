//! `trictrac serve`: Grand Trictrac in the browser (crate `trictrac-server`).

use std::io::Write;
#[cfg(feature = "server")]
use std::time::Duration;

use clap::Args;

use crate::error::CliError;
use crate::options::OptionArgs;

/// Serve the web tablier and run the games.
#[derive(Debug, Args)]
#[command(
    about = "Serve Grand Trictrac and backgammon in the browser: against the bot, at one screen, or online with a friend",
    long_about = "Serve the web boards of Grand Trictrac and backgammon with the videau (money \
        game or match) and run the games: open the printed address in a \
        browser. Games against the bot (choose its strength), two players at one screen \
        (hot-seat), or online with a friend by an invitation link; anyone with the room \
        code can watch. The server draws the dice, checks every action with the engine \
        and stores every action in the database before acknowledging it, so games in \
        progress survive a restart. The rule options below are the defaults of new \
        Grand Trictrac games (the page can change them). The protocol is in docs/PROTOCOL.md.",
    after_help = "Examples:\n  \
        trictrac serve\n  \
        trictrac serve --addr 0.0.0.0:8080 --database sqlite:///var/lib/trictrac/games.db\n  \
        trictrac serve --database postgres://trictrac:secret@localhost/trictrac\n  \
        trictrac serve --bot-delay-ms 0 --marking manual\n  \
        trictrac serve --smtp smtp://127.0.0.1:25 --mail-from trictrac@example.org --public-url https://trictrac.example.org"
)]
pub struct ServeArgs {
    /// Address to listen on (host:port; port 0 picks a free one)
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: String,

    /// Where games are stored: sqlite://FILE (created when missing) or
    /// postgres://USER:PASSWORD@HOST/DATABASE
    #[arg(long, default_value = "sqlite://trictrac.db")]
    database: String,

    /// Pause before each action of the bot, in milliseconds, so that its
    /// moves can be followed
    #[arg(long, default_value_t = 600)]
    bot_delay_ms: u64,

    /// Most WebSocket connections open at once (more are refused with a
    /// clear message)
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    max_connections: u32,

    /// Most WebSocket connections open at once from one client address
    #[arg(long, value_name = "N", default_value_t = 64)]
    max_connections_per_address: u32,

    /// Seconds a player who left an online game keeps his seat before
    /// his opponent may claim the game
    #[arg(long, value_name = "SECONDS", default_value_t = 60)]
    grace_seconds: u64,

    /// Minutes after which a lobby game whose player to act has not
    /// acted ends, lost by him (nobody stalls a game for ever)
    #[arg(long, value_name = "MINUTES", default_value_t = 60)]
    idle_minutes: u64,

    /// Mark the account cookies `Secure` (the server is reached over
    /// HTTPS through a proxy that does not send X-Forwarded-Proto)
    #[arg(long)]
    secure_cookies: bool,

    /// Send notices by e-mail through this SMTP relay:
    /// smtp://HOST:PORT (no TLS, a relay on this machine),
    /// smtp://HOST:PORT?tls=required (STARTTLS) or
    /// smtps://USER:PASSWORD@HOST (TLS). Without it no mail is sent
    #[arg(long, value_name = "URL")]
    smtp: Option<String>,

    /// The sender of the mails
    #[arg(long, value_name = "ADDRESS", default_value = "trictrac@localhost")]
    mail_from: String,

    /// The server's address as players reach it, for the links of the
    /// mails (e.g. https://trictrac.example.org; default: the address it
    /// listens on)
    #[arg(long, value_name = "URL")]
    public_url: Option<String>,

    #[command(flatten)]
    options: OptionArgs,
}

/// Runs `trictrac serve` until Ctrl-C.
#[cfg(feature = "server")]
pub fn run(args: &ServeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    out.flush()?;
    let config = trictrac_server::Config {
        addr: args.addr.clone(),
        database: args.database.clone(),
        bot_delay: Duration::from_millis(args.bot_delay_ms),
        default_options: args.options.to_options()?,
        limits: trictrac_server::limits::Limits {
            max_connections: args.max_connections,
            max_connections_per_address: args.max_connections_per_address,
            ..trictrac_server::limits::Limits::default()
        },
        games: None,
        abandon: trictrac_server::room::AbandonConfig {
            grace: Duration::from_secs(args.grace_seconds),
            idle: Duration::from_secs(args.idle_minutes.max(1) * 60),
            ..trictrac_server::room::AbandonConfig::default()
        },
        secure_cookies: args.secure_cookies,
        mail: trictrac_server::notify::MailSettings {
            smtp: args.smtp.clone(),
            from: args.mail_from.clone(),
            public_url: args.public_url.clone().unwrap_or_default(),
        },
    };
    trictrac_server::serve_blocking(config).map_err(|e| CliError::input(format!("serve: {e}")))
}

/// Without the feature `server`: says how to build the program with it.
#[cfg(not(feature = "server"))]
pub fn run(args: &ServeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    out.flush()?;
    // The arguments are still checked, so that a mistake is told first.
    let _ = (
        &args.addr,
        &args.database,
        args.bot_delay_ms,
        args.max_connections,
        args.max_connections_per_address,
        args.grace_seconds,
        args.idle_minutes,
        &args.smtp,
        &args.mail_from,
        &args.public_url,
    );
    args.options.to_options()?;
    Err(CliError::input(
        "this trictrac is built without the web server: build it with the feature `server` \
         (`cargo run --release --features server -- serve`, or \
         `cargo install --path crates/trictrac-cli --features server`)",
    ))
}
