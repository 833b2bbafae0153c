//! The hostile tester's attacks of issue 34 ("Hardening the server for
//! strangers"), each a regression test that runs in seconds
//! (docs/SECURITY.md lists what the server promises): ratings, forged
//! requests, claims, oversized messages, killed instances, rematch races.
//! The limits per address are tested in hardening_limits.rs.

mod common;

use common::web::on_leaderboard;

use std::time::{Duration, Instant};

use common::games::claim_when_allowed;
use common::http::JSON;
use common::strangers::{call, server};
use common::web::{session_line as register, unique};
use common::{http_exchange, http_json, Client, TempDir};
use serde_json::json;
use trictrac_server::room::AbandonConfig;
use trictrac_server::{Config, Server};

/// Item 1 and 2: a rated backgammon match lost by abandonment is rated,
/// and 200 rated games over that cannot be applied (their rooms cannot
/// be read) do not hold up the rating of the next one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_rated_ending_is_rated_and_nothing_stalls_the_ratings() {
    let dir = TempDir::new("harden-rated");
    let server = server(&dir, Duration::from_secs(1)).await;
    let addr = server.addr();
    let (an, bn) = (unique("Ann"), unique("Bob"));
    let ann = register(addr, &an).await;
    let bob = register(addr, &bn).await;
    let head = |who: &str| format!("{who}{JSON}");

    // 200 rated games over whose rooms cannot be read, before the others.
    {
        use sqlx::Executor;
        sqlx::any::install_default_drivers();
        let pool = sqlx::AnyPool::connect(&dir.db_url()).await.unwrap();
        for i in 0..200 {
            let id = format!("DEAD{i:03}");
            pool.execute(
                format!(
                    "INSERT INTO games (id, mode, options, white_token, black_token, white_name,
                     black_name, white_taken, black_taken, created, updated, finished, result, game)
                     VALUES ('{id}', 'online', 'no such options', 't', 't', 'a', 'b', 1, 1, 0, 0, 1, 'x', 'nosuchgame')"
                )
                .as_str(),
            )
            .await
            .unwrap();
            pool.execute(
                format!(
                    "INSERT INTO rated_games (game_id, game, white_account, black_account, settled, created)
                     VALUES ('{id}', 'backgammon', 'nobody1', 'nobody2', 0, 0)"
                )
                .as_str(),
            )
            .await
            .unwrap();
        }
        pool.close().await;
    }

    // A rated match to 3: Bob walks away, Ann claims it after the grace.
    let seek = json!({"game": "backgammon", "match": 3, "rated": true}).to_string();
    let (code, v, _) = call(addr, "POST", "/api/seeks", &seek, &head(&ann)).await;
    assert_eq!(code, 200, "{v}");
    let (id, seek_token) = (v["id"].as_str().unwrap(), v["token"].as_str().unwrap());
    let accept = format!("/api/seeks/{id}/accept");
    let (code, won, _) = call(addr, "POST", &accept, "{}", &head(&bob)).await;
    assert_eq!(code, 200, "{won}");
    let room = won["room"].as_str().unwrap().to_string();
    let (_, mine, _) = call(
        addr,
        "GET",
        &format!("/api/seeks/{id}?token={seek_token}"),
        "",
        "",
    )
    .await;
    let ann_side = mine["side"].as_str().unwrap().to_string();
    let mut a = Client::seat(addr, &room, mine["token"].as_str().unwrap()).await;
    let b = Client::seat(addr, &room, won["token"].as_str().unwrap()).await;
    drop(b);
    claim_when_allowed(&mut a, Duration::from_millis(200)).await;
    a.wait_until(|s| !s["over"].is_null()).await;
    assert_eq!(a.state["over"]["winner"], ann_side.as_str());

    // The leaderboard applies it (past the 200 it cannot apply).
    let (code, board, _) = call(addr, "GET", "/api/ratings?game=backgammon", "", "").await;
    assert_eq!(code, 200, "{board}");
    let find = |name: &str| on_leaderboard(&board, name);
    let (pa, pb) = (find(&an), find(&bn));
    assert_eq!(
        (pa["games"].clone(), pa["wins"].clone()),
        (json!(1), json!(1))
    );
    assert_eq!(
        (pb["games"].clone(), pb["wins"].clone()),
        (json!(1), json!(0))
    );
    // Once: asking again changes nothing.
    let (_, again, _) = call(addr, "GET", "/api/ratings?game=backgammon", "", "").await;
    assert_eq!(again["players"], board["players"]);
    server.stop().await;
}

