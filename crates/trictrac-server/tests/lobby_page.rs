//! The lobby on the home page, in Chromium (issue 26): Ann posts a
//! backgammon challenge from the home page; Bob, whose home page is open
//! already, sees it appear without reloading or polling (the lobby's
//! socket) and accepts it; both land in the same game, each on a seat;
//! Cleo watches it from the live list, and the challenge she had posted
//! is withdrawn as she leaves the home page. Dan's challenge is withdrawn
//! when his page goes away without a word (his withdrawal blocked: his
//! socket closed, the grace ran out), under Eve's eyes; Eve accepts the
//! bot's standing challenge and plays a game in which the bot moves.

mod browser;
mod common;

use browser::{chromium_or_skip, open_browser, shot, Cdp};
use common::{http_get, Client, Lcg, TempDir};

/// How many challenges are open, by the API.
async fn open_seeks(addr: std::net::SocketAddr) -> usize {
    let (code, body) = http_get(addr, "/api/lobby").await;
    assert_eq!(code, 200, "{body}");
    let v: serde_json::Value = serde_json::from_str(&body).unwrap();
    v["seeks"].as_array().unwrap().len()
}

/// The page is in a game, on one seat.
const SEATED: &str =
    "!!(window.__trictrac && window.__trictrac.state && window.__trictrac.seats.length === 1)";

/// A new visitor's home page, its lobby form ready (both games listed):
/// the page's session.
async fn home_page(cdp: &mut Cdp, home: &str) -> String {
    let page = cdp.page_in_new_context().await;
    cdp.open(home).await;
    cdp.wait_for(
        "document.querySelector('#lobby-form select[name=game]').options.length === 2",
        20,
    )
    .await;
    page
}

