//! Issue 38, item 3: dice anyone can verify. An online game's dice come
//! from a server seed committed at the start (its SHA-256 in the state),
//! mixed with both players' seeds (sent with `create` and `join`): the
//! records carry the seeds, the server seed revealed at the end, and the
//! verification (`trictrac verify`'s: `tables::fair`,
//! `backgammon::mat::verify_dice`, `trictrac::Record::verify_dice`)
//! recomputes every throw — and names the first one changed. A server
//! restarted in the middle of a game goes on with the same dice.
//!
//! `TRICTRAC_FAIR_RECORDS=DIR` keeps the records (the fixtures of the
//! CLI's test come from there).

mod browser;
mod common;
mod pages;

use common::games::bg_action;
use common::{http_get, http_send, play_both, random_action, start, Client, Lcg, TempDir};
use serde_json::{json, Value};
use tables::fair;

fn action(game: &str, s: &Value, rng: &mut Lcg) -> Value {
    if game == "backgammon" {
        bg_action(s, rng, false)
    } else {
        random_action(s, rng)
    }
}

/// Both players back at their seats (after a restart).
async fn seats(addr: std::net::SocketAddr, room: &str, a: &Client, b: &Client) -> (Client, Client) {
    let a = Client::seat(addr, room, &a.token()).await;
    let b = Client::seat(addr, room, &b.token()).await;
    (a, b)
}

