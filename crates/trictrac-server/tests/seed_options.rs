//! The seed article's options through the real server (issue 16): the
//! two-dice first throw, schools contested, resigning, false moves at the
//! table, the partie à écrire.

mod common;

use common::{http_get, random_action, start, Client, Lcg, TempDir};
use serde_json::json;
use trictrac::Record;

/// Plays random actions in a hot-seat game until `done` holds or `max`
/// actions are made.
async fn play_until(a: &mut Client, rng: &mut Lcg, max: usize, done: impl Fn(&Client) -> bool) {
    for _ in 0..max {
        if a.over() || done(a) {
            return;
        }
        let msg = random_action(&a.state, rng);
        let r = a.request(msg.clone()).await;
        assert_eq!(r["type"], "ack", "{msg}: {r}");
        a.wait_seq(r["seq"].as_u64().unwrap()).await;
    }
}

fn holes(a: &Client) -> u64 {
    ["white", "black"]
        .iter()
        .map(|s| a.state["score"][s]["holes"].as_u64().unwrap())
        .sum()
}

/// `first-move=two-dice-each`: the server throws both dice for
/// each player (again on equal totals), stores them, shows them in the
/// history, and the game plays on to its first hole, also after a reload
/// from the database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_dice_each_first_move_plays_to_the_first_hole() {
    let dir = TempDir::new("firsttwo");
    let server = start(&dir.db_url()).await;
    let mut a = Client::connect(server.addr()).await;
    let w = a
        .request(
            json!({"type": "create", "mode": "hotseat", "options": "first-move=two-dice-each"}),
        )
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    assert!(a.state["options"]
        .as_str()
        .unwrap()
        .contains("first-move=two-dice-each"));
    let full = a.sync().await;
    let hist = full["history"].as_array().unwrap();
    let throws: Vec<_> = hist.iter().filter(|e| e["kind"] == "first_two").collect();
    assert!(!throws.is_empty(), "{full}");
    assert!(
        hist.iter().all(|e| e["kind"] != "first"),
        "no one-die throw"
    );
    let total = |s: &str| -> u32 { s.split('-').map(|d| d.parse::<u32>().unwrap()).sum() };
    let last = throws.last().unwrap();
    let (w, b) = (
        total(last["white"].as_str().unwrap()),
        total(last["black"].as_str().unwrap()),
    );
    assert_ne!(w, b, "equal totals are thrown again (R-2.2)");
    let starter = if w > b { "white" } else { "black" };
    assert_eq!(a.state["phase"]["side"], starter);
    let mut rng = Lcg(11);
    play_until(&mut a, &mut rng, 2000, |a| holes(a) > 0).await;
    assert!(holes(&a) > 0, "a hole is won");
    // The record writes the throws and replays.
    let room = a.room();
    let (code, text) = http_get(server.addr(), &format!("/api/games/{room}.txt")).await;
    assert_eq!(code, 200);
    let record: Record = text.parse().expect("the record parses");
    let g = record.replay().expect("the record replays");
    let h = |s: &str| a.state["score"][s]["holes"].as_u64().unwrap() as u8;
    assert_eq!(
        g.score().holes,
        trictrac::BySide::new(h("white"), h("black"))
    );
    let seq = a.state["seq"].clone();
    server.stop().await;
    // Restarted on the same database: the stored throws replay.
    let server = start(&dir.db_url()).await;
    let mut c = Client::connect(server.addr()).await;
    let w = c
        .request(json!({"type": "join", "room": room, "watch": true}))
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    assert_eq!(c.state["seq"], seq);
    server.stop().await;
}
