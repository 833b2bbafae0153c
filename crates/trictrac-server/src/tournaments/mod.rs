//! Tournaments (issue 39, item 3), for every game of the registry: an
//! **arena** (play as many games as one can in the time, lichess's
//! scoring) and a **knock-out** (a bracket of 2^k places, byes for the
//! missing players; each pairing one game: a backgammon match to N
//! points, a Grand Trictrac game).
//!
//! Registered, logged-in players create, join and withdraw
//! ([`create`], [`join`], [`withdraw`]); the server pairs them
//! ([`director`]): it makes the online room of each game with both
//! seats taken, as the lobby does when a seek is accepted, records who
//! sits where (the players' histories) and, in a rated tournament, the
//! rated game (the ratings move as for any rated game). The standings
//! change live on `/ws/tournaments/ID` ([`live`]), and the tournaments
//! are listed in the lobby (`lobby_diff`'s `tournaments`).
//!
//! Scoring (docs/SERVER.md, "Tournaments"): [`arena_points`].

pub mod director;
pub mod hooks;
pub mod live;
pub mod routes;
mod scoring;
mod views;

pub use scoring::{arena_points, bracket_size, first_round, game_value};
pub use views::{games_json, standings, summary};

use std::sync::Arc;

use rand::RngCore;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::accounts::{ApiError, Who};
use crate::room::{ClockSpec, Hub};
use crate::store::{now, PairingRow, TournamentRow};

/// Why a tournament request was refused: a refusal of the JSON API with
/// its HTTP status, as the lobby's.
pub type TournamentError = ApiError;

/// The shortest arena, in minutes.
pub const ARENA_MINUTES_MIN: u32 = 5;
/// The longest arena, in minutes (a day).
pub const ARENA_MINUTES_MAX: u32 = 24 * 60;
/// The most players of an arena.
pub const ARENA_PLAYERS_MAX: u32 = 500;
/// The most players of a knock-out (a bracket of 64).
pub const KNOCKOUT_PLAYERS_MAX: u32 = 64;
/// The longest backgammon match of a knock-out.
pub const MATCH_MAX: u32 = 25;
/// How far ahead a tournament may be set (30 days, seconds).
pub const STARTS_WITHIN: i64 = 30 * 24 * 3600;
/// The longest tournament name, in characters.
pub const NAME_CHARS: usize = 60;
/// Tournaments listed at most (lobby and `GET /api/tournaments`).
pub const LISTED: i64 = 100;
/// A finished tournament stays listed this long (seconds).
pub const LISTED_AFTER: i64 = 3600;

/// `POST /api/tournaments`: the tournament asked for.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    /// Its name.
    pub name: String,
    /// The game: a name of the registry.
    pub game: String,
    /// `arena` or `knockout`.
    pub kind: String,
    /// The game's option words (empty: its defaults).
    #[serde(default)]
    pub rules: String,
    /// Backgammon: the match length of each pairing (0: a single game).
    #[serde(default, rename = "match")]
    pub length: u32,
    /// The clock of every game, as a seek's.
    #[serde(default)]
    pub clock: Option<ClockSpec>,
    /// Rated games (the default).
    #[serde(default = "yes")]
    pub rated: bool,
    /// When it starts (seconds since the epoch); by default in 5
    /// minutes. Its creator may start it sooner (`POST …/start`).
    #[serde(default)]
    pub starts: Option<i64>,
    /// An arena's duration in minutes.
    #[serde(default)]
    pub minutes: Option<u32>,
    /// The most players (by default the kind's most).
    #[serde(default)]
    pub max_players: Option<u32>,
}

fn yes() -> bool {
    true
}

/// A tournament code: 6 letters and digits easy to read.
fn code() -> String {
    const CODE: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";
    let mut b = [0u8; 6];
    rand::rngs::OsRng.fill_bytes(&mut b);
    b.iter()
        .map(|x| CODE[*x as usize % CODE.len()] as char)
        .collect()
}

