//! The steps the browser tests take again and again, each a sentence of
//! their story: open the home page, start a game from its form, wait for
//! White's turn, resign, open the review; register and log in through the
//! account card, a second player in a browser of his own, a challenge
//! posted from the lobby and accepted. Each waits for what the page shows
//! (a condition), never for a fixed time.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::browser::{Cdp, WHITE_READY};

use super::{fetch, GAME_SHOWN, HOME_READY};

/// What a test reads of the page at a step of a game (`S` is
/// `window.__trictrac`, `s` its state): the phase (and its `kind`, `side`,
/// the `decision` pending), `seq`, the `plays`, `dice`, `board`, `score`,
/// `cube`, whether the game is `over`, and of the page whether it is
/// `busy` (an action sent, unanswered), `online`, the checker `selected`.
pub const LOOK: &str = "(() => { const S = window.__trictrac, s = S.state; return { \
    phase: s.phase, kind: s.phase.kind, side: s.phase.side, \
    decision: s.pending ? s.pending.decision : null, seq: s.seq, plays: s.plays || [], \
    dice: s.dice, board: s.board, score: s.score, cube: s.cube, over: !!s.over, \
    busy: S.busy, online: S.online, selected: S.selected }; })()";

/// Opens the home page `home` and waits until its new game form lists
/// the bots.
pub async fn open_home(cdp: &mut Cdp, home: &str) {
    cdp.open(home).await;
    cdp.wait_for(HOME_READY, 30).await;
}

/// Chooses `game` on the home page's form and waits until the bots of
/// that game are listed.
pub async fn choose_game(cdp: &mut Cdp, game: &str) {
    cdp.click(&format!("input[name=game][value={game}]")).await;
    cdp.wait_for(
        &format!("document.querySelector('#bot-select').dataset.game === '{game}'"),
        10,
    )
    .await;
}

/// Starts the game of the home page's form against the bot `bot` (which
/// must be offered), White's seat, after `js` ran on the form; waits until
/// the game is shown.
pub async fn start_game(cdp: &mut Cdp, bot: &str, js: &str) {
    let chosen = cdp
        .eval(&format!(
            "document.querySelector('#bot-select').value = {}; \
             document.querySelector('select[name=side]').value = 'white'; {{ {js}; }} \
             document.querySelector('#bot-select').value",
            json!(bot)
        ))
        .await;
    assert_eq!(chosen, bot, "the bot {bot} offered");
    cdp.click("#btn-start").await;
    cdp.wait_for(GAME_SHOWN, 30).await;
}

/// Waits (at most `secs`) until White may act ([`WHITE_READY`]), then
/// reads the page ([`LOOK`]).
pub async fn white_to_act(cdp: &mut Cdp, secs: u64) -> Value {
    white_to_act_or(cdp, "false", secs).await
}

/// [`white_to_act`], or sooner if `or_else` holds (a JavaScript
/// condition: the game over, a warning shown …).
pub async fn white_to_act_or(cdp: &mut Cdp, or_else: &str, secs: u64) -> Value {
    cdp.wait_for(&format!("{WHITE_READY} || ({or_else})"), secs)
        .await;
    cdp.eval(LOOK).await
}

/// Asserts that the page's address names `text` (a room's code).
pub async fn assert_address_names(cdp: &mut Cdp, text: &str) {
    let search = cdp.eval("location.search").await;
    assert!(
        search.as_str().unwrap_or("").contains(text),
        "{text} not in {search}"
    );
}

/// The numbers in the first cells of the rows `rows` (a selector), in
/// the page's order.
pub async fn row_numbers(cdp: &mut Cdp, rows: &str) -> Vec<u64> {
    let numbers = cdp
        .eval(&format!(
            "[...document.querySelectorAll({})].map((r) => Number(r.cells[0].textContent))",
            json!(rows)
        ))
        .await;
    serde_json::from_value(numbers.clone()).unwrap_or_else(|e| panic!("{e}: {numbers}"))
}

/// Whether the page `st` ([`LOOK`]) waits for White: his turn, nothing
/// sent unanswered, connected.
pub fn white_ready(st: &Value) -> bool {
    st["side"] == "white" && st["busy"] != true && st["online"] == true
}

