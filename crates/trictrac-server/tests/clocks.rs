//! Clocks and abandonment of lobby games (issue 26, item 4;
//! docs/SERVER.md, "Clocks and abandonment"): a clock that runs out ends
//! the game as the game's resignation (Grand Trictrac, a backgammon money
//! game) or loses the whole match; it survives a restart and is enforced
//! with nobody connected; a player gone longer than the grace period
//! may be claimed from, not before, and not once he is back; a lobby game
//! left idle ends. Clocks and grace periods are seconds long; every wait
//! polls a condition.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::games::claim_when_allowed;
use common::{http_json as http, Client, TempDir};
use serde_json::{json, Value};
use trictrac_server::room::AbandonConfig;
use trictrac_server::{Config, Server};

/// The grace period of the tests that do not test it.
const GRACE: Duration = Duration::from_secs(60);
/// The idle limit of the tests that do not test it.
const IDLE: Duration = Duration::from_secs(3600);

/// A server with a short grace period and idle limit.
async fn start(database: &str, grace: Duration, idle: Duration) -> Server {
    Server::start(Config {
        addr: "127.0.0.1:0".into(),
        database: database.into(),
        bot_delay: Duration::ZERO,
        abandon: AbandonConfig {
            grace,
            idle,
            sweep: Duration::from_secs(60),
            ..AbandonConfig::default()
        },
        ..Config::default()
    })
    .await
    .expect("the server starts")
}

