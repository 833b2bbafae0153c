//! Integration tests through the real server (in-process, on 127.0.0.1):
//! bad database URLs, rate limits and connection caps, two instances on
//! one PostgreSQL database, the bots' names.

mod common;

use common::{http_get, random_action, start, Client, Lcg, TempDir};
use serde_json::json;
use trictrac::Record;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_database_urls_are_one_line_errors() {
    let e = trictrac_server::Server::start(trictrac_server::Config {
        addr: "127.0.0.1:0".into(),
        database: "mysql://x".into(),
        ..Default::default()
    })
    .await
    .err()
    .expect("refused");
    assert!(e.to_string().contains("sqlite://"), "{e}");
    assert!(!e.to_string().contains('\n'));
    let e = trictrac_server::Server::start(trictrac_server::Config {
        addr: "127.0.0.1:0".into(),
        database: "sqlite:///nonexistent-dir/x/y.db".into(),
        ..Default::default()
    })
    .await
    .err()
    .expect("refused");
    assert!(e.to_string().contains("cannot open"), "{e}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rate_limits_refuse_floods_with_a_clear_error() {
    let dir = TempDir::new("limits");
    // The server's own limits (not the tests' raised ones).
    let server = trictrac_server::Server::start(trictrac_server::Config {
        addr: "127.0.0.1:0".into(),
        database: dir.db_url(),
        bot_delay: std::time::Duration::ZERO,
        ..Default::default()
    })
    .await
    .expect("the server starts");
    // Room-code guesses from one address.
    let mut a = Client::connect(server.addr()).await;
    let mut refused = 0;
    for i in 0..40 {
        let r = a
            .request(json!({"type": "join", "room": format!("ZZZ{i:03}"), "token": ""}))
            .await;
        assert_eq!(r["type"], "error", "{r}");
        if r["message"]
            .as_str()
            .unwrap()
            .contains("too many rooms joined")
        {
            refused += 1;
        }
    }
    assert!(refused > 0, "guesses are limited");
    // Games created from one address: at most 20 a minute.
    let mut b = Client::connect(server.addr()).await;
    let mut created = 0;
    let mut limited = false;
    for _ in 0..30 {
        let r = b
            .request(json!({"type": "create", "mode": "hotseat"}))
            .await;
        if r["type"] == "welcome" {
            created += 1;
        } else if r["message"]
            .as_str()
            .unwrap_or("")
            .contains("too many games created")
        {
            limited = true;
        }
    }
    assert!(limited && created <= 20, "{created} games created");
    server.stop().await;
}

/// Two server instances on one PostgreSQL database (LISTEN/NOTIFY): the
/// creator plays on one, the friend on the other, a spectator watches on
/// the second; every action made on either reaches everyone, until the
/// game ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_on_postgres_play_one_game() {
    let Some((one, two)) = common::postgres_pair().await else {
        return;
    };
    let mut a = Client::connect(one.addr()).await;
    let w = a
        .request(json!({"type": "create", "mode": "online", "side": "white", "name": "Alice"}))
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    let room = a.room();
    // Bob joins through the other instance; Alice, on the first, hears it.
    let mut b = Client::connect(two.addr()).await;
    let w = b
        .request(json!({"type": "join", "room": room, "name": "Bob"}))
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    assert_eq!(b.seats(), ["black"]);
    // ... and sees him connected, though he is connected elsewhere.
    a.wait_until(|s| {
        s["seats"]["black"]["name"] == "Bob" && s["seats"]["black"]["connected"] == true
    })
    .await;
    let mut c = Client::connect(two.addr()).await;
    let w = c.request(json!({"type": "join", "room": room})).await;
    assert_eq!(w["role"], "spectator", "{w}");
    // A spectator on the second instance counts on the first.
    a.wait_until(|s| s["spectators"] == 1).await;
    assert_eq!(c.state["seats"]["white"]["connected"], true);
    let mut rng = Lcg(23);
    for _ in 0..100_000 {
        let Some(side) = a.to_act() else { break };
        let actor = if a.seats().contains(&side) {
            &mut a
        } else {
            &mut b
        };
        let mut msg = random_action(&actor.state, &mut rng);
        msg["seq"] = actor.state["seq"].clone();
        let r = actor.request(msg.clone()).await;
        assert_eq!(r["type"], "ack", "{msg} refused: {r}");
        let seq = r["seq"].as_u64().unwrap();
        a.wait_seq(seq).await;
        b.wait_seq(seq).await;
        c.wait_seq(seq).await;
        assert_eq!(a.state["board"], b.state["board"]);
    }
    assert!(a.over() && b.over() && c.over(), "the game ends everywhere");
    assert_eq!(a.state["over"], b.state["over"]);
    assert_eq!(a.history, b.history);
    assert_eq!(a.history, c.history);
    // An action for a state the other instance has left is refused, not
    // stored twice: both instances hold the same finished game.
    let (_, text) = http_get(two.addr(), &format!("/api/games/{room}.txt")).await;
    let record: Record = text.parse().expect("the record parses");
    record.replay().expect("the record replays");
    one.stop().await;
    two.stop().await;
}

