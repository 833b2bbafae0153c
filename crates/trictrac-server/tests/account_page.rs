//! Accounts in Chromium (issue 26): Ann registers from the home page's
//! account card, logs out, is refused with a wrong password, logs in;
//! Bob registers in another browser; a rated backgammon match between
//! them (posted and accepted through the page's own requests, played
//! over the WebSocket); Ann's card lists the finished game with its
//! links, and her player page shows her rating, its chart and the game;
//! the leaderboard lists both.

mod browser;
mod common;
mod pages;

use pages::steps;

use browser::shot;
use common::Client;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn register_log_in_and_see_the_player_page_in_chromium() {
    let (_dir, server, browser, mut cdp) =
        pages::set_up!("account_page_in_chromium", "account-page");
    let addr = server.addr();
    let home = format!("http://{addr}/?lang=en");

    // Ann registers, logs out, mistypes her password, logs in.
    let ann = steps::player_browser(&mut cdp, &home, 1100, 1400).await;
    cdp.wait_for(
        "(document.querySelector('#btn-login') || {}).textContent === 'Log in'",
        20,
    )
    .await;
    shot(&mut cdp, "account-card-anonymous").await;
    steps::register_on_card(&mut cdp, "Ann", "correct horse").await;
    // The card is drawn again when the other cards of the home page
    // (notifications, bot API) answer: the click made again if it landed
    // on a button just replaced.
    steps::click_until(
        &mut cdp,
        "#btn-logout",
        "document.querySelector('#acc-form') !== null",
    )
    .await;
    steps::fill_account_card(&mut cdp, "ann", "wrong horse", "#btn-login").await;
    cdp.wait_for(
        "document.querySelector('#acc-msg').textContent === 'Unknown name or wrong password.'",
        20,
    )
    .await;
    steps::fill_account_card(&mut cdp, "ANN", "correct horse", "#btn-login").await;
    steps::logged_in_as(&mut cdp, "Ann").await;
    // The session cookie is out of the page's reach (HttpOnly).
    assert_eq!(cdp.eval("document.cookie").await, "");

    // Bob registers in his own browser.
    let bob = steps::player_browser(&mut cdp, &home, 1100, 1400).await;
    steps::register_on_card(&mut cdp, "Bob", "battery staple").await;

    // A rated match to 1: Ann posts it from the home page's form, Bob
    // sees it listed as rated and accepts it, Ann resigns.
    cdp.session = Some(ann.clone());
    cdp.wait_for(
        "document.querySelector('#lobby-form select[name=game]').options.length === 2",
        20,
    )
    .await;
    let (room, taken, mine) = steps::challenge_taken(
        &mut cdp,
        (&ann, &bob),
        "f.elements.rated.checked = true",
        "(li.querySelector('.lobby-rated') || {}).textContent === 'rated'",
    )
    .await;
    let mut a = Client::connect(addr).await;
    let w = a
        .request(json!({"type": "join", "room": room, "token": mine}))
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    // Ann offers to resign a single game (issue 38); Bob accepts.
    let mut b = Client::connect(addr).await;
    b.request(json!({"type": "join", "room": room, "token": taken["token"]}))
        .await;
    let r = a.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    b.wait_until(|s| !s["resignation"].is_null()).await;
    let r = b.request(json!({"type": "accept"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    a.wait_until(|s| s["phase"]["kind"] == "over").await;

    // Ann's card lists the game; her player page shows the rest.
    cdp.open(&home).await;
    cdp.wait_for(
        &format!("document.querySelector(\"#acc-games tr[data-room='{room}'] a[href$='.mat']\") !== null"),
        20,
    )
    .await;
    cdp.wait_for(
        "/Backgammon 1\\d\\d\\d ± \\d+/.test(document.querySelector('#acc-ratings').textContent)",
        20,
    )
    .await;
    shot(&mut cdp, "account-card").await;
    cdp.click("#acc-page").await;
    cdp.wait_for("!!(window.__player && window.__player.ready)", 20)
        .await;
    assert_eq!(cdp.text("#pl-name").await, "Ann");
    let rating = cdp
        .text("#pl-ratings tr[data-game=backgammon] .pl-rating")
        .await;
    assert!(rating.starts_with("1"), "{rating}");
    assert!(
        rating.parse::<u32>().is_err() && rating.contains('±'),
        "{rating}"
    );
    assert_eq!(
        cdp.eval("document.querySelectorAll('#pl-chart polyline[data-game=backgammon]').length")
            .await,
        1
    );
    assert_eq!(
        cdp.eval(&format!("document.querySelector(\"tr[data-room='{room}']\").textContent.includes('Ann against Bob') || document.querySelector(\"tr[data-room='{room}']\").textContent.includes('Bob against Ann')")).await,
        true
    );
    shot(&mut cdp, "player-page").await;
    // In French too.
    cdp.click("#lang-fr").await;
    cdp.wait_for(
        "document.querySelector('#player h3').textContent === 'Classement'",
        10,
    )
    .await;

    // The leaderboards.
    cdp.open(&format!("http://{addr}/player?lang=en")).await;
    cdp.wait_for("!!(window.__player && window.__player.ready)", 20)
        .await;
    let board = cdp.text(".pl-board[data-game=backgammon]").await;
    assert!(board.contains("Ann") && board.contains("Bob"), "{board}");
    shot(&mut cdp, "leaderboards").await;

    cdp.close(browser).await;
    server.stop().await;
}
