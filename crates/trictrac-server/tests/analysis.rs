//! Issue 13 through the real server: the hint's equities, the
//! review of a finished game (`/api/games/ROOM/review.json`) and tables of
//! chances (`/api/chances`, RULES.md section 6).

mod common;

use common::{http_get, random_action, start, Client, Lcg, TempDir};
use serde_json::{json, Value};
use trictrac::chances::{chances, Question};
use trictrac::{Field, Position, Quarter, Rules};

fn body(s: &str) -> Value {
    serde_json::from_str(s).unwrap_or_else(|e| panic!("JSON: {e}: {s}"))
}

/// A hot-seat game: a hint ranks the plays by equity (expected stake,
/// ) with each one's difference from the best; a few rolls, then a
/// resignation ends it; its review has one entry per decision (each play
/// with a choice, each stay/leave of) and a summary per player.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hint_equities_and_the_review_of_a_finished_game() {
    let dir = TempDir::new("analysis-review");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let mut a = Client::connect(addr).await;
    a.request(json!({"type": "create", "mode": "hotseat"}))
        .await;
    let room = a.room();
    let mut rng = Lcg(13);
    let mut expected = 0usize;
    let mut rolls = 0usize;
    let mut hinted = false;
    while rolls < 8 {
        let st = a.state.clone();
        let kind = st["phase"]["kind"].as_str().unwrap().to_string();
        match kind.as_str() {
            "play" => {
                let n = st["plays"].as_array().unwrap().len();
                if n >= 2 {
                    expected += 1;
                    if !hinted {
                        let h = a.request(json!({"type": "hint"})).await;
                        assert_eq!(h["type"], "hint", "{h}");
                        assert_eq!(h["kind"], "play", "{h}");
                        let plays = h["plays"].as_array().unwrap();
                        assert_eq!(plays.len(), n.min(5), "{h}");
                        assert_eq!(h["of"], n, "{h}");
                        let best = plays[0]["equity"].as_f64().unwrap();
                        assert_eq!(plays[0]["diff"], 0.0);
                        for p in plays {
                            let e = p["equity"].as_f64().unwrap();
                            assert!(e <= best && e.abs() <= 4.0, "{h}");
                            let d = p["diff"].as_f64().unwrap();
                            assert!((d - (e - best)).abs() < 2e-4, "{h}");
                        }
                        assert!(h["evaluator"].as_str().unwrap().contains("network"), "{h}");
                        hinted = true;
                    }
                }
            }
            "stay_or_leave" => expected += 1,
            "roll" => rolls += 1,
            _ => {}
        }
        let msg = random_action(&st, &mut rng);
        let r = a.request(msg.clone()).await;
        assert_eq!(r["type"], "ack", "{msg}: {r}");
        a.wait_seq(r["seq"].as_u64().unwrap()).await;
    }
    assert!(hinted, "a play with a choice came");
    // No review before the end.
    let (code, text) = http_get(addr, &format!("/api/games/{room}/review.json")).await;
    assert_eq!(code, 409, "{text}");
    assert!(body(&text)["error"]
        .as_str()
        .unwrap()
        .contains("a review is of a finished game"));
    let r = a.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    a.wait_until(|s| s["phase"]["kind"] == "over").await;
    let full = a.sync().await;
    let history = full["history"].as_array().unwrap().clone();
    let roll_entries: Vec<&Value> = history.iter().filter(|e| e["kind"] == "roll").collect();

    let (code, text) = http_get(addr, &format!("/api/games/{room}/review.json")).await;
    assert_eq!(code, 200, "{text}");
    let rv = body(&text);
    assert_eq!(rv["room"], room);
    let decisions = rv["decisions"].as_array().unwrap();
    assert_eq!(decisions.len(), expected, "one entry per decision: {rv}");
    let mut last = 0;
    for d in decisions {
        let k = d["roll"].as_u64().unwrap() as usize;
        assert!(k >= last, "in the order of the game: {rv}");
        last = k;
        let e = roll_entries[k];
        assert_eq!(d["side"], e["side"], "{d} against {e}");
        assert_eq!(d["dice"], e["dice"], "{d} against {e}");
        if d["kind"] == "play" {
            assert_eq!(d["played"], e["play"], "{d} against {e}");
        } else {
            assert_eq!(d["kind"], "stay-leave");
            assert_eq!(d["played"], e["decision"], "{d} against {e}");
        }
        let (p, b, err) = (
            d["equity_played"].as_f64().unwrap(),
            d["equity_best"].as_f64().unwrap(),
            d["error"].as_f64().unwrap(),
        );
        assert!(err >= 0.0 && (b - p - err).abs() < 2e-4, "{d}");
        assert_eq!(err == 0.0, d["played"] == d["best"] || b == p, "{d}");
    }
    let s = &rv["summary"];
    let w = s["white"]["decisions"].as_u64().unwrap();
    let bl = s["black"]["decisions"].as_u64().unwrap();
    assert_eq!((w + bl) as usize, expected, "{s}");
    assert_eq!(rv["thresholds"], json!([0.04, 0.08, 0.16]));
    // Asked again: the same answer (kept).
    let (code, again) = http_get(addr, &format!("/api/games/{room}/review.json")).await;
    assert_eq!(code, 200);
    assert_eq!(body(&again), rv);
    // An unknown room.
    let (code, text) = http_get(addr, "/api/games/NOROOM/review.json").await;
    assert_eq!(code, 404, "{text}");
    server.stop().await;
}

