//! Integration tests through the real server (in-process, on 127.0.0.1,
//! a temporary SQLite file): two WebSocket clients play whole games, a
//! third cannot act for them, a restart loses nothing.

mod common;

use common::{http_get, play_both, random_action, start, Client, Lcg, TempDir};
use serde_json::json;
use trictrac::Record;

/// Creates an online game (White for the creator) and seats a friend.
async fn online_pair(addr: std::net::SocketAddr) -> (Client, Client) {
    let mut a = Client::connect(addr).await;
    let w = a
        .request(json!({"type": "create", "mode": "online", "side": "white", "name": "Alice"}))
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    assert_eq!(a.seats(), ["white"]);
    assert_eq!(a.token().len(), 32);
    // Nobody plays before the friend arrives.
    let r = a.request(json!({"type": "roll"})).await;
    assert_eq!(r["type"], "error", "{r}");
    if a.to_act().as_deref() == Some("white") {
        assert!(r["message"].as_str().unwrap().contains("not joined"), "{r}");
    }
    let mut b = Client::connect(addr).await;
    let w = b
        .request(json!({"type": "join", "room": a.room().to_lowercase(), "name": "Bob"}))
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    assert_eq!(b.seats(), ["black"]);
    assert_ne!(a.token(), b.token());
    // Alice hears that Bob sat down.
    a.wait_until(|s| {
        s["seats"]["black"]["connected"] == true && s["seats"]["black"]["name"] == "Bob"
    })
    .await;
    (a, b)
}

/// Plays random actions until the game is over or `max` actions are done;
/// both clients follow every action.
async fn play(a: &mut Client, b: &mut Client, rng: &mut Lcg, max: usize) {
    play_both(a, b, max, |s| random_action(s, rng)).await;
}

