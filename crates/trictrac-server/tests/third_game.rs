//! The measure of the game abstraction (issue "One game, written
//! once", issue 36 "the game registry drives every surface"): a third
//! game, a dice race written for the tests and nowhere else in the
//! workspace, implements `tables::TableGame` and the server's
//! `ServerGame` (its own verbs, its descriptor), is played to its end by the shared driver, and through
//! the server — listed by `/api/info` with its own setting, created
//! with its own option, played against the room's bot, stored, reloaded
//! after a restart, its record downloaded; posted in the lobby with its
//! option, accepted, both players seated and playing it to the end —
//! with no change to the server's or the driver's code: only its
//! registration line.
//!
//! The race (its rules written once in `test-support`,
//! [`test_support::race`], for every surface's test): each player
//! throws one die at the opening, the higher starts (equal dice are
//! thrown again). On his turn a player rolls two dice, then moves his
//! runner forward by the higher die or by their sum; the first to reach
//! the goal (20, or the `goal=N` option) wins (a single game, one
//! point). Its own files are its rules and, here, its `ServerGame` and
//! its option words; the server knows it by its registration line.

mod common;

use std::time::Duration;

use common::{http_get, Client, TempDir};
use serde::Deserialize;
use serde_json::{json, Value};
use tables::{ActionError, BySide, Choice, Player, Side, TableGame};
use trictrac_server::error::{GameError, RoomError};
use trictrac_server::games::info::{Descriptor, Label, Setting, SettingChoice};
use trictrac_server::games::{Registry, ServerGame};

test_support::race_game!();

/// The race's verbs: the client's `roll` and `play` messages.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum RaceVerb {
    Roll,
    Play { play: String },
}

/// A race from its option words: empty, or `goal=N` (5 to 100).
fn new_race(words: &str) -> Result<Race, GameError> {
    let mut race = Race::default();
    for w in words.split_whitespace() {
        race.goal = w
            .strip_prefix("goal=")
            .and_then(|n| n.parse().ok())
            .filter(|n| (5..=100).contains(n))
            .ok_or_else(|| GameError::from(format!("race option `{w}`: goal=N, 5 to 100")))?;
    }
    Ok(race)
}

impl ServerGame for Race {
    type Verb = RaceVerb;

    fn describe(&self) -> Descriptor {
        let goal = |n: u32| SettingChoice {
            value: n.to_string(),
            label: Label::text(&n.to_string()),
            words: if n == GOAL {
                String::new()
            } else {
                format!("goal={n}")
            },
        };
        Descriptor {
            title: "Dice race".into(),
            default_bot: "greedy".into(),
            color: "#2b5a8a".into(),
            words_help: Some(Label::text("goal=N: the square to reach, 5 to 100")),
            words_example: "goal=10".into(),
            settings: vec![Setting {
                key: "goal".into(),
                label: Label::text("Goal"),
                choices: vec![goal(10), goal(GOAL), goal(30)],
                default: GOAL.to_string(),
                lobby: true,
            }],
            ..Descriptor::default()
        }
    }

    fn intent(
        &self,
        verb: RaceVerb,
        seats: &[Side],
    ) -> Result<(Side, Choice<RaceAction>), RoomError> {
        let side = self
            .turn
            .filter(|s| seats.contains(s))
            .ok_or_else(|| RoomError::NotYourTurn("not your turn".into()))?;
        match verb {
            RaceVerb::Roll => Ok((side, Choice::Throw)),
            RaceVerb::Play { play } => {
                let n = play
                    .trim()
                    .parse()
                    .map_err(|_| ActionError::Unreadable(format!("`{play}`: a number")))?;
                Ok((side, Choice::Act(RaceAction::Move { n })))
            }
        }
    }

    fn view(&self, v: &mut Value, _full: bool, _tail: usize) {
        v["at"] = json!({ "white": self.at.white, "black": self.at.black });
        v["roll"] = json!(self.roll);
        v["history"] = json!([]);
        v["history_start"] = json!(0);
    }

    fn stake_text(&self) -> Option<String> {
        winner(self).map(|_| "1".into())
    }

