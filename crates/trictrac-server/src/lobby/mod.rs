//! The lobby (issue 26, first slice): open challenges ("seeks") anyone
//! may accept, and the games in progress that can be watched — for every
//! game of the registry, written once over [`crate::games::RoomGame`].
//!
//! A seek is a row of the database (`crate::store::SeekRow`), so several
//! server instances on one PostgreSQL database list the same seeks and
//! exactly one accept of a seek wins ([`crate::store::Store::close_seek`]).
//! Accepting makes an online room with both seats taken: the accepting
//! player gets his seat token in the answer, the poster his own on his
//! lobby socket ([`socket`]), or when he asks after his seek with his
//! token.
//!
//! The lobby changes live: every instance keeps a snapshot and sends its
//! differences to the lobby sockets ([`feed`]), across instances on
//! PostgreSQL. A seek stands while its poster is there ([`feed::POSTER_GRACE`])
//! and for at most [`feed::SEEK_LIFETIME`]. The bots have a standing
//! challenge each ([`bots`]). A seek may carry a clock, started when it is
//! accepted (`crate::room::timing`).
//! Rated seeks are for registered, logged-in players
//! (`crate::lobby::accounts`); who sits where is recorded for the
//! players' histories.

pub mod accounts;
pub(crate) mod bot_rules;
pub mod bots;
pub mod feed;
pub mod messages;
pub mod routes;
pub mod socket;

use std::sync::Arc;

use rand::RngCore;
use serde::Deserialize;
use serde_json::{json, Value};
use tables::Side;

use crate::accounts::Who;
use crate::room::{Hub, Mode};

/// The lobby of a server (issue 36: the rooms do not know it): the
/// rooms' [`Hub`] and the feed of the lobby's changes ([`feed::Feed`]).
/// It reads as the hub it holds.
pub struct Lobby {
    /// The rooms, the store and the settings.
    pub hub: Arc<Hub>,
    /// The seeks and live games sent to the lobby's sockets.
    pub feed: feed::Feed,
}

impl Lobby {
    /// The lobby of `hub`.
    pub fn new(hub: Arc<Hub>) -> Lobby {
        Lobby {
            hub,
            feed: feed::Feed::new(),
        }
    }
}

impl std::ops::Deref for Lobby {
    type Target = Hub;
    fn deref(&self) -> &Hub {
        &self.hub
    }
}
use crate::store::{now, LiveRow, SeekRow};

/// Open seeks listed at most.
pub const SEEKS_LISTED: i64 = 1000;
/// Games in progress listed at most.
pub const LIVE_LISTED: i64 = 300;
/// A game in progress is listed while it moved in the last this many
/// seconds (an abandoned game drops out of the list).
pub const LIVE_SINCE: i64 = 6 * 3600;

/// Why a lobby request was refused: a refusal of the JSON API, with its
/// HTTP status, as the accounts' ([`crate::accounts::ApiError`]).
pub type LobbyError = crate::accounts::ApiError;

/// `POST /api/seeks`: the challenge posted.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewSeek {
    /// The game: a name of the registry (`trictrac`, `backgammon`).
    pub game: String,
    /// The game's option words (as `trictrac play --rules`, or the
    /// backgammon rules); empty: the game's defaults.
    #[serde(default)]
    pub rules: String,
    /// The match length (backgammon, 0 for a money game).
    #[serde(default, rename = "match")]
    pub length: u32,
    /// Rated: only between registered, logged-in players
    /// (`crate::lobby::accounts`).
    #[serde(default)]
    pub rated: bool,
    /// The poster's name.
    #[serde(default)]
    pub name: Option<String>,
    /// The clock of the game, if any: `{"kind": "move", "seconds": S}`
    /// or `{"kind": "total", "minutes": M, "increment": I}`
    /// (`crate::room::clock`).
    #[serde(default)]
    pub clock: Option<crate::room::ClockSpec>,
    /// A rated seek a bot may accept (`bot_rules`).
    #[serde(default)]
    pub allow_bots: bool,
}

