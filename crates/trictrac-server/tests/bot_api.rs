//! The bot API (issue 39, item 4; docs/PROTOCOL.md, "The bot API"): the
//! example bot (`examples/bot.py`) plays a whole game against a person
//! playing through the page's WebSocket; tokens wrong or revoked are
//! refused (401); a bot acting out of turn is refused and nothing
//! changes; a bot plays rated against a person only if the person
//! allows it; bots are marked in the API.

mod common;

use std::net::SocketAddr;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::http::{http_call, JSON};
use common::web::session_line as register;
use common::{on_postgres, on_sqlite, post_seek, start, Client, TempDir};
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

/// `METHOD path` with a JSON body and extra header lines: status, head,
/// JSON answer.
async fn call(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
    headers: &str,
) -> (u16, String, Value) {
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    http_call(addr, method, path, &format!("{headers}{JSON}"), &body).await
}

/// A bot account `name` and an API token of it: (session header, token,
/// token id).
async fn bot(addr: SocketAddr, name: &str) -> (String, String, String) {
    let cookie = register(addr, name).await;
    let (status, v) = make_token(addr, json!({"label": "example", "bot": true}), &cookie).await;
    assert_eq!(status, 201, "{v}");
    assert_eq!(v["bot"], true, "{v}");
    let token = v["token"].as_str().unwrap().to_string();
    assert!(token.starts_with("ttb_") && token.len() == 68, "{token}");
    (cookie, token, v["id"].as_str().unwrap().to_string())
}

/// A name no earlier run took (the PostgreSQL database of the tests is
/// kept between runs).
fn unique(name: &str) -> String {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.subsec_nanos())
        .unwrap_or(0);
    format!("{name}{}", nanos % 1_000_000)
}

/// A bot account of a name no earlier run took: its name and an API
/// token of it.
async fn unique_bot(addr: SocketAddr) -> (String, String) {
    let name = unique("Robo");
    let (_, token, _) = bot(addr, &name).await;
    (name, token)
}

/// The seek `id` as the lobby lists it.
async fn in_lobby(addr: SocketAddr, id: &str) -> Value {
    let (_, _, lobby) = call(addr, "GET", "/api/lobby", None, "").await;
    let seeks = lobby["seeks"].as_array().expect("the lobby's seeks");
    let seek = seeks.iter().find(|s| s["id"] == id);
    seek.cloned()
        .unwrap_or_else(|| panic!("{id} in the lobby: {lobby}"))
}

/// `POST /api/bot/games/ROOM` with the action `action`, as `headers`
/// say: status and answer.
async fn act_as_bot(addr: SocketAddr, room: &str, action: Value, headers: &str) -> (u16, Value) {
    let path = format!("/api/bot/games/{room}");
    let (status, _, v) = call(addr, "POST", &path, Some(action), headers).await;
    (status, v)
}

/// `POST /api/account/tokens` with `body`, as `headers` say: status and
/// answer.
async fn make_token(addr: SocketAddr, body: Value, headers: &str) -> (u16, Value) {
    let (status, _, v) = call(addr, "POST", "/api/account/tokens", Some(body), headers).await;
    (status, v)
}

/// `DELETE /api/account/tokens/ID`, as `headers` say: status and answer.
async fn revoke(addr: SocketAddr, id: &str, headers: &str) -> (u16, Value) {
    let path = format!("/api/account/tokens/{id}");
    let (status, _, v) = call(addr, "DELETE", &path, None, headers).await;
    (status, v)
}

/// `GET /api/bot/stream` answered at once (a refusal), as `headers` say:
/// status and answer.
async fn stream_refused(addr: SocketAddr, headers: &str) -> (u16, Value) {
    let (status, _, v) = call(addr, "GET", "/api/bot/stream", None, headers).await;
    (status, v)
}

fn bearer(token: &str) -> String {
    format!("Authorization: Bearer {token}\r\n")
}

/// The message the person sends for the decision pending (his turn).
fn person_choice(state: &Value) -> Value {
    match state["pending"]["decision"].as_str().unwrap() {
        "roll" | "roll_or_double" => json!({"type": "roll"}),
        "play" => {
            // The last legal play: not the bot's choice, a game of its own.
            let plays = state["plays"].as_array().unwrap();
            json!({"type": "play", "play": plays[plays.len() - 1]["n"]})
        }
        "answer" => json!({"type": "take"}),
        "stay_or_leave" => json!({"type": "stay"}),
        d => panic!("no choice for decision {d}: {state}"),
    }
}

