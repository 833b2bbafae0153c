//! Shared by the browser tests of the page (e2e, page_polish,
//! false_moves_page): a test's set-up, Chromium beside the page server.

#![allow(dead_code)]

use trictrac_server::Server;

use crate::browser::{chromium_or_skip, open_browser, page_server, Browser, Cdp};
use crate::common::TempDir;

/// The home page is ready: its new game form lists the bots.
pub const HOME_READY: &str = "!!document.querySelector('#bot-select option[value=random]')";

/// A game is shown, its state received.
pub const GAME_SHOWN: &str =
    "!!(window.__trictrac.state && !document.querySelector('#game').hidden)";

/// The set-up of the browser test `test`: its folder (named by `tag`),
/// the page server ([`page_server`]) and Chromium on a blank page; none,
/// the test skipped, without Chromium ([`chromium_or_skip`]).
pub async fn open(test: &str, tag: &str) -> Option<(TempDir, Server, Browser, Cdp)> {
    let bin = chromium_or_skip(test)?;
    let dir = TempDir::new(tag);
    let server = page_server(&dir).await;
    let (browser, cdp) = open_browser(&bin, &dir).await;
    Some((dir, server, browser, cdp))
}
