//! What the lobby asks of accounts: who may post and accept a rated
//! seek, and who sits where once a seek is accepted (the players' game
//! history, the rated game to settle).
//!
//! A rated seek (`"rated": true`) is posted and accepted only by
//! registered, logged-in players, two different accounts; anyone else
//! is refused (posting: 400, as every malformed seek; accepting: 403)
//! and nothing changes.

use super::LobbyError;
use crate::room::Hub;
use crate::store::RatedRow;

use crate::accounts::Who;

/// Checks that `who` may post a seek rated or not; answers the name to
/// show (the account's, when logged in: nobody plays under a registered
/// player's name).
///
/// # Errors
/// A rated seek from a player not logged in.
pub fn may_post(
    who: &Who,
    rated: bool,
    name: Option<String>,
) -> Result<Option<String>, LobbyError> {
    match &who.account {
        Some(a) => Ok(Some(a.name.clone())),
        None if rated => Err(LobbyError::Bad(
            "a rated challenge is for registered players: log in (POST /api/login) or register (POST /api/accounts) first, or post it with \"rated\": false".into(),
        )),
        None => Ok(name),
    }
}

/// Checks the name an anonymous player typed (issue 34: anyone could
/// sit as `Alice`, a registered player, or as `Expert (bot)`): refused
/// when it has a registered account's skeleton ([`super::names`]) or
/// names a bot. Answers it cleaned.
///
/// # Errors
/// The name belongs to a registered player or a bot; the database failed.
pub async fn guest_name(hub: &Hub, name: &str) -> Result<String, LobbyError> {
    let skeleton = crate::accounts::names::skeleton(name);
    if skeleton.contains("(bot") || skeleton.contains("[bot") {
        return Err(LobbyError::Bad(format!(
            "`{name}` is a bot's name: choose another"
        )));
    }
    if hub.store.account_by_skeleton(&skeleton).await?.is_some() {
        return Err(LobbyError::Bad(format!(
            "`{name}` is a registered player's name (or looks like one): log in to play under it, or choose another"
        )));
    }
    Ok(name.to_string())
}

/// The name a player sits under: the account's when logged in, else
/// `typed` cleaned ([`crate::labels::clean_name`], `empty` when nothing
/// is left) and checked ([`guest_name`]).
///
/// # Errors
/// See [`guest_name`].
pub async fn seat_name(
    hub: &Hub,
    account: Option<&crate::accounts::Account>,
    typed: Option<&str>,
    empty: &str,
) -> Result<String, LobbyError> {
    if let Some(a) = account {
        return Ok(a.name.clone());
    }
    let name = crate::labels::clean_name(typed, empty);
    if name == empty {
        return Ok(name);
    }
    guest_name(hub, &name).await
}

/// Records who posted seek `id` and whether it is rated.
///
/// # Errors
/// When the database fails.
pub async fn posted(hub: &Hub, id: &str, who: &Who, rated: bool) -> Result<(), LobbyError> {
    hub.store
        .insert_seek_owner(id, who.identity.as_deref(), who.account_id(), rated)
        .await?;
    Ok(())
}

/// Checks that `who` may accept seek `id` (a rated one: logged in, and
/// not the poster's account); answers the name to show.
///
/// # Errors
/// A rated seek accepted by a player not logged in, or by its poster.
pub async fn may_accept(
    hub: &Hub,
    id: &str,
    who: &Who,
    name: Option<String>,
) -> Result<Option<String>, LobbyError> {
    let owner = hub.store.seek_owner(id).await?;
    let rated = owner.as_ref().is_some_and(|o| o.2);
    if rated {
        let Some(account) = &who.account else {
            return Err(LobbyError::Forbidden(format!(
                "challenge {id} is rated: log in (POST /api/login) or register (POST /api/accounts) to accept it"
            )));
        };
        if owner.as_ref().and_then(|o| o.1.as_deref()) == Some(account.id.as_str()) {
            return Err(LobbyError::Bad(format!(
                "challenge {id} is your own: a rated game is played against someone else"
            )));
        }
    }
    // One's own seek, rated or not, is not accepted from the browser (or
    // the account) that posted it, token or no token (issue 34).
    let mine = owner.as_ref().is_some_and(|(identity, account, _)| {
        (identity.is_some() && identity.as_deref() == who.identity.as_deref())
            || (account.is_some() && account.as_deref() == who.account_id())
    });
    if mine {
        return Err(LobbyError::Bad(format!(
            "challenge {id} is your own: wait for someone to accept it, or cancel it"
        )));
    }
    Ok(match &who.account {
        Some(a) => Some(a.name.clone()),
        None => name,
    })
}

/// Records who sits where in the game of accepted seek `id`, from the
/// lobby's `answer` (its `room`, `game` and `side`): `who` (the accepting
/// player) on `side`, the poster on the other; a rated seek's game is
/// recorded to be rated when it ends.
///
/// # Errors
/// When the database fails.
pub async fn seated(
    hub: &Hub,
    id: &str,
    answer: &serde_json::Value,
    who: &Who,
) -> Result<(), LobbyError> {
    let (Some(room), Some(game), Some(side)) = (
        answer["room"].as_str(),
        answer["game"].as_str(),
        match answer["side"].as_str() {
            Some("white") => Some(tables::Side::White),
            Some("black") => Some(tables::Side::Black),
            _ => None,
        },
    ) else {
        return Ok(());
    };
    let owner = hub.store.seek_owner(id).await?;
    hub.store
        .record_player(room, side.name(), who.identity.as_deref(), who.account_id())
        .await?;
    let Some((identity, account, rated)) = owner else {
        return Ok(());
    };
    // The poster told his challenge was accepted (issue 39).
    if let Some(poster) = account.as_deref() {
        let by = who.account.as_ref().map_or("a guest", |a| a.name.as_str());
        crate::notify::notify_logged(
            hub,
            poster,
            crate::notify::Kind::ChallengeAccepted,
            &format!("Your challenge {id} was accepted by {by}: game {room}."),
            &format!("/?room={room}"),
        )
        .await;
    }
    hub.store
        .record_player(
            room,
            (!side).name(),
            identity.as_deref(),
            account.as_deref(),
        )
        .await?;
    if let (true, Some(poster), Some(accepting)) = (rated, account, who.account_id()) {
        let (white, black) = match side {
            tables::Side::White => (accepting.to_string(), poster),
            tables::Side::Black => (poster, accepting.to_string()),
        };
        hub.store
            .insert_rated_game(&RatedRow {
                game_id: room.to_string(),
                // Correspondence has its own rating (issue 39).
                game: crate::correspondence::rating_key(
                    game,
                    hub.store.seek_clock(id).await?.as_deref(),
                ),
                white,
                black,
            })
            .await?;
    }
    Ok(())
}