/// The seek `id` held on a lobby socket until it is accepted: the
/// `accepted` message.
async fn wait_accepted(addr: SocketAddr, id: &str, token: &str) -> Value {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws/lobby"))
        .await
        .expect("the lobby socket");
    let hold = json!({"type": "hold", "seek": id, "token": token});
    ws.send(Message::Text(hold.to_string().into()))
        .await
        .unwrap();
    loop {
        let m = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("the bot accepts within 30 s")
            .expect("open")
            .expect("a frame");
        let Message::Text(t) = m else { continue };
        let v: Value = serde_json::from_str(t.as_str()).unwrap();
        if v["type"] == "accepted" {
            return v;
        }
    }
}

async fn example_bot_game(addr: SocketAddr) {
    let (robo, token) = unique_bot(addr).await;

    // The person's challenge, through the page's API.
    let (id, seek_token) = post_seek(
        addr,
        json!({"game": "backgammon", "rules": "standard", "name": "Ann"}),
    )
    .await;
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/bot.py");
    let mut child = Command::new("python3")
        .args([script, &format!("http://{addr}"), &token, "backgammon", "1"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs the example bot");
    let accepted = wait_accepted(addr, &id, &seek_token).await;
    let room = accepted["room"].as_str().unwrap().to_string();
    let mine = accepted["side"].as_str().unwrap().to_string();
    let mut me = Client::seat(addr, &room, accepted["token"].as_str().unwrap()).await;
    assert_eq!(me.state["seats"][&mine]["name"], "Ann");
    let theirs = if mine == "white" { "black" } else { "white" };
    assert_eq!(me.state["seats"][theirs]["name"], json!(robo));

    let mut out_of_turn_checked = false;
    let mut actions = 0;
    let deadline = Instant::now() + Duration::from_secs(240);
    while me.state["over"].is_null() {
        assert!(Instant::now() < deadline, "the game ends within 4 minutes");
        let pending = &me.state["pending"];
        if pending["side"] != json!(mine) {
            me.recv().await;
            continue;
        }
        if !out_of_turn_checked {
            // The bot acting out of turn: a clear refusal, nothing moved.
            let seq = me.state["seq"].as_u64().unwrap();
            let roll = json!({"type": "roll", "seq": seq});
            let (status, v) = act_as_bot(addr, &room, roll, &bearer(&token)).await;
            assert_eq!(status, 409, "{v}");
            assert_eq!(v["code"], "not_your_turn", "{v}");
            assert!(v["error"].as_str().unwrap().contains("turn"), "{v}");
            assert_eq!(me.sync().await["seq"].as_u64().unwrap(), seq);
            out_of_turn_checked = true;
        }
        let mut m = person_choice(&me.state);
        m["seq"] = me.state["seq"].clone();
        let r = me.request(m.clone()).await;
        assert_eq!(r["type"], "ack", "{m} refused: {r}");
        me.wait_seq(r["seq"].as_u64().unwrap()).await;
        actions += 1;
    }
    assert!(out_of_turn_checked);
    assert!(actions > 5, "a whole game: {actions} actions of the person");
    let status = child.wait().expect("the bot ends");
    let mut text = String::new();
    std::io::Read::read_to_string(child.stdout.as_mut().unwrap(), &mut text).unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(child.stderr.as_mut().unwrap(), &mut err).unwrap();
    assert!(status.success(), "the bot: {text}\n{err}");
    assert!(text.contains(&format!("room {room}")), "{text}");
    assert!(text.contains("over:"), "{text}");
    // The game is stored as over, with the bot's name.
    let (_, _, games) = call(addr, "GET", "/api/games", None, "").await;
    let g = games["finished"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == json!(room))
        .cloned()
        .expect("the game is listed as finished");
    assert!(
        g["white"] == json!(robo) || g["black"] == json!(robo),
        "{g}"
    );
}

#[tokio::test]
async fn the_example_bot_plays_a_whole_game_against_a_person() {
    on_sqlite("bot-api-game", example_bot_game).await;
}

#[tokio::test]
async fn the_example_bot_plays_a_whole_game_on_postgres() {
    on_postgres(example_bot_game).await;
}

/// The bot's event stream opened with `token`, read until `until`
/// shows: the connection and what came (head included).
async fn open_stream(
    addr: SocketAddr,
    token: &str,
    until: &str,
) -> (tokio::net::TcpStream, String) {
    let request = format!(
        "GET /api/bot/stream HTTP/1.1\r\nHost: {addr}\r\n{}\r\n",
        bearer(token)
    );
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    tokio::io::AsyncWriteExt::write_all(&mut s, request.as_bytes())
        .await
        .unwrap();
    let text = read_until(&mut s, String::new(), until).await;
    (s, text)
}

/// Reads the stream `s` until `until` shows in what came (`seen` first).
async fn read_until(s: &mut tokio::net::TcpStream, mut seen: String, until: &str) -> String {
    let mut buf = [0u8; 8192];
    while !seen.contains(until) {
        let n = tokio::time::timeout(
            Duration::from_secs(10),
            tokio::io::AsyncReadExt::read(s, &mut buf),
        )
        .await
        .unwrap_or_else(|_| panic!("`{until}` within 10 s: {seen}"))
        .unwrap();
        assert!(n > 0, "the stream ended: {seen}");
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    seen
}

#[tokio::test]
async fn a_bots_own_challenge_accepted_reaches_its_stream() {
    let dir = TempDir::new("bot-api-own-seek");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let (_, token, _) = bot(addr, "Robo").await;
    let (mut s, seen) = open_stream(addr, &token, "\"type\":\"lobby\"").await;
    let seek = json!({"game": "trictrac"});
    let (status, _, v) = call(addr, "POST", "/api/seeks", Some(seek), &bearer(&token)).await;
    assert_eq!(status, 200, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    // Held by the stream: still open after the poster's grace.
    tokio::time::sleep(Duration::from_secs(12)).await;
    let (_, _, shown) = call(addr, "GET", &format!("/api/seeks/{id}"), None, "").await;
    assert_eq!(shown["state"], "open", "{shown}");
    // A person accepts: the stream tells the bot and follows the game.
    let (status, _, v) = call(
        addr,
        "POST",
        &format!("/api/seeks/{id}/accept"),
        Some(json!({"name": "Eve"})),
        "",
    )
    .await;
    assert_eq!(status, 200, "{v}");
    let room = v["room"].as_str().unwrap().to_string();
    let seen = read_until(&mut s, seen, "\"type\":\"accepted\"").await;
    let seen = read_until(&mut s, seen, "\"type\":\"welcome\"").await;
    assert!(seen.contains(&format!("\"room\":\"{room}\"")), "{seen}");
    let seen = read_until(&mut s, seen, "\"type\":\"state\"").await;
    let bot_side = if v["side"] == "white" {
        "black"
    } else {
        "white"
    };
    assert!(
        seen.contains(&format!("\"seats\":[\"{bot_side}\"]")),
        "{seen}"
    );
    server.stop().await;
}

#[tokio::test]
async fn wrong_or_revoked_tokens_are_refused() {
    let dir = TempDir::new("bot-api-tokens");
    let server = start(&dir.db_url()).await;
    let addr = server.addr();
    let (cookie, token, token_id) = bot(addr, "Robo").await;

    // The token opens the stream: hello, then the lobby.
    let (s, text) = open_stream(addr, &token, "\"type\":\"lobby\"").await;
    assert!(text.starts_with("HTTP/1.1 200"), "{text}");
    assert!(text.contains("application/x-ndjson"), "{text}");
    assert!(
        text.contains(r#""type":"hello""#) && text.contains(r#""bot":true"#),
        "{text}"
    );
    drop(s);

    // Wrong tokens: malformed, unknown, another scheme, a cookie only.
    let unknown = format!("ttb_{}", "0".repeat(64));
    for h in [
        bearer("nonsense"),
        bearer(&unknown),
        format!("Authorization: Basic {token}\r\n"),
        cookie.clone(),
        String::new(),
    ] {
        let (status, v) = stream_refused(addr, &h).await;
        assert_eq!(status, 401, "{h}: {v}");
        assert!(v["error"].as_str().unwrap().contains("Bearer"), "{v}");
        let (status, v) = act_as_bot(addr, "ABCDEF", json!({"type": "roll"}), &h).await;
        assert_eq!(status, 401, "{h}: {v}");
    }
    // The page's WebSocket with a token: a good one opens it, a wrong one
    // is refused at the upgrade.
    for (t, ok) in [(token.as_str(), true), (unknown.as_str(), false)] {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest;
        let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
        req.headers_mut()
            .insert("authorization", format!("Bearer {t}").parse().unwrap());
        let r = tokio_tungstenite::connect_async(req).await;
        assert_eq!(r.is_ok(), ok, "{t}: {:?}", r.err());
        if let Err(tokio_tungstenite::tungstenite::Error::Http(h)) = r {
            assert_eq!(h.status(), 401);
        }
    }
    // A token of an account not marked as a bot does not open the bot API.
    let person = register(addr, "Person").await;
    let (status, v) = make_token(addr, json!({"label": "scripts"}), &person).await;
    assert_eq!((status, &v["bot"]), (201, &json!(false)), "{v}");
    let person_token = v["token"].as_str().unwrap().to_string();
    let (status, v) = stream_refused(addr, &bearer(&person_token)).await;
    assert_eq!(status, 403, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("not marked as a bot"),
        "{v}"
    );
    // A bot acting in a game not its own.
    let (status, v) = act_as_bot(addr, "ABCDEF", json!({"type": "roll"}), &bearer(&token)).await;
    assert_eq!(status, 403, "{v}");

    // The list shows the token's id and label, never the token.
    let (status, _, v) = call(addr, "GET", "/api/account/tokens", None, &cookie).await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["tokens"][0]["id"], json!(token_id));
    assert!(!v.to_string().contains(&token[4..]), "{v}");
    // Tokens are not made with a token, nor from another site's page.
    let (status, v) = make_token(addr, json!({}), &bearer(&token)).await;
    assert_eq!(status, 403, "{v}");
    let cross = format!("{cookie}Origin: http://evil.example\r\n");
    let (status, v) = make_token(addr, json!({}), &cross).await;
    assert_eq!(status, 403, "{v}");
    let (status, v) = revoke(addr, &token_id, &cross).await;
    assert_eq!(status, 403, "{v}");

    // Revoked: refused from then on.
    let (status, v) = revoke(addr, &token_id, &cookie).await;
    assert_eq!(status, 200, "{v}");
    let (status, v) = stream_refused(addr, &bearer(&token)).await;
    assert_eq!(status, 401, "{v}");
    assert!(v["error"].as_str().unwrap().contains("revoked"), "{v}");
    let (status, v) = revoke(addr, &token_id, &cookie).await;
    assert_eq!(status, 404, "{v}");
    server.stop().await;
}

async fn rated_consent(addr: SocketAddr) {
    let (robo, token) = unique_bot(addr).await;
    let ann_name = unique("Ann");
    let ann = register(addr, &ann_name).await;

    // Ann's rated challenge, bots not allowed: the bot is refused.
    let seek = json!({"game": "backgammon", "rated": true});
    let (status, _, v) = call(addr, "POST", "/api/seeks", Some(seek), &ann).await;
    assert_eq!(status, 200, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let accept = format!("/api/seeks/{id}/accept");
    let (status, _, v) = call(addr, "POST", &accept, Some(json!({})), &bearer(&token)).await;
    assert_eq!(status, 403, "{v}");
    assert!(v["error"].as_str().unwrap().contains("allow"), "{v}");
    let (_, _, seek) = call(addr, "GET", &format!("/api/seeks/{id}"), None, "").await;
    assert_eq!(seek["state"], "open", "nothing changed: {seek}");

    // Allowed: the bot takes it, rated.
    let seek = json!({"game": "backgammon", "rated": true, "allow_bots": true});
    let (_, _, v) = call(addr, "POST", "/api/seeks", Some(seek), &ann).await;
    let id = v["id"].as_str().unwrap().to_string();
    let listed = in_lobby(addr, &id).await;
    assert_eq!(listed["allow_bots"], true, "{listed}");
    let accept = format!("/api/seeks/{id}/accept");
    let (status, _, v) = call(addr, "POST", &accept, Some(json!({})), &bearer(&token)).await;
    assert_eq!(status, 200, "{v}");

    // The bot's rated challenge: listed as a bot's; a person accepts it
    // only with "allow_bots".
    let seek = json!({"game": "backgammon", "rated": true});
    let (status, _, v) = call(addr, "POST", "/api/seeks", Some(seek), &bearer(&token)).await;
    assert_eq!(status, 200, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let listed = in_lobby(addr, &id).await;
    assert_eq!(listed["bot"], true, "{listed}");
    assert_eq!(listed["name"], json!(robo), "{listed}");
    let accept = format!("/api/seeks/{id}/accept");
    let (status, _, v) = call(addr, "POST", &accept, Some(json!({})), &ann).await;
    assert_eq!(status, 403, "{v}");
    let (status, _, v) = call(
        addr,
        "POST",
        &accept,
        Some(json!({"allow_bots": true})),
        &ann,
    )
    .await;
    assert_eq!(status, 200, "{v}");

    // Marked as a bot in the API.
    let (_, _, p) = call(addr, "GET", &format!("/api/players/{robo}"), None, "").await;
    assert_eq!(p["bot"], true, "{p}");
    let (_, _, p) = call(addr, "GET", &format!("/api/players/{ann_name}"), None, "").await;
    assert_eq!(p["bot"], false, "{p}");
    let (_, _, b) = call(addr, "GET", "/api/bots", None, "").await;
    let bots = b["bots"].as_array().unwrap();
    assert!(
        bots.contains(&json!(robo)) && !bots.contains(&json!(ann_name)),
        "{b}"
    );
}

#[tokio::test]
async fn a_bot_plays_rated_against_a_person_only_if_the_person_allows_it() {
    on_sqlite("bot-api-rated", rated_consent).await;
}

#[tokio::test]
async fn rated_consent_on_postgres() {
    on_postgres(rated_consent).await;
}
