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

/// Resigning Grand Trictrac (RULES-CHOICES.md): either player may resign,
/// on either turn; the other wins at the stake of the score as it
/// stands; the record writes `resign` and replays; a spectator cannot.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_trictrac_online_out_of_turn() {
    let dir = TempDir::new("resign-tt");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let mut a = Client::connect(addr).await;
    a.request(json!({"type": "create", "mode": "online", "side": "white", "name": "Alice"}))
        .await;
    let room = a.room();
    // Before the friend joins nobody resigns.
    let r = a.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "error", "{r}");
    let mut b = Client::connect(addr).await;
    b.request(json!({"type": "join", "room": room, "name": "Bob"}))
        .await;
    // The first dice are drawn once the friend has joined (issue 38:
    // both players' seeds count).
    a.wait_until(|s| s["seq"].as_u64().unwrap_or(0) > 0).await;
    let mut w = Client::connect(addr).await;
    w.request(json!({"type": "join", "room": room, "watch": true}))
        .await;
    let r = w.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "error", "{r}");
    assert!(r["message"].as_str().unwrap().contains("watching"), "{r}");
    // The player whose turn it is not resigns.
    let to_act = a.to_act().unwrap();
    let (resigner, winner) = if to_act == "white" {
        (&mut b, "white")
    } else {
        (&mut a, "black")
    };
    let r = resigner.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    resigner.wait_seq(r["seq"].as_u64().unwrap()).await;
    let st = resigner.state.clone();
    assert_eq!(st["phase"]["kind"], "over");
    assert_eq!(st["over"]["winner"], winner);
    // No hole for the resigner: grande bredouille under guiton.
    assert_eq!(st["over"]["stake"], "x4");
    let n = resigner.history.len();
    assert_eq!(resigner.history[n - 2]["kind"], "resign");
    assert_eq!(resigner.history[n - 1]["kind"], "over");
    let r = resigner.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "error", "{r}");
    let (code, text) = http_get(addr, &format!("/api/games/{room}.txt")).await;
    assert_eq!(code, 200);
    assert!(text.lines().any(|l| l.starts_with("resign ")), "{text}");
    let rec: Record = text.parse().unwrap();
    assert_eq!(rec.replay().unwrap().winner().unwrap().name(), winner);
    server.stop().await;
    // The stored resignation replays after a restart.
    let server = start(&dir.db_url()).await;
    let mut c = Client::connect(server.addr()).await;
    c.request(json!({"type": "join", "room": room, "watch": true}))
        .await;
    assert_eq!(c.state["over"]["winner"], winner);
    server.stop().await;
}

/// Resigning backgammon: a single game (times the videau) to the other
/// side; in a match the next game starts.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resigning_backgammon_a_single_game() {
    let dir = TempDir::new("resign-bg");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let mut c = Client::connect(addr).await;
    let w = c
        .request(
            json!({"type": "create", "game": "backgammon", "mode": "bot", "bot": "random",
            "side": "white", "options": "standard"}),
        )
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    let r = c.request(json!({"type": "contest"})).await;
    assert_eq!(r["type"], "error", "{r}");
    let r = c.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    // Offered (issue 38): the bot accepts a single game at the start.
    c.wait_until(|s| !s["over"].is_null()).await;
    assert_eq!(c.state["over"]["winner"], "black", "{}", c.state);
    assert_eq!(c.state["over"]["stake"], "1");
    assert!(c.history.iter().any(|e| e["kind"] == "resign"));
    let (code, mat) = http_get(addr, &format!("/api/games/{}.mat", c.room())).await;
    assert_eq!(code, 200, "{mat}");
    let m = backgammon::mat::MatFile::parse(&mat, backgammon::Rules::standard())
        .unwrap_or_else(|e| panic!("{e}\n{mat}"));
    assert_eq!(m.games.len(), 1);
    assert_eq!(m.games[0].result().unwrap().winner, backgammon::Side::Black);

    // A match to 3: the resigned game is one point, the match goes on.
    let mut c = Client::connect(addr).await;
    c.request(
        json!({"type": "create", "game": "backgammon", "mode": "hotseat",
            "options": "standard match=3"}),
    )
    .await;
    let r = c.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    // Offered (issue 38), accepted at the same table.
    let r = c.request(json!({"type": "accept"})).await;
    assert_eq!(r["type"], "ack", "{r}");
    c.wait_seq(r["seq"].as_u64().unwrap()).await;
    assert!(c.state["over"].is_null(), "{}", c.state);
    let total: u64 = ["white", "black"]
        .iter()
        .map(|s| c.state["match"]["score"][s].as_u64().unwrap_or(0))
        .sum();
    assert_eq!(total, 1, "{}", c.state["match"]);
    server.stop().await;
}

