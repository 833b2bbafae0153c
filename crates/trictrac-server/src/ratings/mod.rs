//! Ratings (classements, issue 26): a Glicko-2 rating per account and
//! per game ([`glicko`]), moved by the rated games between registered
//! players.
//!
//! A rated game is recorded when its seek is accepted
//! (`crate::lobby::accounts`). Once it is over, its result is applied
//! once ([`settle_now`]): a task of every server instance looks for
//! rated games over and not yet applied every [`SETTLE_EVERY`], and the
//! routes that show ratings do it first; the store marks the game
//! applied in the same transaction that moves both ratings, so that a
//! game is applied exactly once, whichever instance or request gets
//! there first.
//!
//! Each game is a rating period of its own: both players are rated
//! against the other's rating before the game, 1 for the winner, 0 for
//! the loser. A backgammon match (or a money game) is one result,
//! whatever its length (docs/SERVER.md, "Ratings", says why).

mod dice;
pub use crate::glicko;
pub mod reviews;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde_json::json;
use tables::Side;

use crate::error::fail;
use crate::room::Hub;

/// How often each instance applies the rated games just over.
pub const SETTLE_EVERY: Duration = Duration::from_secs(2);
/// Rated games applied in one round at most.
const SETTLED_AT_ONCE: i64 = 50;
/// Players on a leaderboard.
pub const LEADERBOARD: i64 = 100;
/// Points of a rating history shown.
pub const HISTORY_POINTS: i64 = 200;

/// Applies the result of every rated game over and not applied yet;
/// answers how many this call applied. The winner is the game's own
/// (its outcome) or the verdict's (time, abandonment, idleness: a match
/// or a *partie à écrire* lost that way is rated like any other ending,
/// [`crate::room::Room::winner`]). A game whose room cannot be read is
/// left for the next round (and logged), and the round pages past it
/// (issue 34: 50 such games at the head of the queue stopped every
/// rating on the server).
pub async fn settle_now(hub: &Arc<Hub>) -> usize {
    let mut applied = 0;
    let mut after: Option<(i64, String)> = None;
    loop {
        let page = match hub
            .store
            .unsettled_rated_games(
                after.as_ref().map(|(f, id)| (*f, id.as_str())),
                SETTLED_AT_ONCE,
            )
            .await
        {
            Ok(p) => p,
            Err(e) => {
                tracing::warn!("ratings not applied: {e}");
                break;
            }
        };
        let full = page.len() as i64 == SETTLED_AT_ONCE;
        for (finished, g) in page {
            after = Some((finished, g.game_id.clone()));
            let winner = match hub.room(&g.game_id).await {
                Ok(room) => room.lock().await.winner(),
                Err(e) => {
                    tracing::warn!(room = %g.game_id, "rated game not applied: {e}");
                    continue;
                }
            };
            let Some(winner) = winner else {
                tracing::warn!(room = %g.game_id, "rated game over without a winner: not applied");
                continue;
            };
            let white_score = if winner == Side::White { 1.0 } else { 0.0 };
            match hub
                .store
                .settle_rated_game(&g, white_score, |w, b| glicko::game(w, b, white_score))
                .await
            {
                Ok(true) => applied += 1,
                Ok(false) => {}
                Err(e) => tracing::warn!(room = %g.game_id, "rated game not applied: {e}"),
            }
        }
        hub.evict_idle();
        if !full {
            break;
        }
    }
    applied
}

/// Starts the task that applies rated games as they end, until the
/// server stops.
pub fn start(hub: Arc<Hub>) {
    let mut stopping = hub.stopping.clone();
    tokio::spawn(async move {
        loop {
            tokio::select! {
                _ = tokio::time::sleep(SETTLE_EVERY) => {}
                _ = stopping.wait_for(|s| *s) => return,
            }
            settle_now(&hub).await;
        }
    });
}

/// The ratings' routes, to merge into the server's.
pub fn router() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/ratings", get(leaderboard))
        .route("/api/players/{name}", get(player))
        .route("/api/me", get(me))
        .route("/api/games/{id}/figures", get(figures))
}

