//! Games stored by the server before the game abstraction (the `main` of
//! 2026-11-25: rooms holding a `GameState` enum, actions written by the
//! server's own `Action` and `BgAction`) still load and continue.
//!
//! `fixtures/main-2026-11-25.db` was written by that server (its test
//! binary's `child_server_for_the_kill_test`, driven by
//! `make_the_old_database_fixture` below): Grand Trictrac hot-seat games
//! (automatic and manual marking, one finished), a game against the bot,
//! a backgammon match to 3 with a double taken, a money game. Each is
//! loaded from a copy of that file, on SQLite and (when a PostgreSQL
//! server is given) from its rows copied into PostgreSQL, and played on.

mod common;

use common::{random_action, skip_or_fail, Client, Lcg, TempDir};
use serde_json::{json, Value};
use trictrac_server::store::Store;

const FIXTURE: &str = "tests/fixtures/main-2026-11-25.db";

/// The codes of the fixture's rooms.
const ROOMS: [&str; 6] = ["T1HOT0", "T2BOT0", "T3MAN0", "T4END0", "B1MAT0", "B2MON0"];

/// One action for whoever is to act in `state` (both games).
fn any_action(state: &Value, rng: &mut Lcg) -> Value {
    match state["phase"]["kind"].as_str().unwrap_or("") {
        "doubled" => json!({"type": "take"}),
        "roll"
            if state["game"] == "backgammon"
                && state["cube"]["can_double"] == true
                && rng.below(6) == 0 =>
        {
            json!({"type": "double"})
        }
        "mark" => json!({"type": "declare", "points": 0}),
        _ => random_action(state, rng),
    }
}

/// Plays on the game of `client` (hot-seat: both sides) for `n` actions
/// or until it ends; the number acknowledged.
async fn play_on(c: &mut Client, n: usize, rng: &mut Lcg) -> usize {
    let mut acks = 0;
    for _ in 0..n {
        if c.state["over"] != Value::Null {
            break;
        }
        let side = c.state["pending"]["side"].as_str().map(String::from);
        let Some(side) = side else { break };
        if !c.seats().contains(&side) {
            // The bot's turn.
            let seq = c.state["seq"].as_u64().unwrap();
            c.wait_until(|s| s["seq"].as_u64().unwrap() > seq || s["over"] != Value::Null)
                .await;
            continue;
        }
        let mut m = any_action(&c.state, rng);
        m["seq"] = c.state["seq"].clone();
        let r = c.request(m.clone()).await;
        if r["type"] == "ack" {
            acks += 1;
            c.wait_seq(r["seq"].as_u64().unwrap()).await;
        } else {
            // Manual marking refuses a wrong declaration: declare what is owed.
            assert_eq!(r["code"], "illegal", "{m} -> {r}");
            c.sync().await;
        }
    }
    acks
}

