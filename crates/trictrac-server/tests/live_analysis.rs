//! Issue 38, item 2: no engine help in a live game between people. The
//! analysis endpoints refuse the position of a live online game (403,
//! whatever notation names it: XGID, Position ID, TPN), the review waits
//! for the end (409), hints are refused; once the game is over its
//! position is anyone's again. In Chromium, a spectator's watch page has
//! no way to the analysis of the position (no button, the header's
//! Analysis opens an empty board, the API refuses the page's own ask).

mod browser;
mod common;
mod pages;

use common::{http_get, play_both, start, Client, Lcg, TempDir};
use serde_json::{json, Value};

fn bg_action(state: &Value, rng: &mut Lcg) -> Value {
    match state["phase"]["kind"].as_str().unwrap() {
        "roll" => json!({"type": "roll"}),
        "doubled" => json!({"type": "take"}),
        "play" => {
            let plays = state["plays"].as_array().unwrap();
            let p = &plays[rng.below(plays.len())];
            json!({"type": "play", "play": p["n"]})
        }
        k => panic!("no backgammon action for phase {k}: {state}"),
    }
}

/// An online game of `game` (White for the creator), a friend seated.
async fn online_pair(addr: std::net::SocketAddr, game: &str) -> (Client, Client) {
    let mut a = Client::connect(addr).await;
    let w = a
        .request(
            json!({"type": "create", "game": game, "mode": "online", "side": "white",
            "name": "Alice"}),
        )
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    let mut b = Client::connect(addr).await;
    let w = b
        .request(json!({"type": "join", "room": a.room(), "name": "Bob"}))
        .await;
    assert_eq!(b.seats(), ["black"], "{w}");
    a.wait_until(|s| s["seats"]["black"]["connected"] == true)
        .await;
    (a, b)
}

