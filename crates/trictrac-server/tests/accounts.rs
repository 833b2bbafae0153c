//! Accounts, ratings and history (issue 26, items 2, 3 and 5), through
//! the HTTP API and the WebSocket as a browser drives them: register, a
//! name that looks like a registered one refused, one answer for an
//! unknown name and a wrong password, login attempts rate-limited,
//! logout, the cookies' flags; a rated game between two registered
//! players moves both Glicko-2 ratings once, visible on the leaderboard
//! and the player page; every finished game is listed for its players
//! (account or anonymous identity) with working links. On SQLite, and on
//! PostgreSQL when available (`TRICTRAC_TEST_POSTGRES`).

mod common;

use std::net::SocketAddr;

use common::{start, Client, TempDir};
use serde_json::{json, Value};
use trictrac_server::ratings::glicko;

/// A browser's cookies, and the headers of the last answer.
#[derive(Default)]
struct Jar {
    cookies: Vec<(String, String)>,
    set_cookies: Vec<String>,
    https: bool,
}

impl Jar {
    fn cookie(&self, name: &str) -> Option<&str> {
        self.cookies
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// `METHOD path` with a JSON body and the jar's cookies; keeps the
    /// cookies set: status and JSON answer.
    async fn call(
        &mut self,
        addr: SocketAddr,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let (status, text) = self.raw(addr, method, path, body).await;
        let v = serde_json::from_str(&text).unwrap_or_else(|_| json!({ "raw": text }));
        (status, v)
    }

    /// `POST path` with a JSON body ([`Jar::call`]).
    async fn post(&mut self, addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
        self.call(addr, "POST", path, Some(body)).await
    }

    /// `GET path` ([`Jar::call`]).
    async fn get(&mut self, addr: SocketAddr, path: &str) -> (u16, Value) {
        self.call(addr, "GET", path, None).await
    }

    async fn raw(
        &mut self,
        addr: SocketAddr,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, String) {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let cookies = self
            .cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ");
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
        if !cookies.is_empty() {
            head += &format!("Cookie: {cookies}\r\n");
        }
        if self.https {
            head += "X-Forwarded-Proto: https\r\n";
        }
        head += &format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let (status, head, body) = common::http_exchange(addr, &head).await;
        self.set_cookies.clear();
        for line in head.lines() {
            let Some((k, v)) = line.split_once(':') else {
                continue;
            };
            if !k.eq_ignore_ascii_case("set-cookie") {
                continue;
            }
            let v = v.trim().to_string();
            if let Some((name, value)) = v.split(';').next().and_then(|kv| kv.split_once('=')) {
                self.cookies.retain(|(k, _)| k != name);
                if !value.is_empty() {
                    self.cookies.push((name.to_string(), value.to_string()));
                }
            }
            self.set_cookies.push(v);
        }
        (status, body)
    }

    fn set_cookie(&self, name: &str) -> Option<&str> {
        self.set_cookies
            .iter()
            .find(|c| c.starts_with(&format!("{name}=")))
            .map(String::as_str)
    }
}

/// A name free on a database shared by earlier runs (PostgreSQL).
fn unique(prefix: &str) -> String {
    use std::time::{SystemTime, UNIX_EPOCH};
    let n = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    // Letters only after the prefix: digits 0 and 1 read as letters.
    let tail: String = format!("{n:x}")
        .chars()
        .rev()
        .take(7)
        .map(|c| (b'a' + (c.to_digit(16).unwrap_or(0) as u8 % 26)) as char)
        .collect();
    format!("{prefix}{tail}{}", std::process::id() % 1000)
}

async fn register(addr: SocketAddr, name: &str) -> Jar {
    let mut jar = Jar::default();
    let (code, v) = jar
        .post(
            addr,
            "/api/accounts",
            json!({"name": name, "password": "correct horse"}),
        )
        .await;
    assert_eq!(code, 201, "{v}");
    assert_eq!(v["name"], name);
    assert!(
        jar.cookie("trictrac_session").is_some(),
        "{:?}",
        jar.set_cookies
    );
    jar
}

/// Register, refuse look-alikes, log in and out; the cookies' flags.
async fn accounts(addr: SocketAddr) {
    let alice = unique("Alice");
    // An anonymous identity, set by the first request.
    let mut anon = Jar::default();
    let (code, me) = anon.get(addr, "/api/me").await;
    assert_eq!(code, 200, "{me}");
    assert_eq!(me["name"], Value::Null);
    let id = anon
        .set_cookie("trictrac_id")
        .expect("an identity cookie")
        .to_string();
    assert!(
        id.contains("HttpOnly") && id.contains("SameSite=Lax") && id.contains("Path=/"),
        "{id}"
    );
    assert!(!id.contains("Secure"), "not over TLS: {id}");
    // Kept: no new one on the next request.
    anon.get(addr, "/api/me").await;
    assert!(anon.set_cookie("trictrac_id").is_none());

    let mut a = register(addr, &alice).await;
    let session = a.set_cookie("trictrac_session").unwrap().to_string();
    assert!(
        session.contains("HttpOnly") && session.contains("SameSite=Lax"),
        "{session}"
    );
    assert!(!session.contains("Secure"), "{session}");
    let (_, me) = a.get(addr, "/api/me").await;
    assert_eq!(me["name"], alice.as_str());

    // Names unique without regard to case and look-alike letters.
    let cyrillic = alice.replacen('A', "\u{410}", 1);
    // A Cyrillic letter among Latin ones: refused before looking (one
    // script per name).
    let (code, v) = Jar::default()
        .post(
            addr,
            "/api/accounts",
            json!({"name": cyrillic, "password": "another one"}),
        )
        .await;
    assert_eq!(code, 400, "{cyrillic}: {v}");
    assert!(v["error"].as_str().unwrap().contains("one script"), "{v}");
    for other in [
        alice.to_uppercase(),
        alice.to_lowercase(),
        alice.replacen('l', "1", 1),
        alice.replacen('i', "\u{131}", 1),
    ] {
        let (code, v) = Jar::default()
            .post(
                addr,
                "/api/accounts",
                json!({"name": other, "password": "another one"}),
            )
            .await;
        assert_eq!(code, 409, "{other}: {v}");
        assert!(v["error"].as_str().unwrap().contains("is taken"), "{v}");
    }
    for (name, password, why) in [
        ("ab", "long enough", "3 to 20 characters"),
        ("bad name", "long enough", "letters, digits"),
        ("Goodname", "short", "8 to 200"),
    ] {
        let (code, v) = Jar::default()
            .post(
                addr,
                "/api/accounts",
                json!({"name": name, "password": password}),
            )
            .await;
        assert_eq!(code, 400, "{v}");
        assert!(v["error"].as_str().unwrap().contains(why), "{v}");
    }

    // One answer for a wrong password and an unknown name.
    let mut b = Jar::default();
    let (c1, wrong) = b
        .post(
            addr,
            "/api/login",
            json!({"name": alice, "password": "wrong horse"}),
        )
        .await;
    let (c2, unknown) = b
        .post(
            addr,
            "/api/login",
            json!({"name": unique("Nobody"), "password": "wrong horse"}),
        )
        .await;
    assert_eq!((c1, c2), (401, 401));
    assert_eq!(wrong, unknown);
    assert_eq!(wrong["error"], "unknown name or wrong password");
    assert!(b.cookie("trictrac_session").is_none());
    // The name in another case logs in.
    let (code, v) = b
        .post(
            addr,
            "/api/login",
            json!({"name": alice.to_lowercase(), "password": "correct horse"}),
        )
        .await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["name"], alice.as_str());

