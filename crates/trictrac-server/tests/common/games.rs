//! Games the server tests set up and play: a random legal play, a
//! random backgammon player, an online game with both seats taken, one
//! action by whoever is to act, a claim repeated until it stands.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use super::json::merged;
use super::{Client, Lcg};

/// A random legal play of `state` (its phase must be `play`).
pub fn random_play(state: &Value, rng: &mut Lcg) -> Value {
    let plays = state["plays"].as_array().expect("the legal plays");
    let p = &plays[rng.below(plays.len())];
    json!({"type": "play", "play": p["n"]})
}

/// A random player's message for the side to act in a backgammon state:
/// roll (doubling first when `double` and allowed), a random legal play,
/// and always a take.
pub fn bg_action(state: &Value, rng: &mut Lcg, double: bool) -> Value {
    let kind = state["phase"]["kind"].as_str().unwrap();
    match kind {
        "roll" if double && state["cube"]["can_double"] == true => json!({"type": "double"}),
        "roll" => json!({"type": "roll"}),
        "doubled" => json!({"type": "take"}),
        "play" => random_play(state, rng),
        k => panic!("no backgammon action for phase {k}: {state}"),
    }
}

impl Client {
    /// A new connection that sends `request` (a `create` or a `join`)
    /// and is welcomed: the client and the welcome.
    pub async fn welcomed(addr: SocketAddr, request: Value) -> (Client, Value) {
        let mut c = Client::connect(addr).await;
        let w = c.request(request.clone()).await;
        assert_eq!(w["type"], "welcome", "{request}: {w}");
        (c, w)
    }

    /// Sends `msg` with the state's sequence number; asserts it is
    /// acknowledged and waits for its state: the new sequence number.
    pub async fn act(&mut self, msg: &Value) -> u64 {
        let mut m = msg.clone();
        m["seq"] = self.state["seq"].clone();
        let r = self.request(m).await;
        assert_eq!(r["type"], "ack", "{msg} refused: {r}");
        let seq = r["seq"].as_u64().unwrap();
        self.wait_seq(seq).await;
        seq
    }
}

/// An online game made by Alice, White (`create` adds to or replaces
/// the fields of her `create`), Bob seated as Black: both clients, once
/// Alice sees Bob connected.
pub async fn online_pair(addr: SocketAddr, create: Value) -> (Client, Client) {
    let alice = json!({"type": "create", "mode": "online", "side": "white", "name": "Alice"});
    let (mut a, _) = Client::welcomed(addr, merged(alice, create)).await;
    let join = json!({"type": "join", "room": a.room(), "name": "Bob"});
    let (b, w) = Client::welcomed(addr, join).await;
    assert_eq!(b.seats(), ["black"], "{w}");
    a.wait_until(|s| s["seats"]["black"]["connected"] == true)
        .await;
    (a, b)
}

/// One action by whichever of `a` and `b` holds the side to act, the
/// message `choose` picks in his state, sent with his sequence number;
/// both clients follow it. The side that acted (none when the game is
/// over).
pub async fn act_once(
    a: &mut Client,
    b: &mut Client,
    choose: impl FnOnce(&Value) -> Value,
) -> Option<String> {
    let side = a.to_act()?;
    let actor = if a.seats().contains(&side) {
        &mut *a
    } else {
        &mut *b
    };
    let seq = actor.act(&choose(&actor.state)).await;
    a.wait_seq(seq).await;
    b.wait_seq(seq).await;
    Some(side)
}

/// Claims the game (the opponent gone) every `pause` until the claim
/// stands (at most 15 s).
pub async fn claim_when_allowed(a: &mut Client, pause: Duration) {
    let end = Instant::now() + Duration::from_secs(15);
    loop {
        let r = a.request(json!({"type": "claim"})).await;
        if r["type"] == "ack" {
            break;
        }
        assert!(Instant::now() < end, "the claim never stood: {r}");
        tokio::time::sleep(pause).await;
    }
}