/// `POST /api/seeks/ID/accept`: who accepts (both optional).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Acceptance {
    /// The accepting player's name.
    #[serde(default)]
    pub name: Option<String>,
    /// A seek token the accepting player holds: his own seek's is refused.
    #[serde(default)]
    pub token: Option<String>,
    /// For a standing bot challenge (`BOT-GAME`): the bot to play, by
    /// name or level (by default the standing one).
    #[serde(default)]
    pub bot: Option<String>,
    /// A rated game against a bot's seek allowed
    /// (`bot_rules`).
    #[serde(default)]
    pub allow_bots: bool,
}

/// A secret token: 16 random bytes from the operating system, in hex.
fn token() -> String {
    let mut b = [0u8; 16];
    rand::rngs::OsRng.fill_bytes(&mut b);
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// A seek's code: 8 letters and digits easy to read.
fn code() -> String {
    const CODE: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    let mut b = [0u8; 8];
    rand::rngs::OsRng.fill_bytes(&mut b);
    b.iter()
        .map(|x| CODE[*x as usize % CODE.len()] as char)
        .collect()
}

/// Compares two tokens in time independent of where they differ.
fn same_token(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The option words of a seek, checked by the game's own parser and
/// written back as the game writes them.
fn options_of(hub: &Lobby, seek: &NewSeek) -> Result<String, LobbyError> {
    let names = hub.config.games.names();
    if !names.contains(&seek.game.as_str()) {
        return Err(LobbyError::Bad(format!(
            "unknown game `{}`: the game is {}",
            seek.game,
            names.join(" or ")
        )));
    }
    if seek.rules.len() > 400 {
        return Err(LobbyError::Bad("the rules words are too long".into()));
    }
    let mut words = seek.rules.trim().to_string();
    if seek.length > 0 {
        words = format!("{words} match={}", seek.length);
    }
    let game = hub
        .config
        .games
        .make(&seek.game, &words)
        .map_err(|e| LobbyError::Bad(format!("{} rules `{}`: {e}", seek.game, words.trim())))?;
    Ok(game.options_words())
}

/// Posts a seek; answers its code and the poster's token.
///
/// # Errors
/// Bad input, or the database failed.
pub async fn post(hub: &Lobby, seek: NewSeek, by: &Who) -> Result<Value, LobbyError> {
    let name = crate::lobby::accounts::may_post(by, seek.rated, seek.name.clone())?;
    let options = options_of(hub, &seek)?;
    if let Some(c) = &seek.clock {
        c.check().map_err(|e| LobbyError::Bad(e.to_string()))?;
    }
    let mut row = SeekRow {
        id: String::new(),
        game: seek.game.clone(),
        options,
        name: crate::lobby::accounts::seat_name(
            hub,
            by.account.as_ref(),
            name.as_deref(),
            "player",
        )
        .await?,
        token: token(),
        state: "open".into(),
        room: None,
        seat_token: None,
        seat_side: None,
        created: now(),
        clock: seek.clock.map(|c| json!(c).to_string()),
        rated: seek.rated,
    };
    let bots = bot_rules::flags(hub, by, seek.allow_bots).await?;
    for _ in 0..20 {
        row.id = code();
        if hub.store.insert_seek(&row).await? {
            // This instance's lobby at once, the others told.
            hub.store.insert_seek_bots(&row.id, bots).await?;
            let mut listed = public(&row);
            bot_rules::mark(&mut listed, bots);
            hub.feed
                .apply(vec![(row.id.clone(), listed)], Vec::new(), Vec::new())
                .await;
            hub.store.announce_lobby().await;
            crate::lobby::accounts::posted(hub, &row.id, by, seek.rated).await?;
            return Ok(json!({ "id": row.id, "token": row.token }));
        }
    }
    Err(LobbyError::Storage(
        "cannot find a free challenge code".into(),
    ))
}

/// A seek as listed (no tokens).
fn public(s: &SeekRow) -> Value {
    json!({
        "id": s.id,
        "game": s.game,
        "rules": s.options,
        "match": match_length(&s.options),
        "name": s.name,
        "state": s.state,
        "created": s.created,
        "clock": clock_of(s),
        "rated": s.rated,
    })
}

/// The clock a seek asked for (as posted).
fn clock_of(s: &SeekRow) -> Option<crate::room::ClockSpec> {
    serde_json::from_str(s.clock.as_deref()?).ok()
}

/// The `match=N` of option words (0 when none: a money game, or a game
/// without matches).
fn match_length(options: &str) -> u32 {
    options
        .split_whitespace()
        .find_map(|w| w.strip_prefix("match=")?.parse().ok())
        .unwrap_or(0)
}

async fn open_seek(hub: &Lobby, id: &str) -> Result<SeekRow, LobbyError> {
    let id = id.trim().to_ascii_uppercase();
    hub.store
        .seek(&id)
        .await?
        .ok_or_else(|| LobbyError::NotFound(format!("no challenge has the code `{id}`")))
}

/// A seek; with the poster's token, once accepted, his room and seat.
///
/// # Errors
/// No such seek, or the database failed.
pub async fn show(hub: &Lobby, id: &str, token: Option<&str>) -> Result<Value, LobbyError> {
    if let Some(game) = bots::game_of(hub, id) {
        return Ok(bots::show(hub, &game));
    }
    let s = open_seek(hub, id).await?;
    let mut v = public(&s);
    v["room"] = json!(s.room);
    if let Some(t) = token {
        if !same_token(t, &s.token) {
            return Err(LobbyError::Forbidden(format!(
                "this token is not the one of challenge {}",
                s.id
            )));
        }
        v["token"] = json!(s.seat_token);
        v["side"] = json!(s.seat_side);
        // The poster asking after his seek is there: it stands.
        if s.state == "open" {
            hub.store.touch_seeks(std::slice::from_ref(&s.id)).await?;
        }
    }
    Ok(v)
}

/// Cancels an open seek with its token.
///
/// # Errors
/// No such seek, the wrong token, not open any more.
pub async fn cancel(hub: &Lobby, id: &str, token: &str) -> Result<Value, LobbyError> {
    let s = open_seek(hub, id).await?;
    if !same_token(token, &s.token) {
        return Err(LobbyError::Forbidden(format!(
            "only the player who posted challenge {} may cancel it (with its token)",
            s.id
        )));
    }
    if !hub.store.close_seek(&s.id, "cancelled").await? {
        return Err(LobbyError::Taken(format!(
            "challenge {} is not open any more",
            s.id
        )));
    }
    hub.feed
        .apply(Vec::new(), vec![s.id.clone()], Vec::new())
        .await;
    hub.store.announce_lobby().await;
    Ok(json!({ "id": s.id, "state": "cancelled" }))
}

/// Accepts an open seek: exactly one of concurrent accepts wins; it makes
/// the online room, both seats taken, and answers the room and the
/// accepting player's seat.
///
/// # Errors
/// No such seek, one's own, taken or cancelled already, the game could
/// not be made.
pub async fn accept(
    hub: &Arc<Lobby>,
    id: &str,
    who: Acceptance,
    by: &Who,
) -> Result<Value, LobbyError> {
    if let Some(game) = bots::game_of(hub, id) {
        return bots::accept(&hub.hub, &game, who, by).await;
    }
    let s = open_seek(hub, id).await?;
    if who
        .token
        .as_deref()
        .is_some_and(|t| same_token(t, &s.token))
    {
        return Err(LobbyError::Bad(format!(
            "challenge {} is your own: wait for someone to accept it, or cancel it",
            s.id
        )));
    }
    let name = crate::lobby::accounts::may_accept(hub, &s.id, by, who.name.clone()).await?;
    bot_rules::may_accept(hub, &s.id, by, who.allow_bots).await?;
    let seated_as =
        crate::lobby::accounts::seat_name(hub, by.account.as_ref(), name.as_deref(), "guest")
            .await?;
    if s.state != "open" || !hub.store.close_seek(&s.id, "taken").await? {
        return Err(LobbyError::Taken(format!(
            "challenge {} was taken by someone else or cancelled: choose another",
            s.id
        )));
    }
    // Taken: out of this instance's list at once.
    hub.feed
        .apply(Vec::new(), vec![s.id.clone()], Vec::new())
        .await;
    // Who holds each seat (and the rated game) recorded before the seek
    // names its room: from then on the poster can be told of the game and
    // act in it at once (a bot through the bots' API, whose seat is
    // checked against these records).
    let made = async {
        let (v, live, poster_token, poster_side) = seat_both(hub, &s, &seated_as).await?;
        let seated = crate::lobby::accounts::seated(hub, &s.id, &v, by).await;
        hub.store
            .settle_seek(&s.id, &live.id, &poster_token, poster_side.name())
            .await?;
        Ok::<_, LobbyError>((v, live, seated))
    };
    match made.await {
        Ok((v, live, seated)) => {
            let entry = live_value(hub, Some(&hub.feed), &live).await;
            hub.feed
                .apply(Vec::new(), Vec::new(), vec![(live.id, entry)])
                .await;
            // The others told; this instance looks again (the poster's
            // socket is told of his game).
            hub.feed.changed(hub).await;
            seated?;
            Ok(v)
        }
        Err(e) => {
            // The game could not be made or named on the seek: the seek
            // stays open for others.
            if let Err(r) = hub.store.reopen_seek(&s.id).await {
                tracing::error!(seek = %s.id, "{r}");
            }
            hub.feed.changed(hub).await;
            Err(e)
        }
    }
}

/// The room of an accepted seek: the poster on a random side, the
/// accepting player on the other. Returns the accepting player's answer,
/// the live game, and the poster's token and side, which the caller
/// writes on the seek ([`Store::settle_seek`](crate::store::Store::settle_seek))
/// once the seats are recorded.
async fn seat_both(
    hub: &Arc<Lobby>,
    s: &SeekRow,
    name: &str,
) -> Result<(Value, LiveRow, String, Side), LobbyError> {
    let (room, poster_token) = hub
        .hub
        .create(
            Mode::Online,
            &s.game,
            &s.options,
            None,
            None,
            s.name.clone(),
        )
        .await
        .map_err(|e| LobbyError::Storage(format!("the game could not be made: {e}")))?;
    let (live, poster_side, side, token) = {
        let mut r = room.lock().await;
        let seats = hub
            .take_free_seat(&mut r, name, &[])
            .await
            .map_err(|e| LobbyError::Storage(e.to_string()))?;
        let Some(&side) = seats.first() else {
            return Err(LobbyError::Storage("the game has no free seat".into()));
        };
        let token = match side {
            Side::White => r.row.white_token.clone(),
            Side::Black => r.row.black_token.clone(),
        };
        // Its clock and the idle rule (`crate::room::timing`).
        hub.start_timing(&mut r, clock_of(s))
            .await
            .map_err(|e| LobbyError::Storage(e.to_string()))?;
        r.broadcast();
        let live = LiveRow {
            id: r.row.id.clone(),
            game: r.row.game.clone(),
            white: r.row.white_name.clone(),
            black: r.row.black_name.clone(),
            created: r.row.created,
        };
        (live, !side, side, token)
    };
    let code = live.id.clone();
    drop(room);
    let v = json!({
        "seek": s.id,
        "room": code,
        "game": s.game,
        "token": token,
        "side": side.name(),
    });
    Ok((v, live, poster_token, poster_side))
}

/// `GET /api/lobby`: the open seeks, the games in progress that can
/// be watched (with their spectators and score when this instance holds
/// them), and the bots' standing challenges ([`bots::standing`]).
///
/// # Errors
/// When the database fails.
pub async fn lobby(hub: &Arc<Lobby>) -> Result<Value, LobbyError> {
    let (seeks, live) = listing(hub, Some(&hub.feed)).await?;
    Ok(json!({
        "seeks": seeks.into_iter().map(|(_, v)| v).collect::<Vec<_>>(),
        "live": live.into_iter().map(|(_, v)| v).collect::<Vec<_>>(),
        "bots": bots::standing(hub),
        "tournaments": crate::tournaments::listed(&hub.hub)
            .await?
            .into_iter()
            .map(|(_, v)| v)
            .collect::<Vec<_>>(),
    }))
}

/// The open seeks and the live games, each with its id: one query each
/// (indexed), the score of a game recomputed only when it moved (cached
/// in `feed`).
///
/// # Errors
/// When the database fails.
pub(crate) async fn listing(
    hub: &Arc<Lobby>,
    feed: Option<&feed::Feed>,
) -> Result<(Vec<(String, Value)>, Vec<(String, Value)>), LobbyError> {
    // The codes from the index; a seek does not change while it is open,
    // so only those not seen before are read whole.
    let ids = hub.store.open_seek_ids(SEEKS_LISTED).await?;
    let known = feed.map(|f| f.known_seeks(&ids)).unwrap_or_default();
    let missing: Vec<String> = ids
        .iter()
        .filter(|id| !known.contains_key(*id))
        .cloned()
        .collect();
    let mut read: std::collections::HashMap<String, Value> = hub
        .store
        .seeks_by_ids(&missing)
        .await?
        .iter()
        .filter(|s| s.state == "open")
        .map(|s| (s.id.clone(), public(s)))
        .collect();
    bot_rules::mark_listed(hub, &mut read).await?;
    if let Some(f) = feed {
        f.remember_seeks(&read);
    }
    let mut known = known;
    let seeks = ids
        .into_iter()
        .filter_map(|id| {
            let v = known.remove(&id).or_else(|| read.remove(&id))?;
            Some((id, v))
        })
        .collect();
    let mut live = Vec::new();
    for g in hub.store.live_games(LIVE_SINCE, LIVE_LISTED).await? {
        let v = live_value(hub, feed, &g).await;
        live.push((g.id, v));
    }
    Ok((seeks, live))
}

/// A game in progress as listed: its players, and its spectators, turn
/// and score when this instance holds it (the score recomputed only
/// when it moved: cached in `feed`).
async fn live_value(hub: &Arc<Lobby>, feed: Option<&feed::Feed>, g: &LiveRow) -> Value {
    let mut v = json!({
        "room": g.id,
        "game": g.game,
        "white": g.white,
        "black": g.black,
        "created": g.created,
        "spectators": 0,
        "turn": null,
        "score": null,
    });
    if let Some(room) = hub.held(&g.id) {
        let r = room.lock().await;
        let (seq, watching) = (r.actions.len(), r.watching());
        let known = feed.and_then(|f| f.cached_live(&g.id, seq, watching));
        let (turn, score) = match known {
            Some(k) => (k["turn"].clone(), k["score"].clone()),
            None => {
                let mut view = json!({});
                r.game.view(&mut view, false, 0);
                // The game's own score: a backgammon match's, or Grand
                // Trictrac's points and holes.
                let score = match &view["match"]["score"] {
                    Value::Null => view["score"].clone(),
                    s => s.clone(),
                };
                let turn = json!(r.game.side_to_act().map(|s| s.name()));
                if let Some(f) = feed {
                    f.cache_live(&g.id, seq, watching, &json!({"turn": turn, "score": score}));
                }
                (turn, score)
            }
        };
        drop(r);
        v["spectators"] = json!(watching);
        v["turn"] = turn;
        v["score"] = score;
        v["seq"] = json!(seq);
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn match_lengths_are_read_from_the_words() {
        assert_eq!(match_length("standard match=5"), 5);
        assert_eq!(match_length("standard"), 0);
    }

    #[test]
    fn codes_and_tokens_differ() {
        assert_ne!(token(), token());
        assert_eq!(code().len(), 8);
        assert!(same_token("ab", "ab") && !same_token("ab", "ac") && !same_token("a", "ab"));
    }
}