/// Every game of the database at `url` loads (its state has as many
/// actions as stored) and those not over go on.
async fn every_game_loads_and_goes_on(url: &str) {
    let store = Store::open(url).await.expect("the old database opens");
    let mut rows = Vec::new();
    for id in ROOMS {
        let row = store
            .game(id)
            .await
            .unwrap()
            .unwrap_or_else(|| panic!("{id} is stored"));
        let n = store.actions(id).await.unwrap().len();
        rows.push((row, n));
    }
    store.close().await;
    let server = common::start(url).await;
    let mut rng = Lcg(11);
    for (row, n) in rows {
        let mut c = Client::connect(server.addr()).await;
        let token = if row.bot_side.as_deref() == Some("white") {
            &row.black_token
        } else {
            &row.white_token
        };
        let w = c
            .request(json!({"type": "join", "room": row.id, "token": token}))
            .await;
        assert_eq!(w["type"], "welcome", "{}: {w}", row.id);
        assert_eq!(c.state["game"], row.game.as_str());
        assert_eq!(c.state["seq"].as_u64().unwrap() as usize, n, "{}", row.id);
        if row.finished.is_some() {
            assert!(c.state["over"]["winner"].is_string(), "{}", row.id);
            assert_eq!(
                c.state["over"]["result"],
                row.result.clone().unwrap().as_str()
            );
            continue;
        }
        let acks = play_on(&mut c, 12, &mut rng).await;
        assert!(acks > 0, "{}: the game goes on", row.id);
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_stored_by_the_old_server_load_and_continue_on_sqlite() {
    let dir = TempDir::new("olddb");
    let path = dir.0.join("games.db");
    std::fs::copy(FIXTURE, &path).expect("the fixture");
    every_game_loads_and_goes_on(&format!("sqlite://{}", path.display())).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_stored_by_the_old_server_load_and_continue_on_postgresql() {
    let Ok(pg) = std::env::var("TRICTRAC_TEST_POSTGRES") else {
        skip_or_fail("POSTGRES", "no PostgreSQL (TRICTRAC_TEST_POSTGRES)");
        return;
    };
    // The old rows, copied as they are into a fresh PostgreSQL schema.
    sqlx::any::install_default_drivers();
    let dir = TempDir::new("olddb-pg");
    let path = dir.0.join("games.db");
    std::fs::copy(FIXTURE, &path).expect("the fixture");
    let old = sqlx::AnyPool::connect(&format!("sqlite://{}?mode=ro", path.display()))
        .await
        .unwrap();
    Store::open(&pg).await.expect("the schema").close().await;
    let new = sqlx::AnyPool::connect(&pg).await.unwrap();
    use sqlx::Row;
    for id in ROOMS {
        sqlx::query("DELETE FROM actions WHERE game_id = $1")
            .bind(id)
            .execute(&new)
            .await
            .unwrap();
        sqlx::query("DELETE FROM games WHERE id = $1")
            .bind(id)
            .execute(&new)
            .await
            .unwrap();
    }
    let games = sqlx::query(
        "SELECT id, game, mode, options, bot, bot_side, white_token, black_token, white_name,
         black_name, white_taken, black_taken, created, updated, finished, result FROM games",
    )
    .fetch_all(&old)
    .await
    .unwrap();
    for g in games {
        sqlx::query(
            "INSERT INTO games (id, game, mode, options, bot, bot_side, white_token, black_token,
             white_name, black_name, white_taken, black_taken, created, updated, finished, result)
             VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16)",
        )
        .bind(g.get::<String, _>(0))
        .bind(g.get::<String, _>(1))
        .bind(g.get::<String, _>(2))
        .bind(g.get::<String, _>(3))
        .bind(g.get::<Option<String>, _>(4))
        .bind(g.get::<Option<String>, _>(5))
        .bind(g.get::<String, _>(6))
        .bind(g.get::<String, _>(7))
        .bind(g.get::<String, _>(8))
        .bind(g.get::<String, _>(9))
        .bind(g.get::<i64, _>(10))
        .bind(g.get::<i64, _>(11))
        .bind(g.get::<i64, _>(12))
        .bind(g.get::<i64, _>(13))
        .bind(g.get::<Option<i64>, _>(14))
        .bind(g.get::<Option<String>, _>(15))
        .execute(&new)
        .await
        .unwrap();
    }
    let actions = sqlx::query("SELECT game_id, seq, action FROM actions")
        .fetch_all(&old)
        .await
        .unwrap();
    for a in actions {
        sqlx::query("INSERT INTO actions (game_id, seq, action) VALUES ($1, $2, $3)")
            .bind(a.get::<String, _>(0))
            .bind(a.get::<i64, _>(1))
            .bind(a.get::<String, _>(2))
            .execute(&new)
            .await
            .unwrap();
    }
    old.close().await;
    new.close().await;
    every_game_loads_and_goes_on(&pg).await;
}

/// Not a test: writes the fixture through a server of the old code
/// listening at `TRICTRAC_FIXTURE_ADDR`, then renames the rooms to the
/// fixed codes the tests use (`TRICTRAC_FIXTURE_DB`, after the server
/// stopped).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "writes the fixture from an old server"]
async fn make_the_old_database_fixture() {
    let addr: std::net::SocketAddr = std::env::var("TRICTRAC_FIXTURE_ADDR")
        .expect("TRICTRAC_FIXTURE_ADDR")
        .parse()
        .unwrap();
    let mut rng = Lcg(3);
    // Each room's code, its `create` (less the type), its actions.
    #[rustfmt::skip]
    let specs = [
        ("T1HOT0", json!({"mode": "hotseat", "name": "Anne"}), 30),
        ("T2BOT0", json!({"mode": "bot", "bot": "greedy", "side": "white", "name": "Bea"}), 16),
        ("T3MAN0", json!({"mode": "hotseat", "options": "marking=manual", "name": "Cid"}), 14),
        ("T4END0", json!({"mode": "hotseat", "name": "Dan"}), 4000),
        ("B1MAT0", json!({"game": "backgammon", "mode": "hotseat", "options": "standard match=3", "name": "Eve"}), 60),
        ("B2MON0", json!({"game": "backgammon", "mode": "bot", "bot": "greedy", "side": "black", "options": "seed", "name": "Flo"}), 12),
    ];
    for (code, mut create, n) in specs {
        create["type"] = json!("create");
        let mut c = Client::connect(addr).await;
        let w = c.request(create).await;
        assert_eq!(w["type"], "welcome", "{w}");
        for _ in 0..n {
            if c.state["phase"]["kind"] == "over" {
                break;
            }
            let side = c.state["phase"]["side"].as_str().unwrap_or("").to_string();
            if !c.seats().contains(&side) {
                let seq = c.state["seq"].as_u64().unwrap();
                c.wait_until(|s| s["seq"].as_u64().unwrap() > seq).await;
                continue;
            }
            let m = any_action(&c.state, &mut rng);
            let r = c.request(m.clone()).await;
            if r["type"] == "ack" {
                c.wait_seq(r["seq"].as_u64().unwrap()).await;
            } else {
                c.sync().await;
            }
        }
        println!("{} {code}", c.room());
    }
}