/// Plays Black's turns of a bot game (the bot is White) with random
/// actions until the game is over or `max` actions are done.
async fn play_black(h: &mut Client, rng: &mut Lcg, max: usize) {
    for _ in 0..max {
        h.wait_until(|s| s["phase"]["side"] == "black" || s["phase"]["kind"] == "over")
            .await;
        if h.over() {
            break;
        }
        let msg = random_action(&h.state, rng);
        let r = h.request(msg).await;
        assert_eq!(r["type"], "ack", "{r}");
        h.wait_seq(r["seq"].as_u64().unwrap()).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_clients_play_a_whole_game_and_its_record_replays() {
    let dir = TempDir::new("whole");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let (mut a, mut b) = online_pair(addr).await;
    let mut rng = Lcg(1);
    play(&mut a, &mut b, &mut rng, 100_000).await;
    assert!(a.over(), "the game ends");
    assert_eq!(a.state, b.state);
    assert_eq!(a.history, b.history);
    let over = a.state["over"].clone();
    let winner = over["winner"].as_str().unwrap().to_string();
    assert_eq!(a.state["score"][&winner]["holes"], 12);
    // The history merged from the broadcasts is the whole history.
    let full = a.sync().await;
    assert_eq!(full["type"], "state");
    assert_eq!(full["history"].as_array().unwrap(), &a.history);
    assert_eq!(a.history.last().unwrap()["kind"], "over");
    // A finished game refuses actions.
    let r = a.request(json!({"type": "roll"})).await;
    assert_eq!(r["type"], "error");
    assert!(r["message"].as_str().unwrap().contains("over"), "{r}");

    // The list of finished games and the record.
    let (code, body) = http_get(addr, "/api/games").await;
    assert_eq!(code, 200);
    let list: serde_json::Value = serde_json::from_str(&body).unwrap();
    let room = a.room();
    let entry = list["finished"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == room.as_str())
        .expect("the game is listed as finished");
    assert_eq!(entry["white"], "Alice");
    assert_eq!(entry["black"], "Bob");
    assert_eq!(entry["result"], over["result"]);
    let (code, text) = http_get(addr, &format!("/api/games/{room}.txt")).await;
    assert_eq!(code, 200);
    let record: Record = text.parse().expect("the record parses");
    let game = record.replay().expect("the record replays");
    assert_eq!(game.winner().unwrap().name(), winner);
    assert_eq!(
        record.header.result.as_deref(),
        over["result"].as_str(),
        "{text}"
    );
    let (code, js) = http_get(addr, &format!("/api/games/{room}.json")).await;
    assert_eq!(code, 200);
    assert_eq!(Record::from_json(&js).unwrap(), record);
    let (code, _) = http_get(addr, "/api/games/NOPE99.txt").await;
    assert_eq!(code, 404);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_third_client_cannot_act_for_either_side() {
    let dir = TempDir::new("third");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let (mut a, mut b) = online_pair(addr).await;
    let room = a.room();

    // A third comer finds both seats taken: he watches.
    let mut c = Client::connect(addr).await;
    let w = c.request(json!({"type": "join", "room": room})).await;
    assert_eq!(w["role"], "spectator", "{w}");
    assert!(w["token"].is_null());
    a.wait_until(|s| s["spectators"] == 1).await;
    let seq = c.state["seq"].clone();
    for msg in [
        json!({"type": "roll"}),
        json!({"type": "play", "play": "1-7 1-6"}),
        json!({"type": "stay"}),
        json!({"type": "leave"}),
        json!({"type": "declare", "points": 4}),
    ] {
        let r = c.request(msg.clone()).await;
        assert_eq!(r["type"], "error", "{msg}: {r}");
        assert!(r["message"].as_str().unwrap().contains("watching"), "{r}");
    }
    // A made-up token, or one from another room, holds no seat.
    let mut d = Client::connect(addr).await;
    let r = d
        .request(json!({"type": "join", "room": room, "token": "00112233445566778899aabbccddeeff"}))
        .await;
    assert_eq!(r["type"], "error", "{r}");
    assert!(r["message"].as_str().unwrap().contains("no seat"), "{r}");
    let mut other = Client::connect(addr).await;
    other
        .request(json!({"type": "create", "mode": "hotseat"}))
        .await;
    let r = d
        .request(json!({"type": "join", "room": room, "token": other.token()}))
        .await;
    assert_eq!(r["type"], "error", "{r}");
    // Each player acts only on his own turn.
    let side = a.to_act().unwrap();
    let waiting = if side == "white" { &mut b } else { &mut a };
    let r = waiting.request(json!({"type": "roll"})).await;
    assert_eq!(r["type"], "error", "{r}");
    assert!(r["message"].as_str().unwrap().contains("turn"), "{r}");
    // Nothing changed.
    assert_eq!(c.state["seq"], seq);
    let r = a.sync().await;
    assert_eq!(r["seq"], seq);
    // Unknown rooms and bad messages get one-line errors.
    let r = d.request(json!({"type": "join", "room": "ZZZZZZ"})).await;
    assert!(r["message"].as_str().unwrap().contains("ZZZZZZ"), "{r}");
    let r = d.request(json!({"type": "fly"})).await;
    assert_eq!(r["type"], "error");
    // Hints are for games against the bot or at one screen.
    let r = a.request(json!({"type": "hint"})).await;
    assert_eq!(r["type"], "error");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_in_the_middle_of_a_game_loses_nothing() {
    let dir = TempDir::new("restart");
    let server = start(&dir.db_url()).await;
    let (mut a, mut b) = online_pair(server.addr()).await;
    let (room, ta, tb) = (a.room(), a.token(), b.token());
    let mut rng = Lcg(7);
    play(&mut a, &mut b, &mut rng, 40).await;
    assert!(!a.over());
    let before = a.sync().await;
    let history = a.history.clone();

    // A bot game too, in the middle.
    let mut h = Client::connect(server.addr()).await;
    h.request(json!({"type": "create", "mode": "bot", "bot": "random", "side": "black"}))
        .await;
    let (bot_room, th) = (h.room(), h.token());
    play_black(&mut h, &mut rng, 30).await;
    let bot_before = h.sync().await;

    server.stop().await;
    drop((a, b, h));

    // A new server on the same file: everything acknowledged is there.
    let server = start(&dir.db_url()).await;
    assert_eq!(server.rooms_in_memory(), 0);
    let mut a = Client::connect(server.addr()).await;
    let mut b = Client::connect(server.addr()).await;
    let w = a
        .request(json!({"type": "join", "room": room, "token": ta}))
        .await;
    assert_eq!(w["seats"], json!(["white"]), "{w}");
    b.request(json!({"type": "join", "room": room, "token": tb}))
        .await;
    assert_eq!(b.seats(), ["black"]);
    let after = a.state.clone();
    for k in [
        "seq", "board", "off", "phase", "dice", "plays", "score", "roll", "history",
    ] {
        assert_eq!(after[k], before[k], "{k} after the restart");
    }
    assert_eq!(a.history, history);
    play(&mut a, &mut b, &mut rng, 100_000).await;
    assert!(a.over());

    // The bot game resumes; the bot finishes its turn if it was its own.
    let mut h = Client::connect(server.addr()).await;
    h.request(json!({"type": "join", "room": bot_room, "token": th}))
        .await;
    assert!(h.state["seq"].as_u64() >= bot_before["seq"].as_u64());
    // The bot may have gone on with its turn: all but the last entry of
    // the history before the restart are unchanged.
    let old = bot_before["history"].as_array().unwrap();
    assert_eq!(h.history[..old.len() - 1], old[..old.len() - 1]);
    play_black(&mut h, &mut rng, usize::MAX).await;
    assert!(h
        .history
        .iter()
        .any(|e| e["kind"] == "roll" && e["side"] == "white"));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hot_seat_one_token_plays_both_sides_with_hints_and_manual_marking() {
    let dir = TempDir::new("hotseat");
    let server = start(&dir.db_url()).await;
    let mut a = Client::connect(server.addr()).await;
    let w = a
        .request(json!({"type": "create", "mode": "hotseat", "options": "marking=manual"}))
        .await;
    assert_eq!(w["seats"], json!(["white", "black"]));
    let mut rng = Lcg(3);
    let mut hinted = false;
    let mut claimed = false;
    for _ in 0..60 {
        if a.over() {
            break;
        }
        let st = a.state.clone();
        let msg = match st["phase"]["kind"].as_str().unwrap() {
            // Declares 2 points too many now and then; the other side's
            // school must then be claimable.
            "mark" => {
                if st["can_claim"][st["phase"]["side"].as_str().unwrap()] == true {
                    let r = a.request(json!({"type": "school", "points": 2})).await;
                    assert_eq!(r["type"], "ack", "{r}");
                    a.wait_seq(r["seq"].as_u64().unwrap()).await;
                    claimed = true;
                    continue;
                }
                json!({"type": "declare", "points": 2 * rng.below(2)})
            }
            "play" if !hinted => {
                let r = a.request(json!({"type": "hint"})).await;
                assert_eq!(r["type"], "hint", "{r}");
                assert!(!r["plays"].as_array().unwrap().is_empty());
                hinted = true;
                continue;
            }
            _ => random_action(&st, &mut rng),
        };
        let r = a.request(msg.clone()).await;
        assert_eq!(r["type"], "ack", "{msg}: {r}");
        a.wait_seq(r["seq"].as_u64().unwrap()).await;
    }
    assert!(hinted);
    assert!(claimed, "a school was claimed");
    assert!(a.history.iter().any(|e| e["declared"].is_object()));
    assert!(a.history.iter().any(|e| e["kind"] == "school"));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn illegal_plays_are_refused_with_the_rule() {
    let dir = TempDir::new("illegal");
    let server = start(&dir.db_url()).await;
    let mut a = Client::connect(server.addr()).await;
    a.request(json!({"type": "create", "mode": "hotseat"}))
        .await;
    let r = a.request(json!({"type": "roll"})).await;
    assert_eq!(r["type"], "ack");
    a.wait_seq(r["seq"].as_u64().unwrap()).await;
    if a.state["phase"]["kind"] == "play" {
        // Jumping straight to the far end: never legal at the start.
        let far = if a.state["phase"]["side"] == "white" {
            "1-24"
        } else {
            "24-1"
        };
        let r = a.request(json!({"type": "play", "play": far})).await;
        assert_eq!(r["type"], "error", "{r}");
        assert!(!r["message"].as_str().unwrap().contains('\n'), "{r}");
        let r = a.request(json!({"type": "play", "play": "banana"})).await;
        assert_eq!(r["type"], "error", "{r}");
    }
    // `seq` must be a non-negative integer, or nothing is done.
    for bad in [json!("1"), json!(-1), json!(0.5)] {
        let r = a.request(json!({"type": "roll", "seq": bad})).await;
        assert_eq!(r["type"], "error", "{r}");
        assert!(r["message"].as_str().unwrap().contains("seq"), "{r}");
    }
    // A play padded to 60 KB is refused, not stored.
    let padded = format!("{}{}", " ".repeat(60_000), "1-2");
    let r = a.request(json!({"type": "play", "play": padded})).await;
    assert_eq!(r["type"], "error", "{r}");
    // A stale action (another tab moved on) is refused.
    let r = a.request(json!({"type": "roll", "seq": 0})).await;
    assert_eq!(r["type"], "error", "{r}");
    assert!(r["message"].as_str().unwrap().contains("moved on"), "{r}");
    let (code, page) = http_get(server.addr(), "/").await;
    assert_eq!(code, 200);
    assert!(page.contains("<svg") || page.contains("app.js"));
    let (code, info) = http_get(server.addr(), "/api/info").await;
    assert_eq!(code, 200);
    assert!(info.contains("neural") || info.contains("random"), "{info}");
    // The engine's field names for the page's labels.
    let info: serde_json::Value = serde_json::from_str(&info).unwrap();
    for names in [
        trictrac::FieldNames::Classical,
        trictrac::FieldNames::Soumille,
        trictrac::FieldNames::Lepeintre,
    ] {
        let served = &info["fields"][names.to_string()];
        for f in 1..=24u8 {
            assert_eq!(served[f as usize - 1], names.name(f), "{names} {f}");
        }
    }
    assert_eq!(info["named_fields"][4]["name"], "coin de repos", "{info}");
    assert_eq!(info["named_fields"][4]["fields"], json!([12]), "{info}");
    // Issue 24 item 8: the tenth field's other names, with their sources.
    assert_eq!(
        info["named_fields"][3]["name"], "case des écoliers",
        "{info}"
    );
    assert_eq!(info["named_fields"][3]["also"][0]["name"], "case du diable");
    assert_eq!(info["named_fields"][3]["also"][1]["name"], "le Travanais");
    assert!(info["named_fields"][3]["also"][1]["source"]
        .as_str()
        .unwrap()
        .contains("Lepeintre"));
    server.stop().await;
}

/// PostgreSQL, when `TRICTRAC_TEST_POSTGRES` names a database URL.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_when_configured() {
    let Some(url) = common::postgres_url() else {
        return;
    };
    let server = start(&url).await;
    let (mut a, mut b) = online_pair(server.addr()).await;
    let (room, ta, tb) = (a.room(), a.token(), b.token());
    let mut rng = Lcg(11);
    play(&mut a, &mut b, &mut rng, 80).await;
    let before = a.sync().await;
    server.stop().await;
    drop((a, b));
    let server = start(&url).await;
    let mut a = Client::connect(server.addr()).await;
    a.request(json!({"type": "join", "room": room, "token": ta}))
        .await;
    assert_eq!(a.state["seq"], before["seq"]);
    assert_eq!(a.state["board"], before["board"]);
    assert_eq!(a.state["history"], before["history"]);
    let mut b = Client::connect(server.addr()).await;
    b.request(json!({"type": "join", "room": room, "token": tb}))
        .await;
    play(&mut a, &mut b, &mut rng, 100_000).await;
    assert!(a.over());
    let (code, body) = http_get(server.addr(), "/api/games").await;
    assert_eq!(code, 200);
    assert!(body.contains(&room), "{body}");
    let (_, text) = http_get(server.addr(), &format!("/api/games/{room}.txt")).await;
    let record: Record = text.parse().expect("the record parses");
    record.replay().expect("the record replays");
    server.stop().await;
}