/// A lobby game: the seek posted and accepted. Answers the room and
/// both seats: (side, token) of the poster, then of the accepting player.
async fn lobby_game(addr: SocketAddr, seek: Value) -> (String, [(String, String); 2]) {
    let (code, v) = http(addr, "POST", "/api/seeks", &seek.to_string()).await;
    assert_eq!(code, 200, "{v}");
    let (id, token) = (v["id"].as_str().unwrap(), v["token"].as_str().unwrap());
    // The lobby lists the clock asked for.
    let (_, l) = http(addr, "GET", "/api/lobby", "").await;
    let listed = l["seeks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id);
    assert_eq!(listed.unwrap()["clock"], seek["clock"], "{l}");
    let (code, won) = http(addr, "POST", &format!("/api/seeks/{id}/accept"), "{}").await;
    assert_eq!(code, 200, "{won}");
    let (_, mine) = http(addr, "GET", &format!("/api/seeks/{id}?token={token}"), "").await;
    let seat = |v: &Value| {
        (
            v["side"].as_str().unwrap().to_string(),
            v["token"].as_str().unwrap().to_string(),
        )
    };
    (
        won["room"].as_str().unwrap().into(),
        [seat(&mine), seat(&won)],
    )
}

/// Polls `GET path` until `found` finds what it looks for in the answer
/// (at most 20 s).
async fn poll(addr: SocketAddr, path: &str, found: impl Fn(&Value) -> Option<Value>) -> Value {
    let end = Instant::now() + Duration::from_secs(20);
    loop {
        let (_, v) = http(addr, "GET", path, "").await;
        if let Some(found) = found(&v) {
            return found;
        }
        assert!(Instant::now() < end, "the game did not end: {v}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Polls `/api/rooms/ROOM` until the game is over.
async fn wait_finished(addr: SocketAddr, room: &str) -> Value {
    let path = format!("/api/rooms/{room}");
    poll(addr, &path, |v| {
        (!v["finished"].is_null()).then(|| v.clone())
    })
    .await
}

/// Grand Trictrac with two seconds a move: nobody acts, the clock of the
/// side to act runs out, the game ends as his resignation (the stake
/// gives on the score as it stands, RULES-CHOICES.md), stored with
/// the record, and later actions are refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_clock_runs_out_and_the_trictrac_game_is_resigned_on_time() {
    let dir = TempDir::new("clock-move");
    let server = start(&dir.db_url(), GRACE, IDLE).await;
    let addr = server.addr();
    let (code, v) = http(
        addr,
        "POST",
        "/api/seeks",
        &json!({"game": "trictrac", "clock": {"kind": "move", "seconds": 0}}).to_string(),
    )
    .await;
    assert_eq!(code, 400, "a clock of no time is refused: {v}");
    let (code, v) = http(
        addr,
        "POST",
        "/api/seeks",
        &json!({"game": "trictrac", "clock": {"kind": "sandglass"}}).to_string(),
    )
    .await;
    assert_eq!(code, 400, "an unknown clock is refused: {v}");
    let (room, [(side_a, token_a), (_, token_b)]) = lobby_game(
        addr,
        json!({"game": "trictrac", "name": "Ann", "clock": {"kind": "move", "seconds": 2}}),
    )
    .await;
    let mut a = Client::seat(addr, &room, &token_a).await;
    let _b = Client::seat(addr, &room, &token_b).await;
    let clock = a.state["clock"].clone();
    assert_eq!(clock["kind"], "move", "{clock}");
    let to_act = a.to_act().expect("a side decides");
    assert_eq!(clock["running"], to_act.as_str(), "{clock}");
    assert!(clock[&to_act].as_i64().unwrap() <= 2000, "{clock}");
    a.wait_until(|s| !s["over"].is_null()).await;
    let over = a.state["over"].clone();
    assert_eq!(over["reason"], "time", "{over}");
    let loser = to_act;
    assert_ne!(over["winner"], loser.as_str(), "{over}");
    assert!(
        over["result"].as_str().unwrap().contains("lost on time"),
        "{over}"
    );
    assert_eq!(a.state["phase"]["kind"], "over");
    // The game's own resignation is the last action of its record.
    let full = a.sync().await;
    let history = full["history"].as_array().unwrap();
    let last = history
        .iter()
        .rev()
        .find(|e| e["kind"] != "over")
        .unwrap()
        .clone();
    assert_eq!(last["kind"], "resign", "{last}");
    assert_eq!(last["side"], loser.as_str(), "{last}");
    let summary = wait_finished(addr, &room).await;
    assert!(
        summary["result"].as_str().unwrap().contains("lost on time"),
        "{summary}"
    );
    // Too late to act.
    let r = a.request(json!({"type": "roll"})).await;
    assert_eq!(r["type"], "error", "{r}");
    let _ = side_a;
    server.stop().await;
}

/// A backgammon match with a total clock of 1.8 s: its resignation would
/// only end the current game, so running out of time loses the whole
/// match (docs/SERVER.md); nothing is pending any more.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_total_clock_runs_out_and_the_backgammon_match_is_lost() {
    let dir = TempDir::new("clock-total");
    let server = start(&dir.db_url(), GRACE, IDLE).await;
    let addr = server.addr();
    let (room, [(_, token_a), (_, token_b)]) = lobby_game(
        addr,
        json!({"game": "backgammon", "match": 3,
               "clock": {"kind": "total", "minutes": 0.03, "increment": 1}}),
    )
    .await;
    let mut a = Client::seat(addr, &room, &token_a).await;
    let _b = Client::seat(addr, &room, &token_b).await;
    assert_eq!(a.state["clock"]["kind"], "total");
    assert_eq!(a.state["clock"]["increment"], 1);
    let to_act = a.to_act().expect("a side decides");
    a.wait_until(|s| !s["over"].is_null()).await;
    let over = a.state["over"].clone();
    assert_eq!(over["reason"], "time", "{over}");
    assert_ne!(over["winner"], to_act.as_str(), "{over}");
    assert!(
        over["result"]
            .as_str()
            .unwrap()
            .contains("wins the whole game"),
        "{over}"
    );
    assert!(a.state["pending"].is_null());
    let r = a.request(json!({"type": "roll"})).await;
    assert_eq!(r["type"], "error", "{r}");
    let summary = wait_finished(addr, &room).await;
    assert!(summary["result"].as_str().unwrap().contains("lost on time"));
    server.stop().await;
}

/// A backgammon money game: running out of time is its resignation, a
/// single game times the videau (BG-7), the last action of the record.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_run_out_in_a_money_game_resigns_it() {
    let dir = TempDir::new("clock-money");
    let server = start(&dir.db_url(), GRACE, IDLE).await;
    let addr = server.addr();
    let (room, [(_, token_a), (_, token_b)]) = lobby_game(
        addr,
        json!({"game": "backgammon", "clock": {"kind": "move", "seconds": 1}}),
    )
    .await;
    let mut a = Client::seat(addr, &room, &token_a).await;
    let _b = Client::seat(addr, &room, &token_b).await;
    a.wait_until(|s| !s["over"].is_null()).await;
    assert_eq!(a.state["over"]["reason"], "time");
    assert_eq!(a.state["game_result"]["reason"], "resigned", "{}", a.state);
    assert_eq!(a.state["game_result"]["points"], 1, "{}", a.state);
    // The rematch is timed as the game was: the same clock, running.
    let w = a.request(json!({"type": "rematch"})).await;
    assert_eq!(w["type"], "welcome", "{w}");
    assert_ne!(a.room(), room);
    assert_eq!(a.state["clock"]["kind"], "move", "{}", a.state);
    assert_eq!(a.state["clock"]["seconds"], 1, "{}", a.state);
    server.stop().await;
}

/// The clock is stored with the game: stopped before it runs out and
/// started again on the same database, the server ends the game on time
/// by itself, nobody connected.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clock_survives_a_restart_and_runs_out_with_nobody_connected() {
    let dir = TempDir::new("clock-restart");
    let server = start(&dir.db_url(), GRACE, IDLE).await;
    let (room, _) = lobby_game(
        server.addr(),
        json!({"game": "trictrac", "clock": {"kind": "move", "seconds": 3}}),
    )
    .await;
    let (_, v) = http(server.addr(), "GET", &format!("/api/rooms/{room}"), "").await;
    assert!(v["finished"].is_null(), "not over yet: {v}");
    server.stop().await;
    let server = start(&dir.db_url(), GRACE, IDLE).await;
    // The list of finished games reads the database only: nobody asks
    // for the room, the server looks at it by itself.
    let ended = wait_listed(server.addr(), &room).await;
    assert!(
        ended["result"].as_str().unwrap().contains("lost on time"),
        "{ended}"
    );
    server.stop().await;
}

