//! Browser end-to-end: headless Chromium (Debian's `chromium`), driven over
//! the DevTools protocol, opens the page served in-process on 127.0.0.1,
//! starts a game against the bot, plays by clicking the tablier until the
//! first hole is marked, and checks the score panel.
//!
//! Without a Chromium binary the test is skipped with a message — except
//! when `CI=true`, where it fails. `TRICTRAC_CHROMIUM` names the binary;
//! `TRICTRAC_E2E_SCREENSHOT=FILE.png` keeps a screenshot of the end.

mod common;

use std::time::{Duration, Instant};

use serde_json::json;

mod browser;
mod pages;
use browser::{decode_base64, Cdp};
use pages::{steps, taken};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_against_the_bot_in_chromium_until_the_first_hole() {
    let (_dir, server, browser, mut cdp) = pages::set_up!(
        "play_against_the_bot_in_chromium_until_the_first_hole",
        "e2e",
        Duration::from_millis(20)
    );
    // The home page: choose the weakest bot and White, start.
    steps::open_home(&mut cdp, &format!("http://{}/?lang=en", server.addr())).await;
    assert_eq!(
        cdp.eval("document.querySelector('#btn-start').textContent")
            .await,
        "Start"
    );
    steps::start_game(&mut cdp, "random", "").await;
    let room = cdp.eval("window.__trictrac.state.room").await;
    assert_eq!(cdp.eval("window.__trictrac.seats").await, json!(["white"]));
    steps::assert_address_names(&mut cdp, room.as_str().unwrap()).await;

    // Play by clicking until someone marks a hole.
    let end = Instant::now() + Duration::from_secs(150);
    let mut plays = 0;
    let mut rolls = 0;
    let mut dragged = false;
    loop {
        assert!(
            Instant::now() < end,
            "no hole after {rolls} rolls and {plays} plays"
        );
        let st = steps::white_to_act_or(
            &mut cdp,
            "window.__trictrac.state.score.white.holes + window.__trictrac.state.score.black.holes > 0",
            60,
        )
        .await;
        let holes = st["score"]["white"]["holes"].as_u64().unwrap()
            + st["score"]["black"]["holes"].as_u64().unwrap();
        if holes > 0 {
            break;
        }
        let seq = st["seq"].as_u64().unwrap();
        match st["kind"].as_str().unwrap() {
            "roll" => {
                cdp.click("#btn-roll").await;
                rolls += 1;
            }
            "stay_or_leave" => cdp.click("#btn-stay").await,
            "play" => {
                // The first legal play, checker by checker: click the
                // checker's flèche, then its destination; the very first
                // move dragged.
                let moves: Vec<(String, String)> = st["plays"][0]["m"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| (m[0].to_string(), tt_field(m[1].as_u64().unwrap())))
                    .collect();
                let drag = plays == 0;
                play_by_hand(&mut cdp, &moves, drag).await;
                dragged |= drag;
                plays += 1;
            }
            k => panic!("unexpected phase {k} for the player"),
        }
        // The action reached the server and came back.
        taken(&mut cdp, &seq, 20).await;
    }
    assert!(rolls > 0 && plays > 0, "{rolls} rolls, {plays} plays");
    assert!(dragged, "a checker was dragged");

    // The score panel shows the holes, the jans panel the roll.
    let panel = cdp
        .eval(
            "(() => { const s = window.__trictrac.state.score; return { \
             white: +document.querySelector('#score-white .holes').textContent, \
             black: +document.querySelector('#score-black .holes').textContent, \
             sw: s.white.holes, sb: s.black.holes, \
             jans: document.querySelectorAll('#jans li').length, \
             history: document.querySelectorAll('#history tr.hist-roll').length, \
             pegs: document.querySelectorAll('#board .peg').length }; })()",
        )
        .await;
    assert_eq!(panel["white"], panel["sw"], "{panel}");
    assert_eq!(panel["black"], panel["sb"], "{panel}");
    let holes = panel["white"].as_u64().unwrap() + panel["black"].as_u64().unwrap();
    assert!(holes > 0, "{panel}");
    assert_eq!(
        panel["pegs"].as_u64().unwrap(),
        holes,
        "one peg per hole: {panel}"
    );
    assert!(panel["history"].as_u64().unwrap() >= 2, "{panel}");
    // The French interface: one click.
    cdp.click("#lang-fr").await;
    assert_eq!(
        cdp.eval("document.querySelector('#score-table th:nth-child(3)').textContent")
            .await,
        "Trous"
    );
    shot_to(&mut cdp, "TRICTRAC_E2E_SCREENSHOT").await;
    // Close the browser politely (its drop kills what remains).
    cdp.close(browser).await;
    server.stop().await;
}

