//! Issue 39, item 3, in headless Chromium: three registered players,
//! each in his own browser, meet in a backgammon arena made with the
//! page's form; each joins with the page's button, the server pairs
//! them, and their pages show the standings change live (the changes
//! only, after the whole tournament once): a gammon conceded is worth 4
//! points (2 × 2), the winner then meets the third player (not his
//! last opponent again), whose win is worth 2. The games are played
//! through the game's WebSocket API, with the seats the page was given.
//! Without Chromium the test is skipped with a message, and fails under
//! `CI=true`.

mod browser;
mod common;
mod pages;

use browser::{shot, Cdp};
use common::Client;
use serde_json::{json, Value};

/// A request from the page, with its cookies: the JSON answer.
async fn fetch(cdp: &mut Cdp, method: &str, path: &str, body: Value) -> Value {
    let expr = format!(
        "fetch({}, {{method: {}, headers: {{'Content-Type': 'application/json'}}, body: {}}}).then(r => r.json())",
        json!(path),
        json!(method),
        if method == "GET" { "undefined".to_string() } else { json!(body.to_string()).to_string() }
    );
    cdp.eval(&expr).await
}

/// The page's game to play: `(room, side, token)`.
async fn my_game(cdp: &mut Cdp, not: Option<&str>) -> (String, String, String) {
    let not = json!(not.unwrap_or(""));
    cdp.wait_for(
        &format!("!!window.__tournaments.myGame && window.__tournaments.myGame.room !== {not}"),
        20,
    )
    .await;
    let g = cdp.eval("window.__tournaments.myGame").await;
    (
        g["room"].as_str().unwrap().to_string(),
        g["side"].as_str().unwrap().to_string(),
        g["token"].as_str().unwrap().to_string(),
    )
}

/// The player with `loser`'s seat offers to resign `kind`, the other
/// accepts: a backgammon game over.
async fn concede(addr: std::net::SocketAddr, room: &str, loser: &str, winner: &str, kind: &str) {
    let mut l = Client::seat(addr, room, loser).await;
    let mut w = Client::seat(addr, room, winner).await;
    let r = l.request(json!({"type": "resign", "kind": kind})).await;
    assert_eq!(r["type"], "ack", "{r}");
    w.wait_until(|s| s["resignation"].is_object()).await;
    let r = w.request(json!({"type": "accept"})).await;
    assert_eq!(r["type"], "ack", "{r}");
}

