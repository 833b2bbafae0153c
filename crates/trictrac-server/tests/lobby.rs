//! The lobby's API (issue 26): open challenges posted, listed, accepted
//! (exactly one of 20 concurrent accepts wins, on SQLite and on two
//! instances sharing PostgreSQL), cancelled; bad input refused with a
//! clear message; the game made lands both players in one room.

mod common;

use std::net::SocketAddr;

use common::{http_json as http, post_seek, start, Client, TempDir};
use serde_json::json;

/// 20 accepts of one seek at once, through the servers of `addrs` in
/// turn: exactly one wins (200), the others are told it is taken (409).
async fn race(addrs: &[SocketAddr]) {
    let (id, token) = post_seek(
        addrs[0],
        json!({"game": "backgammon", "rules": "standard", "match": 3, "name": "Alice"}),
    )
    .await;
    let mut tasks = Vec::new();
    for i in 0..20 {
        let addr = addrs[i % addrs.len()];
        let path = format!("/api/seeks/{id}/accept");
        tasks.push(tokio::spawn(async move {
            http(
                addr,
                "POST",
                &path,
                &json!({"name": format!("B{i}")}).to_string(),
            )
            .await
        }));
    }
    let mut won = Vec::new();
    for t in tasks {
        let (code, v) = t.await.expect("the task");
        match code {
            200 => won.push(v),
            409 => assert!(v["error"].as_str().unwrap().contains("taken"), "{v}"),
            c => panic!("accept answered {c}: {v}"),
        }
    }
    assert_eq!(won.len(), 1, "exactly one accept wins: {won:?}");
    let room = won[0]["room"].as_str().unwrap();
    // The poster learns of the game with his token, on either instance.
    let (code, v) = http(
        addrs[addrs.len() - 1],
        "GET",
        &format!("/api/seeks/{id}?token={token}"),
        "",
    )
    .await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["state"], "taken");
    assert_eq!(v["room"], room);
    assert_ne!(v["side"], won[0]["side"], "the two players sit apart");
    // And it is no longer listed.
    let (_, l) = http(addrs[0], "GET", "/api/lobby", "").await;
    assert!(!l["seeks"].as_array().unwrap().iter().any(|s| s["id"] == id));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_accepts_at_once_one_wins_on_sqlite() {
    common::on_sqlite("lobby-race", |addr| async move { race(&[addr]).await }).await;
}

/// Two instances on one PostgreSQL database: both list the seek, and of
/// 20 accepts spread over both exactly one wins.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn twenty_accepts_at_once_one_wins_on_two_postgres_instances() {
    let Some((one, two)) = common::postgres_pair().await else {
        return;
    };
    let (id, token) = post_seek(one.addr(), json!({"game": "trictrac", "name": "Ann"})).await;
    let (_, l) = http(two.addr(), "GET", "/api/lobby", "").await;
    assert!(
        l["seeks"].as_array().unwrap().iter().any(|s| s["id"] == id),
        "the other instance lists the seek: {l}"
    );
    let (code, _) = common::cancel_seek(two.addr(), &id, "x").await;
    assert_eq!(code, 403);
    // Cancelled through the other instance with its token.
    let (code, v) = common::cancel_seek(two.addr(), &id, &token).await;
    assert_eq!(code, 200, "{v}");
    race(&[one.addr(), two.addr()]).await;
    one.stop().await;
    two.stop().await;
}

/// Accepting lands both players in one online room, each on his own
/// seat; the game is then listed as live, with its spectator.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_accepted_seek_seats_both_players_and_is_live() {
    let dir = TempDir::new("lobby-seat");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let (id, token) = post_seek(
        addr,
        json!({"game": "trictrac", "rules": "marking=manual", "name": "Alice"}),
    )
    .await;
    let (_, l) = http(addr, "GET", "/api/lobby", "").await;
    let listed = &l["seeks"][0];
    assert_eq!(listed["id"], id);
    assert_eq!(listed["name"], "Alice");
    assert!(listed["rules"].as_str().unwrap().contains("marking=manual"));
    assert!(listed.get("token").is_none(), "tokens are never listed");
    // Before it is accepted the poster has no room yet.
    let (_, v) = http(addr, "GET", &format!("/api/seeks/{id}?token={token}"), "").await;
    assert_eq!(v["state"], "open");
    assert!(v["room"].is_null());
    let (code, won) = common::accept_seek(addr, &id, "Bob").await;
    assert_eq!(code, 200, "{won}");
    let (_, mine) = http(addr, "GET", &format!("/api/seeks/{id}?token={token}"), "").await;
    let room = won["room"].as_str().unwrap();
    let mut a = Client::connect(addr).await;
    let w = a
        .request(json!({"type": "join", "room": room, "token": mine["token"]}))
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    let mut b = Client::connect(addr).await;
    let w = b
        .request(json!({"type": "join", "room": room, "token": won["token"]}))
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    assert_eq!(a.seats(), vec![mine["side"].as_str().unwrap().to_string()]);
    assert_eq!(b.seats(), vec![won["side"].as_str().unwrap().to_string()]);
    assert_eq!(a.state["options"], b.state["options"]);
    let mut c = Client::connect(addr).await;
    c.request(json!({"type": "join", "room": room, "watch": true}))
        .await;
    let (_, l) = http(addr, "GET", "/api/lobby", "").await;
    let live = l["live"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["room"] == room)
        .unwrap_or_else(|| panic!("the game is live: {l}"))
        .clone();
    assert_eq!(live["game"], "trictrac");
    let names = [live["white"].clone(), live["black"].clone()];
    assert!(
        names.contains(&json!("Alice")) && names.contains(&json!("Bob")),
        "{live}"
    );
    assert_eq!(live["spectators"], 1, "{live}");
    assert!(live["score"]["white"].is_object(), "{live}");
    server.stop().await;
}

