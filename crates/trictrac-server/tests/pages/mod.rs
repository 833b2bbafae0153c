//! Shared by the browser tests of the page (e2e, page_polish,
//! false_moves_page, issue35 …): a test's set-up, Chromium beside the
//! page server; a game started from the home page.

#![allow(dead_code)]

pub mod steps;

use serde_json::{json, Value};
use trictrac_server::Server;

use std::time::Duration;

use crate::browser::{bot_server, chromium_or_skip, open_browser, Browser, Cdp};
use crate::common::TempDir;

/// The home page is ready: its new game form lists the bots.
pub const HOME_READY: &str = "!!document.querySelector('#bot-select option[value=random]')";

/// A game is shown, its state received.
pub const GAME_SHOWN: &str =
    "!!(window.__trictrac.state && !document.querySelector('#game').hidden)";

/// The set-up of the browser test `test`: its folder (named by `tag`),
/// the page server ([`crate::browser::page_server`]) and Chromium on a
/// blank page; none, the test skipped, without Chromium
/// ([`chromium_or_skip`]).
pub async fn open(test: &str, tag: &str) -> Option<(TempDir, Server, Browser, Cdp)> {
    open_with_bot_delay(test, tag, Duration::from_millis(10)).await
}

/// The set-up of a browser test: `(dir, server, browser, cdp)` of
/// [`open`] (`set_up!(test, tag)`) or of [`open_with_bot_delay`]
/// (`set_up!(test, tag, bot_delay)`); without Chromium the test returns
/// here, skipped ([`chromium_or_skip`]). (Not every test file uses it.)
#[allow(unused_macros)]
macro_rules! set_up {
    ($test:expr, $tag:expr) => {
        match $crate::pages::open($test, $tag).await {
            Some(set_up) => set_up,
            None => return,
        }
    };
    ($test:expr, $tag:expr, $bot_delay:expr) => {
        match $crate::pages::open_with_bot_delay($test, $tag, $bot_delay).await {
            Some(set_up) => set_up,
            None => return,
        }
    };
}
#[allow(unused_imports)]
pub(crate) use set_up;

/// [`open`], the bot answering after `bot_delay` ([`bot_server`]).
pub async fn open_with_bot_delay(
    test: &str,
    tag: &str,
    bot_delay: Duration,
) -> Option<(TempDir, Server, Browser, Cdp)> {
    let bin = chromium_or_skip(test)?;
    let dir = TempDir::new(tag);
    let server = bot_server(&dir, bot_delay).await;
    let (browser, cdp) = open_browser(&bin, &dir).await;
    Some((dir, server, browser, cdp))
}

/// Starts a game from the home page `home`: `game`, `mode`, White's seat,
/// the weakest bot, then `js` run on the form.
pub async fn start(cdp: &mut Cdp, home: &str, game: &str, mode: &str, js: &str) {
    start_against(cdp, home, game, mode, "random", js).await;
}

/// [`start`] against the bot `bot`.
pub async fn start_against(cdp: &mut Cdp, home: &str, game: &str, mode: &str, bot: &str, js: &str) {
    steps::open_home(cdp, home).await;
    steps::choose_game(cdp, game).await;
    cdp.click(&format!("input[name=mode][value={mode}]")).await;
    steps::start_game(cdp, bot, js).await;
    cdp.wait_for(&format!("window.__trictrac.state.game === '{game}'"), 30)
        .await;
}

/// The text of the element `selector`, empty when there is none.
pub async fn text(cdp: &mut Cdp, selector: &str) -> String {
    let sel = serde_json::to_string(selector).unwrap();
    cdp.eval(&format!(
        "(() => {{ const e = document.querySelector({sel}); return e ? e.textContent : ''; }})()"
    ))
    .await
    .as_str()
    .unwrap_or("")
    .to_string()
}

/// Waits (at most `secs`) until the server has taken the action sent
/// at `seq`, the state moved on; a refusal (the toast shown) fails.
pub async fn taken(cdp: &mut Cdp, seq: &dyn std::fmt::Display, secs: u64) {
    cdp.wait_for(
        &format!("window.__trictrac.state.seq > {seq} || !!document.querySelector('#toast:not([hidden])')"),
        secs,
    )
    .await;
    let toast = cdp
        .eval("document.querySelector('#toast').hidden ? null : document.querySelector('#toast').textContent")
        .await;
    assert!(toast.is_null(), "the server refused: {toast}");
}

/// The text of the toast, waited for (10 s), then hidden.
pub async fn toast_text(cdp: &mut Cdp) -> String {
    cdp.wait_for("!document.querySelector('#toast').hidden", 10)
        .await;
    let t = cdp
        .eval("document.querySelector('#toast').textContent")
        .await;
    cdp.eval("document.querySelector('#toast').hidden = true; true")
        .await;
    t.as_str().unwrap_or("").to_string()
}

/// The window's size: a desktop (1280×800) or a phone (390×844).
pub async fn window(cdp: &mut Cdp, phone: bool) {
    if phone {
        cdp.size(390, 844, true).await;
        cdp.wait_for("document.documentElement.clientWidth === 390", 10)
            .await;
    } else {
        cdp.size(1280, 800, false).await;
        cdp.wait_for("window.innerWidth === 1280", 10).await;
    }
}

/// A request from the page, with its cookies: the JSON answer.
pub async fn fetch(cdp: &mut Cdp, method: &str, path: &str, body: Value) -> Value {
    let v = cdp
        .call(
            "Runtime.evaluate",
            json!({
                "expression": format!(
                    "fetch({}, {{method: {}, headers: {{'Content-Type': 'application/json'}}, body: {}}}).then(r => r.json())",
                    json!(path), json!(method), if method == "GET" { "undefined".to_string() } else { json!(body.to_string()).to_string() }
                ),
                "awaitPromise": true,
                "returnByValue": true,
            }),
        )
        .await;
    v["result"]["value"].clone()
}
