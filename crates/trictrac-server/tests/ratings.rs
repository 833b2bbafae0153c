//! Ratings (issue 26, item 3), through the HTTP API and the WebSocket as
//! a browser drives them: a rated game between two registered players
//! moves both Glicko-2 ratings once, visible on the leaderboard and the
//! player page, with the game in both histories. On SQLite, and on
//! PostgreSQL when available (`TRICTRAC_TEST_POSTGRES`).

mod common;

use common::web::on_leaderboard;

use std::net::SocketAddr;

use common::web::{register_signed_in as register, unique, Jar};
use common::{Client, TempDir};
use serde_json::{json, Value};
use trictrac_server::ratings::glicko;

/// The player to act resigns (the other if the rules refuse it now).
async fn resign(a: &mut Client, b: &mut Client) {
    let side = a.to_act().unwrap_or_else(|| "white".into());
    {
        let (first, second) = if a.seats().contains(&side) {
            (&mut *a, &mut *b)
        } else {
            (&mut *b, &mut *a)
        };
        let mut r = first.request(json!({"type": "resign"})).await;
        // Backgammon: the resignation is offered; the opponent accepts it.
        let answerer = if r["type"] != "ack" {
            r = second.request(json!({"type": "resign"})).await;
            assert_eq!(r["type"], "ack", "{r}");
            first
        } else {
            second
        };
        answerer.wait_seq(r["seq"].as_u64().unwrap()).await;
        if !answerer.state["resignation"].is_null() {
            let r = answerer.request(json!({"type": "accept"})).await;
            assert_eq!(r["type"], "ack", "{r}");
        }
    }
    a.wait_until(|s| s["phase"]["kind"] == "over").await;
    b.wait_until(|s| s["phase"]["kind"] == "over").await;
}

