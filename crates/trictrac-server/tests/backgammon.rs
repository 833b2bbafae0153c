//! Backgammon with the videau through the real server (in-process, on
//! 127.0.0.1, a temporary SQLite file): against the bot with a double,
//! hot-seat, online between two clients with a spectator, a restart in
//! the middle, cube actions out of turn refused with the rule (BG-7.2),
//! and the `.mat` record that the engine reads back.

mod common;

use backgammon::mat::MatFile;
use backgammon::Rules;
use common::games::{bg_action, online_pair};
use common::{http_get, play_both, start, Client, Lcg, TempDir};
use serde_json::{json, Value};

/// Plays for the seats `c` holds until the game is over, or `max`
/// actions; the other side is a bot (or nobody: hot-seat holds both).
async fn play_mine(c: &mut Client, rng: &mut Lcg, max: usize, doubles: bool) {
    for _ in 0..max {
        c.wait_until(|s| {
            s["phase"]["kind"] == "over"
                || s["phase"]["side"]
                    .as_str()
                    .is_some_and(|x| s["seats"][x]["kind"] == "human")
        })
        .await;
        if c.over() {
            return;
        }
        let d = doubles && rng.below(8) == 0;
        let msg = bg_action(&c.state, rng, d);
        let r = c.request(msg.clone()).await;
        assert_eq!(r["type"], "ack", "{msg} refused: {r}");
        c.wait_seq(r["seq"].as_u64().unwrap()).await;
    }
}

