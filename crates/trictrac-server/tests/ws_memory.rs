//! What a WebSocket costs (issue 34, item 15; docs/SERVER.md,
//! "Memory"): the growth of the process's memory divided among 1 000
//! sockets. A test binary of its own, so that no other test allocates
//! while it measures.

mod common;

use common::memory::rss_kib;
use common::{Client, TempDir};
use serde_json::json;
use trictrac_server::{Config, Server};

/// 1 000 sockets watching a room: about 140 kB each before their
/// buffers were made small.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_costs_little_memory() {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let dir = TempDir::new("harden-memory");
    let server = Server::start(Config {
        addr: "127.0.0.1:0".into(),
        database: dir.db_url(),
        limits: trictrac_server::limits::Limits::off(),
        ..Config::default()
    })
    .await
    .expect("the server starts");
    let addr = server.addr();
    // One room watched by every socket.
    let c = Client::connect(addr).await;
    let room = {
        let mut c = c;
        c.request(json!({"type": "create", "mode": "hotseat"}))
            .await;
        c.room()
    };
    let before = rss_kib();
    // Fewer where this process may open fewer files (both ends of each
    // socket are in it; the server raised its soft limit to the hard one).
    let files = std::fs::read_to_string("/proc/self/limits")
        .ok()
        .and_then(|l| {
            l.lines()
                .find(|l| l.starts_with("Max open files"))
                .and_then(|l| l.split_whitespace().nth(3)?.parse::<u64>().ok())
        })
        .unwrap_or(1024);
    let n = 1000.min(files.saturating_sub(300) / 2);
    let mut sockets = Vec::new();
    for _ in 0..n {
        // The client's end with small buffers too: the growth is the
        // server's.
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(4096)
            .write_buffer_size(4096);
        let (mut ws, _) = tokio_tungstenite::connect_async_with_config(
            format!("ws://{addr}/ws"),
            Some(config),
            false,
        )
        .await
        .expect("connects");
        ws.send(Message::Text(
            json!({"type": "join", "room": room, "watch": true})
                .to_string()
                .into(),
        ))
        .await
        .unwrap();
        let _ = ws.next().await;
        sockets.push(ws);
    }
    let per = (rss_kib().saturating_sub(before)) / n;
    eprintln!("memory per WebSocket (client and server ends in one process): {per} kB");
    assert!(per < 100, "{per} kB per WebSocket");
    drop(sockets);
    server.stop().await;
}
