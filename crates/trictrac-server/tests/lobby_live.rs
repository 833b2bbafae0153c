//! The lobby live (issue 26): its WebSocket `/ws/lobby` gets every change
//! as it happens (a seek posted, accepted, withdrawn; a game started),
//! on one instance and across two instances sharing PostgreSQL; a poster
//! holds his seek on it, learns of his game on it, and his seek is
//! withdrawn once he left (socket closed beyond the grace, polling
//! stopped); the bots' standing challenges are always listed and
//! accepting one starts a game against that bot, at any level.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::json::assert_refused;
use common::{http_json as http, post_seek, start, Client, Lcg, TempDir};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use trictrac_server::lobby::feed::POSTER_GRACE;

/// A lobby socket that keeps the lobby as its messages say.
struct Lobby {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Open seeks by code.
    seeks: Vec<Value>,
    /// Live games.
    live: Vec<Value>,
    /// The bots' standing challenges.
    bots: Vec<Value>,
    /// Messages other than the lobby's own (accepted, closed, held…).
    told: Vec<Value>,
}

impl Lobby {
    async fn connect(addr: SocketAddr) -> Lobby {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/lobby"))
            .await
            .expect("the lobby's socket connects");
        let mut l = Lobby {
            ws,
            seeks: Vec::new(),
            live: Vec::new(),
            bots: Vec::new(),
            told: Vec::new(),
        };
        let first = l.next(Duration::from_secs(10)).await.expect("the lobby");
        assert_eq!(first["type"], "lobby", "{first}");
        l
    }

    /// The next message within `limit`, applied.
    async fn next(&mut self, limit: Duration) -> Option<Value> {
        let m = tokio::time::timeout(limit, self.ws.next()).await.ok()?;
        let Some(Ok(Message::Text(t))) = m else {
            return None;
        };
        let v: Value = serde_json::from_str(t.as_str()).expect("JSON");
        match v["type"].as_str() {
            Some("lobby") => {
                self.seeks = v["seeks"].as_array().unwrap().clone();
                self.live = v["live"].as_array().unwrap().clone();
                self.bots = v["bots"].as_array().unwrap().clone();
            }
            Some("lobby_diff") => {
                for s in v["seeks"].as_array().unwrap() {
                    self.seeks.retain(|x| x["id"] != s["id"]);
                    self.seeks.push(s.clone());
                }
                for id in v["gone"].as_array().unwrap() {
                    self.seeks.retain(|x| &x["id"] != id);
                }
                for g in v["live"].as_array().unwrap() {
                    self.live.retain(|x| x["room"] != g["room"]);
                    self.live.push(g.clone());
                }
                for r in v["ended"].as_array().unwrap() {
                    self.live.retain(|x| &x["room"] != r);
                }
            }
            _ => self.told.push(v.clone()),
        }
        Some(v)
    }

    /// Reads until `pred` holds of the lobby; how long it took, or
    /// `None` after `limit`.
    async fn until(&mut self, limit: Duration, pred: impl Fn(&Lobby) -> bool) -> Option<Duration> {
        let t0 = Instant::now();
        while !pred(self) {
            let left = limit.checked_sub(t0.elapsed())?;
            self.next(left).await?;
        }
        Some(t0.elapsed())
    }

    fn lists(&self, id: &str) -> bool {
        self.seeks.iter().any(|s| s["id"] == id)
    }

    async fn send(&mut self, v: Value) {
        self.ws
            .send(Message::Text(v.to_string().into()))
            .await
            .unwrap();
    }

    /// Holds a seek; waits for the answer.
    async fn hold(&mut self, id: &str, token: &str) -> Value {
        self.send(json!({"type": "hold", "seek": id, "token": token}))
            .await;
        let n = self.told.len();
        self.until(Duration::from_secs(5), |l| l.told.len() > n)
            .await
            .expect("an answer to hold");
        self.told[n].clone()
    }
}

