//! The notifications' HTTP routes (docs/PROTOCOL.md, "Notifications and
//! e-mail"): the list and its badge, the e-mail address, and the links
//! of the mails (confirm, unsubscribe).

use std::sync::Arc;

use axum::extract::{Query, State};
use axum::response::Response;
use axum::routing::{get, post};
use axum::{Extension, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use super::{check_address, new_id, Tokens, LISTED};
use crate::accounts::posted::{posted, Asker, Posted};
use crate::accounts::{Account, ApiError, Who};
use crate::error::answer;
use crate::room::Hub;

/// The routes, to merge into the server's.
pub fn router() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/me/notifications", get(list))
        .route("/api/me/notifications/seen", post(seen))
        .route("/api/me/email", get(email).post(posted::<NewAddress>))
        .route("/api/email/confirm", get(confirm))
        .route("/api/email/unsubscribe", get(unsubscribe).post(unsubscribe))
}

/// The account of a request, or the refusal.
pub(crate) fn registered(who: &Who) -> Result<&Account, ApiError> {
    who.account.as_ref().ok_or_else(|| {
        ApiError::Unauthorized(
            "notifications are for registered players: log in (POST /api/login) or register (POST /api/accounts)"
                .into(),
        )
    })
}

/// The id of the account of a request, or the refusal.
pub(crate) fn account(who: &Who) -> Result<&str, ApiError> {
    registered(who).map(|a| a.id.as_str())
}

/// Whether the server sends mail, in words for the page.
fn mail_state(hub: &Hub) -> serde_json::Value {
    let on = hub.config.mail.smtp.is_some();
    json!({
        "enabled": on,
        "note": if on { "" } else { "this server sends no e-mail (its operator did not set up --smtp)" },
    })
}

/// `GET /api/me/notifications`: the latest notices, how many are unseen
/// (the badge) and whether the server sends mail.
async fn list(State(hub): State<Arc<Hub>>, Extension(who): Extension<Who>) -> Response {
    let r = async {
        let a = account(&who)?;
        let n = hub.store.notifications(a, LISTED).await?;
        let unseen = n.iter().filter(|x| !x.seen).count();
        Ok::<_, ApiError>(json!({ "unseen": unseen, "notifications": n, "mail": mail_state(&hub) }))
    }
    .await;
    answer(r)
}

/// `POST /api/me/notifications/seen`: every notice marked seen.
async fn seen(State(hub): State<Arc<Hub>>, Extension(who): Extension<Who>) -> Response {
    let r = async {
        hub.store.mark_notifications_seen(account(&who)?).await?;
        Ok::<_, ApiError>(json!({ "unseen": 0 }))
    }
    .await;
    answer(r)
}

/// `GET /api/me/email`: the account's address and its state.
async fn email(State(hub): State<Arc<Hub>>, Extension(who): Extension<Who>) -> Response {
    let r = async {
        let e = hub.store.email(account(&who)?).await?;
        Ok::<_, ApiError>(json!({
            "address": e.as_ref().map(|e| e.address.clone()),
            "confirmed": e.as_ref().is_some_and(|e| e.confirmed),
            "subscribed": e.as_ref().is_some_and(|e| e.subscribed),
            "mail": mail_state(&hub),
        }))
    }
    .await;
    answer(r)
}

/// The body of `POST /api/me/email`: sets the address (a confirmation
/// mail is sent to it; no other mail until its link is opened), or
/// forgets it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewAddress {
    /// The address; empty: forget it.
    address: String,
}

impl Posted for NewAddress {
    const EXAMPLE: &'static str = r#"{"address": "name@example.org"}"#;
    const ASKER: Asker = registered;

    async fn run(self, hub: &Hub, account: &Account) -> Result<Value, ApiError> {
        let a = account.id.as_str();
        if self.address.trim().is_empty() {
            hub.store.set_email(a, None).await?;
            return Ok(json!({ "address": null }));
        }
        let address = check_address(&self.address).map_err(|e| ApiError::Bad(e.to_string()))?;
        let settings = &hub.config.mail;
        if settings.smtp.is_none() {
            return Err(ApiError::Bad(
                "this server sends no e-mail (its operator did not set up --smtp): no address is kept"
                    .into(),
            ));
        }
        hub.store.set_email(a, Some(&address)).await?;
        let tokens = Tokens::of(hub).await?;
        let body = format!(
            "Someone (you, we hope) gave this address to the account `{}` of {}.\n\nTo receive its notices by e-mail, confirm the address:\n{}\n\nIf it was not you, do nothing: no other mail will come.\n",
            account.name,
            settings.public_url,
            tokens.link(settings, "confirm", a, &address)
        );
        hub.store
            .queue_mail(
                &new_id(),
                a,
                &address,
                "Confirm your e-mail address",
                &body,
                crate::room::clock::now_ms(),
            )
            .await?;
        Ok(json!({ "address": address, "confirmed": false }))
    }
}

/// The query of the mails' links.
#[derive(Debug, Deserialize)]
struct TokenQuery {
    #[serde(default)]
    token: String,
}

/// `GET /api/email/confirm?token=…`: the link of the confirmation mail.
async fn confirm(State(hub): State<Arc<Hub>>, Query(q): Query<TokenQuery>) -> Response {
    follow(&hub, "confirm", &q.token, true).await
}

/// `GET` or `POST /api/email/unsubscribe?token=…`: the one-click link of
/// every mail.
async fn unsubscribe(State(hub): State<Arc<Hub>>, Query(q): Query<TokenQuery>) -> Response {
    follow(&hub, "unsubscribe", &q.token, false).await
}

async fn follow(hub: &Hub, what: &str, token: &str, confirm: bool) -> Response {
    let r = async {
        let tokens = Tokens::of(hub).await?;
        let (account, address) = tokens.verify(what, token).ok_or_else(|| {
            ApiError::Bad(format!("this {what} link is not valid (copied whole?)"))
        })?;
        if !hub.store.update_email(&account, &address, confirm).await? {
            return Err(ApiError::NotFound(format!(
                "{address} is not the address of this account any more"
            )));
        }
        Ok(json!({
            "address": address,
            "done": if confirm { "confirmed: the notices will be sent to it" } else { "unsubscribed: no more mail will be sent to it" },
        }))
    }
    .await;
    answer(r)
}
