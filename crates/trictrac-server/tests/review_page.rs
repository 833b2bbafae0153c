//! Issue 38, item 4, end to end: a rated Grand Trictrac game between two
//! registered players ends (a resignation after a few turns); within a
//! minute the server's background review stores both sides' error rates
//! and luck, and in headless Chromium the game's page and both players'
//! pages show them (the player's page with the averages and the chart of
//! the trend). Without Chromium the test is skipped with a message, and
//! fails under `CI=true`.

mod browser;
mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use browser::{chromium_or_skip, open_browser, shot};
use common::http::{http_call, JSON};
use common::web::session_line as register;
use common::{play_both, random_action, Client, Lcg, TempDir};
use serde_json::{json, Value};

/// A JSON request with the cookie line `cookie`: status, the answer and
/// the response's head.
async fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &Value,
    cookie: &str,
) -> (u16, Value, String) {
    let body = if method == "GET" {
        String::new()
    } else {
        body.to_string()
    };
    let headers = format!("{JSON}{cookie}");
    let (code, head, v) = http_call(addr, method, path, &headers, &body).await;
    (code, v, head)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_is_reviewed_and_both_pages_show_its_error_rates() {
    let Some(bin) = chromium_or_skip("review_page") else {
        return;
    };
    let dir = TempDir::new("review-page");
    let server = browser::page_server(&dir).await;
    let addr = server.addr();
    let ann = register(addr, "Ann").await;
    let bob = register(addr, "Bob").await;

    // A rated Grand Trictrac game: Ann posts it, Bob accepts it.
    let (code, seek, _) = call(
        addr,
        "POST",
        "/api/seeks",
        &json!({"game": "trictrac", "rated": true}),
        &ann,
    )
    .await;
    assert_eq!(code, 200, "{seek}");
    let id = seek["id"].as_str().unwrap().to_string();
    let (code, taken, _) = call(
        addr,
        "POST",
        &format!("/api/seeks/{id}/accept"),
        &json!({}),
        &bob,
    )
    .await;
    assert_eq!(code, 200, "{taken}");
    let room = taken["room"].as_str().unwrap().to_string();
    let (_, mine, _) = call(
        addr,
        "GET",
        &format!("/api/seeks/{id}?token={}", seek["token"].as_str().unwrap()),
        &Value::Null,
        &ann,
    )
    .await;
    let mut a = Client::seat(addr, &room, mine["token"].as_str().unwrap()).await;
    let mut b = Client::seat(addr, &room, taken["token"].as_str().unwrap()).await;

    // Some turns at random, then Ann resigns: the game is over, rated.
    let mut rng = Lcg(384);
    play_both(&mut a, &mut b, 40, |s| random_action(s, &mut rng)).await;
    let r = a
        .request(json!({"type": "resign", "seq": a.state["seq"]}))
        .await;
    assert_eq!(r["type"], "ack", "{r}");
    a.wait_until(|s| s["phase"]["kind"] == "over").await;

    // Within a minute the review's figures are stored.
    let started = Instant::now();
    let figures = loop {
        let (code, f, _) = call(
            addr,
            "GET",
            &format!("/api/games/{room}/figures"),
            &Value::Null,
            "",
        )
        .await;
        assert_eq!(code, 200, "{f}");
        assert!(f["state"] != "failed" && f["state"] != "none", "{f}");
        if f["state"] == "done" {
            break f;
        }
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "not reviewed within a minute: {f}"
        );
        tokio::time::sleep(Duration::from_millis(250)).await;
    };
    eprintln!("rated trictrac game reviewed in {:?}", started.elapsed());
    assert_eq!(figures["figures"]["unit"], "mstake", "{figures}");
    let decisions = figures["figures"]["white"]["decisions"].as_u64().unwrap()
        + figures["figures"]["black"]["decisions"].as_u64().unwrap();
    assert!(decisions > 0, "{figures}");

    // An unrated game has no figures: only rated games are reviewed.
    let (_, f, _) = call(addr, "GET", "/api/games/NOSUCH/figures", &Value::Null, "").await;
    assert_eq!(f["state"], "none", "{f}");

    // The pages, in Chromium.
    let (browser, mut cdp) = open_browser(&bin, &dir).await;
    cdp.size(1000, 1200, false).await;
    for name in ["Ann", "Bob"] {
        cdp.open(&format!("http://{addr}/player?name={name}&lang=en"))
            .await;
        cdp.wait_for(
            "window.__player && window.__player.ready && !!document.querySelector('#pl-skill li')",
            20,
        )
        .await;
        let line = cdp.text("#pl-skill li").await;
        assert!(
            line.starts_with("Grand Trictrac: ")
                && line.contains("per decision")
                && line.contains("reviewed games: 1,"),
            "{line}"
        );
        let points = cdp
            .eval("document.querySelectorAll('#pl-skill-chart circle').length")
            .await;
        assert_eq!(points, 1, "one reviewed game on the chart");
        let row = cdp
            .text(&format!("tr[data-room='{room}'] .pl-game-error"))
            .await;
        assert!(row.starts_with("his error: "), "{row}");
        shot(&mut cdp, &format!("review-player-{name}")).await;
    }
    // The game's page, once over, says what the review found.
    cdp.open(&format!("http://{addr}/?room={room}&watch=1&lang=en"))
        .await;
    cdp.wait_for(
        "!!document.querySelector('#review-figures[data-state=done]')",
        30,
    )
    .await;
    let line = cdp.text("#review-figures").await;
    assert!(
        line.starts_with("Engine review — ") && line.contains("Ann: ") && line.contains("Bob: "),
        "{line}"
    );
    shot(&mut cdp, "review-game").await;
    cdp.close(browser).await;
    server.stop().await;
}
