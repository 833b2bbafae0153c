//! The measure of the game abstraction (issue "One game, written
//! once"): a third game, a dice race written here and nowhere else,
//! implements `tables::TableGame` and the server's `ServerGame`, is
//! played to its end by the shared driver, and through a server room —
//! created, played against the room's bot, stored, reloaded after a
//! restart, its record downloaded — with no change to the server's or
//! the driver's code: only a registry entry.
//!
//! The race: each player throws one die at the opening, the higher
//! starts (equal dice are thrown again). On his turn a player rolls two
//! dice, then moves his runner forward by the higher die or by their
//! sum; the first to reach 20 wins (a single game, one point).

mod common;

use std::time::Duration;

use common::{http_get, Client, TempDir};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use tables::{
    ActionError, BySide, Choice, Decision, DiceSource, Outcome, Pending, Player, PlayerError, Side,
    TableGame,
};
use trictrac_server::error::RoomError;
use trictrac_server::games::{Intent, Registry, ServerGame};

const GOAL: u32 = 20;

#[derive(Clone, Debug, Default)]
struct Race {
    at: BySide<u32>,
    turn: Option<Side>,
    roll: Option<(u8, u8)>,
    log: Vec<RaceAction>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "k", rename_all = "snake_case")]
enum RaceAction {
    Opening { w: u8, b: u8 },
    Roll { a: u8, b: u8 },
    Move { n: u32 },
}

fn winner(r: &Race) -> Option<Side> {
    Side::ALL.into_iter().find(|s| *r.at.get(*s) >= GOAL)
}

impl TableGame for Race {
    type Action = RaceAction;

    fn kind(&self) -> &'static str {
        "race"
    }

    fn pending(&self) -> Option<Pending> {
        if winner(self).is_some() {
            return None;
        }
        Some(match (self.turn, self.roll) {
            (None, _) => Pending {
                side: None,
                decision: Decision::Opening,
            },
            (Some(s), None) => Pending {
                side: Some(s),
                decision: Decision::Roll,
            },
            (Some(s), Some(_)) => Pending {
                side: Some(s),
                decision: Decision::Play,
            },
        })
    }

    fn legal_actions(&self) -> Vec<RaceAction> {
        match self.roll {
            Some((a, b)) if winner(self).is_none() => vec![
                RaceAction::Move {
                    n: u32::from(a.max(b)),
                },
                RaceAction::Move {
                    n: u32::from(a + b),
                },
            ],
            _ => Vec::new(),
        }
    }

    fn throw(&self, dice: &mut dyn DiceSource) -> Result<RaceAction, ActionError> {
        let p = self.pending().ok_or(ActionError::Over)?;
        match p.decision {
            Decision::Opening => Ok(RaceAction::Opening {
                w: dice.die().value(),
                b: dice.die().value(),
            }),
            Decision::Roll => Ok(RaceAction::Roll {
                a: dice.die().value(),
                b: dice.die().value(),
            }),
            _ => Err(ActionError::illegal("move before rolling again (RACE-2)")),
        }
    }

    fn apply(&mut self, action: &RaceAction) -> Result<RaceAction, ActionError> {
        let p = self.pending().ok_or(ActionError::Over)?;
        match (action, p.decision) {
            (RaceAction::Opening { w, b }, Decision::Opening) => {
                if w != b {
                    self.turn = Some(if w > b { Side::White } else { Side::Black });
                }
            }
            (RaceAction::Roll { a, b }, Decision::Roll) => self.roll = Some((*a, *b)),
            (RaceAction::Move { n }, Decision::Play) => {
                if !self.legal_actions().contains(action) {
                    return Err(ActionError::illegal(format!(
                        "move by the higher die or the sum, not {n} (RACE-1)"
                    )));
                }
                let s = self.turn.expect("a side moves");
                *self.at.get_mut(s) += n;
                self.roll = None;
                self.turn = Some(!s);
            }
            _ => {
                return Err(ActionError::illegal(format!(
                    "{action:?} is not a {:?} (RACE-2)",
                    p.decision
                )))
            }
        }
        self.log.push(action.clone());
        Ok(action.clone())
    }

    fn outcome(&self) -> Option<Outcome> {
        let w = winner(self)?;
        Some(Outcome {
            winner: w,
            points: 1,
            text: format!("{} {} {} {}", w, self.at.get(w), !w, self.at.get(!w)),
        })
    }

    fn action_text(&self, action: &RaceAction) -> String {
        format!("{action:?}")
    }

    fn position_text(&self) -> String {
        format!("{}-{}", self.at.white, self.at.black)
    }

    fn record_text(&self, names: BySide<&str>) -> String {
        let mut s = format!("race {} v {}\n", names.white, names.black);
        for a in &self.log {
            s.push_str(&self.action_text(a));
            s.push('\n');
        }
        s
    }
}

/// Takes the sum when it does not matter, else the higher die.
struct Greedy;

impl Player<Race> for Greedy {
    fn name(&self) -> &str {
        "greedy"
    }

    fn choose(&mut self, game: &Race) -> Result<Choice<RaceAction>, PlayerError> {
        match game.legal_actions().pop() {
            Some(a) => Ok(Choice::Act(a)),
            None => Ok(Choice::Throw),
        }
    }
}

impl ServerGame for Race {
    fn intent(
        &self,
        intent: Intent,
        seats: &[Side],
    ) -> Result<(Side, Choice<RaceAction>), RoomError> {
        let side = self
            .turn
            .filter(|s| seats.contains(s))
            .ok_or_else(|| RoomError::NotYourTurn("not your turn".into()))?;
        match intent {
            Intent::Roll => Ok((side, Choice::Throw)),
            Intent::Play(p) => {
                let n = p
                    .trim()
                    .parse()
                    .map_err(|_| ActionError::Unreadable(format!("`{p}`: a number")))?;
                Ok((side, Choice::Act(RaceAction::Move { n })))
            }
            _ => Err(RoomError::Refused("a race has rolls and moves only".into())),
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
        String::new()
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
    games.register("race", |_words: &str| Ok(Race::default()));
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
        .request(json!({"type": "create", "game": "race", "mode": "bot", "bot": "greedy", "side": "white", "name": "Ann"}))
        .await;
    assert_eq!(w["type"], "welcome", "{w}");
    assert_eq!(c.state["game"], "race");
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
    let (code, text) = http_get(server.addr(), &format!("/api/games/{room}.txt")).await;
    assert_eq!(code, 200, "{text}");
    assert!(text.starts_with("race Ann v greedy (bot)"), "{text}");
    server.stop().await;
}
