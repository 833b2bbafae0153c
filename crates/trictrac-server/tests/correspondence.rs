//! Correspondence games and notifications (issue 39, items 1 and 2),
//! through the HTTP API and the WebSocket, on SQLite and PostgreSQL
//! (`TRICTRAC_TEST_POSTGRES`), mail sent to a local SMTP sink
//! (`common::smtp`): a game of 2 days per move survives a restart mid-
//! game, the player to move gets an e-mail, and loses on time only after
//! his days ran out (the clock advanced, not waited for); a move after
//! that is refused; a vacation pauses his clock; a relay that is down
//! delays the mail (retried with back-off), never the game.
//!
//! The clock is advanced for the whole process (`Server::advance_clock`):
//! the tests of this file run one at a time.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::json::assert_refused;
use common::smtp::SmtpSink;
use common::web::{link_in, register, start, unique, Jar};
use common::{Client, TempDir};
use serde_json::{json, Value};

/// One test at a time: they advance the one clock of the process.
static SERIAL: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

const DAY: Duration = Duration::from_secs(86_400);

/// Gives `jar` the address `address`, confirmed by the link of the mail
/// the sink received.
async fn confirm_address(addr: SocketAddr, jar: &mut Jar, sink: &SmtpSink, address: &str) {
    let (code, v) = jar
        .post(addr, "/api/me/email", json!({ "address": address }))
        .await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["confirmed"], false);
    let mail = sink
        .wait_for(
            address,
            "/api/email/confirm?token=",
            Duration::from_secs(20),
        )
        .await;
    let path = link_in(&mail.body, "/api/email/confirm?token=");
    let (code, v) = jar.get(addr, &path).await;
    assert_eq!(code, 200, "{path}: {v}");
    let (_, e) = jar.get(addr, "/api/me/email").await;
    assert_eq!(e["confirmed"], true, "{e}");
}

/// A rated backgammon challenge of `days` per move posted by `poster`,
/// accepted by `taker`: the room, the poster's seat and side, the
/// taker's seat.
async fn correspondence_game(
    addr: SocketAddr,
    poster: &mut Jar,
    taker: &mut Jar,
    days: u32,
) -> (String, String, String, String) {
    let (code, v) = poster
        .post(
            addr,
            "/api/seeks",
            json!({"game": "backgammon", "rules": "standard", "match": 1, "rated": true,
                   "clock": {"kind": "days", "days": days}}),
        )
        .await;
    assert_eq!(code, 200, "{v}");
    let (id, token) = (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
    );
    // Listed with its clock, as a challenge link shows it.
    let (_, shown) = Jar::default().get(addr, &format!("/api/seeks/{id}")).await;
    assert_eq!(shown["clock"]["kind"], "days", "{shown}");
    let (code, v) = taker
        .post(addr, &format!("/api/seeks/{id}/accept"), json!({}))
        .await;
    assert_eq!(code, 200, "{v}");
    let room = v["room"].as_str().unwrap().to_string();
    let taker_token = v["token"].as_str().unwrap().to_string();
    let (_, s) = poster
        .get(addr, &format!("/api/seeks/{id}?token={token}"))
        .await;
    (
        room,
        s["token"].as_str().unwrap().to_string(),
        s["side"].as_str().unwrap().to_string(),
        taker_token,
    )
}

/// One action by whoever is to act; answers the side that acted.
async fn act_once(a: &mut Client, b: &mut Client) -> String {
    let first_play_or_roll = |s: &Value| match s["phase"]["kind"].as_str().unwrap_or("") {
        "play" => json!({"type": "play", "play": s["plays"][0]["n"]}),
        _ => json!({"type": "roll"}),
    };
    common::games::act_once(a, b, first_play_or_roll)
        .await
        .expect("someone to act")
}

/// Plays until the turn passes from `other` to `side`.
async fn until_turn_of(a: &mut Client, b: &mut Client, side: &str) {
    for _ in 0..60 {
        let acted = act_once(a, b).await;
        if acted != side && a.to_act().as_deref() == Some(side) {
            return;
        }
    }
    panic!("the turn never passed to {side}");
}

