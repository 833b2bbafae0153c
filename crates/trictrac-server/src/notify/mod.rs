//! Notifications (issue 39, item 2): "your turn", "a challenge was
//! accepted", "a tournament starts" — shown in the page (a badge and a
//! list, stored in the database) and, for a registered player who gave
//! an e-mail address and confirmed it, sent by e-mail.
//!
//! Any part of the server tells a player with [`notify`]. E-mail goes
//! through the SMTP relay the operator names (`trictrac serve --smtp
//! URL`): a mail is a row of the queue table (`crate::store`), sent by a
//! background task ([`mail::start`]) that retries with back-off when the
//! relay refuses or is down; nothing waits for it, so play never does.
//! Without `--smtp` no mail is queued nor sent, and the page says so.
//! Every mail ends with a one-click unsubscribe link; the confirmation
//! link and the unsubscribe link carry a token signed by the server
//! (HMAC-SHA-256 under a key of its database, [`Tokens`]).

pub mod mail;
pub mod routes;

pub use crate::room::mail_settings::MailSettings;
use base64::Engine;
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;

use crate::error::ServerError;
use crate::room::Hub;

/// What a notice is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// It is the player's turn in a correspondence game.
    YourTurn,
    /// Someone accepted the player's challenge.
    ChallengeAccepted,
    /// A tournament the player joined starts.
    TournamentStarts,
}

impl Kind {
    /// Its name in the API (`your_turn`, `challenge_accepted`,
    /// `tournament_starts`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::YourTurn => "your_turn",
            Kind::ChallengeAccepted => "challenge_accepted",
            Kind::TournamentStarts => "tournament_starts",
        }
    }

    /// The subject of its mail.
    fn subject(self) -> &'static str {
        match self {
            Kind::YourTurn => "Your turn",
            Kind::ChallengeAccepted => "Your challenge was accepted",
            Kind::TournamentStarts => "A tournament starts",
        }
    }
}

/// Notices listed at most.
pub const LISTED: i64 = 50;

/// A random id.
pub(crate) fn new_id() -> String {
    let mut b = [0u8; 12];
    rand::rngs::OsRng.fill_bytes(&mut b);
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// Tells `account` of something: stored for the page and, when the
/// server sends mail and the account's address is confirmed and still
/// wanted, queued for mail. `link` is a path of this server
/// (`/?room=CODE`). Never waits for a mail to be sent.
///
/// # Errors
/// When the database fails.
pub async fn notify(
    hub: &Hub,
    account: &str,
    kind: Kind,
    text: &str,
    link: &str,
) -> Result<(), ServerError> {
    deliver(&hub.store, &hub.config.mail, account, kind, text, link).await
}

/// [`notify`] with the store and the mail settings.
///
/// # Errors
/// When the database fails.
pub async fn deliver(
    store: &crate::store::Store,
    settings: &MailSettings,
    account: &str,
    kind: Kind,
    text: &str,
    link: &str,
) -> Result<(), ServerError> {
    let now = crate::room::clock::now_ms();
    store
        .insert_notification(&new_id(), account, kind.name(), text, link, now)
        .await?;
    if settings.smtp.is_none() {
        return Ok(());
    }
    let Some(email) = store.email(account).await? else {
        return Ok(());
    };
    if !(email.confirmed && email.subscribed) {
        return Ok(());
    }
    let tokens = Tokens::of_store(store).await?;
    let body = format!(
        "{text}\n\n{}{link}\n\n-- \nTo receive no more mail from this server, open:\n{}\n",
        settings.public_url,
        tokens.link(settings, "unsubscribe", account, &email.address)
    );
    store
        .queue_mail(
            &new_id(),
            account,
            &email.address,
            kind.subject(),
            &body,
            now,
        )
        .await
}

/// [`notify`], its failure logged: for the places where a notice must
/// not stop what goes on.
pub async fn notify_logged(hub: &Hub, account: &str, kind: Kind, text: &str, link: &str) {
    if let Err(e) = notify(hub, account, kind, text, link).await {
        tracing::warn!(account, "cannot notify: {e}");
    }
}

/// Why an e-mail address was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    /// Not an address.
    #[error("`{0}` is not an e-mail address (name@example.org)")]
    Malformed(String),
}

