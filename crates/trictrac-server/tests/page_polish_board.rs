//! The page's polish (issues 24 and 25) in headless Chromium: plural
//! rules in French and English and a history that says each thing once;
//! bot levels by strength; the header and the sides' colours; the
//! backgammon board redrawn at once after a take; keyboard play, move
//! animations (none under `prefers-reduced-motion`), the sound toggle,
//! dark mode; every board label at least 11 CSS px on a phone;
//! backgammon's default preset, the hit-cover readings and the opening
//! throw.
//!
//! Without Chromium the tests are skipped with a message, and fail under
//! `CI=true`. `TRICTRAC_E2E_SHOTS=DIR` keeps desktop and phone
//! screenshots of both games.

mod browser;
mod common;
mod pages;

use pages::{start, text};

use browser::{Cdp, WHITE_READY};
use common::Client;
use serde_json::{json, Value};

/// Waits for White's turn, the page ready, or the end of the game: the
/// state's sequence number, none when the game is over.
async fn white_turn(cdp: &mut Cdp) -> Option<Value> {
    cdp.wait_for(
        &format!("{WHITE_READY} || !!window.__trictrac.state.over"),
        30,
    )
    .await;
    if cdp.eval("!!window.__trictrac.state.over").await == true {
        return None;
    }
    Some(cdp.eval("window.__trictrac.state.seq").await)
}

/// The size in CSS px of the smallest label drawn on the board.
const SMALLEST_LABEL: &str = "(() => { const svg = document.querySelector('#board'); const k = svg.getScreenCTM().a; \
     let min = 1e9; for (const e of svg.querySelectorAll('text')) { if (!e.textContent.trim()) continue; \
     min = Math.min(min, parseFloat(getComputedStyle(e).fontSize) * k); } return min; })()";

/// The fill of White's and Black's checkers on the board.
const SIDE_COLOURS: &str =
    "[getComputedStyle(document.querySelector('#board circle.chk-w')).fill, \
     getComputedStyle(document.querySelector('#board circle.chk-b')).fill]";

/// Both boards on a phone (every label at least 11 CSS px, the board
/// filling the width) and on a desktop, with screenshots.
async fn phone_and_desktop(cdp: &mut Cdp, game: &str) {
    cdp.size(390, 844, true).await;
    cdp.wait_for("document.documentElement.clientWidth === 390", 10)
        .await;
    let px = cdp.eval(SMALLEST_LABEL).await.as_f64().unwrap();
    assert!(
        px >= 11.0,
        "{game}: a label of {px:.1} CSS px on a 390 px phone"
    );
    let width = cdp
        .eval("document.querySelector('#board').getBoundingClientRect().width")
        .await
        .as_f64()
        .unwrap();
    assert!(width > 350.0, "{game}: the board is {width} px wide");
    cdp.eval("window.scrollTo(0, 0); true").await;
    cdp.shot(&format!("polish-{game}-phone")).await;
    cdp.size(1280, 900, false).await;
    cdp.wait_for("window.innerWidth === 1280", 10).await;
    cdp.shot(&format!("polish-{game}-desktop")).await;
    cdp.call(
        "Emulation.setEmulatedMedia",
        json!({ "features": [{ "name": "prefers-color-scheme", "value": "dark" }] }),
    )
    .await;
    cdp.shot(&format!("polish-{game}-dark")).await;
    cdp.call("Emulation.setEmulatedMedia", json!({ "features": [] }))
        .await;
}