/// The account of a logged-in player, else a refusal.
fn registered(who: &Who, what: &str) -> Result<crate::accounts::Account, TournamentError> {
    who.account.clone().ok_or_else(|| {
        ApiError::Unauthorized(format!(
            "{what} is for registered players: log in (POST /api/login) or register (POST /api/accounts) first"
        ))
    })
}

/// The settings checked: the row to store, or a refusal naming what is
/// out of range.
fn checked(hub: &Hub, t: &NewTournament, at: i64) -> Result<TournamentRow, TournamentError> {
    let bad = |m: String| ApiError::Bad(m);
    let name = crate::labels::clean_name(Some(&t.name), "");
    if name.is_empty() {
        return Err(bad("name the tournament".into()));
    }
    if t.name.chars().count() > NAME_CHARS {
        return Err(bad(format!(
            "a tournament's name has at most {NAME_CHARS} characters"
        )));
    }
    let names = hub.config.games.names();
    if !names.contains(&t.game.as_str()) {
        return Err(bad(format!(
            "unknown game `{}`: the game is {}",
            t.game,
            names.join(" or ")
        )));
    }
    let (most, minutes) = match t.kind.as_str() {
        "arena" => {
            let m = t.minutes.ok_or_else(|| {
                bad(format!(
                    "an arena lasts {ARENA_MINUTES_MIN} to {ARENA_MINUTES_MAX} minutes: give \"minutes\""
                ))
            })?;
            if !(ARENA_MINUTES_MIN..=ARENA_MINUTES_MAX).contains(&m) {
                return Err(bad(format!(
                    "an arena lasts {ARENA_MINUTES_MIN} to {ARENA_MINUTES_MAX} minutes, not {m}"
                )));
            }
            (ARENA_PLAYERS_MAX, m)
        }
        "knockout" => {
            if t.minutes.is_some() {
                return Err(bad(
                    "a knock-out has no duration: it lasts until its final is played".into(),
                ));
            }
            (KNOCKOUT_PLAYERS_MAX, 0)
        }
        k => {
            return Err(bad(format!(
                "unknown kind of tournament `{k}`: arena or knockout"
            )))
        }
    };
    let max_players = t.max_players.unwrap_or(most);
    if !(2..=most).contains(&max_players) {
        return Err(bad(format!(
            "a{} {} takes 2 to {most} players, not {max_players}",
            if t.kind == "arena" { "n" } else { "" },
            t.kind
        )));
    }
    if t.length > MATCH_MAX {
        return Err(bad(format!(
            "a match is 1 to {MATCH_MAX} points (0: a single game), not {}",
            t.length
        )));
    }
    if t.length > 0 && t.game != "backgammon" {
        return Err(bad(format!("{} has no matches to N points", t.game)));
    }
    if t.rules.len() > 400 {
        return Err(bad("the rules words are too long".into()));
    }
    let mut words = t.rules.trim().to_string();
    if t.length > 0 {
        words = format!("{words} match={}", t.length);
    }
    let options = hub
        .config
        .games
        .make(&t.game, &words)
        .map_err(|e| bad(format!("{} rules `{}`: {e}", t.game, words.trim())))?
        .options_words();
    if let Some(c) = &t.clock {
        c.check().map_err(|e| bad(e.to_string()))?;
    }
    let starts = t.starts.unwrap_or(at + 300);
    if starts < at - 60 {
        return Err(bad(
            "the start is in the past: give a time to come (seconds since 1970)".into(),
        ));
    }
    if starts > at + STARTS_WITHIN {
        return Err(bad("a tournament starts within 30 days".into()));
    }
    Ok(TournamentRow {
        id: String::new(),
        name,
        game: t.game.clone(),
        kind: t.kind.clone(),
        options,
        clock: t.clock.map(|c| json!(c).to_string()),
        rated: t.rated,
        starts: starts.max(at),
        minutes: i64::from(minutes),
        max_players: i64::from(max_players),
        creator: String::new(),
        creator_name: String::new(),
        state: "waiting".into(),
        created: at,
        finished: None,
        winner: None,
        version: 1,
    })
}

