//! Shared by the tests of accounts, correspondence and e-mail (issue
//! 39): a browser's cookie jar over plain HTTP, registered players, a
//! server sending mail to a given relay.

use std::net::SocketAddr;

use serde_json::{json, Value};
use trictrac_server::{Config, Server};

/// A server on `database` sending mail to `smtp` (if any).
pub async fn start(database: &str, smtp: Option<SocketAddr>) -> Server {
    Server::start(Config {
        mail: trictrac_server::notify::MailSettings {
            smtp: smtp.map(|a| format!("smtp://{a}")),
            from: "trictrac@localhost".into(),
            public_url: String::new(),
        },
        ..super::config(database)
    })
    .await
    .expect("the server starts")
}

/// A browser: its cookies.
#[derive(Default)]
pub struct Jar {
    /// The cookies kept, name and value.
    pub cookies: Vec<(String, String)>,
    /// The `Set-Cookie` values of the last answer.
    pub set_cookies: Vec<String>,
    /// Says the request came over HTTPS (`X-Forwarded-Proto`).
    pub https: bool,
}

impl Jar {
    /// The value of the cookie `name` kept.
    pub fn cookie(&self, name: &str) -> Option<&str> {
        self.cookies
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// `METHOD path` with a JSON body and the jar's cookies; keeps the
    /// cookies set: status and JSON answer.
    pub async fn call(
        &mut self,
        addr: SocketAddr,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, Value) {
        let (status, text) = self.raw(addr, method, path, body).await;
        let v = serde_json::from_str(&text).unwrap_or_else(|_| json!({ "raw": text }));
        (status, v)
    }

    /// `POST path` with a JSON body ([`Jar::call`]).
    pub async fn post(&mut self, addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
        self.call(addr, "POST", path, Some(body)).await
    }

    /// `GET path` ([`Jar::call`]).
    pub async fn get(&mut self, addr: SocketAddr, path: &str) -> (u16, Value) {
        self.call(addr, "GET", path, None).await
    }

    /// `METHOD path` with the jar's cookies; keeps the cookies set:
    /// status and body as text.
    pub async fn raw(
        &mut self,
        addr: SocketAddr,
        method: &str,
        path: &str,
        body: Option<Value>,
    ) -> (u16, String) {
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
        if self.https {
            head += "X-Forwarded-Proto: https\r\n";
        }
        head += &format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        );
        let (status, head, body) = super::http::http_exchange(addr, &head).await;
        self.set_cookies.clear();
        for line in head.lines() {
            let Some((k, v)) = line.split_once(':') else {
                continue;
            };
            if !k.eq_ignore_ascii_case("set-cookie") {
                continue;
            }
            let v = v.trim().to_string();
            if let Some((name, value)) = v.split(';').next().and_then(|kv| kv.split_once('=')) {
                self.cookies.retain(|(k, _)| k != name);
                if !value.is_empty() {
                    self.cookies.push((name.to_string(), value.to_string()));
                }
            }
            self.set_cookies.push(v);
        }
        (status, body)
    }

    /// The `Set-Cookie` of the last answer for `name`.
    pub fn set_cookie(&self, name: &str) -> Option<&str> {
        self.set_cookies
            .iter()
            .find(|c| c.starts_with(&format!("{name}=")))
            .map(String::as_str)
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
        // Letters only after the prefix: digits 0 and 1 read as letters.
        .map(|c| (b'a' + (c.to_digit(16).unwrap_or(0) as u8 % 26)) as char)
        .collect();
    format!("{prefix}{tail}{}", std::process::id() % 1000)
}

/// A player registered as `name` (password "correct horse"): his jar.
pub async fn register(addr: SocketAddr, name: &str) -> Jar {
    register_answer(addr, name).await.0
}

/// A player registered as `name` (asserted 201): his jar and the answer.
pub async fn register_answer(addr: SocketAddr, name: &str) -> (Jar, Value) {
    let mut jar = Jar::default();
    let (code, v) = jar
        .post(
            addr,
            "/api/accounts",
            json!({"name": name, "password": "correct horse"}),
        )
        .await;
    assert_eq!(code, 201, "{v}");
    (jar, v)
}

/// A player registered as `name`: his name answered, his session cookie
/// set.
pub async fn register_signed_in(addr: SocketAddr, name: &str) -> Jar {
    let (jar, v) = register_answer(addr, name).await;
    assert_eq!(v["name"], name);
    assert!(
        jar.cookie("trictrac_session").is_some(),
        "{:?}",
        jar.set_cookies
    );
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

/// Registers `name` (password "a good password", asserted 201): the
/// `Cookie:` header line of its session.
pub async fn session_line(addr: SocketAddr, name: &str) -> String {
    let body = json!({"name": name, "password": "a good password"}).to_string();
    let (code, head, v) =
        super::http::http_call(addr, "POST", "/api/accounts", super::http::JSON, &body).await;
    assert_eq!(code, 201, "{name}: {v}");
    let session = super::http::cookie_of(&head, "trictrac_session").expect("a session cookie");
    format!("Cookie: {session}\r\n")
}

/// The row of the player `name` on a leaderboard (`GET /api/ratings`).
///
/// # Panics
/// When he is not on it.
pub fn on_leaderboard(board: &Value, name: &str) -> Value {
    board["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .cloned()
        .unwrap_or_else(|| panic!("{name} on the leaderboard: {board}"))
}
