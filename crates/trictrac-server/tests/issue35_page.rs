//! Issue 35, the page's parts, in headless Chromium: under manual marking
//! the roll's count is not shown to the player who must mark before he
//! marks (and the server does not send it); the lobby's words follow the
//! page's language; no take-back of a decision sent; the how-to pages say
//! the rules. The match's end and the analysis board are in
//! issue35_match.rs, the rough places in issue35_rough.rs. Without
//! Chromium the browser tests are skipped with a message, and fail under
//! `CI=true`.

mod browser;
mod common;
mod pages;

use pages::{start, text};

use browser::WHITE_READY;
use common::{post_seek, Client, TempDir};
use serde_json::{json, Value};

/// The jans of a roll's JSON whose side is `side`.
fn jans_of(roll: &Value, side: &str) -> usize {
    roll["jans"]
        .as_array()
        .map_or(0, |j| j.iter().filter(|j| j["side"] == side).count())
}

/// Item 2, by the protocol: under manual marking a side's jans and
/// total of the roll being marked are not in the state until that side
/// has marked them (the mover's until he declares, the opponent's until
/// he declares his), in the state's `roll` and in the history's entry.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn manual_marking_withholds_the_count_until_marked() {
    let dir = TempDir::new("i35-manual");
    let server = common::start(&dir.db_url()).await;
    let mut a = Client::connect(server.addr()).await;
    a.request(json!({"type": "create", "mode": "hotseat", "options": "marking=manual"}))
        .await;
    let mut shown_after = 0;
    let mut marks = 0;
    for _ in 0..300 {
        if a.over() || (shown_after >= 2 && marks >= 6) {
            break;
        }
        a.sync().await;
        let st = a.state.clone();
        let kind = st["phase"]["kind"].as_str().unwrap().to_string();
        let msg = match kind.as_str() {
            "mark" => {
                let side = st["phase"]["side"].as_str().unwrap().to_string();
                let roll = &st["roll"];
                let mover = roll["side"].as_str().unwrap().to_string();
                let hidden = roll["hidden"].as_array().cloned().unwrap_or_default();
                assert!(hidden.contains(&json!(side)), "{roll}");
                assert_eq!(jans_of(roll, &side), 0, "{roll}");
                let key = if side == mover {
                    "mover_points"
                } else {
                    "opponent_points"
                };
                assert!(roll[key].is_null(), "{roll}");
                // The history's entry of the roll says no more.
                let entry = a
                    .history
                    .iter()
                    .rev()
                    .find(|e| e["kind"] == "roll")
                    .unwrap();
                assert_eq!(jans_of(entry, &side), 0, "{entry}");
                marks += 1;
                json!({"type": "declare", "points": 0})
            }
            "roll" => json!({"type": "roll"}),
            "stay_or_leave" => json!({"type": "stay"}),
            "play" => {
                // After the mover has marked: his jans are shown.
                if jans_of(&st["roll"], st["roll"]["side"].as_str().unwrap()) > 0 {
                    shown_after += 1;
                }
                json!({"type": "play", "play": st["plays"][0]["n"]})
            }
            _ => common::random_action(&st, &mut common::Lcg(1)),
        };
        let r = a.request(msg.clone()).await;
        assert_eq!(r["type"], "ack", "{msg}: {r}");
        a.wait_seq(r["seq"].as_u64().unwrap()).await;
    }
    assert!(marks >= 6, "{marks} markings seen");
    assert!(
        shown_after >= 1,
        "the mover's jans were shown after his marking"
    );
    // Automatic marking: nothing withheld.
    let mut b = Client::connect(server.addr()).await;
    b.request(json!({"type": "create", "mode": "hotseat"}))
        .await;
    for _ in 0..6 {
        let st = b.state.clone();
        assert!(
            st["roll"].is_null() || st["roll"]["hidden"].is_null(),
            "{st}"
        );
        let msg = common::random_action(&st, &mut common::Lcg(2));
        let r = b.request(msg).await;
        b.wait_seq(r["seq"].as_u64().unwrap()).await;
    }
    server.stop().await;
}