/// Register two players, a rated backgammon match between them through
/// the lobby and the WebSocket: both ratings move once by Glicko-2 and
/// show on the leaderboard and the player pages; the game is in both
/// histories with its links.
async fn rated_game(addr: SocketAddr) {
    let (an, bn) = (unique("Ann"), unique("Bob"));
    let mut ann = register(addr, &an).await;
    let mut bob = register(addr, &bn).await;
    let mut anon = Jar::default();
    let seek = json!({"game": "backgammon", "rules": "standard", "match": 1, "rated": true});

    // Not logged in: a rated seek is refused and nothing is posted.
    let (code, v) = anon.post(addr, "/api/seeks", seek.clone()).await;
    assert_eq!(code, 400, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("registered players"),
        "{v}"
    );

    let (code, v) = ann.post(addr, "/api/seeks", seek.clone()).await;
    assert_eq!(code, 200, "{v}");
    let (id, seek_token) = (
        v["id"].as_str().unwrap().to_string(),
        v["token"].as_str().unwrap().to_string(),
    );
    // Listed under the account's name.
    let (_, lobby) = anon.get(addr, "/api/lobby").await;
    let listed = lobby["seeks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id.as_str())
        .cloned();
    assert_eq!(listed.expect("listed")["name"], an.as_str());
    // Accepted by nobody anonymous, nor by its poster.
    let accept = format!("/api/seeks/{id}/accept");
    let (code, v) = anon.post(addr, &accept, json!({})).await;
    assert_eq!(code, 403, "{v}");
    assert!(v["error"].as_str().unwrap().contains("is rated"), "{v}");
    let (code, v) = ann.post(addr, &accept, json!({})).await;
    assert_eq!(code, 400, "{v}");
    // Still open: Bob takes it.
    let (code, v) = bob
        .post(addr, &accept, json!({"name": "someone else"}))
        .await;
    assert_eq!(code, 200, "{v}");
    let room = v["room"].as_str().unwrap().to_string();
    let bob_token = v["token"].as_str().unwrap().to_string();
    let (_, s) = ann
        .get(addr, &format!("/api/seeks/{id}?token={seek_token}"))
        .await;
    let ann_token = s["token"].as_str().expect("Ann's seat").to_string();
    let ann_side = s["side"].as_str().unwrap().to_string();

    let mut a = Client::seat(addr, &room, &ann_token).await;
    let mut b = Client::seat(addr, &room, &bob_token).await;
    // Seated under the accounts' names (not the name Bob typed).
    assert_eq!(
        a.state["seats"][&ann_side]["name"],
        an.as_str(),
        "{}",
        a.state["seats"]
    );
    let bob_side = if ann_side == "white" {
        "black"
    } else {
        "white"
    };
    assert_eq!(
        a.state["seats"][bob_side]["name"],
        bn.as_str(),
        "{}",
        a.state["seats"]
    );
    // A few turns (their rolls are in the players' dice statistics).
    common::play_both(&mut a, &mut b, 8, |s| {
        match s["phase"]["kind"].as_str().unwrap_or("") {
            "play" => json!({"type": "play", "play": s["plays"][0]["n"]}),
            _ => json!({"type": "roll"}),
        }
    })
    .await;
    resign(&mut a, &mut b).await;
    let winner_side = a.state["over"]["winner"].as_str().map(String::from);
    assert!(winner_side.is_some(), "{}", a.state["over"]);

    // The leaderboard applies it at once (the server's task would within
    // two seconds).
    let (code, board) = anon.get(addr, "/api/ratings?game=backgammon").await;
    assert_eq!(code, 200, "{board}");
    let find = |board: &Value, name: &str| on_leaderboard(board, name);
    let (pa, pb) = (find(&board, &an), find(&board, &bn));
    let ann_won = pa["wins"] == 1;
    assert_ne!(pa["wins"], pb["wins"], "one winner: {pa} {pb}");
    if let Some(w) = winner_side {
        assert_eq!(ann_won, w == ann_side, "the winner of the game: {w}");
    }
    let (w, l) = glicko::game(glicko::Rating::default(), glicko::Rating::default(), 1.0);
    let (pw, pl) = if ann_won { (&pa, &pb) } else { (&pb, &pa) };
    for (p, r) in [(pw, w), (pl, l)] {
        assert!(
            (p["rating"].as_f64().unwrap() - r.rating).abs() < 1e-6,
            "{p} vs {r:?}"
        );
        assert!(
            (p["deviation"].as_f64().unwrap() - r.deviation).abs() < 1e-6,
            "{p} vs {r:?}"
        );
        assert!(
            (p["volatility"].as_f64().unwrap() - r.volatility).abs() < 1e-9,
            "{p} vs {r:?}"
        );
        assert_eq!(p["games"], 1);
    }
    assert!(pw["rating"].as_f64().unwrap() > 1500.0 && pl["rating"].as_f64().unwrap() < 1500.0);
    assert!(pw["rank"].as_u64() < pl["rank"].as_u64());

    // Once: asking again changes nothing.
    let (_, again) = anon.get(addr, "/api/ratings?game=backgammon").await;
    assert_eq!(find(&again, &an), pa);
    assert_eq!(find(&again, &bn), pb);

    // The player page: ratings, one point of history, the game and its links.
    let (code, page) = anon
        .get(addr, &format!("/api/players/{}", an.to_lowercase()))
        .await;
    assert_eq!(code, 200, "{page}");
    assert_eq!(page["name"], an.as_str());
    assert_eq!(page["history"].as_array().unwrap().len(), 1, "{page}");
    assert_eq!(page["history"][0]["room"], room.as_str());
    // His dice (issue 38): the rolls of his turns by kind, against the
    // expected counts, with the chi-square test of fit.
    let dice = &page["dice"];
    let kinds = dice["kinds"].as_array().unwrap();
    assert_eq!(kinds.len(), 21, "{dice}");
    let n: u64 = kinds.iter().map(|k| k["count"].as_u64().unwrap()).sum();
    assert_eq!(dice["rolls"], n, "{dice}");
    assert_eq!(dice["df"], 20);
    assert!(n > 0, "{dice}");
    let p = dice["p_value"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&p), "{dice}");
    // Entering from the bar: counted only from the bar (none or some).
    let e = &dice["entering"];
    assert!(
        e["entered"].as_u64().unwrap() <= e["tries"].as_u64().unwrap(),
        "{dice}"
    );
    assert!(
        e["expected"].as_f64().unwrap() <= e["tries"].as_f64().unwrap(),
        "{dice}"
    );
    let g = &page["games"][0];
    assert_eq!(g["room"], room.as_str());
    assert_eq!(g["rated"], true);
    assert_eq!(g["side"], ann_side.as_str());
    assert_eq!(g["links"]["review"], format!("/?bgreview={room}"));
    let url = g["links"]["downloads"][0]["url"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(url, format!("/api/games/{room}.mat"));
    let (code, mat) = anon.raw(addr, "GET", &url, None).await;
    assert_eq!(code, 200, "{mat}");
    assert!(mat.contains("point match"), "a .mat file: {mat}");
    // Bob's history has it too.
    let (_, mine) = bob.get(addr, "/api/me/games").await;
    assert!(
        mine["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["room"] == room.as_str()),
        "{mine}"
    );
    let (_, me) = bob.get(addr, "/api/me").await;
    assert_eq!(me["ratings"][0]["game"], "backgammon", "{me}");

    // Every rated game reviewed (issue 38, item 4): within a minute the
    // server's review gives both sides' error rates and luck, on the
    // game's figures and on both players' pages.
    let started = std::time::Instant::now();
    let figures = loop {
        let (code, f) = anon.get(addr, &format!("/api/games/{room}/figures")).await;
        assert_eq!(code, 200, "{f}");
        assert_ne!(f["state"], "failed", "{f}");
        assert_ne!(f["state"], "none", "{f}");
        if f["state"] == "done" {
            break f;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(60),
            "not reviewed within a minute: {f}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    };
    eprintln!("rated game reviewed in {:?}", started.elapsed());
    assert_eq!(figures["figures"]["unit"], "mEMG", "{figures}");
    assert_eq!(figures["names"][&ann_side], an.as_str(), "{figures}");
    for side in ["white", "black"] {
        let f = &figures["figures"][side];
        assert!(f["decisions"].as_u64().unwrap() > 0, "{figures}");
        assert!(f["error_rate"].as_f64().unwrap() >= 0.0, "{figures}");
        assert!(f["luck"].is_number(), "{figures}");
        assert!(f["rating"].is_string(), "{figures}");
    }
    for (name, side) in [(&an, ann_side.as_str()), (&bn, bob_side)] {
        let (_, page) = anon
            .get(addr, &format!("/api/players/{}", name.to_lowercase()))
            .await;
        let reviews = &page["reviews"];
        let mine = &reviews["games"][0];
        assert_eq!(mine["room"], room.as_str(), "{reviews}");
        assert_eq!(mine["side"], side, "{reviews}");
        assert_eq!(
            mine["error_rate"], figures["figures"][side]["error_rate"],
            "{reviews}"
        );
        let avg = &reviews["averages"][0];
        assert_eq!(avg["game"], "backgammon", "{reviews}");
        assert_eq!(avg["games"], 1, "{reviews}");
        assert_eq!(avg["unit"], "mEMG", "{reviews}");
    }
    // The review page opens at once: the background review is kept.
    let t = std::time::Instant::now();
    let (code, review) = anon
        .get(addr, &format!("/api/games/{room}/review.json"))
        .await;
    assert_eq!(code, 200, "{review}");
    assert_eq!(review["figures"], figures["figures"], "{review}");
    eprintln!("review page after the background review: {:?}", t.elapsed());

    let (code, v) = anon.get(addr, "/api/ratings?game=chess").await;
    assert_eq!(code, 400, "{v}");
    let (code, _) = anon
        .get(addr, &format!("/api/players/{}", unique("Nobody")))
        .await;
    assert_eq!(code, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_moves_both_ratings_on_sqlite() {
    common::on_sqlite("accounts-rated", rated_game).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_moves_both_ratings_on_postgres() {
    common::on_postgres(rated_game).await;
}

/// A rated game is applied once: a second settlement of the same game
/// (another instance, the task and a request at once) changes nothing.
async fn settled_once(url: &str) {
    use trictrac_server::store::{GameRow, RatedRow, Store};
    let store = Store::open(url).await.expect("the database");
    let id = unique("G").to_uppercase();
    let (w, b) = (unique("w"), unique("b"));
    let row = GameRow {
        id: id.clone(),
        game: "trictrac".into(),
        mode: "online".into(),
        options: String::new(),
        bot: None,
        bot_side: None,
        white_token: "t1".into(),
        black_token: "t2".into(),
        white_name: "W".into(),
        black_name: "B".into(),
        white_taken: true,
        black_taken: true,
        created: 0,
        finished: None,
        result: None,
    };
    assert!(store.insert_game(&row).await.unwrap());
    let rated = RatedRow {
        game_id: id.clone(),
        game: "trictrac".into(),
        white: w.clone(),
        black: b.clone(),
    };
    store.insert_rated_game(&rated).await.unwrap();
    let rate = |x, y| glicko::game(x, y, 1.0);
    assert!(store.settle_rated_game(&rated, 1.0, rate).await.unwrap());
    assert!(
        !store.settle_rated_game(&rated, 1.0, rate).await.unwrap(),
        "applied twice"
    );
    // Both at once: at most one more (none) applies.
    let (s1, s2) = (store.clone(), store.clone());
    let (r1, r2) = (rated.clone(), rated.clone());
    let (a, b2) = tokio::join!(
        async move { s1.settle_rated_game(&r1, 1.0, rate).await.unwrap() },
        async move { s2.settle_rated_game(&r2, 1.0, rate).await.unwrap() },
    );
    assert!(!a && !b2);
    let mine = store.rating_history(&w, 10).await.unwrap();
    assert_eq!(mine.len(), 1, "{mine:?}");
    let (win, _) = glicko::game(glicko::Rating::default(), glicko::Rating::default(), 1.0);
    assert!((mine[0].rating - win.rating).abs() < 1e-9);
    store.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_is_applied_once_on_sqlite() {
    let dir = TempDir::new("accounts-once");
    settled_once(&dir.db_url()).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_is_applied_once_on_postgres() {
    let Some(url) = common::postgres_url() else {
        return;
    };
    settled_once(&url).await;
}
