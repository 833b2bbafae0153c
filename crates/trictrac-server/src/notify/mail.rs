//! The sender of the mail queue (issue 39): a background task that
//! sends the due mails of the database through the SMTP relay, one
//! claim at a time, and waits longer after each failure (back-off:
//! [`backoff`]). A mail the relay refuses for good (a 5xx answer) is
//! given up at once, any other after [`MAX_ATTEMPTS`].

use std::sync::Arc;
use std::time::Duration;

use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};

use super::MailSettings;
use crate::error::ServerError;
use crate::room::clock::now_ms;
use crate::room::Hub;
use crate::store::MailRow;

/// How often the queue is looked at.
const TICK: Duration = Duration::from_millis(500);
/// Attempts of one mail at most.
pub const MAX_ATTEMPTS: i64 = 25;
/// How long a claimed mail is held by its sender (ms).
const LEASE_MS: i64 = 120_000;
/// Mails sent per look at most.
const BATCH: i64 = 20;
/// Sent mails and notices are kept this long (ms): 90 days.
pub const KEPT_MS: i64 = 90 * 86_400_000;
/// Looks between two cleanings (an hour).
const CLEAN_EVERY: u32 = 7200;

/// The wait after `attempts` failures (ms): 2 s, 4 s, 8 s… at most an
/// hour.
pub fn backoff(attempts: i64) -> i64 {
    let exp = attempts.clamp(1, 20) - 1;
    (2_000i64 << exp).min(3_600_000)
}

/// Checks the mail settings at start: the relay's URL and the sender's
/// address.
///
/// # Errors
/// A URL lettre does not read, a sender that is not an address.
pub fn check(s: &MailSettings) -> Result<(), ServerError> {
    let Some(url) = &s.smtp else {
        return Ok(());
    };
    AsyncSmtpTransport::<Tokio1Executor>::from_url(url).map_err(|e| {
        ServerError::Mail(format!(
            "--smtp `{}`: {e} (smtp://HOST:PORT, smtp://HOST:PORT?tls=required or smtps://USER:PASSWORD@HOST)",
            crate::logging::redact(url)
        ))
    })?;
    s.from.parse::<Mailbox>().map_err(|e| {
        ServerError::Mail(format!("--mail-from `{}`: not an address ({e})", s.from))
    })?;
    Ok(())
}

/// Starts the sender when the server has a relay (`--smtp`), and the
/// cleaning of old notices and mails (kept [`KEPT_MS`]) in any case; it
/// ends when the server stops.
pub fn start(hub: Arc<Hub>) {
    let settings = hub.config.mail.clone();
    let transport =
        settings.smtp.as_ref().and_then(
            |url| match AsyncSmtpTransport::<Tokio1Executor>::from_url(url) {
                Ok(b) => Some(b.timeout(Some(Duration::from_secs(20))).build()),
                Err(e) => {
                    tracing::error!(
                        "--smtp `{}`: {e}: no mail will be sent",
                        crate::logging::redact(url)
                    );
                    None
                }
            },
        );
    let mut stopping = hub.stopping.clone();
    tokio::spawn(async move {
        let mut looks = 0u32;
        loop {
            tokio::select! {
                _ = tokio::time::sleep(TICK) => {}
                _ = stopping.changed() => return,
            }
            looks = (looks + 1) % CLEAN_EVERY;
            if looks == 1 {
                if let Err(e) = hub.store.forget_old_notices(now_ms() - KEPT_MS).await {
                    tracing::warn!("{e}");
                }
            }
            let Some(transport) = &transport else {
                continue;
            };
            if let Err(e) = send_due(&hub, &settings, transport).await {
                tracing::warn!("the mail queue: {e}");
            }
        }
    });
}

/// Sends the mails due now.
async fn send_due(
    hub: &Hub,
    settings: &MailSettings,
    transport: &AsyncSmtpTransport<Tokio1Executor>,
) -> Result<(), ServerError> {
    let now = now_ms();
    for m in hub.store.due_mails(now, BATCH).await? {
        if !hub.store.claim_mail(&m, now + LEASE_MS).await? {
            continue;
        }
        match send(settings, transport, &m).await {
            Ok(()) => {
                hub.store
                    .mail_attempted(&m.id, Some(now_ms()), None, now)
                    .await?;
            }
            Err((e, permanent)) => {
                let attempts = m.attempts + 1;
                let give_up = permanent || attempts >= MAX_ATTEMPTS;
                tracing::warn!(
                    mail = %m.id,
                    attempts,
                    "the mail to {} was not sent: {e}{}",
                    m.address,
                    if give_up { " (given up)" } else { "" }
                );
                // A mail given up is marked sent at 0: never tried again.
                let sent = give_up.then_some(0);
                hub.store
                    .mail_attempted(&m.id, sent, Some(&e), now_ms() + backoff(attempts))
                    .await?;
            }
        }
    }
    Ok(())
}

/// One attempt; an error says whether it is for good.
async fn send(
    settings: &MailSettings,
    transport: &AsyncSmtpTransport<Tokio1Executor>,
    m: &MailRow,
) -> Result<(), (String, bool)> {
    let from: Mailbox = settings
        .from
        .parse()
        .map_err(|e| (format!("the sender: {e}"), true))?;
    let to: Mailbox = m
        .address
        .parse()
        .map_err(|e| (format!("the address: {e}"), true))?;
    let message = Message::builder()
        .from(from)
        .to(to)
        .subject(m.subject.clone())
        .body(m.body.clone())
        .map_err(|e| (e.to_string(), true))?;
    transport
        .send(message)
        .await
        .map(|_| ())
        .map_err(|e| (e.to_string(), e.is_permanent()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_doubles_up_to_an_hour() {
        assert_eq!(backoff(1), 2_000);
        assert_eq!(backoff(2), 4_000);
        assert_eq!(backoff(5), 32_000);
        assert_eq!(backoff(30), 3_600_000);
    }

    #[test]
    fn bad_settings_are_named() {
        let s = MailSettings {
            smtp: Some("ftp://x".into()),
            from: "trictrac@localhost".into(),
            public_url: String::new(),
        };
        assert!(check(&s).unwrap_err().to_string().contains("--smtp"));
        let s = MailSettings {
            smtp: Some("smtp://127.0.0.1:2525".into()),
            from: "not an address".into(),
            public_url: String::new(),
        };
        assert!(check(&s).unwrap_err().to_string().contains("--mail-from"));
        assert!(check(&MailSettings::default()).is_ok());
    }
}