fn enc(s: &str) -> String {
    s.replace('=', "%3D")
        .replace('/', "%2F")
        .replace('+', "%2B")
        .replace(':', "%3A")
        .replace(' ', "%20")
        .replace(',', "%2C")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_api_refuses_the_position_of_a_live_game_between_people() {
    let dir = TempDir::new("live-analysis-api");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let mut rng = Lcg(38);

    // Backgammon: a few turns, off the starting position.
    let (mut a, mut b) = online_pair(addr, "backgammon").await;
    // Six actions, then on to a turn where a play is to be made (acting
    // until then: waiting instead would hang when the game stops before
    // a roll, whoever's it is).
    play_both(&mut a, &mut b, 6, |s| bg_action(s, &mut rng)).await;
    for _ in 0..20 {
        if a.state["phase"]["kind"] == "play" {
            break;
        }
        play_both(&mut a, &mut b, 1, |s| bg_action(s, &mut rng)).await;
    }
    assert_eq!(a.state["phase"]["kind"], "play", "{}", a.state);
    let xgid = a.state["ids"]["xgid"].as_str().unwrap().to_string();
    let pid = a.state["ids"]["position_id"].as_str().unwrap().to_string();
    let room = a.room();
    for q in [
        format!("position={}", enc(&xgid)),
        format!("position={}&dice=3-1", enc(&pid)),
        format!("position={}&turn=black", enc(&pid)),
    ] {
        let (code, text) = http_get(addr, &format!("/api/analysis/backgammon/position?{q}")).await;
        assert_eq!(code, 403, "{q}: {text}");
        assert!(text.contains("being played between people"), "{text}");
    }
    let (code, text) = http_get(
        addr,
        &format!(
            "/api/analysis/backgammon/rollout?position={}&games=36",
            enc(&xgid)
        ),
    )
    .await;
    assert_eq!(code, 403, "{text}");
    // Another position is answered; the review waits for the end; a
    // spectator and the players get no hint.
    let (code, text) = http_get(
        addr,
        "/api/analysis/backgammon/position?position=4HPwATDgc%2FABMA",
    )
    .await;
    assert_eq!(code, 200, "{text}");
    let (code, text) = http_get(addr, &format!("/api/games/{room}/review.json")).await;
    assert_eq!(code, 409, "{text}");
    let mut spectator = Client::connect(addr).await;
    let w = spectator
        .request(json!({"type": "join", "room": room, "watch": true}))
        .await;
    assert_eq!(w["role"], "spectator", "{w}");
    let r = spectator.request(json!({"type": "hint"})).await;
    assert_eq!(r["type"], "error", "{r}");
    let side = a.to_act().unwrap();
    let player = if a.seats().contains(&side) {
        &mut a
    } else {
        &mut b
    };
    let r = player.request(json!({"type": "hint"})).await;
    assert_eq!(r["type"], "error", "{r}");
    assert!(r["message"].as_str().unwrap().contains("no hints"), "{r}");

    // Played to the end: the position is anyone's again, the review opens.
    play_both(&mut a, &mut b, 3000, |s| bg_action(s, &mut rng)).await;
    assert!(a.over(), "the game ends");
    let (code, text) = http_get(
        addr,
        &format!("/api/analysis/backgammon/position?position={}", enc(&xgid)),
    )
    .await;
    assert_eq!(code, 200, "{text}");

    // Grand Trictrac: the TPN of a live online game is refused too.
    let (mut c, mut d) = online_pair(addr, "trictrac").await;
    play_both(&mut c, &mut d, 8, |s| common::random_action(s, &mut rng)).await;
    let tpn = c.state["tpn"].as_str().unwrap().to_string();
    let (code, text) = http_get(
        addr,
        &format!("/api/analysis/trictrac/position?position={}", enc(&tpn)),
    )
    .await;
    assert_eq!(code, 403, "{tpn}: {text}");
    // The starting position stays everyone's (an opening is no secret).
    let (code, text) = http_get(
        addr,
        "/api/analysis/trictrac/position?position=w%3A1x15%20b%3A24x15%20w",
    )
    .await;
    assert_eq!(code, 200, "{text}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_of_a_live_game_finds_no_way_to_its_analysis_in_chromium() {
    let (_dir, server, browser, mut cdp) =
        pages::set_up!("live_analysis_page", "live-analysis-page");
    let addr = server.addr();
    let mut rng = Lcg(7);
    for game in ["backgammon", "trictrac"] {
        let (mut a, mut b) = online_pair(addr, game).await;
        play_both(&mut a, &mut b, 8, |s| {
            if game == "backgammon" {
                bg_action(s, &mut rng)
            } else {
                common::random_action(s, &mut rng)
            }
        })
        .await;
        let room = a.room();
        cdp.navigate(&format!("http://{addr}/?room={room}&watch=1&lang=en"))
            .await;
        cdp.wait_for(pages::GAME_SHOWN, 30).await;
        cdp.wait_for("window.__trictrac.state.seq > 0", 30).await;
        // No button to the analysis or the review, no hint.
        for id in [
            "btn-bg-analyse",
            "btn-analyse",
            "btn-bg-review",
            "btn-review",
            "btn-hint",
        ] {
            let hidden = cdp
                .eval(&format!(
                    "(() => {{ const e = document.getElementById('{id}'); return !e || e.hidden || e.offsetParent === null; }})()"
                ))
                .await;
            assert_eq!(
                hidden,
                json!(true),
                "{game}: #{id} is offered to a spectator"
            );
        }
        // The header's Analysis opens an empty board, not this position.
        cdp.click("#analysis-link").await;
        if game == "backgammon" {
            cdp.wait_for("location.search.includes('bganalysis=1')", 20)
                .await;
            let search = cdp.eval("location.search").await;
            assert!(
                !search.as_str().unwrap().contains("position="),
                "the live position in the link: {search}"
            );
        } else {
            cdp.wait_for("!document.querySelector('#analysis').hidden", 20)
                .await;
            let tpn = cdp
                .eval(
                    "document.querySelector('#an-tpn') && document.querySelector('#an-tpn').value",
                )
                .await;
            assert_ne!(tpn, a.state["tpn"], "the live position on the board");
        }
        // The API the page would ask refuses it, with the reason.
        let (path, pos) = if game == "backgammon" {
            (
                "/api/analysis/backgammon/position?position=",
                a.state["ids"]["xgid"].as_str().unwrap().to_string(),
            )
        } else {
            (
                "/api/analysis/trictrac/position?position=",
                a.state["tpn"].as_str().unwrap().to_string(),
            )
        };
        let r = cdp
            .eval(&format!(
                "fetch({} + encodeURIComponent({})).then(async r => [r.status, (await r.json()).error])",
                json!(path),
                json!(pos)
            ))
            .await;
        assert_eq!(r[0], 403, "{game}: {r}");
        assert!(
            r[1].as_str()
                .unwrap()
                .contains("no analysis of it until the game ends"),
            "{r}"
        );
    }
    cdp.close(browser).await;
    server.stop().await;
}
