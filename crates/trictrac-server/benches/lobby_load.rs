//! The lobby under load (issue 26): 1,000 open seeks, 300 games in
//! progress and 20 tournaments (issue 39) listed, N lobby sockets connected, and the time from a
//! change (a seek posted, a seek accepted) to its update arriving on
//! every socket. Prints the latencies (p50, p99, max) and the listing's
//! size and time; docs/PERFORMANCE.md keeps the numbers.
//!
//! ```text
//! cargo bench -p trictrac-server --bench lobby_load
//! cargo bench -p trictrac-server --bench lobby_load -- --sockets 500 --changes 100
//! ```
//!
//! A server on 127.0.0.1 (a temporary SQLite database, or PostgreSQL with
//! `--database postgres://…`), all traffic on the loopback; bounded in
//! count and time, it stops by itself.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;
use trictrac_server::{limits::Limits, Config, Server};

/// Plain HTTP, as the server's tests speak it.
#[allow(dead_code)]
#[path = "../tests/common/http.rs"]
mod http;
use http::{cookie_of, http_call, http_json, JSON};

const SEEKS: usize = 1000;
const LIVE: usize = 300;
/// Tournaments listed too (issue 39: the lobby lists them).
const TOURNAMENTS: usize = 20;
/// Seeks one lobby socket holds at most (the server's limit).
const HELD_PER_SOCKET: usize = 20;