/// Item 6: a change sent by a page of another origin (another port of
/// the same host, another site, `Sec-Fetch-Site: cross-site`) or not as
/// JSON changes nothing; the same page's request passes. (The browser's
/// own test is `csrf_page.rs`.)
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn forged_requests_change_nothing() {
    let dir = TempDir::new("harden-csrf");
    let server = server(&dir, Duration::from_secs(60)).await;
    let addr = server.addr();
    let seek = json!({"game": "trictrac"}).to_string();
    for (headers, want) in [
        (format!("Origin: http://127.0.0.1:1\r\n{JSON}"), 403),
        (format!("Origin: https://evil.example\r\n{JSON}"), 403),
        (format!("Origin: null\r\n{JSON}"), 403),
        (format!("Sec-Fetch-Site: cross-site\r\n{JSON}"), 403),
        (format!("Sec-Fetch-Site: same-site\r\n{JSON}"), 403),
        ("Content-Type: text/plain\r\n".to_string(), 415),
        (
            "Content-Type: application/x-www-form-urlencoded\r\n".to_string(),
            415,
        ),
        (String::new(), 415),
    ] {
        let (code, v, _) = call(addr, "POST", "/api/seeks", &seek, &headers).await;
        assert_eq!(code, want, "{headers:?}: {v}");
        let (code, _, _) = call(addr, "POST", "/api/logout", "", &headers).await;
        assert_eq!(code, want, "{headers:?}");
    }
    let (_, lobby, _) = call(addr, "GET", "/api/lobby", "", "").await;
    assert_eq!(lobby["seeks"], json!([]), "nothing was posted: {lobby}");
    // The page's own request passes.
    let same = format!("Origin: http://{addr}\r\nSec-Fetch-Site: same-origin\r\n{JSON}");
    let (code, v, _) = call(addr, "POST", "/api/seeks", &seek, &same).await;
    assert_eq!(code, 200, "{v}");
    // A WebSocket opened by a page of another origin is refused.
    let (code, _, _) = call(
        addr,
        "GET",
        "/ws",
        "",
        "Origin: https://evil.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n",
    )
    .await;
    assert_eq!(code, 403);
    // Every answer says how it may be shown.
    let (_, head, _) = http_exchange(
        addr,
        &format!("GET / HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
    )
    .await;
    let head = head.to_ascii_lowercase();
    for h in [
        "content-security-policy: default-src 'self'",
        "x-frame-options: deny",
        "x-content-type-options: nosniff",
    ] {
        assert!(head.contains(h), "{h}: {head}");
    }
    server.stop().await;
}

/// Item 8: a game is claimed over HTTP alone once the opponent is gone
/// beyond the grace period (the room reloaded from the database keeps
/// when he left).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_over_http_alone_stands() {
    let dir = TempDir::new("harden-claim");
    let server = server(&dir, Duration::from_secs(1)).await;
    let addr = server.addr();
    let (code, v) = http_json(
        addr,
        "POST",
        "/api/seeks",
        &json!({"game": "trictrac"}).to_string(),
    )
    .await;
    assert_eq!(code, 200, "{v}");
    let (id, token) = (v["id"].as_str().unwrap(), v["token"].as_str().unwrap());
    let (code, won) = http_json(addr, "POST", &format!("/api/seeks/{id}/accept"), "{}").await;
    assert_eq!(code, 200, "{won}");
    let room = won["room"].as_str().unwrap().to_string();
    let (_, mine) = http_json(addr, "GET", &format!("/api/seeks/{id}?token={token}"), "").await;
    let a = Client::seat(addr, &room, mine["token"].as_str().unwrap()).await;
    let b = Client::seat(addr, &room, won["token"].as_str().unwrap()).await;
    drop(a);
    drop(b);
    let path = format!("/api/rooms/{room}/claim");
    let body = json!({"token": won["token"]}).to_string();
    let end = Instant::now() + Duration::from_secs(10);
    loop {
        let (code, v) = http_json(addr, "POST", &path, &body).await;
        if code == 200 {
            assert!(v["result"].as_str().unwrap().contains("left"), "{v}");
            break;
        }
        assert!(
            Instant::now() < end,
            "the claim by HTTP never stood: {code} {v}"
        );
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    server.stop().await;
}

/// Item 15: a WebSocket message over the limit gets a close frame (1009)
/// before the connection ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_message_gets_a_close_frame() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let dir = TempDir::new("harden-ws");
    let server = server(&dir, Duration::from_secs(60)).await;
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws", server.addr()))
        .await
        .expect("connects");
    let big = format!("{{\"type\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(100_000));
    let _ = ws.send(Message::Text(big.into())).await;
    let mut code = None;
    while let Ok(Some(m)) = tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
        match m {
            Ok(Message::Close(Some(f))) => {
                code = Some(u16::from(f.code));
                break;
            }
            Ok(_) => continue,
            Err(_) => break,
        }
    }
    assert_eq!(code, Some(1009));
    server.stop().await;
}

