//! Clocks and the claim in Chromium (issue 26, item 4): a lobby
//! backgammon game with a clock of 60 s a move; the player's page and a
//! spectator's show both clocks, the running one counting down; when the
//! opponent (a WebSocket client here) goes away, the player's page shows
//! how long his seat is kept, then the claim button; the claim ends the
//! game and both pages say why. Screenshots: `TRICTRAC_E2E_SHOTS=DIR`.

mod browser;
mod common;

use std::net::SocketAddr;
use std::time::Duration;

use browser::{chromium_or_skip, open_browser};
use common::{Client, TempDir};
use serde_json::{json, Value};
use trictrac_server::room::AbandonConfig;
use trictrac_server::{Config, Server};

async fn http(addr: SocketAddr, method: &str, path: &str, body: &str) -> Value {
    let (status, body) = common::http_send(addr, method, path, Some(body)).await;
    assert_eq!(status, 200, "{method} {path}: {body}");
    serde_json::from_str(&body).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_clocks_and_the_claim_button_show_in_chromium() {
    let Some(bin) = chromium_or_skip("clocks_in_chromium") else {
        return;
    };
    let dir = TempDir::new("clocks-page");
    let server = Server::start(Config {
        addr: "127.0.0.1:0".into(),
        database: dir.db_url(),
        bot_delay: Duration::ZERO,
        abandon: AbandonConfig {
            grace: Duration::from_secs(3),
            ..AbandonConfig::default()
        },
        ..Config::default()
    })
    .await
    .expect("the server starts");
    let addr = server.addr();
    let (id, token) = common::post_seek(
        addr,
        json!({"game": "backgammon", "match": 3, "name": "Ann",
                "clock": {"kind": "move", "seconds": 60}}),
    )
    .await;
    let (code, won) = common::accept_seek(addr, &id, "Bob").await;
    assert_eq!(code, 200, "{won}");
    let mine = http(addr, "GET", &format!("/api/seeks/{id}?token={token}"), "").await;
    let room = won["room"].as_str().unwrap().to_string();
    let bob_side = won["side"].as_str().unwrap().to_string();

    // Bob plays from a WebSocket client.
    let bob = Client::seat(addr, &room, won["token"].as_str().unwrap()).await;

    // Ann's page, her seat's token where the page keeps it.
    let (browser, mut cdp) = open_browser(&bin, &dir).await;
    let home = format!("http://{addr}/?lang=en");
    let ann = cdp.page_in_new_context().await;
    cdp.open(&home).await;
    cdp.eval(&format!(
        "localStorage.setItem('trictrac.seat.{room}', '{}'); true",
        mine["token"].as_str().unwrap()
    ))
    .await;
    cdp.open(&format!("http://{addr}/?room={room}&lang=en"))
        .await;
    let clocks_shown = "!!document.querySelector('#clock-white') && \
        !!document.querySelector('#clock-black') && \
        /^[0-9]+:[0-9]{2}$/.test(document.querySelector('#clocks .running .clock-time').textContent)";
    cdp.wait_for(clocks_shown, 20).await;
    let label = cdp
        .eval("document.querySelector('#clock-label').textContent")
        .await;
    assert_eq!(label, json!("60 s per move"));
    // The running clock counts down between states.
    let running = "document.querySelector('#clocks .running .clock-time').textContent";
    let first = cdp.eval(running).await;
    cdp.wait_for(&format!("{running} !== {first}"), 10).await;

    // A spectator sees the clocks too.
    let cleo = cdp.page_in_new_context().await;
    cdp.open(&format!("http://{addr}/?room={room}&watch=1&lang=en"))
        .await;
    cdp.wait_for(clocks_shown, 20).await;

    // Bob goes away: Ann's page says how long his seat is kept, then
    // offers the claim; the spectator sees him away, without a button.
    drop(bob);
    cdp.session = Some(ann.clone());
    cdp.wait_for("!!document.querySelector('#claim-wait')", 20)
        .await;
    let wait = cdp
        .eval("document.querySelector('#claim-wait').textContent")
        .await;
    assert!(
        wait.as_str().unwrap().contains("You may claim the game in"),
        "{wait}"
    );
    cdp.shot("clocks-away").await;
    cdp.session = Some(cleo.clone());
    cdp.wait_for(&format!("!!document.querySelector('#away-{bob_side}')"), 20)
        .await;
    assert_eq!(
        cdp.eval("document.querySelector('#btn-claim') === null")
            .await,
        json!(true),
        "a spectator has no claim button"
    );
    cdp.session = Some(ann.clone());
    cdp.wait_for("!!document.querySelector('#btn-claim')", 20)
        .await;
    cdp.shot("clocks-claim").await;
    let v = http(addr, "GET", &format!("/api/rooms/{room}"), "").await;
    assert!(v["finished"].is_null(), "not over before the claim: {v}");
    cdp.click("#btn-claim").await;
    cdp.wait_for(
        "!!document.querySelector('#verdict') && document.querySelector('#verdict').textContent.includes('left the game')",
        20,
    )
    .await;
    cdp.shot("clocks-claimed").await;
    cdp.session = Some(cleo);
    cdp.wait_for("!!document.querySelector('#verdict')", 20)
        .await;
    let v = http(addr, "GET", &format!("/api/rooms/{room}"), "").await;
    assert!(
        v["result"].as_str().unwrap().contains("left the game"),
        "{v}"
    );
    cdp.close(browser).await;
    server.stop().await;
}