/// [`TOURNAMENTS`] tournaments waiting (half arenas, half knock-outs),
/// made by one registered player.
async fn make_tournaments(addr: SocketAddr) {
    let body = json!({"name": "Director", "password": "correct horse"}).to_string();
    let (code, head, v) = http_call(addr, "POST", "/api/accounts", JSON, &body).await;
    assert_eq!(code, 201, "{v}");
    let session = cookie_of(&head, "trictrac_session").expect("a session cookie");
    let headers = format!("Cookie: {session}\r\n{JSON}");
    for i in 0..TOURNAMENTS {
        let t = if i.is_multiple_of(2) {
            json!({"name": format!("Arena {i}"), "game": "backgammon", "kind": "arena", "minutes": 60, "starts": now() + 86_400})
        } else {
            json!({"name": format!("Cup {i}"), "game": "trictrac", "kind": "knockout", "starts": now() + 86_400})
        };
        let (code, _, v) =
            http_call(addr, "POST", "/api/tournaments", &headers, &t.to_string()).await;
        assert_eq!(code, 200, "{v}");
    }
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

async fn post_seek(addr: SocketAddr, i: usize) -> (String, String) {
    let game = if i.is_multiple_of(2) {
        "backgammon"
    } else {
        "trictrac"
    };
    http::post_seek(addr, json!({"game": game, "name": format!("P{i}")})).await
}

/// When each socket saw each id come (`+ID`) or go (`-ID`).
type Seen = Arc<Mutex<Vec<HashMap<String, Instant>>>>;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let sockets: usize = arg("--sockets").and_then(|s| s.parse().ok()).unwrap_or(200);
    let changes: usize = arg("--changes").and_then(|s| s.parse().ok()).unwrap_or(100);
    let dir = std::env::temp_dir().join(format!("trictrac-lobby-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let database =
        arg("--database").unwrap_or_else(|| format!("sqlite://{}", dir.join("lobby.db").display()));
    let server = Server::start(Config {
        addr: "127.0.0.1:0".into(),
        database,
        limits: Limits::off(),
        ..Config::default()
    })
    .await
    .expect("the server starts");
    let addr = server.addr();
    let t0 = Instant::now();

    // 300 games in progress: seeks posted and accepted, ten at a time.
    for batch in (0..LIVE).collect::<Vec<_>>().chunks(10) {
        let tasks: Vec<_> = batch
            .iter()
            .map(|&i| {
                tokio::spawn(async move {
                    let (id, _) = post_seek(addr, i).await;
                    let (code, v) = http_json(
                        addr,
                        "POST",
                        &format!("/api/seeks/{id}/accept"),
                        &json!({"name": format!("A{i}")}).to_string(),
                    )
                    .await;
                    assert_eq!(code, 200, "{v}");
                })
            })
            .collect();
        for t in tasks {
            t.await.expect("a game");
        }
    }
    make_tournaments(addr).await;
    // 1,000 open seeks, each held by its poster's lobby socket as soon as
    // it is posted (20 per socket).
    let mut holders = Vec::new();
    let mut posted = Vec::new();
    for batch in (0..SEEKS).collect::<Vec<_>>().chunks(HELD_PER_SOCKET) {
        let tasks: Vec<_> = batch
            .iter()
            .map(|&i| tokio::spawn(async move { post_seek(addr, i).await }))
            .collect();
        let mut chunk = Vec::new();
        for t in tasks {
            chunk.push(t.await.expect("a seek"));
        }
        let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/lobby"))
            .await
            .expect("a holder connects");
        posted.extend(chunk.iter().map(|(id, _)| id.clone()));
        for (id, token) in &chunk {
            ws.send(Message::Text(
                json!({"type": "hold", "seek": id, "token": token})
                    .to_string()
                    .into(),
            ))
            .await
            .expect("hold");
        }
        // Keep reading, so that the server never waits on it.
        holders.push(tokio::spawn(async move {
            while let Some(Ok(_)) = ws.next().await {}
        }));
    }
    println!(
        "set up: {SEEKS} open seeks, {LIVE} live games, {TOURNAMENTS} tournaments in {:.1} s",
        t0.elapsed().as_secs_f64()
    );

    // The listing, by REST.
    let mut rest = Vec::new();
    let mut size = 0;
    for _ in 0..20 {
        let t = Instant::now();
        let (code, v) = http_json(addr, "GET", "/api/lobby", "").await;
        rest.push(t.elapsed());
        assert_eq!(code, 200);
        let listed = v["seeks"].as_array().unwrap();
        if listed.len() != SEEKS {
            for id in &posted {
                if !listed.iter().any(|s| s["id"] == id.as_str()) {
                    let (_, s) = http_json(addr, "GET", &format!("/api/seeks/{id}"), "").await;
                    println!("not listed: {s}");
                }
            }
        }
        assert_eq!(listed.len(), SEEKS);
        assert_eq!(v["live"].as_array().unwrap().len(), LIVE);
        size = v.to_string().len();
    }
    rest.sort();

    // N lobby sockets, each noting when each id came or went.
    let seen: Seen = Arc::new(Mutex::new(vec![HashMap::new(); sockets]));
    let mut readers = Vec::new();
    let mut first = Vec::new();
    for n in 0..sockets {
        let t = Instant::now();
        let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/lobby"))
            .await
            .expect("a lobby socket connects");
        let Some(Ok(Message::Text(t0msg))) = ws.next().await else {
            panic!("no lobby")
        };
        first.push(t.elapsed());
        let v: Value = serde_json::from_str(t0msg.as_str()).unwrap();
        assert_eq!(v["seeks"].as_array().unwrap().len(), SEEKS);
        assert_eq!(v["live"].as_array().unwrap().len(), LIVE);
        let seen = seen.clone();
        readers.push(tokio::spawn(async move {
            while let Some(Ok(m)) = ws.next().await {
                let at = Instant::now();
                let Message::Text(t) = m else { continue };
                let v: Value = match serde_json::from_str(t.as_str()) {
                    Ok(v) => v,
                    Err(_) => continue,
                };
                let mut marks = Vec::new();
                for s in v["seeks"].as_array().into_iter().flatten() {
                    marks.push(format!("+{}", s["id"].as_str().unwrap_or("")));
                }
                for g in v["gone"].as_array().into_iter().flatten() {
                    marks.push(format!("-{}", g.as_str().unwrap_or("")));
                }
                let mut s = seen.lock().unwrap();
                for m in marks {
                    s[n].entry(m).or_insert(at);
                }
            }
        }));
    }
    first.sort();

    // The changes, one at a time: a seek posted, then that seek accepted
    // (it goes from the list, a game comes). Each waits until every
    // socket saw it (at most 10 s).
    let mut started: Vec<(String, Instant)> = Vec::new();
    let wait_all = |mark: String| {
        let seen = seen.clone();
        async move {
            let end = Instant::now() + Duration::from_secs(10);
            loop {
                if seen.lock().unwrap().iter().all(|m| m.contains_key(&mark)) {
                    return true;
                }
                if Instant::now() > end {
                    return false;
                }
                tokio::time::sleep(Duration::from_millis(1)).await;
            }
        }
    };
    let mut missed = 0;
    for i in 0..changes {
        let t = Instant::now();
        let (id, _) = post_seek(addr, SEEKS + i).await;
        started.push((format!("+{id}"), t));
        if !wait_all(format!("+{id}")).await {
            missed += 1;
        }
        let t = Instant::now();
        let (code, _) = http_json(addr, "POST", &format!("/api/seeks/{id}/accept"), "{}").await;
        assert_eq!(code, 200);
        started.push((format!("-{id}"), t));
        if !wait_all(format!("-{id}")).await {
            missed += 1;
        }
    }
    let mut lat: Vec<Duration> = Vec::new();
    {
        let s = seen.lock().unwrap();
        for (mark, t) in &started {
            for m in s.iter() {
                if let Some(at) = m.get(mark) {
                    lat.push(at.saturating_duration_since(*t));
                }
            }
        }
    }
    lat.sort();
    println!(
        "listing: {SEEKS} seeks + {LIVE} live games + {TOURNAMENTS} tournaments, {size} bytes"
    );
    println!(
        "GET /api/lobby: p50 {:.1} ms, p99 {:.1} ms (20 requests)",
        percentile(&rest, 0.5).as_secs_f64() * 1e3,
        percentile(&rest, 0.99).as_secs_f64() * 1e3
    );
    println!(
        "a lobby socket's first message (the whole lobby): p50 {:.1} ms, p99 {:.1} ms ({sockets} sockets)",
        percentile(&first, 0.5).as_secs_f64() * 1e3,
        percentile(&first, 0.99).as_secs_f64() * 1e3
    );
    println!(
        "update latency, change to arrival on each of {sockets} sockets, {} changes ({} arrivals, {missed} missed): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
        started.len(),
        lat.len(),
        percentile(&lat, 0.5).as_secs_f64() * 1e3,
        percentile(&lat, 0.99).as_secs_f64() * 1e3,
        lat.last().copied().unwrap_or_default().as_secs_f64() * 1e3
    );
    for r in readers.into_iter().chain(holders) {
        r.abort();
    }
    server.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
    if missed > 0 || percentile(&lat, 0.99) >= Duration::from_millis(100) {
        println!("FAILED: p99 of the lobby's updates is not under 100 ms");
        std::process::exit(1);
    }
}
