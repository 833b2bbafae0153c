//! The correspondence routes (docs/PROTOCOL.md, "Correspondence
//! games"): a player's games in progress, his vacations.

use std::sync::Arc;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Extension, Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};

use super::{vacation_left, year_of, DAY, VACATION_DAYS};
use crate::accounts::posted::{posted, Asker, Posted};
use crate::accounts::{Account, ApiError, Who};
use crate::error::answer;
use crate::notify::routes::{account, registered};
use crate::room::clock::now_ms;
use crate::room::timing::Timing;
use crate::room::Hub;
use crate::store::VacationRow;

/// The routes, to merge into the server's.
pub fn router() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/me/correspondence", get(my_games))
        .route("/api/me/vacation", get(vacation).post(posted::<Take>))
}

/// `GET /api/me/correspondence`: the correspondence games in progress of
/// this browser's identity and of the account logged in; those where it
/// is the player's turn first, each group by its deadline. Each with the
/// player's seat token (his own), so that another browser of the
/// account can play it.
async fn my_games(State(hub): State<Arc<Hub>>, Extension(who): Extension<Who>) -> Response {
    let rows = match hub
        .store
        .correspondence_games(who.identity.as_deref(), who.account_id())
        .await
    {
        Ok(r) => r,
        Err(e) => return ApiError::from(e).into_response(),
    };
    let now = now_ms();
    let mut games: Vec<(bool, i64, Value)> = rows
        .into_iter()
        .filter_map(|g| {
            let t = Timing::read(Some(&g.timing))?;
            if t.verdict.is_some() {
                return None;
            }
            let c = t.clock?;
            let to_move = c.running.map(tables::Side::name);
            let mine = to_move == Some(g.side.as_str());
            let deadline = c.deadline().unwrap_or(i64::MAX);
            let left = to_move.map(|_| (deadline - now).max(0));
            Some((
                mine,
                deadline,
                json!({
                    "room": g.room,
                    "game": g.game,
                    "white": g.white,
                    "black": g.black,
                    "side": g.side,
                    "token": g.token,
                    "clock": c.spec.label(),
                    "to_move": to_move,
                    "my_turn": mine,
                    "deadline": (deadline != i64::MAX).then_some(deadline),
                    "left_ms": left,
                    "link": format!("/?room={}", g.room),
                }),
            ))
        })
        .collect();
    games.sort_by_key(|(mine, deadline, _)| (!*mine, *deadline));
    Json(json!({
        "games": games.into_iter().map(|(_, _, v)| v).collect::<Vec<_>>(),
    }))
    .into_response()
}

fn vacation_json(v: &VacationRow, now: i64) -> Value {
    json!({
        "allowance": VACATION_DAYS,
        "year": year_of(now),
        "left": vacation_left(v, now),
        "on_vacation": v.start <= now && now < v.until,
        "from": (v.until > 0).then_some(v.start),
        "until": (v.until > 0).then_some(v.until),
    })
}

/// `GET /api/me/vacation`: the days left this year and the current or
/// latest vacation.
async fn vacation(State(hub): State<Arc<Hub>>, Extension(who): Extension<Who>) -> Response {
    let r = async {
        let a = account(&who)?;
        let v = hub.store.vacation(a).await?;
        Ok::<_, ApiError>(vacation_json(&v, now_ms()))
    };
    answer(r.await)
}

/// The body of `POST /api/me/vacation` `{"days": N}`: a vacation from
/// now for N days, counted against this year's allowance; it cannot be
/// taken while one goes on, nor ended early.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Take {
    /// Whole days from now.
    days: i64,
}

impl Posted for Take {
    const EXAMPLE: &'static str = r#"{"days": 3}"#;
    const ASKER: Asker = registered;

    async fn run(self, hub: &Hub, account: &Account) -> Result<Value, ApiError> {
        let a = account.id.as_str();
        let now = now_ms();
        let mut v = hub.store.vacation(a).await?;
        let left = vacation_left(&v, now);
        if self.days < 1 || self.days > left {
            return Err(ApiError::Bad(format!(
                "a vacation is 1 to {left} days (you have {left} of {VACATION_DAYS} left this year), not {}",
                self.days
            )));
        }
        if v.start <= now && now < v.until {
            return Err(ApiError::Taken(format!(
                "you are on vacation already, until {}",
                crate::room::date(v.until / 1000)
            )));
        }
        let year = year_of(now);
        if v.year != year {
            v.year = year;
            v.used = 0;
        }
        v.used += self.days;
        v.start = now;
        v.until = now + self.days * DAY;
        hub.store.set_vacation(a, &v).await?;
        Ok(vacation_json(&v, now))
    }
}
