//! The bot API's page in Chromium (issue 39): Robo registers from the
//! account card, marks his account as a bot on the Bot API card, makes a
//! token (shown once, and it works), sees his challenge in the lobby and
//! his player page with the bot mark, and revokes the token.

mod browser;
mod common;
mod pages;

use browser::shot;
use common::http_exchange;
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_api_card_and_the_bot_marks_in_chromium() {
    let (_dir, server, browser, mut cdp) = pages::set_up!("bot_page_in_chromium", "bot-page");
    let addr = server.addr();
    cdp.page_in_new_context().await;
    cdp.size(1100, 1600, false).await;
    cdp.open(&format!("http://{addr}/?lang=en")).await;
    cdp.wait_for("document.querySelector('#acc-form') !== null", 20)
        .await;
    cdp.eval("(() => { const f = document.querySelector('#acc-form'); f.elements.name.value = 'Robo'; f.elements.password.value = 'a good password'; return true; })()")
        .await;
    cdp.click("#btn-register").await;

    // The card: mark the account as a bot, make a token.
    cdp.wait_for("document.querySelector('#btn-make-bot') !== null", 20)
        .await;
    cdp.click("#btn-make-bot").await;
    cdp.wait_for(
        "(document.querySelector('#bot-state') || {}).textContent.startsWith('This account is a bot')",
        20,
    )
    .await;
    cdp.eval("document.querySelector('#bot-token-form').elements.label.value = 'gnubg bridge'")
        .await;
    cdp.click("#bot-token-form button[type=submit]").await;
    cdp.wait_for(
        "(document.querySelector('#bot-token-new') || {textContent: ''}).textContent.startsWith('ttb_')",
        20,
    )
    .await;
    shot(&mut cdp, "bot-api-card").await;
    let token = cdp.text("#bot-token-new").await;
    let listed = cdp
        .eval("document.querySelector('#bot-api li[data-token]').textContent")
        .await;
    assert!(
        listed.as_str().unwrap().contains("gnubg bridge"),
        "{listed}"
    );
    // The token shown works.
    let (status, _, body) = http_exchange(
        addr,
        &format!("GET /api/me HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nAuthorization: Bearer {token}\r\n\r\n"),
    )
    .await;
    let me: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(status, 200, "{body}");
    assert_eq!(me["name"], "Robo");
    assert_eq!(me["bot"], true);

    // His challenge in the lobby, marked.
    let posted = cdp
        .eval(&format!(
            "fetch('/api/seeks', {{method: 'POST', headers: {{'Content-Type': 'application/json'}}, body: {}}}).then(r => r.status)",
            json!(json!({"game": "backgammon"}).to_string())
        ))
        .await;
    assert_eq!(posted, 200);
    cdp.wait_for(
        "document.querySelector('#lobby-seeks li[data-seek] .bot-mark') !== null",
        20,
    )
    .await;
    shot(&mut cdp, "bot-in-lobby").await;

    // Revoked: gone from the list, refused.
    cdp.click("#bot-api [data-revoke]").await;
    cdp.wait_for(
        "document.querySelector('#bot-api') && !document.querySelector('#bot-api li[data-token]')",
        20,
    )
    .await;
    let (status, _, _) = http_exchange(
        addr,
        &format!("GET /api/me HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nAuthorization: Bearer {token}\r\n\r\n"),
    )
    .await;
    assert_eq!(status, 401);

    // His player page, marked.
    cdp.open(&format!("http://{addr}/player?name=Robo&lang=en"))
        .await;
    cdp.wait_for("document.querySelector('#pl-name .bot-mark') !== null", 20)
        .await;
    shot(&mut cdp, "bot-player-page").await;
    cdp.close(browser).await;
    server.stop().await;
}