/// Polls `/api/games` (which loads no room) until `room` is listed as
/// finished.
async fn wait_listed(addr: SocketAddr, room: &str) -> Value {
    poll(addr, "/api/games", |v| {
        v["finished"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == room)
            .cloned()
    })
    .await
}

/// "A disconnect beyond the grace period lets the opponent claim the
/// game": a claim before the grace period is refused (naming the seconds
/// left), over HTTP too; after it the claim ends the game, won by the
/// claimant.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_disconnect_beyond_the_grace_period_lets_the_opponent_claim_the_game() {
    let dir = TempDir::new("claim");
    let server = start(&dir.db_url(), Duration::from_secs(2), IDLE).await;
    let addr = server.addr();
    let (room, [(side_a, token_a), (side_b, token_b)]) =
        lobby_game(addr, json!({"game": "backgammon", "match": 3})).await;
    let mut a = Client::seat(addr, &room, &token_a).await;
    let b = Client::seat(addr, &room, &token_b).await;
    a.wait_until(|s| s["away"][&side_b].is_null()).await;
    let r = a.request(json!({"type": "claim"})).await;
    assert_eq!(r["type"], "error", "{r}");
    assert!(r["message"].as_str().unwrap().contains("connected"), "{r}");
    drop(b);
    a.wait_until(|s| !s["away"][&side_b].is_null()).await;
    let r = a.request(json!({"type": "claim"})).await;
    assert_eq!(r["type"], "error", "{r}");
    assert!(
        r["message"]
            .as_str()
            .unwrap()
            .contains("you may claim the game in"),
        "{r}"
    );
    let path = format!("/api/rooms/{room}/claim");
    let (code, v) = http(addr, "POST", &path, &json!({"token": "nope"}).to_string()).await;
    assert_eq!(code, 403, "{v}");
    let (code, v) = http(addr, "POST", &path, &json!({"token": token_a}).to_string()).await;
    assert_eq!(code, 409, "too early over HTTP too: {v}");
    // After the grace period the claim stands.
    claim_when_allowed(&mut a, Duration::from_millis(100)).await;
    a.wait_until(|s| !s["over"].is_null()).await;
    let over = a.state["over"].clone();
    assert_eq!(over["reason"], "abandon", "{over}");
    assert_eq!(over["winner"], side_a.as_str(), "{over}");
    assert!(over["result"].as_str().unwrap().contains("left the game"));
    let summary = wait_finished(addr, &room).await;
    assert!(summary["result"]
        .as_str()
        .unwrap()
        .contains("left the game"));
    server.stop().await;
}

