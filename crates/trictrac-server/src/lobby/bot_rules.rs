//! A bot never plays a rated game against a person unless the person
//! allows it (issue 39): a person's rated challenge is accepted by a bot
//! only when it was posted with `"allow_bots": true`, and a bot's rated
//! challenge is accepted by a person only with `"allow_bots": true` in
//! the acceptance. Otherwise the accept is refused (403) and nothing
//! changes. Two bots, or two people, play rated as before.
//!
//! The lobby lists a bot's challenges with `"bot": true` and those that
//! allow bots with `"allow_bots": true` (both absent otherwise).

use serde_json::{json, Value};

use crate::accounts::ApiError as LobbyError;
use crate::accounts::Who;
use crate::room::Hub;
use crate::store::SeekBots;

/// What a seek posted by `by` carries for the bot API.
///
/// # Errors
/// When the database fails.
pub async fn flags(hub: &Hub, by: &Who, allow_bots: bool) -> Result<SeekBots, LobbyError> {
    let poster_bot = match by.account_id() {
        Some(a) => hub.store.is_bot(a).await?,
        None => false,
    };
    Ok(SeekBots {
        poster_bot,
        allow_bots,
    })
}

/// Adds the marks of `f` to a seek as listed.
pub fn mark(v: &mut Value, f: SeekBots) {
    if f.poster_bot {
        v["bot"] = json!(true);
    }
    if f.allow_bots {
        v["allow_bots"] = json!(true);
    }
}

/// Adds their marks to the seeks `read` (listed by code), in one query.
///
/// # Errors
/// When the database fails.
pub async fn mark_listed(
    hub: &Hub,
    read: &mut std::collections::HashMap<String, Value>,
) -> Result<(), LobbyError> {
    if read.is_empty() {
        return Ok(());
    }
    let ids: Vec<String> = read.keys().cloned().collect();
    for (id, f) in hub.store.seek_bots(&ids).await? {
        if let Some(v) = read.get_mut(&id) {
            mark(v, f);
        }
    }
    Ok(())
}

/// Checks that `by` may accept seek `id` as far as bots go (module
/// documentation); `allow_bots`: the acceptance allows a bot opponent.
///
/// # Errors
/// A rated game between a bot and a person who did not allow it (403);
/// the database failed.
pub async fn may_accept(hub: &Hub, id: &str, by: &Who, allow_bots: bool) -> Result<(), LobbyError> {
    let Some((_, poster, true)) = hub.store.seek_owner(id).await? else {
        return Ok(());
    };
    let poster_bot = match &poster {
        Some(a) => hub.store.is_bot(a).await?,
        None => false,
    };
    let accepter_bot = match by.account_id() {
        Some(a) => hub.store.is_bot(a).await?,
        None => false,
    };
    if accepter_bot && !poster_bot {
        let allowed = hub
            .store
            .seek_bots(&[id.to_string()])
            .await?
            .first()
            .is_some_and(|(_, f)| f.allow_bots);
        if !allowed {
            return Err(LobbyError::Forbidden(format!(
                "challenge {id} is rated and its poster did not allow bots: a bot plays a rated game against a person only if the person allows it (a challenge posted with \"allow_bots\": true)"
            )));
        }
    }
    if poster_bot && !accepter_bot && !allow_bots {
        return Err(LobbyError::Forbidden(format!(
            "challenge {id} is a bot's and rated: accept it with \"allow_bots\": true to play a rated game against a bot, or choose another challenge"
        )));
    }
    Ok(())
}