/// Posts the challenge of the lobby's form, filled by the script `fill`,
/// and waits until the page lists it as its own.
async fn post(cdp: &mut Cdp, fill: &str) {
    cdp.eval(fill).await;
    cdp.click("#btn-lobby-post").await;
    cdp.wait_for(
        "document.querySelector('#lobby-seeks [data-cancel]') !== null",
        20,
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_challenge_posted_on_the_home_page_is_accepted_and_watched_in_chromium() {
    let Some(bin) = chromium_or_skip("lobby_in_chromium") else {
        return;
    };
    let dir = TempDir::new("lobby-page");
    let server = common::start(&dir.db_url()).await;
    let (browser, mut cdp) = open_browser(&bin, &dir).await;
    let home = format!("http://{}/?lang=en", server.addr());

    // Bob's home page, open first; a mark that a reload would wipe.
    let bob = cdp.page_in_new_context().await;
    cdp.open(&home).await;
    cdp.wait_for(
        "document.querySelector('#lobby-seeks').textContent.includes('No open challenge')",
        20,
    )
    .await;
    cdp.eval("window.__notReloaded = true; document.querySelector('input[name=name]').value = 'Bob'; true")
        .await;

    // Ann posts a backgammon match to 3 from her home page.
    let ann = home_page(&mut cdp, &home).await;
    post(
        &mut cdp,
        "document.querySelector('input[name=name]').value = 'Ann';
         document.querySelector('#lobby-post').open = true;
         const f = document.querySelector('#lobby-form');
         f.elements.game.value = 'backgammon'; f.elements.match.value = '3';
         f.elements.clock.value = 'total:10:5'; true",
    )
    .await;

    // Bob sees it appear, without a reload, and accepts it.
    cdp.session = Some(bob.clone());
    cdp.wait_for(
        "document.querySelector('#lobby-seeks [data-accept]') !== null",
        20,
    )
    .await;
    shot(&mut cdp, "lobby-bob-sees-ann").await;
    // Told by the lobby's socket: the page never asked for the lobby.
    assert_eq!(
        cdp.eval("window.__lobby.open === true && performance.getEntriesByType('resource').filter((e) => e.name.includes('/api/lobby')).length")
            .await,
        0,
        "the lobby came over its socket, not by polling"
    );
    let listed = cdp
        .eval("document.querySelector('#lobby-seeks li').textContent")
        .await;
    let listed = listed.as_str().unwrap().to_string();
    assert!(
        listed.contains("Ann")
            && listed.contains("Backgammon")
            && listed.contains("to 3")
            && listed.contains("clock 10 min + 5 s"),
        "{listed}"
    );
    assert_eq!(
        cdp.eval("window.__notReloaded === true").await,
        true,
        "Bob's page was not reloaded"
    );
    cdp.click("#lobby-seeks [data-accept]").await;
    cdp.wait_for(SEATED, 30).await;
    let room_b = cdp.eval("window.__trictrac.room").await;
    let seat_b = cdp.eval("window.__trictrac.seats[0]").await;
    assert_eq!(cdp.eval("window.__trictrac.state.game").await, "backgammon");

    // Ann's page follows into the same game, on the other seat.
    cdp.session = Some(ann.clone());
    cdp.wait_for(SEATED, 30).await;
    assert_eq!(cdp.eval("window.__trictrac.room").await, room_b);
    assert_ne!(cdp.eval("window.__trictrac.seats[0]").await, seat_b);
    assert_eq!(cdp.eval("window.__trictrac.state.match.length").await, 3);
    // The clock chosen in the form runs in the game.
    cdp.wait_for(
        "!!document.querySelector('#clock-white') && !!document.querySelector('#clock-black')",
        20,
    )
    .await;

    // Cleo posts a Grand Trictrac challenge, then finds the game in the
    // live list and watches it: leaving the home page withdraws hers.
    let _cleo = home_page(&mut cdp, &home).await;
    post(&mut cdp, "document.querySelector('#lobby-post').open = true; document.querySelector('#lobby-form').elements.game.value = 'trictrac'; true").await;
    assert_eq!(open_seeks(server.addr()).await, 1);
    let room = room_b.as_str().unwrap().to_string();
    let link = format!("#lobby-live li[data-live='{room}'] a");
    cdp.wait_for(&format!("document.querySelector(\"{link}\") !== null"), 20)
        .await;
    cdp.click(&link).await;
    cdp.wait_for("!!(window.__trictrac && window.__trictrac.state && window.__trictrac.role === 'spectator')", 30)
        .await;
    assert_eq!(cdp.eval("window.__trictrac.room").await, room_b);
    let end = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while open_seeks(server.addr()).await != 0 {
        assert!(
            std::time::Instant::now() < end,
            "Cleo's challenge was withdrawn when she left"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }

    // Eve's home page; Dan posts, and his page goes away without a word:
    // his withdrawal cannot reach the server, only his socket closes.
    let eve = cdp.page_in_new_context().await;
    cdp.open(&home).await;
    cdp.wait_for("window.__lobby && window.__lobby.open === true", 20)
        .await;
    let _dan = home_page(&mut cdp, &home).await;
    post(&mut cdp, "document.querySelector('input[name=name]').value = 'Dan'; document.querySelector('#lobby-post').open = true; document.querySelector('#lobby-form').elements.game.value = 'trictrac'; true").await;
    // As a page that vanishes (a crash, a lost network): no withdrawal.
    cdp.eval("window.fetch = () => new Promise(() => {}); true")
        .await;
    cdp.session = Some(eve.clone());
    cdp.wait_for(
        "[...document.querySelectorAll('#lobby-seeks li')].some((li) => li.textContent.includes('Dan'))",
        20,
    )
    .await;
    // Eve's lobby lists the game in progress and the bots' challenges.
    cdp.wait_for(&format!("document.querySelector(\"{link}\") !== null"), 20)
        .await;
    assert_eq!(
        cdp.eval("document.querySelectorAll('#lobby-bots [data-accept]').length")
            .await,
        2
    );
    shot(&mut cdp, "lobby-home").await;
    let dans = cdp
        .eval("[...document.querySelectorAll('#lobby-seeks li')].find((li) => li.textContent.includes('Dan')).dataset.seek")
        .await;
    let dans = dans.as_str().unwrap().to_string();
    cdp.session = Some(_dan);
    cdp.call("Page.navigate", serde_json::json!({ "url": "about:blank" }))
        .await;
    cdp.session = Some(eve.clone());
    // Dan's challenge leaves Eve's list once the grace ran out.
    cdp.wait_for(
        "![...document.querySelectorAll('#lobby-seeks li')].some((li) => li.textContent.includes('Dan'))",
        25,
    )
    .await;
    let (_, v) = http_get(server.addr(), "/api/lobby").await;
    assert!(!v.contains("Dan"), "{v}");
    let (_, v) = http_get(server.addr(), &format!("/api/seeks/{dans}")).await;
    assert!(
        v.contains("\"state\":\"left\""),
        "withdrawn as left, not cancelled: {v}"
    );

    // Eve plays the computer: its standing Grand Trictrac challenge.
    cdp.click("#lobby-bots [data-accept='BOT-TRICTRAC']").await;
    cdp.wait_for(
        "!!(window.__trictrac && window.__trictrac.state && window.__trictrac.seats.length === 1 && window.__trictrac.state.mode === 'bot')",
        30,
    )
    .await;
    let room = cdp.eval("window.__trictrac.room").await;
    let room = room.as_str().unwrap().to_string();
    let token = cdp
        .eval(&format!("localStorage.getItem('trictrac.seat.{room}')"))
        .await;
    let mine = cdp.eval("window.__trictrac.seats[0]").await;
    let mine = mine.as_str().unwrap().to_string();
    // Her moves through a connection of her own seat; the bot answers.
    let token = token.as_str().expect("the seat's token is kept");
    let mut me = Client::seat(server.addr(), &room, token).await;
    let bot_moved = common::play_until_the_bot_moves(&mut me, &mine, &mut Lcg(3), 100).await;
    let seq = bot_moved.expect("the bot moved");
    cdp.wait_for(&format!("window.__trictrac.state.seq >= {seq}"), 20)
        .await;
    shot(&mut cdp, "lobby-bot-game").await;
    cdp.close(browser).await;
    server.stop().await;
}
