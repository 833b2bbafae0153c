//! The accounts' HTTP routes (docs/PROTOCOL.md, "Accounts"): JSON in,
//! JSON out, every refusal a status and `{"error": "…"}`; and the
//! middleware that tells who sends each `/api/` request ([`identify`]).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use serde::Deserialize;
use serde_json::json;

use super::posted::json_body;
use super::{
    cookie, is_secret, secret, session_account, session_key, Accounts, ApiError, Credentials, Who,
    IDENTITY_COOKIE, IDENTITY_SECONDS, SESSION_COOKIE, SESSION_SECONDS,
};
use crate::error::answer;
use crate::room::Hub;

/// Seats claimed in one request at most.
const SEATS_CLAIMED: usize = 100;

/// The accounts' routes, to merge into the server's.
pub fn router() -> Router<Arc<Hub>> {
    Router::new()
        .route("/api/accounts", post(enter::<true>))
        .route("/api/login", post(enter::<false>))
        .route("/api/logout", post(logout))
        .route("/api/me/games", get(my_games))
        .route("/api/me/seats", post(claim_seats))
        .merge(super::tokens::router())
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let code = match &self {
            ApiError::Bad(_) => StatusCode::BAD_REQUEST,
            ApiError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            ApiError::Forbidden(_) => StatusCode::FORBIDDEN,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::Taken(_) => StatusCode::CONFLICT,
            ApiError::RateLimited(_) => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Storage(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Busy(_) => StatusCode::SERVICE_UNAVAILABLE,
        };
        (code, Json(json!({ "error": self.to_string() }))).into_response()
    }
}

/// A cookie's value in a request's `Cookie` headers.
pub fn cookie_value<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
}

/// Tells who sends every `/api/` request ([`Who`], in the request's
/// extensions): the anonymous identity of its cookie, given a new one
/// (`Set-Cookie`) when it has none, and the account of its session.
pub async fn identify(State(acc): State<Arc<Accounts>>, mut req: Request, next: Next) -> Response {
    if !req.uri().path().starts_with("/api/") {
        return next.run(req).await;
    }
    // A bot's request (`Authorization: Bearer`, issue 39): its token's
    // account, no cookie identity; a bad token is refused here.
    match super::tokens::bearer_account(&acc.hub, req.headers()).await {
        Ok(Some(account)) => {
            req.extensions_mut().insert(Who {
                identity: None,
                account: Some(account),
                session: None,
                secure: acc.secure,
            });
            return next.run(req).await;
        }
        Ok(None) => {}
        Err(e) => return e.into_response(),
    }
    let headers = req.headers();
    let secure = acc.secure
        || headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"));
    // The identity is the server's: signed (issue 34). An unsigned one
    // of an earlier version is kept (signed now) only if it holds seats.
    let (identity, new_identity) = match cookie_value(headers, IDENTITY_COOKIE) {
        Some(v) => match acc.verify(v) {
            Some(id) => (id, false),
            None if is_secret(v) && acc.hub.store.identity_known(v).await.unwrap_or(false) => {
                (v.to_string(), true)
            }
            None => (secret(), true),
        },
        None => (secret(), true),
    };
    let headers = req.headers();
    let session = cookie_value(headers, SESSION_COOKIE).map(String::from);
    let account = match &session {
        Some(token) => match session_account(&acc.hub, token).await {
            Ok(a) => a,
            Err(e) => return e.into_response(),
        },
        None => None,
    };
    req.extensions_mut().insert(Who {
        identity: Some(identity.clone()),
        account,
        session,
        secure,
    });
    let mut response = next.run(req).await;
    if new_identity {
        set_cookie(
            &mut response,
            IDENTITY_COOKIE,
            &acc.sign(&identity),
            IDENTITY_SECONDS,
            secure,
        );
    }
    response
}

