//! A tournament as the API and the socket show it: its summary, its
//! standings and its games, with the players' names (never their
//! accounts' ids nor a seat's token).

use serde_json::{json, Value};

use crate::store::{EntrantRow, PairingRow, TournamentRow};

/// A tournament as listed (the lobby, `GET /api/tournaments`).
pub fn summary(t: &TournamentRow, players: usize) -> Value {
    let ends = (t.kind == "arena").then(|| t.starts + 60 * t.minutes);
    json!({
        "id": t.id,
        "name": t.name,
        "game": t.game,
        "kind": t.kind,
        "rules": t.options,
        "clock": t.clock.as_deref().and_then(|c| serde_json::from_str::<Value>(c).ok()),
        "rated": t.rated,
        "starts": t.starts,
        "ends": ends,
        "minutes": t.minutes,
        "max_players": t.max_players,
        "players": players,
        "creator": t.creator_name,
        "state": t.state,
        "finished": t.finished,
        "winner": t.winner,
    })
}

/// The standings: players by points (arena) or by how far they went
/// (knock-out), each `{name, rank, points, games, wins, streak, fire,
/// withdrawn, playing, place}`.
pub fn standings(t: &TournamentRow, players: &[EntrantRow], games: &[PairingRow]) -> Vec<Value> {
    let name_of = |a: &str| {
        players
            .iter()
            .find(|p| p.account == a)
            .map(|p| p.name.clone())
    };
    let playing = |a: &str| {
        games
            .iter()
            .find(|g| {
                g.state == "playing"
                    && (g.white.as_deref() == Some(a) || g.black.as_deref() == Some(a))
            })
            .and_then(|g| g.room.clone())
    };
    // A knock-out's players by the last round they reached.
    let reached = |a: &str| {
        games
            .iter()
            .filter(|g| g.white.as_deref() == Some(a) || g.black.as_deref() == Some(a))
            .map(|g| g.round * 2 + i64::from(g.winner.as_deref() == Some(a)))
            .max()
            .unwrap_or(0)
    };
    let mut rows: Vec<&EntrantRow> = players.iter().collect();
    if t.kind == "arena" {
        rows.sort_by(|a, b| b.points.cmp(&a.points).then(a.joined.cmp(&b.joined)));
    } else {
        rows.sort_by(|a, b| {
            a.place
                .unwrap_or(i64::MAX)
                .cmp(&b.place.unwrap_or(i64::MAX))
                .then(reached(&b.account).cmp(&reached(&a.account)))
                .then(a.joined.cmp(&b.joined))
        });
    }
    rows.iter()
        .enumerate()
        .map(|(i, p)| {
            json!({
                "name": p.name,
                "rank": i + 1,
                "points": p.points,
                "games": p.games,
                "wins": p.wins,
                "streak": p.streak,
                "fire": t.kind == "arena" && p.streak >= 2,
                "withdrawn": p.withdrawn,
                "playing": playing(&p.account),
                "place": p.place,
                "last_opponent": p.last_opponent.as_deref().and_then(name_of),
            })
        })
        .collect()
}

/// The games (a knock-out's bracket): `{round, slot, room, white,
/// black, state, winner, points}` with the players' names.
pub fn games_json(players: &[EntrantRow], games: &[PairingRow]) -> Vec<Value> {
    let name_of = |a: &Option<String>| {
        a.as_deref().map(|a| {
            players
                .iter()
                .find(|p| p.account == a)
                .map(|p| p.name.clone())
                .unwrap_or_else(|| "?".into())
        })
    };
    games
        .iter()
        .filter(|g| g.state != "pairing")
        .map(|g| {
            json!({
                "round": g.round,
                "slot": g.slot,
                "room": g.room,
                "white": name_of(&g.white),
                "black": name_of(&g.black),
                "state": g.state,
                "winner": name_of(&g.winner),
                "points": g.points,
            })
        })
        .collect()
}