/// Asks the page to play `play` (its notation, as in the state's
/// `plays[].n`).
pub async fn act_play(cdp: &mut Cdp, play: &Value) {
    cdp.eval(&format!(
        "window.__trictracPage.act({{ type: 'play', play: {play} }}); true"
    ))
    .await;
}

/// Waits (at most `secs`) until `expr` (JavaScript) holds: whether it
/// did. For a step that may need doing again; else [`Cdp::wait_for`].
pub async fn holds_within(cdp: &mut Cdp, expr: &str, secs: u64) -> bool {
    let end = Instant::now() + Duration::from_secs(secs);
    loop {
        if cdp.eval(expr).await == true {
            return true;
        }
        if Instant::now() >= end {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Clicks `selector` until `then` (JavaScript) holds, at most three
/// times, 5 s each: each click once the element is shown and stands
/// still (the same place at two looks), for the page may draw itself
/// again (the bot's move, a card answered) and a click land on an
/// element just replaced.
pub async fn click_until(cdp: &mut Cdp, selector: &str, then: &str) {
    let sel = json!(selector);
    let still = format!(
        "(() => {{ const e = document.querySelector({sel}); if (!e || e.hidden) return false; \
         const r = e.getBoundingClientRect(); if (!r.width) return false; const k = r.x + ',' + r.y + ',' + r.width; \
         const same = window.__stillAt === k; window.__stillAt = k; return same; }})()"
    );
    for _ in 0..3 {
        cdp.wait_for(&still, 20).await;
        cdp.click(selector).await;
        if holds_within(cdp, then, 5).await {
            return;
        }
    }
    cdp.wait_for(then, 5).await;
}

/// Clicks Resign and waits for its confirmation to be asked.
pub async fn ask_to_resign(cdp: &mut Cdp) {
    click_until(
        cdp,
        "#btn-resign",
        "!document.querySelector('#resign-confirm').hidden",
    )
    .await;
}

/// Resigns, confirmed, once the page is idle and its button shown, and
/// waits until the game is over.
pub async fn resign(cdp: &mut Cdp) {
    cdp.wait_for(
        "!window.__trictrac.busy && !document.querySelector('#btn-resign').hidden",
        30,
    )
    .await;
    ask_to_resign(cdp).await;
    cdp.click("#btn-resign-yes").await;
    cdp.wait_for(
        "!!window.__trictrac.state.over && window.__trictrac.state.phase.kind === 'over'",
        20,
    )
    .await;
}

/// The game over, opens its review (Grand Trictrac) and waits (at most
/// `secs`) until the review is computed and the replay shown.
pub async fn open_review(cdp: &mut Cdp, secs: u64) {
    cdp.wait_for("!document.querySelector('#btn-review').hidden", 5)
        .await;
    cdp.click("#btn-review").await;
    cdp.wait_for(
        "!!(window.__trictrac.ui.trictrac.review && window.__trictrac.ui.trictrac.review.decisions && window.__trictrac.replay)",
        secs,
    )
    .await;
}

/// A player on a machine of his own: a page in a new browser context,
/// `width` × `height`, on `home`. Returns the page's session.
pub async fn player_browser(cdp: &mut Cdp, home: &str, width: u32, height: u32) -> String {
    let session = cdp.page_in_new_context().await;
    cdp.size(width, height, false).await;
    cdp.open(home).await;
    session
}

/// Types `name` and `password` into the account card of the page shown
/// and clicks `button` (`#btn-register` or `#btn-login`).
pub async fn fill_account_card(cdp: &mut Cdp, name: &str, password: &str, button: &str) {
    cdp.wait_for("document.querySelector('#acc-form') !== null", 20)
        .await;
    cdp.eval(&format!(
        "(() => {{ const f = document.querySelector('#acc-form'); f.elements.name.value = {}; f.elements.password.value = {}; return true; }})()",
        json!(name),
        json!(password)
    ))
    .await;
    cdp.click(button).await;
}

/// Waits until the account card says `name` is logged in.
pub async fn logged_in_as(cdp: &mut Cdp, name: &str) {
    cdp.wait_for(
        &format!(
            "(document.querySelector('#acc-who') || {{}}).textContent === {}",
            json!(format!("Logged in: {name}"))
        ),
        20,
    )
    .await;
}

/// Signs `name` up through the account card, and waits until he is
/// logged in.
pub async fn register_on_card(cdp: &mut Cdp, name: &str, password: &str) {
    fill_account_card(cdp, name, password, "#btn-register").await;
    logged_in_as(cdp, name).await;
}

/// Signs `name` up through the page's own request (logged in by its
/// answer's cookie).
pub async fn register_by_api(cdp: &mut Cdp, name: &str, password: &str) {
    let v = fetch(
        cdp,
        "POST",
        "/api/accounts",
        json!({"name": name, "password": password}),
    )
    .await;
    assert_eq!(v["name"], name, "{v}");
}

/// Posts a challenge from the lobby's form of the home page shown: a
/// single backgammon game (standard rules, a match to 1), then `js` run
/// on the form `f`; waits until the page holds it. Returns its id.
pub async fn post_from_lobby(cdp: &mut Cdp, js: &str) -> String {
    cdp.eval(&format!(
        "{{ document.querySelector('#lobby-post').open = true;
         const f = document.querySelector('#lobby-form');
         f.elements.game.value = 'backgammon'; f.elements.rules.value = 'standard';
         f.elements.match.value = '1'; {js}; }} true"
    ))
    .await;
    cdp.click("#btn-lobby-post").await;
    cdp.wait_for(
        "Object.keys(localStorage).some((k) => k.startsWith('trictrac.seek.'))",
        20,
    )
    .await;
    let id = cdp
        .eval(
            "Object.keys(localStorage).find((k) => k.startsWith('trictrac.seek.')).slice('trictrac.seek.'.length)",
        )
        .await;
    id.as_str().expect("a challenge posted").to_string()
}

/// Accepts the challenge `id` through the page's own request: the answer
/// (`room`, `token`).
pub async fn accept_challenge(cdp: &mut Cdp, id: &str) -> Value {
    let taken = fetch(cdp, "POST", &format!("/api/seeks/{id}/accept"), json!({})).await;
    assert!(taken["room"].is_string(), "a room: {taken}");
    taken
}

/// The page of the challenger, told by the lobby that the challenge was
/// taken, enters the game `room` with its seat's token (lobby.js
/// `enter`): the token, read once there (a fetch before could meet the
/// page navigating).
pub async fn seat_taken(cdp: &mut Cdp, room: &str) -> Value {
    let seat = json!(format!("trictrac.seat.{room}"));
    cdp.wait_for(
        &format!(
            "location.search.includes({}) && !!localStorage.getItem({seat})",
            json!(format!("room={room}"))
        ),
        20,
    )
    .await;
    cdp.eval(&format!("localStorage.getItem({seat})")).await
}

/// A challenge between two players' pages (sessions, [`player_browser`]):
/// `poster` posts it from the lobby's form ([`post_from_lobby`], with
/// `js`); `taker` accepts it once his lobby lists it and `listed` (a
/// JavaScript condition on its row `li`) holds; the poster's page enters
/// the game. Returns the room, the taker's answer (`token`) and the
/// poster's seat token; the session is the poster's.
pub async fn challenge_taken(
    cdp: &mut Cdp,
    (poster, taker): (&str, &str),
    js: &str,
    listed: &str,
) -> (String, Value, Value) {
    cdp.session = Some(poster.to_string());
    let id = post_from_lobby(cdp, js).await;
    cdp.session = Some(taker.to_string());
    cdp.wait_for(
        &format!(
            "(() => {{ const li = document.querySelector('#lobby-seeks li[data-seek=\"{id}\"]'); \
             return !!li && ({listed}); }})()"
        ),
        20,
    )
    .await;
    let taken = accept_challenge(cdp, &id).await;
    let room = taken["room"].as_str().unwrap().to_string();
    cdp.session = Some(poster.to_string());
    let mine = seat_taken(cdp, &room).await;
    (room, taken, mine)
}
