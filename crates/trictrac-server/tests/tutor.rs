//! The tutor's `judge` over the WebSocket (issue 40): in a game against
//! the bot it answers the equity a decision loses against the best and
//! why, without making it, and the room says it is tutored (unrated);
//! between people — at one screen or online — it is refused, like hints.

mod common;

use common::{Client, TempDir};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn judge_in_a_bot_game_and_refused_between_people() {
    let dir = TempDir::new("tutor-ws");
    let server = common::start(&dir.db_url()).await;
    let addr = server.addr();

    for game in ["backgammon", "trictrac"] {
        // At one screen, two people: no tutor.
        let mut h = Client::connect(addr).await;
        h.request(json!({"type": "create", "game": game, "mode": "hotseat"}))
            .await;
        let r = h
            .request(json!({"type": "judge", "action": "play", "play": "8/5 6/5"}))
            .await;
        assert_eq!(r["type"], "error", "{r}");
        assert!(
            r["message"].as_str().unwrap().contains("against the bot"),
            "{r}"
        );
        assert_eq!(h.state["tutored"], false);
        // Online, between two people: refused too.
        let mut o = Client::connect(addr).await;
        o.request(json!({"type": "create", "game": game, "mode": "online", "side": "white"}))
            .await;
        let r = o.request(json!({"type": "judge", "action": "roll"})).await;
        assert_eq!(r["type"], "error", "{r}");
    }

    // Against the bot: White's first play judged, not made.
    let mut c = Client::connect(addr).await;
    c.request(
        json!({"type": "create", "game": "backgammon", "mode": "bot", "bot": "random",
        "side": "white", "options": "standard"}),
    )
    .await;
    assert_eq!(c.state["tutored"], false);
    for _ in 0..200 {
        c.wait_until(|s| s["phase"]["side"] == "white").await;
        if c.state["phase"]["kind"] == "play" && c.state["plays"].as_array().unwrap().len() >= 2 {
            break;
        }
        let r = match c.state["phase"]["kind"].as_str().unwrap() {
            "play" => {
                let p = c.state["plays"][0]["n"].clone();
                c.request(json!({"type": "play", "play": p})).await
            }
            _ => c.request(json!({"type": "roll"})).await,
        };
        // The state seen may lag the room (the bot's turn, an automatic
        // throw): a refusal of an action already past is looked again.
        assert!(
            r["type"] == "ack"
                || r["message"].as_str().is_some_and(|m| m.contains("turn"))
                || matches!(r["code"].as_str(), Some("illegal" | "stale")),
            "{r}"
        );
        if r["type"] != "ack" {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            c.sync().await;
        }
    }
    let seq = c.state["seq"].clone();
    let plays = c.state["plays"].as_array().unwrap().clone();
    let last = plays.last().unwrap()["n"].clone();
    let r = c
        .request(json!({"type": "judge", "action": "play", "play": last}))
        .await;
    assert_eq!(r["type"], "judge", "{r}");
    assert_eq!(r["action"], "play");
    assert_eq!(r["kind"], "play");
    assert!(r["lost"].as_f64().unwrap() >= 0.0, "{r}");
    assert_eq!(r["mine"]["n"], last, "{r}");
    assert!(
        r["best"]["n"].is_string() && r["best"]["explain"]["pips"].is_object(),
        "{r}"
    );
    assert_eq!(r["thresholds"].as_array().unwrap().len(), 3);
    // Nothing was played; the room is tutored, its state says so.
    c.wait_until(|s| s["tutored"] == true).await;
    assert_eq!(c.state["seq"], seq);
    // An action the tutor does not judge.
    let r = c
        .request(json!({"type": "judge", "action": "resign"}))
        .await;
    assert_eq!(r["type"], "error", "{r}");
    server.stop().await;
}