/// Issue 25 items 6, 7, 9, 10, 11 and issue 24 items 2, 4, 5 on the page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn polish_of_both_games_in_chromium() {
    let (_dir, server, browser, mut cdp) =
        pages::set_up!("polish_of_both_games_in_chromium", "polish-page");
    let home = format!("http://{}/?lang=en", server.addr());
    // The sound is off until turned on; then it is remembered.
    cdp.open(&home).await;
    cdp.wait_for("!!document.querySelector('#btn-sound')", 20)
        .await;
    assert_eq!(cdp.eval("window.__trictrac.sound").await, false);
    cdp.click("#btn-sound").await;
    assert_eq!(cdp.eval("window.__trictrac.sound").await, true);
    assert_eq!(
        cdp.eval("localStorage.getItem('trictrac.sound')").await,
        "1"
    );
    // Dark mode follows the system.
    let luminance = "(() => { const m = getComputedStyle(document.documentElement).backgroundColor.match(/\\d+/g).map(Number); \
                     return m[0] + m[1] + m[2]; })()";
    cdp.call(
        "Emulation.setEmulatedMedia",
        json!({ "features": [{ "name": "prefers-color-scheme", "value": "dark" }] }),
    )
    .await;
    let dark = cdp.eval(luminance).await.as_f64().unwrap();
    cdp.call(
        "Emulation.setEmulatedMedia",
        json!({ "features": [{ "name": "prefers-color-scheme", "value": "light" }] }),
    )
    .await;
    let light = cdp.eval(luminance).await.as_f64().unwrap();
    assert!(dark < 150.0 && light > 500.0, "dark {dark}, light {light}");
    // Plural rules: the page's words agree with their numbers.
    let words = cdp
        .eval(
            "import('/i18n.js').then((m) => { const out = []; for (const l of ['en', 'fr']) { m.setLanguage(l); \
             out.push(m.t('spectators', { n: 1 }), m.t('spectators', { n: 2 }), m.t('holes_n', { n: 0 }), \
             m.t('holes_n', { n: 1 }), m.t('holes_n', { n: 3 }), \
             m.t('review_sum', { side: 'W', n: 1, lost: 0, mean: 0, d: 0, e: 1, b: 2, t0: 1, t1: 2, t2: 3 })); } \
             m.setLanguage('en'); return out; })",
        )
        .await;
    let w: Vec<&str> = words
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        &w[..5],
        [
            "1 spectator",
            "2 spectators",
            "0 holes",
            "1 hole",
            "3 holes"
        ]
    );
    assert!(
        w[5].contains("1 decision,") && w[5].contains("1 error (") && w[5].contains("2 blunders"),
        "{}",
        w[5]
    );
    assert_eq!(
        &w[6..11],
        [
            "1 spectateur",
            "2 spectateurs",
            "0 trou",
            "1 trou",
            "3 trous"
        ]
    );
    assert!(
        w[11].contains("1 décision,") && w[11].contains("1 erreur ("),
        "{}",
        w[11]
    );

    // Grand Trictrac against the bot.
    start(&mut cdp, &home, "trictrac", "bot", "").await;
    assert_eq!(text(&mut cdp, "header .brand span").await, "Grand Trictrac");
    // The bot by its level, never by its internal name.
    let players = text(&mut cdp, "#players").await;
    assert!(
        players.contains("Beginner") && !players.contains("(bot)"),
        "{players}"
    );
    // Spectators counted with the plural rules, as they come and go.
    let addr = server.addr();
    let room = cdp.eval("window.__trictrac.room").await;
    let watch = json!({"type": "join", "room": room, "watch": true});
    let mut one = Client::connect(addr).await;
    one.request(watch.clone()).await;
    cdp.wait_for(
        "document.querySelector('#spectators').textContent === '1 spectator'",
        10,
    )
    .await;
    let mut two = Client::connect(addr).await;
    two.request(watch.clone()).await;
    cdp.wait_for(
        "document.querySelector('#spectators').textContent === '2 spectators'",
        10,
    )
    .await;
    drop(two);
    cdp.wait_for(
        "document.querySelector('#spectators').textContent === '1 spectator'",
        10,
    )
    .await;
    drop(one);
    // Keyboard: R rolls, H asks for a hint, U takes a move back; the keys
    // are named in the tooltips.
    cdp.wait_for(WHITE_READY, 30).await;
    assert_eq!(
        cdp.eval("document.querySelector('#btn-roll').title").await,
        "Roll the dice (R)"
    );
    let mut animated = false;
    for turn in 0..40 {
        let Some(seq) = white_turn(&mut cdp).await else {
            break;
        };
        match cdp
            .eval("window.__trictrac.state.phase.kind")
            .await
            .as_str()
        {
            Some("roll") => cdp.key("r").await,
            Some("stay_or_leave") => cdp.key("Enter").await,
            Some("play") => {
                if turn < 8 {
                    cdp.key("h").await;
                    cdp.wait_for("!document.querySelector('#hint-box').hidden", 20)
                        .await;
                    let hint = text(&mut cdp, "#hint-box").await;
                    assert!(
                        !hint.contains("neural") && !hint.contains("search"),
                        "{hint}"
                    );
                }
                let two_moves = cdp
                    .eval("(() => { const p = window.__trictrac.state.plays[0]; return p.m.length === 2 && p.m[0][1] !== p.m[1][0]; })()")
                    .await;
                if two_moves == true && !animated {
                    let from = cdp.eval("window.__trictrac.state.plays[0].m[0][0]").await;
                    let to = cdp.eval("window.__trictrac.state.plays[0].m[0][1]").await;
                    cdp.click(&format!("rect.hit[data-field='{from}']")).await;
                    cdp.click(&format!("rect.hit[data-field='{to}']")).await;
                    cdp.wait_for("window.__trictrac.steps.length === 1", 10)
                        .await;
                    cdp.key("u").await;
                    cdp.wait_for("window.__trictrac.steps.length === 0", 10)
                        .await;
                }
                cdp.eval("window.__trictracPage.act({ type: 'play', play: window.__trictrac.state.plays[0].n }); true")
                    .await;
            }
            k => panic!("unexpected phase {k:?}"),
        }
        cdp.wait_for(&format!("window.__trictrac.state.seq > {seq}"), 20)
            .await;
        // The bot's play slides its checkers.
        if cdp.eval("window.__trictrac.animations > 0").await == true {
            animated = true;
            if turn >= 8 {
                break;
            }
        }
    }
    assert!(animated, "no move was animated");
    assert!(cdp.eval("window.__trictrac.sounds").await.as_u64().unwrap() > 0);
    // Under prefers-reduced-motion, nothing moves.
    cdp.call(
        "Emulation.setEmulatedMedia",
        json!({ "features": [{ "name": "prefers-reduced-motion", "value": "reduce" }] }),
    )
    .await;
    let before = cdp.eval("window.__trictrac.animations").await;
    for _ in 0..6 {
        let Some(seq) = white_turn(&mut cdp).await else {
            break;
        };
        cdp.eval(
            "(() => { const s = window.__trictrac.state; const p = window.__trictracPage; \
             if (s.phase.kind === 'play') p.act({ type: 'play', play: s.plays[0].n }); \
             else if (s.phase.kind === 'roll') p.act({ type: 'roll' }); else p.act({ type: 'stay' }); return true; })()",
        )
        .await;
        cdp.wait_for(&format!("window.__trictrac.state.seq > {seq}"), 20)
            .await;
    }
    assert_eq!(cdp.eval("window.__trictrac.animations").await, before);
    cdp.call("Emulation.setEmulatedMedia", json!({ "features": [] }))
        .await;
    // The history says each thing once: no score repeated on every line
    // (it is in the row's tooltip and the score card).
    let rows = cdp
        .eval("[...document.querySelectorAll('#history tr.hist-roll')].map((r) => [r.textContent, r.title])")
        .await;
    assert!(!rows.as_array().unwrap().is_empty());
    for r in rows.as_array().unwrap() {
        assert!(!r[0].as_str().unwrap().contains("pts"), "{r}");
        assert!(r[1].as_str().unwrap().contains("pts"), "{r}");
    }
    let colours = cdp.eval(SIDE_COLOURS).await;
    phone_and_desktop(&mut cdp, "trictrac").await;

    // Backgammon: the default preset is standard, the page's rules one
    // named choice away; every hit-cover reading with the page's sentence.
    cdp.open(&home).await;
    cdp.wait_for("!!document.querySelector('#bot-select option')", 30)
        .await;
    cdp.click("input[name=game][value=backgammon]").await;
    let form = cdp
        .eval(
            "(() => { const f = document.querySelector('#new-game'); return { preset: f.elements.preset.value, \
             seed: f.elements.preset.querySelector('option[value=seed]').textContent, \
             covers: [...f.elements['hit-cover'].options].map((o) => o.value), \
             expl: document.querySelector('#bg-hit-expl').textContent }; })()",
        )
        .await;
    assert_eq!(form["preset"], "standard", "{form}");
    // The form fits a phone (long option names stay inside the card).
    cdp.size(390, 844, true).await;
    cdp.wait_for("document.documentElement.clientWidth === 390", 10)
        .await;
    let wide = cdp
        .eval("[...document.querySelectorAll('#new-game select')].filter((e) => e.offsetParent && e.getBoundingClientRect().right > 390).length")
        .await;
    assert_eq!(wide, 0, "a select of the form overflows the phone");
    cdp.eval("document.querySelector('select[name=hit-cover]').scrollIntoView(); true")
        .await;
    cdp.shot("polish-home-backgammon-phone").await;
    cdp.size(1280, 900, false).await;
    assert!(
        form["seed"]
            .as_str()
            .unwrap()
            .starts_with("the seed page's rules:"),
        "{form}"
    );
    assert_eq!(
        form["covers"],
        json!(["", "allowed", "inner", "home", "anywhere", "opponent"])
    );
    assert!(
        form["expl"]
            .as_str()
            .unwrap()
            .contains("Il est interdit aussi de frapper et capturer le pion d'adversaire dans son jan intérieur"),
        "{form}"
    );
    start(
        &mut cdp,
        &home,
        "backgammon",
        "bot",
        "document.querySelector('select[name=preset]').value = 'seed'; \
         document.querySelector('select[name=hit-cover]').value = 'opponent'; \
         document.querySelector('select[name=videau]').value = 'whole-turn'",
    )
    .await;
    let options = cdp.eval("window.__trictrac.state.options").await;
    // Issue 24 item 3: the videau's timing is a choice of the form too.
    assert!(
        options.as_str().unwrap().contains("seed")
            && options.as_str().unwrap().contains("hit-cover=opponent")
            && options.as_str().unwrap().contains("videau=whole-turn"),
        "{options}"
    );
    assert_eq!(text(&mut cdp, "header .brand span").await, "Backgammon");
    assert!(cdp
        .eval("document.querySelector('#howto-link').href")
        .await
        .as_str()
        .unwrap()
        .ends_with("/howto/backgammon"));
    // The opening throw: both dice and who won it.
    let opening = cdp
        .eval("window.__trictrac.history.filter((e) => e.kind === 'opening').pop()")
        .await;
    let (w, b) = (
        opening["white"].as_u64().unwrap(),
        opening["black"].as_u64().unwrap(),
    );
    let winner = if w > b { "White" } else { "Black" };
    let hist = text(&mut cdp, "#history").await;
    assert!(
        hist.contains(&format!(
            "Opening throw: White {w}, Black {b} — {winner} starts"
        )),
        "{hist}"
    );
    // While the winner of the throw is to act first, the status says it too.
    assert_eq!(
        cdp.eval(
            "(() => { const h = window.__trictrac.history; const e = h[h.length - 1];              return e.kind !== 'opening' || document.querySelector('#status').textContent.startsWith('Opening throw: '); })()"
        )
        .await,
        true
    );
    // The same colours as trictrac's for the two sides.
    cdp.wait_for("!!document.querySelector('#board circle.chk-b')", 10)
        .await;
    assert_eq!(cdp.eval(SIDE_COLOURS).await, colours);
    let players = text(&mut cdp, "#players").await;
    assert!(
        !players.contains("(bot)") && players.contains("Beginner"),
        "{players}"
    );
    phone_and_desktop(&mut cdp, "backgammon").await;

    // Backgammon at one screen: the board shows the cube taken at once.
    start(&mut cdp, &home, "backgammon", "hotseat", "").await;
    // Standard rules: the winner of the opening throw plays its dice; the
    // status names them and him.
    let status = text(&mut cdp, "#status").await;
    assert!(
        status.starts_with("Opening throw: White ") && status.contains(" starts. "),
        "{status}"
    );
    for _ in 0..20 {
        let ready: Value = cdp
            .eval("(() => { const s = window.__trictrac.state; return s.phase.kind === 'roll' && s.cube.can_double && !window.__trictrac.busy; })()")
            .await;
        if ready == true {
            break;
        }
        let seq = cdp.eval("window.__trictrac.state.seq").await;
        cdp.eval(
            "(() => { const s = window.__trictrac.state; const p = window.__trictracPage; \
             if (s.phase.kind === 'play') p.act({ type: 'play', play: s.plays[0].n }); else p.act({ type: 'roll' }); return true; })()",
        )
        .await;
        cdp.wait_for(&format!("window.__trictrac.state.seq > {seq}"), 20)
            .await;
    }
    cdp.key("d").await;
    cdp.wait_for("window.__trictrac.state.phase.kind === 'doubled' && !document.querySelector('#btn-take').hidden", 20)
        .await;
    assert_eq!(
        cdp.eval("document.querySelector('#cube').classList.contains('offered')")
            .await,
        true
    );
    cdp.key("Enter").await;
    cdp.wait_for("window.__trictrac.state.cube.value === 2", 20)
        .await;
    let cube = cdp
        .eval("(() => { const c = document.querySelector('#cube'); return [c.dataset.value, c.getAttribute('class')]; })()")
        .await;
    assert_eq!(
        cube,
        json!(["2", "cube owned"]),
        "the board shows the cube taken"
    );
    cdp.close(browser).await;
    server.stop().await;
}
