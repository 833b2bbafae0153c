//! Shared by the server tests: a server on a temporary SQLite file, a
//! WebSocket client that keeps the latest state, test players; plain
//! HTTP (http.rs), cookie jars and accounts (web.rs), file systems
//! (fs.rs), a mail relay (smtp.rs).

#![allow(dead_code)]

use std::collections::HashMap;
use std::future::Future;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;
use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use trictrac_server::{Config, Server};

pub mod fs;
pub mod games;
pub mod http;
pub mod json;
pub mod memory;
pub mod smtp;
pub mod strangers;
pub mod web;

#[allow(unused_imports)]
pub use fs::{fill, Tmpfs};
#[allow(unused_imports)]
pub use http::{
    accept_seek, cancel_seek, http_exchange, http_get, http_json, http_send, post_seek,
};
pub use test_support::missing;

/// A temporary folder, removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static N: AtomicU32 = AtomicU32::new(0);
        let p = std::env::temp_dir().join(format!(
            "trictrac-{tag}-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).expect("a temporary folder");
        TempDir(p)
    }

    pub fn db_url(&self) -> String {
        format!("sqlite://{}", self.0.join("games.db").display())
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A server on 127.0.0.1 (any free port), bots acting at once. The
/// tests' clients act as fast as the network lets them, faster than any
/// person: the limits on messages and games made are raised (the tests
/// of the limits start servers of their own).
pub async fn start(database: &str) -> Server {
    Server::start(config(database))
        .await
        .expect("the server starts")
}

/// The configuration of [`start`]: 127.0.0.1, any port, bots at once,
/// the limits raised.
pub fn config(database: &str) -> Config {
    Config {
        addr: "127.0.0.1:0".into(),
        database: database.into(),
        bot_delay: Duration::ZERO,
        limits: trictrac_server::limits::Limits {
            messages_per_second: 10_000,
            creates_per_minute: 10_000,
            ..Default::default()
        },
        ..Config::default()
    }
}

/// `f` run against a server on `database`, stopped after.
pub async fn on_server<F: Future<Output = ()>>(database: &str, f: impl FnOnce(SocketAddr) -> F) {
    let server = start(database).await;
    f(server.addr()).await;
    server.stop().await;
}

/// `f` run against a server on a new SQLite file (`tag` names its
/// folder).
pub async fn on_sqlite<F: Future<Output = ()>>(tag: &str, f: impl FnOnce(SocketAddr) -> F) {
    let dir = TempDir::new(tag);
    on_server(&dir.db_url(), f).await;
}

/// `f` run against a server on the test PostgreSQL database
/// ([`postgres_url`]; without one, nothing is run).
pub async fn on_postgres<F: Future<Output = ()>>(f: impl FnOnce(SocketAddr) -> F) {
    if let Some(url) = postgres_url() {
        on_server(&url, f).await;
    }
}

/// Two server instances on the test PostgreSQL database
/// ([`postgres_url`]; without one, none).
pub async fn postgres_pair() -> Option<(Server, Server)> {
    let url = postgres_url()?;
    Some((start(&url).await, start(&url).await))
}

/// A WebSocket client that follows the room's state.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// The latest state, with the whole history merged in.
    pub state: Value,
    pub history: Vec<Value>,
    pub welcome: Value,
    /// Errors received.
    pub errors: Vec<String>,
}

impl Client {
    pub async fn connect(addr: SocketAddr) -> Client {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .expect("the WebSocket connects");
        Client {
            ws,
            state: Value::Null,
            history: Vec::new(),
            welcome: Value::Null,
            errors: Vec::new(),
        }
    }

    /// A player's seat, joined with its token: the welcome asserted.
    pub async fn seat(addr: SocketAddr, room: &str, token: &str) -> Client {
        let mut c = Client::connect(addr).await;
        let w = c
            .request(json!({"type": "join", "room": room, "token": token}))
            .await;
        assert_eq!(w["type"], "welcome", "{w}");
        c
    }

    pub async fn send(&mut self, v: Value) {
        self.ws
            .send(Message::Text(v.to_string().into()))
            .await
            .expect("send");
    }

    /// The next message (state messages are also merged into `state`).
    pub async fn recv(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(20), self.ws.next())
                .await
                .expect("a message within 20 s")
                .expect("the connection is open")
                .expect("a frame");
            let Message::Text(t) = m else { continue };
            let v: Value = serde_json::from_str(t.as_str()).expect("JSON from the server");
            match v["type"].as_str() {
                Some("state") => {
                    let start = v["history_start"].as_u64().unwrap() as usize;
                    if start <= self.history.len() {
                        self.history.truncate(start);
                        self.history
                            .extend(v["history"].as_array().unwrap().iter().cloned());
                    } else {
                        // Missed some: ask for everything.
                        self.send(json!({"type": "sync"})).await;
                    }
                    self.state = v.clone();
                }
                Some("welcome") => self.welcome = v.clone(),
                Some("error") => self.errors.push(v["message"].as_str().unwrap_or("").into()),
                _ => {}
            }
            return v;
        }
    }

    /// Sends a request and reads until its `ack`, `error`, `welcome` or
    /// `hint` reply.
    pub async fn request(&mut self, v: Value) -> Value {
        self.send(v).await;
        loop {
            let r = self.recv().await;
            if matches!(
                r["type"].as_str(),
                Some("ack") | Some("error") | Some("hint") | Some("judge")
            ) {
                return r;
            }
            if r["type"] == "welcome" {
                // The full state follows the welcome.
                loop {
                    let s = self.recv().await;
                    if s["type"] == "state" {
                        return r;
                    }
                }
            }
        }
    }

    /// Reads until the reply to a request sent: `ack` or `error`.
    pub async fn reply(&mut self) -> Value {
        loop {
            let r = self.recv().await;
            if matches!(r["type"].as_str(), Some("ack") | Some("error")) {
                return r;
            }
        }
    }

    /// Asks for the whole state and returns it.
    pub async fn sync(&mut self) -> Value {
        self.send(json!({"type": "sync"})).await;
        loop {
            let r = self.recv().await;
            if r["type"] == "state" && r["history_start"] == 0 {
                return r;
            }
        }
    }

    /// Reads until the state has at least `seq` actions.
    pub async fn wait_seq(&mut self, seq: u64) {
        while self.state["seq"].as_u64().unwrap_or(0) < seq {
            self.recv().await;
        }
    }

    /// Reads until `pred` holds for the state.
    pub async fn wait_until(&mut self, pred: impl Fn(&Value) -> bool) {
        while !pred(&self.state) {
            self.recv().await;
        }
    }

    pub fn seats(&self) -> Vec<String> {
        self.welcome["seats"]
            .as_array()
            .map(|a| a.iter().map(|s| s.as_str().unwrap().to_string()).collect())
            .unwrap_or_default()
    }

    pub fn token(&self) -> String {
        self.welcome["token"].as_str().unwrap_or("").to_string()
    }

    pub fn room(&self) -> String {
        self.welcome["room"].as_str().unwrap_or("").to_string()
    }

    /// Whose move it is (`white`/`black`), if anyone's.
    pub fn to_act(&self) -> Option<String> {
        let p = &self.state["phase"];
        if p["kind"] == "over" {
            return None;
        }
        p["side"].as_str().map(String::from)
    }

    pub fn over(&self) -> bool {
        self.state["phase"]["kind"] == "over"
    }
}

