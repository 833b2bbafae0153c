//! API tokens and bot accounts (issue 39, item 4; docs/PROTOCOL.md,
//! "The bot API"; docs/SECURITY.md, "API tokens").
//!
//! - An API token is `ttb_` and 64 hex digits (32 random bytes from the
//!   operating system). It is shown once, when made on the account page
//!   (`POST /api/account/tokens`); the database keeps only its SHA-256
//!   ([`super::session_key`]), as it does for sessions, and a short
//!   public id to list and revoke it (`DELETE /api/account/tokens/ID`).
//! - A request with `Authorization: Bearer TOKEN` acts for the token's
//!   account ([`bearer_account`], read by [`super::routes::identify`]): a
//!   token that is malformed, unknown or revoked is refused with 401
//!   before any work. Such a request carries no cookie identity.
//! - Tokens are made, listed and revoked only with the session cookie of
//!   the account page (never with a token: a leaked token cannot make
//!   more), and those routes keep the cross-origin checks of every
//!   cookie-authenticated change (`crate::guard`).
//! - An account is marked as a bot on its page or when a token is made
//!   with `"bot": true`; the mark stays.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::{delete, get, post};
use axum::{Extension, Router};
use rand::RngCore;
use serde::Deserialize;
use serde_json::{json, Value};

use super::posted::{posted, Asker, Posted};
use super::{session_key, Account, ApiError, Who};
use crate::error::answer;
use crate::room::Hub;

/// The prefix of an API token.
pub const TOKEN_PREFIX: &str = "ttb_";
/// API tokens an account holds at most.
pub const TOKENS_PER_ACCOUNT: usize = 10;
/// The longest label of a token (characters).
pub const LABEL_CHARS: usize = 40;

/// The routes of the account page's tokens and bot mark.
pub fn router() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/account/tokens", get(list).post(posted::<NewToken>))
        .route("/api/account/tokens/{id}", delete(revoke))
        .route("/api/account/bot", post(posted::<BotMark>))
}

/// A new API token: `ttb_` and 32 random bytes in hex.
pub fn new_token() -> String {
    let mut b = [0u8; 32];
    rand::rngs::OsRng.fill_bytes(&mut b);
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    format!("{TOKEN_PREFIX}{hex}")
}

/// Whether `t` reads as an API token (before any lookup).
pub fn is_token(t: &str) -> bool {
    t.strip_prefix(TOKEN_PREFIX)
        .is_some_and(|h| h.len() == 64 && h.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// A token's public id: 8 hex digits.
fn public_id() -> String {
    let mut b = [0u8; 4];
    rand::rngs::OsRng.fill_bytes(&mut b);
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// The refusal of a bad bearer token.
pub const BAD_TOKEN: &str = "unknown or revoked API token: make one on your account page (POST /api/account/tokens) and send it as `Authorization: Bearer ttb_…`";

/// The account of a request's `Authorization: Bearer TOKEN`: `Ok(None)`
/// without such a header (or with another scheme, e.g. a proxy's Basic).
///
/// # Errors
/// 401 ([`ApiError::Unauthorized`]) for a token malformed, unknown or
/// revoked; the database failed.
pub async fn bearer_account(hub: &Hub, headers: &HeaderMap) -> Result<Option<Account>, ApiError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let value = value.to_str().unwrap_or("").trim();
    let Some((scheme, token)) = value.split_once(' ') else {
        return Err(ApiError::Unauthorized(BAD_TOKEN.into()));
    };
    if !scheme.eq_ignore_ascii_case("bearer") {
        // Another scheme (a proxy's Basic authentication) is not ours.
        return Ok(None);
    }
    let token = token.trim();
    if !is_token(token) {
        return Err(ApiError::Unauthorized(BAD_TOKEN.into()));
    }
    match hub.store.token_account(&session_key(token)).await? {
        Some(row) => Ok(Some(Account::from(row))),
        None => Err(ApiError::Unauthorized(BAD_TOKEN.into())),
    }
}

/// The account of the session cookie, for the account page's routes (not
/// a token's).
fn page_account(who: &Who) -> Result<&Account, ApiError> {
    match (&who.account, &who.session) {
        (Some(a), Some(_)) => Ok(a),
        (Some(_), None) => Err(ApiError::Forbidden(
            "API tokens are made and revoked on the account page, logged in, not with a token"
                .into(),
        )),
        _ => Err(ApiError::Unauthorized(
            "log in first (POST /api/login): API tokens belong to an account".into(),
        )),
    }
}

/// `POST /api/account/tokens`: the body (none: a token labelled `bot`).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewToken {
    /// What the token is for (shown in the list).
    #[serde(default)]
    label: Option<String>,
    /// Marks the account as a bot.
    #[serde(default)]
    bot: bool,
}

/// `POST /api/account/bot` `{"bot": true}`: marks the account as a bot.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct BotMark {
    bot: bool,
}