    fn options_words(&self) -> String {
        if self.goal == GOAL {
            String::new()
        } else {
            format!("goal={}", self.goal)
        }
    }

    fn bots(&self) -> &'static [&'static str] {
        &["greedy"]
    }

    fn bot(&self, name: &str, _seed: u64) -> Option<Box<dyn Player<Race>>> {
        (name == "greedy").then(|| Box::new(Greedy) as Box<dyn Player<Race>>)
    }

    fn record(&self, ext: &str, names: BySide<&str>, _date: &str) -> Option<String> {
        (ext == "txt").then(|| self.record_text(names))
    }

    fn record_formats(&self) -> &'static [&'static str] {
        &["txt"]
    }
}

#[test]
fn the_race_is_played_by_the_shared_driver() {
    use rand::SeedableRng;
    let mut dice = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    let mut w = tables::RandomPlayer::new(rand_chacha::ChaCha8Rng::seed_from_u64(2));
    let mut b = Greedy;
    let mut race = Race::default();
    let o = tables::play_out(&mut race, BySide::new(&mut w, &mut b), &mut dice, 1000)
        .expect("the race ends");
    assert!(*race.at.get(o.winner) >= GOAL);
    assert!(race.pending().is_none());
    // An illegal move is refused with its rule.
    let mut r = Race::default();
    r.apply(&RaceAction::Opening { w: 5, b: 2 }).unwrap();
    r.apply(&RaceAction::Roll { a: 3, b: 4 }).unwrap();
    let e = r.apply(&RaceAction::Move { n: 3 }).unwrap_err();
    assert_eq!(e.rule(), Some("RACE-1"));
}

#[test]
fn the_race_has_chance_nodes_and_is_searched_by_the_shared_expectimax() {
    // Its chance nodes come from its throw (the trait's default): 36
    // ordered throws at the opening and at a roll, none at a move.
    let race = Race::default();
    let opening = race.chance_outcomes();
    assert_eq!(opening.len(), 36);
    assert!(opening.iter().all(|(_, p)| (*p - 1.0 / 36.0).abs() < 1e-15));
    // White needs 11 to win at once (6-5 or 6-6, by the sum); Black,
    // one short, wins with any roll: White's chance is 3/36.
    let r = Race {
        goal: GOAL,
        at: BySide::new(GOAL - 11, GOAL - 1),
        turn: Some(Side::White),
        roll: None,
        log: Vec::new(),
    };
    let half = |_: &Race, _: Side| 0.5;
    let v = tables::search::Expectimax::new(&half).value(&r, Side::White, 2);
    assert!((v - 3.0 / 36.0).abs() < 1e-12, "{v}");
    let mut rolled = r.clone();
    rolled.apply(&RaceAction::Roll { a: 6, b: 5 }).unwrap();
    assert!(rolled.chance_outcomes().is_empty());
}

fn registry() -> Registry {
    let mut games = Registry::standard(trictrac::GameOptions::default());
    games.register("race", new_race);
    games
}

async fn start(url: &str) -> trictrac_server::Server {
    trictrac_server::Server::start(trictrac_server::Config {
        addr: "127.0.0.1:0".into(),
        database: url.into(),
        bot_delay: Duration::ZERO,
        games: Some(registry()),
        ..Default::default()
    })
    .await
    .expect("the server starts")
}