/// Changes the `nth` die written as `D-D` (Grand Trictrac) or `DD:`
/// (backgammon) in a record's lines of moves.
fn alter_a_die(text: &str, mat: bool, nth: usize) -> String {
    let mut seen = 0;
    let mut out = Vec::new();
    for line in text.lines() {
        let t = line.trim_start();
        let is_moves = if mat {
            t.split_once(')')
                .is_some_and(|(n, _)| n.trim().parse::<u32>().is_ok())
        } else {
            t.starts_with("w ") || t.starts_with("b ")
        };
        let mut l = line.to_string();
        if is_moves && seen <= nth {
            let b = l.as_bytes().to_vec();
            for i in 0..b.len().saturating_sub(2) {
                let dice = if mat {
                    b[i].is_ascii_digit() && b[i + 1].is_ascii_digit() && b[i + 2] == b':'
                } else {
                    b[i].is_ascii_digit()
                        && b[i + 1] == b'-'
                        && b[i + 2].is_ascii_digit()
                        && (i == 0 || b[i - 1] == b' ')
                };
                if dice {
                    if seen == nth {
                        let d = b[i] - b'0';
                        let other = (d % 6 + 1 + b'0') as char;
                        l.replace_range(i..i + 1, &other.to_string());
                        seen += 1;
                        break;
                    }
                    seen += 1;
                    if !mat {
                        break; // one roll per line
                    }
                }
            }
        }
        out.push(l);
    }
    out.join("\n") + "\n"
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dice_of_online_games_are_verified_from_their_records() {
    let dir = TempDir::new("fair-dice");
    let keep = std::env::var("TRICTRAC_FAIR_RECORDS").ok();
    for (game, ext) in [("backgammon", "mat"), ("trictrac", "txt")] {
        let mut server = start(&dir.db_url()).await;
        let mut addr = server.addr();
        let mut rng = Lcg(38);
        // A bad seed is refused with its reason.
        let mut c = Client::connect(addr).await;
        let r = c
            .request(json!({"type": "create", "game": game, "mode": "online", "seed": "xyz"}))
            .await;
        assert_eq!(r["type"], "error", "{r}");
        assert!(r["message"].as_str().unwrap().contains("not hex"), "{r}");
        let r = c
            .request(json!({"type": "create", "game": game, "mode": "online",
                "seed": "a".repeat(66)}))
            .await;
        assert!(r["message"].as_str().unwrap().contains("at most 64"), "{r}");
        // Alice (White) and Bob each give a seed.
        let mut a = Client::connect(addr).await;
        let w = a
            .request(
                json!({"type": "create", "game": game, "mode": "online", "side": "white",
                "name": "Alice", "seed": "A11CE5"}),
            )
            .await;
        assert_eq!(w["type"], "welcome", "{w}");
        let room = a.room();
        let commitment = a.state["fair_dice"]["commitment"]
            .as_str()
            .expect("the commitment from the start")
            .to_string();
        assert_eq!(a.state["fair_dice"]["server"], Value::Null);
        assert_eq!(a.state["seq"], 0, "no dice before the friend's seed");
        let mut b = Client::connect(addr).await;
        let r = b
            .request(json!({"type": "join", "room": room, "name": "Bob", "seed": "nothex"}))
            .await;
        assert_eq!(r["type"], "error", "{r}");
        let w = b
            .request(json!({"type": "join", "room": room, "name": "Bob", "seed": "b0b0"}))
            .await;
        assert_eq!(b.seats(), ["black"], "{w}");
        a.wait_until(|s| s["seq"].as_u64().unwrap_or(0) > 0).await;
        let f = &b.state["fair_dice"];
        assert_eq!(f["commitment"], commitment.as_str(), "{f}");
        assert_eq!(
            (f["white"].as_str(), f["black"].as_str()),
            (Some("a11ce5"), Some("b0b0"))
        );
        // Some turns, then the server restarts: the dice go on.
        play_both(&mut a, &mut b, 12, |s| action(game, s, &mut rng)).await;
        let (ta, tb) = (a.token(), b.token());
        drop((a, b));
        server.stop().await;
        server = start(&dir.db_url()).await;
        addr = server.addr();
        let a0 = Client::seat(addr, &room, &ta).await;
        let b0 = Client::seat(addr, &room, &tb).await;
        let (mut a, mut b) = seats(addr, &room, &a0, &b0).await;
        drop((a0, b0));
        play_both(&mut a, &mut b, 20_000, |s| action(game, s, &mut rng)).await;
        assert!(a.over(), "{game}: the game ends");
        let server_seed = a.state["fair_dice"]["server"]
            .as_str()
            .expect("the server seed revealed at the end")
            .to_string();
        assert_eq!(
            fair::commitment_of(&fair::unhex(&server_seed).unwrap()),
            commitment
        );
        // The record carries the seeds; every throw is the seeds'.
        let (code, text) = http_get(addr, &format!("/api/games/{room}.{ext}")).await;
        assert_eq!(code, 200, "{text}");
        let seeds = fair::parse_text(&fair::seeds_in_record(&text).expect("the seeds line"))
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        let verify = |text: &str| -> Result<usize, String> {
            if ext == "mat" {
                backgammon::mat::verify_dice(text, &backgammon::Rules::standard(), seeds.clone())
            } else {
                text.parse::<trictrac::Record>()
                    .map_err(|e| e.to_string())?
                    .verify_dice(seeds.clone())
            }
        };
        let n = verify(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert!(n > 10, "{n} throws");
        // Our own readers still read it (gnubg skips `;` lines).
        if ext == "mat" {
            backgammon::MatFile::parse(&text, backgammon::Rules::standard())
                .unwrap_or_else(|e| panic!("{e}\n{text}"));
        } else {
            text.parse::<trictrac::Record>().unwrap().replay().unwrap();
            let (code, j) = http_get(addr, &format!("/api/games/{room}.json")).await;
            assert_eq!(code, 200);
            let rec = trictrac::Record::from_json(&j).unwrap();
            let s = fair::parse_text(&fair::seeds_in_record(&j).unwrap()).unwrap();
            assert_eq!(rec.verify_dice(s).unwrap(), n);
        }
        // One die changed: the first throw that does not match is named.
        let altered = alter_a_die(&text, ext == "mat", 6);
        assert_ne!(altered.trim(), text.trim());
        let e = verify(&altered).unwrap_err();
        assert!(e.contains("do not match the seeds"), "{e}");
        if ext == "mat" {
            assert!(e.contains("throw "), "{e}");
        } else {
            assert!(e.contains("roll "), "{e}");
        }
        // The page's *Verify the dice* asks the server the same.
        let (code, v) = http_send(addr, "POST", "/api/analysis/verify", Some(&text)).await;
        assert_eq!(code, 200, "{v}");
        assert!(v.contains("\"ok\":true"), "{v}");
        let (code, v) = http_send(addr, "POST", "/api/analysis/verify", Some(&altered)).await;
        assert_eq!(code, 422, "{v}");
        assert!(v.contains("do not match the seeds"), "{v}");
        // Another seed (Bob's changed) fails at once.
        let other = fair::Seeds::new(seeds.server, seeds.white.clone(), vec![0xb0]);
        assert!(fair::parse_text(&other.text(true)).is_ok());
        if let Some(dir) = &keep {
            std::fs::write(format!("{dir}/online-{game}.{ext}"), &text).unwrap();
            std::fs::write(format!("{dir}/online-{game}-altered.{ext}"), &altered).unwrap();
        }
        server.stop().await;
    }
}

/// Alice's `create` in the page's test: an online backgammon game,
/// White, with a seed of hers.
fn alice_online() -> Value {
    json!({"type": "create", "game": "backgammon", "mode": "online", "side": "white",
        "name": "Alice", "seed": "0a0b"})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_shows_the_commitment_then_verifies_the_dice_in_chromium() {
    let Some((_dir, server, browser, mut cdp)) =
        pages::open("fair_dice_page", "fair-dice-page").await
    else {
        return;
    };
    let addr = server.addr();
    // A friend joining from the page sends a seed of its own; the page
    // shows the commitment.
    let (mut a, _) = Client::welcomed(addr, alice_online()).await;
    let room = a.room();
    cdp.navigate(&format!("http://{addr}/?room={room}&lang=en"))
        .await;
    cdp.wait_for("!document.querySelector('#invited').hidden", 30)
        .await;
    cdp.click("#btn-invited").await;
    cdp.wait_for(pages::GAME_SHOWN, 30).await;
    a.wait_until(|s| s["seq"].as_u64().unwrap_or(0) > 0).await;
    let black = a.state["fair_dice"]["black"].as_str().unwrap().to_string();
    assert_eq!(black.len(), 32, "the page's seed: {}", a.state["fair_dice"]);
    cdp.wait_for("!document.querySelector('#fair-dice').hidden", 20)
        .await;
    let text = cdp.text("#fair-dice").await;
    let c = a.state["fair_dice"]["commitment"].as_str().unwrap();
    assert!(text.contains(&c[..16]), "{text}");

    // A game played to its end, watched: the server seed is shown and
    // *Verify the dice* checks every throw.
    let (mut a, _) = Client::welcomed(addr, alice_online()).await;
    let room = a.room();
    let mut rng = Lcg(5);
    let mut b = Client::connect(addr).await;
    b.request(json!({"type": "join", "room": room, "name": "Bob", "seed": "0c"}))
        .await;
    a.wait_until(|s| s["seq"].as_u64().unwrap_or(0) > 0).await;
    // (The page server limits each connection to 30 messages a second.)
    for _ in 0..20_000 {
        if a.over() {
            break;
        }
        play_both(&mut a, &mut b, 1, |s| bg_action(s, &mut rng, false)).await;
        tokio::time::sleep(std::time::Duration::from_millis(40)).await;
    }
    assert!(a.over());
    cdp.navigate(&format!("http://{addr}/?room={room}&watch=1&lang=en"))
        .await;
    cdp.wait_for(pages::GAME_SHOWN, 30).await;
    cdp.wait_for("!document.querySelector('#btn-verify').hidden", 30)
        .await;
    let text = cdp.text("#fair-dice").await;
    let seed = a.state["fair_dice"]["server"].as_str().unwrap();
    assert!(text.contains(seed), "{text}");
    cdp.click("#btn-verify").await;
    cdp.wait_for(
        "document.querySelector('#fair-dice').textContent.includes('throws')",
        30,
    )
    .await;
    let text = cdp.text("#fair-dice").await;
    assert!(text.contains("are the seeds'"), "{text}");
    cdp.close(browser).await;
    server.stop().await;
}