/// The field `to` of a Grand Trictrac move as the board names it (0:
/// borne off).
fn tt_field(to: u64) -> String {
    if to == 0 {
        "off".into()
    } else {
        to.to_string()
    }
}

/// Saves a screenshot of the page where the variable `var` says, if set.
async fn shot_to(cdp: &mut Cdp, var: &str) {
    if let Ok(path) = std::env::var(var) {
        let shot = cdp
            .call("Page.captureScreenshot", json!({ "format": "png" }))
            .await;
        std::fs::write(&path, decode_base64(shot["data"].as_str().unwrap()))
            .expect("write the screenshot");
    }
}

/// Plays `moves` (each from a field to a field, as the board names them)
/// by hand: the first dragged if `drag`, the others clicked (the checker,
/// which shows its destinations, then the destination).
async fn play_by_hand(cdp: &mut Cdp, moves: &[(String, String)], drag: bool) {
    for (k, (from, to)) in moves.iter().enumerate() {
        let src = format!("rect.hit[data-field='{from}']");
        let dst = format!("rect.hit[data-field='{to}']");
        if drag && k == 0 {
            cdp.drag(&src, &dst).await;
            let steps = cdp.eval("window.__trictrac.steps.length").await;
            let sent = cdp.eval("window.__trictrac.busy").await;
            assert!(
                steps == json!(1) || sent == json!(true),
                "the drag made the move: {steps} {sent}"
            );
            continue;
        }
        let selected = cdp.eval("String(window.__trictrac.selected)").await;
        if selected.as_str() != Some(from.as_str()) {
            cdp.click(&src).await;
            let s = cdp.eval("String(window.__trictrac.selected)").await;
            assert_eq!(
                s.as_str(),
                Some(from.as_str()),
                "the checker on {from} is selected"
            );
            let dests = cdp
                .eval("document.querySelectorAll('#board .dest').length")
                .await;
            assert!(
                dests.as_u64().unwrap() >= 1,
                "its destinations are highlighted"
            );
        }
        cdp.click(&dst).await;
    }
}