/// Posted, accepted: every lobby socket sees the seek come and go and
/// the game start, without asking; the poster, holding his seek on his
/// socket, is told of his game (the seat the REST answer would give).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_sockets_see_seeks_come_and_go_and_the_poster_is_told_of_his_game() {
    let dir = TempDir::new("lobby-live");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let mut watcher = Lobby::connect(addr).await;
    let mut poster = Lobby::connect(addr).await;
    assert!(watcher.seeks.is_empty());
    let (id, token) = post_seek(
        addr,
        json!({"game": "backgammon", "match": 3, "name": "Ann"}),
    )
    .await;
    let held = poster.hold(&id, &token).await;
    assert_eq!(held, json!({"type": "held", "seek": id}));
    // A wrong token holds nothing.
    let wrong = poster.hold(&id, "nope").await;
    assert_eq!(wrong["type"], "error", "{wrong}");
    let took = watcher
        .until(Duration::from_secs(5), |l| l.lists(&id))
        .await
        .expect("the seek reaches the socket");
    assert!(took < Duration::from_millis(900), "told at once: {took:?}");
    let listed = watcher.seeks.iter().find(|s| s["id"] == id).unwrap();
    assert_eq!(
        (listed["name"].clone(), listed["match"].clone()),
        (json!("Ann"), json!(3))
    );
    assert!(listed.get("token").is_none());

    let (code, won) = common::accept_seek(addr, &id, "Bob").await;
    assert_eq!(code, 200, "{won}");
    let room = won["room"].as_str().unwrap().to_string();
    watcher
        .until(Duration::from_secs(5), |l| {
            !l.lists(&id) && l.live.iter().any(|g| g["room"] == room)
        })
        .await
        .expect("the seek goes, the game comes");
    poster
        .until(Duration::from_secs(5), |l| {
            l.told.iter().any(|m| m["type"] == "accepted")
        })
        .await
        .expect("the poster is told of his game");
    let told = poster
        .told
        .iter()
        .find(|m| m["type"] == "accepted")
        .unwrap()
        .clone();
    assert_eq!(told["room"], room);
    assert_ne!(told["side"], won["side"]);
    let mut ann = Client::connect(addr).await;
    let w = ann
        .request(json!({"type": "join", "room": room, "token": told["token"]}))
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    assert_eq!(
        ann.seats(),
        vec![told["side"].as_str().unwrap().to_string()]
    );
    // Holding it again after the game was made answers the game at once.
    let again = watcher.hold(&id, &token).await;
    assert_eq!(again["type"], "accepted", "{again}");
    assert_eq!(again["room"], room);
    // A cancelled seek goes too.
    let (id2, token2) = post_seek(addr, json!({"game": "trictrac"})).await;
    watcher
        .until(Duration::from_secs(5), |l| l.lists(&id2))
        .await
        .unwrap();
    let (code, _) = common::cancel_seek(addr, &id2, &token2).await;
    assert_eq!(code, 200);
    watcher
        .until(Duration::from_secs(5), |l| !l.lists(&id2))
        .await
        .expect("a cancelled seek goes");
    server.stop().await;
}

/// A seek stands while its poster is there: held on an open socket, or
/// held again on a new socket within the grace; it is withdrawn when his
/// socket closed and did not come back, or when he posted it by REST and
/// stopped asking after it — `left`, as `GET /api/seeks/ID` says.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_whose_poster_left_is_withdrawn_after_the_grace() {
    let dir = TempDir::new("lobby-left");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let mut watcher = Lobby::connect(addr).await;
    let (stays, stays_token) = post_seek(addr, json!({"game": "trictrac", "name": "Stays"})).await;
    let (leaves, leaves_token) =
        post_seek(addr, json!({"game": "trictrac", "name": "Leaves"})).await;
    let (back, back_token) = post_seek(addr, json!({"game": "backgammon", "name": "Back"})).await;
    let (rest, _) = post_seek(addr, json!({"game": "backgammon", "name": "Rest"})).await;
    watcher
        .until(Duration::from_secs(5), |l| {
            [&stays, &leaves, &back, &rest].iter().all(|id| l.lists(id))
        })
        .await
        .expect("the four seeks listed");
    let mut a = Lobby::connect(addr).await;
    assert_eq!(a.hold(&stays, &stays_token).await["type"], "held");
    let mut b = Lobby::connect(addr).await;
    assert_eq!(b.hold(&leaves, &leaves_token).await["type"], "held");
    let mut c = Lobby::connect(addr).await;
    assert_eq!(c.hold(&back, &back_token).await["type"], "held");
    let t0 = Instant::now();
    drop(b);
    // The third poster's connection drops and comes back at once.
    drop(c);
    let mut c = Lobby::connect(addr).await;
    assert_eq!(c.hold(&back, &back_token).await["type"], "held");
    watcher
        .until(POSTER_GRACE + Duration::from_secs(5), |l| {
            !l.lists(&leaves) && !l.lists(&rest)
        })
        .await
        .expect("the seeks whose poster left are withdrawn");
    let after = t0.elapsed();
    assert!(
        after + Duration::from_secs(3) >= POSTER_GRACE,
        "not before the grace: {after:?}"
    );
    // Well past the grace, the others stand.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let (_, l) = http(addr, "GET", "/api/lobby", "").await;
    let open: Vec<&Value> = l["seeks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| &s["id"])
        .collect();
    assert!(
        open.contains(&&json!(stays)) && open.contains(&&json!(back)),
        "{l}"
    );
    assert!(!open.contains(&&json!(leaves)), "{l}");
    let (_, v) = http(addr, "GET", &format!("/api/seeks/{leaves}"), "").await;
    assert_eq!(v["state"], "left", "{v}");
    drop(a);
    drop(c);
    server.stop().await;
}