/// Two instances race to store the same action number: one wins, the
/// other refuses its action with a clear error and brings its copy of
/// the game up to date instead of forking it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_racing_on_one_action_never_fork_the_game() {
    let Some((one, two)) = common::postgres_pair().await else {
        return;
    };
    // Hot-seat: one token holds both seats, so it can act on both servers.
    let mut a = Client::connect(one.addr()).await;
    a.request(json!({"type": "create", "mode": "hotseat", "name": "Ann"}))
        .await;
    let (room, token) = (a.room(), a.token());
    let mut b = Client::connect(two.addr()).await;
    let w = b
        .request(json!({"type": "join", "room": room, "token": token}))
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    let mut rng = Lcg(5);
    let mut refused = 0;
    for _ in 0..60 {
        if a.over() {
            break;
        }
        // Both send an action for the same state at once.
        let ma = random_action(&a.state, &mut rng);
        let mb = random_action(&b.state, &mut rng);
        a.send(ma).await;
        b.send(mb).await;
        let ra = a.reply().await;
        let rb = b.reply().await;
        for r in [&ra, &rb] {
            if r["type"] == "error" {
                refused += 1;
            } else {
                assert_eq!(r["type"], "ack", "{r}");
            }
        }
        let seq = [&ra, &rb]
            .iter()
            .filter_map(|r| r["seq"].as_u64())
            .max()
            .unwrap_or(0);
        a.wait_seq(seq).await;
        b.wait_seq(seq).await;
        let sa = a.sync().await;
        let sb = b.sync().await;
        assert_eq!(sa["seq"], sb["seq"]);
        assert_eq!(sa["history"], sb["history"]);
    }
    assert!(refused > 0, "some actions raced");
    one.stop().await;
    two.stop().await;
}

/// Issue 25, item 3: caps on connections, in all and per address, with a
/// clear refusal; a closed connection frees its place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_are_capped_per_address_and_in_all() {
    let dir = TempDir::new("caps");
    let server = trictrac_server::Server::start(trictrac_server::Config {
        addr: "127.0.0.1:0".into(),
        database: dir.db_url(),
        bot_delay: std::time::Duration::ZERO,
        limits: trictrac_server::limits::Limits {
            max_connections_per_address: 2,
            ..Default::default()
        },
        ..Default::default()
    })
    .await
    .expect("the server starts");
    let url = format!("ws://{}/ws", server.addr());
    let a = Client::connect(server.addr()).await;
    let _b = Client::connect(server.addr()).await;
    let refused = tokio_tungstenite::connect_async(&url)
        .await
        .expect_err("a third connection from one address is refused");
    match refused {
        tokio_tungstenite::tungstenite::Error::Http(r) => {
            assert_eq!(r.status(), 503);
            let body = String::from_utf8_lossy(r.body().as_deref().unwrap_or_default()).to_string();
            assert!(
                body.contains("too many connections from your address"),
                "{body}"
            );
        }
        e => panic!("refused with an HTTP answer, not {e}"),
    }
    drop(a);
    // The place is freed once the server has seen the close.
    let mut ok = false;
    for _ in 0..50 {
        if tokio_tungstenite::connect_async(&url).await.is_ok() {
            ok = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(ok, "a closed connection frees its place");
    server.stop().await;
}

/// Issue 25, item 6: players see bots by level, never by internal name.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bots_are_named_by_their_level() {
    let dir = TempDir::new("levels");
    let server = start(&dir.db_url()).await;
    for (game, bot, level) in [
        ("trictrac", "neural", "Expert (bot)"),
        ("trictrac", "search1", "Medium (bot)"),
        ("backgammon", "neural0", "Strong (bot)"),
    ] {
        let mut c = Client::connect(server.addr()).await;
        let w = c
            .request(
                json!({"type": "create", "game": game, "mode": "bot", "bot": bot, "side": "white"}),
            )
            .await;
        assert_eq!(w["type"], "welcome", "{w}");
        assert_eq!(
            c.state["seats"]["black"]["name"], level,
            "{}",
            c.state["seats"]
        );
    }
    server.stop().await;
}
