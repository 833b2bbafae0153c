//! Load benchmark (not a test): N concurrent games between random bots,
//! each side a WebSocket client of a server started in this process on
//! 127.0.0.1, every action stored in the database before its ack.
//! Reports the games held, actions per second and the latency of an
//! action (send → ack) at p50/p90/p99.
//!
//! ```sh
//! cargo run --release -p trictrac-server --example load -- --games 100 --seconds 60
//! cargo run --release -p trictrac-server --example load -- --database postgres://...
//! ```
//!
//! Only loopback traffic; the run stops after `--seconds` at most.

use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What a load client reads of a server message: only the fields it acts
/// on (serde skips the rest without building it), so that the clients,
/// which share the machine with the server, cost as little as a real
/// browser's would cost the server: nothing.
#[derive(Clone, Debug, Default, Deserialize)]
struct Msg {
    #[serde(rename = "type", default)]
    kind: String,
    #[serde(default)]
    seq: Option<u64>,
    #[serde(default)]
    room: Option<String>,
    /// A list of sides in `welcome`, an object in `state`.
    #[serde(default)]
    seats: Option<Value>,
    #[serde(default)]
    phase: Option<PhaseMsg>,
    #[serde(default)]
    plays: Option<Vec<PlayMsg>>,
    #[serde(default)]
    message: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
struct PhaseMsg {
    kind: String,
    side: Option<String>,
}

#[derive(Clone, Debug, Default, Deserialize)]
struct PlayMsg {
    n: String,
}

struct Side {
    ws: Ws,
    seats: Vec<String>,
    state: Msg,
    room: String,
}

async fn next(ws: &mut Ws) -> Option<Msg> {
    loop {
        match ws.next().await? {
            Ok(Message::Text(t)) => match serde_json::from_str(t.as_str()) {
                Ok(m) => return Some(m),
                Err(e) => {
                    eprintln!("unreadable message ({e}): {}", t.as_str());
                    return None;
                }
            },
            Ok(_) => continue,
            Err(_) => return None,
        }
    }
}

impl Side {
    async fn open(addr: &str) -> Option<Side> {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .ok()?;
        Some(Side {
            ws,
            seats: Vec::new(),
            state: Msg::default(),
            room: String::new(),
        })
    }

    async fn send(&mut self, v: &Value) -> Option<()> {
        self.ws.send(Message::Text(v.to_string().into())).await.ok()
    }

    fn seq(&self) -> u64 {
        self.state.seq.unwrap_or(0)
    }