/// The bots' standing challenges: one per game, always listed, with
/// their levels; accepting one (at the level chosen) starts a game
/// against that bot, which moves; an unknown bot is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_standing_challenges_are_listed_and_accepting_one_starts_a_bot_game() {
    let dir = TempDir::new("lobby-bots");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let lobby = Lobby::connect(addr).await;
    let ids: Vec<&Value> = lobby.bots.iter().map(|b| &b["id"]).collect();
    assert_eq!(
        ids,
        vec!["BOT-BACKGAMMON", "BOT-TRICTRAC"],
        "{:?}",
        lobby.bots
    );
    let (_, l) = http(addr, "GET", "/api/lobby", "").await;
    assert_eq!(l["bots"].as_array().unwrap().len(), 2, "{l}");
    for b in &lobby.bots {
        let levels = b["levels"].as_array().unwrap();
        assert!(levels.len() >= 4, "{b}");
        assert!(
            levels[0]["level"].as_str().unwrap().starts_with("Beginner"),
            "{b}"
        );
        assert!(
            levels.last().unwrap()["level"]
                .as_str()
                .unwrap()
                .starts_with(if b["game"] == "backgammon" {
                    "Master"
                } else {
                    "Expert"
                }),
            "{b}"
        );
    }
    let (code, v) = http(
        addr,
        "POST",
        "/api/seeks/BOT-TRICTRAC/accept",
        &json!({"bot": "nobody"}).to_string(),
    )
    .await;
    assert_refused(code, &v, 400, "unknown trictrac bot");
    // Every level of backgammon starts a game against it.
    let bg = lobby
        .bots
        .iter()
        .find(|b| b["game"] == "backgammon")
        .unwrap();
    for level in bg["levels"].as_array().unwrap() {
        let (code, v) = http(
            addr,
            "POST",
            "/api/seeks/bot-backgammon/accept",
            &json!({"bot": level["bot"], "name": "Newcomer"}).to_string(),
        )
        .await;
        assert_eq!(code, 200, "{v}");
        assert_eq!(v["bot"], level["bot"]);
        assert_eq!(v["game"], "backgammon");
    }
    // The standing trictrac challenge, at the weakest level: the bot moves.
    let (code, v) = http(
        addr,
        "POST",
        "/api/seeks/BOT-TRICTRAC/accept",
        &json!({"bot": "random", "name": "Newcomer"}).to_string(),
    )
    .await;
    assert_eq!(code, 200, "{v}");
    let mine = v["side"].as_str().unwrap().to_string();
    let (room, token) = (v["room"].as_str().unwrap(), v["token"].as_str().unwrap());
    let mut me = Client::seat(addr, room, token).await;
    assert_eq!(me.seats(), vec![mine.clone()]);
    assert_eq!(me.state["game"], "trictrac");
    let bot_moved = common::play_until_the_bot_moves(&mut me, &mine, &mut Lcg(7), 200).await;
    assert!(bot_moved.is_some(), "the bot moved");
    server.stop().await;
}

/// Two instances on one PostgreSQL database: a seek posted, cancelled or
/// accepted through one reaches a lobby socket on the other at once
/// (told by NOTIFY, not by the second's periodic look), and the poster
/// holding his seek on the other instance is told of his game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_update_reaches_a_lobby_socket_on_the_other_postgres_instance() {
    let Some((one, two)) = common::postgres_pair().await else {
        return;
    };
    let mut far = Lobby::connect(two.addr()).await;
    let mut poster = Lobby::connect(two.addr()).await;
    let mut slowest = Duration::ZERO;
    for i in 0..5 {
        let (id, token) = post_seek(
            one.addr(),
            json!({"game": "trictrac", "name": format!("P{i}")}),
        )
        .await;
        let took = far
            .until(Duration::from_secs(5), |l| l.lists(&id))
            .await
            .expect("the seek reaches the other instance's socket");
        slowest = slowest.max(took);
        let (code, _) = common::cancel_seek(one.addr(), &id, &token).await;
        assert_eq!(code, 200);
        let took = far
            .until(Duration::from_secs(5), |l| !l.lists(&id))
            .await
            .expect("the cancel reaches the other instance's socket");
        slowest = slowest.max(took);
    }
    // The other instance looks again every second by itself: ten changes
    // all told within 400 ms mean the notification carried them.
    assert!(slowest < Duration::from_millis(400), "slowest {slowest:?}");
    // Posted on one, held on two, accepted on one: told on two.
    let (id, token) = post_seek(one.addr(), json!({"game": "backgammon", "name": "Ann"})).await;
    assert_eq!(poster.hold(&id, &token).await["type"], "held");
    let (code, won) = common::accept_seek(one.addr(), &id, "Bob").await;
    assert_eq!(code, 200, "{won}");
    poster
        .until(Duration::from_secs(5), |l| {
            l.told.iter().any(|m| m["type"] == "accepted")
        })
        .await
        .expect("the poster on the other instance is told of his game");
    let told = poster
        .told
        .iter()
        .find(|m| m["type"] == "accepted")
        .unwrap();
    assert_eq!(told["room"], won["room"]);
    far.until(Duration::from_secs(5), |l| {
        l.live.iter().any(|g| g["room"] == won["room"])
    })
    .await
    .expect("the game is live on the other instance too");
    one.stop().await;
    two.stop().await;
}
