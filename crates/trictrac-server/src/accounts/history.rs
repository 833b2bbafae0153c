//! A player's finished games as the pages list them (issue 26): each
//! with its links — replay, review, the downloads of its record — which
//! the game's adapter gives ([`crate::games::ServerGame::review_page`],
//! [`crate::games::ServerGame::record_formats`]): no game is named here.

use serde_json::{json, Value};

use crate::games::Registry;
use crate::store::PlayedGame;

/// The links of a finished game of `game`: replay, review, downloads.
pub fn links(registry: &Registry, room: &str, game: &str) -> Value {
    let made = registry.make(game, "").ok();
    let review = made.as_ref().map_or_else(
        || format!("/?room={room}&review=1"),
        |g| g.review_page(room),
    );
    let downloads: Vec<Value> = made
        .as_ref()
        .map(|g| g.record_formats())
        .unwrap_or(&[])
        .iter()
        .map(|f| json!({ "format": f, "url": format!("/api/games/{room}.{f}") }))
        .collect();
    json!({
        "replay": format!("/?room={room}&watch=1"),
        "review": review,
        "downloads": downloads,
    })
}

/// Finished games listed at most in a history.
pub const GAMES_LISTED: i64 = 100;

/// A list of finished games with their links.
pub fn games_json(registry: &Registry, games: Vec<PlayedGame>) -> Value {
    Value::Array(
        games
            .into_iter()
            .map(|g| {
                let links = links(registry, &g.room, &g.game);
                let mut v = json!(g);
                v["links"] = links;
                v
            })
            .collect(),
    )
}