async fn ask(addr: std::net::SocketAddr, query: &str) -> (u16, Value) {
    let (code, text) = http_get(addr, &format!("/api/chances?{query}")).await;
    (code, body(&text))
}

fn enc(s: &str) -> String {
    s.replace(' ', "%20")
        .replace(',', "%2C")
        .replace('=', "%3D")
}

/// Tables of chances (RULES.md section 6) as the treatises count, the
/// answers of `trictrac::chances`; bad input is a one-line error.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_chances_endpoint_counts_as_the_treatises_and_refuses_bad_input() {
    let dir = TempDir::new("analysis-chances");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    // a lone black checker six fields ahead of White's talon: every
    // roll with a 6 (11), 5-1 and 4-2 tout d'une (4), 3-3 (1): 16.
    let tpn = "w:1x15 b:24x14,7 w";
    let (code, v) = ask(addr, &format!("position={}&question=hit&field=7", enc(tpn))).await;
    assert_eq!(code, 200, "{v}");
    assert_eq!(v["count"], 16, "{v}");
    assert_eq!(v["of"], 36);
    assert_eq!(v["side"], "white");
    let rolls = v["rolls"].as_array().unwrap();
    assert!(rolls.contains(&json!("6-6")) && rolls.contains(&json!("5-1")));
    assert!(rolls.contains(&json!("3-3")) && !rolls.contains(&json!("2-1")));
    let (_, any) = ask(
        addr,
        &format!("position={}&question=hit&field=any", enc(tpn)),
    )
    .await;
    assert_eq!(any["count"], 16, "{any}");
    // Fill, point, corner: the library's answers.
    let pos = |t: &str| t.parse::<Position>().unwrap();
    let cases: [(&str, &str, Question); 3] = [
        (
            "w:1x6,2x2,3x2,4x2,5x2,6 b:24x15 w",
            "question=fill&jan=petit",
            Question::Fill(Quarter::PetitJan),
        ),
        (
            "w:1x13,3,5 b:24x15 w",
            "question=point&field=7,8",
            Question::Point(vec![Field::new(7), Field::new(8)]),
        ),
        (
            "w:1x12,8,9,10 b:24x15 w",
            "question=corner",
            Question::Corner,
        ),
    ];
    for (tpn, q, question) in cases {
        let (code, v) = ask(addr, &format!("position={}&{q}", enc(tpn))).await;
        assert_eq!(code, 200, "{tpn} {q}: {v}");
        let c = chances(&pos(tpn), &Rules::DEFAULT, &question);
        assert_eq!(v["count"], c.count, "{tpn} {q}: {v}");
        let want: Vec<String> = c.rolls.iter().map(|r| r.to_string()).collect();
        assert_eq!(v["rolls"], json!(want), "{tpn} {q}");
        assert!(c.count > 0, "{tpn} {q}: a case with rolls");
    }
    // Bad input: one line, naming what is wrong.
    for (query, part) in [
        (
            "position=w%3A1x16%20b%3A24x15%20w&question=corner",
            "position",
        ),
        ("question=corner", "give a position"),
        (
            &*format!("position={}&question=double", enc(tpn)),
            "question `double`",
        ),
        (
            &*format!("position={}&question=hit&field=30", enc(tpn)),
            "R-1.3",
        ),
        (
            &*format!("position={}&question=hit&field=24", enc(tpn)),
            "R-6.1",
        ),
        (
            &*format!("position={}&question=fill&jan=moyen", enc(tpn)),
            "R-6.5",
        ),
        (
            &*format!("position={}&question=corner&options=payout%3Dzzz", enc(tpn)),
            "options",
        ),
    ] {
        let (code, v) = ask(addr, query).await;
        assert_eq!(code, 400, "{query}: {v}");
        let e = v["error"].as_str().unwrap();
        assert!(e.contains(part), "{query}: {e}");
        assert!(!e.contains('\n'), "one line: {e}");
    }
    server.stop().await;
}
