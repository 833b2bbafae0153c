//! Plain HTTP/1.1 for the server tests: GET, a JSON request, a whole
//! exchange with the answer's head, and the lobby's seek calls.

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// `GET path` over plain HTTP/1.1: status and body.
pub async fn http_get(addr: SocketAddr, path: &str) -> (u16, String) {
    http_send(addr, "GET", path, None).await
}

/// `METHOD path` over plain HTTP/1.1, with a JSON `body` if any: status
/// and body (chunked answers put together).
pub async fn http_send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> (u16, String) {
    let request = match body {
        None => format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"),
        Some(b) => format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{b}",
            b.len()
        ),
    };
    let (status, _, body) = http_exchange(addr, &request).await;
    (status, body)
}

/// `METHOD path` with a JSON body (sent even when empty): status and the
/// JSON answer (`{"raw": …}` when it is not JSON).
pub async fn http_json(addr: SocketAddr, method: &str, path: &str, body: &str) -> (u16, Value) {
    let (status, body) = http_send(addr, method, path, Some(body)).await;
    let v = serde_json::from_str(&body).unwrap_or_else(|_| json!({ "raw": body }));
    (status, v)
}

/// A whole HTTP/1.1 request (with `Connection: close`) sent: the
/// answer's status, head (status line and headers) and body (chunked
/// answers put together).
pub async fn http_exchange(addr: SocketAddr, request: &str) -> (u16, String, String) {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    s.write_all(request.as_bytes()).await.expect("write");
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), s.read_to_end(&mut buf))
        .await
        .expect("a reply within 30 s")
        .expect("read");
    let (status, head, body) = split_answer(&buf);
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(&body)
    } else {
        body
    };
    (status, head, body)
}

/// An HTTP answer read whole: its status (0 if none), head (status line
/// and headers) and body as sent.
pub fn split_answer(buf: &[u8]) -> (u16, String, String) {
    let text = String::from_utf8_lossy(buf).to_string();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    (status, head.to_string(), body.to_string())
}

/// `POST /api/seeks/ID/accept` as `name`: status and answer.
pub async fn accept_seek(addr: SocketAddr, id: &str, name: &str) -> (u16, Value) {
    let path = format!("/api/seeks/{id}/accept");
    http_json(addr, "POST", &path, &json!({ "name": name }).to_string()).await
}

/// `DELETE /api/seeks/ID?token=TOKEN`: status and answer.
pub async fn cancel_seek(addr: SocketAddr, id: &str, token: &str) -> (u16, Value) {
    let path = format!("/api/seeks/{id}?token={token}");
    http_json(addr, "DELETE", &path, "").await
}

/// A lobby seek posted (`POST /api/seeks`, asserted 200): its id and the
/// poster's token.
pub async fn post_seek(addr: SocketAddr, seek: Value) -> (String, String) {
    let (code, v) = http_json(addr, "POST", "/api/seeks", &seek.to_string()).await;
    assert_eq!(code, 200, "{v}");
    (
        v["id"].as_str().expect("an id").to_string(),
        v["token"].as_str().expect("a token").to_string(),
    )
}

fn dechunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n..];
        s = s.strip_prefix("\r\n").unwrap_or(s);
    }
    out
}

/// The header line of a JSON body.
pub const JSON: &str = "Content-Type: application/json\r\n";

/// `METHOD path` with the header lines `headers` (each ending in CRLF,
/// the content type among them if any) and `body`: status, head (status
/// line and headers) and JSON answer (`{"raw": …}` when it is not JSON).
pub async fn http_call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &str,
    body: &str,
) -> (u16, String, Value) {
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{headers}Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let (code, head, text) = http_exchange(addr, &request).await;
    let v = serde_json::from_str(&text).unwrap_or_else(|_| json!({ "raw": text }));
    (code, head, v)
}

/// The `name=value` of the cookie `name` set in `head`.
pub fn cookie_of(head: &str, name: &str) -> Option<String> {
    head.lines()
        .filter_map(|l| l.split_once(':'))
        .filter(|(k, _)| k.eq_ignore_ascii_case("set-cookie"))
        .map(|(_, v)| v.trim())
        .find(|v| v.starts_with(&format!("{name}=")))
        .and_then(|v| v.split(';').next())
        .map(String::from)
}