async fn list(State(hub): State<Arc<Hub>>, Extension(who): Extension<Who>) -> Response {
    let run = async {
        let a = page_account(&who)?;
        let tokens = hub.store.api_tokens_of(&a.id).await?;
        let bot = hub.store.is_bot(&a.id).await?;
        Ok::<_, ApiError>(json!({ "name": a.name, "bot": bot, "tokens": tokens }))
    };
    answer(run.await)
}

impl Posted for NewToken {
    const EXAMPLE: &'static str = r#"{"label": "…", "bot": true}"#;
    const ASKER: Asker = page_account;
    const STATUS: StatusCode = StatusCode::CREATED;

    fn empty() -> Option<Self> {
        Some(NewToken::default())
    }

    async fn run(self, hub: &Hub, a: &Account) -> Result<Value, ApiError> {
        let label = crate::labels::clean_name(self.label.as_deref(), "");
        let label: String = label.chars().take(LABEL_CHARS).collect();
        let label = if label.is_empty() {
            "bot".to_string()
        } else {
            label
        };
        if hub.store.api_tokens_of(&a.id).await?.len() >= TOKENS_PER_ACCOUNT {
            return Err(ApiError::Taken(format!(
                "an account holds at most {TOKENS_PER_ACCOUNT} API tokens: revoke one first"
            )));
        }
        if self.bot {
            hub.store.mark_bot(&a.id).await?;
        }
        let token = new_token();
        let id = public_id();
        hub.store
            .insert_api_token(&id, &session_key(&token), &a.id, &label)
            .await?;
        let bot = hub.store.is_bot(&a.id).await?;
        Ok(json!({
            "id": id,
            "token": token,
            "label": label,
            "name": a.name,
            "bot": bot,
            "shown": "once: keep it now, the server keeps only its hash",
        }))
    }
}

async fn revoke(
    State(hub): State<Arc<Hub>>,
    Extension(who): Extension<Who>,
    Path(id): Path<String>,
) -> Response {
    let run = async {
        let a = page_account(&who)?;
        if !hub.store.delete_api_token(&a.id, id.trim()).await? {
            return Err(ApiError::NotFound(format!(
                "you hold no API token `{}`",
                id.trim()
            )));
        }
        Ok::<_, ApiError>(json!({ "id": id.trim(), "revoked": true }))
    };
    answer(run.await)
}

impl Posted for BotMark {
    const EXAMPLE: &'static str = r#"{"bot": true}"#;
    const ASKER: Asker = page_account;

    async fn run(self, hub: &Hub, a: &Account) -> Result<Value, ApiError> {
        if !self.bot {
            if hub.store.is_bot(&a.id).await? {
                return Err(ApiError::Bad(
                    "a bot account stays a bot: its games were played as a bot's".into(),
                ));
            }
            return Ok(json!({ "name": a.name, "bot": false }));
        }
        hub.store.mark_bot(&a.id).await?;
        Ok(json!({ "name": a.name, "bot": true }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_32_random_bytes_and_stored_hashed() {
        let t = new_token();
        assert!(is_token(&t), "{t}");
        assert_ne!(t, new_token());
        assert!(!is_token("ttb_00"));
        assert!(!is_token(&t[TOKEN_PREFIX.len()..]));
        let h = session_key(&t);
        assert_eq!(h.len(), 64);
        assert!(!h.contains(&t[TOKEN_PREFIX.len()..]));
    }
}