/// The record downloads as `.mat` and the engine replays it.
async fn record(addr: std::net::SocketAddr, room: &str) -> (String, MatFile) {
    let (code, text) = http_get(addr, &format!("/api/games/{room}.mat")).await;
    assert_eq!(code, 200, "{text}");
    let rules = text
        .lines()
        .find_map(|l| l.strip_prefix("; trictrac bg rules: "))
        .map(|r| r.parse::<Rules>().unwrap())
        .unwrap_or_default();
    let mat = MatFile::parse(&text, rules).unwrap_or_else(|e| panic!("{e}\n{text}"));
    (text, mat)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn against_the_bot_with_a_double_taken_to_the_end() {
    let dir = TempDir::new("bg-bot");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let (code, info) = http_get(addr, "/api/info").await;
    assert_eq!(code, 200);
    let info: Value = serde_json::from_str(&info).unwrap();
    let games: Vec<&str> = info["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(games, ["trictrac", "backgammon"]);

    let mut c = Client::connect(addr).await;
    let w = c
        .request(
            json!({"type": "create", "game": "backgammon", "mode": "bot", "bot": "random",
            "side": "white", "options": "standard", "name": "Ann"}),
        )
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    assert_eq!(w["game"], "backgammon");
    assert_eq!(c.state["game"], "backgammon");
    assert_eq!(c.state["cube"]["value"], 1);
    assert!(c.state["cube"]["owner"].is_null());
    // The opening throw was made by the server (BG-2.2).
    assert_eq!(c.history[1]["kind"], "opening", "{:?}", c.history);
    // Trictrac's actions are not backgammon's.
    let r = c.request(json!({"type": "stay"})).await;
    assert_eq!(r["type"], "error");

    // White doubles at his first chance; the random bot always takes.
    let mut rng = Lcg(3);
    let mut doubled = false;
    for _ in 0..400 {
        c.wait_until(|s| s["phase"]["side"] == "white" || s["phase"]["kind"] == "over")
            .await;
        if c.over() {
            break;
        }
        if !doubled && c.state["phase"]["kind"] == "roll" {
            assert_eq!(c.state["cube"]["can_double"], true, "{}", c.state);
            let r = c.request(json!({"type": "double"})).await;
            assert_eq!(r["type"], "ack", "{r}");
            // The bot answers (BG-7.3): the cube is Black's at 2.
            c.wait_until(|s| s["cube"]["value"] == 2).await;
            assert_eq!(c.state["cube"]["owner"], "black");
            assert_eq!(c.state["phase"]["kind"], "roll");
            assert_eq!(c.state["phase"]["side"], "white");
            // Only the cube's owner may redouble (BG-7.2).
            assert_eq!(c.state["cube"]["can_double"], false);
            let r = c.request(json!({"type": "double"})).await;
            assert_eq!(r["type"], "error");
            assert!(r["message"].as_str().unwrap().contains("BG-7.2"), "{r}");
            doubled = true;
            continue;
        }
        let msg = bg_action(&c.state, &mut rng, false);
        let r = c.request(msg.clone()).await;
        assert_eq!(r["type"], "ack", "{msg}: {r}");
        c.wait_seq(r["seq"].as_u64().unwrap()).await;
    }
    assert!(doubled);
    assert!(c.over(), "the game ends");
    let over = c.state["over"].clone();
    assert!(
        over["result"].as_str().unwrap().contains("cube 2"),
        "{over}"
    );
    let hist: Vec<&str> = c
        .history
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    assert!(
        hist.contains(&"double") && hist.contains(&"take"),
        "{hist:?}"
    );
    assert_eq!(hist.last(), Some(&"over"));
    let r = c.request(json!({"type": "roll"})).await;
    assert!(r["message"].as_str().unwrap().contains("over"), "{r}");

    let (text, mat) = record(addr, &c.room()).await;
    assert!(
        text.contains("Doubles => 2") && text.contains("Takes"),
        "{text}"
    );
    assert_eq!(mat.games.len(), 1);
    let res = mat.games[0].result().expect("the record's game is over");
    assert_eq!(res.winner.name(), over["winner"].as_str().unwrap());
    assert_eq!(mat.names.white, "Ann");
    // Listed with its game.
    let (_, list) = http_get(addr, "/api/games").await;
    let list: Value = serde_json::from_str(&list).unwrap();
    let entry = list["finished"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == c.room().as_str())
        .expect("listed")
        .clone();
    assert_eq!(entry["game"], "backgammon");
    let (code, _) = http_get(addr, &format!("/api/games/{}.txt", c.room())).await;
    assert_eq!(code, 404, "a backgammon record is .mat");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_answers_and_offers_doubles_and_unknown_bots_are_refused() {
    let dir = TempDir::new("bg-neural");
    let server = start(&dir.db_url()).await;
    let mut c = Client::connect(server.addr()).await;
    let r = c
        .request(json!({"type": "create", "game": "backgammon", "mode": "bot", "bot": "strong"}))
        .await;
    assert_eq!(r["type"], "error");
    assert!(
        r["message"].as_str().unwrap().contains("neural"),
        "{r}: the backgammon bots are named"
    );
    // The neural bot takes or drops at once; the person then plays on,
    // taking every double the bot offers.
    let w = c
        .request(
            json!({"type": "create", "game": "backgammon", "mode": "bot", "bot": "neural",
            "side": "black", "options": "seed match=1"}),
        )
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    assert_eq!(c.state["match"]["length"], 1);
    let mut rng = Lcg(11);
    play_mine(&mut c, &mut rng, 2000, true).await;
    assert!(c.over());
    let kinds: Vec<&str> = c
        .history
        .iter()
        .map(|e| e["kind"].as_str().unwrap())
        .collect();
    for (i, k) in kinds.iter().enumerate() {
        if *k == "double" {
            assert!(
                matches!(kinds.get(i + 1), Some(&"take") | Some(&"drop")),
                "every double is answered: {kinds:?}"
            );
        }
    }
    let (_, mat) = record(server.addr(), &c.room()).await;
    assert_eq!(mat.length, 1);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hot_seat_one_token_plays_both_sides_with_hints_and_the_cube() {
    let dir = TempDir::new("bg-hotseat");
    let server = start(&dir.db_url()).await;
    let mut c = Client::connect(server.addr()).await;
    let w = c
        .request(json!({"type": "create", "game": "backgammon", "mode": "hotseat", "options": "standard"}))
        .await;
    assert_eq!(w["seats"], json!(["white", "black"]), "{w}");
    let mut rng = Lcg(5);
    // A hint ranks the plays by equity, best first.
    c.wait_until(|s| s["phase"]["kind"] == "play").await;
    let h = c.request(json!({"type": "hint"})).await;
    assert_eq!(h["type"], "hint", "{h}");
    let plays = h["plays"].as_array().unwrap();
    assert!(!plays.is_empty());
    let values: Vec<f64> = plays.iter().map(|p| p["value"].as_f64().unwrap()).collect();
    assert!(values.windows(2).all(|w| w[0] >= w[1]), "{values:?}");
    // Each play also in the page's line names (BG-1.3), N… or B… (the
    // dice are the server's: which play is best varies).
    let lines = plays[0]["lines"].as_str().unwrap();
    assert!(
        lines.contains('B') || lines.contains('N') || plays[0]["n"] == "--",
        "{lines}"
    );
    // One side doubles, the other (same connection) takes.
    loop {
        if c.state["phase"]["kind"] == "roll" {
            let r = c.request(json!({"type": "double"})).await;
            assert_eq!(r["type"], "ack", "{r}");
            let doubler = c.state["phase"]["side"].clone();
            c.wait_seq(r["seq"].as_u64().unwrap()).await;
            assert_eq!(c.state["phase"]["kind"], "doubled");
            assert_eq!(c.state["cube"]["offered"], doubler);
            let r = c.request(json!({"type": "take"})).await;
            assert_eq!(r["type"], "ack", "{r}");
            c.wait_seq(r["seq"].as_u64().unwrap()).await;
            assert_eq!(c.state["cube"]["value"], 2);
            assert_ne!(c.state["cube"]["owner"], doubler);
            break;
        }
        let r = c.request(bg_action(&c.state, &mut rng, false)).await;
        c.wait_seq(r["seq"].as_u64().unwrap()).await;
    }
    play_mine(&mut c, &mut rng, 5000, false).await;
    assert!(c.over());
    let (text, _) = record(server.addr(), &c.room()).await;
    assert!(text.contains("Doubles => 2"), "{text}");
    server.stop().await;
}

/// Both clients play their own side until the end, doubling now and then.
async fn play_online(a: &mut Client, b: &mut Client, rng: &mut Lcg, max: usize) {
    play_both(a, b, max, |s| {
        let d = rng.below(10) == 0;
        bg_action(s, rng, d)
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn online_match_with_a_spectator_and_cube_actions_out_of_turn_refused() {
    let dir = TempDir::new("bg-online");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let (mut a, mut b) = online_pair(
        addr,
        json!({"game": "backgammon", "options": "seed match=3"}),
    )
    .await;
    let mut spectator = Client::connect(addr).await;
    let w = spectator
        .request(json!({"type": "join", "room": a.room(), "watch": true}))
        .await;
    assert_eq!(w["role"], "spectator");
    // seed (BG-2.2): after the opening throw the starter rolls.
    assert_eq!(a.state["phase"]["kind"], "roll", "{}", a.state);
    let side = a.to_act().unwrap();
    let (actor, other) = if side == "white" {
        (&mut a, &mut b)
    } else {
        (&mut b, &mut a)
    };
    // The other player may not double now, nor take or drop (BG-7.2).
    for m in ["double", "take", "drop"] {
        let r = other.request(json!({"type": m})).await;
        assert_eq!(r["type"], "error", "{r}");
        let msg = r["message"].as_str().unwrap();
        assert!(msg.contains("BG-7."), "{m}: {msg}");
    }
    let r = other.request(json!({"type": "double"})).await;
    assert!(
        r["message"].as_str().unwrap().contains("BG-7.2"),
        "{r}: doubling out of turn names BG-7.2"
    );
    // A spectator cannot double.
    let r = spectator.request(json!({"type": "double"})).await;
    assert_eq!(r["type"], "error");
    // After rolling it is too late to double (BG-7.2).
    let r = actor.request(json!({"type": "roll"})).await;
    assert_eq!(r["type"], "ack");
    actor.wait_seq(r["seq"].as_u64().unwrap()).await;
    if actor.state["phase"]["kind"] == "play" {
        let r = actor.request(json!({"type": "double"})).await;
        assert!(r["message"].as_str().unwrap().contains("BG-7.2"), "{r}");
        assert_eq!(actor.state["cube"]["can_double"], false);
    }
    let mut rng = Lcg(9);
    play_online(&mut a, &mut b, &mut rng, 100_000).await;
    assert!(a.over());
    a.sync().await;
    b.sync().await;
    assert_eq!(a.state, b.state);
    let winner = a.state["over"]["winner"].as_str().unwrap().to_string();
    assert!(a.state["match"]["score"][&winner].as_u64().unwrap() >= 3);
    spectator.wait_seq(a.state["seq"].as_u64().unwrap()).await;
    assert_eq!(spectator.state["board"], a.state["board"]);
    let (text, mat) = record(addr, &a.room()).await;
    assert!(text.starts_with("; trictrac bg rules: seed"), "{text}");
    assert_eq!(mat.length, 3);
    let games = a.history.iter().filter(|e| e["kind"] == "game").count();
    assert_eq!(mat.games.len(), games);
    assert_eq!(mat.names.black, "Bob");
    let score = mat.final_score();
    assert_eq!(
        score.get(if winner == "white" {
            backgammon::Side::White
        } else {
            backgammon::Side::Black
        }),
        a.state["match"]["score"][&winner]
            .as_u64()
            .map(|x| x as u32)
            .as_ref()
            .unwrap()
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_in_the_middle_of_a_backgammon_game_loses_nothing() {
    let dir = TempDir::new("bg-restart");
    let server = start(&dir.db_url()).await;
    let (mut a, mut b) = online_pair(
        server.addr(),
        json!({"game": "backgammon", "options": "standard"}),
    )
    .await;
    let (room, ta, tb) = (a.room(), a.token(), b.token());
    let mut rng = Lcg(21);
    play_online(&mut a, &mut b, &mut rng, 30).await;
    assert!(!a.over());
    let before = a.sync().await;
    server.stop().await;
    drop((a, b));

    let server = start(&dir.db_url()).await;
    assert_eq!(server.rooms_in_memory(), 0);
    let mut a = Client::connect(server.addr()).await;
    let mut b = Client::connect(server.addr()).await;
    a.request(json!({"type": "join", "room": room, "token": ta}))
        .await;
    b.request(json!({"type": "join", "room": room, "token": tb}))
        .await;
    assert_eq!(a.seats(), ["white"]);
    for k in [
        "seq", "game", "board", "bar", "off", "pips", "phase", "dice", "plays", "cube", "match",
        "history",
    ] {
        assert_eq!(a.state[k], before[k], "{k} after the restart");
    }
    play_online(&mut a, &mut b, &mut rng, 100_000).await;
    assert!(a.over());
    record(server.addr(), &room).await;
    server.stop().await;
}

/// Issue 24 item 3, BG-7.2 with `videau=whole-turn`: in a hot-seat room
/// the state says the videau may be offered after rolling (the page's
/// Double button), the double is acknowledged, and once taken the doubler
/// plays the roll he threw. Under the preset alone it is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_double_after_rolling_under_videau_whole_turn() {
    let dir = TempDir::new("bg-whole-turn");
    let server = start(&dir.db_url()).await;
    for (options, allowed) in [("seed videau=whole-turn", true), ("seed", false)] {
        let mut c = Client::connect(server.addr()).await;
        c.request(
            json!({"type": "create", "game": "backgammon", "mode": "hotseat", "options": options}),
        )
        .await;
        c.wait_until(|s| s["phase"]["kind"] == "play" || s["phase"]["kind"] == "roll")
            .await;
        if c.state["phase"]["kind"] == "roll" {
            let r = c.request(json!({"type": "roll"})).await;
            c.wait_seq(r["seq"].as_u64().unwrap()).await;
        }
        assert_eq!(c.state["phase"]["kind"], "play", "{}", c.state);
        assert_eq!(
            c.state["cube"]["can_double"], allowed,
            "{options}: {}",
            c.state
        );
        let dice = c.state["dice"].clone();
        assert!(dice.is_array(), "{}", c.state);
        let r = c.request(json!({"type": "double"})).await;
        if !allowed {
            assert_eq!(r["type"], "error", "{r}");
            assert!(r.to_string().contains("BG-7.2"), "{r}");
            continue;
        }
        assert_eq!(r["type"], "ack", "{r}");
        c.wait_seq(r["seq"].as_u64().unwrap()).await;
        assert_eq!(c.state["phase"]["kind"], "doubled", "{}", c.state);
        let r = c.request(json!({"type": "take"})).await;
        c.wait_seq(r["seq"].as_u64().unwrap()).await;
        assert_eq!(c.state["phase"]["kind"], "play", "{}", c.state);
        assert_eq!(c.state["dice"], dice, "the same roll");
        assert_eq!(c.state["cube"]["value"], 2);
    }
    server.stop().await;
}

/// Issue 38, item 1, over the WebSocket: a resignation offered online is
/// answered by the opponent only; bad answers change nothing; against the
/// bot the bot answers; a hot seat answers its own table's offer.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resignation_offers_are_answered_by_the_opponent_and_bad_input_changes_nothing() {
    let dir = TempDir::new("bg-resign-offer");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let (mut a, mut b) =
        online_pair(addr, json!({"game": "backgammon", "options": "standard"})).await;
    a.wait_until(|s| s["phase"]["kind"] != "opening").await;
    let err = |r: &Value| {
        assert_eq!(r["type"], "error", "{r}");
        r["message"].as_str().unwrap_or_default().to_string()
    };
    // Nothing to answer or withdraw yet; an unknown kind.
    let seq = a.state["seq"].as_u64().unwrap();
    assert!(err(&b.request(json!({"type": "accept"})).await).contains("no resignation is offered"));
    assert!(err(&a.request(json!({"type": "withdraw"})).await).contains("nothing to withdraw"));
    assert!(
        err(&a.request(json!({"type": "resign", "kind": "double"})).await)
            .contains("single, gammon or backgammon")
    );
    // Alice offers a gammon: she cannot answer it, nor offer again; Bob
    // cannot offer meanwhile, nor play.
    let r = a.request(json!({"type": "resign", "kind": "gammon"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    b.wait_until(|s| !s["resignation"].is_null()).await;
    assert_eq!(
        b.state["resignation"],
        json!({"side": "white", "kind": "gammon", "points": 2})
    );
    assert_eq!(
        b.state["phase"],
        json!({"kind": "resign_offered", "side": "black"})
    );
    assert_eq!(b.state["pending"]["decision"], "answer");
    assert!(err(&a.request(json!({"type": "accept"})).await).contains("cannot answer his own"));
    assert!(err(&a.request(json!({"type": "resign"})).await).contains("already offered"));
    assert!(
        err(&b.request(json!({"type": "resign"})).await).contains("must first accept or decline")
    );
    assert!(err(&b.request(json!({"type": "withdraw"})).await).contains("only he may withdraw"));
    assert!(!err(&b.request(json!({"type": "roll"})).await).is_empty());
    // Alice withdraws: Bob's accept comes too late.
    let r = a.request(json!({"type": "withdraw"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    b.wait_seq(r["seq"].as_u64().unwrap()).await;
    assert!(b.state["resignation"].is_null());
    assert!(err(&b.request(json!({"type": "accept"})).await).contains("no resignation is offered"));
    assert_eq!(
        b.state["seq"].as_u64().unwrap(),
        seq + 2,
        "only the offer and its withdrawal"
    );
    // Bob offers a single game; Alice declines; then a backgammon, accepted.
    let r = b.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    a.wait_seq(r["seq"].as_u64().unwrap()).await;
    assert_eq!(a.state["resignation"]["kind"], "single");
    let r = a.request(json!({"type": "decline"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    let r = b
        .request(json!({"type": "resign", "kind": "backgammon"}))
        .await;
    assert_eq!(r["type"], "ack", "{r}");
    a.wait_seq(r["seq"].as_u64().unwrap()).await;
    let r = a.request(json!({"type": "accept"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    a.wait_seq(r["seq"].as_u64().unwrap()).await;
    assert_eq!(a.state["over"]["winner"], "white", "{}", a.state);
    assert_eq!(a.state["game_result"]["points"], 3);
    let kinds: Vec<&str> = a
        .history
        .iter()
        .filter_map(|e| e["kind"].as_str())
        .filter(|k| k.starts_with("resign"))
        .collect();
    assert_eq!(
        kinds,
        [
            "resign_offer",
            "resign_withdrawn",
            "resign_offer",
            "resign_declined",
            "resign_offer",
            "resign"
        ]
    );
    let (_, m) = record(addr, &a.room()).await;
    let r = m.games[0].result().unwrap();
    assert_eq!((r.points, r.reason), (3, backgammon::EndReason::Resigned));

    // Against the bot: a single game offered at the start is accepted.
    let mut c = Client::connect(addr).await;
    c.request(
        json!({"type": "create", "game": "backgammon", "mode": "bot", "bot": "greedy",
                     "side": "white", "options": "standard"}),
    )
    .await;
    let r = c.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    c.wait_until(|s| !s["over"].is_null()).await;
    assert_eq!(c.state["over"]["winner"], "black");
    assert!(c.history.iter().any(|e| e["kind"] == "resign_offer"));

    // A hot seat offers and answers at its own table.
    let mut h = Client::connect(addr).await;
    h.request(
        json!({"type": "create", "game": "backgammon", "mode": "hotseat", "options": "standard"}),
    )
    .await;
    h.wait_until(|s| s["phase"]["kind"] != "opening").await;
    let r = h.request(json!({"type": "resign", "kind": "gammon"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    let r = h.request(json!({"type": "accept"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    h.wait_seq(r["seq"].as_u64().unwrap()).await;
    assert_eq!(h.state["game_result"]["points"], 2);
    server.stop().await;
}