/// Checks an e-mail address: `local@domain.tld`, at most 254 characters,
/// no spaces; answers it trimmed.
///
/// # Errors
/// A malformed address.
pub fn check_address(address: &str) -> Result<String, AddressError> {
    let a = address.trim();
    let bad = || AddressError::Malformed(a.chars().take(80).collect());
    if a.len() > 254 || a.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(bad());
    }
    let (local, domain) = a.rsplit_once('@').ok_or_else(bad)?;
    let labels: Vec<&str> = domain.split('.').collect();
    if local.is_empty()
        || local.len() > 64
        || labels.len() < 2
        || labels.iter().any(|l| {
            l.is_empty()
                || l.starts_with('-')
                || l.ends_with('-')
                || !l.chars().all(|c| c.is_alphanumeric() || c == '-')
        })
    {
        return Err(bad());
    }
    a.parse::<lettre::Address>().map_err(|_| bad())?;
    Ok(a.to_string())
}

/// The signed tokens of the mails' links: `what|account|address`,
/// base64url, a dot, its HMAC-SHA-256 under the server's mail key.
pub struct Tokens {
    key: Vec<u8>,
}

impl Tokens {
    /// The tokens of `hub`'s database (its key made at first use).
    ///
    /// # Errors
    /// When the database fails.
    pub async fn of(hub: &Hub) -> Result<Tokens, ServerError> {
        Tokens::of_store(&hub.store).await
    }

    /// The tokens of a database.
    ///
    /// # Errors
    /// When the database fails.
    pub async fn of_store(store: &crate::store::Store) -> Result<Tokens, ServerError> {
        let key = store
            .setting_or("mail_key", &crate::accounts::secret())
            .await?;
        Ok(Tokens {
            key: key.into_bytes(),
        })
    }

    fn mac(&self, payload: &str) -> String {
        let mut m = <Hmac<Sha256> as Mac>::new_from_slice(&self.key)
            .unwrap_or_else(|_| unreachable!("HMAC takes any key"));
        m.update(payload.as_bytes());
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(m.finalize().into_bytes())
    }

    /// The token of `what` (`confirm`, `unsubscribe`) for `account`'s
    /// `address`.
    pub fn sign(&self, what: &str, account: &str, address: &str) -> String {
        let payload = format!("{what}|{account}|{address}");
        format!(
            "{}.{}",
            base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(&payload),
            self.mac(&payload)
        )
    }

    /// The account and address of a token of `what`, if it is ours.
    pub fn verify(&self, what: &str, token: &str) -> Option<(String, String)> {
        let (p, mac) = token.split_once('.')?;
        let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD
            .decode(p)
            .ok()?;
        let payload = String::from_utf8(payload).ok()?;
        if !crate::accounts::same(mac, &self.mac(&payload)) {
            return None;
        }
        let mut parts = payload.splitn(3, '|');
        let (w, account, address) = (parts.next()?, parts.next()?, parts.next()?);
        (w == what).then(|| (account.to_string(), address.to_string()))
    }

    /// The whole link of a token of `what`.
    pub fn link(&self, s: &MailSettings, what: &str, account: &str, address: &str) -> String {
        format!(
            "{}/api/email/{what}?token={}",
            s.public_url,
            self.sign(what, account, address)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_checked() {
        assert_eq!(
            check_address(" a.b@example.org ").unwrap(),
            "a.b@example.org"
        );
        for bad in [
            "",
            "a",
            "a@b",
            "@example.org",
            "a b@example.org",
            "a@-x.org",
            "a@x..org",
        ] {
            assert!(check_address(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn tokens_are_signed_and_typed() {
        let t = Tokens {
            key: b"key".to_vec(),
        };
        let s = t.sign("confirm", "acc", "a@example.org");
        assert_eq!(
            t.verify("confirm", &s),
            Some(("acc".into(), "a@example.org".into()))
        );
        assert_eq!(t.verify("unsubscribe", &s), None);
        let forged = s.replace('.', "x.");
        assert_eq!(t.verify("confirm", &forged), None);
        let other = Tokens {
            key: b"other".to_vec(),
        };
        assert_eq!(other.verify("confirm", &s), None);
    }
}
