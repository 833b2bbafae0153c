//! Issue 23, item 5, in Chromium (headless, Debian's `chromium`): the
//! backgammon page's Hint at a cube decision (the cube analysis in words
//! and numbers) and at a double offered (the taker's answer), the review
//! of the finished game (move list with gnubg's marks, equity graph, best
//! play in arrows) and of an uploaded `.mat` file, and the analysis board
//! (checkers placed by clicks, a Position ID pasted, dice chosen, the
//! plays and the cube analysis, a rollout with its progress).
//!
//! Without a Chromium binary the test is skipped with a message — except
//! under `CI=true`, where it fails. `TRICTRAC_E2E_SHOTS=DIR` keeps
//! screenshots (bg-cube-hint, bg-answer-hint, bg-review-game,
//! bg-review-upload, bg-analysis-cube, bg-analysis, tt-analysis). Last,
//! Grand Trictrac's analysis board set up by clicks and evaluated.

mod browser;
mod common;

use browser::{find_chromium, open_browser, shot, Cdp};
use common::TempDir;

const MAT: &str = " 3 point match\n\n Game 1\n Alice : 0     Bob : 0\n  1) 31: 8/5 6/5   65: 24/13\n  2) 42: 24/20 24/22   21: 13/11 6/5\n";

/// The page is idle: a state, nothing sent unanswered, connected.
const READY: &str =
    "(window.__trictrac.state && !window.__trictrac.busy && window.__trictrac.online)";