/// Every page shows `name` with `points`, in its table too.
async fn shows(cdp: &mut Cdp, pages: &[String], name: &str, points: i64) {
    for p in pages {
        cdp.session = Some(p.clone());
        cdp.wait_for(
            &format!(
                "(window.__tournaments.standings[{n}] || {{}}).points === {points} && \
                 document.querySelector('#tn-standings tr[data-name=' + JSON.stringify({n}) + '] .tn-points').textContent === '{points}'",
                n = json!(name)
            ),
            20,
        )
        .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_players_see_the_arena_standings_change_live() {
    let (_dir, server, browser, mut cdp) = pages::set_up!("tournament_page", "tournament-page");
    let addr = server.addr();
    let home = format!("http://{addr}/tournaments?lang=en");

    // Three players register, each in his own browser.
    let names = ["Ann", "Bob", "Cid"];
    let mut pages = Vec::new();
    for n in names {
        let s = cdp.page_in_new_context().await;
        cdp.size(1000, 900, false).await;
        cdp.open(&home).await;
        let v = fetch(
            &mut cdp,
            "POST",
            "/api/accounts",
            json!({"name": n, "password": "correct horse"}),
        )
        .await;
        assert_eq!(v["name"], n, "{v}");
        pages.push(s);
    }

    // Ann makes the arena with the page's form: backgammon, 30 minutes,
    // starting at once.
    cdp.session = Some(pages[0].clone());
    cdp.open(&home).await;
    cdp.wait_for(
        "window.__tournaments.ready && !document.querySelector('#tn-form').hidden",
        10,
    )
    .await;
    cdp.eval(
        "(() => { const v = (id, x) => { document.getElementById(id).value = x; }; \
         v('tn-f-name', 'Friday arena'); v('tn-f-game', 'backgammon'); v('tn-f-kind', 'arena'); \
         v('tn-f-minutes', '30'); v('tn-f-in', '0'); v('tn-f-max', '10'); return true; })()",
    )
    .await;
    cdp.click("#tn-form button[type=submit]").await;
    cdp.wait_for(
        "location.search.includes('id=') && window.__tournaments.ready",
        10,
    )
    .await;
    let id = cdp
        .eval("window.__tournaments.id")
        .await
        .as_str()
        .unwrap()
        .to_string();
    let url = format!("http://{addr}/tournaments?id={id}&lang=en");

    // Each joins with the page's button.
    for p in &pages {
        cdp.session = Some(p.clone());
        cdp.open(&url).await;
        cdp.wait_for(
            "window.__tournaments.ready && !document.querySelector('#tn-join').hidden",
            10,
        )
        .await;
        cdp.click("#tn-join").await;
        cdp.wait_for(
            "window.__tournaments.joined && !document.querySelector('#tn-withdraw').hidden",
            10,
        )
        .await;
    }
    for p in &pages {
        cdp.session = Some(p.clone());
        cdp.wait_for(
            "Object.keys(window.__tournaments.standings).length === 3",
            10,
        )
        .await;
    }

    // Two of them are paired at once: their pages get their seats.
    let mut seats = Vec::new();
    let until = std::time::Instant::now() + std::time::Duration::from_secs(20);
    while seats.len() < 2 {
        assert!(std::time::Instant::now() < until, "two players paired");
        seats.clear();
        for (i, p) in pages.iter().enumerate() {
            cdp.session = Some(p.clone());
            if cdp.eval("!!window.__tournaments.myGame").await.as_bool() == Some(true) {
                let (room, side, token) = my_game(&mut cdp, None).await;
                seats.push((i, room, side, token));
            }
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert_eq!(seats.len(), 2, "two players paired: {seats:?}");
    assert_eq!(seats[0].1, seats[1].1, "in one room");
    cdp.session = Some(pages[seats[0].0].clone());
    cdp.wait_for("!document.querySelector('#tn-play').hidden", 5)
        .await;
    shot(&mut cdp, "tournament-paired").await;

    // White concedes a gammon: Black wins 2 × 2 = 4 points.
    let (white, black) = if seats[0].2 == "white" {
        (&seats[0], &seats[1])
    } else {
        (&seats[1], &seats[0])
    };
    concede(addr, &white.1, &white.3, &black.3, "gammon").await;
    let winner = black.0;
    let loser = white.0;
    let third = 3 - winner - loser;
    shows(&mut cdp, &pages, names[winner], 4).await;
    shows(&mut cdp, &pages, names[loser], 0).await;

    // The winner meets the third player, not his last opponent.
    cdp.session = Some(pages[winner].clone());
    let (room2, side_w, token_w) = my_game(&mut cdp, Some(&black.1)).await;
    cdp.session = Some(pages[third].clone());
    let (room3, _, token_t) = my_game(&mut cdp, None).await;
    assert_eq!(room2, room3, "the winner plays the third player");
    assert_ne!(room2, black.1);
    let _ = side_w;
    // The third player wins a single game: 2 points; the winner keeps 4.
    concede(addr, &room2, &token_w, &token_t, "single").await;
    shows(&mut cdp, &pages, names[third], 2).await;
    shows(&mut cdp, &pages, names[winner], 4).await;
    for p in &pages {
        cdp.session = Some(p.clone());
        // Ranks follow the points; the pages had the whole tournament
        // once, then only its changes.
        let rank = cdp
            .eval(&format!(
                "window.__tournaments.standings[{}].rank",
                json!(names[winner])
            ))
            .await;
        assert_eq!(rank, 1);
        let fulls = cdp.eval("window.__tournaments.fulls").await;
        assert_eq!(fulls, 1, "only changes after the first message");
        let games = cdp
            .eval(&format!(
                "window.__tournaments.standings[{}].games",
                json!(names[winner])
            ))
            .await;
        assert_eq!(games, 2);
    }
    cdp.session = Some(pages[0].clone());
    shot(&mut cdp, "tournament-standings").await;
    // The arena is listed with its three players.
    let v = fetch(&mut cdp, "GET", "/api/tournaments", json!({})).await;
    assert_eq!(v["tournaments"][0]["players"], 3, "{v}");

    cdp.close(browser).await;
    server.stop().await;
}