/// Coming back within the grace period cancels the claim: past the
/// grace period of the first disconnect, the claim is still refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnect_within_the_grace_period_cancels_the_claim() {
    let dir = TempDir::new("claim-back");
    let grace = Duration::from_secs(1);
    let server = start(&dir.db_url(), grace, IDLE).await;
    let addr = server.addr();
    let (room, [(_, token_a), (side_b, token_b)]) =
        lobby_game(addr, json!({"game": "trictrac"})).await;
    let mut a = Client::seat(addr, &room, &token_a).await;
    let b = Client::seat(addr, &room, &token_b).await;
    a.wait_until(|s| s["away"][&side_b].is_null()).await;
    drop(b);
    let left = Instant::now();
    a.wait_until(|s| !s["away"][&side_b].is_null()).await;
    let _b = Client::seat(addr, &room, &token_b).await;
    a.wait_until(|s| s["away"][&side_b].is_null()).await;
    // Claims up to well past the grace period: all refused.
    while left.elapsed() < grace + Duration::from_millis(800) {
        let r = a.request(json!({"type": "claim"})).await;
        assert_eq!(r["type"], "error", "{r}");
        assert!(
            r["message"].as_str().unwrap().contains("is connected"),
            "{r}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(a.state["over"].is_null());
    server.stop().await;
}

/// Nobody stalls a lobby game for ever: with no move for the idle limit
/// (one second here) the side to act loses it, nobody connected.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_lobby_game_left_idle_ends() {
    let dir = TempDir::new("idle");
    let server = start(&dir.db_url(), GRACE, Duration::from_secs(1)).await;
    let (room, _) = lobby_game(server.addr(), json!({"game": "trictrac"})).await;
    let summary = wait_listed(server.addr(), &room).await;
    assert!(
        summary["result"].as_str().unwrap().contains("did not play"),
        "{summary}"
    );
    server.stop().await;
}

/// Two instances on one PostgreSQL database, each holding the game for
/// one player: the clock passes from one instance's action to the
/// other's, runs out once (one resignation stored, both see it); and a
/// player gone from his instance may be claimed from through the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn clocks_and_claims_hold_across_two_postgres_instances() {
    let Some(url) = common::postgres_url() else {
        return;
    };
    let grace = Duration::from_secs(1);
    let one = start(&url, grace, IDLE).await;
    let two = start(&url, grace, IDLE).await;
    let (room, [(_, token_a), (_, token_b)]) = lobby_game(
        one.addr(),
        json!({"game": "trictrac", "clock": {"kind": "move", "seconds": 3}}),
    )
    .await;
    let mut a = Client::seat(one.addr(), &room, &token_a).await;
    let mut b = Client::seat(two.addr(), &room, &token_b).await;
    // The side to act rolls on its instance: the clock stored with the
    // roll is the one the other instance shows.
    let side = a.to_act().expect("a side decides");
    let (actor, watcher) = if a.seats().contains(&side) {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    let msg = match actor.state["phase"]["kind"].as_str() {
        Some("roll") => json!({"type": "roll"}),
        _ => json!({"type": "play", "play": actor.state["plays"][0]["n"]}),
    };
    let r = actor.request(msg).await;
    assert_eq!(r["type"], "ack", "{r}");
    let seq = r["seq"].as_u64().unwrap();
    actor.wait_seq(seq).await;
    watcher.wait_seq(seq).await;
    assert_eq!(
        watcher.state["clock"]["running"], actor.state["clock"]["running"],
        "{} / {}",
        watcher.state["clock"], actor.state["clock"]
    );
    let ms = |c: &Client, s: &str| c.state["clock"][s].as_i64().unwrap();
    assert!(
        (ms(watcher, &side) - ms(actor, &side)).abs() < 500,
        "the same time left for the side that acted on both instances: {} / {}",
        watcher.state["clock"],
        actor.state["clock"]
    );
    a.wait_until(|s| !s["over"].is_null()).await;
    b.wait_until(|s| !s["over"].is_null()).await;
    assert_eq!(a.state["over"]["reason"], "time");
    assert_eq!(a.state["over"], b.state["over"]);
    let full = a.sync().await;
    let resigns = full["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "resign")
        .count();
    assert_eq!(resigns, 1, "one resignation stored: {}", full["history"]);
    drop((a, b));

    // A claim across the instances.
    let (room, [(side_a, token_a), (side_b, token_b)]) =
        lobby_game(one.addr(), json!({"game": "backgammon"})).await;
    let mut a = Client::seat(one.addr(), &room, &token_a).await;
    let b = Client::seat(two.addr(), &room, &token_b).await;
    a.wait_until(|s| s["away"][&side_b].is_null()).await;
    let r = a.request(json!({"type": "claim"})).await;
    assert!(
        r["message"].as_str().unwrap_or("").contains("is connected"),
        "{r}"
    );
    drop(b);
    a.wait_until(|s| !s["away"][&side_b].is_null()).await;
    claim_when_allowed(&mut a, Duration::from_millis(100)).await;
    let ended = wait_finished(two.addr(), &room).await;
    assert!(
        ended["result"].as_str().unwrap().contains("left the game"),
        "{ended}"
    );
    a.wait_until(|s| !s["over"].is_null()).await;
    assert_eq!(a.state["over"]["winner"], side_a.as_str());
    one.stop().await;
    two.stop().await;
}
