//! Accounts and history (issue 26, items 2 and 5), through the HTTP API
//! and the WebSocket as a browser drives them: register, a name that
//! looks like a registered one refused, one answer for an unknown name
//! and a wrong password, login attempts rate-limited, logout, the
//! cookies' flags; every finished game is listed for its players
//! (account or anonymous identity) with working links. On SQLite, and on
//! PostgreSQL when available (`TRICTRAC_TEST_POSTGRES`). The ratings are
//! in ratings.rs.

mod common;

use std::net::SocketAddr;

use common::web::{register_signed_in as register, unique, Jar};
use common::{start, Client, TempDir};
use serde_json::{json, Value};

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