/// Plays from the page as a hot-seat player would: rolls, and plays the
/// last legal play the server lists, until `turns` plays are made.
async fn play_turns(cdp: &mut Cdp, turns: usize) {
    for _ in 0..turns {
        loop {
            cdp.wait_for(READY, 30).await;
            let seq = cdp.eval("window.__trictrac.state.seq").await;
            let d = cdp
                .eval("window.__trictrac.state.pending && window.__trictrac.state.pending.decision")
                .await;
            match d.as_str() {
                Some("roll") | Some("roll_or_double") => {
                    cdp.eval("window.__trictracPage.act({type: 'roll'}); true")
                        .await;
                }
                Some("play") => {
                    cdp.eval(
                        "(() => { const p = window.__trictrac.state.plays; \
                         window.__trictracPage.act({type: 'play', play: p[p.length - 1].n}); return true; })()",
                    )
                    .await;
                }
                other => panic!("an unexpected decision {other:?}"),
            }
            cdp.wait_for(&format!("window.__trictrac.state.seq !== {seq}"), 30)
                .await;
            if d == "play" {
                break;
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backgammon_cube_hint_review_and_analysis_board_in_chromium() {
    let Some(bin) = find_chromium() else {
        common::skip_or_fail(
            "BROWSER",
            "backgammon_cube_hint_review_and_analysis_board_in_chromium: no chromium binary \
             (install Debian's `chromium` package or set TRICTRAC_CHROMIUM)",
        );
        return;
    };
    let dir = TempDir::new("e2e-bg-analysis");
    let server = common::start(&dir.db_url()).await;
    let (browser, mut cdp) = open_browser(&bin, &dir).await;
    let base = format!("http://{}", server.addr());
    cdp.navigate(&format!("{base}/?lang=en")).await;

    // A hot-seat money game of backgammon.
    cdp.wait_for("!!document.querySelector('#bot-select option')", 30)
        .await;
    cdp.click("input[name=game][value=backgammon]").await;
    cdp.click("input[name=mode][value=hotseat]").await;
    cdp.click("#btn-start").await;
    cdp.wait_for(
        "!!(window.__trictrac.state && window.__trictrac.state.game === 'backgammon' && \
         !document.querySelector('#game').hidden)",
        30,
    )
    .await;
    play_turns(&mut cdp, 5).await;
    // Before the roll, the side on roll may double: the Hint is the cube
    // analysis.
    cdp.wait_for(
        &format!("{READY} && window.__trictrac.state.pending.decision === 'roll_or_double'"),
        30,
    )
    .await;
    cdp.click("#btn-hint").await;
    cdp.wait_for("!!document.querySelector('#hint-box #bg-cube')", 30)
        .await;
    let text = cdp.text("#hint-box").await;
    for w in [
        "No double",
        "Double, take",
        "Double, pass",
        "Proper cube action:",
        "win",
    ] {
        assert!(text.contains(w), "{w}: {text}");
    }
    shot(&mut cdp, "bg-cube-hint").await;
    // A double offered: the taker's Hint is his answer.
    cdp.eval("window.__trictracPage.act({type: 'double'}); true")
        .await;
    cdp.wait_for(
        &format!("{READY} && window.__trictrac.state.pending.decision === 'answer'"),
        30,
    )
    .await;
    cdp.click("#btn-hint").await;
    // (The hint box keeps the last hint's text while hidden.)
    cdp.wait_for(
        "!document.querySelector('#hint-box').hidden && \
         document.querySelector('#hint-box').textContent.includes('Proper answer:')",
        30,
    )
    .await;
    let text = cdp.text("#hint-box").await;
    assert!(text.contains("Take") && text.contains("Pass"), "{text}");
    shot(&mut cdp, "bg-answer-hint").await;
    // Passed: the game is over, and reviewed.
    cdp.eval("window.__trictracPage.act({type: 'drop'}); true")
        .await;
    cdp.wait_for(
        "window.__trictrac.state.phase.kind === 'over' && !document.querySelector('#btn-bg-review').hidden",
        30,
    )
    .await;
    cdp.click("#btn-bg-review").await;
    cdp.wait_for(
        "location.search.includes('bgreview=') && \
         document.querySelectorAll('#bgr-players tr[data-side]').length === 2",
        60,
    )
    .await;
    let rows = cdp
        .eval("document.querySelectorAll('#bgr-moves tr.bgr-row').length")
        .await;
    assert!(rows.as_u64().unwrap() >= 7, "{rows}");
    let text = cdp.text("#bgr-moves").await;
    assert!(text.contains("double") && text.contains("passes"), "{text}");
    // The pass of an early double is marked (a wrong pass, very bad).
    assert!(text.contains("??"), "{text}");
    let pts = cdp
        .eval("document.querySelector('#bgr-graph polyline').getAttribute('points').trim().split(' ').length")
        .await;
    assert!(pts.as_u64().unwrap() >= 7, "{pts}");
    // Step to the first error: its best play is drawn in arrows when it
    // is a play.
    cdp.click("#bgr-next-error").await;
    cdp.wait_for("window.__trictrac.ui.backgammon.review.i > 0", 10)
        .await;
    shot(&mut cdp, "bg-review-game").await;
    let ratings = cdp.text("#bgr-players").await;
    assert!(ratings.contains("Error rate (mEMG)"), "{ratings}");

    // An uploaded .mat file: the blunder 24/22 24/20 marked, its best
    // play 8/4 6/4 drawn.
    cdp.navigate(&format!("{base}/?bgreview=1&lang=en")).await;
    cdp.wait_for("!document.querySelector('#bg-review').hidden", 30)
        .await;
    let file = dir.0.join("match.mat");
    std::fs::write(&file, MAT).unwrap();
    cdp.set_file("#bgr-file", &file).await;
    cdp.click("#bgr-send").await;
    cdp.wait_for(
        "document.querySelectorAll('#bgr-players tr[data-side]').length === 2",
        60,
    )
    .await;
    let k = cdp
        .eval(
            "[...document.querySelectorAll('#bgr-moves tr.bgr-row')].findIndex(r => r.textContent.includes('24/22 24/20'))",
        )
        .await;
    assert!(k.as_i64().unwrap() >= 0, "{k}");
    cdp.click(&format!("#bgr-moves tr[data-step=\"{k}\"]"))
        .await;
    cdp.wait_for(
        "!!document.querySelector('#bgr-board path.arrow.best') && \
         document.querySelector('#bgr-step').textContent.includes('8/4 6/4')",
        10,
    )
    .await;
    let mark = cdp
        .eval(&format!(
            "document.querySelector('#bgr-moves tr[data-step=\"{k}\"] .rv-mark').textContent"
        ))
        .await;
    assert!(mark.as_str().unwrap().starts_with('?'), "{mark}");
    assert!(cdp.text("#bgr-players").await.contains("Alice"));
    shot(&mut cdp, "bg-review-upload").await;
    // A change of language draws the review again in the new words.
    cdp.click("#lang-fr").await;
    cdp.wait_for(
        "document.querySelector('#bgr-pos').textContent.startsWith('Décision') && \
         document.querySelector('#bgr-players').textContent.includes('mEMG') && \
         !document.querySelector('#bgr-players').textContent.includes('Error rate')",
        10,
    )
    .await;
    cdp.click("#lang-en").await;

    // The analysis board: checkers placed by clicks.
    cdp.navigate(&format!("{base}/?bganalysis=1&lang=en")).await;
    cdp.wait_for(
        "!document.querySelector('#bg-analysis').hidden && \
         document.querySelectorAll('#bga-board circle[r=\"27\"]').length === 30",
        30,
    )
    .await;
    cdp.click("#bga-clear").await;
    for _ in 0..3 {
        cdp.click("#bga-board rect.hit[data-field=\"6\"]").await;
    }
    cdp.click("#bga-palette input[value=black]").await;
    for _ in 0..2 {
        cdp.click("#bga-board rect.hit[data-field=\"20\"]").await;
    }
    cdp.click("#bga-palette input[value=erase]").await;
    cdp.click("#bga-board rect.hit[data-field=\"6\"]").await;
    let set = cdp
        .eval("window.__trictrac.ui.backgammon.analysis.set.board")
        .await;
    assert_eq!(set[5], 2, "{set}");
    assert_eq!(set[19], -2, "{set}");
    assert_eq!(
        cdp.eval("document.querySelectorAll('#bga-board circle.chk-w[r=\"27\"]').length")
            .await,
        2
    );
    // No dice: the cube analysis of the position set up (a bear-off).
    cdp.click("#bga-analyse").await;
    cdp.wait_for("!!document.querySelector('#bga-result #bg-cube')", 30)
        .await;
    assert!(cdp
        .text("#bga-result")
        .await
        .contains("Proper cube action:"));
    shot(&mut cdp, "bg-analysis-cube").await;
    // A bad ID: one line saying what is wrong.
    cdp.eval("document.querySelector('#bga-id').value = 'not-an-id'; true")
        .await;
    cdp.click("#bga-load").await;
    cdp.wait_for("!document.querySelector('#bga-error').hidden", 10)
        .await;
    assert!(cdp.text("#bga-error").await.contains("position"));
    // A Position ID pasted, 3-1 chosen: the plays, the best drawn.
    cdp.eval("document.querySelector('#bga-id').value = '4HPwATDgc/ABMA'; true")
        .await;
    cdp.click("#bga-load").await;
    cdp.wait_for(
        "document.querySelector('#bga-pid') && document.querySelector('#bga-pid').textContent === '4HPwATDgc/ABMA'",
        30,
    )
    .await;
    assert_eq!(
        cdp.eval("document.querySelectorAll('#bga-board circle[r=\"27\"]').length")
            .await,
        30
    );
    cdp.eval(
        "const d = document.querySelector('#bga-dice'); d.value = '3-1'; \
         d.dispatchEvent(new Event('change')); document.querySelector('#bga-games').value = '72'; \
         document.querySelector('#bga-cubeful').value = 'on'; true",
    )
    .await;
    cdp.click("#bga-analyse").await;
    cdp.wait_for("!!document.querySelector('#bga-result #bg-plays')", 30)
        .await;
    let best = cdp.text("#bg-plays tr[data-play=\"0\"]").await;
    assert!(best.contains("8/5 6/5"), "{best}");
    assert!(
        cdp.eval("document.querySelectorAll('#bga-board path.arrow').length")
            .await
            .as_u64()
            .unwrap()
            >= 2
    );
    // Its rollout, with its progress, then the result.
    cdp.click("#bga-rollout").await;
    cdp.wait_for("!!document.querySelector('#bga-rollout-done')", 120)
        .await;
    let done = cdp.text("#bga-rollout-done").await;
    assert!(
        done.contains("8/5 6/5") && done.contains("72 games") && done.contains("cubeful equity"),
        "{done}"
    );
    assert_eq!(
        cdp.eval("document.querySelector('#bga-bar').value").await,
        1
    );
    shot(&mut cdp, "bg-analysis").await;
    // A change of language draws the hint and the rollout's result again
    // in the new words, the play shown kept.
    cdp.click("#lang-fr").await;
    cdp.wait_for(
        "document.querySelector('#bga-rollout-done').textContent.includes('72 parties') && \
         document.querySelector('#bga-rollout-cubeful').textContent.includes('avec le videau') && \
         document.querySelector('#bga-rollout').textContent === 'Rollout' && \
         !!document.querySelector('#bga-result #bg-plays')",
        10,
    )
    .await;
    cdp.click("#lang-en").await;

    // Grand Trictrac's analysis board: checkers put and removed by
    // clicks rewrite the TPN, and the position is evaluated.
    cdp.navigate(&format!("{base}/?analysis=1&lang=en")).await;
    cdp.wait_for(
        "document.querySelector('#an-eval').textContent.includes('Equity of')",
        30,
    )
    .await;
    cdp.click("#an-palette input[value=erase]").await;
    cdp.click("#an-board rect.hit[data-field=\"1\"]").await;
    cdp.click("#an-board rect.hit[data-field=\"24\"]").await;
    cdp.click("#an-palette input[value=black]").await;
    cdp.click("#an-board rect.hit[data-field=\"7\"]").await;
    cdp.wait_for(
        "document.querySelector('#an-tpn').value === 'w:1x14 b:7,24x14 w' && \
         document.querySelector('#an-eval').textContent.includes('Equity of White')",
        30,
    )
    .await;
    shot(&mut cdp, "tt-analysis").await;
    cdp.click("#lang-fr").await;
    cdp.wait_for(
        "document.querySelector('#an-eval').textContent.includes('Équité des blanches')",
        30,
    )
    .await;

    cdp.close(browser).await;
    server.stop().await;
}
