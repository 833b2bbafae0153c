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

use pages::fetch;

use browser::{shot, Cdp};
use common::Client;
use serde_json::json;

/// Registers or logs in through the account card of the page shown.
async fn through_the_card(cdp: &mut Cdp, name: &str, password: &str, button: &str) {
    cdp.wait_for("document.querySelector('#acc-form') !== null", 20)
        .await;
    cdp.eval(&format!(
        "(() => {{ const f = document.querySelector('#acc-form'); f.elements.name.value = {}; f.elements.password.value = {}; return true; }})()",
        json!(name),
        json!(password)
    ))
    .await;
    cdp.click(button).await;
}

/// Logs out with the card's button. The card is drawn again when the
/// other cards of the home page (notifications, bot API) answer: on a
/// loaded machine a click can land on a button just replaced, so the
/// click is made again (at most three times) until the form is back.
async fn log_out(cdp: &mut Cdp) {
    for _ in 0..3 {
        cdp.click("#btn-logout").await;
        for _ in 0..25 {
            if cdp
                .eval("document.querySelector('#acc-form') !== null")
                .await
                == json!(true)
            {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        }
    }
    cdp.wait_for("document.querySelector('#acc-form') !== null", 5)
        .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn register_log_in_and_see_the_player_page_in_chromium() {
    let Some((_dir, server, browser, mut cdp)) =
        pages::open("account_page_in_chromium", "account-page").await
    else {
        return;
    };
    let addr = server.addr();
    let home = format!("http://{addr}/?lang=en");

    // Ann registers, logs out, mistypes her password, logs in.
    let ann = cdp.page_in_new_context().await;
    cdp.size(1100, 1400, false).await;
    cdp.open(&home).await;
    cdp.wait_for(
        "(document.querySelector('#btn-login') || {}).textContent === 'Log in'",
        20,
    )
    .await;
    shot(&mut cdp, "account-card-anonymous").await;
    through_the_card(&mut cdp, "Ann", "correct horse", "#btn-register").await;
    cdp.wait_for(
        "(document.querySelector('#acc-who') || {}).textContent === 'Logged in: Ann'",
        20,
    )
    .await;
    log_out(&mut cdp).await;
    through_the_card(&mut cdp, "ann", "wrong horse", "#btn-login").await;
    cdp.wait_for(
        "document.querySelector('#acc-msg').textContent === 'Unknown name or wrong password.'",
        20,
    )
    .await;
    through_the_card(&mut cdp, "ANN", "correct horse", "#btn-login").await;
    cdp.wait_for(
        "(document.querySelector('#acc-who') || {}).textContent === 'Logged in: Ann'",
        20,
    )
    .await;
    // The session cookie is out of the page's reach (HttpOnly).
    assert_eq!(cdp.eval("document.cookie").await, "");

    // Bob registers in his own browser.
    let bob = cdp.page_in_new_context().await;
    cdp.open(&home).await;
    through_the_card(&mut cdp, "Bob", "battery staple", "#btn-register").await;
    cdp.wait_for(
        "(document.querySelector('#acc-who') || {}).textContent === 'Logged in: Bob'",
        20,
    )
    .await;

    // A rated match to 1: Ann posts it from the home page's form, Bob
    // sees it listed as rated and accepts it, Ann resigns.
    cdp.session = Some(ann.clone());
    cdp.wait_for(
        "document.querySelector('#lobby-form select[name=game]').options.length === 2",
        20,
    )
    .await;
    cdp.eval(
        "document.querySelector('#lobby-post').open = true;
         const f = document.querySelector('#lobby-form');
         f.elements.game.value = 'backgammon'; f.elements.rules.value = 'standard';
         f.elements.match.value = '1'; f.elements.rated.checked = true; true",
    )
    .await;
    cdp.click("#btn-lobby-post").await;
    cdp.wait_for(
        "Object.keys(localStorage).some((k) => k.startsWith('trictrac.seek.'))",
        20,
    )
    .await;
    let held = cdp
        .eval(
            "(() => { const k = Object.keys(localStorage).find((k) => k.startsWith('trictrac.seek.')); \
             return { id: k.slice('trictrac.seek.'.length), token: localStorage.getItem(k) }; })()",
        )
        .await;
    let id = held["id"].as_str().expect("a rated seek").to_string();
    cdp.session = Some(bob.clone());
    cdp.wait_for(
        &format!(
            "((document.querySelector('#lobby-seeks li[data-seek=\"{id}\"] .lobby-rated') || {{}}).textContent || '') === 'rated'"
        ),
        20,
    )
    .await;
    let taken = fetch(
        &mut cdp,
        "POST",
        &format!("/api/seeks/{id}/accept"),
        json!({}),
    )
    .await;
    let room = taken["room"].as_str().expect("a room").to_string();
    // Ann's page, told by the lobby that her seek was taken, enters the
    // game with her seat's token (lobby.js `enter`): a fetch from it now
    // could meet the page navigating, so the token is read once there.
    cdp.session = Some(ann.clone());
    let seat = format!("trictrac.seat.{room}");
    cdp.wait_for(
        &format!(
            "location.search.includes({}) && !!localStorage.getItem({})",
            json!(format!("room={room}")),
            json!(seat)
        ),
        20,
    )
    .await;
    let mine = cdp
        .eval(&format!("localStorage.getItem({})", json!(seat)))
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
