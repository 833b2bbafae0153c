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
use browser::{decode_base64, open_browser, shot, Cdp, WHITE_READY};
use common::TempDir;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn play_against_the_bot_in_chromium_until_the_first_hole() {
    let Some(bin) =
        browser::chromium_or_skip("play_against_the_bot_in_chromium_until_the_first_hole")
    else {
        return;
    };
    let dir = TempDir::new("e2e");
    let server = trictrac_server::Server::start(trictrac_server::Config {
        addr: "127.0.0.1:0".into(),
        database: dir.db_url(),
        bot_delay: Duration::from_millis(20),
        ..Default::default()
    })
    .await
    .expect("the server starts");
    let (browser, mut cdp) = open_browser(&bin, &dir).await;
    let url = format!("http://{}/?lang=en", server.addr());
    cdp.call("Page.navigate", json!({ "url": url })).await;

    // The home page: choose the weakest bot and White, start.
    cdp.wait_for(pages::HOME_READY, 30).await;
    assert_eq!(
        cdp.eval("document.querySelector('#btn-start').textContent")
            .await,
        "Start"
    );
    cdp.eval(
        "document.querySelector('#bot-select').value = 'random'; \
         document.querySelector('select[name=side]').value = 'white'; true",
    )
    .await;
    cdp.click("#btn-start").await;
    cdp.wait_for(pages::GAME_SHOWN, 30).await;
    let room = cdp.eval("window.__trictrac.state.room").await;
    assert_eq!(cdp.eval("window.__trictrac.seats").await, json!(["white"]));
    assert!(cdp
        .eval("location.search")
        .await
        .as_str()
        .unwrap()
        .contains(room.as_str().unwrap()));

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
        let st = cdp
            .eval(
                "(() => { const S = window.__trictrac, s = S.state; return { phase: s.phase, seq: s.seq, \
                 plays: s.plays, score: s.score, busy: S.busy, selected: S.selected, online: S.online }; })()",
            )
            .await;
        let holes = st["score"]["white"]["holes"].as_u64().unwrap()
            + st["score"]["black"]["holes"].as_u64().unwrap();
        if holes > 0 {
            break;
        }
        let mine = st["phase"]["side"] == "white";
        if !mine || st["busy"] == true || st["online"] != true {
            cdp.wait_for(
                &format!("{WHITE_READY} || window.__trictrac.state.score.white.holes + window.__trictrac.state.score.black.holes > 0"),
                60,
            )
            .await;
            continue;
        }
        let seq = st["seq"].as_u64().unwrap();
        match st["phase"]["kind"].as_str().unwrap() {
            "roll" => {
                cdp.click("#btn-roll").await;
                rolls += 1;
            }
            "stay_or_leave" => cdp.click("#btn-stay").await,
            "play" => {
                // The first legal play, checker by checker: click the
                // checker's flèche, then its destination.
                let moves = st["plays"][0]["m"].as_array().unwrap().clone();
                for (k, m) in moves.iter().enumerate() {
                    let (from, to) = (m[0].as_u64().unwrap(), m[1].as_u64().unwrap());
                    let target = if to == 0 {
                        "rect.hit[data-field='off']".to_string()
                    } else {
                        format!("rect.hit[data-field='{to}']")
                    };
                    // The very first move is dragged, the others clicked.
                    if plays == 0 && k == 0 {
                        cdp.drag(&format!("rect.hit[data-field='{from}']"), &target)
                            .await;
                        let steps = cdp.eval("window.__trictrac.steps.length").await;
                        let sent = cdp.eval("window.__trictrac.busy").await;
                        assert!(
                            steps == json!(1) || sent == json!(true),
                            "the drag made the move: {steps} {sent}"
                        );
                        dragged = true;
                        continue;
                    }
                    let selected = cdp.eval("window.__trictrac.selected").await;
                    if selected.as_u64() != Some(from) {
                        cdp.click(&format!("rect.hit[data-field='{from}']")).await;
                        let s = cdp.eval("window.__trictrac.selected").await;
                        assert_eq!(s.as_u64(), Some(from), "the checker on {from} is selected");
                        let dests = cdp
                            .eval("document.querySelectorAll('#board .dest').length")
                            .await;
                        assert!(
                            dests.as_u64().unwrap() >= 1,
                            "its destinations are highlighted"
                        );
                    }
                    cdp.click(&target).await;
                }
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
    if let Ok(path) = std::env::var("TRICTRAC_E2E_SCREENSHOT") {
        let shot = cdp
            .call("Page.captureScreenshot", json!({ "format": "png" }))
            .await;
        let png = decode_base64(shot["data"].as_str().unwrap());
        std::fs::write(&path, png).expect("write the screenshot");
    }
    // Close the browser politely (its drop kills what remains).
    cdp.close(browser).await;
    server.stop().await;
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
    let Some((_dir, server, browser, mut cdp)) =
        pages::open("play_backgammon_against_the_bot_in_chromium", "e2e-bg").await
    else {
        return;
    };
    let url = format!("http://{}/?lang=en", server.addr());
    cdp.call("Page.navigate", json!({ "url": url })).await;

    // The home page: Backgammon, standard rules, money game, the random
    // bot (which always takes), White.
    cdp.wait_for(pages::HOME_READY, 30).await;
    cdp.click("input[name=game][value=backgammon]").await;
    cdp.wait_for("document.querySelector('#bot-select').dataset.game === 'backgammon' && !document.querySelector('#bg-options').hidden", 10)
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
    cdp.eval(
        "document.querySelector('#bot-select').value = 'random'; \
         document.querySelector('select[name=side]').value = 'white'; \
         document.querySelector('select[name=preset]').value = 'standard'; \
         document.querySelector('select[name=length]').value = '0'; true",
    )
    .await;
    cdp.click("#btn-start").await;
    cdp.wait_for(pages::GAME_SHOWN, 30).await;
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
        let st = cdp
            .eval(
                "(() => { const S = window.__trictrac, s = S.state; return { phase: s.phase, seq: s.seq, \
                 plays: s.plays, cube: s.cube, busy: S.busy, online: S.online, selected: S.selected }; })()",
            )
            .await;
        if st["phase"]["kind"] == "over" {
            break;
        }
        if st["phase"]["side"] != "white" || st["busy"] == true || st["online"] != true {
            cdp.wait_for(
                &format!("{WHITE_READY} || window.__trictrac.state.phase.kind === 'over'"),
                60,
            )
            .await;
            continue;
        }
        let seq = st["seq"].as_u64().unwrap();
        match st["phase"]["kind"].as_str().unwrap() {
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
                if let Ok(path) = std::env::var("TRICTRAC_E2E_BG_SCREENSHOT_MID") {
                    let shot = cdp
                        .call("Page.captureScreenshot", json!({ "format": "png" }))
                        .await;
                    std::fs::write(&path, decode_base64(shot["data"].as_str().unwrap()))
                        .expect("write the screenshot");
                }
                continue;
            }
            "roll" => {
                cdp.click("#btn-roll").await;
                rolls += 1;
            }
            "doubled" => cdp.click("#btn-take").await,
            "play" => {
                let moves = st["plays"][0]["m"].as_array().unwrap().clone();
                for (k, m) in moves.iter().enumerate() {
                    let from = bg_field(m[0].as_u64().unwrap(), "white");
                    let to = bg_field(m[1].as_u64().unwrap(), "white");
                    let src = format!("rect.hit[data-field='{from}']");
                    let dst = format!("rect.hit[data-field='{to}']");
                    if !dragged && k == 0 {
                        cdp.drag(&src, &dst).await;
                        let steps = cdp.eval("window.__trictrac.steps.length").await;
                        let sent = cdp.eval("window.__trictrac.busy").await;
                        assert!(
                            steps == json!(1) || sent == json!(true),
                            "the drag made the move: {steps} {sent}"
                        );
                        dragged = true;
                        continue;
                    }
                    let selected = cdp.eval("String(window.__trictrac.selected)").await;
                    if selected.as_str() != Some(from.as_str()) {
                        cdp.click(&src).await;
                        let s = cdp.eval("String(window.__trictrac.selected)").await;
                        assert_eq!(s.as_str(), Some(from.as_str()), "{from} is selected");
                        let dests = cdp
                            .eval("document.querySelectorAll('#board .dest').length")
                            .await;
                        assert!(dests.as_u64().unwrap() >= 1, "destinations highlighted");
                    }
                    cdp.click(&dst).await;
                }
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
    if let Ok(path) = std::env::var("TRICTRAC_E2E_BG_SCREENSHOT") {
        let shot = cdp
            .call("Page.captureScreenshot", json!({ "format": "png" }))
            .await;
        std::fs::write(&path, decode_base64(shot["data"].as_str().unwrap()))
            .expect("write the screenshot");
    }
    cdp.close(browser).await;
    server.stop().await;
}

/// Waits (at most `secs`) until the server has taken the action sent
/// at `seq`, the state moved on; a refusal (the toast shown) fails.
async fn taken(cdp: &mut Cdp, seq: &dyn std::fmt::Display, secs: u64) {
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

async fn toast_text(cdp: &mut Cdp) -> String {
    cdp.wait_for("!document.querySelector('#toast').hidden", 10)
        .await;
    let t = cdp
        .eval("document.querySelector('#toast').textContent")
        .await;
    cdp.eval("document.querySelector('#toast').hidden = true; true")
        .await;
    t.as_str().unwrap_or("").to_string()
}

/// What issue 14 asked of the Grand Trictrac page, in Chromium: field
/// numbers on the board and the classical names; the checkers that
/// can move ringed; a click on one that cannot says why with the rule; the
/// hint says what its numbers are; the bot levels by strength; the games in
/// progress on the home page; the how-to-play page; the replay of a game's
/// history, step by step, ending on the live board; an online invitation
/// with its QR code, the friend named and asked his name, the invitation
/// hidden once he has joined.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_newcomers_page_in_chromium() {
    let Some((_dir, server, browser, mut cdp)) =
        pages::open("the_newcomers_page_in_chromium", "e2e-newcomer").await
    else {
        return;
    };
    let home = format!("http://{}/?lang=en", server.addr());
    cdp.call("Page.navigate", json!({ "url": home })).await;
    cdp.wait_for(pages::HOME_READY, 30).await;
    // Bot levels by strength, weakest first; the recommended one chosen.
    let levels = cdp
        .eval("[...document.querySelectorAll('#bot-select option')].map(o => [o.value, o.textContent])")
        .await;
    let levels = levels.as_array().unwrap().clone();
    assert_eq!(levels.len(), trictrac_bot::PLAYERS.len(), "{levels:?}");
    assert_eq!(levels[0][0], "random", "{levels:?}");
    // Every level is named by its strength, never by the bot's name.
    for l in &levels {
        assert_ne!(l[0], l[1], "{levels:?}");
    }
    assert!(
        levels[0][1].as_str().unwrap().contains("Beginner"),
        "{levels:?}"
    );
    assert_eq!(
        cdp.eval("document.querySelector('#bot-select').value")
            .await,
        "search1"
    );
    // Rule options explained where they are chosen; the how-to link.
    let expl = cdp
        .eval("[...document.querySelectorAll('#tt-options .expl')].map(p => p.textContent)")
        .await;
    assert_eq!(expl.as_array().unwrap().len(), 8, "{expl}");
    assert!(expl[0].as_str().unwrap().contains("(R-10)"), "{expl}");
    assert_eq!(
        cdp.eval("document.querySelector('#howto-link').getAttribute('href')")
            .await,
        "/howto"
    );
    assert!(cdp
        .eval("document.querySelector('#mine').textContent")
        .await
        .as_str()
        .unwrap()
        .contains("No game in progress"));

    // A game against the random bot, as White.
    cdp.eval(
        "document.querySelector('#bot-select').value = 'random'; \
         document.querySelector('select[name=side]').value = 'white'; true",
    )
    .await;
    cdp.click("#btn-start").await;
    cdp.wait_for(pages::GAME_SHOWN, 30).await;
    let room = cdp.eval("window.__trictrac.state.room").await;
    let room = room.as_str().unwrap().to_string();
    // The field numbers: White's 1 bottom left, 24 top left (the talons).
    let labels = cdp
        .eval(
            "(() => { const r = (f) => { const e = document.querySelector(`#board text.fnum[data-field='${f}']`); \
             return [e.textContent, +e.getAttribute('x'), +e.getAttribute('y')]; }; return [r(1), r(12), r(13), r(24)]; })()",
        )
        .await;
    assert_eq!(
        cdp.eval("document.querySelectorAll('#board text.fnum').length")
            .await,
        24
    );
    assert_eq!(labels[0][0], "1", "{labels}");
    assert_eq!(labels[3][0], "24", "{labels}");
    let x = |i: usize| labels[i][1].as_f64().unwrap();
    let y = |i: usize| labels[i][2].as_f64().unwrap();
    assert!(
        x(0) < x(1) && y(0) > 360.0,
        "1 left of 12 at the bottom: {labels}"
    );
    assert!(
        x(3) < x(2) && y(3) < 360.0,
        "24 left of 13 at the top: {labels}"
    );
    assert_eq!(x(0), x(3), "both talons on the left: {labels}");
    // Historical names, chosen in a menu, served by /api/info
    // from the engine: the page and `trictrac::FieldNames` agree.
    let choose = |names: &str| {
        format!(
            "(() => {{ const s = document.querySelector('#sel-names'); s.value = '{names}'; \
             s.dispatchEvent(new Event('change')); return true; }})()"
        )
    };
    let label = "(f) => document.querySelector(`#board text.fnum[data-field='${f}']`).textContent";
    assert!(!cdp
        .eval("document.querySelector('#sel-names').hidden")
        .await
        .as_bool()
        .unwrap());
    cdp.eval(&choose("classical")).await;
    let classical = cdp.eval(&format!("[1, 2, 12, 13, 24].map({label})")).await;
    assert_eq!(classical, json!(["BT", "B1", "B11", "N11", "NT"]));
    assert!(!cdp
        .eval("document.querySelector('#names-note').hidden")
        .await
        .as_bool()
        .unwrap());
    cdp.eval(&choose("soumille")).await;
    // Soumille's field 10 (White's classical 9) and Black's talon.
    let soumille = cdp.eval(&format!("[10, 24].map({label})")).await;
    assert_eq!(
        soumille,
        json!([
            trictrac::FieldNames::Soumille.name(10),
            trictrac::FieldNames::Soumille.name(24)
        ])
    );
    assert_eq!(soumille, json!(["K", "&"]), "no J in Soumille's letters");
    shot(&mut cdp, "soumille").await;
    cdp.eval(&choose("lepeintre")).await;
    let lepeintre = cdp.eval(&format!("[20, 23].map({label})")).await;
    assert_eq!(
        lepeintre,
        json!([
            trictrac::FieldNames::Lepeintre.name(20),
            trictrac::FieldNames::Lepeintre.name(23)
        ])
    );
    assert_eq!(lepeintre, json!(["t", "x"]), "no w in Lepeintre's letters");
    // The named fields have a tooltip (SVG <title>): White's corner is
    // his coin de repos, Black's field 8 his case du diable.
    let titles = cdp
        .eval(
            "[12, 17, 2, 11].map(f => { const t = document.querySelector(`#board g.named-field[data-field='${f}'] > title`); \
             return t ? t.textContent : null; })",
        )
        .await;
    assert_eq!(
        titles,
        json!([
            "l: White's coin de repos",
            "q: Black's case du diable",
            null,
            // Issue 24 item 8: the tenth field's other names.
            "k: White's case des écoliers (case du diable, le Travanais)"
        ]),
        "{titles}"
    );
    assert_eq!(
        cdp.eval("localStorage.getItem('trictrac.fields')").await,
        "lepeintre",
        "the choice is remembered"
    );
    cdp.eval(&choose("numbers")).await;
    assert_eq!(cdp.eval(&format!("({label})(1)")).await, "1");
    assert!(cdp
        .eval("document.querySelector('#names-note').hidden")
        .await
        .as_bool()
        .unwrap());
    // The points tokens where the seed article puts them ("Marcatura del
    // punto", RULES-CHOICES.md): the board drawn with White (bottom) at
    // 2, 4, 6, 8, 10 points, Black (top) at 10 en bredouille.
    let tokens = cdp
        .eval(
            "(() => { const S = window.__trictrac; const saved = JSON.stringify(S.state.score); \
             const out = []; \
             for (const p of [2, 4, 6, 8, 10]) { \
               S.state.score.white.points = p; S.state.score.black.points = 10; S.state.score.bredouille = 'b'; S.state.score.token = 'black'; \
               window.__trictracPage.renderBoard(); \
               const at = (side) => [...document.querySelectorAll(`#board circle.token[data-side=${side}]`)] \
                 .map(c => [+c.getAttribute('cx'), +c.getAttribute('cy')]); \
               out.push([p, at('white'), at('black')]); } \
             S.state.score = JSON.parse(saved); window.__trictracPage.renderBoard(); return out; })()",
        )
        .await;
    let tokens = tokens.as_array().unwrap().clone();
    // A screenshot with White's token at 8, Black's two at 10.
    cdp.eval(
        "(() => { const S = window.__trictrac; window.__savedScore = JSON.stringify(S.state.score); \
         S.state.score.white.points = 8; S.state.score.black.points = 10; S.state.score.bredouille = 'b'; S.state.score.token = 'black'; \
         window.__trictracPage.renderBoard(); return true; })()",
    )
    .await;
    shot(&mut cdp, "tokens").await;
    cdp.eval(
        "(() => { const S = window.__trictrac; S.state.score = JSON.parse(window.__savedScore); window.__trictracPage.renderBoard(); return true; })()",
    )
    .await;
    let white = |i: usize| tokens[i][1][0].clone();
    assert_eq!(
        tokens[0][1].as_array().unwrap().len(),
        1,
        "one token: {tokens:?}"
    );
    let at = |i: usize| -> (f64, f64) {
        let w = white(i);
        (w[0].as_f64().unwrap(), w[1].as_f64().unwrap())
    };
    let w = 410.0 / 6.0;
    // 2 and 4: by the base (the bottom edge, y 670) of fields 2 and 4
    // (columns 40+w..40+2w and 40+3w..40+4w).
    let (x2, y2) = at(0);
    assert!(
        x2 > 40.0 + 1.5 * w && x2 < 40.0 + 2.0 * w && y2 > 620.0,
        "{tokens:?}"
    );
    let (x4, y4) = at(1);
    assert!(
        x4 > 40.0 + 3.5 * w && x4 < 40.0 + 4.0 * w && y4 > 620.0,
        "{tokens:?}"
    );
    // 6 and 8: by the tips (y 410) against the bar (450..510), on each side.
    let (x6, y6) = at(2);
    assert!(
        x6 < 450.0 && x6 > 450.0 - 15.0 && (395.0..=415.0).contains(&y6),
        "{tokens:?}"
    );
    let (x8, y8) = at(3);
    assert!(
        x8 > 510.0 && x8 < 510.0 + 15.0 && (395.0..=415.0).contains(&y8),
        "{tokens:?}"
    );
    // 10: by the corner's tip against the side band (x 920).
    let (x10, y10) = at(4);
    assert!(
        x10 < 920.0 && x10 > 920.0 - 15.0 && (395.0..=415.0).contains(&y10),
        "{tokens:?}"
    );
    // Black's 10 en bredouille: two tokens by the tip of its corner, at
    // the top, inside the band.
    let black = tokens[0][2].as_array().unwrap();
    assert_eq!(black.len(), 2, "{tokens:?}");
    for b in black {
        let (bx, by) = (b[0].as_f64().unwrap(), b[1].as_f64().unwrap());
        assert!(
            bx > 920.0 - 2.0 * w && bx < 920.0 && by < 360.0 && by > 300.0,
            "{tokens:?}"
        );
    }

    // Issue 24 item 7: the second token only where the article draws it.
    // Black en bredouille facing White's token at the talons (White has
    // no point: the server sends no `token`) marks with one token.
    let lone = cdp
        .eval(
            "(() => { const S = window.__trictrac; const saved = JSON.stringify(S.state.score); \
             S.state.score.white.points = 0; S.state.score.black.points = 6; S.state.score.bredouille = 'b'; \
             S.state.score.token = null; window.__trictracPage.renderBoard(); \
             const n = document.querySelectorAll('#board circle.token[data-side=black]').length; \
             S.state.score = JSON.parse(saved); window.__trictracPage.renderBoard(); return n; })()",
        )
        .await;
    assert_eq!(lone, 1, "no second token while the opponent has no point");

    // Play the first legal play each time; on the way: the rings, a click
    // on the opponent's checker, a click on one of ours that cannot move,
    // a hint.
    let end = Instant::now() + Duration::from_secs(120);
    let (mut opponent_clicked, mut why_seen, mut hinted, mut idle_clicked) =
        (false, false, false, false);
    let mut plays = 0;
    while !(why_seen && plays >= 3) {
        assert!(
            Instant::now() < end,
            "no unmovable checker met in {plays} plays"
        );
        let st = cdp
            .eval(
                "(() => { const S = window.__trictrac, s = S.state; return { phase: s.phase, seq: s.seq, plays: s.plays, \
                 busy: S.busy, online: S.online, board: s.board, \
                 movable: [...window.__trictracPage.movableFrom()], rings: [...document.querySelectorAll('#board .movable-ring')].map(e => +e.dataset.field) }; })()",
            )
            .await;
        if st["phase"]["side"] != "white" || st["busy"] == true || st["online"] != true {
            cdp.wait_for(WHITE_READY, 60).await;
            continue;
        }
        let seq = st["seq"].as_u64().unwrap();
        match st["phase"]["kind"].as_str().unwrap() {
            "roll" => {
                if !idle_clicked {
                    idle_clicked = true;
                    cdp.click("rect.hit[data-field='1']").await;
                    let t = toast_text(&mut cdp).await;
                    assert!(t.contains("No checker to play now"), "{t}");
                }
                cdp.click("#btn-roll").await;
            }
            "stay_or_leave" => cdp.click("#btn-stay").await,
            "play" => {
                let mut movable: Vec<u64> = st["movable"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap())
                    .collect();
                let mut rings: Vec<u64> = st["rings"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap())
                    .collect();
                movable.sort();
                rings.sort();
                assert_eq!(movable, rings, "each movable checker is ringed");
                let board: Vec<i64> = st["board"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_i64().unwrap())
                    .collect();
                if !opponent_clicked {
                    opponent_clicked = true;
                    let f = board.iter().position(|&c| c < 0).unwrap() + 1;
                    cdp.click(&format!("rect.hit[data-field='{f}']")).await;
                    let t = toast_text(&mut cdp).await;
                    assert_eq!(t, "This checker is Black's: you play White.");
                }
                if !hinted {
                    hinted = true;
                    cdp.click("#btn-hint").await;
                    cdp.wait_for("!document.querySelector('#hint-box').hidden", 20)
                        .await;
                    let h = cdp
                        .eval("document.querySelector('#hint-box').textContent")
                        .await;
                    let h = h.as_str().unwrap();
                    // Equities by trictrac_bot::analysis, not a
                    // winning chance.
                    assert!(h.contains("expected stake (R-9.1)"), "{h}");
                    assert!(!h.contains('%') && h.contains("(best)"), "{h}");
                    shot(&mut cdp, "hint").await;
                }
                let stuck =
                    (1..=24u64).find(|&f| board[f as usize - 1] > 0 && !movable.contains(&f));
                if let (Some(f), false) = (stuck, why_seen) {
                    cdp.eval("window.__trictrac.ui.trictrac.why = null; true")
                        .await;
                    cdp.click(&format!("rect.hit[data-field='{f}']")).await;
                    cdp.wait_for("!!window.__trictrac.ui.trictrac.why", 10)
                        .await;
                    let t = toast_text(&mut cdp).await;
                    assert!(
                        t.starts_with(&format!("the checker on {f} cannot be played with ")),
                        "{t}"
                    );
                    assert!(t.contains("(R-"), "the rule is named: {t}");
                    why_seen = true;
                    shot(&mut cdp, "why").await;
                }
                let p = st["plays"][0]["n"].as_str().unwrap().to_string();
                cdp.eval(&format!(
                    "window.__trictracPage.act({{ type: 'play', play: {} }}); true",
                    json!(p)
                ))
                .await;
                plays += 1;
            }
            k => panic!("unexpected phase {k}"),
        }
        taken(&mut cdp, &seq, 20).await;
    }
    shot(&mut cdp, "board").await;
    // Wait for White's turn again, so that the game stands still.
    cdp.wait_for(
        "window.__trictrac.state.phase.side === 'white' && !window.__trictrac.busy",
        30,
    )
    .await;
    let live_board = cdp.eval("window.__trictrac.state.board").await;
    let live_off = cdp.eval("window.__trictrac.state.off").await;

    // The home page lists the game in progress.
    cdp.call("Page.navigate", json!({ "url": home })).await;
    cdp.wait_for(
        &format!("!!document.querySelector(\"#mine tr.my-game[data-room='{room}']\")"),
        20,
    )
    .await;
    let mine = cdp
        .eval("document.querySelector('#mine').textContent")
        .await;
    assert!(mine.as_str().unwrap().contains("your turn"), "{mine}");
    shot(&mut cdp, "home").await;

    // The how-to-play page, in both languages.
    cdp.call(
        "Page.navigate",
        json!({ "url": format!("http://{}/howto", server.addr()) }),
    )
    .await;
    cdp.wait_for("!!document.querySelector('#howto-en:not([hidden])')", 20)
        .await;
    let en = cdp
        .eval("document.querySelector('#howto-en').textContent")
        .await;
    assert!(en.as_str().unwrap().contains("12 holes"), "{en}");
    cdp.click("#lang-fr").await;
    let fr = cdp
        .eval("document.querySelector('#howto-fr').hidden ? '' : document.querySelector('#howto-fr').textContent")
        .await;
    assert!(fr.as_str().unwrap().contains("12 trous"), "{fr}");
    cdp.click("#lang-en").await;

    // The replay, as a spectator: step 0 is the start, the last step the
    // live board, rebuilt from the history's plays.
    cdp.call(
        "Page.navigate",
        json!({ "url": format!("http://{}/?room={room}&watch=1&replay=1&lang=en", server.addr()) }),
    )
    .await;
    cdp.wait_for("!!(window.__trictrac && window.__trictrac.replay)", 30)
        .await;
    let first = cdp
        .eval("(() => { const f = window.__trictrac.replay.frames[0]; return [f.board[0], f.board[23], window.__trictrac.replay.i]; })()")
        .await;
    assert_eq!(first, json!([15, -15, 0]));
    assert!(!cdp
        .eval("document.querySelector('#replay-bar').hidden")
        .await
        .as_bool()
        .unwrap());
    cdp.click("#btn-replay-next").await;
    assert_eq!(cdp.eval("window.__trictrac.replay.i").await, 1);
    cdp.click("#btn-replay-last").await;
    let last = cdp
        .eval("(() => { const R = window.__trictrac.replay, f = R.frames[R.i]; return [f.board, f.off]; })()")
        .await;
    assert_eq!(last[0], live_board, "the replay ends on the live board");
    assert_eq!(last[1], live_off);
    shot(&mut cdp, "replay").await;
    cdp.click("#btn-replay-live").await;
    assert!(cdp.eval("window.__trictrac.replay").await.is_null());

    // Online: the invitation with its QR code.
    cdp.call("Page.navigate", json!({ "url": home })).await;
    cdp.wait_for(pages::HOME_READY, 30).await;
    cdp.eval(
        "document.querySelector('input[name=mode][value=online]').checked = true; \
         document.querySelector('input[name=name]').value = 'Ann'; \
         document.querySelector('select[name=side]').value = 'white'; true",
    )
    .await;
    cdp.click("#btn-start").await;
    cdp.wait_for("!!document.querySelector('#invite-qr')", 30)
        .await;
    cdp.wait_for("document.querySelector('#invite-qr').complete && document.querySelector('#invite-qr').naturalWidth > 0", 20)
        .await;
    let link = cdp
        .eval("document.querySelector('#invite-link').value")
        .await;
    let link = link.as_str().unwrap().to_string();
    let online_room = cdp.eval("window.__trictrac.state.room").await;
    let online_room = online_room.as_str().unwrap().to_string();
    assert!(link.ends_with(&format!("/?room={online_room}")), "{link}");
    shot(&mut cdp, "invite").await;
    let host = cdp.session.clone();
    // The friend, on another machine: a browser context of its own, and
    // another origin (localhost).
    cdp.page_in_new_context().await;
    let friend = link.replace("127.0.0.1", "localhost") + "&lang=en";
    cdp.call("Page.navigate", json!({ "url": friend })).await;
    cdp.wait_for("!document.querySelector('#invited').hidden", 30)
        .await;
    let said = cdp
        .eval("document.querySelector('#invited-text').textContent")
        .await;
    assert_eq!(said, "Ann invites you to a game of Grand Trictrac.");
    shot(&mut cdp, "invited").await;
    cdp.eval("document.querySelector('#invited-name').value = 'Bea'; true")
        .await;
    cdp.click("#btn-invited").await;
    cdp.wait_for(pages::GAME_SHOWN, 30).await;
    assert_eq!(cdp.eval("window.__trictrac.seats").await, json!(["black"]));
    assert!(cdp
        .eval("document.querySelector('#invite').hidden")
        .await
        .as_bool()
        .unwrap());
    // The host: the invitation gone, the friend named.
    cdp.session = host;
    cdp.wait_for("document.querySelector('#invite').hidden", 20)
        .await;
    let players = cdp
        .eval("document.querySelector('#players').textContent")
        .await;
    assert!(players.as_str().unwrap().contains("Bea"), "{players}");

    cdp.close(browser).await;
    server.stop().await;
}

/// Issue 16 in Chromium: a game against the bot with the seed article's
/// options chosen on the home page (first move with two dice each, false
/// moves at the table): the throws in the history, a written false play
/// that stands until the bot settles it, then Resign with its
/// confirmation (cancelled once, then confirmed) ends the game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seed_options_and_resign_in_chromium() {
    let Some(bin) = browser::chromium_or_skip("seed_options_and_resign_in_chromium") else {
        return;
    };
    let dir = TempDir::new("e2e-seed");
    let server = trictrac_server::Server::start(trictrac_server::Config {
        addr: "127.0.0.1:0".into(),
        database: dir.db_url(),
        bot_delay: Duration::from_millis(20),
        ..Default::default()
    })
    .await
    .expect("the server starts");
    let (browser, mut cdp) = open_browser(&bin, &dir).await;
    let url = format!("http://{}/?lang=en", server.addr());
    cdp.call("Page.navigate", json!({ "url": url })).await;
    cdp.wait_for(pages::HOME_READY, 30).await;
    cdp.eval(
        "(() => { const f = document.querySelector('#new-game'); \
         document.querySelector('#bot-select').value = 'random'; \
         f.elements.side.value = 'white'; \
         f.elements['first-move'].value = 'two-dice-each'; \
         f.elements['false-moves'].value = 'table'; return true; })()",
    )
    .await;
    cdp.click("#btn-start").await;
    cdp.wait_for(pages::GAME_SHOWN, 30).await;
    let options = cdp.eval("window.__trictrac.state.options").await;
    let options = options.as_str().unwrap();
    assert!(options.contains("first-move=two-dice-each"), "{options}");
    assert!(options.contains("false-moves=table"), "{options}");
    // The two-dice throws in the history.
    cdp.wait_for(
        "/First move: White \\d-\\d, Black \\d-\\d/.test(document.body.innerText)",
        10,
    )
    .await;

    // White's false play, written: one checker from the talon one field
    // further than the dice allow, until a roll lets it stand.
    let end = Instant::now() + Duration::from_secs(90);
    let mut falsed = false;
    while !falsed {
        assert!(Instant::now() < end, "no false play could be made");
        let st = cdp
            .eval(
                "(() => { const S = window.__trictrac, s = S.state; return { phase: s.phase, seq: s.seq, \
                 dice: s.dice, plays: s.plays, board: s.board, busy: S.busy, online: S.online }; })()",
            )
            .await;
        if st["phase"]["side"] != "white" || st["busy"] == true || st["online"] != true {
            cdp.wait_for(WHITE_READY, 60).await;
            continue;
        }
        let seq = st["seq"].as_u64().unwrap();
        match st["phase"]["kind"].as_str().unwrap() {
            "roll" => cdp.click("#btn-roll").await,
            "stay_or_leave" => cdp.click("#btn-stay").await,
            "play" => {
                assert_eq!(
                    cdp.eval("document.querySelector('#free-play').hidden")
                        .await,
                    false
                );
                let d = st["dice"].as_array().unwrap();
                let to = 1 + d[0].as_u64().unwrap() + d[1].as_u64().unwrap() + 1;
                // (never onto a corner: a lone checker there is replayed)
                let free =
                    st["board"][(to - 1) as usize].as_i64().unwrap() >= 0 && to != 12 && to != 13;
                let play = if free {
                    falsed = true;
                    format!("1-{to}")
                } else {
                    st["plays"][0]["n"].as_str().unwrap().to_string()
                };
                cdp.eval(&format!(
                    "document.querySelector('#free-play-text').value = '{play}'; \
                     document.querySelector('#btn-free-play').click(); true"
                ))
                .await;
            }
            k => panic!("phase {k}"),
        }
        cdp.wait_for(&format!("window.__trictrac.state.seq > {seq}"), 20)
            .await;
    }
    // The bot, about to roll, leaves it or has it corrected (section 11).
    cdp.wait_for(
        "/False move by White: 1-\\d+/.test(document.body.innerText)",
        10,
    )
    .await;
    cdp.wait_for(
        "/False move (left|corrected) by black/i.test(document.body.innerText)",
        20,
    )
    .await;

    // Resign: asked to confirm; No keeps the game, Yes ends it. (On
    // White's turn, when the bot no longer moves the page's layout.)
    cdp.wait_for(
        "window.__trictrac.state.phase.side === 'white' && !window.__trictrac.busy && \
         !document.querySelector('#btn-resign').hidden",
        20,
    )
    .await;
    // … and the button stands still (the same place at two polls).
    cdp.wait_for(
        "(() => { const r = document.querySelector('#btn-resign').getBoundingClientRect(); \
         const k = r.x + ',' + r.y; const same = window.__resignAt === k; window.__resignAt = k; return same; })()",
        10,
    )
    .await;
    cdp.click("#btn-resign").await;
    cdp.wait_for("!document.querySelector('#resign-confirm').hidden", 5)
        .await;
    shot(&mut cdp, "resign-confirm").await;
    cdp.click("#btn-resign-no").await;
    cdp.wait_for(
        "!document.querySelector('#btn-resign').hidden && document.querySelector('#resign-confirm').hidden",
        5,
    )
    .await;
    assert_ne!(cdp.eval("window.__trictrac.state.phase.kind").await, "over");
    cdp.click("#btn-resign").await;
    cdp.wait_for("!document.querySelector('#resign-confirm').hidden", 5)
        .await;
    cdp.click("#btn-resign-yes").await;
    cdp.wait_for("window.__trictrac.state.phase.kind === 'over'", 10)
        .await;
    assert_eq!(
        cdp.eval("window.__trictrac.state.over.winner").await,
        "black"
    );
    cdp.wait_for("/White resigns\\./.test(document.body.innerText)", 5)
        .await;
    assert_eq!(
        cdp.eval("document.querySelector('#btn-resign').hidden")
            .await,
        true
    );
    shot(&mut cdp, "resigned").await;
    drop(browser);
    server.stop().await;
}

/// Issue 13 in Chromium: in a hot-seat game the hint lists equities
/// (expected stakes, R-9.1) with each play's difference from the best; the
/// game resigned, its review opens on the replay (summary per player, the
/// decision of each step, the errors marked) and steps; the analysis board
/// set up from the game's position, then from a textbook TPN, counts the
/// rolls that hit and refuses a bad position with one line.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hint_review_and_analysis_board_in_chromium() {
    let Some((_dir, server, browser, mut cdp)) =
        pages::open("hint_review_and_analysis_board_in_chromium", "e2e-analysis").await
    else {
        return;
    };
    let home = format!("http://{}/?lang=en", server.addr());
    cdp.call("Page.navigate", json!({ "url": home })).await;
    cdp.wait_for(pages::HOME_READY, 30).await;
    cdp.eval("document.querySelector('input[name=mode][value=hotseat]').checked = true; true")
        .await;
    cdp.click("#btn-start").await;
    cdp.wait_for(pages::GAME_SHOWN, 30).await;
    // Both sides from this screen: roll, stay, the first play; a hint on
    // the first play with a choice.
    let end = Instant::now() + Duration::from_secs(120);
    let (mut rolls, mut hinted) = (0, false);
    while rolls < 8 || !hinted {
        assert!(Instant::now() < end, "8 rolls and a hint in 120 s");
        let st = cdp
            .eval("(() => { const S = window.__trictrac, s = S.state; return { kind: s.phase.kind, seq: s.seq, plays: s.plays, busy: S.busy }; })()")
            .await;
        if st["busy"] == true {
            cdp.wait_for("!window.__trictrac.busy", 30).await;
            continue;
        }
        let seq = st["seq"].as_u64().unwrap();
        match st["kind"].as_str().unwrap() {
            "roll" => {
                rolls += 1;
                cdp.click("#btn-roll").await;
            }
            "stay_or_leave" => cdp.click("#btn-stay").await,
            "play" => {
                let n = st["plays"].as_array().unwrap().len();
                if n >= 2 && !hinted {
                    hinted = true;
                    cdp.click("#btn-hint").await;
                    cdp.wait_for("!document.querySelector('#hint-box').hidden", 30)
                        .await;
                    let h = cdp
                        .eval("document.querySelector('#hint-box').textContent")
                        .await;
                    let h = h.as_str().unwrap().to_string();
                    assert!(h.contains("equity: the expected stake (R-9.1)"), "{h}");
                    assert!(h.contains("(best)") && !h.contains('%'), "{h}");
                    let items = cdp
                        .eval("[...document.querySelectorAll('#hint-list li')].map(li => li.textContent)")
                        .await;
                    let items = items.as_array().unwrap().clone();
                    assert_eq!(items.len(), n.min(5), "{items:?}");
                    // Every play after the best shows its (negative or
                    // nil) difference.
                    for it in &items[1..] {
                        let t = it.as_str().unwrap();
                        assert!(
                            t.contains("(−") || t.contains("(+0.000)") || t.contains("(best)"),
                            "{t}"
                        );
                    }
                    shot(&mut cdp, "hint-equity").await;
                }
                let p = st["plays"][0]["n"].as_str().unwrap().to_string();
                cdp.eval(&format!(
                    "window.__trictracPage.act({{ type: 'play', play: {} }}); true",
                    json!(p)
                ))
                .await;
            }
            k => panic!("unexpected phase {k}"),
        }
        taken(&mut cdp, &seq, 30).await;
    }
    // The analysis board from the game's position.
    let tpn = cdp.eval("window.__trictrac.state.tpn").await;
    cdp.click("#btn-analyse").await;
    cdp.wait_for("!document.querySelector('#analysis').hidden", 5)
        .await;
    assert_eq!(
        cdp.eval("document.querySelector('#an-tpn').value").await,
        tpn
    );
    cdp.click("#btn-an-back").await;
    cdp.wait_for("!document.querySelector('#game').hidden", 5)
        .await;

    // Resign, then the review.
    cdp.click("#btn-resign").await;
    cdp.wait_for("!document.querySelector('#resign-confirm').hidden", 5)
        .await;
    cdp.click("#btn-resign-yes").await;
    cdp.wait_for("window.__trictrac.state.phase.kind === 'over'", 10)
        .await;
    cdp.wait_for("!document.querySelector('#btn-review').hidden", 5)
        .await;
    cdp.click("#btn-review").await;
    cdp.wait_for(
        "!!(window.__trictrac.ui.trictrac.review && window.__trictrac.ui.trictrac.review.decisions && window.__trictrac.replay)",
        120,
    )
    .await;
    let summary = cdp
        .eval("[...document.querySelectorAll('#review-summary li')].map(li => li.textContent)")
        .await;
    let summary = summary.as_array().unwrap().clone();
    assert_eq!(summary.len(), 2, "{summary:?}");
    assert!(
        summary[0].as_str().unwrap().starts_with("White: "),
        "{summary:?}"
    );
    // Black has made one decision or more by the resignation, as the
    // bot's answers came (the page says "1 decision", "2 decisions").
    let black = summary[1].as_str().unwrap();
    assert!(
        black.starts_with("Black: ")
            && (black.contains(" decision, equity lost")
                || black.contains(" decisions, equity lost")),
        "{summary:?}"
    );
    let decisions = cdp
        .eval("window.__trictrac.ui.trictrac.review.decisions.map(d => [d.frame, d.error, d.kind])")
        .await;
    let decisions = decisions.as_array().unwrap().clone();
    assert!(!decisions.is_empty(), "the hinted play at least");
    assert_eq!(cdp.eval("window.__trictrac.replay.i").await, 0);
    // Step to the first decision: its line names what was played and the best.
    let first = decisions[0][0].as_u64().unwrap();
    for i in 1..=first {
        cdp.click("#btn-replay-next").await;
        assert_eq!(cdp.eval("window.__trictrac.replay.i").await, i);
    }
    let step = cdp
        .eval("document.querySelector('#review-step').textContent")
        .await;
    let step = step.as_str().unwrap().to_string();
    assert!(
        step.contains("played ") && step.contains("best ") && step.contains("lost "),
        "{step}"
    );
    // Errors are marked in the list and the history; a click steps there.
    let errors: Vec<u64> = decisions
        .iter()
        .filter(|d| d[1].as_f64().unwrap() > 0.0)
        .map(|d| d[0].as_u64().unwrap())
        .collect();
    let listed = cdp
        .eval("document.querySelectorAll('#review-list li').length")
        .await;
    assert_eq!(listed.as_u64().unwrap() as usize, errors.len().min(10));
    if !errors.is_empty() {
        assert!(
            cdp.eval("document.querySelectorAll('#history .rv-mark').length")
                .await
                .as_u64()
                .unwrap()
                > 0
        );
        cdp.click("#review-list li a").await;
        let at = cdp
            .eval("window.__trictrac.replay.i")
            .await
            .as_u64()
            .unwrap();
        assert!(errors.contains(&at), "{at} in {errors:?}");
        let line = cdp
            .eval("document.querySelector('#review-step').textContent")
            .await;
        assert!(line.as_str().unwrap().contains("lost "), "{line}");
    }
    shot(&mut cdp, "review").await;

    // The analysis board from the home page: a textbook case.
    cdp.call(
        "Page.navigate",
        json!({ "url": format!("http://{}/?lang=en&analysis=1", server.addr()) }),
    )
    .await;
    cdp.wait_for("!document.querySelector('#analysis').hidden", 20)
        .await;
    cdp.eval(
        "document.querySelector('#an-tpn').value = 'w:1x15 b:24x14,7 w'; \
         document.querySelector('#an-question').value = 'hit'; \
         document.querySelector('#an-field').value = '7'; true",
    )
    .await;
    cdp.click("#btn-an").await;
    cdp.wait_for("!document.querySelector('#an-result').hidden", 10)
        .await;
    let count = cdp
        .eval("document.querySelector('#an-count').textContent")
        .await;
    assert_eq!(count, "16 of 36 (44.4 %) for White");
    assert_eq!(
        cdp.eval("document.querySelectorAll('#an-grid td.yes').length")
            .await,
        16,
        "one cell per outcome"
    );
    shot(&mut cdp, "analysis").await;
    // A bad position: one line, the result hidden.
    cdp.eval("document.querySelector('#an-tpn').value = 'w:1x16 b:24x15 w'; true")
        .await;
    cdp.click("#btn-an").await;
    cdp.wait_for("!document.querySelector('#an-error').hidden", 10)
        .await;
    let e = cdp
        .eval("document.querySelector('#an-error').textContent")
        .await;
    let e = e.as_str().unwrap();
    assert!(e.starts_with("position `w:1x16 b:24x15 w`"), "{e}");
    assert!(!e.contains('\n'));
    assert_eq!(
        cdp.eval("document.querySelector('#an-result').hidden")
            .await,
        true
    );
    drop(browser);
    server.stop().await;
}

/// Issue 25 (items 9 and 10) and issue 21's error codes, in Chromium: the
/// header names the game shown; on a phone (390 × 844) the labels on the
/// frame of both boards are at least 11 CSS px; a move the server could
/// not store says so (code `storage`), other errors show their message.
/// With `TRICTRAC_E2E_SHOTS`, desktop (1280 × 800) and phone screenshots
/// of both games.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn both_games_on_desktop_and_phone_in_chromium() {
    let Some((_dir, server, browser, mut cdp)) =
        pages::open("both_games_on_desktop_and_phone_in_chromium", "e2e-phone").await
    else {
        return;
    };
    let home = format!("http://{}/?lang=en", server.addr());
    for (game, title, label) in [
        ("trictrac", "Grand Trictrac", "#board text.fnum"),
        ("backgammon", "Backgammon", "#board text.pt-label"),
    ] {
        cdp.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": 1280, "height": 800, "deviceScaleFactor": 1, "mobile": false }),
        )
        .await;
        cdp.call("Page.navigate", json!({ "url": home })).await;
        cdp.wait_for(pages::HOME_READY, 30).await;
        cdp.click(&format!("input[name=game][value={game}]")).await;
        cdp.wait_for(
            &format!("document.querySelector('#bot-select').dataset.game === '{game}'"),
            10,
        )
        .await;
        cdp.eval(
            "document.querySelector('#bot-select').value = 'random'; \
             document.querySelector('select[name=side]').value = 'white'; true",
        )
        .await;
        cdp.click("#btn-start").await;
        cdp.wait_for(pages::GAME_SHOWN, 30).await;
        assert_eq!(cdp.eval("window.__trictrac.state.game").await, game);
        assert_eq!(
            cdp.eval("document.querySelector('header .brand span').textContent")
                .await,
            title
        );
        // White rolls once: the dice and the plays on the board.
        cdp.wait_for(WHITE_READY, 30).await;
        if cdp.eval("window.__trictrac.state.phase.kind").await == "roll" {
            let seq = cdp.eval("window.__trictrac.state.seq").await;
            cdp.click("#btn-roll").await;
            cdp.wait_for(&format!("window.__trictrac.state.seq > {seq}"), 20)
                .await;
            cdp.wait_for(
                &format!("{WHITE_READY} || window.__trictrac.state.phase.side === 'black'"),
                20,
            )
            .await;
        }
        shot(&mut cdp, &format!("{game}-desktop")).await;
        // The phone: the frame's labels at least 11 CSS px.
        cdp.call(
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": true }),
        )
        .await;
        let sel = serde_json::to_string(label).unwrap();
        let px = format!(
            "(() => {{ const e = document.querySelector({sel}); const svg = document.querySelector('#board'); \
             return parseFloat(getComputedStyle(e).fontSize) * svg.getScreenCTM().a; }})()"
        );
        cdp.wait_for(
            &format!("document.documentElement.clientWidth === 390 && {px} > 0"),
            10,
        )
        .await;
        let size = cdp.eval(&px).await.as_f64().unwrap();
        assert!(
            size >= 11.0,
            "{game}: labels of {size:.1} CSS px on a phone"
        );
        let width = cdp
            .eval("document.querySelector('#board').getBoundingClientRect().width")
            .await
            .as_f64()
            .unwrap();
        assert!(
            width > 350.0 && width <= 390.0,
            "the board fills the phone: {width}"
        );
        cdp.eval("window.scrollTo(0, 0); true").await;
        shot(&mut cdp, &format!("{game}-phone")).await;
    }
    // Errors: a move the database could not store, then an illegal one.
    cdp.eval(
        "window.__trictracPage.onMessage({ type: 'error', code: 'storage', message: 'database is full' }); true",
    )
    .await;
    assert_eq!(
        toast_text(&mut cdp).await,
        "The server could not save your move — try again."
    );
    cdp.eval(
        "window.__trictracPage.onMessage({ type: 'error', code: 'illegal', rule: 'BG-4.1', message: 'no checker on 7 (BG-4.1)' }); true",
    )
    .await;
    assert_eq!(toast_text(&mut cdp).await, "no checker on 7 (BG-4.1)");
    cdp.close(browser).await;
    server.stop().await;
}
