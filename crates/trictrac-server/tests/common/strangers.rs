//! What the hardening tests share (issue 34): a server with the default
//! limits, requests from other loopback addresses (strangers), a JSON
//! request with extra headers.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use trictrac_server::room::AbandonConfig;
use trictrac_server::{Config, Server};

use super::http::{http_call, split_answer};
use super::TempDir;

/// A server with the default limits (the attacks test them), a grace
/// period of `grace`.
pub async fn server(dir: &TempDir, grace: Duration) -> Server {
    Server::start(Config {
        addr: "127.0.0.1:0".into(),
        database: dir.db_url(),
        bot_delay: Duration::ZERO,
        abandon: AbandonConfig {
            grace,
            ..AbandonConfig::default()
        },
        ..Config::default()
    })
    .await
    .expect("the server starts")
}

/// A TCP connection to `addr` from the loopback address `from`.
pub async fn connect_from(from: IpAddr, addr: SocketAddr) -> std::io::Result<TcpStream> {
    let s = TcpSocket::new_v4()?;
    s.bind(SocketAddr::new(from, 0))?;
    s.connect(addr).await
}

/// The loopback address number `n` (127.0.x.y, never 127.0.0.1).
pub fn stranger(n: u32) -> IpAddr {
    let n = n + 2;
    IpAddr::from([127, 0, (n / 250) as u8, (n % 250 + 2) as u8])
}

/// A request sent from `from`: status, head, body.
pub async fn exchange_from(from: IpAddr, addr: SocketAddr, request: &str) -> (u16, String, String) {
    let mut s = connect_from(from, addr).await.expect("connect");
    s.write_all(request.as_bytes()).await.expect("write");
    let mut buf = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(60), s.read_to_end(&mut buf)).await;
    split_answer(&buf)
}

/// A JSON request with cookies and extra headers: status, answer, the
/// response's head.
pub async fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &str,
    headers: &str,
) -> (u16, Value, String) {
    let (code, head, v) = http_call(addr, method, path, headers, body).await;
    (code, v, head)
}
