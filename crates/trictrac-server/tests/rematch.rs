//! The rematch over the protocol (issue 25 item 8, docs/PROTOCOL.md
//! `rematch`), for both games: once a game is over, a player's `rematch`
//! makes a new room with the same settings and the colours swapped; the
//! other player follows the old room's `rematch` with the token he holds;
//! asking twice gives the same room; spectators and unfinished games are
//! refused; the link survives a restart.

mod common;

use common::{start, Client, TempDir};
use serde_json::{json, Value};

/// Creates an online game of `game` as White, the friend joins as Black.
async fn online(addr: std::net::SocketAddr, game: &str, options: &str) -> (Client, Client) {
    let mut host = Client::connect(addr).await;
    let w = host
        .request(
            json!({"type": "create", "game": game, "mode": "online", "side": "white",
                        "name": "Ann", "options": options}),
        )
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    let mut friend = Client::connect(addr).await;
    let w = friend
        .request(json!({"type": "join", "room": host.room(), "name": "Bob"}))
        .await;
    assert_eq!(w["seats"], json!(["black"]), "{w}");
    (host, friend)
}

fn error_of(r: &Value) -> String {
    assert_eq!(r["type"], "error", "{r}");
    r["message"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn a_rematch_swaps_the_colours_and_both_players_land_in_it() {
    let dir = TempDir::new("rematch");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    for (game, options) in [
        ("trictrac", "payout=soumille"),
        ("backgammon", "seed hit-cover=opponent match=3"),
    ] {
        let (mut host, mut friend) = online(addr, game, options).await;
        let old = host.room();
        let host_token = host.token();
        let words = host.state["options"].clone();
        // Not before the end.
        let r = host.request(json!({"type": "rematch"})).await;
        assert!(error_of(&r).contains("once the game is over"), "{r}");
        // A spectator may not ask.
        let mut watcher = Client::connect(addr).await;
        watcher
            .request(json!({"type": "join", "room": old, "watch": true}))
            .await;
        // Resigning ends a game (in a match, a game of it: to the end).
        for _ in 0..5 {
            if !host.state["over"].is_null() {
                break;
            }
            let mut r = host.request(json!({"type": "resign"})).await;
            assert_eq!(r["type"], "ack", "{r}");
            // Backgammon: an offer (issue 38), which the friend accepts.
            friend.wait_seq(r["seq"].as_u64().unwrap()).await;
            if !friend.state["resignation"].is_null() {
                r = friend.request(json!({"type": "accept"})).await;
                assert_eq!(r["type"], "ack", "{r}");
            }
            host.wait_seq(r["seq"].as_u64().unwrap()).await;
        }
        watcher.wait_until(|s| !s["over"].is_null()).await;
        let r = watcher.request(json!({"type": "rematch"})).await;
        assert!(error_of(&r).contains("only the players"), "{r}");
        // The host asks: welcome to the new room, as Black, same settings.
        let w = host.request(json!({"type": "rematch"})).await;
        assert_eq!(w["type"], "welcome", "{w}");
        let new = host.room();
        assert_ne!(new, old);
        assert_eq!(host.seats(), ["black"]);
        assert_eq!(
            host.token(),
            host_token,
            "{game}: the same token, the other seat"
        );
        assert_eq!(host.state["options"], words, "{game}");
        assert_eq!(host.state["game"], game);
        assert_eq!(host.state["mode"], "online");
        assert!(host.state["over"].is_null());
        assert_eq!(host.state["seats"]["black"]["name"], "Ann");
        assert_eq!(host.state["seats"]["white"]["name"], "Bob");
        assert_eq!(host.state["seats"]["white"]["taken"], true);
        // The old room names it, to the friend and the spectator.
        friend.wait_until(|s| s["rematch"] == json!(new)).await;
        watcher.wait_until(|s| s["rematch"] == json!(new)).await;
        // The friend follows with his token: White there.
        let token = friend.token();
        let w = friend
            .request(json!({"type": "join", "room": new, "token": token}))
            .await;
        assert_eq!(w["seats"], json!(["white"]), "{w}");
        // Asking again (either player, from the old room) gives the same room.
        let mut again = Client::connect(addr).await;
        again
            .request(json!({"type": "join", "room": old, "token": token}))
            .await;
        assert_eq!(again.state["rematch"], json!(new));
        let w = again.request(json!({"type": "rematch"})).await;
        assert_eq!(w["room"], json!(new), "{w}");
        assert_eq!(again.seats(), ["white"]);
    }
    server.stop().await;
}

#[tokio::test]
async fn a_rematch_against_the_bot_gives_the_bot_the_other_colour_and_survives_a_restart() {
    let dir = TempDir::new("rematch-bot");
    let server = start(&dir.db_url()).await;
    let mut c = Client::connect(server.addr()).await;
    c.request(
        json!({"type": "create", "game": "backgammon", "mode": "bot", "bot": "random",
                     "side": "white", "name": "Ann"}),
    )
    .await;
    let old = c.room();
    assert!(
        c.state["options"].as_str().unwrap().starts_with("standard"),
        "the default preset"
    );
    let r = c.request(json!({"type": "resign"})).await;
    c.wait_seq(r["seq"].as_u64().unwrap()).await;
    let w = c.request(json!({"type": "rematch"})).await;
    assert_eq!(w["type"], "welcome", "{w}");
    let new = c.room();
    assert_eq!(c.seats(), ["black"]);
    assert_eq!(c.state["bot"], "random");
    assert_eq!(c.state["seats"]["white"]["kind"], "bot");
    let token = c.token();
    server.stop().await;
    // After a restart the old game still leads to its rematch.
    let server = start(&dir.db_url()).await;
    let mut c = Client::connect(server.addr()).await;
    c.request(json!({"type": "join", "room": old, "token": token}))
        .await;
    assert_eq!(c.state["rematch"], json!(new));
    assert_eq!(c.seats(), ["white"]);
    server.stop().await;
}

/// Two instances on one PostgreSQL database: a rematch asked on one
/// reaches the friend playing through the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_asked_on_one_instance_reaches_the_other() {
    let Some((one, two)) = common::postgres_pair().await else {
        return;
    };
    let mut host = Client::connect(one.addr()).await;
    host.request(json!({"type": "create", "mode": "online", "side": "white", "name": "Ann"}))
        .await;
    let old = host.room();
    let mut friend = Client::connect(two.addr()).await;
    let w = friend
        .request(json!({"type": "join", "room": old, "name": "Bob"}))
        .await;
    assert_eq!(w["seats"], json!(["black"]), "{w}");
    // The host's instance hears of the seat taken (a notification).
    host.wait_until(|s| s["seats"]["black"]["name"] == "Bob")
        .await;
    let r = host.request(json!({"type": "resign"})).await;
    friend.wait_seq(r["seq"].as_u64().unwrap()).await;
    let w = host.request(json!({"type": "rematch"})).await;
    assert_eq!(w["type"], "welcome", "{w}");
    let new = host.room();
    friend.wait_until(|s| s["rematch"] == json!(new)).await;
    let token = friend.token();
    let w = friend
        .request(json!({"type": "join", "room": new, "token": token}))
        .await;
    assert_eq!(w["seats"], json!(["white"]), "{w}");
    one.stop().await;
    two.stop().await;
}