/// A small deterministic generator for the test players' choices.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Plays until the game is over or `max` actions are done, each by the
/// client whose side is to act, the action `choose` picks in his state,
/// sent with his sequence number; both clients follow every action.
pub async fn play_both(
    a: &mut Client,
    b: &mut Client,
    max: usize,
    mut choose: impl FnMut(&Value) -> Value,
) {
    for _ in 0..max {
        if games::act_once(a, b, &mut choose).await.is_none() {
            return;
        }
        assert_eq!(a.state["seq"], b.state["seq"]);
    }
}

/// Plays random actions for `mine` (at most `max`) until the other side,
/// a bot, acts: the sequence number of the bot's first action, or none
/// (the game ended, or the bot did not act).
pub async fn play_until_the_bot_moves(
    me: &mut Client,
    mine: &str,
    rng: &mut Lcg,
    max: usize,
) -> Option<u64> {
    for _ in 0..max {
        match me.to_act() {
            Some(s) if s == mine => {
                me.act(&random_action(&me.state, rng)).await;
            }
            Some(_) => {
                let seq = me.state["seq"].as_u64().unwrap();
                me.wait_seq(seq + 1).await;
                return Some(seq + 1);
            }
            None => return None,
        }
    }
    None
}

/// What a random player sends in `state` (it must be his move).
pub fn random_action(state: &Value, rng: &mut Lcg) -> Value {
    match state["phase"]["kind"].as_str().unwrap() {
        "roll" => json!({"type": "roll"}),
        "stay_or_leave" => {
            if rng.below(3) == 0 {
                json!({"type": "leave"})
            } else {
                json!({"type": "stay"})
            }
        }
        "play" => games::random_play(state, rng),
        k => panic!("no random action for phase {k}"),
    }
}

