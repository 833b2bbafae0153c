//! Browser end-to-end, issue 14: what a newcomer meets on the Grand
//! Trictrac page in headless Chromium (field numbers and names, the
//! checkers that can move, the hint, the bot levels, the games in
//! progress, the how-to page, the replay, an online invitation).
//!
//! Without a Chromium binary the test is skipped with a message — except
//! when `CI=true`, where it fails. `TRICTRAC_CHROMIUM` names the binary.

mod common;

use std::time::{Duration, Instant};

use serde_json::json;

mod browser;
mod pages;
use browser::{shot, WHITE_READY};
use pages::{steps, taken, toast_text};

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
    let (_dir, server, browser, mut cdp) =
        pages::set_up!("the_newcomers_page_in_chromium", "e2e-newcomer");
    let home = format!("http://{}/?lang=en", server.addr());
    steps::open_home(&mut cdp, &home).await;
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
    steps::start_game(&mut cdp, "random", "").await;
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
    steps::open_home(&mut cdp, &home).await;
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
