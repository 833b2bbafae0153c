//! Tournaments (issue 39, item 3) over HTTP and WebSocket: a knock-out
//! of four registered players produces a winner (its games made by the
//! server, each ended by a resignation over the game's socket); what is
//! impossible or too late is refused with a clear error and changes
//! nothing; on PostgreSQL two instances pair once.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::json::merged;
use common::web::{register, unique, Jar};
use common::{Client, TempDir};
use serde_json::{json, Value};

/// Waits (20 s at most) until the player's view of the tournament
/// satisfies `pred`; answers it.
async fn until(jar: &mut Jar, addr: SocketAddr, id: &str, pred: impl Fn(&Value) -> bool) -> Value {
    let start = Instant::now();
    loop {
        let (code, v) = jar.get(addr, &format!("/api/tournaments/{id}")).await;
        assert_eq!(code, 200, "{v}");
        if pred(&v) {
            return v;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "the tournament did not get there: {v}"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// Ends a backgammon game: `loser` offers to resign a single game and
/// `winner` accepts, each on his seat's socket.
async fn resign(addr: SocketAddr, room: &str, loser: &str, winner: &str) {
    let mut l = Client::seat(addr, room, loser).await;
    let mut w = Client::seat(addr, room, winner).await;
    let r = l.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    w.wait_until(|s| s["resignation"].is_object()).await;
    let r = w.request(json!({"type": "accept"})).await;
    assert_eq!(r["type"], "ack", "{r}");
}

async fn knockout_of_four(addr: SocketAddr, other: SocketAddr) {
    let names: Vec<String> = ["Ann", "Bob", "Cid", "Dan"]
        .iter()
        .map(|n| unique(n))
        .collect();
    let mut jars = Vec::new();
    for (i, n) in names.iter().enumerate() {
        // Half the players on each instance (the same one on SQLite).
        jars.push(register(if i % 2 == 0 { addr } else { other }, n).await);
    }
    let (code, t) = jars[0]
        .post(
            addr,
            "/api/tournaments",
            json!({"name": "Club cup", "game": "backgammon", "kind": "knockout", "match": 1}),
        )
        .await;
    assert_eq!(code, 200, "{t}");
    assert_eq!(t["state"], "waiting");
    let id = t["id"].as_str().unwrap().to_string();
    for (i, jar) in jars.iter_mut().enumerate() {
        let at = if i % 2 == 0 { addr } else { other };
        let (code, v) = jar
            .post(at, &format!("/api/tournaments/{id}/join"), json!({}))
            .await;
        assert_eq!(code, 200, "{v}");
    }
    // Only the creator starts it early.
    let (code, v) = jars[1]
        .post(other, &format!("/api/tournaments/{id}/start"), json!({}))
        .await;
    assert_eq!(code, 403, "{v}");
    let (code, v) = jars[0]
        .post(addr, &format!("/api/tournaments/{id}/start"), json!({}))
        .await;
    assert_eq!(code, 200, "{v}");

    // Two rounds: each game ended by a resignation of its White.
    let mut played = Vec::new();
    for round in 1..=2 {
        let v = until(&mut jars[0], addr, &id, |v| {
            v["games"].as_array().is_some_and(|g| {
                g.iter()
                    .filter(|g| g["round"] == round && g["state"] == "playing")
                    .count()
                    == if round == 1 { 2 } else { 1 }
            })
        })
        .await;
        assert_eq!(v["tournament"]["state"], "running");
        if round == 1 {
            // Each player was told it started (issue 39: notifications).
            for (i, jar) in jars.iter_mut().enumerate() {
                let at = if i % 2 == 0 { addr } else { other };
                let (code, n) = jar.get(at, "/api/me/notifications").await;
                assert_eq!(code, 200, "{n}");
                let told = n["notifications"].as_array().is_some_and(|l| {
                    l.iter().any(|x| {
                        x["kind"] == "tournament_starts"
                            && x["link"] == format!("/tournaments?id={id}").as_str()
                    })
                });
                assert!(told, "player {i} not told the tournament started: {n}");
            }
        }
        // Each player of the round finds his seat in the tournament.
        let mut seats = std::collections::HashMap::new();
        for (i, jar) in jars.iter_mut().enumerate() {
            let at = if i % 2 == 0 { addr } else { other };
            let (_, mine) = jar.get(at, &format!("/api/tournaments/{id}")).await;
            let g = &mine["my_game"];
            if g.is_object() {
                seats
                    .entry(g["room"].as_str().unwrap().to_string())
                    .or_insert_with(Vec::new)
                    .push((
                        g["side"].as_str().unwrap().to_string(),
                        g["token"].as_str().unwrap().to_string(),
                    ));
            }
        }
        assert_eq!(seats.len(), if round == 1 { 2 } else { 1 }, "{seats:?}");
        for (room, s) in seats {
            assert_eq!(s.len(), 2, "both players of {room} told");
            let white = &s.iter().find(|(side, _)| side == "white").unwrap().1;
            let black = &s.iter().find(|(side, _)| side == "black").unwrap().1;
            resign(addr, &room, white, black).await;
            played.push(room);
        }
    }
    let v = until(&mut jars[0], addr, &id, |v| {
        v["tournament"]["state"] == "finished"
    })
    .await;
    let winner = v["tournament"]["winner"]
        .as_str()
        .expect("a winner")
        .to_string();
    assert!(names.contains(&winner), "{v}");
    let top = &v["standings"][0];
    assert_eq!(top["name"], winner.as_str());
    assert_eq!(top["place"], 1);
    assert_eq!(v["standings"][1]["place"], 2);
    assert_eq!(v["standings"][2]["place"], 3);
    // The games were made once: two in round 1, the final.
    assert_eq!(v["games"].as_array().unwrap().len(), 3, "{v}");
    // In the players' histories, and rated: the winner won two rated games.
    let (code, p) = jars[0].get(addr, &format!("/api/players/{winner}")).await;
    assert_eq!(code, 200, "{p}");
    let games = p["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{p}");
    assert!(
        games.iter().all(
            |g| played.contains(&g["room"].as_str().unwrap_or("").to_string())
                || played.contains(&g["id"].as_str().unwrap_or("").to_string())
        ),
        "{p}"
    );
    let r = &p["ratings"][0];
    assert_eq!(r["games"], 2, "{p}");
    assert_eq!(r["wins"], 2, "{p}");
    // Listed with his place.
    let (code, l) = jars[0]
        .get(addr, &format!("/api/tournaments?player={winner}"))
        .await;
    assert_eq!(code, 200, "{l}");
    assert_eq!(l["tournaments"][0]["place"], 1, "{l}");
    // Too late to join a knock-out that started.
    let mut late = register(addr, &unique("Eve")).await;
    let (code, v) = late
        .post(addr, &format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!(code, 409, "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_knockout_of_four_produces_a_winner() {
    let dir = TempDir::new("tournament-ko");
    let server = common::start(&dir.db_url()).await;
    let addr = server.addr();
    knockout_of_four(addr, addr).await;
    server.stop().await;
}

/// Two instances on one PostgreSQL database: players on both, the games
/// made once (the director holding the lease).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_knockout_across_two_instances_is_paired_once() {
    let Some((a, b)) = common::postgres_pair().await else {
        return;
    };
    knockout_of_four(a.addr(), b.addr()).await;
    a.stop().await;
    b.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn impossible_or_late_requests_are_refused_and_change_nothing() {
    let dir = TempDir::new("tournament-bad");
    let server = common::start(&dir.db_url()).await;
    let addr = server.addr();
    // Not logged in.
    let mut anon = Jar::default();
    let ok = json!({"name": "Arena", "game": "backgammon", "kind": "arena", "minutes": 30});
    let (code, v) = anon.post(addr, "/api/tournaments", ok.clone()).await;
    assert_eq!(code, 401, "{v}");
    assert!(v["error"].as_str().unwrap().contains("registered"), "{v}");
    let mut ann = register(addr, "Ann").await;
    // Each a tournament named "A" of backgammon but for what it changes.
    for (change, says) in [
        (json!({"kind": "arena", "minutes": 1}), "5 to 1440 minutes"),
        (json!({"kind": "arena"}), "give \"minutes\""),
        (
            json!({"game": "chess", "kind": "arena", "minutes": 30}),
            "unknown game",
        ),
        (json!({"kind": "swiss", "minutes": 30}), "arena or knockout"),
        (json!({"kind": "knockout", "minutes": 30}), "no duration"),
        (
            json!({"kind": "knockout", "max_players": 65}),
            "2 to 64 players",
        ),
        (
            json!({"kind": "knockout", "max_players": 1}),
            "2 to 64 players",
        ),
        (json!({"kind": "knockout", "match": 40}), "1 to 25 points"),
        (
            json!({"game": "trictrac", "kind": "knockout", "match": 3}),
            "no matches",
        ),
        (json!({"kind": "knockout", "starts": 1000}), "in the past"),
        (
            json!({"name": "  ", "kind": "knockout"}),
            "name the tournament",
        ),
        (json!({"kind": "knockout", "rules": "nonsense"}), "rules"),
        (
            json!({"kind": "knockout", "clock": {"kind": "move", "seconds": 0}}),
            "seconds",
        ),
    ] {
        let body = merged(json!({"name": "A", "game": "backgammon"}), change);
        let (code, v) = ann.post(addr, "/api/tournaments", body.clone()).await;
        assert_eq!(code, 400, "{body} → {v}");
        let e = v["error"].as_str().unwrap_or("");
        assert!(e.contains(says), "{body} → {e}");
    }
    let (_, list) = ann.get(addr, "/api/tournaments").await;
    assert_eq!(list["tournaments"].as_array().unwrap().len(), 0, "{list}");
    // A knock-out of two: full with two players.
    let (code, t) = ann
        .post(
            addr,
            "/api/tournaments",
            json!({"name": "Duel", "game": "trictrac", "kind": "knockout", "max_players": 2}),
        )
        .await;
    assert_eq!(code, 200, "{t}");
    let id = t["id"].as_str().unwrap().to_string();
    let join = format!("/api/tournaments/{id}/join");
    let mut bob = register(addr, "Bob").await;
    let mut cid = register(addr, "Cid").await;
    // Starting with fewer than two players is refused.
    let (code, v) = ann
        .post(addr, &format!("/api/tournaments/{id}/start"), json!({}))
        .await;
    assert_eq!(code, 400, "{v}");
    assert_eq!(ann.post(addr, &join, json!({})).await.0, 200);
    assert_eq!(bob.post(addr, &join, json!({})).await.0, 200);
    let (code, v) = cid.post(addr, &join, json!({})).await;
    assert_eq!(code, 409, "{v}");
    assert!(v["error"].as_str().unwrap().contains("full"), "{v}");
    // Bob withdraws (waiting: out of it), Cid takes his place.
    let (code, v) = bob
        .post(addr, &format!("/api/tournaments/{id}/withdraw"), json!({}))
        .await;
    assert_eq!(code, 200, "{v}");
    let (code, v) = bob
        .post(addr, &format!("/api/tournaments/{id}/withdraw"), json!({}))
        .await;
    assert_eq!(code, 400, "{v}");
    assert_eq!(cid.post(addr, &join, json!({})).await.0, 200);
    let (_, v) = ann.get(addr, &format!("/api/tournaments/{id}")).await;
    assert_eq!(v["tournament"]["players"], 2, "{v}");
    let names: Vec<&str> = v["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names.len(), 2);
    assert!(names.contains(&"Ann") && names.contains(&"Cid"), "{v}");
    // Unknown code.
    let (code, _) = ann.get(addr, "/api/tournaments/NOSUCH").await;
    assert_eq!(code, 404);
    // Listed in the lobby.
    let (_, lobby) = common::http_json(addr, "GET", "/api/lobby", "").await;
    assert_eq!(lobby["tournaments"][0]["id"], id.as_str(), "{lobby}");
    server.stop().await;
}