/// Item 2 on the page: against the bot under manual marking, while White
/// marks, the jans card and the history show none of White's points; once
/// marked, they are shown.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn manual_marking_shows_no_count_before_marking_in_chromium() {
    let (_dir, server, browser, mut cdp) = pages::set_up!(
        "manual_marking_shows_no_count_before_marking_in_chromium",
        "i35-mark-page"
    );
    let home = format!("http://{}/?lang=en", server.addr());
    start(
        &mut cdp,
        &home,
        "trictrac",
        "bot",
        "document.querySelector('select[name=marking]').value = 'manual'",
    )
    .await;
    assert!(cdp
        .eval("window.__trictrac.state.options")
        .await
        .as_str()
        .unwrap()
        .contains("marking=manual"));
    let mut marked = 0;
    let mut revealed = 0;
    for _ in 0..200 {
        cdp.wait_for(
            &format!("{WHITE_READY} || !!window.__trictrac.state.over"),
            30,
        )
        .await;
        if cdp.eval("!!window.__trictrac.state.over").await == true {
            break;
        }
        if marked >= 4 && revealed >= 1 {
            break;
        }
        let seq = cdp.eval("window.__trictrac.state.seq").await;
        let kind = cdp.eval("window.__trictrac.state.phase.kind").await;
        match kind.as_str().unwrap() {
            "mark" => {
                // Nothing of White's count: not in the state, not on the page.
                let own = cdp
                    .eval("window.__trictrac.state.roll.side === 'white'")
                    .await
                    == true;
                assert_eq!(
                    cdp.eval("window.__trictrac.state.roll.jans.filter((j) => j.side === 'white').length")
                        .await,
                    0
                );
                let jans = text(&mut cdp, "#jans").await;
                assert!(!jans.contains("White +"), "{jans}");
                assert!(jans.contains("count them yourself"), "{jans}");
                if own {
                    // The mover marks first: nobody's count yet.
                    assert!(!jans.contains('+'), "{jans}");
                }
                let hist = text(&mut cdp, "#history tr.hist-roll").await;
                assert!(!hist.contains("W+"), "{hist}");
                if marked == 0 {
                    cdp.shot("i35-manual-marking").await;
                }
                marked += 1;
                cdp.eval("document.querySelector('#mark-points').value = '0'; true")
                    .await;
                cdp.click("#btn-declare").await;
                cdp.wait_for(&format!("window.__trictrac.state.seq !== {seq}"), 30)
                    .await;
                // Marked: White's jans of his own roll are shown.
                if own
                    && cdp
                        .eval("window.__trictrac.state.roll.jans.some((j) => j.side === 'white')")
                        .await
                        == true
                {
                    assert!(text(&mut cdp, "#jans").await.contains("White +"));
                    revealed += 1;
                }
            }
            "roll" => {
                cdp.click("#btn-roll").await;
            }
            "stay_or_leave" => {
                cdp.click("#btn-stay").await;
            }
            "play" => {
                cdp.eval("window.__trictracPage.act({type: 'play', play: window.__trictrac.state.plays[0].n}); true")
                    .await;
            }
            other => panic!("unexpected phase {other}"),
        }
        cdp.wait_for(
            &format!("window.__trictrac.state.seq !== {seq} || !!window.__trictrac.state.over"),
            30,
        )
        .await;
    }
    assert!(marked >= 4, "White marked {marked} times");
    assert!(
        revealed >= 1,
        "White's jans were never shown after his marking"
    );
    cdp.close(browser).await;
    server.stop().await;
}

/// Item 7: the lobby's words (match length, clock, rated) are in the
/// page's language, also after the language changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_words_follow_the_language_in_chromium() {
    let (_dir, server, browser, mut cdp) = pages::set_up!(
        "lobby_words_follow_the_language_in_chromium",
        "i35-lobby-lang"
    );
    post_seek(
        server.addr(),
        json!({"game": "backgammon", "match": 5, "name": "Ann",
               "clock": {"kind": "move", "seconds": 30}}),
    )
    .await;
    let seek = "document.querySelector('#lobby-seeks li') ? document.querySelector('#lobby-seeks li').textContent : ''";
    cdp.open(&format!("http://{}/?lang=fr", server.addr()))
        .await;
    cdp.wait_for(&format!("({seek}).includes('Ann')"), 20).await;
    let fr = cdp.eval(seek).await;
    assert!(
        fr.as_str().unwrap().contains("en 5") && fr.as_str().unwrap().contains("pendule 30 s"),
        "{fr}"
    );
    cdp.click("#lang-en").await;
    let en = cdp.eval(seek).await;
    let en = en.as_str().unwrap();
    assert!(
        en.contains("to 5") && en.contains("clock 30 s a move"),
        "the lobby still in French on the English page: {en}"
    );
    assert!(!en.contains("pendule"), "{en}");
    // Opened in English: English from the start.
    cdp.open(&format!("http://{}/?lang=en", server.addr()))
        .await;
    cdp.wait_for(&format!("({seek}).includes('Ann')"), 20).await;
    let en = cdp.eval(seek).await;
    assert!(en.as_str().unwrap().contains("clock 30 s a move"), "{en}");
    cdp.close(browser).await;
    server.stop().await;
}