/// Item 14: two instances on PostgreSQL; the one holding Black's
/// connection is killed without a word (its runtime dropped). The other
/// forgets Black's presence once it is not announced again, and White
/// claims the game after the grace period (before, Black stayed
/// "connected" for ever).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_killed_instances_players_become_absent() {
    let Some(url) = common::postgres_url() else {
        return;
    };
    let config = Config {
        addr: "127.0.0.1:0".into(),
        database: url,
        bot_delay: Duration::ZERO,
        abandon: AbandonConfig {
            grace: Duration::from_secs(1),
            presence: Duration::from_millis(300),
            ..AbandonConfig::default()
        },
        ..Config::default()
    };
    let a = Server::start(config.clone()).await.expect("A starts");
    // B on a runtime of its own, dropped to kill it.
    let (tx, rx) = std::sync::mpsc::channel();
    let (kill, killed) = std::sync::mpsc::channel::<()>();
    let b_thread = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let b = rt.block_on(Server::start(config)).expect("B starts");
        tx.send(b.addr()).unwrap();
        let _ = killed.recv();
        std::mem::forget(b);
        rt.shutdown_background();
    });
    let b_addr = rx.recv().unwrap();
    let mut white = Client::connect(a.addr()).await;
    let r = white
        .request(json!({"type": "create", "mode": "online", "side": "white"}))
        .await;
    assert_eq!(r["type"], "welcome", "{r}");
    let room = white.room();
    let mut black = Client::connect(b_addr).await;
    let r = black.request(json!({"type": "join", "room": room})).await;
    assert_eq!(r["type"], "welcome", "{r}");
    white.wait_until(|s| s["away"]["black"].is_null()).await;
    kill.send(()).unwrap();
    b_thread.join().unwrap();
    drop(black);
    // Forgotten within 3.5 announcements, then claimable after the grace.
    let end = Instant::now() + Duration::from_secs(20);
    loop {
        let r = white.request(json!({"type": "claim"})).await;
        if r["type"] == "ack" {
            break;
        }
        assert!(
            Instant::now() < end,
            "Black stays present on the killed instance: {r}"
        );
        tokio::time::sleep(Duration::from_millis(300)).await;
    }
    a.stop().await;
}

/// Item 14: both players ask the rematch at once, each through another
/// instance on PostgreSQL: both go to one room, and no second game is
/// left behind, listed as live (10 times: the race is not always run).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_race_leaves_no_extra_game() {
    let Some((one, two)) = common::postgres_pair().await else {
        return;
    };
    let url = common::postgres_url().unwrap();
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let mut played = 0;
    for round in 0..10 {
        let mut host = Client::connect(one.addr()).await;
        host.request(json!({"type": "create", "mode": "online", "side": "white"}))
            .await;
        let old = host.room();
        let mut friend = Client::connect(two.addr()).await;
        friend.request(json!({"type": "join", "room": old})).await;
        host.wait_until(|s| s["seats"]["black"]["taken"] == true)
            .await;
        // The opening throw (drawn when both have joined, perhaps by the
        // other instance) may be stored first: the protocol's `stale`
        // says to look again and retry.
        let mut r = host.request(json!({"type": "resign"})).await;
        for _ in 0..40 {
            if r["code"] != "stale" {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
            r = host.request(json!({"type": "resign"})).await;
        }
        assert_eq!(r["type"], "ack", "{r}");
        played += 1;
        friend.wait_seq(r["seq"].as_u64().unwrap()).await;
        let (a, b) = tokio::join!(
            host.request(json!({"type": "rematch"})),
            friend.request(json!({"type": "rematch"}))
        );
        assert_eq!(a["type"], "welcome", "{a}");
        assert_eq!(b["type"], "welcome", "{b}");
        assert_eq!(host.room(), friend.room(), "round {round}: one rematch");
        let rematch = host.room();
        // No other game than the rematch made from the old one's players.
        let extra: i64 = sqlx::query_scalar(
            "SELECT COUNT(*) FROM games WHERE white_token = (SELECT black_token FROM games WHERE id = $1)
             AND id <> $2 AND id <> $1",
        )
        .bind(&old)
        .bind(&rematch)
        .fetch_one(&pool)
        .await
        .unwrap();
        assert_eq!(extra, 0, "round {round}: an extra game of {old} stayed");
    }
    assert_eq!(played, 10);
    pool.close().await;
    one.stop().await;
    two.stop().await;
}