/// The done-when of issue 39: restart, mail, loss on time only after the
/// days.
async fn survives_restart_mails_and_loses_on_time(database: &str) {
    let sink = SmtpSink::start().await;
    let server = start(database, Some(sink.addr)).await;
    let addr = server.addr();
    let (an, bn) = (unique("Cora"), unique("Dirk"));
    let mut ann = register(addr, &an).await;
    let mut bob = register(addr, &bn).await;
    let ann_mail = format!("{}@example.org", an.to_lowercase());
    let bob_mail = format!("{}@example.org", bn.to_lowercase());

    // Bad input: a malformed address refused, nothing kept.
    let (code, v) = ann
        .post(addr, "/api/me/email", json!({"address": "not an address"}))
        .await;
    assert_refused(code, &v, 400, "not an e-mail address");
    let (code, v) = Jar::default()
        .post(addr, "/api/me/email", json!({"address": "x@example.org"}))
        .await;
    assert_eq!(code, 401, "{v}");
    confirm_address(addr, &mut ann, &sink, &ann_mail).await;
    // Bob gives an address but never confirms it: no notice by mail.
    let (code, _) = bob
        .post(addr, "/api/me/email", json!({"address": bob_mail}))
        .await;
    assert_eq!(code, 200);

    let (room, ann_token, ann_side, bob_token) =
        correspondence_game(addr, &mut ann, &mut bob, 2).await;
    let bob_side = if ann_side == "white" {
        "black"
    } else {
        "white"
    };
    // Ann told her challenge was accepted: in the page and by mail.
    let (_, n) = ann.get(addr, "/api/me/notifications").await;
    assert!(n["unseen"].as_u64().unwrap() >= 1, "{n}");
    assert_eq!(n["notifications"][0]["kind"], "challenge_accepted", "{n}");
    assert_eq!(n["mail"]["enabled"], true);
    sink.wait_for(&ann_mail, "was accepted", Duration::from_secs(20))
        .await;

    let mut a = Client::seat(addr, &room, &ann_token).await;
    let mut b = Client::seat(addr, &room, &bob_token).await;
    assert_eq!(a.state["clock"]["kind"], "days", "{}", a.state["clock"]);
    until_turn_of(&mut a, &mut b, &ann_side).await;
    let seq = a.state["seq"].clone();
    // Ann, to move, gets the mail, with the game's link and the one-click
    // unsubscribe link.
    let mail = sink
        .wait_for(&ann_mail, "Your turn", Duration::from_secs(20))
        .await;
    assert!(
        mail.body.contains(&format!("/?room={room}")),
        "{}",
        mail.body
    );
    assert!(
        mail.body.contains("/api/email/unsubscribe?token="),
        "{}",
        mail.body
    );
    // "My games": this one, Ann's turn, listed first.
    let (_, mine) = ann.get(addr, "/api/me/correspondence").await;
    assert_eq!(mine["games"][0]["room"], room.as_str(), "{mine}");
    assert_eq!(mine["games"][0]["my_turn"], true, "{mine}");
    let (_, theirs) = bob.get(addr, "/api/me/correspondence").await;
    assert_eq!(theirs["games"][0]["my_turn"], false, "{theirs}");
    drop(a);
    drop(b);

    // A restart mid-game: the game waits in the database.
    server.stop().await;
    let server = start(database, Some(sink.addr)).await;
    let addr = server.addr();
    let mut a = Client::seat(addr, &room, &ann_token).await;
    assert_eq!(a.state["seq"], seq, "the game as it was");
    assert_eq!(a.to_act().as_deref(), Some(ann_side.as_str()));
    assert_eq!(a.state["clock"]["kind"], "days");

    // A day and a half: nothing happens (no idle rule, 2 days to move).
    server.advance_clock(DAY + DAY / 2).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let s = a.sync().await;
    assert!(s["over"].is_null(), "over too early: {}", s["over"]);
    // The whole two days: Bob wins on time.
    server
        .advance_clock(DAY / 2 + Duration::from_secs(60))
        .await;
    tokio::time::timeout(
        Duration::from_secs(20),
        a.wait_until(|s| !s["over"].is_null()),
    )
    .await
    .expect("the game ends on time");
    assert_eq!(a.state["over"]["winner"], bob_side, "{}", a.state["over"]);
    assert_eq!(a.state["over"]["reason"], "time", "{}", a.state["over"]);
    // A move after the days ran out: refused, clearly.
    let r = a
        .request(json!({"type": "roll", "seq": a.state["seq"]}))
        .await;
    assert_eq!(r["type"], "error", "{r}");
    let m = r["message"].as_str().unwrap();
    assert!(m.contains("over") && m.contains("within 2 days"), "{m}");
    // Out of "my games"; rated in the correspondence pool of backgammon.
    let (_, mine) = ann.get(addr, "/api/me/correspondence").await;
    assert!(
        !mine["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["room"] == room.as_str()),
        "{mine}"
    );
    let (code, board) = ann.get(addr, "/api/ratings?game=backgammon/corr").await;
    assert_eq!(code, 200, "{board}");
    let names: Vec<&str> = board["players"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["name"].as_str())
        .collect();
    assert!(
        names.contains(&an.as_str()) && names.contains(&bn.as_str()),
        "{board}"
    );
    let (_, plain) = ann.get(addr, "/api/ratings?game=backgammon").await;
    assert!(
        !plain.to_string().contains(an.as_str()),
        "a correspondence game moves only its own rating: {plain}"
    );
    // Bob never confirmed: no mail to him but the confirmation's.
    assert!(
        sink.mails()
            .iter()
            .filter(|m| m.to.iter().any(|t| t.contains(&bob_mail)))
            .all(|m| m.body.contains("/api/email/confirm")),
        "{:#?}",
        sink.mails()
    );
    // The one-click unsubscribe: no more mail to Ann.
    let path = link_in(&mail.body, "/api/email/unsubscribe?token=");
    let (code, v) = Jar::default().get(addr, &path).await;
    assert_eq!(code, 200, "{v}");
    let (_, e) = ann.get(addr, "/api/me/email").await;
    assert_eq!(e["subscribed"], false, "{e}");
    // The notices seen: the badge is 0.
    let (code, _) = ann
        .post(addr, "/api/me/notifications/seen", json!({}))
        .await;
    assert_eq!(code, 200);
    let (_, n) = ann.get(addr, "/api/me/notifications").await;
    assert_eq!(n["unseen"], 0, "{n}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_survives_a_restart_and_is_lost_on_time_on_sqlite() {
    let _one = SERIAL.lock().await;
    let dir = TempDir::new("corr");
    survives_restart_mails_and_loses_on_time(&dir.db_url()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_game_survives_a_restart_and_is_lost_on_time_on_postgres() {
    let _one = SERIAL.lock().await;
    if let Some(url) = common::postgres_url() {
        survives_restart_mails_and_loses_on_time(&url).await;
    }
}

/// A vacation pauses the clock of the player on vacation.
async fn vacation_pauses(database: &str) {
    let server = start(database, None).await;
    let addr = server.addr();
    let (an, bn) = (unique("Vera"), unique("Walt"));
    let mut ann = register(addr, &an).await;
    let mut bob = register(addr, &bn).await;
    // Without --smtp: the page is told, no address is kept.
    let (_, n) = ann.get(addr, "/api/me/notifications").await;
    assert_eq!(n["mail"]["enabled"], false, "{n}");
    assert!(
        n["mail"]["note"].as_str().unwrap().contains("--smtp"),
        "{n}"
    );
    let (code, v) = ann
        .post(
            addr,
            "/api/me/email",
            json!({"address": "vera@example.org"}),
        )
        .await;
    assert_eq!(code, 400, "{v}");

    let (room, ann_token, ann_side, bob_token) =
        correspondence_game(addr, &mut ann, &mut bob, 1).await;
    let mut a = Client::seat(addr, &room, &ann_token).await;
    let mut b = Client::seat(addr, &room, &bob_token).await;
    until_turn_of(&mut a, &mut b, &ann_side).await;
    // The page's notice of Ann's turn (no mail: no relay).
    let mut told = false;
    for _ in 0..50 {
        let (_, n) = ann.get(addr, "/api/me/notifications").await;
        if n["notifications"][0]["kind"] == "your_turn" {
            told = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(told, "Ann told it is her turn");
    // Vacation: bad input refused, then 3 days taken.
    for days in [0, 16] {
        let (code, v) = ann
            .post(addr, "/api/me/vacation", json!({ "days": days }))
            .await;
        assert_eq!(code, 400, "{days}: {v}");
    }
    let (code, v) = ann.post(addr, "/api/me/vacation", json!({"days": 3})).await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["left"], 12, "{v}");
    assert_eq!(v["on_vacation"], true, "{v}");
    let (code, v) = ann.post(addr, "/api/me/vacation", json!({"days": 1})).await;
    assert_eq!(code, 409, "already on vacation: {v}");
    // Her day runs out while she is away: the game goes on.
    server.advance_clock(DAY * 2).await;
    tokio::time::sleep(Duration::from_millis(800)).await;
    let s = a.sync().await;
    assert!(s["over"].is_null(), "lost during a vacation: {}", s["over"]);
    // Back from vacation, her day runs again, then out.
    server
        .advance_clock(DAY * 2 + Duration::from_secs(60))
        .await;
    tokio::time::timeout(
        Duration::from_secs(20),
        a.wait_until(|s| !s["over"].is_null()),
    )
    .await
    .expect("the game ends on time after the vacation");
    assert_eq!(a.state["over"]["reason"], "time");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vacation_pauses_the_clock_on_sqlite() {
    let _one = SERIAL.lock().await;
    let dir = TempDir::new("corr-vacation");
    vacation_pauses(&dir.db_url()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_vacation_pauses_the_clock_on_postgres() {
    let _one = SERIAL.lock().await;
    if let Some(url) = common::postgres_url() {
        vacation_pauses(&url).await;
    }
}

/// The relay is down: the mail waits in the queue, retried with
/// back-off, and the game goes on; when the relay comes up it is sent.
async fn relay_down(database: &str) {
    // A free port with nothing listening on it.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap();
    let server = start(database, Some(port)).await;
    let addr = server.addr();
    let (an, bn) = (unique("Xena"), unique("Yann"));
    let mut ann = register(addr, &an).await;
    let mut bob = register(addr, &bn).await;
    let address = format!("{}@example.org", an.to_lowercase());
    let (code, v) = ann
        .post(addr, "/api/me/email", json!({ "address": address }))
        .await;
    assert_eq!(code, 200, "{v}");
    // A correspondence game goes on meanwhile.
    let (room, ann_token, _, bob_token) = correspondence_game(addr, &mut ann, &mut bob, 3).await;
    let mut a = Client::seat(addr, &room, &ann_token).await;
    let mut b = Client::seat(addr, &room, &bob_token).await;
    for _ in 0..6 {
        act_once(&mut a, &mut b).await;
    }
    // Tried and failed, still waiting.
    let mut failed = false;
    for _ in 0..100 {
        let (waiting, _, attempts) = server.mail_queue().await.unwrap();
        if waiting >= 1 && attempts >= 1 {
            failed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(failed, "the mail was tried and kept");
    // The relay comes up: the mail goes out at its next try.
    let sink = SmtpSink::start_on(port).await;
    sink.wait_for(&address, "/api/email/confirm", Duration::from_secs(30))
        .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_relay_down_delays_the_mail_not_the_game_on_sqlite() {
    let _one = SERIAL.lock().await;
    let dir = TempDir::new("corr-relay");
    relay_down(&dir.db_url()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_relay_down_delays_the_mail_not_the_game_on_postgres() {
    let _one = SERIAL.lock().await;
    if let Some(url) = common::postgres_url() {
        relay_down(&url).await;
    }
}

/// A correspondence challenge stands without its poster (a live one is
/// withdrawn when its poster is gone), for a week.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_correspondence_challenge_stands_without_its_poster() {
    let dir = TempDir::new("corr-seeks");
    let store = trictrac_server::store::Store::open(&dir.db_url())
        .await
        .unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let seek = |id: &str, clock: &str, created: i64| trictrac_server::store::SeekRow {
        id: id.into(),
        game: "backgammon".into(),
        options: "standard match=1".into(),
        name: "Ann".into(),
        token: format!("token-{id}"),
        state: "open".into(),
        room: None,
        seat_token: None,
        seat_side: None,
        created,
        clock: Some(clock.into()),
        rated: false,
    };
    let days = r#"{"days":2,"kind":"days"}"#;
    let live = r#"{"kind":"move","seconds":60}"#;
    for s in [
        seek("LIVE01", live, now - 60),
        seek("CORR01", days, now - 3 * 86_400),
        seek("CORR02", days, now - 8 * 86_400),
    ] {
        assert!(store.insert_seek(&s).await.unwrap());
    }
    // Nobody there for a while (no grace), 30 minutes' lifetime.
    store.sweep_seeks(0, 1800).await.unwrap();
    let state = |s: Option<trictrac_server::store::SeekRow>| s.unwrap().state;
    assert_eq!(state(store.seek("LIVE01").await.unwrap()), "left");
    assert_eq!(state(store.seek("CORR01").await.unwrap()), "open");
    // A week old: expired, and forgotten at once (closed seeks older
    // than a day are).
    assert!(store.seek("CORR02").await.unwrap().is_none());
    store.close().await;
}