    // Log out: the session is closed on the server, not only forgotten.
    let old = a.cookie("trictrac_session").unwrap().to_string();
    let (code, _) = a.call(addr, "POST", "/api/logout", None).await;
    assert_eq!(code, 200);
    let cleared = a
        .set_cookie("trictrac_session")
        .expect("the cookie cleared");
    assert!(cleared.contains("Max-Age=0"), "{cleared}");
    let mut replay = Jar {
        cookies: vec![("trictrac_session".into(), old)],
        ..Jar::default()
    };
    let (_, me) = replay.get(addr, "/api/me").await;
    assert_eq!(
        me["name"],
        Value::Null,
        "a closed session is not accepted again"
    );

    // Behind a TLS proxy the cookies are Secure.
    let mut tls = Jar {
        https: true,
        ..Jar::default()
    };
    let (code, _) = tls
        .post(
            addr,
            "/api/login",
            json!({"name": alice, "password": "correct horse"}),
        )
        .await;
    assert_eq!(code, 200);
    for name in ["trictrac_id", "trictrac_session"] {
        let c = tls.set_cookie(name).unwrap();
        assert!(c.ends_with("; Secure"), "{c}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn register_log_in_and_out_on_sqlite() {
    common::on_sqlite("accounts", accounts).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn register_log_in_and_out_on_postgres() {
    common::on_postgres(accounts).await;
}

/// Login attempts from one address are limited: past the burst even
/// the right password waits.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn login_attempts_are_rate_limited() {
    let dir = TempDir::new("accounts-limit");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    register(addr, "Mallory").await;
    let mut jar = Jar::default();
    let mut refused_at = None;
    for i in 0..20 {
        let (code, v) = jar
            .post(
                addr,
                "/api/login",
                json!({"name": "Mallory", "password": format!("guess {i:04}")}),
            )
            .await;
        match code {
            401 => {}
            429 => {
                assert!(
                    v["error"].as_str().unwrap().contains("too many attempts"),
                    "{v}"
                );
                refused_at = Some(i);
                break;
            }
            c => panic!("{c}: {v}"),
        }
    }
    let n = refused_at.expect("attempts are limited");
    assert!((5..=10).contains(&n), "refused after {n} attempts");
    let (code, _) = jar
        .post(
            addr,
            "/api/login",
            json!({"name": "Mallory", "password": "correct horse"}),
        )
        .await;
    assert_eq!(code, 429, "the right password waits too");
    server.stop().await;
}

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
    let find = |board: &Value, name: &str| {
        board["players"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == name)
            .cloned()
            .unwrap_or_else(|| panic!("{name} on the leaderboard: {board}"))
    };
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

/// A game played without an account is listed for the browser that
/// held its seats (its anonymous identity), with working links; not for
/// another browser; and it follows the browser into the account it
/// registers.
async fn anonymous_history(addr: SocketAddr) {
    let mut me = Jar::default();
    let mut other = Jar::default();
    me.get(addr, "/api/me").await;
    other.get(addr, "/api/me").await;
    let mut c = Client::connect(addr).await;
    let w = c
        .request(json!({"type": "create", "mode": "hotseat", "name": "Zoé"}))
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    let (room, token) = (c.room(), c.token());
    // The page tells the server which seats it holds.
    let (code, v) = me
        .post(
            addr,
            "/api/me/seats",
            json!({"seats": [{"room": room, "token": token}]}),
        )
        .await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["recorded"], 2, "both seats of a hot-seat game");
    // A wrong token records nothing.
    let (_, v) = other
        .post(
            addr,
            "/api/me/seats",
            json!({"seats": [{"room": room, "token": "0".repeat(32)}]}),
        )
        .await;
    assert_eq!(v["recorded"], 0);
    let (_, v) = me.get(addr, "/api/me/games").await;
    assert!(
        v["games"].as_array().unwrap().is_empty(),
        "not over yet: {v}"
    );

    let r = c.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    c.wait_until(|s| s["phase"]["kind"] == "over").await;
    let (_, v) = me.get(addr, "/api/me/games").await;
    let games = v["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{v}");
    let g = &games[0];
    assert_eq!(g["room"], room.as_str());
    assert_eq!(g["game"], "trictrac");
    assert_eq!(g["rated"], false);
    assert_eq!(g["links"]["replay"], format!("/?room={room}&watch=1"));
    assert_eq!(g["links"]["review"], format!("/?room={room}&review=1"));
    for d in g["links"]["downloads"].as_array().unwrap() {
        let (code, body) = me.raw(addr, "GET", d["url"].as_str().unwrap(), None).await;
        assert_eq!(code, 200, "{d}: {body}");
        assert!(body.contains("Zoé"), "{d}: {body}");
    }
    let (_, v) = other.get(addr, "/api/me/games").await;
    assert!(
        v["games"].as_array().unwrap().is_empty(),
        "another browser's: {v}"
    );

    // Registering gives the account the browser's games.
    let name = unique("Zoe");
    let (code, _) = me
        .post(
            addr,
            "/api/accounts",
            json!({"name": name, "password": "correct horse"}),
        )
        .await;
    assert_eq!(code, 201);
    let (_, page) = other.get(addr, &format!("/api/players/{name}")).await;
    assert_eq!(page["games"][0]["room"], room.as_str(), "{page}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_lists_an_anonymous_players_games_on_sqlite() {
    common::on_sqlite("accounts-history", anonymous_history).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn history_lists_an_anonymous_players_games_on_postgres() {
    common::on_postgres(anonymous_history).await;
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
