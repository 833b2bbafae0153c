//! Notifications and correspondence games in Chromium (issue 39): Ann
//! posts a challenge of 2 days a move from the lobby's form (listed as a
//! correspondence game), Bob accepts it; Ann's *Notifications* card
//! shows the badge and "your challenge was accepted", her game among her
//! correspondence games, marked her turn once Bob moved; "Mark all read"
//! clears the badge; the card says the server sends no e-mail (no
//! `--smtp`); a vacation is taken from it.

mod browser;
mod common;
mod pages;

use browser::shot;
use common::Client;
use pages::steps;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notifications_and_correspondence_games_in_chromium() {
    let (_dir, server, browser, mut cdp) = pages::set_up!("notify_page_in_chromium", "notify-page");
    let addr = server.addr();
    let home = format!("http://{addr}/?lang=en");

    let ann = steps::player_browser(&mut cdp, &home, 1100, 1600).await;
    steps::register_on_card(&mut cdp, "Ann", "correct horse").await;
    // No relay: the card says so.
    cdp.wait_for("document.querySelector('#mail-off') !== null", 20)
        .await;
    assert!(cdp.text("#mail-off").await.contains("sends no e-mail"));

    let bob = steps::player_browser(&mut cdp, &home, 1100, 1600).await;
    steps::register_on_card(&mut cdp, "Bob", "correct horse").await;

    // Ann posts 2 days a move from the form.
    cdp.session = Some(ann.clone());
    cdp.wait_for(
        "document.querySelector('#lobby-form select[name=clock] option[value=\"days:2\"]') !== null",
        20,
    )
    .await;
    let (room, taken, mine) = steps::challenge_taken(
        &mut cdp,
        (&ann, &bob),
        "f.elements.clock.value = 'days:2'",
        "li.textContent.includes('correspondence, 2 d a move')",
    )
    .await;
    let mut a = Client::seat(addr, &room, mine.as_str().unwrap()).await;
    let mut b = Client::seat(addr, &room, taken["token"].as_str().unwrap()).await;
    let ann_side = a.seats()[0].clone();
    // Play until Bob hands the turn to Ann.
    for _ in 0..60 {
        let side = a.to_act().expect("someone to act");
        let actor = if side == ann_side { &mut a } else { &mut b };
        let msg = match actor.state["phase"]["kind"].as_str().unwrap_or("") {
            "play" => {
                json!({"type": "play", "play": actor.state["plays"][0]["n"], "seq": actor.state["seq"]})
            }
            _ => json!({"type": "roll", "seq": actor.state["seq"]}),
        };
        let r = actor.request(msg).await;
        assert_eq!(r["type"], "ack", "{r}");
        let seq = r["seq"].as_u64().unwrap();
        a.wait_seq(seq).await;
        b.wait_seq(seq).await;
        if side != ann_side && a.to_act().as_deref() == Some(ann_side.as_str()) {
            break;
        }
    }
    assert_eq!(a.to_act().as_deref(), Some(ann_side.as_str()));

    // The card: the badge, the notices, her game, her turn.
    cdp.open(&home).await;
    cdp.wait_for(
        &format!("document.querySelector(\"#corr-games li.my-turn[data-room='{room}']\") !== null"),
        20,
    )
    .await;
    cdp.wait_for("document.querySelector('#notice-badge') !== null", 20)
        .await;
    let list = cdp.text("#notice-list").await;
    assert!(list.contains("was accepted by Bob"), "{list}");
    assert!(list.contains("Your turn against Bob"), "{list}");
    assert!(cdp.text("#corr-games").await.contains("your turn"));
    shot(&mut cdp, "notifications-card").await;
    cdp.click("#btn-seen").await;
    cdp.wait_for(
        "document.querySelector('#notice-badge') === null && document.querySelector('#btn-seen') === null",
        20,
    )
    .await;
    // A vacation of 2 days from the card.
    cdp.eval("document.querySelector('#vacation-form').elements.days.value = '2'; true")
        .await;
    cdp.click("#vacation-form button").await;
    cdp.wait_for(
        "(document.querySelector('#vacation-form') || {}).textContent.includes('13 of 15 days left')",
        20,
    )
    .await;
    cdp.close(browser).await;
    server.stop().await;
}