    /// Reads until `done(reply)`; keeps the latest state.
    async fn until(&mut self, done: impl Fn(&Msg) -> bool) -> Option<Msg> {
        loop {
            let v = next(&mut self.ws).await?;
            let finished = done(&v);
            match v.kind.as_str() {
                "state" if finished => {
                    self.state = v.clone();
                    return Some(v);
                }
                "state" => {
                    self.state = v;
                    continue;
                }
                "welcome" => {
                    self.room = v.room.clone()?;
                    self.seats = v
                        .seats
                        .as_ref()?
                        .as_array()?
                        .iter()
                        .filter_map(|s| s.as_str().map(String::from))
                        .collect();
                }
                _ => {}
            }
            if finished {
                return Some(v);
            }
        }
    }
}

struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

struct GameResult {
    latencies_us: Vec<u64>,
    finished: bool,
}

async fn one_game(
    addr: String,
    seed: u64,
    deadline: Instant,
    start: std::sync::Arc<tokio::sync::Barrier>,
) -> GameResult {
    let mut out = GameResult {
        latencies_us: Vec::new(),
        finished: false,
    };
    let Some(mut a) = Side::open(&addr).await else {
        start.wait().await;
        return out;
    };
    let Some(mut b) = Side::open(&addr).await else {
        start.wait().await;
        return out;
    };
    let ok = async {
        a.send(&json!({"type": "create", "mode": "online", "side": "white", "name": "load-a"}))
            .await?;
        a.until(|v| v.kind == "state").await?;
        let room = a.room.clone();
        b.send(&json!({"type": "join", "room": room, "name": "load-b"}))
            .await?;
        b.until(|v| v.kind == "state").await?;
        Some(())
    }
    .await;
    // Every game is set up before any plays: they are all held at once.
    start.wait().await;
    if ok.is_none() {
        return out;
    }
    let mut rng = Lcg(seed);
    while Instant::now() < deadline {
        let st = if a.seq() >= b.seq() {
            &a.state
        } else {
            &b.state
        };
        let Some(phase) = st.phase.clone() else {
            break;
        };
        if phase.kind == "over" {
            out.finished = true;
            break;
        }
        let Some(side) = phase.side else {
            break;
        };
        let seq = st.seq.unwrap_or(0);
        let mut msg = match phase.kind.as_str() {
            "roll" => json!({"type": "roll"}),
            "stay_or_leave" => json!({"type": "stay"}),
            "play" => {
                let plays = st.plays.as_deref().unwrap_or_default();
                if plays.is_empty() {
                    break;
                }
                json!({"type": "play", "play": plays[rng.below(plays.len())].n})
            }
            _ => break,
        };
        msg["seq"] = json!(seq);
        let actor = if a.seats.contains(&side) {
            &mut a
        } else {
            &mut b
        };
        let t0 = Instant::now();
        if actor.send(&msg).await.is_none() {
            break;
        }
        let Some(reply) = actor.until(|v| v.kind == "ack" || v.kind == "error").await else {
            break;
        };
        out.latencies_us.push(t0.elapsed().as_micros() as u64);
        if reply.kind == "error" {
            eprintln!("refused: {}", reply.message.unwrap_or_default());
            break;
        }
        let want = reply.seq.unwrap_or(0);
        for s in [&mut a, &mut b] {
            if s.seq() < want
                && s.until(|v| v.kind == "state" && v.seq >= Some(want))
                    .await
                    .is_none()
            {
                return out;
            }
        }
    }
    let _ = a.ws.close(None).await;
    let _ = b.ws.close(None).await;
    out
}

fn arg(args: &[String], name: &str) -> Option<String> {
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

fn pct(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

#[tokio::main]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = arg(&args, "--games")
        .and_then(|s| s.parse().ok())
        .unwrap_or(50)
        .clamp(1, 2000);
    let seconds: u64 = arg(&args, "--seconds")
        .and_then(|s| s.parse().ok())
        .unwrap_or(60)
        .clamp(1, 600);
    let dir = std::env::temp_dir().join(format!("trictrac-load-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let database = arg(&args, "--database")
        .unwrap_or_else(|| format!("sqlite://{}", dir.join("load.db").display()));
    let server = match trictrac_server::Server::start(trictrac_server::Config {
        addr: "127.0.0.1:0".into(),
        database: database.clone(),
        bot_delay: Duration::ZERO,
        // A benchmark from one address: no rate limit.
        limits: trictrac_server::limits::Limits::off(),
        ..Default::default()
    })
    .await
    {
        Ok(s) => s,
        Err(e) => {
            eprintln!("error: {e}");
            std::process::exit(1);
        }
    };
    let addr = server.addr().to_string();
    println!(
        "{games} games between random bots, 2 WebSocket clients each, server on {addr}, {}",
        if database.starts_with("sqlite") {
            "SQLite (synchronous=FULL)"
        } else {
            "PostgreSQL"
        }
    );
    let t0 = Instant::now();
    let deadline = t0 + Duration::from_secs(seconds);
    let barrier = std::sync::Arc::new(tokio::sync::Barrier::new(games + 1));
    let mut tasks = Vec::new();
    for g in 0..games {
        tasks.push(tokio::spawn(one_game(
            addr.clone(),
            g as u64 + 1,
            deadline,
            barrier.clone(),
        )));
    }
    barrier.wait().await;
    let held = server.rooms_in_memory();
    let setup = t0.elapsed();
    let t1 = Instant::now();
    let mut lat = Vec::new();
    let mut finished = 0;
    for t in tasks {
        if let Ok(r) = t.await {
            lat.extend(r.latencies_us);
            finished += usize::from(r.finished);
        }
    }
    let elapsed = t1.elapsed().as_secs_f64();
    lat.sort_unstable();
    println!(
        "set up {games} games in {:.2} s; rooms held in memory at once: {held}",
        setup.as_secs_f64()
    );
    println!(
        "{finished}/{games} games finished in {elapsed:.1} s; {} actions, {:.0} actions/s",
        lat.len(),
        lat.len() as f64 / elapsed
    );
    println!(
        "action latency (send -> ack, stored): p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        pct(&lat, 0.5),
        pct(&lat, 0.9),
        pct(&lat, 0.99),
        pct(&lat, 1.0)
    );
    server.stop().await;
    let _ = std::fs::remove_dir_all(&dir);
}