/// Bad input changes nothing and says what is wrong.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_input_is_refused_with_a_clear_message() {
    let dir = TempDir::new("lobby-bad");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let cases: [(&str, u16, &str); 8] = [
        ("not json", 400, "malformed challenge"),
        (r#"{"rules": "standard"}"#, 400, "missing field `game`"),
        (r#"{"game": "chess"}"#, 400, "unknown game `chess`"),
        (
            r#"{"game": "trictrac", "rules": "exit=nowhere"}"#,
            400,
            "trictrac rules",
        ),
        (r#"{"game": "backgammon", "match": 999}"#, 400, "match=999"),
        (
            r#"{"game": "trictrac", "match": 3}"#,
            400,
            "trictrac rules `match=3`",
        ),
        (r#"{"game": "backgammon", "rated": true}"#, 400, "accounts"),
        (
            r#"{"game": "backgammon", "clock": 60}"#,
            400,
            "\"clock\": {\"kind\": \"move\"",
        ),
    ];
    for (body, status, words) in cases {
        let (code, v) = http(addr, "POST", "/api/seeks", body).await;
        assert_eq!(code, status, "{body}: {v}");
        let e = v["error"].as_str().unwrap_or_default();
        assert!(e.contains(words), "{body}: `{e}` should say `{words}`");
    }
    let (_, l) = http(addr, "GET", "/api/lobby", "").await;
    assert_eq!(l["seeks"], json!([]), "nothing was posted");

    let (id, token) = post_seek(addr, json!({"game": "backgammon", "name": "Alice"})).await;
    // One's own seek.
    let (code, v) = http(
        addr,
        "POST",
        &format!("/api/seeks/{id}/accept"),
        &json!({"token": token}).to_string(),
    )
    .await;
    assert_eq!(code, 400, "{v}");
    assert!(v["error"].as_str().unwrap().contains("your own"), "{v}");
    // A malformed acceptance, an unknown seek.
    let (code, v) = http(addr, "POST", &format!("/api/seeks/{id}/accept"), "[1]").await;
    assert_eq!(code, 400, "{v}");
    assert!(v["error"]
        .as_str()
        .unwrap()
        .contains("malformed acceptance"));
    let (code, v) = http(addr, "POST", "/api/seeks/NOSUCH99/accept", "").await;
    assert_eq!(code, 404, "{v}");
    // Cancelling needs the token.
    let (code, _) = http(addr, "DELETE", &format!("/api/seeks/{id}"), "").await;
    assert_eq!(code, 403);
    let (code, _) = common::cancel_seek(addr, &id, "nope").await;
    assert_eq!(code, 403);
    let (code, v) = http(addr, "GET", &format!("/api/seeks/{id}?token=nope"), "").await;
    assert_eq!(code, 403, "{v}");
    // Still open after all that: accepted once, then taken.
    let path = format!("/api/seeks/{id}/accept");
    let (code, v) = http(addr, "POST", &path, "").await;
    assert_eq!(code, 200, "{v}");
    let (code, v) = http(addr, "POST", &path, "").await;
    assert_eq!(code, 409, "{v}");
    assert!(v["error"].as_str().unwrap().contains("taken"), "{v}");
    let (code, _) = common::cancel_seek(addr, &id, &token).await;
    assert_eq!(code, 409, "a taken seek cannot be cancelled");

    // A cancelled seek leaves the list and cannot be accepted.
    let (id, token) = post_seek(addr, json!({"game": "trictrac"})).await;
    let (code, v) = common::cancel_seek(addr, &id, &token).await;
    assert_eq!(code, 200, "{v}");
    let (code, _) = http(addr, "POST", &format!("/api/seeks/{id}/accept"), "").await;
    assert_eq!(code, 409);
    let (_, l) = http(addr, "GET", "/api/lobby", "").await;
    assert_eq!(l["seeks"], json!([]));
    server.stop().await;
}
