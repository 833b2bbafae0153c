//! The bots in the lobby (issue 26, item 6): a standing challenge of a
//! bot for each game of the registry, always listed so that a newcomer
//! always finds an opponent, and "play the bot" at any level. Accepting
//! `BOT-GAME` (`POST /api/seeks/BOT-BACKGAMMON/accept`, optionally with
//! `"bot": NAME`, one of the game's bots) makes a game against that bot
//! and answers its room and the player's seat, as accepting a person's
//! challenge does. Written once over the games' shared
//! [`crate::games::RoomGame`]: its bots and their levels.

use std::sync::Arc;

use serde_json::{json, Value};

use super::{Acceptance, LobbyError};
use crate::room::{Hub, Mode};

/// The code of a game's standing bot challenge: `BOT-` and the game.
pub const PREFIX: &str = "BOT-";

/// The order of the levels' words, weakest first (`Medium+` after
/// `Medium`).
const ORDER: &[&str] = &["beginner", "easy", "medium", "strong", "expert", "master"];

/// Where a level (`Expert (2-ply)`, `Medium+`) stands, weakest first.
fn rank(level: &str) -> (usize, bool, String) {
    let word = level
        .split(" (")
        .next()
        .unwrap_or(level)
        .trim()
        .to_lowercase();
    let plus = word.ends_with('+') || level.contains('(');
    let base = word.trim_end_matches('+');
    (
        ORDER.iter().position(|w| *w == base).unwrap_or(ORDER.len()),
        plus,
        level.to_string(),
    )
}

/// A game's bots by level, weakest first: `(name, level)`.
pub fn levels(hub: &Hub, game: &str) -> Vec<(&'static str, String)> {
    let Ok(g) = hub.config.games.make(game, "") else {
        return Vec::new();
    };
    let mut out: Vec<(&'static str, String)> =
        g.bots().iter().map(|b| (*b, g.bot_level(b))).collect();
    out.sort_by_key(|(_, l)| rank(l));
    out
}

/// The bot of the standing challenge: the weakest of level Medium or
/// above (a newcomer's first opponent should be beatable), else the
/// strongest there is.
fn standing_bot(levels: &[(&'static str, String)]) -> Option<(&'static str, String)> {
    let medium = ORDER.iter().position(|w| *w == "medium").unwrap_or(0);
    levels
        .iter()
        .find(|(_, l)| rank(l).0 >= medium && rank(l).0 < ORDER.len())
        .or(levels.last())
        .cloned()
}

/// The standing bot challenges, one per game: `{"id": "BOT-GAME",
/// "game", "bot", "level", "rules", "levels": [{"bot", "level"}…]}`.
pub fn standing(hub: &Hub) -> Value {
    let mut out = Vec::new();
    for game in hub.config.games.names() {
        let levels = levels(hub, game);
        let Some((bot, level)) = standing_bot(&levels) else {
            continue;
        };
        let rules = hub
            .config
            .games
            .make(game, "")
            .map(|g| g.options_words())
            .unwrap_or_default();
        out.push(json!({
            "id": format!("{PREFIX}{}", game.to_ascii_uppercase()),
            "game": game,
            "bot": bot,
            "level": level,
            "rules": rules,
            "levels": levels
                .iter()
                .map(|(b, l)| json!({"bot": b, "level": l}))
                .collect::<Vec<_>>(),
        }));
    }
    Value::Array(out)
}

/// The game of a standing bot challenge's code (`BOT-TRICTRAC`), if it
/// is one.
pub fn game_of(hub: &Hub, id: &str) -> Option<String> {
    let rest = id.trim().to_ascii_uppercase();
    let rest = rest.strip_prefix(PREFIX)?.to_ascii_lowercase();
    hub.config
        .games
        .names()
        .into_iter()
        .find(|g| *g == rest)
        .map(str::to_string)
}

/// The standing challenge `id` as `GET /api/seeks/ID` shows it.
pub fn show(hub: &Hub, game: &str) -> Value {
    let all = standing(hub);
    let mut v = all
        .as_array()
        .and_then(|a| a.iter().find(|s| s["game"] == game))
        .cloned()
        .unwrap_or(Value::Null);
    v["state"] = json!("open");
    v
}

/// Accepts a game's standing bot challenge: a game against the bot
/// named (by default the standing one), the player on a random side.
///
/// # Errors
/// An unknown bot (400), or the game could not be made.
pub async fn accept(
    hub: &Arc<Hub>,
    game: &str,
    who: Acceptance,
    by: &crate::accounts::Who,
) -> Result<Value, LobbyError> {
    let levels = levels(hub, game);
    let bot = match who.bot.as_deref().map(str::trim).filter(|b| !b.is_empty()) {
        Some(b) => levels
            .iter()
            .find(|(n, l)| *n == b || l.eq_ignore_ascii_case(b))
            .map(|(n, _)| *n)
            .ok_or_else(|| {
                LobbyError::Bad(format!(
                    "unknown {game} bot `{b}`: one of {}",
                    levels
                        .iter()
                        .map(|(n, _)| *n)
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })?,
        None => standing_bot(&levels)
            .map(|(b, _)| b)
            .ok_or_else(|| LobbyError::Bad(format!("{game} has no bot")))?,
    };
    let (room, token) = hub
        .create(
            Mode::Bot,
            game,
            "",
            Some(bot.to_string()),
            None,
            crate::lobby::accounts::seat_name(
                hub,
                by.account.as_ref(),
                who.name.as_deref(),
                "player",
            )
            .await?,
        )
        .await
        .map_err(|e| LobbyError::Storage(format!("the game could not be made: {e}")))?;
    let r = room.lock().await;
    let side = r.bot_side().map(|s| (!s).name());
    Ok(json!({
        "seek": format!("{PREFIX}{}", game.to_ascii_uppercase()),
        "room": r.row.id,
        "game": game,
        "token": token,
        "side": side,
        "bot": bot,
        "level": levels.iter().find(|(n, _)| *n == bot).map(|(_, l)| l.clone()),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_rank_weakest_first() {
        let mut l = vec![
            "Expert (2-ply)",
            "Medium+",
            "Beginner (random)",
            "Expert",
            "Medium",
            "Strong",
        ];
        l.sort_by_key(|x| rank(x));
        assert_eq!(
            l,
            vec![
                "Beginner (random)",
                "Medium",
                "Medium+",
                "Strong",
                "Expert",
                "Expert (2-ply)"
            ]
        );
    }

    #[test]
    fn the_standing_bot_is_the_weakest_from_medium_up() {
        let l = vec![
            ("random", "Beginner (random)".to_string()),
            ("greedy", "Easy".to_string()),
            ("neural0", "Strong".to_string()),
            ("neural", "Expert".to_string()),
        ];
        assert_eq!(standing_bot(&l).unwrap().0, "neural0");
        assert_eq!(standing_bot(&l[..2]).unwrap().0, "greedy");
    }
}