fn bg_field(p: u64, side: &str) -> String {
    match p {
        25 => "bar".into(),
        0 => "off".into(),
        p if side == "white" => p.to_string(),
        p => (25 - p).to_string(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_backgammon_against_the_bot_in_chromium_with_a_double_to_the_end() {
    let (_dir, server, browser, mut cdp) =
        pages::set_up!("play_backgammon_against_the_bot_in_chromium", "e2e-bg");
    // The home page: Backgammon, standard rules, money game, the random
    // bot (which always takes), White.
    steps::open_home(&mut cdp, &format!("http://{}/?lang=en", server.addr())).await;
    steps::choose_game(&mut cdp, "backgammon").await;
    cdp.wait_for("!document.querySelector('#bg-options').hidden", 10)
        .await;
    // Every bot, named by its level, weakest first, the recommended one
    // chosen.
    let bots = cdp
        .eval("[...document.querySelectorAll('#bot-select option')].map(o => o.value)")
        .await;
    let mut got: Vec<String> = serde_json::from_value(bots.clone()).unwrap();
    got.sort();
    let mut all: Vec<String> = backgammon_bot::PLAYERS
        .iter()
        .map(|s| s.to_string())
        .collect();
    all.sort();
    assert_eq!(got, all, "{bots}");
    assert_eq!(bots[0], "random", "{bots}");
    assert_eq!(
        cdp.eval("document.querySelector('#bot-select').value")
            .await,
        "neural0"
    );
    let label = cdp
        .eval("document.querySelector('#bot-select option[value=neural0]').textContent")
        .await;
    assert!(label.as_str().unwrap().contains("Strong"), "{label}");
    steps::start_game(
        &mut cdp,
        "random",
        "document.querySelector('select[name=preset]').value = 'standard'; \
         document.querySelector('select[name=length]').value = '0'",
    )
    .await;
    assert_eq!(cdp.eval("window.__trictrac.state.game").await, "backgammon");
    assert_eq!(
        cdp.eval("window.__trictrac.state.options").await,
        "standard"
    );
    // The board: 24 points, the bar, the trays, the centred cube, the
    // pip counts (167 each at the start) and gnubg's numbers on the frame.
    let board = cdp
        .eval(
            "(() => ({ points: document.querySelectorAll('#board rect.hit').length, \
             cube: document.querySelector('#cube').dataset.value, \
             labels: document.querySelectorAll('#board .pt-label').length, \
             pips: [...document.querySelectorAll('#board .pips')].map(e => +e.textContent) }))()",
        )
        .await;
    assert_eq!(board["points"], 26, "{board}");
    assert_eq!(board["cube"], "64", "{board}");
    assert_eq!(board["labels"], 24, "{board}");

    let end = Instant::now() + Duration::from_secs(400);
    let (mut plays, mut rolls, mut doubled, mut dragged) = (0, 0, false, false);
    loop {
        assert!(
            Instant::now() < end,
            "not over after {rolls} rolls and {plays} plays"
        );
        let st = steps::white_to_act_or(
            &mut cdp,
            "window.__trictrac.state.phase.kind === 'over'",
            60,
        )
        .await;
        if st["kind"] == "over" {
            break;
        }
        let seq = st["seq"].as_u64().unwrap();
        match st["kind"].as_str().unwrap() {
            "roll" if !doubled && st["cube"]["can_double"] == true => {
                // Offer the videau (BG-7.2); the bot takes (BG-7.3).
                cdp.click("#btn-double").await;
                cdp.wait_for("window.__trictrac.state.cube.value === 2", 20)
                    .await;
                let cube = cdp
                    .eval(
                        "(() => { const c = document.querySelector('#cube'); const r = c.querySelector('rect'); \
                         return { v: c.dataset.value, y: +r.getAttribute('y'), owner: window.__trictrac.state.cube.owner }; })()",
                    )
                    .await;
                assert_eq!(cube["owner"], "black", "{cube}");
                assert_eq!(cube["v"], "2", "{cube}");
                assert!(
                    cube["y"].as_f64().unwrap() < 360.0,
                    "the cube is on Black's side (the top): {cube}"
                );
                doubled = true;
                // TRICTRAC_E2E_BG_SCREENSHOT_MID=FILE.png: the board just
                // after the double was taken.
                shot_to(&mut cdp, "TRICTRAC_E2E_BG_SCREENSHOT_MID").await;
                continue;
            }
            "roll" => {
                cdp.click("#btn-roll").await;
                rolls += 1;
            }
            "doubled" => cdp.click("#btn-take").await,
            "play" => {
                let moves: Vec<(String, String)> = st["plays"][0]["m"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| {
                        (
                            bg_field(m[0].as_u64().unwrap(), "white"),
                            bg_field(m[1].as_u64().unwrap(), "white"),
                        )
                    })
                    .collect();
                play_by_hand(&mut cdp, &moves, !dragged).await;
                dragged = true;
                plays += 1;
            }
            k => panic!("unexpected phase {k} for the player"),
        }
        taken(&mut cdp, &seq, 20).await;
    }
    assert!(doubled, "a double was offered and taken");
    assert!(dragged && plays > 0 && rolls > 0);
    let end = cdp
        .eval(
            "(() => ({ over: !!document.querySelector('#over'), \
             text: document.querySelector('#over') && document.querySelector('#over').textContent, \
             mat: document.querySelector('#dl-txt').getAttribute('href'), \
             history: document.querySelectorAll('#history tr.hist-roll').length, \
             result: window.__trictrac.state.over.result }))()",
        )
        .await;
    assert_eq!(end["over"], true, "{end}");
    assert!(end["mat"].as_str().unwrap().ends_with(".mat"), "{end}");
    assert!(end["result"].as_str().unwrap().contains("cube 2"), "{end}");
    assert!(end["history"].as_u64().unwrap() >= 4, "{end}");
    // The record the page links to downloads and reads back.
    let room = cdp.eval("window.__trictrac.state.room").await;
    let (code, text) = common::http_get(
        server.addr(),
        &format!("/api/games/{}.mat", room.as_str().unwrap()),
    )
    .await;
    assert_eq!(code, 200);
    assert!(
        text.contains("Doubles => 2") && text.contains("Takes"),
        "{text}"
    );
    shot_to(&mut cdp, "TRICTRAC_E2E_BG_SCREENSHOT").await;
    cdp.close(browser).await;
    server.stop().await;
}
