//! Issue 35's rough places in headless Chromium: long names and words fit
//! on a phone and a desktop, on the home page and the game page. Without
//! Chromium the tests are skipped with a message, and fail under
//! `CI=true`.

mod browser;
mod common;
mod pages;

use pages::{start, steps, text, window};

use browser::{Cdp, WHITE_READY};
use common::{post_seek, Client};
use serde_json::json;

/// A name of 40 characters without a space.
const LONG: &str = "WWWWWWWWWWWWWWWWWWWWMMMMMMMMMMMMMMMMMMMM";

/// How far the page is wider than the window (0 when it fits).
const OVERFLOW: &str =
    "Math.max(0, document.documentElement.scrollWidth - document.documentElement.clientWidth)";

/// Opens `home` and logs in with a wrong password through the account
/// card: its message shown as an error.
async fn log_in_wrongly(cdp: &mut Cdp, home: &str) {
    cdp.open(home).await;
    steps::fill_account_card(cdp, "Nobody", "wrong-password", "#btn-login").await;
    cdp.wait_for(
        "document.querySelector('#acc-msg').classList.contains('error')",
        20,
    )
    .await;
}

/// Item 8: the rough places of the page, looked at on a desktop and a
/// phone, in French and English (screenshots in `TRICTRAC_E2E_SHOTS`):
/// long names fit the lobby, the live list and the players card on a
/// phone; the account form keeps what was typed after an error and shows
/// no raw backticks.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rough_places_fit_and_read_well_in_chromium() {
    let (_dir, server, browser, mut cdp) =
        pages::set_up!("rough_places_fit_and_read_well_in_chromium", "i35-rough");
    let addr = server.addr();
    // A challenge and an online game in progress, long names.
    post_seek(
        addr,
        json!({"game": "backgammon", "match": 5, "name": LONG,
               "clock": {"kind": "total", "minutes": 10, "increment": 5}}),
    )
    .await;
    let mut a = Client::connect(addr).await;
    a.request(
        json!({"type": "create", "game": "backgammon", "mode": "online",
                     "options": "standard match=3", "side": "white", "name": LONG}),
    )
    .await;
    let room = a.room();
    let mut b = Client::connect(addr).await;
    b.request(json!({"type": "join", "room": room, "name": format!("{LONG}2")}))
        .await;
    a.wait_until(|s| s["seats"]["black"]["connected"] == true)
        .await;
    // A finished game with long names, for the finished games' table.
    let mut c = Client::connect(addr).await;
    c.request(
        json!({"type": "create", "game": "backgammon", "mode": "hotseat",
                     "options": "standard", "name": format!("{LONG}3")}),
    )
    .await;
    let r = c.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    // Offered (issue 38), accepted at the same table.
    let r = c.request(json!({"type": "accept"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    let mut problems = Vec::new();
    for lang in ["fr", "en"] {
        cdp.open(&format!("http://{addr}/?lang={lang}")).await;
        cdp.wait_for(
            &format!("document.querySelector('#lobby-seeks').textContent.includes('{LONG}') && document.querySelector('#lobby-live').textContent.includes('{LONG}')"),
            20,
        )
        .await;
        // The live list: the score and the spectators.
        let live = text(&mut cdp, "#lobby-live .lobby-score").await;
        if !live.contains("0 – 0")
            || !live.contains(if lang == "fr" {
                "spectateur"
            } else {
                "spectator"
            })
        {
            problems.push(format!("the live list's score and spectators: {live}"));
        }
        cdp.wait_for("!!document.querySelector('#finished table')", 20)
            .await;
        for phone in [false, true] {
            window(&mut cdp, phone).await;
            let over = cdp.eval(OVERFLOW).await.as_f64().unwrap();
            if over > 0.0 {
                problems.push(format!("home {lang} phone={phone}: {over} px too wide"));
            }
            let out = cdp
                .eval("(() => { const c = document.querySelector('#finished').closest('.card').getBoundingClientRect(); \
                       const t = document.querySelector('#finished table').getBoundingClientRect(); return t.right - c.right; })()")
                .await
                .as_f64()
                .unwrap();
            if out > 0.0 {
                problems.push(format!(
                    "home {lang} phone={phone}: the finished games' table {out} px out of its card"
                ));
            }
            browser::shot(
                &mut cdp,
                &format!(
                    "i35-home-{lang}-{}",
                    if phone { "phone" } else { "desktop" }
                ),
            )
            .await;
        }
        // Watching the game: the players card.
        cdp.open(&format!("http://{addr}/?room={room}&watch=1&lang={lang}"))
            .await;
        cdp.wait_for(pages::GAME_SHOWN, 20).await;
        for phone in [false, true] {
            window(&mut cdp, phone).await;
            let over = cdp.eval(OVERFLOW).await.as_f64().unwrap();
            if over > 0.0 {
                problems.push(format!("game {lang} phone={phone}: {over} px too wide"));
            }
            browser::shot(
                &mut cdp,
                &format!(
                    "i35-watch-{lang}-{}",
                    if phone { "phone" } else { "desktop" }
                ),
            )
            .await;
        }
        window(&mut cdp, false).await;
    }
    // The lobby's form: "Match to" for backgammon only.
    cdp.open(&format!("http://{addr}/?lang=en")).await;
    cdp.wait_for(
        "document.querySelector('#lobby-form select[name=game]').options.length === 2",
        20,
    )
    .await;
    let rows = cdp
        .eval("(() => { const f = document.querySelector('#lobby-form'); const out = []; \
               for (const g of ['trictrac', 'backgammon']) { f.elements.game.value = g; f.elements.game.dispatchEvent(new Event('change')); \
               out.push([f.elements.match.closest('label').hidden, document.querySelector('#lobby-rules-expl').textContent.includes(g === 'trictrac' ? 'marking=manual' : 'seed')]); } \
               return out; })()")
        .await;
    if rows != json!([[true, true], [false, true]]) {
        problems.push(format!("the lobby form's rows by game: {rows}"));
    }
    // The account form after an error: what was typed stays, in words.
    log_in_wrongly(&mut cdp, &format!("http://{addr}/?lang=en")).await;
    let kept = cdp
        .eval("(() => { const f = document.querySelector('#acc-form'); return [f.elements.name.value, f.elements.password.value]; })()")
        .await;
    if kept != json!(["Nobody", "wrong-password"]) {
        problems.push(format!("the account form after an error: {kept}"));
    }
    cdp.eval("document.querySelector('#acc-form').elements.name.value = 'a b'; true")
        .await;
    cdp.click("#btn-register").await;
    cdp.eval("document.querySelector('#acc-form').elements.name.value = 'ab'; document.querySelector('#acc-form').elements.password.value = 'long-enough-1'; true")
        .await;
    cdp.click("#btn-register").await;
    cdp.wait_for(
        "document.querySelector('#acc-msg').textContent.length > 0",
        20,
    )
    .await;
    let msg = text(&mut cdp, "#acc-msg").await;
    if msg.contains('`') {
        problems.push(format!("backticks in the account message: {msg}"));
    }
    browser::shot(&mut cdp, "i35-account-error").await;
    // In French, the server's words in French.
    log_in_wrongly(&mut cdp, &format!("http://{addr}/?lang=fr")).await;
    let msg = text(&mut cdp, "#acc-msg").await;
    if msg != "Nom inconnu ou mot de passe faux." {
        problems.push(format!("the account's message on the French page: {msg}"));
    }
    assert!(problems.is_empty(), "{problems:#?}");
    cdp.close(browser).await;
    server.stop().await;
}

/// Item 8 in a backgammon game against the bot: the dice of the roll
/// greyed as they are used (none from the roll before), the hint's table
/// within a 390 px phone, a blocked point named as such, the header's
/// Analysis leading to this game's board; then the review, with a plain
/// title, numbers 1 to n and a scale on its graph; the player page's
/// date in French. Screenshots in `TRICTRAC_E2E_SHOTS`, dark mode too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rough_game_page_in_chromium() {
    let (_dir, server, browser, mut cdp) =
        pages::set_up!("rough_game_page_in_chromium", "i35-rough-game");
    let addr = server.addr();
    let home = format!("http://{addr}/?lang=en");
    start(&mut cdp, &home, "backgammon", "bot", "").await;
    let mut checked_dice = false;
    let mut checked_block = false;
    for _ in 0..40 {
        cdp.wait_for(
            &format!("{WHITE_READY} || !!window.__trictrac.state.over"),
            30,
        )
        .await;
        let st = cdp.eval("window.__trictrac.state").await;
        let seq = st["seq"].clone();
        match st["pending"]["decision"].as_str().unwrap_or("") {
            "roll" | "roll_or_double" => {
                // The roll before is gone from the board.
                assert_eq!(
                    cdp.eval("document.querySelectorAll('#board rect.die').length")
                        .await,
                    0,
                    "the previous roll's dice stay"
                );
                cdp.click("#btn-roll").await;
            }
            "play" => {
                let dice = st["dice"].as_array().unwrap().clone();
                let play = st["plays"][0]["m"].as_array().unwrap().clone();
                if !checked_block {
                    // A checker picked up, then a point Black holds.
                    let from = st["plays"][0]["m"][0][0].as_u64().unwrap();
                    let blocked = st["board"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .position(|c| c.as_i64().unwrap() <= -2)
                        .map(|i| i + 1);
                    if let (true, Some(b)) = (from != 25, blocked) {
                        cdp.click(&format!("#board rect.hit[data-field='{from}']"))
                            .await;
                        cdp.click(&format!("#board rect.hit[data-field='{b}']"))
                            .await;
                        let toast = text(&mut cdp, "#toast").await;
                        assert!(
                            toast.contains("is blocked") && toast.contains("BG-3.3"),
                            "{toast}"
                        );
                        checked_block = true;
                        cdp.eval("window.__trictrac.selected = null; true").await;
                    }
                }
                if !checked_dice && dice[0] != dice[1] && play.len() == 2 && play[0][0] != 25 {
                    let hint_shown = cdp
                        .eval("!document.querySelector('#btn-hint').hidden")
                        .await
                        == true;
                    if hint_shown {
                        window(&mut cdp, true).await;
                        cdp.click("#btn-hint").await;
                        cdp.wait_for("!document.querySelector('#hint-box').hidden && !!document.querySelector('#bg-plays')", 30)
                            .await;
                        let over = cdp.eval(OVERFLOW).await.as_f64().unwrap();
                        assert_eq!(over, 0.0, "the hint's table widens the phone's page");
                        browser::shot(&mut cdp, "i35-bg-hint-phone").await;
                        window(&mut cdp, false).await;
                    }
                    let (a, b) = (play[0][0].as_u64().unwrap(), play[0][1].as_u64().unwrap());
                    assert_eq!(
                        cdp.eval("document.querySelectorAll('#board rect.die.used').length")
                            .await,
                        0
                    );
                    cdp.click(&format!("#board rect.hit[data-field='{a}']"))
                        .await;
                    if b == 0 {
                        cdp.click("#board rect.hit[data-field='off']").await;
                    } else {
                        cdp.click(&format!("#board rect.hit[data-field='{b}']"))
                            .await;
                    }
                    cdp.wait_for("window.__trictrac.steps.length === 1", 5)
                        .await;
                    assert_eq!(
                        cdp.eval("document.querySelectorAll('#board rect.die.used').length")
                            .await,
                        1,
                        "one die used"
                    );
                    browser::shot(&mut cdp, "i35-bg-die-used").await;
                    checked_dice = true;
                    cdp.eval("window.__trictrac.steps = []; true").await;
                }
                cdp.eval("window.__trictracPage.act({type: 'play', play: window.__trictrac.state.plays[0].n}); true")
                    .await;
            }
            _ => break,
        }
        cdp.wait_for(
            &format!("window.__trictrac.state.seq !== {seq} || !!window.__trictrac.state.over"),
            30,
        )
        .await;
        if checked_dice && checked_block {
            break;
        }
    }
    assert!(checked_dice, "a roll to check the dice");
    assert!(checked_block, "a blocked point to click");
    // Dark mode: Black's discs off the board.
    cdp.call(
        "Emulation.setEmulatedMedia",
        json!({ "features": [{ "name": "prefers-color-scheme", "value": "dark" }] }),
    )
    .await;
    browser::shot(&mut cdp, "i35-bg-dark").await;
    cdp.call("Emulation.setEmulatedMedia", json!({ "features": [] }))
        .await;
    // The header's Analysis: this game's board, on its position.
    let room = cdp.eval("window.__trictrac.room").await;
    let room = room.as_str().unwrap().to_string();
    cdp.click("#analysis-link").await;
    cdp.wait_for(
        "location.search.includes('bganalysis=1') && location.search.includes('position=')",
        20,
    )
    .await;
    // Resigned, then reviewed.
    cdp.open(&format!("http://{addr}/?room={room}&lang=en"))
        .await;
    cdp.wait_for(pages::GAME_SHOWN, 20).await;
    // Offered (issue 38): the bot accepts a single game this early.
    steps::resign(&mut cdp).await;
    cdp.open(&format!("http://{addr}/?bgreview={room}&lang=en"))
        .await;
    cdp.wait_for(
        "document.querySelectorAll('#bgr-moves tr.bgr-row').length > 0",
        120,
    )
    .await;
    assert_eq!(text(&mut cdp, "#bgr-title").await, "Game review");
    let result = text(&mut cdp, "#bgr-moves .bgr-result").await;
    assert!(
        result.starts_with("White – ")
            && result.contains(" resigns: Black – ")
            && result.ends_with("wins 1 point"),
        "{result}"
    );
    let numbers = steps::row_numbers(&mut cdp, "#bgr-moves tr.bgr-row").await;
    assert_eq!(numbers, (1..=numbers.len() as u64).collect::<Vec<_>>());
    assert!(
        cdp.eval("document.querySelectorAll('#bgr-graph .bgr-g-scale').length")
            .await
            .as_u64()
            .unwrap()
            >= 3
    );
    for phone in [false, true] {
        window(&mut cdp, phone).await;
        browser::shot(
            &mut cdp,
            &format!("i35-review-{}", if phone { "phone" } else { "desktop" }),
        )
        .await;
    }
    // In French: the rating words and the result too.
    cdp.click("#lang-fr").await;
    let fr = text(&mut cdp, "#bgr-players").await + &text(&mut cdp, "#bgr-moves .bgr-result").await;
    for w in ["Awful", "Casual", "wins", "resigns", "Beginner"] {
        assert!(!fr.contains(w), "{w} on the French review: {fr}");
    }
    browser::shot(&mut cdp, "i35-review-fr").await;
    window(&mut cdp, false).await;
    // A player's page in French: a French date.
    cdp.open(&format!("http://{addr}/?lang=fr")).await;
    cdp.wait_for("!!document.querySelector('#acc-form')", 20)
        .await;
    let r = cdp
        .eval("fetch('/api/accounts', {method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify({name: 'Ann_35', password: 'long-enough-1'})}).then((r) => r.status)")
        .await;
    assert_eq!(r, 201);
    cdp.open(&format!("http://{addr}/player?name=Ann_35&lang=fr"))
        .await;
    cdp.wait_for("!!document.querySelector('#pl-name')", 20)
        .await;
    let since = text(&mut cdp, "#player p.muted").await;
    assert!(since.starts_with("Inscrit le "), "{since}");
    assert!(!since.contains('/'), "a date in words: {since}");
    // The bot's seat by its level, in French; the result in French.
    let games = text(&mut cdp, "#player").await;
    assert!(
        games.contains("Débutant (au hasard) (ordinateur)")
            && !games.contains("Beginner")
            && !games.contains("single"),
        "{games}"
    );
    browser::shot(&mut cdp, "i35-player-fr").await;
    cdp.close(browser).await;
    server.stop().await;
}