/// Item 1: a decision taken is taken. No message takes back a roll, a
/// play or a marking, in any mode: the server refuses it with the rule
/// and the game is as it was.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_take_back_of_a_decision_sent() {
    let dir = TempDir::new("i35-undo");
    let server = common::start(&dir.db_url()).await;
    for (game, mode, options) in [
        ("trictrac", "bot", "marking=manual"),
        ("trictrac", "hotseat", ""),
        ("backgammon", "hotseat", "standard"),
    ] {
        let mut a = Client::connect(server.addr()).await;
        let mut create = json!({"type": "create", "game": game, "mode": mode,
                                "options": options, "side": "white", "bot": "random"});
        if mode != "bot" {
            create.as_object_mut().unwrap().remove("bot");
        }
        a.request(create).await;
        // One decision made (a roll, or the opener's play); against the
        // bot, whatever the bot has done.
        if mode == "hotseat" {
            let st = a.sync().await;
            let msg = common::random_action(&st, &mut common::Lcg(4));
            let r = a.request(msg).await;
            assert_eq!(r["type"], "ack", "{r}");
            a.wait_seq(r["seq"].as_u64().unwrap()).await;
        }
        let before = a.sync().await;
        for verb in ["undo", "take_back", "takeback"] {
            let r = a.request(json!({"type": verb})).await;
            assert_eq!(r["type"], "error", "{game} {mode} {verb}: {r}");
            assert!(r["message"].as_str().unwrap().contains("R-3.6"), "{r}");
        }
        if mode == "hotseat" {
            // Nothing moved (against the bot, the bot may have played).
            let after = a.sync().await;
            assert_eq!(before["seq"], after["seq"], "{game} {mode}");
            assert_eq!(before["history_len"], after["history_len"]);
        }
    }
    server.stop().await;
}

/// Item 6: the how-to pages say what the rule books say — a refused
/// redouble under each preset (BG-7.4), the hit diagram with the White
/// checker on 9 and Black's on the bar only, the points of a true hit
/// by table (R-6.3) and the token's places (RULES-CHOICES.md).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn how_to_pages_say_the_rules() {
    let dir = TempDir::new("i35-howto");
    let server = common::start(&dir.db_url()).await;
    let (code, bg) = common::http_get(server.addr(), "/howto/backgammon").await;
    assert_eq!(code, 200);
    assert!(!bg.contains("valeur d'avant") && !bg.contains("at the value before the offer"));
    for w in [
        "refuser un redouble coûte la partie comptée comme si elle finissait là",
        "dropping a\n    redouble costs the game counted as if it ended now",
        "la valeur du videau avant l'offre",
    ] {
        assert!(bg.contains(w), "{w}");
    }
    // The hit: White's checker on 9, Black's on the bar, never both.
    assert!(!bg.contains(r#"<circle class="chk-b" cx="279" cy="643""#));
    assert_eq!(
        bg.matches(r#"<circle class="chk-w" cx="279" cy="643""#)
            .count(),
        2
    );
    let (code, tt) = common::http_get(server.addr(), "/howto/trictrac").await;
    assert_eq!(code, 200);
    assert!(!tt.contains("2 ou 4 points par") && !tt.contains("2 or 4 points a way"));
    assert!(!tt.contains("devant la flèche 2, 4, 8 ou 10"));
    for w in [
        "4 points\n      dans la table du petit jan, 6 sur un doublet ; 2 dans la table du grand jan, 4 sur un doublet",
        "contre la bande du milieu (les flèches 5 et 6)",
        "(la flèche 11)",
        "against the side band (arrow 11)",
    ] {
        assert!(tt.contains(w), "{w}");
    }
    server.stop().await;
}