/// [`missing`], for the server's tests: `kind` and why.
pub fn skip_or_fail(kind: &str, why: &str) {
    missing(kind, why);
}

/// The PostgreSQL database of the tests: `TRICTRAC_TEST_POSTGRES`, which
/// `.ci/run` sets after starting a server of its own. Without it the test
/// fails, unless `TRICTRAC_SKIP_POSTGRES=1` ([`missing`]).
pub fn postgres_url() -> Option<String> {
    match std::env::var("TRICTRAC_TEST_POSTGRES") {
        Ok(url) => Some(url),
        Err(_) => {
            skip_or_fail(
                "POSTGRES",
                "no PostgreSQL: set TRICTRAC_TEST_POSTGRES=postgres://... to test it",
            );
            None
        }
    }
}

/// Hot-seat games driven by one client each; counts what was acknowledged.
pub struct Players {
    pub clients: Vec<Client>,
    pub rng: Lcg,
    pub acked: HashMap<String, u64>,
    pub errors: usize,
}

impl Players {
    pub async fn new(addr: std::net::SocketAddr, n: usize) -> Players {
        let mut clients = Vec::new();
        let mut acked = HashMap::new();
        for _ in 0..n {
            let mut c = Client::connect(addr).await;
            let w = c
                .request(json!({"type": "create", "mode": "hotseat", "name": "t"}))
                .await;
            assert_eq!(w["type"], "welcome", "{w}");
            acked.insert(c.room(), c.state["seq"].as_u64().unwrap());
            clients.push(c);
        }
        Players {
            clients,
            rng: Lcg(5),
            acked,
            errors: 0,
        }
    }

    /// One action per unfinished game; returns the number acknowledged.
    pub async fn round(&mut self) -> usize {
        let mut acks = 0;
        for c in &mut self.clients {
            if c.over() {
                continue;
            }
            let mut m = random_action(&c.state, &mut self.rng);
            m["seq"] = json!(c.state["seq"].as_u64().unwrap());
            let r = c.request(m).await;
            if r["type"] == "ack" {
                let seq = r["seq"].as_u64().unwrap();
                c.wait_seq(seq).await;
                let e = self.acked.get_mut(&c.room()).unwrap();
                assert!(seq > *e, "acks go forward");
                *e = seq;
                acks += 1;
            } else {
                assert_eq!(r["type"], "error", "{r}");
                self.errors += 1;
                // The room did not move on past what was stored.
                let s = c.sync().await;
                assert_eq!(s["seq"].as_u64().unwrap(), self.acked[&c.room()], "{r}");
            }
        }
        acks
    }

    /// Rounds until `n` actions were acknowledged (or `limit` passed).
    pub async fn until_acks(&mut self, n: usize, limit: Duration) -> usize {
        let t = Instant::now();
        let mut acks = 0;
        while acks < n && t.elapsed() < limit {
            acks += self.round().await;
            if acks == 0 {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        acks
    }
}
