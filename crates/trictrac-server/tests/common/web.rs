//! Shared by the tests of accounts, correspondence and e-mail (issue
//! 39): a browser's cookie jar over plain HTTP, registered players, a
//! server sending mail to a given relay.

use std::net::SocketAddr;
use std::time::Duration;

use serde_json::{json, Value};
use trictrac_server::{Config, Server};

/// A server on `database` sending mail to `smtp` (if any).
pub async fn start(database: &str, smtp: Option<SocketAddr>) -> Server {
    Server::start(Config {
        addr: "127.0.0.1:0".into(),
        database: database.into(),
        bot_delay: Duration::ZERO,
        limits: trictrac_server::limits::Limits {
            messages_per_second: 10_000,
            creates_per_minute: 10_000,
            ..Default::default()
        },
        mail: trictrac_server::notify::MailSettings {
            smtp: smtp.map(|a| format!("smtp://{a}")),
            from: "trictrac@localhost".into(),
            public_url: String::new(),
        },
        ..Config::default()
    })
    .await
    .expect("the server starts")
}

/// A browser: its cookies.
#[derive(Default)]
pub struct Jar {
    pub cookies: Vec<(String, String)>,
}

impl Jar {
    pub async fn call(
        &mut self,
        addr: SocketAddr,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let cookies = self
            .cookies
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join("; ");
        let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
        if !cookies.is_empty() {
            head += &format!("Cookie: {cookies}\r\n");
        }
        head += &format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let (status, head, text) = super::http_exchange(addr, &head).await;
        for line in head.lines() {
            let Some((k, v)) = line.split_once(':') else {
                continue;
            };
            if !k.eq_ignore_ascii_case("set-cookie") {
                continue;
            }
            if let Some((name, value)) =
                v.trim().split(';').next().and_then(|kv| kv.split_once('='))
            {
                self.cookies.retain(|(k, _)| k != name);
                if !value.is_empty() {
                    self.cookies.push((name.to_string(), value.to_string()));
                }
            }
        }
        let v = serde_json::from_str(&text).unwrap_or_else(|_| json!({ "raw": text }));
        (status, v)
    }

    pub async fn post(&mut self, addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
        self.call(addr, "POST", path, Some(body)).await
    }

    pub async fn get(&mut self, addr: SocketAddr, path: &str) -> (u16, Value) {
        self.call(addr, "GET", path, None).await
    }
}

/// A name free on a database shared by earlier runs (PostgreSQL).
pub fn unique(prefix: &str) -> String {
    use std::time::{SystemTime, UNIX_EPOCH};
    let n = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    let tail: String = format!("{n:x}")
        .chars()
        .rev()
        .take(7)
        .map(|c| (b'a' + (c.to_digit(16).unwrap_or(0) as u8 % 26)) as char)
        .collect();
    format!("{prefix}{tail}{}", std::process::id() % 1000)
}

pub async fn register(addr: SocketAddr, name: &str) -> Jar {
    let mut jar = Jar::default();
    let (code, v) = jar
        .post(
            addr,
            "/api/accounts",
            json!({"name": name, "password": "correct horse"}),
        )
        .await;
    assert_eq!(code, 201, "{v}");
    jar
}

/// The path of a link of the server in a mail (`/api/…` or `/?room=…`).
pub fn link_in(body: &str, start: &str) -> String {
    let i = body
        .find(start)
        .unwrap_or_else(|| panic!("{start} in {body}"));
    let rest = &body[i..];
    let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
    rest[..end].to_string()
}