/// `GET /api/me`: the account logged in (`name` null when none) and its
/// ratings (here rather than with the accounts' routes: the ratings are
/// applied first, and the accounts sit below the ratings).
async fn me(
    State(hub): State<Arc<Hub>>,
    axum::Extension(who): axum::Extension<crate::accounts::Who>,
) -> Response {
    let Some(a) = &who.account else {
        return Json(json!({ "name": null, "ratings": [] })).into_response();
    };
    settle_now(&hub).await;
    match hub.store.ratings_of(&a.id).await {
        Ok(r) => {
            let bot = hub.store.is_bot(&a.id).await.unwrap_or(false);
            Json(json!({ "name": a.name, "ratings": r, "bot": bot })).into_response()
        }
        Err(e) => crate::accounts::ApiError::from(e).into_response(),
    }
}

/// `GET /api/games/ROOM/figures`: [`reviews::figures`].
async fn figures(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    if id.len() > 64 {
        return fail(StatusCode::NOT_FOUND, "no such game".into());
    }
    match reviews::figures(&hub, &id).await {
        Ok(v) => Json(v).into_response(),
        Err(e) => fail(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

#[derive(Debug, serde::Deserialize)]
struct GameQuery {
    game: Option<String>,
}

/// `GET /api/ratings?game=trictrac|backgammon`: the leaderboard.
async fn leaderboard(State(hub): State<Arc<Hub>>, Query(q): Query<GameQuery>) -> Response {
    let names = hub.config.games.names();
    // A game's name, or its correspondence pool (`backgammon/corr`).
    let known = |g: &str| {
        let base = g
            .strip_suffix(crate::correspondence::POOL_SUFFIX)
            .unwrap_or(g);
        names.contains(&base)
    };
    let Some(game) = q.game.filter(|g| known(g)) else {
        return fail(
            StatusCode::BAD_REQUEST,
            format!("name the game: /api/ratings?game={}", names.join("|")),
        );
    };
    settle_now(&hub).await;
    match hub.store.leaderboard(&game, LEADERBOARD).await {
        Ok(rows) => {
            let players: Vec<_> = rows
                .into_iter()
                .enumerate()
                .map(|(i, r)| {
                    let mut v = json!(r);
                    v["rank"] = json!(i + 1);
                    v
                })
                .collect();
            Json(json!({ "game": game, "players": players })).into_response()
        }
        Err(e) => fail(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    }
}

/// `GET /api/players/NAME`: a registered player's ratings, their
/// history and his finished games.
async fn player(State(hub): State<Arc<Hub>>, Path(name): Path<String>) -> Response {
    settle_now(&hub).await;
    let skeleton = crate::accounts::names::skeleton(name.trim());
    let account = match hub.store.account_by_skeleton(&skeleton).await {
        Ok(Some(a)) => a,
        Ok(None) => {
            return fail(
                StatusCode::NOT_FOUND,
                format!("no player is named `{name}`"),
            )
        }
        Err(e) => return fail(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
    };
    let store = &hub.store;
    let (ratings, history, games, reviewed) = match (
        store.ratings_of(&account.id).await,
        store.rating_history(&account.id, HISTORY_POINTS).await,
        store
            .games_of(
                None,
                Some(&account.id),
                crate::accounts::history::GAMES_LISTED,
            )
            .await,
        store.reviews_of(&account.id, reviews::REVIEWS_SHOWN).await,
    ) {
        (Ok(r), Ok(h), Ok(g), Ok(v)) => (r, h, g, v),
        (Err(e), _, _, _) | (_, Err(e), _, _) | (_, _, Err(e), _) | (_, _, _, Err(e)) => {
            return fail(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
        }
    };
    let dice = dice::stats(&hub, &games).await;
    let bot = store.is_bot(&account.id).await.unwrap_or(false);
    Json(json!({
        "name": account.name,
        "bot": bot,
        "created": account.created,
        "ratings": ratings,
        "history": history,
        "dice": dice,
        "reviews": reviews::player_json(reviewed),
        "games": crate::accounts::history::games_json(&hub.config.games, games),
    }))
    .into_response()
}
