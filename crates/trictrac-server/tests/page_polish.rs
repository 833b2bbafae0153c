//! The page's polish (issues 24 and 25) in headless Chromium: the rematch
//! of both games (colours swapped, the friend following, by the same link
//! too); the how-to pages of both games. The rest of the polish is in
//! page_polish_board.rs.
//!
//! Without Chromium the tests are skipped with a message, and fail under
//! `CI=true`.

mod browser;
mod common;
mod pages;

use pages::{start, steps, text};

use serde_json::json;

/// Issue 25 item 8: the rematch of an online trictrac game (the friend's
/// page follows; the old invitation link leads to the new room) and of a
/// backgammon game against the bot; same settings, colours swapped.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematch_for_both_games_in_chromium() {
    let (_dir, server, browser, mut cdp) =
        pages::set_up!("rematch_for_both_games_in_chromium", "polish-rematch");
    let home = format!("http://{}/?lang=en", server.addr());
    let a = cdp.session.clone();
    start(
        &mut cdp,
        &home,
        "trictrac",
        "online",
        "document.querySelector('input[name=name]').value = 'Ann'",
    )
    .await;
    let old = cdp.eval("window.__trictrac.room").await;
    let old = old.as_str().unwrap().to_string();
    let options = cdp.eval("window.__trictrac.state.options").await;
    // The friend, on another machine (a browser context of its own).
    let b = Some(cdp.page_in_new_context().await);
    let link = format!("http://{}/?room={old}&lang=en", server.addr());
    cdp.open(&link).await;
    cdp.wait_for("!document.querySelector('#invited').hidden", 20)
        .await;
    cdp.eval("document.querySelector('#invited-name').value = 'Bob'; true")
        .await;
    cdp.click("#btn-invited").await;
    cdp.wait_for(
        "!!window.__trictrac.state && window.__trictrac.seats.join() === 'black'",
        20,
    )
    .await;
    // The host resigns; both see the end and the button.
    cdp.session = a.clone();
    cdp.wait_for("window.__trictrac.state.seats.black.taken", 20)
        .await;
    steps::resign(&mut cdp).await;
    cdp.wait_for("!document.querySelector('#btn-rematch').hidden", 10)
        .await;
    assert_eq!(
        cdp.eval("document.querySelector('#btn-rematch').title")
            .await,
        "Rematch (N)"
    );
    cdp.session = b.clone();
    cdp.wait_for(
        "!!window.__trictrac.state.over && !document.querySelector('#btn-rematch').hidden",
        20,
    )
    .await;
    // The host asks (with the keyboard): he lands in a new room as Black.
    cdp.session = a.clone();
    cdp.key("n").await;
    cdp.wait_for(
        &format!("window.__trictrac.room !== '{old}' && !!window.__trictrac.state && window.__trictrac.state.room === window.__trictrac.room"),
        20,
    )
    .await;
    let new = cdp.eval("window.__trictrac.room").await;
    assert_eq!(cdp.eval("window.__trictrac.seats").await, json!(["black"]));
    assert_eq!(cdp.eval("window.__trictrac.state.options").await, options);
    assert_eq!(cdp.eval("window.__trictrac.state.mode").await, "online");
    assert!(cdp.eval("window.__trictrac.state.over").await.is_null());
    assert_eq!(
        cdp.eval("window.__trictrac.state.seats.black.name").await,
        "Ann"
    );
    // The friend's page followed: White in the new room.
    cdp.session = b.clone();
    cdp.wait_for(
        &format!("window.__trictrac.room === {new} && window.__trictrac.state.room === {new}"),
        20,
    )
    .await;
    assert_eq!(cdp.eval("window.__trictrac.seats").await, json!(["white"]));
    assert_eq!(
        cdp.eval("window.__trictrac.state.seats.white.name").await,
        "Bob"
    );
    // The same invitation link, opened again, leads to the new room.
    cdp.open(&link).await;
    cdp.wait_for(
        &format!("!!window.__trictrac.state && window.__trictrac.state.room === {new}"),
        20,
    )
    .await;
    assert_eq!(cdp.eval("window.__trictrac.seats").await, json!(["white"]));
    steps::assert_address_names(&mut cdp, new.as_str().unwrap()).await;

    // Backgammon against the bot: the same bot, the same rules, the
    // other colour.
    cdp.session = a.clone();
    start(&mut cdp, &home, "backgammon", "bot", "").await;
    let old = cdp.eval("window.__trictrac.room").await;
    let before = cdp
        .eval("(() => { const s = window.__trictrac.state; return [s.options, s.bot, s.game]; })()")
        .await;
    steps::resign(&mut cdp).await;
    cdp.click("#btn-rematch").await;
    cdp.wait_for(
        &format!("window.__trictrac.room !== {old} && !!window.__trictrac.state && window.__trictrac.state.room === window.__trictrac.room"),
        20,
    )
    .await;
    let after = cdp
        .eval("(() => { const s = window.__trictrac.state; return [s.options, s.bot, s.game]; })()")
        .await;
    assert_eq!(before, after);
    assert_eq!(cdp.eval("window.__trictrac.seats").await, json!(["black"]));
    assert_eq!(
        cdp.eval("window.__trictrac.state.seats.white.kind").await,
        "bot"
    );
    cdp.close(browser).await;
    server.stop().await;
}