/// school points are marked after the claimant's declaration and
/// shown on the school's entry; a school marked against a player may be
/// contested before the next roll (`can_contest`, `contest`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn schools_are_marked_on_their_entry_and_contested() {
    let dir = TempDir::new("contest");
    let server = start(&dir.db_url()).await;
    let mut a = Client::connect(server.addr()).await;
    a.request(json!({"type": "create", "mode": "hotseat", "options": "marking=manual"}))
        .await;
    let r = a.request(json!({"type": "contest"})).await;
    assert_eq!(r["type"], "error", "{r}");
    assert!(r["message"].as_str().unwrap().contains("R-10.4"), "{r}");
    let mut rng = Lcg(5);
    let mut contested = false;
    for _ in 0..400 {
        if a.over() || contested {
            break;
        }
        let st = a.state.clone();
        if ["white", "black"]
            .iter()
            .any(|s| st["can_contest"][s] == true)
        {
            let r = a.request(json!({"type": "contest"})).await;
            assert_eq!(r["type"], "ack", "{r}");
            a.wait_seq(r["seq"].as_u64().unwrap()).await;
            contested = true;
            continue;
        }
        let msg = match st["phase"]["kind"].as_str().unwrap() {
            "mark" => {
                if st["can_claim"][st["phase"]["side"].as_str().unwrap()] == true {
                    json!({"type": "school", "points": 2})
                } else {
                    // Over-marks now and then: a school for the other.
                    json!({"type": "declare", "points": 2 * rng.below(2)})
                }
            }
            _ => random_action(&st, &mut rng),
        };
        let r = a.request(msg.clone()).await;
        assert_eq!(r["type"], "ack", "{msg}: {r}");
        a.wait_seq(r["seq"].as_u64().unwrap()).await;
    }
    assert!(contested, "a school was contested");
    let full = a.sync().await;
    let hist = full["history"].as_array().unwrap();
    let marked = |e: &serde_json::Value| {
        e["marked"]["white"].as_u64().unwrap() + e["marked"]["black"].as_u64().unwrap()
    };
    let schools: Vec<_> = hist.iter().filter(|e| e["kind"] == "school").collect();
    assert!(!schools.is_empty());
    for s in &schools {
        assert_eq!(marked(s), s["points"].as_u64().unwrap(), "{s}");
    }
    let contest = hist
        .iter()
        .find(|e| e["kind"] == "contest")
        .expect("a contest entry");
    assert_eq!(
        marked(contest),
        contest["points"].as_u64().unwrap(),
        "{contest}"
    );
    // The record replays the contest.
    let (_, text) = http_get(server.addr(), &format!("/api/games/{}.txt", a.room())).await;
    assert!(text.lines().any(|l| l.starts_with("contest ")), "{text}");
    text.parse::<Record>().unwrap().replay().unwrap();
    server.stop().await;
}

/// Section 11, `false-moves=table`, in a hot-seat game: an illegal play a
/// table allows is stored and shown; the opponent has it corrected before
/// his roll; `false_move` in the state says who may settle it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn false_moves_at_the_table() {
    let dir = TempDir::new("falsemove");
    let server = start(&dir.db_url()).await;
    let mut a = Client::connect(server.addr()).await;
    a.request(json!({"type": "create", "mode": "hotseat", "options": "false-moves=table"}))
        .await;
    let mut made = false;
    for _ in 0..40 {
        if a.state["phase"]["kind"] == "roll" {
            let r = a.request(json!({"type": "roll"})).await;
            a.wait_seq(r["seq"].as_u64().unwrap()).await;
            continue;
        }
        if a.state["phase"]["kind"] != "play" {
            let msg = random_action(&a.state, &mut Lcg(1));
            let r = a.request(msg).await;
            a.wait_seq(r["seq"].as_u64().unwrap()).await;
            continue;
        }
        // One checker from the talon one field further than the dice
        // allow (never legal, allowed at a table when the field is free).
        let side = a.state["phase"]["side"].as_str().unwrap().to_string();
        let dice = a.state["dice"].as_array().unwrap().clone();
        let (hi, lo) = (dice[0].as_u64().unwrap(), dice[1].as_u64().unwrap());
        let far = hi + lo + 1;
        let p = if side == "white" {
            format!("1-{}", 1 + far)
        } else {
            format!("24-{}", 24 - far)
        };
        let r = a.request(json!({"type": "play", "play": p})).await;
        if r["type"] != "ack" {
            // The field was taken: play legally and try on a later roll.
            let msg = random_action(&a.state, &mut Lcg(2));
            let r = a.request(msg).await;
            a.wait_seq(r["seq"].as_u64().unwrap()).await;
            continue;
        }
        a.wait_seq(r["seq"].as_u64().unwrap()).await;
        made = true;
        let fm = a.state["false_move"].clone();
        assert_eq!(fm["author"], side.as_str(), "{}", a.state);
        assert!(fm["correction"].is_string());
        let other = if side == "white" { "black" } else { "white" };
        assert_eq!(fm["can_settle"][other], true);
        let hist = a.sync().await["history"].as_array().unwrap().clone();
        let e = hist
            .iter()
            .rev()
            .find(|e| e["kind"] == "false_move")
            .unwrap();
        assert_eq!(e["play"], p.as_str());
        // The opponent (the hot-seat's side to roll) has it corrected.
        let r = a.request(json!({"type": "settle", "correct": true})).await;
        assert_eq!(r["type"], "ack", "{r}");
        a.wait_seq(r["seq"].as_u64().unwrap()).await;
        assert!(a.state["false_move"].is_null());
        let hist = a.sync().await["history"].as_array().unwrap().clone();
        let e = hist.last().unwrap();
        assert_eq!(e["kind"], "settled");
        assert_eq!(e["by"], other);
        assert_eq!(e["corrected"], fm["correction"]);
        break;
    }
    assert!(made, "a false move was made");
    // Nothing left to settle.
    let r = a.request(json!({"type": "settle", "correct": false})).await;
    assert_eq!(r["type"], "error", "{r}");
    assert!(r["message"].as_str().unwrap().contains("section 11"), "{r}");
    // The record keeps the false play and its settlement, and replays.
    let (_, text) = http_get(server.addr(), &format!("/api/games/{}.txt", a.room())).await;
    assert!(text.contains(" ?"), "{text}");
    assert!(text.lines().any(|l| l.contains("correct")), "{text}");
    text.parse::<Record>().unwrap().replay().unwrap();
    server.stop().await;
}