fn my_turn(state: &Value, me: &str) -> Option<String> {
    let p = &state["pending"];
    (p["side"] == me).then(|| p["decision"].as_str().unwrap_or("").to_string())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_race_is_played_through_a_server_room_and_survives_a_restart() {
    let dir = TempDir::new("race");
    let url = dir.db_url();
    let server = start(&url).await;
    let mut c = Client::connect(server.addr()).await;
    let w = c
        .request(json!({"type": "create", "game": "race", "mode": "bot", "bot": "greedy", "side": "white", "name": "Ann", "options": "goal=10"}))
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    assert_eq!(c.state["game"], "race");
    // Another game's verb is not the race's: the race's own verb type
    // refuses it, naming its verbs.
    let r = c.request(json!({"type": "double"})).await;
    assert_eq!(r["type"], "error", "{r}");
    let m = r["message"].as_str().unwrap();
    assert!(m.contains("race") && m.contains("roll"), "{r}");
    // The tutor is not the race's.
    let r = c.request(json!({"type": "judge", "action": "roll"})).await;
    assert_eq!(r["type"], "error", "{r}");
    let room = c.room();
    let token = c.token();

    // A few turns, then a restart in the middle of the race.
    let mut turns = 0;
    while c.state["over"].is_null() && turns < 3 {
        match my_turn(&c.state, "white").as_deref() {
            Some("roll") => {
                let r = c.request(json!({"type": "roll"})).await;
                assert_eq!(r["type"], "ack", "{r} {}", c.state);
                c.wait_seq(r["seq"].as_u64().unwrap()).await;
            }
            Some("play") => {
                // An illegal move first: refused with the game's rule.
                let r = c.request(json!({"type": "play", "play": "0"})).await;
                assert_eq!(r["type"], "error", "{r}");
                assert_eq!(r["code"], "illegal", "{r}");
                assert_eq!(r["rule"], "RACE-1", "{r}");
                let roll = c.state["roll"].clone();
                let sum = roll[0].as_u64().unwrap() + roll[1].as_u64().unwrap();
                let r = c
                    .request(json!({"type": "play", "play": sum.to_string()}))
                    .await;
                assert_eq!(r["type"], "ack", "{r}");
                c.wait_seq(r["seq"].as_u64().unwrap()).await;
                turns += 1;
            }
            _ => {
                c.recv().await;
            }
        }
    }
    let seq = c.state["seq"].as_u64().unwrap();
    drop(c);
    server.stop().await;

    // The room is rebuilt from its stored actions through the registry.
    let server = start(&url).await;
    let mut c = Client::connect(server.addr()).await;
    let w = c
        .request(json!({"type": "join", "room": room, "token": token}))
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    assert!(c.state["seq"].as_u64().unwrap() >= seq);
    while c.state["over"].is_null() {
        match my_turn(&c.state, "white").as_deref() {
            Some("roll") => {
                let r = c.request(json!({"type": "roll"})).await;
                assert_eq!(r["type"], "ack", "{r}");
                c.wait_seq(r["seq"].as_u64().unwrap()).await;
            }
            Some("play") => {
                let roll = c.state["roll"].clone();
                let high = roll[0].as_u64().unwrap().max(roll[1].as_u64().unwrap());
                let r = c
                    .request(json!({"type": "play", "play": high.to_string()}))
                    .await;
                assert_eq!(r["type"], "ack", "{r}");
                c.wait_seq(r["seq"].as_u64().unwrap()).await;
            }
            _ => {
                c.recv().await;
            }
        }
    }
    let over = &c.state["over"];
    assert!(
        over["winner"] == "white" || over["winner"] == "black",
        "{over}"
    );
    // Its own option made the game: a race to 10, not 20.
    let (far, near) = runners(&c.state);
    assert!(far >= 10 && near < 10, "a race to 10: {}", c.state["at"]);
    let (code, text) = http_get(server.addr(), &format!("/api/games/{room}.txt")).await;
    assert_eq!(code, 200, "{text}");
    assert!(text.starts_with("race Ann v greedy (bot)"), "{text}");
    server.stop().await;
}

/// The side to act's move in a race between `a` and `b`: a roll, or
/// the sum of the dice; both then see it. Answers the stored count.
async fn race_turn(a: &mut Client, b: &mut Client) -> u64 {
    let side = a.state["pending"]["side"]
        .as_str()
        .unwrap_or("")
        .to_string();
    let c = if a.seats().contains(&side) {
        &mut *a
    } else {
        &mut *b
    };
    let msg = match c.state["pending"]["decision"].as_str() {
        Some("roll") => json!({"type": "roll"}),
        Some("play") => {
            let roll = &c.state["roll"];
            let sum = roll[0].as_u64().unwrap() + roll[1].as_u64().unwrap();
            json!({"type": "play", "play": sum.to_string()})
        }
        other => panic!("a race decides rolls and plays, not {other:?}: {}", c.state),
    };
    let r = c.request(msg).await;
    assert_eq!(r["type"], "ack", "{r}");
    let seq = r["seq"].as_u64().unwrap();
    a.wait_seq(seq).await;
    b.wait_seq(seq).await;
    seq
}

/// The farther and the nearer runner of a race's state.
fn runners(state: &Value) -> (u64, u64) {
    let at = &state["at"];
    let (w, b) = (at["white"].as_u64().unwrap(), at["black"].as_u64().unwrap());
    (w.max(b), w.min(b))
}

/// Issue 36: the race is one of the registry's games on every surface —
/// `/api/info` describes it (its title, bots, setting with its choices
/// and default), the lobby takes a challenge of it with its own option
/// and lists it, and the accepted challenge seats both players in a
/// race they play to its end.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_race_is_described_by_the_info_and_played_from_the_lobby() {
    let dir = TempDir::new("race-lobby");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let (code, info) = http_get(addr, "/api/info").await;
    assert_eq!(code, 200, "{info}");
    let info: Value = serde_json::from_str(&info).unwrap();
    let ids: Vec<&str> = info["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, ["trictrac", "backgammon", "race"], "{info}");
    let race = &info["games"][2];
    assert_eq!(race["name"], "Dice race", "{race}");
    assert_eq!(race["bots"], json!(["greedy"]), "{race}");
    assert_eq!(race["default_bot"], "greedy", "{race}");
    assert_eq!(race["records"], json!(["txt"]), "{race}");
    let goal = &race["settings"][0];
    assert_eq!(goal["key"], "goal", "{race}");
    assert_eq!(goal["default"], "20", "{race}");
    assert_eq!(goal["lobby"], true, "{race}");
    assert_eq!(goal["choices"][0]["words"], "goal=10", "{race}");

    // Its standing bot challenge is listed with the others.
    let (_, lobby) = common::http_json(addr, "GET", "/api/lobby", "").await;
    assert!(
        lobby["bots"]
            .as_array()
            .unwrap()
            .iter()
            .any(|b| b["game"] == "race"),
        "{lobby}"
    );
    // A challenge with a wrong option is refused by the race's parser.
    let (code, v) = common::http_json(
        addr,
        "POST",
        "/api/seeks",
        &json!({"game": "race", "rules": "goal=1", "name": "Ann"}).to_string(),
    )
    .await;
    assert_eq!(code, 400, "{v}");
    assert!(v["error"].as_str().unwrap().contains("goal=N"), "{v}");
    // Ann posts a race to 10 (the words of its setting's choice), Bob
    // sees it listed and accepts it.
    let (id, token) = common::post_seek(
        addr,
        json!({"game": "race", "rules": goal["choices"][0]["words"], "name": "Ann"}),
    )
    .await;
    let (_, lobby) = common::http_json(addr, "GET", "/api/lobby", "").await;
    let listed = lobby["seeks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"] == id)
        .cloned()
        .unwrap_or_else(|| panic!("the race is listed: {lobby}"));
    assert_eq!(listed["game"], "race", "{listed}");
    assert_eq!(listed["rules"], "goal=10", "{listed}");
    let (code, bob) = common::accept_seek(addr, &id, "Bob").await;
    assert_eq!(code, 200, "{bob}");
    let room = bob["room"].as_str().unwrap().to_string();
    let (code, ann) =
        common::http_json(addr, "GET", &format!("/api/seeks/{id}?token={token}"), "").await;
    assert_eq!(code, 200, "{ann}");
    assert_eq!(ann["room"], room.as_str(), "{ann}");
    let mut a = Client::seat(addr, &room, ann["token"].as_str().unwrap()).await;
    let mut b = Client::seat(addr, &room, bob["token"].as_str().unwrap()).await;
    assert_eq!(a.state["game"], "race");
    assert_ne!(a.seats(), b.seats(), "the two players sit apart");
    // They play in turn to the end, to 10 (the option they chose).
    let mut turns = 0;
    while a.state["over"].is_null() {
        turns += 1;
        assert!(turns < 400, "the race ends: {}", a.state);
        race_turn(&mut a, &mut b).await;
    }
    let (far, near) = runners(&a.state);
    assert!(far >= 10 && near < 10, "a race to 10: {}", a.state["at"]);
    server.stop().await;
}