/// Creates a tournament (its creator does not join by creating it);
/// answers it.
///
/// # Errors
/// Not logged in, impossible settings, the database failed.
pub async fn create(hub: &Arc<Hub>, t: NewTournament, who: &Who) -> Result<Value, TournamentError> {
    let account = registered(who, "creating a tournament")?;
    let mut row = checked(hub, &t, now())?;
    row.creator = account.id;
    row.creator_name = account.name;
    for _ in 0..20 {
        row.id = code();
        if hub.store.insert_tournament(&row).await? {
            live::changed(hub).await;
            return Ok(summary(&row, 0));
        }
    }
    Err(ApiError::Storage(
        "cannot find a free tournament code".into(),
    ))
}

/// A tournament by code, or 404.
async fn find(hub: &Hub, id: &str) -> Result<TournamentRow, TournamentError> {
    let id = id.trim().to_ascii_uppercase();
    if id.len() > 16 {
        return Err(ApiError::NotFound("no tournament has this code".into()));
    }
    hub.store
        .tournament(&id)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("no tournament has the code `{id}`")))
}

/// Joins a tournament: a waiting one with room, or a running arena (a
/// knock-out's bracket is drawn at its start).
///
/// # Errors
/// Not logged in, no such tournament, started (a knock-out) or over,
/// full.
pub async fn join(hub: &Arc<Hub>, id: &str, who: &Who) -> Result<Value, TournamentError> {
    let account = registered(who, "playing in a tournament")?;
    let t = find(hub, id).await?;
    match (t.state.as_str(), t.kind.as_str()) {
        ("waiting", _) | ("running", "arena") => {}
        ("running", _) => {
            return Err(ApiError::Taken(format!(
                "tournament {} has started: a knock-out's bracket is drawn at its start",
                t.id
            )))
        }
        _ => return Err(ApiError::Taken(format!("tournament {} is over", t.id))),
    }
    if !hub
        .store
        .join_tournament(&t, &account.id, &account.name, crate::room::clock::now_ms())
        .await?
    {
        return Err(ApiError::Taken(format!(
            "tournament {} is full ({} players)",
            t.id, t.max_players
        )));
    }
    live::changed(hub).await;
    Ok(json!({ "id": t.id, "joined": true }))
}

/// Withdraws from a tournament: from a waiting one, out of it; from a
/// running arena, no more games (his points stay, he may join again).
/// A running knock-out is left by losing (resigning) one's match.
///
/// # Errors
/// Not logged in, no such tournament, not in it, a running knock-out, over.
pub async fn withdraw(hub: &Arc<Hub>, id: &str, who: &Who) -> Result<Value, TournamentError> {
    let account = registered(who, "playing in a tournament")?;
    let t = find(hub, id).await?;
    let remove = match (t.state.as_str(), t.kind.as_str()) {
        ("waiting", _) => true,
        ("running", "arena") => false,
        ("running", _) => {
            return Err(ApiError::Taken(format!(
                "tournament {} has started: resign your match to leave the knock-out",
                t.id
            )))
        }
        _ => return Err(ApiError::Taken(format!("tournament {} is over", t.id))),
    };
    if !hub
        .store
        .withdraw_from_tournament(&t.id, &account.id, remove)
        .await?
    {
        return Err(ApiError::Bad(format!(
            "you are not playing in tournament {}",
            t.id
        )));
    }
    live::changed(hub).await;
    Ok(json!({ "id": t.id, "withdrawn": true }))
}

/// Starts a waiting tournament now: its creator's button (the director
/// draws its first games within a second).
///
/// # Errors
/// Not its creator, not waiting, fewer than two players.
pub async fn start_now(hub: &Arc<Hub>, id: &str, who: &Who) -> Result<Value, TournamentError> {
    let account = registered(who, "starting a tournament")?;
    let t = find(hub, id).await?;
    if t.creator != account.id {
        return Err(ApiError::Forbidden(format!(
            "only {} may start tournament {} early",
            t.creator_name, t.id
        )));
    }
    if t.state != "waiting" {
        return Err(ApiError::Taken(format!(
            "tournament {} has started already",
            t.id
        )));
    }
    let players = hub.store.entrants(&t.id).await?.len();
    if players < 2 {
        return Err(ApiError::Bad(format!(
            "tournament {} has {players} player(s): it starts with 2 at least",
            t.id
        )));
    }
    // The start brought forward: the director starts it at its next round.
    if !hub
        .store
        .set_tournament_state(&t.id, "waiting", "waiting", Some(now()))
        .await?
    {
        return Err(ApiError::Taken(format!(
            "tournament {} has started already",
            t.id
        )));
    }
    director::wake();
    live::changed(hub).await;
    Ok(json!({ "id": t.id, "starts": now() }))
}