/// Against the bot with `false-moves=table`: the bot settles the
/// person's false play before its roll (section 11).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bot_settles_a_false_move() {
    let dir = TempDir::new("falsebot");
    let server = start(&dir.db_url()).await;
    let mut a = Client::connect(server.addr()).await;
    a.request(
        json!({"type": "create", "mode": "bot", "bot": "greedy", "side": "white",
        "options": "false-moves=table"}),
    )
    .await;
    let mut rng = Lcg(9);
    for _ in 0..200 {
        if a.history.iter().any(|e| e["kind"] == "settled") {
            break;
        }
        if a.to_act().as_deref() != Some("white") {
            a.recv().await;
            continue;
        }
        let msg = if a.state["phase"]["kind"] == "play" {
            let dice = a.state["dice"].as_array().unwrap().clone();
            let far = dice[0].as_u64().unwrap() + dice[1].as_u64().unwrap() + 1;
            json!({"type": "play", "play": format!("1-{}", 1 + far)})
        } else {
            random_action(&a.state, &mut rng)
        };
        let mut r = a.request(msg).await;
        if r["type"] != "ack" {
            r = a.request(random_action(&a.state, &mut rng)).await;
            assert_eq!(r["type"], "ack", "{r}");
        }
        a.wait_seq(r["seq"].as_u64().unwrap()).await;
    }
    let full = a.sync().await;
    let hist = full["history"].as_array().unwrap();
    let s = hist
        .iter()
        .find(|e| e["kind"] == "settled")
        .expect("the bot settled a false move");
    assert_eq!(s["by"], "black");
    server.stop().await;
}

/// `game=ecrire`: the state carries the marqués, their totals and
/// the payment; a whole partie plays out; the result names the totals.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_partie_a_ecrire_plays_out() {
    let dir = TempDir::new("ecrire");
    let server = start(&dir.db_url()).await;
    let mut a = Client::connect(server.addr()).await;
    a.request(json!({"type": "create", "mode": "hotseat", "options": "game=ecrire marques=2"}))
        .await;
    assert_eq!(a.state["ecrire"]["totals"], json!({"white": 0, "black": 0}));
    // Issue 24 item 7: the flag between the pegs, no second token yet.
    assert_eq!(a.state["score"]["flag"], "pegs", "{}", a.state["score"]);
    assert_eq!(a.state["score"]["token"], serde_json::Value::Null);
    let r = a.request(json!({"type": "resign"})).await;
    assert_eq!(r["type"], "error", "{r}");
    assert!(r["message"].as_str().unwrap().contains("R-9.2"), "{r}");
    let mut rng = Lcg(4);
    play_until(&mut a, &mut rng, 100_000, |_| false).await;
    assert!(a.over());
    let e = a.state["ecrire"].clone();
    let marques = e["marques"].as_array().unwrap();
    assert!(marques.iter().filter(|m| !m["winner"].is_null()).count() >= 2);
    let (w, b) = (
        e["totals"]["white"].as_u64().unwrap(),
        e["totals"]["black"].as_u64().unwrap(),
    );
    let winner = a.state["over"]["winner"].as_str().unwrap();
    assert_eq!(e["payment"]["to"], winner);
    assert_eq!(e["payment"]["amount"], w.abs_diff(b));
    let result = a.state["over"]["result"].as_str().unwrap();
    assert!(result.contains(" ecrire "), "{result}");
    // Issue 24 item 9: the page says what the partie is worth (the
    // totals and the payment), not a stake multiplier "x1".
    let (hi, lo) = (w.max(b), w.min(b));
    let want = format!("marqués {hi}–{lo}, +{}", hi - lo);
    assert_eq!(
        a.state["over"]["stake"],
        want.as_str(),
        "{}",
        a.state["over"]
    );
    let full = a.sync().await;
    let n = full["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["kind"] == "marque")
        .count();
    assert_eq!(n, marques.len());
    let over = full["history"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["kind"] == "over")
        .cloned()
        .expect("the history ends with the game's end");
    assert_eq!(over["stake"], want.as_str(), "{over}");
    server.stop().await;
}
