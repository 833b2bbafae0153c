//! Issue 23, item 5, through the real server: backgammon's hint at every
//! decision (the plays of a roll, the cube analysis before rolling, the
//! answer to a double), the review of a finished game and of an uploaded
//! `.mat`, the analysis board's positions and rollouts
//! (`/api/analysis/backgammon/…`); every bad field a 400 naming it.

mod common;

use std::net::SocketAddr;
use std::time::Duration;

use common::{http_get, start, Client, TempDir};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn body(s: &str) -> Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("JSON: {e}: {s}"))
}

/// `POST path` with a text body: status and body.
async fn http_post(addr: SocketAddr, path: &str, text: &str) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    s.write_all(
        format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: {}\r\n\r\n{text}",
            text.len()
        )
        .as_bytes(),
    )
    .await
    .expect("write");
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(60), s.read_to_end(&mut buf))
        .await
        .expect("a reply within 60 s")
        .expect("read");
    let text = String::from_utf8_lossy(&buf).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, rest.to_string())
}

/// The blunder of gnubg's own examples: 42 played 24/20 24/22 instead of
/// making the 4-point.
const MAT: &str = " 3 point match\n\n Game 1\n Alice : 0     Bob : 0\n  1) 31: 8/5 6/5   65: 24/13\n  2) 42: 24/20 24/22   21: 13/11 6/5\n";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_board_answers_positions_and_names_every_bad_field() {
    let dir = TempDir::new("bg-api-position");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let get = |q: &str| {
        let path = format!("/api/analysis/backgammon/position?{q}");
        async move { http_get(addr, &path).await }
    };
    // The plays of 3-1 at the start: making the 5-point first; the same
    // from the XGID of the same position.
    let (code, text) = get("position=4HPwATDgc/ABMA&dice=3-1").await;
    assert_eq!(code, 200, "{text}");
    let a = body(&text);
    assert_eq!(a["kind"], "play");
    assert_eq!(a["plays"][0]["n"], "8/5 6/5", "{a}");
    assert!(a["plays"][0]["chances"]["win"].as_f64().unwrap() > 0.5);
    let xgid = a["xgid"].as_str().unwrap().replace('=', "%3D");
    let (code, text) = get(&format!("position={xgid}")).await;
    assert_eq!(code, 200, "{text}");
    assert_eq!(body(&text)["plays"], a["plays"]);
    // By default the plays are searched as the default bot searches them
    // (3 plies, the deepest first); `plies=2` or `0` on request; the
    // cube at the bot's own 2 plies.
    assert_eq!(a["plies"], 3, "{a}");
    let depths: Vec<u64> = a["plays"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["plies"].as_u64().unwrap())
        .collect();
    assert!(
        depths.windows(2).all(|w| w[0] >= w[1]) && depths[0] >= 2,
        "{depths:?}"
    );
    for plies in [0u64, 2] {
        let (code, text) = get(&format!("position=4HPwATDgc/ABMA&dice=3-1&plies={plies}")).await;
        assert_eq!(code, 200, "{text}");
        let b = body(&text);
        assert_eq!(b["plies"], plies, "{b}");
        assert!(
            b["plays"]
                .as_array()
                .unwrap()
                .iter()
                .all(|p| p["plies"] == plies),
            "{b}"
        );
        assert_eq!(b["plays"][0]["n"], "8/5 6/5", "{b}");
    }
    // Without dice: the cube analysis, in gnubg's words.
    let (code, text) = get("position=4HPwATDgc/ABMA").await;
    assert_eq!(code, 200, "{text}");
    let c = body(&text);
    assert_eq!(c["kind"], "cube");
    assert_eq!(c["cube"]["action"], "No double, take", "{c}");
    assert_eq!(c["plies"], 2, "{c}");
    // A double offered: the taker's answer.
    let (code, text) = get("position=4HPwATDgc/ABMA&double=offered").await;
    assert_eq!(code, 200, "{text}");
    let t = body(&text);
    assert_eq!(t["kind"], "answer");
    assert_eq!(t["side"], "black");
    assert_eq!(t["answer"]["proper"], "take", "{t}");
    // Bad fields: a 400 whose message names the field.
    for (q, word) in [
        ("", "give a position"),
        ("position=zzz", "position"),
        ("position=4HPwATDgc/ABMA&dice=7-1", "dice"),
        ("position=4HPwATDgc/ABMA&cube=3", "cube"),
        ("position=4HPwATDgc/ABMA&owner=nobody", "owner"),
        ("position=4HPwATDgc/ABMA&length=3&score=3-0", "score"),
        ("position=4HPwATDgc/ABMA&plies=7", "plies"),
        ("position=4HPwATDgc/ABMA&dice=3-1&double=offered", "double"),
        ("board=1,2,3", "board"),
        (
            "position=XGID%3D-b----E-C---eE---c-e----B-:0:0:9:00:0:0:3:0:10",
            "XGID",
        ),
    ] {
        let (code, text) = get(q).await;
        assert_eq!(code, 400, "{q}: {text}");
        let e = body(&text)["error"].as_str().unwrap().to_string();
        assert!(e.contains(word), "{q}: {e}");
    }
    // Grand Trictrac's analysis board: the evaluation of a TPN.
    let (code, text) = http_get(
        addr,
        "/api/analysis/trictrac/position?position=w:1x15%20b:24x15%20w",
    )
    .await;
    assert_eq!(code, 200, "{text}");
    let e = body(&text);
    assert_eq!(e["side"], "white");
    assert!(e["equity"].as_f64().unwrap().abs() < 1.0, "{e}");
    let (code, text) = http_get(
        addr,
        "/api/analysis/trictrac/position?position=w:1x16%20b:24x15%20w",
    )
    .await;
    assert_eq!(code, 400, "{text}");
    assert!(body(&text)["error"].as_str().unwrap().contains("position"));
    let (code, text) = http_get(addr, "/api/analysis/chess/position?position=x").await;
    assert_eq!(code, 404, "{text}");
    assert!(body(&text)["error"]
        .as_str()
        .unwrap()
        .contains("backgammon"));
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_uploaded_mat_is_reviewed_with_marks_and_error_rates() {
    let dir = TempDir::new("bg-api-review");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let (code, text) = http_post(addr, "/api/analysis/backgammon/review", MAT).await;
    assert_eq!(code, 200, "{text}");
    let v = body(&text);
    assert_eq!(v["names"]["white"], "Alice");
    let steps = v["games"][0]["steps"].as_array().unwrap();
    let blunder = steps
        .iter()
        .find(|s| s["play"] == "24/22 24/20")
        .unwrap_or_else(|| {
            panic!(
                "the play reviewed: {:?}",
                steps.iter().map(|s| s["play"].clone()).collect::<Vec<_>>()
            )
        });
    assert_ne!(blunder["mark"], "", "{blunder}");
    assert_eq!(blunder["best"], "8/4 6/4", "{blunder}");
    assert!(blunder["best_moves"].is_array() && blunder["made_moves"].is_array());
    assert!(steps.iter().all(|s| s["equity"].is_number()), "{v}");
    let alice = &v["players"][0];
    assert!(alice["error_rate"].as_f64().unwrap() > 0.0, "{alice}");
    assert!(alice["rating"].is_string());
    // Not a .mat: a 400 that says what was expected.
    for bad in [
        "",
        "hello\nworld\n",
        " 3 point match\n\n Game 1\n A : 0  B : 0\n  1) 31: 8/5 9/5\n",
    ] {
        let (code, text) = http_post(addr, "/api/analysis/backgammon/review", bad).await;
        assert_eq!(code, 400, "{bad:?}: {text}");
        assert!(!body(&text)["error"].as_str().unwrap().is_empty());
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rollout_streams_its_progress_then_its_result() {
    let dir = TempDir::new("bg-api-rollout");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let (code, text) = http_get(
        addr,
        "/api/analysis/backgammon/rollout?position=4HPwATDgc/ABMA&dice=3-1&games=72&truncate=8",
    )
    .await;
    assert_eq!(code, 200, "{text}");
    let lines: Vec<Value> = text
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(body)
        .collect();
    assert!(lines.len() >= 2, "{text}");
    let (last, progress) = lines.split_last().unwrap();
    assert!(progress.iter().all(|p| p["type"] == "progress"), "{text}");
    let done: Vec<u64> = progress
        .iter()
        .map(|p| p["done"].as_u64().unwrap())
        .collect();
    assert!(done.iter().all(|&d| (1..=72).contains(&d)), "{done:?}");
    assert_eq!(last["type"], "result", "{last}");
    assert_eq!(last["games"], 72);
    assert_eq!(last["play"], "8/5 6/5");
    assert!(last["stderr"].as_f64().unwrap() < 0.2, "{last}");
    assert!(
        last["cubeful_equity"].is_null(),
        "cubeless by default: {last}"
    );
    // With the cube played (money): the cubeful equity too, in the
    // mover's eyes like the rest; at 1 ply.
    let (code, text) = http_get(
        addr,
        "/api/analysis/backgammon/rollout?position=4HPwATDgc/ABMA&dice=3-1&games=36&truncate=6&cubeful=on&plies=1",
    )
    .await;
    assert_eq!(code, 200, "{text}");
    let last = body(text.lines().rfind(|l| !l.trim().is_empty()).unwrap());
    assert_eq!(last["type"], "result", "{last}");
    let cf = last["cubeful_equity"].as_f64().expect("a cubeful equity");
    assert!(
        cf.abs() < 3.0 && last["cubeful_stderr"].as_f64().unwrap() > 0.0,
        "{last}"
    );
    for (q, word) in [
        ("position=4HPwATDgc/ABMA&games=5000", "games"),
        ("position=4HPwATDgc/ABMA&games=0", "games"),
        ("position=4HPwATDgc/ABMA&dice=3-1&play=24/18", "play"),
        ("position=4HPwATDgc/ABMA&double=offered", "double"),
        ("position=4HPwATDgc/ABMA&seed=x", "seed"),
        ("position=4HPwATDgc/ABMA&plies=3", "plies"),
        ("position=4HPwATDgc/ABMA&cubeful=maybe", "cubeful"),
        ("position=4HPwATDgc/ABMA&cubeful=on&length=7", "money"),
    ] {
        let (code, text) = http_get(addr, &format!("/api/analysis/backgammon/rollout?{q}")).await;
        assert_eq!(code, 400, "{q}: {text}");
        assert!(
            body(&text)["error"].as_str().unwrap().contains(word),
            "{q}: {text}"
        );
    }
    // A long rollout whose client goes away after its first progress
    // line stops: the next one is served long before 1 296 games could
    // have been played (one rollout at a time: a 503 while it runs).
    let mut s = TcpStream::connect(addr).await.expect("connect");
    s.write_all(
        format!(
            "GET /api/analysis/backgammon/rollout?position=4HPwATDgc/ABMA&games=1296 HTTP/1.1\r\nHost: {addr}\r\n\r\n"
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    let mut seen = Vec::new();
    let mut chunk = [0u8; 4096];
    while !String::from_utf8_lossy(&seen).contains("\"progress\"") {
        let n = tokio::time::timeout(Duration::from_secs(60), s.read(&mut chunk))
            .await
            .expect("progress within 60 s")
            .unwrap();
        assert!(n > 0, "the rollout's stream ended early");
        seen.extend_from_slice(&chunk[..n]);
    }
    let (code, text) = http_get(
        addr,
        "/api/analysis/backgammon/rollout?position=4HPwATDgc/ABMA&games=1",
    )
    .await;
    assert_eq!(code, 503, "one rollout at a time: {text}");
    assert!(body(&text)["error"].as_str().unwrap().contains("running"));
    drop(s);
    let gone = std::time::Instant::now();
    loop {
        let (code, text) = http_get(
            addr,
            "/api/analysis/backgammon/rollout?position=4HPwATDgc/ABMA&games=1&truncate=1",
        )
        .await;
        if code == 200 {
            eprintln!("the abandoned rollout stopped within {:?}", gone.elapsed());
            break;
        }
        assert_eq!(code, 503, "{text}");
        assert!(
            gone.elapsed() < Duration::from_secs(20),
            "the abandoned rollout still runs after 20 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    server.stop().await;
}

/// A hot-seat game: a hint before rolling is the cube analysis, a hint
/// on a double offered the taker's answer, a hint with dice the plays
/// with their chances; the finished game's review has the double and the
/// pass among its decisions.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hints_at_cube_decisions_and_the_review_of_a_finished_game() {
    let dir = TempDir::new("bg-api-hint");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let mut c = Client::connect(addr).await;
    c.request(
        json!({"type": "create", "game": "backgammon", "mode": "hotseat", "options": "standard"}),
    )
    .await;
    let room = c.room();
    c.wait_until(|s| s["phase"]["kind"] == "play").await;
    let h = c.request(json!({"type": "hint"})).await;
    assert_eq!(h["kind"], "play", "{h}");
    assert!(h["plays"][0]["chances"]["win_gammon"].is_number(), "{h}");
    // Play the best play, then the other side is to roll or double.
    let best = h["plays"][0]["n"].clone();
    let r = c.request(json!({"type": "play", "play": best})).await;
    c.wait_seq(r["seq"].as_u64().unwrap()).await;
    assert_eq!(
        c.state["pending"]["decision"], "roll_or_double",
        "{}",
        c.state
    );
    let h = c.request(json!({"type": "hint"})).await;
    assert_eq!(h["kind"], "cube", "{h}");
    assert_eq!(h["side"], c.state["phase"]["side"]);
    assert!(
        h["cube"]["action"].as_str().unwrap().contains("double"),
        "{h}"
    );
    for k in ["no_double", "double_take", "double_pass"] {
        assert!(h["cube"][k].is_number(), "{h}");
    }
    // No review before the end.
    let (code, text) = http_get(addr, &format!("/api/games/{room}/review.json")).await;
    assert_eq!(code, 409, "{text}");
    let r = c.request(json!({"type": "double"})).await;
    c.wait_seq(r["seq"].as_u64().unwrap()).await;
    let h = c.request(json!({"type": "hint"})).await;
    assert_eq!(h["kind"], "answer", "{h}");
    assert_eq!(h["side"], c.state["phase"]["side"], "the taker's side");
    assert_eq!(
        h["answer"]["proper"], "take",
        "an early double is a take: {h}"
    );
    let r = c.request(json!({"type": "drop"})).await;
    c.wait_seq(r["seq"].as_u64().unwrap()).await;
    assert!(c.over());
    let (code, text) = http_get(addr, &format!("/api/games/{room}/review.json")).await;
    assert_eq!(code, 200, "{text}");
    let v = body(&text);
    let steps = v["games"][0]["steps"].as_array().unwrap();
    let actions: Vec<&str> = steps.iter().filter_map(|s| s["action"].as_str()).collect();
    assert!(
        actions.contains(&"double") && actions.contains(&"pass"),
        "{actions:?}"
    );
    let pass = steps.iter().find(|s| s["action"] == "pass").unwrap();
    assert_eq!(pass["error"], "wrong pass", "{pass}");
    assert_eq!(v["players"].as_array().unwrap().len(), 2);
    server.stop().await;
}