/// Issue 25 item 12: a how-to page for each game in French and English,
/// with diagrams, linking to the rule books, reachable from the home page.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn how_to_play_pages_in_chromium() {
    let (_dir, server, browser, mut cdp) =
        pages::set_up!("how_to_play_pages_in_chromium", "polish-howto");
    let home = format!("http://{}/?lang=fr", server.addr());
    cdp.open(&home).await;
    cdp.wait_for("!!document.querySelector('#howto-bg')", 20)
        .await;
    assert_eq!(
        text(&mut cdp, "#howto-tt").await,
        "Comment jouer au Grand Trictrac"
    );
    cdp.click("#howto-bg").await;
    cdp.wait_for(
        "location.pathname === '/howto/backgammon' && document.readyState === 'complete'",
        20,
    )
    .await;
    for (lang, title) in [
        ("fr", "Comment jouer au backgammon"),
        ("en", "How to play backgammon"),
    ] {
        cdp.click(&format!("#lang-{lang}")).await;
        let page = cdp
            .eval(&format!(
                "(() => {{ const a = document.querySelector('#howto-{lang}'); return {{ hidden: a.hidden, \
                 h1: a.querySelector('h1').textContent, diagrams: a.querySelectorAll('svg.diagram').length, \
                 rules: !!a.querySelector('a[href=\"/rules/backgammon\"]'), other: !!a.querySelector('a[href=\"/howto\"]'), \
                 width: a.querySelector('svg.diagram').getBoundingClientRect().width }}; }})()"
            ))
            .await;
        assert_eq!(page["hidden"], false, "{page}");
        assert_eq!(page["h1"], title, "{page}");
        assert!(page["diagrams"].as_u64().unwrap() >= 2, "{page}");
        assert!(page["width"].as_f64().unwrap() > 200.0, "{page}");
        assert_eq!(page["rules"], true, "{page}");
        assert_eq!(page["other"], true, "{page}");
    }
    cdp.shot("polish-howto-backgammon").await;
    cdp.open(&format!("http://{}/howto", server.addr())).await;
    let tt = cdp
        .eval("(() => { const a = document.querySelector('#howto-en'); return [a.querySelector('h1').textContent, \
               a.querySelectorAll('svg.diagram').length, !!a.querySelector('a[href=\"/howto/backgammon\"]'), \
               !!a.querySelector('a[href=\"/rules/trictrac\"]')]; })()")
        .await;
    assert_eq!(tt, json!(["How to play Grand Trictrac", 2, true, true]));
    cdp.shot("polish-howto-trictrac").await;
    // The rule books they link to.
    let books = cdp
        .eval("Promise.all(['/rules/trictrac', '/rules/backgammon'].map((u) => fetch(u).then((r) => r.text()))).then(([a, b]) => [a.includes('R-6.1'), b.includes('BG-4.3')])")
        .await;
    assert_eq!(books, json!([true, true]));
    cdp.close(browser).await;
    server.stop().await;
}
