//! Issue 38, item 1, in headless Chromium: in a rated backgammon money
//! game between two registered players, each in his own browser, Ann
//! offers to resign a gammon, Bob declines and play goes on; Ann then
//! offers a backgammon and Bob accepts: Bob wins 3 points (times the
//! cube, 1) and both ratings move once, as one win and one loss. Without
//! Chromium the test is skipped with a message, and fails under
//! `CI=true`.

mod browser;
mod common;

use common::web::on_leaderboard;
mod pages;

use pages::{fetch, steps};

use browser::{shot, Cdp};
use serde_json::{json, Value};
use trictrac_server::ratings::glicko;

/// The page's state field `expr` (`window.__trictrac.state.…`).
async fn state(cdp: &mut Cdp, expr: &str) -> Value {
    cdp.eval(&format!("window.__trictrac.state.{expr}")).await
}

/// The page offers to resign `kind` through its controls.
async fn offer(cdp: &mut Cdp, kind: &str) {
    cdp.wait_for(
        "!document.querySelector('#btn-resign').hidden && !window.__trictrac.busy",
        20,
    )
    .await;
    cdp.click("#btn-resign").await;
    cdp.wait_for("!document.querySelector('#sel-resign-kind').hidden", 5)
        .await;
    cdp.eval(&format!(
        "document.querySelector('#sel-resign-kind').value = {}; true",
        json!(kind)
    ))
    .await;
    cdp.click("#btn-resign-yes").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_gammon_declined_then_a_backgammon_accepted_in_a_rated_money_game() {
    let (_dir, server, browser, mut cdp) = pages::set_up!("resign_page", "resign-page");
    let addr = server.addr();
    let home = format!("http://{addr}/?lang=en");

    // Ann and Bob register, each in his own browser.
    let ann = steps::player_browser(&mut cdp, &home, 1100, 1000).await;
    steps::register_by_api(&mut cdp, "Ann", "correct horse").await;
    let bob = steps::player_browser(&mut cdp, &home, 1100, 1000).await;
    steps::register_by_api(&mut cdp, "Bob", "battery staple").await;

    // A rated money game: Ann posts it, Bob accepts it.
    cdp.session = Some(ann.clone());
    let seek = fetch(
        &mut cdp,
        "POST",
        "/api/seeks",
        json!({"game": "backgammon", "rules": "standard", "match": 0, "rated": true}),
    )
    .await;
    let id = seek["id"].as_str().expect("a rated seek").to_string();
    let seek_token = seek["token"].as_str().unwrap().to_string();
    cdp.session = Some(bob.clone());
    let taken = steps::accept_challenge(&mut cdp, &id).await;
    let room = taken["room"].as_str().unwrap().to_string();
    let bob_token = taken["token"].as_str().unwrap().to_string();
    cdp.session = Some(ann.clone());
    let mine = fetch(
        &mut cdp,
        "GET",
        &format!("/api/seeks/{id}?token={seek_token}"),
        json!({}),
    )
    .await;
    let ann_token = mine["token"].as_str().expect("Ann's seat").to_string();
    let ann_side = mine["side"].as_str().unwrap().to_string();
    let bob_side = if ann_side == "white" {
        "black"
    } else {
        "white"
    };

    // Both open the game with their seats' tokens.
    let url = format!("http://{addr}/?room={room}&lang=en");
    for (session, token) in [(&ann, &ann_token), (&bob, &bob_token)] {
        cdp.session = Some(session.clone());
        cdp.eval(&format!(
            "localStorage.setItem({}, {}); true",
            json!(format!("trictrac.seat.{room}")),
            json!(token)
        ))
        .await;
        cdp.open(&url).await;
        cdp.wait_for(
            "!!(window.__trictrac && window.__trictrac.state && window.__trictrac.state.board) && \
             window.__trictrac.state.phase.kind !== 'opening'",
            30,
        )
        .await;
    }

    // Ann offers a gammon.
    cdp.session = Some(ann.clone());
    offer(&mut cdp, "gammon").await;
    cdp.wait_for(
        "!!window.__trictrac.state.resignation && !document.querySelector('#btn-resign-withdraw').hidden",
        10,
    )
    .await;
    assert!(state(&mut cdp, "resignation.kind").await == "gammon");
    // Bob is asked, with the points at stake.
    cdp.session = Some(bob.clone());
    cdp.wait_for(
        "!!window.__trictrac.state.resignation && !document.querySelector('#btn-resign-decline').hidden",
        10,
    )
    .await;
    let status = cdp.text("#status").await;
    assert!(
        status.contains("offers to resign a gammon (2 points)"),
        "{status}"
    );
    shot(&mut cdp, "resign-offered").await;
    cdp.click("#btn-resign-decline").await;
    cdp.wait_for(
        "!window.__trictrac.state.resignation && window.__trictrac.state.phase.kind !== 'over'",
        10,
    )
    .await;
    cdp.wait_for(
        "/declines the resignation: play goes on/.test(document.body.innerText)",
        10,
    )
    .await;
    // Play goes on: the side to act acts (a roll or the first play).
    let seq = state(&mut cdp, "seq").await.as_u64().unwrap_or(0);
    let to_act = state(&mut cdp, "phase.side").await;
    cdp.session = Some(if to_act == bob_side {
        bob.clone()
    } else {
        ann.clone()
    });
    cdp.wait_for("!window.__trictrac.busy", 10).await;
    cdp.eval(
        "(() => { const st = window.__trictrac.state; \
         window.__trictracPage.act(st.phase.kind === 'play' ? { type: 'play', play: st.plays[0].n } : { type: 'roll' }); \
         return true; })()",
    )
    .await;
    cdp.wait_for(
        &format!(
            "window.__trictrac.state.seq > {seq} && window.__trictrac.state.phase.kind !== 'over'"
        ),
        10,
    )
    .await;

    // Ann offers a backgammon; Bob accepts.
    cdp.session = Some(ann.clone());
    offer(&mut cdp, "backgammon").await;
    cdp.session = Some(bob.clone());
    cdp.wait_for(
        "!!window.__trictrac.state.resignation && window.__trictrac.state.resignation.kind === 'backgammon' && \
         !document.querySelector('#btn-resign-accept').hidden",
        10,
    )
    .await;
    cdp.click("#btn-resign-accept").await;
    for session in [&bob, &ann] {
        cdp.session = Some(session.clone());
        cdp.wait_for("window.__trictrac.state.phase.kind === 'over'", 10)
            .await;
        assert_eq!(state(&mut cdp, "over.winner").await, bob_side);
        assert_eq!(state(&mut cdp, "game_result.points").await, 3);
        assert_eq!(state(&mut cdp, "game_result.reason").await, "resigned");
        assert_eq!(state(&mut cdp, "game_result.kind").await, "backgammon");
        assert_eq!(state(&mut cdp, "match.score").await[bob_side], 3);
        assert_eq!(state(&mut cdp, "match.score").await[&ann_side], 0);
        cdp.wait_for(
            "/Ann resigns a backgammon: .*Bob wins 3 points/.test(document.body.innerText)",
            10,
        )
        .await;
    }
    shot(&mut cdp, "resign-accepted").await;
    // The record: the offers are not in a .mat; the game ends with the
    // points won.
    let mat = cdp
        .call(
            "Runtime.evaluate",
            json!({
                "expression": format!("fetch('/api/games/{room}.mat').then(r => r.text())"),
                "awaitPromise": true,
                "returnByValue": true,
            }),
        )
        .await["result"]["value"]
        .as_str()
        .unwrap_or_default()
        .to_string();
    assert!(mat.contains("Wins 3 points"), "{mat}");

    // Both ratings: one win for Bob, one loss for Ann, once.
    let board = fetch(&mut cdp, "GET", "/api/ratings?game=backgammon", json!({})).await;
    let find = |name: &str| on_leaderboard(&board, name);
    let (pa, pb) = (find("Ann"), find("Bob"));
    let (w, l) = glicko::game(glicko::Rating::default(), glicko::Rating::default(), 1.0);
    for (p, r, wins) in [(&pb, w, 1), (&pa, l, 0)] {
        assert_eq!(p["games"], 1, "{p}");
        assert_eq!(p["wins"], wins, "{p}");
        assert!(
            (p["rating"].as_f64().unwrap() - r.rating).abs() < 1e-6,
            "{p} vs {r:?}"
        );
    }
    assert!(pb["rating"].as_f64().unwrap() > 1500.0 && pa["rating"].as_f64().unwrap() < 1500.0);

    cdp.close(browser).await;
    server.stop().await;
}