/// `GET /api/tournaments/ID`: the tournament, its standings and games;
/// for a logged-in player in it, his game being played (`my_game`:
/// `{room, token, side}`) and whether he is in it (`joined`).
///
/// # Errors
/// No such tournament, the database failed.
pub async fn show(hub: &Arc<Hub>, id: &str, who: &Who) -> Result<Value, TournamentError> {
    let t = find(hub, id).await?;
    let players = hub.store.entrants(&t.id).await?;
    let games = hub.store.pairings(&t.id).await?;
    let mut v = json!({
        "tournament": summary(&t, players.iter().filter(|p| !p.withdrawn).count()),
        "standings": standings(&t, &players, &games),
        "games": games_json(&players, &games),
    });
    if let Some(a) = &who.account {
        let me = players.iter().find(|p| p.account == a.id);
        v["joined"] = json!(me.is_some_and(|p| !p.withdrawn));
        v["my_game"] = my_game(hub, &a.id, &games).await?;
    }
    Ok(v)
}

/// The game an account plays now in a tournament, with its seat:
/// `{room, token, side}`, or null.
///
/// # Errors
/// When the database fails.
pub async fn my_game(
    hub: &Hub,
    account: &str,
    games: &[PairingRow],
) -> Result<Value, TournamentError> {
    for g in games.iter().filter(|g| g.state == "playing") {
        let Some(side) = g.side_of(account) else {
            continue;
        };
        let Some(room) = &g.room else { continue };
        if let Some((w, b)) = hub.store.seat_tokens(room).await? {
            let token = if side == "white" { w } else { b };
            return Ok(json!({ "room": room, "token": token, "side": side }));
        }
    }
    Ok(Value::Null)
}

/// `GET /api/tournaments`: those waiting or running and those just over;
/// with `?player=NAME`, the tournaments that player played, with his
/// points and place.
///
/// # Errors
/// No such player, the database failed.
pub async fn list(hub: &Arc<Hub>, player: Option<&str>) -> Result<Value, TournamentError> {
    if let Some(name) = player {
        let skeleton = crate::accounts::names::skeleton(name.trim());
        let Some(a) = hub.store.account_by_skeleton(&skeleton).await? else {
            return Err(ApiError::NotFound(format!("no player is named `{name}`")));
        };
        let played = hub.store.tournaments_of(&a.id, LISTED).await?;
        let rows: Vec<Value> = played
            .iter()
            .map(|(t, e)| {
                let mut v = summary(t, 0);
                v["points"] = json!(e.points);
                v["games_played"] = json!(e.games);
                v["wins"] = json!(e.wins);
                v["place"] = json!(e.place);
                v
            })
            .collect();
        return Ok(json!({ "player": a.name, "tournaments": rows }));
    }
    Ok(json!({ "tournaments": listed(hub).await?.into_iter().map(|(_, v)| v).collect::<Vec<_>>() }))
}

/// The tournaments as listed, each with its code: waiting and running,
/// and those over in the last [`LISTED_AFTER`] seconds.
///
/// # Errors
/// When the database fails.
pub async fn listed(hub: &Hub) -> Result<Vec<(String, Value)>, TournamentError> {
    let rows = hub
        .store
        .listed_tournaments(now() - LISTED_AFTER, LISTED)
        .await?;
    Ok(rows
        .into_iter()
        .map(|(t, n)| (t.id.clone(), summary(&t, n as usize)))
        .collect())
}