/// Adds a `Set-Cookie` header to an answer ([`cookie`]).
fn set_cookie(r: &mut Response, name: &str, value: &str, max_age: i64, secure: bool) {
    if let Ok(v) = HeaderValue::from_str(&cookie(name, value, max_age, secure)) {
        r.headers_mut().append(header::SET_COOKIE, v);
    }
}

/// `POST /api/accounts` (`REGISTER`: a new account, 201 Created) and
/// `POST /api/login` (200): the account's name, and the session's
/// cookie.
async fn enter<const REGISTER: bool>(
    Extension(acc): Extension<Arc<Accounts>>,
    Extension(who): Extension<Who>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    text: String,
) -> Response {
    let c: Credentials = match json_body(&text, r#"{"name": "…", "password": "…"}"#) {
        Ok(c) => c,
        Err(e) => return e.into_response(),
    };
    let (status, entered) = if REGISTER {
        let r = super::register(&acc, peer.ip(), &who, &c).await;
        (StatusCode::CREATED, r)
    } else {
        let r = super::login(&acc, peer.ip(), &who, &c).await;
        (StatusCode::OK, r)
    };
    match entered {
        Ok((a, token)) => {
            let mut r = (status, Json(json!({ "name": a.name }))).into_response();
            set_cookie(&mut r, SESSION_COOKIE, &token, SESSION_SECONDS, who.secure);
            r
        }
        Err(e) => e.into_response(),
    }
}

async fn logout(State(hub): State<Arc<Hub>>, Extension(who): Extension<Who>) -> Response {
    if let Some(token) = who.session.as_deref().filter(|t| is_secret(t)) {
        if let Err(e) = hub.store.delete_session(&session_key(token)).await {
            return ApiError::from(e).into_response();
        }
    }
    let mut r = Json(json!({ "name": null })).into_response();
    set_cookie(&mut r, SESSION_COOKIE, "", 0, who.secure);
    r
}

/// `GET /api/me/games`: the finished games of this browser's identity
/// and of the account logged in.
async fn my_games(State(hub): State<Arc<Hub>>, Extension(who): Extension<Who>) -> Response {
    let games = hub
        .store
        .games_of(
            who.identity.as_deref(),
            who.account_id(),
            crate::accounts::history::GAMES_LISTED,
        )
        .await;
    answer(games.map_err(ApiError::from).map(|g| json!({ "name": who.account.map(|a| a.name), "games": crate::accounts::history::games_json(&hub.config.games, g) })))
}

/// `POST /api/me/seats`: seats this browser holds (`{"seats": [{"room":
/// …, "token": …}]}`, the tokens the page keeps), recorded for its
/// identity and account so that their games are listed in its history.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Seats {
    seats: Vec<Seat>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Seat {
    room: String,
    token: String,
}

async fn claim_seats(
    State(hub): State<Arc<Hub>>,
    Extension(who): Extension<Who>,
    text: String,
) -> Response {
    let example = r#"{"seats": [{"room": "…", "token": "…"}]}"#;
    let seats: Seats = match json_body(&text, example) {
        Ok(s) => s,
        Err(e) => return e.into_response(),
    };
    if seats.seats.len() > SEATS_CLAIMED {
        return ApiError::Bad(format!("at most {SEATS_CLAIMED} seats at once")).into_response();
    }
    let mut recorded = 0;
    for s in &seats.seats {
        let room = s.room.trim().to_ascii_uppercase();
        let row = match hub.store.game(&room).await {
            Ok(Some(r)) => r,
            Ok(None) => continue,
            Err(e) => return ApiError::from(e).into_response(),
        };
        for (side, token) in [("white", &row.white_token), ("black", &row.black_token)] {
            if !s.token.is_empty() && super::same(token, &s.token) {
                if let Err(e) = hub
                    .store
                    .record_player(&row.id, side, who.identity.as_deref(), who.account_id())
                    .await
                {
                    return ApiError::from(e).into_response();
                }
                recorded += 1;
            }
        }
    }
    Json(json!({ "recorded": recorded })).into_response()
}
